//! Every message id of the catalogue as a constant, so code that shows a
//! message cannot name one that does not exist: a test checks that this
//! list and `locales/en-US/` hold exactly the same ids. Each constant's doc
//! is the English text (arguments as `{ $name }`).
//!
//! Regenerate after adding a message: one `pub const` per message, named
//! after the id in upper snake case, in file order.

// common.ftl
/// `Classic`
pub const VARIANT_CLASSIC: &str = "variant-classic";
/// `Single game`
pub const VARIANT_SINGLE: &str = "variant-single";
/// `Five in a row`
pub const VARIANT_FIVE: &str = "variant-five";
/// `PopOut`
pub const VARIANT_POPOUT: &str = "variant-popout";
/// `Small board`
pub const VARIANT_SMALL: &str = "variant-small";
/// `Misère`
pub const VARIANT_MISERE: &str = "variant-misere";
/// `Cylinder`
pub const VARIANT_CYLINDER: &str = "variant-cylinder";
/// `Obstacles`
pub const VARIANT_OBSTACLES: &str = "variant-obstacles";
/// `Random opening`
pub const VARIANT_RANDOM_OPENING: &str = "variant-random-opening";
/// `Three players`
pub const VARIANT_THREE_PLAYERS: &str = "variant-three-players";
/// `Teams`
pub const VARIANT_TEAMS: &str = "variant-teams";
/// `Red`
pub const COLOR_RED: &str = "color-red";
/// `Yellow`
pub const COLOR_YELLOW: &str = "color-yellow";
/// `Blue`
pub const COLOR_BLUE: &str = "color-blue";
/// `Random`
pub const COLOR_RANDOM: &str = "color-random";
/// `3+2 (3 minutes, +2 seconds per move)`
pub const TIME_PRESET_3_2: &str = "time-preset-3-2";
/// `5+5 (5 minutes, +5 seconds per move)`
pub const TIME_PRESET_5_5: &str = "time-preset-5-5";
/// `10+10 (10 minutes, +10 seconds per move)`
pub const TIME_PRESET_10_10: &str = "time-preset-10-10";
/// `30+30 (30 minutes, +30 seconds per move)`
pub const TIME_PRESET_30_30: &str = "time-preset-30-30";
/// `Discord's language`
pub const LANGUAGE_AUTO: &str = "language-auto";
/// `English`
pub const LANGUAGE_EN_US: &str = "language-en-US";
/// `Deutsch`
pub const LANGUAGE_DE: &str = "language-de";
/// `Italiano`
pub const LANGUAGE_IT: &str = "language-it";
/// `Ελληνικά`
pub const LANGUAGE_EL: &str = "language-el";
/// `Български`
pub const LANGUAGE_BG: &str = "language-bg";
/// `{ $count } seconds` (plural by `$count`)
pub const UNIT_SECONDS: &str = "unit-seconds";
/// `{ $count } minutes` (plural by `$count`)
pub const UNIT_MINUTES: &str = "unit-minutes";
/// `{ $count } hours` (plural by `$count`)
pub const UNIT_HOURS: &str = "unit-hours";
/// `{ $count } days` (plural by `$count`)
pub const UNIT_DAYS: &str = "unit-days";
/// `{ $hours } h { $minutes } min`
pub const DURATION_HOURS_MINUTES: &str = "duration-hours-minutes";
/// `{ $days } d`
pub const DURATION_DAYS: &str = "duration-days";
/// `{ $days } d { $hours } h`
pub const DURATION_DAYS_HOURS: &str = "duration-days-hours";
/// `{ $base } + { $increment } per move`
pub const TIME_CONTROL_WORDS: &str = "time-control-words";
/// `{ $points } points` (plural by `$count`)
pub const POINTS: &str = "points";
/// `½ point`
pub const POINTS_HALF: &str = "points-half";
/// `{ $count } games` (plural by `$count`)
pub const GAMES_COUNT: &str = "games-count";
/// `{ $count } matches` (plural by `$count`)
pub const MATCHES_COUNT: &str = "matches-count";
/// `{ $count } moves` (plural by `$count`)
pub const MOVES_COUNT: &str = "moves-count";
/// `{ $first } and { $last }`
pub const LIST_AND: &str = "list-and";
/// `{ $first } vs { $second }`
pub const VERSUS: &str = "versus";
/// `Team { $team }`
pub const TEAM_NAME: &str = "team-name";
/// `Team { $team } ({ $players })`
pub const TEAM_WITH_PLAYERS: &str = "team-with-players";
/// `the bot`
pub const THE_BOT: &str = "the-bot";
/// `the bot (level { $level })`
pub const THE_BOT_LEVEL: &str = "the-bot-level";
/// `yes`
pub const YES: &str = "yes";
/// `no`
pub const NO: &str = "no";

/// `in { $duration }`
pub const TIME_IN: &str = "time-in";

// buttons.ftl
/// `Pop { $column }`
pub const BUTTON_POP: &str = "button-pop";
/// `Resign game`
pub const BUTTON_RESIGN_GAME: &str = "button-resign-game";
/// `Resign match`
pub const BUTTON_RESIGN_MATCH: &str = "button-resign-match";
/// `Ready for the next game`
pub const BUTTON_READY: &str = "button-ready";
/// `Accept`
pub const BUTTON_ACCEPT: &str = "button-accept";
/// `Decline`
pub const BUTTON_DECLINE: &str = "button-decline";
/// `Join`
pub const BUTTON_JOIN: &str = "button-join";
/// `Rematch`
pub const BUTTON_REMATCH: &str = "button-rematch";
/// `Confirm`
pub const BUTTON_CONFIRM: &str = "button-confirm";
/// `Cancel`
pub const BUTTON_CANCEL: &str = "button-cancel";
/// `Previous`
pub const BUTTON_PREVIOUS: &str = "button-previous";
/// `Next`
pub const BUTTON_NEXT: &str = "button-next";
/// `Page { $page } of { $pages }`
pub const PAGE_INDICATOR: &str = "page-indicator";

