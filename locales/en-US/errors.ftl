# Refusals (private replies to the user who acted) and the internal-error apology.

# $player (text: who is to move)
error-not-your-turn = It's not your turn: { $player } is to move.
# $column (text)
error-column-full = Column { $column } is full; pick another one.
# $column (text), $last (text: the last column letter)
error-column-out-of-range = There is no column { $column } on this board (a to { $last }).
error-stale-button = That button belongs to an earlier turn. Use the buttons under the latest board.
error-not-a-player = You are not playing in this match. You are welcome to watch and chat.
error-challenge-expired = This challenge has expired.
error-challenge-not-for-you = This challenge is addressed to someone else.
error-challenge-answered = This challenge has already been answered.
error-own-challenge = You can't accept your own challenge. Decline withdraws it.
error-seek-expired = This seek has expired.
error-seek-full = All seats are already taken.
error-seek-already-joined = You have already taken a seat.
error-seek-not-yours = Only the player who posted this seek can cancel it.
# $column (text)
error-no-own-disc-to-pop = You can only pop your own disc: the bottom disc of column { $column } is not yours.
# $column (text)
error-nothing-to-pop = Column { $column } is empty: there is no disc to pop.
error-pop-not-allowed = Pops are only allowed in PopOut.
error-game-over = This game is already over.
error-match-over = This match is already over.
# $input (text), $min-base (text: "1 minute"), $max-base (text: "7 days"), $max-increment (text: "1 day")
error-bad-time-control = “{ $input }” is not a time control the bot accepts. Write base+increment with the base in minutes and the increment in seconds, e.g. 10+10. The base can be anything from { $min-base } to { $max-base }, the increment from 0 seconds to { $max-increment }.
# $input (text), $variants (text: the list of variant keys)
error-unknown-variant = There is no variant “{ $input }”. Variants: { $variants }.
# $input (text)
error-unknown-choice = “{ $input }” is not one of the choices of this option.
# $variant (text)
error-variant-not-allowed = { $variant } is not allowed on this server.
# $channel (text: a channel mention)
error-wrong-channel = Matches on this server start in { $channel }.
# $opponent (text)
error-same-opponent = You already have a match running against { $opponent }. Finish it first.
error-banned = You are banned from this server's ladder.
# $player (text)
error-player-banned = { $player } is banned from this server's ladder.
error-moderator-only = Only moderators (Manage Server permission) can do this.
error-no-match-here = There is no running match of yours in this channel.
error-nothing-to-ready = There is no next game to get ready for right now.
error-already-ready = You have already pressed Ready.
# $variant (text)
error-needs-opponent2 = { $variant } needs a second opponent: use the opponent2 option.
# $variant (text)
error-needs-teammate = { $variant } needs a teammate and a second opponent: use the teammate and opponent2 options.
# $variant (text)
error-too-many-players = { $variant } is for two players; leave out opponent2 and teammate.
error-color-single-only = You can choose a color only in a single game.
error-level-bot-only = The level option is only for a game against the bot.
# $min (number), $max (number)
error-level-out-of-range = The level must be from { $min } to { $max }.
error-duplicate-player = Each seat needs a different player.
error-guild-only = This command only works in a server.
# $id (text)
error-match-not-found = There is no match { $id } here.
error-analyze-not-finished = Only finished matches can be analyzed.
error-internal = Sorry, something went wrong on our side. It has been logged; please try again in a moment.
# A command that panicked (a bug): the private answer.
error-panic = Sorry, fourbot ran into a bug while answering this. It has been logged; your matches carry on, and you can try again in a moment.

# pitfalls branch
error-other-bot = You cannot challenge another bot. Challenge a person, or fourbot itself for a game against its AI.
# Reliability (issue 11)
error-try-again = That could not be saved just now, so nothing changed. Please press the button again in a moment.
error-rematch-expired = The rematch offer has expired. Start a new match with /challenge.
error-several-matches = You have several running matches: { $threads }. Use the command inside the thread of the match you mean.
error-not-your-challenge = Only the player who made this challenge can withdraw it.

## Issue 32: limits per member and per server (docs/reliability.md, "Limits")
# $running, $limit (numbers)
limit-ai-matches = You already have { $running } matches against the bot running on this server, and a member may run { $limit } at once. Finish or resign one, then try again.
# $open, $limit (numbers); $expires (text: a Discord timestamp, "in 4 minutes")
limit-open-offers = You already have { $open } open challenges and seeks on this server, and a member may have { $limit }. Withdraw one with /matches, or try again when one expires (the first { $expires }).
# $queued, $limit (numbers)
limit-analyses = You already have { $queued } analyses waiting or running, and a member may have { $limit }. Try again when one of them has answered.
# $ahead (number), $wait (text: "40 seconds")
limit-analysis-queue = The analysis queue is full: { $ahead } analyses are waiting or running. Try again in about { $wait }.
# $command (text: "replay"), $limit (number), $wait (text: "55 seconds")
limit-per-minute = A member may use /{ $command } { $limit ->
    [one] once
   *[other] { $limit } times
} a minute. Try again in { $wait }.
limit-server-per-minute = This server may use /{ $command } { $limit ->
    [one] once
   *[other] { $limit } times
} a minute, all members together. Try again in { $wait }.
