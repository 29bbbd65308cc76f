"""The organiser's hand on a draft: two players swapped, and a seating given by hand
checked before it is seated (pure logic, no I/O).

A swap between two tables puts each player in the other's seat; a swap at one table
exchanges their seats (and so who starts which deal). A seating given whole (the page
sends the tables it shows) is checked: every player present seated exactly once, each
table of 3 or 4, nobody who is not present.

>>> tables = (("ann", "bob", "cat", "dan"), ("eve", "fay", "gus"))
>>> swap_seats(tables, "bob", "fay")
(('ann', 'fay', 'cat', 'dan'), ('eve', 'bob', 'gus'))
>>> swap_seats(tables, "ann", "dan")[0]
('dan', 'bob', 'cat', 'ann')
>>> check_seating([("ann", "bob", "cat"), ("dan", "eve")], ["ann", "bob", "cat", "dan", "eve"])
Traceback (most recent call last):
...
intlscore.errors.NightError: table 2 seats 2 players (dan, eve): a table seats 3 or 4
"""

from __future__ import annotations

from collections.abc import Sequence

from intlscore.errors import NightError

__all__ = ["Tables", "check_seating", "swap_seats"]

Tables = tuple[tuple[str, ...], ...]
"""A round's tables, each its players in seat order."""


def swap_seats(tables: Sequence[Sequence[str]], a: str, b: str) -> Tables:
    """``tables`` with ``a`` and ``b`` in each other's seats (names as seated; a name
    not seated is a :class:`NightError` naming it)."""
    if a == b:
        raise NightError(f"{a} cannot swap with themselves")
    seat: dict[str, tuple[int, int]] = {}
    for t, table in enumerate(tables):
        for s, player in enumerate(table):
            seat[player] = (t, s)
    for name in (a, b):
        if name not in seat:
            raise NightError(f"{name} is not seated in this draft")
    rows = [list(table) for table in tables]
    (ta, sa), (tb, sb) = seat[a], seat[b]
    rows[ta][sa], rows[tb][sb] = b, a
    return tuple(tuple(row) for row in rows)


def check_seating(tables: Sequence[Sequence[str]], present: Sequence[str]) -> Tables:
    """The seating as tuples, once it seats every one of ``present`` exactly once, at
    tables of 3 and 4 (one table of 3 or 4 when that is everyone); a
    :class:`NightError` naming the first problem otherwise.

    >>> check_seating([("ann", "bob", "cat")], ["ann", "bob", "cat", "dan"])
    Traceback (most recent call last):
    ...
    intlscore.errors.NightError: dan is present but not seated
    """
    if isinstance(tables, str) or not tables:
        raise NightError("a seating is a list of tables, each a list of players")
    checked = tuple(tuple(table) for table in tables)
    everyone = set(present)
    seen: set[str] = set()
    for number, table in enumerate(checked, start=1):
        if not 3 <= len(table) <= 4:
            names = ", ".join(table)
            many = "player" if len(table) == 1 else "players"
            raise NightError(
                f"table {number} seats {len(table)} {many} ({names}): a table seats 3 or 4"
            )
        for player in table:
            if player not in everyone:
                raise NightError(f"{player} is not present at the night (table {number})")
            if player in seen:
                raise NightError(f"{player} is seated twice (again at table {number})")
            seen.add(player)
    for player in present:
        if player not in seen:
            raise NightError(f"{player} is present but not seated")
    return checked
