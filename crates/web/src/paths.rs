//! The shapes of the web front end's addresses, in one place: the routes
//! ([`crate::router`]) answer them and the Discord adapter's posts link to
//! them (docs/web.md, "Routes"). Every path starts with `/`; prefix the
//! operator's public URL for a link.

use fourbot_core::game::Variant;
use fourbot_host::TournamentId;
use fourbot_host::{GuildId, MatchId, UserId};

/// A match's page: its table while it runs, its replay once it is over
/// (`/m/<match>`).
pub fn match_page(id: MatchId) -> String {
    format!("/m/{}", id.0)
}

/// A match's board as a PNG, as it stands (`/m/<match>/board.png`): the
/// pages' `og:image`.
pub fn match_board_png(id: MatchId) -> String {
    format!("/m/{}/board.png", id.0)
}

/// A match in the exchange format of docs/rules.md §2, as `/export` gives
/// it on Discord (`/m/<match>/export.txt`).
pub fn match_export(id: MatchId) -> String {
    format!("/m/{}/export.txt", id.0)
}

/// The animated replay of one game of a match (`/m/<match>/replay.gif`,
/// `?game=<n>` for the `n`-th game, 1-based; without it the last game).
pub fn match_replay_gif(id: MatchId, game: usize) -> String {
    format!("/m/{}/replay.gif?game={game}", id.0)
}

/// A player's page on one server (`/player/<server>/<user>`): ratings per
/// variant, recent matches, head-to-head.
pub fn player_page(guild: GuildId, user: UserId) -> String {
    format!("/player/{}/{}", guild.0, user.0)
}

/// A server's leaderboard of one variant
/// (`/leaderboard/<server>/<variant key>`, [`Variant::key`]).
pub fn leaderboard_page(guild: GuildId, variant: Variant) -> String {
    format!("/leaderboard/{}/{}", guild.0, variant.key())
}

/// A player's rating chart of one variant as a PNG
/// (`/player/<server>/<user>/chart.png?variant=<key>`): their page's
/// pictures and `og:image`.
pub fn player_chart_png(guild: GuildId, user: UserId, variant: Variant) -> String {
    format!(
        "{}/chart.png?variant={}",
        player_page(guild, user),
        variant.key()
    )
}

/// The top of a leaderboard as a PNG
/// (`/leaderboard/<server>/<variant key>/top.png`): its `og:image`.
pub fn leaderboard_png(guild: GuildId, variant: Variant) -> String {
    format!("{}/top.png", leaderboard_page(guild, variant))
}

/// A tournament's page (`/tournament/<id>`): standings, pairings per round.
pub fn tournament_page(id: TournamentId) -> String {
    format!("/tournament/{}", id.0)
}

/// A tournament's standings as a PNG (`/tournament/<id>/standings.png`):
/// its page's `og:image`.
pub fn tournament_standings_png(id: TournamentId) -> String {
    format!("/tournament/{}/standings.png", id.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_the_documented_shapes() {
        assert_eq!(match_page(MatchId(12)), "/m/12");
        assert_eq!(match_board_png(MatchId(12)), "/m/12/board.png");
        assert_eq!(match_export(MatchId(12)), "/m/12/export.txt");
        assert_eq!(match_replay_gif(MatchId(12), 2), "/m/12/replay.gif?game=2");
        assert_eq!(player_page(GuildId(5), UserId(77)), "/player/5/77");
        assert_eq!(
            leaderboard_page(GuildId(5), Variant::Popout),
            "/leaderboard/5/popout"
        );
        assert_eq!(tournament_page(TournamentId(3)), "/tournament/3");
        assert_eq!(
            tournament_standings_png(TournamentId(3)),
            "/tournament/3/standings.png"
        );
        assert_eq!(
            player_chart_png(GuildId(5), UserId(77), Variant::Popout),
            "/player/5/77/chart.png?variant=popout"
        );
        assert_eq!(
            leaderboard_png(GuildId(5), Variant::Classic),
            "/leaderboard/5/classic/top.png"
        );
    }
}
