# Tournaments (/tournament): refusals, the tournament message, rounds.

tournament-error-unknown = There is no tournament { $id }.
tournament-error-moderators-only = Only moderators can create tournaments on this server.
tournament-error-rounds = A Swiss needs a number of rounds from { $min } to { $max }.
tournament-error-minutes = An arena needs a duration from { $min } to { $max } minutes.
tournament-error-already-joined = You have already joined this tournament.
tournament-error-started = This tournament has already started: it takes no more players.
tournament-error-over = This tournament is over.
tournament-error-full = This tournament is full ({ $max } players).
tournament-error-banned = You are banned from this server's ladder, so you cannot join a rated tournament.
tournament-error-not-entrant = You are not playing in this tournament.
tournament-error-too-few = It needs at least { $min } players to start; { $count } joined.
tournament-error-not-manager = Only the tournament's creator or a moderator can do that.
tournament-error-no-pairing = Round { $round } has no match on board { $board }.
# $round, $board (numbers), $match (number: the running match)
tournament-error-void-running = Round { $round }, board { $board } is still being played (match { $match }). Wait for its result, or first end it with /ladder abort match: { $match } — a match a moderator aborts counts for nothing in the tournament.
# $variant (text): a variant for more than two players
tournament-error-variant = A tournament pairs two players, so it cannot be played in { $variant }.

# The tournament message. $format: one of the tournament-format-* below.
tournament-title = Tournament { $id }: { $format }, { $variant }, { $time }, { $rated }
tournament-format-swiss = Swiss, { $rounds } rounds
tournament-format-round-robin = round robin
tournament-format-arena = arena, { $minutes } minutes
tournament-rated = rated
tournament-unrated = unrated
tournament-state-open = Open: starts { $start }. Press Join to play.
tournament-state-open-manual = Open: starts when its creator starts it. Press Join to play.
tournament-state-round = Round { $round } of { $rounds }.
# $count (number): players; $rounds, $set (numbers): rounds played and set
tournament-rounds-capped = With { $count } players a Swiss has at most { $rounds } rounds without two players meeting twice, so it plays { $rounds } rounds instead of { $set }.
tournament-state-arena = Under way until { $end }. Late players may still join.
tournament-state-finished = Finished.
tournament-state-cancelled = Cancelled.
tournament-players = Players ({ $count }): { $names }
# $count (number): players not listed
tournament-more = … and { $count } more
tournament-column-player = Player
tournament-column-points = Pts
tournament-column-buchholz = BH
tournament-column-sb = SB
tournament-column-won = Won
tournament-column-played = Played
# $round (number): the round whose standings the places are compared with
tournament-column-trend = Since round { $round }
tournament-tie-breaks = Ties: Buchholz cut 1 (BH), then Sonneborn-Berger (SB), then the direct result.
tournament-arena-note = Win 2, draw 1; after two wins in a row, double points (🔥) until a match is not won.
tournament-round-title = Tournament { $id }, round { $round }
# $id, $round (numbers)
tournament-standings-after = Tournament { $id }: standings after round { $round }
tournament-board = Board { $board }: { $first } (starts) against { $second }
tournament-bye = { $player }: bye (1 point)
tournament-finished = Tournament { $id } is over. Final standings:
tournament-cancelled = Tournament { $id } was cancelled. Its matches still being played end now, aborted: no result, no rating change.
# $id (number), $min and $count (numbers): the players needed and joined
tournament-cancelled-too-few = Tournament { $id } was cancelled: at its start time it needed at least { $min } players, and { $count } had joined.

# Private answers.
tournament-created = Tournament { $id } is created; its message is in this channel.
tournament-joined = You joined tournament { $id }.
tournament-left = You left tournament { $id }.
tournament-started = Tournament { $id } has started.
tournament-cancelled-done = Tournament { $id } is cancelled. Its matches still being played end now, aborted: no result, no rating change.
tournament-removed = { $player } was taken out of tournament { $id }.
tournament-voided = The result of round { $round }, board { $board } is void.

# Choices of /tournament create format.
tournament-format-name-swiss = Swiss
tournament-format-name-round-robin = Round robin
tournament-format-name-arena = Arena
