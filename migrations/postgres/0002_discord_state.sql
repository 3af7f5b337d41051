-- fourbot store on PostgreSQL, schema version 2 (as
-- migrations/sqlite/0002_discord_state.sql, in BIGINTs): nothing of a Discord community's state
-- lives outside the database (issue 9). Documented in docs/store.md.

-- The language of a match's public messages (a locale tag: en-US, de, it,
-- el, bg). NULL: unknown (matches stored before version 2).
ALTER TABLE matches ADD COLUMN locale TEXT;

-- The level (1-5) of an AI seat; NULL: a person.
ALTER TABLE match_seats ADD COLUMN ai_level BIGINT CHECK (ai_level BETWEEN 1 AND 5);

-- Where a match is shown on Discord: its thread and the message whose
-- buttons are live (replaces the side file <database>.threads).
CREATE TABLE match_threads (
    match_id            BIGINT PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
    thread_id           BIGINT NOT NULL,   -- the thread (a channel) the match is played in
    buttons_message_id  BIGINT,            -- the last message posted with live buttons
    finished            BIGINT NOT NULL DEFAULT 0 CHECK (finished IN (0, 1)),
    archived            BIGINT NOT NULL DEFAULT 0 CHECK (archived IN (0, 1)) -- the bot archived the thread
);
CREATE INDEX match_threads_thread ON match_threads(thread_id);

-- What a challenge or seek needs to be answered after a restart.
ALTER TABLE challenges ADD COLUMN locale TEXT;                        -- language of its public messages
ALTER TABLE challenges ADD COLUMN abort_ms BIGINT NOT NULL DEFAULT 180000; -- the server's abort window
ALTER TABLE challenges ADD COLUMN grace_ms BIGINT NOT NULL DEFAULT 60000;  -- the server's grace period
ALTER TABLE challenges ADD COLUMN text TEXT NOT NULL DEFAULT '';      -- the message's text so far
ALTER TABLE challenges ADD COLUMN token TEXT;                         -- the interaction token that edits the message (valid 15 min)
ALTER TABLE challenge_seats ADD COLUMN name TEXT;                     -- the name the player is seated under
ALTER TABLE challenge_seats ADD COLUMN ai_level BIGINT CHECK (ai_level BETWEEN 1 AND 5); -- an AI seat's level