// match.ftl
/// `{ $players } · { $variant } { $time }`
pub const THREAD_NAME: &str = "thread-name";
/// `Game { $game } of { $games }`
pub const GAME_TITLE: &str = "game-title";
/// `Game over`
pub const GAME_OVER_TITLE: &str = "game-over-title";
/// `Match over`
pub const MATCH_OVER_TITLE: &str = "match-over-title";
/// `The match begins: { $players }. { $variant }, { $time }, { $games } games; colors swap after each game.` (plural by `$games`)
pub const MATCH_STARTED: &str = "match-started";
/// `Game { $game } of { $games }: { $player } moves first.`
pub const GAME_STARTED: &str = "game-started";
/// `Game { $game } of { $games }: colors have swapped, { $player } moves first.`
pub const GAME_STARTED_SWAPPED: &str = "game-started-swapped";
/// `This game starts from a drawn opening of four discs, marked in the move list.`
pub const GAME_DRAWN_OPENING: &str = "game-drawn-opening";
/// `The gray blocks are nobody's discs: they fill their cells and never count for a line.`
pub const GAME_OBSTACLES: &str = "game-obstacles";
/// `{ $disc } { $player } to move.`
pub const TURN_TO_MOVE: &str = "turn-to-move";
/// `{ $disc } { $player } ({ $team }) to move.`
pub const TURN_TO_MOVE_TEAM: &str = "turn-to-move-team";
/// `Time runs out { $flag }.`
pub const TURN_FLAG: &str = "turn-flag";
/// `This is { $player }'s first move of the match, so the clock is not running yet. Without a move, the match will be aborted { $abort }.`
pub const TURN_FIRST_MOVE: &str = "turn-first-move";
/// `Last move: { $move }.`
pub const TURN_LAST_MOVE: &str = "turn-last-move";
/// `Press a column button or type the column (a letter or a number) in this thread.`
pub const TURN_TYPE_HINT: &str = "turn-type-hint";
/// `Press a column button or type the column; to pop one of your discs from the bottom row, type -a or pop a.`
pub const TURN_TYPE_HINT_POPOUT: &str = "turn-type-hint-popout";
/// `Moves`
pub const MOVES_TITLE: &str = "moves-title";
/// `drawn`
pub const MOVE_DRAWN_MARKER: &str = "move-drawn-marker";
/// `Clocks`
pub const CLOCK_TITLE: &str = "clock-title";
/// `{ $disc } { $player }: { $bank }`
pub const CLOCK_LINE: &str = "clock-line";
/// `{ $disc } { $player }: { $bank } ⏳`
pub const CLOCK_LINE_RUNNING: &str = "clock-line-running";
/// `not started`
pub const CLOCK_NOT_STARTED: &str = "clock-not-started";
/// `Column { $column } selected. Press it again (or Confirm) to drop your disc.`
pub const CONFIRM_PREVIEW: &str = "confirm-preview";
/// `{ $winner } wins game { $game } with { $connect } in a line.`
pub const GAME_WON_LINE: &str = "game-won-line";
/// `{ $winner } wins game { $game }: { $loser } completed a line of { $connect } and loses it.`
pub const GAME_WON_MISERE: &str = "game-won-misere";
/// `{ $winner } wins game { $game }: { $loser }'s pop gave { $winner } a line.`
pub const GAME_WON_POP: &str = "game-won-pop";
/// `{ $loser } resigned game { $game }; { $winner } wins it.`
pub const GAME_WON_RESIGN: &str = "game-won-resign";
/// `Game { $game } is drawn: the board is full and nobody has a line.`
pub const GAME_DRAWN_FULL_BOARD: &str = "game-drawn-full-board";
/// `Game { $game } is drawn: { $player } has no legal move.`
pub const GAME_DRAWN_NO_LEGAL_MOVE: &str = "game-drawn-no-legal-move";
/// `Game { $game } is drawn: the same position came up for the third time.`
pub const GAME_DRAWN_REPETITION: &str = "game-drawn-repetition";
/// `Score: { $first } { $score } { $second }`
pub const GAME_SCORE: &str = "game-score";
/// `Press “{ button-ready }” when you are ready. The clocks stand still for { $grace }; after that, the bank of each player who is not ready runs.`
pub const GAME_READY_PROMPT: &str = "game-ready-prompt";
/// `The clocks start running again { $resume } for everyone who is not ready.`
pub const GAME_CLOCKS_RESUME: &str = "game-clocks-resume";
/// `{ $player } is ready.`
pub const GAME_PLAYER_READY: &str = "game-player-ready";
/// `Waiting for: { $players }.`
pub const GAME_WAITING_FOR: &str = "game-waiting-for";
/// `{ $winner } wins the match { $score }.`
pub const MATCH_WON: &str = "match-won";
/// `The match is drawn { $score }.`
pub const MATCH_DRAWN: &str = "match-drawn";
/// `{ $loser } ran out of time and forfeits the match. { $winner } wins { $score }.`
pub const MATCH_FORFEIT_FLAG: &str = "match-forfeit-flag";
/// `{ $loser } resigned the match. { $winner } wins { $score }.`
pub const MATCH_FORFEIT_RESIGN: &str = "match-forfeit-resign";
/// `A moderator removed { $loser } from the match, which counts as a forfeit. { $winner } wins { $score }.`
pub const MATCH_FORFEIT_REMOVED: &str = "match-forfeit-removed";
/// `The match was aborted: { $player } did not make a first move in time. No result, no rating change.`
pub const MATCH_ABORTED: &str = "match-aborted";
/// `{ $moderator } (moderator) aborted the match. No result, no rating change.`
pub const MATCH_ABORTED_MODERATOR: &str = "match-aborted-moderator";
/// `Final standings`
pub const MATCH_STANDINGS_TITLE: &str = "match-standings-title";
/// `{ $place }. { $player }: { $points }`
pub const MATCH_STANDING_LINE: &str = "match-standing-line";
/// `{ $player } forfeited and is placed last.`
pub const MATCH_STANDINGS_FORFEIT: &str = "match-standings-forfeit";
/// `{ $player }: { $before } → { $after } ({ $change })`
pub const MATCH_RATING_CHANGE: &str = "match-rating-change";
/// `This match is not rated.`
pub const MATCH_UNRATED: &str = "match-unrated";
/// `A single game is never rated.`
pub const MATCH_UNRATED_SINGLE: &str = "match-unrated-single";
/// `Games against the bot are never rated.`
pub const MATCH_UNRATED_AI: &str = "match-unrated-ai";
/// `The same player on both sides: not rated.`
pub const MATCH_UNRATED_SELF: &str = "match-unrated-self";
/// `{ $player } offers a rematch.`
pub const MATCH_REMATCH_OFFERED: &str = "match-rematch-offered";
/// `The match is over; this thread will be archived.`
pub const MATCH_THREAD_ARCHIVED: &str = "match-thread-archived";
/// `The bot restarted. { $player }, your turn starts again with the bank you had at its start: { $bank }. The outage was not charged to anyone.`
pub const RESTART_NOTICE: &str = "restart-notice";

