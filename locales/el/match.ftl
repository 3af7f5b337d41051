# Ο αγώνας στο νήμα του, όπως τον βλέπουν παίκτες και θεατές.

thread-name = { $players } · { $variant } { $time }

game-title = Παρτίδα { $game } από { $games }
match-over-title = Τέλος αγώνα

## Σειρά
turn-to-move = { $disc } Παίζει { $player }.
turn-to-move-team = { $disc } Παίζει { $player } ({ $team }).
turn-flag = Ο χρόνος λήγει { $flag }.
turn-first-move = Πρώτη κίνηση του αγώνα για { $player }: το ρολόι ξεκινά μετά από αυτήν. Αν δεν γίνει κίνηση, ο αγώνας ακυρώνεται { $abort }.
turn-last-move = Τελευταία κίνηση: { $move }.
moves-title = Κινήσεις
clock-title = Ρολόγια
clock-line = { $disc } { $player }: { $bank }
clock-line-running = { $disc } { $player }: { $bank } ⏳

## Αποτέλεσμα παρτίδας
game-won-line = { $winner } κερδίζει την παρτίδα { $game } με { $connect } στη σειρά.
game-won-misere = { $winner } κερδίζει την παρτίδα { $game }: { $loser } συμπλήρωσε γραμμή { $connect } και γι' αυτό χάνει.
game-won-pop = { $winner } κερδίζει την παρτίδα { $game }: το πούλι που έβγαλε { $loser } ολοκλήρωσε γραμμή του αντιπάλου.
game-won-resign = { $loser } παραιτήθηκε από την παρτίδα { $game }· την κερδίζει { $winner }.
game-drawn-full-board = Η παρτίδα { $game } λήγει ισόπαλη: το ταμπλό γέμισε και κανείς δεν έκανε γραμμή.
game-drawn-no-legal-move = Η παρτίδα { $game } λήγει ισόπαλη: { $player } δεν έχει έγκυρη κίνηση.
game-drawn-repetition = Η παρτίδα { $game } λήγει ισόπαλη: η ίδια θέση εμφανίστηκε για τρίτη φορά.
game-score = Σκορ: { $first } { $score } { $second }
game-ready-prompt = Πάτησε «{ button-ready }» όταν είσαι έτοιμος/η. Τα ρολόγια μένουν σταματημένα για { $grace }· μετά τρέχει ο χρόνος όσων δεν έχουν δηλώσει έτοιμοι.
game-player-ready = { $player }: έτοιμος/η.

## Αποτέλεσμα αγώνα
match-won = { $winner } κερδίζει τον αγώνα { $score }.
match-drawn = Ο αγώνας λήγει ισόπαλος { $score }.
match-forfeit-flag = { $loser } έμεινε χωρίς χρόνο και χάνει τον αγώνα. { $winner } κερδίζει { $score }.
match-forfeit-resign = { $loser } παραιτήθηκε από τον αγώνα. { $winner } κερδίζει { $score }.
match-forfeit-removed = Ένας συντονιστής απέσυρε { $loser } από τον αγώνα, που χάνεται στα χαρτιά. { $winner } κερδίζει { $score }.
match-aborted = Ο αγώνας ακυρώθηκε: { $player } δεν έκανε την πρώτη κίνηση εγκαίρως. Χωρίς αποτέλεσμα, χωρίς αλλαγή βαθμολογίας.
match-aborted-moderator = { $moderator } (συντονισμός) ακύρωσε τον αγώνα. Χωρίς αποτέλεσμα, χωρίς αλλαγή βαθμολογίας.
match-aborted-tournament-cancelled = Το τουρνουά { $id } ακυρώθηκε, οπότε αυτός ο αγώνας τελειώνει εδώ: ακυρώνεται, χωρίς αποτέλεσμα, χωρίς αλλαγή βαθμολογίας, και δεν μετράει σε κανένα τουρνουά.
match-aborted-error = Ο αγώνας σταμάτησε λόγω σφάλματος του bot και δεν ήταν δυνατό να συνεχιστεί, γι' αυτό ακυρώθηκε. Χωρίς αποτέλεσμα, χωρίς αλλαγή βαθμολογίας. Μπορείτε να ξεκινήσετε νέο αγώνα.
match-ended-resign = { $player } παραιτήθηκε από τον αγώνα.
match-ended-flag = { $player } έμεινε χωρίς χρόνο.
match-ended-removed = Ένας συντονιστής απέσυρε { $player } από τον αγώνα.
match-aborted-unplayed = Ο αγώνας ακυρώνεται: { $player } δεν έκανε καμία κίνηση σε αυτόν, και ένας αγώνας μετράει μόνο όταν έχουν παίξει όλοι. Χωρίς αποτέλεσμα, χωρίς αλλαγή βαθμολογίας.
match-no-first-move = { $player } δεν έκανε την πρώτη κίνηση εγκαίρως.
match-tournament-forfeit = Σε τουρνουά αυτό σημαίνει ήττα χωρίς αγώνα: { $winner } κερδίζει τον αγώνα.
match-tournament-unrated = Το αποτέλεσμα μετράει στο τουρνουά { $id }, αλλά όχι για τη βαθμολογία: { $player } δεν έκανε καμία κίνηση στον αγώνα, και βαθμολογείται μόνο αγώνας στον οποίο έπαιξαν όλοι.
match-tournament-counts = Το αποτέλεσμα μετράει στο τουρνουά { $id }.
match-standings-title = Τελική κατάταξη
match-standing-line = { $place }. { $player }: { $points }
match-standings-forfeit = { $player } έχασε στα χαρτιά και μπαίνει τελευταίος/α.
match-rating-change = { $player }: { $before } → { $after } ({ $change })
match-unrated-single = Μια μονή παρτίδα δεν μετράει ποτέ για τη βαθμολογία.
match-unrated-ai = Οι παρτίδες εναντίον του bot δεν μετράνε ποτέ για τη βαθμολογία.
match-unrated-self = Ο ίδιος παίκτης και στις δύο πλευρές: δεν μετράει για τη βαθμολογία.
match-unrated-tournament = Το τουρνουά { $id } είναι χωρίς βαθμολογία: οι αγώνες του δεν αλλάζουν τη βαθμολογία.
match-rematch-offered = { $player } προτείνει ρεβάνς.

