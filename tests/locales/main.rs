//! The message catalogue in all five languages: same keys everywhere, every
//! message formats, command names pass Discord's rules, plurals and numbers
//! follow each language, and a reviewed snapshot of key messages.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use fourbot::game::{MoveError, Variant};
use fourbot::i18n::inspect::{self, Key};
use fourbot::i18n::{id, Args, Catalog, Id, Locale, FTL_FILES};

fn catalog() -> Catalog {
    Catalog::new().expect("the embedded message files load")
}

/// Variables used as plural selectors in any language must be numbers.
fn selector_variables(c: &Catalog) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for l in Locale::ALL {
        let keys = inspect::keys(c, l);
        for key in keys.keys() {
            for (v, sel) in inspect::needed_variables(&keys, key) {
                if sel {
                    out.insert(v);
                }
            }
        }
    }
    out
}

#[test]
fn every_language_has_exactly_the_keys_english_has() {
    let c = catalog();
    let english: BTreeSet<Key> = inspect::keys(&c, Locale::EnUs).into_keys().collect();
    assert!(english.len() > 200, "only {} English keys", english.len());
    for l in &Locale::ALL[1..] {
        let keys: BTreeSet<Key> = inspect::keys(&c, *l).into_keys().collect();
        let missing: Vec<String> = english.difference(&keys).map(|k| k.to_string()).collect();
        let extra: Vec<String> = keys.difference(&english).map(|k| k.to_string()).collect();
        assert!(missing.is_empty(), "{l} lacks {missing:?}");
        assert!(extra.is_empty(), "{l} has keys English lacks: {extra:?}");
    }
}

#[test]
fn every_key_lives_in_the_same_file_in_every_language() {
    let c = catalog();
    let english = inspect::keys(&c, Locale::EnUs);
    for l in &Locale::ALL[1..] {
        for (key, usage) in inspect::keys(&c, *l) {
            if let Some(en) = english.get(&key) {
                assert_eq!(usage.file, en.file, "{l}: {key}");
            }
        }
    }
}

#[test]
fn every_message_formats_with_the_arguments_english_declares() {
    let c = catalog();
    let selectors = selector_variables(&c);
    let english = inspect::keys(&c, Locale::EnUs);
    for key in english.keys() {
        let needed = inspect::needed_variables(&english, key);
        for count in [1, 2, 5, 21] {
            let mut args = Args::new();
            for name in needed.keys() {
                if selectors.contains(name) {
                    args.insert(name.clone(), count);
                } else {
                    args.insert(name.clone(), format!("‹{name}›"));
                }
            }
            for l in Locale::ALL {
                let text = c
                    .try_format(l, &key.id, key.attribute.as_deref(), &args)
                    .unwrap_or_else(|e| panic!("{l}: {key}: {e}"));
                assert!(!text.trim().is_empty(), "{l}: {key} is empty");
                assert!(!text.contains('\u{2068}'), "{l}: {key} has isolation marks");
            }
        }
    }
}

#[test]
fn translations_use_only_variables_english_declares() {
    let c = catalog();
    let english = inspect::keys(&c, Locale::EnUs);
    for l in &Locale::ALL[1..] {
        let keys = inspect::keys(&c, *l);
        for key in keys.keys() {
            let theirs = inspect::needed_variables(&keys, key);
            let ours = inspect::needed_variables(&english, key);
            for v in theirs.keys() {
                assert!(
                    ours.contains_key(v),
                    "{l}: {key} uses ${v}, English does not"
                );
            }
        }
    }
}

#[test]
fn the_locale_folders_hold_exactly_the_embedded_files() {
    for l in Locale::ALL {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("locales")
            .join(l.tag());
        let mut found: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        found.sort();
        let mut expected: Vec<String> = FTL_FILES.iter().map(|s| s.to_string()).collect();
        expected.sort();
        assert_eq!(found, expected, "{}", dir.display());
    }
}

