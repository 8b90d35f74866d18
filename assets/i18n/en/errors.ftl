## errors messages (en). Every id here must also be in the other language.
## Why the rules, a save or a skin refused something, one message per kind
## of error. $column counts characters from 1; $text is the refused text.

## Move text ("Not a move: …" under the move box).
error-move-empty = nothing was typed
error-move-unexpected-character = “{ $text }”, column { $column }: unexpected character
error-move-expected-point = “{ $text }”, column { $column }: expected a point name: a file letter a-g then a rank digit 1-7
error-move-expected-separator = “{ $text }”, column { $column }: expected “-” for a step or “x” for a jump
error-move-expected-jump-mark = “{ $text }”, column { $column }: expected “x” before the next landing point
error-move-text-after-placement = “{ $text }”, column { $column }: unexpected text after the placement
error-move-text-after-step = “{ $text }”, column { $column }: unexpected text after the step
error-move-chain-too-long = “{ $text }”, column { $column }: the chain of jumps is too long
error-move-illegal = “{ $text }” is not a legal move here
error-move-game-over = “{ $text }” cannot be played: the game is over

## Options after the game id. $key: the option's name; $game: the game's title.
error-option-syntax = option “{ $text }” is not written as name=value
error-option-unknown-key = { $game } has no option “{ $key }” (it has: { $known })
error-option-no-options = { $game } has no options, so none named “{ $key }”
error-option-bad-value = option “{ $key }” cannot be “{ $value }”: expected { $values }

## Position strings. $hunter, $crowd: the game's two piece letters;
## $pieces: a count with the side's name ("2 pirates").
error-position-non-ascii = column { $column }: a character that has no place in a position string
error-position-field-count = expected 6 fields separated by single spaces (game, board, side to move, hand, quiet plies, ground mark; and the moves made, where a side wins by outlasting them), found { $found }
error-position-unknown-game = column { $column }: unknown game “{ $id }”
error-position-bad-option = column { $column }: { $option }
error-position-rank-count = column { $column }: the board has { $expected } ranks, found { $found }
error-position-rank-too-long = column { $column }: rank { $rank } has only { $points } points
error-position-rank-too-short = column { $column }: rank { $rank } describes { $described } points, it has { $points }
error-position-unexpected-piece = column { $column }: unexpected “{ $found }”: expected { $hunter }, { $crowd } or a digit 1-9
error-position-bad-side = column { $column }: the side to move must be { $hunter } or { $crowd }, found “{ $found }”
error-position-hand-syntax = column { $column }: the hand must be hunters/crowd, e.g. 0/20, found “{ $found }”
error-position-bad-count = column { $column }: { $field ->
    [hunters-in-hand] the hunters in hand
    [crowd-in-hand] the crowd in hand
    [quiet-plies] the quiet plies
    [hunters-moves] the hunters’ moves made
    [crowd-moves] the crowd’s moves made
   *[ground-mark] the ground mark
} must be a whole number from 0 to { $max }, found “{ $found }”
error-position-hunter-count = column { $column }: { $game } needs { $exact ->
    [exactly] exactly
   *[at-most] at most
} { $pieces }, found { $found }
error-position-crowd-count = column { $column }: { $game } has at most { $pieces }, found { $found }
error-position-hunters-in-hand = column { $column }: while { $hunters } are in hand, the { $hunters } are to move
error-position-ground-mark = column { $column }: the ground mark { $mark } is below the crowd’s rank sum { $sum }
error-position-bad-extra = column { $column }: “{ $found }”: expected { $stacks }POINT:COUNT,… (a stack point of the game holding a crowd piece, 2 or more pieces) or { $rule }N (a game whose own rule keeps a count)

