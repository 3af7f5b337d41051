-- Take-backs (issue 35, docs/match.md "Take-back"): in an unrated match a
-- player may take back their last ply once the opponent accepts. The
-- journal keeps the ply (a restart replays it, then the take-back) and
-- gets a 'take-back' action (seat: whose ply); the ply's `moves` row is
-- marked taken_back, so that the move made again at the same game and ply
-- has a row of its own and the views (export, replay) read the final move
-- list. A ply is therefore unique only among the rows not taken back, and
-- the journal number is the key (migrations/sqlite/0010_take_backs.sql
-- rebuilds the tables; PostgreSQL changes them in place).
ALTER TABLE moves ADD COLUMN taken_back BIGINT NOT NULL DEFAULT 0
    CONSTRAINT moves_taken_back_check CHECK (taken_back IN (0, 1));
ALTER TABLE moves DROP CONSTRAINT moves_pkey;
ALTER TABLE moves DROP CONSTRAINT moves_match_id_seq_key;
ALTER TABLE moves ADD PRIMARY KEY (match_id, seq);
CREATE UNIQUE INDEX moves_ply ON moves(match_id, game, ply) WHERE taken_back = 0;
ALTER TABLE match_actions DROP CONSTRAINT match_actions_kind_check;
ALTER TABLE match_actions ADD CONSTRAINT match_actions_kind_check
    CHECK (kind IN ('resign-game', 'resign-match', 'ready', 'remove', 'resume', 'abort', 'take-back'));
