# Il tavolo nel terminale (`fourbot shell`).

shell-welcome = fourbot — { $variant }, { $time }. Scrivi help per vedere i comandi.
shell-help = Scrivi una colonna per far cadere una pedina (una lettera come d o un numero come 4); in PopOut, con -a o pop a togli la tua pedina in fondo alla colonna a. Un numero tra [parentesi] preme quel pulsante. Comandi: resign-game, resign-match, ready, rematch, board, takeback, accept, decline, help, quit.
shell-unknown = Non è né una mossa né un comando. Scrivi help per vedere i comandi.
shell-quit-saved = Ciao. L'incontro è salvato: riavvia la shell con lo stesso database per continuare.
shell-quit-lost = Ciao. L'incontro non è stato salvato (nessun database).
shell-quit-over = Ciao.
shell-resumed = È stato trovato un incontro salvato, che continua.
shell-buttons = Pulsanti
shell-player = Giocatore { $number }
