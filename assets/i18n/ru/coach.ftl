## The game's analysis and the puzzles (ru). Every id here must also be in the other language.

## Разбор партии на боковой панели

analysis-title = Разбор
analysis-start = Разобрать партию
analysis-start-again = Разобрать всю партию
analysis-start-hint = Компьютер оценит каждый ход: сколько он уступил, какой ход был лучшим и точный исход там, где его знает таблица или доказательство. Разбор идёт в фоне: можно играть дальше.
analysis-progress = Разбор { $moves ->
    [one] { $moves } хода
   *[other] { $moves } ходов
}: { $percent } %
analysis-loading-table = Загружается таблица эндшпиля…
analysis-cancel = Остановить
analysis-cancel-hint = Остановить разбор (ничего из него не сохранится)
analysis-graph-for = Шансы по ходу партии: { $side } (щёлкните по точке, чтобы перейти к ходу)
analysis-graph-point = Ход { $ply }: { $move } ({ $grade })
analysis-graph-start = Начало
analysis-accuracy-hint = Точность: 100, когда каждый ход был лучшим
analysis-player-began-as = Начинал: { $side }
analysis-grade-best = Лучший
analysis-grade-good = Хороший
analysis-grade-inaccuracy = Неточность
analysis-grade-mistake = Ошибка
analysis-grade-blunder = Грубая ошибка
analysis-move-tip = { $grade }; лучший: { $best }
analysis-move-line = Ход { $ply }, { $move }: { $grade }.
analysis-best-was = Лучшим был ход { $move }.
analysis-eval = Оценка ({ $side }), в фигурах: { $before } до хода, { $after } после.
analysis-eval-began-as = Оценка (начинал: { $side }), в фигурах: { $before } до хода, { $after } после.
analysis-score-win = выигрыш
analysis-score-win-in = выигрыш не более чем за { $moves } { $moves ->
    [one] ход
    [few] хода
   *[other] ходов
}
analysis-score-loss = проигрыш
analysis-score-loss-in = проигрыш не более чем за { $moves } { $moves ->
    [one] ход
    [few] хода
   *[other] ходов
}
analysis-score-round-over = первый раунд окончен
analysis-score-round-ends-in = первый раунд кончится не более чем за { $moves } { $moves ->
    [one] ход
    [few] хода
   *[other] ходов
}
analysis-verdict-round-ends = первый раунд кончится при любой защите.
analysis-verdict-round-ends-in = первый раунд кончится при любой защите, не более чем за { $moves } { $moves ->
    [one] ход
    [few] хода
   *[other] ходов
}.
analysis-verdict-round-no-longer-ends = этот ход упустил вынужденный конец первого раунда.
analysis-verdict-round-now-ends = после этого хода первый раунд кончится при любой защите.
analysis-verdict-round-does-not-end = первый раунд не кончается вынужденно.
analysis-exact = Точно ({ $source }): { $verdict }
analysis-source-rules = по правилам
analysis-source-table = таблица эндшпиля
analysis-source-proof = доказательство перебором
analysis-source-search = перебор до конца
analysis-table-condition = Таблица не учитывает правило, что позиция не может повториться; по этому правилу сторона, которой не хватает ходов, может проиграть позицию, которую таблица считает ничейной.
analysis-basis-engine = Оценка движка после перебора на { $depth } { $depth ->
    [one] полуход
    [few] полухода
   *[other] полуходов
} (полуход — ход одной стороны): это приближение, а не доказательство.
analysis-verdict-win-to-draw = этот ход упустил выигрыш, теперь ничья.
analysis-verdict-win-to-loss = этот ход упустил выигрыш, теперь проигрыш.
analysis-verdict-draw-to-loss = этот ход упустил ничью.
analysis-verdict-keeps-draw = ничья сохраняется.
analysis-verdict-keeps-win = выигрыш сохраняется.
analysis-verdict-keeps-win-in = выигрыш сохраняется, не более чем за { $moves } { $moves ->
    [one] ход
    [few] хода
   *[other] ходов
}.
analysis-verdict-still-lost = позиция по-прежнему проиграна.
analysis-verdict-still-lost-in = позиция по-прежнему проиграна, не более чем за { $moves } { $moves ->
    [one] ход
    [few] хода
   *[other] ходов
}.
analysis-copy = Копировать
analysis-copy-hint = Скопировать разбор текстом
analysis-copied = Разбор скопирован текстом.
analysis-save-file = Сохранить в файл
analysis-save-file-hint = Записать разбор в текстовый файл
analysis-exported = Разбор сохранён в { $file }.
analysis-export-failed = Не удалось сохранить разбор в { $file }.
analysis-export-title = { $game }: разбор партии от Stronghold
analysis-export-summary = { $side_title }: точность { $accuracy } %; лучших ходов { $best }, хороших { $good }, неточностей { $inaccuracy }, ошибок { $mistake }, грубых ошибок { $blunder }.

