//! The layout docs/architecture.md promises, checked on the sources:
//!
//! - the file-level import graph of every crate has no cycle: file A
//!   imports file B when A names an item that B defines, in a `use` or in
//!   a path anywhere in the code (an expression, a type, a pattern, an
//!   attribute: `child::f()`, `super::x::Y { .. }`, `crate::a::B`, a path
//!   through a module a `use` or a glob `use` brings in) — re-exports are
//!   followed to the file that defines the item, so a `mod.rs` that lists
//!   its children is no edge of its own;
//! - the adapters (Discord, the shell, the web) never name the store or the engine
//!   (`/analyze`'s job is the host's: no exception), and the Discord
//!   adapter's command files never import each other;
//! - the core crate's dependency tree (from `Cargo.lock`) holds no runtime,
//!   database, network, Discord, Fluent or drawing crate.
//!
//! The reader is a small lexer for the Rust this project writes (comments,
//! strings, chars, `use` trees, `mod` blocks), not a compiler: it is checked
//! here on hand-made sources as well as on the tree.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

// ------------------------------------------------------------------ lexing

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Ident(String),
    /// `::`
    Path,
    Punct(char),
}

/// The tokens of `source` with their line numbers: comments, string and
/// character literals dropped, lifetimes dropped, numbers dropped.
fn lex(source: &str) -> Vec<(Tok, usize)> {
    let s: Vec<char> = source.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    let at = |i: usize| s.get(i).copied().unwrap_or('\0');
    while i < s.len() {
        let c = s[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < s.len() && s[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            loop {
                if i >= s.len() {
                    break;
                }
                if s[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if s[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if s[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
            }
        } else if c == 'r'
            && (at(i + 1) == '"' || (at(i + 1) == '#' && matches!(at(i + 2), '"' | '#')))
        {
            // A raw string: r"…", r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while at(j) == '#' {
                hashes += 1;
                j += 1;
            }
            j += 1;
            loop {
                if j >= s.len() {
                    break;
                }
                if s[j] == '"' && (0..hashes).all(|k| at(j + 1 + k) == '#') {
                    j += 1 + hashes;
                    break;
                }
                if s[j] == '\n' {
                    line += 1;
                }
                j += 1;
            }
            i = j;
        } else if c == '"' || (c == 'b' && at(i + 1) == '"') {
            let mut j = if c == 'b' { i + 2 } else { i + 1 };
            while j < s.len() && s[j] != '"' {
                if s[j] == '\\' {
                    j += 1;
                }
                if at(j) == '\n' {
                    line += 1;
                }
                j += 1;
            }
            i = j + 1;
        } else if c == '\'' {
            // A character literal ('a', '\n', '\u{1F534}') or a lifetime.
            if at(i + 1) == '\\' {
                let mut j = i + 2;
                while j < s.len() && s[j] != '\'' {
                    j += 1;
                }
                i = j + 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                i += 1;
                while at(i).is_alphanumeric() || at(i) == '_' {
                    i += 1;
                }
            }
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while at(i).is_alphanumeric() || at(i) == '_' {
                i += 1;
            }
            let word: String = s[start..i].iter().collect();
            // `b'x'` byte literals.
            if word == "b" && at(i) == '\'' {
                continue;
            }
            out.push((Tok::Ident(word), line));
        } else if c.is_ascii_digit() {
            while at(i).is_alphanumeric()
                || at(i) == '_'
                || (at(i) == '.' && at(i + 1).is_ascii_digit())
            {
                i += 1;
            }
        } else if c == ':' && at(i + 1) == ':' {
            out.push((Tok::Path, line));
            i += 2;
        } else {
            out.push((Tok::Punct(c), line));
            i += 1;
        }
    }
    out
}

// ----------------------------------------------------------------- reading

/// A module's path in its crate (`["host", "service"]`; `[]` the root).
type ModPath = Vec<String>;

/// A path named in a file, as written, with the module it is written in.
#[derive(Clone, Debug)]
struct Reference {
    file: usize,
    line: usize,
    module: ModPath,
    path: Vec<String>,
}

/// One re-export: `pub use <target> as <name>` in a module.
#[derive(Clone, Debug)]
struct ReExport {
    module: ModPath,
    name: String,
    target: Vec<String>,
}

#[derive(Debug, Default)]
struct Crate {
    files: Vec<PathBuf>,
    /// The file of each module (inline modules: their file).
    module_file: BTreeMap<ModPath, usize>,
    /// Items defined in each module (types, functions, constants, macros).
    items: HashMap<ModPath, BTreeSet<String>>,
    re_exports: Vec<ReExport>,
    /// `pub use <module>::*` per module.
    globs: HashMap<ModPath, Vec<Vec<String>>>,
    /// The names every `use` (public or not) binds in each module: name →
    /// the path as written, for paths that start with an imported name.
    uses: HashMap<ModPath, HashMap<String, Vec<String>>>,
    /// Every `use <path>::*` (public or not) per module.
    glob_uses: HashMap<ModPath, Vec<Vec<String>>>,
    refs: Vec<Reference>,
}

/// Expands a `use` tree starting at `toks[i]` (after `use`) into paths;
/// returns the index after the tree. `alias` is the name each path binds.
fn use_tree(
    toks: &[(Tok, usize)],
    mut i: usize,
    prefix: &[String],
    out: &mut Vec<(Vec<String>, String)>,
) -> usize {
    let mut path = prefix.to_vec();
    loop {
        match toks.get(i).map(|t| &t.0) {
            Some(Tok::Ident(w)) if w == "as" => {
                if let Some((Tok::Ident(alias), _)) = toks.get(i + 1) {
                    out.push((path.clone(), alias.clone()));
                }
                return i + 2;
            }
            Some(Tok::Ident(w)) => {
                path.push(w.clone());
                i += 1;
            }
            Some(Tok::Path) => i += 1,
            Some(Tok::Punct('*')) => {
                path.push("*".into());
                out.push((path, "*".into()));
                return i + 1;
            }
            Some(Tok::Punct('{')) => {
                i += 1;
                loop {
                    match toks.get(i).map(|t| &t.0) {
                        Some(Tok::Punct('}')) => return i + 1,
                        Some(Tok::Punct(',')) => i += 1,
                        None => return i,
                        _ => i = use_tree(toks, i, &path, out),
                    }
                }
            }
            _ => {
                if path.last().is_some_and(|l| l == "self") {
                    path.pop();
                }
                if let Some(name) = path.last().cloned() {
                    out.push((path, name));
                }
                return i;
            }
        }
    }
}

/// The module path of a source file of a crate whose sources are in `src`.
fn module_of(src: &Path, file: &Path) -> ModPath {
    let rel = file.strip_prefix(src).unwrap();
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs").to_string();
    if !matches!(stem.as_str(), "lib" | "main" | "mod") {
        parts.push(stem);
    }
    parts
}

fn read_file(krate: &mut Crate, index: usize, module: ModPath, source: &str) {
    let toks = lex(source);
    let word = |i: usize| match toks.get(i) {
        Some((Tok::Ident(w), _)) => Some(w.as_str()),
        _ => None,
    };
    // Inline modules open at a brace depth: (depth, name).
    let mut inline: Vec<(usize, String)> = Vec::new();
    let mut depth = 0usize;
    let current = |inline: &[(usize, String)]| {
        let mut m = module.clone();
        m.extend(inline.iter().map(|(_, n)| n.clone()));
        m
    };
    krate.module_file.insert(module.clone(), index);
    let mut i = 0;
    while i < toks.len() {
        let (tok, line) = (&toks[i].0, toks[i].1);
        match tok {
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => {
                depth = depth.saturating_sub(1);
                if inline.last().is_some_and(|(d, _)| *d == depth) {
                    inline.pop();
                }
            }
            Tok::Ident(w) if w == "mod" => {
                if let (Some(name), Some((Tok::Punct('{'), _))) = (word(i + 1), toks.get(i + 2)) {
                    inline.push((depth, name.to_string()));
                    let m = current(&inline);
                    krate.module_file.insert(m, index);
                    depth += 1;
                    i += 3;
                    continue;
                }
            }
            Tok::Ident(w) if w == "use" => {
                let public = i > 0
                    && (word(i - 1) == Some("pub")
                        || matches!(toks.get(i - 1), Some((Tok::Punct(')'), _))));
                let mut paths = Vec::new();
                let end = use_tree(&toks, i + 1, &[], &mut paths);
                let m = current(&inline);
                for (path, name) in paths {
                    if name == "*" {
                        let mut target = path.clone();
                        target.pop();
                        krate.glob_uses.entry(m.clone()).or_default().push(target);
                    } else if name != "_" {
                        krate
                            .uses
                            .entry(m.clone())
                            .or_default()
                            .insert(name.clone(), path.clone());
                    }
                    if public && path.first().is_some_and(|f| f != "std" && f != "core") {
                        if name == "*" {
                            let mut target = path.clone();
                            target.pop();
                            krate.globs.entry(m.clone()).or_default().push(target);
                        } else {
                            krate.re_exports.push(ReExport {
                                module: m.clone(),
                                name,
                                target: path.clone(),
                            });
                        }
                        // A re-export is transparent: no edge of its own.
                        continue;
                    }
                    krate.refs.push(Reference {
                        file: index,
                        line,
                        module: m.clone(),
                        path,
                    });
                }
                i = end;
                continue;
            }
            Tok::Ident(w)
                if matches!(
                    w.as_str(),
                    "struct" | "enum" | "fn" | "const" | "static" | "type" | "trait" | "union"
                ) && depth == inline.last().map_or(0, |(d, _)| d + 1) =>
            {
                if let Some(name) = word(i + 1) {
                    krate
                        .items
                        .entry(current(&inline))
                        .or_default()
                        .insert(name.to_string());
                }
            }
            Tok::Ident(w) if w == "macro_rules" => {
                if let Some(name) = word(i + 2) {
                    // `#[macro_export]` macros live at the crate root.
                    krate
                        .items
                        .entry(Vec::new())
                        .or_default()
                        .insert(name.to_string());
                }
            }
            // A path anywhere else — an expression, a type, a pattern, an
            // attribute, a macro's name: `crate::a::b`, `super::x::y`,
            // `child::f()`, `Imported::new()`. Not one that continues a path
            // (`::std::…`, `a::b` inside `x::a::b`), nor a method's turbofish
            // (`.collect::<…>()`).
            Tok::Ident(w) if matches!(toks.get(i + 1), Some((Tok::Path, _))) => {
                let continues = i > 0 && matches!(toks[i - 1].0, Tok::Path | Tok::Punct('.'));
                if !continues {
                    let mut path = vec![w.clone()];
                    let mut j = i + 1;
                    while let (Some((Tok::Path, _)), Some(next)) = (toks.get(j), word(j + 1)) {
                        path.push(next.to_string());
                        j += 2;
                    }
                    krate.refs.push(Reference {
                        file: index,
                        line,
                        module: current(&inline),
                        path,
                    });
                    i = j;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// Reads a crate from its source folder. `main.rs` is a crate of its own
/// (it names the library as `fourbot::`), so it is left out.
fn read_crate(src: &Path) -> Crate {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files.retain(|f| f.file_name().unwrap() != "main.rs");
    let mut krate = Crate::default();
    for (i, f) in files.iter().enumerate() {
        let source = std::fs::read_to_string(f).unwrap();
        read_file(&mut krate, i, module_of(src, f), &source);
    }
    krate.files = files;
    krate
}

// --------------------------------------------------------------- resolving

impl Crate {
    /// The file that defines what `path` (written in `module`) names, if
    /// it is in this crate.
    fn resolve(
        &self,
        module: &ModPath,
        path: &[String],
        seen: &mut Vec<(ModPath, String)>,
    ) -> Option<usize> {
        let mut at: ModPath;
        let mut rest = path;
        match rest.first().map(String::as_str) {
            Some("crate") => {
                at = Vec::new();
                rest = &rest[1..];
            }
            Some("self") => {
                at = module.clone();
                rest = &rest[1..];
            }
            Some("super") => {
                at = module.clone();
                while rest.first().is_some_and(|s| s == "super") {
                    at.pop()?;
                    rest = &rest[1..];
                }
            }
            Some(first) => {
                // Relative (2018 paths): a child module of this module, a
                // name one of its `use`s binds, or a module one of its glob
                // `use`s brings in; anything else is outside the crate (a
                // dependency, the prelude) or local (a type's associated
                // item, an enum's variant).
                let mut child = module.clone();
                child.push(first.to_string());
                if self.module_file.contains_key(&child) {
                    at = module.clone();
                } else if let Some(target) = self.uses.get(module).and_then(|u| u.get(first)) {
                    let key = (module.clone(), format!("use {first}"));
                    if seen.contains(&key) {
                        return None;
                    }
                    seen.push(key);
                    let mut whole = target.clone();
                    whole.extend(rest[1..].iter().cloned());
                    return self.resolve(module, &whole, seen);
                } else {
                    let globbed = self
                        .glob_uses
                        .get(module)
                        .into_iter()
                        .flatten()
                        .filter_map(|target| self.module_of_path(module, target))
                        .find(|m| {
                            let mut child = m.clone();
                            child.push(first.to_string());
                            self.module_file.contains_key(&child)
                        })?;
                    at = globbed;
                }
            }
            None => return None,
        }
        // Down the modules.
        while let Some(next) = rest.first() {
            let mut child = at.clone();
            child.push(next.clone());
            if self.module_file.contains_key(&child) {
                at = child;
                rest = &rest[1..];
            } else {
                break;
            }
        }
        let Some(item) = rest.first() else {
            return self.module_file.get(&at).copied();
        };
        self.item_file(&at, item, seen)
    }

    /// The module a glob's `target` (written in `module`) names, when it is
    /// a module of this crate written with `crate`, `self`, `super` or a
    /// child's name.
    fn module_of_path(&self, module: &ModPath, target: &[String]) -> Option<ModPath> {
        let mut at = match target.first().map(String::as_str) {
            Some("crate") => Vec::new(),
            Some("self" | "super") => module.clone(),
            _ => module.clone(),
        };
        let mut rest = match target.first().map(String::as_str) {
            Some("crate" | "self") => &target[1..],
            _ => target,
        };
        while rest.first().is_some_and(|s| s == "super") {
            at.pop()?;
            rest = &rest[1..];
        }
        for next in rest {
            at.push(next.clone());
            if !self.module_file.contains_key(&at) {
                return None;
            }
        }
        Some(at)
    }

    /// The file that defines `item` as seen from module `at` (following
    /// re-exports), else the module's own file.
    fn item_file(
        &self,
        at: &ModPath,
        item: &str,
        seen: &mut Vec<(ModPath, String)>,
    ) -> Option<usize> {
        let own = self.module_file.get(at).copied();
        if self.items.get(at).is_some_and(|i| i.contains(item)) || item == "*" {
            return own;
        }
        let key = (at.clone(), item.to_string());
        if seen.contains(&key) {
            return own;
        }
        seen.push(key);
        if let Some(r) = self
            .re_exports
            .iter()
            .find(|r| r.module == *at && r.name == item)
        {
            return self.resolve(at, &r.target, seen).or(own);
        }
        for target in self.globs.get(at).into_iter().flatten() {
            let mut path = target.clone();
            path.push(item.to_string());
            if let Some(f) = self.resolve(at, &path, seen) {
                if self
                    .items
                    .iter()
                    .any(|(m, items)| items.contains(item) && self.module_file.get(m) == Some(&f))
                {
                    return Some(f);
                }
            }
        }
        own
    }

    /// Every edge: (from, to) with one example reference each.
    fn edges(&self) -> BTreeMap<(usize, usize), String> {
        let mut out = BTreeMap::new();
        for r in &self.refs {
            if let Some(to) = self.resolve(&r.module, &r.path, &mut Vec::new()) {
                if to != r.file {
                    out.entry((r.file, to)).or_insert_with(|| {
                        format!("{}:{} {}", self.name(r.file), r.line, r.path.join("::"))
                    });
                }
            }
        }
        out
    }

    fn name(&self, file: usize) -> String {
        self.files[file].display().to_string()
    }
}

/// The strongly connected components with more than one file (Tarjan).
fn cycles(n: usize, edges: &BTreeMap<(usize, usize), String>) -> Vec<Vec<usize>> {
    struct State<'a> {
        adj: Vec<Vec<usize>>,
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on: Vec<bool>,
        stack: Vec<usize>,
        next: usize,
        out: &'a mut Vec<Vec<usize>>,
    }
    fn visit(s: &mut State<'_>, v: usize) {
        s.index[v] = Some(s.next);
        s.low[v] = s.next;
        s.next += 1;
        s.stack.push(v);
        s.on[v] = true;
        for w in s.adj[v].clone() {
            match s.index[w] {
                None => {
                    visit(s, w);
                    s.low[v] = s.low[v].min(s.low[w]);
                }
                Some(i) if s.on[w] => s.low[v] = s.low[v].min(i),
                _ => {}
            }
        }
        if Some(s.low[v]) == s.index[v] {
            let mut component = Vec::new();
            loop {
                let w = s.stack.pop().unwrap();
                s.on[w] = false;
                component.push(w);
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.out.push(component);
            }
        }
    }
    let mut adj = vec![Vec::new(); n];
    for &(a, b) in edges.keys() {
        adj[a].push(b);
    }
    let mut out = Vec::new();
    let mut s = State {
        adj,
        index: vec![None; n],
        low: vec![0; n],
        on: vec![false; n],
        stack: Vec::new(),
        next: 0,
        out: &mut out,
    };
    for v in 0..n {
        if s.index[v].is_none() {
            visit(&mut s, v);
        }
    }
    out
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every crate's source folder: the application's and each of `crates/`
/// (the layers and the end-to-end tests' support, `crates/fake-discord`).
fn crate_sources() -> Vec<PathBuf> {
    let mut out = vec![root().join("src")];
    let mut members: Vec<_> = std::fs::read_dir(root().join("crates"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| p.join("src"))
        .filter(|p| p.is_dir())
        .collect();
    members.sort();
    out.extend(members);
    out
}

fn describe_cycles(krate: &Crate) -> Vec<String> {
    let edges = krate.edges();
    cycles(krate.files.len(), &edges)
        .into_iter()
        .map(|c| {
            let inside: Vec<&String> = edges
                .iter()
                .filter(|((a, b), _)| c.contains(a) && c.contains(b))
                .map(|(_, example)| example)
                .collect();
            format!("cycle of {} files: {:?}", c.len(), inside)
        })
        .collect()
}

// ------------------------------------------------------------------- tests

#[test]
fn no_crate_has_an_import_cycle_between_its_files() {
    let sources = crate_sources();
    assert!(
        sources
            .iter()
            .any(|s| s.ends_with("crates/fake-discord/src")),
        "the end-to-end tests' fake is read like every crate: {sources:?}"
    );
    let mut found = Vec::new();
    let mut files = 0;
    for src in sources {
        let krate = read_crate(&src);
        files += krate.files.len();
        found.extend(describe_cycles(&krate));
    }
    assert!(files > 60, "the crates were read ({files} files)");
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_reader_finds_a_cycle_through_a_re_export_and_none_through_a_table_of_contents() {
    let mut krate = Crate::default();
    let sources = [
        // lib.rs only lists its modules and re-exports: no edges.
        ("lib.rs", vec![], "mod a; mod b; mod c; pub use a::A; pub use c::*;"),
        // a uses b's item through the root's glob of c: a → c.
        ("a.rs", vec!["a"], "use crate::C; pub struct A; fn f() { let s = \"crate::b::B\"; }"),
        // b uses a through the root re-export: b → a.
        ("b.rs", vec!["b"], "/* crate::c::C */ pub struct B; fn g() -> crate::A { todo!() }\nmod tests { use super::*; }"),
        // c uses b: c → b, closing a → c → b → a.
        ("c.rs", vec!["c"], "pub struct C(super::b::B); // crate::a"),
    ];
    for (i, (name, module, text)) in sources.iter().enumerate() {
        krate.files.push(PathBuf::from(name));
        read_file(
            &mut krate,
            i,
            module.iter().map(|s| s.to_string()).collect(),
            text,
        );
    }
    let edges = krate.edges();
    let pairs: Vec<(usize, usize)> = edges.keys().copied().collect();
    assert_eq!(pairs, [(1, 3), (2, 1), (3, 2)], "{edges:?}");
    assert_eq!(cycles(4, &edges), [vec![1, 2, 3]]);
    // Without c → b, nothing.
    krate.refs.retain(|r| r.file != 3);
    assert!(cycles(4, &krate.edges()).is_empty());
}

/// What a file of an adapter may not name: the store (the host keeps it)
/// and the engine (the host runs the AI and the analyses). Every path and
/// `use` of the files `in_adapter` holds, as `file:line path`, with what
/// it names.
fn adapter_violations(krate: &Crate, in_adapter: impl Fn(usize) -> bool) -> Vec<String> {
    let mut out = BTreeSet::new();
    for r in krate.refs.iter().filter(|r| in_adapter(r.file)) {
        let store = r.path.iter().any(|s| s == "store" || s == "fourbot_store");
        let engine = r.path.iter().any(|s| s == "engine" || s == "Solver");
        if store || engine {
            out.insert(format!(
                "{}:{} {} (the {})",
                krate.name(r.file),
                r.line,
                r.path.join("::"),
                if store { "store" } else { "engine" }
            ));
        }
    }
    out.into_iter().collect()
}

/// A crate made of `(file, module, source)`s.
fn crate_of(sources: &[(&str, &[&str], &str)]) -> Crate {
    let mut krate = Crate::default();
    for (i, (name, module, text)) in sources.iter().enumerate() {
        krate.files.push(PathBuf::from(name));
        read_file(
            &mut krate,
            i,
            module.iter().map(|s| s.to_string()).collect(),
            text,
        );
    }
    krate
}

#[test]
fn the_reader_finds_a_cycle_closed_only_by_a_path_in_an_expression() {
    // The circle of issue 34 in small: register → commands/mod → challenge
    // → choices → register, where commands/mod reaches challenge only by
    // calling `challenge::challenge()` (no `use`, no `crate`/`super`).
    let layout = |commands_mod: &str, challenge: &str| {
        crate_of(&[
            ("lib.rs", &[], "pub mod discord;"),
            ("discord/mod.rs", &["discord"], "pub mod choices; pub mod commands; pub mod register;"),
            (
                "discord/register.rs",
                &["discord", "register"],
                "pub fn localizations() -> u8 { 0 }\npub fn commands() -> Vec<u8> { super::commands::all() }",
            ),
            ("discord/commands/mod.rs", &["discord", "commands"], commands_mod),
            ("discord/commands/challenge.rs", &["discord", "commands", "challenge"], challenge),
            (
                "discord/choices.rs",
                &["discord", "choices"],
                "use super::register::localizations;\npub struct VariantChoice;\nimpl VariantChoice { pub fn value() -> u8 { localizations() } }",
            ),
        ])
    };
    let challenge = "use crate::discord::choices::VariantChoice;\npub fn challenge() -> u8 { VariantChoice::value() }";
    let circle = [vec![2, 3, 4, 5]];
    // A child module called in an expression.
    let krate = layout(
        "mod challenge;\npub fn all() -> Vec<u8> { vec![challenge::challenge()] }",
        challenge,
    );
    let edges = krate.edges();
    assert_eq!(
        edges.keys().copied().collect::<Vec<_>>(),
        [(2, 3), (3, 4), (4, 5), (5, 2)],
        "{edges:?}"
    );
    assert!(
        edges[&(3, 4)].ends_with("challenge::challenge"),
        "{edges:?}"
    );
    assert_eq!(cycles(6, &edges), circle);
    assert_eq!(describe_cycles(&krate).len(), 1);
    // The same call in a type, a struct expression and a pattern.
    for body in [
        "mod challenge;\npub fn all() -> Vec<u8> { let _: challenge::Kind = todo!(); vec![] }",
        "mod challenge;\npub fn all() -> Vec<u8> { let _ = challenge::Kind { x: 1 }; vec![] }",
        "mod challenge;\npub fn all() -> Vec<u8> { match 1 { challenge::ONE => vec![], _ => vec![] } }",
        "mod challenge;\n#[challenge::marker] pub fn all() -> Vec<u8> { vec![] }",
    ] {
        let with_items = format!("{challenge}\npub struct Kind {{ x: u8 }} pub const ONE: u8 = 1;");
        let krate = layout(body, &with_items);
        assert_eq!(cycles(6, &krate.edges()), circle, "{body}");
    }
    // Through a module a `use` imports, and through a glob `use super::*`.
    let krate = layout(
        "mod challenge;\npub fn all() -> Vec<u8> { vec![] }",
        "use crate::discord;\npub fn challenge() -> u8 { discord::choices::VariantChoice::value() }",
    );
    assert_eq!(
        cycles(6, &krate.edges()),
        Vec::<Vec<usize>>::new(),
        "challenge is not reached"
    );
    let krate = layout(
        "mod challenge;\npub fn all() -> Vec<u8> { vec![] }\nmod tests { use super::*; fn t() { challenge::challenge(); } }",
        "use crate::discord;\npub fn challenge() -> u8 { discord::choices::VariantChoice::value() }",
    );
    let edges = krate.edges();
    assert!(
        edges[&(4, 5)].ends_with("discord::choices::VariantChoice::value"),
        "{edges:?}"
    );
    assert_eq!(cycles(6, &edges), circle);
    // Without the call (the module only declared, the name in a comment, a
    // string, a method's turbofish or another path's tail), no circle.
    for body in [
        "mod challenge;\npub fn all() -> Vec<u8> { vec![] }",
        "mod challenge; // challenge::challenge()\npub fn all() -> Vec<u8> { let _ = \"challenge::challenge\"; vec![] }",
        "mod challenge;\npub fn all() -> Vec<u8> { [1].into_iter().challenge::<u8>(); other::challenge::challenge(); vec![] }",
    ] {
        let krate = layout(body, challenge);
        assert!(cycles(6, &krate.edges()).is_empty(), "{body}: {:?}", krate.edges());
    }
}

#[test]
fn the_adapter_check_finds_the_store_and_the_engine_named_anywhere() {
    let krate = crate_of(&[
        ("src/lib.rs", &[], "pub mod discord; pub mod shell; pub mod cli; pub use fourbot_store as store;"),
        ("src/discord/mod.rs", &["discord"], "pub mod a; pub mod b;"),
        ("src/discord/a.rs", &["discord", "a"], "fn f() { let s = fourbot_store::Store::open(); }"),
        ("src/discord/b.rs", &["discord", "b"], "use crate::engine;\nfn f() -> engine::Verdict { crate::engine::Solver::new().solve() }"),
        (
            "src/shell/mod.rs",
            &["shell"],
            "fn f(x: &AtomicBool, data: &Data) {\n x.store(true, Ordering::SeqCst);\n data.store.get();\n let _ = \"fourbot_store::x\"; // crate::store\n}\nfn g() { fourbot_core::engine::analysis::analyze(); }",
        ),
        ("src/cli.rs", &["cli"], "fn f() { crate::store::migrate(); }"),
    ]);
    let in_adapter = |f: usize| {
        let p = &krate.files[f];
        p.starts_with("src/discord") || p.starts_with("src/shell")
    };
    let found = adapter_violations(&krate, in_adapter);
    assert_eq!(
        found,
        [
            "src/discord/a.rs:1 fourbot_store::Store::open (the store)",
            "src/discord/b.rs:1 crate::engine (the engine)",
            "src/discord/b.rs:2 crate::engine::Solver::new (the engine)",
            "src/discord/b.rs:2 engine::Verdict (the engine)",
            "src/shell/mod.rs:6 fourbot_core::engine::analysis::analyze (the engine)",
        ],
        "{found:#?}"
    );
    // Without them, nothing.
    let clean = crate_of(&[(
        "src/discord/a.rs",
        &["discord", "a"],
        "use crate::host::Host;\nfn f(h: &Host) { h.store(); crate::host::analysis::run(); }",
    )]);
    assert!(adapter_violations(&clean, |_| true).is_empty());
}

#[test]
fn the_adapters_never_name_the_store_or_the_engine_and_the_command_files_never_import_each_other() {
    let src = root().join("src");
    let krate = read_crate(&src);
    let discord = src.join("discord");
    let adapters = [discord.clone(), src.join("shell")];
    let in_adapter = |f: usize| adapters.iter().any(|a| krate.files[f].starts_with(a));
    assert!(
        krate.refs.iter().filter(|r| in_adapter(r.file)).count() > 1000,
        "the adapters' paths were read"
    );
    // `/analyze` named the engine until its job moved into the host (issue
    // 34, item 1): no adapter file is excused.
    let named = adapter_violations(&krate, in_adapter);
    assert!(
        named.is_empty(),
        "the adapter names the store or the engine: {named:#?}"
    );

    let commands = discord.join("commands");
    let command_files: BTreeSet<usize> = (0..krate.files.len())
        .filter(|f| {
            krate.files[*f].starts_with(&commands)
                && krate.files[*f].file_name().unwrap() != "mod.rs"
        })
        .collect();
    assert!(
        command_files.len() >= 5,
        "one file per command group under src/discord/commands/"
    );
    let edges = krate.edges();
    let between: Vec<&String> = edges
        .iter()
        .filter(|((a, b), _)| command_files.contains(a) && command_files.contains(b))
        .map(|(_, e)| e)
        .collect();
    assert!(
        between.is_empty(),
        "command files import each other: {between:?}"
    );
}

/// The web front end (crates/web, docs/web.md) is an adapter like
/// Discord and the shell: it reads the host and never names the store or
/// the engine, nor depends on the store's crate.
#[test]
fn the_web_front_end_never_names_the_store_or_the_engine() {
    let src = root().join("crates/web/src");
    let krate = read_crate(&src);
    assert!(krate.refs.len() > 100, "the web's paths were read");
    let named = adapter_violations(&krate, |_| true);
    assert!(
        named.is_empty(),
        "the web names the store or the engine: {named:#?}"
    );
    let manifest = std::fs::read_to_string(root().join("crates/web/Cargo.toml")).unwrap();
    assert!(
        !manifest.contains("fourbot-store"),
        "the web depends on the store's crate"
    );
}

#[test]
fn the_core_depends_on_no_runtime_database_network_discord_fluent_or_drawing_crate() {
    let lock = std::fs::read_to_string(root().join("Cargo.lock")).unwrap();
    // name → dependency names, from Cargo.lock's [[package]] entries.
    let mut deps: HashMap<String, Vec<String>> = HashMap::new();
    for block in lock.split("[[package]]").skip(1) {
        let name = block
            .lines()
            .find_map(|l| l.strip_prefix("name = "))
            .unwrap()
            .trim_matches('"')
            .to_string();
        let list = block
            .split("dependencies = [")
            .nth(1)
            .map(|d| d.split(']').next().unwrap())
            .unwrap_or("");
        let names = list
            .split(',')
            .map(|d| d.trim().trim_matches('"'))
            .filter(|d| !d.is_empty())
            .map(|d| d.split(' ').next().unwrap().to_string())
            .collect();
        deps.insert(name, names);
    }
    // Everything the core can reach (Cargo.lock lists dev-dependencies too,
    // so this is an upper bound of the normal tree).
    let mut reach = BTreeSet::new();
    let mut todo = vec!["fourbot-core".to_string()];
    while let Some(n) = todo.pop() {
        for d in deps.get(&n).into_iter().flatten() {
            if reach.insert(d.clone()) {
                todo.push(d.clone());
            }
        }
    }
    assert!(reach.contains("thiserror"), "{reach:?}");
    let forbidden = [
        "tokio",
        "sqlx",
        "serenity",
        "poise",
        "reqwest",
        "hyper",
        "fluent-bundle",
        "image",
        "tiny-skia",
        "png",
        "gif",
    ];
    let found: Vec<&&str> = forbidden.iter().filter(|f| reach.contains(**f)).collect();
    assert!(found.is_empty(), "fourbot-core reaches {found:?}");
}
