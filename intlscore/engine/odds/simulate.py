"""The odds of a dealt hand, by simulation: how often each type is dealt, and within k draws.

Each simulated deal shuffles the 106 tiles (R1): the first 14 are a hand of a
player who did not start, the first 15 the starting player's. A type is *dealt*
when the hand already holds it (R20 distance 0; the blitz types count, R21),
and *within k draws* when the 14-tile hand and the next k tiles of the shuffle
hold it (R22), Little blitz only within the one first-turn draw, Grand blitz
only as dealt (R21).

The work is cut into chunks of :data:`CHUNK` deals, each with its own seed
derived from the run's seed and the chunk's number, and the counts are summed:
the same seed gives the same table whatever runs the chunks (one process, a
process pool, or a Dask cluster through its ``concurrent.futures`` executor).

>>> counts = run_chunk(seed=1, index=0, size=3, ks=(1, 3))
>>> counts.hands, len(counts.dealt14) == len(counts.within[0])
(3, True)
>>> run_chunk(1, 0, 3, (1, 3)) == counts
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from intlscore.engine.matcher import context_allows
from intlscore.engine.odds.firsts import Firsts
from intlscore.engine.reach.blitz import draws_allowed
from intlscore.engine.score_result import Context
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.tiles import JOKER, Tile
from intlscore.rules.hand_table import HAND_SIZE, HandType
from intlscore.rules.ruleset import default_table

SIMULATE_FORMAT = "simulate/1"
CHUNK = 200
"""Deals per chunk: the unit of work and of seeding."""
DEFAULT_KS = (1, 3, 6)
DECK = tuple([Tile(i) for i in range(52) for _ in range(2)] + [JOKER, JOKER])
Progress = Callable[[int, int], None]

_NOT_STARTING = Context(first_turn=True, original_hand=True, starting_player=False)
_STARTING = Context(first_turn=True, original_hand=True, starting_player=True)


@dataclass(frozen=True)
class Counts:
    """Summed counts of one chunk or of a whole run (per type, in table order)."""

    hands: int
    ks: tuple[int, ...]
    dealt14: tuple[int, ...]
    dealt15: tuple[int, ...]
    within: tuple[tuple[int, ...], ...]
    """Per k (in ``ks`` order), per type."""
    any_dealt14: int = 0
    any_dealt15: int = 0
    any_within: tuple[int, ...] = field(default=())
    seed: int = 0

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``intlscore simulate --json`` (counts, then the seed's run)."""
        types = []
        for t, hand_type in enumerate(default_table()):
            types.append(
                {
                    "number": hand_type.number,
                    "name": hand_type.name,
                    "dealt14": self.dealt14[t],
                    "dealt15": self.dealt15[t],
                    "within": {str(k): self.within[j][t] for j, k in enumerate(self.ks)},
                }
            )
        return {
            "format": SIMULATE_FORMAT,
            "hands": self.hands,
            "seed": self.seed,
            "ks": list(self.ks),
            "types": types,
            "any": {
                "dealt14": self.any_dealt14,
                "dealt15": self.any_dealt15,
                "within": {str(k): self.any_within[j] for j, k in enumerate(self.ks)},
            },
        }

    def __add__(self, other: Counts) -> Counts:
        def add(a: Sequence[int], b: Sequence[int]) -> tuple[int, ...]:
            return tuple(x + y for x, y in zip(a, b, strict=True))

        return Counts(
            self.hands + other.hands,
            self.ks,
            add(self.dealt14, other.dealt14),
            add(self.dealt15, other.dealt15),
            tuple(add(a, b) for a, b in zip(self.within, other.within, strict=True)),
            self.any_dealt14 + other.any_dealt14,
            self.any_dealt15 + other.any_dealt15,
            add(self.any_within, other.any_within),
            self.seed,
        )


def chunk_seed(seed: int, index: int) -> str:
    """The seed of one chunk: a function of the run's seed and the chunk's number only."""
    return f"intlscore-simulate:{seed}:{index}"


