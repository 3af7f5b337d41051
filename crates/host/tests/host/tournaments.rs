//! Tournaments through the host (docs/tournaments.md): a front end stand-in
//! opens each pairing's match, the players resign (or never move), and the
//! director pairs round after round, records outcomes, survives a restart
//! between two rounds and refuses what the rules refuse.

use std::sync::Arc;
use std::time::Duration;

use fourbot_core::game::Variant;
use fourbot_core::play::{ClockSettings, TimeControl};
use fourbot_core::tournament::Format;
use fourbot_host::moderation::{ModAction, ModLog, ModLogPost};
use fourbot_host::tournaments::{
    Board, Caller, CancelReason, Card, TournamentNews, TournamentSpec, Tournaments,
    ARENA_CLOSE_GRACE_MS,
};
use fourbot_host::{
    GuildId, HeuristicBot, Host, HostConfig, MatchId, Request, Seated, TimeStyle, UserId, View,
};
use fourbot_i18n::{id, Catalog, Locale};
use fourbot_store::{Db, GuildSettings, TournamentId, TournamentState};
use tokio::sync::mpsc::UnboundedReceiver;

use crate::lossy::Lossy;
use crate::support::{seat, spec};

/// Now, as the host's clock reads it while no test sets it.
fn unix_ms() -> i64 {
    fourbot_host::WallClock::system().unix_ms()
}

const GUILD: GuildId = GuildId(1);

fn player(i: u64) -> Seated {
    seat(UserId(100 + i), &format!("p{i}"))
}

/// `p` asking the director, from the tournaments' server, no moderator.
fn by(p: Seated) -> Caller {
    Caller {
        guild: GUILD,
        person: p,
        moderator: false,
        reason: None,
    }
}

/// `p` asking the director as a moderator of the tournaments' server.
fn moderator(p: Seated) -> Caller {
    Caller {
        moderator: true,
        ..by(p)
    }
}

struct Field {
    host: Host,
    _views: UnboundedReceiver<View>,
    t: Tournaments,
    news: UnboundedReceiver<TournamentNews>,
    /// What the moderation log would post.
    modlog: UnboundedReceiver<ModLogPost>,
    _task: tokio::task::JoinHandle<()>,
    clock: Option<ClockSettings>,
    /// Whether the tournament of the last round announced is rated.
    rated: bool,
}

fn field(db: Db) -> Field {
    field_with_director(db, |t| t.spawn(Duration::from_millis(200)))
}

/// A field whose director task is what `director` starts (its handle is
/// kept for the field's life).
fn field_with_director(
    db: Db,
    director: impl FnOnce(&Tournaments) -> tokio::task::JoinHandle<()>,
) -> Field {
    let (host, views) = Host::with_store(
        Arc::new(Catalog::new().unwrap()),
        Arc::new(HeuristicBot),
        HostConfig {
            time_style: TimeStyle::DiscordRelative,
            images: false,
        },
        Some(db.clone()),
    );
    let (modlog, posts) = ModLog::new(db.clone(), host.clock().clone());
    let (t, news) = Tournaments::new(db, host.clone());
    let t = t.with_modlog(modlog);
    let task = director(&t);
    Field {
        host,
        _views: views,
        t,
        news,
        modlog: posts,
        _task: task,
        clock: None,
        rated: true,
    }
}

fn swiss_spec(format: Format) -> TournamentSpec {
    TournamentSpec {
        guild: GUILD,
        channel: 5,
        format,
        variant: Variant::Classic,
        control: TimeControl::DEFAULT,
        rounds: Some(3),
        minutes: Some(30),
        starts_unix_ms: i64::MAX,
        rated: true,
        locale: None,
    }
}

/// The next news that is a round, skipping the others; `None` when the
/// tournament ended first. The round's clock and rating are kept for
/// [`open`].
async fn next_round(f: &mut Field) -> Option<Vec<Board>> {
    loop {
        let n = tokio::time::timeout(Duration::from_secs(10), f.news.recv())
            .await
            .expect("news in time")
            .expect("news open");
        match n {
            TournamentNews::Round {
                boards,
                clock,
                rated,
                ..
            } => {
                f.clock = Some(clock);
                f.rated = rated;
                return Some(boards);
            }
            TournamentNews::Over { .. } => return None,
            TournamentNews::Changed(_) => {}
        }
    }
}

/// Opens the matches of `boards` as a front end would; returns them with
/// their match.
async fn open(f: &Field, tid: TournamentId, boards: &[Board]) -> Vec<(Board, MatchId)> {
    let mut out = Vec::new();
    for b in boards {
        if b.second.is_none() {
            continue;
        }
        let m = create_for(f, tid, b).await;
        out.push((b.clone(), m));
    }
    out
}

/// Creates the match of board `b` (not a bye) of tournament `tid` as the
/// front end does: for its pairing, which the store links it to.
async fn create_for(f: &Field, tid: TournamentId, b: &Board) -> MatchId {
    let second = b.second.clone().expect("not a bye");
    let mut s = spec(Variant::Classic, vec![b.first.clone(), second]);
    s.guild = GUILD;
    s.clock = f.clock.expect("the round's clock");
    s.tournament = Some(b.pairing(tid, f.rated));
    f.host.create_match(s).await.unwrap()
}

/// The lower-numbered player wins every match: the other resigns it
/// (before moving: in a tournament that is a forfeit, not an abort).
async fn play_out(f: &Field, matches: &[(Board, MatchId)]) {
    for (b, m) in matches {
        let second = b.second.as_ref().unwrap();
        let loser = if b.first.id.0 > second.id.0 {
            &b.first
        } else {
            second
        };
        // A match whose player left is already resigned.
        let _ = f.host.act(*m, loser.id, Request::ResignMatch).await;
    }
}

fn ranking(card: &Card) -> Vec<String> {
    card.standings
        .iter()
        .map(|r| format!("{} {}", r.player.name, r.halves))
        .collect()
}

fn says(f: &Field, d: &fourbot_host::Denial) -> String {
    f.host.catalog().render(Locale::EnUs, d.message())
}

