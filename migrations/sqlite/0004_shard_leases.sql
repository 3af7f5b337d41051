-- fourbot store, schema version 4: several processes on one database
-- (PostgreSQL), each hosting a range of Discord shards. Documented in
-- docs/store.md ("Two processes"). Harmless and empty on SQLite, where one
-- process uses the database.

-- A process's lease of one shard: taken at start-up, renewed, released on
-- a clean exit; an expired one may be taken over. Shard i of total t
-- hosts the guilds with (guild_id >> 22) % t = i.
CREATE TABLE shard_leases (
    shard_id         INTEGER NOT NULL,
    shard_total      INTEGER NOT NULL CHECK (shard_total >= 1),
    owner            TEXT NOT NULL,      -- the process holding it (host/pid/random)
    expires_unix_ms  INTEGER NOT NULL,   -- wall clock the lease ends at unless renewed
    PRIMARY KEY (shard_total, shard_id),
    CHECK (shard_id >= 0 AND shard_id < shard_total)
);
