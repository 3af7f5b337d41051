-- The web front end (issue 36, docs/web.md): a server's matches are on
-- the web only once its moderators turn it on (`/config web:on`); off by
-- default, so every existing server stays off the web.
ALTER TABLE guilds ADD COLUMN web INTEGER NOT NULL DEFAULT 0 CHECK (web IN (0, 1));
