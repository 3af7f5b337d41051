# Antworten an Moderatoren: /ladder und /config.

ladder-reset-done = Auf der Rangliste dieses Servers hat eine neue Saison ({ $season }) begonnen. Die Wertungen der alten Saison bleiben im Archiv erhalten.
ladder-void-done = Match { $id } ist annulliert: Seine Wertungsänderungen wurden rückgängig gemacht.
ladder-void-already = Match { $id } war schon annulliert.
ladder-ban-done = { $player } ist von der Rangliste gesperrt: keine neuen gewerteten Matches.
ladder-ban-already = { $player } war schon gesperrt.
ladder-unban-done = { $player } darf wieder gewertete Matches spielen.
ladder-unban-not-banned = { $player } ist nicht gesperrt.

config-title = Servereinstellungen
config-time = Standard-Bedenkzeit: { $time }
config-abort-window = Frist für den ersten Zug: { $duration }
config-variants = Erlaubte Varianten: { $variants }
config-variants-all = alle
config-channel = Kanal für Matches: { $channel }
config-channel-any = jeder Kanal
config-channel-conflict = Wähle entweder einen Match-Kanal oder beliebiger-kanal, nicht beides.
config-language = Sprache öffentlicher Nachrichten: { $language }
config-saved = Die Servereinstellungen wurden gespeichert.
config-bad-abort-window = Die Frist für den ersten Zug muss mindestens { $min } und höchstens { $max } betragen.

## Issue 9: the challenge expiry of /config. $duration (text: "10 minutes"); $min, $max (text: "1 minute", "14 minutes")
config-challenge-expiry = Frist für Herausforderungen: { $duration }
config-bad-challenge-expiry = Die Frist für Herausforderungen muss mindestens { $min } und höchstens { $max } betragen.
# pitfalls branch: /ladder abort
ladder-abort-done = Match { $id } ist abgebrochen: kein Ergebnis, keine Wertungsänderung.
ladder-abort-not-running = Match { $id } läuft nicht; es gibt nichts abzubrechen.
config-tournaments-anyone = Turniere: alle dürfen welche anlegen.
config-tournaments-moderators = Turniere: nur Moderatoren legen sie an.

## Issue 32: die Grenzen von /config
config-limit = { $limit }: { $value } (dieser Bot erlaubt bis zu { $max })
config-bad-limit = { $limit } muss zwischen 1 und { $max } liegen, nicht { $value }: { $max } ist das Höchste, was der Betreiber dieses Bots erlaubt.
limit-name-ai-matches = Gleichzeitige Matches gegen den Bot, pro Mitglied
limit-name-open-offers = Offene Herausforderungen und Gesuche, pro Mitglied
limit-name-analyses = Wartende oder laufende Analysen, pro Mitglied
limit-name-replays-per-minute = /replay und /export (je) pro Minute, pro Mitglied
limit-name-server-replays-per-minute = /replay und /export (je) pro Minute, pro Server

## Issue 35 §6: das Moderationsprotokoll
modlog-ban = 🔨 { $moderator } hat { $player } von der Rangliste gesperrt.
modlog-unban = { $moderator } hat die Ranglistensperre von { $player } aufgehoben.
modlog-void = { $moderator } hat Match { $id } annulliert: seine Wertungsänderungen sind rückgängig gemacht.
modlog-abort = { $moderator } hat Match { $id } abgebrochen.
modlog-season = { $moderator } hat Saison { $season } der Rangliste begonnen.
modlog-config = ⚙️ { $moderator } hat die Servereinstellungen geändert:
modlog-tournament-cancel = { $moderator } hat Turnier { $tournament } abgesagt.
modlog-tournament-remove = { $moderator } hat { $player } aus Turnier { $tournament } genommen.
modlog-tournament-void = { $moderator } hat Runde { $round }, Brett { $board } von Turnier { $tournament } annulliert.
modlog-reason = Grund: { $reason }
modlog-no-reason = Kein Grund angegeben.
config-modlog = Moderationsprotokoll: { $channel }
config-modlog-none = keins
config-modlog-conflict = Wähle entweder einen Kanal für das Moderationsprotokoll oder modprotokoll-aus, nicht beides.

# Issue 35 §2: the placeholder of /config's multi-select of the allowed variants
config-variants-placeholder = Erlaubte Varianten (eine oder mehrere wählen)

config-web-on = Webseiten: an — alle mit einem Link können die Matches dieses Servers ansehen.
config-web-off = Webseiten: aus.
config-web-choice-on = an
config-web-choice-off = aus
