//! Open challenges (`/challenge`) and seeks (`/seek`): who may be
//! challenged, the server's terms and bans, and their lifecycle — answered,
//! joined, cancelled, expired — kept in the store's `challenges` and
//! `challenge_seats` tables (docs/store.md), so that they survive a restart:
//! the buttons of an old message keep working, and the expiry (an absolute
//! wall-clock time) is re-armed at start-up. Every change is one guarded
//! `UPDATE` (accept a seat, take a free seat, close, expire), so two
//! simultaneous presses change a challenge once and start one match.
//!
//! The front end posts the messages; this module decides.

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use fourbot_core::game::Variant;
use fourbot_core::play::{unrated, ClockSettings};
use fourbot_i18n::{id, Args, Id, Locale, Value};
use fourbot_store::{
    ChallengeKind, ChallengeSeat, ChallengeState, Db, GuildSettings, NewChallenge, StoreError,
    StoredChallenge,
};

use super::denial::Denial;
use super::limits::{self, Bounds, Limit};
use super::matches::{Host, MatchSpec, RematchRules};
use super::players::{discord_user, known_player, stored_player};
use super::present::{NameSource, Seated};
use super::seating::{seat_players, ColorChoice, Invitation};
use super::terms::{challenge_expiry, match_terms, MatchTerms};
use super::view::{GuildId, MatchId, UserId};

/// [`Offers::check_rematch`] as the host's [`RematchRules`]: what the
/// offers hold but the host, which the host hands in (holding the host here
/// would make the host hold itself).
struct RematchGate {
    db: Db,
    expiry_override: Option<Duration>,
    bounds: Bounds,
}

impl RematchRules for RematchGate {
    fn check<'a>(
        &'a self,
        host: &'a Host,
        spec: &'a MatchSpec,
        player: UserId,
        channel: Option<u64>,
        over_for: Option<Duration>,
    ) -> Pin<Box<dyn Future<Output = Result<(), Denial>> + Send + 'a>> {
        Box::pin(async move {
            let offers = Offers {
                db: self.db.clone(),
                host: host.clone(),
                expiry_override: self.expiry_override,
                bounds: self.bounds,
            };
            offers.check_rematch(spec, player, channel, over_for).await
        })
    }
}

/// A challenge's or a seek's id: its row in the store's `challenges`
/// table, which both kinds share (docs/store.md), and the number its
/// buttons carry (`c:<id>:accept`, `s:<id>:join`, …). Positive once stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OfferId(pub i64);

impl fmt::Display for OfferId {
    /// The number, e.g. `12`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A challenge waiting for its opponents.
#[derive(Clone, Debug)]
pub struct Challenge {
    /// Its id (`OfferId(0)` until it is stored).
    pub id: OfferId,
    /// The server.
    pub guild: GuildId,
    /// The channel of the challenge message.
    pub channel: u64,
    /// Who challenged.
    pub challenger: Seated,
    /// Every player by seat, the challenger included (p1 first; for teams
    /// p1 and p3 are one team).
    pub seats: Vec<Seated>,
    /// Who has accepted so far (the challenger and the AI at once).
    pub accepted: Vec<UserId>,
    /// The variant.
    pub variant: Variant,
    /// The time control, abort window and grace period.
    pub clock: ClockSettings,
    /// The colour the challenger asked for (single game).
    pub color: Option<ColorChoice>,
    /// Language of the public messages.
    pub locale: Locale,
    /// The text of the challenge message.
    pub text: String,
    /// The token of the interaction that posted the message (it edits the
    /// message for 15 minutes; never logged).
    pub token: String,
    /// The message with its buttons (a follow-up of that interaction), once
    /// posted.
    pub message: Option<u64>,
}

impl Challenge {
    /// The challenged players (every seat but the challenger's).
    pub fn invited(&self) -> impl Iterator<Item = &Seated> {
        self.seats.iter().filter(|s| s.id != self.challenger.id)
    }

    /// The challenged players who have not accepted yet.
    pub fn waiting_for(&self) -> Vec<&Seated> {
        self.invited()
            .filter(|s| !self.accepted.contains(&s.id))
            .collect()
    }

    /// Whether nobody but the bot was challenged (a game against the AI
    /// starts at once).
    pub fn against_the_bot(&self) -> bool {
        self.invited().all(|s| s.ai_level.is_some())
    }
}

/// An open seek.
#[derive(Clone, Debug)]
pub struct Seek {
    /// Its id (`OfferId(0)` until it is stored).
    pub id: OfferId,
    /// The server.
    pub guild: GuildId,
    /// The channel of the seek message.
    pub channel: u64,
    /// The seats taken so far, the seeker first.
    pub seats: Vec<Seated>,
    /// The variant.
    pub variant: Variant,
    /// Time control, abort window, grace period.
    pub clock: ClockSettings,
    /// Language of the public messages.
    pub locale: Locale,
    /// The seek message's text so far.
    pub text: String,
    /// The token of the `/seek` interaction (edits the message at expiry).
    pub token: String,
    /// The message with its buttons, once posted.
    pub message: Option<u64>,
}

impl Seek {
    /// Seats still free.
    pub fn free(&self) -> usize {
        usize::from(self.variant.players()).saturating_sub(self.seats.len())
    }
}

/// How a challenged player answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// They play.
    Accept,
    /// They do not (the challenger: withdraw it).
    Decline,
    /// The challenger withdraws it (from `/matches`; only the challenger).
    Withdraw,
}

/// What an answer did to its challenge.
#[derive(Clone, Debug)]
pub enum Answered {
    /// Accepted, but others have still to accept (or another press is
    /// starting the match).
    Waiting(Challenge),
    /// Everyone has accepted: the match starts (this press alone gets it).
    Complete(Challenge),
    /// Declined: the challenge is off.
    Declined(Challenge),
    /// The challenger withdrew it (their Decline, or Withdraw in
    /// `/matches`): the challenge is off.
    Withdrawn(Challenge),
}

/// An open offer of a player's ([`Offers::open_by`]).
#[derive(Clone, Debug)]
pub enum OpenOffer {
    /// A challenge they made.
    Challenge(Challenge),
    /// A seek they posted.
    Seek(Seek),
}

/// A press on a seek.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeekPress {
    /// Anyone takes a free seat.
    Join,
    /// The seeker withdraws the seek.
    Cancel,
}

/// What a join or cancel did to a seek.
#[derive(Clone, Debug)]
pub enum SeekChange {
    /// A seat was taken; others are still free.
    Joined(Seek),
    /// The last seat was taken: the match starts (this press alone gets it).
    Full(Seek),
    /// The seeker cancelled it.
    Cancelled(Seek),
}

/// A press on an offer's buttons (on its message or in a `/matches`
/// list): a challenge's answer or a seek's join or cancel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OfferPress {
    /// An answer to a challenge.
    Challenge(Answer),
    /// A seek's Join or Cancel.
    Seek(SeekPress),
}

/// Who pressed an offer's button, where ([`Offers::press`]).
#[derive(Clone, Copy, Debug)]
pub struct OfferPresser<'a> {
    /// The presser.
    pub player: &'a Seated,
    /// The id of the message they pressed on (the offer's own, or a
    /// `/matches` list).
    pub message: u64,
    /// Their language, for their own line.
    pub locale: Locale,
}

/// What a completed offer becomes: its match's players by seat, variant
/// and clock, on `guild`, with public messages in `public`.
#[derive(Clone, Debug)]
pub struct Completed {
    /// The server.
    pub guild: GuildId,
    /// Language of the public messages.
    pub public: Locale,
    /// The players by seat.
    pub players: Vec<Seated>,
    /// The variant.
    pub variant: Variant,
    /// The clock.
    pub clock: ClockSettings,
}

