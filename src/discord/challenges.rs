//! Open challenges (`/challenge`) and seeks (`/seek`), kept in the store's
//! `challenges` and `challenge_seats` tables (docs/store.md) behind
//! [`Challenges`], so that they survive a restart: the buttons of an old
//! message keep working, and the expiry — an absolute wall-clock time — is
//! re-armed at start-up ([`rearm`]). Every change is one guarded `UPDATE`
//! (accept a seat, take a free seat, close, expire), so two simultaneous
//! presses change a challenge once and start one match.

use std::sync::Arc;
use std::time::Duration;

use serenity::all::{
    Builder, ChannelId, ComponentInteraction, Context as SerenityContext,
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    EditInteractionResponse, Http,
};

use super::messages::{clip, mentions_only};
use super::{Data, Error};
use crate::game::Variant;
use crate::host::{unix_ms, Seated, UserId};
use crate::i18n::Locale;
use crate::i18n::{id, Id};
use crate::play::ClockSettings;
use crate::store::{
    Challenge as Stored, ChallengeKind, ChallengeSeat, ChallengeState, Db, NewChallenge, StoreError,
};

/// A challenge waiting for its opponents.
#[derive(Clone, Debug)]
pub struct Challenge {
    /// Its id (the store's; 0 until it is stored).
    pub id: u64,
    /// The server.
    pub guild: u64,
    /// The channel of the challenge message.
    pub channel: ChannelId,
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
    /// Language of the public messages.
    pub locale: Locale,
    /// The text of the challenge message.
    pub text: String,
    /// The `/challenge` interaction's token (edits the challenge message for
    /// 15 minutes).
    pub token: String,
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
}

/// An open seek.
#[derive(Clone, Debug)]
pub struct Seek {
    /// Its id (the store's; 0 until it is stored).
    pub id: u64,
    /// The server.
    pub guild: u64,
    /// The channel of the seek message.
    pub channel: ChannelId,
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
    /// The `/seek` interaction's token (edits the message at expiry).
    pub token: String,
}

impl Seek {
    /// Seats still free.
    pub fn free(&self) -> usize {
        usize::from(self.variant.players()).saturating_sub(self.seats.len())
    }
}

/// What an answer did to its challenge.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// Accepted, but others have still to accept (or another press is
    /// starting the match).
    Waiting(Challenge),
    /// Everyone has accepted: the match starts (this press alone gets it).
    Complete(Challenge),
    /// Declined: the challenge is off.
    Declined(Challenge),
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

/// A button of an open challenge or seek. Its custom id is
/// `<prefix>:<id>:<word>`: `c:<id>:accept`, `c:<id>:decline` (challenges),
/// `s:<id>:join`, `s:<id>:cancel` (seeks), `<id>` the store's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OfferButton {
    /// A challenged player plays.
    Accept,
    /// A challenged player does not play.
    Decline,
    /// Anyone takes a free seat of a seek.
    Join,
    /// The seeker withdraws the seek.
    Cancel,
}

impl OfferButton {
    const ALL: [OfferButton; 4] = [
        OfferButton::Accept,
        OfferButton::Decline,
        OfferButton::Join,
        OfferButton::Cancel,
    ];

    fn parts(self) -> (&'static str, &'static str) {
        match self {
            OfferButton::Accept => ("c", "accept"),
            OfferButton::Decline => ("c", "decline"),
            OfferButton::Join => ("s", "join"),
            OfferButton::Cancel => ("s", "cancel"),
        }
    }

    /// Whether it is a seek's button.
    pub fn is_seek(self) -> bool {
        matches!(self, OfferButton::Join | OfferButton::Cancel)
    }

    /// The button's custom id for challenge or seek `id`.
    pub fn custom_id(self, id: u64) -> String {
        let (prefix, word) = self.parts();
        format!("{prefix}:{id}:{word}")
    }

