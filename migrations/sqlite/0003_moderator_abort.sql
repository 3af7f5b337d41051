-- A moderator may abort a stuck match (`/ladder abort`): the journal gets
-- an 'abort' action (seat NULL) so that the match, replayed, ends the same
-- way. SQLite cannot change a CHECK constraint in place: the table is
-- rebuilt with the same columns and rows.
CREATE TABLE match_actions_new (
    match_id  INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    seq       INTEGER NOT NULL,
    at_ms     INTEGER NOT NULL,
    seat      INTEGER,             -- NULL for resume and abort
    kind      TEXT NOT NULL CHECK (kind IN ('resign-game', 'resign-match', 'ready', 'remove', 'resume', 'abort')),
    PRIMARY KEY (match_id, seq)
);
INSERT INTO match_actions_new (match_id, seq, at_ms, seat, kind)
    SELECT match_id, seq, at_ms, seat, kind FROM match_actions;
DROP TABLE match_actions;
ALTER TABLE match_actions_new RENAME TO match_actions;
