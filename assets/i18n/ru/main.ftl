## main messages (ru). Every id here must also be in the other language.

# Число и имя стороны: «1 мятежник», «2 мятежника», «5 мятежников». Имена берутся из скина.
count-of = { $count } { $count ->
    [one] { $one }
    [few] { $few }
    [many] { $many }
   *[other] { $few }
}

## Приложение

app-title = Твердыня
app-tagline = Охотничьи игры: немногие охотники против толпы

game-pirates = Пираты и булгары
game-asalto = Асальто
game-fox-geese = Лиса и гуси
game-bagh-chal = Багх-Чал

## Традиционные имена сторон: name-<игра>-<сторона>-<форма>.
## one — «1 пират», few — «2 пирата», many — «5 пиратов», plural — «пираты».

name-pirates-hunters-one = пират
name-pirates-hunters-few = пирата
name-pirates-hunters-many = пиратов
name-pirates-hunters-plural = пираты
name-pirates-crowd-one = булгарин
name-pirates-crowd-few = булгарина
name-pirates-crowd-many = булгар
name-pirates-crowd-plural = булгары
name-asalto-hunters-one = офицер
name-asalto-hunters-few = офицера
name-asalto-hunters-many = офицеров
name-asalto-hunters-plural = офицеры
name-asalto-crowd-one = мятежник
name-asalto-crowd-few = мятежника
name-asalto-crowd-many = мятежников
name-asalto-crowd-plural = мятежники
name-fox-geese-hunters-one = лиса
name-fox-geese-hunters-few = лисы
name-fox-geese-hunters-many = лис
name-fox-geese-hunters-plural = лиса
name-fox-geese-crowd-one = гусь
name-fox-geese-crowd-few = гуся
name-fox-geese-crowd-many = гусей
name-fox-geese-crowd-plural = гуси
name-bagh-chal-hunters-one = тигр
name-bagh-chal-hunters-few = тигра
name-bagh-chal-hunters-many = тигров
name-bagh-chal-hunters-plural = тигры
name-bagh-chal-crowd-one = коза
name-bagh-chal-crowd-few = козы
name-bagh-chal-crowd-many = коз
name-bagh-chal-crowd-plural = козы

player-human = Человек
player-computer = Компьютер: { $level }
level-beginner = новичок
level-easy = лёгкий
level-medium = средний
level-hard = сильный
level-master = мастер

## Главное меню

menu-continue = Продолжить
menu-continue-plies = { $count ->
    [one] сделан { $count } ход
    [few] сделано { $count } хода
   *[other] сделано { $count } ходов
}
menu-new-game = Новая игра
menu-saves = Сохранённые партии
menu-rules = Правила
menu-settings = Настройки
menu-about = Об игре
menu-quit = Выход
menu-back = Назад

## Новая игра

new-game-title = Новая игра
new-game-game = Игра
new-game-board-cross = На кресте
new-game-board-alquerque = На квадрате алькерке
new-game-board-triangles = На квадрате с треугольниками
new-game-board-star = На звезде
new-game-board-hounds = Заяц и собаки
new-game-board-other = Другие доски
new-game-rules = Читать правила
new-game-facts = { $hunters } и { $crowd }, { $points } { $points ->
    [one] точка
    [few] точки
   *[many] точек
}
new-game-options = Варианты правил
new-game-no-options = У этой игры нет вариантов правил.
new-game-players = Кто играет
new-game-swap-sides = Поменять стороны
new-game-skin = Оформление
new-game-skin-note = Любое оформление подходит к любой игре; каждая игра открывается в своём, если не выбрать другое.
new-game-start = Начать

tag-traditional = Традиция
tag-variant = Вариант
tag-chosen = Наш выбор