    /// Reads a challenge's or seek's button custom id.
    pub fn parse(custom_id: &str) -> Option<(u64, OfferButton)> {
        let (prefix, rest) = custom_id.split_once(':')?;
        let (id, word) = rest.split_once(':')?;
        let button = OfferButton::ALL
            .into_iter()
            .find(|b| b.parts() == (prefix, word))?;
        Some((id.parse().ok()?, button))
    }
}

/// The message text and token of a challenge or seek that expired (or was
/// found expired), to take its buttons away.
#[derive(Clone, Debug)]
pub struct Expired {
    /// Its id.
    pub id: u64,
    /// Challenge or seek.
    pub kind: ChallengeKind,
    /// Language of its public messages.
    pub locale: Locale,
    /// Its message's text.
    pub text: String,
    /// The token that edits its message.
    pub token: Option<String>,
}

/// What [`Challenges::lookup_expired`] found.
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

/// The open challenges and seeks, in the store.
#[derive(Clone)]
pub struct Challenges {
    db: Db,
}

type Refusal = Id;

fn locale_of(s: &Stored) -> Locale {
    s.new
        .locale
        .as_deref()
        .map_or(Locale::FALLBACK, Locale::negotiate)
}

impl Challenges {
    /// The challenges of `db`.
    pub fn new(db: Db) -> Challenges {
        Challenges { db }
    }

    /// The store's player of a seat (the AI for an AI seat).
    async fn store_player(&self, s: &Seated) -> Result<crate::store::PlayerId, StoreError> {
        if s.ai_level.is_some() {
            self.db.bot_player().await
        } else {
            self.db.discord_player(s.id.0, &s.name).await
        }
    }

    async fn store_seat(&self, s: &Seated, accepted: bool) -> Result<ChallengeSeat, StoreError> {
        Ok(ChallengeSeat {
            player: Some(self.store_player(s).await?),
            name: Some(s.name.clone()),
            ai_level: s.ai_level,
            accepted,
        })
    }

    /// Stores a new challenge (the challenger's and AI seats accepted) that
    /// expires at `expires_unix_ms`; returns its id.
    ///
    /// # Errors
    /// The store failed.
    pub async fn open(
        &self,
        c: &Challenge,
        color: Option<&str>,
        expires_unix_ms: i64,
    ) -> Result<u64, StoreError> {
        let mut seats = Vec::new();
        for s in &c.seats {
            seats.push(self.store_seat(s, c.accepted.contains(&s.id)).await?);
        }
        let new = NewChallenge {
            kind: ChallengeKind::Challenge,
            guild: c.guild,
            channel: c.channel.get(),
            message: None,
            challenger: self.store_player(&c.challenger).await?,
            variant: c.variant,
            clock: c.clock,
            color: color.map(str::to_string),
            seats,
            locale: Some(c.locale.tag().to_string()),
            text: c.text.clone(),
            token: Some(c.token.clone()),
            created_unix_ms: unix_ms(),
            expires_unix_ms,
        };
        Ok(self.db.create_challenge(&new).await? as u64)
    }

    /// Stores a new seek (the seeker on seat p1, the other seats free) that
    /// expires at `expires_unix_ms`; returns its id.
    ///
    /// # Errors
    /// The store failed.
    pub async fn open_seek(&self, s: &Seek, expires_unix_ms: i64) -> Result<u64, StoreError> {
        let seeker = &s.seats[0];
        let mut seats = vec![self.store_seat(seeker, true).await?];
        seats.resize(usize::from(s.variant.players()), ChallengeSeat::default());
        let new = NewChallenge {
            kind: ChallengeKind::Seek,
            guild: s.guild,
            channel: s.channel.get(),
            message: None,
            challenger: self.store_player(seeker).await?,
            variant: s.variant,
            clock: s.clock,
            color: None,
            seats,
            locale: Some(s.locale.tag().to_string()),
            text: s.text.clone(),
            token: Some(s.token.clone()),
            created_unix_ms: unix_ms(),
            expires_unix_ms,
        };
        Ok(self.db.create_challenge(&new).await? as u64)
    }

