"""The errors intlscore raises.

Every error is an :class:`IntlscoreError`; the ones about bad input are also
:class:`ValueError`, so ``except ValueError`` keeps working for callers who do
not care which check failed.

>>> issubclass(NotationError, ValueError), issubclass(HandError, IntlscoreError)
(True, True)
"""

from __future__ import annotations

SHOWN_LENGTH = 24
"""The longest user text an error message quotes whole."""


def quoted(text: str) -> str:
    """User text as an error message quotes it: ``repr``, cut short when it is long.

    >>> quoted("r7"), quoted("1" * 5000)
    ("'r7'", "'11111111111111111111'... (5000 characters)")
    """
    if len(text) <= SHOWN_LENGTH:
        return repr(text)
    return f"{text[:20]!r}... ({len(text)} characters)"


class IntlscoreError(Exception):
    """Base class of every error intlscore raises on purpose."""


class NotationError(IntlscoreError, ValueError):
    """A token that is not a tile (``x5``, ``r14``, ``r7-3``)."""


class InputTypeError(IntlscoreError, TypeError):
    """An argument of the wrong type (``parse_tile(None)``, ``discard=5``); names the argument."""


class HandError(IntlscoreError, ValueError):
    """Tiles that parse but cannot be a hand: a third copy, a third joker, 13 tiles."""


class TableError(IntlscoreError, ValueError):
    """A rules table (closed hands or deal scoring) that is malformed."""


class RulesError(TableError):
    """A rules file (or rules text) that cannot be read or is malformed; names the file."""


class DealError(IntlscoreError, ValueError):
    """A deal description that cannot be scored (unknown player, two winners, ...)."""


class DealTypeError(DealError, TypeError):
    """A deal argument of the wrong type (``first_turn=0``, ``racks=5``); names the argument."""


class LedgerError(IntlscoreError):
    """The session database cannot be used (corrupt, foreign, busy, missing session)."""


class LedgerDamageError(LedgerError):
    """A stored record fails its self-check; the message names the session and the deal."""
