## main messages (en). Every id here must also be in the other language.

# A count with a side's name: "1 rebel", "5 rebels". The names come from the skin.
count-of = { $count } { $count ->
    [one] { $one }
   *[other] { $plural }
}

## The application

app-title = Stronghold
app-tagline = Hunt games: a few hunters against a crowd

game-pirates = Pirates and Bulgars
game-asalto = Asalto
game-fox-geese = Fox and Geese
game-bagh-chal = Bagh-Chal

## The traditional names of each game's sides: name-<game>-<side>-<form>.
## English uses "one" and "plural"; "few" and "many" (Russian's counting forms) repeat the plural.

name-pirates-hunters-one = pirate
name-pirates-hunters-plural = pirates
name-pirates-hunters-few = pirates
name-pirates-hunters-many = pirates
name-pirates-crowd-one = Bulgar
name-pirates-crowd-plural = Bulgars
name-pirates-crowd-few = Bulgars
name-pirates-crowd-many = Bulgars
name-asalto-hunters-one = officer
name-asalto-hunters-plural = officers
name-asalto-hunters-few = officers
name-asalto-hunters-many = officers
name-asalto-crowd-one = rebel
name-asalto-crowd-plural = rebels
name-asalto-crowd-few = rebels
name-asalto-crowd-many = rebels
name-fox-geese-hunters-one = fox
name-fox-geese-hunters-plural = fox
name-fox-geese-hunters-few = fox
name-fox-geese-hunters-many = fox
name-fox-geese-crowd-one = goose
name-fox-geese-crowd-plural = geese
name-fox-geese-crowd-few = geese
name-fox-geese-crowd-many = geese
name-bagh-chal-hunters-one = tiger
name-bagh-chal-hunters-plural = tigers
name-bagh-chal-hunters-few = tigers
name-bagh-chal-hunters-many = tigers
name-bagh-chal-crowd-one = goat
name-bagh-chal-crowd-plural = goats
name-bagh-chal-crowd-few = goats
name-bagh-chal-crowd-many = goats

player-human = Human
player-computer = Computer: { $level }
level-beginner = Beginner
level-easy = Easy
level-medium = Medium
level-hard = Hard
level-master = Master

## Main menu

menu-continue = Continue
menu-continue-plies = { $count ->
    [one] { $count } move played
   *[other] { $count } moves played
}
menu-new-game = New game
menu-saves = Saved games
menu-rules = Rules
menu-settings = Settings
menu-about = About
menu-quit = Quit
menu-back = Back

## New game

new-game-title = New game
new-game-game = Game
new-game-board-cross = On the cross
new-game-board-alquerque = On the Alquerque square
new-game-board-triangles = On a square with triangles
new-game-board-star = On the star
new-game-board-hounds = Hare and hounds
new-game-board-other = Other boards
new-game-rules = Read the rules
# What tells near-alike games apart: "2 tigers against 20 goats, 25 points".
new-game-facts = { $hunters } against { $crowd }, { $points } points
new-game-options = Options
new-game-no-options = This game has no options.
new-game-players = Who plays
new-game-swap-sides = Swap sides
new-game-skin = Look
new-game-skin-note = Any look works with any game; each game opens with its own unless you pick another.
new-game-start = Start

tag-traditional = Traditional
tag-variant = Variant
tag-chosen = Our choice

option-compulsory = Compulsory capture
option-compulsory-note = When a capture can be made, one must be made. Our choice in place of the traditional huff.
option-retreat = Bulgars may retreat
option-retreat-note = Bulgars may also step backwards; ground counts only when their ranks add up to a new best.
option-sideways = Geese may step sideways
option-sideways-note = Geese may also step sideways, which makes draws possible.
option-quiet-limit = Draw after 100 quiet moves
option-quiet-limit-note = A hundred plies of movement without a capture end the game drawn, so every game ends.
option-geese = Geese:
option-geese-note = 13 is traditional. Our choice: 15 adds geese on a4 and g4; 17 adds a4, b4, f4 and g4.
option-chain = Multiple captures
option-chain-note = After a capture the same piece may jump again from where it lands, in the same move, and stop after any jump; off, one jump a move.
option-steps = Direction of steps:
option-steps-note = How the side with many pieces steps: ahead, straight ahead only; forward, straight or slanting forward; sideways, forward or sideways; any, along any line, back too.
option-move-limit = Draw after 12 moves
option-move-limit-note = A game nobody has won after twelve moves (six each) is drawn.
option-hops = Multiple hops, capture compulsory
option-hops-note = A piece that can capture must, and goes on jumping from where it lands while it can; off, one jump a move and capturing is free.
option-tigers = Tigers:
option-tigers-note = With 1 the tiger starts on the apex; with 4 the other three start on the three points just below it.
option-round-limit = Round limit:
option-round-limit-note = Each round of the match ends after this many moves at most, the bear still free having lasted them all; off, a round lasts until the bear is shut in.
option-value-ahead = ahead
option-value-forward = forward
option-value-sideways = sideways
option-value-any = any way

