# /rating, /leaderboard, /history and /analyze.

# $player (text), $variant (text)
rating-title = { $player } · { $variant }
# $rating (text: "1500?" when provisional)
rating-value = Rating: { $rating }
# $deviation (number)
rating-deviation = Rating deviation: { $deviation }
rating-provisional-note = A “?” marks a provisional rating: it settles after a few more rated matches.
# $matches (number), $wins (number), $draws (number), $losses (number)
rating-record = { $matches ->
    [one] { $matches } rated match
   *[other] { $matches } rated matches
}: { $wins } won, { $draws } drawn, { $losses } lost
# $rank (number), $total (number)
rating-rank = Rank { $rank } of { $total } on this server
rating-unranked-banned = Not on this server's leaderboard while banned
# $player (text), $variant (text)
rating-none = { $player } has not played a rated match of { $variant } on this server yet. Everyone starts at 1500?.
# $variant (text)
rating-unrated-variant = { $variant } is not rated.

# /rating user versus: the head-to-head record of two players on this
# server, seen from $player. $player (text), $opponent (text)
head-to-head-title = Head-to-head: { $player } against { $opponent }
# $matches, $won, $drawn, $lost (numbers: matches, then games); $points,
# $other (text: match points of $player and of $opponent, e.g. "3½")
head-to-head-record = { $matches ->
    [one] { $matches } match
   *[other] { $matches } matches
}; games: { $won } won, { $drawn } drawn, { $lost } lost; points { $points } : { $other }
# $player (text), $opponent (text)
head-to-head-none = { $player } and { $opponent } have not finished a match against each other on this server yet.
head-to-head-self = A head-to-head record needs two different players: pick someone else for `versus`.

# $variant (text)
leaderboard-title = Leaderboard · { $variant }
# $season (number)
leaderboard-season = Season { $season }
# $variant (text)
leaderboard-empty = Nobody has played a rated match of { $variant } on this server yet.

# $player (text)
history-title = Recent matches of { $player }
# $date (text), $variant (text), $players (text), $score (text), $change (text)
history-line = { $date } · { $variant } · { $players } · { $score } · { $change }
history-unrated = unrated
history-voided = voided
history-aborted = aborted
history-forfeit = forfeit
# $player (text)
history-empty = { $player } has not finished a match yet.

# $id (text)
analyze-title = Analysis of match { $id }
analyze-exact = Exact verdicts from the solver (7×6 board, classic rules).
analyze-progress = Analysing… { $done }/{ $total } moves
# $game (number)
analyze-game = Game { $game }
# $ply (number), $disc (text), $move (text), $verdict (text)
analyze-line = { $ply }. { $disc } { $move }: { $verdict }

# pitfalls branch: /analyze verdicts (the mover's theoretical result)
analyze-result-win = win
analyze-result-draw = draw
analyze-result-loss = loss
analyze-result-unknown = unknown
# $before (text), $after (text): theoretical results before and after the move
analyze-change = { $before } → { $after }
analyze-threw-win = threw a win away
analyze-draw-to-loss = turned a draw into a loss
analyze-no-mistakes = No mistakes: every move kept its theoretical result.
# $game (number), $ply (number)
analyze-first-mistake = The board shows game { $game } after the first mistake (move { $ply }).
# $variant (text)
analyze-unsolved = { $variant } has no exact analysis: only 7×6 games with classic rules (Classic, Single game, Random opening, Teams) are solved.
# $command (text: "analyze")
late-answer = Your /{ $command } took longer than Discord keeps a private answer open, so here it is by direct message:

# The rating chart (/rating's picture): axis, legend. Glicko-2 pools show
# "rating", Weng-Lin pools (three players, teams) "skill" μ with its σ.
chart-matches = Rated matches
chart-rating = Rating
chart-rating-band = ± rating deviation
chart-skill = Skill μ
chart-skill-band = ± uncertainty σ
# $variant (text): the picture's file description for screen readers
chart-alt = Rating over the rated matches of { $variant }: a line with the rating deviation as a band around it.

# The leaderboard picture's column headers.
table-rank = #
table-player = Player
table-rating = Rating
table-matches = Matches
table-trend = 30 days
