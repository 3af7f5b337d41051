# Das Web-Frontend (Issue 36, docs/web.md): der Tisch eines Matches als Seite.

web-title = Match { $id } · { $variant }
web-players = Spieler
web-moves = Züge
web-no-moves = Noch keine Züge.
web-score = Stand: { $score }
web-game = Partie { $game } von { $games }
web-to-move = { $player } ist am Zug
web-between-games = Zwischen den Partien: Warten, bis alle bereit sind.
web-match-over = Das Match ist vorbei.
web-winner = Sieg: { $player }
web-match-aborted = Es wurde abgebrochen: kein Ergebnis.
web-match-drawn = Unentschieden: die Punkte werden geteilt.
web-clock-running = läuft
web-seat-color = { $color } ({ $mark })
web-mark-ring = Ring
web-mark-diamond = Raute
web-mark-triangle = Dreieck
web-ai = KI
web-board = Brett, { $columns } Spalten und { $rows } Reihen
web-column = Spalte { $column }, { $free ->
    [0] voll
   *[other] { $free } frei
}
web-block = Block
web-announce-move = { $number }. { $color }, { $player }: { $move }
web-live = Live: Diese Seite folgt dem Match, während es gespielt wird.
web-finished = Dieses Match ist vorbei; die Seite zeigt, wie es endete.
web-spectator = Jeder Spieler spielt hier über den Link in seinem privaten /board auf Discord.
web-not-found = Diese Match-Seite gibt es nicht.
web-not-found-title = Nicht gefunden
web-you-play = Du spielst { $color }.
web-your-move = Dein Zug: wähle eine Spalte.
web-drop = In { $column } werfen
web-link-invalid-title = Link ungültig
web-link-invalid = Dieser Link ist ungültig oder abgelaufen. Hol dir in Discord einen neuen.
web-action-refused-title = Nicht gespielt
web-back-to-table = Zurück zum Tisch
web-forbidden = Diese Anfrage kam nicht von der Seite des Tisches selbst.
web-open-table = Tisch öffnen
web-watch = Im Web zuschauen
web-replay = Im Web nachspielen
web-open-page = Im Web öffnen
web-resign-game = Partie aufgeben
web-resign-match = Match aufgeben
web-ready = Bereit für die nächste Partie
web-resign-match-ask = Das ganze Match aufgeben? Auch die noch ausstehenden Partien sind dann verloren.
web-yes-resign = Ja, Match aufgeben
web-no-play-on = Nein, weiterspielen
web-too-many-title = Zu viele Anfragen
web-too-many = Zu viele Anfragen von hier. Versuche es in { $seconds ->
    [one] einer Sekunde
   *[other] { $seconds } Sekunden
} wieder.
web-point-help = Zeige auf eine Spalte und klicke, um deinen Stein dort einzuwerfen. Auf einem Touchscreen wählt das erste Tippen die Spalte, das zweite wirft ein. Tasten: ← und → wählen, Enter wirft ein, 1–{ $last } wirft direkt in diese Spalte.
web-point-chosen = Spalte { $column } gewählt: tippe noch einmal oder drücke Enter, um einzuwerfen.
web-point-full = Spalte { $column } ist voll.
web-pop = Deinen Stein unten aus Spalte { $column } ziehen
web-pop-help = Um einen deiner Steine unten herauszuziehen, klicke auf die −-Marke unter seiner Spalte (auf einem Touchscreen: zweimal tippen), oder wähle die Spalte und drücke − oder P.
web-point-pop-chosen = Aus Spalte { $column } ziehen? Tippe die Marke noch einmal an, um zu ziehen.
web-point-no-pop = Aus Spalte { $column } kannst du nicht ziehen.

