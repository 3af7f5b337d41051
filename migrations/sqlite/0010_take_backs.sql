-- Take-backs (issue 35, docs/match.md "Take-back"): in an unrated match a
-- player may take back their last ply once the opponent accepts. The
-- journal keeps the ply (a restart replays it, then the take-back) and
-- gets a 'take-back' action (seat: whose ply); the ply's `moves` row is
-- marked taken_back, so that the move made again at the same game and ply
-- has a row of its own and the views (export, replay) read the final move
-- list. A ply is therefore unique only among the rows not taken back, and
-- the journal number is the key. SQLite cannot change a primary key or a
-- CHECK constraint in place: both tables are rebuilt with their rows.
CREATE TABLE moves_new (
    match_id      INTEGER NOT NULL,
    game          INTEGER NOT NULL,
    ply           INTEGER NOT NULL,    -- 1-based disc number, counting a drawn opening
    seq           INTEGER NOT NULL,
    seat          INTEGER NOT NULL,
    mv            TEXT NOT NULL,       -- RULES.md §2: 'd', '-a'
    at_ms         INTEGER NOT NULL,    -- match time of the move
    time_used_ms  INTEGER NOT NULL,    -- from the start of the turn
    bank_ms       INTEGER NOT NULL,    -- mover's bank after the move (increment included)
    taken_back    INTEGER NOT NULL DEFAULT 0 CHECK (taken_back IN (0, 1)), -- undone by a take-back
    PRIMARY KEY (match_id, seq),
    FOREIGN KEY (match_id, game) REFERENCES games(match_id, number) ON DELETE CASCADE
);
INSERT INTO moves_new (match_id, game, ply, seq, seat, mv, at_ms, time_used_ms, bank_ms)
    SELECT match_id, game, ply, seq, seat, mv, at_ms, time_used_ms, bank_ms FROM moves;
DROP TABLE moves;
ALTER TABLE moves_new RENAME TO moves;
CREATE UNIQUE INDEX moves_ply ON moves(match_id, game, ply) WHERE taken_back = 0;

CREATE TABLE match_actions_new (
    match_id  INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    seq       INTEGER NOT NULL,
    at_ms     INTEGER NOT NULL,
    seat      INTEGER,             -- NULL for resume and abort
    kind      TEXT NOT NULL CHECK (kind IN ('resign-game', 'resign-match', 'ready', 'remove', 'resume', 'abort', 'take-back')),
    PRIMARY KEY (match_id, seq)
);
INSERT INTO match_actions_new (match_id, seq, at_ms, seat, kind)
    SELECT match_id, seq, at_ms, seat, kind FROM match_actions;
DROP TABLE match_actions;
ALTER TABLE match_actions_new RENAME TO match_actions;