    /// The Discord players of a stored challenge's seats (`None`: a free
    /// seat); an AI seat is `bot` at its level.
    async fn seated(&self, s: &Stored, bot: UserId) -> Result<Vec<Option<Seated>>, StoreError> {
        let mut out = Vec::new();
        for seat in &s.new.seats {
            let Some(p) = seat.player else {
                out.push(None);
                continue;
            };
            let info = self.db.player_info(p).await?;
            out.push(Some(Seated {
                id: if seat.ai_level.is_some() || info.is_bot {
                    bot
                } else {
                    UserId(info.discord_id.unwrap_or(0))
                },
                name: seat.name.clone().unwrap_or(info.name),
                ai_level: seat.ai_level,
            }));
        }
        Ok(out)
    }

    /// Closes challenge `id` with `state` — one guarded `UPDATE`; false if
    /// another press closed it first (or, for accepted, a seat is still
    /// waiting).
    async fn close(&self, id: i64, state: ChallengeState) -> Result<bool, Refusal> {
        self.db.close_challenge(id, state).await.map_err(|e| {
            tracing::error!(error = %e, challenge = id, "closing a challenge failed");
            id::ERROR_INTERNAL
        })
    }

    async fn load(&self, id: u64) -> Option<Stored> {
        match self.db.challenge(id as i64).await {
            Ok(c) => c,
            Err(e) => {
                tracing::error!(error = %e, challenge = id, "reading a challenge failed");
                None
            }
        }
    }

    /// Challenge `id` as it stands (any state), if it is one.
    pub async fn get(&self, id: u64, bot: UserId) -> Option<Challenge> {
        let s = self.load(id).await?;
        self.challenge_of(&s, bot).await
    }

