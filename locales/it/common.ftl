# Parole comuni: varianti, colori, unità, punti, elenchi, lingue.

## Varianti (docs/rules.md §5)
variant-classic = Classica
variant-single = Partita singola
variant-five = Cinque in fila
variant-popout = PopOut
variant-small = Griglia piccola
variant-misere = Misère
variant-cylinder = Cilindro
variant-obstacles = Ostacoli
variant-random-opening = Apertura casuale
variant-three-players = Tre giocatori
variant-teams = Squadre

## Colori
color-red = Rosso
color-yellow = Giallo
color-blue = Blu
color-random = Casuale

## Lingue
language-auto = Lingua di Discord
language-en-US = English
language-de = Deutsch
language-it = Italiano
language-el = Ελληνικά
language-bg = Български

## Unità
unit-seconds = { $count ->
    [one] { $count } secondo
   *[other] { $count } secondi
}
unit-minutes = { $count ->
    [one] { $count } minuto
   *[other] { $count } minuti
}
unit-hours = { $count ->
    [one] { $count } ora
   *[other] { $count } ore
}
unit-days = { $count ->
    [one] { $count } giorno
   *[other] { $count } giorni
}

## Durate brevi
duration-hours-minutes = { $hours } h { $minutes } min
duration-days = { $days ->
    [one] { $days } g
   *[other] { $days } gg
}
duration-days-hours = { $days ->
    [one] { $days } g
   *[other] { $days } gg
} { $hours } h

time-control-words = { $base } + { $increment } a mossa

## Punti
points = { $count ->
    [one] { $points } punto
   *[other] { $points } punti
}
points-half = ½ punto

list-and = { $first } e { $last }

versus = { $first } contro { $second }
team-name = Squadra { $team }
the-bot = il bot
the-bot-level = il bot (livello { $level })
yes = sì
no = no
time-in = tra { $duration }
