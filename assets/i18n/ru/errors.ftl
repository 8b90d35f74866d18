## errors messages (ru). Every id here must also be in the other language.
## Почему правила, сохранение или оформление что-то не приняли: по сообщению
## на каждый вид ошибки. $column считает символы с 1; $text — отвергнутый текст.

## Запись хода («Это не ход: …» под полем хода).
error-move-empty = ничего не введено
error-move-unexpected-character = «{ $text }», столбец { $column }: недопустимый символ
error-move-expected-point = «{ $text }», столбец { $column }: здесь нужно название пункта — буква a–g и цифра 1–7
error-move-expected-separator = «{ $text }», столбец { $column }: нужен знак «-» для простого хода или «x» для взятия
error-move-expected-jump-mark = «{ $text }», столбец { $column }: перед следующим пунктом прыжка нужен знак «x»
error-move-text-after-placement = «{ $text }», столбец { $column }: лишний текст после выставления фигуры
error-move-text-after-step = «{ $text }», столбец { $column }: лишний текст после хода
error-move-chain-too-long = «{ $text }», столбец { $column }: слишком длинная цепочка прыжков
error-move-illegal = ход «{ $text }» здесь невозможен
error-move-game-over = ход «{ $text }» сделать нельзя: партия окончена

## Параметры после названия игры. $key — имя параметра; $game — название игры.
error-option-syntax = параметр «{ $text }» записан не в виде имя=значение
error-option-unknown-key = у игры «{ $game }» нет параметра «{ $key }» (есть: { $known })
error-option-no-options = у игры «{ $game }» нет параметров, в том числе «{ $key }»
error-option-bad-value = параметр «{ $key }» не может быть «{ $value }»: допустимо { $values }

## Строка позиции. $hunter, $crowd — буквы фигур игры;
## $pieces — число с названием фигур («2 пирата»).
error-position-non-ascii = столбец { $column }: символ, которого не может быть в строке позиции
error-position-field-count = нужно 6 полей через один пробел (игра, доска, чей ход, запас, ходы без продвижения, отметка продвижения; и сделанные ходы, где побеждают, пережив чужие ходы), а найдено { $found }
error-position-unknown-game = столбец { $column }: неизвестная игра «{ $id }»
error-position-bad-option = столбец { $column }: { $option }
error-position-rank-count = столбец { $column }: на доске { $expected } { $expected ->
    [one] горизонталь
    [few] горизонтали
   *[many] горизонталей
}, а найдено { $found }
error-position-rank-too-long = столбец { $column }: на горизонтали { $rank } всего { $points } { $points ->
    [one] пункт
    [few] пункта
   *[many] пунктов
}
error-position-rank-too-short = столбец { $column }: горизонталь { $rank } описывает { $described } { $described ->
    [one] пункт
    [few] пункта
   *[many] пунктов
} из { $points }
error-position-unexpected-piece = столбец { $column }: неожиданный знак «{ $found }»: здесь может быть { $hunter }, { $crowd } или цифра 1–9
error-position-bad-side = столбец { $column }: чей ход, пишется буквой { $hunter } или { $crowd }, а не «{ $found }»
error-position-hand-syntax = столбец { $column }: запас пишется как охотники/толпа, например 0/20, а не «{ $found }»
error-position-bad-count = столбец { $column }: { $field ->
    [hunters-in-hand] число охотников в запасе
    [crowd-in-hand] число фигур толпы в запасе
    [quiet-plies] число ходов без продвижения
    [hunters-moves] число сделанных ходов охотников
    [crowd-moves] число сделанных ходов толпы
   *[ground-mark] отметка продвижения
} должно быть целым числом от 0 до { $max }, а не «{ $found }»
error-position-hunter-count = столбец { $column }: в игре «{ $game }» { $exact ->
    [exactly] нужно ровно
   *[at-most] может быть самое большее
} { $pieces }, а найдено { $found }
error-position-crowd-count = столбец { $column }: в игре «{ $game }» может быть самое большее { $pieces }, а найдено { $found }
error-position-hunters-in-hand = столбец { $column }: пока { $hunters } в запасе, ходят { $hunters }
error-position-ground-mark = столбец { $column }: отметка продвижения { $mark } меньше суммы горизонталей толпы ({ $sum })
error-position-bad-extra = столбец { $column }: «{ $found }»: ожидалось { $stacks }ПУНКТ:ЧИСЛО,… (пункт стопки этой игры, где стоит фигура толпы, не меньше 2 фигур) или { $rule }N (в игре, чьё особое правило ведёт счёт)

