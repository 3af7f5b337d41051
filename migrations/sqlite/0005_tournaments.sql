-- Tournaments (docs/rules.md §7, docs/tournaments.md): Swiss, round robin
-- and arena; each pairing is an ordinary match (matches.id). Everything a
-- restarted bot needs to continue a tournament is here.

-- /config: whether anyone (not only moderators) may create a tournament.
ALTER TABLE guilds ADD COLUMN tournaments_by_anyone INTEGER NOT NULL DEFAULT 0
    CHECK (tournaments_by_anyone IN (0, 1));

CREATE TABLE tournaments (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id         INTEGER NOT NULL REFERENCES guilds(id),
    channel_id       INTEGER NOT NULL,      -- where the tournament message is
    message_id       INTEGER,               -- the tournament message (Join/Leave, standings)
    creator_id       INTEGER NOT NULL REFERENCES players(id),
    format           TEXT NOT NULL CHECK (format IN ('swiss', 'round_robin', 'arena')),
    variant          TEXT NOT NULL,
    base_ms          INTEGER NOT NULL,      -- time control: bank
    increment_ms     INTEGER NOT NULL,      -- time control: increment
    rounds           INTEGER,               -- Swiss: rounds; NULL otherwise
    duration_ms      INTEGER,               -- arena: the window; NULL otherwise
    rated            INTEGER NOT NULL CHECK (rated IN (0, 1)),
    starts_unix_ms   INTEGER NOT NULL,      -- planned start
    started_unix_ms  INTEGER,               -- actual start
    ended_unix_ms    INTEGER,
    state            TEXT NOT NULL DEFAULT 'open'
                     CHECK (state IN ('open', 'running', 'finished', 'cancelled')),
    locale           TEXT                   -- language of its public messages
);
CREATE INDEX tournaments_state ON tournaments(state, guild_id);

-- Who entered. seed is fixed at the start (0 = highest ranked); active = 0
-- after leaving or being removed once it started (no more pairings).
CREATE TABLE tournament_entrants (
    tournament_id   INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    player_id       INTEGER NOT NULL REFERENCES players(id),
    joined_unix_ms  INTEGER NOT NULL,
    seed            INTEGER,
    active          INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    PRIMARY KEY (tournament_id, player_id)
);

-- Each round's pairings (an arena numbers its pairings in round 1, in the
-- order they were made). second_id NULL = a bye. outcome NULL while the
-- match is played, or after a moderator voided it (voided = 1).
CREATE TABLE tournament_pairings (
    tournament_id      INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    round              INTEGER NOT NULL CHECK (round >= 1),
    board              INTEGER NOT NULL CHECK (board >= 1),
    first_id           INTEGER NOT NULL REFERENCES players(id),  -- starts game 1
    second_id          INTEGER REFERENCES players(id),
    match_id           INTEGER REFERENCES matches(id),
    outcome            TEXT CHECK (outcome IN ('first', 'second', 'draw')),
    voided             INTEGER NOT NULL DEFAULT 0 CHECK (voided IN (0, 1)),
    paired_unix_ms     INTEGER NOT NULL,
    finished_unix_ms   INTEGER,
    PRIMARY KEY (tournament_id, round, board)
);
CREATE UNIQUE INDEX tournament_pairings_match ON tournament_pairings(match_id);
