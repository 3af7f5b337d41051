# /rating, /leaderboard, /history und /analyze.

rating-title = { $player } · { $variant }
rating-value = Wertungszahl: { $rating }
rating-deviation = Abweichung: { $deviation }
rating-provisional-note = Ein „?“ kennzeichnet eine vorläufige Wertungszahl: Sie pendelt sich nach ein paar weiteren gewerteten Matches ein.
rating-record = { $matches ->
    [one] { $matches } gewertetes Match
   *[other] { $matches } gewertete Matches
}: { $wins } gewonnen, { $draws } unentschieden, { $losses } verloren
rating-rank = Platz { $rank } von { $total } auf diesem Server
rating-unranked-banned = Während der Sperre nicht in der Rangliste dieses Servers
rating-none = { $player } hat auf diesem Server noch kein gewertetes Match in { $variant } gespielt. Alle beginnen mit 1500?.
rating-unrated-variant = { $variant } wird nicht gewertet.

head-to-head-title = Direkter Vergleich: { $player } gegen { $opponent }
head-to-head-record = { $matches ->
    [one] { $matches } Match
   *[other] { $matches } Matches
}; Partien: { $won } gewonnen, { $drawn } unentschieden, { $lost } verloren; Punkte { $points } : { $other }
head-to-head-none = { $player } und { $opponent } haben auf diesem Server noch kein Match gegeneinander beendet.
head-to-head-self = Ein direkter Vergleich braucht zwei verschiedene Spieler: wähle für `gegen` jemand anderen.

leaderboard-title = Bestenliste · { $variant }
leaderboard-season = Saison { $season }
leaderboard-empty = Auf diesem Server hat noch niemand ein gewertetes Match in { $variant } gespielt.

history-title = Letzte Matches von { $player }
history-line = { $date } · { $variant } · { $players } · { $score } · { $change }
history-unrated = ungewertet
history-voided = annulliert
history-aborted = abgebrochen
history-forfeit = kampflos
history-empty = { $player } hat noch kein Match beendet.

analyze-title = Analyse von Match { $id }
analyze-exact = Exakte Bewertungen des Lösers (7×6-Brett, klassische Regeln).
analyze-progress = Analyse läuft… { $done }/{ $total } Züge
analyze-game = Partie { $game }
analyze-line = { $ply }. { $disc } { $move }: { $verdict }

# pitfalls branch: /analyze verdicts (the mover's theoretical result)
analyze-result-win = Gewinn
analyze-result-draw = Remis
analyze-result-loss = Verlust
analyze-result-unknown = unbekannt
analyze-change = von { $before } zu { $after }
analyze-threw-win = hat einen Gewinn verschenkt
analyze-draw-to-loss = hat ein Remis in einen Verlust verwandelt
analyze-no-mistakes = Keine Fehler: Jeder Zug hat sein theoretisches Ergebnis gehalten.
analyze-first-mistake = Das Brett zeigt Partie { $game } nach dem ersten Fehler (Zug { $ply }).
analyze-unsolved = Für { $variant } gibt es keine exakte Analyse: Gelöst sind nur 7×6-Partien mit klassischen Regeln (Klassisch, Einzelpartie, Zufallseröffnung, Teams).
# $user: a mention of who asked
late-answer = Dein /{ $command } hat länger gedauert, als Discord eine private Antwort offen hält, darum kommt es als Direktnachricht:

chart-matches = Gewertete Matches
chart-rating = Wertungszahl
chart-rating-band = ± Abweichung
chart-skill = Spielstärke μ
chart-skill-band = ± Unsicherheit σ
chart-alt = Wertungszahl über die gewerteten Matches in { $variant }: eine Linie mit der Abweichung als Band darum.

table-rank = Nr.
table-player = Spieler
table-rating = Wertung
table-matches = Matches
table-trend = 30 Tage
