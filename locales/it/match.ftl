# L'incontro nel suo thread, come lo vedono giocatori e spettatori.

thread-name = { $players } · { $variant } { $time }

game-title = Partita { $game } di { $games }
match-over-title = Incontro finito

## Turno
turn-to-move = { $disc } Muove { $player }.
turn-to-move-team = { $disc } Muove { $player } ({ $team }).
turn-flag = Il tempo scade { $flag }.
turn-first-move = Prima mossa dell'incontro per { $player }: l'orologio parte solo dopo. Senza una mossa, l'incontro viene annullato { $abort }.
turn-last-move = Ultima mossa: { $move }.
moves-title = Mosse
clock-title = Orologi
clock-line = { $disc } { $player }: { $bank }
clock-line-running = { $disc } { $player }: { $bank } ⏳

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
game-player-ready = { $player } è pronto.

## Esito dell'incontro
match-won = { $winner } vince l'incontro { $score }.
match-drawn = L'incontro finisce in parità, { $score }.
match-forfeit-flag = { $loser } ha esaurito il tempo e perde l'incontro a tavolino. { $winner } vince { $score }.
match-forfeit-resign = { $loser } ha abbandonato l'incontro. { $winner } vince { $score }.
match-forfeit-removed = Un moderatore ha escluso { $loser } dall'incontro, che perde così a tavolino. { $winner } vince { $score }.
match-aborted = L'incontro è stato annullato: { $player } non ha fatto la prima mossa in tempo. Nessun risultato, nessuna variazione di punteggio.
match-aborted-moderator = { $moderator } (moderatore) ha annullato l'incontro. Nessun risultato, nessuna variazione di punteggio.
match-aborted-tournament-cancelled = Il torneo { $id } è stato annullato, quindi questo incontro finisce qui: annullato, nessun risultato, nessuna variazione di punteggio, e non conta in nessun torneo.
match-aborted-error = L'incontro si è interrotto per un errore del bot e non è stato possibile continuarlo, quindi è stato annullato. Nessun risultato, nessuna variazione di punteggio. Potete iniziare un altro incontro.
match-ended-resign = { $player } ha abbandonato l'incontro.
match-ended-flag = { $player } ha esaurito il tempo.
match-ended-removed = Un moderatore ha escluso { $player } dall'incontro.
match-aborted-unplayed = L'incontro è annullato: { $player } non vi ha fatto nessuna mossa, e un incontro conta solo se tutti hanno mosso. Nessun risultato, nessuna variazione di punteggio.
match-no-first-move = { $player } non ha fatto la prima mossa in tempo.
match-tournament-forfeit = In un torneo questo vale come sconfitta a tavolino: { $winner } vince l'incontro.
match-tournament-unrated = Il risultato conta nel torneo { $id }, ma non per il punteggio: { $player } non ha fatto nessuna mossa nell'incontro, e cambia il punteggio solo un incontro in cui tutti hanno mosso.
match-tournament-counts = Il risultato conta nel torneo { $id }.
match-standings-title = Classifica finale
match-standing-line = { $place }. { $player }: { $points }
match-standings-forfeit = { $player } ha perso a tavolino ed è ultimo in classifica.
match-rating-change = { $player }: { $before } → { $after } ({ $change })
match-unrated-single = Una partita singola non conta mai per il punteggio.
match-unrated-ai = Le partite contro il bot non contano mai per il punteggio.
match-unrated-self = Lo stesso giocatore da entrambe le parti: non conta per il punteggio.
match-unrated-tournament = Il torneo { $id } è amichevole: i suoi incontri non cambiano il punteggio.
match-rematch-offered = { $player } propone la rivincita.

## Dopo un riavvio
restart-notice = Il bot si è riavviato. { $player }, il tuo turno ricomincia con il tempo che avevi all'inizio del turno: { $bank }. L'interruzione non è stata addebitata a nessuno.

## «Abbandona l'incontro» chiede prima conferma (in privato). $expires (un tempo relativo)
resign-confirm = Abbandonare l'intero incontro? La domanda scade { $expires }.
resign-kept = Continui a giocare.
resign-confirm-expired = La domanda è scaduta. Premi di nuovo { button-resign-match } se lo vuoi davvero.

