//! Views as Discord messages: buttons as action rows, the board as an
//! attached PNG, and allowed mentions limited to the players addressed (a
//! name a user chose never pings anyone).

use std::hash::Hasher;

use serenity::all::{
    ButtonStyle as DiscordStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment,
    CreateButton, CreateInteractionResponseFollowup, CreateMessage, Nonce, UserId,
};

use crate::host::{Button, ButtonStyle, View, ViewKind};

/// Discord's limit on a message's text, in characters.
pub const MAX_CONTENT: usize = 2000;

/// The file name of an attached board.
pub const BOARD_FILE: &str = "board.png";

/// A picture as an attachment named `file`, with its alt text as the
/// attachment's `description` (what a screen reader says instead of it;
/// at most 1,024 characters, `resources/message`, "Attachment Object";
/// `crate::host::alt`).
pub fn picture(bytes: Vec<u8>, file: impl Into<String>, alt: Option<&str>) -> CreateAttachment {
    let attachment = CreateAttachment::bytes(bytes, file);
    match alt {
        Some(alt) => attachment.description(alt),
        None => attachment,
    }
}

/// `text` cut to Discord's limit (on a character boundary).
pub fn clip(text: &str) -> String {
    crate::i18n::clip_chars(text, MAX_CONTENT)
}

/// A host button's colour as Discord's.
pub fn style(s: ButtonStyle) -> DiscordStyle {
    match s {
        ButtonStyle::Primary => DiscordStyle::Primary,
        ButtonStyle::Secondary => DiscordStyle::Secondary,
        ButtonStyle::Success => DiscordStyle::Success,
        ButtonStyle::Danger => DiscordStyle::Danger,
    }
}

/// One Discord button: the custom id is the button's action id.
pub fn button(b: &Button) -> CreateButton {
    CreateButton::new(b.action.to_string())
        .label(b.label.clone())
        .style(style(b.style))
        .disabled(b.disabled)
}

/// The view's rows of buttons as action rows (Discord: at most 5 rows of 5).
pub fn action_rows(rows: &[Vec<Button>]) -> Vec<CreateActionRow> {
    rows.iter()
        .filter(|r| !r.is_empty())
        .take(5)
        .map(|r| CreateActionRow::Buttons(r.iter().take(5).map(button).collect()))
        .collect()
}

/// A link button to a web page (docs/web.md, "Links on Discord"):
/// Discord's link style, a URL and no custom id (`interactions/message-components`,
/// "Button Object": at most 512 characters of URL).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// The button's words, in the message's language.
    pub label: String,
    /// The page's absolute address.
    pub url: String,
}

impl Link {
    /// The Discord button.
    pub fn button(&self) -> CreateButton {
        CreateButton::new_link(self.url.clone()).label(self.label.clone())
    }

    /// `rows` with this link after them: a row of its own while there is
    /// room for one (Discord: at most 5 rows), else at the end of the last
    /// row that has room (at most 5 buttons), else not at all.
    pub fn after(&self, mut rows: Vec<CreateActionRow>) -> Vec<CreateActionRow> {
        if rows.len() < 5 {
            rows.push(CreateActionRow::Buttons(vec![self.button()]));
        } else if let Some(CreateActionRow::Buttons(last)) = rows
            .iter_mut()
            .rev()
            .find(|r| matches!(r, CreateActionRow::Buttons(b) if b.len() < 5))
        {
            last.push(self.button());
        }
        rows
    }
}

/// Allowed mentions for exactly these users (no roles, no @everyone, no
/// @here, no reply ping): `parse: []` and `users` (docs/discord.md,
/// "Allowed mentions"). `mentions_only(&[])` pings nobody: it is every
/// client's default (`rest::Clients::build`) and poise's
/// (`FrameworkOptions::allowed_mentions`), and is set on the builders
/// whose route serenity 0.12.5 sends without that default
/// (`EditInteractionResponse`).
pub fn mentions_only(users: &[crate::host::UserId]) -> CreateAllowedMentions {
    CreateAllowedMentions::new()
        .everyone(false)
        .all_roles(false)
        .all_users(false)
        .users(users.iter().map(|u| UserId::new(u.0.max(1))))
        .replied_user(false)
}

/// Discord's limit on a create-message nonce, in characters.
pub const MAX_NONCE: usize = 25;

