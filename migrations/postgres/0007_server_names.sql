-- fourbot store, schema version 7: names per server (issue 32 §2,
-- docs/store.md "Names per server"). Version 6 is another change; this one
-- depends on nothing of it.
--
-- A player's name in one Discord server: their nickname there (the member's
-- `nick`, which the member or a moderator of that server sets). The name a
-- server shows for a player is this row's, else `players.name` — the
-- user's own name (Discord's global display name, else the user name), the
-- same in every server, never a nickname. Written when the player acts in
-- the server (a row when Discord sends a nickname, none when it sends the
-- member without one); reads never write.
CREATE TABLE server_names (
    guild_id   BIGINT NOT NULL REFERENCES guilds(id),
    player_id  BIGINT NOT NULL REFERENCES players(id),
    name       TEXT NOT NULL,           -- as typed; every text shapes it
    PRIMARY KEY (guild_id, player_id)
);

-- Existing databases: `players.name` held the name of the server the player
-- last acted in. Each server gets the name its own challenges and seeks last
-- seated the player under (challenge_seats.name, written from that server's
-- member data), so a server that saw the player keeps showing its own name;
-- the global name is corrected the next time the player acts anywhere.
INSERT INTO server_names (guild_id, player_id, name)
SELECT c.guild_id, s.player_id, s.name
FROM challenge_seats AS s
JOIN challenges AS c ON c.id = s.challenge_id
JOIN players AS p ON p.id = s.player_id
WHERE s.name IS NOT NULL AND p.discord_id IS NOT NULL AND p.is_bot = 0 AND c.guild_id <> 0
  AND s.ai_level IS NULL
  AND c.id = (SELECT MAX(c2.id) FROM challenge_seats AS s2
              JOIN challenges AS c2 ON c2.id = s2.challenge_id
              WHERE s2.player_id = s.player_id AND c2.guild_id = c.guild_id
                AND s2.name IS NOT NULL AND s2.ai_level IS NULL)
ON CONFLICT DO NOTHING;
