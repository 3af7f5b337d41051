# Κοινές λέξεις: παραλλαγές, χρώματα, μονάδες, πόντοι, λίστες, γλώσσες.

## Παραλλαγές (RULES.md §5)
variant-classic = Κλασικό
variant-single = Μονή παρτίδα
variant-five = Πέντε στη σειρά
variant-popout = PopOut
variant-small = Μικρό ταμπλό
variant-misere = Μιζέρ
variant-cylinder = Κύλινδρος
variant-obstacles = Εμπόδια
variant-random-opening = Τυχαίο άνοιγμα
variant-three-players = Τρεις παίκτες
variant-teams = Ομάδες

## Χρώματα
color-red = Κόκκινο
color-yellow = Κίτρινο
color-blue = Μπλε
color-random = Τυχαίο

## Προεπιλεγμένοι χρόνοι
time-preset-3-2 = 3+2 (3 λεπτά, +2 δευτερόλεπτα ανά κίνηση)
time-preset-5-5 = 5+5 (5 λεπτά, +5 δευτερόλεπτα ανά κίνηση)
time-preset-10-10 = 10+10 (10 λεπτά, +10 δευτερόλεπτα ανά κίνηση)
time-preset-30-30 = 30+30 (30 λεπτά, +30 δευτερόλεπτα ανά κίνηση)

## Γλώσσες
language-auto = Γλώσσα του Discord
language-en-US = English
language-de = Deutsch
language-it = Italiano
language-el = Ελληνικά
language-bg = Български

## Μονάδες
unit-seconds = { $count ->
    [one] { $count } δευτερόλεπτο
   *[other] { $count } δευτερόλεπτα
}
unit-minutes = { $count ->
    [one] { $count } λεπτό
   *[other] { $count } λεπτά
}
unit-hours = { $count ->
    [one] { $count } ώρα
   *[other] { $count } ώρες
}
unit-days = { $count ->
    [one] { $count } ημέρα
   *[other] { $count } ημέρες
}

## Σύντομες διάρκειες
duration-hours-minutes = { $hours } ώ. { $minutes } λ.
duration-days = { $days } ημ.
duration-days-hours = { $days } ημ. { $hours } ώ.

time-control-words = { $base } + { $increment } ανά κίνηση

## Πόντοι
points = { $count ->
    [one] { $points } πόντος
   *[other] { $points } πόντοι
}
points-half = ½ πόντος

games-count = { $count ->
    [one] { $count } παρτίδα
   *[other] { $count } παρτίδες
}
matches-count = { $count ->
    [one] { $count } αγώνας
   *[other] { $count } αγώνες
}
moves-count = { $count ->
    [one] { $count } κίνηση
   *[other] { $count } κινήσεις
}

list-and = { $first } και { $last }

versus = { $first } εναντίον { $second }
team-name = Ομάδα { $team }
team-with-players = Ομάδα { $team } ({ $players })
the-bot = το bot
the-bot-level = το bot (επίπεδο { $level })
yes = ναι
no = όχι
time-in = σε { $duration }