/// The nonce of a turn, the end of a game or the end of a match (`None`
/// for other views): `t`, `g` or `e`, then the 64-bit FNV-1a hash (16 hex
/// digits) of the match id, the kind, the text and the buttons' custom ids,
/// then `.` and the match id, cut to [`MAX_NONCE`] characters.
///
/// Sent with `enforce_nonce`, it makes Discord answer a second create with
/// the same nonce within a few minutes with the first message instead of
/// posting another (Discord's create-message). So a retry after an error
/// that Discord gave after creating the message (a 500 from its edge, a
/// timeout), and the end of a match posted again after a restart because
/// its posting was not saved, post nothing twice. The same view gets the
/// same nonce in every run; a turn posted again after a restart gets a
/// new one, as its text shows the restarted clock.
pub fn post_nonce(view: &View) -> Option<String> {
    let kind = match view.kind {
        ViewKind::Turn { .. } => 't',
        ViewKind::GameOver => 'g',
        ViewKind::MatchOver => 'e',
        ViewKind::Notice => return None,
    };
    let mut h = fnv::FnvHasher::default();
    h.write_u64(view.match_id.0 as u64);
    h.write_u8(kind as u8);
    h.write(view.text.as_bytes());
    for b in view.all_buttons() {
        h.write_u8(0);
        h.write(b.action.to_string().as_bytes());
    }
    let mut nonce = format!("{kind}{:016x}.{}", h.finish(), view.match_id.0);
    nonce.truncate(MAX_NONCE);
    Some(nonce)
}

/// The nonce of a tournament post (`r`, the 64-bit FNV-1a hash of the
/// tournament, the round, the board — or the batch's first board for the
/// round's own messages — the kind of post and its index, then `.` and the
/// tournament, cut to [`MAX_NONCE`]), for `enforce_nonce`: a round
/// announced again after a stop that came between its posts and their
/// record (start-up re-announces pending boards without a match) gets its
/// first messages back instead of posting them twice. The same in every
/// run.
pub fn tournament_nonce(tournament: u64, round: u32, board: u32, kind: u8, index: usize) -> String {
    let mut h = fnv::FnvHasher::default();
    h.write_u64(tournament);
    h.write_u32(round);
    h.write_u32(board);
    h.write_u8(kind);
    h.write_usize(index);
    let mut nonce = format!("r{:016x}.{tournament}", h.finish());
    nonce.truncate(MAX_NONCE);
    nonce
}

/// What a public view shows, before it becomes a channel message or a
/// follow-up: a turn mentions the player to move (the only user it may
/// ping); the board PNG is attached when present.
struct Outgoing {
    content: String,
    mentions: CreateAllowedMentions,
    components: Option<Vec<CreateActionRow>>,
    board: Option<CreateAttachment>,
}

fn outgoing(view: &View, link: Option<&Link>) -> Outgoing {
    let (content, ping) = match view.kind {
        ViewKind::Turn { to_move, ai: false } => {
            (format!("<@{}> {}", to_move.0, view.text), vec![to_move])
        }
        _ => (view.text.clone(), Vec::new()),
    };
    Outgoing {
        content: clip(&content),
        mentions: mentions_only(&ping),
        components: match link {
            Some(link) => Some(link.after(action_rows(&view.buttons))),
            None => (!view.buttons.is_empty()).then(|| action_rows(&view.buttons)),
        },
        // The picture with its alt text (its attachment's description).
        board: view
            .image
            .as_ref()
            .map(|png| picture(png.clone(), BOARD_FILE, view.alt.as_deref())),
    }
}

/// The text a view is posted with (what [`view_message`] and
/// [`view_followup`] send as `content`).
pub fn view_content(view: &View) -> String {
    outgoing(view, None).content
}

/// A public view as a channel message ([`Outgoing`]), with `link` after
/// its buttons; a turn or an end carries its [`post_nonce`] with
/// `enforce_nonce`.
pub fn view_message(view: &View, link: Option<&Link>) -> CreateMessage {
    let o = outgoing(view, link);
    let mut m = CreateMessage::new()
        .content(o.content)
        .allowed_mentions(o.mentions);
    if let Some(rows) = o.components {
        m = m.components(rows);
    }
    if let Some(file) = o.board {
        m = m.add_file(file);
    }
    if let Some(nonce) = post_nonce(view) {
        m = m.nonce(Nonce::String(nonce)).enforce_nonce(true);
    }
    m
}

