# Семья охотничьих игр: список на странице новой игры и экран игры
# (src/game/ui/family_*.rs). Страницы правил — в rules.ftl.


family-status-move = Ходят: { $side }
family-status-place = Выставляют: { $side }
family-status-thinking = Думают: { $side }…
family-result-win = Победа: { $winner }
family-result-draw = Ничья
family-result-resigned = Сдались: { $loser }. Победа: { $winner }
family-reason-crowd-too-few = осталось слишком мало ({ $side })
family-reason-region-filled = цель занята ({ $side })
family-reason-region-reached = цель достигнута ({ $side })
family-reason-outlasted = продержались до предела ходов ({ $side })
family-reason-no-moves = нет хода ({ $side })
family-reason-quiet-limit = слишком долго без взятия и без выставления
family-reason-repetition = позиция повторилась
family-count-board = на доске: { $count }
family-count-hand = выставить: { $count }
family-count-lost = взято: { $count }
family-hint-stop-or-go-on = Щёлкните по фигуре ещё раз, чтобы остановиться, или берите дальше.
family-hint-finish-chain = Закончите взятие: щёлкните по отмеченному пункту.
family-hint-place-first = Сначала выставьте фигуру: щёлкните по отмеченному пункту.
family-hint-stuck-piece = Этой фигуре некуда ходить.
family-pass = Пропустить ход (хода нет)
family-undo = Вернуть ход
family-restart = Заново
family-resign = Сдаться
family-rules = Правила
family-names = Названия пунктов
family-menu = Меню
family-moves = Ходы
family-no-moves-yet = Ходов ещё нет.
family-ai-note = Компьютер играет в эту игру с общей оценкой для всей семьи.
