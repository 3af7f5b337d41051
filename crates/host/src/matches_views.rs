//! The words of `/matches`: the reader's running matches on a server, each
//! with a link to its place, and their open challenges and seeks, each
//! numbered with a Withdraw button of data ([`WithdrawButton`]) that a
//! front end maps to its own (on Discord: the challenge's withdraw, the
//! seek's cancel).

use fourbot_i18n::{id, Args, Catalog, Locale};

use super::matches::MatchSpec;
use super::offers::{OfferId, OpenOffer};
use super::present::versus;
use super::view::ButtonStyle;

/// What a Withdraw button of `/matches` takes back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WithdrawAction {
    /// The challenge with this id.
    Challenge(OfferId),
    /// The seek with this id.
    Seek(OfferId),
}

/// A Withdraw button of `/matches`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WithdrawButton {
    /// Localized label, with the offer's number (`Withdraw 2`).
    pub label: String,
    /// What pressing it does.
    pub action: WithdrawAction,
    /// Colour.
    pub style: ButtonStyle,
}

/// The answer to `/matches`: one line per running match (`running`: where
/// the front end links to the match, as its reader reads it — on Discord
/// the thread's mention `<#id>` — and the match), then one numbered line
/// and one button per open offer, at most `max_buttons` (the buttons a
/// message can carry); a line that says there is none when both are empty.
pub fn matches_message(
    catalog: &Catalog,
    l: Locale,
    running: &[(String, MatchSpec)],
    offers: &[OpenOffer],
    max_buttons: usize,
) -> (String, Vec<WithdrawButton>) {
    let mut lines = Vec::new();
    if !running.is_empty() {
        lines.push(catalog.text(l, id::MATCHES_RUNNING, &Args::new()));
        for (place, spec) in running {
            let args = Args::new()
                .set("thread", place.clone())
                .set("players", versus(catalog, l, spec.variant, &spec.players))
                .set(
                    "variant",
                    catalog.text(l, id::variant(spec.variant), &Args::new()),
                );
            lines.push(catalog.text(l, id::MATCHES_RUNNING_LINE, &args));
        }
    }
    let mut buttons = Vec::new();
    if !offers.is_empty() {
        lines.push(catalog.text(l, id::MATCHES_OFFERS, &Args::new()));
    }
    for (n, offer) in offers.iter().take(max_buttons).enumerate() {
        let n = n as i64 + 1;
        let (line, action) = match offer {
            OpenOffer::Challenge(c) => {
                let others: Vec<String> = c
                    .seats
                    .iter()
                    .filter(|s| s.id != c.challenger.id)
                    .map(|s| s.name.clone())
                    .collect();
                let args = Args::new()
                    .set("n", n)
                    .set("players", catalog.names(l, &others))
                    .set(
                        "variant",
                        catalog.text(l, id::variant(c.variant), &Args::new()),
                    );
                (
                    catalog.text(l, id::MATCHES_CHALLENGE_LINE, &args),
                    WithdrawAction::Challenge(c.id),
                )
            }
            OpenOffer::Seek(s) => {
                let args = Args::new().set("n", n).set(
                    "variant",
                    catalog.text(l, id::variant(s.variant), &Args::new()),
                );
                (
                    catalog.text(l, id::MATCHES_SEEK_LINE, &args),
                    WithdrawAction::Seek(s.id),
                )
            }
        };
        lines.push(line);
        buttons.push(WithdrawButton {
            label: catalog.text(l, id::BUTTON_WITHDRAW, &Args::new().set("n", n)),
            action,
            style: ButtonStyle::Secondary,
        });
    }
    if lines.is_empty() {
        lines.push(catalog.text(l, id::MATCHES_NONE, &Args::new()));
    }
    (lines.join("\n"), buttons)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn with_nothing_running_or_open_the_answer_says_so_and_has_no_button() {
        let c = Catalog::new().unwrap();
        let (text, buttons) = matches_message(&c, Locale::EnUs, &[], &[], 25);
        assert_eq!(text, c.text(Locale::EnUs, id::MATCHES_NONE, &Args::new()));
        assert!(!text.is_empty() && !text.contains('\n'), "{text}");
        assert!(buttons.is_empty());
    }
}