/// Messages that may read the same as in English (names of languages,
/// layouts made only of arguments and symbols, words that are the same).
fn may_equal_english(l: Locale, key: &Key) -> bool {
    let id = key.id.as_str();
    if id.starts_with("language-") && key.attribute.is_none() {
        return true;
    }
    let shared = [
        "clock-line",
        "clock-line-running",
        "match-standing-line",
        "match-rating-change",
        "history-line",
        "analyze-line",
        "thread-name",
        "pick-match-option",
        "rating-title",
        "matches-running-line",
        "table-rank",
        // Buchholz and Sonneborn-Berger are names: BH and SB everywhere.
        "tournament-column-buchholz",
        "tournament-column-sb",
        // The web's announced move and a colour with its mark: variables
        // and punctuation only.
        "web-announce-move",
        "web-seat-color",
    ];
    if shared.contains(&id) && key.attribute.is_none() {
        return true;
    }
    let per_language: &[&str] = match l {
        Locale::It => &[
            "duration-hours-minutes",
            "variant-popout",
            "variant-misere",
            "no",
            "replay",
            "tournament-format-name-arena",
            "web-title",
            "config.web",
        ],
        Locale::De => &[
            "time-in",
            "variant-popout",
            "variant-misere",
            "variant-teams",
            "team-name",
            "rules-notation-title",
            "analyze.match",
            "ladder-void.match",
            "ladder-abort.match",
            "replay.match",
            "export",
            "export.match",
            "table-matches",
            // "Match" is German for a match (the web's column header).
            "web-people-col-match",
            "web-title",
            "config.web",
            "tournament-create.format",
            "tournament-format-name-arena",
        ],
        Locale::El | Locale::Bg => &["variant-popout"],
        Locale::EnUs => &[],
    };
    per_language.contains(&key.to_string().as_str())
}

#[test]
fn nothing_is_left_in_english_by_mistake() {
    let c = catalog();
    let selectors = selector_variables(&c);
    let english = inspect::keys(&c, Locale::EnUs);
    for l in &Locale::ALL[1..] {
        let mut same = Vec::new();
        for key in english.keys() {
            let mut args = Args::new();
            for name in inspect::needed_variables(&english, key).keys() {
                if selectors.contains(name) {
                    args.insert(name.clone(), 5);
                } else {
                    args.insert(name.clone(), "X");
                }
            }
            let a = c.try_format(Locale::EnUs, &key.id, key.attribute.as_deref(), &args);
            let b = c.try_format(*l, &key.id, key.attribute.as_deref(), &args);
            if a == b && !may_equal_english(*l, key) {
                same.push(key.to_string());
            }
        }
        assert!(same.is_empty(), "{l}: same as English: {same:?}");
    }
}

/// The slash commands as they are registered: the JSON Discord is sent.
fn registered(c: &Catalog) -> Vec<serde_json::Value> {
    let json = serde_json::to_value(fourbot::create_commands(c)).unwrap();
    json.as_array().unwrap().clone()
}

/// A localized field (`name`, `description`) of a command, option or
/// choice in `l`.
fn localized<'a>(v: &'a serde_json::Value, field: &str, l: Locale) -> &'a str {
    v[format!("{field}_localizations")][l.tag()]
        .as_str()
        .unwrap_or_else(|| panic!("{l}: no {field} for {v}"))
}