/// What an offer's message reads after a press, and what follows
/// ([`Offers::press`]).
#[derive(Clone, Debug)]
pub struct OfferAnswered {
    /// The offer's message now: its text and a line per answer, in the
    /// offer's language.
    pub text: String,
    /// Whether the offer is still open (its buttons stay).
    pub open: bool,
    /// Withdrawn by its author from another message than the offer's own
    /// (a `/matches` list): the offer's own message (its id when known)
    /// and the token of the command that posted it, to show [`Self::text`]
    /// without buttons; the pressed message then reads [`Self::line`].
    pub withdrawn_elsewhere: Option<(String, Option<u64>)>,
    /// The presser's own line, in the presser's language.
    pub line: String,
    /// The match to start, when this press completed the offer (this
    /// press alone gets it).
    pub complete: Option<Completed>,
}

/// A challenge or seek that expired (or was found expired), with what its
/// front end needs to take its buttons away.
#[derive(Clone, Debug)]
pub struct Expired {
    /// Its id.
    pub id: OfferId,
    /// Challenge or seek.
    pub kind: ChallengeKind,
    /// Language of its public messages.
    pub locale: Locale,
    /// Its message's text.
    pub text: String,
    /// The token that edits its message.
    pub token: Option<String>,
    /// Its message, when known: a follow-up of the token's interaction
    /// (edited by its id). Unknown for offers of versions whose message
    /// was the interaction's original response.
    pub message: Option<u64>,
}

impl Expired {
    /// The line its message ends with once expired.
    pub fn notice(&self) -> Id {
        match self.kind {
            ChallengeKind::Challenge => id::CHALLENGE_EXPIRED_NOTICE,
            ChallengeKind::Seek => id::SEEK_EXPIRED_NOTICE,
        }
    }
}

/// What [`Offers::lookup_expired`] found.
#[derive(Clone, Debug)]
pub enum Lookup {
    /// Not in the store (a message of a version that kept challenges in
    /// memory).
    Unknown,
    /// Closed by an answer (declined, cancelled, accepted).
    Closed,
    /// Expired.
    Expired(Expired),
}

impl Lookup {
    /// Whether the refusal `denial` says an offer expired, the case in
    /// which its message is to lose its buttons.
    pub fn is_expiry(denial: &Denial) -> bool {
        matches!(
            denial.id(),
            id::ERROR_CHALLENGE_EXPIRED | id::ERROR_SEEK_EXPIRED
        )
    }
}

/// The open challenges and seeks of one store, and the rules for making
/// them. Cheap to clone.
#[derive(Clone)]
pub struct Offers {
    db: Db,
    host: Host,
    expiry_override: Option<Duration>,
    bounds: Bounds,
}

fn locale_of(s: &StoredChallenge) -> Locale {
    s.new
        .locale
        .as_deref()
        .map_or(Locale::FALLBACK, Locale::negotiate)
}

/// Logs a store failure (about offer `id`, if one) and gives the apology.
fn internal(what: &'static str, id: Option<OfferId>) -> impl Fn(StoreError) -> Denial {
    move |e| {
        let challenge = id.map_or(0, |i| i.0);
        tracing::error!(error = %e, challenge, "{what} failed");
        Denial::internal()
    }
}

impl Offers {
    /// The offers of `db`, whose matches `host` runs; `expiry_override`
    /// replaces every server's challenge expiry (an operator's setting).
    ///
    /// Installs its rules of a rematch in `host` ([`Offers::check_rematch`]),
    /// so that every front end's Rematch press obeys them.
    pub fn new(db: Db, host: Host, expiry_override: Option<Duration>) -> Offers {
        let offers = Offers {
            db,
            host,
            expiry_override,
            bounds: Bounds::default(),
        };
        offers.install_rematch_rules();
        offers
    }

    /// The offers of a front end with no server (the terminal), whose
    /// matches `host` runs: every server setting its default, nobody
    /// banned, kept in a store in memory. What it gives that front end is
    /// the rules of a rematch (installed in `host` as by [`Offers::new`]),
    /// the same as on a server with default settings.
    ///
    /// # Errors
    /// The store in memory cannot be opened.
    pub async fn standalone(host: Host) -> Result<Offers, StoreError> {
        let db = Db::connect("sqlite::memory:").await?;
        Ok(Offers::new(db, host, None))
    }

    /// These offers with the operator's `bounds` on the servers' limits
    /// (default: [`Bounds::default`]); the host's rematch rules follow.
    pub fn with_bounds(mut self, bounds: Bounds) -> Offers {
        self.bounds = bounds;
        self.install_rematch_rules();
        self
    }

    fn install_rematch_rules(&self) {
        self.host.set_rematch_rules(Arc::new(RematchGate {
            db: self.db.clone(),
            expiry_override: self.expiry_override,
            bounds: self.bounds,
        }));
    }

    /// Refuses a new match against the AI for `player` on `guild` when
    /// they run as many as the server allows (`/config ai-matches`, within
    /// the operator's bound; docs/reliability.md, "Limits").
    ///
    /// # Errors
    /// `limit-ai-matches` with the count and the limit.
    pub async fn check_ai_matches(&self, guild: GuildId, player: UserId) -> Result<(), Denial> {
        let settings = self.settings(guild).await;
        let limit = self.bounds.effective(&settings.limits, Limit::AiMatches);
        let running = self.host.running_ai_matches(guild, player);
        limits::ai_matches(running, limit).map_or(Ok(()), Err)
    }

    /// Refuses a new challenge or seek of `player` on `guild` when they
    /// have as many open (not expired) as the server allows (`/config
    /// open-offers`, within the operator's bound): challenges and seeks
    /// count together, since each posts a public message and a challenge
    /// pings its opponents. Reads only (a player the store has never seen
    /// has none).
    ///
    /// # Errors
    /// `limit-open-offers` with the count, the limit and when the first
    /// expires; the apology when the store failed.
    pub async fn check_open_offers(&self, guild: GuildId, player: &Seated) -> Result<(), Denial> {
        let settings = self.settings(guild).await;
        let limit = self.bounds.effective(&settings.limits, Limit::OpenOffers);
        let fail = internal("counting open offers", None);
        let Some(stored) = known_player(&self.db, guild, player).await.map_err(&fail)? else {
            return Ok(());
        };
        let (open, first) = self
            .db
            .open_offers_by(guild.0, stored, self.host.clock().unix_ms())
            .await
            .map_err(&fail)?;
        limits::open_offers(open, limit, first).map_or(Ok(()), Err)
    }

    /// The server's settings (`/config`), or the defaults when they cannot
    /// be read (logged).
    pub async fn settings(&self, guild: GuildId) -> GuildSettings {
        self.db.guild_settings(guild.0).await.unwrap_or_else(|e| {
            tracing::error!(error = %e, guild = guild.0, "reading the server settings failed");
            GuildSettings::new(guild.0)
        })
    }

    /// The terms of a new match on `guild`, asked for in `channel` (see
    /// [`match_terms`]); `guild_locale` is Discord's language of the server.
    ///
    /// # Errors
    /// As [`match_terms`].
    pub async fn terms(
        &self,
        guild: GuildId,
        channel: u64,
        variant: Option<Variant>,
        time: Option<&str>,
        guild_locale: Option<&str>,
    ) -> Result<MatchTerms, Denial> {
        let settings = self.settings(guild).await;
        match_terms(
            &settings,
            channel,
            variant,
            time,
            guild_locale,
            self.expiry_override,
        )
    }

    /// Refuses when `first` or one of `others` is banned from `guild`'s
    /// ladder.
    ///
    /// # Errors
    /// `error-banned` for `first`, `error-player-banned` naming another.
    pub async fn check_bans(
        &self,
        guild: GuildId,
        first: &Seated,
        others: &[&Seated],
    ) -> Result<(), Denial> {
        for (n, p) in std::iter::once(first)
            .chain(others.iter().copied())
            .enumerate()
        {
            let banned = match stored_player(&self.db, guild, p).await {
                Ok(id) => self.db.is_banned(guild.0, id).await.unwrap_or(false),
                Err(_) => false,
            };
            if banned {
                return Err(if n == 0 {
                    Denial::new(id::ERROR_BANNED)
                } else {
                    Denial::new(id::ERROR_PLAYER_BANNED)
                        .with("player", fourbot_i18n::Value::name(p.name.clone()))
                });
            }
        }
        Ok(())
    }

