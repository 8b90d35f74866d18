## The game's analysis and the puzzles (en). Every id here must also be in the other language.

## The analysis in the side panel

analysis-title = Analysis
analysis-start = Analyse the game
analysis-start-again = Analyse the whole game
analysis-start-hint = The computer judges every move: how much it gave away, the best move, and the exact result where a table or a proof knows it. It runs in the background: play on meanwhile.
analysis-progress = Analysing { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}: { $percent } %
analysis-loading-table = Loading the endgame table…
analysis-cancel = Stop
analysis-cancel-hint = Stop the analysis (nothing of it is kept)
analysis-graph-for = Chances of the { $side } along the game (click a point to go to that move)
analysis-graph-point = Move { $ply }: { $move } ({ $grade })
analysis-graph-start = The start
analysis-accuracy-hint = Accuracy: 100 when every move was the best
analysis-player-began-as = Began as the { $side }
analysis-grade-best = Best
analysis-grade-good = Good
analysis-grade-inaccuracy = Inaccuracy
analysis-grade-mistake = Mistake
analysis-grade-blunder = Blunder
analysis-move-tip = { $grade }; best: { $best }
analysis-move-line = Move { $ply }, { $move }: { $grade }.
analysis-best-was = The best move was { $move }.
analysis-eval = Evaluation for the { $side }, in pieces: { $before } before the move, { $after } after.
analysis-eval-began-as = Evaluation for the player who began as the { $side }, in pieces: { $before } before the move, { $after } after.
analysis-score-win = won
analysis-score-win-in = wins within { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}
analysis-score-loss = lost
analysis-score-loss-in = loses within { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}
analysis-score-round-over = round one over
analysis-score-round-ends-in = round one ends within { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}
analysis-verdict-round-ends = round one ends by force.
analysis-verdict-round-ends-in = round one ends by force, within { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}.
analysis-verdict-round-no-longer-ends = this move gave up round one's forced end.
analysis-verdict-round-now-ends = this move let round one end by force.
analysis-verdict-round-does-not-end = round one does not end by force.
analysis-exact = Exactly ({ $source }): { $verdict }
analysis-source-rules = the rules
analysis-source-table = the endgame table
analysis-source-proof = the proof search
analysis-source-search = a search to the end
analysis-table-condition = The table leaves out the rule that no position may recur; under that rule a side short of moves can lose a position the table calls a draw.
analysis-basis-engine = Judged by the engine's evaluation, searched { $depth } plies deep (a ply is one side's move): an estimate, not a proof.
analysis-verdict-win-to-draw = this move threw away the win; a draw now.
analysis-verdict-win-to-loss = this move threw away the win; lost now.
analysis-verdict-draw-to-loss = this move threw away the draw.
analysis-verdict-keeps-draw = keeps the draw.
analysis-verdict-keeps-win = keeps the win.
analysis-verdict-keeps-win-in = keeps the win, within { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}.
analysis-verdict-still-lost = still lost.
analysis-verdict-still-lost-in = still lost, within { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}.
analysis-copy = Copy
analysis-copy-hint = Copy the analysis as text
analysis-copied = The analysis is copied as text.
analysis-save-file = Save as a file
analysis-save-file-hint = Write the analysis to a text file
analysis-exported = The analysis is saved in { $file }.
analysis-export-failed = The analysis could not be saved in { $file }.
analysis-export-title = { $game }: the game analysed by Stronghold
analysis-export-summary = { $side_title }: accuracy { $accuracy } %; best { $best }, good { $good }, inaccuracies { $inaccuracy }, mistakes { $mistake }, blunders { $blunder }.

## Puzzles