# web tournament
web-tournament-standings = Tabelle
web-tournament-rounds = Runden
web-tournament-round = Runde { $round }
web-tournament-matches = Partien
web-tournament-open = Offen: beginnt { $start }. Mitspielen kann man in Discord.
web-tournament-open-manual = Offen: beginnt, wenn es gestartet wird. Mitspielen kann man in Discord.
web-tournament-winner = Sieger: { $player }
web-tournament-leader = In Führung: { $player } mit { $points } Punkten.
web-tournament-entrants = Spieler ({ $count })
web-tournament-no-entrants = Noch hat sich niemand angemeldet.
web-tournament-no-pairings = Noch ist keine Runde ausgelost.
web-tournament-column-rank = Platz
web-tournament-column-byes = Freilose
web-tournament-board = Brett { $board }
web-tournament-starts = beginnt
web-tournament-bye = Freilos (1 Punkt)
web-tournament-playing = wird gespielt
web-tournament-waiting = wartet auf seine Partie
web-tournament-void = annulliert: zählt nicht
web-tournament-match = Partie { $id }
web-tournament-withdrawn = ausgeschieden
web-tournament-streak = in Serie: der nächste Sieg zählt doppelt
web-tournament-result = Runde { $round }, Brett { $board }: { $first } { $result } { $second }
web-tournament-paired = Runde { $round } ist ausgelost.
web-tournament-live = Live: Diese Seite folgt dem Turnier, während es gespielt wird.
web-tournament-over = Dieses Turnier ist vorbei; die Seite zeigt, wie es ausging.
# web replay
web-replay-at = Partie { $game } von { $games }, Zug { $ply } von { $plies }
web-replay-at-move = Partie { $game } von { $games }, Zug { $ply } von { $plies }: { $color } { $move }
web-replay-controls = Steuerung der Wiedergabe
web-replay-first = Anfang
web-replay-back = Zurück
web-replay-forward = Vor
web-replay-last = Ende
web-replay-start = Anfang
web-replay-games = Partien des Matches
web-replay-help = Tasten: ← und → gehen einen Zug zurück und vor, Pos1 und Ende springen an den Anfang und das Ende der Partie.
web-result = Ergebnis
web-rating-changes = Wertungsänderungen
web-game-aborted = Partie { $game } wurde abgebrochen.
web-game-flag = Partie { $game }: { $player } hatte keine Zeit mehr.
web-game-resigned-match = Partie { $game }: { $player } hat das Match aufgegeben.
web-game-removed = Partie { $game }: Ein Moderator hat { $player } aus dem Match genommen.
web-files = Export und Wiedergaben
web-export = Das Match als Text (Export)
web-gif = Partie { $game } als animiertes Bild (GIF)
web-replay-link = Dieses Match nachspielen

# web people
web-people-ratings = Wertungszahlen
web-people-leaderboard-link = Rangliste
web-people-trend = Letzte 30 Tage: { $change }
web-people-chart-summary = { $matches ->
    [one] { $matches } gewertetes Match
   *[other] { $matches } gewertete Matches
}: { $first } vor dem ersten, { $now } jetzt; niedrigste { $low }, höchste { $high }.
web-people-chart-table = Die letzten gewerteten Matches
web-people-col-match = Match
web-people-col-date = Datum
web-people-col-deviation = Abweichung
web-people-col-change = Änderung
web-people-col-opponents = Gegner
web-people-col-score = Ergebnis
web-people-col-opponent = Gegner
web-people-col-games = Partien gewonnen / remis / verloren
web-people-col-points = Punkte
web-people-recent = Letzte Matches
web-people-head-to-head = Direkter Vergleich
web-people-frequent = Gegen die häufigsten Gegner
web-people-no-opponents = Noch kein beendetes Match gegen ein anderes Mitglied auf diesem Server.
web-people-player-og = Wertungszahlen auf diesem Server: { $ratings }. Letzte Matches und direkte Vergleiche.
web-people-player-og-none = Letzte Matches und direkte Vergleiche auf diesem Server.
web-people-leaderboard-og = { $season } · vorn: { $player } ({ $rating })
web-people-variants = Varianten
web-people-pages = Seiten
web-people-page = Seite { $page }
web-people-failed-title = Nicht verfügbar
web-people-failed = Diese Seite kann gerade nicht gelesen werden. Versuche es gleich noch einmal.