    /// The rules a challenge follows, for `player`'s Rematch press on the
    /// end of match `spec` (docs/discord.md, "Rematch"): the rematch window
    /// (the server's challenge expiry, counted from the end `over_for`
    /// ago) has not passed; the server still allows the variant and, when
    /// it has a match channel, the match was played from it (`parent`: the
    /// channel of the thread, when known); nobody plays one of the others
    /// already; and in a rated rematch nobody is banned.
    ///
    /// # Errors
    /// `error-rematch-expired`, or the refusal of the rule as for a
    /// challenge ([`match_terms`], [`Offers::check_not_playing`],
    /// [`Offers::check_bans`]).
    pub async fn check_rematch(
        &self,
        spec: &MatchSpec,
        player: UserId,
        parent: Option<u64>,
        over_for: Option<Duration>,
    ) -> Result<(), Denial> {
        let settings = self.settings(spec.guild).await;
        let window = challenge_expiry(&settings, self.expiry_override);
        if over_for.is_some_and(|t| t > window) {
            return Err(Denial::new(id::ERROR_REMATCH_EXPIRED));
        }
        let channel = parent.or(settings.match_channel).unwrap_or(0);
        match_terms(&settings, channel, Some(spec.variant), None, None, None)?;
        let me = spec.players.iter().find(|p| p.id == player);
        let others: Vec<&Seated> = spec
            .players
            .iter()
            .filter(|p| p.id != player && p.ai_level.is_none())
            .collect();
        self.check_not_playing(player, &others)?;
        // The rematch is rated by §6 alone (it is outside any tournament).
        if let (Some(me), true) = (me, spec.rematch().rated()) {
            self.check_bans(spec.guild, me, &others).await?;
        }
        // A rematch against the AI is one more match against it.
        if spec.players.iter().any(|p| p.ai_level.is_some()) {
            self.check_ai_matches(spec.guild, player).await?;
        }
        Ok(())
    }

    /// Refuses when `player` already plays a running match against one of
    /// `others` (docs/discord.md: not two matches with the same opponent).
    ///
    /// # Errors
    /// `error-same-opponent` naming that opponent.
    pub fn check_not_playing(&self, player: UserId, others: &[&Seated]) -> Result<(), Denial> {
        match others
            .iter()
            .find(|o| o.id != player && self.host.running_between(player, o.id))
        {
            Some(o) => Err(Denial::new(id::ERROR_SAME_OPPONENT)
                .with("opponent", fourbot_i18n::Value::name(o.name.clone()))),
            None => Ok(()),
        }
    }

    /// The seats of a challenge of `variant` after every rule: the players
    /// fit the variant ([`seat_players`]), the challenger plays none of
    /// them already, in a rated match nobody is banned, and the
    /// challenger is within the server's limits on matches against the AI
    /// (when the bot has a seat) and on open offers (when a human is
    /// challenged).
    ///
    /// # Errors
    /// The first rule that refuses.
    pub async fn seat_challenge(
        &self,
        guild: GuildId,
        variant: Variant,
        invitation: Invitation,
    ) -> Result<Vec<Seated>, Denial> {
        let challenger = invitation.challenger.clone();
        let seats = seat_players(variant, invitation)?;
        let humans: Vec<&Seated> = seats
            .iter()
            .filter(|s| s.id != challenger.id && s.ai_level.is_none())
            .collect();
        self.check_not_playing(challenger.id, &humans)?;
        let rated = unrated(variant, seats.iter().map(|s| (s.id, s.ai_level.is_some()))).is_none();
        if rated {
            self.check_bans(guild, &challenger, &humans).await?;
        }
        // The limits (docs/reliability.md, "Limits"): a match with the AI
        // counts against the AI matches when it is asked for (it starts at
        // once, or when the humans accept); a challenge that waits for an
        // answer counts as an open offer.
        if seats.iter().any(|s| s.ai_level.is_some()) {
            self.check_ai_matches(guild, challenger.id).await?;
        }
        if !humans.is_empty() {
            self.check_open_offers(guild, &challenger).await?;
        }
        Ok(seats)
    }

    /// The seeker of a new seek, after the ban rule of a rated variant and
    /// the limit on open offers ([`Offers::check_open_offers`]).
    ///
    /// # Errors
    /// `error-banned`, `limit-open-offers`.
    pub async fn check_seeker(
        &self,
        guild: GuildId,
        variant: Variant,
        seeker: &Seated,
    ) -> Result<(), Denial> {
        if variant.rated() {
            self.check_bans(guild, seeker, &[]).await?;
        }
        self.check_open_offers(guild, seeker).await
    }

    async fn stored_seat(
        &self,
        guild: GuildId,
        s: &Seated,
        accepted: bool,
    ) -> Result<ChallengeSeat, StoreError> {
        Ok(ChallengeSeat {
            player: Some(stored_player(&self.db, guild, s).await?),
            name: Some(s.name.clone()),
            ai_level: s.ai_level,
            accepted,
        })
    }

    /// Stores a new challenge (the challenger's and AI seats accepted) that
    /// expires at `expires_unix_ms`; returns its id.
    ///
    /// # Errors
    /// The store failed (logged; the apology).
    pub async fn open(&self, c: &Challenge, expires_unix_ms: i64) -> Result<OfferId, Denial> {
        let fail = internal("storing a challenge", None);
        let mut seats = Vec::new();
        for s in &c.seats {
            seats.push(
                self.stored_seat(c.guild, s, c.accepted.contains(&s.id))
                    .await
                    .map_err(&fail)?,
            );
        }
        let new = NewChallenge {
            kind: ChallengeKind::Challenge,
            guild: c.guild.0,
            channel: c.channel,
            message: None,
            challenger: stored_player(&self.db, c.guild, &c.challenger)
                .await
                .map_err(&fail)?,
            variant: c.variant,
            clock: c.clock,
            color: c.color.map(|c| color_key(c).to_string()),
            seats,
            locale: Some(c.locale.tag().to_string()),
            text: c.text.clone(),
            token: Some(c.token.clone()),
            created_unix_ms: self.host.clock().unix_ms(),
            expires_unix_ms,
        };
        Ok(OfferId(
            self.db.create_challenge(&new).await.map_err(&fail)?,
        ))
    }

    /// Stores a new seek (the seeker on seat p1, the other seats free) that
    /// expires at `expires_unix_ms`; returns its id.
    ///
    /// # Errors
    /// The store failed (logged; the apology).
    pub async fn open_seek(&self, s: &Seek, expires_unix_ms: i64) -> Result<OfferId, Denial> {
        let fail = internal("storing a seek", None);
        let seeker = &s.seats[0];
        let mut seats = vec![self
            .stored_seat(s.guild, seeker, true)
            .await
            .map_err(&fail)?];
        seats.resize(usize::from(s.variant.players()), ChallengeSeat::default());
        let new = NewChallenge {
            kind: ChallengeKind::Seek,
            guild: s.guild.0,
            channel: s.channel,
            message: None,
            challenger: stored_player(&self.db, s.guild, seeker)
                .await
                .map_err(&fail)?,
            variant: s.variant,
            clock: s.clock,
            color: None,
            seats,
            locale: Some(s.locale.tag().to_string()),
            text: s.text.clone(),
            token: Some(s.token.clone()),
            created_unix_ms: self.host.clock().unix_ms(),
            expires_unix_ms,
        };
        Ok(OfferId(
            self.db.create_challenge(&new).await.map_err(&fail)?,
        ))
    }

    /// The players of a stored challenge's seats (`None`: a free seat); an
    /// AI seat is `bot` at its level.
    async fn seated(
        &self,
        s: &StoredChallenge,
        bot: UserId,
    ) -> Result<Vec<Option<Seated>>, StoreError> {
        let mut out = Vec::new();
        for seat in &s.new.seats {
            let Some(p) = seat.player else {
                out.push(None);
                continue;
            };
            let info = self.db.player_info(s.new.guild, p).await?;
            out.push(Some(Seated {
                id: if seat.ai_level.is_some() {
                    bot
                } else {
                    discord_user(&info, bot)
                },
                name: seat.name.clone().unwrap_or(info.name),
                ai_level: seat.ai_level,
                source: NameSource::Stored,
            }));
        }
        Ok(out)
    }

