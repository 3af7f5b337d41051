# Challenges (/challenge) and open seeks (/seek).

# $challenger (text), $opponents (text), $variant (text), $time (text: "10+10"), $expires (text: a Discord relative timestamp)
challenge-posted = { $challenger } challenges { $opponents } to a match: { $variant }, { $time }. The challenge expires { $expires }.
# $challenger (text), $variant (text), $level (number)
challenge-ai-started = { $challenger } plays against the bot (level { $level }): { $variant }. Not rated.
# $player (text), $color (text)
challenge-color = { $player } plays { $color }.
# $player (text)
challenge-accepted = { $player } accepted.
# $players (text)
challenge-waiting-for = Still waiting for { $players }.
# $player (text)
challenge-declined = { $player } declined the challenge.
challenge-withdrawn = { $player } withdrew the challenge.
challenge-expired-notice = Nobody answered in time; the challenge has expired.
# $player (text), $variant (text), $time (text), $free (number)
seek-posted = { $player } is looking for opponents: { $variant }, { $time }. { $free ->
    [one] One seat is free.
   *[other] { $free } seats are free.
} Press “{ button-join }” to play.
# $player (text), $free (number)
seek-joined = { $player } joined. { $free ->
    [0] All seats are taken.
    [one] One seat is still free.
   *[other] { $free } seats are still free.
}
seek-expired-notice = Nobody joined in time; the seek has expired.
# $player (text)
seek-cancelled = { $player } withdrew the seek.

## The private answer to /challenge and /seek once the offer is posted below it. $expires (a Discord relative time)
offer-posted = Posted. It expires { $expires }.
offer-started = The match starts in a thread on the message below.

# A match cannot open where the offer was made.
offer-wrong-channel = A match cannot open here: its thread needs a text or announcement channel (not a thread, forum, voice or stage channel). Make the offer in such a channel.
offer-missing-permissions = I cannot open a match thread here: I am missing { $permissions }. A moderator can give me that in this channel's settings.
permission-view-channel = View Channel
permission-send-messages-in-threads = Send Messages in Threads
permission-create-public-threads = Create Public Threads
permission-attach-files = Attach Files
permission-read-message-history = Read Message History

# /matches: the reader's running matches and open offers.
matches-running = Your running matches:
# $thread: a channel link; $players: "alice vs bob"; $variant: the variant's name
matches-running-line = { $thread }: { $players } ({ $variant })
matches-offers = Your open challenges and seeks (a button withdraws one):
# $n: the number on the button
matches-challenge-line = { $n }. A challenge to { $players } ({ $variant })
matches-seek-line = { $n }. A seek ({ $variant })
matches-none = You have no running match and no open challenge on this server.

## Issue 35 §2: the private Challenge form of the user command. $opponent (a mention), $variant, $time (text: "10+10")
challenge-form = Challenge { $opponent } to a match: { $variant }, { $time }. Change the variant or the time below, or press Challenge.
challenge-form-variant = Variant
challenge-form-time = Time control (minutes+seconds)
button-challenge = Challenge
