//! The terms of a new match under a server's rules (`/config`), and the
//! changes a moderator makes to those rules: variant and time control read
//! from what a user typed, the server's default clock, allowed variants,
//! match channel, language and challenge expiry (docs/discord.md,
//! docs/rules.md §4).

use std::time::Duration;

use fourbot_core::game::Variant;
use fourbot_core::play::{ClockSettings, TimeControl, MINUTE_MS};
use fourbot_i18n::{id, time_control, Locale};
use fourbot_store::GuildSettings;

use super::denial::Denial;
use super::limits::{Bounds, Limit};

/// The longest challenge expiry: 14 minutes, within the 15 minutes for which
/// the interaction that posted a challenge may edit its message (Discord's
/// interaction tokens).
pub const MAX_CHALLENGE_EXPIRY: Duration = Duration::from_secs(14 * 60);

/// The shortest and longest abort window `/config` accepts, in minutes.
pub const ABORT_WINDOW_MINUTES: std::ops::RangeInclusive<i64> = 1..=60;

/// The shortest and longest challenge expiry `/config` accepts, in minutes:
/// at most 14 ([`MAX_CHALLENGE_EXPIRY`]).
pub const CHALLENGE_EXPIRY_MINUTES: std::ops::RangeInclusive<i64> = 1..=14;

/// A time control as players write it: `10+10` (base minutes + increment
/// seconds; a test clock below a minute as `0.5+0`).
pub fn time_text(t: TimeControl) -> String {
    time_control(t.base_ms() / 1000, t.increment_ms() / 1000)
}

/// The variant a user named by its key (`popout`).
///
/// # Errors
/// `error-unknown-variant`, with what was typed and every key.
pub fn parse_variant(text: &str) -> Result<Variant, Denial> {
    text.parse().map_err(|_| {
        let keys: Vec<&str> = Variant::ALL.iter().map(|v| v.key()).collect();
        Denial::new(id::ERROR_UNKNOWN_VARIANT)
            .with("input", text.to_string())
            .with("variants", keys.join(", "))
    })
}

/// The time control a user typed (`10+10`), within docs/rules.md §4.
///
/// # Errors
/// `error-bad-time-control`, with what was typed and the limits.
pub fn parse_time(text: &str) -> Result<TimeControl, Denial> {
    text.parse().map_err(|_| {
        Denial::new(id::ERROR_BAD_TIME_CONTROL)
            .with("input", text.to_string())
            .with(
                "min-base",
                Duration::from_secs(TimeControl::MIN_BASE_MINUTES * 60),
            )
            .with(
                "max-base",
                Duration::from_secs(TimeControl::MAX_BASE_MINUTES * 60),
            )
            .with(
                "max-increment",
                Duration::from_secs(TimeControl::MAX_INCREMENT_SECONDS),
            )
    })
}

/// A variant and time control typed by a user (defaults: classic, 10+10).
///
/// # Errors
/// The first of [`parse_variant`] and [`parse_time`] that refuses.
pub fn parse_terms(
    variant: Option<&str>,
    time: Option<&str>,
) -> Result<(Variant, TimeControl), Denial> {
    let variant = variant.map_or(Ok(Variant::Classic), parse_variant)?;
    let time = time.map_or(Ok(TimeControl::DEFAULT), parse_time)?;
    Ok((variant, time))
}

/// The language of a server's public messages: its `/config` choice, else
/// Discord's `guild_locale`, else English.
pub fn public_locale(settings: &GuildSettings, guild_locale: Option<&str>) -> Locale {
    let configured = settings.locale.as_deref().and_then(|l| l.parse().ok());
    Locale::for_guild(configured, guild_locale)
}

/// What a new match on a server is to be, after the server's rules.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchTerms {
    /// Language of the public messages.
    pub public: Locale,
    /// The variant.
    pub variant: Variant,
    /// The time control (the server's default when none was given), and the
    /// server's abort window and grace period.
    pub clock: ClockSettings,
    /// How long a challenge or seek stays open.
    pub expiry: Duration,
}

/// How long a challenge or seek stays open on a server: its `/config`
/// expiry, or `expiry_override` (an operator's setting) when given; at most
/// [`MAX_CHALLENGE_EXPIRY`].
pub fn challenge_expiry(settings: &GuildSettings, expiry_override: Option<Duration>) -> Duration {
    expiry_override
        .unwrap_or(Duration::from_millis(settings.challenge_expiry_ms))
        .min(MAX_CHALLENGE_EXPIRY)
}

