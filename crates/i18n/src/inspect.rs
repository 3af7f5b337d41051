//! What the message files declare: every message id and attribute, and the
//! variables each one uses. The tests compare languages with it; tools can
//! list the catalogue.

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast;

use super::catalog::Catalog;
use super::locale::Locale;

/// One translatable string: a message value (`attribute == None`) or one of
/// its attributes (`challenge.description`).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Key {
    /// The message id.
    pub id: String,
    /// The attribute name, if this is an attribute.
    pub attribute: Option<String>,
}

impl std::fmt::Display for Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.attribute {
            Some(a) => write!(f, "{}.{a}", self.id),
            None => f.write_str(&self.id),
        }
    }
}

/// What one translatable string refers to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    /// The file it is defined in.
    pub file: String,
    /// Variables it shows or selects on (`$player`), without the `$`.
    pub variables: BTreeSet<String>,
    /// Variables used as the selector of a select expression (plural
    /// categories): these must be given as numbers.
    pub selectors: BTreeSet<String>,
    /// Other messages it includes (`{ button-ready }`), which see the same
    /// arguments.
    pub references: BTreeSet<Key>,
}

/// Every translatable string of `locale` with its usage, in key order.
pub fn keys(catalog: &Catalog, locale: Locale) -> BTreeMap<Key, Usage> {
    let mut out = BTreeMap::new();
    for (file, resource) in catalog.resources(locale) {
        for entry in resource.entries() {
            let ast::Entry::Message(message) = entry else {
                continue;
            };
            let id = message.id.name.to_string();
            if let Some(value) = &message.value {
                let mut usage = Usage {
                    file: file.to_string(),
                    ..Usage::default()
                };
                walk_pattern(value, &mut usage);
                out.insert(
                    Key {
                        id: id.clone(),
                        attribute: None,
                    },
                    usage,
                );
            }
            for attribute in &message.attributes {
                let mut usage = Usage {
                    file: file.to_string(),
                    ..Usage::default()
                };
                walk_pattern(&attribute.value, &mut usage);
                out.insert(
                    Key {
                        id: id.clone(),
                        attribute: Some(attribute.id.name.to_string()),
                    },
                    usage,
                );
            }
        }
    }
    out
}

fn walk_pattern(pattern: &ast::Pattern<&str>, usage: &mut Usage) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            walk_expression(expression, usage);
        }
    }
}

fn walk_expression(expression: &ast::Expression<&str>, usage: &mut Usage) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            if let ast::InlineExpression::VariableReference { id } = selector {
                usage.selectors.insert(id.name.to_string());
            }
            walk_inline(selector, usage);
            for variant in variants {
                walk_pattern(&variant.value, usage);
            }
        }
        ast::Expression::Inline(inline) => walk_inline(inline, usage),
    }
}

fn walk_inline(inline: &ast::InlineExpression<&str>, usage: &mut Usage) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            usage.variables.insert(id.name.to_string());
        }
        ast::InlineExpression::Placeable { expression } => walk_expression(expression, usage),
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            walk_call(arguments, usage);
        }
        ast::InlineExpression::MessageReference { id, attribute } => {
            usage.references.insert(Key {
                id: id.name.to_string(),
                attribute: attribute.as_ref().map(|a| a.name.to_string()),
            });
        }
        ast::InlineExpression::TermReference { arguments, .. } => {
            if let Some(arguments) = arguments {
                walk_call(arguments, usage);
            }
        }
        ast::InlineExpression::StringLiteral { .. }
        | ast::InlineExpression::NumberLiteral { .. } => {}
    }
}

fn walk_call(arguments: &ast::CallArguments<&str>, usage: &mut Usage) {
    for a in &arguments.positional {
        walk_inline(a, usage);
    }
    for a in &arguments.named {
        walk_inline(&a.value, usage);
    }
}

/// The variables `key` needs in `locale`, including those of the messages
/// it includes (transitively), with whether each is used as a selector.
pub fn needed_variables(all: &BTreeMap<Key, Usage>, key: &Key) -> BTreeMap<String, bool> {
    let mut out = BTreeMap::new();
    let mut stack = vec![key.clone()];
    let mut seen = BTreeSet::new();
    while let Some(k) = stack.pop() {
        if !seen.insert(k.clone()) {
            continue;
        }
        let Some(usage) = all.get(&k) else { continue };
        for v in &usage.variables {
            let sel = usage.selectors.contains(v);
            *out.entry(v.clone()).or_insert(false) |= sel;
        }
        for v in &usage.selectors {
            out.insert(v.clone(), true);
        }
        stack.extend(usage.references.iter().cloned());
    }
    out
}