option-compulsory = Обязательное взятие
option-compulsory-note = Если взятие возможно, бить обязательно. Наш выбор вместо традиционного «фука».
option-retreat = Булгарам можно отступать
option-retreat-note = Булгары могут ходить и назад; продвижение засчитывается, только когда сумма их рядов достигает нового максимума.
option-sideways = Гусям можно ходить вбок
option-sideways-note = Гуси могут ходить и вбок — тогда возможна ничья.
option-quiet-limit = Ничья после 100 тихих ходов
option-quiet-limit-note = Сто полуходов передвижения без взятия — ничья, так что любая партия заканчивается.
option-geese = Гусей:
option-geese-note = 13 — по традиции. Наш выбор: при 15 добавляются гуси на a4 и g4, при 17 — на a4, b4, f4 и g4.
option-chain = Взятие цепочкой
option-chain-note = После взятия та же фигура может прыгать снова с того пункта, куда приземлилась, в тот же ход, и остановиться после любого прыжка; без этого — один прыжок за ход.
option-steps = Направление шагов:
option-steps-note = Как ходит сторона с многими фигурами: ahead — только прямо вперёд; forward — вперёд, прямо или наискосок; sideways — вперёд или вбок; any — по любой линии, и назад тоже.
option-move-limit = Ничья после 12 ходов
option-move-limit-note = Если после двенадцати ходов (по шесть у каждой стороны) никто не победил, — ничья.
option-hops = Взятие цепочкой, бить обязательно
option-hops-note = Фигура, которая может бить, обязана бить и прыгает дальше с того пункта, куда приземлилась, пока может; без этого — один прыжок за ход, и бить не обязательно.
option-tigers = Тигров:
option-tigers-note = При 1 тигр начинает на вершине; при 4 остальные три начинают на трёх пунктах прямо под ней.
option-round-limit = Предел раунда:
option-round-limit-note = Каждый раунд матча кончается не позже чем через столько ходов, и свободный медведь считается продержавшимся их все; без предела раунд длится, пока медведя не запрут.
option-value-ahead = только прямо
option-value-forward = вперёд
option-value-sideways = вперёд и вбок
option-value-any = в любую сторону

## Боковая панель

panel-menu = Меню
panel-menu-hint = В главное меню (партия сохранится)
panel-toggle = Показать или скрыть панель
strip-last-move = Последний ход: { $move }
panel-undo = Отменить
panel-undo-hint = Взять ход назад (Ctrl+Z)
panel-redo = Вернуть
panel-redo-hint = Снова сделать отменённый ход (Ctrl+Y)
pieces-where = { $hunters }: { $hunters-at }. { $crowd }: { $crowd-at }.
pieces-in-hand = { $side }: в запасе { $count }
pieces-and = { $a }; { $b }
panel-hint = Подсказка
panel-hint-hint = Спросить ход у компьютера
panel-flip = Перевернуть
panel-pause = Пауза
panel-resume = Продолжить
panel-resign = Сдаться
panel-pass = Пропустить ход
panel-pass-note = Ни одна ваша фигура не может ходить: вы пропускаете ход, и снова ходит противник.
panel-offer-draw = Предложить ничью
panel-offer-draw-hint = Ничьи по правилам наступают сами; здесь партия заканчивается ничьей по согласию.
panel-players = Игроки
panel-new-game = Новая игра
panel-saves = Сохранения
panel-saves-hint = Сохранить, загрузить, скопировать или вставить партию (Ctrl+S)
panel-rules = Правила
panel-settings = Настройки
panel-about = Об игре

status-to-move = Ход: { $side }
status-to-move-you = Ход: { $side } (вы)
status-thinking = Компьютер ({ $level }) думает{ $dots } глубина { $depth }
status-paused = Пауза

material-captured = Взято
material-left = Осталось { $side_many }
material-left-value = { $count } (нужно { $needed })
material-goal-named = Занято: { $goal }
material-goal = Занято в цели
material-in-hand = В запасе { $side_many }
material-quiet = Без продвижения
material-quiet-value = { $count } из { $limit } полуходов
material-quiet-hint = Полуходы подряд без взятия и без шага вперёд: на пределе партия заканчивается вничью.
match-round = Раунд
match-round-value = { $round } из 2
match-round-hint = Два раунда: во втором игроки меняются сторонами, и побеждает тот, чья фигура ({ $side }) продержится больше ходов.
match-round-one = Первый раунд
match-round-two = Второй раунд
match-lasted = { $count ->
    [one] { $count } ход
    [few] { $count } хода
   *[many] { $count } ходов
}
match-lasting = { $count ->
    [one] пока { $count } ход
    [few] пока { $count } хода
   *[many] пока { $count } ходов
}
match-round-two-begins = Первый раунд окончен: фигура ({ $side }) продержалась ходов: { $count }. Во втором раунде игроки меняются сторонами.

