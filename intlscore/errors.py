"""The errors intlscore raises.

Every error is an :class:`IntlscoreError`; the ones about bad input are also
:class:`ValueError`, so ``except ValueError`` keeps working for callers who do
not care which check failed.

>>> issubclass(NotationError, ValueError), issubclass(HandError, IntlscoreError)
(True, True)
"""

from __future__ import annotations


class IntlscoreError(Exception):
    """Base class of every error intlscore raises on purpose."""


class NotationError(IntlscoreError, ValueError):
    """A token that is not a tile (``x5``, ``r14``, ``r7-3``)."""


class HandError(IntlscoreError, ValueError):
    """Tiles that parse but cannot be a hand: a third copy, a third joker, 13 tiles."""


class TableError(IntlscoreError, ValueError):
    """A rules table (closed hands or deal scoring) that is malformed."""


class RulesError(TableError):
    """A rules file (or rules text) that cannot be read or is malformed; names the file."""


class DealError(IntlscoreError, ValueError):
    """A deal description that cannot be scored (unknown player, two winners, ...)."""


class LedgerError(IntlscoreError):
    """The session database cannot be used (corrupt, foreign, busy, missing session)."""
