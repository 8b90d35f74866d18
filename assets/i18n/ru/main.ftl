## main messages (ru). Every id here must also be in the other language.

# Число и имя стороны: «1 мятежник», «2 мятежника», «5 мятежников». Имена берутся из скина.
count-of = { $count } { $count ->
    [one] { $one }
    [few] { $few }
    [many] { $many }
   *[other] { $few }
}
