# Мачът в своята нишка, както го виждат играчи и зрители.

thread-name = { $players } · { $variant } { $time }

game-title = Партия { $game } от { $games }
game-over-title = Край на партията
match-over-title = Край на мача

## Начало
match-started = Мачът започва: { $players }. { $variant }, { $time }, { $games ->
    [one] една партия.
   *[other] { $games } партии; след всяка партия цветовете се разменят.
}
game-started = Партия { $game } от { $games }: пръв играе { $player }.
game-started-swapped = Партия { $game } от { $games }: цветовете са разменени, пръв играе { $player }.
game-drawn-opening = Тази партия започва от изтеглен дебют от четири пула, отбелязан в списъка с ходове.
game-obstacles = Сивите блокчета не са на никого: заемат своето поле, но никога не се броят за линия.

## Ход
turn-to-move = { $disc } На ход е { $player }.
turn-to-move-team = { $disc } На ход е { $player } ({ $team }).
turn-flag = Времето изтича { $flag }.
turn-first-move = Първи ход в мача за { $player }: часовникът тръгва едва след него. Ако няма ход, мачът ще бъде прекратен { $abort }.
turn-last-move = Последен ход: { $move }.
turn-type-hint = Натисни бутона на колона или напиши колоната (буква или число) в тази нишка.
turn-type-hint-popout = Натисни бутона на колона или напиши колоната; за да извадиш свой пул от най-долния ред, напиши -a или pop a.
moves-title = Ходове
move-drawn-marker = изтеглен
clock-title = Часовници
clock-line = { $disc } { $player }: { $bank }
clock-line-running = { $disc } { $player }: { $bank } ⏳
clock-not-started = не е пуснат
confirm-preview = Избра колона { $column }. Натисни я отново (или „Потвърди“), за да пуснеш пула.

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
game-clocks-resume = За всеки, който не е готов, часовниците тръгват отново { $resume }.
game-player-ready = { $player } е готов.
game-waiting-for = Чакаме: { $players }.

## Резултат от мача
match-won = { $winner } печели мача с { $score }.
match-drawn = Мачът завършва наравно, { $score }.
match-forfeit-flag = Времето на { $loser } изтече и мачът е загубен служебно. { $winner } печели с { $score }.
match-forfeit-resign = { $loser } предаде мача. { $winner } печели с { $score }.
match-forfeit-removed = Модератор извади { $loser } от мача, което се брои за служебна загуба. { $winner } печели с { $score }.
match-aborted = Мачът е прекратен: { $player } не направи първия си ход навреме. Няма резултат и рейтингът не се променя.
match-aborted-moderator = { $moderator } (модератор) прекрати мача. Няма резултат и рейтингът не се променя.
match-standings-title = Крайно класиране
match-standing-line = { $place }. { $player }: { $points }
match-standings-forfeit = { $player } загуби служебно и е на последно място.
match-rating-change = { $player }: { $before } → { $after } ({ $change })
match-unrated = Този мач не е за рейтинг.
match-unrated-single = Единичната партия никога не е за рейтинг.
match-unrated-ai = Партиите срещу бота никога не са за рейтинг.
match-unrated-self = Един и същ играч от двете страни: не е за рейтинг.
match-rematch-offered = { $player } предлага реванш.
match-thread-archived = Мачът свърши; тази нишка ще бъде архивирана.

## След рестарт
restart-notice = Ботът беше рестартиран. { $player }, твоят ход започва отначало с времето, което имаше в началото му: { $bank }. Прекъсването не е отчетено на никого.
