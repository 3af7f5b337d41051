# The match as players and spectators see it in its thread (docs/discord.md).

# Thread name. $players (text: "alice vs bob"), $variant (text), $time (text: "10+10")
thread-name = { $players } · { $variant } { $time }

# $game (number), $games (number)
game-title = Game { $game } of { $games }
match-over-title = Match over

## Turn message. $player (text), $disc (text: 🔴 🟡 🔵)
turn-to-move = { $disc } { $player } to move.
# $player (text), $disc (text), $team (text: team name)
turn-to-move-team = { $disc } { $player } ({ $team }) to move.
# $flag (text: a Discord relative timestamp such as "in 5 minutes")
turn-flag = Time runs out { $flag }.
# $player (text), $abort (text: a Discord relative timestamp)
turn-first-move = This is { $player }'s first move of the match, so the clock is not running yet. Without a move, the match will be aborted { $abort }.
# $move (text: "7. 🔴 d")
turn-last-move = Last move: { $move }.
moves-title = Moves
clock-title = Clocks
# $disc (text), $player (text), $bank (text: "9:58")
clock-line = { $disc } { $player }: { $bank }
# $disc (text), $player (text), $bank (text)
clock-line-running = { $disc } { $player }: { $bank } ⏳

## Results of a game. $game (number)
# $winner (text), $connect (number: 4 or 5)
game-won-line = { $winner } wins game { $game } with { $connect } in a line.
# $winner (text), $loser (text), $connect (number)
game-won-misere = { $winner } wins game { $game }: { $loser } completed a line of { $connect } and loses it.
# $winner (text), $loser (text)
game-won-pop = { $winner } wins game { $game }: { $loser }'s pop gave { $winner } a line.
# $winner (text), $loser (text)
game-won-resign = { $loser } resigned game { $game }; { $winner } wins it.
game-drawn-full-board = Game { $game } is drawn: the board is full and nobody has a line.
# $player (text)
game-drawn-no-legal-move = Game { $game } is drawn: { $player } has no legal move.
game-drawn-repetition = Game { $game } is drawn: the same position came up for the third time.
# $score (text: "1½:½"), $first (text), $second (text)
game-score = Score: { $first } { $score } { $second }
# $grace (text: "60 seconds")
game-ready-prompt = Press “{ button-ready }” when you are ready. The clocks stand still for { $grace }; after that, the bank of each player who is not ready runs.
# $player (text)
game-player-ready = { $player } is ready.

## Results of a match. $score (text: "1½:½", "2:0")
# $winner (text)
match-won = { $winner } wins the match { $score }.
match-drawn = The match is drawn { $score }.
# $winner (text), $loser (text)
match-forfeit-flag = { $loser } ran out of time and forfeits the match. { $winner } wins { $score }.
# $winner (text), $loser (text)
match-forfeit-resign = { $loser } resigned the match. { $winner } wins { $score }.
# $winner (text), $loser (text)
match-forfeit-removed = A moderator removed { $loser } from the match, which counts as a forfeit. { $winner } wins { $score }.
# $player (text)
match-aborted = The match was aborted: { $player } did not make a first move in time. No result, no rating change.
# $moderator (text: the moderator's name)
match-aborted-moderator = { $moderator } (moderator) aborted the match. No result, no rating change.
# $id (number: the tournament)
match-aborted-tournament-cancelled = Tournament { $id } was cancelled, so this match ends here: aborted, no result, no rating change, and it counts in no tournament.
# The host stopped the match: its task failed twice (or could not be reloaded from the store).
match-aborted-error = This match stopped because of an error in the bot and could not be continued, so it was aborted. No result, no rating change. You are free to start another match.
# $player (text): who resigned / ran out of time / was removed, before every player had moved
match-ended-resign = { $player } resigned the match.
match-ended-flag = { $player } ran out of time.
match-ended-removed = A moderator removed { $player } from the match.
# $player (text): a player who made no move in the match
match-aborted-unplayed = The match is aborted: { $player } made no move in it, and a match counts only when every player has moved. No result, no rating change.
# In a tournament (docs/rules.md §7) a match that ends before every player moved is no excuse.
# $player (text): who made no first move in time
match-no-first-move = { $player } did not make a first move in time.
# $winner (text): the opponent of the one who forfeited
match-tournament-forfeit = In a tournament that forfeits the match: { $winner } wins it.
# $id (number): the tournament; $player (text): a player who made no move in the match
match-tournament-unrated = The result counts in tournament { $id }, but not for the rating: { $player } made no move in the match, and only a match in which every player moved is rated.
# $id (number): an unrated tournament
match-tournament-counts = The result counts in tournament { $id }.
match-standings-title = Final standings
# $place (number), $player (text), $points (text: "1½ points")
match-standing-line = { $place }. { $player }: { $points }
# $player (text)
match-standings-forfeit = { $player } forfeited and is placed last.
# $player (text), $before (text: "1500?"), $after (text), $change (text: "+12")
match-rating-change = { $player }: { $before } → { $after } ({ $change })
match-unrated-single = A single game is never rated.
match-unrated-ai = Games against the bot are never rated.
match-unrated-self = The same player on both sides: not rated.
# $id (number): the tournament
match-unrated-tournament = Tournament { $id } is unrated: its matches change no rating.
# $player (text)
match-rematch-offered = { $player } offers a rematch.

