//! Names are data (docs/discord.md "Names in text"): the one function that
//! shapes a player's name for text, [`shape_name`].
//!
//! A name is whatever a member typed as their nickname or display name. In
//! a Discord message it must show as the text it is — never as a link, a
//! mention, a heading, a spoiler or formatting — and must not reorder the
//! line around it. Pictures (crates/render) draw the name as typed; only
//! text goes through here.

/// The most characters a name shows (Discord's own limit on display names
/// and nicknames); a longer one shows its first 31 and "…".
pub const NAME_CAP: usize = 32;

/// What a name is shown when nothing of it is visible (a name of
/// zero-width or control characters only).
pub const NAME_FALLBACK: &str = "?";

/// Where a name is shown: the front end's style of a catalog
/// (`Catalog::with_names`), which also writes its mentions and instants
/// (`Catalog::mention`, `Catalog::instant`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum NameStyle {
    /// The terminal (and any front end without Discord's markup):
    /// invisible and control characters dropped, the length capped; no
    /// markdown (a terminal would show escapes literally); a mention is
    /// the name, an instant a UTC date.
    #[default]
    Plain,
    /// A Discord message: [`NameStyle::Plain`], and markdown escaped,
    /// mentions, links and invites neutralized, a right-to-left name
    /// isolated (FSI … PDI).
    Discord,
}

/// Characters escaped with a backslash anywhere in a Discord name.
const MARKDOWN: &[char] = &['\\', '*', '_', '~', '`', '|', '>', '#', '[', ']', '(', ')'];
/// Characters escaped only as a name's first character (a list item).
const LINE_START: &[char] = &['-', '+'];
/// The zero-width space that breaks mentions, links and invites.
const ZWSP: char = '\u{200B}';
/// First strong isolate and pop directional isolate.
const FSI: char = '\u{2068}';
const PDI: char = '\u{2069}';

/// Whether `c` shows nothing: zero-width and format characters, bidi
/// controls, variation selectors, tag characters, fillers. (Control
/// characters and whitespace are handled apart.)
fn invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
        | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{206F}' | '\u{2800}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}'
        | '\u{FFA0}' | '\u{FFF0}'..='\u{FFFB}' | '\u{1D173}'..='\u{1D17A}'
        | '\u{E0000}'..='\u{E0FFF}')
}

/// Whether `c` is a strong right-to-left character (Hebrew, Arabic, Syriac,
/// Thaana, N'Ko and the other right-to-left blocks).
fn right_to_left(c: char) -> bool {
    matches!(c,
        '\u{0590}'..='\u{08FF}' | '\u{FB1D}'..='\u{FDFF}' | '\u{FE70}'..='\u{FEFC}'
        | '\u{10800}'..='\u{10FFF}' | '\u{1E800}'..='\u{1EFFF}')
}

/// `raw` (a name as typed) as text for `style`:
///
/// 1. control characters and whitespace runs become one space, invisible
///    characters ([`invisible`]) are dropped, the ends are trimmed; a name
///    with nothing left shows as [`NAME_FALLBACK`];
/// 2. at most [`NAME_CAP`] characters: a longer name shows its first 31
///    and "…";
/// 3. for Discord: `\ * _ ~ ` | > # [ ] ( )` get a backslash (and `-`, `+`
///    as the first character), a zero-width space follows every `<` and `@`
///    (no mention, `@everyone`, `@here`, channel, emoji or timestamp tag)
///    and breaks `://` and `discord.gg/`-style invites (no link), and a
///    name with a right-to-left character is wrapped in FSI … PDI.
///
/// Shaping is idempotent: a backslash already escaping a markdown
/// character is kept as it is (a lone backslash is escaped), and the
/// zero-width spaces and isolates of an earlier shaping are dropped in
/// step 1 and put back in step 3.
pub fn shape_name(raw: &str, style: NameStyle) -> String {
    shape_text(raw, style, NAME_CAP)
}

/// The most characters a member's typed text shows in a message (a
/// moderator's reason): Discord's audit log caps reasons at 512; 200 keeps
/// a log entry to a few lines.
pub const TYPED_CAP: usize = 200;

