# Etichette dei pulsanti (al massimo 80 caratteri).

button-pop = Estrai da { $column }
button-resign-game = Abbandona la partita
button-resign-match = Abbandona l'incontro
button-ready = Pronto per la prossima partita
button-accept = Accetta
button-decline = Rifiuta
button-join = Partecipa
button-rematch = Rivincita
button-confirm = Conferma
button-cancel = Annulla
button-previous = Indietro
button-next = Avanti
button-resign-yes = Sì, abbandona l'incontro
button-resign-no = No, continuo a giocare
button-withdraw = Ritira { $n }
button-tournament-leave = Esci
button-take-back-accept = Accetta
button-take-back-decline = Rifiuta