## Saved games and the settings file. $error: the position's or the move's error.
error-save-unreadable = the file cannot be read
error-save-not-text = the file is not text (byte { $byte })
error-save-damaged = line { $line }, column { $column }: the text is damaged or cut short there
error-save-newer = format version { $found }; this version of Stronghold reads up to { $ours }
error-save-bad-start = its start position does not read: { $error }
error-save-bad-move = { $list ->
    [redo] move { $number } to redo
   *[played] move { $number }
} does not replay: { $error }
error-save-unknown-game = this version of Stronghold has no game called { $game }
error-save-bad-family-move = move { $number } ({ $move }) is not legal: the game does not replay

## Skin files. $file: the skin file; $at: "line" when $line and $column say
## where, else "file"; $path: a file the skin names.
error-skin-unreadable = { $file } cannot be read
error-skin-not-text = { $file } is not UTF-8 text
error-skin-syntax = { $file }, line { $line }, column { $column }: the skin is not written correctly there
error-skin-empty-path = { $file }{ $at ->
    [line] , line { $line }, column { $column }
   *[file] { "" }
}: a file name is empty
error-skin-path-outside-assets = { $file }{ $at ->
    [line] , line { $line }, column { $column }
   *[file] { "" }
}: “{ $path }” must be a path under assets/ with “/” between folders, without “..”
error-skin-wrong-extension = { $file }{ $at ->
    [line] , line { $line }, column { $column }
   *[file] { "" }
}: “{ $path }”: images must be PNG (.png) and sounds Ogg Vorbis (.ogg)
error-skin-missing-file = { $file }{ $at ->
    [line] , line { $line }, column { $column }
   *[file] { "" }
}: “{ $path }” cannot be read
error-skin-not-png = { $file }{ $at ->
    [line] , line { $line }, column { $column }
   *[file] { "" }
}: “{ $path }” is not a PNG image
error-skin-not-ogg = { $file }{ $at ->
    [line] , line { $line }, column { $column }
   *[file] { "" }
}: “{ $path }” is not an Ogg Vorbis sound

