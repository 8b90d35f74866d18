## web messages (ru). Every id here must also be in the other language.

# Загрузчик страницы (web/loader.js) показывает их до запуска игры.
web-loader-check = Проверяем браузер…
web-loader-download = Загрузка игры: { $done } из { $total } МБ
web-loader-compile = Готовим игру…
web-loader-assets = Загрузка текстов, картинок и звуков: { $done } из { $total }
web-loader-start = Запускаем игру…
web-loader-ready = Готово
web-loader-reload = Перезагрузить
web-loader-no-wasm-title = Этот браузер не может запустить игру
web-loader-no-wasm = Для Stronghold нужен WebAssembly, а в этом браузере его нет или он выключен. Попробуйте свежий Firefox, Chrome, Edge или Safari.
web-loader-no-webgl2-title = Этот браузер не может нарисовать доску
web-loader-no-webgl2 = Stronghold рисует через WebGL 2, а в этом браузере его нет или он выключен. Включите аппаратное ускорение в настройках браузера или попробуйте свежий Firefox, Chrome, Edge или Safari.
web-loader-failed-title = Игра не запустилась
web-loader-failed = Не удалось загрузить или запустить Stronghold. Проверьте подключение и перезагрузите страницу. Подробности ниже помогут нам найти ошибку.
web-loader-crashed-title = Игра остановилась
web-loader-crashed = Игру остановила ошибка. Перезагрузите страницу, чтобы играть дальше. Подробности ниже помогут нам найти ошибку.

# В адресе страницы параметры, которых игра не знает (например, ?game=chess).
web-bad-address = В адресе страницы есть параметры, которых игра не знает, поэтому началась обычная партия.
