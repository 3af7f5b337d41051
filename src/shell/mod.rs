//! The terminal table (`fourbot shell`): a front end over the same
//! [`Host`] and [`View`]s as Discord. It draws the board (coloured discs on a
//! colour terminal, letters otherwise), the move list, the banks and the
//! current view's buttons as numbered choices, and reads typed moves and
//! commands. A number in brackets presses that button; the drop buttons
//! come first in column order, so `4` means column d either way. With
//! standard input not a terminal it reads one command per
//! line and prints plain text, so a session can be replayed from a file.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncBufRead, AsyncBufReadExt};
use tokio::sync::mpsc;

use crate::game::notation::{parse_move, TokenError};
use crate::game::{column_letter, Cell, Color, Position};
use crate::host::offers::Offers;
use crate::host::{
    Acted, Button, Denial, EngineBot, Host, HostConfig, MatchId, MatchSpec, Request, Seated,
    TimeStyle, UserId, View, ViewKind,
};
use crate::i18n::{id, Id};
use crate::i18n::{time_control, Args, Catalog, Locale};
use crate::play::{ClockSettings, TimeControl};

/// Who sits opposite the terminal's player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Opponent {
    /// The bot's AI takes every other seat.
    Ai,
    /// Every seat is played at this keyboard.
    Hotseat,
}

/// Options of `fourbot shell`.
#[derive(Clone, Debug)]
pub struct ShellOptions {
    /// The variant.
    pub variant: crate::game::Variant,
    /// The time control.
    pub time: TimeControl,
    /// AI or hot seat.
    pub opponent: Opponent,
    /// AI level 1–5.
    pub level: u8,
    /// Language of every message.
    pub locale: Locale,
    /// Directory to write each view's PNG into, if any.
    pub images: Option<PathBuf>,
    /// Draw discs with ANSI colours.
    pub color: bool,
    /// Seed for the obstacles layout and the opening.
    pub seed: u64,
    /// The terminal player's name against the AI (default: "Player 1" in
    /// the shell's language).
    pub name: Option<String>,
    /// Redraw a status line with the banks every second (a terminal).
    pub ticking: bool,
    /// The database URL (`None`: nothing is saved).
    pub db: Option<String>,
}

/// The terminal's player.
pub const YOU: UserId = UserId(1);
/// The AI's player id.
pub const BOT: UserId = UserId(0);

struct Shell<W: Write> {
    host: Host,
    views: mpsc::UnboundedReceiver<View>,
    out: W,
    opts: ShellOptions,
    current: MatchId,
    buttons: Vec<Button>,
    /// The Accept and Decline of the open take-back request, typed as
    /// `accept` and `decline` (so the column numbers keep their buttons).
    take_back_answers: Vec<Button>,
    images_written: u32,
    saved: bool,
    /// Other running matches restored from the database: they go on in the
    /// background and are never taken for this keyboard's rematch.
    background: std::collections::HashSet<MatchId>,
}

