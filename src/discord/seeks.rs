//! `/seek [variant] [time]`: an open challenge with Join and Cancel
//! buttons. Anyone may take a free seat (seats fill in order: the seeker is
//! p1, the first to join p2, …); the match starts in a thread on the seek
//! message when every seat is taken. The seeker may cancel; an unfilled
//! seek expires like a challenge. In memory behind [`Seeks`], like
//! [`super::challenges::Challenges`].

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use poise::CreateReply;
use serenity::all::{
    Builder, ButtonStyle, ComponentInteraction, Context as SerenityContext, CreateActionRow,
    CreateButton, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, EditInteractionResponse,
};

use super::commands::{
    ban_refusal, open_match, private, seated, server_terms, time_text, unix_now, user_locale,
    MatchPlace,
};
use super::messages::{clip, mentions_only};
use super::{Context, Data, Error};
use crate::game::Variant;
use crate::host::Seated;
use crate::i18n::{Args, Locale};
use crate::play::ClockSettings;

/// An open seek.
#[derive(Clone, Debug)]
pub struct Seek {
    /// Its id: the `/seek` interaction's id.
    pub id: u64,
    /// The server.
    pub guild: u64,
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
    /// Full, cancelled or expired.
    pub closed: bool,
}

impl Seek {
    /// Seats still free.
    pub fn free(&self) -> usize {
        usize::from(self.variant.players()).saturating_sub(self.seats.len())
    }
}

/// A seek button: `s:<id>:join` or `s:<id>:cancel`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeekButton {
    /// Take a seat.
    Join,
    /// The seeker withdraws it.
    Cancel,
}

impl SeekButton {
    /// The button's custom id for seek `id`.
    pub fn action_id(self, id: u64) -> String {
        match self {
            SeekButton::Join => format!("s:{id}:join"),
            SeekButton::Cancel => format!("s:{id}:cancel"),
        }
    }

    /// Reads a seek button's custom id.
    pub fn parse(custom_id: &str) -> Option<(u64, SeekButton)> {
        let (id, what) = custom_id.strip_prefix("s:")?.split_once(':')?;
        let b = match what {
            "join" => SeekButton::Join,
            "cancel" => SeekButton::Cancel,
            _ => return None,
        };
        Some((id.parse().ok()?, b))
    }
}

/// What a join or cancel did.
#[derive(Clone, Debug)]
pub enum SeekChange {
    /// A seat was taken; others are still free.
    Joined(Seek),
    /// The last seat was taken: the match starts.
    Full(Seek),
    /// The seeker cancelled it.
    Cancelled(Seek),
}

/// The open seeks.
#[derive(Default)]
pub struct Seeks {
    inner: Mutex<HashMap<u64, Seek>>,
}

impl Seeks {
    /// No seeks.
    pub fn new() -> Seeks {
        Seeks::default()
    }

    /// Records a new seek.
    pub fn open(&self, s: Seek) {
        self.inner.lock().expect("lock").insert(s.id, s);
    }

    /// Seek `id` as it stands.
    pub fn get(&self, id: u64) -> Option<Seek> {
        self.inner.lock().expect("lock").get(&id).cloned()
    }

    /// `player` presses `button` on seek `id`; `text` is the message's new
    /// text when the press changes it.
    ///
    /// # Errors
    /// The Fluent id of the refusal: expired (or unknown), full, already
    /// seated, not the seeker's to cancel.
    pub fn press(
        &self,
        id: u64,
        player: &Seated,
        button: SeekButton,
    ) -> Result<SeekChange, &'static str> {
        let mut inner = self.inner.lock().expect("lock");
        let Some(s) = inner.get_mut(&id) else {
            return Err("error-seek-expired");
        };
        if s.closed {
            return Err(if s.free() == 0 {
                "error-seek-full"
            } else {
                "error-seek-expired"
            });
        }
        match button {
            SeekButton::Cancel if s.seats[0].id != player.id => Err("error-seek-not-yours"),
            SeekButton::Cancel => {
                s.closed = true;
                Ok(SeekChange::Cancelled(s.clone()))
            }
            SeekButton::Join if s.seats.iter().any(|p| p.id == player.id) => {
                Err("error-seek-already-joined")
            }
            SeekButton::Join => {
                s.seats.push(player.clone());
                if s.free() == 0 {
                    s.closed = true;
                    Ok(SeekChange::Full(s.clone()))
                } else {
                    Ok(SeekChange::Joined(s.clone()))
                }
            }
        }
    }

    /// Sets the message text of seek `id`.
    pub fn set_text(&self, id: u64, text: &str) {
        if let Some(s) = self.inner.lock().expect("lock").get_mut(&id) {
            s.text = text.to_string();
        }
    }

    /// Removes seek `id` at its expiry; returns it if it was still open.
    pub fn expire(&self, id: u64) -> Option<Seek> {
        let s = self.inner.lock().expect("lock").remove(&id)?;
        (!s.closed).then_some(s)
    }
}

