# Beschriftungen der Schaltflächen (höchstens 80 Zeichen).

button-pop = { $column } herausziehen
button-resign-game = Partie aufgeben
button-resign-match = Match aufgeben
button-ready = Bereit für die nächste Partie
button-accept = Annehmen
button-decline = Ablehnen
button-join = Mitspielen
button-rematch = Revanche
button-confirm = Bestätigen
button-cancel = Abbrechen
button-previous = Zurück
button-next = Weiter
button-resign-yes = Ja, Match aufgeben
button-resign-no = Nein, weiterspielen
button-withdraw = { $n } zurückziehen
button-tournament-leave = Aussteigen
button-take-back-accept = Annehmen
button-take-back-decline = Ablehnen
