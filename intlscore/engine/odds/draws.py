"""The unseen tiles and the draws from them (R20, R22).

Every unseen copy is one entry of :func:`unseen_tiles` (a numbered tile index
0-51, a joker 52), so a uniformly random draw without replacement is a uniform
sample of entries. :func:`sample_draws` makes the seeded samples (the same for
every discard: common random numbers); :func:`every_sequence` lists every distinct
sequence with its weight, for odds counted exactly where the draws are few enough;
:func:`every_draw` lists every ``k``-subset (copies told apart: a slow reference).

>>> from intlscore.engine.notation import parse_tiles
>>> from intlscore.engine.setsearch.pool import Pool
>>> pool = Pool.build(parse_tiles("k1 k1 r1"), parse_tiles("r1 *"), None)
>>> tiles = unseen_tiles(pool)
>>> len(tiles), tiles.count(0), tiles.count(1), tiles.count(52)
(101, 0, 0, 1)
>>> sample_draws(tiles, 3, samples=2, seed=7) == sample_draws(tiles, 3, samples=2, seed=7)
True
>>> len(list(every_draw([5, 6, 7, 7], 2)))
6
>>> every_sequence([5, 6, 7, 7], 2)[:3]  # (5, 7) comes one way for each copy of 7
[((5, 6), 1), ((5, 7), 2), ((6, 5), 1)]
>>> sum(weight for _, weight in every_sequence([5, 6, 7, 7], 2))  # 4 x 3 ordered draws
12
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence

from intlscore.engine.setsearch.pool import NUMBERED, Pool
from intlscore.engine.tiles import JOKER_INDEX

Draw = tuple[int, ...]


def unseen_tiles(pool: Pool) -> list[int]:
    """One entry per drawable copy: numbered indices (lowest first), then jokers."""
    tiles = [index for index in range(NUMBERED) for _ in range(pool.unseen(index))]
    return tiles + [JOKER_INDEX] * pool.unseen_jokers


def sample_draws(tiles: Sequence[int], draws: int, *, samples: int, seed: int) -> list[Draw]:
    """``samples`` seeded sequences of ``draws`` tiles drawn without replacement."""
    rng = random.Random(seed)
    size = min(draws, len(tiles))
    return [tuple(rng.sample(tiles, size)) for _ in range(samples)]


def every_draw(tiles: Sequence[int], draws: int) -> Iterator[Draw]:
    """Every set of ``draws`` entries (copies told apart), each equally likely."""
    for chosen in itertools.combinations(range(len(tiles)), min(draws, len(tiles))):
        yield tuple(tiles[i] for i in chosen)


def every_sequence(
    tiles: Sequence[int], draws: int, most: int | None = None
) -> list[tuple[Draw, int]] | None:
    """Every distinct sequence of ``draws`` tiles drawn without replacement, each with its
    weight: how many ordered draws of copies give it (they sum to ``U x (U-1) x ...`` for
    ``U`` unseen entries, each of those equally likely). None where there are more than
    ``most`` sequences (the caller samples instead); the walk stops at ``most + 1``.

    >>> every_sequence([0, 0, 52], 1)
    [((0,), 2), ((52,), 1)]
    >>> every_sequence([0, 1, 2], 2, most=5) is None  # 6 ordered pairs
    True
    """
    left = Counter(tiles)
    kinds = sorted(left)
    size = min(draws, len(tiles))
    found: list[tuple[Draw, int]] = []
    sequence: list[int] = []

    def walk(weight: int) -> bool:
        """Extend ``sequence``; False once more than ``most`` sequences were found."""
        if len(sequence) == size:
            found.append((tuple(sequence), weight))
            return most is None or len(found) <= most
        for kind in kinds:
            copies = left[kind]
            if copies == 0:
                continue
            left[kind] -= 1
            sequence.append(kind)
            going = walk(weight * copies)
            sequence.pop()
            left[kind] += 1
            if not going:
                return False
        return True

    return found if walk(1) else None
