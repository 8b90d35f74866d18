# The hunt family: the new-game list and the family game's screen
# (src/game/ui/family_*.rs). The rules pages are rules.ftl's.


family-status-move = { $side } to move
family-status-place = { $side } to place
family-status-thinking = { $side } thinking…
family-result-win = { $winner } won
family-result-draw = Draw
family-result-resigned = { $loser } resigned: { $winner } won
family-reason-crowd-too-few = too few { $side } are left
family-reason-region-filled = the { $side } fill the goal
family-reason-region-reached = the { $side } reached the goal
family-reason-outlasted = the { $side } held out to the move limit
family-reason-no-moves = the { $side } cannot move
family-reason-quiet-limit = too long without a capture or a placement
family-reason-repetition = the same position came back
family-count-board = on the board: { $count }
family-count-hand = to place: { $count }
family-count-lost = captured: { $count }
family-hint-stop-or-go-on = Click the piece again to stop here, or go on capturing.
family-hint-finish-chain = Finish the capture: click one of the marked points.
family-hint-place-first = Place a piece first: click a marked point.
family-hint-stuck-piece = That piece cannot move.
family-pass = Pass (no move)
family-undo = Take back
family-restart = Again
family-resign = Resign
family-rules = Rules
family-names = Point names
family-menu = Menu
family-moves = Moves
family-no-moves-yet = No move yet.
family-ai-note = The computer plays this game with the family's general evaluation.
