-- fourbot store, schema version 1. Documented table by table in docs/store.md.
-- Conventions: Discord snowflakes are INTEGER (they fit in i64); *_unix_ms
-- are wall-clock milliseconds since 1970; *_ms without "unix" are
-- milliseconds since the match's epoch (its Timestamp 0) or durations.

-- A Discord server and its settings (/config). Absent row = defaults.
CREATE TABLE guilds (
    id                    INTEGER PRIMARY KEY,           -- Discord guild id (0 = imports, the shell)
    locale                TEXT,                          -- language of public messages; NULL = guild_locale
    base_ms               INTEGER NOT NULL DEFAULT 600000, -- default time control: bank
    increment_ms          INTEGER NOT NULL DEFAULT 10000,  -- default time control: increment
    abort_ms              INTEGER NOT NULL DEFAULT 180000, -- abort window
    grace_ms              INTEGER NOT NULL DEFAULT 60000,  -- grace period between games
    challenge_expiry_ms   INTEGER NOT NULL DEFAULT 600000, -- how long a challenge/seek stays open
    match_channel_id      INTEGER,                       -- where matches are played; NULL = anywhere
    season                INTEGER NOT NULL DEFAULT 1      -- current ladder season (/ladder reset: +1)
);

-- Variants a guild allows (/config). No row for a guild = every variant.
CREATE TABLE guild_variants (
    guild_id  INTEGER NOT NULL REFERENCES guilds(id) ON DELETE CASCADE,
    variant   TEXT NOT NULL,
    PRIMARY KEY (guild_id, variant)
);