def run_chunk(seed: int, index: int, size: int, ks: tuple[int, ...]) -> Counts:
    """Deal ``size`` hands with the chunk's own seed and count what they hold."""
    table = default_table()
    types = list(table)
    rng = random.Random(chunk_seed(seed, index))
    deck = list(DECK)
    most = max(ks)
    width = HAND_SIZE + max(most, 1)  # the hand, the draws, and the starting player's 15th
    rows = []
    for _ in range(size):
        rng.shuffle(deck)
        rows.append(tuple(_index(tile) for tile in deck[:width]))
    firsts = Firsts(table, rows)
    dealt14 = [0] * len(types)
    dealt15 = [0] * len(types)
    within = [[0] * len(types) for _ in ks]
    first_any: list[int | None] = [None] * size
    held_any15 = [False] * size
    for t, hand_type in enumerate(types):
        first, held15 = _firsts(firsts, hand_type, most)
        for row in range(size):
            if held15[row]:
                dealt15[t] += 1
                held_any15[row] = True
            drawn = first[row]
            if drawn is None:
                continue
            dealt14[t] += drawn == 0
            for j, k in enumerate(ks):
                within[j][t] += drawn <= k
            best = first_any[row]
            first_any[row] = drawn if best is None else min(best, drawn)
    any_within = [sum(1 for f in first_any if f is not None and f <= k) for k in ks]
    return Counts(
        size,
        ks,
        tuple(dealt14),
        tuple(dealt15),
        tuple(tuple(row) for row in within),
        sum(1 for f in first_any if f == 0),
        sum(held_any15),
        tuple(any_within),
        seed,
    )


def _index(tile: Tile) -> int:
    return 52 if tile.is_joker else tile.index


_EMPTY = Pool.build((), (), None)
"""Nothing in hand: each row of the chunk is the deal itself (hand, draws, 15th tile)."""


def _firsts(firsts: Firsts, hand_type: HandType, most: int) -> tuple[list[int | None], list[bool]]:
    """Per deal: the fewest draws after which the 14-tile hand holds the type (0: as
    dealt; None: not within ``most``, or not for a player who did not start, R21), and
    whether the starting player's 15 tiles hold it (R20, R21)."""
    size = len(firsts.draws)
    first: list[int | None] = [None] * size
    limit = -1
    if context_allows(hand_type, _NOT_STARTING):
        allowed = draws_allowed(hand_type, _NOT_STARTING, HAND_SIZE)
        limit = most if allowed is None else min(most, allowed)
        found = firsts.of(hand_type, _EMPTY, HAND_SIZE, HAND_SIZE + limit)
        first = [None if k is None else k - HAND_SIZE for k in found.first]
    if not context_allows(hand_type, _STARTING):
        return first, [False] * size
    if limit >= 1:  # a 15-tile pool is the hand and the first draw
        return first, [k is not None and k <= 1 for k in first]
    found15 = firsts.of(hand_type, _EMPTY, HAND_SIZE + 1, HAND_SIZE + 1)
    return first, [kept is not None for kept in found15.kept]


def chunk_sizes(hands: int, chunk: int = CHUNK) -> list[int]:
    """Deals per chunk: full chunks and a last, smaller one.

    >>> chunk_sizes(450)
    [200, 200, 50]
    """
    full, rest = divmod(hands, chunk)
    return [chunk] * full + ([rest] if rest else [])


def simulate(
    hands: int,
    *,
    seed: int = 0,
    workers: int = 1,
    ks: Iterable[int] = DEFAULT_KS,
    executor: Executor | None = None,
    progress: Progress | None = None,
    chunk: int = CHUNK,
) -> Counts:
    """Deal ``hands`` random hands and count what they hold (see the module's docstring).

    ``executor`` (for example a Dask ``Client.get_executor()``) runs the chunks;
    without one, ``workers`` > 1 uses a process pool and 1 runs here.
    """
    steps = tuple(sorted(set(ks)))
    sizes = chunk_sizes(hands, chunk)
    total = _empty(steps, seed)
    if executor is None and workers <= 1:
        for index, size in enumerate(sizes):
            total = total + run_chunk(seed, index, size, steps)
            if progress is not None:
                progress(total.hands, hands)
        return total
    own = executor is None
    pool = executor if executor is not None else ProcessPoolExecutor(max_workers=workers)
    try:
        futures = [
            pool.submit(run_chunk, seed, index, size, steps) for index, size in enumerate(sizes)
        ]
        for future in futures:
            total = total + future.result()
            if progress is not None:
                progress(total.hands, hands)
    finally:
        if own:
            pool.shutdown(cancel_futures=True)
    return total


def _empty(ks: tuple[int, ...], seed: int) -> Counts:
    n = len(default_table())
    zeros = (0,) * n
    return Counts(0, ks, zeros, zeros, tuple(zeros for _ in ks), 0, 0, (0,) * len(ks), seed)
