# Надписи на бутоните (до 80 знака).

button-pop = Извади от { $column }
button-resign-game = Предай партията
button-resign-match = Предай мача
button-ready = Готов за следващата партия
button-accept = Приеми
button-decline = Откажи
button-join = Включи се
button-rematch = Реванш
button-confirm = Потвърди
button-cancel = Отказ
button-previous = Назад
button-next = Напред
button-resign-yes = Да, предавам мача
button-resign-no = Не, продължавам
button-withdraw = Оттегли { $n }
button-tournament-leave = Напусни
button-take-back-accept = Приемам
button-take-back-decline = Отказвам
