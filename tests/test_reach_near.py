"""The near part of the reach answer (the default ``intlscore reach`` view), found quickly.

:func:`near_reach` searches the set-based types only down to a floor of kept tiles
(R20) and never computes far types; it must give exactly what the full search
gives for every type it shows, and the same counts of the others, so the default
view is the same, line for line (issue 11 "Quicker").
"""

from __future__ import annotations

import io
from pathlib import Path
from random import Random
from typing import Any

import pytest
from builds import pure_python
from house_rules import HOUSE as HOUSE_41
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from strategies import hands_seen_trump

from intlscore.engine import build, native
from intlscore.engine.notation import parse_tiles
from intlscore.engine.odds.holds import PoolCheck
from intlscore.engine.reach import anytiles, reachability, solve
from intlscore.engine.reach.near import NearReach, near_of
from intlscore.engine.reach.near_search import near_reach
from intlscore.engine.reach.sequences import closest_sequences
from intlscore.engine.setsearch.best import Best
from intlscore.engine.setsearch.keep_most import closest_sets
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.spec import SEQUENCE, type_spec
from intlscore.engine.tiles import COPIES, Tile
from intlscore.faces.cli import main
from intlscore.faces.render.output import make_console, print_views
from intlscore.faces.render.reach_view import FEW_DRAWS, reach_view
from intlscore.rules.hand_table import SET_STRUCTURES
from intlscore.rules.ruleset import Rules, default_table, load_rules

TABLE = default_table()
PURE = native.pure_python_asked()
needs_native = pytest.mark.skipif(
    PURE, reason=f"{native.PURE_PYTHON_VARIABLE} is set: the pure-Python searches are in use"
)

HOUSE = (
    HOUSE_41
    + """\
[[type]]
number = 42
name = "Six of a number"
scores = [900, 800, 700]
description = "Sets with six tiles of one number"
structure = "sets"
same_number = 6
[[type]]
number = 43
name = "Runs 30"
scores = [3000, 2000, 1000]
description = "Three runs adding up to 30 or less: three runs of 14 tiles add up to 40 or more"
structure = "runs"
sets = [3]
max_total = 30
"""
)
"""The house of docs/rules-files.md (41), a type searched once per number (42) and one
never formed (43)."""

# (hand, seen, trump, context flags): near and far hands, jokers, 15 tiles, seen
# tiles and trumps that block types, the blitz contexts (R20, R21).
CORPUS: list[tuple[str, str, str | None, tuple[bool, bool, bool]]] = [
    ("r1-4 r6-13 r1 k5", "", None, (False, False, False)),  # one draw from Royal
    ("r1-4 r6-13 r1 k5", "r5", "k9", (True, False, False)),
    ("r1-4 r6-13 r1 k5", "r5 r5", None, (False, False, False)),  # Royal in red blocked
    ("k2 r7 b13 o4 k9 r3 b6 o11 k12 r1 b8 o2 k6 r10", "", None, (False, False, False)),
    ("k2 r7 b13 o4 k9 r3 b6 o11 k12 r1 b8 o2 k6 r10", "k5 r5 b5 o5", "o7", (False, True, False)),
    ("k1-4 r5 b5 o5 k9-12 r13 b13 o1", "", None, (True, True, False)),  # Basic one away
    ("k1 k3 k5 k7 k9 k11 k13 r2 r4 r6 r8 r10 r12 b7", "", None, (False, False, False)),
    ("k5 r5 b5 k7 r7 b7 k9 r9 b9 o9 k11 r11 b11 o11", "", None, (True, True, False)),  # formed
    ("k5 r5 b5 k7 r7 b7 k9 r9 b9 o9 k11 r11 b11 o11 k1", "", None, (True, False, True)),
    ("r1-7 r1-6 * *", "", None, (False, False, False)),  # two jokers
    ("r1-7 r1-6 r9 *", "", "*", (True, False, False)),  # a joker trump
    ("k1 k1 r2 r2 b3 b3 o4 o4 k5 k5 r6 b7 o8 k9", "o9 o9", None, (False, False, False)),
    ("k1-4 r3-6 b2-4 o6-8", "", None, (False, False, False)),  # a house Minor 61 runs
    ("k5 r5 b5 o5 k5 r5 b5 k1-3 r8-11", "", None, (False, False, False)),  # seven 5s
    ("k7 r7 b7 o7 k7 r7 b7 k2 r2 b2 k11 r11 b11 o3", "o7", None, (False, False, False)),
    ("k1-13 k1", "o1-13 o1-13 b1-13", None, (False, False, False)),  # most types blocked
    ("k1-13 k1", "o1-13 o1-13 b1-13 b1-13 r1-13 r1-13", None, (False, False, False)),
]