    /// Closes challenge `id` with `state` — one guarded `UPDATE`; false if
    /// another press closed it first (or, for accepted, a seat is still
    /// waiting).
    async fn close(&self, id: i64, state: ChallengeState) -> Result<bool, Denial> {
        self.db
            .close_challenge(id, state)
            .await
            .map_err(internal("closing a challenge", Some(OfferId(id))))
    }

    async fn load(&self, id: OfferId) -> Option<StoredChallenge> {
        match self.db.challenge(id.0).await {
            Ok(c) => c,
            Err(e) => {
                tracing::error!(error = %e, challenge = id.0, "reading a challenge failed");
                None
            }
        }
    }

    /// Challenge `id` as it stands (any state), if it is one.
    pub async fn get(&self, id: OfferId, bot: UserId) -> Option<Challenge> {
        let s = self.load(id).await?;
        self.challenge_of(&s, bot).await
    }

    async fn challenge_of(&self, s: &StoredChallenge, bot: UserId) -> Option<Challenge> {
        if s.new.kind != ChallengeKind::Challenge {
            return None;
        }
        let seated = self.seated(s, bot).await.ok()?;
        let seats: Vec<Seated> = seated.iter().flatten().cloned().collect();
        let challenger_info = self
            .db
            .player_info(s.new.guild, s.new.challenger)
            .await
            .ok()?;
        let challenger = seats
            .iter()
            .find(|p| p.ai_level.is_none() && Some(p.id.0) == challenger_info.discord_id)
            .cloned()?;
        let accepted = s
            .new
            .seats
            .iter()
            .zip(&seated)
            .filter(|(st, _)| st.accepted)
            .filter_map(|(_, p)| p.as_ref().map(|p| p.id))
            .collect();
        Some(Challenge {
            id: OfferId(s.id),
            guild: GuildId(s.new.guild),
            channel: s.new.channel,
            challenger,
            seats,
            accepted,
            variant: s.new.variant,
            clock: s.new.clock,
            color: s.new.color.as_deref().and_then(color_of_key),
            locale: locale_of(s),
            text: s.new.text.clone(),
            token: s.new.token.clone().unwrap_or_default(),
            message: s.new.message,
        })
    }

    /// The open challenges and seeks on `guild` that `player` made, oldest
    /// first (for `/matches`).
    ///
    /// # Errors
    /// The store could not be read.
    pub async fn open_by(
        &self,
        guild: GuildId,
        player: UserId,
        bot: UserId,
    ) -> Result<Vec<OpenOffer>, Denial> {
        let open = self
            .db
            .open_challenges()
            .await
            .map_err(internal("reading the open challenges", None))?;
        let mut out = Vec::new();
        for s in open.iter().filter(|s| GuildId(s.new.guild) == guild) {
            if let Some(c) = self.challenge_of(s, bot).await {
                if c.challenger.id == player {
                    out.push(OpenOffer::Challenge(c));
                }
            } else if let Some(k) = self.seek_of(s, bot).await {
                if k.seats.first().is_some_and(|p| p.id == player) {
                    out.push(OpenOffer::Seek(k));
                }
            }
        }
        Ok(out)
    }

    async fn seek_of(&self, s: &StoredChallenge, bot: UserId) -> Option<Seek> {
        if s.new.kind != ChallengeKind::Seek {
            return None;
        }
        let seats = self
            .seated(s, bot)
            .await
            .ok()?
            .into_iter()
            .flatten()
            .collect();
        Some(Seek {
            id: OfferId(s.id),
            guild: GuildId(s.new.guild),
            channel: s.new.channel,
            seats,
            variant: s.new.variant,
            clock: s.new.clock,
            locale: locale_of(s),
            text: s.new.text.clone(),
            token: s.new.token.clone().unwrap_or_default(),
            message: s.new.message,
        })
    }

    /// `player` answers challenge `id` at `now_unix_ms`; their name is the
    /// one they are seated under from now on. `bot` is this bot's user (the
    /// AI seats). An invited player who already plays the challenger may
    /// not accept.
    ///
    /// # Errors
    /// Expired (or unknown), already answered, the challenger's own
    /// challenge, addressed to someone else, the same opponent twice, an
    /// acceptance beyond the server's limit on matches against the AI
    /// (a challenge with an AI seat).
    pub async fn answer(
        &self,
        id: OfferId,
        player: &Seated,
        answer: Answer,
        bot: UserId,
        now_unix_ms: i64,
    ) -> Result<Answered, Denial> {
        const EXPIRED: Id = id::ERROR_CHALLENGE_EXPIRED;
        let stored = self.load(id).await.ok_or(EXPIRED)?;
        let c = self.challenge_of(&stored, bot).await.ok_or(EXPIRED)?;
        if answer == Answer::Accept && c.invited().any(|s| s.id == player.id) {
            self.check_not_playing(player.id, &[&c.challenger])?;
            // A match with an AI seat is one more against the AI for
            // whoever accepts it too (docs/reliability.md, "Limits").
            if c.seats.iter().any(|s| s.ai_level.is_some()) {
                self.check_ai_matches(c.guild, player.id).await?;
            }
        }
        let own = c.challenger.id == player.id;
        if own && answer == Answer::Accept {
            return Err(id::ERROR_OWN_CHALLENGE.into());
        }
        if !own && answer == Answer::Withdraw {
            return Err(id::ERROR_NOT_YOUR_CHALLENGE.into());
        }
        if !c
            .seats
            .iter()
            .any(|s| s.id == player.id && s.ai_level.is_none())
        {
            return Err(id::ERROR_CHALLENGE_NOT_FOR_YOU.into());
        }
        let refusal = |s: &StoredChallenge| -> Denial {
            match s.state {
                ChallengeState::Expired => EXPIRED,
                ChallengeState::Open if s.new.expires_unix_ms <= now_unix_ms => EXPIRED,
                _ => id::ERROR_CHALLENGE_ANSWERED,
            }
            .into()
        };
        if stored.state != ChallengeState::Open
            || stored.new.expires_unix_ms <= now_unix_ms
            || (c.accepted.contains(&player.id) && !own)
        {
            return Err(refusal(&stored));
        }
        if own {
            // The challenger's Decline (or Withdraw) withdraws it.
            if !self.close(stored.id, ChallengeState::Cancelled).await? {
                let now = self.load(id).await.ok_or(EXPIRED)?;
                return Err(refusal(&now));
            }
            return Ok(Answered::Withdrawn(c));
        }
        let fail = internal("answering a challenge", Some(id));
        if answer == Answer::Decline {
            if !self.close(stored.id, ChallengeState::Declined).await? {
                let now = self.load(id).await.ok_or(EXPIRED)?;
                return Err(refusal(&now));
            }
            let mut c = c;
            if let Some(s) = c.seats.iter_mut().find(|s| s.id == player.id) {
                s.name = player.name.clone();
            }
            return Ok(Answered::Declined(c));
        }
        let me = stored_player(&self.db, c.guild, player)
            .await
            .map_err(&fail)?;
        if !self
            .db
            .accept_seat(stored.id, me, &player.name, now_unix_ms)
            .await
            .map_err(&fail)?
        {
            let now = self.load(id).await.ok_or(EXPIRED)?;
            return Err(refusal(&now));
        }
        let now = self.load(id).await.ok_or(EXPIRED)?;
        let c = self.challenge_of(&now, bot).await.ok_or(EXPIRED)?;
        if c.waiting_for().is_empty() && self.close(stored.id, ChallengeState::Accepted).await? {
            return Ok(Answered::Complete(c));
        }
        Ok(Answered::Waiting(c))
    }

