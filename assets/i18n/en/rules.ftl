## rules messages (en). Every id here must also be in the other language.
## The rules pages: the content of RULES.md. Side names are each game's
## traditional ones, whatever the skin calls them.

## The page frame

rules-title = Rules
rules-badge-chosen = Chosen
rules-badge-option = Option
rules-badge-solved = Perfect play
rules-why = Why:
rules-contents = On this page:

rules-heading-board = The board
rules-heading-start = Setting up
rules-heading-placement = Placing goats
rules-heading-moves = Moving
rules-heading-capture = Capturing
rules-heading-huff = Huffing
rules-heading-winning = Winning
rules-heading-draws = Draws and repetition
rules-heading-notation = Writing moves
rules-heading-about = About the game

## Shared by several games

rules-cross-board = The board is a cross of 33 points: a seven-by-seven grid with its four corners cut away. Pieces stand on the points and move only along the drawn lines. Neighbouring points in a row or a column are always joined.
rules-cross-diagonals = Diagonal lines run through every other point: a point has them when its file number (a = 1) plus its rank is even. So d4 has eight lines and c4 only four.
rules-end-order = When a move ends the game in two ways at once, wins come before draws: first the side that just moved wins if it can, then the other side, then a side with no legal move on its turn loses, and only then do the draw rules apply.
rules-notation-moves = Moves can be typed into the move box. A step is written c4-c5; a jump or a chain names every landing point, as in d6xd4xb4. The text is exact: no spaces, lower-case letters.
rules-notation-place = A placement is written with the point it goes to: @c3.

## Pirates and Bulgars

rules-pirates-title = Pirates and Bulgars
rules-pirates-tagline = Two pirates hold a stronghold at the head of a cross; twenty-four Bulgars try to fill it. Only the pirates can capture.
rules-pirates-hunters = 2 pirates
rules-pirates-crowd = 24 Bulgars
rules-pirates-stronghold = The nine points of the top arm, c5 to e7, are the stronghold.
rules-pirates-chosen-cross = The wide band of the cross lies on ranks 3 to 5, so the cross is symmetric.
rules-pirates-chosen-cross-why = One description of this game draws the band a rank lower, which does not match its own words, “a seven-by-seven grid with the corners cut away”. The symmetric cross is also the board Asalto and Fox and Geese are played on.
rules-pirates-chosen-diagonals = The diagonals follow the alternating pattern.
rules-pirates-chosen-diagonals-why = Boards of this family are printed with diagonals in a pattern rather than everywhere; this is the usual one, and Asalto’s.
rules-pirates-fig-board = The board. The shaded arm is the stronghold; the lines drawn are the lines pieces move along.
rules-pirates-start = The twenty-four Bulgars start on every point outside the stronghold; the two pirates start inside it.
rules-pirates-chosen-start = The pirates start on c6 and e6.
rules-pirates-chosen-start-why = The old descriptions say only that the pirates start in the stronghold. c6 and e6 is the arrangement the Ludii game system uses for Asalto.
rules-pirates-chosen-sides = The pirates are the two and the Bulgars the twenty-four.
rules-pirates-chosen-sides-why = Pirates and Bulgars is Sid Sackson’s theme for Asalto, and the book that gives it could not be consulted. A raiding party is small, and a stronghold is what it raids.
rules-pirates-fig-start = The start: Bulgars on all 24 points outside the stronghold, pirates on c6 and e6.
rules-pirates-first = The Bulgars move first; then the sides take turns. A move is one step or one jump chain.
rules-pirates-bulgar-step = A Bulgar steps one point along a line: forward, diagonally forward or sideways. It never steps to a lower rank, and it never captures.
rules-pirates-option-retreat-name = Retreat: off by default
rules-pirates-option-retreat = On, Bulgars may step along any line, backwards too. It is the single rule that most changes how the game feels.
rules-pirates-pirate-step = A pirate steps one point along any line, in any direction.
rules-pirates-fig-bulgar = The Bulgar on d4 has five steps: forward, diagonally forward and sideways. On f3, a point without diagonals, a Bulgar has three.
rules-pirates-fig-pirate = A pirate on d4 may step along any of its eight lines.
rules-pirates-jump = A pirate captures by jumping: along a line, over a neighbouring Bulgar, to the empty point straight beyond it. The Bulgar jumped over is removed.
rules-pirates-chain = If the same pirate can jump again from where it lands, it must: the whole chain is one move and cannot stop halfway. Where a chain can go two ways, the player picks the route.
rules-pirates-option-compulsory-name = Compulsory capture: on by default
rules-pirates-option-compulsory = If any pirate can jump, the pirates must jump. Off, a pirate may decline a jump and nothing happens to it.
rules-pirates-option-compulsory-why = Traditionally a hunter that fails to take is removed (“huffed”) by the other player. That is the same rule with an extra step and a way to forget to use it, so here a pirate that can take simply must. Asalto keeps the huff.
rules-pirates-fig-chain = A chain: the pirate on d6 jumps d5, then c4, and lands on b4. Both Bulgars are removed.
rules-pirates-win-pirates = The pirates win when fewer than nine Bulgars remain: too few to fill the stronghold.
rules-pirates-win-bulgars = The Bulgars win when Bulgars stand on all nine stronghold points, or when the pirates cannot move on their turn.
rules-pirates-chosen-stuck = Bulgars who cannot move on their turn lose.
rules-pirates-chosen-stuck-why = The sources do not say. A side left without a move loses everywhere else in this family of games, so the same holds for the Bulgars.
rules-pirates-fig-win = The last Bulgar steps into d5: all nine stronghold points are taken and the Bulgars win.
rules-pirates-chosen-draw = Sixty plies (thirty moves each) in a row with no capture and no ground gained is a draw. Ground is gained when a Bulgar steps to a higher rank.
rules-pirates-chosen-draw-why = No source gives a draw rule, and two sides that can each hold a position would otherwise have no reason ever to stop.
rules-pirates-chosen-ground = With retreat on, ground counts only when the Bulgars’ rank sum (all their ranks added up) rises above its highest value since the last capture.
rules-pirates-chosen-ground-why = Otherwise a Bulgar stepping back and forth would hold off the draw for ever.
rules-pirates-about = “Dalmatian Pirates and the Volga Bulgars” is Sid Sackson’s theme, in The Book of Classic Board Games, for the game usually called Asalto, itself a nineteenth-century descendant of Fox and Geese. The board, the nine-point stronghold, two against twenty-four, capture by jumping and the ways to win are as recorded; the points marked Chosen are ours.

