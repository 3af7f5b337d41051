//! A server's ladder as players and moderators ask about it: rating cards,
//! leaderboard pages, match histories, archived matches, and the
//! moderators' changes — a new season, a voided match, bans, an aborted
//! match (docs/rules.md §6, docs/discord.md). Front ends format what this
//! returns; refusals are [`Denial`]s.

use fourbot_core::game::Variant;
use fourbot_core::play::{Match, Seat, Seating};
use fourbot_i18n::{id, Id, Message};
use fourbot_store::{
    Db, HeadToHead, HistoryEntry, LadderEntry, MatchDetail, MatchId, PoolRating, RatedEntry,
    RatingPoint, StoreError,
};

use super::denial::Denial;
use super::matches::{AbortError, Host};
use super::moderation::{ModAction, ModLog, Moderator};
use super::players::{known_player, stored_player};
use super::present::Seated;
use super::view::{GuildId, UserId};

/// Wins, draws and losses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Matches won.
    pub wins: u32,
    /// Matches drawn.
    pub draws: u32,
    /// Matches lost.
    pub losses: u32,
}

/// A player's standing in one rating pool (a variant of this season).
#[derive(Clone, Debug, PartialEq)]
pub struct PoolCard {
    /// The pool's variant.
    pub variant: Variant,
    /// Rating, deviation, rank and matches played.
    pub entry: LadderEntry,
    /// The pool's matches (this season's, rated, not voided).
    pub record: Record,
    /// Players ranked in the pool.
    pub total: u32,
    /// Whether the player is on the leaderboard: a banned player is not
    /// (their rank is then not shown).
    pub ranked: bool,
    /// Every rated match of the pool that changed the rating, oldest first
    /// (the rating chart: docs/render.md).
    pub history: Vec<RatingPoint>,
}

/// One player's rating change in a match ([`Ladder::rating_changes`]).
#[derive(Clone, Debug, PartialEq)]
pub struct RatingLine {
    /// The player's name on the match's server, as typed (not shaped).
    pub name: String,
    /// The rating before the match, as shown (`1500?` while provisional).
    pub before: String,
    /// The rating after it, as shown.
    pub after: String,
    /// After minus before, in rating points (the shown scale).
    pub change: f64,
}

/// One page of a leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderboardPage {
    /// The server's current season.
    pub season: u32,
    /// The page's lines, best first.
    pub entries: Vec<LadderEntry>,
    /// Whether a next page exists.
    pub has_next: bool,
    /// Each line's trend (same order as `entries`): its rating as shown now
    /// minus as shown before its first rated match of the last
    /// [`TREND_WINDOW_MS`], in [`PoolRating::shown_value`] units (Glicko-2
    /// points, Weng-Lin tenths); `None` without a match in that window.
    pub trends: Vec<Option<i64>>,
}

/// Leaderboard lines per page.
pub const PAGE: usize = 10;

/// The leaderboard's trend looks back this far: 30 days, in ms. A window
/// of time rather than of matches, so a player who stopped playing shows no
/// trend instead of an old one.
pub const TREND_WINDOW_MS: i64 = 30 * 24 * 3600 * 1000;

/// The trend of `now` against `before` (see [`LeaderboardPage::trends`]).
pub fn trend(now: &PoolRating, before: Option<&PoolRating>) -> Option<i64> {
    before.map(|b| now.shown_value() - b.shown_value())
}

/// Wins, draws and losses in the rated, not voided matches of `variant`
/// in ladder season `season` (`history` is one server's): the pool a
/// rating card shows, so the two count the same matches. A team's points
/// are its side's ([`Seating::side_of`]).
pub fn record(history: &[HistoryEntry], variant: Variant, season: u32) -> Record {
    let seating = Seating::new(variant);
    let mut r = Record::default();
    for h in history
        .iter()
        .filter(|h| h.season == season && h.variant == variant && h.rating.is_some() && !h.voided)
    {
        let Some(seat) = Seat::new(usize::from(h.seat)) else {
            continue;
        };
        let side = seating.side_of(seat).index();
        let Some(mine) = h.points_halves.get(side) else {
            continue;
        };
        let best_other = h
            .points_halves
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != side)
            .map(|(_, p)| *p)
            .max()
            .unwrap_or(0);
        match mine.cmp(&best_other) {
            std::cmp::Ordering::Greater => r.wins += 1,
            std::cmp::Ordering::Equal => r.draws += 1,
            std::cmp::Ordering::Less => r.losses += 1,
        }
    }
    r
}

