# Gemeinsame Wörter: Varianten, Farben, Einheiten, Punkte, Listen, Sprachen.

## Varianten (docs/rules.md §5)
variant-classic = Klassisch
variant-single = Einzelpartie
variant-five = Fünf in einer Reihe
variant-popout = PopOut
variant-small = Kleines Brett
variant-misere = Misère
variant-cylinder = Zylinder
variant-obstacles = Hindernisse
variant-random-opening = Zufallseröffnung
variant-three-players = Drei Spieler
variant-teams = Teams

## Farben
color-red = Rot
color-yellow = Gelb
color-blue = Blau
color-random = Zufällig

## Sprachen
language-auto = Sprache von Discord
language-en-US = English
language-de = Deutsch
language-it = Italiano
language-el = Ελληνικά
language-bg = Български

## Einheiten
unit-seconds = { $count ->
    [one] { $count } Sekunde
   *[other] { $count } Sekunden
}
unit-minutes = { $count ->
    [one] { $count } Minute
   *[other] { $count } Minuten
}
unit-hours = { $count ->
    [one] { $count } Stunde
   *[other] { $count } Stunden
}
unit-days = { $count ->
    [one] { $count } Tag
   *[other] { $count } Tage
}

## Kurze Dauern
duration-hours-minutes = { $hours } Std. { $minutes } Min.
duration-days = { $days } Tg.
duration-days-hours = { $days } Tg. { $hours } Std.

time-control-words = { $base } + { $increment } pro Zug

## Punkte
points = { $count ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
}
points-half = ½ Punkt

list-and = { $first } und { $last }

versus = { $first } vs. { $second }
team-name = Team { $team }
the-bot = der Bot
the-bot-level = der Bot (Stufe { $level })
yes = ja
no = nein
time-in = in { $duration }
