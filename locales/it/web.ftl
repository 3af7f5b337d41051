# Il front end web (issue 36, docs/web.md): il tavolo di un match come pagina.

web-title = Match { $id } · { $variant }
web-players = Giocatori
web-moves = Mosse
web-no-moves = Ancora nessuna mossa.
web-score = Punteggio: { $score }
web-game = Partita { $game } di { $games }
web-to-move = Tocca a { $player }
web-between-games = Tra le partite: in attesa che i giocatori siano pronti.
web-match-over = Il match è finito.
web-winner = Vince: { $player }
web-match-aborted = È stato annullato: nessun risultato.
web-match-drawn = Pareggio: i punti sono divisi.
web-clock-running = in corso
web-seat-color = { $color } ({ $mark })
web-mark-ring = anello
web-mark-diamond = rombo
web-mark-triangle = triangolo
web-ai = IA
web-board = Tavoliere, { $columns } colonne per { $rows } righe
web-column = Colonna { $column }, { $free ->
    [0] piena
    [one] 1 libera
   *[other] { $free } libere
}
web-block = blocco
web-announce-move = { $number }. { $color }, { $player }: { $move }
web-live = In diretta: questa pagina segue il match mentre si gioca.
web-finished = Questo match è finito; la pagina mostra come si è concluso.
web-spectator = Ogni giocatore gioca qui dal link nel proprio /board privato su Discord.
web-not-found = Questa pagina di match non esiste.
web-not-found-title = Non trovata
web-you-play = Giochi con { $color }.
web-your-move = Tocca a te: scegli una colonna.
web-drop = Gioca in { $column }
web-link-invalid-title = Link non valido
web-link-invalid = Questo link non è valido o è scaduto. Chiedine uno nuovo su Discord.
web-action-refused-title = Mossa non giocata
web-back-to-table = Torna al tavolo
web-forbidden = Questa richiesta non viene dalla pagina del tavolo.
web-open-table = Apri il tavolo
web-watch = Guarda sul web
web-replay = Rivedi sul web
web-open-page = Apri sul web
web-resign-game = Abbandona la partita
web-resign-match = Abbandona l'incontro
web-ready = Pronto per la prossima partita
web-resign-match-ask = Abbandonare l'intero incontro? Si perdono anche le partite ancora da giocare.
web-yes-resign = Sì, abbandona l'incontro
web-no-play-on = No, continua a giocare
web-too-many-title = Troppe richieste
web-too-many = Troppe richieste da qui. Riprova tra { $seconds ->
    [one] un secondo
   *[other] { $seconds } secondi
}.
web-point-help = Punta una colonna e fai clic per giocarci la tua pedina. Su uno schermo tattile il primo tocco sceglie la colonna e il secondo gioca. Tasti: ← e → scelgono, Invio gioca, 1–{ $last } giocano direttamente in quella colonna.
web-point-chosen = Colonna { $column } scelta: toccala di nuovo o premi Invio per giocare.
web-point-full = La colonna { $column } è piena.
web-pop = Togli la tua pedina dal fondo della colonna { $column }
web-pop-help = Per togliere dal fondo una delle tue pedine, fai clic sul segno − sotto la sua colonna (su uno schermo tattile: toccalo due volte), oppure scegli la colonna e premi − o P.
web-point-pop-chosen = Togliere dalla colonna { $column }? Tocca di nuovo il segno per toglierla.
web-point-no-pop = Non puoi togliere dalla colonna { $column }.

# web tournament
web-tournament-standings = Classifica
web-tournament-rounds = Turni
web-tournament-round = Turno { $round }
web-tournament-matches = Incontri
web-tournament-open = Aperto: inizia { $start }. Ci si iscrive su Discord.
web-tournament-open-manual = Aperto: inizia quando il suo creatore lo avvia. Ci si iscrive su Discord.
web-tournament-winner = Vincitore: { $player }
web-tournament-leader = In testa: { $player } con { $points } punti.
web-tournament-entrants = Giocatori ({ $count })
web-tournament-no-entrants = Non si è ancora iscritto nessuno.
web-tournament-no-pairings = Nessun turno è stato ancora abbinato.
web-tournament-column-rank = Posizione
web-tournament-column-byes = Riposi
web-tournament-board = Scacchiera { $board }
web-tournament-starts = inizia
web-tournament-bye = riposo (1 punto)
web-tournament-playing = in corso
web-tournament-waiting = in attesa del suo incontro
web-tournament-void = annullato: non conta
web-tournament-match = incontro { $id }
web-tournament-withdrawn = ritirato
web-tournament-streak = in serie: la prossima vittoria vale doppio
web-tournament-result = Turno { $round }, scacchiera { $board }: { $first } { $result } { $second }
web-tournament-paired = Il turno { $round } è abbinato.
web-tournament-live = In diretta: questa pagina segue il torneo mentre si gioca.
web-tournament-over = Questo torneo è finito; la pagina mostra come è andato.
# web replay
web-replay-at = Partita { $game } di { $games }, mossa { $ply } di { $plies }
web-replay-at-move = Partita { $game } di { $games }, mossa { $ply } di { $plies }: { $color } { $move }
web-replay-controls = Comandi del replay
web-replay-first = Inizio
web-replay-back = Indietro
web-replay-forward = Avanti
web-replay-last = Fine
web-replay-start = Inizio
web-replay-games = Partite del match
web-replay-help = Tasti: ← e → vanno una mossa indietro e avanti, Home e Fine vanno all'inizio e alla fine della partita.
web-result = Risultato
web-rating-changes = Variazioni di punteggio
web-game-aborted = La partita { $game } è stata annullata.
web-game-flag = Partita { $game }: { $player } ha esaurito il tempo.
web-game-resigned-match = Partita { $game }: { $player } ha abbandonato il match.
web-game-removed = Partita { $game }: un moderatore ha tolto { $player } dal match.
web-files = Esportazione e replay
web-export = Il match come testo (esportazione)
web-gif = Partita { $game } come immagine animata (GIF)
web-replay-link = Rivedi questo match

# web people
web-people-ratings = Punteggi
web-people-leaderboard-link = Classifica
web-people-trend = Ultimi 30 giorni: { $change }
web-people-chart-summary = { $matches ->
    [one] { $matches } incontro valido
   *[other] { $matches } incontri validi
}: { $first } prima del primo, { $now } ora; minimo { $low }, massimo { $high }.
web-people-chart-table = Gli ultimi incontri validi
web-people-col-match = Incontro
web-people-col-date = Data
web-people-col-deviation = Deviazione
web-people-col-change = Variazione
web-people-col-opponents = Avversari
web-people-col-score = Punteggio
web-people-col-opponent = Avversario
web-people-col-games = Partite vinte / patte / perse
web-people-col-points = Punti
web-people-recent = Incontri recenti
web-people-head-to-head = Testa a testa
web-people-frequent = Contro gli avversari più frequenti
web-people-no-opponents = Ancora nessun incontro concluso contro un altro membro su questo server.
web-people-player-og = Punteggi su questo server: { $ratings }. Incontri recenti e testa a testa.
web-people-player-og-none = Incontri recenti e testa a testa su questo server.
web-people-leaderboard-og = { $season } · in testa: { $player } ({ $rating })
web-people-variants = Varianti
web-people-pages = Pagine
web-people-page = Pagina { $page }
web-people-failed-title = Non disponibile
web-people-failed = Questa pagina non si può leggere in questo momento. Riprova tra poco.