#[test]
fn command_names_and_descriptions_pass_discords_rules() {
    let c = catalog();
    let name_re = regex::Regex::new(r"^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$").unwrap();
    let check_name = |what: &str, l: Locale, name: &str| {
        assert!(
            name_re.is_match(name),
            "{l}: {what} name {name:?} fails Discord's regex"
        );
        assert_eq!(
            name,
            name.to_lowercase(),
            "{l}: {what} name {name:?} is not lowercase"
        );
    };
    let check_text = |what: &str, l: Locale, text: &str| {
        let n = text.chars().count();
        assert!(
            (1..=100).contains(&n),
            "{l}: {what} has {n} characters: {text:?}"
        );
    };
    let (commands, user_commands): (Vec<_>, Vec<_>) = registered(&c)
        .into_iter()
        .partition(|cmd| cmd["type"].as_u64().unwrap_or(1) == 1);
    assert_eq!(commands.len(), 19);
    // A user command (a member's Apps menu): 1–32 characters in every
    // language, capitals and spaces allowed, no description.
    assert_eq!(user_commands.len(), 1);
    for cmd in &user_commands {
        for l in Locale::ALL {
            let n = localized(cmd, "name", l).chars().count();
            assert!((1..=32).contains(&n), "{l}: {cmd}");
        }
        assert!(cmd.get("description").is_none_or(|d| d == ""), "{cmd}");
    }
    let options = |v: &serde_json::Value| v["options"].as_array().cloned().unwrap_or_default();
    for l in Locale::ALL {
        let mut top = BTreeSet::new();
        let mut all = Vec::new();
        for cmd in &commands {
            assert!(
                top.insert(localized(cmd, "name", l).to_string()),
                "{l}: two commands named {}",
                localized(cmd, "name", l)
            );
            all.push(cmd.clone());
            // Subcommands (option type 1).
            all.extend(options(cmd).into_iter().filter(|o| o["type"] == 1));
        }
        for cmd in &all {
            let what = cmd["name"].as_str().unwrap().to_string();
            check_name(&what, l, localized(cmd, "name", l));
            check_text(&what, l, localized(cmd, "description", l));
            let mut option_names = BTreeSet::new();
            let mut sub_names = BTreeSet::new();
            for o in options(cmd) {
                let what = format!("{what}.{}", o["name"].as_str().unwrap());
                if o["type"] == 1 {
                    assert!(
                        sub_names.insert(localized(&o, "name", l).to_string()),
                        "{l}: {what} repeats a subcommand name"
                    );
                    continue;
                }
                check_name(&what, l, localized(&o, "name", l));
                check_text(&what, l, localized(&o, "description", l));
                assert!(
                    option_names.insert(localized(&o, "name", l).to_string()),
                    "{l}: {what} repeats a name"
                );
                for ch in o["choices"].as_array().cloned().unwrap_or_default() {
                    let value = ch["value"].as_str().unwrap_or_default();
                    check_text(
                        &format!("{what} choice {value}"),
                        l,
                        localized(&ch, "name", l),
                    );
                }
            }
        }
    }
    // English names are the names Discord dispatches by.
    for cmd in &commands {
        assert_eq!(localized(cmd, "name", Locale::EnUs), cmd["name"]);
        for o in options(cmd) {
            assert_eq!(localized(&o, "name", Locale::EnUs), o["name"]);
        }
    }
    // No localization fell back to English.
    assert!(
        c.reported_missing().is_empty(),
        "{:?}",
        c.reported_missing()
    );
}

