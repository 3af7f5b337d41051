# The web front end (issue 36, docs/web.md): the table of a match as a page.

# The page's title. $id (number: the match), $variant (text: a variant's name)
web-title = Match { $id } · { $variant }
web-players = Players
web-moves = Moves
web-no-moves = No moves yet.
# $score (text: "1½:½")
web-score = Score: { $score }
# $game, $games (numbers)
web-game = Game { $game } of { $games }
# $player (a name, or "alice and carol" for a team)
web-to-move = { $player } to move
web-between-games = Between games: waiting for the players to be ready.
web-match-over = The match is over.
# $player (a name, or the names of those who share first place)
web-winner = Winner: { $player }
web-match-aborted = It was aborted: no result.
web-match-drawn = A draw: the points are shared.
# A seat's clock; marks the one that runs (besides its colour)
web-clock-running = running
# What a seat's colour is, beside its disc. $color (text: a colour's name), $mark (text: one of the web-mark-* messages)
web-seat-color = { $color } ({ $mark })
web-mark-ring = ring
web-mark-diamond = diamond
web-mark-triangle = triangle
# The AI's seat
web-ai = AI
# The board as a grid. $columns, $rows (numbers)
web-board = Board, { $columns } columns by { $rows } rows
# One column of the board. $column (text: its letter), $free (number: empty cells)
web-column = Column { $column }, { $free ->
    [0] full
   *[other] { $free } free
}
# An obstacle block in a cell
web-block = block
# Read aloud for each new move. $number (number: the ply), $color (text), $player (a name), $move (text: "d", "-a")
web-announce-move = { $number }. { $color }, { $player }: { $move }
web-live = Live: this page follows the match as it is played.
web-finished = This match is over; the page shows how it ended.
web-spectator = Each player plays here through the link in their private /board in Discord.
web-not-found = There is no such match page.
web-not-found-title = Not found
# A seated player's table. $color (text: web-seat-color of their seat)
web-you-play = You play { $color }.
web-your-move = Your move: choose a column.
# A drop button for a player without JavaScript. $column (text: its letter)
web-drop = Drop in { $column }
web-link-invalid-title = Link not valid
web-link-invalid = This link is not valid or has expired. Ask for a new one in Discord.
web-action-refused-title = Not played
web-back-to-table = Back to the table
web-forbidden = This request did not come from the table's own page.
# The link button under a seated player's private /board
web-open-table = Open the table
# A link button under a running match's turn in its thread (docs/web.md, "Links on Discord").
web-watch = Watch on the web
# A link button under a finished match's result, /replay and /export.
web-replay = Replay on the web
# A link button under /rating, /leaderboard and tournament posts.
web-open-page = Open on the web
# The table's buttons for a seated player (RULES.md §2a)
web-resign-game = Resign game
web-resign-match = Resign match
web-ready = Ready for the next game
web-resign-match-ask = Resign the whole match? Its games still to come are lost too.
web-yes-resign = Yes, resign the match
web-no-play-on = No, play on
web-too-many-title = Too many requests
# $seconds (number)
web-too-many = Too many requests from here. Try again in { $seconds ->
    [one] a second
   *[other] { $seconds } seconds
}.
# Pointing at the board (docs/web.md, "Playing"), under a seated player's board on their turn. $last (number: the last column's digit)
web-point-help = Point at a column and click to drop your disc there. On a touch screen, the first tap chooses the column and the second drops. Keys: ← and → choose, Enter drops, 1–{ $last } drop straight into that column.
# Read aloud when a column is chosen (a tap, the arrow keys). $column (text: its letter)
web-point-chosen = Column { $column } chosen: tap it again or press Enter to drop.
# Read aloud when a full column is pointed at. $column (text: its letter)
web-point-full = Column { $column } is full.
# PopOut on the table (docs/web.md, "Playing"): a pop form's button. $column (text: its letter)
web-pop = Pop your disc from column { $column }
# Under a seated player's board in PopOut when a pop is open to them.
web-pop-help = To pop one of your discs from the bottom, click the − marker under its column (on a touch screen: tap it twice), or choose the column and press − or P.
# Read aloud when a pop marker is tapped once. $column (text: its letter)
web-point-pop-chosen = Pop from column { $column }? Tap the marker again to pop.
# Read aloud when − or P is pressed on a column without a disc of theirs at the bottom. $column (text: its letter)
web-point-no-pop = You cannot pop from column { $column }.