// challenge.ftl
/// `{ $challenger } challenges { $opponents } to a match: { $variant }, { $time }. The challenge expires { $expires }.`
pub const CHALLENGE_POSTED: &str = "challenge-posted";
/// `{ $challenger } plays against the bot (level { $level }): { $variant }. Not rated.`
pub const CHALLENGE_AI_STARTED: &str = "challenge-ai-started";
/// `{ $player } plays { $color }.`
pub const CHALLENGE_COLOR: &str = "challenge-color";
/// `{ $player } accepted.`
pub const CHALLENGE_ACCEPTED: &str = "challenge-accepted";
/// `Still waiting for { $players }.`
pub const CHALLENGE_WAITING_FOR: &str = "challenge-waiting-for";
/// `The match is on: { $thread }`
pub const CHALLENGE_MATCH_OPENED: &str = "challenge-match-opened";
/// `{ $player } declined the challenge.`
pub const CHALLENGE_DECLINED: &str = "challenge-declined";
/// `Nobody answered in time; the challenge has expired.`
pub const CHALLENGE_EXPIRED_NOTICE: &str = "challenge-expired-notice";
/// `{ $player } is looking for opponents: { $variant }, { $time }. { $free } seats are free. Press “Join” to play.` (plural by `$free`)
pub const SEEK_POSTED: &str = "seek-posted";
/// `{ $player } joined. { $free } seats are still free.` (plural by `$free`)
pub const SEEK_JOINED: &str = "seek-joined";
/// `Nobody joined in time; the seek has expired.`
pub const SEEK_EXPIRED_NOTICE: &str = "seek-expired-notice";
/// `{ $player } withdrew the seek.`
pub const SEEK_CANCELLED: &str = "seek-cancelled";

// errors.ftl
/// `It's not your turn: { $player } is to move.`
pub const ERROR_NOT_YOUR_TURN: &str = "error-not-your-turn";
/// `Column { $column } is full; pick another one.`
pub const ERROR_COLUMN_FULL: &str = "error-column-full";
/// `There is no column { $column } on this board (a to { $last }).`
pub const ERROR_COLUMN_OUT_OF_RANGE: &str = "error-column-out-of-range";
/// `That button belongs to an earlier turn. Use the buttons under the latest board.`
pub const ERROR_STALE_BUTTON: &str = "error-stale-button";
/// `You are not playing in this match. You are welcome to watch and chat.`
pub const ERROR_NOT_A_PLAYER: &str = "error-not-a-player";
/// `This challenge has expired.`
pub const ERROR_CHALLENGE_EXPIRED: &str = "error-challenge-expired";
/// `This challenge is addressed to someone else.`
pub const ERROR_CHALLENGE_NOT_FOR_YOU: &str = "error-challenge-not-for-you";
/// `This challenge has already been answered.`
pub const ERROR_CHALLENGE_ANSWERED: &str = "error-challenge-answered";
/// `You can't accept or decline your own challenge.`
pub const ERROR_OWN_CHALLENGE: &str = "error-own-challenge";
/// `This seek has expired.`
pub const ERROR_SEEK_EXPIRED: &str = "error-seek-expired";
/// `All seats are already taken.`
pub const ERROR_SEEK_FULL: &str = "error-seek-full";
/// `You have already taken a seat.`
pub const ERROR_SEEK_ALREADY_JOINED: &str = "error-seek-already-joined";
/// `Only the player who posted this seek can cancel it.`
pub const ERROR_SEEK_NOT_YOURS: &str = "error-seek-not-yours";
/// `You can only pop your own disc: the bottom disc of column { $column } is not yours.`
pub const ERROR_NO_OWN_DISC_TO_POP: &str = "error-no-own-disc-to-pop";
/// `Column { $column } is empty: there is no disc to pop.`
pub const ERROR_NOTHING_TO_POP: &str = "error-nothing-to-pop";
/// `Pops are only allowed in PopOut.`
pub const ERROR_POP_NOT_ALLOWED: &str = "error-pop-not-allowed";
/// `This game is already over.`
pub const ERROR_GAME_OVER: &str = "error-game-over";
/// `This match is already over.`
pub const ERROR_MATCH_OVER: &str = "error-match-over";
/// `“{ $input }” is not a time control the bot accepts. Write base+increment with the base in minutes and the increment in seconds, e.g. 10+10. The base can be anything from { $min-base } to { $max-base }, the increment from 0 seconds to { $max-increment }.`
pub const ERROR_BAD_TIME_CONTROL: &str = "error-bad-time-control";
/// `There is no variant “{ $input }”. Variants: { $variants }.`
pub const ERROR_UNKNOWN_VARIANT: &str = "error-unknown-variant";
/// `{ $variant } is not allowed on this server.`
pub const ERROR_VARIANT_NOT_ALLOWED: &str = "error-variant-not-allowed";
/// `Matches on this server start in { $channel }.`
pub const ERROR_WRONG_CHANNEL: &str = "error-wrong-channel";
/// `You already have a match running against { $opponent }. Finish it first.`
pub const ERROR_SAME_OPPONENT: &str = "error-same-opponent";
/// `You are banned from this server's ladder.`
pub const ERROR_BANNED: &str = "error-banned";
/// `{ $player } is banned from this server's ladder.`
pub const ERROR_PLAYER_BANNED: &str = "error-player-banned";
/// `Only moderators (Manage Server permission) can do this.`
pub const ERROR_MODERATOR_ONLY: &str = "error-moderator-only";
/// `There is no running match of yours in this channel.`
pub const ERROR_NO_MATCH_HERE: &str = "error-no-match-here";
/// `You have no running match.`
pub const ERROR_NO_RUNNING_MATCH: &str = "error-no-running-match";
/// `There is no next game to get ready for right now.`
pub const ERROR_NOTHING_TO_READY: &str = "error-nothing-to-ready";
/// `You have already pressed Ready.`
pub const ERROR_ALREADY_READY: &str = "error-already-ready";
/// `{ $variant } needs a second opponent: use the opponent2 option.`
pub const ERROR_NEEDS_OPPONENT2: &str = "error-needs-opponent2";
/// `{ $variant } needs a teammate and a second opponent: use the teammate and opponent2 options.`
pub const ERROR_NEEDS_TEAMMATE: &str = "error-needs-teammate";
/// `{ $variant } is for two players; leave out opponent2 and teammate.`
pub const ERROR_TOO_MANY_PLAYERS: &str = "error-too-many-players";
/// `You can choose a color only in a single game.`
pub const ERROR_COLOR_SINGLE_ONLY: &str = "error-color-single-only";
/// `The level option is only for a game against the bot.`
pub const ERROR_LEVEL_BOT_ONLY: &str = "error-level-bot-only";
/// `The level must be from { $min } to { $max }.`
pub const ERROR_LEVEL_OUT_OF_RANGE: &str = "error-level-out-of-range";
/// `Each seat needs a different player.`
pub const ERROR_DUPLICATE_PLAYER: &str = "error-duplicate-player";
/// `This command only works in a server.`
pub const ERROR_GUILD_ONLY: &str = "error-guild-only";
/// `There is no match { $id } here.`
pub const ERROR_MATCH_NOT_FOUND: &str = "error-match-not-found";
/// `Only finished matches can be analyzed.`
pub const ERROR_ANALYZE_NOT_FINISHED: &str = "error-analyze-not-finished";
/// `Sorry, something went wrong on our side. It has been logged; please try again in a moment.`
pub const ERROR_INTERNAL: &str = "error-internal";

