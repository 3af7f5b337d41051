-- fourbot store, schema version 4: several processes on one database
-- (PostgreSQL), each hosting a range of Discord shards. Documented in
-- docs/store.md ("Two processes"); the same table as
-- migrations/sqlite/0004_shard_leases.sql.

-- A process's lease of one shard: taken at start-up, renewed, released on
-- a clean exit; an expired one may be taken over. Shard i of total t
-- hosts the guilds with (guild_id >> 22) % t = i.
CREATE TABLE shard_leases (
    shard_id         BIGINT NOT NULL,
    shard_total      BIGINT NOT NULL CHECK (shard_total >= 1),
    owner            TEXT NOT NULL,      -- the process holding it (host/pid/random)
    expires_unix_ms  BIGINT NOT NULL,   -- wall clock the lease ends at unless renewed
    PRIMARY KEY (shard_total, shard_id),
    CHECK (shard_id >= 0 AND shard_id < shard_total)
);

-- One row for the bot's AI, however many processes ask for it at once
-- (Db::bot_player creates it if missing). SQLite needs no index: one
-- writer at a time, and its databases may hold an older duplicate.
CREATE UNIQUE INDEX players_bot ON players(is_bot) WHERE is_bot = 1;