match-aborted-no-access = Il tuo incontro { $players } in <#{ $thread }> è stato annullato senza risultato: non posso più scrivere nel suo thread (mi è stato tolto un permesso o il thread non c'è più), quindi nessuno poteva vedere la scacchiera. Nessuna variazione di punteggio. Chiedi a un moderatore di ridarmi lì «Inviare messaggi nei thread».
# $last: the last column's letter
turn-typing-hint = Le mosse si possono anche scrivere: la lettera della colonna (a–{ $last }) o il suo numero da sinistra.

## /replay of a long game. $game (number), $moves (number), $step (number)
replay-sampled = La partita { $game } ha { $moves } mosse, più di quante ne mostri un replay: ne mostra una ogni { $step }, sempre la prima e l’ultima.
# $game (number)
replay-too-large = La partita { $game } è troppo lunga per disegnarne il replay.

## Testo alternativo dell'immagine della griglia. $column (testo: una lettera), $discs (testo: colori dal basso in alto)
board-alt-column = Colonna { $column }: { $discs }.
board-alt-empty = La griglia è vuota.
board-alt-block = blocco
# $move (testo: "d", "pop b")
board-alt-last = Ultima mossa: { $move }.
# $color (testo)
board-alt-to-move = Muove { $color }.
board-alt-won = Ha vinto { $color }.
board-alt-drawn = La partita è patta.
# $game (numero)
board-alt-replay = Replay della partita { $game }, mossa per mossa. Alla fine:
# $column (testo: una lettera)
board-alt-preview = Anteprima: la tua pedina nella colonna { $column }.

take-back-asked = { $player } chiede di ritirare la mossa { $move }. { $opponent }, accetti? La richiesta decade quando { $opponent } muove, o dopo { $minutes ->
    [one] { $minutes } minuto
   *[other] { $minutes } minuti
}. L'orologio non torna indietro: il tempo speso resta speso.
take-back-accepted = { $opponent } ha accettato il ritiro della mossa.
take-back-declined = { $opponent } ha rifiutato il ritiro della mossa. La mossa resta.
take-back-done = La mossa { $move } di { $player } è stata ritirata: tocca di nuovo a { $player }. L'orologio non torna indietro: il tempo speso resta speso.
take-back-rated = Si può ritirare una mossa solo negli incontri non validi per il punteggio: in un incontro valido ogni mossa resta.
take-back-tournament = Negli incontri di torneo non si possono ritirare mosse.
take-back-ai = Contro l'IA non si ritirano mosse: risponde subito alla tua mossa, quindi non c'è mai il momento per chiedere.
take-back-players = Si possono ritirare mosse solo negli incontri a due giocatori.
take-back-nothing = Puoi ritirare solo la tua ultima mossa, mentre tocca al tuo avversario.
take-back-limit = { $limit ->
    [one] Puoi chiedere di ritirare { $limit } mossa per partita, e l'hai già chiesto.
   *[other] Puoi chiedere di ritirare { $limit } mosse per partita, e l'hai già chiesto altrettante volte.
}
take-back-expired = Questa richiesta di ritiro non è più aperta: ha avuto risposta o è stata sostituita, il suo tempo è scaduto, la posizione è cambiata, oppure il bot è stato riavviato nel frattempo.
take-back-not-opponent = Solo { $player } può rispondere a questa richiesta di ritiro.
## Issue 35 §2: la scelta privata dell'incontro
pick-match-resign = Hai più incontri in corso. A quale abbandoni?
pick-match-resign-game = Hai più incontri in corso. In quale abbandoni la partita in corso?
pick-match-board = Hai più incontri in corso. Di quale vuoi vedere la scacchiera?
pick-match-placeholder = Scegli un incontro
pick-match-option = #{ $id } · { $name }
pick-match-resigned = Hai abbandonato l'incontro { $id }.
pick-match-resigned-game = Hai abbandonato la partita in corso dell'incontro { $id }.