// rating.ftl
/// `{ $player } · { $variant }`
pub const RATING_TITLE: &str = "rating-title";
/// `Rating: { $rating }`
pub const RATING_VALUE: &str = "rating-value";
/// `Rating deviation: { $deviation }`
pub const RATING_DEVIATION: &str = "rating-deviation";
/// `A “?” marks a provisional rating: it settles after a few more rated matches.`
pub const RATING_PROVISIONAL_NOTE: &str = "rating-provisional-note";
/// `{ $matches } rated matches: { $wins } won, { $draws } drawn, { $losses } lost` (plural by `$matches`)
pub const RATING_RECORD: &str = "rating-record";
/// `Rank { $rank } of { $total } on this server`
pub const RATING_RANK: &str = "rating-rank";
/// `{ $player } has not played a rated match of { $variant } on this server yet. Everyone starts at 1500?.`
pub const RATING_NONE: &str = "rating-none";
/// `{ $variant } is not rated.`
pub const RATING_UNRATED_VARIANT: &str = "rating-unrated-variant";
/// `Leaderboard · { $variant }`
pub const LEADERBOARD_TITLE: &str = "leaderboard-title";
/// `Season { $season }`
pub const LEADERBOARD_SEASON: &str = "leaderboard-season";
/// `{ $rank }. { $player }: { $rating } ({ $matches } matches)` (plural by `$matches`)
pub const LEADERBOARD_LINE: &str = "leaderboard-line";
/// `Nobody has played a rated match of { $variant } on this server yet.`
pub const LEADERBOARD_EMPTY: &str = "leaderboard-empty";
/// `Recent matches of { $player }`
pub const HISTORY_TITLE: &str = "history-title";
/// `{ $date } · { $variant } · { $players } · { $score } · { $change }`
pub const HISTORY_LINE: &str = "history-line";
/// `unrated`
pub const HISTORY_UNRATED: &str = "history-unrated";
/// `voided`
pub const HISTORY_VOIDED: &str = "history-voided";
/// `aborted`
pub const HISTORY_ABORTED: &str = "history-aborted";
/// `forfeit`
pub const HISTORY_FORFEIT: &str = "history-forfeit";
/// `{ $player } has not finished a match yet.`
pub const HISTORY_EMPTY: &str = "history-empty";
/// `Analysis of match { $id }`
pub const ANALYZE_TITLE: &str = "analyze-title";
/// `Exact verdicts from the solver (7×6 board, classic rules).`
pub const ANALYZE_EXACT: &str = "analyze-exact";
/// `Estimates from the engine: exact analysis exists only for 7×6 boards with classic rules.`
pub const ANALYZE_ESTIMATE: &str = "analyze-estimate";
/// `Game { $game }`
pub const ANALYZE_GAME: &str = "analyze-game";
/// `{ $ply }. { $disc } { $move }: { $verdict }`
pub const ANALYZE_LINE: &str = "analyze-line";
/// `wins in { $moves } moves` (plural by `$moves`)
pub const ANALYZE_VERDICT_WIN: &str = "analyze-verdict-win";
/// `draw`
pub const ANALYZE_VERDICT_DRAW: &str = "analyze-verdict-draw";
/// `loses in { $moves } moves` (plural by `$moves`)
pub const ANALYZE_VERDICT_LOSS: &str = "analyze-verdict-loss";
/// `mistake; { $best } was better`
pub const ANALYZE_MISTAKE: &str = "analyze-mistake";
/// `No analysis is available for this variant yet.`
pub const ANALYZE_NOT_AVAILABLE: &str = "analyze-not-available";

// settings.ftl
/// `Your settings`
pub const SETTINGS_TITLE: &str = "settings-title";
/// `Confirm before dropping: { $value }`
pub const SETTINGS_CONFIRM: &str = "settings-confirm";
/// `When on, the first press on a column selects it and shows a preview; the second press drops the disc.`
pub const SETTINGS_CONFIRM_HELP: &str = "settings-confirm-help";
/// `Language: { $language }`
pub const SETTINGS_LANGUAGE: &str = "settings-language";
/// `Your settings have been saved.`
pub const SETTINGS_SAVED: &str = "settings-saved";

