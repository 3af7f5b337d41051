# /settings (ανά χρήστη).

settings-title = Οι ρυθμίσεις σου
settings-confirm = Επιβεβαίωση πριν από τη ρίψη: { $value }
settings-confirm-help = Όταν είναι ενεργή, το πρώτο πάτημα σε μια στήλη την επιλέγει και δείχνει προεπισκόπηση· το δεύτερο ρίχνει το πούλι.
settings-language = Γλώσσα: { $language }
settings-saved = Οι ρυθμίσεις σου αποθηκεύτηκαν.
