"""A brute-force reference for the play odds (R23), for the tests only.

It enumerates every draw sequence, copy by copy, and every discard, tile by tile (two
copies of a tile are two discards): no pruning, no merging of symmetric positions, and no
part of the play search. A win is judged by the scorer (``score_hand`` on the 14 tiles and
the drawn one, R10-R13), with the seen and the discarded tiles as known (R3). Values are
exact fractions. On a tie in expected score the policy takes the likelier win, then a win
now, as :mod:`intlscore.engine.odds.play` does, so the chances compare exactly too.

To keep the enumeration small, the tests give a *reduced tile world*: every tile that is
neither in the rack nor among a few unseen ones is seen (:func:`world`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from fractions import Fraction

from intlscore.engine.notation import parse_tiles
from intlscore.engine.scoring import score_hand
from intlscore.engine.tiles import JOKER, Tile, tile_index

Value = tuple[Fraction, Fraction]
"""(expected final score, chance of a closed win)."""


def full_set() -> list[Tile]:
    """The 106 tiles (R1)."""
    tiles = [Tile(tile_index(c, n)) for c in range(4) for n in range(1, 14) for _ in range(2)]
    return [*tiles, JOKER, JOKER]


def world(rack: str, unseen: str) -> list[Tile]:
    """The seen tiles that leave exactly ``unseen`` to draw beside ``rack``."""
    left = full_set()
    for tile in [*parse_tiles(rack), *parse_tiles(unseen)]:
        left.remove(tile)
    return left


@functools.cache
def _final_score(fifteen: tuple[Tile, ...], known: tuple[Tile, ...]) -> int:
    """The best final score of 15 tiles (R13); 0 when no 14 of them fit a type."""
    return score_hand(list(fifteen), known=list(known)).score


def play_value(
    hand: Sequence[Tile], unseen: Sequence[Tile], known: Sequence[Tile], draws: int
) -> Value:
    """The optimum over policies within ``draws`` draws, by full enumeration."""
    if draws == 0 or not unseen:
        return (Fraction(0), Fraction(0))
    total_score = Fraction(0)
    total_win = Fraction(0)
    for position, tile in enumerate(unseen):
        fifteen = [*hand, tile]
        rest = [*unseen[:position], *unseen[position + 1 :]]
        best = (Fraction(0), Fraction(0), 0)
        win = _final_score(tuple(sorted(fifteen)), tuple(sorted(known)))
        if win:
            best = (Fraction(win), Fraction(1), 1)
        for index, discard in enumerate(fifteen):
            kept = [*fifteen[:index], *fifteen[index + 1 :]]
            expected, chance = play_value(kept, rest, [*known, discard], draws - 1)
            best = max(best, (expected, chance, 0))
        total_score += best[0]
        total_win += best[1]
    return (total_score / len(unseen), total_win / len(unseen))


def first_moves(
    hand: Sequence[Tile], unseen: Sequence[Tile], known: Sequence[Tile], draws: int
) -> dict[Tile | None, Value]:
    """For 15 tiles: the value of each discard (and of a win now, under None)."""
    moves: dict[Tile | None, Value] = {}
    win = _final_score(tuple(sorted(hand)), tuple(sorted(known)))
    if win:
        moves[None] = (Fraction(win), Fraction(1))
    for index, discard in enumerate(hand):
        kept = [*hand[:index], *hand[index + 1 :]]
        moves[discard] = play_value(kept, unseen, [*known, discard], draws)
    return moves


def hold_value(
    hand: Sequence[Tile], unseen: Sequence[Tile], known: Sequence[Tile], draws: int
) -> Value:
    """The policy "keep these 14 tiles; win at the first drawn tile (not a joker) that
    completes them; throw every other drawn tile back", by full enumeration."""
    if draws == 0 or not unseen:
        return (Fraction(0), Fraction(0))
    total_score = Fraction(0)
    total_win = Fraction(0)
    for position, tile in enumerate(unseen):
        win = (
            0 if tile.is_joker else _final_score(tuple(sorted([*hand, tile])), tuple(sorted(known)))
        )
        if win:
            total_score += win
            total_win += 1
            continue
        rest = [*unseen[:position], *unseen[position + 1 :]]
        expected, chance = hold_value(hand, rest, [*known, tile], draws - 1)
        total_score += expected
        total_win += chance
    return (total_score / len(unseen), total_win / len(unseen))


def keep_everything_value(
    hand: Sequence[Tile], unseen: Sequence[Tile], known: Sequence[Tile]
) -> Fraction:
    """R22's expected score within two draws, by its definition: over every pair of
    unseen copies, the best final score of 14 of the 16 tiles and one more as the
    discard (R13), 0 where none fits."""
    total = Fraction(0)
    pairs = 0
    for first in range(len(unseen)):
        for second in range(first + 1, len(unseen)):
            pool = [*hand, unseen[first], unseen[second]]
            best = 0
            for out in range(len(pool)):
                rest = tuple(sorted([*pool[:out], *pool[out + 1 :]]))
                best = max(best, _final_score(rest, tuple(sorted([*known, pool[out]]))))
            total += best
            pairs += 1
    return total / pairs
