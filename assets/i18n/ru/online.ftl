## Online play (ru): игра с другом через игровой сервер. Every id here
## must also be in the other language.

# The new-game page.
online-title = Игра по сети
online-note = Игра и правила, выбранные выше, против любого, кто хочет ту же игру с теми же часами, или против друга за другим компьютером или телефоном. Сервер: { $server } (меняется в настройках).
online-your-side = Ваша сторона
online-clock = Часы
online-no-clock = Без часов
online-clock-choice = { $minutes } мин + { $seconds } с за ход
online-create = Создать комнату
online-anyone = Играть с любым
online-anyone-hint = Игра с первым игроком на сервере, который хочет эту игру с этими часами, или ожидание такого игрока. Стороны выпадают по жребию.
online-anyone-note = Любой на сервере, кто хочет эту игру с этими часами; стороны по жребию.
online-file-game = Эта игра прочитана из файла: по сети играют только встроенные игры. Выберите одну из них выше.
online-lobby-title = Ждут на сервере: { $count }
online-lobby-empty = Сейчас никто не ждёт. Нажмите «Играть с любым», чтобы ждать самим, или запустите бота (stronghold-cli online --seek GAME).
online-lobby-you-play = вы играете: { $side }
online-lobby-either = стороны по жребию
online-lobby-play = Играть
online-lobby-playing = Идут партии: { $count }
online-lobby-watch = Смотреть
online-error-unknown-seek = Эту партию только что заняли или отменили.
online-seeking = Ждём соперника, который хочет эту игру с этими часами…
online-stop-seeking = Не ждать
online-error-seek-refused = Лобби сервера не принимает ожидание: оно заполнено, или вы уже ждёте.
online-error-draw-too-soon = Ничью можно предложить раз за пару ходов: сначала сделайте ход.
online-join-label = Или войти в комнату друга: вставьте код или ссылку
online-join-hint = код или ссылка
online-join = Войти
online-join-bad = Это не код и не ссылка приглашения.

# The connection.
online-connecting = Соединение с сервером…
online-connected = На связи
online-reconnecting = Переподключение… (попытка { $attempt })
online-disconnected = Нет связи: начните новую игру или войдите снова.
online-not-connected = Сейчас нет связи с сервером; попробуйте через минуту.

# The panel's room box.
online-room = По сети
online-code = Код комнаты: { $code }
online-copy-invite = Копировать приглашение
online-other-server = Эта партия идёт на { $server }: его назвала открытая вами ссылка; ваш сервер по умолчанию не изменился.
online-keep-server = Сделать этот сервер сервером по умолчанию
online-keep-server-hint = Следующие партии (и список ожидающих) пойдут на этот сервер; в настройках можно вернуть прежний
online-invite-copied = Приглашение скопировано: отправьте его другу.
online-friend-awaited = Ждём друга ({ $side })…
online-friend-awaited-note = Отправьте приглашение: код, ссылку (в браузере) или команду (на компьютере), которые копирует кнопка «Копировать приглашение».
online-friend-here = Друг ({ $side }) в игре.
online-friend-gone = Друг ({ $side }) ушёл.
online-opponent-stalled = Соперник ({ $side }) давно не ходит.
online-opponent-here = Соперник ({ $side }) в игре.
online-opponent-gone = Соперник ({ $side }) ушёл.
online-claim-in = Победу можно будет забрать через { $seconds ->
    [one] { $seconds } секунду
    [few] { $seconds } секунды
   *[other] { $seconds } секунд
}, или подождите ещё.
online-claim-win = Забрать победу
online-keep-waiting = или подождать ещё
online-watching = Вы смотрите эту партию.
online-spectators = { $count ->
    [one] { $count } зритель
    [few] { $count } зрителя
   *[other] { $count } зрителей
}
player-remote = Друг по сети

# Offers and the end.
online-draw-offered = Друг предлагает ничью.
online-draw-accept = Согласиться на ничью
online-draw-decline = Отказаться
online-draw-waiting = Ничья предложена: ждём ответа друга.
online-draw-declined = Друг отказался от ничьей.
confirm-draw-online = Предложить другу ничью?
online-rematch-waiting = Реванш предложен: ждём ответа друга.
online-rematch-accept = Принять реванш
end-time-out = { $side_title }: время вышло.
end-abandoned = { $side_title }: игрок ушёл, победа засчитана сопернику.
end-stalled = { $side_title }: игрок слишком долго не ходил, победа засчитана сопернику.
end-aborted = Партия отменена: первый ход не сделан вовремя. Она не засчитывается никому.

# What the server refused.
online-move-refused = Сервер не принял ход; партия возвращена к тому, что на сервере.
online-error-unknown-room = На сервере нет комнаты с таким кодом.
online-error-room-full = В этой комнате уже два игрока.
online-error-bad-token = Сервер больше не помнит ваше место в этой комнате.
online-error-bad-setup = Сервер не может открыть комнату для этой игры.
online-error-rate-limited = Слишком много сразу (сообщений или новых комнат) или комната занята: попробуйте чуть позже.
online-error-game-over = Партия уже окончена.
online-error-opponent-present = Друг ещё в игре: победу забрать нельзя.
online-error-no-opponent = Друг ещё не вошёл: партия начнётся, когда он придёт.
online-error-storage = Сервер не смог сохранить партию.
online-error-other = Сервер это не принял.
online-error-replay = Партия с сервера здесь не воспроизводится; игра по сети остановлена.

# Settings.
settings-server = Игровой сервер
settings-server-default = Этот компьютер
settings-server-note = Для игры по сети: ws://адрес:порт/ws в домашней сети, wss://… за TLS-прокси. Несколько серверов одних и тех же партий, через запятую, пробуются по очереди, когда один недоступен.

# Кто вы, рейтинги, ваши партии.
online-your-name = Ваше имя
online-name-note = Это имя видят другие, на сервере оно единственное. Ваш ключ, хранимый с настройками, закрепляет за вами имя и рейтинги.
online-name-bad = В имени от 2 до 20 букв, цифр, _ или -, и начинается оно с буквы или цифры.
online-anonymous = аноним
online-bot = бот
online-rated = На рейтинг
online-rated-hint = Партия меняет рейтинги обоих игроков (с незнакомыми — всегда).
online-rated-game = Партия на рейтинг
online-casual-game = Партия без рейтинга.
online-my-games = Мои партии по сети
online-my-games-none = На этом сервере у вас ещё нет партий.
online-review = Разбор
online-result-playing = идёт
online-result-aborted = отменена
online-result-draw = ничья
online-result-won = победа
online-result-lost = поражение
online-result-over = окончена
online-error-name-taken = Это имя на сервере занято другим игроком: эта партия без рейтинга. Выберите другое имя для следующей.
online-error-bad-name = Сервер не принял это имя.
online-error-not-identified = Сначала выберите имя.
online-your-rating = Ваш рейтинг: { $change }
online-rated-no-change = Партия на рейтинг, но окончена, не начавшись: рейтинги не меняются.
