## main messages (en). Every id here must also be in the other language.

# A count with a side's name: "1 rebel", "5 rebels". The names come from the skin.
count-of = { $count } { $count ->
    [one] { $one }
   *[other] { $plural }
}
