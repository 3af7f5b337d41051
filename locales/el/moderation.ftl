# Απαντήσεις στους συντονιστές: /ladder και /config.

ladder-reset-done = Στην κατάταξη αυτού του διακομιστή ξεκίνησε νέα σεζόν ({ $season }). Οι βαθμολογίες της παλιάς σεζόν φυλάσσονται στο αρχείο.
ladder-void-done = Ο αγώνας { $id } ακυρώθηκε: οι αλλαγές βαθμολογίας του αναιρέθηκαν.
ladder-void-already = Ο αγώνας { $id } ήταν ήδη ακυρωμένος.
ladder-ban-done = { $player }: αποκλεισμός από την κατάταξη, χωρίς νέους αγώνες με βαθμολογία.
ladder-ban-already = { $player }: ο αποκλεισμός ίσχυε ήδη.
ladder-unban-done = { $player }: ο αποκλεισμός άρθηκε· επιτρέπονται ξανά αγώνες με βαθμολογία.
ladder-unban-not-banned = { $player }: δεν υπάρχει αποκλεισμός.

config-title = Ρυθμίσεις διακομιστή
config-time = Προεπιλεγμένος χρόνος: { $time }
config-abort-window = Προθεσμία πρώτης κίνησης: { $duration }
config-variants = Επιτρεπόμενες παραλλαγές: { $variants }
config-variants-all = όλες
config-channel = Κανάλι αγώνων: { $channel }
config-channel-any = οποιοδήποτε κανάλι
config-channel-conflict = Διάλεξε είτε κανάλι αγώνων είτε οποιοδήποτε-κανάλι, όχι και τα δύο.
config-language = Γλώσσα δημόσιων μηνυμάτων: { $language }
config-saved = Οι ρυθμίσεις του διακομιστή αποθηκεύτηκαν.
config-bad-abort-window = Η προθεσμία πρώτης κίνησης πρέπει να είναι από { $min } έως { $max }.

## Issue 9: the challenge expiry of /config. $duration (text: "10 minutes"); $min, $max (text: "1 minute", "14 minutes")
config-challenge-expiry = Λήξη προκλήσεων: { $duration }
config-bad-challenge-expiry = Η λήξη των προκλήσεων πρέπει να είναι από { $min } έως { $max }.
# pitfalls branch: /ladder abort
ladder-abort-done = Ο αγώνας { $id } διακόπηκε: χωρίς αποτέλεσμα, χωρίς αλλαγή βαθμολογίας.
ladder-abort-not-running = Ο αγώνας { $id } δεν είναι σε εξέλιξη· δεν υπάρχει κάτι να διακοπεί.
config-tournaments-anyone = Τουρνουά: μπορεί να δημιουργήσει οποιοσδήποτε.
config-tournaments-moderators = Τουρνουά: τα δημιουργούν μόνο οι συντονιστές.

## Issue 32: τα όρια του /config
config-limit = { $limit }: { $value } (αυτό το bot επιτρέπει έως { $max })
config-bad-limit = Το όριο «{ $limit }» πρέπει να είναι από 1 έως { $max }, όχι { $value }: το { $max } είναι το μέγιστο που επιτρέπει ο διαχειριστής αυτού του bot.
limit-name-ai-matches = Ταυτόχρονοι αγώνες με το bot, ανά μέλος
limit-name-open-offers = Ανοιχτές προκλήσεις και αναζητήσεις, ανά μέλος
limit-name-analyses = Αναλύσεις σε αναμονή ή σε εξέλιξη, ανά μέλος
limit-name-replays-per-minute = /replay και /export (το καθένα) το λεπτό, ανά μέλος
limit-name-server-replays-per-minute = /replay και /export (το καθένα) το λεπτό, ανά διακομιστή

## Issue 35 §6: το αρχείο συντονισμού
modlog-ban = 🔨 Ο/Η { $moderator } απέκλεισε τον/την { $player } από την κατάταξη.
modlog-unban = Ο/Η { $moderator } ήρε τον αποκλεισμό του/της { $player } από την κατάταξη.
modlog-void = Ο/Η { $moderator } ακύρωσε τον αγώνα { $id }: οι αλλαγές βαθμολογίας του αναιρέθηκαν.
modlog-abort = Ο/Η { $moderator } διέκοψε τον αγώνα { $id }.
modlog-season = Ο/Η { $moderator } ξεκίνησε τη σεζόν { $season } της κατάταξης.
modlog-config = ⚙️ Ο/Η { $moderator } άλλαξε τις ρυθμίσεις του διακομιστή:
modlog-tournament-cancel = Ο/Η { $moderator } ακύρωσε το τουρνουά { $tournament }.
modlog-tournament-remove = Ο/Η { $moderator } αφαίρεσε τον/την { $player } από το τουρνουά { $tournament }.
modlog-tournament-void = Ο/Η { $moderator } ακύρωσε τον γύρο { $round }, ταμπλό { $board } του τουρνουά { $tournament }.
modlog-reason = Αιτία: { $reason }
modlog-no-reason = Δεν δόθηκε αιτία.
config-modlog = Αρχείο συντονισμού: { $channel }
config-modlog-none = κανένα
config-modlog-conflict = Διάλεξε είτε κανάλι για το αρχείο συντονισμού είτε χωρίς-αρχείο-συντονισμού, όχι και τα δύο.

# Issue 35 §2: the placeholder of /config's multi-select of the allowed variants
config-variants-placeholder = Επιτρεπόμενες παραλλαγές (διάλεξε μία ή περισσότερες)

config-web-on = Ιστοσελίδες: ενεργές — όποιος έχει σύνδεσμο μπορεί να παρακολουθεί τους αγώνες του διακομιστή.
config-web-off = Ιστοσελίδες: ανενεργές.
config-web-choice-on = ενεργές
config-web-choice-off = ανενεργές
