## rules messages (en). Every id here must also be in the other language.
## The rules page of every game is written from its file with these
## templates (src/game/ui/rules_page/content.rs). Side names come from
## the file: $side is one piece's name when the side is one piece, else
## the name of several, and $single is "yes" for one piece.

## The page frame

rules-title = Rules
rules-all-games = All games ({ $count })
rules-badge-chosen = Chosen
rules-badge-option = Option
rules-badge-solved = Perfect play
rules-contents = On this page:
rules-count-plain = { $side }: { $count }
rules-value-on = on
rules-value-off = off

rules-heading-board = The board and the pieces
rules-heading-placement = Placing pieces
rules-heading-moves = Moving
rules-heading-capture = Capturing
rules-heading-special = Rules of this game
rules-heading-winning = How the game ends
rules-heading-draws = Draws
rules-heading-chosen = Our readings
rules-heading-options = Options
rules-heading-solved = Perfect play
rules-heading-notation = Writing moves
rules-heading-about = About the game

## The board and the pieces

rules-board = The board has { $points } points joined by { $lines } lines. Pieces stand on the points and move only along the lines.{ $captures ->
    [yes] { " " }A capture jumps along a straight line: { $jumps } such jump lines run through the board.
   *[other] {""}
}
rules-side-start = The { $side } { $single ->
    [yes] starts
   *[other] ({ $count }) start
} on { $points }.
rules-side-start-shown = The { $side } ({ $count }) start on the points the diagram shows.
rules-side-start-stacks = The { $side } ({ $count }) start in stacks on { $points }.
rules-side-hand = The { $side } { $single ->
    [yes] starts in hand and is placed
   *[other] ({ $hand }) start in hand and are placed one by one
} { $where }.
rules-side-both = The { $side } start with { $count } on { $points } and { $hand } more in hand, placed one by one { $where }.
rules-place-anywhere = on any empty point
rules-place-on = on an empty point of { $points }
rules-first = The { $side } { $single ->
    [yes] moves
   *[other] move
} first; then the sides take turns.

## Placing

rules-place-turn = While a side holds pieces in hand, each of its turns places one of them on an empty point; its pieces on the board wait until all are placed.
rules-place-in-a-row = The { $side } place all their pieces one after the other, the other side waiting until they are done.

## Moving

rules-forward-north = up the board
rules-forward-south = down the board
rules-forward-east = to the right
rules-forward-west = to the left
rules-steps-any = The { $side } { $single ->
    [yes] steps
   *[other] step
} one point along any line, in any direction, to an empty point.
rules-steps-ahead = The { $side } { $single ->
    [yes] steps
   *[other] step
} one point straight ahead only ({ $heading }).
rules-steps-forward = The { $side } { $single ->
    [yes] steps
   *[other] step
} one point forward ({ $heading }), straight or slanting, never sideways or back.
rules-steps-forward-sideways = The { $side } { $single ->
    [yes] steps
   *[other] step
} one point forward ({ $heading }), slanting forward or sideways, never back.
rules-steps-none = The { $side } never { $single ->
    [yes] moves
   *[other] move
} once placed.
rules-steps-any-option = the { $side } may step along any line, backwards too
rules-steps-ahead-option = the { $side } step straight ahead only ({ $heading })
rules-steps-forward-option = the { $side } step forward or slanting forward ({ $heading })
rules-steps-forward-sideways-option = the { $side } may also step sideways ({ $heading } is forward)
rules-steps-none-option = the { $side } never move once placed

## Capturing

rules-capture-none = Nobody captures: the { $hunters } cannot take, and the { $crowd } win by hemming them in.
rules-capture-jump = The { $side } { $single ->
    [yes] captures
   *[other] capture
} by jumping: along a line, over a neighbouring { $prey }, to the empty point straight beyond it. The piece jumped over is removed.
rules-capture-single = One jump a move: a capture never goes on to a second one.
rules-capture-maximal = If the same piece can jump again from where it lands, it must: the whole chain is one move and cannot stop halfway. Where a chain can go two ways, the player picks the route.
rules-capture-optional = The same piece may jump again from where it lands, and again, all in one move, and may stop after any jump. Where a chain can go two ways, the player picks the route.
rules-capture-compulsory = Capturing is compulsory: when a capture can be made, the { $side } must make one (any one, not necessarily the longest).
rules-capture-free = Capturing is never forced: the { $side } may always step instead.
rules-capture-huffing = Capturing is not forced, but a missed capture is punished (“huffing”): when the { $side } make a move that is not a capture while one of them could have captured, every one that could have captured is removed; one that stepped away is removed from where it arrived.
rules-capture-crowd = The { $side } never capture.

## Rules of a few games