move-box-label = Введите ход (c4-c5, d6xd4xb4, @c3), Enter — к полю ввода:
move-box-hint = ход
move-box-play = Сходить
move-error-game-over = Партия окончена.
move-error-not-your-turn = Сейчас не ваш ход.
move-error-reviewing = Вы смотрите прежнюю позицию: вернитесь к партии или продолжите игру отсюда.
move-error-illegal = Ход { $move } здесь невозможен.
move-error-text = Это не ход: { $detail }

input-cannot-go = Фигура с { $from } не может пойти на { $to }.
input-no-legal-move = У фигуры на { $point } нет ходов.
input-cannot-place = На { $point } ставить нельзя.
input-several-routes = На { $point } ведут несколько путей: выберите их прыжок за прыжком.
input-stop-or-go-on = Взятие может закончиться здесь: щёлкните по фигуре ещё раз, чтобы остановиться, или берите дальше.
input-confirm = Подтвердите ход { $move }: щёлкните по его конечному пункту ещё раз или в другом месте, чтобы отменить.

log-huffed = За фук: офицер на { $point } мог бить и не побил, поэтому он снят с доски.

hint-thinking = Ищу хороший ход…
hint-line = Подсказка: { $move }. { $judgement }
hint-eval-even = Позиция примерно равная.
hint-eval-slight = Небольшой перевес: { $side }.
hint-eval-clear = Явный перевес: { $side }.
hint-eval-far = Большой перевес: { $side }.
hint-eval-forced = Форсированный выигрыш: { $side }, { $moves ->
    [one] за { $moves } ход
    [few] за { $moves } хода
   *[other] за { $moves } ходов
}.
hint-eval-round-ends = Первый раунд кончится не позже чем { $moves ->
    [one] через { $moves } ход
    [few] через { $moves } хода
   *[other] через { $moves } ходов
}: дольше фигура ({ $side }) не продержится.

## Ходы и просмотр

moves-title = Ходы
review-banner = Просмотр: после хода { $ply } из { $total }
review-marker = Просмотр: после хода { $ply } из { $total }. Партия ждёт.
review-first = К началу
review-back = На ход назад (←)
review-forward = На ход вперёд (→)
review-last = К последнему ходу
review-live = Вернуться к партии
review-play-from-here = Играть отсюда
review-play-from-here-hint = Продолжить партию с этой позиции; последующие ходы можно будет вернуть.

## Конец партии

end-winner = { $n ->
    [one] Побеждает { $side }!
   *[other] Побеждают { $side }!
}
end-match-winner = Матч выиграл игрок, начинавший за сторону «{ $side }»!
end-draw = Ничья
end-resigned = { $n ->
    [one] { $side_title } сдаётся.
   *[other] { $side_title } сдаются.
}
end-draw-agreed = Ничья по согласию.
end-crowd-too-few = Осталось меньше { $needed } { $crowd_many }.
end-crowd-taken = Взято { $crowd_many }: { $taken }.
end-region-filled = { $side_title } заняли все пункты цели.
end-stronghold-filled = { $side_title } заняли { $goal } целиком.
end-hunters-huffed = За фуки сняты все офицеры.
end-behind-crowd = Зашли за всех ({ $crowd }): { $side }.
end-region-reached = Цель достигнута: { $side }.
end-driven-onto = Загнаны на проигрышный пункт: { $side }.
end-outlasted = Продержались до предела ходов: { $side }.
end-no-moves = Ходов нет: { $side }.
end-survival-won = Во втором раунде фигура ({ $side }) продержалась дольше, чем в первом (ходов в первом: { $first }).
end-survival-shut-in = Во втором раунде фигуру ({ $side }) заперли быстрее: ходов во втором — { $second }, в первом — { $first }.
end-survival-level = Раунды равны: ходов в каждом — { $first }.
end-quiet-limit = Слишком долго без продвижения.
end-repetition = Одна и та же позиция в третий раз.
end-rematch = Реванш, стороны меняются
end-rematch-hint = Та же игра ещё раз, каждый играет за другую сторону
end-new-game = Новая игра
end-close = Закрыть