    async fn challenge_of(&self, s: &Stored, bot: UserId) -> Option<Challenge> {
        if s.new.kind != ChallengeKind::Challenge {
            return None;
        }
        let seated = self.seated(s, bot).await.ok()?;
        let seats: Vec<Seated> = seated.iter().flatten().cloned().collect();
        let challenger_info = self.db.player_info(s.new.challenger).await.ok()?;
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
            id: s.id as u64,
            guild: s.new.guild,
            channel: ChannelId::new(s.new.channel.max(1)),
            challenger,
            seats,
            accepted,
            variant: s.new.variant,
            clock: s.new.clock,
            locale: locale_of(s),
            text: s.new.text.clone(),
            token: s.new.token.clone().unwrap_or_default(),
        })
    }

    /// Seek `id` as it stands (any state), if it is one.
    pub async fn get_seek(&self, id: u64, bot: UserId) -> Option<Seek> {
        let s = self.load(id).await?;
        self.seek_of(&s, bot).await
    }

    async fn seek_of(&self, s: &Stored, bot: UserId) -> Option<Seek> {
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
            id: s.id as u64,
            guild: s.new.guild,
            channel: ChannelId::new(s.new.channel.max(1)),
            seats,
            variant: s.new.variant,
            clock: s.new.clock,
            locale: locale_of(s),
            text: s.new.text.clone(),
            token: s.new.token.clone().unwrap_or_default(),
        })
    }

    /// `player` answers challenge `id` at `now_unix_ms`; their name is the
    /// one they are seated under from now on. `bot` is this bot's user (the
    /// AI seats).
    ///
    /// # Errors
    /// The Fluent id of the refusal: expired (or unknown), already answered,
    /// the challenger's own challenge, addressed to someone else.
    pub async fn answer(
        &self,
        id: u64,
        player: &Seated,
        answer: OfferButton,
        bot: UserId,
        now_unix_ms: i64,
    ) -> Result<Outcome, Refusal> {
        const EXPIRED: Refusal = id::ERROR_CHALLENGE_EXPIRED;
        let stored = self.load(id).await.ok_or(EXPIRED)?;
        let c = self.challenge_of(&stored, bot).await.ok_or(EXPIRED)?;
        if c.challenger.id == player.id {
            return Err(id::ERROR_OWN_CHALLENGE);
        }
        if !c
            .seats
            .iter()
            .any(|s| s.id == player.id && s.ai_level.is_none())
        {
            return Err(id::ERROR_CHALLENGE_NOT_FOR_YOU);
        }
        let refusal = |s: &Stored| match s.state {
            ChallengeState::Expired => EXPIRED,
            ChallengeState::Open if s.new.expires_unix_ms <= now_unix_ms => EXPIRED,
            _ => id::ERROR_CHALLENGE_ANSWERED,
        };
        if stored.state != ChallengeState::Open
            || stored.new.expires_unix_ms <= now_unix_ms
            || c.accepted.contains(&player.id)
        {
            return Err(refusal(&stored));
        }
        let db_err = |e: StoreError| {
            tracing::error!(error = %e, challenge = id, "answering a challenge failed");
            id::ERROR_INTERNAL
        };
        if answer == OfferButton::Decline {
            if !self.close(stored.id, ChallengeState::Declined).await? {
                let now = self.load(id).await.ok_or(EXPIRED)?;
                return Err(refusal(&now));
            }
            let mut c = c;
            if let Some(s) = c.seats.iter_mut().find(|s| s.id == player.id) {
                s.name = player.name.clone();
            }
            return Ok(Outcome::Declined(c));
        }
        let me = self
            .db
            .discord_player(player.id.0, &player.name)
            .await
            .map_err(db_err)?;
        if !self
            .db
            .accept_seat(stored.id, me, &player.name, now_unix_ms)
            .await
            .map_err(db_err)?
        {
            let now = self.load(id).await.ok_or(EXPIRED)?;
            return Err(refusal(&now));
        }
        let now = self.load(id).await.ok_or(EXPIRED)?;
        let c = self.challenge_of(&now, bot).await.ok_or(EXPIRED)?;
        if c.waiting_for().is_empty() && self.close(stored.id, ChallengeState::Accepted).await? {
            return Ok(Outcome::Complete(c));
        }
        Ok(Outcome::Waiting(c))
    }

    /// `player` presses `button` (join or cancel) on seek `id` at
    /// `now_unix_ms`.
    ///
    /// # Errors
    /// The Fluent id of the refusal: expired (or unknown), full, already
    /// seated, not the seeker's to cancel.
    pub async fn press_seek(
        &self,
        id: u64,
        player: &Seated,
        button: OfferButton,
        bot: UserId,
        now_unix_ms: i64,
    ) -> Result<SeekChange, Refusal> {
        const EXPIRED: Refusal = id::ERROR_SEEK_EXPIRED;
        let refusal = |s: &Stored| match s.state {
            ChallengeState::Accepted => id::ERROR_SEEK_FULL,
            ChallengeState::Open if s.new.expires_unix_ms > now_unix_ms => {
                id::ERROR_SEEK_ALREADY_JOINED
            }
            _ => EXPIRED,
        };
        let db_err = |e: StoreError| {
            tracing::error!(error = %e, seek = id, "answering a seek failed");
            id::ERROR_INTERNAL
        };
        let stored = self.load(id).await.ok_or(EXPIRED)?;
        let s = self.seek_of(&stored, bot).await.ok_or(EXPIRED)?;
        if stored.state != ChallengeState::Open || stored.new.expires_unix_ms <= now_unix_ms {
            return Err(refusal(&stored));
        }
        if button == OfferButton::Cancel {
            if s.seats[0].id != player.id {
                return Err(id::ERROR_SEEK_NOT_YOURS);
            }
            if !self.close(stored.id, ChallengeState::Cancelled).await? {
                let now = self.load(id).await.ok_or(EXPIRED)?;
                return Err(refusal(&now));
            }
            return Ok(SeekChange::Cancelled(s));
        }
        if s.seats.iter().any(|p| p.id == player.id) {
            return Err(id::ERROR_SEEK_ALREADY_JOINED);
        }
        let me = self
            .db
            .discord_player(player.id.0, &player.name)
            .await
            .map_err(db_err)?;
        if self
            .db
            .join_seek(stored.id, me, &player.name, now_unix_ms)
            .await
            .map_err(db_err)?
            .is_none()
        {
            let now = self.load(id).await.ok_or(EXPIRED)?;
            let full = now.new.seats.iter().all(|s| s.player.is_some());
            return Err(if full && now.state == ChallengeState::Open {
                id::ERROR_SEEK_FULL
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

    /// Sets the message text of challenge or seek `id` (a failure is
    /// logged).
    pub async fn set_text(&self, id: u64, text: &str) {
        if let Err(e) = self.db.set_challenge_text(id as i64, text).await {
            tracing::error!(error = %e, challenge = id, "storing a challenge's text failed");
        }
    }

    /// Records the match challenge or seek `id` became (a failure is
    /// logged).
    pub async fn set_match(&self, id: u64, m: crate::host::MatchId) {
        let stored = m;
        if let Err(e) = self.db.set_challenge_match(id as i64, stored).await {
            tracing::error!(error = %e, challenge = id, "storing a challenge's match failed");
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
            if let Some(s) = self.load(id as u64).await {
                out.push(Expired {
                    id: id as u64,
                    kind: s.new.kind,
                    locale: locale_of(&s),
                    text: s.new.text.clone(),
                    token: s.new.token.clone(),
                });
            }
        }
        out
    }

    /// What became of challenge or seek `id` whose press was refused as
    /// expired: unknown to the store, closed otherwise (declined,
    /// cancelled, …), or expired — also when it is open but past its expiry
    /// at `now_unix_ms`, which this marks expired.
    pub async fn lookup_expired(&self, id: u64, now_unix_ms: i64) -> Lookup {
        let Some(s) = self.load(id).await else {
            return Lookup::Unknown;
        };
        let expired = match s.state {
            ChallengeState::Expired => true,
            ChallengeState::Open if s.new.expires_unix_ms <= now_unix_ms => {
                self.expire_due(now_unix_ms).await;
                true
            }
            _ => false,
        };
        if !expired {
            return Lookup::Closed;
        }
        Lookup::Expired(Expired {
            id,
            kind: s.new.kind,
            locale: locale_of(&s),
            text: s.new.text.clone(),
            token: s.new.token.clone(),
        })
    }

    /// Every open challenge and seek: id and expiry (ms since 1970).
    ///
    /// # Errors
    /// The store failed.
    pub async fn open_ones(&self) -> Result<Vec<(u64, i64)>, StoreError> {
        Ok(self
            .db
            .open_challenges()
            .await?
            .iter()
            .map(|c| (c.id as u64, c.new.expires_unix_ms))
            .collect())
    }
}

/// The line an expired challenge or seek's message ends with.
pub fn expired_text(data: &Data, e: &Expired) -> String {
    let notice = match e.kind {
        ChallengeKind::Challenge => id::CHALLENGE_EXPIRED_NOTICE,
        ChallengeKind::Seek => id::SEEK_EXPIRED_NOTICE,
    };
    let notice = data.host.catalog().plain(e.locale, notice);
    clip(&format!("{}\n{notice}", e.text))
}

/// This bot's user (the id of AI seats), as the gateway's ready event
/// gave it.
pub fn bot_user(ctx: &SerenityContext) -> UserId {
    UserId(ctx.cache.current_user().id.get())
}

/// Refuses a press on challenge or seek `id` privately with `refusal` (a
/// Fluent id) in `locale`. When the refusal is that it expired and it did
/// (or the store does not know it), the message first loses its buttons —
/// with the expiry notice when the store has its text — as if its timer had
/// fired.
///
/// # Errors
/// A Discord request failed.
pub async fn refuse_press(
    ctx: &SerenityContext,
    data: &Data,
    press: &ComponentInteraction,
    id: u64,
    refusal: Id,
    locale: Locale,
) -> Result<(), Error> {
    let text = clip(&data.host.catalog().plain(locale, refusal));
    let lookup = if matches!(
        refusal,
        id::ERROR_CHALLENGE_EXPIRED | id::ERROR_SEEK_EXPIRED
    ) {
        data.challenges.lookup_expired(id, unix_ms()).await
    } else {
        Lookup::Closed
    };
    let mut update = CreateInteractionResponseMessage::new()
        .components(Vec::new())
        .allowed_mentions(mentions_only(&[]));
    match lookup {
        Lookup::Closed => {
            let reply = CreateInteractionResponseMessage::new()
                .content(text)
                .ephemeral(true)
                .allowed_mentions(mentions_only(&[]));
            press
                .create_response(&ctx.http, CreateInteractionResponse::Message(reply))
                .await?;
            return Ok(());
        }
        Lookup::Expired(e) => update = update.content(expired_text(data, &e)),
        Lookup::Unknown => {}
    }
    press
        .create_response(&ctx.http, CreateInteractionResponse::UpdateMessage(update))
        .await?;
    press
        .create_followup(
            &ctx.http,
            CreateInteractionResponseFollowup::new()
                .content(text)
                .ephemeral(true)
                .allowed_mentions(mentions_only(&[])),
        )
        .await?;
    Ok(())
}

/// Waits until `expires_unix_ms` (wall clock), then expires every challenge
/// and seek due and takes their buttons away. Spawned for each new
/// challenge and seek, and for every open one at start-up ([`rearm`]).
pub fn arm_expiry(http: Arc<Http>, data: Arc<Data>, expires_unix_ms: i64) {
    tokio::spawn(async move {
        let wait = (expires_unix_ms - unix_ms()).max(0) as u64;
        tokio::time::sleep(Duration::from_millis(wait)).await;
        for e in data.challenges.expire_due(unix_ms()).await {
            let Some(token) = &e.token else { continue };
            let edit = EditInteractionResponse::new()
                .content(expired_text(&data, &e))
                .components(Vec::new());
            if let Err(err) = edit.execute(&http, token).await {
                tracing::warn!(error = %err, challenge = e.id, "marking a challenge expired failed");
            }
        }
    });
}

/// Re-arms the expiry of every open challenge and seek after a restart (one
/// already due expires at once).
pub async fn rearm(http: Arc<Http>, data: Arc<Data>) {
    match data.challenges.open_ones().await {
        Ok(open) => {
            if !open.is_empty() {
                tracing::info!(open = open.len(), "challenge expiries re-armed");
            }
            for (_, expires) in open {
                arm_expiry(http.clone(), data.clone(), expires);
            }
        }
        Err(e) => tracing::error!(error = %e, "reading the open challenges failed"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOT: UserId = UserId(999);
    const NOW: i64 = 1_000_000;
    const LATER: i64 = NOW + 600_000;

    fn seat(id: u64, name: &str) -> Seated {
        Seated {
            id: UserId(id),
            name: name.into(),
            ai_level: None,
        }
    }

    async fn challenges() -> Challenges {
        Challenges::new(crate::store::Db::connect("sqlite::memory:").await.unwrap())
    }

    fn challenge(seats: Vec<Seated>) -> Challenge {
        Challenge {
            id: 0,
            guild: 1,
            channel: ChannelId::new(2),
            challenger: seat(10, "alice"),
            accepted: vec![UserId(10)],
            seats,
            variant: Variant::Classic,
            clock: ClockSettings::default(),
            locale: Locale::De,
            text: "alice challenges".into(),
            token: "t".into(),
        }
    }

    /// Opens a challenge by alice (10) to the others of `seats`; its id.
    async fn open_with(cs: &Challenges, seats: Vec<Seated>) -> u64 {
        cs.open(&challenge(seats), None, LATER).await.unwrap()
    }

    fn seek(variant: Variant) -> Seek {
        Seek {
            id: 0,
            guild: 1,
            channel: ChannelId::new(2),
            seats: vec![seat(1, "alice")],
            variant,
            clock: ClockSettings::default(),
            locale: Locale::EnUs,
            text: String::new(),
            token: String::new(),
        }
    }

    #[tokio::test]
    async fn only_the_opponent_answers_and_only_once() {
        let cs = challenges().await;
        let id = open_with(&cs, vec![seat(10, "alice"), seat(20, "bob")]).await;
        let ok = OfferButton::Accept;
        let answer = |p: Seated| {
            let cs = cs.clone();
            async move { cs.answer(id, &p, ok, BOT, NOW).await }
        };
        assert_eq!(
            answer(seat(10, "alice")).await.unwrap_err(),
            id::ERROR_OWN_CHALLENGE
        );
        assert_eq!(
            answer(seat(30, "carol")).await.unwrap_err(),
            id::ERROR_CHALLENGE_NOT_FOR_YOU
        );
        let Ok(Outcome::Complete(c)) = answer(seat(20, "Bobby")).await else {
            panic!("complete")
        };
        assert_eq!(c.seats[1].name, "Bobby");
        assert_eq!(c.locale, Locale::De);
        assert_eq!(
            answer(seat(20, "bob")).await.unwrap_err(),
            id::ERROR_CHALLENGE_ANSWERED
        );
        assert!(
            cs.expire_due(LATER).await.is_empty(),
            "answered: nothing expires"
        );
    }

    #[tokio::test]
    async fn two_simultaneous_accepts_start_one_match() {
        let cs = challenges().await;
        let id = open_with(
            &cs,
            vec![seat(10, "alice"), seat(20, "bob"), seat(30, "carol")],
        )
        .await;
        let (bob, carol) = (seat(20, "bob"), seat(30, "carol"));
        let ok = OfferButton::Accept;
        let (a, b, c) = tokio::join!(
            cs.answer(id, &bob, ok, BOT, NOW),
            cs.answer(id, &carol, ok, BOT, NOW),
            cs.answer(id, &carol, ok, BOT, NOW),
        );
        let outcomes = [a, b, c];
        let complete = outcomes
            .iter()
            .filter(|o| matches!(o, Ok(Outcome::Complete(_))))
            .count();
        assert_eq!(complete, 1, "{outcomes:?}");
        let refused = outcomes.iter().filter(|o| o.is_err()).count();
        assert_eq!(refused, 1, "carol's second press: {outcomes:?}");
    }

    #[tokio::test]
    async fn a_challenge_of_several_ends_at_one_decline() {
        let cs = challenges().await;
        let id = open_with(
            &cs,
            vec![seat(10, "alice"), seat(20, "bob"), seat(30, "carol")],
        )
        .await;
        let Ok(Outcome::Waiting(w)) = cs
            .answer(id, &seat(20, "bob"), OfferButton::Accept, BOT, NOW)
            .await
        else {
            panic!("waiting")
        };
        let names: Vec<&str> = w.waiting_for().iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["carol"]);
        assert!(matches!(
            cs.answer(id, &seat(30, "carol"), OfferButton::Decline, BOT, NOW)
                .await,
            Ok(Outcome::Declined(_))
        ));
        assert_eq!(
            cs.answer(id, &seat(30, "carol"), OfferButton::Accept, BOT, NOW)
                .await
                .unwrap_err(),
            id::ERROR_CHALLENGE_ANSWERED
        );
    }

    #[tokio::test]
    async fn an_unanswered_challenge_expires_at_its_time_even_before_its_timer() {
        let cs = challenges().await;
        let id = open_with(&cs, vec![seat(10, "alice"), seat(20, "bob")]).await;
        assert_eq!(
            cs.answer(id, &seat(20, "bob"), OfferButton::Accept, BOT, LATER)
                .await
                .unwrap_err(),
            id::ERROR_CHALLENGE_EXPIRED
        );
        let Lookup::Expired(e) = cs.lookup_expired(id, LATER).await else {
            panic!("expired")
        };
        assert_eq!((e.kind, e.locale), (ChallengeKind::Challenge, Locale::De));
        assert!(matches!(
            cs.lookup_expired(4242, LATER).await,
            Lookup::Unknown
        ));
        assert!(cs.expire_due(LATER).await.is_empty(), "expired once");
        assert_eq!(
            cs.answer(4242, &seat(20, "bob"), OfferButton::Accept, BOT, NOW)
                .await
                .unwrap_err(),
            id::ERROR_CHALLENGE_EXPIRED,
            "unknown"
        );
    }

    #[tokio::test]
    async fn an_ai_seat_is_accepted_and_comes_back_as_the_bot_at_its_level() {
        let cs = challenges().await;
        let mut ai = seat(5, "fourbot");
        ai.ai_level = Some(4);
        let mut c = challenge(vec![seat(10, "alice"), seat(20, "bob"), ai]);
        c.variant = Variant::ThreePlayers;
        c.accepted.push(UserId(5));
        let id = cs.open(&c, None, LATER).await.unwrap();
        let Ok(Outcome::Complete(c)) = cs
            .answer(id, &seat(20, "bob"), OfferButton::Accept, BOT, NOW)
            .await
        else {
            panic!("complete")
        };
        assert_eq!(c.seats[2].id, BOT);
        assert_eq!(c.seats[2].ai_level, Some(4));
    }

    #[tokio::test]
    async fn seek_seats_fill_in_order_and_the_last_one_starts_the_match() {
        let cs = challenges().await;
        let id = cs
            .open_seek(&seek(Variant::ThreePlayers), LATER)
            .await
            .unwrap();
        let join = OfferButton::Join;
        let press = |p: Seated| {
            let cs = cs.clone();
            async move { cs.press_seek(id, &p, join, BOT, NOW).await }
        };
        assert_eq!(
            press(seat(1, "alice")).await.unwrap_err(),
            id::ERROR_SEEK_ALREADY_JOINED
        );
        assert!(matches!(
            press(seat(2, "bob")).await,
            Ok(SeekChange::Joined(s)) if s.free() == 1
        ));
        assert_eq!(
            press(seat(2, "bob")).await.unwrap_err(),
            id::ERROR_SEEK_ALREADY_JOINED
        );
        let (c, d) = tokio::join!(press(seat(3, "carol")), press(seat(4, "dave")));
        let (full, refused) = match (c, d) {
            (Ok(SeekChange::Full(s)), Err(r)) | (Err(r), Ok(SeekChange::Full(s))) => (s, r),
            other => panic!("one of two racing joins: {other:?}"),
        };
        assert_eq!(full.seats.len(), 3);
        assert_eq!(full.seats[1].name, "bob");
        assert_eq!(refused, id::ERROR_SEEK_FULL);
        assert!(
            cs.expire_due(LATER).await.is_empty(),
            "full: nothing expires"
        );
    }

    #[tokio::test]
    async fn only_the_seeker_cancels_and_a_cancelled_seek_takes_nobody() {
        let cs = challenges().await;
        let id = cs.open_seek(&seek(Variant::Classic), LATER).await.unwrap();
        let cancel = OfferButton::Cancel;
        assert_eq!(
            cs.press_seek(id, &seat(2, "bob"), cancel, BOT, NOW)
                .await
                .unwrap_err(),
            id::ERROR_SEEK_NOT_YOURS
        );
        assert!(matches!(
            cs.press_seek(id, &seat(1, "alice"), cancel, BOT, NOW).await,
            Ok(SeekChange::Cancelled(_))
        ));
        assert_eq!(
            cs.press_seek(id, &seat(2, "bob"), OfferButton::Join, BOT, NOW)
                .await
                .unwrap_err(),
            id::ERROR_SEEK_EXPIRED
        );
        assert!(
            matches!(cs.lookup_expired(id, NOW).await, Lookup::Closed),
            "cancelled, not expired: the message keeps its text"
        );
    }

    #[test]
    fn offer_button_ids_round_trip() {
        for b in OfferButton::ALL {
            assert_eq!(OfferButton::parse(&b.custom_id(7)), Some((7, b)));
        }
        assert_eq!(OfferButton::parse("c:7:join"), None);
        assert_eq!(OfferButton::parse("m:1:resign-match"), None);
    }
}
