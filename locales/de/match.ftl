# Das Match im Thread, wie Spieler und Zuschauer es sehen.

thread-name = { $players } · { $variant } { $time }

game-title = Partie { $game } von { $games }
match-over-title = Match beendet

## Zug
turn-to-move = { $disc } { $player } ist am Zug.
turn-to-move-team = { $disc } { $player } ({ $team }) ist am Zug.
turn-flag = Die Bedenkzeit läuft { $flag } ab.
turn-first-move = Erster Zug von { $player } in diesem Match: Die Uhr startet erst danach. Ohne Zug wird das Match { $abort } abgebrochen.
turn-last-move = Letzter Zug: { $move }.
moves-title = Züge
clock-title = Uhren
clock-line = { $disc } { $player }: { $bank }
clock-line-running = { $disc } { $player }: { $bank } ⏳

## Ergebnis einer Partie
game-won-line = { $winner } gewinnt Partie { $game } mit { $connect } in einer Reihe.
game-won-misere = { $winner } gewinnt Partie { $game }: { $loser } hat eine Reihe aus { $connect } vollendet und damit verloren.
game-won-pop = { $winner } gewinnt Partie { $game }: Das Herausziehen durch { $loser } hat { $winner } eine Reihe verschafft.
game-won-resign = { $loser } hat Partie { $game } aufgegeben; { $winner } gewinnt sie.
game-drawn-full-board = Partie { $game } endet remis: Das Brett ist voll und niemand hat eine Reihe.
game-drawn-no-legal-move = Partie { $game } endet remis: { $player } hat keinen erlaubten Zug.
game-drawn-repetition = Partie { $game } endet remis: Dieselbe Stellung ist zum dritten Mal entstanden.
game-score = Stand: { $first } { $score } { $second }
game-ready-prompt = Drück „{ button-ready }“, sobald du bereit bist. Die Uhren stehen { $grace } lang still; danach läuft die Bedenkzeit aller, die noch nicht bereit sind.
game-player-ready = { $player } ist bereit.

## Ergebnis des Matches
match-won = { $winner } gewinnt das Match { $score }.
match-drawn = Das Match endet unentschieden { $score }.
match-forfeit-flag = { $loser } hat die Zeit überschritten und verliert das Match kampflos. { $winner } gewinnt { $score }.
match-forfeit-resign = { $loser } hat das Match aufgegeben. { $winner } gewinnt { $score }.
match-forfeit-removed = Ein Moderator hat { $loser } aus dem Match genommen; das zählt als kampflose Niederlage. { $winner } gewinnt { $score }.
match-aborted = Das Match wurde abgebrochen: { $player } hat nicht rechtzeitig den ersten Zug gemacht. Kein Ergebnis, keine Wertungsänderung.
match-aborted-moderator = { $moderator } (Moderation) hat das Match abgebrochen. Kein Ergebnis, keine Wertungsänderung.
match-aborted-tournament-cancelled = Turnier { $id } wurde abgesagt, deshalb endet dieses Match hier: abgebrochen, kein Ergebnis, keine Wertungsänderung, und es zählt in keinem Turnier.
match-aborted-error = Dieses Match wurde wegen eines Fehlers im Bot unterbrochen und konnte nicht fortgesetzt werden, daher wurde es abgebrochen. Kein Ergebnis, keine Wertungsänderung. Ihr könnt ein neues Match beginnen.
match-ended-resign = { $player } hat das Match aufgegeben.
match-ended-flag = { $player } hat die Zeit überschritten.
match-ended-removed = Ein Moderator hat { $player } aus dem Match genommen.
match-aborted-unplayed = Das Match wird abgebrochen: { $player } hat darin keinen Zug gemacht, und ein Match zählt nur, wenn alle gezogen haben. Kein Ergebnis, keine Wertungsänderung.
match-no-first-move = { $player } hat nicht rechtzeitig den ersten Zug gemacht.
match-tournament-forfeit = Im Turnier ist das Match damit kampflos verloren: { $winner } gewinnt es.
match-tournament-unrated = Das Ergebnis zählt in Turnier { $id }, aber nicht für die Wertung: { $player } hat im Match keinen Zug gemacht, und gewertet wird nur ein Match, in dem alle gezogen haben.
match-tournament-counts = Das Ergebnis zählt in Turnier { $id }.
match-standings-title = Endstand
match-standing-line = { $place }. { $player }: { $points }
match-standings-forfeit = { $player } hat kampflos verloren und landet auf dem letzten Platz.
match-rating-change = { $player }: { $before } → { $after } ({ $change })
match-unrated-single = Eine Einzelpartie wird nie gewertet.
match-unrated-ai = Partien gegen den Bot werden nie gewertet.
match-unrated-self = Derselbe Spieler auf beiden Seiten: keine Wertung.
match-unrated-tournament = Turnier { $id } ist ungewertet: Seine Matches ändern keine Wertung.
match-rematch-offered = { $player } bietet eine Revanche an.

