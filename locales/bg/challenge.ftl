# Предизвикателства (/challenge) и отворени покани (/seek).

challenge-posted = { $challenger } предизвиква { $opponents } на мач: { $variant }, { $time }. Предизвикателството изтича { $expires }.
challenge-ai-started = { $challenger } играе срещу бота (ниво { $level }): { $variant }. Не е за рейтинг.
challenge-color = Цвят на { $player }: { $color }.
challenge-accepted = { $player } прие.
challenge-waiting-for = Още чакаме { $players }.
challenge-declined = { $player } отказа предизвикателството.
challenge-withdrawn = { $player } оттегли предизвикателството.
challenge-expired-notice = Никой не отговори навреме; предизвикателството изтече.
seek-posted = { $player } търси противници за мач: { $variant }, { $time }. { $free ->
    [one] Има едно свободно място.
   *[other] Има { $free } свободни места.
} Натисни „{ button-join }“, за да играеш.
seek-joined = { $player } се включи. { $free ->
    [0] Всички места са заети.
    [one] Остава едно свободно място.
   *[other] Остават { $free } свободни места.
}
seek-expired-notice = Никой не се включи навреме; поканата изтече.
seek-cancelled = { $player } оттегли търсенето.

## Личният отговор на /challenge и /seek, щом предложението е публикувано под него. $expires (относително време)
offer-posted = Публикувано. Изтича { $expires }.
offer-started = Мачът започва в нишка към съобщението по-долу.

offer-wrong-channel = Тук не може да започне мач: нишката му има нужда от текстов канал или канал за обяви (не нишка, форум, гласов канал или сцена). Направи предложението в такъв канал.
offer-missing-permissions = Не мога да отворя нишка за мач тук: липсва ми { $permissions }. Модератор може да ми го даде в настройките на този канал.
permission-view-channel = Преглед на канала
permission-send-messages-in-threads = Изпращане на съобщения в нишки
permission-create-public-threads = Създаване на публични нишки
permission-attach-files = Прикачване на файлове
permission-read-message-history = Четене на историята на съобщенията

matches-running = Текущите ти мачове:
matches-running-line = { $thread }: { $players } ({ $variant })
matches-offers = Отворените ти предизвикателства и търсения (бутон оттегля едно):
matches-challenge-line = { $n }. Предизвикателство към { $players } ({ $variant })
matches-seek-line = { $n }. Отворено търсене ({ $variant })
matches-none = Нямаш текущ мач и отворено предизвикателство в този сървър.

## Issue 35 §2: the private Challenge form of the user command. $opponent (a mention), $variant, $time (text: "10+10")
challenge-form = Предизвикай { $opponent } на мач: { $variant }, { $time }. Смени отдолу варианта или времето, или натисни Предизвикай.
challenge-form-variant = Вариант
challenge-form-time = Контрола на времето (минути+секунди)
button-challenge = Предизвикай
