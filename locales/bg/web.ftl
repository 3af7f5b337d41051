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
