# Масата в терминала (`fourbot shell`).

shell-welcome = fourbot — { $variant }, { $time }. Напиши help, за да видиш командите.
shell-help = Напиши колона, за да пуснеш пул (буква като d или число като 4); в PopOut с -a или pop a изваждаш своя пул от дъното на колона a. Число в [скоби] натиска съответния бутон. Команди: resign-game, resign-match, ready, rematch, board, takeback, accept, decline, help, quit.
shell-unknown = Това не е нито ход, нито команда. Напиши help, за да видиш командите.
shell-quit-saved = Довиждане. Мачът е запазен; пусни shell отново със същата база данни, за да продължиш.
shell-quit-lost = Довиждане. Мачът не беше запазен (няма база данни).
shell-quit-over = Довиждане.
shell-resumed = Намерен е запазен мач и той продължава.
shell-buttons = Бутони
shell-player = Играч { $number }
