//! Generates the message ids (`id::*` in `src/lib.rs`) from the English
//! message files: one constant per message of `locales/en-US/*.ftl`, so that
//! code naming a message that does not exist does not compile. Each
//! constant's doc is the English text.

use std::fmt::Write as _;
use std::path::Path;

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};

/// The pattern as one line of text: variables as `{ $name }`, other
/// expressions as `{ … }`.
fn flat(p: &Pattern<&str>) -> String {
    let mut out = String::new();
    for e in &p.elements {
        match e {
            PatternElement::TextElement { value } => out.push_str(value),
            PatternElement::Placeable { expression } => match expression {
                Expression::Inline(InlineExpression::VariableReference { id }) => {
                    write!(out, "{{ ${} }}", id.name).unwrap()
                }
                Expression::Inline(InlineExpression::MessageReference { id, .. }) => {
                    write!(out, "{{ {} }}", id.name).unwrap()
                }
                Expression::Select {
                    selector: InlineExpression::VariableReference { id },
                    ..
                } => write!(out, "{{ ${} -> … }}", id.name).unwrap(),
                _ => out.push_str("{ … }"),
            },
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn main() {
    // Read when the script runs, not when it is compiled: a build script
    // compiled in one checkout may be run for another sharing its target
    // directory (Cargo hashes workspace paths relative to the workspace).
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&manifest).join("../../locales/en-US");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut consts = String::new();
    let mut all = Vec::new();
    let mut names = std::collections::BTreeMap::new();
    // Every English file (the catalog's `FTL_FILES`; a test checks that the
    // folders hold exactly those).
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|f| f.ends_with(".ftl"))
        .collect();
    files.sort();
    for file in &files {
        let path = dir.join(file);
        println!("cargo:rerun-if-changed={}", path.display());
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let resource = fluent_syntax::parser::parse(text.as_str())
            .unwrap_or_else(|(_, errors)| panic!("{}: {errors:?}", path.display()));
        writeln!(consts, "\n// {file}").unwrap();
        for entry in resource.body {
            let Entry::Message(m) = entry else { continue };
            let id = m.id.name;
            let name: String = id
                .chars()
                .map(|c| {
                    if c == '-' {
                        '_'
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect();
            if let Some(other) = names.insert(name.clone(), id.to_string()) {
                panic!("{id} and {other} would both be the constant {name}");
            }
            let doc = match &m.value {
                Some(v) => flat(v),
                None => "(attributes only)".to_string(),
            };
            let doc = doc.replace('`', "'");
            writeln!(consts, "/// `{doc}`\npub const {name}: Id = Id(\"{id}\");").unwrap();
            all.push(name);
        }
    }
    writeln!(
        consts,
        "\n/// Every message id of `locales/en-US/`, file by file.\npub const ALL: &[Id] = &[{}];",
        all.join(", ")
    )
    .unwrap();
    let out = Path::new(&std::env::var("OUT_DIR").unwrap()).join("ids.rs");
    std::fs::write(out, consts).unwrap();
}