/// Runs the shell on `input` and `out` until `quit` or the end of input.
///
/// # Errors
/// A match that cannot be created, or an output error.
pub async fn run<R, W>(opts: ShellOptions, input: R, out: W) -> anyhow::Result<()>
where
    R: AsyncBufRead + Unpin,
    W: Write,
{
    let catalog = Arc::new(Catalog::new()?);
    let saved = opts.db.is_some();
    let (host, views) = Host::open(
        opts.db.as_deref(),
        catalog,
        Arc::new(EngineBot::default()),
        HostConfig {
            time_style: TimeStyle::Countdown,
            images: opts.images.is_some(),
        },
    )
    .await
    .map_err(|e| {
        let url = opts.db.as_deref().unwrap_or_default();
        anyhow::anyhow!("{}: {e}", crate::host::redact_url(url))
    })?;
    // The rules of a rematch, as on a server with default settings.
    Offers::standalone(host.clone()).await?;
    if let Some(dir) = &opts.images {
        std::fs::create_dir_all(dir)?;
    }
    let mut shell = Shell {
        host,
        views,
        out,
        opts,
        current: MatchId(0),
        buttons: Vec::new(),
        take_back_answers: Vec::new(),
        images_written: 0,
        saved: false,
        background: Default::default(),
    };
    // A match left with quit, or by a killed process, goes on — the latest
    // one of this player in the variant asked for. (Other running matches
    // are restored too; their clocks run out on their own.)
    let restored = shell
        .host
        .restore(shell.opts.locale, |p| if p.is_bot { BOT } else { YOU })
        .await?;
    let mine = restored.iter().rev().copied().find(|id| {
        shell.host.spec(*id).is_some_and(|s| {
            s.variant == shell.opts.variant && s.players.iter().any(|p| p.id == YOU)
        })
    });
    shell.background = restored
        .into_iter()
        .filter(|id| Some(*id) != mine)
        .collect();
    let resumed = mine.is_some();
    shell.current = match mine {
        Some(id) => id,
        None => shell.host.create_match(shell.spec()).await?,
    };
    shell.saved = saved;
    let spec = shell.host.spec(shell.current).expect("the current match");
    let welcome = shell.text(
        id::SHELL_WELCOME,
        &Args::new()
            .set(
                "variant",
                shell
                    .host
                    .catalog()
                    .variant_name(shell.opts.locale, spec.variant),
            )
            .set(
                "time",
                time_control(
                    spec.clock.control.base_ms() / 1000,
                    spec.clock.control.increment_ms() / 1000,
                ),
            ),
    );
    writeln!(shell.out, "{welcome}")?;
    if resumed {
        let note = shell
            .host
            .catalog()
            .plain(shell.opts.locale, id::SHELL_RESUMED);
        writeln!(shell.out, "{note}")?;
    }
    shell.wait_for_prompt().await?;
    let mut lines = input.lines();
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    loop {
        tokio::select! {
            _ = tick.tick(), if shell.opts.ticking => {
                if let Some(status) = shell.host.clock_status(shell.current).await {
                    write!(shell.out, "\r\x1b[K{status} > ")?;
                    shell.out.flush()?;
                }
            }
            line = lines.next_line() => {
                let Some(line) = line? else { break };
                if !shell.handle(line.trim()).await? {
                    return Ok(());
                }
            }
            Some(view) = shell.views.recv() => {
                shell.show(&view)?;
            }
        }
    }
    shell.bye()?;
    shell.host.close().await;
    Ok(())
}

impl<W: Write> Shell<W> {
    fn bye(&mut self) -> anyhow::Result<()> {
        let id = if self.host.is_finished(self.current) {
            id::SHELL_QUIT_OVER
        } else if self.saved {
            id::SHELL_QUIT_SAVED
        } else {
            id::SHELL_QUIT_LOST
        };
        let bye = self.host.catalog().plain(self.opts.locale, id);
        writeln!(self.out, "{bye}")?;
        Ok(())
    }

    /// Whether a view belongs to this keyboard's match: the current one, or,
    /// once it is over, a newer one this player sits in (a rematch). Other
    /// running matches restored from the database stay silent, also after
    /// the current one is over.
    fn is_mine(&mut self, view: &View) -> bool {
        if view.match_id == self.current {
            return true;
        }
        let newer = view.match_id > self.current
            && !self.background.contains(&view.match_id)
            && self.host.is_finished(self.current)
            && matches!(view.kind, ViewKind::Turn { .. })
            && self
                .host
                .spec(view.match_id)
                .is_some_and(|s| s.players.iter().any(|p| p.id == YOU));
        if newer {
            self.current = view.match_id;
        }
        newer
    }

    fn text(&self, id: Id, args: &Args) -> String {
        self.host.catalog().text(self.opts.locale, id, args)
    }

