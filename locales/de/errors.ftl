# Ablehnungen (private Antworten) und die Entschuldigung bei internen Fehlern.

error-not-your-turn = Du bist nicht am Zug: { $player } ist dran.
error-column-full = Spalte { $column } ist voll; wähl eine andere.
error-column-out-of-range = Auf diesem Brett gibt es keine Spalte { $column } (a bis { $last }).
error-stale-button = Diese Schaltfläche gehört zu einem früheren Zug. Nimm die Schaltflächen unter dem neuesten Brett.
error-not-a-player = Du spielst in diesem Match nicht mit. Zuschauen und mitreden ist aber ausdrücklich erwünscht.
error-challenge-expired = Diese Herausforderung ist verfallen.
error-challenge-not-for-you = Diese Herausforderung gilt jemand anderem.
error-challenge-answered = Diese Herausforderung wurde bereits beantwortet.
error-own-challenge = Deine eigene Herausforderung kannst du nicht annehmen. Mit Ablehnen ziehst du sie zurück.
error-seek-expired = Dieses Gesuch ist verfallen.
error-seek-full = Alle Plätze sind bereits besetzt.
error-seek-already-joined = Du hast schon einen Platz.
error-seek-not-yours = Nur wer diese Suche eingestellt hat, kann sie zurückziehen.
error-no-own-disc-to-pop = Du darfst nur einen eigenen Stein herausziehen: Der unterste Stein in Spalte { $column } gehört dir nicht.
error-nothing-to-pop = Spalte { $column } ist leer: Es gibt keinen Stein zum Herausziehen.
error-pop-not-allowed = Steine herausziehen darf man nur bei PopOut.
error-game-over = Diese Partie ist bereits beendet.
error-match-over = Dieses Match ist bereits beendet.
error-bad-time-control = „{ $input }“ ist keine gültige Bedenkzeit. Schreib Grundzeit+Zuschlag, die Grundzeit in Minuten und den Zuschlag in Sekunden, z. B. 10+10. Erlaubt sind als Grundzeit mindestens { $min-base } und höchstens { $max-base }, als Zuschlag höchstens { $max-increment }.
error-unknown-variant = Eine Variante „{ $input }“ gibt es nicht. Varianten: { $variants }.
error-unknown-choice = „{ $input }“ ist keine der Auswahlmöglichkeiten dieser Option.
error-variant-not-allowed = { $variant } ist auf diesem Server nicht erlaubt.
error-wrong-channel = Partien beginnen auf diesem Server in { $channel }.
error-same-opponent = Du hast schon ein laufendes Match gegen { $opponent }. Spiel das erst zu Ende.
error-banned = Du bist von der Rangliste dieses Servers gesperrt.
error-player-banned = { $player } ist von der Rangliste dieses Servers gesperrt.
error-moderator-only = Das dürfen nur Moderatoren (Berechtigung „Server verwalten“).
error-no-match-here = In diesem Kanal läuft kein Match von dir.
error-nothing-to-ready = Gerade gibt es keine nächste Partie, für die du bereit sein könntest.
error-already-ready = Du hast schon „Bereit“ gedrückt.
error-needs-opponent2 = { $variant } braucht einen zweiten Gegner: Nutz die Option gegner2.
error-needs-teammate = { $variant } braucht einen Partner und einen zweiten Gegner: Nutz die Optionen partner und gegner2.
error-too-many-players = { $variant } ist für zwei Spieler; lass gegner2 und partner weg.
error-color-single-only = Eine Farbe kannst du nur bei einer Einzelpartie wählen.
error-level-bot-only = Die Option stufe gilt nur für Partien gegen den Bot.
error-level-out-of-range = Die Stufe muss zwischen { $min } und { $max } liegen.
error-duplicate-player = Jeder Platz braucht einen anderen Spieler.
error-guild-only = Dieser Befehl funktioniert nur auf einem Server.
error-match-not-found = Hier gibt es kein Match { $id }.
error-analyze-not-finished = Nur beendete Matches lassen sich analysieren.
error-internal = Entschuldigung, bei uns ist etwas schiefgelaufen. Der Fehler wurde protokolliert; bitte versuch es gleich noch einmal.
error-panic = Entschuldigung, fourbot ist beim Beantworten auf einen Fehler gestoßen. Er wurde protokolliert; deine Matches laufen weiter, und du kannst es gleich noch einmal versuchen.

# pitfalls branch
error-other-bot = Einen anderen Bot kannst du nicht herausfordern. Fordere einen Menschen heraus – oder fourbot selbst für eine Partie gegen seine KI.
# Reliability (issue 11)
error-try-again = Das ließ sich gerade nicht speichern, daher hat sich nichts geändert. Bitte drück die Schaltfläche gleich noch einmal.
error-rematch-expired = Das Revanche-Angebot ist abgelaufen. Starte ein neues Match mit /challenge.
error-several-matches = Du hast mehrere laufende Matches: { $threads }. Nutze den Befehl im Thread des gemeinten Matches.
error-not-your-challenge = Nur wer die Herausforderung gestellt hat, kann sie zurückziehen.

## Issue 32: Grenzen pro Mitglied und pro Server
limit-ai-matches = Du hast auf diesem Server schon { $running } laufende Matches gegen den Bot, und ein Mitglied darf { $limit } gleichzeitig spielen. Beende eines oder gib es auf und versuche es dann erneut.
limit-open-offers = Du hast auf diesem Server schon { $open } offene Herausforderungen und Gesuche, und ein Mitglied darf { $limit } haben. Ziehe eine mit /matches zurück oder versuche es erneut, wenn eine abläuft (die erste { $expires }).
limit-analyses = Du hast schon { $queued } wartende oder laufende Analysen, und ein Mitglied darf { $limit } haben. Versuche es erneut, wenn eine davon geantwortet hat.
limit-analysis-queue = Die Warteschlange der Analysen ist voll: { $ahead } Analysen warten oder laufen. Versuche es in etwa { $wait } erneut.
limit-per-minute = Ein Mitglied darf /{ $command } { $limit ->
    [one] einmal
   *[other] { $limit }-mal
} pro Minute verwenden. Versuche es in { $wait } erneut.
limit-server-per-minute = Dieser Server darf /{ $command } { $limit ->
    [one] einmal
   *[other] { $limit }-mal
} pro Minute verwenden, alle Mitglieder zusammen. Versuche es in { $wait } erneut.