// moderation.ftl
/// `A new season ({ $season }) has started on this server's ladder. Ratings of the old season are kept in the archive.`
pub const LADDER_RESET_DONE: &str = "ladder-reset-done";
/// `Match { $id } is void: its rating changes have been undone.`
pub const LADDER_VOID_DONE: &str = "ladder-void-done";
/// `Match { $id } was already void.`
pub const LADDER_VOID_ALREADY: &str = "ladder-void-already";
/// `{ $player } is banned from the ladder: no new rated matches.`
pub const LADDER_BAN_DONE: &str = "ladder-ban-done";
/// `{ $player } was already banned.`
pub const LADDER_BAN_ALREADY: &str = "ladder-ban-already";
/// `{ $player } may play rated matches again.`
pub const LADDER_UNBAN_DONE: &str = "ladder-unban-done";
/// `{ $player } is not banned.`
pub const LADDER_UNBAN_NOT_BANNED: &str = "ladder-unban-not-banned";
/// `Server settings`
pub const CONFIG_TITLE: &str = "config-title";
/// `Default time control: { $time }`
pub const CONFIG_TIME: &str = "config-time";
/// `Abort window: { $duration }`
pub const CONFIG_ABORT_WINDOW: &str = "config-abort-window";
/// `Allowed variants: { $variants }`
pub const CONFIG_VARIANTS: &str = "config-variants";
/// `all`
pub const CONFIG_VARIANTS_ALL: &str = "config-variants-all";
/// `Match channel: { $channel }`
pub const CONFIG_CHANNEL: &str = "config-channel";
/// `any channel`
pub const CONFIG_CHANNEL_ANY: &str = "config-channel-any";
/// `Language of public messages: { $language }`
pub const CONFIG_LANGUAGE: &str = "config-language";
/// `The server settings have been saved.`
pub const CONFIG_SAVED: &str = "config-saved";
/// `The abort window must be from { $min } to { $max }.`
pub const CONFIG_BAD_ABORT_WINDOW: &str = "config-bad-abort-window";

// commands.ftl
/// Slash command '/challenge': Challenge someone (or the bot) to a match in this channel.
pub const CHALLENGE: &str = "challenge";
/// Slash command '/seek': Post an open challenge that anyone can join.
pub const SEEK: &str = "seek";
/// Slash command '/resign': Resign the whole match.
pub const RESIGN: &str = "resign";
/// Slash command '/resign-game': Resign the current game only; the match goes on.
pub const RESIGN_GAME: &str = "resign-game";
/// Slash command '/board': Post the current board of your match again.
pub const BOARD: &str = "board";
/// Slash command '/rating': Show a player's rating on this server.
pub const RATING: &str = "rating";
/// Slash command '/leaderboard': Show the best players of this server.
pub const LEADERBOARD: &str = "leaderboard";
/// Slash command '/history': Show a player's recent matches.
pub const HISTORY: &str = "history";
/// Slash command '/rules': Explain the rules of four-in-a-row.
pub const RULES: &str = "rules";
/// Slash command '/analyze': The solver's verdict on every move of a finished match.
pub const ANALYZE: &str = "analyze";
/// Slash command '/replay': The animated replay of a match.
pub const REPLAY: &str = "replay";
/// Slash command '/export': A match in the exchange format, as a text file.
pub const EXPORT: &str = "export";
/// Slash command '/settings': Your personal settings.
pub const SETTINGS: &str = "settings";
/// Slash command '/ladder': Moderators: manage this server's ladder.
pub const LADDER: &str = "ladder";
/// Slash command '/reset': Start a new season; the old one is kept.
pub const LADDER_RESET: &str = "ladder-reset";
/// Slash command '/void': Void a match and undo its rating changes.
pub const LADDER_VOID: &str = "ladder-void";
/// Slash command '/ban': Bar a player from rated matches.
pub const LADDER_BAN: &str = "ladder-ban";
/// Slash command '/unban': Allow a banned player to play rated matches again.
pub const LADDER_UNBAN: &str = "ladder-unban";
/// Slash command '/config': Moderators: server settings for matches.
pub const CONFIG: &str = "config";