    fn spec(&self) -> MatchSpec {
        let seats = self.opts.variant.players() as usize;
        let players = (0..seats)
            .map(|i| match (self.opts.opponent, i) {
                (Opponent::Ai, 0) => Seated {
                    id: YOU,
                    name: self.opts.name.clone().unwrap_or_else(|| {
                        self.text(id::SHELL_PLAYER, &Args::new().set("number", 1))
                    }),
                    ai_level: None,
                    source: Default::default(),
                },
                (Opponent::Ai, _) => Seated {
                    id: BOT,
                    name: if seats > 2 {
                        format!("fourbot {i}")
                    } else {
                        "fourbot".to_string()
                    },
                    ai_level: Some(self.opts.level),
                    source: Default::default(),
                },
                (Opponent::Hotseat, _) => Seated {
                    id: YOU,
                    name: self.text(id::SHELL_PLAYER, &Args::new().set("number", (i + 1) as i64)),
                    ai_level: None,
                    source: Default::default(),
                },
            })
            .collect();
        MatchSpec {
            variant: self.opts.variant,
            clock: ClockSettings::new(self.opts.time),
            players,
            guild: crate::host::players::TERMINAL_GUILD,
            locale: self.opts.locale,
            seed: self.opts.seed,
            tournament: None,
        }
    }

    /// Handles one input line; `false` ends the shell.
    async fn handle(&mut self, line: &str) -> anyhow::Result<bool> {
        let locale = self.opts.locale;
        let request = match line {
            "" => return Ok(true),
            "quit" | "exit" => {
                self.bye()?;
                self.host.close().await;
                return Ok(false);
            }
            "help" | "?" => {
                let help = self.host.catalog().plain(locale, id::SHELL_HELP);
                writeln!(self.out, "{help}")?;
                return Ok(true);
            }
            "board" => {
                if let Some(view) = self.host.board(self.current).await {
                    self.show(&view)?;
                }
                return Ok(true);
            }
            "takeback" => {
                // The request comes back as a notice with its answers.
                match self.host.take_back(self.current, YOU).await {
                    Ok(()) => {
                        let next =
                            tokio::time::timeout(Duration::from_secs(2), self.views.recv()).await;
                        if let Ok(Some(view)) = next {
                            self.show(&view)?;
                        }
                    }
                    Err(refusal) => self.refuse(&refusal)?,
                }
                return Ok(true);
            }
            "accept" | "decline" => {
                let accept = line == "accept";
                let answer = self.take_back_answers.iter().find(|b| {
                    matches!(b.action, crate::host::ActionId::TakeBack { accept: a, .. } if a == accept)
                });
                let result = match answer {
                    Some(b) => self.host.press(YOU, b.action, None).await,
                    None => Err(Denial::new(id::TAKE_BACK_EXPIRED)),
                };
                self.take_back_answers.clear();
                match result {
                    // Declined: nothing more comes; accepted: the notice
                    // and the turn to move again.
                    Ok(_) if accept => self.wait_for_prompt().await?,
                    Ok(_) => writeln!(self.out)?,
                    Err(refusal) => self.refuse(&refusal)?,
                }
                return Ok(true);
            }
            "resign-game" => Some(Request::ResignGame(None)),
            "resign-match" => Some(Request::ResignMatch),
            "ready" => Some(Request::Ready(None)),
            "rematch" => Some(Request::Rematch { channel: None }),
            _ => None,
        };
        let result = if let Some(request) = request {
            self.host.act(self.current, YOU, request).await
        } else if let Some(button) = line
            // `[4]` as shown on the prompt is `4`.
            .strip_prefix('[')
            .and_then(|l| l.strip_suffix(']'))
            .unwrap_or(line)
            .trim()
            .parse::<usize>()
            .ok()
            .and_then(|n| self.buttons.get(n.wrapping_sub(1)))
            // A stray digit must not lose a game: the resign buttons have
            // no number (they are typed), so 8 on a 7-column board is a
            // column that is not there, as the prompt shows.
            .filter(|b| resign_command(&b.action).is_none())
            .cloned()
        {
            self.host.press(YOU, button.action, None).await
        } else {
            match self.host.typed(self.current, YOU, line).await {
                Ok(true) => Ok(Acted::Applied),
                Ok(false) => {
                    let why = self.not_a_move(line);
                    writeln!(self.out, "{why}")?;
                    return Ok(true);
                }
                Err(refusal) => Err(refusal),
            }
        };
        match result {
            Ok(_) => self.wait_for_prompt().await?,
            Err(refusal) => self.refuse(&refusal)?,
        }
        Ok(true)
    }

