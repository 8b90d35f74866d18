## saves messages (ru). Every id here must also be in the other language.

## Окно сохранений.
save-window-title = Сохранения
save-name-label = Название
save-name-hint = название этой партии
save-button = Сохранить
save-replace-button = Заменить
# $place: папка (на компьютере) или ключ хранилища (в браузере).
save-files-in = Файлы хранятся в { $place }
# Название сохранения, пока игрок не ввёл своё.
save-default-name = { $game }, { $moves ->
    [one] { $moves } ход
    [few] { $moves } хода
   *[many] { $moves } ходов
}
save-list-empty = Сохранённых партий пока нет.
save-load-button = Загрузить
save-load-yes = Заменить партию на доске
save-load-no = Отмена
save-delete-button = Удалить
save-delete-yes = Удалить насовсем
save-delete-no = Оставить
# $game: название игры; $date: «2026-01-04 13:45» (UTC).
save-entry-summary = { $game }, { $moves ->
    [one] { $moves } ход
    [few] { $moves } хода
   *[many] { $moves } ходов
}, { $date } UTC
save-entry-damaged = Файл не читается; при загрузке он будет переименован и отложен.
save-game-pirates = Пираты и булгары
save-game-asalto = Асальто
save-game-fox-geese = Лиса и гуси
save-game-bagh-chal = Баг-чал

## Копирование и вставка.
save-copy-position = Копировать позицию
save-copy-moves = Копировать ходы
save-paste-label = Вставьте строку позиции или список ходов:
save-paste-hint = pirates 3/P1P/… или c3-c4 d6-d5 …
save-paste-button = Вставить
save-paste-position = Начать с этой позиции
save-paste-moves = Сыграть эти ходы с начала
save-copied-position = Строка позиции скопирована.
save-copied-moves = Список ходов скопирован.
save-pasted-position = Новая партия начинается со вставленной позиции.
save-pasted-moves = Вставленные ходы сыграны с начала партии.
save-paste-bad-position = Это не строка позиции: ошибка в столбце { $column }. Ничего не изменено.
save-paste-bad-move = Ход { $number } ({ $move }) здесь сделать нельзя. Ничего не изменено.

## Что произошло.
save-saved = Сохранено под названием «{ $name }».
save-loaded = Загружено: «{ $name }».
save-deleted = Удалено: «{ $name }».
save-missing = Сохранения «{ $name }» больше нет.
save-delete-failed = Не удалось удалить сохранение «{ $name }».
save-storage-off = В этом сеансе сохранения не ведутся.
# $what: autosave, settings или named.
save-write-failed = { $what ->
    [settings] Не удалось записать настройки
    [named] Не удалось записать партию
   *[autosave] Не удалось записать автосохранение
}; прежняя копия не тронута.
save-resumed = Ваша последняя партия сохранена ({ $moves ->
    [one] { $moves } ход
    [few] { $moves } хода
   *[many] { $moves } ходов
}): «Продолжить» вернёт вас туда, где вы остановились.
# $name: имя сохранения, в котором она теперь.
save-family-kept = Ваша партия со старого экрана игр семьи охоты сохранена как «{ $name }».

## Файл, который не удалось принять. $reason: damaged, unreadable, newer или bad-game;
## $file: новое имя файла; $name: имя файла сохранения.
save-autosave-refused = { $reason ->
    [newer] Автосохранение сделано более новой версией Stronghold
    [unreadable] Автосохранение не удалось прочитать
    [bad-game] В автосохранении партия, которую нельзя воспроизвести
   *[damaged] Автосохранение повреждено или обрезано
}. Ничего не удалено: файл переименован в { $file }, начинается новая партия.
save-settings-refused = { $reason ->
    [newer] Файл настроек записан более новой версией Stronghold
    [unreadable] Файл настроек не удалось прочитать
   *[other] Файл настроек повреждён или обрезан
}. Ничего не удалено: файл переименован в { $file }, действуют настройки по умолчанию.
save-named-refused = { $reason ->
    [newer] Сохранение «{ $name }» сделано более новой версией Stronghold
    [unreadable] Сохранение «{ $name }» не удалось прочитать
    [bad-game] В сохранении «{ $name }» партия, которую нельзя воспроизвести
   *[damaged] Сохранение «{ $name }» повреждено или обрезано
}. Ничего не удалено: файл переименован в { $file }.
save-kept-in-place = Файл { $file } не читается, и переименовать его не удалось. Он оставлен как есть и не будет перезаписан.