// rules.ftl
/// `How to play`
pub const RULES_BASICS_TITLE: &str = "rules-basics-title";
/// `Two players take turns dropping a disc of their color into one of the columns of an upright board (classic: 7 columns, 6 rows). The disc falls to the lowest free cell of that column. A full column can't be played, and there is no passing.`
pub const RULES_BASICS: &str = "rules-basics";
/// `Notation`
pub const RULES_NOTATION_TITLE: &str = "rules-notation-title";
/// `Columns are letters from the left (a, b, c, …) and rows are numbers from the bottom, so d1 is the bottom cell of the middle column on the classic board.`
pub const RULES_NOTATION: &str = "rules-notation";
/// `The match`
pub const RULES_MATCH_TITLE: &str = "rules-match-title";
/// `A rated match has two games, and the colors and the first move swap for the second one. A win is worth 1 point, a draw ½ and a loss 0, so a match ends 2:0, 1½:½ or 1:1; 1:1 is a drawn match, with no tie-break.`
pub const RULES_MATCH: &str = "rules-match";
/// `The clock`
pub const RULES_CLOCK_TITLE: &str = "rules-clock-title";
/// `Each player has one time bank for the whole match plus an increment for every move, written base+increment with the base in minutes and the increment in seconds: 10+10 is ten minutes plus ten seconds per move. Presets are 3+2, 5+5, 10+10 (the default) and 30+30; any base from 1 minute to 7 days and any increment from 0 seconds to 1 day works.`
pub const RULES_CLOCK: &str = "rules-clock";
/// `Variants`
pub const RULES_VARIANTS_TITLE: &str = "rules-variants-title";
/// `Type /rules with a variant to read its details.`
pub const RULES_VARIANTS_INTRO: &str = "rules-variants-intro";
/// `7×6 board, four in a line, a match of two games.`
pub const RULES_SUMMARY_CLASSIC: &str = "rules-summary-classic";
/// `Classic rules, just one game, never rated.`
pub const RULES_SUMMARY_SINGLE: &str = "rules-summary-single";
/// `9×6 board with the edge columns filled; five in a line.`
pub const RULES_SUMMARY_FIVE: &str = "rules-summary-five";
/// `You may also pull one of your discs out of the bottom row.`
pub const RULES_SUMMARY_POPOUT: &str = "rules-summary-popout";
/// `6×5 board, four in a line.`
pub const RULES_SUMMARY_SMALL: &str = "rules-summary-small";
/// `Upside down: whoever makes four in a line loses.`
pub const RULES_SUMMARY_MISERE: &str = "rules-summary-misere";
/// `Lines wrap around from the right edge to the left.`
pub const RULES_SUMMARY_CYLINDER: &str = "rules-summary-cylinder";
/// `Four gray blocks stand on the board from the start.`
pub const RULES_SUMMARY_OBSTACLES: &str = "rules-summary-obstacles";
/// `Starts from a random balanced opening of four discs.`
pub const RULES_SUMMARY_RANDOM_OPENING: &str = "rules-summary-random-opening";
/// `Three players: red, yellow and blue.`
pub const RULES_SUMMARY_THREE_PLAYERS: &str = "rules-summary-three-players";
/// `Two teams of two, each team sharing a color.`
pub const RULES_SUMMARY_TEAMS: &str = "rules-summary-teams";
/// `The standard game: a 7×6 board, four in a line wins, and a rated match of two games in which the colors swap.`
pub const RULES_VARIANT_CLASSIC: &str = "rules-variant-classic";
/// `Classic rules on a 7×6 board, but just one game, and it is never rated. The challenger picks red, yellow or a random color.`
pub const RULES_VARIANT_SINGLE: &str = "rules-variant-single";
/// `A wider board, 9 columns by 6 rows, and you need five in a line. Before the first move, columns a and i are already full: column a from the bottom red, yellow, red, …, and column i yellow, red, yellow, … These twelve discs count for lines like any others, which leaves 42 free cells.`
pub const RULES_VARIANT_FIVE: &str = "rules-variant-five";
/// `Classic board and four in a line, but on your turn you may either drop a disc or pop: take one of your own discs out of the bottom row, and everything above it in that column slides down one cell.`
pub const RULES_VARIANT_POPOUT: &str = "rules-variant-popout";
/// `A smaller board, 6 columns by 5 rows, four in a line. With perfect play on both sides it is a draw.`
pub const RULES_VARIANT_SMALL: &str = "rules-variant-small";
/// `Everything is upside down: whoever completes a line of four loses at once. If the board fills up without a line, the game is a draw.`
pub const RULES_VARIANT_MISERE: &str = "rules-variant-misere";
/// `The board is rolled into a cylinder: column a sits right next to the last column. Lines across and diagonal lines may run over that seam, so f2 g2 a2 b2 is a line. Vertical lines work as usual.`
pub const RULES_VARIANT_CYLINDER: &str = "rules-variant-cylinder";
/// `At the start the board holds four gray blocks in two mirrored pairs: a block in one column and its twin in the mirror column, each on the bottom row or on top of another block, never in the middle column. A block fills its cell like a disc but belongs to nobody and never counts for a line. The layout is drawn at random for each match, and both games use the same one.`
pub const RULES_VARIANT_OBSTACLES: &str = "rules-variant-obstacles";
/// `The match starts from an opening of four discs (two red, two yellow, red to move), drawn at random from positions the bot's own solver has shown to be a draw with perfect play. Both games use the same opening with the colors swapped. The opening discs appear in the move list, marked as drawn.`
pub const RULES_VARIANT_RANDOM_OPENING: &str = "rules-variant-random-opening";
/// `Three players on an 8×6 board take turns: red, yellow, blue. The first to make four in a line wins the game and gets 1 point; the other two get nothing. A full board is a draw, ½ point each.`
pub const RULES_VARIANT_THREE_PLAYERS: &str = "rules-variant-three-players";
/// `Two teams of two on a 7×6 board; the players of a team share a color. In game 1 team A is red and the order is A1, B1, A2, B2, A1, … In game 2 team B is red and moves first: B1, A1, B2, A2, …`
pub const RULES_VARIANT_TEAMS: &str = "rules-variant-teams";

// moderation.ftl (issue 9: the challenge expiry of /config)
/// `Challenge expiry: { $duration }`
pub const CONFIG_CHALLENGE_EXPIRY: &str = "config-challenge-expiry";
/// `The challenge expiry must be from { $min } to { $max }.`
pub const CONFIG_BAD_CHALLENGE_EXPIRY: &str = "config-bad-challenge-expiry";