## Asalto

rules-asalto-title = Asalto
rules-asalto-tagline = A siege: two officers hold a fortress against twenty-four rebels. An officer need not capture, but one that misses a capture is removed.
rules-asalto-hunters = 2 officers
rules-asalto-crowd = 24 rebels
rules-asalto-fortress = The nine points of the top arm, c5 to e7, are the fortress.
rules-asalto-fig-board = The board. The shaded arm is the fortress; the lines drawn are the lines pieces move along.
rules-asalto-start = The rebels start on every point outside the fortress. The officers start in hand: their player places both, one at a time, on any empty points of the fortress. Then the rebels move first and the sides take turns.
rules-asalto-fig-setup = The start: rebels on the 24 points outside the fortress. The two officers, still in hand, go on any two of the nine marked points.
rules-asalto-rebel-step = A rebel steps one point along a line: forward, diagonally forward or sideways, never back. Rebels never capture.
rules-asalto-officer-step = An officer steps one point along any line, in any direction.
rules-asalto-fig-rebel = The rebel on d4 has five steps: forward, diagonally forward and sideways. On f3, a point without diagonals, a rebel has three.
rules-asalto-jump = An officer captures by jumping: along a line, over a neighbouring rebel, to the empty point straight beyond it. The rebel is removed. Capturing is optional.
rules-asalto-chain = Once an officer jumps, it must go on jumping while it can: the whole chain is one move. Where a chain can go two ways, the player picks the route.
rules-asalto-fig-chain = A chain may turn along any line: the officer on c5 jumps d4, e2 and d1 in one move and lands on c1.
rules-asalto-huff = A missed capture is punished. When the officers make a move that is not a jump while an officer could have jumped, every officer that could have jumped is removed from the board: it is “huffed”. An officer that stepped away instead is removed from where it arrived.
rules-asalto-fig-huff = The officer on d6 could jump d5 (red), but the officers step e7-e6 instead: the officer on d6 is huffed.
rules-asalto-win-rebels = The rebels win by filling all nine points of the fortress, by leaving the officers without a move, or when huffing has removed both officers.
rules-asalto-win-officers = The officers win when fewer than nine rebels remain (too few to fill the fortress), or when the rebels cannot move on their turn.
rules-asalto-draw-repeat = The same position (the same pieces on the same points, the same side to move) for the third time is a draw.
rules-asalto-draw-quiet = So is a hundred plies (fifty moves each) in a row with no capture, no huff and no rebel step forward.
rules-asalto-chosen-setup = The two placements of the officers do not count towards the hundred.
rules-asalto-chosen-setup-why = The count is of moves without progress; setting up is not yet play.
rules-asalto-about = Asalto is a siege game on the theme of Fox and Geese. Its origin is unknown, and despite the Spanish-sounding name it is not Spanish. It was popular in Germany as Belagerungsspiel, “the siege game”, and in Britain after 1857 it was sold as Officers and Sepoys.

## Fox and Geese