    /// Why `line` is neither a move nor a command: a single letter or a
    /// number that is not a column of this board, a pop outside PopOut, or
    /// else unknown.
    fn not_a_move(&self, line: &str) -> String {
        let catalog = self.host.catalog();
        let locale = self.opts.locale;
        let width = self.opts.variant.rules().geometry.width();
        match parse_move(line, self.opts.variant) {
            Err(TokenError::NotAColumn { token, .. })
                if (token.chars().count() == 1
                    && token.chars().all(|c| c.is_ascii_alphanumeric()))
                    || token.chars().all(|c| c.is_ascii_digit()) =>
            {
                catalog.text(
                    locale,
                    id::ERROR_COLUMN_OUT_OF_RANGE,
                    &crate::i18n::Args::new()
                        .set("column", token.to_lowercase())
                        .set("last", column_letter(width - 1).to_string()),
                )
            }
            Err(TokenError::PopNotAllowed { .. }) => {
                catalog.plain(locale, id::ERROR_POP_NOT_ALLOWED)
            }
            _ => catalog.plain(locale, id::SHELL_UNKNOWN),
        }
    }

    /// Prints views until one asks this keyboard for something (its turn,
    /// Ready, the end of the match), or nothing comes for a while.
    async fn wait_for_prompt(&mut self) -> anyhow::Result<()> {
        loop {
            let next = tokio::time::timeout(Duration::from_secs(10), self.views.recv()).await;
            let Ok(Some(view)) = next else { return Ok(()) };
            if !self.show(&view)? {
                continue; // another match's view (restored in the background)
            }
            let prompt = match view.kind {
                ViewKind::Turn { ai, .. } => !ai,
                ViewKind::GameOver | ViewKind::MatchOver => true,
                ViewKind::Notice => false,
            };
            if prompt {
                return Ok(());
            }
        }
    }

    /// Prints a refusal, in this keyboard's language.
    fn refuse(&mut self, refusal: &Denial) -> anyhow::Result<()> {
        let text = self
            .host
            .catalog()
            .render(self.opts.locale, refusal.message());
        writeln!(self.out)?;
        writeln!(self.out, "{}", text.replace("**", ""))?;
        self.out.flush()?;
        Ok(())
    }

    /// Prints a view of this keyboard's match; returns whether it did
    /// (views of other matches, and AI turns, print nothing).
    fn show(&mut self, view: &View) -> anyhow::Result<bool> {
        if !self.is_mine(view) {
            return Ok(false);
        }
        if let ViewKind::Turn { ai, .. } = view.kind {
            if ai {
                return Ok(true); // the next turn view shows the AI's move
            }
        }
        if self.opts.ticking {
            write!(self.out, "\r\x1b[K")?;
        }
        writeln!(self.out)?;
        if let Some(p) = &view.position {
            let board = draw_board(p, self.opts.color);
            write!(self.out, "{board}")?;
        }
        writeln!(self.out, "{}", view.text.replace("**", ""))?;
        let answers: Vec<&Button> = view
            .all_buttons()
            .filter(|b| take_back_command(&b.action).is_some())
            .collect();
        if !answers.is_empty() {
            let line: Vec<String> = answers
                .iter()
                .filter_map(|b| Some(format!("[{}] {}", take_back_command(&b.action)?, b.label)))
                .collect();
            self.take_back_answers = answers.into_iter().cloned().collect();
            writeln!(
                self.out,
                "{}: {}",
                self.host
                    .catalog()
                    .plain(self.opts.locale, id::SHELL_BUTTONS),
                line.join("  ")
            )?;
        } else if !view.buttons.is_empty() {
            self.buttons = view.all_buttons().cloned().collect();
            let mut line = String::new();
            for (i, b) in self.buttons.iter().enumerate() {
                if b.disabled {
                    continue;
                }
                match resign_command(&b.action) {
                    Some(command) => line.push_str(&format!("[{command}] {}  ", b.label)),
                    None => line.push_str(&format!("[{}] {}  ", i + 1, b.label)),
                }
            }
            writeln!(
                self.out,
                "{}: {}",
                self.host
                    .catalog()
                    .plain(self.opts.locale, id::SHELL_BUTTONS),
                line.trim_end()
            )?;
        }
        if let (Some(dir), Some(png)) = (&self.opts.images, &view.image) {
            self.images_written += 1;
            let path = dir.join(format!(
                "match-{}-{:03}.png",
                view.match_id, self.images_written
            ));
            std::fs::write(path, png)?;
        }
        self.out.flush()?;
        Ok(true)
    }
}