    /// `player` presses join or cancel on seek `id` at `now_unix_ms`. A
    /// joiner may not already play one of the seated players, nor be banned
    /// from a rated seek.
    ///
    /// # Errors
    /// Expired (or unknown), full, already seated, not the seeker's to
    /// cancel, the same opponent twice, banned.
    pub async fn press_seek(
        &self,
        id: OfferId,
        player: &Seated,
        press: SeekPress,
        bot: UserId,
        now_unix_ms: i64,
    ) -> Result<SeekChange, Denial> {
        const EXPIRED: Id = id::ERROR_SEEK_EXPIRED;
        let refusal = |s: &StoredChallenge| -> Denial {
            match s.state {
                ChallengeState::Accepted => id::ERROR_SEEK_FULL,
                ChallengeState::Open if s.new.expires_unix_ms > now_unix_ms => {
                    id::ERROR_SEEK_ALREADY_JOINED
                }
                _ => EXPIRED,
            }
            .into()
        };
        let stored = self.load(id).await.ok_or(EXPIRED)?;
        let s = self.seek_of(&stored, bot).await.ok_or(EXPIRED)?;
        if press == SeekPress::Join {
            let seated: Vec<&Seated> = s.seats.iter().collect();
            self.check_not_playing(player.id, &seated)?;
            if s.variant.rated() && !s.seats.iter().any(|p| p.id == player.id) {
                self.check_bans(s.guild, player, &[]).await?;
            }
        }
        if stored.state != ChallengeState::Open || stored.new.expires_unix_ms <= now_unix_ms {
            return Err(refusal(&stored));
        }
        if press == SeekPress::Cancel {
            if s.seats[0].id != player.id {
                return Err(id::ERROR_SEEK_NOT_YOURS.into());
            }
            if !self.close(stored.id, ChallengeState::Cancelled).await? {
                let now = self.load(id).await.ok_or(EXPIRED)?;
                return Err(refusal(&now));
            }
            return Ok(SeekChange::Cancelled(s));
        }
        if s.seats.iter().any(|p| p.id == player.id) {
            return Err(id::ERROR_SEEK_ALREADY_JOINED.into());
        }
        let fail = internal("answering a seek", Some(id));
        let me = stored_player(&self.db, s.guild, player)
            .await
            .map_err(&fail)?;
        if self
            .db
            .join_seek(stored.id, me, &player.name, now_unix_ms)
            .await
            .map_err(&fail)?
            .is_none()
        {
            let now = self.load(id).await.ok_or(EXPIRED)?;
            let full = now.new.seats.iter().all(|s| s.player.is_some());
            return Err(if full && now.state == ChallengeState::Open {
                id::ERROR_SEEK_FULL.into()
            } else {
                refusal(&now)
            });
        }
        let now = self.load(id).await.ok_or(EXPIRED)?;
        let s = self.seek_of(&now, bot).await.ok_or(EXPIRED)?;
        if s.free() == 0 && self.close(stored.id, ChallengeState::Accepted).await? {
            return Ok(SeekChange::Full(s));
        }
        Ok(SeekChange::Joined(s))
    }

    /// Records the message that shows challenge or seek `id` (a failure is
    /// logged: the expiry then edits the interaction's original response,
    /// as for offers of older versions).
    pub async fn set_message(&self, id: OfferId, message: u64) {
        if let Err(e) = self.db.set_challenge_message(id.0, message).await {
            tracing::error!(error = %e, challenge = id.0, "storing a challenge's message failed");
        }
    }

    /// Sets the message text of challenge or seek `id` (a failure is
    /// logged).
    pub async fn set_text(&self, id: OfferId, text: &str) {
        if let Err(e) = self.db.set_challenge_text(id.0, text).await {
            tracing::error!(error = %e, challenge = id.0, "storing a challenge's text failed");
        }
    }

    /// A press on offer `id` at `now_unix_ms` (`bot`: the bot's own user,
    /// which may hold a seat): the answer is recorded ([`Offers::answer`],
    /// [`Offers::press_seek`]) and told as the offer's message should read.
    ///
    /// # Errors
    /// As [`Offers::answer`] and [`Offers::press_seek`].
    pub async fn press(
        &self,
        id: OfferId,
        by: OfferPresser<'_>,
        press: OfferPress,
        bot: UserId,
        now_unix_ms: i64,
    ) -> Result<OfferAnswered, Denial> {
        let OfferPresser {
            player,
            message: pressed,
            locale,
        } = by;
        let catalog = self.host.catalog();
        let named = |l: Locale, msg: Id, player: &str| {
            catalog.text(
                l,
                msg,
                &Args::new().set("player", Value::name(player.to_string())),
            )
        };
        match press {
            OfferPress::Challenge(answer) => {
                let answered = self.answer(id, player, answer, bot, now_unix_ms).await?;
                let (c, msg) = match &answered {
                    Answered::Declined(c) => (c, id::CHALLENGE_DECLINED),
                    Answered::Withdrawn(c) => (c, id::CHALLENGE_WITHDRAWN),
                    Answered::Waiting(c) | Answered::Complete(c) => (c, id::CHALLENGE_ACCEPTED),
                };
                let mut text = c.text.clone();
                for s in c
                    .seats
                    .iter()
                    .filter(|s| s.ai_level.is_none() && c.accepted.contains(&s.id))
                    .filter(|s| s.id != player.id && s.id != c.challenger.id)
                {
                    text.push('\n');
                    text.push_str(&named(c.locale, id::CHALLENGE_ACCEPTED, &s.name));
                }
                text.push('\n');
                text.push_str(&named(c.locale, msg, &player.name));
                if let Answered::Waiting(c) = &answered {
                    // Empty when another press is starting the match.
                    let names: Vec<String> =
                        c.waiting_for().iter().map(|s| s.name.clone()).collect();
                    if !names.is_empty() {
                        text.push('\n');
                        text.push_str(&catalog.text(
                            c.locale,
                            id::CHALLENGE_WAITING_FOR,
                            &Args::new().set("players", catalog.names(c.locale, &names)),
                        ));
                    }
                }
                let elsewhere = c.message.is_some_and(|m| m != pressed);
                Ok(OfferAnswered {
                    text,
                    open: matches!(answered, Answered::Waiting(_)),
                    withdrawn_elsewhere: match (&answered, elsewhere) {
                        (Answered::Withdrawn(c), true) => Some((c.token.clone(), c.message)),
                        _ => None,
                    },
                    line: named(locale, msg, &player.name),
                    complete: match answered {
                        Answered::Complete(c) => Some(Completed {
                            guild: c.guild,
                            public: c.locale,
                            players: c.seats,
                            variant: c.variant,
                            clock: c.clock,
                        }),
                        _ => None,
                    },
                })
            }
            OfferPress::Seek(button) => {
                let change = self
                    .press_seek(id, player, button, bot, now_unix_ms)
                    .await?;
                let (s, msg) = match &change {
                    SeekChange::Cancelled(s) => (s, id::SEEK_CANCELLED),
                    SeekChange::Joined(s) | SeekChange::Full(s) => (s, id::SEEK_JOINED),
                };
                let line_in = |l: Locale| {
                    catalog.text(
                        l,
                        msg,
                        &Args::new()
                            .set("player", Value::name(player.name.clone()))
                            .set("free", s.free() as i64),
                    )
                };
                let text = format!("{}\n{}", s.text, line_in(s.locale));
                // A seek's text grows with every join: the next press
                // starts from it.
                self.set_text(id, &text).await;
                let elsewhere = s.message.is_some_and(|m| m != pressed);
                Ok(OfferAnswered {
                    text,
                    open: matches!(change, SeekChange::Joined(_)),
                    withdrawn_elsewhere: match (&change, elsewhere) {
                        (SeekChange::Cancelled(s), true) => Some((s.token.clone(), s.message)),
                        _ => None,
                    },
                    line: line_in(locale),
                    complete: match change {
                        SeekChange::Full(s) => Some(Completed {
                            guild: s.guild,
                            public: s.locale,
                            players: s.seats,
                            variant: s.variant,
                            clock: s.clock,
                        }),
                        _ => None,
                    },
                })
            }
        }
    }

