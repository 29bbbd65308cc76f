"""The "did you mean" hint of a validation error, from :mod:`difflib`.

>>> did_you_mean("max_totl", ["max_total", "name", "scores"])
"; did you mean 'max_total'?"
>>> did_you_mean("zzz", ["max_total", "name"])
''
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def did_you_mean(word: object, known: Iterable[str]) -> str:
    """``"; did you mean 'x'?"`` for the closest known word, or ``""`` if none is close."""
    if not isinstance(word, str):
        return ""
    choices = list(known)
    folded = {choice.casefold(): choice for choice in choices}
    close = difflib.get_close_matches(word.casefold(), list(folded), n=1, cutoff=0.6)
    return f"; did you mean {folded[close[0]]!r}?" if close else ""
