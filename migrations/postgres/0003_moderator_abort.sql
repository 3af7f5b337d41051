-- A moderator may abort a stuck match (`/ladder abort`): the journal gets
-- an 'abort' action (seat NULL) so that the match, replayed, ends the same
-- way (migrations/sqlite/0003_moderator_abort.sql, which must rebuild the
-- table; PostgreSQL changes the constraint in place).
ALTER TABLE match_actions DROP CONSTRAINT match_actions_kind_check;
ALTER TABLE match_actions ADD CONSTRAINT match_actions_kind_check
    CHECK (kind IN ('resign-game', 'resign-match', 'ready', 'remove', 'resume', 'abort'));
