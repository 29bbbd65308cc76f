"""Who starts each deal at a table of a night (pure logic, no I/O).

The starting player is dealt 15 tiles and can never make a Grand blitz (type 40), so the
start is shared out by design. At a table the start moves one seat on each deal, so in a
round of four deals at a table of four each player starts once. Where the deals do not go
round evenly (three deals at a table of four, four at a table of three), the first seats
go to those who have started least so far this night: :func:`seat_round` orders each
table's seats that way, which keeps every player within two starts of every other over a
night (the tests check it over many nights).

>>> seats, starts = seat_table(("ann", "bob", "cat"), deals=4, started={"bob": 2})
>>> seats, starts
(('ann', 'cat', 'bob'), ('ann', 'cat', 'bob', 'ann'))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

__all__ = ["seat_round", "seat_table", "starts_of"]


def starts_of(seats: Sequence[str], deals: int) -> tuple[str, ...]:
    """The starting player of each of ``deals`` deals at a table seated ``seats``: the
    first seat, then one seat on each deal.

    >>> starts_of(("ann", "bob", "cat", "dan"), 6)
    ('ann', 'bob', 'cat', 'dan', 'ann', 'bob')
    """
    return tuple(seats[deal % len(seats)] for deal in range(deals))


def seat_table(
    players: Sequence[str], deals: int, started: Mapping[str, int]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The seat order of a table (those who have started least first, ties in the order
    given) and the starting player of each of its ``deals`` deals."""
    order = sorted(players, key=lambda player: (started.get(player, 0), players.index(player)))
    seats = tuple(order)
    return seats, starts_of(seats, deals)


def seat_round(
    tables: Sequence[Sequence[str]], deals: int, started: Mapping[str, int]
) -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]:
    """Each table of a round seated (:func:`seat_table`) after the starts of the earlier
    rounds (``started``); returns each table's seats and starts.

    >>> seat_round([("ann", "bob", "cat", "dan"), ("eve", "fay", "gus")], 4, {})[1]
    (('eve', 'fay', 'gus'), ('eve', 'fay', 'gus', 'eve'))
    """
    return tuple(seat_table(table, deals, started) for table in tables)


def count_starts(starts: Sequence[Sequence[str]]) -> Counter[str]:
    """How many deals each player starts, over tables' lists of starts."""
    counts: Counter[str] = Counter()
    for table in starts:
        counts.update(table)
    return counts