/// Reads a match number as users write it (`12`, `#12`).
///
/// # Errors
/// `error-match-not-found` with what was typed.
pub fn match_number(text: &str) -> Result<MatchId, Denial> {
    let shown = text.trim().trim_start_matches('#').to_string();
    shown
        .parse::<i64>()
        .ok()
        .filter(|n| *n > 0)
        .map(MatchId)
        .ok_or_else(|| not_found(shown))
}

fn not_found(shown: impl Into<String>) -> Denial {
    Denial::new(id::ERROR_MATCH_NOT_FOUND).with("id", shown.into())
}

fn internal(what: &'static str) -> impl Fn(StoreError) -> Denial {
    move |e| {
        tracing::error!(error = %e, "{what} failed");
        Denial::internal()
    }
}

/// The ladders of one store. Cheap to clone.
#[derive(Clone)]
pub struct Ladder {
    db: Db,
    host: Host,
    modlog: ModLog,
}

impl Ladder {
    /// The ladders of `db`, whose running matches `host` runs; moderators'
    /// changes are logged in `modlog`.
    pub fn new(db: Db, host: Host, modlog: ModLog) -> Ladder {
        Ladder { db, host, modlog }
    }

    /// `user`'s standing in every pool of `guild`'s current season where
    /// they have a rating (only `variant`'s when given), with their record.
    ///
    /// # Errors
    /// `rating-unrated-variant` for a variant that is never rated; the
    /// store failed.
    pub async fn rating_card(
        &self,
        guild: GuildId,
        user: &Seated,
        variant: Option<Variant>,
    ) -> Result<Vec<PoolCard>, Denial> {
        if let Some(v) = variant.filter(|v| !v.rated()) {
            return Err(Denial::new(id::RATING_UNRATED_VARIANT).with("variant", id::variant(v)));
        }
        let fail = internal("reading a rating card");
        let Some(player) = known_player(&self.db, guild, user).await.map_err(&fail)? else {
            return Ok(Vec::new());
        };
        let now = self.host.clock().unix_ms();
        let card = self
            .db
            .rating_card(guild.0, player, now)
            .await
            .map_err(&fail)?;
        let history = self
            .db
            .match_history(player, guild.0, 10_000)
            .await
            .map_err(&fail)?;
        let season = self.db.guild_settings(guild.0).await.map_err(&fail)?.season;
        // The leaderboard leaves a banned player out: so does their card's
        // rank (issue 32: "Rank 1 of 3" on a board that does not show them).
        let banned = self.db.is_banned(guild.0, player).await.map_err(&fail)?;
        let mut out = Vec::new();
        for (v, entry) in card
            .into_iter()
            .filter(|(v, _)| variant.is_none_or(|w| w == *v))
        {
            let total = self.db.leaderboard_size(guild.0, v).await.map_err(&fail)?;
            let rated = self
                .db
                .rating_history(guild.0, player, v, Some(season))
                .await
                .map_err(&fail)?;
            out.push(PoolCard {
                history: rated,
                variant: v,
                record: record(&history, v, season),
                total: total.max(entry.rank),
                ranked: !banned,
                entry,
            });
        }
        Ok(out)
    }