#[test]
fn variant_choices_cover_every_variant() {
    let c = catalog();
    let commands = registered(&c);
    let challenge = commands.iter().find(|c| c["name"] == "challenge").unwrap();
    let variant = challenge["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "variant")
        .unwrap();
    let values: Vec<&str> = variant["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap())
        .collect();
    let keys: Vec<&str> = Variant::ALL.iter().map(|v| v.key()).collect();
    assert_eq!(values, keys);
    for l in Locale::ALL {
        let names: BTreeSet<String> = Variant::ALL.iter().map(|v| c.variant_name(l, *v)).collect();
        assert_eq!(names.len(), 11, "{l}: two variants share a name");
    }
}

#[test]
fn button_labels_fit_discords_limit() {
    let c = catalog();
    let english = inspect::keys(&c, Locale::EnUs);
    for l in Locale::ALL {
        for key in english.keys().filter(|k| k.id.starts_with("button-")) {
            let args = Args::new().set("column", "g").set("n", 25);
            let text = c.try_format(l, &key.id, None, &args).unwrap();
            assert!(
                (1..=80).contains(&text.chars().count()),
                "{l}: {key}: {text}"
            );
        }
    }
}

#[test]
fn rules_fit_in_a_discord_message_and_mention_the_settings() {
    let c = catalog();
    for l in Locale::ALL {
        let overview = c.rules(l, None, Duration::from_secs(180), Duration::from_secs(60));
        assert_eq!(overview.len(), 5);
        let total: usize = overview
            .iter()
            .map(|s| s.title.chars().count() + s.body.chars().count())
            .sum();
        assert!(
            total <= 6000,
            "{l}: the rules overview has {total} characters (embed limit 6000)"
        );
        for s in &overview {
            assert!(
                s.body.chars().count() <= 4096,
                "{l}: {} is too long",
                s.title
            );
        }
        let clock = &overview[3].body;
        let three_minutes = c.duration_words(l, Duration::from_secs(180));
        assert!(clock.contains(&three_minutes), "{l}: {clock}");
        for v in Variant::ALL {
            let sections = c.rules(
                l,
                Some(v),
                Duration::from_secs(180),
                Duration::from_secs(60),
            );
            assert_eq!(sections[0].title, c.variant_name(l, v));
            assert!(sections[0].body.chars().count() <= 4096);
        }
    }
    assert!(
        c.reported_missing().is_empty(),
        "{:?}",
        c.reported_missing()
    );
}

fn expect(
    c: &Catalog,
    l: Locale,
    cases: &[(u32, &str)],
    f: impl Fn(&Catalog, Locale, u32) -> String,
) {
    for (n, want) in cases {
        assert_eq!(f(c, l, *n), *want, "{l}: {n}");
    }
}

#[test]
fn points_follow_each_languages_plural_rules() {
    let c = catalog();
    let p = |c: &Catalog, l: Locale, half: u32| c.points(l, half);
    expect(
        &c,
        Locale::EnUs,
        &[
            (1, "½ point"),
            (2, "1 point"),
            (3, "1½ points"),
            (4, "2 points"),
            (10, "5 points"),
            (42, "21 points"),
            (0, "0 points"),
        ],
        p,
    );
    expect(
        &c,
        Locale::De,
        &[
            (1, "½ Punkt"),
            (2, "1 Punkt"),
            (3, "1½ Punkte"),
            (4, "2 Punkte"),
            (10, "5 Punkte"),
            (42, "21 Punkte"),
            (0, "0 Punkte"),
        ],
        p,
    );
    expect(
        &c,
        Locale::It,
        &[
            (1, "½ punto"),
            (2, "1 punto"),
            (3, "1½ punti"),
            (4, "2 punti"),
            (10, "5 punti"),
            (42, "21 punti"),
            (0, "0 punti"),
        ],
        p,
    );
    expect(
        &c,
        Locale::El,
        &[
            (1, "½ πόντος"),
            (2, "1 πόντος"),
            (3, "1½ πόντοι"),
            (4, "2 πόντοι"),
            (10, "5 πόντοι"),
            (42, "21 πόντοι"),
            (0, "0 πόντοι"),
        ],
        p,
    );
    expect(
        &c,
        Locale::Bg,
        &[
            (1, "½ точка"),
            (2, "1 точка"),
            (3, "1½ точки"),
            (4, "2 точки"),
            (10, "5 точки"),
            (42, "21 точки"),
            (0, "0 точки"),
        ],
        p,
    );
}

#[test]
fn counted_words_follow_each_languages_plural_rules() {
    let c = catalog();
    let minutes =
        |c: &Catalog, l: Locale, n: u32| c.duration_words(l, Duration::from_secs(60 * n as u64));
    expect(
        &c,
        Locale::EnUs,
        &[
            (1, "1 minute"),
            (2, "2 minutes"),
            (5, "5 minutes"),
            (21, "21 minutes"),
        ],
        minutes,
    );
    expect(
        &c,
        Locale::De,
        &[
            (1, "1 Minute"),
            (2, "2 Minuten"),
            (5, "5 Minuten"),
            (21, "21 Minuten"),
        ],
        minutes,
    );
    expect(
        &c,
        Locale::It,
        &[
            (1, "1 minuto"),
            (2, "2 minuti"),
            (5, "5 minuti"),
            (21, "21 minuti"),
        ],
        minutes,
    );
    expect(
        &c,
        Locale::El,
        &[
            (1, "1 λεπτό"),
            (2, "2 λεπτά"),
            (5, "5 λεπτά"),
            (21, "21 λεπτά"),
        ],
        minutes,
    );
    expect(
        &c,
        Locale::Bg,
        &[
            (1, "1 минута"),
            (2, "2 минути"),
            (5, "5 минути"),
            (21, "21 минути"),
        ],
        minutes,
    );
    let days = |c: &Catalog, l: Locale, n: u32| {
        c.duration_words(l, Duration::from_secs(86_400 * n as u64))
    };
    expect(&c, Locale::EnUs, &[(1, "1 day"), (7, "7 days")], days);
    expect(&c, Locale::De, &[(1, "1 Tag"), (7, "7 Tage")], days);
    expect(&c, Locale::It, &[(1, "1 giorno"), (7, "7 giorni")], days);
    expect(&c, Locale::El, &[(1, "1 ημέρα"), (7, "7 ημέρες")], days);
    expect(&c, Locale::Bg, &[(1, "1 ден"), (7, "7 дни")], days);
}

#[test]
fn durations_are_short_and_localized() {
    let c = catalog();
    let d = |s: u64| Duration::from_secs(s);
    let cases: [(Locale, [&str; 5]); 5] = [
        (
            Locale::EnUs,
            ["9:58", "1 h 05 min", "23 h 59 min", "2 d 3 h", "1 d"],
        ),
        (
            Locale::De,
            [
                "9:58",
                "1 Std. 05 Min.",
                "23 Std. 59 Min.",
                "2 Tg. 3 Std.",
                "1 Tg.",
            ],
        ),
        (
            Locale::It,
            ["9:58", "1 h 05 min", "23 h 59 min", "2 gg 3 h", "1 g"],
        ),
        (
            Locale::El,
            ["9:58", "1 ώ. 05 λ.", "23 ώ. 59 λ.", "2 ημ. 3 ώ.", "1 ημ."],
        ),
        (
            Locale::Bg,
            ["9:58", "1 ч 05 мин", "23 ч 59 мин", "2 дни 3 ч", "1 ден"],
        ),
    ];
    for (l, want) in cases {
        let got = [
            c.duration(l, Duration::from_millis(598_700)),
            c.duration(l, d(3600 + 5 * 60 + 59)),
            c.duration(l, d(86_399)),
            c.duration(l, d(2 * 86_400 + 3 * 3600 + 1800)),
            c.duration(l, d(86_400 + 120)),
        ];
        assert_eq!(got, want.map(String::from), "{l}");
    }
}

#[test]
fn illegal_moves_get_a_reason_in_every_language() {
    let c = catalog();
    for l in Locale::ALL {
        let full = c.move_error(l, &MoveError::ColumnFull { column: 3 });
        assert!(full.contains(" d"), "{l}: {full}");
        let range = c.move_error(
            l,
            &MoveError::ColumnOutOfRange {
                column: 9,
                width: 7,
            },
        );
        assert!(range.contains('j') && range.contains('g'), "{l}: {range}");
    }
}

/// Renders the key messages of every language; compared with
/// `tests/locales/snapshots/key_messages.txt` (set `UPDATE_SNAPSHOTS=1` to rewrite it
/// after reading the differences).
fn key_messages(c: &Catalog, l: Locale) -> Vec<String> {
    let t = |id: Id, args: Args| c.text(l, id, &args);
    let classic = c.variant_name(l, Variant::Classic);
    let mut out = vec![
        t(
            id::THREAD_NAME,
            Args::new()
                .set(
                    "players",
                    t(
                        id::VERSUS,
                        Args::new().set("first", "alice").set("second", "bob"),
                    ),
                )
                .set("variant", classic.clone())
                .set("time", "10+10"),
        ),
        t(
            id::TURN_TO_MOVE,
            Args::new().set("disc", "🔴").set("player", "alice"),
        ),
        t(
            id::TURN_TO_MOVE_TEAM,
            Args::new()
                .set("disc", "🟡")
                .set("player", "carol")
                .set("team", t(id::TEAM_NAME, Args::new().set("team", "B"))),
        ),
        t(id::TURN_FLAG, Args::new().set("flag", "<t:1764500000:R>")),
        t(
            id::TURN_FIRST_MOVE,
            Args::new()
                .set("player", "alice")
                .set("abort", "<t:1764500000:R>"),
        ),
        t(
            id::GAME_WON_LINE,
            Args::new()
                .set("winner", "alice")
                .set("game", 1)
                .set("connect", 4),
        ),
        t(
            id::GAME_WON_POP,
            Args::new()
                .set("winner", "alice")
                .set("loser", "bob")
                .set("game", 2),
        ),
        t(id::GAME_DRAWN_REPETITION, Args::new().set("game", 2)),
        t(
            id::GAME_READY_PROMPT,
            Args::new().set("grace", c.duration_words(l, Duration::from_secs(60))),
        ),
        t(
            id::MATCH_WON,
            Args::new()
                .set("winner", "alice")
                .set("score", fourbot::i18n::score(&[3, 1])),
        ),
        t(
            id::MATCH_FORFEIT_FLAG,
            Args::new()
                .set("winner", "bob")
                .set("loser", "alice")
                .set("score", fourbot::i18n::score(&[0, 4])),
        ),
        t(
            id::MATCH_RATING_CHANGE,
            Args::new()
                .set("player", "alice")
                .set("before", fourbot::i18n::rating(1500.0, true))
                .set("after", "1562?")
                .set("change", fourbot::i18n::rating_change(62.0)),
        ),
        t(
            id::RESTART_NOTICE,
            Args::new()
                .set("player", "alice")
                .set("bank", c.duration(l, Duration::from_secs(598))),
        ),
        t(id::ERROR_NOT_YOUR_TURN, Args::new().set("player", "bob")),
        c.move_error(l, &MoveError::ColumnFull { column: 3 }),
        t(id::ERROR_STALE_BUTTON, Args::new()),
        t(
            id::ERROR_BAD_TIME_CONTROL,
            Args::new()
                .set("input", "0+5")
                .set("min-base", c.duration_words(l, Duration::from_secs(60)))
                .set(
                    "max-base",
                    c.duration_words(l, Duration::from_secs(7 * 86_400)),
                )
                .set(
                    "max-increment",
                    c.duration_words(l, Duration::from_secs(86_400)),
                ),
        ),
        t(id::ERROR_SAME_OPPONENT, Args::new().set("opponent", "bob")),
        t(
            id::SEEK_POSTED,
            Args::new()
                .set("player", "alice")
                .set("variant", c.variant_name(l, Variant::ThreePlayers))
                .set("time", "5+5")
                .set("free", 2),
        ),
        t(
            id::RATING_VALUE,
            Args::new().set("rating", fourbot::i18n::rating(1500.0, true)),
        ),
        t(
            id::RATING_RECORD,
            Args::new()
                .set("matches", 21)
                .set("wins", 12)
                .set("draws", 4)
                .set("losses", 5),
        ),
        t(id::LADDER_VOID_DONE, Args::new().set("id", "#42")),
        c.plain(l, id::BUTTON_READY),
        c.text(l, id::BUTTON_POP, &Args::new().set("column", "c")),
        t(id::ERROR_INTERNAL, Args::new()),
        format!(
            "{} | {}",
            c.points(l, 3),
            c.duration(l, Duration::from_secs(2 * 86_400 + 3 * 3600))
        ),
    ];
    let commands = registered(c);
    let cmd = commands
        .iter()
        .find(|c| c["name"] == "resign-game")
        .unwrap();
    out.push(format!(
        "/{} — {}",
        localized(cmd, "name", l),
        localized(cmd, "description", l)
    ));
    out
}

#[test]
fn key_messages_match_the_reviewed_snapshot() {
    let c = catalog();
    let mut text = String::new();
    for l in Locale::ALL {
        text.push_str(&format!("== {l}\n"));
        for line in key_messages(&c, l) {
            text.push_str(&line);
            text.push('\n');
        }
    }
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/locales/snapshots/key_messages.txt");
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, &text).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(
        text, want,
        "key messages changed: read them, then run with UPDATE_SNAPSHOTS=1"
    );
}

#[test]
fn the_reported_keys_are_stable_across_lookups() {
    let c = catalog();
    let a: BTreeMap<Key, _> = inspect::keys(&c, Locale::De);
    let b: BTreeMap<Key, _> = inspect::keys(&c, Locale::De);
    assert_eq!(a.len(), b.len());
}

/// The full `/rules` text of every language, compared with
/// `tests/locales/snapshots/rules.txt` (read it when it changes; `UPDATE_SNAPSHOTS=1`
/// rewrites it).
#[test]
fn the_rules_match_the_reviewed_snapshot() {
    let c = catalog();
    let mut text = String::new();
    for l in Locale::ALL {
        text.push_str(&format!("==== {l}\n"));
        let variants = std::iter::once(None).chain(Variant::ALL.into_iter().map(Some));
        for v in variants {
            for s in c.rules(l, v, Duration::from_secs(180), Duration::from_secs(60)) {
                text.push_str(&format!("## {}\n{}\n\n", s.title, s.body));
            }
        }
    }
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/locales/snapshots/rules.txt");
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, &text).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(
        text, want,
        "rules changed: read them, then run with UPDATE_SNAPSHOTS=1"
    );
}