/// The terms of a match of `variant` (default classic) with `time` (as
/// typed; default the server's) asked for in `channel` of the server with
/// `settings`; `guild_locale` is Discord's language of the server.
///
/// # Errors
/// A time control that does not read, a match channel elsewhere, a variant
/// the server does not allow.
pub fn match_terms(
    settings: &GuildSettings,
    channel: u64,
    variant: Option<Variant>,
    time: Option<&str>,
    guild_locale: Option<&str>,
    expiry_override: Option<Duration>,
) -> Result<MatchTerms, Denial> {
    let variant = variant.unwrap_or(Variant::Classic);
    let control = match time {
        Some(t) => parse_time(t)?,
        None => settings.clock.control,
    };
    let clock = ClockSettings {
        control,
        ..settings.clock
    };
    if let Some(c) = settings.match_channel.filter(|c| *c != channel) {
        return Err(Denial::new(id::ERROR_WRONG_CHANNEL).with("channel", format!("<#{c}>")));
    }
    if !settings.variants.is_empty() && !settings.variants.contains(&variant) {
        return Err(
            Denial::new(id::ERROR_VARIANT_NOT_ALLOWED).with("variant", id::variant(variant))
        );
    }
    Ok(MatchTerms {
        public: public_locale(settings, guild_locale),
        variant,
        clock,
        expiry: challenge_expiry(settings, expiry_override),
    })
}

/// What `/config` changes (each `None` stays as it is).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ConfigChange {
    /// `time`: the default time control, as typed.
    pub time: Option<String>,
    /// `abort-window`, in minutes.
    pub abort_window: Option<i64>,
    /// `challenge-expiry`, in minutes.
    pub challenge_expiry: Option<i64>,
    /// `variants`: comma-separated keys, or `all`.
    pub variants: Option<String>,
    /// `channel`: where matches are played.
    pub channel: Option<u64>,
    /// `any-channel: true`: no match channel any more — matches start in
    /// the channel where the challenge or seek is made. Refused together
    /// with `channel`.
    pub any_channel: bool,
    /// `language` of public messages: `Some(None)` is Discord's.
    pub language: Option<Option<Locale>>,
    /// `modlog`: the moderation log's channel.
    pub modlog: Option<u64>,
    /// `modlog-off: true`: no moderation log channel any more (actions
    /// are still stored). Refused together with `modlog`.
    pub modlog_off: bool,
    /// `tournaments`: whether anyone (`true`) or only moderators may
    /// create tournaments (kept apart from [`GuildSettings`]; applied by
    /// `Settings::configure`).
    pub tournaments: Option<bool>,
    /// The limits set (`ai-matches`, `open-offers`, …), each with the
    /// value given: within 1 and the operator's bound
    /// ([`Bounds::check`]).
    pub limits: Vec<(Limit, i64)>,
    /// `web`: whether the server's matches are on the web (docs/web.md).
    pub web: Option<bool>,
}

impl ConfigChange {
    /// Whether it changes anything (no option: `/config` shows the settings).
    pub fn is_empty(&self) -> bool {
        *self == ConfigChange::default()
    }
}

/// `minutes` in milliseconds, if within `range`.
///
/// # Errors
/// `refusal` with the range's ends as `$min` and `$max`.
fn minutes_ms(
    minutes: i64,
    range: std::ops::RangeInclusive<i64>,
    refusal: fourbot_i18n::Id,
) -> Result<u64, Denial> {
    if range.contains(&minutes) {
        return Ok(minutes as u64 * MINUTE_MS);
    }
    let words = |m: i64| Duration::from_secs(m as u64 * 60);
    Err(Denial::new(refusal)
        .with("min", words(*range.start()))
        .with("max", words(*range.end())))
}

