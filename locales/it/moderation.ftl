# Risposte ai moderatori: /ladder e /config.

ladder-reset-done = Sulla graduatoria di questo server è iniziata una nuova stagione ({ $season }). I punteggi della stagione precedente restano in archivio.
ladder-void-done = L'incontro { $id } è annullato: le sue variazioni di punteggio sono state revocate.
ladder-void-already = L'incontro { $id } era già annullato.
ladder-ban-done = { $player } è escluso dalla graduatoria: niente più incontri validi.
ladder-ban-already = { $player } era già escluso.
ladder-unban-done = { $player } può di nuovo giocare incontri validi.
ladder-unban-not-banned = { $player } non è escluso.

config-title = Impostazioni del server
config-time = Cadenza predefinita: { $time }
config-abort-window = Tempo per la prima mossa: { $duration }
config-variants = Varianti consentite: { $variants }
config-variants-all = tutte
config-channel = Canale per gli incontri: { $channel }
config-channel-any = qualsiasi canale
config-channel-conflict = Scegli un canale per gli incontri oppure qualsiasi-canale, non entrambi.
config-language = Lingua dei messaggi pubblici: { $language }
config-saved = Le impostazioni del server sono state salvate.
config-bad-abort-window = Il tempo per la prima mossa deve andare da { $min } a { $max }.

## Issue 9: the challenge expiry of /config. $duration (text: "10 minutes"); $min, $max (text: "1 minute", "14 minutes")
config-challenge-expiry = Scadenza delle sfide: { $duration }
config-bad-challenge-expiry = La scadenza delle sfide deve andare da { $min } a { $max }.
# pitfalls branch: /ladder abort
ladder-abort-done = L'incontro { $id } è interrotto: nessun risultato, nessuna variazione di punteggio.
ladder-abort-not-running = L'incontro { $id } non è in corso: non c'è niente da interrompere.
config-tournaments-anyone = Tornei: chiunque può crearne.
config-tournaments-moderators = Tornei: li creano solo i moderatori.

## Issue 32: i limiti di /config
config-limit = { $limit }: { $value } (questo bot permette fino a { $max })
config-bad-limit = { $limit } deve essere tra 1 e { $max }, non { $value }: { $max } è il massimo che il gestore di questo bot permette.
limit-name-ai-matches = Partite contro il bot alla volta, per membro
limit-name-open-offers = Sfide e ricerche aperte, per membro
limit-name-analyses = Analisi in attesa o in corso, per membro
limit-name-replays-per-minute = /replay e /export (ciascuno) al minuto, per membro
limit-name-server-replays-per-minute = /replay e /export (ciascuno) al minuto, per server

## Issue 35 §6: il registro di moderazione
modlog-ban = 🔨 { $moderator } ha escluso { $player } dalla classifica.
modlog-unban = { $moderator } ha revocato l'esclusione di { $player } dalla classifica.
modlog-void = { $moderator } ha annullato l'incontro { $id }: le sue variazioni di punteggio sono annullate.
modlog-abort = { $moderator } ha interrotto l'incontro { $id }.
modlog-season = { $moderator } ha iniziato la stagione { $season } della classifica.
modlog-config = ⚙️ { $moderator } ha cambiato le impostazioni del server:
modlog-tournament-cancel = { $moderator } ha annullato il torneo { $tournament }.
modlog-tournament-remove = { $moderator } ha tolto { $player } dal torneo { $tournament }.
modlog-tournament-void = { $moderator } ha annullato il turno { $round }, tavolo { $board } del torneo { $tournament }.
modlog-reason = Motivo: { $reason }
modlog-no-reason = Nessun motivo indicato.
config-modlog = Registro di moderazione: { $channel }
config-modlog-none = nessuno
config-modlog-conflict = Scegli un canale per il registro di moderazione oppure registro-mod-spento, non entrambi.

# Issue 35 §2: the placeholder of /config's multi-select of the allowed variants
config-variants-placeholder = Varianti consentite (scegline una o più)

config-web-on = Pagine web: attive — chiunque abbia un link può guardare i match di questo server.
config-web-off = Pagine web: disattivate.
config-web-choice-on = attive
config-web-choice-off = disattivate
