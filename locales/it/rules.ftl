# /rules e /rules <variante>: docs/rules.md §1–§5 per i giocatori. Markdown.

rules-basics-title = Come si gioca
rules-basics =
    Due giocatori, a turno, fanno cadere una pedina del proprio colore in una delle colonne di una griglia verticale (classica: 7 colonne, 6 righe). La pedina scende fino alla casella libera più bassa della colonna. Non si può giocare in una colonna piena e non si può passare.
    Vince subito chi per primo allinea quattro pedine proprie in linea retta, in orizzontale, in verticale o in diagonale; valgono anche le file più lunghe. Se la griglia si riempie senza che nessuno abbia fatto fila, la partita finisce pari.
    Il rosso muove per primo, il giallo per secondo (e il blu per terzo, quando c'è).

rules-notation-title = Notazione
rules-notation =
    Le colonne sono lettere da sinistra (a, b, c, …) e le righe numeri dal basso: d1 è la casella più bassa della colonna centrale nella griglia classica.
    L'elenco delle mosse conta le pedine: “7. 🔴 d” vuol dire che la settima pedina è andata nella colonna d. In PopOut l'estrazione si scrive con un meno: -a.
    Per muovere premi il pulsante di una colonna oppure scrivi la colonna nel thread dell'incontro: una lettera (a, B, …) o un numero contato da sinistra (1 è la colonna a). Tutto il resto che scrivi lì è semplice chiacchiera.

rules-match-title = L'incontro
rules-match =
    Un incontro valido per il punteggio si gioca su due partite; nella seconda si scambiano i colori e la prima mossa. Una vittoria vale 1 punto, un pareggio ½ e una sconfitta 0, quindi un incontro finisce 2:0, 1½:½ oppure 1:1. L'1:1 è un incontro pari, senza spareggio.
    Dopo una partita la posizione finale resta sulla griglia finché tutti i giocatori non hanno premuto “Pronto per la prossima partita”.
    - “Abbandona la partita” fa perdere solo la partita in corso; la successiva si gioca comunque.
    - “Abbandona l'incontro” fa perdere l'intero incontro.
    Chi abbandona l'incontro, esaurisce il tempo o viene escluso da un moderatore perde a tavolino: conta come 0:2, e le partite già giocate restano registrate così com'erano. Non si possono ritirare mosse né rinviare partite.
    Un incontro conta solo quando tutti vi hanno fatto almeno una mossa: se finisce prima, per abbandono, tempo scaduto o altro, viene annullato, senza risultato e senza variazione di punteggio.

rules-clock-title = L'orologio
rules-clock =
    Ogni giocatore ha una riserva di tempo per tutto l'incontro più un incremento a ogni mossa. Si scrive base+incremento, con la base in minuti e l'incremento in secondi: 10+10 significa dieci minuti più dieci secondi a mossa. Le cadenze predefinite sono 3+2, 5+5, 10+10 (quella standard) e 30+30; va bene qualsiasi base da 1 minuto a 7 giorni e qualsiasi incremento da 0 secondi a 1 giorno.
    - Il tuo tempo scorre mentre tocca a te. Dopo ogni mossa si aggiunge l'incremento, tranne che per la mossa che chiude una partita.
    - La riserva passa dalla partita 1 alla partita 2. Se si esaurisce, perdi l'incontro.
    - La tua prima mossa dell'incontro è gratis: l'orologio non scorre. Ma se non la fai entro { $abort-window } dall'inizio del tuo turno, l'incontro viene annullato senza risultato.
    - Tra una partita e l'altra gli orologi restano fermi per { $grace }; dopo, scorre il tempo di chi non ha ancora premuto Pronto.
    - Se il bot si riavvia, il turno in corso ricomincia con il tempo che il giocatore aveva al suo inizio, e verrete avvisati.

rules-variants-title = Varianti
rules-variants-intro = Scrivi /regole con una variante per leggerne i dettagli.

rules-summary-classic = Griglia 7×6, quattro in fila, incontro su due partite.
rules-summary-single = Regole classiche, una sola partita, mai valida per il punteggio.
rules-summary-five = Griglia 9×6 con le colonne laterali già piene; cinque in fila.
rules-summary-popout = Puoi anche estrarre una tua pedina dalla riga più bassa.
rules-summary-small = Griglia 6×5, quattro in fila.
rules-summary-misere = Tutto al contrario: chi fa quattro in fila perde.
rules-summary-cylinder = Le file continuano dal bordo destro a quello sinistro.
rules-summary-obstacles = Quattro blocchi grigi sono sulla griglia fin dall'inizio.
rules-summary-random-opening = Si parte da un'apertura equilibrata di quattro pedine, sorteggiata.
rules-summary-three-players = Tre giocatori: rosso, giallo e blu.
rules-summary-teams = Due squadre da due, ogni squadra con un solo colore.

rules-variant-classic =
    Il gioco standard: griglia 7×6, vince chi fa quattro in fila, e un incontro valido per il punteggio su due partite a colori invertiti.
rules-variant-single =
    Regole classiche su una griglia 7×6, ma una sola partita, che non conta mai per il punteggio. Chi lancia la sfida sceglie rosso, giallo o un colore a caso.
rules-variant-five =
    Una griglia più larga, 9 colonne per 6 righe, e servono cinque pedine in fila. Prima della prima mossa le colonne a e i sono già piene: la colonna a, dal basso, rosso, giallo, rosso, …; la colonna i giallo, rosso, giallo, … Queste dodici pedine contano per le file come tutte le altre; restano 42 caselle libere.
rules-variant-popout =
    Griglia classica e quattro in fila, ma al tuo turno puoi far cadere una pedina oppure estrarne una tua dalla riga più bassa: tutto ciò che sta sopra in quella colonna scende di una casella.
    - Dopo ogni mossa si controllano entrambi i colori. Se solo un colore ha fatto fila, vince quel colore. Se un'estrazione dà una fila a tutti e due i colori, perde chi ha estratto.
    - Una griglia piena non è un pareggio: si continua con le estrazioni.
    - La partita è pari quando il giocatore di turno non ha mosse valide, oppure quando la stessa posizione, con lo stesso giocatore al tratto, si presenta per la terza volta.
    Per estrarre scrivi -a oppure pop a.
rules-variant-small =
    Una griglia più piccola, 6 colonne per 5 righe, quattro in fila. Con un gioco perfetto da entrambe le parti finisce pari.
rules-variant-misere =
    Qui è tutto al contrario: chi completa una fila di quattro perde subito. Se la griglia si riempie senza file, la partita è pari.
rules-variant-cylinder =
    La griglia è arrotolata a cilindro: la colonna a sta subito accanto all'ultima colonna. Le file orizzontali e diagonali possono attraversare questa giuntura, quindi f2 g2 a2 b2 è una fila. Le file verticali funzionano come sempre.
rules-variant-obstacles =
    All'inizio sulla griglia ci sono quattro blocchi grigi, in due coppie speculari: un blocco in una colonna e il suo gemello nella colonna simmetrica, ciascuno sulla riga più bassa o sopra un altro blocco, mai nella colonna centrale. Un blocco occupa la sua casella come una pedina, ma non è di nessuno e non conta mai per una fila. La disposizione viene sorteggiata per ogni incontro ed è la stessa in entrambe le partite.
rules-variant-random-opening =
    L'incontro parte da un'apertura di quattro pedine (due rosse, due gialle, muove il rosso), sorteggiata tra posizioni che, secondo il risolutore del bot, finiscono pari con un gioco perfetto. Entrambe le partite usano la stessa apertura, a colori invertiti. Le pedine dell'apertura compaiono nell'elenco delle mosse, segnate come sorteggiate.
rules-variant-three-players =
    Tre giocatori si alternano su una griglia 8×6: rosso, giallo, blu. Il primo che fa quattro in fila vince la partita e prende 1 punto; gli altri due restano a zero. Una griglia piena è un pareggio, ½ punto a testa.
    - Un incontro è di tre partite, e la prima mossa ruota in modo che ognuno cominci una volta.
    - Le posizioni in classifica dipendono dai punti; a pari punti si condivide il posto.
    - Chi abbandona l'incontro o esaurisce il tempo lo chiude per tutti: finisce ultimo, e gli altri vengono classificati in base ai punti fatti fin lì.
rules-variant-teams =
    Due squadre da due su una griglia 7×6; i giocatori di una squadra hanno lo stesso colore. Nella partita 1 la squadra A è rossa e l'ordine è A1, B1, A2, B2, A1, … Nella partita 2 la squadra B è rossa e muove per prima: B1, A1, B2, A2, …
    - Ogni giocatore ha il proprio orologio.
    - Qualsiasi membro può abbandonare la partita o l'incontro per la squadra.
    - Se un membro esaurisce il tempo, la squadra perde l'incontro a tavolino.

help-commands-title = Comandi
help-moves-title = Come si muove
help-moves = Premi un pulsante di colonna sul messaggio del turno, oppure scrivi la colonna nel thread dell'incontro: una lettera (a, b, …) o un numero da sinistra (1 è la colonna a). In PopOut i pulsanti pop tolgono una pedina dal fondo.
help-moves-reply = Su questo server non leggo il testo dei messaggi: una mossa scritta deve rispondere al messaggio del turno o menzionarmi.
# $bot (text: a mention of the bot)
help-play-bot = Per giocare contro di me: /sfida con { $bot } come avversario; l'opzione livello stabilisce la mia forza.
help-match-title = L'incontro
help-match = Un incontro valido per la classifica ha due partite; nella seconda i colori si scambiano. Ogni giocatore ha una riserva di tempo per tutto l'incontro più un incremento a mossa (10+10: dieci minuti più dieci secondi a mossa). /rules ha il regolamento completo.

# Issue 35 §2: /help's line for the user command. $name (the command's name in this language)
help-user-command = **{ $name }**: clic destro su un membro (o tocca il suo nome) → App → { $name }: un modulo privato per sfidarlo, con variante e tempo a una scelta di distanza
# The welcome posted once in a server that has just added the bot. $challenge, $help (text: the command as a mention that opens it, or its name with its slash)
welcome = Ciao! Organizzo incontri di forza quattro su questo server. { $challenge } ne avvia uno, contro un membro o contro di me; { $help } mostra tutti i comandi e come si gioca.
