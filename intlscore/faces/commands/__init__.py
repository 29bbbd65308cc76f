"""Sub-commands of the ``intlscore`` CLI, one module each."""
