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
