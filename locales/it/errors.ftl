# Rifiuti (risposte private) e le scuse per gli errori interni.

error-not-your-turn = Non è il tuo turno: muove { $player }.
error-column-full = La colonna { $column } è piena; scegline un'altra.
error-column-out-of-range = Su questa griglia non c'è la colonna { $column } (colonne a–{ $last }).
error-stale-button = Quel pulsante appartiene a un turno precedente. Usa i pulsanti sotto la griglia più recente.
error-not-a-player = Non stai giocando in questo incontro. Però puoi guardare e chiacchierare quanto vuoi.
error-challenge-expired = Questa sfida è scaduta.
error-challenge-not-for-you = Questa sfida è rivolta a qualcun altro.
error-challenge-answered = A questa sfida è già stata data una risposta.
error-own-challenge = Non puoi accettare la tua stessa sfida. Rifiutare la ritira.
error-seek-expired = Questa richiesta è scaduta.
error-seek-full = Tutti i posti sono già occupati.
error-seek-already-joined = Hai già un posto.
error-seek-not-yours = Solo chi ha pubblicato questa ricerca può ritirarla.
error-no-own-disc-to-pop = Puoi estrarre solo una tua pedina: quella in fondo alla colonna { $column } non è tua.
error-nothing-to-pop = La colonna { $column } è vuota: non c'è nessuna pedina da estrarre.
error-pop-not-allowed = Le estrazioni sono permesse solo in PopOut.
error-game-over = Questa partita è già finita.
error-match-over = Questo incontro è già finito.
error-bad-time-control = “{ $input }” non è una cadenza valida. Scrivi base+incremento, con la base in minuti e l'incremento in secondi, per esempio 10+10. La base può andare da { $min-base } a { $max-base }, l'incremento da 0 secondi a { $max-increment }.
error-unknown-variant = La variante “{ $input }” non esiste. Varianti: { $variants }.
error-unknown-choice = “{ $input }” non è una delle scelte di questa opzione.
error-variant-not-allowed = La variante { $variant } non è consentita su questo server.
error-wrong-channel = Su questo server le partite iniziano in { $channel }.
error-same-opponent = Hai già un incontro in corso contro { $opponent }. Prima finisci quello.
error-banned = Sei escluso dalla graduatoria di questo server.
error-player-banned = { $player } è escluso dalla graduatoria di questo server.
error-moderator-only = Solo i moderatori (permesso “Gestisci server”) possono farlo.
error-no-match-here = In questo canale non hai incontri in corso.
error-nothing-to-ready = Al momento non c'è una prossima partita per cui prepararsi.
error-already-ready = Hai già premuto Pronto.
error-needs-opponent2 = { $variant } richiede un secondo avversario: usa l'opzione avversario2.
error-needs-teammate = { $variant } richiede un compagno e un secondo avversario: usa le opzioni compagno e avversario2.
error-too-many-players = { $variant } è per due giocatori; lascia vuoti avversario2 e compagno.
error-color-single-only = Puoi scegliere il colore solo in una partita singola.
error-level-bot-only = L'opzione livello vale solo per le partite contro il bot.
error-level-out-of-range = Il livello deve essere compreso tra { $min } e { $max }.
error-duplicate-player = Ogni posto deve essere occupato da un giocatore diverso.
error-guild-only = Questo comando funziona solo in un server.
error-match-not-found = Qui non c'è nessun incontro { $id }.
error-analyze-not-finished = Si possono analizzare solo gli incontri finiti.
error-internal = Ci dispiace, qualcosa è andato storto da parte nostra. L'errore è stato registrato; riprova tra poco.
error-panic = Ci dispiace, fourbot ha incontrato un bug mentre rispondeva. È stato registrato; i tuoi incontri continuano e puoi riprovare tra poco.

# pitfalls branch
error-other-bot = Non puoi sfidare un altro bot. Sfida una persona, oppure fourbot stesso per una partita contro la sua IA.
# Reliability (issue 11)
error-try-again = Non è stato possibile salvarlo in questo momento, quindi non è cambiato nulla. Premi di nuovo il pulsante tra poco.
error-rematch-expired = La proposta di rivincita è scaduta. Comincia un nuovo incontro con /challenge.
error-several-matches = Hai diversi incontri in corso: { $threads }. Usa il comando dentro il thread dell'incontro che intendi.
error-not-your-challenge = Solo chi ha lanciato questa sfida può ritirarla.

## Issue 32: limiti per membro e per server
limit-ai-matches = Hai già { $running } partite contro il bot in corso su questo server, e un membro può giocarne { $limit } alla volta. Finiscine o abbandonane una, poi riprova.
limit-open-offers = Hai già { $open } sfide e ricerche aperte su questo server, e un membro può averne { $limit }. Ritirane una con /matches, oppure riprova quando una scade (la prima { $expires }).
limit-analyses = Hai già { $queued } analisi in attesa o in corso, e un membro può averne { $limit }. Riprova quando una di esse ha risposto.
limit-analysis-queue = La coda delle analisi è piena: { $ahead } analisi sono in attesa o in corso. Riprova tra circa { $wait }.
limit-per-minute = Un membro può usare /{ $command } { $limit ->
    [one] una volta
   *[other] { $limit } volte
} al minuto. Riprova tra { $wait }.
limit-server-per-minute = Questo server può usare /{ $command } { $limit ->
    [one] una volta
   *[other] { $limit } volte
} al minuto, tutti i membri insieme. Riprova tra { $wait }.