    /// The head-to-head record of `player` against `other` on `guild`
    /// (`/rating user versus`: [`HeadToHead`], seen from `player`). A
    /// player the store has never seen has played nobody: all zero. The
    /// same user twice is refused (`head-to-head-self`).
    ///
    /// # Errors
    /// `head-to-head-self`; the store failed.
    pub async fn head_to_head(
        &self,
        guild: GuildId,
        player: &Seated,
        other: &Seated,
    ) -> Result<HeadToHead, Denial> {
        if player.id == other.id {
            return Err(Denial::new(id::HEAD_TO_HEAD_SELF));
        }
        let fail = internal("reading a head-to-head record");
        let a = known_player(&self.db, guild, player).await.map_err(&fail)?;
        let b = known_player(&self.db, guild, other).await.map_err(&fail)?;
        let (Some(a), Some(b)) = (a, b) else {
            return Ok(HeadToHead::default());
        };
        self.db.head_to_head(guild.0, a, b).await.map_err(&fail)
    }

    /// Page `page` (0-based) of `guild`'s leaderboard of `variant`.
    ///
    /// # Errors
    /// `rating-unrated-variant` for a variant that is never rated; the
    /// store failed.
    pub async fn leaderboard(
        &self,
        guild: GuildId,
        variant: Variant,
        page: usize,
    ) -> Result<LeaderboardPage, Denial> {
        if !variant.rated() {
            return Err(
                Denial::new(id::RATING_UNRATED_VARIANT).with("variant", id::variant(variant))
            );
        }
        let fail = internal("reading a leaderboard");
        let season = self.db.guild_settings(guild.0).await.map_err(&fail)?.season;
        let wanted = (page + 1) * PAGE + 1;
        let now = self.host.clock().unix_ms();
        let all = self
            .db
            .leaderboard(guild.0, variant, None, wanted as u32, now)
            .await
            .map_err(&fail)?;
        let has_next = all.len() > (page + 1) * PAGE;
        let entries: Vec<LadderEntry> = all.into_iter().skip(page * PAGE).take(PAGE).collect();
        let players: Vec<_> = entries.iter().map(|e| e.player).collect();
        let before = self
            .db
            .ratings_before_window(guild.0, variant, &players, now - TREND_WINDOW_MS)
            .await
            .map_err(&fail)?;
        Ok(LeaderboardPage {
            season,
            has_next,
            trends: entries
                .iter()
                .map(|e| trend(&e.rating, before.get(&e.player)))
                .collect(),
            entries,
        })
    }

    /// The name `guild` shows for `user`: the store's name for them there
    /// (that server's nickname for them, else their own name; docs/store.md
    /// "Names per server"), or `user.name` for a user the store has never
    /// seen. Reads only.
    ///
    /// # Errors
    /// The store failed.
    pub async fn name_in(&self, guild: GuildId, user: &Seated) -> Result<String, Denial> {
        let fail = internal("reading a player's name");
        match known_player(&self.db, guild, user).await.map_err(&fail)? {
            Some(p) => self.db.player_name(guild.0, p).await.map_err(&fail),
            None => Ok(user.name.clone()),
        }
    }

    /// `user`'s last `limit` finished matches on `guild`, newest first.
    ///
    /// # Errors
    /// The store failed.
    pub async fn history(
        &self,
        guild: GuildId,
        user: &Seated,
        limit: u32,
    ) -> Result<Vec<HistoryEntry>, Denial> {
        let fail = internal("reading a match history");
        let Some(player) = known_player(&self.db, guild, user).await.map_err(&fail)? else {
            return Ok(Vec::new());
        };
        self.db
            .match_history(player, guild.0, limit)
            .await
            .map_err(&fail)
    }

    /// `guild`'s last `limit` finished rated matches that are not voided,
    /// newest first, whoever played them: what a moderator's `/ladder
    /// void` may name.
    ///
    /// # Errors
    /// The store failed.
    pub async fn recent_rated(
        &self,
        guild: GuildId,
        limit: u32,
    ) -> Result<Vec<RatedEntry>, Denial> {
        self.db
            .recent_rated_matches(guild.0, limit)
            .await
            .map_err(internal("reading a server's rated matches"))
    }

