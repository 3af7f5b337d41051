-- Per-member and per-server limits a moderator sets with /config (issue 32
-- §3; docs/reliability.md, "Limits"). NULL = the bot's default, within the
-- bound its operator sets (`fourbot run --max-…`); a stored value above a
-- bound lowered later is taken down to the bound when it is used.
ALTER TABLE guilds ADD COLUMN max_ai_matches INTEGER;            -- running matches against the AI per member
ALTER TABLE guilds ADD COLUMN max_open_offers INTEGER;           -- open challenges and seeks per member
ALTER TABLE guilds ADD COLUMN max_analyses INTEGER;              -- /analyze waiting or running per member
ALTER TABLE guilds ADD COLUMN archive_per_minute INTEGER;        -- /replay, /export: each, per member and minute
ALTER TABLE guilds ADD COLUMN server_archive_per_minute INTEGER; -- /replay, /export: each, per server and minute
