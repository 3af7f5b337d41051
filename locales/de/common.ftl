# Gemeinsame Wörter: Varianten, Farben, Einheiten, Punkte, Listen, Sprachen.

## Varianten (RULES.md §5)
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

## Zeitvorgaben
time-preset-3-2 = 3+2 (3 Minuten, +2 Sekunden pro Zug)
time-preset-5-5 = 5+5 (5 Minuten, +5 Sekunden pro Zug)
time-preset-10-10 = 10+10 (10 Minuten, +10 Sekunden pro Zug)
time-preset-30-30 = 30+30 (30 Minuten, +30 Sekunden pro Zug)

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

games-count = { $count ->
    [one] { $count } Partie
   *[other] { $count } Partien
}
matches-count = { $count ->
    [one] { $count } Match
   *[other] { $count } Matches
}
moves-count = { $count ->
    [one] { $count } Zug
   *[other] { $count } Züge
}

list-and = { $first } und { $last }

versus = { $first } vs. { $second }
team-name = Team { $team }
team-with-players = Team { $team } ({ $players })
the-bot = der Bot
the-bot-level = der Bot (Stufe { $level })
yes = ja
no = nein
time-in = in { $duration }