/// `raw` (text a member typed, such as a moderator's reason) shaped as
/// [`shape_name`] shapes a name, but capped at `cap` characters (a longer
/// text shows its first `cap − 1` and "…"): one shaper for everything a
/// member types, whatever its length.
pub fn shape_text(raw: &str, style: NameStyle, cap: usize) -> String {
    let cap = cap.max(2);
    // 1. Visible characters, whitespace collapsed.
    let mut units: Vec<String> = Vec::new();
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        if invisible(c) {
            continue;
        }
        if c.is_control() || c.is_whitespace() {
            if units.last().is_some_and(|u| u != " ") {
                units.push(" ".into());
            }
            continue;
        }
        // An escape pair from an earlier shaping is one character.
        if style == NameStyle::Discord && c == '\\' {
            if let Some(&next) = chars.peek() {
                if MARKDOWN.contains(&next) || LINE_START.contains(&next) {
                    chars.next();
                    units.push(format!("\\{next}"));
                    continue;
                }
            }
        }
        units.push(c.to_string());
    }
    while units.last().is_some_and(|u| u == " ") {
        units.pop();
    }
    if units.is_empty() {
        return NAME_FALLBACK.to_string();
    }
    // 2. The cap.
    if units.len() > cap {
        units.truncate(cap - 1);
        while units.last().is_some_and(|u| u == " ") {
            units.pop();
        }
        units.push("…".into());
    }
    if style == NameStyle::Plain {
        return units.concat();
    }
    // 3. Discord.
    let mut out = String::new();
    for (i, u) in units.iter().enumerate() {
        let mut cs = u.chars();
        let c = cs.next().expect("a unit is a character");
        if cs.next().is_some() {
            out.push_str(u); // an escape pair
        } else if MARKDOWN.contains(&c) || (i == 0 && LINE_START.contains(&c)) {
            out.push('\\');
            out.push(c);
        } else if c == '<' || c == '@' {
            out.push(c);
            out.push(ZWSP);
        } else {
            out.push(c);
        }
    }
    let out = break_links(&out);
    if out.chars().any(right_to_left) {
        format!("{FSI}{out}{PDI}")
    } else {
        out
    }
}

