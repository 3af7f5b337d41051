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

## Issue 32: ограниченията на /config
config-limit = { $limit }: { $value } (този бот позволява до { $max })
config-bad-limit = „{ $limit }“ трябва да е от 1 до { $max }, не { $value }: { $max } е най-многото, което операторът на този бот позволява.
limit-name-ai-matches = Едновременни мачове срещу бота, на член
limit-name-open-offers = Отворени покани и търсения, на член
limit-name-analyses = Анализи, които чакат или вървят, на член
limit-name-replays-per-minute = /replay и /export (всяка) в минута, на член
limit-name-server-replays-per-minute = /replay и /export (всяка) в минута, на сървър

## Issue 35 §6: модераторският дневник
modlog-ban = 🔨 { $moderator } отстрани { $player } от класирането.
modlog-unban = { $moderator } отмени отстраняването на { $player } от класирането.
modlog-void = { $moderator } анулира мач { $id }: промените в рейтинга му са отменени.
modlog-abort = { $moderator } прекрати мач { $id }.
modlog-season = { $moderator } започна сезон { $season } на класирането.
modlog-config = ⚙️ { $moderator } промени настройките на сървъра:
modlog-tournament-cancel = { $moderator } отмени турнир { $tournament }.
modlog-tournament-remove = { $moderator } извади { $player } от турнир { $tournament }.
modlog-tournament-void = { $moderator } анулира кръг { $round }, дъска { $board } на турнир { $tournament }.
modlog-reason = Причина: { $reason }
modlog-no-reason = Не е посочена причина.
config-modlog = Модераторски дневник: { $channel }
config-modlog-none = няма
config-modlog-conflict = Избери или канал за модераторския дневник, или без-модераторски-дневник, не и двете.

# Issue 35 §2: the placeholder of /config's multi-select of the allowed variants
config-variants-placeholder = Разрешени варианти (избери един или повече)

config-web-on = Уеб страници: включени — всеки с връзка може да гледа мачовете на сървъра.
config-web-off = Уеб страници: изключени.
config-web-choice-on = включени
config-web-choice-off = изключени