## Вопросы

confirm-title = Вы уверены?
confirm-resign = Сдать эту партию?
confirm-resign-yes = Сдаться
confirm-draw-computer = Предложить компьютеру ничью? Он согласится, если не считает, что впереди.
confirm-draw-people = Оба игрока согласны на ничью?
confirm-draw-yes = Предложить ничью
confirm-draw-agree = Согласны
confirm-menu = Выйти из партии в меню?
confirm-menu-yes = В меню
confirm-cancel = Отмена
draw-accepted = Компьютер согласен на ничью.
draw-declined = Компьютер отказывается от ничьей: он считает, что впереди.

## Настройки

settings-title = Настройки
settings-skin = Оформление: { $game }
settings-skin-builtin = Встроенное (файл оформления не загрузился)
settings-language = Язык
settings-text-size = Размер текста
settings-animation-speed = Скорость анимации
settings-reduced-motion = Меньше движения
settings-reduced-motion-note = ходы появляются сразу
settings-volume = Звук
settings-mute = выключить
settings-legal-moves = Возможные ходы
settings-legal-moves-note = отмечать, куда может пойти выбранная фигура
settings-threats = Фигуры под ударом
settings-threats-auto = Авто
settings-threats-always = Всегда
settings-threats-never = Никогда
settings-threats-note = Фигуры под ударом: отмечается каждая фигура толпы, которую охотник может взять следующим ходом. «Авто» показывает их, когда вы играете за толпу против компьютера на уровне «новичок» или «лёгкий».
settings-coordinates = Координаты
settings-coordinates-note = буквы и цифры вокруг доски
settings-confirm = Подтверждать ходы
settings-confirm-note = ход выполняется после второго щелчка
settings-ai-pace = Пауза между ходами компьютера

## Об игре

about-title = Об игре «Твердыня»
about-text = «Твердыня» — четыре охотничьи игры на одном движке: «Пираты и булгары», «Асальто», «Лиса и гуси» и «Багх-Чал». Правила точные, а каждое место, где старые источники молчат, отмечено как наш выбор.
about-version = Версия { $version }
about-credits = Авторы и лицензии
about-credits-loading = Загружаю список авторов…

## Доска с клавиатуры (src/game/ui/board_keys.rs)
board-keys-name = Доска
board-keys-help = Стрелки: курсор · Enter или пробел: взять, поставить, дальше · Esc: отмена · P: где фигуры · H: подсказка · F: перевернуть
board-cursor-empty = { $point }: пусто
board-cursor-piece = { $point }: { $piece }
board-cursor-picked = взята
board-cursor-target = сюда можно пойти

## Партия словами (src/game/ui/speech.rs): программы чтения с экрана, живая область веб-страницы
speech-step = { $piece }: с { $from } на { $to }.
speech-jump = { $piece }: с { $from } берёт { $taken }, встаёт на { $to }.
speech-place = { $piece }: ставится на { $to }.
speech-remove = { $piece }: снимается с { $at }.
speech-pass = { $side_title }: пропуск хода.
speech-huffed = Фук: { $points }.
speech-and = { $a } и { $b }
speech-taken-back = Ход взят назад.
speech-no-undo = Нет хода, который можно взять назад.
speech-canvas-label = Твердыня: доска и панель. Escape, затем Tab: партия словами.
speech-page-title = Партия словами
speech-command-label = Введите ход (c4-c5, d6xd4xb4, @c3) или p (п) — где фигуры, t (х) — чей ход, u (о) — взять ход назад
speech-command-send = Сходить
speech-command-help = Доска: Tab до неё, затем стрелки и Enter. Буквы на доске: P — фигуры, H — подсказка, F — перевернуть, A — анализ.
