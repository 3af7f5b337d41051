# The terminal table (`fourbot shell`).

# $variant (text), $time (text: "10+10")
shell-welcome = fourbot — { $variant }, { $time }. Type help for the commands.
shell-help = Type a column to drop a disc (a letter such as d, or a number such as 4); in PopOut, -a or pop a pops your disc from column a. A number in [brackets] presses that button. Commands: resign-game, resign-match, ready, rematch, board, takeback, accept, decline, help, quit.
shell-unknown = That is neither a move nor a command. Type help for the commands.
shell-quit-saved = Bye. The match is saved; start the shell again with the same database to go on.
shell-quit-lost = Bye. The match was not saved (no database).
shell-quit-over = Bye.
shell-resumed = A saved match was found and goes on.
shell-buttons = Buttons
shell-player = Player { $number }