#[tokio::test(flavor = "multi_thread")]
async fn a_swiss_of_four_is_played_to_the_end_with_the_refusals() {
    let db = Db::connect("sqlite::memory:").await.unwrap();
    let mut f = field(db);
    let creator = player(0);
    // Only moderators may create, unless the server allows anyone.
    let refused =
        f.t.create(&swiss_spec(Format::Swiss), &creator, false)
            .await;
    assert_eq!(
        refused.unwrap_err().id(),
        id::TOURNAMENT_ERROR_MODERATORS_ONLY
    );
    let tid =
        f.t.create(&swiss_spec(Format::Swiss), &creator, true)
            .await
            .unwrap();
    f.t.join(tid, &by(player(1))).await.unwrap();
    let twice = f.t.join(tid, &by(player(1))).await.unwrap_err();
    assert_eq!(says(&f, &twice), "You have already joined this tournament.");
    f.t.join(tid, &by(player(2))).await.unwrap();
    let few = f.t.start(tid, &by(creator.clone())).await.unwrap_err();
    assert_eq!(
        says(&f, &few),
        "It needs at least 3 players to start; 2 joined."
    );
    // Someone else may not start it.
    let other = f.t.start(tid, &by(player(2))).await.unwrap_err();
    assert_eq!(other.id(), id::TOURNAMENT_ERROR_NOT_MANAGER);
    f.t.join(tid, &by(player(3))).await.unwrap();
    f.t.join(tid, &by(player(4))).await.unwrap();
    f.t.start(tid, &by(creator.clone())).await.unwrap();
    let late = f.t.join(tid, &by(player(5))).await.unwrap_err();
    assert_eq!(late.id(), id::TOURNAMENT_ERROR_STARTED);

    let mut rounds = 0;
    while let Some(boards) = next_round(&mut f).await {
        rounds += 1;
        assert_eq!(boards.len(), 2, "4 players: 2 boards, no bye");
        let matches = open(&f, tid, &boards).await;
        play_out(&f, &matches).await;
    }
    assert_eq!(rounds, 3);
    let card = f.t.card(tid).await.unwrap();
    // p1 beats everyone (3), p4 loses to everyone (0); p2 and p3 have 2
    // and 1 after meeting everyone once (3 rounds of 4 is a round robin).
    assert_eq!(ranking(&card), vec!["p1 6", "p2 4", "p3 2", "p4 0"]);
}

/// The web's tournament page follows the director's change signal and
/// reads the pairings with their matches and outcomes in one overview.
#[tokio::test(flavor = "multi_thread")]
async fn the_overview_gives_every_pairing_and_each_change_is_signalled() {
    let db = Db::connect("sqlite::memory:").await.unwrap();
    let mut f = field(db);
    let mut changes = f.t.changes();
    let tid =
        f.t.create(&swiss_spec(Format::Swiss), &player(0), true)
            .await
            .unwrap();
    for i in 1..=3 {
        f.t.join(tid, &by(player(i))).await.unwrap();
        assert_eq!(changes.recv().await.unwrap(), tid, "a join is signalled");
    }
    let before = f.t.overview(tid).await.unwrap();
    assert!(before.pairings.is_empty());
    assert_eq!(before.card.entrants.len(), 3);
    f.t.start(tid, &by(player(0))).await.unwrap();
    let boards = next_round(&mut f).await.unwrap();
    // 3 players: a board and a bye, neither opened yet.
    let o = f.t.overview(tid).await.unwrap();
    assert_eq!(o.pairings.len(), 2);
    assert!(o
        .pairings
        .iter()
        .all(|p| p.round == 1 && p.match_id.is_none()));
    let bye = o.pairings.iter().find(|p| p.second.is_none()).unwrap();
    assert!(bye.outcome.is_none() && !bye.voided);
    let matches = open(&f, tid, &boards).await;
    let (b, m) = &matches[0];
    let o = f.t.overview(tid).await.unwrap();
    let row = o.pairings.iter().find(|p| p.board == b.board).unwrap();
    assert_eq!(row.match_id, Some(*m), "linked as the match was created");
    assert_eq!(row.first, b.first);
    while changes.try_recv().is_ok() {}
    play_out(&f, &matches).await;
    let signalled = tokio::time::timeout(Duration::from_secs(5), changes.recv())
        .await
        .expect("the result signalled in time")
        .unwrap();
    assert_eq!(signalled, tid);
    let o = f.t.overview(tid).await.unwrap();
    let row = o.pairings.iter().find(|p| p.board == b.board).unwrap();
    assert!(row.outcome.is_some(), "{row:?}");
    // Unknown: refused like the card.
    assert!(f.t.overview(TournamentId(999)).await.is_err());
}

