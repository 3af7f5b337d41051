# Shared words: variants, colors, units, points, lists, languages.
# Arguments are listed above each message: (text) is shown as is, (number)
# selects plural forms by the language's CLDR rules.

## Variant names (docs/rules.md §5); also the /challenge, /seek, /rules choices.
variant-classic = Classic
variant-single = Single game
variant-five = Five in a row
variant-popout = PopOut
variant-small = Small board
variant-misere = Misère
variant-cylinder = Cylinder
variant-obstacles = Obstacles
variant-random-opening = Random opening
variant-three-players = Three players
variant-teams = Teams

## Colors (capitalized: used as labels and as the /challenge color choices).
color-red = Red
color-yellow = Yellow
color-blue = Blue
color-random = Random

## Languages (choices of /settings and /config language).
language-auto = Discord's language
language-en-US = English
language-de = Deutsch
language-it = Italiano
language-el = Ελληνικά
language-bg = Български

## Units in words. $count (number)
unit-seconds = { $count ->
    [one] { $count } second
   *[other] { $count } seconds
}
unit-minutes = { $count ->
    [one] { $count } minute
   *[other] { $count } minutes
}
unit-hours = { $count ->
    [one] { $count } hour
   *[other] { $count } hours
}
unit-days = { $count ->
    [one] { $count } day
   *[other] { $count } days
}

## Short durations for banks and deadlines (under an hour the bot writes 9:58).
# $hours (number), $minutes (text, two digits)
duration-hours-minutes = { $hours } h { $minutes } min
# $days (number)
duration-days = { $days } d
# $days (number), $hours (number)
duration-days-hours = { $days } d { $hours } h

# $base (text, e.g. "10 minutes"), $increment (text, e.g. "10 seconds")
time-control-words = { $base } + { $increment } per move

## Points. $count (number: 1, 1.5, 2 …), $points (text: 1, 1½, 2 …)
points = { $count ->
    [one] { $points } point
   *[other] { $points } points
}
points-half = ½ point

## Lists. $first (text: the items but the last, joined by ", "), $last (text)
list-and = { $first } and { $last }

## Sides and players.
# $first (text), $second (text)
versus = { $first } vs { $second }
# $team (text: A or B)
team-name = Team { $team }
the-bot = the bot
# $level (number)
the-bot-level = the bot (level { $level })
yes = yes
no = no
# $duration (text: "2:59")
time-in = in { $duration }
