//! Views as Discord messages: buttons as action rows, the board as an
//! attached PNG, and allowed mentions limited to the players addressed (a
//! name a user chose never pings anyone).

use serenity::all::{
    ButtonStyle as DiscordStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment,
    CreateButton, CreateMessage, UserId,
};

use crate::host::{Button, ButtonStyle, View, ViewKind};

/// Discord's limit on a message's text, in characters.
pub const MAX_CONTENT: usize = 2000;

/// The file name of an attached board.
pub const BOARD_FILE: &str = "board.png";

/// `text` cut to Discord's limit (on a character boundary).
pub fn clip(text: &str) -> String {
    if text.chars().count() <= MAX_CONTENT {
        return text.to_string();
    }
    let mut s: String = text.chars().take(MAX_CONTENT - 1).collect();
    s.push('…');
    s
}

fn style(s: ButtonStyle) -> DiscordStyle {
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

/// Allowed mentions for exactly these users (no roles, no @everyone).
pub fn mentions_only(users: &[UserId]) -> CreateAllowedMentions {
    CreateAllowedMentions::new()
        .everyone(false)
        .all_roles(false)
        .all_users(false)
        .users(users.iter().copied())
        .replied_user(false)
}

/// A public view as a channel message: a turn mentions the player to move
/// (the only user it may ping); the board PNG is attached when present.
pub fn view_message(view: &View) -> CreateMessage {
    let (content, ping) = match view.kind {
        ViewKind::Turn { to_move, ai: false } => (
            format!("<@{}> {}", to_move.0, view.text),
            vec![UserId::new(to_move.0.max(1))],
        ),
        _ => (view.text.clone(), Vec::new()),
    };
    let mut m = CreateMessage::new()
        .content(clip(&content))
        .allowed_mentions(mentions_only(&ping));
    if !view.buttons.is_empty() {
        m = m.components(action_rows(&view.buttons));
    }
    if let Some(png) = &view.image {
        m = m.add_file(CreateAttachment::bytes(png.clone(), BOARD_FILE));
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Move;
    use crate::host::{ActionId, Audience, MatchId, PlayerId};
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
            audience: Audience::Everyone,
            kind: ViewKind::Turn {
                to_move: PlayerId(555),
                ai: false,
            },
            text: "**@everyone** to move".into(),
            image: Some(vec![1, 2, 3]),
            position: None,
            buttons: vec![vec![b(0, false), b(1, true)], vec![]],
        }
    }

    #[test]
    fn a_turn_message_pings_only_the_player_to_move() {
        let json = serde_json::to_value(view_message(&view())).unwrap();
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
    fn long_text_is_clipped_to_discords_limit() {
        let long = "é".repeat(3000);
        assert_eq!(clip(&long).chars().count(), MAX_CONTENT);
        assert_eq!(clip("short"), "short");
    }
}
