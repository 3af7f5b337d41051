# /rating, /leaderboard, /history e /analyze.

rating-title = { $player } · { $variant }
rating-value = Punteggio: { $rating }
rating-deviation = Deviazione: { $deviation }
rating-provisional-note = Il “?” indica un punteggio provvisorio: si stabilizza dopo qualche altro incontro valido.
rating-record = { $matches ->
    [one] { $matches } incontro valido
   *[other] { $matches } incontri validi
}: { $wins } vinti, { $draws } pari, { $losses } persi
rating-rank = { $rank }° posto su { $total } in questo server
rating-unranked-banned = Fuori dalla classifica di questo server finché è escluso
rating-none = { $player } non ha ancora giocato incontri validi di { $variant } su questo server. Si parte tutti da 1500?.
rating-unrated-variant = { $variant } non conta per il punteggio.

head-to-head-title = Testa a testa: { $player } contro { $opponent }
head-to-head-record = { $matches ->
    [one] { $matches } incontro
   *[other] { $matches } incontri
}; partite: { $won } vinte, { $drawn } pari, { $lost } perse; punti { $points } : { $other }
head-to-head-none = { $player } e { $opponent } non hanno ancora concluso un incontro l'uno contro l'altro su questo server.
head-to-head-self = Un testa a testa richiede due giocatori diversi: scegli qualcun altro per `contro`.

leaderboard-title = Classifica · { $variant }
leaderboard-season = Stagione { $season }
leaderboard-empty = Nessuno ha ancora giocato incontri validi di { $variant } su questo server.

history-title = Ultimi incontri di { $player }
history-line = { $date } · { $variant } · { $players } · { $score } · { $change }
history-unrated = amichevole
history-voided = annullato
history-aborted = interrotto
history-forfeit = a tavolino
history-empty = { $player } non ha ancora concluso nessun incontro.

analyze-title = Analisi dell'incontro { $id }
analyze-exact = Valutazioni esatte del risolutore (griglia 7×6, regole classiche).
analyze-progress = Analisi in corso… { $done }/{ $total } mosse
analyze-game = Partita { $game }
analyze-line = { $ply }. { $disc } { $move }: { $verdict }

# pitfalls branch: /analyze verdicts (the mover's theoretical result)
analyze-result-win = vittoria
analyze-result-draw = patta
analyze-result-loss = sconfitta
analyze-result-unknown = sconosciuto
analyze-change = da { $before } a { $after }
analyze-threw-win = ha buttato via una vittoria
analyze-draw-to-loss = ha trasformato una patta in sconfitta
analyze-no-mistakes = Nessun errore: ogni mossa ha mantenuto il suo risultato teorico.
analyze-first-mistake = La scacchiera mostra la partita { $game } dopo il primo errore (mossa { $ply }).
analyze-unsolved = { $variant } non ha un'analisi esatta: sono risolte solo le partite 7×6 con le regole classiche (Classica, Partita singola, Apertura casuale, Squadre).
# $user: a mention of who asked
late-answer = Il tuo /{ $command } ha richiesto più tempo di quanto Discord tenga aperta una risposta privata, quindi te lo mando in un messaggio diretto:

chart-matches = Incontri validi
chart-rating = Punteggio
chart-rating-band = ± deviazione
chart-skill = Abilità μ
chart-skill-band = ± incertezza σ
chart-alt = Punteggio negli incontri validi di { $variant }: una linea con la deviazione come fascia attorno.

table-rank = N.
table-player = Giocatore
table-rating = Punteggio
table-matches = Incontri
table-trend = 30 giorni