## Задачи

menu-puzzles = Задачи
move-error-not-the-answer = Не этот ход: попробуйте ещё раз.
puzzles-title = Задачи
puzzles-intro = Позиции из партий компьютера, где один ход делает то, что просит задача. Каждая задача говорит, откуда известен ответ: доказан (таблицей эндшпиля или доказательным перебором) или найден глубоким перебором, в котором любой другой ход заметно хуже, — это веский довод, но не доказательство. Найдите его на доске; компьютер отвечает по линии решения.
puzzles-loading = Задачи загружаются…
puzzles-missing = Не удалось прочитать задачи этой игры.
puzzles-standing = Рейтинг { $rating } · решено { $solved } из { $total } (хранится на этом устройстве; сложность задач постоянна)
puzzles-next = Решать следующую задачу
puzzles-note-pirates = При хорошей игре чаще побеждают булгары, поэтому здесь в основном лучшие взятия пиратов и единственные безопасные ходы булгар.
puzzles-note-asalto = При хорошей игре чаще побеждают мятежники, поэтому здесь в основном лучшие взятия офицеров и единственные безопасные ходы мятежников.
puzzles-note-fox-geese = Ответы доказаны доказательством перебором (без ходов вбок) или глубоким перебором.
puzzles-note-bagh-chal = Ответы доказаны таблицей фазы ходов или глубоким перебором.
puzzles-note-any = Каждая задача говорит, откуда известен ответ: доказан решением игры или найден глубоким перебором.
puzzle-title = Задача { $number } · { $game }
puzzle-difficulty-hint = Сложность: насколько глубоко должен смотреть перебор, чтобы найти ответ
puzzle-goal-win = { $n ->
    [one] Ходит { $side }
   *[other] Ходят { $side }
}: найдите единственный выигрывающий ход.
puzzle-goal-win-quickest = { $n ->
    [one] Ходит { $side }
   *[other] Ходят { $side }
}: выигрывает не один ход; найдите единственный, что выигрывает быстрее всех (любой другой ход выигрывает позже, ведёт к ничьей или проигрывает).
puzzle-goal-hold = { $n ->
    [one] Ходит { $side }
   *[other] Ходят { $side }
}: найдите единственный ход, сохраняющий ничью; все остальные проигрывают.
puzzle-goal-win-searched = { $n ->
    [one] Ходит { $side }
   *[other] Ходят { $side }
}: найдите выигрывающий ход. Перебор видит форсированный выигрыш после него и ни после какого другого хода.
puzzle-goal-hold-table = { $n ->
    [one] Ходит { $side }
   *[other] Ходят { $side }
}: найдите единственный ход, который не проигрывает; все остальные проигрывают форсированно. Таблица считает этот ход ничейным, не учитывая правило, что позиция не может повториться.
puzzle-goal-hold-searched = { $n ->
    [one] Ходит { $side }
   *[other] Ходят { $side }
}: найдите ход, который удерживает позицию. Перебор находит все остальные ходы заметно хуже.
puzzle-goal-take-most = { $n ->
    [one] Ходит { $side }
   *[other] Ходят { $side }
}: найдите ход, который берёт больше всего.
puzzle-goal-hold-out = { $n ->
    [one] Ходит { $side }
   *[other] Ходят { $side }
}: партия проиграна; найдите ход, который продержится дольше всех.
puzzle-goal-best-move = { $n ->
    [one] Ходит { $side }
   *[other] Ходят { $side }
}: найдите ход, который явно лучше остальных.
puzzle-proof-table = Доказано таблицей эндшпиля.
puzzle-proof-search = Доказано перебором: любой другой ход проигрывает.
puzzle-proof-solved = Доказано решением игры с конца: исход каждого хода здесь известен, и каждый выигрыш наступает раньше, чем могла бы наступить ничья за ходы без продвижения.
puzzle-proof-margin = Найдено перебором на { $depth } { $depth ->
    [one] полуход
    [few] полухода
   *[other] полуходов
} вперёд (полуход — ход одной стороны): любой другой ход там хуже хотя бы на { $margin } фигуры. Это не доказательство.
puzzle-status-your-move = Ваш ход.
puzzle-status-again = Ваш ход: попробуйте ещё раз.
puzzle-status-wrong = Не этот ход: попробуйте ещё раз.
puzzle-status-right = Верно! Компьютер отвечает…
puzzle-status-solved = Решено!
puzzle-rating = Ваш рейтинг в этой игре: { $rating }
puzzle-rating-change = Ваш рейтинг в этой игре: { $rating } ({ $change })
puzzle-solved-before = Уже решена: эта попытка не меняет ваш рейтинг.
puzzle-hint-hint = Показать ход-ответ (тогда задача не считается решённой чисто)
puzzle-retry = Заново
puzzle-retry-hint = Вернуться к начальной позиции задачи
puzzle-next = Следующая задача
puzzle-to-list = Задачи
puzzle-to-list-hint = К списку задач (партия, которую вы играли, вернётся на доску)
puzzle-leave = К моей партии
puzzle-leave-hint = Выйти из задач: партия, которую вы играли, вернётся