/// Every id above, in file order.
pub const ALL: &[&str] = &[
    VARIANT_CLASSIC,
    VARIANT_SINGLE,
    VARIANT_FIVE,
    VARIANT_POPOUT,
    VARIANT_SMALL,
    VARIANT_MISERE,
    VARIANT_CYLINDER,
    VARIANT_OBSTACLES,
    VARIANT_RANDOM_OPENING,
    VARIANT_THREE_PLAYERS,
    VARIANT_TEAMS,
    COLOR_RED,
    COLOR_YELLOW,
    COLOR_BLUE,
    COLOR_RANDOM,
    TIME_PRESET_3_2,
    TIME_PRESET_5_5,
    TIME_PRESET_10_10,
    TIME_PRESET_30_30,
    LANGUAGE_AUTO,
    LANGUAGE_EN_US,
    LANGUAGE_DE,
    LANGUAGE_IT,
    LANGUAGE_EL,
    LANGUAGE_BG,
    UNIT_SECONDS,
    UNIT_MINUTES,
    UNIT_HOURS,
    UNIT_DAYS,
    DURATION_HOURS_MINUTES,
    DURATION_DAYS,
    DURATION_DAYS_HOURS,
    TIME_CONTROL_WORDS,
    POINTS,
    POINTS_HALF,
    GAMES_COUNT,
    MATCHES_COUNT,
    MOVES_COUNT,
    LIST_AND,
    VERSUS,
    TEAM_NAME,
    TEAM_WITH_PLAYERS,
    THE_BOT,
    THE_BOT_LEVEL,
    YES,
    NO,
    TIME_IN,
    BUTTON_POP,
    BUTTON_RESIGN_GAME,
    BUTTON_RESIGN_MATCH,
    BUTTON_READY,
    BUTTON_ACCEPT,
    BUTTON_DECLINE,
    BUTTON_JOIN,
    BUTTON_REMATCH,
    BUTTON_CONFIRM,
    BUTTON_CANCEL,
    BUTTON_PREVIOUS,
    BUTTON_NEXT,
    PAGE_INDICATOR,
    THREAD_NAME,
    GAME_TITLE,
    GAME_OVER_TITLE,
    MATCH_OVER_TITLE,
    MATCH_STARTED,
    GAME_STARTED,
    GAME_STARTED_SWAPPED,
    GAME_DRAWN_OPENING,
    GAME_OBSTACLES,
    TURN_TO_MOVE,
    TURN_TO_MOVE_TEAM,
    TURN_FLAG,
    TURN_FIRST_MOVE,
    TURN_LAST_MOVE,
    TURN_TYPE_HINT,
    TURN_TYPE_HINT_POPOUT,
    MOVES_TITLE,
    MOVE_DRAWN_MARKER,
    CLOCK_TITLE,
    CLOCK_LINE,
    CLOCK_LINE_RUNNING,
    CLOCK_NOT_STARTED,
    CONFIRM_PREVIEW,
    GAME_WON_LINE,
    GAME_WON_MISERE,
    GAME_WON_POP,
    GAME_WON_RESIGN,
    GAME_DRAWN_FULL_BOARD,
    GAME_DRAWN_NO_LEGAL_MOVE,
    GAME_DRAWN_REPETITION,
    GAME_SCORE,
    GAME_READY_PROMPT,
    GAME_CLOCKS_RESUME,
    GAME_PLAYER_READY,
    GAME_WAITING_FOR,
    MATCH_WON,
    MATCH_DRAWN,
    MATCH_FORFEIT_FLAG,
    MATCH_FORFEIT_RESIGN,
    MATCH_FORFEIT_REMOVED,
    MATCH_ABORTED,
    MATCH_ABORTED_MODERATOR,
    MATCH_STANDINGS_TITLE,
    MATCH_STANDING_LINE,
    MATCH_STANDINGS_FORFEIT,
    MATCH_RATING_CHANGE,
    MATCH_UNRATED,
    MATCH_UNRATED_SINGLE,
    MATCH_UNRATED_AI,
    MATCH_UNRATED_SELF,
    MATCH_REMATCH_OFFERED,
    MATCH_THREAD_ARCHIVED,
    RESTART_NOTICE,
    CHALLENGE_POSTED,
    CHALLENGE_AI_STARTED,
    CHALLENGE_COLOR,
    CHALLENGE_ACCEPTED,
    CHALLENGE_WAITING_FOR,
    CHALLENGE_MATCH_OPENED,
    CHALLENGE_DECLINED,
    CHALLENGE_EXPIRED_NOTICE,
    SEEK_POSTED,
    SEEK_JOINED,
    SEEK_EXPIRED_NOTICE,
    SEEK_CANCELLED,
    ERROR_NOT_YOUR_TURN,
    ERROR_COLUMN_FULL,
    ERROR_COLUMN_OUT_OF_RANGE,
    ERROR_STALE_BUTTON,
    ERROR_NOT_A_PLAYER,
    ERROR_CHALLENGE_EXPIRED,
    ERROR_CHALLENGE_NOT_FOR_YOU,
    ERROR_CHALLENGE_ANSWERED,
    ERROR_OWN_CHALLENGE,
    ERROR_SEEK_EXPIRED,
    ERROR_SEEK_FULL,
    ERROR_SEEK_ALREADY_JOINED,
    ERROR_SEEK_NOT_YOURS,
    ERROR_NO_OWN_DISC_TO_POP,
    ERROR_NOTHING_TO_POP,
    ERROR_POP_NOT_ALLOWED,
    ERROR_GAME_OVER,
    ERROR_MATCH_OVER,
    ERROR_BAD_TIME_CONTROL,
    ERROR_UNKNOWN_VARIANT,
    ERROR_VARIANT_NOT_ALLOWED,
    ERROR_WRONG_CHANNEL,
    ERROR_SAME_OPPONENT,
    ERROR_BANNED,
    ERROR_PLAYER_BANNED,
    ERROR_MODERATOR_ONLY,
    ERROR_NO_MATCH_HERE,
    ERROR_NO_RUNNING_MATCH,
    ERROR_NOTHING_TO_READY,
    ERROR_ALREADY_READY,
    ERROR_NEEDS_OPPONENT2,
    ERROR_NEEDS_TEAMMATE,
    ERROR_TOO_MANY_PLAYERS,
    ERROR_COLOR_SINGLE_ONLY,
    ERROR_LEVEL_BOT_ONLY,
    ERROR_LEVEL_OUT_OF_RANGE,
    ERROR_DUPLICATE_PLAYER,
    ERROR_GUILD_ONLY,
    ERROR_MATCH_NOT_FOUND,
    ERROR_ANALYZE_NOT_FINISHED,
    ERROR_INTERNAL,
    RATING_TITLE,
    RATING_VALUE,
    RATING_DEVIATION,
    RATING_PROVISIONAL_NOTE,
    RATING_RECORD,
    RATING_RANK,
    RATING_NONE,
    RATING_UNRATED_VARIANT,
    LEADERBOARD_TITLE,
    LEADERBOARD_SEASON,
    LEADERBOARD_LINE,
    LEADERBOARD_EMPTY,
    HISTORY_TITLE,
    HISTORY_LINE,
    HISTORY_UNRATED,
    HISTORY_VOIDED,
    HISTORY_ABORTED,
    HISTORY_FORFEIT,
    HISTORY_EMPTY,
    ANALYZE_TITLE,
    ANALYZE_EXACT,
    ANALYZE_ESTIMATE,
    ANALYZE_GAME,
    ANALYZE_LINE,
    ANALYZE_VERDICT_WIN,
    ANALYZE_VERDICT_DRAW,
    ANALYZE_VERDICT_LOSS,
    ANALYZE_MISTAKE,
    ANALYZE_NOT_AVAILABLE,
    SETTINGS_TITLE,
    SETTINGS_CONFIRM,
    SETTINGS_CONFIRM_HELP,
    SETTINGS_LANGUAGE,
    SETTINGS_SAVED,
    LADDER_RESET_DONE,
    LADDER_VOID_DONE,
    LADDER_VOID_ALREADY,
    LADDER_BAN_DONE,
    LADDER_BAN_ALREADY,
    LADDER_UNBAN_DONE,
    LADDER_UNBAN_NOT_BANNED,
    CONFIG_TITLE,
    CONFIG_TIME,
    CONFIG_ABORT_WINDOW,
    CONFIG_VARIANTS,
    CONFIG_VARIANTS_ALL,
    CONFIG_CHANNEL,
    CONFIG_CHANNEL_ANY,
    CONFIG_LANGUAGE,
    CONFIG_SAVED,
    CONFIG_BAD_ABORT_WINDOW,
    CHALLENGE,
    SEEK,
    RESIGN,
    RESIGN_GAME,
    BOARD,
    RATING,
    LEADERBOARD,
    HISTORY,
    RULES,
    ANALYZE,
    REPLAY,
    EXPORT,
    SETTINGS,
    LADDER,
    LADDER_RESET,
    LADDER_VOID,
    LADDER_BAN,
    LADDER_UNBAN,
    CONFIG,
    RULES_BASICS_TITLE,
    RULES_BASICS,
    RULES_NOTATION_TITLE,
    RULES_NOTATION,
    RULES_MATCH_TITLE,
    RULES_MATCH,
    RULES_CLOCK_TITLE,
    RULES_CLOCK,
    RULES_VARIANTS_TITLE,
    RULES_VARIANTS_INTRO,
    RULES_SUMMARY_CLASSIC,
    RULES_SUMMARY_SINGLE,
    RULES_SUMMARY_FIVE,
    RULES_SUMMARY_POPOUT,
    RULES_SUMMARY_SMALL,
    RULES_SUMMARY_MISERE,
    RULES_SUMMARY_CYLINDER,
    RULES_SUMMARY_OBSTACLES,
    RULES_SUMMARY_RANDOM_OPENING,
    RULES_SUMMARY_THREE_PLAYERS,
    RULES_SUMMARY_TEAMS,
    RULES_VARIANT_CLASSIC,
    RULES_VARIANT_SINGLE,
    RULES_VARIANT_FIVE,
    RULES_VARIANT_POPOUT,
    RULES_VARIANT_SMALL,
    RULES_VARIANT_MISERE,
    RULES_VARIANT_CYLINDER,
    RULES_VARIANT_OBSTACLES,
    RULES_VARIANT_RANDOM_OPENING,
    RULES_VARIANT_THREE_PLAYERS,
    RULES_VARIANT_TEAMS,
    SHELL_WELCOME,
    SHELL_HELP,
    SHELL_UNKNOWN,
    SHELL_RESIGN_TYPED,
    SHELL_QUIT_SAVED,
    SHELL_QUIT_LOST,
    SHELL_QUIT_OVER,
    SHELL_RESUMED,
    SHELL_BUTTONS,
    SHELL_PLAYER,
    // issue 9
    CONFIG_CHALLENGE_EXPIRY,
    CONFIG_BAD_CHALLENGE_EXPIRY,
    // pitfalls branch
    ERROR_OTHER_BOT,
    LADDER_ABORT,
    LADDER_ABORT_DONE,
    LADDER_ABORT_NOT_RUNNING,
    ANALYZE_RESULT_WIN,
    ANALYZE_RESULT_DRAW,
    ANALYZE_RESULT_LOSS,
    ANALYZE_RESULT_UNKNOWN,
    ANALYZE_CHANGE,
    ANALYZE_THREW_WIN,
    ANALYZE_DRAW_TO_LOSS,
    ANALYZE_NO_MISTAKES,
    ANALYZE_FIRST_MISTAKE,
    ANALYZE_UNSOLVED,
    ERROR_TRY_AGAIN,
];