rules-special-stacks = The { $crowd } start in stacks ({ $stacks }). A stack's pieces leave it one at a time, and its top piece alone is taken when the { $hunters } jump it; a chain may jump the same stack again. The number on a piece is the stack's height.
rules-special-restack = The { $side } may step onto a stack of their own on { $points }, adding to it.
rules-special-first-turn = In their first placement turn the { $side } place { $count } pieces, one after the other; later turns place one.
rules-special-keep-off = The { $side } may never enter { $points }.
rules-special-line = A jump may cross a whole unbroken run of { $crowd } along one line, landing on the empty point just past it, and takes every piece of the run: { $lengths }.
rules-special-line-level = Along a level line of the board, only a run of { $lengths }.
rules-special-line-odd = a run of an odd number (1, 3, 5, …)
rules-special-line-lengths = a run of { $lengths }
rules-special-later-hops = After the first jump of a chain, no jump goes straight back the way the last one came.
rules-special-flip = Whenever no { $side } piece can step forward, straight or slanting, their forward turns round: they head back the other way until it turns again.
rules-special-take-turns = The { $side } take turns: the one that moved last may not move next.
rules-special-place-all-first = Nobody moves a piece while either side still holds pieces to place: a side whose hand is empty passes until then.
rules-special-owed = When a piece of the { $hunters } could capture and steps instead, the { $crowd } are owed a piece: at their next turn they first add one on an empty point of { $points }, then move (one a turn; they wait while those points are full).
rules-special-remove = The { $hunters } open the game by placing one piece, taking any one of the { $crowd } off the board, and placing the other.
rules-special-two-rounds = The game is a match of two rounds. In round one a player takes the { $crowd }, the other the { $hsingle }; the round ends when the { $hsingle } cannot step, checked after every move once the { $crowd } are placed, or after { $most } such moves. Then the board is set up again and the players swap sides for round two. Whoever's { $hsingle } lasted more moves wins the match, and it ends as soon as that is sure; the same number is a draw.

## How the game ends

rules-end-crowd-at-most = The { $hunters } { $hsingle ->
    [yes] wins
   *[other] win
} { $count ->
    [0] when no { $crowd } are left, on the board or in hand
   *[other] when the { $crowd } are down to { $count } or fewer, on the board and in hand together
}.
rules-end-hunters-at-most = The { $crowd } win { $count ->
    [0] when huffing has removed every one of the { $hunters }
   *[other] when huffing has left the { $hunters } { $count } or fewer
}.
rules-end-fills = The { $crowd } win when they stand on every one of the points { $points } (shaded).
rules-end-reaches = The { $side } { $single ->
    [yes] wins when it reaches
   *[other] win when one of them reaches
} one of the points { $points } (shaded).
rules-end-driven-onto = The { $other } { $osingle ->
    [yes] wins
   *[other] win
} once the { $side } { $single ->
    [yes] stands
   *[other] stand
} on one of the points { $points } (shaded).
rules-end-behind-crowd = The { $side } { $single ->
    [yes] wins
   *[other] win
} once { $single ->
    [yes] it stands
   *[other] one of them stands
} behind every one of the { $other } on the board: on a row nearer the { $other }' own side than the rearmost of them.
rules-end-outlasts = The { $side } { $single ->
    [yes] wins
   *[other] win
} once the { $other } have made { $count } moves.
rules-end-none = There is no other way to win than the ones below: a side wins by leaving the other without a move.
rules-end-rounds = A round ends when the { $hsingle } cannot step (or after { $most } moves once the { $crowd } are placed), and the match as soon as it is sure whose { $hsingle } lasted more moves: that player wins. There is no other way to win.
rules-draw-rounds = Two rounds in which the { $hsingle } lasted the same number of moves draw the match, two rounds that both reach the limit included.
rules-stuck-loses = { $single ->
    [yes] A { $side } that cannot move on its turn loses.
   *[other] { $side } who cannot move on their turn lose.
}
rules-stuck-loses-once-placed = { $single ->
    [yes] A { $side } that cannot move on its turn loses; while the other side still has pieces to place, it passes instead.
   *[other] { $side } who cannot move on their turn lose; while the other side still has pieces to place, they pass instead.
}
rules-stuck-passes = { $single ->
    [yes] A { $side } that cannot move passes its turn; when neither side can move, the game is drawn.
   *[other] { $side } who cannot move pass their turn; when neither side can move, the game is drawn.
}
rules-stuck-draws = When the { $side } cannot move on { $single ->
    [yes] its
   *[other] their
} turn, the game is drawn.
rules-end-order = When a move ends the game in two ways at once, wins come before draws: first the side that just moved wins if it can, then the other side, then a side with no legal move on its turn loses, and only then do the draw rules apply.

## Draws