fn buttons(data: &Data, l: Locale, id: u64) -> CreateActionRow {
    let catalog = data.host.catalog();
    CreateActionRow::Buttons(vec![
        CreateButton::new(SeekButton::Join.action_id(id))
            .label(catalog.plain(l, "button-join"))
            .style(ButtonStyle::Success),
        CreateButton::new(SeekButton::Cancel.action_id(id))
            .label(catalog.plain(l, "button-cancel"))
            .style(ButtonStyle::Secondary),
    ])
}

/// The poise commands of this module.
pub fn all() -> Vec<poise::Command<Arc<Data>, Error>> {
    vec![seek()]
}

/// Post an open challenge that anyone can join.
#[poise::command(slash_command)]
async fn seek(
    ctx: Context<'_>,
    variant: Option<String>,
    #[autocomplete = "super::commands::time_presets"] time: Option<String>,
) -> Result<(), Error> {
    let poise::Context::Application(actx) = ctx else {
        return Ok(());
    };
    let i = actx.interaction;
    let data: Arc<Data> = ctx.data().clone();
    let catalog = data.host.catalog();
    let locale = user_locale(ctx);
    let Some(guild) = i.guild_id else {
        return private(ctx, catalog.plain(locale, "error-guild-only")).await;
    };
    let terms = match server_terms(ctx, guild.get(), variant.as_deref(), time.as_deref()).await {
        Ok(t) => t,
        Err(text) => return private(ctx, text).await,
    };
    let seeker = seated(&i.user, i.member.as_deref());
    if terms.variant.rated() {
        if let Some(refusal) = ban_refusal(&data, guild.get(), locale, &seeker, &[]).await {
            return private(ctx, refusal).await;
        }
    }
    let l = terms.public;
    let id = i.id.get();
    let mut s = Seek {
        id,
        guild: guild.get(),
        seats: vec![seeker.clone()],
        variant: terms.variant,
        clock: terms.clock,
        locale: l,
        text: String::new(),
        token: i.token.clone(),
        closed: false,
    };
    let expires = (unix_now() + data.challenge_expiry).as_secs();
    s.text = format!(
        "{}\n<t:{expires}:R>",
        catalog.text(
            l,
            "seek-posted",
            &Args::new()
                .set("player", seeker.name.clone())
                .set("variant", catalog.variant_name(l, s.variant))
                .set("time", time_text(s.clock.control))
                .set("free", s.free() as i64),
        )
    );
    let text = s.text.clone();
    data.seeks.open(s);
    ctx.send(
        CreateReply::default()
            .content(clip(&text))
            .components(vec![buttons(&data, l, id)])
            .allowed_mentions(mentions_only(&[])),
    )
    .await?;

    let http = ctx.serenity_context().http.clone();
    let expiry = data.challenge_expiry;
    tokio::spawn(async move {
        tokio::time::sleep(expiry).await;
        if let Some(s) = data.seeks.expire(id) {
            let notice = data.host.catalog().plain(s.locale, "seek-expired-notice");
            let edit = EditInteractionResponse::new()
                .content(clip(&format!("{}\n{notice}", s.text)))
                .components(Vec::new());
            if let Err(e) = edit.execute(&http, &s.token).await {
                tracing::warn!(error = %e, "marking a seek expired failed");
            }
        }
    });
    Ok(())
}