// shell.ftl
/// `fourbot — { $variant }, { $time }. Type help for the commands.`
pub const SHELL_WELCOME: &str = "shell-welcome";
/// `Type a column to drop a disc …` (the shell's help text)
pub const SHELL_HELP: &str = "shell-help";
/// `That is neither a move nor a command. Type help for the commands.`
pub const SHELL_UNKNOWN: &str = "shell-unknown";
/// `To resign, type { $command }: a number never resigns.`
pub const SHELL_RESIGN_TYPED: &str = "shell-resign-typed";
/// `Bye. The match is saved; …`
pub const SHELL_QUIT_SAVED: &str = "shell-quit-saved";
/// `Bye. The match was not saved (no database).`
pub const SHELL_QUIT_LOST: &str = "shell-quit-lost";
/// `Bye.`
pub const SHELL_QUIT_OVER: &str = "shell-quit-over";
/// `A saved match was found and goes on.`
pub const SHELL_RESUMED: &str = "shell-resumed";
/// `Buttons`
pub const SHELL_BUTTONS: &str = "shell-buttons";
/// `Player { $number }`
pub const SHELL_PLAYER: &str = "shell-player";

// pitfalls branch: /ladder abort (commands.ftl, moderation.ftl) and /analyze (rating.ftl)
/// Slash command '/ladder abort': End a stuck match without a result.
pub const LADDER_ABORT: &str = "ladder-abort";
/// `Match { $id } is aborted: no result, no rating change.`
pub const LADDER_ABORT_DONE: &str = "ladder-abort-done";
/// `Match { $id } is not running, so there is nothing to abort.`
pub const LADDER_ABORT_NOT_RUNNING: &str = "ladder-abort-not-running";
/// `win` (the mover's theoretical result)
pub const ANALYZE_RESULT_WIN: &str = "analyze-result-win";
/// `draw`
pub const ANALYZE_RESULT_DRAW: &str = "analyze-result-draw";
/// `loss`
pub const ANALYZE_RESULT_LOSS: &str = "analyze-result-loss";
/// `unknown` (the solver ran out of time)
pub const ANALYZE_RESULT_UNKNOWN: &str = "analyze-result-unknown";
/// `{ $before } → { $after }`
pub const ANALYZE_CHANGE: &str = "analyze-change";
/// `threw a win away`
pub const ANALYZE_THREW_WIN: &str = "analyze-threw-win";
/// `turned a draw into a loss`
pub const ANALYZE_DRAW_TO_LOSS: &str = "analyze-draw-to-loss";
/// `No mistakes: every move kept its theoretical result.`
pub const ANALYZE_NO_MISTAKES: &str = "analyze-no-mistakes";
/// `The board shows game { $game } after the first mistake (move { $ply }).`
pub const ANALYZE_FIRST_MISTAKE: &str = "analyze-first-mistake";
/// `{ $variant } has no exact analysis: only 7×6 games with classic rules … are solved.`
pub const ANALYZE_UNSOLVED: &str = "analyze-unsolved";
/// `You cannot challenge another bot. Challenge a person, or fourbot itself for a game against its AI.`
pub const ERROR_OTHER_BOT: &str = "error-other-bot";
// errors.ftl (reliability, issue 11)
/// `That could not be saved just now, so nothing changed. Please press the button again in a moment.`
pub const ERROR_TRY_AGAIN: &str = "error-try-again";
