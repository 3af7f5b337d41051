# Sfide (/challenge) e richieste aperte (/seek).

challenge-posted = { $challenger } sfida { $opponents } a un incontro: { $variant }, { $time }. La sfida scade { $expires }.
challenge-ai-started = { $challenger } gioca contro il bot (livello { $level }): { $variant }. Non conta per il punteggio.
challenge-color = Colore di { $player }: { $color }.
challenge-accepted = { $player } ha accettato.
challenge-waiting-for = Si attende ancora { $players }.
challenge-declined = { $player } ha rifiutato la sfida.
challenge-withdrawn = { $player } ha ritirato la sfida.
challenge-expired-notice = Nessuno ha risposto in tempo; la sfida è scaduta.
seek-posted = { $player } cerca avversari per un incontro: { $variant }, { $time }. { $free ->
    [one] C'è un posto libero.
   *[other] Ci sono { $free } posti liberi.
} Premi “{ button-join }” per giocare.
seek-joined = { $player } si è unito. { $free ->
    [0] Tutti i posti sono occupati.
    [one] C'è ancora un posto libero.
   *[other] Ci sono ancora { $free } posti liberi.
}
seek-expired-notice = Nessuno si è unito in tempo; la richiesta è scaduta.
seek-cancelled = { $player } ha ritirato la ricerca.

## La risposta privata a /challenge e /seek quando la proposta è pubblicata sotto. $expires (tempo relativo)
offer-posted = Pubblicata. Scade { $expires }.
offer-started = L'incontro comincia in un thread sul messaggio qui sotto.

offer-wrong-channel = Qui non può cominciare un incontro: il suo thread ha bisogno di un canale di testo o di annunci (non un thread, un forum, un canale vocale o uno stage). Fai la proposta in un canale così.
offer-missing-permissions = Qui non posso aprire il thread dell'incontro: mi manca { $permissions }. Un moderatore può darmelo nelle impostazioni di questo canale.
permission-view-channel = Visualizzare il canale
permission-send-messages-in-threads = Inviare messaggi nei thread
permission-create-public-threads = Creare thread pubblici
permission-attach-files = Allegare file
permission-read-message-history = Leggere la cronologia dei messaggi

matches-running = I tuoi incontri in corso:
matches-running-line = { $thread }: { $players } ({ $variant })
matches-offers = Le tue sfide e ricerche aperte (un pulsante ne ritira una):
matches-challenge-line = { $n }. Una sfida a { $players } ({ $variant })
matches-seek-line = { $n }. Una ricerca aperta ({ $variant })
matches-none = Su questo server non hai incontri in corso né sfide aperte.

## Issue 35 §2: the private Challenge form of the user command. $opponent (a mention), $variant, $time (text: "10+10")
challenge-form = Sfida { $opponent } a un incontro: { $variant }, { $time }. Cambia qui sotto la variante o il tempo, oppure premi Sfida.
challenge-form-variant = Variante
challenge-form-time = Tempo di gioco (minuti+secondi)
button-challenge = Sfida
