# Προκλήσεις (/challenge) και ανοιχτές αναζητήσεις (/seek).

challenge-posted = { $challenger } προκαλεί { $opponents } σε αγώνα: { $variant }, { $time }. Η πρόκληση λήγει { $expires }.
challenge-ai-started = { $challenger } παίζει εναντίον του bot (επίπεδο { $level }): { $variant }. Χωρίς βαθμολογία.
challenge-color = Χρώμα για { $player }: { $color }.
challenge-accepted = { $player } αποδέχτηκε.
challenge-waiting-for = Αναμένεται ακόμη: { $players }.
challenge-declined = { $player } απέρριψε την πρόκληση.
challenge-withdrawn = { $player } απέσυρε την πρόκληση.
challenge-expired-notice = Κανείς δεν απάντησε εγκαίρως· η πρόκληση έληξε.
seek-posted = { $player } ψάχνει αντιπάλους για αγώνα: { $variant }, { $time }. { $free ->
    [one] Υπάρχει μία ελεύθερη θέση.
   *[other] Υπάρχουν { $free } ελεύθερες θέσεις.
} Πάτησε «{ button-join }» για να παίξεις.
seek-joined = { $player } μπήκε στον αγώνα. { $free ->
    [0] Όλες οι θέσεις καλύφθηκαν.
    [one] Μένει ακόμη μία ελεύθερη θέση.
   *[other] Μένουν ακόμη { $free } ελεύθερες θέσεις.
}
seek-expired-notice = Κανείς δεν μπήκε εγκαίρως· η αναζήτηση έληξε.
seek-cancelled = { $player }: η αναζήτηση αποσύρθηκε.

## Η ιδιωτική απάντηση στο /challenge και /seek μόλις δημοσιευτεί η πρόκληση από κάτω. $expires (σχετικός χρόνος)
offer-posted = Δημοσιεύτηκε. Λήγει { $expires }.
offer-started = Ο αγώνας ξεκινά σε νήμα στο παρακάτω μήνυμα.

offer-wrong-channel = Εδώ δεν μπορεί να ξεκινήσει αγώνας: το νήμα του χρειάζεται κανάλι κειμένου ή ανακοινώσεων (όχι νήμα, φόρουμ, φωνητικό κανάλι ή σκηνή). Κάνε την πρόταση σε τέτοιο κανάλι.
offer-missing-permissions = Δεν μπορώ να ανοίξω νήμα αγώνα εδώ: μου λείπει { $permissions }. Ένας συντονιστής μπορεί να μου το δώσει στις ρυθμίσεις αυτού του καναλιού.
permission-view-channel = Προβολή καναλιού
permission-send-messages-in-threads = Αποστολή μηνυμάτων σε νήματα
permission-create-public-threads = Δημιουργία δημόσιων νημάτων
permission-attach-files = Επισύναψη αρχείων
permission-read-message-history = Ανάγνωση ιστορικού μηνυμάτων

matches-running = Οι αγώνες σου σε εξέλιξη:
matches-running-line = { $thread }: { $players } ({ $variant })
matches-offers = Οι ανοιχτές προκλήσεις και αναζητήσεις σου (ένα κουμπί αποσύρει μία):
matches-challenge-line = { $n }. Πρόκληση προς { $players } ({ $variant })
matches-seek-line = { $n }. Ανοιχτή αναζήτηση ({ $variant })
matches-none = Δεν έχεις αγώνα σε εξέλιξη ούτε ανοιχτή πρόκληση σε αυτόν τον διακομιστή.

## Issue 35 §2: the private Challenge form of the user command. $opponent (a mention), $variant, $time (text: "10+10")
challenge-form = Πρόκληση στον/στην { $opponent } για αγώνα: { $variant }, { $time }. Άλλαξε παρακάτω την παραλλαγή ή τον χρόνο, ή πάτησε Πρόκληση.
challenge-form-variant = Παραλλαγή
challenge-form-time = Χρόνος (λεπτά+δευτερόλεπτα)
button-challenge = Πρόκληση
