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


## Puzzles of a family game
family-puzzles = Задачи ({ $count })
family-puzzles-hint = Позиции этой игры, где нужно найти один ход. Партия, которую вы играете, откладывается и вернётся.
family-puzzles-progress = Задачи (решено { $solved } из { $count })
family-puzzle-title = Задача { $number } из { $count }
family-puzzle-goal-win = Ход за стороной «{ $side }»: найдите единственный ход, сохраняющий выигрыш.
family-puzzle-goal-win-fastest = Ход за стороной «{ $side }»: здесь выигрывает любой ход; найдите единственный, что выигрывает быстрее всех.
family-puzzle-goal-hold = Ход за стороной «{ $side }»: найдите единственный ход, сохраняющий ничью; все остальные проигрывают.
family-puzzle-goal-best = Ход за стороной «{ $side }»: найдите явно лучший ход.
family-puzzle-proof-solved = Доказано: эта игра решена с конца, цена каждого хода известна (и выигрыш наступает раньше ничьей за тихие ходы).
family-puzzle-proof-margin = Оценка перебора, а не доказательство: каждый ход просчитан на { $depth } полуходов, и этот опередил следующий лучший на { $margin } фигуры.
family-puzzle-solved-before = Эта задача уже решена.
family-puzzle-unrated = Задачи игр семьи не входят в рейтинг.
family-puzzle-leave = К партии