# web tournament
# A tournament's page (docs/web.md, "The tournament page").
web-tournament-standings = Standings
web-tournament-rounds = Rounds
# $round (number)
web-tournament-round = Round { $round }
# An arena's matches (it has no rounds)
web-tournament-matches = Matches
# The state of a tournament not started. $start (a date and time)
web-tournament-open = Open: starts { $start }. Players join in Discord.
web-tournament-open-manual = Open: starts when its creator starts it. Players join in Discord.
# $player (a name, or the names of those who share first place)
web-tournament-winner = Winner: { $player }
# The one ahead in the standings, for a shared link's description. $player (a name), $points (text: "2½")
web-tournament-leader = Leading: { $player } with { $points } points.
# $count (number)
web-tournament-entrants = Players ({ $count })
web-tournament-no-entrants = Nobody has joined yet.
web-tournament-no-pairings = No round has been paired yet.
web-tournament-column-rank = Rank
web-tournament-column-byes = Byes
# $board (number)
web-tournament-board = Board { $board }
# Beside the player who starts the board's first game
web-tournament-starts = starts
# A board without a second player
web-tournament-bye = bye (1 point)
web-tournament-playing = being played
web-tournament-waiting = waiting for its match
web-tournament-void = void: counts for nothing
# The link to a board's match. $id (number: the match)
web-tournament-match = match { $id }
# Beside a player who left or was removed (✗)
web-tournament-withdrawn = withdrawn
# Beside an arena player on a streak (🔥)
web-tournament-streak = on a streak: the next win counts double
# Read aloud when a result comes. $round, $board (numbers), $first, $second (names), $result (text: "1–0", "½–½")
web-tournament-result = Round { $round }, board { $board }: { $first } { $result } { $second }
# Read aloud when a round is paired. $round (number)
web-tournament-paired = Round { $round } is paired.
web-tournament-live = Live: this page follows the tournament as it is played.
web-tournament-over = This tournament is over; the page shows how it ended.
# web replay
# A finished match's replay and result (issue 36, docs/web.md "Replay").
# Where the replay stands, at the start of a game. $game, $games, $ply, $plies (numbers)
web-replay-at = Game { $game } of { $games }, move { $ply } of { $plies }
# Where the replay stands, after a move. $game, $games, $ply, $plies (numbers), $color (text: a colour's name), $move (text: the move in the rulebook's notation)
web-replay-at-move = Game { $game } of { $games }, move { $ply } of { $plies }: { $color } { $move }
web-replay-controls = Replay controls
web-replay-first = Start
web-replay-back = Back
web-replay-forward = Forward
web-replay-last = End
# The move list's first entry: the board before any move.
web-replay-start = Start
web-replay-games = Games of the match
web-replay-help = Keys: ← and → step back and forward, Home and End go to the start and the end of the game.
web-result = Result
web-rating-changes = Rating changes
# $game (number)
web-game-aborted = Game { $game } was aborted.
# $game (number), $player (text)
web-game-flag = Game { $game }: { $player } ran out of time.
# $game (number), $player (text)
web-game-resigned-match = Game { $game }: { $player } resigned the match.
# $game (number), $player (text)
web-game-removed = Game { $game }: a moderator removed { $player } from the match.
web-files = Export and replays
web-export = The match as text (export)
# $game (number)
web-gif = Game { $game } as an animated picture (GIF)
# Under the result on a table whose match ended while it was open.
web-replay-link = Replay this match

# web people
# The pages to share (docs/web.md): a player's page and a leaderboard.
web-people-ratings = Ratings
# Beside a variant's rating on a player's page: to that variant's leaderboard
web-people-leaderboard-link = Leaderboard
# $change (text: "+23", "−12", "–" without a rated match in 30 days)
web-people-trend = Last 30 days: { $change }
# The rating chart in words. $matches (number), $first, $now, $low, $high (text: ratings as shown)
web-people-chart-summary = { $matches ->
    [one] { $matches } rated match
   *[other] { $matches } rated matches
}: { $first } before the first, { $now } now; lowest { $low }, highest { $high }.
web-people-chart-table = The last rated matches
web-people-col-match = Match
web-people-col-date = Date
web-people-col-deviation = Rating deviation
web-people-col-change = Change
web-people-col-opponents = Opponents
web-people-col-score = Score
web-people-col-opponent = Opponent
web-people-col-games = Games won / drawn / lost
web-people-col-points = Points
web-people-recent = Recent matches
web-people-head-to-head = Head-to-head
web-people-frequent = Against the most frequent opponents
web-people-no-opponents = No finished match against another member on this server yet.
# A player's page as a link shows it. $ratings (text: "Classic 1623 and PopOut 1500?")
web-people-player-og = Ratings on this server: { $ratings }. Recent matches and head-to-head records.
web-people-player-og-none = Recent matches and head-to-head records on this server.
# A leaderboard as a link shows it. $season (text: "Season 2"), $player (a name), $rating (text)
web-people-leaderboard-og = { $season } · first: { $player } ({ $rating })
web-people-variants = Variants
web-people-pages = Pages
# $page (number)
web-people-page = Page { $page }
web-people-failed-title = Not available
web-people-failed = This page cannot be read right now. Try again in a moment.
