# Уеб страницата (issue 36, docs/web.md): масата на един мач като страница.

web-title = Мач { $id } · { $variant }
web-players = Играчи
web-moves = Ходове
web-no-moves = Още няма ходове.
web-score = Резултат: { $score }
web-game = Игра { $game } от { $games }
web-to-move = На ход е { $player }
web-between-games = Между игрите: чака се играчите да са готови.
web-match-over = Мачът приключи.
web-winner = Победител: { $player }
web-match-aborted = Прекратен е: без резултат.
web-match-drawn = Равен мач: точките се поделят.
web-clock-running = тече
web-seat-color = { $color } ({ $mark })
web-mark-ring = пръстен
web-mark-diamond = ромб
web-mark-triangle = триъгълник
web-ai = ИИ
web-board = Дъска, { $columns } колони на { $rows } реда
web-column = Колона { $column }, { $free ->
    [0] пълна
    [one] 1 свободна
   *[other] { $free } свободни
}
web-block = блок
web-announce-move = { $number }. { $color }, { $player }: { $move }
web-live = На живо: страницата следи мача, докато се играе.
web-finished = Този мач приключи; страницата показва как завърши.
web-spectator = Всеки играч играе тук чрез връзката в личния си /board в Discord.
web-not-found = Няма такава страница на мач.
web-not-found-title = Не е намерено
web-you-play = Играеш с { $color }.
web-your-move = Твой ход: избери колона.
web-drop = Пусни в { $column }
web-link-invalid-title = Невалидна връзка
web-link-invalid = Тази връзка е невалидна или е изтекла. Поискай нова в Discord.
web-action-refused-title = Не е изиграно
web-back-to-table = Обратно към масата
web-forbidden = Тази заявка не идва от страницата на масата.
web-open-table = Отвори масата
web-watch = Гледай в мрежата
web-replay = Преглед в мрежата
web-open-page = Отвори в мрежата
web-resign-game = Предай партията
web-resign-match = Предай мача
web-ready = Готов за следващата партия
web-resign-match-ask = Да предадеш ли целия мач? Губиш и оставащите партии.
web-yes-resign = Да, предай мача
web-no-play-on = Не, продължавам
web-too-many-title = Твърде много заявки
web-too-many = Твърде много заявки оттук. Опитай пак след { $seconds ->
    [one] една секунда
   *[other] { $seconds } секунди
}.
web-point-help = Посочи колона и щракни, за да пуснеш пула си там. На сензорен екран първото докосване избира колоната, а второто пуска. Клавиши: ← и → избират, Enter пуска, 1–{ $last } пускат направо в тази колона.
web-point-chosen = Избра колона { $column }: докосни я отново или натисни Enter, за да пуснеш.
web-point-full = Колона { $column } е пълна.
web-pop = Извади пула си от дъното на колона { $column }
web-pop-help = За да извадиш отдолу един от пуловете си, щракни върху знака − под колоната му (на сензорен екран: докосни го два пъти) или избери колоната и натисни − или P.
web-point-pop-chosen = Да се извади от колона { $column }? Докосни знака отново, за да извадиш.
web-point-no-pop = Не можеш да вадиш от колона { $column }.

# web tournament
web-tournament-standings = Класиране
web-tournament-rounds = Кръгове
web-tournament-round = Кръг { $round }
web-tournament-matches = Мачове
web-tournament-open = Отворен: започва { $start }. Играчите се включват в Discord.
web-tournament-open-manual = Отворен: започва, когато създателят му го стартира. Играчите се включват в Discord.
web-tournament-winner = Победител: { $player }
web-tournament-leader = Води: { $player } с { $points } точки.
web-tournament-entrants = Играчи ({ $count })
web-tournament-no-entrants = Още никой не се е включил.
web-tournament-no-pairings = Още няма изтеглен кръг.
web-tournament-column-rank = Място
web-tournament-column-byes = Почивки
web-tournament-board = Дъска { $board }
web-tournament-starts = започва
web-tournament-bye = почивка (1 точка)
web-tournament-playing = играе се
web-tournament-waiting = чака мача си
web-tournament-void = анулиран: не се брои
web-tournament-match = мач { $id }
web-tournament-withdrawn = отказал се
web-tournament-streak = в серия: следващата победа е двойна
web-tournament-result = Кръг { $round }, дъска { $board }: { $first } { $result } { $second }
web-tournament-paired = Кръг { $round } е изтеглен.
web-tournament-live = На живо: тази страница следи турнира, докато се играе.
web-tournament-over = Този турнир приключи; страницата показва как завърши.
# web replay
web-replay-at = Игра { $game } от { $games }, ход { $ply } от { $plies }
web-replay-at-move = Игра { $game } от { $games }, ход { $ply } от { $plies }: { $color } { $move }
web-replay-controls = Управление на повторението
web-replay-first = Начало
web-replay-back = Назад
web-replay-forward = Напред
web-replay-last = Край
web-replay-start = Начало
web-replay-games = Игри от мача
web-replay-help = Клавиши: ← и → връщат и придвижват с един ход, Home и End отиват в началото и в края на играта.
web-result = Резултат
web-rating-changes = Промени в рейтинга
web-game-aborted = Игра { $game } беше прекратена.
web-game-flag = Игра { $game }: времето на { $player } изтече.
web-game-resigned-match = Игра { $game }: { $player } се предаде в мача.
web-game-removed = Игра { $game }: модератор извади { $player } от мача.
web-files = Експорт и повторения
web-export = Мачът като текст (експорт)
web-gif = Игра { $game } като анимирана картинка (GIF)
web-replay-link = Повторение на този мач

# web people
web-people-ratings = Рейтинги
web-people-leaderboard-link = Класиране
web-people-trend = Последните 30 дни: { $change }
web-people-chart-summary = { $matches ->
    [one] { $matches } рейтингов мач
   *[other] { $matches } рейтингови мача
}: { $first } преди първия, { $now } сега; най-нисък { $low }, най-висок { $high }.
web-people-chart-table = Последните рейтингови мачове
web-people-col-match = Мач
web-people-col-date = Дата
web-people-col-deviation = Отклонение
web-people-col-change = Промяна
web-people-col-opponents = Противници
web-people-col-score = Резултат
web-people-col-opponent = Противник
web-people-col-games = Игри спечелени / равни / загубени
web-people-col-points = Точки
web-people-recent = Последни мачове
web-people-head-to-head = Един срещу друг
web-people-frequent = Срещу най-честите противници
web-people-no-opponents = Все още няма завършен мач срещу друг член на този сървър.
web-people-player-og = Рейтинги на този сървър: { $ratings }. Последни мачове и резултати един срещу друг.
web-people-player-og-none = Последни мачове и резултати един срещу друг на този сървър.
web-people-leaderboard-og = { $season } · първи: { $player } ({ $rating })
web-people-variants = Варианти
web-people-pages = Страници
web-people-page = Страница { $page }
web-people-failed-title = Няма достъп
web-people-failed = Тази страница не може да бъде прочетена в момента. Опитай отново след малко.
