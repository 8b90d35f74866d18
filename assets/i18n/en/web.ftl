## web messages (en). Every id here must also be in the other language.

# The page's loader (web/loader.js) shows these before the game runs.
web-loader-check = Checking the browser…
web-loader-download = Downloading the game: { $done } of { $total } MB
web-loader-compile = Preparing the game…
web-loader-assets = Loading texts, pictures and sounds: { $done } of { $total }
web-loader-start = Starting the game…
web-loader-ready = Ready
web-loader-reload = Reload
web-loader-no-wasm-title = This browser cannot run the game
web-loader-no-wasm = Stronghold needs WebAssembly, which this browser lacks or has turned off. Try a current Firefox, Chrome, Edge or Safari.
web-loader-no-webgl2-title = This browser cannot draw the board
web-loader-no-webgl2 = Stronghold draws with WebGL 2, which this browser lacks or has turned off. Turn on hardware acceleration in the browser's settings, or try a current Firefox, Chrome, Edge or Safari.
web-loader-failed-title = The game could not start
web-loader-failed = Stronghold could not be downloaded or started. Check the connection and reload the page. The details below help us fix it.
web-loader-crashed-title = The game stopped
web-loader-crashed = An error stopped the game. Reload the page to play again. The details below help us fix it.

# The page address asked for something the game does not know (e.g. ?game=chess).
web-bad-address = The page address has options the game does not know, so the usual game has started.
