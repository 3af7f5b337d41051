# Откази (лични отговори) и извинението при вътрешна грешка.

error-not-your-turn = Не си на ход: на ход е { $player }.
error-column-full = Колона { $column } е пълна; избери друга.
error-column-out-of-range = На тази дъска няма колона { $column } (от a до { $last }).
error-stale-button = Този бутон е от по-ранен ход. Използвай бутоните под най-новата дъска.
error-not-a-player = Не играеш в този мач. Но можеш спокойно да гледаш и да пишеш в чата.
error-challenge-expired = Това предизвикателство е изтекло.
error-challenge-not-for-you = Това предизвикателство е отправено към някой друг.
error-challenge-answered = На това предизвикателство вече е отговорено.
error-own-challenge = Не можеш да приемеш собственото си предизвикателство. С отказ го оттегляш.
error-seek-expired = Тази покана е изтекла.
error-seek-full = Всички места вече са заети.
error-seek-already-joined = Вече имаш място.
error-seek-not-yours = Само който е публикувал това търсене, може да го оттегли.
error-no-own-disc-to-pop = Можеш да извадиш само свой пул: най-долният пул в колона { $column } не е твой.
error-nothing-to-pop = Колона { $column } е празна: няма пул за изваждане.
error-pop-not-allowed = Изваждане на пулове е позволено само в PopOut.
error-game-over = Тази партия вече е приключила.
error-match-over = Този мач вече е приключил.
error-bad-time-control = „{ $input }“ не е валидна контрола на времето. Напиши основа+добавка, основата в минути и добавката в секунди, например 10+10. Основата може да е от { $min-base } до { $max-base }, а добавката от 0 секунди до { $max-increment }.
error-unknown-variant = Няма вариант „{ $input }“. Варианти: { $variants }.
error-unknown-choice = „{ $input }“ не е сред възможностите на тази опция.
error-variant-not-allowed = Вариантът { $variant } не е разрешен на този сървър.
error-wrong-channel = На този сървър мачовете започват в { $channel }.
error-same-opponent = Вече имаш текущ мач срещу { $opponent }. Първо го завърши.
error-banned = Блокиран си от ранглистата на този сървър.
error-player-banned = { $player } е блокиран от ранглистата на този сървър.
error-moderator-only = Това могат да правят само модераторите (право „Управление на сървъра“).
error-no-match-here = Нямаш текущ мач в този канал.
error-nothing-to-ready = В момента няма следваща партия, за която да се приготвиш.
error-already-ready = Вече натисна „Готов“.
error-needs-opponent2 = { $variant } изисква втори противник: използвай опцията противник2.
error-needs-teammate = { $variant } изисква съотборник и втори противник: използвай опциите съотборник и противник2.
error-too-many-players = { $variant } е за двама играчи; не попълвай противник2 и съотборник.
error-color-single-only = Цвят можеш да избереш само в единична партия.
error-level-bot-only = Опцията ниво важи само за игра срещу бота.
error-level-out-of-range = Нивото трябва да е от { $min } до { $max }.
error-duplicate-player = Всяко място трябва да е за различен играч.
error-guild-only = Тази команда работи само в сървър.
error-match-not-found = Тук няма мач { $id }.
error-analyze-not-finished = Могат да се анализират само приключили мачове.
error-internal = Съжаляваме, нещо се обърка при нас. Грешката е записана; опитай отново след малко.
error-panic = Съжаляваме, fourbot срещна грешка, докато отговаряше. Тя е записана; мачовете ти продължават и можеш да опиташ отново след малко.

# pitfalls branch
error-other-bot = Не можеш да предизвикаш друг бот. Предизвикай човек или самия fourbot за игра срещу неговия ИИ.
# Reliability (issue 11)
error-try-again = Това не можа да се запише точно сега, затова нищо не е променено. Натисни бутона отново след малко.
error-rematch-expired = Предложението за реванш изтече. Започни нов мач с /challenge.
error-several-matches = Имаш няколко текущи мача: { $threads }. Използвай командата в нишката на мача, който имаш предвид.
error-not-your-challenge = Само който е отправил това предизвикателство, може да го оттегли.