    /// The spec of the match a completed challenge or seek becomes, played
    /// in `guild` in `locale`.
    pub fn match_spec(
        &self,
        guild: GuildId,
        locale: Locale,
        players: Vec<Seated>,
        variant: Variant,
        clock: ClockSettings,
    ) -> MatchSpec {
        MatchSpec {
            variant,
            clock,
            players,
            guild,
            locale,
            seed: self.host.clock().unix_ms() as u64,
            tournament: None,
        }
    }

    /// Records the match challenge or seek `id` became (a failure is
    /// logged).
    pub async fn set_match(&self, id: OfferId, m: MatchId) {
        if let Err(e) = self.db.set_challenge_match(id.0, m).await {
            tracing::error!(error = %e, challenge = id.0, "storing a challenge's match failed");
        }
    }

    /// Marks every challenge and seek due at `now_unix_ms` expired and
    /// returns them (each once, however many callers race).
    pub async fn expire_due(&self, now_unix_ms: i64) -> Vec<Expired> {
        let ids = match self.db.expire_challenges(now_unix_ms).await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::error!(error = %e, "expiring challenges failed");
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for id in ids {
            if let Some(s) = self.load(OfferId(id)).await {
                out.push(expired(OfferId(id), &s));
            }
        }
        out
    }

    /// What became of challenge or seek `id` whose press was refused as
    /// expired: unknown to the store, closed otherwise (declined,
    /// cancelled, …), or expired — also when it is open but past its expiry
    /// at `now_unix_ms`, which this marks expired.
    pub async fn lookup_expired(&self, id: OfferId, now_unix_ms: i64) -> Lookup {
        let Some(s) = self.load(id).await else {
            return Lookup::Unknown;
        };
        let is_expired = match s.state {
            ChallengeState::Expired => true,
            ChallengeState::Open if s.new.expires_unix_ms <= now_unix_ms => {
                self.expire_due(now_unix_ms).await;
                true
            }
            _ => false,
        };
        if !is_expired {
            return Lookup::Closed;
        }
        Lookup::Expired(expired(id, &s))
    }

    /// Every open challenge's and seek's expiry (ms since 1970), to arm
    /// their timers after a restart.
    ///
    /// # Errors
    /// The store failed (logged; the apology).
    pub async fn open_expiries(&self) -> Result<Vec<i64>, Denial> {
        Ok(self
            .db
            .open_challenges()
            .await
            .map_err(internal("reading the open challenges", None))?
            .iter()
            .map(|c| c.new.expires_unix_ms)
            .collect())
    }
}

fn expired(id: OfferId, s: &StoredChallenge) -> Expired {
    Expired {
        id,
        kind: s.new.kind,
        locale: locale_of(s),
        text: s.new.text.clone(),
        token: s.new.token.clone(),
        message: s.new.message,
    }
}

/// The stored word of a colour choice (the store's `color` column).
fn color_key(c: ColorChoice) -> &'static str {
    match c {
        ColorChoice::Red => "red",
        ColorChoice::Yellow => "yellow",
        ColorChoice::Random => "random",
    }
}

