# Η ιστοσελίδα (issue 36, docs/web.md): το τραπέζι ενός αγώνα ως σελίδα.

web-title = Αγώνας { $id } · { $variant }
web-players = Παίκτες
web-moves = Κινήσεις
web-no-moves = Καμία κίνηση ακόμα.
web-score = Σκορ: { $score }
web-game = Παρτίδα { $game } από { $games }
web-to-move = Παίζει: { $player }
web-between-games = Ανάμεσα στις παρτίδες: αναμονή να είναι έτοιμοι οι παίκτες.
web-match-over = Ο αγώνας τελείωσε.
web-winner = Νικητής: { $player }
web-match-aborted = Ακυρώθηκε: χωρίς αποτέλεσμα.
web-match-drawn = Ισοπαλία: οι βαθμοί μοιράζονται.
web-clock-running = τρέχει
web-seat-color = { $color } ({ $mark })
web-mark-ring = δακτύλιος
web-mark-diamond = ρόμβος
web-mark-triangle = τρίγωνο
web-ai = ΤΝ
web-board = Ταμπλό, { $columns } στήλες επί { $rows } σειρές
web-column = Στήλη { $column }, { $free ->
    [0] γεμάτη
    [one] 1 ελεύθερη
   *[other] { $free } ελεύθερες
}
web-block = εμπόδιο
web-announce-move = { $number }. { $color }, { $player }: { $move }
web-live = Ζωντανά: η σελίδα ακολουθεί τον αγώνα όσο παίζεται.
web-finished = Ο αγώνας τελείωσε· η σελίδα δείχνει πώς έληξε.
web-spectator = Κάθε παίκτης παίζει εδώ από τον σύνδεσμο στο ιδιωτικό του /board στο Discord.
web-not-found = Δεν υπάρχει τέτοια σελίδα αγώνα.
web-not-found-title = Δεν βρέθηκε
web-you-play = Παίζεις με { $color }.
web-your-move = Η σειρά σου: διάλεξε στήλη.
web-drop = Ρίξε στη στήλη { $column }
web-link-invalid-title = Μη έγκυρος σύνδεσμος
web-link-invalid = Αυτός ο σύνδεσμος δεν είναι έγκυρος ή έχει λήξει. Ζήτησε νέο στο Discord.
web-action-refused-title = Δεν παίχτηκε
web-back-to-table = Πίσω στο τραπέζι
web-forbidden = Αυτό το αίτημα δεν ήρθε από τη σελίδα του τραπεζιού.
web-open-table = Άνοιξε το τραπέζι
web-watch = Παρακολούθησε στον ιστό
web-replay = Επανάληψη στον ιστό
web-open-page = Άνοιγμα στον ιστό
web-resign-game = Εγκατάλειψη παρτίδας
web-resign-match = Εγκατάλειψη αγώνα
web-ready = Έτοιμος για την επόμενη παρτίδα
web-resign-match-ask = Εγκατάλειψη ολόκληρου του αγώνα; Χάνονται και οι παρτίδες που απομένουν.
web-yes-resign = Ναι, εγκατάλειψη του αγώνα
web-no-play-on = Όχι, συνεχίζω
web-too-many-title = Πάρα πολλά αιτήματα
web-too-many = Πάρα πολλά αιτήματα από εδώ. Δοκίμασε ξανά σε { $seconds ->
    [one] ένα δευτερόλεπτο
   *[other] { $seconds } δευτερόλεπτα
}.
web-point-help = Δείξε μια στήλη και κάνε κλικ για να ρίξεις εκεί το πούλι σου. Σε οθόνη αφής το πρώτο άγγιγμα διαλέγει τη στήλη και το δεύτερο ρίχνει. Πλήκτρα: τα ← και → διαλέγουν, το Enter ρίχνει, τα 1–{ $last } ρίχνουν κατευθείαν σε εκείνη τη στήλη.
web-point-chosen = Διάλεξες τη στήλη { $column }: άγγιξέ τη ξανά ή πάτα Enter για να ρίξεις.
web-point-full = Η στήλη { $column } είναι γεμάτη.
web-pop = Βγάλε το πούλι σου από τον πάτο της στήλης { $column }
web-pop-help = Για να βγάλεις ένα πούλι σου από κάτω, κάνε κλικ στο σημάδι − κάτω από τη στήλη του (σε οθόνη αφής: άγγιξέ το δύο φορές), ή διάλεξε τη στήλη και πάτα − ή P.
web-point-pop-chosen = Να βγει από τη στήλη { $column }; Άγγιξε ξανά το σημάδι για να βγει.
web-point-no-pop = Δεν μπορείς να βγάλεις από τη στήλη { $column }.

