# Replies to moderators: /ladder and /config.

# $season (number)
ladder-reset-done = A new season ({ $season }) has started on this server's ladder. Ratings of the old season are kept in the archive.
# $id (text)
ladder-void-done = Match { $id } is void: its rating changes have been undone.
# $id (text)
ladder-void-already = Match { $id } was already void.
# $player (text)
ladder-ban-done = { $player } is banned from the ladder: no new rated matches.
# $player (text)
ladder-ban-already = { $player } was already banned.
# $player (text)
ladder-unban-done = { $player } may play rated matches again.
# $player (text)
ladder-unban-not-banned = { $player } is not banned.

config-title = Server settings
# $time (text: "10+10")
config-time = Default time control: { $time }
# $duration (text: "3 minutes")
config-abort-window = Abort window: { $duration }
# $variants (text)
config-variants = Allowed variants: { $variants }
config-variants-all = all
# $channel (text: a channel mention)
config-channel = Match channel: { $channel }
config-channel-any = any channel
# Names the /config options `channel` and `any-channel` (use their names in this language)
config-channel-conflict = Choose either a match channel or any-channel, not both.
# $language (text)
config-language = Language of public messages: { $language }
config-saved = The server settings have been saved.
# $min (text: "1 minute"), $max (text: "1 hour")
config-bad-abort-window = The abort window must be from { $min } to { $max }.

## Issue 9: the challenge expiry of /config. $duration (text: "10 minutes"); $min, $max (text: "1 minute", "14 minutes")
config-challenge-expiry = Challenge expiry: { $duration }
config-bad-challenge-expiry = The challenge expiry must be from { $min } to { $max }.
# pitfalls branch: /ladder abort
# $id (text)
ladder-abort-done = Match { $id } is aborted: no result, no rating change.
# $id (text)
ladder-abort-not-running = Match { $id } is not running, so there is nothing to abort.
config-tournaments-anyone = Tournaments: anyone may create one.
config-tournaments-moderators = Tournaments: only moderators create them.

## Issue 32: the limits of /config. $limit (text: one of the limit-name messages), $value (number), $max (number: the bound the bot's operator set)
config-limit = { $limit }: { $value } (this bot allows up to { $max })
config-bad-limit = { $limit } must be from 1 to { $max }, not { $value }: { $max } is the most this bot's operator allows.
limit-name-ai-matches = Matches against the bot at once, per member
limit-name-open-offers = Open challenges and seeks, per member
limit-name-analyses = Analyses waiting or running, per member
limit-name-replays-per-minute = /replay and /export (each) a minute, per member
limit-name-server-replays-per-minute = /replay and /export (each) a minute, per server

## Issue 35 §6: the moderation log (/config modlog), posted in the server's language.
## $moderator, $player (mentions, no ping), $id (a match id), $season, $tournament, $round, $board (numbers)
modlog-ban = 🔨 { $moderator } banned { $player } from the ladder.
modlog-unban = { $moderator } lifted the ladder ban of { $player }.
modlog-void = { $moderator } voided match { $id }: its rating changes are undone.
modlog-abort = { $moderator } aborted match { $id }.
modlog-season = { $moderator } started season { $season } of the ladder.
modlog-config = ⚙️ { $moderator } changed the server settings:
modlog-tournament-cancel = { $moderator } cancelled tournament { $tournament }.
modlog-tournament-remove = { $moderator } took { $player } out of tournament { $tournament }.
modlog-tournament-void = { $moderator } voided round { $round }, board { $board } of tournament { $tournament }.
# $reason (text the moderator typed)
modlog-reason = Reason: { $reason }
modlog-no-reason = No reason given.
# $channel (a channel mention)
config-modlog = Moderation log: { $channel }
config-modlog-none = none
# Names the /config options `modlog` and `modlog-off` (use their names in this language)
config-modlog-conflict = Choose either a moderation log channel or modlog-off, not both.

# Issue 35 §2: the placeholder of /config's multi-select of the allowed variants
config-variants-placeholder = Allowed variants (choose one or more)

# Issue 36: the web front end (/config web), docs/web.md
config-web-on = Web pages: on — anyone with a link can watch this server's matches.
config-web-off = Web pages: off.
config-web-choice-on = on
config-web-choice-off = off
