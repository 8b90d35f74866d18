## ai messages (en). Every id here must also be in the other language.
# Shown on the rules page of Fox and Geese.
ai-foxgeese-solved = Who wins with perfect play is not proven yet: with thirteen geese that never step sideways the game is too big for our proof search, which settles only its later positions (the fox wins them all). In every game the computer has played, at every level, the fox has won.
# Shown on the rules page of Bagh-Chal.
ai-baghchal-solved = With endless shuffling allowed, perfect play ends in a draw (Lim Yew Jin and Jürg Nievergelt, “Tigers and Goats is a draw”, 2009). Under these rules, where no position may come back once placement is over, nobody knows yet. Our table of the movement phase shows why it matters: once a goat has been taken, almost every drawn position lets the tigers force a capture anyway, or steer the goats to a single safe move, which the no-repeat rule can then forbid. So the goats do better to trap the tigers than to hold on.
