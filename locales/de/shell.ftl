# Der Terminal-Tisch (`fourbot shell`).

shell-welcome = fourbot — { $variant }, { $time }. Gib help ein, um die Befehle zu sehen.
shell-help = Gib eine Spalte ein, um einen Stein einzuwerfen (einen Buchstaben wie d oder eine Zahl wie 4); bei PopOut ziehst du mit -a oder pop a deinen Stein unten aus Spalte a heraus. Eine Zahl in [Klammern] drückt die Schaltfläche. Befehle: resign-game, resign-match, ready, rematch, board, takeback, accept, decline, help, quit.
shell-unknown = Das ist weder ein Zug noch ein Befehl. Gib help ein, um die Befehle zu sehen.
shell-quit-saved = Tschüss. Das Match ist gespeichert; starte die Shell mit derselben Datenbank neu, um weiterzuspielen.
shell-quit-lost = Tschüss. Das Match wurde nicht gespeichert (keine Datenbank).
shell-quit-over = Tschüss.
shell-resumed = Ein gespeichertes Match wurde gefunden und geht weiter.
shell-buttons = Schaltflächen
shell-player = Spieler { $number }