fn color_of_key(key: &str) -> Option<ColorChoice> {
    match key {
        "red" => Some(ColorChoice::Red),
        "yellow" => Some(ColorChoice::Yellow),
        "random" => Some(ColorChoice::Random),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::HeuristicBot;
    use crate::matches::{Acted, HostConfig, Request};
    use crate::present::TimeStyle;
    use fourbot_i18n::Catalog;
    use std::sync::Arc;

    const BOT: UserId = UserId(999);
    const NOW: i64 = 1_000_000;
    const LATER: i64 = NOW + 600_000;

    fn seat(id: u64, name: &str) -> Seated {
        Seated {
            id: UserId(id),
            name: name.into(),
            ai_level: None,
            source: Default::default(),
        }
    }

    async fn offers() -> Offers {
        let db = Db::connect("sqlite::memory:").await.unwrap();
        let (host, _views) = Host::with_store(
            Arc::new(Catalog::new().unwrap()),
            Arc::new(HeuristicBot),
            HostConfig {
                time_style: TimeStyle::Omit,
                images: false,
            },
            Some(db.clone()),
        );
        Offers::new(db, host, None)
    }

    fn challenge(seats: Vec<Seated>) -> Challenge {
        Challenge {
            id: OfferId(0),
            guild: GuildId(1),
            channel: 2,
            challenger: seat(10, "alice"),
            accepted: vec![UserId(10)],
            seats,
            variant: Variant::Classic,
            clock: ClockSettings::default(),
            color: None,
            locale: Locale::De,
            text: "alice challenges".into(),
            token: "t".into(),
            message: None,
        }
    }

    /// Opens a challenge by alice (10) to the others of `seats`; its id.
    async fn open_with(cs: &Offers, seats: Vec<Seated>) -> OfferId {
        cs.open(&challenge(seats), LATER).await.unwrap()
    }

    fn seek(variant: Variant) -> Seek {
        Seek {
            id: OfferId(0),
            guild: GuildId(1),
            channel: 2,
            seats: vec![seat(1, "alice")],
            variant,
            clock: ClockSettings::default(),
            locale: Locale::EnUs,
            text: String::new(),
            token: String::new(),
            message: None,
        }
    }

    /// Alice (10) invites `opponent` (the bot when `bot`) to classic.
    fn invitation(opponent: Seated, bot: bool) -> Invitation {
        Invitation {
            challenger: seat(10, "alice"),
            opponent: crate::seating::Invitee {
                seat: opponent,
                is_fourbot: bot,
                is_other_bot: false,
            },
            opponent2: None,
            teammate: None,
            color: None,
            level: None,
            seed: 1,
        }
    }

    #[tokio::test]
    async fn open_offers_count_to_the_servers_limit_seeks_too() {
        let cs = offers().await;
        let mut settings = GuildSettings::new(1);
        settings.limits.open_offers = Some(2);
        cs.db.set_guild_settings(&settings).await.unwrap();
        let alice = seat(10, "alice");
        let bob = seat(20, "bob");
        let later = cs.host.clock().unix_ms() + 600_000;
        for _ in 0..2 {
            cs.seat_challenge(GuildId(1), Variant::Classic, invitation(bob.clone(), false))
                .await
                .expect("within the limit");
            cs.open(&challenge(vec![alice.clone(), bob.clone()]), later)
                .await
                .unwrap();
        }
        let d = cs
            .seat_challenge(GuildId(1), Variant::Classic, invitation(bob.clone(), false))
            .await
            .unwrap_err();
        assert_eq!(d.id(), id::LIMIT_OPEN_OFFERS);
        let d = cs
            .check_seeker(GuildId(1), Variant::Classic, &alice)
            .await
            .unwrap_err();
        assert_eq!(d.id(), id::LIMIT_OPEN_OFFERS, "a seek is an offer too");
        // Another server has its own count; against the bot is no offer.
        cs.check_seeker(GuildId(2), Variant::Classic, &alice)
            .await
            .unwrap();
        let the_bot = Seated {
            id: BOT,
            name: "fourbot".into(),
            ai_level: None,
            source: Default::default(),
        };
        cs.seat_challenge(GuildId(1), Variant::Classic, invitation(the_bot, true))
            .await
            .expect("a match against the bot waits for nobody");
        // A lower operator bound takes the server's value down with it.
        let bounded = cs
            .clone()
            .with_bounds(Bounds::default().with(Limit::OpenOffers, 1));
        let mut fresh = GuildSettings::new(3);
        fresh.limits.open_offers = Some(20);
        cs.db.set_guild_settings(&fresh).await.unwrap();
        let mut in_three = challenge(vec![alice.clone(), bob.clone()]);
        in_three.guild = GuildId(3);
        bounded.open(&in_three, later).await.unwrap();
        let d = bounded
            .check_seeker(GuildId(3), Variant::Classic, &alice)
            .await
            .unwrap_err();
        assert_eq!(d.id(), id::LIMIT_OPEN_OFFERS);
    }

    #[tokio::test]
    async fn a_match_against_the_ai_beyond_the_limit_is_refused_and_a_rematch_too() {
        let cs = offers().await;
        let alice = seat(10, "alice");
        let the_bot = Seated {
            id: BOT,
            name: "fourbot".into(),
            ai_level: Some(1),
            source: Default::default(),
        };
        let spec = MatchSpec {
            variant: Variant::Classic,
            clock: ClockSettings::default(),
            players: vec![alice.clone(), the_bot.clone()],
            guild: GuildId(1),
            locale: Locale::EnUs,
            seed: 1,
            tournament: None,
        };
        let invite = || {
            invitation(
                Seated {
                    ai_level: None,
                    ..the_bot.clone()
                },
                true,
            )
        };
        for _ in 0..Limit::AiMatches.default_value() {
            cs.seat_challenge(GuildId(1), Variant::Classic, invite())
                .await
                .expect("within the limit");
            cs.host.create_match(spec.clone()).await.unwrap();
        }
        let d = cs
            .seat_challenge(GuildId(1), Variant::Classic, invite())
            .await
            .unwrap_err();
        assert_eq!(d.id(), id::LIMIT_AI_MATCHES);
        let d = cs
            .check_rematch(&spec, alice.id, None, None)
            .await
            .unwrap_err();
        assert_eq!(d.id(), id::LIMIT_AI_MATCHES);
        // Another server, another member: not limited by alice's matches.
        cs.seat_challenge(GuildId(2), Variant::Classic, invite())
            .await
            .unwrap();
        cs.check_ai_matches(GuildId(1), UserId(20)).await.unwrap();
        // Bob (20) invites alice to a three-player match with the bot:
        // her acceptance would be a fourth match against the AI.
        let bob = seat(20, "bob");
        let mut three = challenge(vec![bob.clone(), alice.clone(), the_bot.clone()]);
        three.challenger = bob.clone();
        three.accepted = vec![bob.id, BOT];
        three.variant = Variant::ThreePlayers;
        let id = cs
            .open(&three, cs.host.clock().unix_ms() + 600_000)
            .await
            .unwrap();
        let d = cs
            .answer(id, &alice, Answer::Accept, BOT, cs.host.clock().unix_ms())
            .await
            .unwrap_err();
        assert_eq!(d.id(), id::LIMIT_AI_MATCHES);
    }

    #[tokio::test]
    async fn only_the_opponent_answers_and_only_once() {
        let cs = offers().await;
        let id = open_with(&cs, vec![seat(10, "alice"), seat(20, "bob")]).await;
        let ok = Answer::Accept;
        let answer = |p: Seated| {
            let cs = cs.clone();
            async move { cs.answer(id, &p, ok, BOT, NOW).await }
        };
        assert_eq!(
            answer(seat(10, "alice")).await.unwrap_err().id(),
            id::ERROR_OWN_CHALLENGE
        );
        assert_eq!(
            answer(seat(30, "carol")).await.unwrap_err().id(),
            id::ERROR_CHALLENGE_NOT_FOR_YOU
        );
        let Ok(Answered::Complete(c)) = answer(seat(20, "Bobby")).await else {
            panic!("complete")
        };
        assert_eq!(c.seats[1].name, "Bobby");
        assert_eq!(c.locale, Locale::De);
        assert_eq!(
            answer(seat(20, "bob")).await.unwrap_err().id(),
            id::ERROR_CHALLENGE_ANSWERED
        );
        assert!(
            cs.expire_due(LATER).await.is_empty(),
            "answered: nothing expires"
        );
    }

    #[tokio::test]
    async fn two_simultaneous_accepts_start_one_match() {
        let cs = offers().await;
        let id = open_with(
            &cs,
            vec![seat(10, "alice"), seat(20, "bob"), seat(30, "carol")],
        )
        .await;
        let (bob, carol) = (seat(20, "bob"), seat(30, "carol"));
        let ok = Answer::Accept;
        let (a, b, c) = tokio::join!(
            cs.answer(id, &bob, ok, BOT, NOW),
            cs.answer(id, &carol, ok, BOT, NOW),
            cs.answer(id, &carol, ok, BOT, NOW),
        );
        let outcomes = [a, b, c];
        let complete = outcomes
            .iter()
            .filter(|o| matches!(o, Ok(Answered::Complete(_))))
            .count();
        assert_eq!(complete, 1, "{outcomes:?}");
        let refused = outcomes.iter().filter(|o| o.is_err()).count();
        assert_eq!(refused, 1, "carol's second press: {outcomes:?}");
    }

    #[tokio::test]
    async fn a_challenge_of_several_ends_at_one_decline() {
        let cs = offers().await;
        let id = open_with(
            &cs,
            vec![seat(10, "alice"), seat(20, "bob"), seat(30, "carol")],
        )
        .await;
        let Ok(Answered::Waiting(w)) = cs
            .answer(id, &seat(20, "bob"), Answer::Accept, BOT, NOW)
            .await
        else {
            panic!("waiting")
        };
        let names: Vec<&str> = w.waiting_for().iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["carol"]);
        assert!(matches!(
            cs.answer(id, &seat(30, "carol"), Answer::Decline, BOT, NOW)
                .await,
            Ok(Answered::Declined(_))
        ));
        assert_eq!(
            cs.answer(id, &seat(30, "carol"), Answer::Accept, BOT, NOW)
                .await
                .unwrap_err()
                .id(),
            id::ERROR_CHALLENGE_ANSWERED
        );
    }

    #[tokio::test]
    async fn an_unanswered_challenge_expires_at_its_time_even_before_its_timer() {
        let cs = offers().await;
        let id = open_with(&cs, vec![seat(10, "alice"), seat(20, "bob")]).await;
        let refused = cs
            .answer(id, &seat(20, "bob"), Answer::Accept, BOT, LATER)
            .await
            .unwrap_err();
        assert_eq!(refused.id(), id::ERROR_CHALLENGE_EXPIRED);
        assert!(Lookup::is_expiry(&refused));
        let Lookup::Expired(e) = cs.lookup_expired(id, LATER).await else {
            panic!("expired")
        };
        assert_eq!((e.kind, e.locale), (ChallengeKind::Challenge, Locale::De));
        assert_eq!(e.notice(), id::CHALLENGE_EXPIRED_NOTICE);
        assert!(matches!(
            cs.lookup_expired(OfferId(4242), LATER).await,
            Lookup::Unknown
        ));
        assert!(cs.expire_due(LATER).await.is_empty(), "expired once");
        assert_eq!(
            cs.answer(OfferId(4242), &seat(20, "bob"), Answer::Accept, BOT, NOW)
                .await
                .unwrap_err()
                .id(),
            id::ERROR_CHALLENGE_EXPIRED,
            "unknown"
        );
    }

    #[tokio::test]
    async fn an_ai_seat_is_accepted_and_comes_back_as_the_bot_at_its_level() {
        let cs = offers().await;
        let mut ai = seat(5, "fourbot");
        ai.ai_level = Some(4);
        let mut c = challenge(vec![seat(10, "alice"), seat(20, "bob"), ai]);
        c.variant = Variant::ThreePlayers;
        c.accepted.push(UserId(5));
        let id = cs.open(&c, LATER).await.unwrap();
        let Ok(Answered::Complete(c)) = cs
            .answer(id, &seat(20, "bob"), Answer::Accept, BOT, NOW)
            .await
        else {
            panic!("complete")
        };
        assert_eq!(c.seats[2].id, BOT);
        assert_eq!(c.seats[2].ai_level, Some(4));
    }

    #[tokio::test]
    async fn a_colour_choice_is_kept_with_the_challenge() {
        let cs = offers().await;
        let mut c = challenge(vec![seat(10, "alice"), seat(20, "bob")]);
        c.variant = Variant::Single;
        c.color = Some(ColorChoice::Random);
        let id = cs.open(&c, LATER).await.unwrap();
        assert_eq!(
            cs.get(id, BOT).await.unwrap().color,
            Some(ColorChoice::Random)
        );
    }

    #[tokio::test]
    async fn seek_seats_fill_in_order_and_the_last_one_starts_the_match() {
        let cs = offers().await;
        let id = cs
            .open_seek(&seek(Variant::ThreePlayers), LATER)
            .await
            .unwrap();
        let join = SeekPress::Join;
        let press = |p: Seated| {
            let cs = cs.clone();
            async move { cs.press_seek(id, &p, join, BOT, NOW).await }
        };
        assert_eq!(
            press(seat(1, "alice")).await.unwrap_err().id(),
            id::ERROR_SEEK_ALREADY_JOINED
        );
        assert!(matches!(
            press(seat(2, "bob")).await,
            Ok(SeekChange::Joined(s)) if s.free() == 1
        ));
        assert_eq!(
            press(seat(2, "bob")).await.unwrap_err().id(),
            id::ERROR_SEEK_ALREADY_JOINED
        );
        let (c, d) = tokio::join!(press(seat(3, "carol")), press(seat(4, "dave")));
        let (full, refused) = match (c, d) {
            (Ok(SeekChange::Full(s)), Err(r)) | (Err(r), Ok(SeekChange::Full(s))) => (s, r),
            other => panic!("one of two racing joins: {other:?}"),
        };
        assert_eq!(full.seats.len(), 3);
        assert_eq!(full.seats[1].name, "bob");
        assert_eq!(refused.id(), id::ERROR_SEEK_FULL);
        assert!(
            cs.expire_due(LATER).await.is_empty(),
            "full: nothing expires"
        );
    }

    #[tokio::test]
    async fn only_the_seeker_cancels_and_a_cancelled_seek_takes_nobody() {
        let cs = offers().await;
        let id = cs.open_seek(&seek(Variant::Classic), LATER).await.unwrap();
        let cancel = SeekPress::Cancel;
        assert_eq!(
            cs.press_seek(id, &seat(2, "bob"), cancel, BOT, NOW)
                .await
                .unwrap_err()
                .id(),
            id::ERROR_SEEK_NOT_YOURS
        );
        assert!(matches!(
            cs.press_seek(id, &seat(1, "alice"), cancel, BOT, NOW).await,
            Ok(SeekChange::Cancelled(_))
        ));
        assert_eq!(
            cs.press_seek(id, &seat(2, "bob"), SeekPress::Join, BOT, NOW)
                .await
                .unwrap_err()
                .id(),
            id::ERROR_SEEK_EXPIRED
        );
        assert!(
            matches!(cs.lookup_expired(id, NOW).await, Lookup::Closed),
            "cancelled, not expired: the message keeps its text"
        );
    }

    #[tokio::test]
    async fn a_banned_player_is_refused_a_rated_challenge_but_not_an_unrated_one() {
        let cs = offers().await;
        let db = &cs.db;
        let bob = seat(20, "bob");
        let stored = db.discord_player(20, "bob").await.unwrap();
        db.ban(1, stored, None, None, NOW).await.unwrap();
        let inv = || Invitation {
            challenger: seat(10, "alice"),
            opponent: crate::seating::Invitee {
                seat: bob.clone(),
                is_fourbot: false,
                is_other_bot: false,
            },
            opponent2: None,
            teammate: None,
            color: None,
            level: None,
            seed: 0,
        };
        let e = cs.seat_challenge(GuildId(1), Variant::Classic, inv()).await;
        assert_eq!(e.unwrap_err().id(), id::ERROR_PLAYER_BANNED);
        let single = cs.seat_challenge(GuildId(1), Variant::Single, inv()).await;
        assert_eq!(
            single.unwrap().len(),
            2,
            "single is unrated: bans do not apply"
        );
        assert!(
            cs.seat_challenge(GuildId(2), Variant::Classic, inv())
                .await
                .is_ok(),
            "another server"
        );
    }

    #[tokio::test]
    async fn a_rematch_press_obeys_the_offers_rules_and_names_the_new_match() {
        // Before: the rules ran in the Discord adapter only (the terminal's
        // rematch skipped them), and the host threw the new match's id
        // away, so the adapter diffed every match id before and after.
        let cs = offers().await;
        let (alice, bob) = (seat(10, "alice"), seat(20, "bob"));
        let spec = MatchSpec {
            variant: Variant::Classic,
            clock: ClockSettings::default(),
            players: vec![alice.clone(), bob.clone()],
            guild: GuildId(1),
            locale: Locale::EnUs,
            seed: 1,
            tournament: None,
        };
        let host = cs.host.clone();
        let ended = host.create_match(spec.clone()).await.unwrap();
        let running = host.create_match(spec.clone()).await.unwrap();
        host.act(ended, alice.id, Request::ResignMatch)
            .await
            .unwrap();
        while !host.is_finished(ended) {
            tokio::task::yield_now().await;
        }
        let rematch = Request::Rematch { channel: None };
        // Alice and bob still play `running`: refused, nothing recorded.
        let d = host.act(ended, alice.id, rematch).await.unwrap_err();
        assert_eq!(d.id(), id::ERROR_SAME_OPPONENT);
        host.act(running, bob.id, Request::ResignMatch)
            .await
            .unwrap();
        while !host.is_finished(running) {
            tokio::task::yield_now().await;
        }
        assert_eq!(
            host.act(ended, alice.id, rematch).await,
            Ok(Acted::RematchOffered)
        );
        assert_eq!(
            host.act(ended, alice.id, rematch).await,
            Ok(Acted::Unchanged)
        );
        let Ok(Acted::Rematch(new)) = host.act(ended, bob.id, rematch).await else {
            panic!("the second player's press starts the rematch");
        };
        assert!(!host.is_finished(new));
        let players = host.spec(new).unwrap().players;
        assert_eq!(players.len(), 2);
        assert!(players.iter().all(|p| p.id == alice.id || p.id == bob.id));
        assert_eq!(host.match_ids().iter().max(), Some(&new));
    }

    #[tokio::test]
    async fn an_offer_press_says_what_its_message_reads_and_what_follows() {
        let cs = offers().await;
        let three = vec![seat(10, "alice"), seat(20, "bob"), seat(30, "carol")];
        let id = open_with(&cs, three).await;
        cs.set_message(id, 500).await;
        let (bob, alice) = (seat(20, "bob"), seat(10, "alice"));
        let on = |player, message| OfferPresser {
            player,
            message,
            locale: Locale::EnUs,
        };
        let accept = OfferPress::Challenge(Answer::Accept);
        let a = cs.press(id, on(&bob, 500), accept, BOT, NOW).await.unwrap();
        // In the challenge's language (German), bob's line and who is
        // awaited; still open.
        assert!(a.open && a.complete.is_none() && a.withdrawn_elsewhere.is_none());
        assert!(a.text.starts_with("alice challenges\n"), "{}", a.text);
        assert!(
            a.text.contains("bob") && a.text.contains("carol"),
            "{}",
            a.text
        );
        // Alice withdraws it from another message (a `/matches` list): her
        // line is in her language, the challenge's own message is named.
        let withdraw = OfferPress::Challenge(Answer::Withdraw);
        let w = cs
            .press(id, on(&alice, 900), withdraw, BOT, NOW)
            .await
            .unwrap();
        assert!(!w.open && w.complete.is_none());
        assert_eq!(w.withdrawn_elsewhere, Some(("t".to_string(), Some(500))));
        let catalog = cs.host.catalog();
        let args = Args::new().set("player", Value::name("alice".to_string()));
        assert_eq!(
            w.line,
            catalog.text(Locale::EnUs, id::CHALLENGE_WITHDRAWN, &args)
        );
        assert!(w
            .text
            .ends_with(&catalog.text(Locale::De, id::CHALLENGE_WITHDRAWN, &args)));
        // A seek: the last seat taken completes it, with its players.
        let sid = cs.open_seek(&seek(Variant::Classic), LATER).await.unwrap();
        let join = OfferPress::Seek(SeekPress::Join);
        let j = cs.press(sid, on(&bob, 7), join, BOT, NOW).await.unwrap();
        let done = j.complete.expect("full: the match starts");
        assert!(!j.open);
        let ids: Vec<UserId> = done.players.iter().map(|p| p.id).collect();
        assert_eq!(ids, vec![UserId(1), UserId(20)]);
    }
}