#[test]
fn a_message_built_without_a_language_renders_in_each() {
    let c = catalog();
    let m = fourbot::i18n::Message::new(id::ERROR_SAME_OPPONENT).with("opponent", "bob");
    let texts: Vec<String> = Locale::ALL.iter().map(|l| c.render(*l, &m)).collect();
    assert!(texts.iter().all(|t| t.contains("bob")));
    assert_eq!(texts.iter().collect::<BTreeSet<_>>().len(), 5);
    let args = Args::new().set("n", 1).set("n", "two");
    assert_eq!(args.iter().count(), 1, "setting a name again replaces it");
}

#[test]
fn the_id_constants_list_exactly_the_english_messages() {
    let c = catalog();
    let english: BTreeSet<String> = inspect::keys(&c, Locale::EnUs)
        .into_keys()
        .filter(|k| k.attribute.is_none())
        .map(|k| k.id)
        .collect();
    let consts: BTreeSet<String> = id::ALL.iter().map(|s| s.to_string()).collect();
    assert_eq!(consts.len(), id::ALL.len(), "an id is listed twice");
    assert_eq!(consts, english);
}

#[test]
fn every_id_the_helpers_use_exists_in_english() {
    let c = catalog();
    for l in Locale::ALL {
        for v in Variant::ALL {
            c.variant_name(l, v);
            c.rules(
                l,
                Some(v),
                Duration::from_secs(180),
                Duration::from_secs(60),
            );
        }
        for color in fourbot::game::Color::ALL {
            c.color_name(l, color);
        }
        for half in 0..5 {
            c.points(l, half);
        }
        for secs in [59, 3600, 86_400, 90_000, 200_000] {
            c.duration(l, Duration::from_secs(secs));
            c.duration_words(l, Duration::from_secs(secs));
        }
        c.time_control_words(l, Duration::from_secs(600), Duration::from_secs(10));
        c.list(l, &["a".into(), "b".into(), "c".into()]);
        c.move_error(l, &MoveError::PopNotAllowed);
        c.move_error(l, &MoveError::GameOver);
        c.move_error(
            l,
            &MoveError::NoOwnDiscToPop {
                column: 0,
                color: fourbot::game::Color::Red,
            },
        );
    }
    registered(&c);
    assert!(
        c.reported_missing().is_empty(),
        "{:?}",
        c.reported_missing()
    );
}

