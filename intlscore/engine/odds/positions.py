"""A position of the play search (R23) and the moves between positions.

A position is a :class:`~intlscore.engine.setsearch.pool.Pool`: the tiles held and what
can still be drawn. A draw adds a tile to the hand (:func:`drawn`), a discard puts one out
of play for good (:func:`thrown`, R3). Its value is :data:`Scaled`.

>>> from intlscore.engine.setsearch.pool import Pool
>>> from intlscore.engine.tiles import Tile
>>> pool = Pool.build([Tile("k1")], [], None)
>>> [str(Tile(kind)) for kind in kinds_held(drawn(pool, Tile("r5").index))]
['k1', 'r5']
>>> sum(unseen_counts(thrown(pool, Tile("k1").index)))  # the 106 tiles less the k1 thrown
105
"""

from __future__ import annotations

from intlscore.engine.setsearch.pool import NUMBERED, Pool
from intlscore.engine.tiles import JOKER_INDEX

KINDS = NUMBERED + 1
"""The 52 numbered tiles and the joker (index 52)."""

Scaled = tuple[int, int, tuple[tuple[int, int], ...]]
"""A position's value scaled by the falling factorial of its unseen count over the draws
left, so it is a whole number: (score, wins, ((type number, wins ending in it), ...))."""


def allowed(limit: int | None, draw: int) -> bool:
    """Whether a type with R21's draw ``limit`` can be won on draw number ``draw``."""
    return limit is None or draw <= max(limit, 1)


def better(old: tuple[int, int], score: int, number: int) -> tuple[int, int]:
    """The better of a kind's best win so far and a new one (the later type on a tie)."""
    if score and score >= old[0]:
        return (score, number)
    return old


def unseen_counts(pool: Pool) -> list[int]:
    """Copies still drawable, per kind (52 numbered tiles, then the joker)."""
    counts = [
        cap - held if cap > held else 0 for cap, held in zip(pool.cap, pool.hand, strict=True)
    ]
    return [*counts, pool.unseen_jokers]  # as Pool.unseen, per kind, and the jokers


def drawn(pool: Pool, kind: int) -> Pool:
    """The pool after drawing one tile of ``kind`` into the hand."""
    if kind == JOKER_INDEX:
        return pool._replace(jokers=pool.jokers + 1)
    hand = list(pool.hand)
    hand[kind] += 1
    return pool._replace(hand=tuple(hand))


def thrown(pool: Pool, kind: int) -> Pool:
    """The pool after discarding one tile of ``kind``: out of play for good (R3)."""
    if kind == JOKER_INDEX:
        return pool._replace(jokers=pool.jokers - 1, seen_jokers=pool.seen_jokers + 1)
    hand = list(pool.hand)
    seen = list(pool.seen)
    cap = list(pool.cap)
    hand[kind] -= 1
    seen[kind] += 1
    cap[kind] = max(0, cap[kind] - 1)
    return pool._replace(hand=tuple(hand), seen=tuple(seen), cap=tuple(cap))


def thrown_back(pool: Pool, kind: int) -> Pool:
    """The pool before drawing a numbered tile of ``kind`` (:func:`drawn` undone)."""
    hand = list(pool.hand)
    hand[kind] -= 1
    return pool._replace(hand=tuple(hand))


def kinds_held(pool: Pool) -> list[int]:
    """The distinct kinds in the hand, in index order (the joker last)."""
    kinds = [index for index, count in enumerate(pool.hand) if count]
    return [*kinds, JOKER_INDEX] if pool.jokers else kinds
