## saves messages (en). Every id here must also be in the other language.

## The saves window.
save-window-title = Saves
save-name-label = Name
save-name-hint = a name for this game
save-button = Save
save-replace-button = Replace
# $place: the folder (desktop) or storage key (web) the files are kept in.
save-files-in = Kept in { $place }
# The name a save gets unless the player types one.
save-default-name = { $game }, { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}
save-list-empty = No saved games yet.
save-load-button = Load
save-load-yes = Replace the game on the board
save-load-no = Cancel
save-delete-button = Delete
save-delete-yes = Delete for good
save-delete-no = Keep
# $game: a game's title; $date: "2026-01-04 13:45" (UTC).
save-entry-summary = { $game }, { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}, { $date } UTC
save-entry-damaged = This file cannot be read; loading it moves it aside.
save-game-pirates = Pirates and Bulgars
save-game-asalto = Asalto
save-game-fox-geese = Fox and Geese
save-game-bagh-chal = Bagh-Chal

## Copy and paste.
save-copy-position = Copy position
save-copy-moves = Copy moves
save-paste-label = Paste a position string or a move list:
save-paste-hint = pirates 3/P1P/… or c3-c4 d6-d5 …
save-paste-button = Paste
save-paste-position = Start from this position
save-paste-moves = Play these moves from the start
save-copied-position = Position string copied.
save-copied-moves = Move list copied.
save-pasted-position = A new game starts from the pasted position.
save-pasted-moves = The pasted moves were played from the start.
save-paste-bad-position = This is not a position string: the problem is at column { $column }. Nothing was changed.
save-paste-bad-move = Move { $number } ({ $move }) cannot be played here. Nothing was changed.

## What happened.
save-saved = Saved as “{ $name }”.
save-loaded = Loaded “{ $name }”.
save-deleted = Deleted “{ $name }”.
save-missing = The save “{ $name }” is no longer there.
save-delete-failed = The save “{ $name }” could not be deleted.
save-storage-off = Saves are not kept in this session.
# $what: autosave, settings or named.
save-write-failed = { $what ->
    [settings] The settings
    [named] The game
   *[autosave] The autosave
} could not be written; the previous copy is untouched.
save-resumed = Your last game is kept ({ $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}): “Continue” takes it up where you left it.
# $name: the named save it is kept as.
save-family-kept = Your game from the hunt family's old screen is kept in the saves as “{ $name }”.

## A file that was refused. $reason: damaged, unreadable, newer or bad-game;
## $file: the name it was renamed to; $name: a named save's file name.
save-autosave-refused = { $reason ->
    [newer] The autosave was made by a newer version of Stronghold
    [unreadable] The autosave could not be read
    [bad-game] The autosave holds a game that does not replay
   *[damaged] The autosave is damaged or cut short
}. Nothing is deleted: the file is renamed to { $file }, and a new game starts.
save-settings-refused = { $reason ->
    [newer] The settings file was made by a newer version of Stronghold
    [unreadable] The settings file could not be read
   *[other] The settings file is damaged or cut short
}. Nothing is deleted: the file is renamed to { $file }, and the default settings are used.
save-named-refused = { $reason ->
    [newer] The save “{ $name }” was made by a newer version of Stronghold
    [unreadable] The save “{ $name }” could not be read
    [bad-game] The save “{ $name }” holds a game that does not replay
   *[damaged] The save “{ $name }” is damaged or cut short
}. Nothing is deleted: the file is renamed to { $file }.
save-kept-in-place = { $file } cannot be read and could not be renamed. It is left as it is and will not be written over.
