## saves messages (ru). Every id here must also be in the other language.
