# Button labels (Discord: at most 80 characters). Column buttons show only
# the column letter and need no text.

# $column (text: a column letter)
button-pop = Pop { $column }
button-resign-game = Resign game
button-resign-match = Resign match
button-ready = Ready for the next game
button-accept = Accept
button-decline = Decline
button-join = Join
button-rematch = Rematch
button-confirm = Confirm
button-cancel = Cancel
button-previous = Previous
button-next = Next
button-resign-yes = Yes, resign the match
button-resign-no = No, play on
button-withdraw = Withdraw { $n }
button-tournament-leave = Leave
button-take-back-accept = Accept
button-take-back-decline = Decline
