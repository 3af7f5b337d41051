-- Issue 35 §6: the moderation log. A server's moderators choose a channel
-- (/config modlog); every moderator action is stored here whether or not a
-- channel is set, and posted there when one is (docs/discord.md,
-- "Moderation log").
ALTER TABLE guilds ADD COLUMN modlog_channel_id INTEGER;     -- NULL = no moderation log channel

CREATE TABLE moderation_actions (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id        INTEGER NOT NULL,
    unix_ms         INTEGER NOT NULL,                     -- when it was done
    moderator_id    INTEGER NOT NULL,                     -- Discord user id of the moderator
    action          TEXT NOT NULL,                     -- ban, unban, void, abort, season, config, tournament-cancel, tournament-remove, tournament-void
    user_id         INTEGER,                              -- Discord user id of the member acted on, if any
    subject         TEXT,                              -- what was acted on: a match id, a season, a tournament (and round/board), the settings changed
    reason          TEXT                               -- as the moderator typed it (at most 200 characters), NULL = none given
);
CREATE INDEX moderation_actions_guild ON moderation_actions(guild_id, id);