rules-draw-quiet = A game is drawn after { $count } plies (moves of either side) in a row without progress.
rules-progress = Progress is a capture{ $huff ->
    [yes] , a huff
   *[other] {""}
}{ $place ->
    [yes] {" "}or a placement
   *[other] {""}
}.
rules-progress-advance = The { $side } gaining ground is progress too: a step that lifts the sum of their ranks (counted { $heading }) above the highest it has been since the last capture.
rules-draw-quiet-setup = Plies made while a side still holds pieces to place are not counted.
rules-draw-repetition = The same position (the same pieces on the same points, the same side to move) for the { $count ->
    [2] second
    [3] third
   *[other] { $count }th
} time is a draw.
rules-no-repeat = Once neither side holds pieces to place, no move may bring back a position (the same pieces on the same points, the same side to move) that has stood since the last capture or placement: such a move is not allowed.
rules-draw-none = The game has no draw rule: it always ends with a winner.
rules-draw-stuck-only = The game has no draw rule besides the one for a side that cannot move.

## Our readings and the options

rules-chosen-intro = Where the sources are silent or disagree, we had to decide. These readings are ours, each with its reason.
rules-options-intro = The game as described above is the default; the new-game page can change these.
rules-option-key = Option “{ $key }”
rules-option-values = Values: { $values }; by default { $default }.
rules-effect-compulsory-on = capturing is compulsory
rules-effect-compulsory-off = capturing is not compulsory
rules-effect-chain-none = nobody captures
rules-effect-chain-single = one jump a move
rules-effect-chain-optional = jumps may go on and may stop after any
rules-effect-chain-maximal = jumps must go on while they can
rules-effect-add-start = { $count } more { $side } start on { $points }
rules-effect-quiet = drawn after { $count } plies without progress
rules-effect-quiet-none = no draw for plies without progress
rules-effect-round-limit = a round lasts at most { $count } moves
rules-effect-round-limit-none = no limit on a round's length
rules-effect-repetition = drawn when a position stands for the { $count }th time
rules-effect-repetition-none = repeating a position does not draw

## Perfect play

rules-solved-win = With perfect play the { $side } { $single ->
    [yes] wins
   *[other] win
}, in { $plies } plies at most (solved backwards over { $positions } positions).
rules-solved-draw = With perfect play the game is a draw (solved backwards over { $positions } positions).
rules-solved-quiet-draw = The draw after { $limit } plies without progress decides it: without that draw the { $side } { $single ->
    [yes] wins
   *[other] win
}, but against the best defence only in { $plies } plies, longer than the draw allows. No move of this game resets the count, so the solve reckons the draw in exactly.
rules-solved-master = The computer at Master plays from this solution: it never lets a won game go, wins as quickly as the game allows and, losing, holds out as long as it can.
rules-solved-searched = The solve is too large for the computer to repeat while it plays: at Master it searches this game instead.
rules-solved-options = This is the result with the default options. With others it is another game: Master solves that one again when it first plays it.
rules-solved-options-searched = This is the result with the default options. With others it is another game.

## Writing moves, about the game

rules-notation-moves = Moves can be typed into the move box, with the point names the diagrams show. A step is written c4-c5; a jump or a chain names every landing point, as in d6xd4xb4. The text is exact: no spaces, lower-case letters.
rules-notation-place = A placement is written with the point it goes to: @c3.
rules-origin = Where it comes from: { $origin }.
rules-source = Source of the rules: { $source }

## Diagrams

rules-fig-start = The start.
rules-fig-start-hand = Pieces still in hand are shown under the board.
rules-fig-rings = Dashed rings: where an option adds pieces, each marked with the value that adds it.
rules-fig-place = A placement: a { $piece } from hand goes onto any marked point, here { $point }.
rules-fig-steps = A { $piece } on { $point } has { $count } { $count ->
    [one] step
   *[other] steps
}.
rules-fig-steps-option = Dashed blue arrows: steps only an option allows.
rules-fig-capture = The { $piece } on { $from } jumps over { $over } and lands on { $to }; the piece jumped over is removed.
rules-fig-capture-stop = The move ends there: the hop on over { $over } is not allowed.
rules-fig-chain = A chain: the { $piece } on { $from } takes { $count } pieces in one move and lands on { $to }.
rules-fig-line = The { $piece } on { $from } jumps the whole run of { $count } on its line and lands on { $to }: all { $count } are taken in one move.
rules-fig-huff = The { $piece } on { $jumper } could capture (red), but the move is a step, { $from } to { $to }: the { $piece } on { $jumper } is removed.
rules-fig-fill = The last { $piece } steps into { $point }: every shaded point is held, and the { $side } { $single ->
    [yes] wins
   *[other] win
}.
rules-fig-reach = The { $piece } steps onto { $point }, a shaded point, and the { $side } { $single ->
    [yes] wins
   *[other] win
}.