## Nach einem Neustart
restart-notice = Der Bot wurde neu gestartet. { $player }, dein Zug beginnt von vorn, mit der Bedenkzeit, die du zu Beginn des Zuges hattest: { $bank }. Die Ausfallzeit wurde niemandem angerechnet.

## „Match aufgeben“ fragt erst nach (privat). $expires (eine relative Zeit)
resign-confirm = Das ganze Match aufgeben? Diese Frage verfällt { $expires }.
resign-kept = Du spielst weiter.
resign-confirm-expired = Diese Frage ist abgelaufen. Drücke noch einmal { button-resign-match }, wenn du es ernst meinst.

match-aborted-no-access = Dein Match { $players } in <#{ $thread }> wurde ohne Ergebnis abgebrochen: ich kann in seinem Thread nicht mehr schreiben (eine Berechtigung wurde entzogen oder der Thread ist weg), also konnte niemand das Brett sehen. Keine Wertungsänderung. Bitte einen Moderator, mir dort „Nachrichten in Threads senden“ zurückzugeben.
# $last: the last column's letter
turn-typing-hint = Züge kann man auch tippen: den Buchstaben der Spalte (a–{ $last }) oder ihre Nummer von links.

## /replay of a long game. $game (number), $moves (number), $step (number)
replay-sampled = Partie { $game } hat { $moves } Züge, mehr als eine Wiederholung zeigt: Sie zeigt jeden { $step }. Zug, immer den ersten und den letzten.
# $game (number)
replay-too-large = Partie { $game } ist zu lang, um sie als Wiederholung zu zeichnen.

## Alternativtext eines Brettbilds. $column (Text: ein Buchstabe), $discs (Text: Farben von unten nach oben)
board-alt-column = Spalte { $column }: { $discs }.
board-alt-empty = Das Brett ist leer.
board-alt-block = Block
# $move (Text: "d", "pop b")
board-alt-last = Letzter Zug: { $move }.
# $color (Text)
board-alt-to-move = { $color } ist am Zug.
board-alt-won = { $color } hat gewonnen.
board-alt-drawn = Die Partie ist remis.
# $game (Zahl)
board-alt-replay = Wiederholung von Partie { $game }, Zug für Zug. Am Ende:
# $column (Text: ein Buchstabe)
board-alt-preview = Vorschau: dein Stein in Spalte { $column }.

take-back-asked = { $player } möchte den Zug { $move } zurücknehmen. { $opponent }, bist du einverstanden? Die Bitte verfällt, sobald { $opponent } zieht, oder nach { $minutes ->
    [one] { $minutes } Minute
   *[other] { $minutes } Minuten
}. Die Uhr läuft nicht zurück: verbrauchte Zeit bleibt verbraucht.
take-back-accepted = { $opponent } hat der Zugrücknahme zugestimmt.
take-back-declined = { $opponent } hat die Zugrücknahme abgelehnt. Der Zug bleibt.
take-back-done = Der Zug { $move } von { $player } wurde zurückgenommen: { $player } ist wieder am Zug. Die Uhr läuft nicht zurück: verbrauchte Zeit bleibt verbraucht.
take-back-rated = Zugrücknahmen gibt es nur in ungewerteten Matches: in einem gewerteten Match gilt jeder Zug.
take-back-tournament = In Turniermatches sind Zugrücknahmen nicht erlaubt.
take-back-ai = Gegen die KI gibt es keine Zugrücknahme: sie antwortet sofort auf deinen Zug, es bleibt also nie Zeit zu fragen.
take-back-players = Zugrücknahmen gibt es nur in Matches zu zweit.
take-back-nothing = Du kannst nur deinen eigenen letzten Zug zurücknehmen, solange dein Gegner am Zug ist.
take-back-limit = { $limit ->
    [one] Du darfst pro Partie { $limit } Zugrücknahme erbitten, und das hast du schon getan.
   *[other] Du darfst pro Partie { $limit } Zugrücknahmen erbitten, und so oft hast du schon gefragt.
}
take-back-expired = Diese Bitte um Zugrücknahme ist nicht mehr offen: sie wurde beantwortet oder ersetzt, ihre Zeit ist abgelaufen, die Stellung hat sich geändert, oder der Bot wurde seitdem neu gestartet.
take-back-not-opponent = Nur { $player } kann diese Bitte um Zugrücknahme beantworten.
## Issue 35 §2: die private Match-Auswahl
pick-match-resign = Du hast mehrere laufende Matches. Welches gibst du auf?
pick-match-resign-game = Du hast mehrere laufende Matches. In welchem gibst du die laufende Partie auf?
pick-match-board = Du hast mehrere laufende Matches. Welches Brett willst du sehen?
pick-match-placeholder = Wähle ein Match
pick-match-option = #{ $id } · { $name }
pick-match-resigned = Du hast Match { $id } aufgegeben.
pick-match-resigned-game = Du hast die laufende Partie von Match { $id } aufgegeben.