# A refused game file (--game-file): where, then why.
error-game-file-at = { $file }, line { $line }, column { $column }: { $reason }
error-game-file = { $file }: { $reason }
error-game-file-syntax = this is not a game file ({ $words })
error-game-file-not-text = the file is not UTF-8 text
error-game-file-bad-id = the id “{ $text }” must be lower-case letters, digits and hyphens
error-game-file-grid-size = a grid of { $files } files and { $ranks } ranks (1 to 23 files, 1 to 9 ranks)
error-game-file-unknown-point = “{ $text }” in “{ $field }” is not a point of the board
error-game-file-point-twice = “{ $text }” is named twice in “{ $field }”
error-game-file-bad-point-name = the point name “{ $text }” must be lower-case letters and digits, start with a letter, have no x and be at most 8 long
error-game-file-bad-coordinate = the point “{ $text }” has no finite coordinates
error-game-file-same-place = the points “{ $text }” and “{ $other }” are drawn in the same place
error-game-file-too-many-points = the board has { $count } points (at most 64)
error-game-file-too-few-points = the board has { $count } points (at least 2)
error-game-file-short-line = the line “{ $text }” needs at least two points
error-game-file-line-to-itself = a line joins “{ $text }” to itself
error-game-file-point-without-lines = the point “{ $text }” has no lines
error-game-file-bad-jump = the jump line “{ $text }” must name three points: from, over, to
error-game-file-jump-off-lines = the jump line “{ $text }” does not follow the board's lines
error-game-file-jump-not-straight = the jump line “{ $text }” is not straight
error-game-file-bad-letter = the piece letter “{ $text }” must be an upper-case letter
error-game-file-same-letter = both sides use the letter “{ $text }”
error-game-file-both-start-on = both sides start on “{ $text }”
error-game-file-no-hunters = the hunters have no pieces
error-game-file-no-crowd = the crowd has no pieces
error-game-file-crowd-too-large = the crowd has { $count } pieces (at most 48)
error-game-file-too-many-pieces = { $count } pieces of one side on a board of { $points } points
error-game-file-unreachable = an end that can never come: { $why }
error-game-file-no-ends = the game has no way to end
error-game-file-end-nothing-captures = the crowd is to be cut down, but nothing captures
error-game-file-end-crowd-already-down = the crowd starts with { $count }, not more than { $limit }
error-game-file-end-empty-region = the region to fill has no point
error-game-file-end-region-too-large = { $points } points to fill with { $count } pieces
error-game-file-end-region-out-of-reach = the crowd can never stand on every point to fill
error-game-file-end-goal-out-of-reach = no piece can ever reach the goal
error-game-file-end-crowd-has-no-forward = the hunters are to get behind the crowd, but the crowd steps no one way (give it steps: Forward, Ahead or ForwardOrSideways)
error-game-file-end-zero-moves = a move limit of 0
error-game-file-end-hunters-never-lost = the hunters are cut down but nothing removes them (no huffing)
error-game-file-bad-option = the option “{ $text }” needs values, its default among them, and changes for other values only
error-game-file-too-many-options = { $count } options (a game has at most 4)
error-game-file-lines-need-grid = the “Lines” evaluation needs a grid board of at most seven files, every line one step
error-game-file-bad-stack = the stack “{ $text }” must be POINT=COUNT on a crowd start point, with at least 2 pieces, each point once
error-game-file-too-many-stacks = { $count } stack points (at most 4)
error-game-file-hunter-stacks = only the crowd’s pieces stack
error-game-file-restack-off-stack = “{ $text }” in restack_on holds no stack at the start
error-game-file-first-turn-places = a first turn of { $count } placements (2 up to the pieces in hand, and not with places_in_a_row)
error-game-file-line-needs-single-hop = a line capture needs chain: Single
error-game-file-flip-needs-forward = the crowd’s forward flips, but its steps are not Forward or ForwardOrSideways
error-game-file-turns-need-two-hunters = the hunters take turns, but there are fewer than two
error-game-file-owed-needs-captures = a declined capture owes a piece, but nothing captures or no point is named
error-game-file-two-counters = CrowdForwardFlips, HuntersTakeTurns, DeclinedCaptureOwes and TwoRounds cannot be combined
error-game-file-starts-kept-off = a side starts on “{ $text }”, which its keep_off bars
error-game-file-level-lengths-need-line = level_lengths needs a line capture (line other than One)
error-game-file-later-hops-need-chains = later_hops needs capture chains (Optional or Maximal)
error-game-file-removal-needs-placements = RemoveAfterFirstPlacement needs two or more hunters in hand placed in a row, and crowd pieces on the board
error-game-file-two-rounds-need-blockade = TwoRounds needs chain: NoCapture, one hunter, and rounds of at least one ply

## The launch's options: the command line's flags or the web page's
## address. $text: what was given; $flag: the flag it was given to.
error-launch-needs-value = { $text } needs a value
error-launch-unknown-argument = unknown argument “{ $text }”
error-launch-unknown-game = unknown game “{ $text }”
error-launch-unknown-player = unknown player “{ $text }”: human, beginner, easy, medium, hard or master
error-launch-unknown-language = unknown language “{ $text }”: en or ru
error-launch-unknown-side = unknown side “{ $text }”: hunters or crowd
error-launch-not-invite = “{ $text }” is not an invite code
error-launch-not-number = { $flag }: “{ $text }” is not a number
error-launch-text-size = the text size is 100 to 200 (per cent), not “{ $text }”
error-launch-bad-clock = a clock is minutes+seconds (5+3, at most 180+60), not “{ $text }”
error-launch-option = a game option: { $error }
error-launch-moves = the moves to play: { $error }
error-launch-file-unreadable = the game file { $text } cannot be read
error-launch-no-files-on-the-web = { $text }: the web page cannot read game files
error-launch-bad-address = the address part “{ $text }” does not decode