## Сохранённые партии и файл настроек. $error — ошибка позиции или хода.
error-save-unreadable = файл не читается
error-save-not-text = файл — не текст (байт { $byte })
error-save-damaged = строка { $line }, столбец { $column }: здесь запись повреждена или обрывается
error-save-newer = версия формата { $found }, а эта версия Stronghold читает только до { $ours }
error-save-bad-start = начальная позиция не читается: { $error }
error-save-bad-move = { $list ->
    [redo] отменённый ход { $number }
   *[played] ход { $number }
} не воспроизводится: { $error }
error-save-unknown-game = в этой версии Stronghold нет игры { $game }
error-save-bad-family-move = ход { $number } ({ $move }) не по правилам: партия не воспроизводится

## Файлы оформления. $file — файл оформления; $at — «line», когда $line и
## $column говорят где, иначе «file»; $path — файл, который называет оформление.
error-skin-unreadable = файл { $file } не читается
error-skin-not-text = файл { $file } — не текст в кодировке UTF-8
error-skin-syntax = { $file }, строка { $line }, столбец { $column }: здесь оформление записано неверно
error-skin-empty-path = { $file }{ $at ->
    [line] , строка { $line }, столбец { $column }
   *[file] { "" }
}: пустое имя файла
error-skin-path-outside-assets = { $file }{ $at ->
    [line] , строка { $line }, столбец { $column }
   *[file] { "" }
}: «{ $path }» должен быть путём внутри папки assets/, с «/» между папками и без «..»
error-skin-wrong-extension = { $file }{ $at ->
    [line] , строка { $line }, столбец { $column }
   *[file] { "" }
}: «{ $path }»: картинки должны быть в PNG (.png), а звуки — в Ogg Vorbis (.ogg)
error-skin-missing-file = { $file }{ $at ->
    [line] , строка { $line }, столбец { $column }
   *[file] { "" }
}: не удаётся прочитать «{ $path }»
error-skin-not-png = { $file }{ $at ->
    [line] , строка { $line }, столбец { $column }
   *[file] { "" }
}: «{ $path }» — не картинка PNG
error-skin-not-ogg = { $file }{ $at ->
    [line] , строка { $line }, столбец { $column }
   *[file] { "" }
}: «{ $path }» — не звук Ogg Vorbis