/// The board as text: rows top first with their numbers, column letters
/// below; discs as coloured ● with `color`, else `R` `Y` `B`, blocks `#`,
/// empty cells `.`.
pub fn draw_board(p: &Position, color: bool) -> String {
    let g = &p.rules().geometry;
    let mut s = String::new();
    for row in (0..g.height()).rev() {
        s.push_str(&format!("{:>2} ", row + 1));
        for column in 0..g.width() {
            let cell = match (p.at(Cell::new(column, row)), color) {
                (None, _) => ".".to_string(),
                (Some(None), false) => "#".to_string(),
                (Some(None), true) => "\x1b[90m■\x1b[0m".to_string(),
                (Some(Some(c)), false) => c.letter().to_string(),
                (Some(Some(c)), true) => {
                    let code = match c {
                        Color::Red => 31,
                        Color::Yellow => 33,
                        Color::Blue => 34,
                    };
                    format!("\x1b[{code}m●\x1b[0m")
                }
            };
            s.push_str(&cell);
            s.push(' ');
        }
        s.push('\n');
    }
    s.push_str("   ");
    for column in 0..g.width() {
        s.push(column_letter(column));
        s.push(' ');
    }
    s.push('\n');
    s
}

/// The command that answers a take-back request like `action` (`accept`,
/// `decline`), typed rather than numbered.
fn take_back_command(action: &crate::host::ActionId) -> Option<&'static str> {
    match action {
        crate::host::ActionId::TakeBack { accept: true, .. } => Some("accept"),
        crate::host::ActionId::TakeBack { accept: false, .. } => Some("decline"),
        _ => None,
    }
}