-- A person (or the bot's AI) who can sit at a table.
CREATE TABLE players (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    discord_id    INTEGER UNIQUE,          -- NULL for imported names and the AI
    name          TEXT NOT NULL,           -- display name, refreshed on every action
    language      TEXT,                    -- per-user language override (/settings)
    confirm_drop  INTEGER NOT NULL DEFAULT 0 CHECK (confirm_drop IN (0, 1)),
    is_bot        INTEGER NOT NULL DEFAULT 0 CHECK (is_bot IN (0, 1))
);
-- Imported players (fourbot script --names) are found by name.
CREATE UNIQUE INDEX players_imported_name ON players(name) WHERE discord_id IS NULL AND is_bot = 0;

-- A match (RULES.md §3): setup, phase, clock state and result.
CREATE TABLE matches (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id           INTEGER NOT NULL REFERENCES guilds(id),
    season             INTEGER NOT NULL,
    variant            TEXT NOT NULL,
    base_ms            INTEGER NOT NULL,
    increment_ms       INTEGER NOT NULL,
    abort_ms           INTEGER NOT NULL,
    grace_ms           INTEGER NOT NULL,
    blocks             TEXT,                  -- obstacles layout, e.g. 'b1 b2 f1 f2'
    opening            TEXT,                  -- random-opening discs, e.g. 'd d c e'
    rated              INTEGER NOT NULL CHECK (rated IN (0, 1)),
    epoch_unix_ms      INTEGER NOT NULL,      -- wall clock of the match's Timestamp 0
    last_seq           INTEGER NOT NULL DEFAULT 0, -- last journal number used (moves, match_actions)
    phase              TEXT NOT NULL CHECK (phase IN ('playing', 'between', 'finished')),
    -- Clock state as of the start of what runs (banks are in match_seats):
    clock_running      TEXT NOT NULL CHECK (clock_running IN ('stopped', 'turn', 'break')),
    clock_seat         INTEGER,               -- the mover while a turn runs
    clock_since_ms     INTEGER,               -- turn start, or end of the last game while between games
    -- Result (all NULL while running; end_kind is the exactly-once guard):
    end_kind           TEXT CHECK (end_kind IN ('completed', 'aborted', 'forfeit')),
    end_seat           INTEGER,               -- who aborted / forfeited
    forfeit_reason     TEXT CHECK (forfeit_reason IN ('flag', 'resign', 'removed')),
    finished_ms        INTEGER,               -- match time of the end
    finished_unix_ms   INTEGER,               -- wall clock of the end (rating order, inactivity)
    voided             INTEGER NOT NULL DEFAULT 0 CHECK (voided IN (0, 1))
);
CREATE INDEX matches_running ON matches(phase) WHERE phase <> 'finished';
CREATE INDEX matches_pool ON matches(guild_id, variant, season, finished_unix_ms);

-- Who sits where, and each seat's clock bank.
CREATE TABLE match_seats (
    match_id   INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),  -- 0 = p1
    player_id  INTEGER NOT NULL REFERENCES players(id),
    side       INTEGER NOT NULL CHECK (side BETWEEN 0 AND 2),  -- team/side that scores
    bank_ms    INTEGER NOT NULL,   -- bank at the start of what runs (clock state)
    moved      INTEGER NOT NULL DEFAULT 0 CHECK (moved IN (0, 1)),  -- first move made
    ready      INTEGER NOT NULL DEFAULT 0 CHECK (ready IN (0, 1)),  -- pressed Ready in this break
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX match_seats_player ON match_seats(player_id, match_id);

-- The result per side: match points (half-points) and place.
CREATE TABLE match_sides (
    match_id      INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    side          INTEGER NOT NULL CHECK (side BETWEEN 0 AND 2),
    points_halves INTEGER NOT NULL,
    place         INTEGER,             -- NULL when aborted
    PRIMARY KEY (match_id, side)
);

-- The games of a match.
CREATE TABLE games (
    match_id       INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    number         INTEGER NOT NULL CHECK (number BETWEEN 1 AND 3),
    first_seat     INTEGER NOT NULL,    -- red, first mover
    started_ms     INTEGER NOT NULL,
    ended_ms       INTEGER,
    end_kind       TEXT CHECK (end_kind IN ('win', 'draw', 'resigned', 'forfeit', 'aborted')),
    end_color      TEXT,                -- winner colour of a 'win'
    end_seat       INTEGER,             -- resigner / forfeiter
    end_detail     TEXT,                -- how, as shown: 'red wins', 'p2 resigned', …
    PRIMARY KEY (match_id, number)
);

-- Points a game gave each side (half-points).
CREATE TABLE game_points (
    match_id       INTEGER NOT NULL,
    game           INTEGER NOT NULL,
    side           INTEGER NOT NULL,
    points_halves  INTEGER NOT NULL,
    PRIMARY KEY (match_id, game, side),
    FOREIGN KEY (match_id, game) REFERENCES games(match_id, number) ON DELETE CASCADE
);

-- Every move a player made (a drawn opening is in matches.opening). seq
-- orders it among the other journal entries (match_actions).
CREATE TABLE moves (
    match_id      INTEGER NOT NULL,
    game          INTEGER NOT NULL,
    ply           INTEGER NOT NULL,    -- 1-based disc number, counting a drawn opening
    seq           INTEGER NOT NULL,
    seat          INTEGER NOT NULL,
    mv            TEXT NOT NULL,       -- RULES.md §2: 'd', '-a'
    at_ms         INTEGER NOT NULL,    -- match time of the move
    time_used_ms  INTEGER NOT NULL,    -- from the start of the turn
    bank_ms       INTEGER NOT NULL,    -- mover's bank after the move (increment included)
    PRIMARY KEY (match_id, game, ply),
    UNIQUE (match_id, seq),
    FOREIGN KEY (match_id, game) REFERENCES games(match_id, number) ON DELETE CASCADE
);

-- The other actions of the journal: resign-game, resign-match, ready,
-- remove (moderator), resume (bot restart). Replayed with the moves, in seq
-- order, to rebuild a running match.
CREATE TABLE match_actions (
    match_id  INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    seq       INTEGER NOT NULL,
    at_ms     INTEGER NOT NULL,
    seat      INTEGER,             -- NULL for resume
    kind      TEXT NOT NULL CHECK (kind IN ('resign-game', 'resign-match', 'ready', 'remove', 'resume')),
    PRIMARY KEY (match_id, seq)
);

-- One rating pool per guild × variant × season (RULES.md §6).
CREATE TABLE rating_pools (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id INTEGER NOT NULL REFERENCES guilds(id),
    variant  TEXT NOT NULL,
    season   INTEGER NOT NULL,
    system   TEXT NOT NULL CHECK (system IN ('glicko2', 'weng-lin')),
    UNIQUE (guild_id, variant, season)
);

-- A player's current rating in a pool. Glicko-2: rating, deviation (RD),
-- volatility. Weng-Lin: rating = mu, deviation = sigma, volatility NULL.
-- score = what the leaderboard sorts by (Glicko-2 rating, Weng-Lin mu - 3 sigma).
CREATE TABLE ratings (
    pool_id         INTEGER NOT NULL REFERENCES rating_pools(id) ON DELETE CASCADE,
    player_id       INTEGER NOT NULL REFERENCES players(id),
    rating          REAL NOT NULL,
    deviation       REAL NOT NULL,
    volatility      REAL,
    score           REAL NOT NULL,
    matches         INTEGER NOT NULL DEFAULT 0,
    last_unix_ms    INTEGER NOT NULL,  -- last rated match (inactivity)
    PRIMARY KEY (pool_id, player_id)
);
CREATE INDEX ratings_leaderboard ON ratings(pool_id, score DESC, player_id);

-- The rating change a match caused, per player (before → after).
CREATE TABLE rating_changes (
    match_id          INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    player_id         INTEGER NOT NULL REFERENCES players(id),
    pool_id           INTEGER NOT NULL REFERENCES rating_pools(id) ON DELETE CASCADE,
    rating_before     REAL NOT NULL,
    deviation_before  REAL NOT NULL,
    volatility_before REAL,
    rating_after      REAL NOT NULL,
    deviation_after   REAL NOT NULL,
    volatility_after  REAL,
    PRIMARY KEY (match_id, player_id)
);
CREATE INDEX rating_changes_player ON rating_changes(player_id);

-- Ladder bans (/ladder ban, unban). A ban is active while lifted_unix_ms is NULL.
CREATE TABLE bans (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id        INTEGER NOT NULL REFERENCES guilds(id),
    player_id       INTEGER NOT NULL REFERENCES players(id),
    by_player_id    INTEGER REFERENCES players(id),
    reason          TEXT,
    banned_unix_ms  INTEGER NOT NULL,
    lifted_unix_ms  INTEGER
);
CREATE UNIQUE INDEX bans_active ON bans(guild_id, player_id) WHERE lifted_unix_ms IS NULL;

-- Challenges (/challenge) and seeks (/seek) with their expiry.
CREATE TABLE challenges (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    kind             TEXT NOT NULL CHECK (kind IN ('challenge', 'seek')),
    guild_id         INTEGER NOT NULL REFERENCES guilds(id),
    channel_id       INTEGER NOT NULL,
    message_id       INTEGER,
    challenger_id    INTEGER NOT NULL REFERENCES players(id),
    variant          TEXT NOT NULL,
    base_ms          INTEGER NOT NULL,
    increment_ms     INTEGER NOT NULL,
    color            TEXT,             -- single: 'red', 'yellow', 'random'
    created_unix_ms  INTEGER NOT NULL,
    expires_unix_ms  INTEGER NOT NULL,
    state            TEXT NOT NULL DEFAULT 'open'
                     CHECK (state IN ('open', 'accepted', 'declined', 'expired', 'cancelled')),
    match_id         INTEGER REFERENCES matches(id)
);
CREATE INDEX challenges_open ON challenges(expires_unix_ms) WHERE state = 'open';

-- The seats of a challenge: who is asked (challenge) or who joined (seek).
CREATE TABLE challenge_seats (
    challenge_id  INTEGER NOT NULL REFERENCES challenges(id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    player_id     INTEGER REFERENCES players(id),   -- NULL: a free seat of a seek
    accepted      INTEGER NOT NULL DEFAULT 0 CHECK (accepted IN (0, 1)),
    PRIMARY KEY (challenge_id, seat)
);
