"""The 40 closed-hand types, one hand-worked hand (or more) each (R4-R13).

Every expected value below was worked out by hand from RULES.md, never by running the
engine; the comment above each hand gives the reasoning (the melds, what each joker
stands for, totals). Scores are the table's, column = jokers among the 14 melded tiles.

The same cases also check the brute-force :mod:`reference` used by the properties.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pytest
from reference import best_discard_score, best_type, fitting_types

from intlscore.engine.notation import parse_tile, parse_tiles
from intlscore.engine.score_result import Context, ScoreResult
from intlscore.engine.scoring import score_hand, types_fitting
from intlscore.engine.tiles import Tile

if TYPE_CHECKING:
    from _pytest.mark.structures import ParameterSet


@dataclass(frozen=True)
class Case:
    """A hand and what RULES.md says about it."""

    hand: str
    best: int | None
    """The type that counts (R11), or None when nothing fits."""
    score: int
    """The final score (R10-R12)."""
    must: frozenset[int] = frozenset()
    """Types that must be among the matches."""
    must_not: frozenset[int] = frozenset()
    """Types that must not be among the matches."""
    exact: bool = False
    """The matches are exactly ``must`` (plus ``best``)."""
    discard: str | None = None
    context: Context = field(default_factory=Context)


def case(
    case_id: str,
    hand: str,
    best: int | None,
    score: int,
    must: tuple[int, ...] = (),
    must_not: tuple[int, ...] = (),
    *,
    exact: bool = False,
    discard: str | None = None,
    first_turn: bool = False,
    original_hand: bool = False,
    starting_player: bool = False,
) -> ParameterSet:
    """A readable ``pytest.param`` for one hand-worked case."""
    musts = frozenset(must) | (frozenset() if best is None else {best})
    return pytest.param(
        Case(
            hand=hand,
            best=best,
            score=score,
            must=musts,
            must_not=frozenset(must_not),
            exact=exact,
            discard=discard,
            context=Context(first_turn, original_hand, starting_player),
        ),
        id=case_id,
    )


def run(c: Case) -> ScoreResult:
    return score_hand(
        c.hand,
        discard=None if c.discard is None else parse_tile(c.discard),
        first_turn=c.context.first_turn,
        original_hand=c.context.original_hand,
        starting_player=c.context.starting_player,
    )


def check(c: Case, result: ScoreResult) -> None:
    numbers = {m.number for m in result.matches}
    assert (None if result.best is None else result.best.number) == c.best
    assert result.score == c.score
    assert c.must <= numbers, f"missing {sorted(c.must - numbers)}"
    assert not c.must_not & numbers, f"unexpected {sorted(c.must_not & numbers)}"
    if c.exact:
        assert numbers == c.must


def check_reference(c: Case) -> None:
    tiles = parse_tiles(c.hand)
    discard = None if c.discard is None else parse_tile(c.discard)
    numbers = fitting_types(tiles, discard=discard, context=c.context)
    assert c.must <= numbers, f"missing {sorted(c.must - numbers)}"
    assert not c.must_not & numbers, f"unexpected {sorted(c.must_not & numbers)}"
    if c.exact:
        assert numbers == c.must
    expected = None if c.best is None else (c.best, c.score)
    assert best_type(tiles, discard=discard, context=c.context) == expected


# A plain Basic hand, used again for jokers, doubling and the context flags:
# k1 k2 k3 run; r5 b5 o5 group; k9 r9 b9 o9 group; b10-13 run. Mixed minor and major
# tiles, so no minor/major type; r5 has no r4/r6 and k1 no other 1, so neither runs
# only nor groups only; total 103.
BASIC = "k1-3 r5 b5 o5 k9 r9 b9 o9 b10-13"
BASIC_J1 = "k1 k2 * r5 b5 o5 k9 r9 b9 o9 b10-13"
BASIC_J2 = "k1 * * r5 b5 o5 k9 r9 b9 o9 b10-13"

NO_JOKER = [
    case("01-basic", BASIC, 1, 500, must_not=(2, 6, 11, 13, 19, 25, 39, 40), exact=True),
    # k1-3 (6) | r4 b4 o4 (12) | k7 r7 b7 o7 (28) | o5-8 (26): minor, total 72 > 51.
    # r4 (no r3/r5) forces a group, k1 (no other 1) a run.
    case("02-hand-minor", "k1-3 r4 b4 o4 k7 r7 b7 o7 o5-8", 2, 800, (1,), (3, 5, 7, 14, 20)),
    # k1 r1 b1 o1 (4) | k2 r2 b2 (6) | k3-6 (18) | r4-6 (15): minor, total 43 (42-51).
    # o1 has no o2: a group; k3 has no other 3: a run; so mixed.
    case(
        "03-hand-minor-51",
        "k1 r1 b1 o1 k2 r2 b2 k3-6 r4-6",
        3,
        1000,
        (1, 2),
        (4, 5, 6, 7, 9, 14),
    ),
    # Groups 1111 (4) 2222 (8) 333 (9) k10 r10 b10 (30): total 51, not <= 41, a 10 so
    # not minor. o1/o2 have no o3: no runs-only split.
    case(
        "04-minor-51-groups",
        "k1 r1 b1 o1 k2 r2 b2 o2 k3 r3 b3 k10 r10 b10",
        4,
        1600,
        (1, 25),
        (2, 5, 6, 7, 9, 26, 35),
    ),
    # Runs k1-4 (10) r1-4 (10) b2-4 (9) o4-6 (15): total 44, four colours. Only two
    # 1s: no groups-only split. 5 (1600) beats 3 and 14 (1000).
    case(
        "05-minor-51-runs",
        "k1-4 r1-4 b2-4 o4-6",
        5,
        1600,
        (1, 2, 3, 13, 14),
        (4, 6, 7, 8, 9, 22, 23),
    ),
    # Total 4+8+6+4+5+5+6 = 38 <= 41; o6 has no other 6 and no o5/o7: no sets; no
    # pair; four colours.
    case(
        "06-piccolo-41-odd",
        "k1 r1 b1 o1 k2 r2 b2 o2 k3 r3 k4 b5 r5 o6",
        6,
        800,
        must_not=(7, 9, 35, 36),
        exact=True,
    ),
    # k1 r1 b1 o1 (4) | k2 r2 b2 (6) | k3-6 (18) | r3-5 (12): total 40 <= 41, minor.
    # o1: group only; k4 r4 are the only 4s: no groups-only split.
    case(
        "07-piccolo-41-sets",
        "k1 r1 b1 o1 k2 r2 b2 k3-6 r3-5",
        7,
        1400,
        (1, 2, 3, 6),
        (4, 5, 8, 9, 26),
    ),
    # Runs k1-5 (15) r1-3 b1-3 o1-3 (18): total 33. k5 is the only 5: no groups-only.
    # R11: 5 and 8 are both 1600, 8 is the later row.
    case(
        "08-piccolo-41-runs-R11-tie-with-5",
        "k1-5 r1-3 b1-3 o1-3",
        8,
        1600,
        (1, 2, 3, 5, 6, 7, 13, 14),
        (4, 9, 22, 23),
    ),
    # Groups 1111 2222 333 (k r b) 444 (k r b): total 33. Runs only fails on o1 o2.
    # R11: 4 and 9 are both 1600, 9 is the later row.
    case(
        "09-piccolo-41-groups-R11-tie-with-4",
        "k1 r1 b1 o1 k2 r2 b2 o2 k3 r3 b3 k4 r4 b4",
        9,
        1600,
        (1, 2, 3, 4, 6, 7, 25, 26),
        (5, 8),
    ),
    # All tiles 10-13 or 1. b11 can only join k11 r11 (group), b12 only k12 r12; then
    # k10 r10 are the only 10s and k11 is gone: no sets. No pairs, four colours.
    case(
        "10-grand-odd",
        "k10-1 r10-1 b11 b12 o13 o1",
        10,
        700,
        must_not=(11, 37),
        exact=True,
    ),
    # k10 r10 b10 o10 | k11 r11 b11 | o11-1 (o11 o12 o13 o1) | k12 k13 k1: all major.
    # r10 has no r12: group; k12 o12 are the only 12s: runs too, so mixed.
    case(
        "11-grand-sets",
        "k10 r10 b10 o10 k11 r11 b11 o11-1 k12 k13 k1",
        11,
        1400,
        (1, 10),
        (15, 18, 21, 27),
    ),
    # All eight 5s; k1 (no other 1, no k2) breaks every set split; four pairs only.
    case(
        "12-grand-square",
        "k5 k5 r5 r5 b5 b5 o5 o5 k1 r9 b13 o11 k12 r3",
        12,
        1600,
        must_not=(35,),
        exact=True,
    ),
    # Runs k1-3 r5-8 b9-12 o11-13, four colours, neither minor nor major.
    case("13-four-colours", "k1-3 r5-8 b9-12 o11-13", 13, 900, (1,), (2, 11, 14, 15, 16)),
    # Runs k1-3 (6) r4-7 (22) b5-8 (26) o7-9 (24): minor, total 78.
    case("14-four-colours-minor", "k1-3 r4-7 b5-8 o7-9", 14, 1000, (1, 2, 13), (3, 5, 17, 20)),
    # 15 can never count: a Four-colours-major hand is also in sets and major, so 11
    # Grand sets (1400/1200/1000) always beats it (1000/900/800). Runs k10-12 r11-13
    # b10-13 o11-1; only k10 b10 are 10s, so no groups-only split.
    case(
        "15-four-colours-major-loses-to-11",
        "k10-12 r11-13 b10-13 o11-1",
        11,
        1400,
        (1, 10, 13, 15),
        (18, 21, 27),
    ),
    # Runs k1-5 r6-10 b9-12: three colours, neither minor nor major.
    case("16-three-colours", "k1-5 r6-10 b9-12", 16, 700, (1,), (13, 17, 19)),
    # Runs k1-5 (15) r3-7 (25) b5-8 (26): minor, total 66.
    case("17-three-colours-minor", "k1-5 r3-7 b5-8", 17, 900, (1, 2, 16), (3, 14, 20)),
    # 18 never counts either: 11 (1400) beats 18 (900). Runs k10-1 r10-1 b11-1.
    case(
        "18-three-colours-major-loses-to-11",
        "k10-1 r10-1 b11-1",
        11,
        1400,
        (1, 10, 16, 18),
        (15, 21, 27),
    ),
    # Runs k1-7 r6-12: two colours, not minor (r10-12), not major.
    case("19-two-colours", "k1-7 r6-12", 19, 1000, (1,), (16, 20, 23, 33)),
    # Runs k2-8 r3-9: two colours, minor, total 77.
    case("20-two-colours-minor", "k2-8 r3-9", 20, 1400, (1, 2, 19), (3, 17, 33)),
    # Runs k10-1 r10-1 k11-1: two colours, major. R11: 11 and 21 are both 1400, 21 later.
    case(
        "21-two-colours-major-R11-tie-with-11",
        "k10-1 r10-1 k11-1",
        21,
        1400,
        (1, 10, 11, 19),
        (23, 37),
    ),
    # All black; both k3 lack k2/k4: no runs split; pairs 1 3 5 9 only.
    case(
        "22-single-colour-odd",
        "k1 k1 k3 k3 k5 k5 k6 k7 k9 k9 k10-13",
        22,
        1600,
        must_not=(23, 35, 38),
        exact=True,
    ),
    # Runs k2-8 and k5-11, all black; not 1..13,1 and not seven pairs.
    case("23-single-colour-runs", "k2-8 k5-11", 23, 2000, (1, 22), (24, 31, 35, 38)),
    # k1..k13 k1; also k1-7 + k8-1 as two runs (1, 23) and one colour (22).
    case("24-royal", "k1-1", 24, 2400, (1, 22, 23), (28,), exact=True),
    # Groups 5555 6666 777 (k r b) 12 12 12 (k r b); o5 o6 have no o7: no runs split.
    case(
        "25-sticks",
        "k5 r5 b5 o5 k6 r6 b6 o6 k7 r7 b7 k12 r12 b12",
        25,
        1000,
        (1,),
        (4, 13, 26, 27),
    ),
    # Groups 5555 6666 777 999: minor, total 92 > 51.
    case(
        "26-sticks-minor",
        "k5 r5 b5 o5 k6 r6 b6 o6 k7 r7 b7 k9 r9 b9",
        26,
        1400,
        (1, 2, 25),
        (3, 4, 9),
    ),
    # Groups 10x4 11x4 12 12 12 1 1 1: major; o10 o11 have no o12: no runs split.
    # R11: 11 and 27 are both 1400, 27 later.
    case(
        "27-sticks-major-R11-tie-with-11",
        "k10 r10 b10 o10 k11 r11 b11 o11 k12 r12 b12 k1 r1 b1",
        27,
        1400,
        (1, 10, 11, 25),
        (15, 21),
    ),
    # 1..13,1 alternating black/red, low 1 black and high 1 red: neighbours always
    # differ (k13-r1 too). No two same-colour consecutive numbers: no runs, no groups.
    case(
        "28-mosaic",
        "k1 r2 k3 r4 k5 r6 k7 r8 k9 r10 k11 r12 k13 r1",
        28,
        1000,
        must_not=(1, 24),
        exact=True,
    ),
    # k1 r2 b3 o4 k5 r6 b7 and r1 b2 o3 k4 r5 b6 o7; two tiles per number and no
    # same-colour neighbours: no sets. Total 56.
    case(
        "29-little-wave",
        "k1 r2 b3 o4 k5 r6 b7 r1 b2 o3 k4 r5 b6 o7",
        29,
        1200,
        must_not=(31, 33),
        exact=True,
    ),
    # k8 r9 b10 o11 k12 r13 b1 and r8 b9 o10 k11 r12 b13 o1; no sets (b13 b1 lack b12).
    case(
        "30-big-wave",
        "k8 r9 b10 o11 k12 r13 b1 r8 b9 o10 k11 r12 b13 o1",
        30,
        1200,
        must_not=(32, 34),
        exact=True,
    ),
    # k1-7 twice: also seven pairs single colour (2200), total 56.
    case(
        "31-little-wave-single-colour",
        "k1-7 k1-7",
        31,
        2600,
        (1, 2, 22, 23, 35, 36, 38),
        (3, 29, 33),
    ),
    # k8-1 twice (k8..k13 k1): not major (8, 9).
    case(
        "32-big-wave-single-colour",
        "k8-1 k8-1",
        32,
        2600,
        (1, 22, 23, 35, 38),
        (11, 30, 34, 37),
    ),
    # k1-7 r1-7: also alternating k1 r2 k3 ... / r1 k2 r3 ... (29 Little wave).
    case(
        "33-little-wave-two-colours",
        "k1-7 r1-7",
        33,
        2200,
        (1, 2, 19, 20, 29),
        (3, 5, 31),
    ),
    case("34-big-wave-two-colours", "k8-1 r8-1", 34, 2200, (1, 19, 30), (21, 32)),
    # Seven pairs, four colours, 1 to 13; o10 (no o9/o11, no other 10) stops sets.
    case(
        "35-seven-pairs",
        "k1 k1 r5 r5 b9 b9 o10 o10 k13 k13 r2 r2 b7 b7",
        35,
        1700,
        exact=True,
    ),
    # Pairs 1-6 and 9, total 60 > 41; each number in one colour: no sets.
    case(
        "36-seven-pairs-minor",
        "k1 k1 r2 r2 b3 b3 o4 o4 k5 k5 r6 r6 b9 b9",
        36,
        2000,
        (35,),
        (6, 38),
        exact=True,
    ),
    # Pairs k10 r11 b12 o13 k1 r1 b10: major; 10s and 1s in two colours: no groups.
    case(
        "37-seven-pairs-major",
        "k10 k10 r11 r11 b12 b12 o13 o13 k1 k1 r1 r1 b10 b10",
        37,
        2000,
        (10, 35),
        (11,),
        exact=True,
    ),
    # Odd black pairs: no runs; also Single colour odd.
    case(
        "38-seven-pairs-single-colour",
        "k1 k1 k3 k3 k5 k5 k7 k7 k9 k9 k11 k11 k13 k13",
        38,
        2200,
        (22, 35),
        exact=True,
    ),
    case("39-little-blitz", BASIC, 39, 1600, (1,), (40,), exact=True, first_turn=True),
    case("40-grand-blitz", BASIC, 40, 2000, (1,), (39,), exact=True, original_hand=True),
]


JOKERS = [
    # k1 k2 *(k3); nothing better is reachable with one joker (b10-13, r5 b5 o5 stay).
    case("01-basic-1j", BASIC_J1, 1, 400, must_not=(2, 13, 25), exact=True),
    # k1 *(k2) *(k3), or a group k1 * *; still Basic only.
    case("01-basic-2j", BASIC_J2, 1, 300, must_not=(2, 13, 25), exact=True),
    # k10 r10 *(b10): 1111 2222 333 + 10s = 51; real tiles alone already total 41, so
    # Piccolo (<= 41) is out.
    case(
        "04-minor-51-groups-1j",
        "k1 r1 b1 o1 k2 r2 b2 o2 k3 r3 b3 k10 r10 *",
        4,
        1400,
        (1, 25),
        (6, 9),
        exact=True,
    ),
    # Groups-only needs k10 *(r10) *(b10): 51; but as any tiles the jokers can be the
    # second k1 and r1: 31 + 2 = 33 <= 41 (6, 600 in this column).
    case(
        "04-minor-51-groups-2j",
        "k1 r1 b1 o1 k2 r2 b2 o2 k3 r3 b3 k10 * *",
        4,
        1200,
        (1, 6, 25),
        (9, 26),
        exact=True,
    ),
    # r1 r2 *(r3): runs total 33; the only 5 is k5, so no groups-only split (k5 + joker
    # is only two tiles).
    case(
        "08-piccolo-41-runs-1j",
        "k1-5 r1 r2 * b1-3 o1-3",
        8,
        1400,
        (1, 2, 3, 5, 6, 7, 13, 14),
        (4, 9),
    ),
    # r1 r2 *(r3), o1 o2 *(o3); groups-only would need k5 * * and leave k4 alone.
    case(
        "08-piccolo-41-runs-2j",
        "k1-5 r1 r2 * b1-3 o1 o2 *",
        8,
        1200,
        (1, 2, 3, 5, 6, 7, 13, 14),
        (4, 9),
    ),
    # The joker is the second o5 (R3: one o5 in the hand).
    case(
        "12-grand-square-1j",
        "k5 k5 r5 r5 b5 b5 o5 * k1 r9 b13 o11 k12 r3",
        12,
        1400,
        exact=True,
    ),
    # Both jokers are o5 (no o5 in the hand).
    case(
        "12-grand-square-2j",
        "k5 k5 r5 r5 b5 b5 * * k1 r9 b13 o11 k12 r3",
        12,
        1200,
        exact=True,
    ),
    case("13-four-colours-1j", "k1 k2 * r5-8 b9-12 o11-13", 13, 800, (1,), (14, 15, 16)),
    case("13-four-colours-2j", "k1 * * r5-8 b9-12 o11-13", 13, 700, (1,), (14, 15, 16)),
    # r3 *(r4) r5-9 beside k2-8.
    case("20-two-colours-minor-1j", "k2-8 r3 * r5-9", 20, 1200, (1, 2, 19), (33,)),
    # k2 *(k3) k4-8 and r3 *(r4) r5-9.
    case("20-two-colours-minor-2j", "k2 * k4-8 r3 * r5-9", 20, 1000, (1, 2, 19), (33,)),
    # Joker is a black tile; both k3 need k2 or k4, one joker cannot serve both.
    case(
        "22-single-colour-odd-1j",
        "k1 k1 k3 k3 k5 k5 k6 k7 k9 k9 k10 k11 k12 *",
        22,
        1400,
        must_not=(23, 35, 38),
        exact=True,
    ),
    # Jokers k2/k2, k4/k4 or k2/k4 each leave a k1 or a k5 stranded: still no runs.
    case(
        "22-single-colour-odd-2j",
        "k1 k1 k3 k3 k5 k5 k6 k7 k9 k9 k10 k11 * *",
        22,
        1200,
        must_not=(23, 35, 38),
        exact=True,
    ),
    case("23-single-colour-runs-1j", "k2-8 k5 * k7-11", 23, 1800, (1, 22), (24,)),
    case("23-single-colour-runs-2j", "k2 * k4-8 k5 * k7-11", 23, 1600, (1, 22), (24,)),
    # *(k7) in 1..13,1.
    case("24-royal-1j", "k1-6 * k8-1", 24, 2200, (1, 22, 23), exact=True),
    # *(k3) and *(k13).
    case("24-royal-2j", "k1 k2 * k4-12 * k1", 24, 2000, (1, 22, 23), exact=True),
    # k12 r12 *(b12).
    case(
        "25-sticks-1j",
        "k5 r5 b5 o5 k6 r6 b6 o6 k7 r7 b7 k12 r12 *",
        25,
        900,
        (1,),
        (13, 26),
    ),
    # k12 *(r12) *(b12); runs only would need o7 and two more for k12.
    case(
        "25-sticks-2j",
        "k5 r5 b5 o5 k6 r6 b6 o6 k7 r7 b7 k12 * *",
        25,
        800,
        (1,),
        (13, 26),
    ),
    # The joker is a 7 that is not red (k7, b7 or o7).
    case(
        "28-mosaic-1j",
        "k1 r2 k3 r4 k5 r6 * r8 k9 r10 k11 r12 k13 r1",
        28,
        900,
        must_not=(1,),
        exact=True,
    ),
    # Jokers: low 1 not red (before r2), high 1 not black (after k13). Sets would need
    # three jokers for k3/k5, k7/k9, k11/k13.
    case(
        "28-mosaic-2j",
        "* r2 k3 r4 k5 r6 k7 r8 k9 r10 k11 r12 k13 *",
        28,
        800,
        must_not=(1,),
        exact=True,
    ),
    # *(k7, r7 or o7) after b6.
    case(
        "29-little-wave-1j",
        "k1 r2 b3 o4 k5 r6 b7 r1 b2 o3 k4 r5 b6 *",
        29,
        1000,
        must_not=(1, 31, 33),
        exact=True,
    ),
    case(
        "29-little-wave-2j",
        "* r2 b3 o4 k5 r6 b7 r1 b2 o3 k4 r5 b6 *",
        29,
        900,
        must_not=(1, 31, 33),
        exact=True,
    ),
    case(
        "31-little-wave-single-colour-1j",
        "k1 k1 k2 k2 k3 k3 k4 k4 k5 k5 k6 k6 k7 *",
        31,
        2400,
        (23, 35, 36, 38),
        (33,),
    ),
    case(
        "31-little-wave-single-colour-2j",
        "k1 k1 k2 k2 k3 k3 k4 * k5 k5 k6 k6 k7 *",
        31,
        2200,
        (23, 35, 36, 38),
        (33,),
    ),
    case("33-little-wave-two-colours-1j", "k1-7 r1-3 * r5-7", 33, 2000, (19, 20, 29), (31,)),
    case("33-little-wave-two-colours-2j", "k1-7 r1 * r3 * r5-7", 33, 1800, (19, 20, 29), (31,)),
    # b9 *(b9).
    case(
        "36-seven-pairs-minor-1j",
        "k1 k1 r2 r2 b3 b3 o4 o4 k5 k5 r6 r6 b9 *",
        36,
        1800,
        (35,),
        exact=True,
    ),
    # r6 *(r6), b9 *(b9).
    case(
        "36-seven-pairs-minor-2j",
        "k1 k1 r2 r2 b3 b3 o4 o4 k5 k5 r6 * b9 *",
        36,
        1600,
        (35,),
        exact=True,
    ),
    case(
        "38-seven-pairs-single-colour-1j",
        "k1 k1 k3 k3 k5 k5 k7 k7 k9 k9 k11 k11 k13 *",
        38,
        2000,
        (22, 35),
        exact=True,
    ),
    # R6: joker + joker is a pair (of any black tile not in the hand, e.g. k13 k13).
    case(
        "38-seven-pairs-single-colour-2j-joker-pair-R6",
        "k1 k1 k3 k3 k5 k5 k7 k7 k9 k9 k11 k11 * *",
        38,
        1800,
        (22, 35),
        exact=True,
    ),
    case("39-little-blitz-1j", BASIC_J1, 39, 1400, (1,), (40,), first_turn=True),
    case("40-grand-blitz-2j", BASIC_J2, 40, 1600, (1,), (39,), original_hand=True),
]


RULINGS = [
    # R5: k12 k13 k1 is a run (the 1 high); nothing else can hold k1.
    case("R5-12-13-1-run", "k12 k13 k1 r5 b5 o5 k9 r9 b9 o9 b10-13", 1, 500, exact=True),
    # R5: the joker can only be k13 (12-13-1); a 12s group would strand b13.
    case("R5-12-joker-1-run", "k12 * k1 r5 b5 o5 k9 r9 b9 o9 b10-13", 1, 400, exact=True),
    # R5: 13-1-2 is not a run, and k1 has no other 1 for a group: nothing fits.
    case("R5-13-1-2-rejected", "k13 k1 k2 r5 b5 o5 k9 r9 b9 o9 b10-13", None, 0, exact=True),
    # R5: the joker as k1 would make 13-1-2; as r13/o13 it groups k13 b13 but then k2
    # is alone: nothing fits.
    case("R5-13-joker-2-rejected", "k13 * k2 r5 b5 o5 k9 r9 b9 o9 b10-13", None, 0, exact=True),
    # R11 with context: 23 and 40 are both 2000, 40 is the later row.
    case("R11-tie-40-beats-23", "k2-8 k5-11", 40, 2000, (1, 22, 23), (39,), original_hand=True),
    # R12: the discard is a joker: 500 x 2; the column stays 0 jokers.
    case("R12-joker-discard-basic", BASIC, 1, 1000, exact=True, discard="*"),
    # R12: one joker melded, the other discarded: 400 x 2.
    case("R12-joker-discard-1j", BASIC_J1, 1, 800, exact=True, discard="*"),
    case("R12-numbered-discard-no-doubling", BASIC, 1, 500, exact=True, discard="r13"),
    # R12 with the context: 39 at 1600 x 2.
    case("R12-doubles-blitz", BASIC, 39, 3200, (1,), discard="*", first_turn=True),
    # R3: the joker would have to be the second o5, but the discard is an o5 (with the
    # o5 in the hand, both copies are used): no Grand square, and nothing else fits.
    case(
        "R3-joker-cannot-be-a-third-o5",
        "k5 k5 r5 r5 b5 b5 o5 * k1 r9 b13 o11 k12 r3",
        None,
        0,
        (),
        (12,),
        exact=True,
        discard="o5",
    ),
    # R3: the joker would have to pair b7, but the discard is the other b7.
    case(
        "R3-joker-cannot-pair-a-discarded-tile",
        "k1 k1 r5 r5 b9 b9 o10 o10 k13 k13 r2 r2 b7 *",
        None,
        0,
        (),
        (35,),
        exact=True,
        discard="b7",
    ),
    case(
        "R3-same-pairs-without-that-discard",
        "k1 k1 r5 r5 b9 b9 o10 o10 k13 k13 r2 r2 b7 *",
        35,
        1500,
        exact=True,
    ),
]


# Hands with two copies of a tile in different melds: each was mis-scored by an early
# engine (a decomposition that left tiles out, or missed sets), worked out by hand here.
DUPLICATES = [
    # Groups k1 r1 b1 twice, k2 r2 b2 o2 twice: total 22, minor, groups only (1 2 3 4 6
    # 7 9 25 26); eight 2s (12); pairs k1 r1 b1 k2 r2 b2 o2 (35, 36 minor = 2000 best).
    # No 3s: no runs at all.
    case(
        "dup-two-identical-groups",
        "k1 r1 b1 k1 r1 b1 k2 r2 b2 o2 k2 r2 b2 o2",
        36,
        2000,
        (1, 2, 3, 4, 6, 7, 9, 12, 25, 26, 35),
        exact=True,
    ),
    # k1 r1 b1 | b1 *(r1) *(o1) | 2222 | 3333: groups only, total 26 (9 ties 4, R11).
    # Runs only would need two jokers for the second b1 (b2 b3) and one for o2 o3.
    case(
        "dup-b1-twice-2j",
        "* * b1 k1 r1 b1 k2 r2 b2 o2 k3 r3 b3 o3",
        9,
        1200,
        (1, 2, 3, 4, 6, 7, 25, 26),
        (5, 8, 13, 14),
        exact=True,
    ),
    # k1 k2 k3 | k12 k13 k1 | k6 k7 *(k8) k9 k10 | k11 o11 *(r11): Basic only (o11 is
    # the only orange tile, and runs only would strand k6 k7).
    case(
        "dup-k1-low-and-high-2j",
        "k10 k7 o11 k11 k9 k1 k3 k13 k12 k1 * k2 k6 *",
        1,
        300,
        (),
        (19, 22, 23),
    ),
    # Two r1 need two jokers (only one r2 and one r3, or a 12-13-1 / group of two jokers),
    # k5 and r8 need one more each: no sets; 4 pairs only; total > 41.
    case(
        "dup-r1-twice-no-sets",
        "r5 k5 r8 r1 r4 * * r5 r3 r4 r6 r6 r2 r1",
        None,
        0,
        exact=True,
        discard="o2",
    ),
]


CONTEXTS = [
    # (first_turn, original_hand, starting_player) on the Basic hand (R10, 39/40).
    case("ctx-none", BASIC, 1, 500, (), (39, 40)),
    case("ctx-first-turn", BASIC, 39, 1600, (1,), (40,), first_turn=True),
    case("ctx-original-hand", BASIC, 40, 2000, (1,), (39,), original_hand=True),
    case(
        "ctx-original-hand-starting-player-excludes-40",
        BASIC,
        1,
        500,
        (),
        (39, 40),
        original_hand=True,
        starting_player=True,
    ),
    case(
        "ctx-first-turn-and-original-hand",
        BASIC,
        40,
        2000,
        (1, 39),
        first_turn=True,
        original_hand=True,
    ),
    case(
        "ctx-all-three-starting-player-keeps-39",
        BASIC,
        39,
        1600,
        (1,),
        (40,),
        first_turn=True,
        original_hand=True,
        starting_player=True,
    ),
    case("ctx-starting-player-alone", BASIC, 1, 500, (), (39, 40), starting_player=True),
    # 39/40 need sets: a Piccolo odd hand or seven pairs never get them.
    case(
        "ctx-no-sets-no-blitz",
        "k1 r1 b1 o1 k2 r2 b2 o2 k3 r3 k4 b5 r5 o6",
        6,
        800,
        (),
        (39, 40),
        first_turn=True,
        original_hand=True,
    ),
    case(
        "ctx-seven-pairs-no-blitz",
        "k1 k1 r5 r5 b9 b9 o10 o10 k13 k13 r2 r2 b7 b7",
        35,
        1700,
        (),
        (39, 40),
        first_turn=True,
        original_hand=True,
    ),
    # Royal is in sets too, so 39 and 40 fit, but 2400 wins.
    case(
        "ctx-royal-outranks-blitz",
        "k1-1",
        24,
        2400,
        (39, 40),
        first_turn=True,
        original_hand=True,
    ),
]


ALL_CASES = NO_JOKER + JOKERS + RULINGS + DUPLICATES + CONTEXTS


def test_every_type_has_a_hand_worked_case() -> None:
    covered: set[int] = set()
    for param in NO_JOKER:
        (c,) = param.values
        assert isinstance(c, Case)
        covered |= c.must
    assert covered >= set(range(1, 41))


def test_ten_types_have_one_and_two_joker_cases() -> None:
    by_jokers: dict[int, set[int]] = {1: set(), 2: set()}
    for param in JOKERS:
        (c,) = param.values
        assert isinstance(c, Case) and c.best is not None
        by_jokers[parse_tiles(c.hand).count(parse_tile("*"))].add(c.best)
    assert len(by_jokers[1] & by_jokers[2]) >= 10


@pytest.mark.parametrize("c", ALL_CASES)
def test_score_hand(c: Case) -> None:
    result = run(c)
    check(c, result)
    hand = parse_tiles(c.hand)
    assert result.jokers == hand.count(parse_tile("*"))
    assert result.doubled == (c.discard == "*")
    if result.best is not None:
        assert result.best.score == result.best.base * (2 if result.doubled else 1)


@pytest.mark.parametrize("c", ALL_CASES)
def test_reference_agrees_with_hand_worked_case(c: Case) -> None:
    check_reference(c)


# --- R13: best discard of 15 tiles ------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "discard", "best", "score", "doubled"),
    [
        # k1..k13 k1 plus a second k5: dropping k5 leaves Royal (2400); dropping a k1
        # leaves k1-5 + k5-13, Single colour runs (2000).
        pytest.param("k1-1 k5", "k5", 24, 2400, False, id="R13-no-joker-royal"),
        # Keeping the joker: Royal with one joker (2200). Discarding it leaves r5 alone
        # (nothing fits), so the joker stays.
        pytest.param("k1-6 * k8-1 r5", "r5", 24, 2200, False, id="R13-joker-kept"),
        # Discarding the joker: Royal without joker, doubled (R12): 4800 > 2200.
        pytest.param("k1-1 *", "*", 24, 4800, True, id="R13-R12-joker-discard-best"),
        # Discarding the joker: eight 5s without joker, doubled: 3200 > 1400 (keep it).
        pytest.param(
            "k5 k5 r5 r5 b5 b5 o5 o5 * k1 r9 b13 o11 k12 r3",
            "*",
            12,
            3200,
            True,
            id="R13-R12-grand-square-joker-discard",
        ),
        # k1 has no partner (no k2, no other 1 but r1): it must go; k5-7 twice and r1-8
        # are Two colours minor (1400).
        pytest.param(
            "k1 k5 k6 k7 k5 k6 k7 r1 r2 r3 r4 r5 r6 r7 r8",
            "k1",
            20,
            1400,
            False,
            id="R13-duplicate-runs",
        ),
        # Every numbered tile is here twice, so the joker can pair nothing (R3); only
        # the joker discard leaves seven pairs: 1700 x 2.
        pytest.param(
            "k1 k1 r5 r5 b9 b9 o10 o10 k13 k13 r2 r2 b7 b7 *",
            "*",
            35,
            3400,
            True,
            id="R13-R3-all-copies-in-15-tiles",
        ),
    ],
)
def test_best_discard(hand: str, discard: str, best: int, score: int, doubled: bool) -> None:
    result = score_hand(hand)
    assert result.discard == parse_tile(discard)
    assert result.best is not None and result.best.number == best
    assert result.score == score
    assert result.doubled == doubled
    assert sorted(result.tiles) == sorted(_without(parse_tiles(hand), discard))
    assert best_discard_score(parse_tiles(hand))[0] == score


def _without(tiles: list[Tile], discard: str) -> list[Tile]:
    rest = list(tiles)
    rest.remove(parse_tile(discard))
    return rest


@pytest.mark.parametrize(
    ("hand", "discard", "best", "score"),
    [
        # The other discards of the R13 hands, scored one by one.
        pytest.param("k1-13 k5", "k1", 23, 2000, id="R13-royal-hand-dropping-k1"),
        pytest.param("k1-6 k8-1 r5", "*", None, 0, id="R13-joker-discard-leaves-nothing"),
        pytest.param(
            "k1-6 * k8-1",
            "r5",
            24,
            2200,
            id="R13-joker-kept-scored-directly",
        ),
        # R3 inside the 15: the second b7 is discarded, the joker cannot be b7.
        pytest.param(
            "k1 k1 r5 r5 b9 b9 o10 o10 k13 k13 r2 r2 b7 *",
            "b7",
            None,
            0,
            id="R3-15-tiles-discard-b7",
        ),
    ],
)
def test_other_discards(hand: str, discard: str, best: int | None, score: int) -> None:
    result = score_hand(hand, discard=parse_tile(discard))
    assert (None if result.best is None else result.best.number) == best
    assert result.score == score


def test_types_fitting_unions_over_discards() -> None:
    # Dropping k5 gives 1 22 23 24, dropping a k1 gives 1 22 23, any other tile
    # leaves a black hand that cannot be split into runs (22).
    assert set(types_fitting(parse_tiles("k1-1 k5"))) == {1, 22, 23, 24}


def test_types_fitting_counts_known_tiles_for_jokers() -> None:
    # R3: with the second o5 known elsewhere (e.g. the trump), the joker cannot be o5.
    hand = parse_tiles("k5 k5 r5 r5 b5 b5 o5 * k1 r9 b13 o11 k12 r3")
    assert set(types_fitting(hand)) == {12}
    assert set(types_fitting(hand, known=parse_tiles("o5"))) == set()
    assert set(types_fitting(hand, known=parse_tiles("k9"))) == {12}


def test_types_fitting_keys_are_type_numbers_with_matches() -> None:
    fitting = types_fitting(parse_tiles("k1-7 r1-7"))
    assert {1, 2, 19, 20, 29, 33} <= set(fitting)
    assert all(match.number == number for number, match in fitting.items())


# --- R7: what each joker stands for ------------------------------------------------------


def _options(*choices: str) -> frozenset[tuple[str, ...]]:
    """Acceptable stand-for lists: each choice is one joker's alternatives ("k7|b7")."""
    return frozenset(
        tuple(sorted(combo)) for combo in itertools.product(*(c.split("|") for c in choices))
    )