/// Every Rust source of the bot (not its tests): the application's, each
/// crate's, the examples' and benchmarks' — not the crates' `tests/`
/// folders nor the fake Discord of the end-to-end tests (`fake-discord`).
fn bot_sources() -> String {
    fn walk(dir: &std::path::Path, out: &mut String) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries {
            let p = e.unwrap().path();
            if p.is_dir() {
                if p.ends_with("tests") || p.ends_with("fake-discord") {
                    continue;
                }
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push_str(&std::fs::read_to_string(&p).unwrap());
            }
        }
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = String::new();
    for dir in ["src", "crates", "examples", "benches"] {
        walk(&root.join(dir), &mut out);
    }
    out
}

#[test]
fn every_message_is_used_by_the_bot() {
    let c = catalog();
    let sources = bot_sources();
    let words: BTreeSet<&str> = sources
        .split(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_'))
        .collect();
    // Messages other messages include, and the commands' own messages.
    let english = inspect::keys(&c, Locale::EnUs);
    let included: BTreeSet<String> = english
        .values()
        .flat_map(|u| u.references.iter().map(|k| k.id.clone()))
        .collect();
    let mut commands = BTreeSet::new();
    for cmd in registered(&c) {
        let name = cmd["name"].as_str().unwrap().to_string();
        if cmd["type"] == 2 {
            // A user command is registered by its English name: its
            // message is the one whose English text that is.
            let shown = |i: &id::Id| c.try_format(Locale::EnUs, i.as_str(), None, &Args::new());
            for m in id::ALL
                .iter()
                .filter(|i| shown(i).ok().as_deref() == Some(name.as_str()))
            {
                commands.insert(m.as_str().to_string());
            }
            continue;
        }
        for o in cmd["options"].as_array().cloned().unwrap_or_default() {
            if o["type"] == 1 {
                commands.insert(format!("{name}-{}", o["name"].as_str().unwrap()));
            }
        }
        commands.insert(name);
    }
    let unused: Vec<&str> = id::ALL
        .iter()
        .map(|i| i.as_str())
        .filter(|i| {
            let constant = i.replace('-', "_").to_uppercase();
            !words.contains(constant.as_str()) && !included.contains(*i) && !commands.contains(*i)
        })
        .collect();
    assert!(unused.is_empty(), "messages no code shows: {unused:?}");
}