    /// The match that `text` names (`12`, `#12`) if it was played on
    /// `guild`: its stored detail and the match rebuilt from its journal.
    ///
    /// # Errors
    /// `error-match-not-found` (also for another server's match); the
    /// store failed.
    pub async fn find_match(
        &self,
        guild: GuildId,
        text: &str,
    ) -> Result<(MatchDetail, Match), Denial> {
        let number = match_number(text)?;
        let detail = self.detail_on(guild, number, text).await?;
        let loaded = self
            .db
            .load_match(number)
            .await
            .map_err(internal("loading a match"))?;
        Ok((detail, loaded.game))
    }

    /// The rating changes match `id` of `guild` caused, in seat order, each
    /// with the player's name on `guild` (the result post's lines, for a
    /// front end that writes them itself: the web's replay). Empty for an
    /// unrated, aborted, voided, running or unknown match, and for another
    /// server's.
    ///
    /// # Errors
    /// The store failed.
    pub async fn rating_changes(
        &self,
        guild: GuildId,
        id: MatchId,
    ) -> Result<Vec<RatingLine>, Denial> {
        let fail = internal("reading a match's rating changes");
        match self.db.match_detail(id).await {
            Ok(d) if GuildId(d.guild) == guild => {}
            Ok(_) | Err(StoreError::NoSuchMatch(_)) => return Ok(Vec::new()),
            Err(e) => return Err(fail(e)),
        }
        let mut lines = Vec::new();
        for c in self.db.rating_changes(id).await.map_err(&fail)? {
            lines.push(RatingLine {
                name: self
                    .db
                    .player_name(guild.0, c.player)
                    .await
                    .map_err(&fail)?,
                before: c.before.shown(),
                after: c.after.shown(),
                change: c.after.score() - c.before.score(),
            });
        }
        Ok(lines)
    }

    async fn detail_on(
        &self,
        guild: GuildId,
        number: MatchId,
        text: &str,
    ) -> Result<MatchDetail, Denial> {
        match self.db.match_detail(number).await {
            Ok(d) if GuildId(d.guild) == guild => Ok(d),
            Ok(_) | Err(StoreError::NoSuchMatch(_)) => {
                Err(not_found(text.trim().trim_start_matches('#')))
            }
            Err(e) => Err(internal("reading a match")(e)),
        }
    }

    /// Starts a new season on `guild` for moderator `by` (the old one is
    /// kept; logged); its number.
    ///
    /// # Errors
    /// The store failed.
    pub async fn new_season(&self, guild: GuildId, by: &Moderator) -> Result<u32, Denial> {
        let season = self
            .db
            .new_season(guild.0)
            .await
            .map_err(internal("starting a season"))?;
        self.modlog
            .record(guild, by, ModAction::Season { season })
            .await;
        Ok(season)
    }

    /// Voids match `text` of `guild` for moderator `by` and undoes its
    /// rating changes (logged); the reply: done, or already voided.
    ///
    /// # Errors
    /// `error-match-not-found`; the store failed.
    pub async fn void(
        &self,
        guild: GuildId,
        text: &str,
        by: &Moderator,
    ) -> Result<Message, Denial> {
        let number = match_number(text)?;
        self.detail_on(guild, number, text).await?;
        let reply = |id| Message::new(id).with("id", number.to_string());
        match self.db.void_match(number).await {
            Ok(true) => {
                let action = ModAction::Void { id: number };
                self.modlog.record(guild, by, action).await;
                Ok(reply(id::LADDER_VOID_DONE))
            }
            Ok(false) => Ok(reply(id::LADDER_VOID_ALREADY)),
            Err(StoreError::NoSuchMatch(_)) => Err(not_found(number.to_string())),
            Err(e) => Err(internal("voiding a match")(e)),
        }
    }

