# /rules und /rules <Variante>: docs/rules.md §1–§5 für Spieler. Markdown.

rules-basics-title = So wird gespielt
rules-basics =
    Zwei Spieler werfen abwechselnd einen Stein ihrer Farbe in eine der Spalten eines aufrecht stehenden Bretts (klassisch: 7 Spalten, 6 Zeilen). Der Stein fällt bis auf das unterste freie Feld der Spalte. In eine volle Spalte kann man nicht werfen, und Aussetzen gibt es nicht.
    Wer zuerst vier eigene Steine in einer geraden Reihe hat – waagrecht, senkrecht oder diagonal –, gewinnt sofort; längere Reihen zählen auch. Ist das Brett voll und hat niemand eine Reihe, endet die Partie remis.
    Rot beginnt, Gelb ist als Zweites dran (und Blau als Drittes, wo es mitspielt).

rules-notation-title = Notation
rules-notation =
    Spalten sind Buchstaben von links (a, b, c, …), Zeilen Zahlen von unten: d1 ist auf dem klassischen Brett das unterste Feld der mittleren Spalte.
    Die Zugliste zählt die Steine: „7. 🔴 d“ heißt, der siebte Stein ging in Spalte d. Das Herausziehen bei PopOut schreibt man mit Minus: -a.
    Zum Ziehen drückst du eine Spalten-Schaltfläche oder schreibst die Spalte in den Match-Thread: einen Buchstaben (a, B, …) oder eine Zahl von links gezählt (1 ist Spalte a). Alles andere, was du dort schreibst, ist einfach Chat.

rules-match-title = Das Match
rules-match =
    Ein gewertetes Match besteht aus zwei Partien; in der zweiten werden Farben und Anzug getauscht. Ein Sieg bringt 1 Punkt, ein Remis ½ und eine Niederlage 0, ein Match endet also 2:0, 1½:½ oder 1:1. Ein 1:1 ist ein unentschiedenes Match, Stichpartien gibt es nicht.
    Nach einer Partie bleibt die Endstellung stehen, bis alle Spieler „Bereit für die nächste Partie“ gedrückt haben.
    - „Partie aufgeben“ gibt nur die laufende Partie verloren; die nächste wird trotzdem gespielt.
    - „Match aufgeben“ gibt das ganze Match verloren.
    Gibt jemand das Match auf, überschreitet die Zeit oder wird von einem Moderator entfernt, verliert er es kampflos: Das zählt als 0:2, bereits gespielte Partien bleiben so in der Statistik, wie sie waren. Züge zurücknehmen oder Partien vertagen geht nicht.
    Ein Match zählt erst, wenn alle darin mindestens einen Zug gemacht haben: Endet es vorher – durch Aufgabe, Zeitüberschreitung oder sonst wie –, wird es abgebrochen, ohne Ergebnis und ohne Wertungsänderung.

rules-clock-title = Die Uhr
rules-clock =
    Jeder Spieler hat ein Zeitkonto für das ganze Match und bekommt nach jedem Zug einen Zuschlag. Man schreibt das als Grundzeit+Zuschlag, die Grundzeit in Minuten und den Zuschlag in Sekunden: 10+10 heißt zehn Minuten und zehn Sekunden pro Zug. Vorgaben sind 3+2, 5+5, 10+10 (Standard) und 30+30; möglich ist jede Grundzeit von 1 Minute bis zu 7 Tagen und jeder Zuschlag von 0 Sekunden bis zu 1 Tag.
    - Deine Zeit läuft, solange du am Zug bist. Nach einem Zug kommt der Zuschlag dazu – außer bei einem Zug, der die Partie beendet.
    - Das Zeitkonto wird von Partie 1 in Partie 2 übernommen. Ist es leer, verlierst du das Match.
    - Dein erster Zug im Match kostet keine Bedenkzeit. Du hast für ihn aber nur { $abort-window } Zeit, gerechnet ab dem Moment, in dem du am Zug bist; sonst wird das Match ohne Ergebnis abgebrochen.
    - Zwischen den Partien stehen die Uhren { $grace } lang still; danach läuft die Zeit aller, die noch nicht „Bereit“ gedrückt haben.
    - Startet der Bot neu, beginnt der laufende Zug noch einmal mit der Zeit, die der Spieler zu seinem Beginn hatte, und ihr bekommt Bescheid.

