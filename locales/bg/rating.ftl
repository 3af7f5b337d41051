# /rating, /leaderboard, /history и /analyze.

rating-title = { $player } · { $variant }
rating-value = Рейтинг: { $rating }
rating-deviation = Отклонение: { $deviation }
rating-provisional-note = „?“ означава временен рейтинг: той се уточнява след още няколко мача за рейтинг.
rating-record = { $matches ->
    [one] { $matches } мач за рейтинг
   *[other] { $matches } мача за рейтинг
}: { $wins } победи, { $draws } равни, { $losses } загуби
rating-rank = Място { $rank } от { $total } в този сървър
rating-unranked-banned = Извън класирането на този сървър, докато е в сила забраната
rating-none = { $player } още не е играл мач за рейтинг в { $variant } на този сървър. Всички започват от 1500?.
rating-unrated-variant = { $variant } не е за рейтинг.

head-to-head-title = Един срещу друг: { $player } срещу { $opponent }
head-to-head-record = { $matches ->
    [one] { $matches } мач
   *[other] { $matches } мача
}; партии: { $won } победи, { $drawn } равни, { $lost } загуби; точки { $points } : { $other }
head-to-head-none = { $player } и { $opponent } още не са завършили мач помежду си на този сървър.
head-to-head-self = Резултатите един срещу друг изискват двама различни играчи: избери някой друг за `срещу`.

leaderboard-title = Класация · { $variant }
leaderboard-season = Сезон { $season }
leaderboard-empty = Още никой не е играл мач за рейтинг в { $variant } на този сървър.

history-title = Последни мачове на { $player }
history-line = { $date } · { $variant } · { $players } · { $score } · { $change }
history-unrated = без рейтинг
history-voided = анулиран
history-aborted = прекратен
history-forfeit = служебно
history-empty = { $player } още не е завършил мач.

analyze-title = Анализ на мач { $id }
analyze-exact = Точни оценки от решаващата програма (дъска 7×6, класически правила).
analyze-progress = Анализ… { $done }/{ $total } хода
analyze-game = Партия { $game }
analyze-line = { $ply }. { $disc } { $move }: { $verdict }

# pitfalls branch: /analyze verdicts (the mover's theoretical result)
analyze-result-win = победа
analyze-result-draw = реми
analyze-result-loss = загуба
analyze-result-unknown = неизвестно
analyze-change = от { $before } към { $after }
analyze-threw-win = изпусна победа
analyze-draw-to-loss = превърна ремито в загуба
analyze-no-mistakes = Без грешки: всеки ход запази теоретичния си резултат.
analyze-first-mistake = Дъската показва партия { $game } след първата грешка (ход { $ply }).
analyze-unsolved = За { $variant } няма точен анализ: решени са само партиите 7×6 с класически правила (Класически, Единична партия, Случаен дебют, Отбори).
# $user: a mention of who asked
late-answer = Твоята команда /{ $command } отне повече време, отколкото Discord държи отворен личен отговор, затова я изпращам като лично съобщение:

chart-matches = Мачове за рейтинг
chart-rating = Рейтинг
chart-rating-band = ± отклонение
chart-skill = Умение μ
chart-skill-band = ± неопределеност σ
chart-alt = Рейтинг в мачовете за рейтинг в { $variant }: линия с отклонението като ивица около нея.

table-rank = №
table-player = Играч
table-rating = Рейтинг
table-matches = Мачове
table-trend = 30 дни