## The side panel

panel-menu = Menu
panel-menu-hint = Back to the main menu (the game is kept)
panel-toggle = Show or hide the panel
strip-last-move = Last move: { $move }
panel-undo = Undo
panel-undo-hint = Take back a move (Ctrl+Z)
panel-redo = Redo
panel-redo-hint = Play a taken-back move again (Ctrl+Y)
panel-hint = Hint
pieces-where = { $hunters }: { $hunters-at }. { $crowd }: { $crowd-at }.
pieces-in-hand = { $side }: { $count } in hand
pieces-and = { $a }; { $b }
panel-hint-hint = Ask the computer for a move
panel-flip = Flip
panel-pause = Pause
panel-resume = Resume
panel-resign = Resign
panel-pass = Pass
panel-pass-note = No piece of yours can move: you pass, and the other side moves again.
panel-offer-draw = Offer a draw
panel-offer-draw-hint = The rules' own draws come by themselves; this ends the game drawn by agreement.
panel-players = Players
panel-new-game = New game
panel-saves = Saves
panel-saves-hint = Save, load, copy or paste a game (Ctrl+S)
panel-rules = Rules
panel-settings = Settings
panel-about = About

status-to-move = { $side_title } to move
status-to-move-you = { $side_title } to move (you)
status-thinking = Computer ({ $level }) thinking{ $dots } depth { $depth }
status-paused = Paused

material-captured = Captured
material-left = { $side_title } left
material-left-value = { $count } (need { $needed })
material-goal-named = { $goal } held
material-goal = Goal held
material-in-hand = { $side_title } in hand
material-quiet = Without progress
material-quiet-value = { $count } of { $limit }
material-quiet-hint = Plies in a row without a capture or a step forward: at the limit the game is drawn.
match-round = Round
match-round-value = { $round } of 2
match-round-hint = Two rounds: the players swap sides for round two, and the player whose { $side } lasts more moves wins.
match-round-one = Round one
match-round-two = Round two
match-lasted = { $count ->
    [one] { $count } move
   *[other] { $count } moves
}
match-lasting = { $count ->
    [one] { $count } move so far
   *[other] { $count } moves so far
}
match-round-two-begins = Round one is over: the { $side } lasted { $count } moves. Round two: the players swap sides.

move-box-label = Type a move (c4-c5, d6xd4xb4, @c3), Enter to focus:
move-box-hint = move
move-box-play = Play
move-error-game-over = The game is over.
move-error-not-your-turn = It is not your turn.
move-error-reviewing = You are looking at an earlier position: go back to the game or play from here.
move-error-illegal = { $move } is not a legal move here.
move-error-text = Not a move: { $detail }

input-cannot-go = The piece on { $from } cannot go to { $to }.
input-no-legal-move = The piece on { $point } has no legal move.
input-cannot-place = You cannot place on { $point }.
input-several-routes = Several routes end on { $point }: pick them hop by hop.
input-stop-or-go-on = The capture may stop here: click the piece again to stop, or go on capturing.
input-confirm = Confirm { $move }: click its end point again, or anywhere else to cancel.

log-huffed = Huffed: the officer on { $point } could have jumped and did not, so it is removed.

hint-thinking = Looking for a good move…
hint-line = Hint: { $move }. { $judgement }
hint-eval-even = The position is about even.
hint-eval-slight = { $side_title } slightly ahead.
hint-eval-clear = { $side_title } clearly ahead.
hint-eval-far = { $side_title } far ahead.
hint-eval-forced = { $side_title } win by force in { $moves ->
    [one] one move
   *[other] { $moves } moves
}.
hint-eval-round-ends = Round one ends within { $moves ->
    [one] one move
   *[other] { $moves } moves
}, whatever the { $side } does: it cannot last longer.

## Moves and review

moves-title = Moves
review-banner = Reviewing: after move { $ply } of { $total }
review-marker = Review: after move { $ply } of { $total }. The game waits.
review-first = The start
review-back = One move back (←)
review-forward = One move forward (→)
review-last = The latest move
review-live = Back to the game
review-play-from-here = Play from here
review-play-from-here-hint = Continue the game from this position; the later moves can be redone.

## The end

