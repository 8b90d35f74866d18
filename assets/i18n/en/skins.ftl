## skins messages (en). Every id here must also be in the other language.

# A skin file could not be used. The detail line below it names the file, the line and column, and what is wrong.
skin-broken = The skin “{ $skin }” could not be loaded, so the built-in look is shown instead.
# The settings: which skin a game opens with.
skin-label = Skin
skin-builtin = Classic (built in)
