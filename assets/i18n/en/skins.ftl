## skins messages (en). Every id here must also be in the other language.