## The puzzles page's filters, streaks and progress.
puzzles-filter-theme = Тема
puzzles-filter-difficulty = Сложность
puzzles-filter-all = Все
puzzle-theme-win = Выигрыш
puzzle-theme-win-quickest = Быстрейший выигрыш
puzzle-theme-hold = Удержать ничью
puzzle-theme-take-most = Взять больше всех
puzzle-theme-hold-out = Продержаться дольше
puzzle-theme-best-move = Лучший ход
puzzles-matching = { $count ->
    [one] Подходит { $count } задача
    [few] Подходят { $count } задачи
   *[other] Подходят { $count } задач
} из { $total } · из них решено { $solved }
puzzles-none-match = Ни одна задача этой игры не подходит под эти фильтры.
puzzles-clear-filters = Показать все задачи
puzzles-streak-start = Начать серию
puzzles-streak-hint = Задачи темы, выбранной в списке ниже (всех тем, если тема не выбрана), каждая сложнее предыдущей, — до первого промаха: неверный ход или подсказка прерывают серию. Выбранная сложность не действует: серия усложняется сама.
puzzles-best-streak = Лучшая серия: { $best }
puzzles-view-list = Задачи
puzzles-view-progress = Ваши успехи
dashboard-counts = Решено { $solved } из { $total } · попыток с рейтингом: { $tried } · лучшая серия: { $best }
dashboard-accuracy = Решено чисто (без неверных ходов и подсказок), по темам, за { $tries } { $tries ->
    [one] попытку
    [few] попытки
   *[other] попыток
} с рейтингом
dashboard-accuracy-row = { $clean } из { $tried } ({ $percent }%)
dashboard-graph = Ваш рейтинг после каждой попытки с рейтингом
dashboard-graph-point = Попытка { $number }: рейтинг { $rating }
dashboard-local = Этот рейтинг хранится на этом устройстве и ни с кем не сравнивается: сложность каждой задачи постоянна (насколько глубоко должен смотреть перебор, чтобы найти ответ), её не оценивают другие игроки.
dashboard-empty = Решите несколько задач — здесь появятся график вашего рейтинга и точность по темам.
puzzle-streak = Серия: { $length } · лучшая: { $best }
puzzle-streak-over = { $length ->
    [0] Серия оборвалась на первой задаче
   *[other] Серия окончена: { $length } подряд
} · лучшая: { $best }
puzzle-streak-new-best = Ваша лучшая серия в этой игре!
puzzle-streak-next = Дальше по серии
puzzle-streak-again = Новая серия
puzzle-streak-hint-hint = Показать ход-ответ: серия на этом закончится
dashboard-graph-try = попытка { $number }