## Μετά από επανεκκίνηση
restart-notice = Το bot επανεκκινήθηκε. { $player }, η σειρά σου ξεκινά από την αρχή με τον χρόνο που είχες όταν ξεκίνησε: { $bank }. Ο χρόνος της διακοπής δεν χρεώθηκε σε κανέναν.

## Η παραίτηση από τον αγώνα ζητά πρώτα επιβεβαίωση (ιδιωτικά). $expires (σχετικός χρόνος)
resign-confirm = Παραίτηση από ολόκληρο τον αγώνα; Η ερώτηση λήγει { $expires }.
resign-kept = Συνεχίζεις να παίζεις.
resign-confirm-expired = Η ερώτηση έληξε. Πάτησε ξανά { button-resign-match } αν το εννοείς.

match-aborted-no-access = Ο αγώνας σου { $players } στο <#{ $thread }> ακυρώθηκε χωρίς αποτέλεσμα: δεν μπορώ πια να γράψω στο νήμα του (αφαιρέθηκε μια άδεια ή το νήμα δεν υπάρχει), οπότε κανείς δεν έβλεπε το ταμπλό. Καμία αλλαγή βαθμολογίας. Ζήτησε από έναν συντονιστή να μου ξαναδώσει εκεί την «Αποστολή μηνυμάτων σε νήματα».
# $last: the last column's letter
turn-typing-hint = Οι κινήσεις γράφονται και με το πληκτρολόγιο: το γράμμα της στήλης (a–{ $last }) ή ο αριθμός της από αριστερά.

## /replay of a long game. $game (number), $moves (number), $step (number)
replay-sampled = Η παρτίδα { $game } έχει { $moves } κινήσεις, περισσότερες από όσες δείχνει μια επανάληψη: δείχνει μία κίνηση ανά { $step }, πάντα την πρώτη και την τελευταία.
# $game (number)
replay-too-large = Η παρτίδα { $game } είναι πολύ μεγάλη για να σχεδιαστεί ως επανάληψη.

## Εναλλακτικό κείμενο της εικόνας του ταμπλό. $column (κείμενο: ένα γράμμα), $discs (κείμενο: χρώματα από κάτω προς τα πάνω)
board-alt-column = Στήλη { $column }: { $discs }.
board-alt-empty = Το ταμπλό είναι άδειο.
board-alt-block = εμπόδιο
# $move (κείμενο: "d", "pop b")
board-alt-last = Τελευταία κίνηση: { $move }.
# $color (κείμενο)
board-alt-to-move = Παίζει: { $color }.
board-alt-won = Νίκησε: { $color }.
board-alt-drawn = Η παρτίδα έληξε ισόπαλη.
# $game (αριθμός)
board-alt-replay = Επανάληψη της παρτίδας { $game }, κίνηση προς κίνηση. Στο τέλος:
# $column (κείμενο: ένα γράμμα)
board-alt-preview = Προεπισκόπηση: το πούλι σου στη στήλη { $column }.