/// The command that resigns like `action`, for the resign buttons, which
/// the shell shows and takes as typed words rather than numbers.
fn resign_command(action: &crate::host::ActionId) -> Option<&'static str> {
    match action {
        crate::host::ActionId::ResignGame { .. } => Some("resign-game"),
        crate::host::ActionId::ResignMatch { .. } => Some("resign-match"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::HeuristicBot;

    fn seat(id: UserId, name: &str) -> Seated {
        Seated {
            id,
            name: name.into(),
            ai_level: None,
            source: Default::default(),
        }
    }

    /// A shell on `host`'s classic match of al (this keyboard) and bo, with
    /// their PopOut match running in the background; the match ids.
    async fn two_matches(
        host: &Host,
        views: mpsc::UnboundedReceiver<View>,
    ) -> (Shell<Vec<u8>>, MatchId, MatchId) {
        let spec = |variant| MatchSpec {
            variant,
            clock: ClockSettings::default(),
            players: vec![seat(YOU, "al"), seat(UserId(7), "bo")],
            guild: crate::host::players::TERMINAL_GUILD,
            locale: Locale::EnUs,
            seed: 1,
            tournament: None,
        };
        let current = host
            .create_match(spec(crate::game::Variant::Classic))
            .await
            .unwrap();
        let other = host
            .create_match(spec(crate::game::Variant::Popout))
            .await
            .unwrap();
        let opts = ShellOptions {
            variant: crate::game::Variant::Classic,
            time: TimeControl::DEFAULT,
            opponent: Opponent::Hotseat,
            level: 1,
            locale: Locale::EnUs,
            images: None,
            color: false,
            seed: 1,
            name: None,
            ticking: false,
            db: None,
        };
        let shell = Shell {
            host: host.clone(),
            views,
            out: Vec::new(),
            opts,
            current,
            buttons: Vec::new(),
            take_back_answers: Vec::new(),
            images_written: 0,
            saved: false,
            background: [other].into_iter().collect(),
        };
        (shell, current, other)
    }

    fn host() -> (Host, mpsc::UnboundedReceiver<View>) {
        let catalog = Arc::new(Catalog::new().unwrap());
        let config = HostConfig {
            time_style: TimeStyle::Countdown,
            images: false,
        };
        Host::new(catalog, Arc::new(HeuristicBot), config)
    }

    #[tokio::test]
    async fn a_restored_match_is_not_taken_for_the_rematch_once_the_current_one_ends() {
        // Before: with two saved matches, resigning the resumed one made
        // the other's queued turn view look like a rematch, and the shell
        // switched to it (and said the match was saved instead of over).
        let (host, views) = host();
        let (mut shell, current, other) = two_matches(&host, views).await;
        host.act(current, YOU, Request::ResignMatch).await.unwrap();
        while !host.is_finished(current) {
            tokio::task::yield_now().await;
        }
        let other_turn = host.board(other).await.unwrap();
        assert!(!shell.is_mine(&other_turn));
        assert_eq!(shell.current, current);
        // A rematch of this keyboard's match is followed.
        for player in [YOU, UserId(7)] {
            host.act(current, player, Request::Rematch { channel: None })
                .await
                .unwrap();
        }
        let rematch = *host.match_ids().last().unwrap();
        assert!(rematch > other);
        let turn = host.board(rematch).await.unwrap();
        assert!(shell.is_mine(&turn));
        assert_eq!(shell.current, rematch);
    }

    #[tokio::test]
    async fn the_terminals_rematch_obeys_the_rules_of_a_discord_rematch() {
        // Before: the rematch rules ran in the Discord adapter only, so
        // `rematch` here started a second match between two players who
        // still played one (Discord refuses it: error-same-opponent).
        let (host, views) = host();
        Offers::standalone(host.clone()).await.unwrap();
        let (mut shell, current, other) = two_matches(&host, views).await;
        host.act(current, YOU, Request::ResignMatch).await.unwrap();
        while !host.is_finished(current) {
            tokio::task::yield_now().await;
        }
        shell.out.clear();
        assert!(shell.handle("rematch").await.unwrap());
        let out = String::from_utf8(shell.out.clone()).unwrap();
        let refusal = Denial::new(id::ERROR_SAME_OPPONENT)
            .with("opponent", crate::i18n::Value::name("bo".to_string()));
        let expected = host.catalog().render(Locale::EnUs, refusal.message());
        assert!(out.contains(&expected), "{out:?} lacks {expected:?}");
        assert_eq!(host.match_ids(), vec![current, other], "no match started");
    }

    #[tokio::test]
    async fn a_hotseat_take_back_is_asked_and_accepted_with_typed_commands() {
        // Every seat at this keyboard is the same player, so the match is
        // unrated and allows take-backs (docs/match.md, "Take-back").
        let (host, views) = host();
        let current = host
            .create_match(MatchSpec {
                variant: crate::game::Variant::Classic,
                clock: ClockSettings::default(),
                players: vec![seat(YOU, "al"), seat(YOU, "bo")],
                guild: crate::host::players::TERMINAL_GUILD,
                locale: Locale::EnUs,
                seed: 1,
                tournament: None,
            })
            .await
            .unwrap();
        let (mut shell, _, _) = two_matches(&host, mpsc::unbounded_channel().1).await;
        shell.views = views;
        shell.current = current;
        shell.background.clear();
        shell.wait_for_prompt().await.unwrap();
        assert!(shell.handle("d").await.unwrap());
        shell.out.clear();
        assert!(shell.handle("takeback").await.unwrap());
        let out = String::from_utf8(shell.out.clone()).unwrap();
        assert!(
            out.contains("al asks to take back their move 1. d.")
                && out.contains("[accept] Accept  [decline] Decline"),
            "{out}"
        );
        shell.out.clear();
        assert!(shell.handle("accept").await.unwrap());
        let out = String::from_utf8(shell.out.clone()).unwrap();
        assert!(out.contains("al's move 1. d was taken back"), "{out}");
        let board = host.board(current).await.unwrap();
        assert!(board.text.contains("al"), "{}", board.text);
        assert!(board.position.unwrap().ply() == 0, "the disc is gone");
        // The answers are used up: typed again, the request is not open.
        shell.out.clear();
        assert!(shell.handle("accept").await.unwrap());
        let out = String::from_utf8(shell.out.clone()).unwrap();
        assert!(out.contains("no longer open"), "{out}");
    }
}