/// A press on a seek's Join or Cancel. Returns false when `press` is not
/// one.
///
/// # Errors
/// A Discord request failed.
pub async fn on_press(
    ctx: &SerenityContext,
    data: &Data,
    press: &ComponentInteraction,
) -> Result<bool, Error> {
    let Some((id, button)) = SeekButton::parse(&press.data.custom_id) else {
        return Ok(false);
    };
    let catalog = data.host.catalog();
    let chosen = data
        .language_overrides
        .lock()
        .expect("lock")
        .get(&press.user.id.get())
        .copied();
    let locale = Locale::for_user(chosen, &press.locale);
    let refuse = |text: String| {
        CreateInteractionResponse::Message(
            CreateInteractionResponseMessage::new()
                .content(clip(&text))
                .ephemeral(true)
                .allowed_mentions(mentions_only(&[])),
        )
    };
    let player = seated(&press.user, press.member.as_ref());
    if let Some(s) = data.seeks.get(id).filter(|_| button == SeekButton::Join) {
        // The same two players may not have two running matches.
        if let Some(other) = s
            .seats
            .iter()
            .find(|p| p.id != player.id && data.routes.running_between(p.id, player.id))
        {
            let text = catalog.text(
                locale,
                "error-same-opponent",
                &Args::new().set("opponent", other.name.clone()),
            );
            press.create_response(&ctx.http, refuse(text)).await?;
            return Ok(true);
        }
        if s.variant.rated() && !s.seats.iter().any(|p| p.id == player.id) {
            if let Some(text) = ban_refusal(data, s.guild, locale, &player, &[]).await {
                press.create_response(&ctx.http, refuse(text)).await?;
                return Ok(true);
            }
        }
    }
    let change = match data.seeks.press(id, &player, button) {
        Ok(c) => c,
        Err(refusal) => {
            press
                .create_response(&ctx.http, refuse(catalog.plain(locale, refusal)))
                .await?;
            return Ok(true);
        }
    };
    let (s, line) = match &change {
        SeekChange::Cancelled(s) => (
            s,
            catalog.text(
                s.locale,
                "seek-cancelled",
                &Args::new().set("player", player.name.clone()),
            ),
        ),
        SeekChange::Joined(s) | SeekChange::Full(s) => (
            s,
            catalog.text(
                s.locale,
                "seek-joined",
                &Args::new()
                    .set("player", player.name.clone())
                    .set("free", s.free() as i64),
            ),
        ),
    };
    let text = format!("{}\n{line}", s.text);
    data.seeks.set_text(id, &text);
    let mut update = CreateInteractionResponseMessage::new()
        .content(clip(&text))
        .allowed_mentions(mentions_only(&[]));
    if !matches!(change, SeekChange::Joined(_)) {
        update = update.components(Vec::new());
    }
    press
        .create_response(&ctx.http, CreateInteractionResponse::UpdateMessage(update))
        .await?;
    let SeekChange::Full(s) = change else {
        return Ok(true);
    };
    let place = MatchPlace {
        channel: press.channel_id,
        message: press.message.id,
        guild: s.guild,
        locale: s.locale,
    };
    if let Err(e) = open_match(&ctx.http, data, place, s.seats.clone(), s.variant, s.clock).await {
        tracing::error!(error = %e, seek = id, "opening the match of a seek failed");
        press
            .create_followup(
                &ctx.http,
                CreateInteractionResponseFollowup::new()
                    .content(catalog.plain(locale, "error-internal"))
                    .ephemeral(true),
            )
            .await?;
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::PlayerId;

    fn seat(id: u64, name: &str) -> Seated {
        Seated {
            id: PlayerId(id),
            name: name.into(),
            ai_level: None,
        }
    }

    fn seek(variant: Variant) -> Seek {
        Seek {
            id: 5,
            guild: 1,
            seats: vec![seat(1, "alice")],
            variant,
            clock: ClockSettings::default(),
            locale: Locale::EnUs,
            text: String::new(),
            token: String::new(),
            closed: false,
        }
    }

    #[test]
    fn seats_fill_in_order_and_the_last_one_starts_the_match() {
        let seeks = Seeks::new();
        seeks.open(seek(Variant::ThreePlayers));
        let join = SeekButton::Join;
        assert_eq!(
            seeks.press(5, &seat(1, "alice"), join).unwrap_err(),
            "error-seek-already-joined"
        );
        assert!(matches!(
            seeks.press(5, &seat(2, "bob"), join),
            Ok(SeekChange::Joined(s)) if s.free() == 1
        ));
        assert_eq!(
            seeks.press(5, &seat(2, "bob"), join).unwrap_err(),
            "error-seek-already-joined"
        );
        let Ok(SeekChange::Full(s)) = seeks.press(5, &seat(3, "carol"), join) else {
            panic!("full")
        };
        let names: Vec<&str> = s.seats.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["alice", "bob", "carol"]);
        assert_eq!(
            seeks.press(5, &seat(4, "dave"), join).unwrap_err(),
            "error-seek-full"
        );
        assert!(seeks.expire(5).is_none(), "full: nothing to mark expired");
    }

    #[test]
    fn only_the_seeker_cancels_and_a_cancelled_seek_takes_nobody() {
        let seeks = Seeks::new();
        seeks.open(seek(Variant::Classic));
        assert_eq!(
            seeks
                .press(5, &seat(2, "bob"), SeekButton::Cancel)
                .unwrap_err(),
            "error-seek-not-yours"
        );
        assert!(matches!(
            seeks.press(5, &seat(1, "alice"), SeekButton::Cancel),
            Ok(SeekChange::Cancelled(_))
        ));
        assert_eq!(
            seeks
                .press(5, &seat(2, "bob"), SeekButton::Join)
                .unwrap_err(),
            "error-seek-expired"
        );
        assert!(seeks.expire(5).is_none());
        assert_eq!(
            seeks
                .press(5, &seat(2, "bob"), SeekButton::Join)
                .unwrap_err(),
            "error-seek-expired"
        );
    }

    #[test]
    fn seek_button_ids_round_trip() {
        for b in [SeekButton::Join, SeekButton::Cancel] {
            assert_eq!(SeekButton::parse(&b.action_id(9)), Some((9, b)));
        }
        assert_eq!(SeekButton::parse("c:9:accept"), None);
    }
}