    /// Aborts the running match `text` of `guild` for moderator `by` (a
    /// stuck match: no result, no rating change; the thread names the
    /// moderator; logged); the reply.
    ///
    /// # Errors
    /// `error-match-not-found` (another server's too), `ladder-abort-not-running`
    /// for a match that is over, `error-try-again` when the abort could not
    /// be stored; the store failed.
    pub async fn abort(
        &self,
        guild: GuildId,
        text: &str,
        by: &Moderator,
    ) -> Result<Message, Denial> {
        let number = match_number(text)?;
        let with_id = |id: Id| Denial::new(id).with("id", number.to_string());
        if self
            .host
            .spec(number)
            .filter(|s| s.guild == guild)
            .is_none()
        {
            return Err(match self.detail_on(guild, number, text).await {
                Ok(_) => with_id(id::LADDER_ABORT_NOT_RUNNING),
                Err(e) => e,
            });
        }
        match self.host.moderator_abort(number, &by.person.name).await {
            Ok(()) => {
                let action = ModAction::Abort { id: number };
                self.modlog.record(guild, by, action).await;
                Ok(Message::new(id::LADDER_ABORT_DONE).with("id", number.to_string()))
            }
            Err(AbortError::MatchOver) => Err(with_id(id::LADDER_ABORT_NOT_RUNNING)),
            Err(AbortError::NoSuchMatch) => Err(with_id(id::ERROR_MATCH_NOT_FOUND)),
            Err(AbortError::Unavailable) => Err(with_id(id::ERROR_TRY_AGAIN)),
        }
    }

    /// Bars `user` from `guild`'s rated matches (`ban`), or lifts the bar;
    /// `by` is the moderator (their reason is stored with the ban; a
    /// change is logged). The reply: done, or nothing to change.
    ///
    /// # Errors
    /// The store failed.
    pub async fn set_ban(
        &self,
        guild: GuildId,
        user: &Seated,
        by: &Moderator,
        ban: bool,
    ) -> Result<Message, Denial> {
        let fail = internal("changing a ban");
        let player = stored_player(&self.db, guild, user).await.map_err(&fail)?;
        // The name this server shows for them (the moderator picked a
        // user, not their member: the store knows this server's name).
        let name = self.db.player_name(guild.0, player).await.map_err(&fail)?;
        let reply = |id| Message::new(id).with("player", fourbot_i18n::Value::name(name.clone()));
        let logged = |done: bool, action| async move {
            if done {
                self.modlog.record(guild, by, action).await;
            }
        };
        let acted_on = Seated {
            name: name.clone(),
            ..user.clone()
        };
        if ban {
            let moderator = stored_player(&self.db, guild, &by.person)
                .await
                .map_err(&fail)?;
            let now = self.host.clock().unix_ms();
            let done = self
                .db
                .ban(guild.0, player, Some(moderator), by.reason.as_deref(), now)
                .await
                .map_err(&fail)?;
            logged(done, ModAction::Ban { player: acted_on }).await;
            Ok(reply(if done {
                id::LADDER_BAN_DONE
            } else {
                id::LADDER_BAN_ALREADY
            }))
        } else {
            let done = self
                .db
                .unban(guild.0, player, self.host.clock().unix_ms())
                .await
                .map_err(&fail)?;
            logged(done, ModAction::Unban { player: acted_on }).await;
            Ok(reply(if done {
                id::LADDER_UNBAN_DONE
            } else {
                id::LADDER_UNBAN_NOT_BANNED
            }))
        }
    }
}

/// One of a player's most frequent opponents on a server (the web's
/// player page: its head-to-head records).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opponent {
    /// Their Discord user.
    pub user: UserId,
    /// The name the server shows for them.
    pub name: String,
    /// Matches against the player that [`Ladder::head_to_head`] counts.
    pub matches: u32,
}

