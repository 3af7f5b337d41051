# Turniere (/tournament): Ablehnungen, die Turniernachricht, Runden.

tournament-error-unknown = Es gibt kein Turnier { $id }.
tournament-error-moderators-only = Auf diesem Server können nur Moderatoren Turniere anlegen.
tournament-error-rounds = Ein Schweizer Turnier braucht { $min } bis { $max } Runden.
tournament-error-minutes = Eine Arena braucht eine Dauer von { $min } bis { $max } Minuten.
tournament-error-already-joined = Du bist diesem Turnier schon beigetreten.
tournament-error-started = Dieses Turnier hat schon begonnen und nimmt niemanden mehr auf.
tournament-error-over = Dieses Turnier ist vorbei.
tournament-error-full = Dieses Turnier ist voll ({ $max } Spieler).
tournament-error-banned = Du bist von der Rangliste dieses Servers ausgeschlossen und kannst keinem gewerteten Turnier beitreten.
tournament-error-not-entrant = Du spielst nicht in diesem Turnier.
tournament-error-too-few = Zum Start braucht es mindestens { $min } Spieler; { $count } sind beigetreten.
tournament-error-not-manager = Das kann nur, wer das Turnier angelegt hat, oder ein Moderator.
tournament-error-no-pairing = Runde { $round } hat keine Partie an Brett { $board }.
tournament-error-void-running = Runde { $round }, Brett { $board } wird noch gespielt (Match { $match }). Warte auf das Ergebnis oder beende es zuerst mit /rangliste abbrechen match: { $match } – ein Match, das ein Moderator abbricht, zählt im Turnier nicht.
tournament-error-variant = Ein Turnier paart je zwei Spieler und kann daher nicht in { $variant } gespielt werden.

# Die Turniernachricht.
tournament-title = Turnier { $id }: { $format }, { $variant }, { $time }, { $rated }
tournament-format-swiss = Schweizer System, { $rounds } Runden
tournament-format-round-robin = Rundenturnier
tournament-format-arena = Arena, { $minutes } Minuten
tournament-rated = gewertet
tournament-unrated = ungewertet
tournament-state-open = Offen: beginnt { $start }. Drück „Mitspielen“, um mitzuspielen.
tournament-state-open-manual = Offen: beginnt, wenn es gestartet wird. Drück „Mitspielen“, um mitzuspielen.
tournament-state-round = Runde { $round } von { $rounds }.
tournament-rounds-capped = Mit { $count } Spielern hat ein Turnier im Schweizer System höchstens { $rounds } Runden, ohne dass sich zwei Spieler zweimal treffen; es spielt daher { $rounds } statt { $set } Runden.
tournament-state-arena = Läuft bis { $end }. Man kann noch einsteigen.
tournament-state-finished = Beendet.
tournament-state-cancelled = Abgesagt.
tournament-players = Spieler ({ $count }): { $names }
tournament-more = … und { $count } weitere
tournament-column-player = Spieler
tournament-column-points = Pkt
tournament-column-buchholz = BH
tournament-column-sb = SB
tournament-column-won = Siege
tournament-column-played = Partien
tournament-column-trend = Seit Runde { $round }
tournament-tie-breaks = Bei Gleichstand: Buchholz ohne schlechtestes Ergebnis (BH), dann Sonneborn-Berger (SB), dann der direkte Vergleich.
tournament-arena-note = Sieg 2, Remis 1; nach zwei Siegen in Folge doppelte Punkte (🔥), bis eine Partie nicht gewonnen wird.
tournament-round-title = Turnier { $id }, Runde { $round }
tournament-standings-after = Turnier { $id }: Stand nach Runde { $round }
tournament-board = Brett { $board }: { $first } (beginnt) gegen { $second }
tournament-bye = { $player }: spielfrei (1 Punkt)
tournament-finished = Turnier { $id } ist beendet. Endstand:
tournament-cancelled = Turnier { $id } wurde abgesagt. Seine noch laufenden Matches enden jetzt als abgebrochen: kein Ergebnis, keine Wertungsänderung.
tournament-cancelled-too-few = Turnier { $id } wurde abgesagt: Zur Startzeit brauchte es mindestens { $min } Spieler, beigetreten waren { $count }.

# Private Antworten.
tournament-created = Turnier { $id } ist angelegt; seine Nachricht steht in diesem Kanal.
tournament-joined = Du bist Turnier { $id } beigetreten.
tournament-left = Du hast Turnier { $id } verlassen.
tournament-started = Turnier { $id } hat begonnen.
tournament-cancelled-done = Turnier { $id } ist abgesagt. Seine noch laufenden Matches enden jetzt als abgebrochen: kein Ergebnis, keine Wertungsänderung.
tournament-removed = { $player } wurde aus Turnier { $id } genommen.
tournament-voided = Das Ergebnis von Runde { $round }, Brett { $board } ist annulliert.

# Auswahl bei /tournament create format.
tournament-format-name-swiss = Schweizer System
tournament-format-name-round-robin = Rundenturnier
tournament-format-name-arena = Arena
