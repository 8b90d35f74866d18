## ai messages (en). Every id here must also be in the other language.
# Shown on the rules page of Fox and Geese.
ai-foxgeese-solved = Who wins with perfect play is not proven yet: with thirteen geese that never step sideways the game is too big for our proof search, which settles only its later positions (the fox wins them all). In every game the computer has played, at every level, the fox has won.
