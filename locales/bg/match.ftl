# Мачът в своята нишка, както го виждат играчи и зрители.

thread-name = { $players } · { $variant } { $time }

game-title = Партия { $game } от { $games }
match-over-title = Край на мача

## Ход
turn-to-move = { $disc } На ход е { $player }.
turn-to-move-team = { $disc } На ход е { $player } ({ $team }).
turn-flag = Времето изтича { $flag }.
turn-first-move = Първи ход в мача за { $player }: часовникът тръгва едва след него. Ако няма ход, мачът ще бъде прекратен { $abort }.
turn-last-move = Последен ход: { $move }.
moves-title = Ходове
clock-title = Часовници
clock-line = { $disc } { $player }: { $bank }
clock-line-running = { $disc } { $player }: { $bank } ⏳

## Резултат от партия
game-won-line = { $winner } печели партия { $game } с { $connect } в редица.
game-won-misere = { $winner } печели партия { $game }: { $loser } направи линия от { $connect } и затова губи.
game-won-pop = { $winner } печели партия { $game }: изваждането на { $loser } даде линия на { $winner }.
game-won-resign = { $loser } предаде партия { $game }; печели я { $winner }.
game-drawn-full-board = Партия { $game } завършва реми: дъската е пълна и никой няма линия.
game-drawn-no-legal-move = Партия { $game } завършва реми: { $player } няма допустим ход.
game-drawn-repetition = Партия { $game } завършва реми: същата позиция се повтори за трети път.
game-score = Резултат: { $first } { $score } { $second }
game-ready-prompt = Натисни „{ button-ready }“, когато си готов. Часовниците стоят спрени { $grace }; после тече времето на всеки, който още не е готов.
game-player-ready = { $player } е готов.

## Резултат от мача
match-won = { $winner } печели мача с { $score }.
match-drawn = Мачът завършва наравно, { $score }.
match-forfeit-flag = Времето на { $loser } изтече и мачът е загубен служебно. { $winner } печели с { $score }.
match-forfeit-resign = { $loser } предаде мача. { $winner } печели с { $score }.
match-forfeit-removed = Модератор извади { $loser } от мача, което се брои за служебна загуба. { $winner } печели с { $score }.
match-aborted = Мачът е прекратен: { $player } не направи първия си ход навреме. Няма резултат и рейтингът не се променя.
match-aborted-moderator = { $moderator } (модератор) прекрати мача. Няма резултат и рейтингът не се променя.
match-aborted-tournament-cancelled = Турнир { $id } беше отменен, затова този мач приключва тук: прекратен, няма резултат, рейтингът не се променя и мачът не се брои в никой турнир.
match-aborted-error = Мачът спря заради грешка в бота и не можа да продължи, затова беше прекратен. Няма резултат и рейтингът не се променя. Можете да започнете нов мач.
match-ended-resign = { $player } предаде мача.
match-ended-flag = Времето на { $player } изтече.
match-ended-removed = Модератор извади { $player } от мача.
match-aborted-unplayed = Мачът е прекратен: { $player } не направи нито един ход в него, а мач се брои само когато всички играчи са играли. Няма резултат и рейтингът не се променя.
match-no-first-move = { $player } не направи първия си ход навреме.
match-tournament-forfeit = В турнир това е служебна загуба: { $winner } печели мача.
match-tournament-unrated = Резултатът се брои в турнир { $id }, но не и за рейтинга: { $player } не направи нито един ход в мача, а за рейтинга се брои само мач, в който всички са играли.
match-tournament-counts = Резултатът се брои в турнир { $id }.
match-standings-title = Крайно класиране
match-standing-line = { $place }. { $player }: { $points }
match-standings-forfeit = { $player } загуби служебно и е на последно място.
match-rating-change = { $player }: { $before } → { $after } ({ $change })
match-unrated-single = Единичната партия никога не е за рейтинг.
match-unrated-ai = Партиите срещу бота никога не са за рейтинг.
match-unrated-self = Един и същ играч от двете страни: не е за рейтинг.
match-unrated-tournament = Турнир { $id } е без рейтинг: мачовете му не променят рейтинга.
match-rematch-offered = { $player } предлага реванш.

