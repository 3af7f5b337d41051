# Отговори към модераторите: /ladder и /config.

ladder-reset-done = В ранглистата на този сървър започна нов сезон ({ $season }). Рейтингите от стария сезон остават в архива.
ladder-void-done = Мач { $id } е анулиран: промените в рейтинга от него са отменени.
ladder-void-already = Мач { $id } вече беше анулиран.
ladder-ban-done = { $player } е блокиран в ранглистата: без нови мачове за рейтинг.
ladder-ban-already = { $player } вече беше блокиран.
ladder-unban-done = { $player } отново може да играе мачове за рейтинг.
ladder-unban-not-banned = { $player } не е блокиран.

config-title = Настройки на сървъра
config-time = Контрола на времето по подразбиране: { $time }
config-abort-window = Срок за първи ход: { $duration }
config-variants = Разрешени варианти: { $variants }
config-variants-all = всички
config-channel = Канал за мачове: { $channel }
config-channel-any = всеки канал
config-channel-conflict = Избери или канал за мачове, или всеки-канал, не и двете.
config-language = Език на публичните съобщения: { $language }
config-saved = Настройките на сървъра са запазени.
config-bad-abort-window = Срокът за първи ход трябва да е от { $min } до { $max }.

## Issue 9: the challenge expiry of /config. $duration (text: "10 minutes"); $min, $max (text: "1 minute", "14 minutes")
config-challenge-expiry = Срок на предизвикателствата: { $duration }
config-bad-challenge-expiry = Срокът на предизвикателствата трябва да е от { $min } до { $max }.
# pitfalls branch: /ladder abort
ladder-abort-done = Мач { $id } е прекратен: няма резултат и рейтингът не се променя.
ladder-abort-not-running = Мач { $id } не се играе в момента, така че няма какво да се прекрати.
config-tournaments-anyone = Турнири: всеки може да създава.
config-tournaments-moderators = Турнири: създават ги само модераторите.
