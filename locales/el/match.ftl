# Ο αγώνας στο νήμα του, όπως τον βλέπουν παίκτες και θεατές.

thread-name = { $players } · { $variant } { $time }

game-title = Παρτίδα { $game } από { $games }
game-over-title = Τέλος παρτίδας
match-over-title = Τέλος αγώνα

## Έναρξη
match-started = Ο αγώνας ξεκινά: { $players }. { $variant }, { $time }, { $games ->
    [one] μία παρτίδα.
   *[other] { $games } παρτίδες· τα χρώματα αλλάζουν μετά από κάθε παρτίδα.
}
game-started = Παρτίδα { $game } από { $games }: παίζει πρώτος/η { $player }.
game-started-swapped = Παρτίδα { $game } από { $games }: τα χρώματα άλλαξαν, παίζει πρώτος/η { $player }.
game-drawn-opening = Αυτή η παρτίδα ξεκινά από ένα κληρωμένο άνοιγμα τεσσάρων πουλιών, σημειωμένο στη λίστα κινήσεων.
game-obstacles = Τα γκρίζα τουβλάκια δεν ανήκουν σε κανέναν: πιάνουν το τετράγωνό τους, αλλά δεν μετράνε ποτέ για γραμμή.

## Σειρά
turn-to-move = { $disc } Παίζει { $player }.
turn-to-move-team = { $disc } Παίζει { $player } ({ $team }).
turn-flag = Ο χρόνος λήγει { $flag }.
turn-first-move = Πρώτη κίνηση του αγώνα για { $player }: το ρολόι ξεκινά μετά από αυτήν. Αν δεν γίνει κίνηση, ο αγώνας ακυρώνεται { $abort }.
turn-last-move = Τελευταία κίνηση: { $move }.
turn-type-hint = Πάτησε το κουμπί μιας στήλης ή γράψε τη στήλη (γράμμα ή αριθμό) σε αυτό το νήμα.
turn-type-hint-popout = Πάτησε το κουμπί μιας στήλης ή γράψε τη στήλη· για να βγάλεις ένα δικό σου πούλι από την κάτω σειρά, γράψε -a ή pop a.
moves-title = Κινήσεις
move-drawn-marker = κληρωμένο
clock-title = Ρολόγια
clock-line = { $disc } { $player }: { $bank }
clock-line-running = { $disc } { $player }: { $bank } ⏳
clock-not-started = δεν ξεκίνησε
confirm-preview = Επέλεξες τη στήλη { $column }. Πάτησέ τη ξανά (ή «Επιβεβαίωση») για να ρίξεις το πούλι.

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
game-clocks-resume = Για όσους δεν είναι έτοιμοι, τα ρολόγια ξεκινούν ξανά { $resume }.
game-player-ready = { $player }: έτοιμος/η.
game-waiting-for = Αναμένονται: { $players }.

## Αποτέλεσμα αγώνα
match-won = { $winner } κερδίζει τον αγώνα { $score }.
match-drawn = Ο αγώνας λήγει ισόπαλος { $score }.
match-forfeit-flag = { $loser } έμεινε χωρίς χρόνο και χάνει τον αγώνα. { $winner } κερδίζει { $score }.
match-forfeit-resign = { $loser } παραιτήθηκε από τον αγώνα. { $winner } κερδίζει { $score }.
match-forfeit-removed = Ένας συντονιστής απέσυρε { $loser } από τον αγώνα, που χάνεται στα χαρτιά. { $winner } κερδίζει { $score }.
match-aborted = Ο αγώνας ακυρώθηκε: { $player } δεν έκανε την πρώτη κίνηση εγκαίρως. Χωρίς αποτέλεσμα, χωρίς αλλαγή βαθμολογίας.
match-aborted-moderator = { $moderator } (συντονισμός) ακύρωσε τον αγώνα. Χωρίς αποτέλεσμα, χωρίς αλλαγή βαθμολογίας.
match-standings-title = Τελική κατάταξη
match-standing-line = { $place }. { $player }: { $points }
match-standings-forfeit = { $player } έχασε στα χαρτιά και μπαίνει τελευταίος/α.
match-rating-change = { $player }: { $before } → { $after } ({ $change })
match-unrated = Αυτός ο αγώνας δεν μετράει για τη βαθμολογία.
match-unrated-single = Μια μονή παρτίδα δεν μετράει ποτέ για τη βαθμολογία.
match-unrated-ai = Οι παρτίδες εναντίον του bot δεν μετράνε ποτέ για τη βαθμολογία.
match-unrated-self = Ο ίδιος παίκτης και στις δύο πλευρές: δεν μετράει για τη βαθμολογία.
match-rematch-offered = { $player } προτείνει ρεβάνς.
match-thread-archived = Ο αγώνας τελείωσε· αυτό το νήμα θα αρχειοθετηθεί.

## Μετά από επανεκκίνηση
restart-notice = Το bot επανεκκινήθηκε. { $player }, η σειρά σου ξεκινά από την αρχή με τον χρόνο που είχες όταν ξεκίνησε: { $bank }. Ο χρόνος της διακοπής δεν χρεώθηκε σε κανέναν.
