# Предизвикателства (/challenge) и отворени покани (/seek).

challenge-posted = { $challenger } предизвиква { $opponents } на мач: { $variant }, { $time }. Предизвикателството изтича { $expires }.
challenge-ai-started = { $challenger } играе срещу бота (ниво { $level }): { $variant }. Не е за рейтинг.
challenge-color = Цвят на { $player }: { $color }.
challenge-accepted = { $player } прие.
challenge-waiting-for = Още чакаме { $players }.
challenge-declined = { $player } отказа предизвикателството.
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
