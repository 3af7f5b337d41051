# L'incontro nel suo thread, come lo vedono giocatori e spettatori.

thread-name = { $players } · { $variant } { $time }

game-title = Partita { $game } di { $games }
game-over-title = Partita finita
match-over-title = Incontro finito

## Inizio
match-started = Inizia l'incontro: { $players }. { $variant }, { $time }, { $games ->
    [one] una partita.
   *[other] { $games } partite; dopo ogni partita i colori si scambiano.
}
game-started = Partita { $game } di { $games }: muove per primo { $player }.
game-started-swapped = Partita { $game } di { $games }: i colori sono scambiati, muove per primo { $player }.
game-drawn-opening = Questa partita parte da un'apertura sorteggiata di quattro pedine, segnata nell'elenco delle mosse.
game-obstacles = I blocchi grigi non sono di nessuno: occupano la loro casella ma non contano mai per una fila.

## Turno
turn-to-move = { $disc } Muove { $player }.
turn-to-move-team = { $disc } Muove { $player } ({ $team }).
turn-flag = Il tempo scade { $flag }.
turn-first-move = Prima mossa dell'incontro per { $player }: l'orologio parte solo dopo. Senza una mossa, l'incontro viene annullato { $abort }.
turn-last-move = Ultima mossa: { $move }.
turn-type-hint = Premi il pulsante di una colonna oppure scrivi la colonna (lettera o numero) in questo thread.
turn-type-hint-popout = Premi il pulsante di una colonna oppure scrivi la colonna; per estrarre una tua pedina dalla riga più bassa scrivi -a oppure pop a.
moves-title = Mosse
move-drawn-marker = sorteggiata
clock-title = Orologi
clock-line = { $disc } { $player }: { $bank }
clock-line-running = { $disc } { $player }: { $bank } ⏳
clock-not-started = non avviato
confirm-preview = Colonna { $column } selezionata. Premila di nuovo (o premi Conferma) per far cadere la pedina.

## Esito di una partita
game-won-line = { $winner } vince la partita { $game } con { $connect } in fila.
game-won-misere = { $winner } vince la partita { $game }: { $loser } ha completato una fila di { $connect } e quindi perde.
game-won-pop = { $winner } vince la partita { $game }: l'estrazione di { $loser } ha completato una fila dell'avversario.
game-won-resign = { $loser } ha abbandonato la partita { $game }; la vince { $winner }.
game-drawn-full-board = La partita { $game } finisce pari: la griglia è piena e nessuno ha fatto fila.
game-drawn-no-legal-move = La partita { $game } finisce pari: { $player } non ha mosse valide.
game-drawn-repetition = La partita { $game } finisce pari: la stessa posizione si è ripetuta per la terza volta.
game-score = Punteggio: { $first } { $score } { $second }
game-ready-prompt = Premi “{ button-ready }” quando sei pronto. Gli orologi restano fermi per { $grace }; poi scorre il tempo di chi non è ancora pronto.
game-clocks-resume = Per chi non è ancora pronto, gli orologi ripartono { $resume }.
game-player-ready = { $player } è pronto.
game-waiting-for = In attesa di: { $players }.

## Esito dell'incontro
match-won = { $winner } vince l'incontro { $score }.
match-drawn = L'incontro finisce in parità, { $score }.
match-forfeit-flag = { $loser } ha esaurito il tempo e perde l'incontro a tavolino. { $winner } vince { $score }.
match-forfeit-resign = { $loser } ha abbandonato l'incontro. { $winner } vince { $score }.
match-forfeit-removed = Un moderatore ha escluso { $loser } dall'incontro, che perde così a tavolino. { $winner } vince { $score }.
match-aborted = L'incontro è stato annullato: { $player } non ha fatto la prima mossa in tempo. Nessun risultato, nessuna variazione di punteggio.
match-aborted-moderator = { $moderator } (moderatore) ha annullato l'incontro. Nessun risultato, nessuna variazione di punteggio.
match-standings-title = Classifica finale
match-standing-line = { $place }. { $player }: { $points }
match-standings-forfeit = { $player } ha perso a tavolino ed è ultimo in classifica.
match-rating-change = { $player }: { $before } → { $after } ({ $change })
match-unrated = Questo incontro non è valido per il punteggio.
match-unrated-single = Una partita singola non conta mai per il punteggio.
match-unrated-ai = Le partite contro il bot non contano mai per il punteggio.
match-unrated-self = Lo stesso giocatore da entrambe le parti: non conta per il punteggio.
match-rematch-offered = { $player } propone la rivincita.
match-thread-archived = L'incontro è finito; questo thread verrà archiviato.

## Dopo un riavvio
restart-notice = Il bot si è riavviato. { $player }, il tuo turno ricomincia con il tempo che avevi all'inizio del turno: { $bank }. L'interruzione non è stata addebitata a nessuno.