/// Reads for the web's player and leaderboard pages (issue 36).
impl Ladder {
    /// The (at most `limit`) Discord users `user` met most often on
    /// `guild`, most first ([`fourbot_store::Db::frequent_opponents`]);
    /// none for a user the store has never seen.
    ///
    /// # Errors
    /// The store failed.
    pub async fn frequent_opponents(
        &self,
        guild: GuildId,
        user: &Seated,
        limit: u32,
    ) -> Result<Vec<Opponent>, Denial> {
        let fail = internal("reading a player's opponents");
        let Some(player) = known_player(&self.db, guild, user).await.map_err(&fail)? else {
            return Ok(Vec::new());
        };
        let mut out = Vec::new();
        for (other, discord, matches) in self
            .db
            .frequent_opponents(guild.0, player, limit)
            .await
            .map_err(&fail)?
        {
            out.push(Opponent {
                user: UserId(discord),
                name: self.db.player_name(guild.0, other).await.map_err(&fail)?,
                matches,
            });
        }
        Ok(out)
    }

    /// The Discord user of each of `players` (a leaderboard's lines), in
    /// their order; `None` for one without a Discord account.
    ///
    /// # Errors
    /// The store failed.
    pub async fn discord_users(
        &self,
        guild: GuildId,
        players: &[fourbot_store::PlayerId],
    ) -> Result<Vec<Option<UserId>>, Denial> {
        let fail = internal("reading players");
        let mut out = Vec::with_capacity(players.len());
        for p in players {
            let info = self.db.player_info(guild.0, *p).await.map_err(&fail)?;
            out.push(info.discord_id.filter(|_| !info.is_bot).map(UserId));
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rating_cards_record_counts_this_seasons_rated_matches_only() {
        // Before: every season's matches were counted, so after `/ladder
        // reset` the card showed the new season's rating beside the old
        // seasons' wins and losses.
        let h = |id: i64, season: u32, points: [u32; 2], rated: bool, voided: bool| HistoryEntry {
            id: MatchId(id),
            guild: 7,
            season,
            variant: Variant::Classic,
            seat: 0,
            opponents: vec!["b".into()],
            points_halves: points.to_vec(),
            place: Some(1),
            end: fourbot_store::EndKind::Completed,
            rating: rated.then_some((1500.0, 1510.0)),
            voided,
            finished_unix_ms: id,
        };
        let history = [
            h(1, 1, [4, 0], true, false),
            h(2, 1, [4, 0], true, false),
            h(3, 2, [2, 2], true, false),
            h(4, 2, [0, 4], true, false),
            h(5, 2, [4, 0], true, true),
            h(6, 2, [4, 0], false, false),
        ];
        let r = |wins, draws, losses| Record {
            wins,
            draws,
            losses,
        };
        assert_eq!(record(&history, Variant::Classic, 2), r(0, 1, 1));
        assert_eq!(record(&history, Variant::Classic, 1), r(2, 0, 0));
        assert_eq!(record(&history, Variant::Five, 2), r(0, 0, 0));
    }

    #[test]
    fn a_team_players_record_is_their_sides() {
        // Seat p4 plays for side B (p2 and p4, docs/rules.md §5 teams).
        let h = HistoryEntry {
            id: MatchId(1),
            guild: 7,
            season: 1,
            variant: Variant::Teams,
            seat: 3,
            opponents: vec!["a".into(), "b".into(), "c".into()],
            points_halves: vec![0, 4],
            place: Some(1),
            end: fourbot_store::EndKind::Completed,
            rating: Some((25.0, 26.0)),
            voided: false,
            finished_unix_ms: 1,
        };
        let won = record(std::slice::from_ref(&h), Variant::Teams, 1);
        assert_eq!((won.wins, won.losses), (1, 0));
        let lost = record(&[HistoryEntry { seat: 2, ..h }], Variant::Teams, 1);
        assert_eq!((lost.wins, lost.losses), (0, 1));
    }

    #[test]
    fn match_numbers_read_with_or_without_a_hash() {
        assert_eq!(match_number("#12").unwrap(), MatchId(12));
        assert_eq!(match_number(" 7 ").unwrap(), MatchId(7));
        for bad in ["", "#", "x1", "-3", "0"] {
            assert_eq!(
                match_number(bad).unwrap_err().id(),
                id::ERROR_MATCH_NOT_FOUND,
                "{bad}"
            );
        }
    }
}