// Issue 31 §3: the answers of a round's pairing and of a pairing's match
// creation are lost (PostgreSQL: the connection cut after `COMMIT`;
// SQLite: the store's test fault); the round is announced all the same,
// the match is created once, and the tournament is played to its end.
fourbot_store::engine_tests! {
    #[multi_thread]
    async fn a_round_and_a_match_whose_commits_answers_were_lost_are_paired_and_opened_once(engine) {
        let lossy = Lossy::open(engine, "tour-lost").await;
        let mut f = field(lossy.db.clone());
        let tid =
            f.t.create(&swiss_spec(Format::Swiss), &player(0), true)
                .await
                .unwrap();
        for i in 1..=4 {
            f.t.join(tid, &by(player(i))).await.unwrap();
        }
        lossy.lose_answer_of("INSERT INTO tournament_pairings");
        f.t.start(tid, &moderator(player(0))).await.unwrap();
        let mut boards = next_round(&mut f).await.unwrap();
        assert!(lossy.all_lost(), "the round's commit answer was lost");
        assert_eq!(boards.len(), 2);
        // The first board's creation loses its answer (before any match
        // task runs, so on SQLite it is that commit the fault takes).
        lossy.lose_answer_of("INSERT INTO matches");
        let first = create_for(&f, tid, &boards[0]).await;
        assert!(lossy.all_lost(), "the match's commit answer was lost");
        let mut matches = vec![(boards[0].clone(), first)];
        matches.extend(open(&f, tid, &boards[1..]).await);
        let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM matches")
            .fetch_one(lossy.db.pool())
            .await
            .unwrap();
        assert_eq!(stored, 2, "one match per board");
        let mut rounds = 1;
        loop {
            play_out(&f, &matches).await;
            match next_round(&mut f).await {
                Some(b) => boards = b,
                None => break,
            }
            rounds += 1;
            matches = open(&f, tid, &boards).await;
        }
        assert_eq!(rounds, 3);
        let card = f.t.card(tid).await.unwrap();
        assert_eq!(ranking(&card), vec!["p1 6", "p2 4", "p3 2", "p4 0"]);
        f.host.close().await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_restart_between_two_rounds_pairs_on() {
    let dir = std::env::temp_dir().join(format!("fourbot-tour-restart-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("t.db").display());
    let db = Db::connect(&url).await.unwrap();
    let mut f = field(db);
    let tid =
        f.t.create(&swiss_spec(Format::RoundRobin), &player(0), true)
            .await
            .unwrap();
    for i in 1..=4 {
        f.t.join(tid, &by(player(i))).await.unwrap();
    }
    f.t.start(tid, &moderator(player(0))).await.unwrap();
    let boards = next_round(&mut f).await.unwrap();
    let matches = open(&f, tid, &boards).await;
    play_out(&f, &matches).await;
    // Round 2 is paired; the bot stops before its matches are opened.
    let round2 = next_round(&mut f).await.unwrap();
    assert!(round2.iter().all(|b| b.round == 2));
    f.host.close().await;
    f._task.abort();
    drop(f);

    let db = Db::connect(&url).await.unwrap();
    let mut f = field(db);
    // The restart announces round 2 again: the same boards.
    let again = next_round(&mut f).await.unwrap();
    assert_eq!(again, round2);
    let mut boards = again;
    let mut rounds = 1;
    loop {
        rounds += 1;
        let matches = open(&f, tid, &boards).await;
        play_out(&f, &matches).await;
        match next_round(&mut f).await {
            Some(b) => boards = b,
            None => break,
        }
    }
    assert_eq!(rounds, 3, "a round robin of 4 is 3 rounds");
    let card = f.t.card(tid).await.unwrap();
    assert_eq!(ranking(&card), vec!["p1 6", "p2 4", "p3 2", "p4 0"]);
    f.host.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_no_show_loses_by_forfeit_and_leaving_forfeits_the_rest() {
    let db = Db::connect("sqlite::memory:").await.unwrap();
    // A one-second abort window.
    let mut settings = GuildSettings::new(GUILD.0);
    settings.clock.abort_ms = 1_000;
    db.set_guild_settings(&settings).await.unwrap();
    let mut f = field(db.clone());
    let tid =
        f.t.create(&swiss_spec(Format::RoundRobin), &player(0), true)
            .await
            .unwrap();
    for i in 1..=3 {
        f.t.join(tid, &by(player(i))).await.unwrap();
    }
    f.t.start(tid, &moderator(player(0))).await.unwrap();
    // Round 1 (of 3, with a bye each): nobody moves; the player to move
    // first (p1 of the match) loses by forfeit when the window closes.
    let boards = next_round(&mut f).await.unwrap();
    assert_eq!(boards.len(), 2, "a match and a bye");
    let matches = open(&f, tid, &boards).await;
    assert_eq!(matches.len(), 1);
    let no_show = matches[0].0.first.clone();
    let waited = next_round(&mut f).await.unwrap();
    let card = f.t.card(tid).await.unwrap();
    let row = card.standings.iter().find(|r| r.player == no_show).unwrap();
    assert_eq!(row.halves, 0, "the no-show lost: {card:?}");
    // Not a void: the opponent won the match.
    let present = matches[0].0.second.clone().unwrap();
    let row = card.standings.iter().find(|r| r.player == present).unwrap();
    // (A bye of round 2, paired already, counts at once.)
    let bye = waited
        .iter()
        .any(|b| b.second.is_none() && b.first == present);
    let expected = 2 + if bye { 2 } else { 0 };
    assert_eq!(
        row.halves, expected,
        "the opponent won by forfeit: {card:?}"
    );
    // p3 leaves now: every remaining pairing of theirs is a loss (and a
    // bye of theirs is no longer given).
    let before = f.t.card(tid).await.unwrap();
    let p3_before = before
        .standings
        .iter()
        .find(|r| r.player == player(3))
        .unwrap()
        .halves;
    f.t.leave(tid, &by(player(3))).await.unwrap();
    let again = f.t.leave(tid, &by(player(3))).await.unwrap_err();
    assert_eq!(again.id(), id::TOURNAMENT_ERROR_NOT_ENTRANT);
    let mut boards = waited;
    loop {
        let matches = open(&f, tid, &boards).await;
        // p3's matches were resigned by the leave or are not opened.
        play_out(&f, &matches).await;
        match next_round(&mut f).await {
            Some(b) => boards = b,
            None => break,
        }
    }
    let card = f.t.card(tid).await.unwrap();
    let p3 = card
        .standings
        .iter()
        .find(|r| r.player == player(3))
        .unwrap();
    assert!(!p3.active);
    assert_eq!(p3.halves, p3_before, "no points after leaving: {card:?}");
    assert_eq!(card.round, 3, "every round was played");
}

/// A tournament of `format` created by p0 (a moderator), joined by p1 to
/// p`players` and started.
async fn started(f: &Field, format: Format, players: u64) -> TournamentId {
    let tid =
        f.t.create(&swiss_spec(format), &player(0), true)
            .await
            .unwrap();
    for i in 1..=players {
        f.t.join(tid, &by(player(i))).await.unwrap();
    }
    f.t.start(tid, &moderator(player(0))).await.unwrap();
    tid
}

/// The text that closed match `m` (its end as the thread shows it).
async fn closing(f: &Field, m: MatchId) -> String {
    for _ in 0..100 {
        if f.host.is_finished(m) {
            if let Some(v) = f.host.board(m).await {
                return v.text;
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("match {m} did not end");
}

/// The other player of board `b`, which `p` plays (not a bye).
fn opponent_of(b: &Board, p: &Seated) -> Seated {
    if b.first == *p {
        b.second.clone().expect("not a bye")
    } else {
        b.first.clone()
    }
}

/// The board of `boards` on which `p` plays, with its match.
fn board_of<'a>(matches: &'a [(Board, MatchId)], p: &Seated) -> &'a (Board, MatchId) {
    matches
        .iter()
        .find(|(b, _)| b.first == *p || b.second.as_ref() == Some(p))
        .unwrap_or_else(|| panic!("{} plays this round", p.name))
}

#[tokio::test(flavor = "multi_thread")]
async fn a_no_shows_thread_says_the_forfeit_not_no_result() {
    let db = Db::connect("sqlite::memory:").await.unwrap();
    let mut settings = GuildSettings::new(GUILD.0);
    settings.clock.abort_ms = 1_000;
    db.set_guild_settings(&settings).await.unwrap();
    let mut f = field(db.clone());
    let tid = started(&f, Format::RoundRobin, 3).await;
    let boards = next_round(&mut f).await.unwrap();
    let matches = open(&f, tid, &boards).await;
    let (b, m) = &matches[0];
    let (no_show, winner) = (&b.first, b.second.as_ref().unwrap());
    let text = closing(&f, *m).await;
    // docs/rules.md §7: the no-show loses the match; aborted matches are
    // never rated (the store rates no abort), so no rating changes.
    assert!(
        text.contains(&format!(
            "{} did not make a first move in time.\nIn a tournament that forfeits the match: {} wins it.\nThe result counts in tournament {}, but not for the rating: {} made no move in the match",
            no_show.name, winner.name, tid.0, no_show.name
        )),
        "{text}"
    );
    assert!(!text.contains("No result"), "{text}");
    assert!(db.rating_changes(*m).await.unwrap().is_empty());
    // An early resignation (before both moved) reads the same way.
    let boards = next_round(&mut f).await.unwrap();
    let matches = open(&f, tid, &boards).await;
    let (b, m) = &matches[0];
    let second = b.second.as_ref().unwrap();
    f.host
        .act(*m, second.id, Request::ResignMatch)
        .await
        .unwrap();
    let text = closing(&f, *m).await;
    assert!(
        text.contains(&format!(
            "{} resigned the match.\nIn a tournament that forfeits the match: {} wins it.\nThe result counts in tournament {}",
            second.name, b.first.name, tid.0
        )),
        "{text}"
    );
    assert!(!text.contains("No result"), "{text}");
}

/// `p` drops a disc in column `column` (0 = a) of match `m`.
async fn drop_disc(f: &Field, m: MatchId, p: &Seated, column: u8) {
    f.host
        .act(
            m,
            p.id,
            Request::Move {
                turn: None,
                mv: fourbot_core::game::Move::Drop(column),
            },
        )
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn a_moderators_removal_and_cancel_are_logged_with_their_reason_and_a_creators_cancel_is_not()
{
    let db = Db::connect("sqlite::memory:").await.unwrap();
    let mut settings = GuildSettings::new(GUILD.0);
    settings.modlog_channel = Some(555);
    settings.locale = Some("de".into());
    db.set_guild_settings(&settings).await.unwrap();
    let mut f = field(db.clone());
    let tid = started(&f, Format::RoundRobin, 4).await;
    let why = Caller {
        reason: Some("  left the server  ".into()),
        ..moderator(player(0))
    };
    f.t.remove(tid, &why, &player(4)).await.unwrap();
    let post = f.modlog.try_recv().expect("the removal is posted");
    assert_eq!(post.channel, 555);
    assert_eq!(post.locale, Locale::De);
    assert_eq!(
        post.action,
        ModAction::TournamentRemove {
            id: tid,
            player: player(4)
        }
    );
    let text = Catalog::new().unwrap().render(Locale::De, &post.reason);
    assert_eq!(text, "Grund: left the server");
    // A refused removal logs nothing.
    f.t.remove(tid, &why, &player(4)).await.unwrap_err();
    assert!(f.modlog.try_recv().is_err());
    // The creator (no moderator) cancels their own tournament: not a
    // moderator's action.
    let creator = by(player(0));
    f.t.cancel(tid, &creator).await.unwrap();
    assert!(f.modlog.try_recv().is_err());
    let log = db.moderation_log(GUILD.0, 10).await.unwrap();
    assert_eq!(log.len(), 1, "{log:?}");
    assert_eq!(log[0].action, "tournament-remove");
    assert_eq!(log[0].user, Some(player(4).id.0));
    assert_eq!(log[0].reason.as_deref(), Some("left the server"));
    assert_eq!(log[0].subject, Some(tid.0.to_string()));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_removed_player_forfeits_the_rest_and_is_paired_no_more() {
    let db = Db::connect("sqlite::memory:").await.unwrap();
    let mut f = field(db.clone());
    let tid = started(&f, Format::RoundRobin, 4).await;
    let boards = next_round(&mut f).await.unwrap();
    let matches = open(&f, tid, &boards).await;
    // p4 is removed while their round-1 match runs, both having moved:
    // the match is resigned for them, an ordinary rated forfeit.
    let (b, m) = board_of(&matches, &player(4)).clone();
    let other = opponent_of(&b, &player(4));
    let (a, z) = (&b.first, b.second.as_ref().unwrap());
    drop_disc(&f, m, a, 3).await;
    drop_disc(&f, m, z, 3).await;
    f.t.remove(tid, &moderator(player(0)), &player(4))
        .await
        .unwrap();
    let again =
        f.t.remove(tid, &moderator(player(0)), &player(4))
            .await
            .unwrap_err();
    assert_eq!(again.id(), id::TOURNAMENT_ERROR_NOT_ENTRANT);
    let text = closing(&f, m).await;
    assert!(
        text.contains(&format!("p4 resigned the match. {} wins", other.name)),
        "{text}"
    );
    assert_eq!(
        db.rating_changes(m).await.unwrap().len(),
        2,
        "a forfeit after both moved is rated"
    );
    // The rest is played by the lower number winning; p4 is on no board
    // again, and their round-robin opponents win by forfeit.
    play_out(&f, &matches).await;
    let mut rounds = 1;
    while let Some(boards) = next_round(&mut f).await {
        rounds += 1;
        assert!(
            boards
                .iter()
                .all(|b| b.first != player(4) && b.second != Some(player(4))),
            "round {rounds} pairs a removed player: {boards:?}"
        );
        let matches = open(&f, tid, &boards).await;
        play_out(&f, &matches).await;
    }
    assert_eq!(rounds, 3, "a round robin of 4 is 3 rounds");
    let card = f.t.card(tid).await.unwrap();
    // By hand (circle method: round 1 p1–p4, p3–p2; round 2 p4–p2,
    // p1–p3; round 3 p3–p4, p2–p1): p4 resigned round 1 on being removed
    // and forfeits rounds 2 and 3 unplayed; p1 beats everyone, p2 beats
    // p3.
    assert_eq!(ranking(&card), vec!["p1 6", "p2 4", "p3 2", "p4 0"]);
    let p4 = card.standings.iter().find(|r| r.player == player(4));
    assert!(!p4.unwrap().active);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_voided_result_scores_nothing_and_keeps_its_ratings() {
    let db = Db::connect("sqlite::memory:").await.unwrap();
    let mut f = field(db.clone());
    let tid = started(&f, Format::Swiss, 4).await;
    let boards = next_round(&mut f).await.unwrap();
    let matches = open(&f, tid, &boards).await;
    // p1's board is played (both move, its loser resigns: rated); the
    // other board still runs when a moderator voids p1's result.
    let (b1, m1) = board_of(&matches, &player(1)).clone();
    let p1_opponent = opponent_of(&b1, &player(1));
    drop_disc(&f, m1, &b1.first, 3).await;
    drop_disc(&f, m1, b1.second.as_ref().unwrap(), 3).await;
    f.host
        .act(m1, p1_opponent.id, Request::ResignMatch)
        .await
        .unwrap();
    closing(&f, m1).await;
    // Wait until the director recorded it.
    for _ in 0..100 {
        let card = f.t.card(tid).await.unwrap();
        if card.standings.iter().any(|r| r.halves > 0) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let ratings = format!("{:?}", db.rating_changes(m1).await.unwrap());
    assert!(ratings.contains("before"), "rated: {ratings}");
    let missing =
        f.t.void(tid, &moderator(player(0)), 1, 9)
            .await
            .unwrap_err();
    assert_eq!(says(&f, &missing), "Round 1 has no match on board 9.");
    f.t.void(tid, &moderator(player(0)), b1.round, b1.board)
        .await
        .unwrap();
    let card = f.t.card(tid).await.unwrap();
    assert!(
        card.standings.iter().all(|r| r.halves == 0),
        "a voided result counts for nothing: {card:?}"
    );
    // The tournament's void leaves the match's rating alone (that is
    // `/ladder void`'s).
    assert_eq!(
        format!("{:?}", db.rating_changes(m1).await.unwrap()),
        ratings
    );
    let rest: Vec<(Board, MatchId)> = matches.iter().filter(|(_, m)| *m != m1).cloned().collect();
    play_out(&f, &rest).await;
    let mut met = vec![(b1.first.clone(), b1.second.clone().unwrap())];
    let mut rounds = 1;
    while let Some(boards) = next_round(&mut f).await {
        rounds += 1;
        for b in &boards {
            let pair = (b.first.clone(), b.second.clone().unwrap());
            assert!(
                !met.iter()
                    .any(|(x, y)| (x, y) == (&pair.0, &pair.1) || (y, x) == (&pair.0, &pair.1)),
                "round {rounds} pairs {} and {} again",
                pair.0.name,
                pair.1.name
            );
            met.push(pair);
        }
        let matches = open(&f, tid, &boards).await;
        play_out(&f, &matches).await;
    }
    assert_eq!(rounds, 3);
    // By hand: everyone met everyone once, the lower number winning, but
    // p1's round-1 win is void: p1 2 (opponents' points without the
    // lowest: {2, 0} → 2), p2 2 ({0, 2, 1} → 3): p2 is ahead on Buchholz
    // cut 1. Without the void p1 had 3.
    let card = f.t.card(tid).await.unwrap();
    assert_eq!(ranking(&card), vec!["p2 4", "p1 4", "p3 2", "p4 0"]);
    let seconds: Vec<u32> = card.standings.iter().map(|r| r.second).collect();
    assert_eq!(seconds[..2], [6, 4], "Buchholz cut 1 in half points");
}

/// A file database in a fresh temporary folder named after `name`, for a
/// test that restarts the host; the folder, to remove at the end.
fn file_db(name: &str) -> (String, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("fourbot-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    (format!("sqlite://{}", dir.join("t.db").display()), dir)
}

/// The host of `f` stops (as a crash would leave the store) and a new one
/// starts on the same database, its running matches restored.
async fn restarted(f: Field, url: &str) -> Field {
    f.host.close().await;
    f._task.abort();
    drop(f);
    let f = field(Db::connect(url).await.unwrap());
    f.host
        .restore(Locale::EnUs, |p| UserId(p.discord_id.unwrap()))
        .await
        .unwrap();
    f
}

#[tokio::test(flavor = "multi_thread")]
async fn an_unrated_tournaments_matches_change_no_rating_even_after_a_restart() {
    // Before: the tournament's `rated: false` only lifted the ban check on
    // joining; its matches were rated like any other.
    let (url, dir) = file_db("tour-unrated");
    let db = Db::connect(&url).await.unwrap();
    let mut f = field(db);
    let mut unrated = swiss_spec(Format::RoundRobin);
    unrated.rated = false;
    let tid = f.t.create(&unrated, &player(0), true).await.unwrap();
    for i in 1..=2 {
        f.t.join(tid, &by(player(i))).await.unwrap();
    }
    f.t.start(tid, &moderator(player(0))).await.unwrap();
    let boards = next_round(&mut f).await.unwrap();
    let matches = open(&f, tid, &boards).await;
    let (b, m) = matches[0].clone();
    let (a, z) = (b.first.clone(), b.second.clone().unwrap());
    // Both move (a match that would be rated anywhere else), then the bot
    // restarts: the restored match is still the unrated tournament's.
    drop_disc(&f, m, &a, 3).await;
    drop_disc(&f, m, &z, 3).await;
    let mut f = restarted(f, &url).await;
    f.host.act(m, z.id, Request::ResignMatch).await.unwrap();
    let text = closing(&f, m).await;
    assert!(
        text.contains(&format!("{} resigned the match. {} wins", z.name, a.name)),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "Tournament {} is unrated: its matches change no rating.",
            tid.0
        )),
        "{text}"
    );
    assert!(!text.contains('→'), "no rating change is told: {text}");
    let db = Db::connect(&url).await.unwrap();
    assert!(
        db.rating_changes(m).await.unwrap().is_empty(),
        "an unrated tournament's match is not rated"
    );
    // It counts in the tournament all the same.
    assert!(next_round(&mut f).await.is_none(), "one round, then over");
    let card = f.t.card(tid).await.unwrap();
    assert_eq!(
        ranking(&card),
        vec![format!("{} 2", a.name), format!("{} 0", z.name)]
    );
    // Its rematch is an ordinary match, outside the tournament: rated.
    f.host
        .act(m, a.id, Request::Rematch { channel: None })
        .await
        .unwrap();
    f.host
        .act(m, z.id, Request::Rematch { channel: None })
        .await
        .unwrap();
    let mut rematch = None;
    for _ in 0..100 {
        rematch = f.host.match_ids().into_iter().find(|id| *id > m);
        if rematch.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let r = rematch.expect("the rematch started");
    let first = f.host.spec(r).unwrap().players[0].clone();
    let other = if first == a { z.clone() } else { a.clone() };
    drop_disc(&f, r, &first, 3).await;
    drop_disc(&f, r, &other, 3).await;
    f.host.act(r, other.id, Request::ResignMatch).await.unwrap();
    let text = closing(&f, r).await;
    assert!(!text.contains("is unrated"), "{text}");
    assert_eq!(db.rating_changes(r).await.unwrap().len(), 2, "{text}");
    assert_eq!(db.pairing_of_match(r).await.unwrap(), None);
    f.host.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread")]
async fn voiding_a_running_match_is_refused_until_it_ends_and_a_moderators_abort_voids_it() {
    // Before: the void took the pairing out of the round while its match
    // played on, uncounted.
    let db = Db::connect("sqlite::memory:").await.unwrap();
    let mut f = field(db.clone());
    let tid = started(&f, Format::RoundRobin, 4).await;
    let boards = next_round(&mut f).await.unwrap();
    let matches = open(&f, tid, &boards).await;
    let (b, m) = matches[0].clone();
    let refused = void_by_moderator(&f, tid, b.round, b.board)
        .await
        .unwrap_err();
    assert_eq!(
        says(&f, &refused),
        format!(
            "Round 1, board {} is still being played (match {m}). Wait for its result, or first end it with /ladder abort match: {m} — a match a moderator aborts counts for nothing in the tournament.",
            b.board
        )
    );
    assert!(!f.host.is_finished(m), "the match goes on");
    let card = f.t.card(tid).await.unwrap();
    assert_eq!(card.round, 1);
    // A moderator's abort ends the match and voids the pairing: it scores
    // nothing, and the round goes on with the other board.
    f.host.moderator_abort(m, "mona").await.unwrap();
    closing(&f, m).await;
    for _ in 0..100 {
        let pairings = db.tournament_pairings(tid).await.unwrap();
        if pairings.iter().any(|p| p.match_id == Some(m) && p.voided) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let pairings = db.tournament_pairings(tid).await.unwrap();
    let p = pairings.iter().find(|p| p.match_id == Some(m)).unwrap();
    assert!(p.voided && p.outcome.is_none(), "{p:?}");
    play_out(&f, &matches[1..]).await;
    let next = next_round(&mut f).await.unwrap();
    assert!(next.iter().all(|b| b.round == 2), "{next:?}");
    let card = f.t.card(tid).await.unwrap();
    let total: u32 = card.standings.iter().map(|r| r.halves).sum();
    assert_eq!(total, 2, "one match counted, the aborted one not: {card:?}");
}

/// A moderator voids round `round`, board `board` of tournament `tid`.
async fn void_by_moderator(
    f: &Field,
    tid: TournamentId,
    round: u32,
    board: u32,
) -> Result<(), fourbot_host::Denial> {
    f.t.void(tid, &moderator(player(0)), round, board).await
}

#[tokio::test(flavor = "multi_thread")]
async fn a_match_created_just_before_a_restart_counts_and_is_not_opened_twice() {
    // Before: the front end linked a match to its pairing in a second
    // write after creating it (`opened`). A restart (or a failed write)
    // between the two left a running match the tournament did not know:
    // its end was ignored, and the restart opened a second match for the
    // same pairing.
    let (url, dir) = file_db("tour-link");
    let mut f = field(Db::connect(&url).await.unwrap());
    let tid = started(&f, Format::RoundRobin, 2).await;
    let boards = next_round(&mut f).await.unwrap();
    let b = boards[0].clone();
    // The bot stops right after creating the match.
    let m = create_for(&f, tid, &b).await;
    let mut f = restarted(f, &url).await;
    let second = b.second.clone().unwrap();
    drop_disc(&f, m, &b.first, 3).await;
    drop_disc(&f, m, &second, 3).await;
    f.host
        .act(m, second.id, Request::ResignMatch)
        .await
        .unwrap();
    closing(&f, m).await;
    // The match's end ends the tournament; no round is announced again.
    assert_eq!(next_round(&mut f).await, None, "no second opening");
    let card = f.t.card(tid).await.unwrap();
    assert_eq!(
        ranking(&card),
        vec![format!("{} 2", b.first.name), format!("{} 0", second.name)]
    );
    f.host.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_director_refuses_remove_and_void_to_a_player() {
    // Defense in depth: the Discord command refuses a non-moderator first,
    // but the director does not take a front end's word for it.
    let db = Db::connect("sqlite::memory:").await.unwrap();
    let mut f = field(db.clone());
    let tid = started(&f, Format::RoundRobin, 3).await;
    let boards = next_round(&mut f).await.unwrap();
    let matches = open(&f, tid, &boards).await;
    let (b, m) = matches[0].clone();
    play_out(&f, &matches).await;
    closing(&f, m).await;
    let removed = f.t.remove(tid, &by(player(1)), &player(2)).await;
    assert_eq!(
        says(&f, &removed.unwrap_err()),
        "Only moderators (Manage Server permission) can do this."
    );
    let voided = f.t.void(tid, &by(b.first.clone()), b.round, b.board).await;
    assert_eq!(
        voided.unwrap_err().id(),
        id::ERROR_MODERATOR_ONLY,
        "not even a player of the board"
    );
    // Nothing changed: p2 still plays, the result still counts.
    let card = f.t.card(tid).await.unwrap();
    assert!(card.standings.iter().all(|r| r.active), "{card:?}");
    let pairings = db.tournament_pairings(tid).await.unwrap();
    assert!(pairings.iter().all(|p| !p.voided), "{pairings:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_tournament_of_another_server_is_unknown_to_its_commands() {
    // Before: a tournament was found by its number alone, so a moderator
    // of any server with the bot could start, cancel, void or remove in
    // another server's tournament, and anyone could join it from theirs.
    let db = Db::connect("sqlite::memory:").await.unwrap();
    let mut f = field(db.clone());
    let tid = started(&f, Format::RoundRobin, 3).await;
    let boards = next_round(&mut f).await.unwrap();
    let matches = open(&f, tid, &boards).await;
    play_out(&f, &matches).await;
    closing(&f, matches[0].1).await;
    let elsewhere = |p: Seated, moderator: bool| Caller {
        guild: GuildId(2),
        person: p,
        moderator,
        reason: None,
    };
    let unknown = format!("There is no tournament {}.", tid.0);
    let mona = elsewhere(player(9), true);
    let refusals = [
        f.t.cancel(tid, &mona).await,
        f.t.start(tid, &mona).await,
        f.t.void(tid, &mona, 1, 1).await,
        f.t.remove(tid, &mona, &player(1)).await,
        f.t.join(tid, &elsewhere(player(8), false)).await,
        f.t.leave(tid, &elsewhere(player(1), false)).await,
        f.t.standings(tid, GuildId(2)).await.map(|_| ()),
    ];
    for (i, r) in refusals.into_iter().enumerate() {
        assert_eq!(says(&f, &r.unwrap_err()), unknown, "refusal {i}");
    }
    // Nothing changed on the tournament's own server.
    let card = f.t.standings(tid, GUILD).await.unwrap();
    assert_eq!(
        card.tournament.state,
        fourbot_store::TournamentState::Running
    );
    assert_eq!(card.entrants.len(), 3);
    assert!(card.entrants.iter().all(|(_, active)| *active));
    let pairings = db.tournament_pairings(tid).await.unwrap();
    assert!(pairings.iter().all(|p| !p.voided), "{pairings:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_tournament_in_a_variant_for_more_than_two_is_refused() {
    // Before: it was created, and every pairing — a match of two — was
    // voided when its match (which needs three or four seats) failed to
    // open.
    let db = Db::connect("sqlite::memory:").await.unwrap();
    let f = field(db);
    for variant in [Variant::ThreePlayers, Variant::Teams] {
        let mut spec = swiss_spec(Format::Swiss);
        spec.variant = variant;
        let refused = f.t.create(&spec, &player(0), true).await.unwrap_err();
        assert_eq!(refused.id(), id::TOURNAMENT_ERROR_VARIANT, "{variant:?}");
        assert!(says(&f, &refused).contains("A tournament pairs two players"));
    }
    let mut single = swiss_spec(Format::Swiss);
    single.variant = Variant::Single;
    assert!(f.t.create(&single, &player(0), true).await.is_ok());
}

/// A field whose director's clock ticks once as it starts and then not for
/// an hour (`follow`: it follows match ends), or whose director does not
/// run at all (no match ends followed, no tick, not even the first one,
/// which could come at any time): a test calls [`Tournaments::tick`]
/// itself, with the time it wants, and no tick of its own comes between.
fn field_without_clock(db: Db, follow: bool) -> Field {
    field_with_director(db, |t| match follow {
        true => t.spawn(Duration::from_secs(3_600)),
        false => tokio::spawn(async {}),
    })
}

/// A Swiss created by p0 to start by itself at `starts_unix_ms`, joined by
/// p1 to p`players`.
async fn scheduled(f: &Field, starts_unix_ms: i64, players: u64) -> TournamentId {
    let mut spec = swiss_spec(Format::Swiss);
    spec.starts_unix_ms = starts_unix_ms;
    let tid = f.t.create(&spec, &player(0), true).await.unwrap();
    for i in 1..=players {
        f.t.join(tid, &by(player(i))).await.unwrap();
    }
    tid
}

async fn state_of(f: &Field, tid: TournamentId) -> TournamentState {
    f.t.card(tid).await.unwrap().tournament.state
}

#[tokio::test(flavor = "multi_thread")]
async fn the_clock_starts_a_scheduled_tournament_once_its_time_has_come() {
    let db = Db::connect("sqlite::memory:").await.unwrap();
    let mut f = field_without_clock(db, false);
    let now = unix_ms();
    let due = scheduled(&f, now - 1_000, 3).await;
    let later = scheduled(&f, now + 3_600_000, 3).await;
    f.t.tick(unix_ms()).await;
    assert_eq!(state_of(&f, due).await, TournamentState::Running);
    assert_eq!(state_of(&f, later).await, TournamentState::Open);
    let boards = next_round(&mut f).await.unwrap();
    assert!(boards.iter().all(|b| b.round == 1), "{boards:?}");
    assert_eq!(boards.len(), 2, "3 players: a match and a bye");
    // An hour on, the other one starts too.
    f.t.tick(now + 3_600_000).await;
    assert_eq!(state_of(&f, later).await, TournamentState::Running);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_scheduled_tournament_with_too_few_players_at_its_start_time_is_cancelled() {
    // Before: it stayed open, the clock trying to start it every 5 s for
    // as long as the bot ran, and started whenever a third player came.
    let db = Db::connect("sqlite::memory:").await.unwrap();
    let mut f = field_without_clock(db, false);
    let now = unix_ms();
    let tid = scheduled(&f, now + 60_000, 2).await;
    f.t.tick(now).await;
    assert_eq!(state_of(&f, tid).await, TournamentState::Open, "not yet");
    f.t.tick(now + 60_000).await;
    assert_eq!(state_of(&f, tid).await, TournamentState::Cancelled);
    // The front end is told why (it posts the cancel with the reason).
    let mut over = None;
    while let Ok(Some(n)) = tokio::time::timeout(Duration::from_secs(1), f.news.recv()).await {
        if let TournamentNews::Over { id, reason } = n {
            over = Some((id, reason));
        }
    }
    assert_eq!(
        over,
        Some((tid, Some(CancelReason::TooFew { min: 3, joined: 2 })))
    );
    let late = f.t.join(tid, &by(player(3))).await.unwrap_err();
    assert_eq!(late.id(), id::TOURNAMENT_ERROR_OVER);
    // A moderator's cancel carries no reason.
    let other = scheduled(&f, i64::MAX, 1).await;
    f.t.cancel(other, &moderator(player(0))).await.unwrap();
    let n = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            if let Some(TournamentNews::Over { id, reason }) = f.news.recv().await {
                return (id, reason);
            }
        }
    })
    .await
    .unwrap();
    assert_eq!(n, (other, None));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_ladder_banned_player_cannot_join_a_rated_tournament_but_can_join_an_unrated_one() {
    let db = Db::connect("sqlite::memory:").await.unwrap();
    let f = field(db.clone());
    let banned = player(1);
    let pid = db.discord_player(banned.id.0, &banned.name).await.unwrap();
    assert!(db.ban(GUILD.0, pid, None, None, unix_ms()).await.unwrap());
    let rated =
        f.t.create(&swiss_spec(Format::Swiss), &player(0), true)
            .await
            .unwrap();
    let refused = f.t.join(rated, &by(banned.clone())).await.unwrap_err();
    assert_eq!(refused.id(), id::TOURNAMENT_ERROR_BANNED);
    assert_eq!(
        says(&f, &refused),
        "You are banned from this server's ladder, so you cannot join a rated tournament."
    );
    assert!(f.t.card(rated).await.unwrap().entrants.is_empty());
    // Anyone else joins it.
    f.t.join(rated, &by(player(2))).await.unwrap();
    let mut friendly = swiss_spec(Format::Swiss);
    friendly.rated = false;
    let unrated = f.t.create(&friendly, &player(0), true).await.unwrap();
    f.t.join(unrated, &by(banned.clone())).await.unwrap();
    let card = f.t.card(unrated).await.unwrap();
    assert_eq!(card.entrants, vec![(banned.clone(), true)]);
    // Once unbanned, the rated one takes them.
    assert!(db.unban(GUILD.0, pid, unix_ms()).await.unwrap());
    f.t.join(rated, &by(banned)).await.unwrap();
}

/// A started arena of p1 and p2 whose 5-minute window is divided by
/// `scale`, on a field whose clock does not tick by itself (the tests call
/// `tick`); with the time its window closes, ms since 1970.
async fn started_arena(scale: u64) -> (Field, TournamentId, i64) {
    let db = Db::connect("sqlite::memory:").await.unwrap();
    let f = field_without_clock(db, true);
    f.t.set_time_scale(scale);
    let mut spec = swiss_spec(Format::Arena);
    spec.minutes = Some(5);
    let tid = f.t.create(&spec, &player(0), true).await.unwrap();
    for i in 1..=2 {
        f.t.join(tid, &by(player(i))).await.unwrap();
    }
    f.t.start(tid, &moderator(player(0))).await.unwrap();
    let started = f.t.card(tid).await.unwrap().tournament.started_unix_ms;
    let window_ms = 5 * 60_000 / scale as i64;
    (f, tid, started.unwrap() + window_ms)
}

#[tokio::test(flavor = "multi_thread")]
async fn an_arena_match_that_ends_after_the_window_closed_does_not_count() {
    // Before: a result counted as long as the tournament still ran, so a
    // match ending up to a tick (5 s) after the window closed still
    // scored (docs/rules.md §7: matches still played do not count).
    // A 5-minute window divided by 150: 2 s.
    let (mut f, tid, closes) = started_arena(150).await;
    // The first match ends inside the window: it counts, and the two are
    // paired again at once.
    let boards = next_round(&mut f).await.unwrap();
    let first = open(&f, tid, &boards).await;
    play_out(&f, &first).await;
    let boards = next_round(&mut f).await.unwrap();
    assert_eq!(boards[0].board, 2, "{boards:?}");
    let second = open(&f, tid, &boards).await;
    // The second ends after the window closed, before any tick.
    let wait = closes - unix_ms() + 300;
    tokio::time::sleep(Duration::from_millis(wait.max(0) as u64)).await;
    play_out(&f, &second).await;
    assert_eq!(next_round(&mut f).await, None, "the arena is over");
    let card = f.t.card(tid).await.unwrap();
    assert_eq!(card.tournament.state, TournamentState::Finished);
    // p1 won both; only the first counts: 2 points, 1 won, 1 played.
    let rows: Vec<(String, u32, u32, u32)> = card
        .standings
        .iter()
        .map(|r| (r.player.name.clone(), r.halves, r.second, r.third))
        .collect();
    assert_eq!(
        rows,
        vec![("p1".into(), 4, 1, 1), ("p2".into(), 0, 0, 1)],
        "{card:?}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn an_arena_match_that_ended_inside_the_window_counts_though_the_clock_ticks_first() {
    // Before: the clock finished the arena at the close itself, so a match
    // that ended just inside the window but whose end reached the director
    // after that tick was dropped. Here the tick comes "at the close" (its
    // time given) before the match, still inside the window, ends.
    // A 5-minute window divided by 30: 10 s.
    let (mut f, tid, closes) = started_arena(30).await;
    let boards = next_round(&mut f).await.unwrap();
    let first = open(&f, tid, &boards).await;
    f.t.tick(closes).await;
    assert_eq!(
        f.t.card(tid).await.unwrap().tournament.state,
        TournamentState::Running,
        "not finished at the close itself"
    );
    assert!(
        unix_ms() < closes - 1_000,
        "the match ends inside the window"
    );
    play_out(&f, &first).await;
    // Counted: the two are paired again at once.
    assert!(next_round(&mut f).await.is_some(), "paired again");
    let card = f.t.card(tid).await.unwrap();
    let played: u32 = card.standings.iter().map(|r| r.third).sum();
    assert_eq!(played, 2, "one match, counted for both: {card:?}");
    // The clock finishes the arena once the grace has passed.
    f.t.tick(closes + ARENA_CLOSE_GRACE_MS).await;
    assert_eq!(
        f.t.card(tid).await.unwrap().tournament.state,
        TournamentState::Finished
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_swiss_of_more_rounds_than_its_players_allow_stops_before_a_repeat() {
    // Before: 4 rounds of 4 players were played, the 4th a repeat
    // (docs/rules.md §7: never the same opponents twice).
    let db = Db::connect("sqlite::memory:").await.unwrap();
    let mut f = field(db);
    let mut spec = swiss_spec(Format::Swiss);
    spec.rounds = Some(4);
    let tid = f.t.create(&spec, &player(0), true).await.unwrap();
    for i in 1..=4 {
        f.t.join(tid, &by(player(i))).await.unwrap();
    }
    assert_eq!(
        f.t.card(tid).await.unwrap().rounds,
        4,
        "as set until the start"
    );
    f.t.start(tid, &moderator(player(0))).await.unwrap();
    assert_eq!(
        f.t.card(tid).await.unwrap().rounds,
        3,
        "4 players: 3 rounds"
    );
    let mut met: Vec<(Seated, Seated)> = Vec::new();
    let mut rounds = 0;
    while let Some(boards) = next_round(&mut f).await {
        rounds += 1;
        for b in &boards {
            let (x, y) = (b.first.clone(), b.second.clone().expect("no bye"));
            assert!(
                !met.iter()
                    .any(|(a, c)| (a, c) == (&x, &y) || (c, a) == (&x, &y)),
                "round {rounds} pairs {} and {} again",
                x.name,
                y.name
            );
            met.push((x, y));
        }
        let matches = open(&f, tid, &boards).await;
        play_out(&f, &matches).await;
    }
    assert_eq!(rounds, 3);
    let card = f.t.card(tid).await.unwrap();
    assert_eq!((card.round, card.rounds), (3, 3));
    assert_eq!(ranking(&card), vec!["p1 6", "p2 4", "p3 2", "p4 0"]);
    // The places after round 2, the picture's trend, by hand: p1 2, then
    // p2 and p3 1 each, equal on Buchholz cut 1 (2) and Sonneborn-Berger
    // (0), not met: the seed puts p2 first; p4 0.
    let previous: Vec<(String, Option<usize>)> = card
        .standings
        .iter()
        .map(|r| (r.player.name.clone(), r.previous_rank))
        .collect();
    assert_eq!(
        previous,
        vec![
            ("p1".into(), Some(1)),
            ("p2".into(), Some(2)),
            ("p3".into(), Some(3)),
            ("p4".into(), Some(4))
        ]
    );
}

/// Issue 32: `starts-in` had no lower bound in the bot's own check, and
/// `i64::MIN` minutes overflowed (a panic in a debug build, a start in the
/// past in a release build): whatever a client sends is taken into the
/// option's range.
#[test]
fn starts_in_is_taken_into_its_range_whatever_a_client_sends() {
    use fourbot_host::tournaments::{starts_at, STARTS_IN_MINUTES};
    let now = 1_800_000_000_000;
    assert_eq!(starts_at(now, None), i64::MAX);
    assert_eq!(starts_at(now, Some(30)), now + 30 * 60_000);
    assert_eq!(starts_at(now, Some(-5)), now, "never in the past");
    assert_eq!(starts_at(now, Some(i64::MIN)), now);
    let week = *STARTS_IN_MINUTES.end() as i64 * 60_000;
    assert_eq!(starts_at(now, Some(i64::MAX)), now + week);
}

/// Issue 33 §4: tournament news is posted per tournament at the same time:
/// a tournament whose round takes long to post (500 entrants) no longer
/// holds back the others; each tournament's news stays in order, also
/// across a worker that ended when idle.
#[tokio::test(start_paused = true)]
async fn one_tournaments_slow_news_does_not_hold_back_anothers_and_each_keeps_its_order() {
    use fourbot_host::tournaments::{dispatch_news, TournamentNews, NEWS_WORKER_IDLE};
    use fourbot_store::TournamentId;
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    let seen: std::sync::Arc<std::sync::Mutex<Vec<(i64, tokio::time::Instant)>>> =
        Default::default();
    let start = tokio::time::Instant::now();
    let dispatcher = tokio::spawn({
        let seen = seen.clone();
        dispatch_news(rx, move |n: TournamentNews| {
            let seen = seen.clone();
            async move {
                let tid = n.tournament();
                // Tournament 1's posts are slow: 10 s each.
                if tid == TournamentId(1) {
                    tokio::time::sleep(std::time::Duration::from_secs(10)).await;
                }
                seen.lock()
                    .unwrap()
                    .push((tid.0, tokio::time::Instant::now()));
            }
        })
    });
    for _ in 0..3 {
        tx.send(TournamentNews::Changed(TournamentId(1))).unwrap();
    }
    tx.send(TournamentNews::Changed(TournamentId(2))).unwrap();
    tx.send(TournamentNews::Over {
        id: TournamentId(2),
        reason: None,
    })
    .unwrap();
    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    {
        let seen = seen.lock().unwrap();
        let two: Vec<_> = seen.iter().filter(|(t, _)| *t == 2).collect();
        assert_eq!(two.len(), 2, "tournament 2 was posted at once: {seen:?}");
        assert!(two
            .iter()
            .all(|(_, at)| *at - start < std::time::Duration::from_secs(1)));
    }
    // Tournament 2's worker ends when idle; its next news starts another.
    tokio::time::sleep(NEWS_WORKER_IDLE + std::time::Duration::from_secs(5)).await;
    tx.send(TournamentNews::Changed(TournamentId(2))).unwrap();
    drop(tx);
    dispatcher.await.unwrap();
    let seen = seen.lock().unwrap();
    let one: Vec<_> = seen
        .iter()
        .filter(|(t, _)| *t == 1)
        .map(|(_, at)| *at - start)
        .collect();
    assert_eq!(one.len(), 3);
    assert!(
        one.windows(2).all(|w| w[0] < w[1]),
        "in order, one after the other: {one:?}"
    );
    assert_eq!(seen.iter().filter(|(t, _)| *t == 2).count(), 3);
}

#[tokio::test(flavor = "multi_thread")]
async fn cancelling_a_rated_tournament_aborts_its_running_matches_and_their_threads_say_why() {
    // Before (issue 35): a match outlived its cancelled tournament, its end
    // said "The result counts in tournament 1" under a card that said
    // "Cancelled", and a rated Swiss's match stayed rated without a word.
    let db = Db::connect("sqlite::memory:").await.unwrap();
    let mut f = field(db.clone());
    let tid = started(&f, Format::Swiss, 4).await;
    let boards = next_round(&mut f).await.unwrap();
    let matches = open(&f, tid, &boards).await;
    // On the first board both have moved (the match would be rated); on
    // the second nobody has (it would count as a forfeit in a tournament).
    let (b, played) = matches[0].clone();
    drop_disc(&f, played, &b.first, 3).await;
    drop_disc(&f, played, b.second.as_ref().unwrap(), 3).await;
    let (_, unplayed) = matches[1].clone();
    f.t.cancel(tid, &moderator(player(0))).await.unwrap();
    for m in [played, unplayed] {
        let text = closing(&f, m).await;
        assert!(
            text.contains(&format!(
                "Tournament {} was cancelled, so this match ends here: aborted, no result, no rating change, and it counts in no tournament.",
                tid.0
            )),
            "{text}"
        );
        assert!(
            !text.contains("counts in tournament") && !text.contains("moderator"),
            "{text}"
        );
        assert!(db.rating_changes(m).await.unwrap().is_empty(), "match {m}");
        let detail = db.match_detail(m).await.unwrap();
        assert_eq!(detail.end.as_deref(), Some("aborted"), "match {m}");
    }
    assert_eq!(state_of(&f, tid).await, TournamentState::Cancelled);
}
