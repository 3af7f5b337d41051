# Τουρνουά (/tournament): αρνήσεις, το μήνυμα του τουρνουά, γύροι.

tournament-error-unknown = Δεν υπάρχει τουρνουά { $id }.
tournament-error-moderators-only = Σε αυτόν τον διακομιστή μόνο οι συντονιστές μπορούν να δημιουργούν τουρνουά.
tournament-error-rounds = Ένα ελβετικό χρειάζεται από { $min } έως { $max } γύρους.
tournament-error-minutes = Μια αρένα χρειάζεται διάρκεια από { $min } έως { $max } λεπτά.
tournament-error-already-joined = Έχεις ήδη μπει σε αυτό το τουρνουά.
tournament-error-started = Αυτό το τουρνουά έχει ήδη ξεκινήσει: δεν δέχεται άλλους παίκτες.
tournament-error-over = Αυτό το τουρνουά έχει τελειώσει.
tournament-error-full = Αυτό το τουρνουά είναι γεμάτο ({ $max } παίκτες).
tournament-error-banned = Είσαι αποκλεισμένος από την κατάταξη αυτού του διακομιστή, οπότε δεν μπορείς να μπεις σε βαθμολογούμενο τουρνουά.
tournament-error-not-entrant = Δεν παίζεις σε αυτό το τουρνουά.
tournament-error-too-few = Για να ξεκινήσει χρειάζονται τουλάχιστον { $min } παίκτες· έχουν μπει { $count }.
tournament-error-not-manager = Αυτό μπορεί να το κάνει μόνο όποιος δημιούργησε το τουρνουά ή ένας συντονιστής.
tournament-error-no-pairing = Ο γύρος { $round } δεν έχει αγώνα στη σκακιέρα { $board }.
tournament-error-void-running = Ο γύρος { $round }, σκακιέρα { $board } παίζεται ακόμα (αγώνας { $match }). Περίμενε το αποτέλεσμα ή τερμάτισέ τον πρώτα με /κατάταξη διακοπή αγώνας: { $match } — ένας αγώνας που διακόπτει συντονιστής δεν μετράει στο τουρνουά.
tournament-error-variant = Ένα τουρνουά ζευγαρώνει δύο παίκτες κάθε φορά, οπότε δεν μπορεί να παιχτεί σε { $variant }.

# Το μήνυμα του τουρνουά.
tournament-title = Τουρνουά { $id }: { $format }, { $variant }, { $time }, { $rated }
tournament-format-swiss = ελβετικό, { $rounds } γύροι
tournament-format-round-robin = πουλ (όλοι με όλους)
tournament-format-arena = αρένα, { $minutes } λεπτά
tournament-rated = με βαθμολογία
tournament-unrated = χωρίς βαθμολογία
tournament-state-open = Ανοιχτό: ξεκινά { $start }. Πάτησε Συμμετοχή για να παίξεις.
tournament-state-open-manual = Ανοιχτό: ξεκινά όταν το ξεκινήσει ο δημιουργός του. Πάτησε Συμμετοχή για να παίξεις.
tournament-state-round = Γύρος { $round } από { $rounds }.
tournament-rounds-capped = Με { $count } παίκτες ένα ελβετικό έχει το πολύ { $rounds } γύρους χωρίς να συναντηθούν δύο παίκτες δεύτερη φορά, οπότε παίζονται { $rounds } γύροι αντί για { $set }.
tournament-state-arena = Σε εξέλιξη έως { $end }. Μπορείς ακόμη να μπεις.
tournament-state-finished = Ολοκληρώθηκε.
tournament-state-cancelled = Ακυρώθηκε.
tournament-players = Παίκτες ({ $count }): { $names }
tournament-more = … και { $count } ακόμα
tournament-column-player = Παίκτης
tournament-column-points = Βθ
tournament-column-buchholz = BH
tournament-column-sb = SB
tournament-column-won = Νίκες
tournament-column-played = Αγώνες
tournament-column-trend = Από τον γύρο { $round }
tournament-tie-breaks = Σε ισοβαθμία: Buchholz χωρίς τον χειρότερο (BH), μετά Sonneborn-Berger (SB), μετά η μεταξύ τους αναμέτρηση.
tournament-arena-note = Νίκη 2, ισοπαλία 1· μετά από δύο συνεχόμενες νίκες, διπλοί πόντοι (🔥) μέχρι έναν αγώνα χωρίς νίκη.
tournament-round-title = Τουρνουά { $id }, γύρος { $round }
tournament-standings-after = Τουρνουά { $id }: κατάταξη μετά τον γύρο { $round }
tournament-board = Σκακιέρα { $board }: { $first } (ξεκινά) εναντίον { $second }
tournament-bye = { $player }: ρεπό (1 πόντος)
tournament-finished = Το τουρνουά { $id } τελείωσε. Τελική κατάταξη:
tournament-cancelled = Το τουρνουά { $id } ακυρώθηκε. Οι αγώνες του που παίζονται ακόμη τελειώνουν τώρα, ακυρωμένοι: χωρίς αποτέλεσμα, χωρίς αλλαγή βαθμολογίας.
tournament-cancelled-too-few = Το τουρνουά { $id } ακυρώθηκε: την ώρα της έναρξης χρειαζόταν τουλάχιστον { $min } παίκτες, και είχαν μπει { $count }.

# Ιδιωτικές απαντήσεις.
tournament-created = Το τουρνουά { $id } δημιουργήθηκε· το μήνυμά του είναι σε αυτό το κανάλι.
tournament-joined = Μπήκες στο τουρνουά { $id }.
tournament-left = Αποχώρησες από το τουρνουά { $id }.
tournament-started = Το τουρνουά { $id } ξεκίνησε.
tournament-cancelled-done = Το τουρνουά { $id } ακυρώθηκε. Οι αγώνες του που παίζονται ακόμη τελειώνουν τώρα, ακυρωμένοι: χωρίς αποτέλεσμα, χωρίς αλλαγή βαθμολογίας.
tournament-removed = Ο/η { $player } αφαιρέθηκε από το τουρνουά { $id }.
tournament-voided = Το αποτέλεσμα του γύρου { $round }, σκακιέρα { $board } ακυρώθηκε.

# Επιλογές του /tournament create format.
tournament-format-name-swiss = Ελβετικό
tournament-format-name-round-robin = Πουλ
tournament-format-name-arena = Αρένα