@pytest.fixture(scope="module")
def house(tmp_path_factory: pytest.TempPathFactory) -> Rules:
    path: Path = tmp_path_factory.mktemp("house") / "house.toml"
    path.write_text(HOUSE, encoding="utf-8")
    return load_rules(path)


def _question(case: tuple[str, str, str | None, tuple[bool, bool, bool]]) -> dict[str, Any]:
    hand, seen, trump, (first_turn, original_hand, starting_player) = case
    return {
        "tiles": hand,
        "seen": seen,
        "trump": trump,
        "first_turn": first_turn,
        "original_hand": original_hand,
        "starting_player": starting_player,
    }


def _rendered(view: Any, width: int) -> str:
    out = io.StringIO()
    console = make_console(out)
    console.width = width
    print_views(view, console=console)
    return out.getvalue()


HOUSE_CASES = [(case, False) for case in CORPUS] + [
    (CORPUS[i], True) for i in (1, 5, 9, 10, 12, 13, 14)
]
"""Every case with the shipped rules; the near ones under the house too (type 42 is
searched once per number, which takes seconds on far hands)."""


@pytest.mark.slow
@pytest.mark.parametrize(
    ("case", "in_house"),
    HOUSE_CASES,
    ids=[("house " if h else "") + " ".join(map(str, c[:2])) for c, h in HOUSE_CASES],
)
def test_near_reach_is_the_near_part_of_the_full_answer(
    case: tuple[str, str, str | None, tuple[bool, bool, bool]], in_house: bool, house: Rules
) -> None:
    question = _question(case) | ({"rules": house} if in_house else {})
    full = reachability(**question)
    for window in (0, 1, FEW_DRAWS, 5):
        near = near_reach(window=window, **question)
        assert near == near_of(full, window), f"window {window}"
    # The default view, from the fast answer and from the full one, at any width.
    fast = near_reach(window=FEW_DRAWS, **question)
    for width in (40, 80, 100):
        assert _rendered(reach_view(fast), width) == _rendered(reach_view(full), width)


def test_a_hand_worked_near_answer() -> None:
    # Red 1-13 but the 5, a second r1 and k5: r5 completes Royal, Single colour runs
    # and odd, and Basic (1 draw); Two colours (the black k5 needs a black run: k3 k4 or
    # k4 k6 or k6 k7 drawn) is 2 draws. Nothing else within 1 + 2 draws; 39 and 40 need
    # their context (R21).
    near = near_reach("r1-4 r6-13 r1 k5", window=2)
    assert [(e.number, e.distance) for e in near.near] == [
        (1, 1),
        (19, 2),
        (22, 1),
        (23, 1),
        (24, 1),
    ]
    assert (near.nearest, near.horizon, near.type_count) == (1, 3, 40)
    assert near.unreachable == (39, 40) and len(near.further) == 33
    royal = next(e for e in near.near if e.number == 24)
    assert [(str(out.tile), out.unseen) for out in royal.outs] == [("r5", 2), ("*", 2)]


def test_a_negative_window_is_refused() -> None:
    with pytest.raises(ValueError, match="window"):
        near_reach("r1-4 r6-13 r1 k5", window=-1)