# web tournament
web-tournament-standings = Βαθμολογία
web-tournament-rounds = Γύροι
web-tournament-round = Γύρος { $round }
web-tournament-matches = Αγώνες
web-tournament-open = Ανοιχτό: ξεκινά { $start }. Οι παίκτες μπαίνουν στο Discord.
web-tournament-open-manual = Ανοιχτό: ξεκινά όταν το ξεκινήσει ο δημιουργός του. Οι παίκτες μπαίνουν στο Discord.
web-tournament-winner = Νικητής: { $player }
web-tournament-leader = Προηγείται: { $player } με { $points } βαθμούς.
web-tournament-entrants = Παίκτες ({ $count })
web-tournament-no-entrants = Δεν έχει μπει κανείς ακόμη.
web-tournament-no-pairings = Δεν έχει γίνει ακόμη ζεύξη κανενός γύρου.
web-tournament-column-rank = Θέση
web-tournament-column-byes = Ρεπό
web-tournament-board = Ταμπλό { $board }
web-tournament-starts = ξεκινά
web-tournament-bye = ρεπό (1 βαθμός)
web-tournament-playing = παίζεται
web-tournament-waiting = περιμένει τον αγώνα του
web-tournament-void = άκυρο: δεν μετρά
web-tournament-match = αγώνας { $id }
web-tournament-withdrawn = αποσύρθηκε
web-tournament-streak = σε σερί: η επόμενη νίκη μετρά διπλά
web-tournament-result = Γύρος { $round }, ταμπλό { $board }: { $first } { $result } { $second }
web-tournament-paired = Ο γύρος { $round } ζεύχθηκε.
web-tournament-live = Ζωντανά: αυτή η σελίδα ακολουθεί το τουρνουά όσο παίζεται.
web-tournament-over = Αυτό το τουρνουά τελείωσε· η σελίδα δείχνει πώς έληξε.
# web replay
web-replay-at = Παρτίδα { $game } από { $games }, κίνηση { $ply } από { $plies }
web-replay-at-move = Παρτίδα { $game } από { $games }, κίνηση { $ply } από { $plies }: { $color } { $move }
web-replay-controls = Χειριστήρια επανάληψης
web-replay-first = Αρχή
web-replay-back = Πίσω
web-replay-forward = Μπροστά
web-replay-last = Τέλος
web-replay-start = Αρχή
web-replay-games = Παρτίδες του αγώνα
web-replay-help = Πλήκτρα: τα ← και → πάνε μια κίνηση πίσω και μπροστά, τα Home και End στην αρχή και στο τέλος της παρτίδας.
web-result = Αποτέλεσμα
web-rating-changes = Αλλαγές βαθμολογίας
web-game-aborted = Η παρτίδα { $game } ακυρώθηκε.
web-game-flag = Παρτίδα { $game }: ο χρόνος του/της { $player } τελείωσε.
web-game-resigned-match = Παρτίδα { $game }: ο/η { $player } εγκατέλειψε τον αγώνα.
web-game-removed = Παρτίδα { $game }: ένας συντονιστής αφαίρεσε τον/την { $player } από τον αγώνα.
web-files = Εξαγωγή και επαναλήψεις
web-export = Ο αγώνας ως κείμενο (εξαγωγή)
web-gif = Η παρτίδα { $game } ως κινούμενη εικόνα (GIF)
web-replay-link = Επανάληψη αυτού του αγώνα

# web people
web-people-ratings = Βαθμολογίες
web-people-leaderboard-link = Κατάταξη
web-people-trend = Τελευταίες 30 ημέρες: { $change }
web-people-chart-summary = { $matches ->
    [one] { $matches } βαθμολογημένος αγώνας
   *[other] { $matches } βαθμολογημένοι αγώνες
}: { $first } πριν από τον πρώτο, { $now } τώρα· χαμηλότερη { $low }, υψηλότερη { $high }.
web-people-chart-table = Οι τελευταίοι βαθμολογημένοι αγώνες
web-people-col-match = Αγώνας
web-people-col-date = Ημερομηνία
web-people-col-deviation = Απόκλιση
web-people-col-change = Μεταβολή
web-people-col-opponents = Αντίπαλοι
web-people-col-score = Σκορ
web-people-col-opponent = Αντίπαλος
web-people-col-games = Παρτίδες νίκες / ισοπαλίες / ήττες
web-people-col-points = Πόντοι
web-people-recent = Πρόσφατοι αγώνες
web-people-head-to-head = Μεταξύ τους
web-people-frequent = Απέναντι στους συχνότερους αντιπάλους
web-people-no-opponents = Κανένας ολοκληρωμένος αγώνας ακόμη απέναντι σε άλλο μέλος σε αυτόν τον διακομιστή.
web-people-player-og = Βαθμολογίες σε αυτόν τον διακομιστή: { $ratings }. Πρόσφατοι αγώνες και αποτελέσματα μεταξύ τους.
web-people-player-og-none = Πρόσφατοι αγώνες και αποτελέσματα μεταξύ τους σε αυτόν τον διακομιστή.
web-people-leaderboard-og = { $season } · πρώτος: { $player } ({ $rating })
web-people-variants = Παραλλαγές
web-people-pages = Σελίδες
web-people-page = Σελίδα { $page }
web-people-failed-title = Μη διαθέσιμη
web-people-failed = Αυτή η σελίδα δεν μπορεί να διαβαστεί αυτή τη στιγμή. Δοκίμασε ξανά σε λίγο.