/// A public view as a follow-up of an interaction (posted with its token,
/// exempt from the global rate limit; see [`super::leases`]): the same
/// content, mentions, buttons and board as [`view_message`]. Discord's
/// follow-ups take no nonce.
pub fn view_followup(view: &View, link: Option<&Link>) -> CreateInteractionResponseFollowup {
    let o = outgoing(view, link);
    let mut m = CreateInteractionResponseFollowup::new()
        .content(o.content)
        .allowed_mentions(o.mentions);
    if let Some(rows) = o.components {
        m = m.components(rows);
    }
    if let Some(file) = o.board {
        m = m.add_file(file);
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Move;
    use crate::host::{ActionId, MatchId, UserId};
    use crate::play::Turn;

    fn view() -> View {
        let b = |c: u8, disabled| Button {
            label: ((b'a' + c) as char).to_string(),
            action: ActionId::Move {
                match_id: MatchId(1),
                turn: Turn { game: 1, ply: 3 },
                mv: Move::Drop(c),
            },
            style: ButtonStyle::Primary,
            disabled,
        };
        View {
            match_id: MatchId(1),
            kind: ViewKind::Turn {
                to_move: UserId(555),
                ai: false,
            },
            text: "**@everyone** to move".into(),
            image: Some(vec![1, 2, 3]),
            alt: None,
            position: None,
            buttons: vec![vec![b(0, false), b(1, true)], vec![]],
        }
    }

    #[test]
    fn a_turn_message_pings_only_the_player_to_move() {
        let json = serde_json::to_value(view_message(&view(), None)).unwrap();
        assert_eq!(json["allowed_mentions"]["parse"], serde_json::json!([]));
        assert_eq!(
            json["allowed_mentions"]["users"],
            serde_json::json!(["555"])
        );
        assert!(json["content"].as_str().unwrap().starts_with("<@555> "));
        let row = &json["components"][0]["components"];
        assert_eq!(row[0]["custom_id"], "m:1:1.3:drop:a");
        assert_eq!(row[1]["disabled"], true);
        assert_eq!(json["components"].as_array().unwrap().len(), 1);
    }

    #[test]
    fn a_turn_post_carries_a_nonce_that_is_the_same_for_the_same_view_only() {
        let v = view();
        let json = serde_json::to_value(view_message(&v, None)).unwrap();
        let nonce = json["nonce"].as_str().unwrap().to_string();
        assert_eq!(json["enforce_nonce"], true);
        assert!(
            nonce.len() <= MAX_NONCE && nonce.starts_with('t'),
            "{nonce}"
        );
        assert_eq!(post_nonce(&v.clone()), Some(nonce.clone()), "stable");
        // Another match, another text (a restarted clock), another turn.
        let mut other = v.clone();
        other.match_id = MatchId(2);
        let mut restarted = v.clone();
        restarted.text.push_str(" <t:1796000000:R>");
        let mut later = v.clone();
        later.buttons[0][0].action = ActionId::Move {
            match_id: MatchId(1),
            turn: Turn { game: 1, ply: 4 },
            mv: Move::Drop(0),
        };
        for w in [other, restarted, later] {
            assert_ne!(post_nonce(&w), Some(nonce.clone()), "{w:?}");
        }
        // A huge match id still fits.
        let mut big = v.clone();
        big.match_id = MatchId(i64::MAX);
        assert_eq!(post_nonce(&big).unwrap().len(), MAX_NONCE);
    }

    #[test]
    fn an_end_has_a_nonce_and_a_notice_has_none() {
        let mut end = view();
        end.kind = ViewKind::MatchOver;
        assert!(post_nonce(&end).unwrap().starts_with('e'));
        let mut notice = view();
        notice.kind = ViewKind::Notice;
        assert_eq!(post_nonce(&notice), None);
        let json = serde_json::to_value(view_message(&notice, None)).unwrap();
        assert!(json.get("nonce").is_none());
        assert_eq!(json["enforce_nonce"], false);
    }

    #[test]
    fn a_followup_shows_what_the_channel_message_shows_without_a_nonce() {
        let v = view();
        let channel = serde_json::to_value(view_message(&v, None)).unwrap();
        let followup = serde_json::to_value(view_followup(&v, None)).unwrap();
        for key in ["content", "allowed_mentions", "components"] {
            assert_eq!(channel[key], followup[key], "{key}");
        }
        assert_eq!(followup["content"], view_content(&v));
        assert!(followup.get("nonce").is_none());
        assert!(followup.get("flags").is_none(), "public, not ephemeral");
    }

    #[test]
    fn a_link_takes_a_row_of_its_own_else_a_place_in_a_row_with_room_else_none() {
        let link = Link {
            label: "Watch on the web".into(),
            url: "https://c4.test/m/1".into(),
        };
        let row = |n: usize| {
            CreateActionRow::Buttons(
                (0..n)
                    .map(|i| CreateButton::new(format!("b{i}")).label("x"))
                    .collect(),
            )
        };
        let shape = |rows: &[CreateActionRow]| -> Vec<usize> {
            let json = serde_json::to_value(rows).unwrap();
            json.as_array()
                .unwrap()
                .iter()
                .map(|r| r["components"].as_array().unwrap().len())
                .collect()
        };
        let alone = link.after(Vec::new());
        assert_eq!(shape(&alone), [1]);
        let json = serde_json::to_value(&alone).unwrap();
        assert_eq!(json[0]["components"][0]["style"], 5);
        assert_eq!(json[0]["components"][0]["url"], "https://c4.test/m/1");
        assert!(json[0]["components"][0].get("custom_id").is_none());
        assert_eq!(shape(&link.after(vec![row(5), row(2)])), [5, 2, 1]);
        let five = vec![row(5), row(3), row(5), row(5), row(5)];
        assert_eq!(shape(&link.after(five)), [5, 4, 5, 5, 5]);
        let full = vec![row(5), row(5), row(5), row(5), row(5)];
        assert_eq!(shape(&link.after(full)), [5, 5, 5, 5, 5]);
    }

    #[test]
    fn long_text_is_clipped_to_discords_limit() {
        let long = "é".repeat(3000);
        assert_eq!(clip(&long).chars().count(), MAX_CONTENT);
        assert_eq!(clip("short"), "short");
    }
}
