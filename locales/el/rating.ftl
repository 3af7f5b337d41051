# /rating, /leaderboard, /history και /analyze.

rating-title = { $player } · { $variant }
rating-value = Βαθμολογία: { $rating }
rating-deviation = Απόκλιση: { $deviation }
rating-provisional-note = Το «?» σημαίνει προσωρινή βαθμολογία: σταθεροποιείται μετά από λίγους ακόμη αγώνες με βαθμολογία.
rating-record = { $matches ->
    [one] { $matches } αγώνας με βαθμολογία
   *[other] { $matches } αγώνες με βαθμολογία
}: { $wins } νίκες, { $draws } ισοπαλίες, { $losses } ήττες
rating-rank = Θέση { $rank } από { $total } σε αυτόν τον διακομιστή
rating-unranked-banned = Εκτός της κατάταξης αυτού του διακομιστή όσο ισχύει ο αποκλεισμός
rating-none = { $player }: κανένας αγώνας με βαθμολογία στην παραλλαγή { $variant } σε αυτόν τον διακομιστή ακόμη. Όλοι ξεκινούν από 1500?.
rating-unrated-variant = Η παραλλαγή { $variant } δεν έχει βαθμολογία.

head-to-head-title = Μεταξύ τους: { $player } εναντίον { $opponent }
head-to-head-record = { $matches ->
    [one] { $matches } αγώνας
   *[other] { $matches } αγώνες
}· παρτίδες: { $won } νίκες, { $drawn } ισοπαλίες, { $lost } ήττες· πόντοι { $points } : { $other }
head-to-head-none = Οι { $player } και { $opponent } δεν έχουν ολοκληρώσει ακόμη αγώνα μεταξύ τους σε αυτόν τον διακομιστή.
head-to-head-self = Για τα αποτελέσματα μεταξύ δύο παικτών χρειάζονται δύο διαφορετικοί παίκτες: διάλεξε κάποιον άλλον στο `εναντίον`.

leaderboard-title = Κορυφαίοι · { $variant }
leaderboard-season = Σεζόν { $season }
leaderboard-empty = Κανείς δεν έχει παίξει ακόμη αγώνα με βαθμολογία στην παραλλαγή { $variant } σε αυτόν τον διακομιστή.

history-title = Πρόσφατοι αγώνες: { $player }
history-line = { $date } · { $variant } · { $players } · { $score } · { $change }
history-unrated = χωρίς βαθμολογία
history-voided = ακυρωμένος
history-aborted = διακόπηκε
history-forfeit = στα χαρτιά
history-empty = { $player }: κανένας ολοκληρωμένος αγώνας ακόμη.

analyze-title = Ανάλυση του αγώνα { $id }
analyze-exact = Ακριβείς κρίσεις του επιλυτή (ταμπλό 7×6, κλασικοί κανόνες).
analyze-progress = Ανάλυση σε εξέλιξη… { $done }/{ $total } κινήσεις
analyze-game = Παρτίδα { $game }
analyze-line = { $ply }. { $disc } { $move }: { $verdict }

# pitfalls branch: /analyze verdicts (the mover's theoretical result)
analyze-result-win = νίκη
analyze-result-draw = ισοπαλία
analyze-result-loss = ήττα
analyze-result-unknown = άγνωστο
analyze-change = από { $before } σε { $after }
analyze-threw-win = πέταξε μια νίκη
analyze-draw-to-loss = έκανε την ισοπαλία ήττα
analyze-no-mistakes = Κανένα λάθος: κάθε κίνηση κράτησε το θεωρητικό της αποτέλεσμα.
analyze-first-mistake = Ο πίνακας δείχνει την παρτίδα { $game } μετά το πρώτο λάθος (κίνηση { $ply }).
analyze-unsolved = Για { $variant } δεν υπάρχει ακριβής ανάλυση: λυμένες είναι μόνο οι παρτίδες 7×6 με κλασικούς κανόνες (Κλασικό, Μονή παρτίδα, Τυχαίο άνοιγμα, Ομάδες).
# $user: a mention of who asked
late-answer = Το /{ $command } σου κράτησε περισσότερο απ' όσο το Discord κρατά ανοιχτή μια ιδιωτική απάντηση, οπότε σου το στέλνω με άμεσο μήνυμα:

chart-matches = Αγώνες με βαθμολογία
chart-rating = Βαθμολογία
chart-rating-band = ± απόκλιση
chart-skill = Δεξιότητα μ
chart-skill-band = ± αβεβαιότητα σ
chart-alt = Βαθμολογία στους αγώνες με βαθμολογία στην παραλλαγή { $variant }: μια γραμμή με την απόκλιση ως ζώνη γύρω της.

table-rank = #
table-player = Παίκτης
table-rating = Βαθμολογία
table-matches = Αγώνες
table-trend = 30 ημέρες