rules-variants-title = Varianten
rules-variants-intro = Schreib /regeln mit einer Variante, um ihre Einzelheiten zu lesen.

rules-summary-classic = 7×6-Brett, vier in einer Reihe, ein Match aus zwei Partien.
rules-summary-single = Klassische Regeln, nur eine Partie, nie gewertet.
rules-summary-five = 9×6-Brett mit vollen Randspalten; fünf in einer Reihe.
rules-summary-popout = Du darfst auch einen eigenen Stein aus der untersten Zeile ziehen.
rules-summary-small = 6×5-Brett, vier in einer Reihe.
rules-summary-misere = Verkehrte Welt: Wer vier in einer Reihe macht, verliert.
rules-summary-cylinder = Reihen laufen vom rechten Rand auf der linken Seite weiter.
rules-summary-obstacles = Vier graue Blöcke stehen von Anfang an auf dem Brett.
rules-summary-random-opening = Beginnt mit einer ausgelosten, ausgeglichenen Eröffnung aus vier Steinen.
rules-summary-three-players = Drei Spieler: Rot, Gelb und Blau.
rules-summary-teams = Zwei Zweierteams, jedes Team teilt sich eine Farbe.

rules-variant-classic =
    Das Standardspiel: ein 7×6-Brett, vier in einer Reihe gewinnt, und ein gewertetes Match aus zwei Partien mit getauschten Farben.
rules-variant-single =
    Klassische Regeln auf einem 7×6-Brett, aber nur eine Partie, und die wird nie gewertet. Wer herausfordert, wählt Rot, Gelb oder eine zufällige Farbe.
rules-variant-five =
    Ein breiteres Brett mit 9 Spalten und 6 Zeilen, und du brauchst fünf in einer Reihe. Vor dem ersten Zug sind die Spalten a und i schon voll: Spalte a von unten Rot, Gelb, Rot, …, Spalte i Gelb, Rot, Gelb, … Diese zwölf Steine zählen für Reihen wie alle anderen; es bleiben 42 freie Felder.
rules-variant-popout =
    Klassisches Brett und vier in einer Reihe, aber wenn du am Zug bist, kannst du entweder einen Stein einwerfen oder einen eigenen Stein unten herausziehen: Alles darüber in dieser Spalte rutscht ein Feld nach unten.
    - Nach jedem Zug werden beide Farben geprüft. Hat nur eine Farbe eine Reihe, gewinnt sie. Verschafft ein Herausziehen beiden Farben eine Reihe, verliert, wer herausgezogen hat.
    - Ein volles Brett ist kein Remis: Es geht mit Herausziehen weiter.
    - Remis ist es, wenn der Spieler am Zug keinen erlaubten Zug hat oder dieselbe Stellung mit demselben Spieler am Zug zum dritten Mal entsteht.
    Herausziehen schreibst du als -a oder pop a.
rules-variant-small =
    Ein kleineres Brett mit 6 Spalten und 5 Zeilen, vier in einer Reihe. Bei perfektem Spiel beider Seiten endet es remis.
rules-variant-misere =
    Hier ist alles umgekehrt: Wer eine Reihe aus vier vollendet, verliert sofort. Wird das Brett ohne Reihe voll, endet die Partie remis.
rules-variant-cylinder =
    Das Brett ist zu einem Zylinder gerollt: Spalte a liegt direkt neben der letzten Spalte. Waagrechte und diagonale Reihen dürfen über diese Naht laufen, f2 g2 a2 b2 ist also eine Reihe. Senkrechte Reihen funktionieren wie gewohnt.
