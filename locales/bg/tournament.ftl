# Турнири (/tournament): откази, съобщението на турнира, кръгове.

tournament-error-unknown = Няма турнир { $id }.
tournament-error-moderators-only = На този сървър само модераторите могат да създават турнири.
tournament-error-rounds = Швейцарската система изисква от { $min } до { $max } кръга.
tournament-error-minutes = Арената изисква продължителност от { $min } до { $max } минути.
tournament-error-already-joined = Вече си се включил в този турнир.
tournament-error-started = Този турнир вече е започнал: не приема повече играчи.
tournament-error-over = Този турнир е приключил.
tournament-error-full = Този турнир е пълен ({ $max } играчи).
tournament-error-banned = Изключен си от класирането на този сървър, затова не можеш да се включиш в турнир с рейтинг.
tournament-error-not-entrant = Не играеш в този турнир.
tournament-error-too-few = За начало трябват поне { $min } играчи; включили са се { $count }.
tournament-error-not-manager = Само създателят на турнира или модератор може да направи това.
tournament-error-no-pairing = В кръг { $round } няма мач на дъска { $board }.
tournament-error-void-running = Кръг { $round }, дъска { $board } все още се играе (мач { $match }). Изчакай резултата или първо го прекрати с /ранглиста прекрати мач: { $match } — мач, прекратен от модератор, не се брои в турнира.
tournament-error-variant = Турнирът съчетава по двама играчи, затова не може да се играе във { $variant }.

# Съобщението на турнира.
tournament-title = Турнир { $id }: { $format }, { $variant }, { $time }, { $rated }
tournament-format-swiss = швейцарска система, { $rounds } кръга
tournament-format-round-robin = всеки срещу всеки
tournament-format-arena = арена, { $minutes } минути
tournament-rated = с рейтинг
tournament-unrated = без рейтинг
tournament-state-open = Отворен: започва { $start }. Натисни „Включи се“, за да играеш.
tournament-state-open-manual = Отворен: започва, когато създателят му го стартира. Натисни „Включи се“, за да играеш.
tournament-state-round = Кръг { $round } от { $rounds }.
tournament-rounds-capped = С { $count } играчи швейцарската система има най-много { $rounds } кръга, без двама играчи да се срещнат два пъти, затова се играят { $rounds } кръга вместо { $set }.
tournament-state-arena = Тече до { $end }. Още може да се включиш.
tournament-state-finished = Приключи.
tournament-state-cancelled = Отменен.
tournament-players = Играчи ({ $count }): { $names }
tournament-more = … и още { $count }
tournament-column-player = Играч
tournament-column-points = Т.
tournament-column-buchholz = BH
tournament-column-sb = SB
tournament-column-won = Победи
tournament-column-played = Мачове
tournament-column-trend = От кръг { $round }
tournament-tie-breaks = При равенство: Бухолц без най-слабия (BH), после Зонеборн-Бергер (SB), после директната среща.
tournament-arena-note = Победа 2, реми 1; след две поредни победи точките са двойни (🔥), докато мач не бъде спечелен.
tournament-round-title = Турнир { $id }, кръг { $round }
tournament-standings-after = Турнир { $id }: класиране след кръг { $round }
tournament-board = Дъска { $board }: { $first } (започва) срещу { $second }
tournament-bye = { $player }: почива (1 точка)
tournament-finished = Турнир { $id } приключи. Крайно класиране:
tournament-cancelled = Турнир { $id } беше отменен. Мачовете му, които още се играят, приключват сега като прекратени: няма резултат и рейтингът не се променя.
tournament-cancelled-too-few = Турнир { $id } беше отменен: в часа на началото бяха нужни поне { $min } играчи, а се бяха включили { $count }.

# Лични отговори.
tournament-created = Турнир { $id } е създаден; съобщението му е в този канал.
tournament-joined = Включи се в турнир { $id }.
tournament-left = Напусна турнир { $id }.
tournament-started = Турнир { $id } започна.
tournament-cancelled-done = Турнир { $id } е отменен. Мачовете му, които още се играят, приключват сега като прекратени: няма резултат и рейтингът не се променя.
tournament-removed = { $player } беше изваден от турнир { $id }.
tournament-voided = Резултатът от кръг { $round }, дъска { $board } е анулиран.

# Избор при /tournament create format.
tournament-format-name-swiss = Швейцарска система
tournament-format-name-round-robin = Всеки срещу всеки
tournament-format-name-arena = Арена
