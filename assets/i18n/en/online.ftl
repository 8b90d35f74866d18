## Online play (en): playing a friend through the game server. Every id
## here must also be in the other language.

# The new-game page.
online-title = Play online
online-note = The game and options chosen above, against anyone who wants the same game and clock, or a friend on another computer or phone. Server: { $server } (change it in the settings).
online-your-side = Your side
online-clock = Clock
online-no-clock = No clock
online-clock-choice = { $minutes } min + { $seconds } s a move
online-create = Create a room
online-anyone = Play anyone
online-anyone-hint = Plays the first player on the server who wants this game with this clock, or waits for one. Sides are drawn.
online-anyone-note = Whoever on the server wants this game and clock; sides are drawn.
online-file-game = This game was read from a file: online play has the built-in games only. Choose one of them above.
online-lobby-title = Waiting on the server: { $count }
online-lobby-empty = Nobody is waiting now. Play anyone to wait yourself, or start a bot (stronghold-cli online --seek GAME).
online-lobby-you-play = you play { $side }
online-lobby-either = sides drawn
online-lobby-play = Play
online-lobby-playing = Being played: { $count }
online-lobby-watch = Watch
online-error-unknown-seek = That game was taken or withdrawn just now.
online-seeking = Waiting for an opponent who wants this game and clock…
online-stop-seeking = Stop waiting
online-error-seek-refused = The server's lobby refused the wait: it is full, or you are waiting already.
online-error-draw-too-soon = One draw offer per move pair: play a move before offering again.
online-join-label = Or join your friend's room: paste the code or the link
online-join-hint = code or link
online-join = Join
online-join-bad = That is not an invite code or link.

# The connection.
online-connecting = Connecting to the server…
online-connected = Connected
online-reconnecting = Reconnecting… (attempt { $attempt })
online-disconnected = Not connected: start a new game or join again.
online-not-connected = Not connected to the server right now; try again in a moment.

# The panel's room box.
online-room = Online
online-code = Room code: { $code }
online-copy-invite = Copy invite
online-other-server = This game is on { $server }, named by the link you opened; your default server is unchanged.
online-keep-server = Keep this server as my default
online-keep-server-hint = Later games (and the lobby) will use this server; Settings can change it back
online-invite-copied = Invite copied: send it to your friend.
online-friend-awaited = Waiting for your friend to join ({ $side })…
online-friend-awaited-note = Send the invite: the code, or the link (web) or command line (desktop) that "Copy invite" copies.
online-friend-here = Your friend ({ $side }) is here.
online-friend-gone = Your friend ({ $side }) has gone.
online-opponent-stalled = Your opponent ({ $side }) has not moved for a long time.
online-opponent-here = Your opponent ({ $side }) is here.
online-opponent-gone = Your opponent ({ $side }) has gone.
online-claim-in = You may claim the win in { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
}, or keep waiting.
online-claim-win = Claim the win
online-keep-waiting = or keep waiting
online-watching = You are watching this game.
online-spectators = { $count ->
    [one] { $count } spectator
   *[other] { $count } spectators
}
player-remote = Friend online

# Offers and the end.
online-draw-offered = Your friend offers a draw.
online-draw-accept = Accept the draw
online-draw-decline = Decline
online-draw-waiting = Draw offered: waiting for your friend.
online-draw-declined = Your friend declines the draw.
confirm-draw-online = Offer your friend a draw?
online-rematch-waiting = Rematch asked: waiting for your friend.
online-rematch-accept = Accept the rematch
end-time-out = { $side_title }: out of time.
end-abandoned = { $side_title }: left the game, and the win was claimed.
end-stalled = { $side_title }: sat on a move past the server's limit, and the win was claimed.
end-aborted = Game aborted: a first move was not made in time. It counts for nobody.

# What the server refused.
online-move-refused = The server refused the move; the game is back as the server has it.
online-error-unknown-room = No room has this code on the server.
online-error-room-full = This room already has two players.
online-error-bad-token = The server no longer knows your seat in this room.
online-error-bad-setup = The server cannot open a room for this game.
online-error-rate-limited = Too much at once (messages or new rooms), or the room is busy: try again in a moment.
online-error-game-over = The game is already over.
online-error-opponent-present = Your friend is still here: the win cannot be claimed.
online-error-no-opponent = Your friend has not joined yet: the game begins when they do.
online-error-storage = The server could not store the game.
online-error-other = The server refused that.
online-error-replay = The server's game does not replay here; online play stopped.

# Settings.
settings-server = Game server
settings-server-default = This computer
settings-server-note = For online play: ws://host:port/ws on a home network, wss://… behind a TLS proxy. Several servers of the same games, separated by commas, are tried in turn when one cannot be reached.

# Who you are, ratings, your games.
online-your-name = Your name
online-name-note = Others see this name, unique on the server. Your key, kept with the settings, keeps it and your ratings yours.
online-name-bad = A name has 2 to 20 letters, digits, _ or -, and begins with a letter or digit.
online-anonymous = anonymous
online-bot = bot
online-rated = Rated
online-rated-hint = The game counts for both players' ratings (games with strangers always do).
online-rated-game = Rated game
online-casual-game = Casual game: no rating changes.
online-my-games = My online games
online-my-games-none = No games on this server yet.
online-review = Review
online-result-playing = playing
online-result-aborted = aborted
online-result-draw = draw
online-result-won = won
online-result-lost = lost
online-result-over = over
online-error-name-taken = Another player has this name on the server: this game is unrated. Choose another name for the next.
online-error-bad-name = The server refused this name.
online-error-not-identified = Choose a name first.
online-your-rating = Your rating: { $change }
online-rated-no-change = Rated game, but over before it began: no rating changes.