rules-variant-obstacles =
    Zu Beginn stehen vier graue Blöcke auf dem Brett, in zwei gespiegelten Paaren: ein Block in einer Spalte und sein Zwilling in der Spiegelspalte, jeweils in der untersten Zeile oder auf einem anderen Block, nie in der mittleren Spalte. Ein Block belegt sein Feld wie ein Stein, gehört aber niemandem und zählt nie für eine Reihe. Die Aufstellung wird für jedes Match ausgelost; beide Partien verwenden dieselbe.
rules-variant-random-opening =
    Das Match beginnt mit einer Eröffnung aus vier Steinen (zwei rote, zwei gelbe, Rot am Zug), zufällig ausgelost aus Stellungen, die der Löser des Bots bei perfektem Spiel als remis nachgewiesen hat. Beide Partien verwenden dieselbe Eröffnung mit getauschten Farben. Die Eröffnungssteine stehen in der Zugliste, als ausgelost markiert.
rules-variant-three-players =
    Drei Spieler ziehen abwechselnd auf einem 8×6-Brett: Rot, Gelb, Blau. Wer zuerst vier in einer Reihe hat, gewinnt die Partie und bekommt 1 Punkt; die anderen beiden gehen leer aus. Ein volles Brett ist remis, ½ Punkt für jeden.
    - Ein Match hat drei Partien, und der Anzug wechselt so, dass jeder einmal beginnt.
    - Die Plätze richten sich nach den Punkten; bei Punktgleichheit teilt man sich den Platz.
    - Wer das Match aufgibt oder die Zeit überschreitet, beendet es für alle: Er kommt auf den letzten Platz, die anderen werden nach ihren bisherigen Punkten eingereiht.
rules-variant-teams =
    Zwei Zweierteams auf einem 7×6-Brett; die Spieler eines Teams teilen sich eine Farbe. In Partie 1 ist Team A Rot, und die Reihenfolge ist A1, B1, A2, B2, A1, … In Partie 2 ist Team B Rot und beginnt: B1, A1, B2, A2, …
    - Jeder Spieler hat seine eigene Uhr.
    - Jedes Mitglied kann die Partie oder das Match für das Team aufgeben.
    - Überschreitet ein Mitglied die Zeit, verliert das Team das Match kampflos.

help-commands-title = Befehle
help-moves-title = Wie man zieht
help-moves = Drück auf der Zugnachricht einen Spalten-Button oder tipp die Spalte in den Match-Thread: einen Buchstaben (a, b, …) oder eine Zahl von links (1 ist Spalte a). In PopOut nehmen die Pop-Buttons einen Stein unten heraus.
help-moves-reply = Auf diesem Server lese ich den Text von Nachrichten nicht: ein getippter Zug muss auf die Zugnachricht antworten oder mich erwähnen.
# $bot (text: a mention of the bot)
help-play-bot = Gegen mich spielen: /herausfordern mit { $bot } als Gegner; die Option stufe bestimmt meine Spielstärke.
help-match-title = Das Match
help-match = Ein gewertetes Match hat zwei Partien; für die zweite werden die Farben getauscht. Jeder hat ein Zeitkonto für das ganze Match plus einen Zuschlag pro Zug (10+10: zehn Minuten plus zehn Sekunden pro Zug). /rules hat das ganze Regelwerk.

# Issue 35 §2: /help's line for the user command. $name (the command's name in this language)
help-user-command = **{ $name }**: Rechtsklick auf ein Mitglied (oder auf seinen Namen tippen) → Apps → { $name }: ein privates Formular, um es herauszufordern, Variante und Bedenkzeit mit einer Auswahl
# The welcome posted once in a server that has just added the bot. $challenge, $help (text: the command as a mention that opens it, or its name with its slash)
welcome = Hallo! Ich veranstalte Vier-gewinnt-Matches auf diesem Server. { $challenge } startet eines, gegen ein Mitglied oder gegen mich; { $help } zeigt alle Befehle und wie man spielt.