@pytest.mark.slow
@settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    hands_seen_trump(max_blocked=30),
    st.tuples(st.booleans(), st.booleans(), st.booleans()),
    st.integers(0, 3),
)
def test_near_reach_equals_the_full_search_on_generated_hands(
    drawn: tuple[list[Tile], list[Tile], Tile | None],
    flags: tuple[bool, bool, bool],
    window: int,
) -> None:
    hand, seen, trump = drawn
    note(" ".join(map(str, sorted(hand))) + " | " + " ".join(map(str, sorted(seen))))
    question = {"tiles": hand, "seen": seen, "trump": trump}
    context = dict(zip(("first_turn", "original_hand", "starting_player"), flags, strict=True))
    full = reachability(**question, **context)
    assert near_reach(window=window, **question, **context) == near_of(full, window)


@pytest.mark.slow
def test_random_dealt_hands_give_the_same_default_view() -> None:
    rng = Random(11)
    deck = [Tile(i) for i in range(52) for _ in range(COPIES)] + parse_tiles("* *")
    for _ in range(25):
        tiles = rng.sample(deck, rng.choice((14, 15)))
        full = reachability(tiles)
        fast = near_reach(tiles, window=FEW_DRAWS)
        assert fast == near_of(full, FEW_DRAWS), " ".join(map(str, tiles))
        assert _rendered(reach_view(fast), 80) == _rendered(reach_view(full), 80)


@needs_native
def test_the_pure_build_gives_the_same_near_answer() -> None:
    """The pure-Python build prunes the set-based types too (its walk searches them in
    full and cuts the answer at the floor): the same near answer as the compiled one."""
    question = _question(CORPUS[5])
    expected = near_of(reachability(**question), FEW_DRAWS)
    assert near_reach(window=FEW_DRAWS, **question) == expected
    with pure_python():
        assert near_reach(window=FEW_DRAWS, **question) == expected