menu-puzzles = Puzzles
move-error-not-the-answer = Not this move: try again.
puzzles-title = Puzzles
puzzles-intro = Positions from the computer's games where one move does what the puzzle asks. Each puzzle says how its answer is known: proven (by the endgame table or the proof search), or found by a deep search in which every other move scores clearly worse, which is strong evidence but not a proof. Find it on the board; the computer answers along the line.
puzzles-loading = Loading the puzzles…
puzzles-missing = The puzzles of this game could not be read.
puzzles-standing = Rating { $rating } · solved { $solved } of { $total } (kept on this device; each puzzle's difficulty is fixed)
puzzles-next = Solve the next puzzle
puzzles-note-pirates = The Bulgars win most games with good play, so these puzzles are mostly the pirates' best captures and the Bulgars' only safe moves.
puzzles-note-asalto = The rebels win most games with good play, so these puzzles are mostly the officers' best captures and the rebels' only safe moves.
puzzles-note-fox-geese = Answers proven by the proof search (without sideways steps) or a deep search.
puzzles-note-bagh-chal = Answers proven by the table of the movement phase or a deep search.
puzzles-note-any = Each puzzle says how its answer is known: proven by solving the game, or found by a deep search.
puzzle-title = Puzzle { $number } · { $game }
puzzle-difficulty-hint = Difficulty: how deep a search must look to find the answer
puzzle-goal-win = { $side_title } to move: find the only move that wins.
puzzle-goal-win-quickest = { $side_title } to move: more than one move wins; find the only one that wins quickest (every other move wins later, draws or loses).
puzzle-goal-hold = { $side_title } to move: find the only move that keeps the draw; every other one loses.
puzzle-goal-win-searched = { $side_title } to move: find the move that wins. The search sees a forced win after it and after no other move.
puzzle-goal-hold-table = { $side_title } to move: find the only move that does not lose; every other one loses by force. The table calls this move a draw, leaving out the rule that no position may recur.
puzzle-goal-hold-searched = { $side_title } to move: find the move that holds. The search finds every other move clearly worse.
puzzle-goal-take-most = { $side_title } to move: find the move that takes the most.
puzzle-goal-hold-out = { $side_title } to move: the game is lost; find the move that holds out longest.
puzzle-goal-best-move = { $side_title } to move: find the move that is clearly best.
puzzle-proof-table = Proven by the endgame table.
puzzle-proof-search = Proven by the proof search: every other move loses.
puzzle-proof-solved = Proven by solving the game backwards: the result of every move here is known, and each win comes before the draw for moves without progress could.
puzzle-proof-margin = Found by a search { $depth } plies deep (a ply is one side's move): every other move is at least { $margin } pieces worse there. Not a proof.
puzzle-status-your-move = Your move.
puzzle-status-again = Your move: try again.
puzzle-status-wrong = Not this move: try again.
puzzle-status-right = Right! The computer answers…
puzzle-status-solved = Solved!
puzzle-rating = Your rating here: { $rating }
puzzle-rating-change = Your rating here: { $rating } ({ $change })
puzzle-solved-before = Solved before: this try does not change your rating.
puzzle-hint-hint = Show the answer's move (the puzzle then counts as not solved cleanly)
puzzle-retry = Try again
puzzle-retry-hint = Back to the puzzle's position
puzzle-next = Next puzzle
puzzle-to-list = Puzzles
puzzle-to-list-hint = Back to the list of puzzles (the game you were playing is put back)
puzzle-leave = Back to my game
puzzle-leave-hint = Leave the puzzles: the game you were playing comes back

## The puzzles page's filters, streaks and progress.
puzzles-filter-theme = Theme
puzzles-filter-difficulty = Difficulty
puzzles-filter-all = All
puzzle-theme-win = Win
puzzle-theme-win-quickest = Quickest win
puzzle-theme-hold = Hold the draw
puzzle-theme-take-most = Take the most
puzzle-theme-hold-out = Hold out
puzzle-theme-best-move = Best move
puzzles-matching = { $count } of { $total } puzzles match · { $solved } of them solved
puzzles-none-match = No puzzle of this game matches these filters.
puzzles-clear-filters = Show every puzzle
puzzles-streak-start = Start a streak
puzzles-streak-hint = Puzzles of the theme chosen in the list below (every theme when none is), each one harder, until the first miss: a wrong move or a hint ends the streak. The difficulty chosen does not hold: the streak rises by itself.
puzzles-best-streak = Best streak: { $best }
puzzles-view-list = Puzzles
puzzles-view-progress = Your progress
dashboard-counts = Solved { $solved } of { $total } · rated tries: { $tried } · best streak: { $best }
dashboard-accuracy = Solved cleanly (no wrong move, no hint), by theme, over { $tries } rated { $tries ->
    [one] try
   *[other] tries
}
dashboard-accuracy-row = { $clean } of { $tried } ({ $percent }%)
dashboard-graph = Your rating after each rated try
dashboard-graph-point = Try { $number }: rating { $rating }
dashboard-local = This rating is kept on this device and compared with no one: each puzzle's difficulty is fixed (how deep a search must look for its answer), not rated by other players.
dashboard-empty = Solve a few puzzles, and the graph of your rating and your accuracy by theme appear here.
puzzle-streak = Streak: { $length } · best { $best }
puzzle-streak-over = { $length ->
    [0] Streak over at its first puzzle
   *[other] Streak over: { $length } in a row
} · best { $best }
puzzle-streak-new-best = Your best streak in this game!
puzzle-streak-next = Next in the streak
puzzle-streak-again = New streak
puzzle-streak-hint-hint = Show the answer's move: this ends the streak
dashboard-graph-try = try { $number }

## The engine's line, played out over the board

analysis-line = The engine's line from before move { $ply }: { $moves }
analysis-line-show = Play the line out
analysis-line-show-hint = Show the line on the board a move at a time, from the position before this move, with its next move as an arrow. It is what the engine expects, not a proof.
analysis-line-step = { $step } of { $count }
analysis-line-end = Back
analysis-line-end-hint = Back to the game's position

## Learn from your mistakes

lesson-offer = Learn from your mistakes ({ $count })
lesson-offer-hint = Each of your mistakes and blunders becomes a puzzle from the position before it: find a better move. Every legal move there is looked at again first; it runs in the background.
lesson-finding = Looking closer at your mistakes: { $done } of { $total }
lesson-begin = Learn from your mistakes: { $count ->
    [one] { $count } lesson
   *[other] { $count } lessons
} ready
lesson-none = No mistakes or blunders of yours here to learn from.
lesson-none-after-check = A closer look found each of these moves no worse than the others: no lesson.
lesson-title = Learn from your mistakes: { $number } of { $count }
lesson-played = Move { $ply }: { $move } was a { $grade }.
lesson-goal-keep-win = { $side_title } to move: find a move that keeps the win.
lesson-goal-keep-draw = { $side_title } to move: find a move that keeps the draw.
lesson-goal-better = { $side_title } to move: find a better move.
lesson-basis-table = The endgame table knows the value of every move here; it leaves out the rule that no position may recur.
lesson-basis-proof = The proof search proved the value of every move here.
lesson-basis-engine = Better by the engine's searches ({ $thousands } thousand positions for each move): the best it found and any move less than { $points } points of 100 below it. An estimate, not a proof.
lesson-status-wrong = Not better: try again.
lesson-status-solved = Right: { $move } is better.
lesson-also = These count too: { $moves }
lesson-hint-hint = Show the best move
lesson-retry-hint = Back to the position before the mistake
lesson-next = Next mistake
lesson-all-done = That was the last one.
lesson-leave = Back to the game
lesson-leave-hint = Leave the lessons: the game you analysed comes back
line-marker = The engine's line from before move { $ply }: { $step } of { $count }
