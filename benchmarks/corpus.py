"""A fixed, seeded corpus of hands for the benchmarks: mostly structured near misses.

Hands are built from random melds (groups, runs including high-1 runs, pairs,
waves, single-colour and low/high stretches), then 0-2 tiles become jokers and
0-2 tiles are swapped for random ones, always within R3 (two copies, two
jokers). A share of plainly random dealt hands is mixed in.

>>> hands = near_miss_hands(5, size=15, seed=1)
>>> [len(h) for h in hands]
[15, 15, 15, 15, 15]
>>> near_miss_hands(3, size=14, seed=7) == near_miss_hands(3, size=14, seed=7)
True
"""

from __future__ import annotations

import random
from collections import Counter

from intlscore.engine.tiles import JOKER, Tile, tile_index

BAG = [Tile(i) for i in range(52)] * 2 + [JOKER, JOKER]


def _fits(hand: list[Tile], more: list[Tile]) -> bool:
    counts = Counter(hand)
    counts.update(more)
    return all(count <= 2 for count in counts.values())


def _meld(rng: random.Random, style: str) -> list[Tile]:
    colour = rng.randrange(4)
    if style == "group":
        number = rng.randint(1, 13)
        colours = rng.sample(range(4), rng.choice((3, 4)))
        return [Tile(tile_index(c, number)) for c in colours]
    if style == "pair":
        tile = Tile(rng.randrange(52))
        return [tile, tile]
    if style == "low":
        start, length = rng.randint(1, 4), rng.randint(3, 5)
    elif style == "high":
        start, length = rng.randint(9, 11), rng.randint(3, 14 - 9)
    else:
        length = rng.randint(3, 6)
        start = rng.randint(1, 15 - length)
    positions = [p for p in range(start, start + length) if p <= 14]
    return [Tile(tile_index(colour, (p - 1) % 13 + 1)) for p in positions]


def _structured(rng: random.Random, size: int) -> list[Tile]:
    styles = rng.choice(
        (
            ["group", "run"],
            ["run"],
            ["group"],
            ["pair"],
            ["low", "group"],
            ["high", "group"],
            ["low"],
            ["high"],
        )
    )
    hand: list[Tile] = []
    for _ in range(60):
        if len(hand) >= size:
            break
        meld = _meld(rng, rng.choice(styles))
        room = size - len(hand)
        meld = meld[:room]
        if _fits(hand, meld):
            hand += meld
    while len(hand) < size:
        tile = rng.choice(BAG)
        if _fits(hand, [tile]):
            hand.append(tile)
    return hand


def _perturb(rng: random.Random, hand: list[Tile]) -> list[Tile]:
    hand = list(hand)
    for _ in range(rng.choice((0, 0, 1, 1, 2))):
        spot = rng.randrange(len(hand))
        if _fits([t for i, t in enumerate(hand) if i != spot], [JOKER]):
            hand[spot] = JOKER
    for _ in range(rng.choice((0, 1, 1, 2))):
        spot = rng.randrange(len(hand))
        tile = rng.choice(BAG)
        rest = [t for i, t in enumerate(hand) if i != spot]
        if _fits(rest, [tile]):
            hand[spot] = tile
    rng.shuffle(hand)
    return hand


def near_miss_hands(
    count: int, *, size: int, seed: int, random_share: float = 0.1
) -> list[list[Tile]]:
    """``count`` hands of ``size`` tiles; ``random_share`` of them plainly dealt at random."""
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        if rng.random() < random_share:
            hands.append(rng.sample(BAG, size))
        else:
            hands.append(_perturb(rng, _structured(rng, size)))
    return hands


def dealt_hands(count: int, *, seed: int) -> list[list[Tile]]:
    """``count`` random 14-tile hands, as dealt from a shuffled set."""
    rng = random.Random(seed)
    return [rng.sample(BAG, 14) for _ in range(count)]
