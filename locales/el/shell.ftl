# Το τραπέζι στο τερματικό (`fourbot shell`).

shell-welcome = fourbot — { $variant }, { $time }. Γράψε help για να δεις τις εντολές.
shell-help = Γράψε μια στήλη για να ρίξεις πούλι (ένα γράμμα όπως d ή έναν αριθμό όπως 4)· στο PopOut, με -a ή pop a βγάζεις το πούλι σου από τη βάση της στήλης a. Ένας αριθμός σε [αγκύλες] πατάει εκείνο το κουμπί. Εντολές: resign-game, resign-match, ready, rematch, board, takeback, accept, decline, help, quit.
shell-unknown = Αυτό δεν είναι ούτε κίνηση ούτε εντολή. Γράψε help για να δεις τις εντολές.
shell-quit-saved = Γεια. Ο αγώνας αποθηκεύτηκε· ξεκίνα ξανά το shell με την ίδια βάση δεδομένων για να συνεχίσεις.
shell-quit-lost = Γεια. Ο αγώνας δεν αποθηκεύτηκε (χωρίς βάση δεδομένων).
shell-quit-over = Γεια.
shell-resumed = Βρέθηκε αποθηκευμένος αγώνας και συνεχίζεται.
shell-buttons = Κουμπιά
shell-player = Παίκτης { $number }
