# Κοινές λέξεις: παραλλαγές, χρώματα, μονάδες, πόντοι, λίστες, γλώσσες.

## Παραλλαγές (docs/rules.md §5)
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

list-and = { $first } και { $last }

versus = { $first } εναντίον { $second }
team-name = Ομάδα { $team }
the-bot = το bot
the-bot-level = το bot (επίπεδο { $level })
yes = ναι
no = όχι
time-in = σε { $duration }