end-winner = { $n ->
    [one] { $side_title } wins!
   *[other] { $side_title } win!
}
end-match-winner = The player who began as the { $side } wins the match!
end-draw = Draw
end-resigned = { $n ->
    [one] { $side_title } resigns.
   *[other] { $side_title } resign.
}
end-draw-agreed = Draw by agreement.
end-crowd-too-few = Fewer than { $needed } { $crowd } are left.
end-crowd-taken = { $n ->
    [one] { $side_title } has taken { $taken } { $crowd }.
   *[other] { $side_title } have taken { $taken } { $crowd }.
}
end-stronghold-filled = { $side_title } fill the { $goal }.
end-region-filled = { $side_title } fill every point of their goal.
end-hunters-huffed = Huffing has removed every officer.
end-behind-crowd = { $n ->
    [one] { $side_title } has got behind every one of the { $crowd }.
   *[other] { $side_title } have got behind every one of the { $crowd }.
}
end-region-reached = { $n ->
    [one] { $side_title } has reached the goal.
   *[other] { $side_title } have reached the goal.
}
end-driven-onto = { $n ->
    [one] { $side_title } has been driven onto its losing point.
   *[other] { $side_title } have been driven onto their losing point.
}
end-outlasted = { $n ->
    [one] { $side_title } has held out to the move limit.
   *[other] { $side_title } have held out to the move limit.
}
end-no-moves = { $n ->
    [one] { $side_title } has no legal move.
   *[other] { $side_title } have no legal move.
}
end-survival-won = The { $side } of round two has outlasted round one's { $first } moves.
end-survival-shut-in = The { $side } of round two was shut in after { $second } moves, round one's after { $first }.
end-survival-level = Both rounds lasted { $first } moves.
end-quiet-limit = Too long without progress.
end-repetition = The same position for the third time.
end-rematch = Rematch, sides swapped
end-rematch-hint = The same game again, each player on the other side
end-new-game = New game
end-close = Close

## Questions

confirm-title = Are you sure?
confirm-resign = Resign this game?
confirm-resign-yes = Resign
confirm-draw-computer = Offer the computer a draw? It accepts unless it thinks it is ahead.
confirm-draw-people = Do both players agree to a draw?
confirm-draw-yes = Offer a draw
confirm-draw-agree = We agree
confirm-menu = Leave the game for the menu?
confirm-menu-yes = To the menu
confirm-cancel = Cancel
draw-accepted = The computer accepts the draw.
draw-declined = The computer declines the draw: it thinks it is ahead.

## Settings

settings-title = Settings
settings-skin = Look of { $game }
settings-skin-builtin = Built-in (a skin file failed to load)
settings-language = Language
settings-text-size = Text size
settings-animation-speed = Animation speed
settings-reduced-motion = Reduced motion
settings-reduced-motion-note = moves appear at once
settings-volume = Sound
settings-mute = mute
settings-legal-moves = Legal moves
settings-legal-moves-note = mark where the picked piece can go
settings-threats = Threatened pieces
settings-threats-auto = Auto
settings-threats-always = Always
settings-threats-never = Never
settings-threats-note = Threatened pieces: marks every piece of the crowd that a hunter could jump next move. Auto shows them when you play the crowd against the computer at Beginner or Easy.
settings-coordinates = Coordinates
settings-coordinates-note = letters and numbers around the board
settings-confirm = Confirm moves
settings-confirm-note = a move waits for a second click before it is played
settings-ai-pace = Pause between computer moves

## About

about-title = About Stronghold
about-text = Stronghold plays four hunt games on one engine: Pirates and Bulgars, Asalto, Fox and Geese and Bagh-Chal. The rules are exact, and every point where the old sources are silent is marked as our choice.
about-version = Version { $version }
about-credits = Credits and licences
about-credits-loading = Loading the credits…

## The board by keyboard (src/game/ui/board_keys.rs)
board-keys-name = Board
board-keys-help = Arrow keys: move · Enter or Space: pick up, put down, go on · Esc: cancel · P: where the pieces are · H: hint · F: flip
board-cursor-empty = { $point }: empty
board-cursor-piece = { $point }: { $piece }
board-cursor-picked = picked up
board-cursor-target = it may go here

## The game in words (src/game/ui/speech.rs): screen readers, the web page's live region
speech-step = { $piece } from { $from } to { $to }.
speech-jump = { $piece } from { $from } takes { $taken }, lands on { $to }.
speech-place = { $piece } placed on { $to }.
speech-remove = { $piece } on { $at } removed.
speech-pass = { $side_title } pass.
speech-huffed = Huffed: { $points }.
speech-and = { $a } and { $b }
speech-taken-back = Move taken back.
speech-no-undo = There is no move to take back.
speech-canvas-label = Stronghold, the board and its panel. Escape, then Tab: the game in words.
speech-page-title = The game in words
speech-command-label = Type a move (c4-c5, d6xd4xb4, @c3), or p for where the pieces are, t for whose turn, u to take back
speech-command-send = Play
speech-command-help = The board: Tab to it, then arrow keys and Enter. Letters on the board: P pieces, H hint, F flip, A analysis.