/// `text` within `max` characters (Unicode scalar values, as Discord
/// counts its limits): unchanged if it fits, else its first `max − 1` and
/// "…".
pub fn clip_chars(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(max.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

/// `raw` (a name as typed) for a fixed-width table in a Discord code
/// block, at most `width` characters: cleaned and capped as
/// [`shape_name`] does ([`NameStyle::Plain`]), a backtick shown as `ˋ` (it
/// cannot close the block), no markdown escapes (a code block shows them
/// as they are: nothing renders there), and a right-to-left name isolated
/// (FSI … PDI: digits and spaces after it would otherwise join it). Pad
/// it by [`code_width`], not by its `chars().count()`.
pub fn code_name(raw: &str, width: usize) -> String {
    let plain = shape_name(raw, NameStyle::Plain).replace('`', "ˋ");
    let mut name = clip_chars(&plain, width);
    if name.chars().any(right_to_left) {
        name = format!("{FSI}{name}{PDI}");
    }
    name
}

/// The columns `text` takes in a fixed-width table: its characters but
/// the isolates of [`code_name`].
pub fn code_width(text: &str) -> usize {
    text.chars().filter(|c| *c != FSI && *c != PDI).count()
}

/// `text` with a zero-width space in every `://` and after `discord` in
/// `discord.gg`, `discord.com/invite`, `discordapp.com/invite` (any case):
/// Discord makes no link or invite of it, and it reads the same.
fn break_links(text: &str) -> String {
    let text = text.replace("://", &format!(":{ZWSP}//"));
    let lower = text.to_lowercase();
    if lower.len() != text.len() {
        // Lowercasing changed byte offsets: break every "discord".
        return replace_case_insensitive(&text, "discord");
    }
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for (i, _) in lower.match_indices("discord") {
        let rest = &lower[i + "discord".len()..];
        if rest.starts_with(".gg")
            || rest.starts_with(".com/invite")
            || rest.starts_with("app.com/invite")
        {
            out.push_str(&text[last..i + "discord".len()]);
            out.push(ZWSP);
            last = i + "discord".len();
        }
    }
    out.push_str(&text[last..]);
    out
}

/// `text` with a zero-width space after every ASCII-case-insensitive `word`.
fn replace_case_insensitive(text: &str, word: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = find_ascii_ci(rest, word) {
        out.push_str(&rest[..i + word.len()]);
        out.push(ZWSP);
        rest = &rest[i + word.len()..];
    }
    out.push_str(rest);
    out
}

fn find_ascii_ci(haystack: &str, needle: &str) -> Option<usize> {
    haystack.char_indices().map(|(i, _)| i).find(|&i| {
        haystack.len() - i >= needle.len()
            && haystack.is_char_boundary(i + needle.len())
            && haystack[i..i + needle.len()].eq_ignore_ascii_case(needle)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_reason_is_shaped_like_a_name_but_keeps_its_length_up_to_its_cap() {
        let raw = "@everyone see [this](https://evil.example) **now**";
        let shaped = shape_text(raw, NameStyle::Discord, TYPED_CAP);
        assert!(
            !shaped.contains("@everyone") && !shaped.contains("https://"),
            "{shaped}"
        );
        assert!(shaped.contains("\\*\\*now\\*\\*"), "{shaped}");
        // A name's cap would have cut it after 31 characters.
        assert!(shaped.chars().count() > NAME_CAP, "{shaped}");
        let long = "x".repeat(500);
        let capped = shape_text(&long, NameStyle::Plain, TYPED_CAP);
        assert_eq!(capped.chars().count(), TYPED_CAP);
        assert!(capped.ends_with('…'));
        assert_eq!(
            shape_name(&long, NameStyle::Plain).chars().count(),
            NAME_CAP
        );
    }

    #[test]
    fn a_clipped_text_keeps_its_first_characters_and_an_ellipsis_within_the_limit() {
        assert_eq!(clip_chars("αβγ", 3), "αβγ");
        assert_eq!(clip_chars("αβγδ", 3), "αβ…");
        assert_eq!(clip_chars(&"é".repeat(2001), 2000).chars().count(), 2000);
    }

    fn discord(raw: &str) -> String {
        shape_name(raw, NameStyle::Discord)
    }

    #[test]
    fn markdown_is_escaped() {
        assert_eq!(discord("**b**"), r"\*\*b\*\*");
        assert_eq!(discord("||s||"), r"\|\|s\|\|");
        assert_eq!(discord("# Big"), r"\# Big");
        assert_eq!(discord("__u__ ~~s~~ `c`"), r"\_\_u\_\_ \~\~s\~\~ \`c\`");
        assert_eq!(discord("> quote"), r"\> quote");
        assert_eq!(discord("- item"), r"\- item");
        assert_eq!(discord("a-b"), "a-b");
        assert_eq!(discord("**bo**ld ||sp||"), r"\*\*bo\*\*ld \|\|sp\|\|");
        assert_eq!(discord(r"a\b"), r"a\\b");
    }

    #[test]
    fn masked_links_and_urls_are_no_links() {
        assert_eq!(
            discord("[gift](https://x.yz)"),
            "\\[gift\\]\\(https:\u{200B}//x.yz\\)"
        );
        assert_eq!(discord("discord.gg/free"), "discord\u{200B}.gg/free");
        assert_eq!(
            discord("Discord.com/invite/x"),
            "Discord\u{200B}.com/invite/x"
        );
        assert_eq!(
            discord("discordapp.com/invite/x"),
            "discord\u{200B}app.com/invite/x"
        );
        assert_eq!(discord("discord fan"), "discord fan");
    }

    #[test]
    fn mentions_are_neutralized() {
        assert_eq!(discord("@everyone"), "@\u{200B}everyone");
        assert_eq!(discord("@here"), "@\u{200B}here");
        assert_eq!(discord("<@1>"), "<\u{200B}@\u{200B}1\\>");
        assert_eq!(
            discord("<@&555555555555555555>"),
            "<\u{200B}@\u{200B}&555555555555555555\\>"
        );
        assert_eq!(discord("<#2>"), "<\u{200B}\\#2\\>");
        assert_eq!(discord("<:e:3>"), "<\u{200B}:e:3\\>");
    }

    #[test]
    fn invisible_and_control_characters_are_dropped() {
        assert_eq!(discord("a\u{200B}b\u{202E}c"), "abc");
        assert_eq!(discord("a\nb\t\tc  "), "a b c");
        assert_eq!(
            discord("\u{200B}\u{200C}\u{200D}\u{2060}\u{FEFF}"),
            NAME_FALLBACK
        );
        assert_eq!(shape_name("  \u{200B} ", NameStyle::Plain), NAME_FALLBACK);
    }

    #[test]
    fn right_to_left_names_are_isolated() {
        assert_eq!(discord("שלום 12"), "\u{2068}שלום 12\u{2069}");
        assert_eq!(discord("alice"), "alice");
        assert_eq!(shape_name("שלום", NameStyle::Plain), "שלום");
    }

    #[test]
    fn long_names_are_capped() {
        let long = "x".repeat(200);
        let shaped = discord(&long);
        assert_eq!(shaped, format!("{}…", "x".repeat(31)));
        assert_eq!(shaped.chars().count(), NAME_CAP);
        // An escape pair counts as one character.
        let stars = discord(&"*".repeat(40));
        assert_eq!(stars, format!("{}…", r"\*".repeat(31)));
        assert_eq!(discord(&"x".repeat(32)), "x".repeat(32));
    }

    #[test]
    fn code_block_names_close_no_block_and_keep_their_markdown() {
        assert_eq!(code_name("**b** `x`", 24), "**b** ˋxˋ");
        assert_eq!(
            code_name(&"z".repeat(30), 20),
            format!("{}…", "z".repeat(19))
        );
        let rtl = code_name("שלום 12", 20);
        assert_eq!(rtl, "\u{2068}שלום 12\u{2069}");
        assert_eq!(code_width(&rtl), 7);
        assert_eq!(code_name("\u{200B}", 20), NAME_FALLBACK);
    }

    #[test]
    fn plain_keeps_markdown() {
        assert_eq!(shape_name("**b** @here", NameStyle::Plain), "**b** @here");
        assert_eq!(shape_name("alice", NameStyle::Plain), "alice");
    }

    #[test]
    fn shaping_twice_changes_nothing() {
        let long = "y".repeat(200);
        for raw in [
            "**b**",
            "[gift](https://x.yz)",
            "@everyone",
            "<@1>",
            "# Big",
            "- x",
            r"a\b",
            "שלום עולם",
            "discord.gg/free",
            long.as_str(),
            &"*".repeat(40),
        ] {
            let once = discord(raw);
            assert_eq!(discord(&once), once, "{raw}");
        }
    }
}
