# Herausforderungen (/challenge) und offene Gesuche (/seek).

challenge-posted = { $challenger } fordert { $opponents } zu einem Match heraus: { $variant }, { $time }. Die Herausforderung verfällt { $expires }.
challenge-ai-started = { $challenger } spielt gegen den Bot (Stufe { $level }): { $variant }. Ohne Wertung.
challenge-color = { $player } spielt { $color }.
challenge-accepted = { $player } hat angenommen.
challenge-waiting-for = Wir warten noch auf { $players }.
challenge-declined = { $player } hat die Herausforderung abgelehnt.
challenge-withdrawn = { $player } hat die Herausforderung zurückgezogen.
challenge-expired-notice = Niemand hat rechtzeitig geantwortet; die Herausforderung ist verfallen.
seek-posted = { $player } sucht Gegner für ein Match: { $variant }, { $time }. { $free ->
    [one] Ein Platz ist frei.
   *[other] { $free } Plätze sind frei.
} Drück „{ button-join }“, um einzusteigen.
seek-joined = { $player } spielt mit. { $free ->
    [0] Alle Plätze sind besetzt.
    [one] Ein Platz ist noch frei.
   *[other] { $free } Plätze sind noch frei.
}
seek-expired-notice = Niemand ist rechtzeitig dazugekommen; das Gesuch ist verfallen.
seek-cancelled = { $player } hat die Suche zurückgezogen.

## Die private Antwort auf /challenge und /seek, sobald das Angebot darunter steht. $expires (relative Zeit)
offer-posted = Gepostet. Es verfällt { $expires }.
offer-started = Das Match beginnt in einem Thread an der Nachricht unten.

offer-wrong-channel = Hier kann kein Match beginnen: sein Thread braucht einen Text- oder Ankündigungskanal (keinen Thread, kein Forum, keinen Sprach- oder Bühnenkanal). Mach das Angebot in so einem Kanal.
offer-missing-permissions = Ich kann hier keinen Match-Thread öffnen: mir fehlt { $permissions }. Ein Moderator kann mir das in den Einstellungen dieses Kanals geben.
permission-view-channel = Kanal ansehen
permission-send-messages-in-threads = Nachrichten in Threads senden
permission-create-public-threads = Öffentliche Threads erstellen
permission-attach-files = Dateien anhängen
permission-read-message-history = Nachrichtenverlauf lesen

matches-running = Deine laufenden Matches:
matches-running-line = { $thread }: { $players } ({ $variant })
matches-offers = Deine offenen Herausforderungen und Suchen (ein Button zieht eine zurück):
matches-challenge-line = { $n }. Eine Herausforderung an { $players } ({ $variant })
matches-seek-line = { $n }. Eine offene Suche ({ $variant })
matches-none = Du hast auf diesem Server kein laufendes Match und keine offene Herausforderung.

## Issue 35 §2: the private Challenge form of the user command. $opponent (a mention), $variant, $time (text: "10+10")
challenge-form = { $opponent } zu einem Match herausfordern: { $variant }, { $time }. Ändere unten die Variante oder die Bedenkzeit, oder drücke Herausfordern.
challenge-form-variant = Variante
challenge-form-time = Bedenkzeit (Minuten+Sekunden)
button-challenge = Herausfordern
