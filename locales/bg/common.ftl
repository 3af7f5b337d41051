# Общи думи: варианти, цветове, единици, точки, списъци, езици.

## Варианти (docs/rules.md §5)
variant-classic = Класически
variant-single = Единична партия
variant-five = Пет в редица
variant-popout = PopOut
variant-small = Малка дъска
variant-misere = Мизер
variant-cylinder = Цилиндър
variant-obstacles = Препятствия
variant-random-opening = Случаен дебют
variant-three-players = Трима играчи
variant-teams = Отбори

## Цветове
color-red = Червено
color-yellow = Жълто
color-blue = Синьо
color-random = Случаен

## Езици
language-auto = Езикът на Discord
language-en-US = English
language-de = Deutsch
language-it = Italiano
language-el = Ελληνικά
language-bg = Български

## Единици (след число мъжкият род е в бройна форма: 2 часа, 5 хода)
unit-seconds = { $count ->
    [one] { $count } секунда
   *[other] { $count } секунди
}
unit-minutes = { $count ->
    [one] { $count } минута
   *[other] { $count } минути
}
unit-hours = { $count ->
    [one] { $count } час
   *[other] { $count } часа
}
unit-days = { $count ->
    [one] { $count } ден
   *[other] { $count } дни
}

## Кратки продължителности
duration-hours-minutes = { $hours } ч { $minutes } мин
duration-days = { $days ->
    [one] { $days } ден
   *[other] { $days } дни
}
duration-days-hours = { $days ->
    [one] { $days } ден
   *[other] { $days } дни
} { $hours } ч

time-control-words = { $base } + { $increment } на ход

## Точки
points = { $count ->
    [one] { $points } точка
   *[other] { $points } точки
}
points-half = ½ точка

list-and = { $first } и { $last }

versus = { $first } срещу { $second }
team-name = Отбор { $team }
the-bot = ботът
the-bot-level = ботът (ниво { $level })
yes = да
no = не
time-in = след { $duration }
