# Tornei (/tournament): rifiuti, il messaggio del torneo, i turni.

tournament-error-unknown = Non esiste il torneo { $id }.
tournament-error-moderators-only = Su questo server solo i moderatori possono creare tornei.
tournament-error-rounds = Uno svizzero richiede da { $min } a { $max } turni.
tournament-error-minutes = Un'arena richiede una durata da { $min } a { $max } minuti.
tournament-error-already-joined = Sei già iscritto a questo torneo.
tournament-error-started = Questo torneo è già iniziato: non accetta altri giocatori.
tournament-error-over = Questo torneo è finito.
tournament-error-full = Questo torneo è al completo ({ $max } giocatori).
tournament-error-banned = Sei escluso dalla classifica di questo server, quindi non puoi iscriverti a un torneo valido per il punteggio.
tournament-error-not-entrant = Non giochi in questo torneo.
tournament-error-too-few = Per iniziare servono almeno { $min } giocatori; iscritti: { $count }.
tournament-error-not-manager = Solo chi ha creato il torneo o un moderatore può farlo.
tournament-error-no-pairing = Il turno { $round } non ha un incontro sulla scacchiera { $board }.
tournament-error-void-running = Il turno { $round }, scacchiera { $board } è ancora in gioco (incontro { $match }). Aspetta il risultato, oppure chiudilo prima con /graduatoria interrompi incontro: { $match } — un incontro interrotto da un moderatore non conta nel torneo.
tournament-error-variant = Un torneo abbina due giocatori alla volta, quindi non si può giocare in { $variant }.

# Il messaggio del torneo.
tournament-title = Torneo { $id }: { $format }, { $variant }, { $time }, { $rated }
tournament-format-swiss = svizzero, { $rounds } turni
tournament-format-round-robin = girone all'italiana
tournament-format-arena = arena, { $minutes } minuti
tournament-rated = valido per il punteggio
tournament-unrated = amichevole
tournament-state-open = Aperto: inizia { $start }. Premi Partecipa per giocare.
tournament-state-open-manual = Aperto: inizia quando chi l'ha creato lo avvia. Premi Partecipa per giocare.
tournament-state-round = Turno { $round } di { $rounds }.
tournament-rounds-capped = Con { $count } giocatori uno svizzero ha al massimo { $rounds } turni senza che due giocatori si incontrino due volte, quindi se ne giocano { $rounds } invece di { $set }.
tournament-state-arena = In corso fino a { $end }. Si può ancora entrare.
tournament-state-finished = Concluso.
tournament-state-cancelled = Annullato.
tournament-players = Giocatori ({ $count }): { $names }
tournament-more = … e altri { $count }
tournament-column-player = Giocatore
tournament-column-points = Pt
tournament-column-buchholz = BH
tournament-column-sb = SB
tournament-column-won = Vinte
tournament-column-played = Giocate
tournament-column-trend = Dal turno { $round }
tournament-tie-breaks = In caso di parità: Buchholz senza il peggiore (BH), poi Sonneborn-Berger (SB), poi lo scontro diretto.
tournament-arena-note = Vittoria 2, patta 1; dopo due vittorie di fila, punti doppi (🔥) finché un incontro non è vinto.
tournament-round-title = Torneo { $id }, turno { $round }
tournament-standings-after = Torneo { $id }: classifica dopo il turno { $round }
tournament-board = Scacchiera { $board }: { $first } (inizia) contro { $second }
tournament-bye = { $player }: turno di riposo (1 punto)
tournament-finished = Il torneo { $id } è concluso. Classifica finale:
tournament-cancelled = Il torneo { $id } è stato annullato. I suoi incontri ancora in corso finiscono ora, annullati: nessun risultato, nessuna variazione di punteggio.
tournament-cancelled-too-few = Il torneo { $id } è stato annullato: all'ora d'inizio servivano almeno { $min } giocatori, e gli iscritti erano { $count }.

# Risposte private.
tournament-created = Il torneo { $id } è creato; il suo messaggio è in questo canale.
tournament-joined = Ti sei iscritto al torneo { $id }.
tournament-left = Hai lasciato il torneo { $id }.
tournament-started = Il torneo { $id } è iniziato.
tournament-cancelled-done = Il torneo { $id } è annullato. I suoi incontri ancora in corso finiscono ora, annullati: nessun risultato, nessuna variazione di punteggio.
tournament-removed = { $player } è stato tolto dal torneo { $id }.
tournament-voided = Il risultato del turno { $round }, scacchiera { $board } è annullato.

# Scelte di /tournament create format.
tournament-format-name-swiss = Svizzero
tournament-format-name-round-robin = Girone all'italiana
tournament-format-name-arena = Arena