## The engine's line, played out over the board

analysis-line = Вариант движка из позиции перед ходом { $ply }: { $moves }
analysis-line-show = Показать вариант
analysis-line-show-hint = Показать вариант на доске по ходу за раз из позиции перед этим ходом, следующий ход — стрелкой. Это то, чего ждёт движок, а не доказательство.
analysis-line-step = { $step } из { $count }
analysis-line-end = Назад
analysis-line-end-hint = Вернуться к позиции партии

## Learn from your mistakes

lesson-offer = Работа над ошибками ({ $count })
lesson-offer-hint = Каждая ваша ошибка и грубая ошибка становится задачей из позиции перед ней: найдите ход лучше. Сначала каждый возможный ход там проверяется заново; это идёт в фоне.
lesson-finding = Проверяю ваши ошибки: { $done } из { $total }
lesson-begin = Работа над ошибками: { $count ->
    [one] готов { $count } урок
    [few] готово { $count } урока
   *[other] готово { $count } уроков
}
lesson-none = Ваших ошибок и грубых ошибок здесь нет.
lesson-none-after-check = Проверка показала, что каждый из этих ходов не хуже других: уроков нет.
lesson-title = Работа над ошибками: { $number } из { $count }
lesson-played = Ход { $ply }: { $move } — { $grade }.
lesson-goal-keep-win = { $n ->
    [one] Ходит { $side }
   *[other] Ходят { $side }
}: найдите ход, сохраняющий выигрыш.
lesson-goal-keep-draw = { $n ->
    [one] Ходит { $side }
   *[other] Ходят { $side }
}: найдите ход, сохраняющий ничью.
lesson-goal-better = { $n ->
    [one] Ходит { $side }
   *[other] Ходят { $side }
}: найдите ход лучше.
lesson-basis-table = Таблица эндшпиля знает цену каждого хода здесь; она не учитывает правило, что позиция не может повториться.
lesson-basis-proof = Доказательство перебором установило цену каждого хода здесь.
lesson-basis-engine = Лучше по переборам движка ({ $thousands } тысяч позиций на каждый ход): лучший найденный ход и любой, что уступает ему меньше { $points } очков из 100. Это приближение, а не доказательство.
lesson-status-wrong = Не лучше: попробуйте ещё раз.
lesson-status-solved = Верно: { $move } лучше.
lesson-also = Подходят и эти: { $moves }
lesson-hint-hint = Показать лучший ход
lesson-retry-hint = Вернуться к позиции перед ошибкой
lesson-next = Следующая ошибка
lesson-all-done = Это была последняя.
lesson-leave = К партии
lesson-leave-hint = Выйти из работы над ошибками: разобранная партия вернётся
line-marker = Вариант движка из позиции перед ходом { $ply }: { $step } из { $count }