rules-foxgeese-title = Fox and Geese
rules-foxgeese-tagline = One fox against thirteen geese on the cross. The fox hunts; the geese try to pen it in.
rules-foxgeese-hunters = 1 fox
rules-foxgeese-crowd = 13 geese
rules-foxgeese-board = The board is a cross of 33 points: a seven-by-seven grid with its four corners cut away. Every point is joined to all its neighbours, diagonal ones included, so a point in the middle has eight lines. Pieces move only along the lines. There is no stronghold.
rules-foxgeese-fig-board = The board: every diagonal is drawn.
rules-foxgeese-start = The fox starts on d4, in the centre. The geese start on the bottom arm (c1 to e2) and across the row below the fox (a3 to g3).
rules-foxgeese-option-geese-name = Geese: 13 by default, or 15 or 17
rules-foxgeese-option-geese = More geese make the fox’s task harder.
rules-foxgeese-chosen-geese = With 15 geese the extra two stand on a4 and g4; with 17, on a4, b4, f4 and g4.
rules-foxgeese-chosen-geese-why = The traditional rules name the counts but not where the extra geese stand. These points extend the geese’s line from the edges, keeping it symmetric.
rules-foxgeese-fig-start = The start with 13 geese. The rings show where the extra geese stand with 15 (a4, g4) and 17 (also b4, f4).
rules-foxgeese-first = The fox moves first. It steps one point along any line, in any direction.
rules-foxgeese-goose-step = A goose steps one point forward or diagonally forward. Geese never capture.
rules-foxgeese-option-sideways-name = Sideways: off by default
rules-foxgeese-option-sideways = On, geese may also step sideways along their row.
rules-foxgeese-fig-goose = The goose on d2 steps forward or diagonally forward. The blue dashed arrows are its sideways steps, allowed only with the option.
rules-foxgeese-jump = The fox captures by jumping: along a line, over a neighbouring goose, to the empty point straight beyond it. The goose is removed. Once the fox jumps it must go on while it can, all in one move; where the chain can go two ways, the player picks. Capturing is optional and never punished: the fox may always step instead.
rules-foxgeese-fig-chain = The fox on e5 jumps d4 and then c2 in one move, landing on c1.
rules-foxgeese-win-fox = The fox wins when fewer than four geese remain, or when the geese cannot move on their turn.
rules-foxgeese-win-geese = The geese win when the fox cannot move: hemmed in, with no step and no jump.
rules-foxgeese-draws = Without the sideways option every goose move goes forward, so the game cannot go round in circles and always ends in a win. With sideways on, the same position for the third time is a draw, and so is a hundred plies in a row with no capture and no goose step forward.
rules-foxgeese-about = Fox and Geese has been played across Europe for centuries, on this cross and on larger boards. Asalto is a later siege game on its theme, and Pirates and Bulgars is Asalto with another story.

## Bagh-Chal

rules-baghchal-title = Bagh-Chal
rules-baghchal-tagline = Four tigers against twenty goats on a five-by-five board. The goats arrive one by one; the tigers try to take five of them.
rules-baghchal-hunters = 4 tigers
rules-baghchal-crowd = 20 goats
rules-baghchal-board = Twenty-five points in a five-by-five grid. Neighbouring points in a row or a column are always joined; diagonals run through every other point (a1, c1, b2, c3 and so on, where the file number plus the rank is even), so the centre c3 has eight lines.
rules-baghchal-fig-board = The board: diagonals through every other point.
rules-baghchal-start = The four tigers start on the corners. The twenty goats start off the board, in hand. The goats move first.
rules-baghchal-fig-start = The start: tigers on the four corners, all twenty goats in hand.
rules-baghchal-placement = While goats remain in hand, each goat turn places one goat on any empty point. Goats on the board do not move until all twenty are placed. The tigers move from their first turn.
rules-baghchal-fig-placement = A goat turn during placement: a goat from hand goes onto any empty point (dotted), here c3.
rules-baghchal-tiger-step = A tiger steps one point along any line, in any direction.
rules-baghchal-goat-step = Once all twenty goats are placed, a goat turn moves one goat one point along any line, in any direction.
rules-baghchal-fig-goat = After placement, the goat on c3 may step along any of its eight lines.
rules-baghchal-jump = A tiger captures by jumping: along a line, over a neighbouring goat, to the empty point straight beyond it. The goat is removed. A tiger jumps one goat per move, never a chain, and it never has to jump.
rules-baghchal-fig-jump = The tiger on a1 jumps the goat on b2 and lands on c3. The move ends there: the hop on over d4 is not allowed.
rules-baghchal-win-tigers = The tigers win when they have captured five goats.
rules-baghchal-win-goats = The goats win when the tigers cannot move on their turn.
rules-baghchal-chosen-stuck = Goats who cannot move on their turn lose.
rules-baghchal-chosen-stuck-why = The traditional rules do not say. The tigers lose when they cannot move, so the same rule serves the goats.
rules-baghchal-repeat = Once placement is over, no move may bring back a position (the same pieces on the same points, the same side to move) that has already occurred since placement ended: such a move is not allowed. This stops the goats from shuffling back and forth for ever.
rules-baghchal-option-quiet-name = Quiet limit: on by default
rules-baghchal-option-quiet = A hundred plies of the movement phase in a row without a capture is a draw.
rules-baghchal-option-quiet-why = The traditional rules have no draw; with this one every game ends in reasonable time.
rules-baghchal-about = Bagh-Chal, “the tiger’s move”, comes from Nepal, where it is still widely played. Southern India plays a close relative on a different board.