## After a bot restart. $player (text), $bank (text: "9:58")
restart-notice = The bot restarted. { $player }, your turn starts again with the bank you had at its start: { $bank }. The outage was not charged to anyone.

## Resign match asks first (privately). $expires (a Discord relative time)
resign-confirm = Resign the whole match? This question expires { $expires }.
resign-kept = You play on.
resign-confirm-expired = That question has expired. Press { button-resign-match } again if you mean it.

# Told by direct message (or in the channel the match began in) when the bot can no longer post in a match's thread.
match-aborted-no-access = Your match { $players } in <#{ $thread }> was aborted without a result: I can no longer post in its thread (a permission was taken away or the thread is gone), so nobody could see the board. No rating change. Ask a moderator to give me back Send Messages in Threads there.
# $last: the last column's letter
turn-typing-hint = Moves can also be typed: the column's letter (a–{ $last }) or its number from the left.

## /replay of a long game. $game (number), $moves (number), $step (number)
replay-sampled = Game { $game } has { $moves } moves, more than one replay shows: it shows one move in { $step }, always the first and the last.
# $game (number)
replay-too-large = Game { $game } is too long to draw as a replay.

## Alt text of a board picture (its attachment description, for screen
## readers). $column (text: a letter), $discs (text: colours, bottom to top)
board-alt-column = Column { $column }: { $discs }.
board-alt-empty = The board is empty.
board-alt-block = block
# $move (text: "d", "pop b")
board-alt-last = Last move: { $move }.
# $color (text)
board-alt-to-move = { $color } to move.
board-alt-won = { $color } won.
board-alt-drawn = The game is drawn.
# $game (number)
board-alt-replay = Replay of game { $game }, move by move. At the end:
# $column (text: a letter)
board-alt-preview = Preview: your disc in column { $column }.

# Take-backs (docs/match.md, "Take-back"). $player, $opponent (text),
# $move (text: "7. d"), $minutes (number)
take-back-asked = { $player } asks to take back their move { $move }. { $opponent }, do you accept? The request lapses when { $opponent } moves, or after { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
}. The clock does not run back: time spent stays spent.
# $opponent (text)
take-back-accepted = { $opponent } accepted the take-back.
# $opponent (text)
take-back-declined = { $opponent } declined the take-back. The move stands.
# $player (text), $move (text: "7. d")
take-back-done = { $player }'s move { $move } was taken back: { $player } is to move again. The clock does not run back: time spent stays spent.
take-back-rated = Take-backs are for unrated matches only: in a rated match every move stands.
take-back-tournament = Take-backs are not allowed in tournament matches.
take-back-ai = Take-backs are not offered against the AI: it answers your move at once, so there is never a moment to ask.
take-back-players = Take-backs are for matches of two players only.
take-back-nothing = You can take back only your own last move, while it is your opponent's turn.
# $limit (number)
take-back-limit = { $limit ->
    [one] You may ask for { $limit } take-back per game, and you have asked already.
   *[other] You may ask for { $limit } take-backs per game, and you have asked that many already.
}
take-back-expired = This take-back request is no longer open: it was answered or replaced, its time ran out, the position changed, or the bot restarted since.
# $player (text: who may answer)
take-back-not-opponent = Only { $player } can answer this take-back request.
## Issue 35 §2: the private match picker of /resign, /resign-game and /board
## for a member with several running matches outside a match thread.
pick-match-resign = You have several running matches. Which one do you resign?
pick-match-resign-game = You have several running matches. In which one do you resign the current game?
pick-match-board = You have several running matches. Whose board do you want to see?
pick-match-placeholder = Choose a match
# $id (a match id), $name (the match thread's name: players, variant, time)
pick-match-option = #{ $id } · { $name }
# $id (a match id)
pick-match-resigned = You resigned match { $id }.
pick-match-resigned-game = You resigned the current game of match { $id }.