# Отвергнутый файл игры (--game-file): где и почему.
error-game-file-at = { $file }, строка { $line }, столбец { $column }: { $reason }
error-game-file = { $file }: { $reason }
error-game-file-syntax = это не файл игры ({ $words })
error-game-file-not-text = файл — не текст в UTF-8
error-game-file-bad-id = идентификатор «{ $text }» должен состоять из строчных латинских букв, цифр и дефисов
error-game-file-grid-size = сетка из { $files } вертикалей и { $ranks } горизонталей (вертикалей от 1 до 23, горизонталей от 1 до 9)
error-game-file-unknown-point = «{ $text }» в «{ $field }» — не пункт доски
error-game-file-point-twice = «{ $text }» назван дважды в «{ $field }»
error-game-file-bad-point-name = имя пункта «{ $text }» должно состоять из строчных латинских букв и цифр, начинаться с буквы, не содержать x и быть не длиннее 8
error-game-file-bad-coordinate = у пункта «{ $text }» нет конечных координат
error-game-file-same-place = пункты «{ $text }» и «{ $other }» нарисованы в одном месте
error-game-file-too-many-points = на доске { $count } пунктов (не больше 64)
error-game-file-too-few-points = на доске { $count } пунктов (не меньше 2)
error-game-file-short-line = в линии «{ $text }» нужно хотя бы два пункта
error-game-file-line-to-itself = линия соединяет «{ $text }» с ним самим
error-game-file-point-without-lines = у пункта «{ $text }» нет линий
error-game-file-bad-jump = линия прыжка «{ $text }» должна называть три пункта: откуда, через что, куда
error-game-file-jump-off-lines = линия прыжка «{ $text }» не идёт по линиям доски
error-game-file-jump-not-straight = линия прыжка «{ $text }» не прямая
error-game-file-bad-letter = буква фигуры «{ $text }» должна быть заглавной латинской
error-game-file-same-letter = обе стороны пользуются буквой «{ $text }»
error-game-file-both-start-on = обе стороны начинают на «{ $text }»
error-game-file-no-hunters = у охотников нет фигур
error-game-file-no-crowd = у толпы нет фигур
error-game-file-crowd-too-large = у толпы { $count } фигур (не больше 48)
error-game-file-too-many-pieces = { $count } фигур одной стороны на доске из { $points } пунктов
error-game-file-unreachable = конец партии, который никогда не наступит: { $why }
error-game-file-no-ends = партии нечем закончиться
error-game-file-end-nothing-captures = толпу надо сократить, но никто не берёт
error-game-file-end-crowd-already-down = у толпы в начале { $count }, не больше чем { $limit }
error-game-file-end-empty-region = в области, которую надо занять, нет пунктов
error-game-file-end-region-too-large = занять { $points } пунктов при { $count } фигурах
error-game-file-end-region-out-of-reach = толпа никогда не сможет встать на все пункты цели
error-game-file-end-goal-out-of-reach = ни одна фигура никогда не дойдёт до цели
error-game-file-end-crowd-has-no-forward = охотникам нужно зайти за толпу, но у толпы нет направления вперёд (её шаги должны вести только вперёд или вбок)
error-game-file-end-zero-moves = предел в 0 ходов
error-game-file-end-hunters-never-lost = охотников нужно сократить, но их ничто не снимает (нет «фука»)
error-game-file-bad-option = у варианта «{ $text }» должны быть значения, и среди них — значение по умолчанию, а изменения — только у других значений
error-game-file-too-many-options = параметров: { $count } (у игры их не больше 4)
error-game-file-lines-need-grid = оценке по линиям нужна доска-сетка не шире семи вертикалей, где каждая линия — один шаг
error-game-file-bad-stack = стопка «{ $text }» должна быть записана как пункт=число на стартовом пункте толпы, не меньше 2 фигур, каждый пункт один раз
error-game-file-too-many-stacks = пунктов со стопками: { $count } (не больше 4)
error-game-file-hunter-stacks = стопки бывают только у толпы
error-game-file-restack-off-stack = на пункте «{ $text }», куда толпа может возвращаться в стопку, в начале нет стопки
error-game-file-first-turn-places = первый ход из { $count } выставлений (от 2 до числа фигур в запасе, и не вместе с выставлением всех фигур подряд)
error-game-file-line-needs-single-hop = взятие целого ряда возможно только одним прыжком, без цепочек
error-game-file-flip-needs-forward = направление толпы меняется на обратное, но её шаги не ведут вперёд (только вперёд или вперёд и вбок)
error-game-file-turns-need-two-hunters = охотники ходят по очереди, но их меньше двух
error-game-file-owed-needs-captures = за отказ от взятия положена фигура, но никто не берёт или не названы пункты
error-game-file-two-counters = правила о смене направления толпы, об очереди охотников, о положенных за отказ от взятия фигурах и о матче из двух раундов нельзя сочетать
error-game-file-starts-kept-off = сторона начинает на пункте «{ $text }», куда ей запрещено вставать
error-game-file-level-lengths-need-line = длины рядов вдоль горизонтали заданы, а взятия целого ряда нет
error-game-file-later-hops-need-chains = правило для следующих прыжков цепочки задано, а цепочек взятий нет
error-game-file-removal-needs-placements = снятие фигуры после первого выставления требует не меньше двух охотников в запасе, выставляемых подряд, и фигур толпы на доске
error-game-file-two-rounds-need-blockade = матч из двух раундов требует игры без взятий, одного охотника и раундов хотя бы в один ход

## Параметры запуска: флаги командной строки или адрес веб-страницы.
## $text — что было дано; $flag — флаг, которому это дано.
error-launch-needs-value = { $text }: не хватает значения
error-launch-unknown-argument = неизвестный параметр «{ $text }»
error-launch-unknown-game = неизвестная игра «{ $text }»
error-launch-unknown-player = неизвестный игрок «{ $text }»: human (человек), beginner, easy, medium, hard или master (уровни компьютера)
error-launch-unknown-language = неизвестный язык «{ $text }»: en или ru
error-launch-unknown-side = неизвестная сторона «{ $text }»: hunters (охотники) или crowd (толпа)
error-launch-not-invite = «{ $text }» — не код приглашения
error-launch-not-number = { $flag }: «{ $text }» — не число
error-launch-text-size = размер текста — от 100 до 200 (процентов), а не «{ $text }»
error-launch-bad-clock = часы задаются как минуты+секунды (5+3, не больше 180+60), а не «{ $text }»
error-launch-option = настройка игры: { $error }
error-launch-moves = ходы для начала: { $error }
error-launch-file-unreadable = файл игры { $text } не читается
error-launch-no-files-on-the-web = { $text }: веб-страница не читает файлы игр
error-launch-bad-address = часть адреса «{ $text }» не раскодируется