/// `settings` with `change` applied; the limits within the operator's
/// `bounds`.
///
/// # Errors
/// A bad time control, an abort window or challenge expiry out of range,
/// an unknown variant, a match channel together with `any-channel` (or a
/// log channel together with `modlog-off`), a
/// limit below 1 or above its bound (`config-bad-limit`, naming the
/// bound); `settings` is then unchanged.
pub fn apply_config(
    settings: &GuildSettings,
    change: &ConfigChange,
    bounds: &Bounds,
) -> Result<GuildSettings, Denial> {
    let mut s = settings.clone();
    for (limit, value) in &change.limits {
        let value = bounds.check(*limit, *value)?;
        limit.set(&mut s.limits, Some(value));
    }
    if let Some(time) = change.time.as_deref() {
        s.clock.control = parse_time(time)?;
    }
    if let Some(minutes) = change.abort_window {
        s.clock.abort_ms = minutes_ms(minutes, ABORT_WINDOW_MINUTES, id::CONFIG_BAD_ABORT_WINDOW)?;
    }
    if let Some(minutes) = change.challenge_expiry {
        s.challenge_expiry_ms = minutes_ms(
            minutes,
            CHALLENGE_EXPIRY_MINUTES,
            id::CONFIG_BAD_CHALLENGE_EXPIRY,
        )?;
    }
    if let Some(list) = change.variants.as_deref() {
        s.variants = if list.trim().eq_ignore_ascii_case("all") {
            Vec::new()
        } else {
            let mut vs = Vec::new();
            for key in list.split(',').map(str::trim).filter(|k| !k.is_empty()) {
                let v = parse_variant(key)?;
                if !vs.contains(&v) {
                    vs.push(v);
                }
            }
            vs.sort_by_key(|v: &Variant| v.key());
            vs
        };
    }
    match (change.channel, change.any_channel) {
        (Some(_), true) => return Err(Denial::new(id::CONFIG_CHANNEL_CONFLICT)),
        (Some(channel), false) => s.match_channel = Some(channel),
        (None, true) => s.match_channel = None,
        (None, false) => {}
    }
    match (change.modlog, change.modlog_off) {
        (Some(_), true) => return Err(Denial::new(id::CONFIG_MODLOG_CONFLICT)),
        (Some(channel), false) => s.modlog_channel = Some(channel),
        (None, true) => s.modlog_channel = None,
        (None, false) => {}
    }
    if let Some(language) = change.language {
        s.locale = language.map(|l| l.tag().to_string());
    }
    if let Some(web) = change.web {
        s.web = web;
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use fourbot_i18n::Catalog;

    fn text(c: &Catalog, l: Locale, d: &Denial) -> String {
        c.render(l, d.message())
    }

    #[test]
    fn challenge_terms_default_and_refuse_clearly() {
        let c = Catalog::new().unwrap();
        let en = Locale::EnUs;
        assert_eq!(
            parse_terms(None, None).unwrap(),
            (Variant::Classic, TimeControl::DEFAULT)
        );
        let (v, t) = parse_terms(Some("popout"), Some("3+2")).unwrap();
        assert_eq!((v, t), (Variant::Popout, TimeControl::BLITZ));
        let e = text(&c, en, &parse_terms(None, Some("0+5")).unwrap_err());
        assert!(e.contains("0+5"), "{e}");
        let e = text(&c, en, &parse_terms(Some("chess"), None).unwrap_err());
        assert!(e.contains("classic"), "{e}");
        let e = text(&c, en, &parse_terms(None, Some("1000000+0")).unwrap_err());
        assert!(e.contains("7 days"), "{e}");
        for v in Variant::ALL {
            assert_eq!(parse_terms(Some(v.key()), None).unwrap().0, v);
        }
        let (_, t) = parse_terms(None, Some("2+7")).unwrap();
        assert_eq!((t.base_ms(), t.increment_ms()), (120_000, 7_000));
    }

    #[test]
    fn a_server_keeps_matches_to_its_channel_and_variants() {
        let c = Catalog::new().unwrap();
        let mut s = GuildSettings::new(7);
        s.match_channel = Some(42);
        s.variants = vec![Variant::Classic];
        s.locale = Some("de".into());
        let e = match_terms(&s, 41, None, None, None, None).unwrap_err();
        assert!(text(&c, Locale::EnUs, &e).contains("<#42>"));
        let e = match_terms(&s, 42, Some(Variant::Popout), None, None, None).unwrap_err();
        assert!(text(&c, Locale::De, &e).contains("PopOut"), "{e:?}");
        let t = match_terms(&s, 42, None, Some("3+2"), Some("it"), None).unwrap();
        assert_eq!(t.public, Locale::De, "the server's choice before Discord's");
        assert_eq!(t.clock.control, TimeControl::BLITZ);
        assert_eq!(t.expiry, Duration::from_secs(600));
        let capped = match_terms(&s, 42, None, None, None, Some(Duration::from_secs(3600)));
        assert_eq!(capped.unwrap().expiry, MAX_CHALLENGE_EXPIRY);
    }

    #[test]
    fn config_changes_apply_and_bad_values_are_refused() {
        let c = Catalog::new().unwrap();
        let l = Locale::EnUs;
        let base = GuildSettings::new(7);
        let change = ConfigChange {
            time: Some("3+2".into()),
            abort_window: Some(5),
            challenge_expiry: Some(2),
            variants: Some("popout, classic,popout".into()),
            channel: Some(42),
            any_channel: false,
            language: Some(Some(Locale::De)),
            limits: vec![(Limit::AiMatches, 1), (Limit::OpenOffers, 50)],
            modlog: Some(77),
            ..ConfigChange::default()
        };
        let s = apply_config(&base, &change, &Bounds::default()).unwrap();
        assert_eq!(time_text(s.clock.control), "3+2");
        assert_eq!(s.clock.abort_ms, 5 * MINUTE_MS);
        assert_eq!(s.challenge_expiry_ms, 2 * MINUTE_MS);
        assert_eq!(s.variants, [Variant::Classic, Variant::Popout]);
        assert_eq!(s.match_channel, Some(42));
        assert_eq!(s.locale.as_deref(), Some("de"));
        assert_eq!(s.limits.ai_matches, Some(1));
        assert_eq!(s.limits.open_offers, Some(50), "the bound itself");
        assert_eq!(s.modlog_channel, Some(77));
        let off = ConfigChange {
            modlog_off: true,
            ..ConfigChange::default()
        };
        let no_log = apply_config(&s, &off, &Bounds::default()).unwrap();
        assert_eq!(no_log.modlog_channel, None);
        assert_eq!(no_log.match_channel, Some(42), "the rest kept");
        let both_logs = ConfigChange {
            modlog: Some(78),
            modlog_off: true,
            ..ConfigChange::default()
        };
        let e = text(
            &c,
            l,
            &apply_config(&s, &both_logs, &Bounds::default()).unwrap_err(),
        );
        assert!(e.contains("modlog-off"), "{e}");

        let all = ConfigChange {
            variants: Some("all".into()),
            language: Some(None),
            ..ConfigChange::default()
        };
        let back = apply_config(&s, &all, &Bounds::default()).unwrap();
        assert!(back.variants.is_empty() && back.locale.is_none());
        assert_eq!(back.match_channel, Some(42), "kept unless cleared");
        let anywhere = ConfigChange {
            any_channel: true,
            ..ConfigChange::default()
        };
        assert!(!anywhere.is_empty());
        assert_eq!(
            apply_config(&s, &anywhere, &Bounds::default())
                .unwrap()
                .match_channel,
            None
        );
        let both = ConfigChange {
            channel: Some(43),
            any_channel: true,
            ..ConfigChange::default()
        };
        let e = text(
            &c,
            l,
            &apply_config(&s, &both, &Bounds::default()).unwrap_err(),
        );
        assert!(e.contains("any-channel"), "{e}");

        let bad = |change: ConfigChange| {
            text(
                &c,
                l,
                &apply_config(&base, &change, &Bounds::default()).unwrap_err(),
            )
        };
        let e = bad(ConfigChange {
            abort_window: Some(0),
            ..ConfigChange::default()
        });
        assert!(e.contains("1 minute") && e.contains("1 hour"), "{e}");
        let e = bad(ConfigChange {
            challenge_expiry: Some(15),
            ..ConfigChange::default()
        });
        assert!(
            e.contains("challenge expiry") && e.contains("14 minutes"),
            "{e}"
        );
        let de = apply_config(
            &base,
            &ConfigChange {
                challenge_expiry: Some(0),
                ..ConfigChange::default()
            },
            &Bounds::default(),
        )
        .unwrap_err();
        let de = text(&c, Locale::De, &de);
        assert!(de.contains("Frist für Herausforderungen"), "{de}");
        let e = bad(ConfigChange {
            variants: Some("classic,chess".into()),
            ..ConfigChange::default()
        });
        assert!(e.contains("chess"), "{e}");
        let e = bad(ConfigChange {
            time: Some("99999+0".into()),
            ..ConfigChange::default()
        });
        assert!(e.contains("99999+0"), "{e}");
        assert!(ConfigChange::default().is_empty() && !change.is_empty());
    }

    #[test]
    fn a_limit_beyond_the_operators_bound_is_refused_and_nothing_changes() {
        let c = Catalog::new().unwrap();
        let bounds = Bounds::default().with(Limit::AiMatches, 4);
        let base = GuildSettings::new(7);
        let change = |v| ConfigChange {
            time: Some("3+2".into()),
            limits: vec![(Limit::AiMatches, v)],
            ..ConfigChange::default()
        };
        let e = apply_config(&base, &change(5), &bounds).unwrap_err();
        for l in Locale::ALL {
            let t = text(&c, l, &e);
            assert!(t.contains('4') && t.contains('5'), "{l:?}: {t}");
        }
        assert!(text(&c, Locale::EnUs, &e).contains("operator"));
        assert!(apply_config(&base, &change(0), &bounds).is_err());
        let s = apply_config(&base, &change(4), &bounds).unwrap();
        assert_eq!(s.limits.ai_matches, Some(4));
    }
}