@pytest.mark.parametrize(
    ("hand", "number", "allowed"),
    [
        # The only gap in k1..k13 k1 is k7.
        pytest.param("k1-6 * k8-1", 24, _options("k7"), id="R7-royal-k7"),
        # Eight 5s: the joker is the missing o5 (R3 allows it: one o5 in the hand).
        pytest.param(
            "k5 k5 r5 r5 b5 b5 o5 * k1 r9 b13 o11 k12 r3", 12, _options("o5"), id="R7-square-o5"
        ),
        pytest.param(
            "k5 k5 r5 r5 b5 b5 * * k1 r9 b13 o11 k12 r3",
            12,
            _options("o5", "o5"),
            id="R7-square-o5-o5",
        ),
        # 12-13-1: the joker is k13 (R5).
        pytest.param(
            "k12 * k1 r5 b5 o5 k9 r9 b9 o9 b10-13", 1, _options("k13"), id="R7-R5-high-run-k13"
        ),
        # Completes the 10s group: b10 or o10 (total 51, R8).
        pytest.param(
            "k1 r1 b1 o1 k2 r2 b2 o2 k3 r3 b3 k10 r10 *",
            4,
            _options("b10|o10"),
            id="R7-groups-b10-or-o10",
        ),
        # Mosaic: a 7 between r6 and r8, so not red.
        pytest.param(
            "k1 r2 k3 r4 k5 r6 * r8 k9 r10 k11 r12 k13 r1",
            28,
            _options("k7|b7|o7"),
            id="R7-mosaic-7-not-red",
        ),
        # Mosaic: low 1 before r2 is not red, high 1 after k13 is not black.
        pytest.param(
            "* r2 k3 r4 k5 r6 k7 r8 k9 r10 k11 r12 k13 *",
            28,
            _options("k1|b1|o1", "r1|b1|o1"),
            id="R7-mosaic-two-ones",
        ),
        # Little wave: a 7 after b6, so not blue.
        pytest.param(
            "k1 r2 b3 o4 k5 r6 b7 r1 b2 o3 k4 r5 b6 *",
            29,
            _options("k7|r7|o7"),
            id="R7-wave-7-not-blue",
        ),
        pytest.param("k1-7 r1-3 * r5-7", 33, _options("r4"), id="R7-wave-two-colours-r4"),
        pytest.param(
            "k1 k1 r2 r2 b3 b3 o4 o4 k5 k5 r6 r6 b9 *", 36, _options("b9"), id="R7-pairs-b9"
        ),
        # R6: joker + joker is a pair of one black tile the hand does not hold.
        pytest.param(
            "k1 k1 k3 k3 k5 k5 k7 k7 k9 k9 k11 k11 * *",
            38,
            frozenset((f"k{n}", f"k{n}") for n in (2, 4, 6, 8, 10, 12, 13)),
            id="R7-R6-joker-pair",
        ),
    ],
)
def test_joker_stands_for(hand: str, number: int, allowed: frozenset[tuple[str, ...]]) -> None:
    matches = {m.number: m for m in score_hand(hand).matches}
    assert number in matches
    stands_for = tuple(
        sorted(str(t) for meld in matches[number].melds for t in meld.jokers_stand_for())
    )
    assert stands_for in allowed


def test_jokers_keep_a_low_total() -> None:
    # Piccolo 41 odd (6) with two jokers: the real tiles total 31, so the jokers stand
    # for tiles adding up to at most 10 (R7, R8), and R3 still holds.
    hand = "k1 r1 b1 o1 k2 r2 b2 o2 k3 r3 b3 k10 * *"
    match = {m.number: m for m in score_hand(hand).matches}[6]
    jokers = [t for meld in match.melds for t in meld.jokers_stand_for()]
    assert len(jokers) == 2 and sum(t.number for t in jokers) <= 10
    represented = [p.represented for meld in match.melds for p in meld.tiles]
    assert max(represented.count(t) for t in represented) <= 2