## След рестарт
restart-notice = Ботът беше рестартиран. { $player }, твоят ход започва отначало с времето, което имаше в началото му: { $bank }. Прекъсването не е отчетено на никого.

## „Предай мача“ първо пита (лично). $expires (относително време)
resign-confirm = Да предадеш целия мач? Въпросът изтича { $expires }.
resign-kept = Продължаваш да играеш.
resign-confirm-expired = Въпросът изтече. Натисни отново { button-resign-match }, ако наистина искаш.

match-aborted-no-access = Мачът ти { $players } в <#{ $thread }> беше прекратен без резултат: вече не мога да пиша в нишката му (отнето е разрешение или нишката я няма), така че никой не виждаше дъската. Рейтингът не се променя. Помоли модератор да ми върне там „Изпращане на съобщения в нишки“.
# $last: the last column's letter
turn-typing-hint = Ходовете могат и да се пишат: буквата на колоната (a–{ $last }) или номерът ѝ отляво.

## /replay of a long game. $game (number), $moves (number), $step (number)
replay-sampled = Партия { $game } има { $moves } хода, повече, отколкото показва едно повторение: показва по един ход на всеки { $step }, винаги първия и последния.
# $game (number)
replay-too-large = Партия { $game } е твърде дълга, за да се нарисува като повторение.

## Алтернативен текст на картината на дъската. $column (текст: буква), $discs (текст: цветове отдолу нагоре)
board-alt-column = Колона { $column }: { $discs }.
board-alt-empty = Дъската е празна.
board-alt-block = препятствие
# $move (текст: "d", "pop b")
board-alt-last = Последен ход: { $move }.
# $color (текст)
board-alt-to-move = На ход е: { $color }.
board-alt-won = Спечели: { $color }.
board-alt-drawn = Партията е реми.
# $game (число)
board-alt-replay = Повторение на партия { $game }, ход по ход. Накрая:
# $column (текст: буква)
board-alt-preview = Преглед: твоят диск в колона { $column }.

take-back-asked = { $player } иска да върне хода си { $move }. { $opponent }, приемаш ли? Молбата отпада, щом { $opponent } изиграе ход, или след { $minutes ->
    [one] { $minutes } минута
   *[other] { $minutes } минути
}. Часовникът не се връща назад: изразходваното време остава изразходвано.
take-back-accepted = { $opponent } прие връщането на хода.
take-back-declined = { $opponent } отказа връщането на хода. Ходът остава.
take-back-done = Ходът { $move } на { $player } беше върнат: { $player } е отново на ход. Часовникът не се връща назад: изразходваното време остава изразходвано.
take-back-rated = Ходове се връщат само в мачове без рейтинг: в мач за рейтинг всеки ход остава.
take-back-tournament = В турнирни мачове ходове не се връщат.
take-back-ai = Срещу ИИ ходове не се връщат: той отговаря веднага на хода ти, така че никога няма момент да попиташ.
take-back-players = Ходове се връщат само в мачове на двама играчи.
take-back-nothing = Можеш да върнеш само собствения си последен ход, докато противникът ти е на ход.
take-back-limit = { $limit ->
    [one] Можеш да поискаш { $limit } връщане на ход в партия и вече си го поискал.
   *[other] Можеш да поискаш { $limit } връщания на ход в партия и вече си ги поискал.
}
take-back-expired = Тази молба за връщане на ход вече не е отворена: отговорено е или е заменена, времето ѝ изтече, позицията се промени или ботът беше рестартиран междувременно.
take-back-not-opponent = Само { $player } може да отговори на тази молба за връщане на ход.
## Issue 35 §2: личният избор на мач
pick-match-resign = Имаш няколко текущи мача. От кой се отказваш?
pick-match-resign-game = Имаш няколко текущи мача. В кой се отказваш от текущата партия?
pick-match-board = Имаш няколко текущи мача. Чия дъска искаш да видиш?
pick-match-placeholder = Избери мач
pick-match-option = #{ $id } · { $name }
pick-match-resigned = Отказа се от мач { $id }.
pick-match-resigned-game = Отказа се от текущата партия на мач { $id }.
