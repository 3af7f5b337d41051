# Ετικέτες κουμπιών (έως 80 χαρακτήρες).

button-pop = Βγάλε από { $column }
button-resign-game = Παραίτηση από την παρτίδα
button-resign-match = Παραίτηση από τον αγώνα
button-ready = Έτοιμος/η για την επόμενη παρτίδα
button-accept = Αποδοχή
button-decline = Απόρριψη
button-join = Συμμετοχή
button-rematch = Ρεβάνς
button-confirm = Επιβεβαίωση
button-cancel = Ακύρωση
button-previous = Προηγούμενη
button-next = Επόμενη
button-resign-yes = Ναι, παραιτούμαι από τον αγώνα
button-resign-no = Όχι, συνεχίζω
button-withdraw = Απόσυρση { $n }
button-tournament-leave = Αποχώρηση
button-take-back-accept = Αποδοχή
button-take-back-decline = Άρνηση