def test_the_default_view_of_the_command_is_the_full_answers(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    argv = ["reach", "k2 r7 b13 o4 k9 r3 b6 o11 k12 r1 b8 o2 k6 r10", "--seen", "k5 r5"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    full = reachability("k2 r7 b13 o4 k9 r3 b6 o11 k12 r1 b8 o2 k6 r10", seen="k5 r5")
    assert out == _rendered(reach_view(full), 80)
    assert "closest: 2 draws away" in out and "28  Mosaic" in out


# -- the floor of the set searches, compiled and Python ------------------------------------

SPECS = tuple(
    dict.fromkeys(
        [type_spec(t) for t in TABLE.types if t.structure in SET_STRUCTURES]
        + [
            type_spec(TABLE.by_number(1))._replace(same_number=6),
            type_spec(TABLE.by_number(4))._replace(same_number=8),
        ]
    )
)


@needs_native
@pytest.mark.parametrize(
    "hand",
    [
        "k1-4 r5 b5 o5 k9-12 r13 b13 o1",
        "k5 r5 b5 o5 k5 r5 b5 k1-3 r8-11",
        "k2 r7 b13 o4 k9 r3 b6 o11 k12 r1 b8 o2 k6 r10",
        "r1-7 r1-6 * *",
    ],
)
def test_a_floor_gives_the_same_answer_or_none(hand: str) -> None:
    pool = Pool.build(parse_tiles(hand), parse_tiles("k3 o11"), None)
    far = hand.startswith("k2 r7")
    for spec in SPECS:
        if far and spec.same_number:
            continue  # one search per number: seconds on a far hand
        full = build.current().closest_sets(spec, pool)
        for floor in range(max(1, full.kept - 2), min(14, full.kept + 3) + 1):
            got = build.current().closest_sets_within(spec, pool, floor)
            if full.kept >= floor:
                assert got == full, f"{spec} floor {floor}"
            else:
                assert got is None, f"{spec} floor {floor}: {got}"


@pytest.mark.parametrize("hand", ["k1-4 r5 b5 o5 k9-12 r13 b13 o1", "r1-7 r1-6 * *"])
def test_the_python_set_search_reads_a_floor_the_same_way(hand: str) -> None:
    pool = Pool.build(parse_tiles(hand), (), None)
    for number in (1, 13, 23):
        full = closest_sets(TABLE.by_number(number), pool)
        assert closest_sets(TABLE.by_number(number), pool, full.kept) == full
        assert not closest_sets(TABLE.by_number(number), pool, full.kept + 1).found


@pytest.mark.slow
@needs_native
@settings(max_examples=60, deadline=None, derandomize=True)
@given(hands_seen_trump(max_blocked=60))
def test_formable_is_whether_the_full_search_finds_a_hand(
    drawn: tuple[list[Tile], list[Tile], Tile | None],
) -> None:
    hand, seen, trump = drawn
    pool = Pool.build(hand, seen, trump)
    for hand_type in TABLE.types:
        if solve.prunable(hand_type):
            expected = solve.closest(hand_type, pool).found
            assert solve.formable(hand_type, pool) == expected, hand_type.name


@settings(max_examples=80, deadline=None, derandomize=True)
@given(hands_seen_trump(max_blocked=60), st.integers(min_value=1, max_value=14))
def test_a_floor_on_an_any_tiles_type_keeps_its_answer(
    drawn: tuple[list[Tile], list[Tile], Tile | None], floor: int
) -> None:
    """closest_within of a type of structure "any" (Piccolo, Grand odd, Grand square,
    Single colour odd) leaves out the hands below the floor and the targets that cannot
    beat the best so far: the same answer as the full search, or None below the floor."""
    hand, seen, trump = drawn
    pool = Pool.build(hand, seen, trump)
    for hand_type in TABLE.types:
        if hand_type.structure != "any":
            continue
        full = solve.closest(hand_type, pool)
        within = solve.closest_within(hand_type, pool, floor)
        if full.found and full.kept >= floor:
            assert within == full, hand_type.name
        else:
            assert within is None, hand_type.name


@pytest.mark.slow
@settings(max_examples=30, deadline=None, derandomize=True)
@given(hands_seen_trump(max_blocked=60))
def test_counted_any_tiles_types_agree_with_the_dynamic_programme(
    drawn: tuple[list[Tile], list[Tile], Tile | None],
) -> None:
    """The "any" types told by counts alone (Grand odd, Grand square, Single colour odd:
    no total, no set of colours to cover), whose targets that cannot beat the best so far
    are never built, against the general dynamic programme (``fill_dp``) offering every
    hand of every colour set and target: the same kept tiles, outs and keep; and the kept
    tiles counted without a hand (``counted_kept``, the pure build's holds-checks)."""
    hand, seen, trump = drawn
    pool = Pool.build(hand, seen, trump)
    for number in (10, 12, 22):
        hand_type = TABLE.by_number(number)
        spec = type_spec(hand_type)
        reference = Best()
        numbers = anytiles.allowed_numbers(spec)
        for colours in anytiles.colour_sets(spec):
            cells = [i for i in range(52) if i // 4 + 1 in numbers and i % 4 in colours]
            cells = [i for i in cells if pool.cap[i]]
            targets = range(1, 14) if spec.same_number else [None]
            for target in targets:
                anytiles.fill_dp(spec, pool, cells, frozenset(), target, reference)
        assert solve.closest(hand_type, pool) == reference, hand_type.name
        assert anytiles.counted_kept(spec, pool) == reference.kept, hand_type.name
    for hand_type in TABLE.types:
        if hand_type.number not in (10, 12, 22):
            assert anytiles.counted_kept(type_spec(hand_type), pool) is None, hand_type.name


@settings(max_examples=40, deadline=None, derandomize=True)
@given(hands_seen_trump(max_blocked=60), st.data())
def test_counted_tiles_with_tiles_drawn_are_those_of_the_larger_pool(
    drawn: tuple[list[Tile], list[Tile], Tile | None], data: st.DataObject
) -> None:
    """``CountedKept`` changes a pool's counts by the tiles drawn to it (the pure build's
    holds-checks of many draws to one pool, ``PoolCheck``), sharing one answer between
    tiles of a number: against the full search of the pool with those tiles, for several
    draws asked of one object, and the holds-check's answer from it."""
    hand, seen, trump = drawn
    pool = Pool.build(hand, seen, trump)
    unseen = [52] * pool.unseen_jokers
    unseen += [i for i in range(52) for _ in range(pool.cap[i] - pool.hand[i])]
    draws = data.draw(
        st.lists(st.lists(st.sampled_from(unseen), max_size=3), min_size=1, max_size=6)
    )
    check = PoolCheck(pool)
    for number in (10, 12, 22):
        hand_type = TABLE.by_number(number)
        counted = anytiles.CountedKept(type_spec(hand_type), pool)
        for tiles in draws:
            if any(tiles.count(i) > (pool.cap[i] - pool.hand[i]) for i in range(52)):
                continue  # not one draw: more copies than are left
            if tiles.count(52) > pool.unseen_jokers:
                continue
            larger = check.with_drawn(tiles)
            full = solve.closest(hand_type, larger)
            kept = full.kept if full.found else -1
            assert counted.kept(tiles) == kept, (hand_type.name, tiles)
            held = kept if kept >= 14 - larger.jokers else None
            assert check.kept(hand_type, tiles) == held, (hand_type.name, tiles)


@pytest.mark.parametrize(("hand", "kept"), [("k7 r7 b7 o7 k7 r7 k1-6 k8 k9", 12), ("k1-13 r1", 8)])
def test_grand_square_by_hand(hand: str, kept: int) -> None:
    """Grand square (eight tiles of one number, any others): six 7s held and eight
    others keep 12 (the six 7s, two more drawn, six of the others); k1-13 r1 keeps 8 (two
    1s held, six drawn, six of the others)."""
    pool = Pool.build(parse_tiles(hand), (), None)
    square = TABLE.by_number(12)
    assert solve.closest(square, pool).kept == kept
    assert solve.closest_within(square, pool, kept) == solve.closest(square, pool)
    assert solve.closest_within(square, pool, kept + 1) is None


def test_near_of_a_result_with_no_reachable_type() -> None:
    full = reachability("k1-13 k1", first_turn=False)
    empty = full._replace(types=tuple(e._replace(distance=None, reason="x") for e in full.types))
    near = near_of(empty, FEW_DRAWS)
    assert isinstance(near, NearReach)
    assert (near.near, near.further, near.nearest, near.horizon) == ((), (), None, None)
    assert len(near.unreachable) == near.type_count == 40
    assert "No type is reachable." in _rendered(reach_view(near), 80)


@pytest.mark.parametrize(
    "hand",
    [
        "r1-4 r6-13 r1 k5",
        "k2 r7 b13 o4 k9 r3 b6 o11 k12 r1 b8 o2 k6 r10",
        "k1 k1 r2 r2 b3 b3 o4 o4 k5 k5 r6 b7 o8 k9",
        "k1 r2 b3 o4 k5 r6 b7 o8 k9 r10 b11 o12 k13 r1",  # one tile of each number: a wave
    ],
)
def test_a_floor_on_a_sequence_keeps_the_distance_and_the_outs(hand: str) -> None:
    pool = Pool.build(parse_tiles(hand), parse_tiles("o13"), None)
    for hand_type in TABLE.types:
        spec = type_spec(hand_type)
        if spec.structure != SEQUENCE or solve.sequence_problem(spec):
            continue
        full = closest_sequences(spec, pool)
        for floor in range(max(1, full.kept - 2), min(14, full.kept + 2) + 1):
            pruned = closest_sequences(spec, pool, floor)
            label = f"{hand_type.name} floor {floor}"
            if full.kept >= floor:
                assert (pruned.kept, pruned.outs) == (full.kept, full.outs), label
            else:
                assert not pruned.found, label
            within = solve.closest_within(hand_type, pool, floor)
            if full.kept >= floor:
                assert within is not None and (within.kept, within.outs) == (full.kept, full.outs)
            else:
                assert within is None, label
