"""The errors intlscore raises.

Every error is an :class:`IntlscoreError`; the ones about bad input are also
:class:`ValueError`, so ``except ValueError`` keeps working for callers who do
not care which check failed.

Each class says what a face does with it, so that no face ever decides by reading a
message: :attr:`~IntlscoreError.http_status` (the web's answer) and
:attr:`~IntlscoreError.exit_code` (the command line's status). A message that names a
file of this machine has a :attr:`~IntlscoreError.public` twin that names none, which
is what the web answers.

>>> issubclass(NotationError, ValueError), issubclass(HandError, IntlscoreError)
(True, True)
>>> [(kind.http_status, kind.exit_code) for kind in (HandError, LedgerBusyError,
...  SessionNotFoundError, LedgerFileError, LedgerFullError, LedgerReadOnlyError)]
[(400, 2), (503, 75), (404, 2), (500, 2), (507, 2), (409, 2)]
>>> error = about_file(LedgerError, "/srv/club.sqlite3", lambda where: f"{where} is corrupt")
>>> str(error), error.public
('/srv/club.sqlite3 is corrupt', 'the ledger is corrupt')
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import ClassVar, TypeVar

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
    """Base class of every error intlscore raises on purpose: bad input unless a subclass
    says otherwise (HTTP 400, exit status 2)."""

    http_status: ClassVar[int] = 400
    """The HTTP status the web answers with."""
    exit_code: ClassVar[int] = 2
    """The command line's exit status."""

    def __init__(self, *args: object, public: str | None = None) -> None:
        super().__init__(*args)
        self._public = public

    @property
    def public(self) -> str:
        """The message without this machine's paths (what a phone is told)."""
        return str(self) if self._public is None else self._public


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
    """The session ledger refuses a request: a bad session name, an unknown deal, a file
    that is not a ledger. The subclasses below are the ones a face treats apart."""


class LedgerBusyError(LedgerError):
    """Another writer held the ledger for longer than the wait (SQLite's BUSY or LOCKED):
    nothing was stored, and the same request may simply be sent again (HTTP 503 with
    ``Retry-After``; exit status 75, ``EX_TEMPFAIL``)."""

    http_status = 503
    exit_code = 75


class LedgerFullError(LedgerError):
    """The disk that holds the ledger (or the file being written) is full: nothing was
    stored, and the same request succeeds once the disk has room (HTTP 507 Insufficient
    Storage, with ``Retry-After``; exit status 2)."""

    http_status = 507


class LedgerReadOnlyError(LedgerError):
    """The ledger can be read but not written: it is on a read-only disk, or this user may
    not write the file or its folder. Nothing was stored, and sending the same request
    again cannot help until someone changes the disk (HTTP 409 Conflict: the request is
    good, the server's state refuses it; exit status 2)."""

    http_status = 409


class LedgerIOError(LedgerError):
    """The disk failed to read or write the ledger (SQLite's I/O error on a disk with room):
    nothing was stored (HTTP 500; exit status 2)."""

    http_status = 500


class SessionNotFoundError(LedgerError):
    """No session of that name (HTTP 404)."""

    http_status = 404


class LedgerFileError(LedgerError):
    """The ledger's file cannot be used as it is: not an intlscore ledger, written by a
    newer intlscore, or damaged (HTTP 500: the request was good, the file is not)."""

    http_status = 500


class LedgerDamageError(LedgerFileError):
    """A stored record fails its self-check, or SQLite finds the file corrupt; the message
    names the session and the deal where it can."""


class SettlementError(IntlscoreError, ValueError):
    """A settlement that cannot be computed: a bad stake or unit, too few players."""


class SeatingError(IntlscoreError, ValueError):
    """Players a night cannot seat so: too few for tables of 3 and 4, a name twice, a bad
    fixed round (exit status 2)."""


class NightError(IntlscoreError, ValueError):
    """A night's bad input: an unknown player, a night or a cut that cannot be, a round
    seated before the last is finished (exit status 2)."""


class OrderError(IntlscoreError, ValueError):
    """A night's tie-break order naming an unknown key (exit status 2)."""


class KeyReused(IntlscoreError):
    """An ``Idempotency-Key`` already answered another request (HTTP 422): nothing is
    stored."""

    http_status = 422


class DealNotConfirmed(IntlscoreError):
    """At the guided deal entry, the player did not confirm the deal (or closed the input):
    nothing was stored."""


class UnknownTypeError(IntlscoreError, ValueError):
    """``--type N`` names a type the table does not have."""


class BadRequest(IntlscoreError, ValueError):
    """A request the web API cannot take; its message is the one line the client gets."""


class StoredAlready(IntlscoreError):
    """A write of the web API was committed but reading the answer back failed: the message
    says what is stored, so that nobody enters it twice (HTTP 500)."""

    http_status = 500


class UsageError(Exception):
    """A command line the parser refuses (``intlscore.faces.cli``); ``str()`` is the one
    line to print, with exit status 2."""


class Stopped(Exception):
    """The play search was stopped (:meth:`intlscore.engine.odds.stop.Stop.stop`) before it
    finished: not an error of the input, so not an :class:`IntlscoreError` (the web answers
    the request that cancelled it, the command line is not stopped this way)."""


class InternalError(Exception):
    """A broken invariant of intlscore itself: a bug, never the input's fault, so not an
    :class:`IntlscoreError` (no face answers it as bad input). Raised where the code knows
    something the type checker cannot see, in place of an ``assert``, which ``python -O``
    would skip."""


T = TypeVar("T")


def known(value: T | None, what: str) -> T:
    """``value``, which the caller knows is not None; :class:`InternalError` naming
    ``what`` if it is.

    >>> known(3, "the count")
    3
    >>> known(None, "a session's rules")
    Traceback (most recent call last):
    ...
    intlscore.errors.InternalError: expected a session's rules, found none: a bug in intlscore
    """
    if value is None:
        raise InternalError(f"expected {what}, found none: a bug in intlscore")
    return value


E = TypeVar("E", bound=IntlscoreError)


def about_file(kind: type[E], path: str | os.PathLike[str], said: Callable[[str], str]) -> E:
    """An error whose message names a file of this machine: ``said(where)`` is called with
    the path for the terminal and with "the ledger" for :attr:`IntlscoreError.public`."""
    return kind(said(os.fspath(path)), public=said("the ledger"))
