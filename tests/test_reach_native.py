"""The compiled set search against the pure-Python one it was ported from (R20).

``intlscore._native`` (``native/setsearch.c``) is a line-for-line port of
``setsearch/keep_most.py``; when it is built, every set-based type (structures sets,
groups, runs) is answered by it. It must give exactly what the Python search
gives: the same most kept tiles, the same outs and the same keep, for every
set-based type of the shipped table and for house shapes that use the rest of
the vocabulary (exact colours, distinct run colours, allowed set counts, totals,
at least N tiles of one number), with seen tiles and a trump lowering the
copies (R3).

The test suite is meant to run with the extension built (``pip install .``
builds it); ``INTLSCORE_PURE_PYTHON=1`` runs everything on the Python searches,
and then the comparisons here are skipped with that reason.
"""

from __future__ import annotations

import sys
from random import Random

import pytest
from builds import pure_python
from hypothesis import HealthCheck, given, note, settings
from strategies import hands_seen_trump

from intlscore.engine import build, native
from intlscore.engine.notation import parse_tiles
from intlscore.engine.python_build import PYTHON
from intlscore.engine.reach import reachability
from intlscore.engine.setsearch.keep_most import closest_sets
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.spec import TypeSpec, type_spec
from intlscore.engine.tiles import COPIES, Tile
from intlscore.rules.hand_table import SET_STRUCTURES
from intlscore.rules.ruleset import default_table

TABLE = default_table()
SET_TYPES = tuple(t for t in TABLE.types if t.structure in SET_STRUCTURES)
PURE = native.pure_python_asked()

needs_native = pytest.mark.skipif(
    PURE, reason=f"{native.PURE_PYTHON_VARIABLE} is set: the pure-Python searches are in use"
)


def house_shapes() -> list[TypeSpec]:
    """Shapes no shipped type has, built from the same vocabulary (a house table's rows)."""
    basic = type_spec(TABLE.by_number(1))
    runs = type_spec(TABLE.by_number(13))
    return [
        basic._replace(colours=2),
        basic._replace(sets_mask=1 << 3, max_sets=3),
        basic._replace(max_total=60, colours=3),
        basic._replace(distinct_colours=1),
        runs._replace(sets_mask=1 << 2, max_sets=2, distinct_colours=0),
        runs._replace(max_total=45, sets_mask=0, max_sets=4, distinct_colours=0),
    ]


SAME_NUMBER_SHAPES = (
    type_spec(TABLE.by_number(1))._replace(same_number=6),
    type_spec(TABLE.by_number(4))._replace(same_number=8),
)
"""House shapes asking for N tiles of one number: one search per number, so the
Python reference is only run on hands near them (far hands take it minutes)."""


SHAPES = tuple(dict.fromkeys([type_spec(t) for t in SET_TYPES] + house_shapes()))


def same_answer(shape: TypeSpec, pool: Pool, label: str) -> None:
    expected = closest_sets(shape, pool)
    got = build.current().closest_sets(shape, pool)  # the compiled build (needs_native)
    assert (got.kept, got.outs, got.keep) == (expected.kept, expected.outs, expected.keep), (
        f"{label}: native kept {got.kept} outs {got.outs:#x} keep {got.keep:#x}; "
        f"python kept {expected.kept} outs {expected.outs:#x} keep {expected.keep:#x}"
    )


def test_the_extension_is_built_unless_pure_python_was_asked_for() -> None:
    # The benchmark figures in the README are the compiled search's; an install that
    # silently fell back to Python would be 100 times slower on far hands.
    if PURE:
        assert build.current().name == "pure Python"
        return
    assert build.current().name == "compiled", (
        "intlscore._native is not importable: reinstall with `pip install .` on a machine "
        f"with a C compiler, or set {native.PURE_PYTHON_VARIABLE}=1 to test the Python path "
        f"(python: {sys.executable})"
    )


@pytest.mark.slow
@needs_native
@pytest.mark.parametrize(
    "hand",
    [
        "k1-4 r5 b5 o5 k9-12 r13 b13 o1",  # Basic one tile away (R4, R5)
        "r1-13 r1",  # the 1 low and high in one colour (R5)
        "k12 k13 k1-3 r1-3 b1-3 o1-3",  # 13-1-2 is no run (R5)
        "k5 r5 b5 k7 r7 b7 k9 r9 b9 o9 k11 r11 b11 o11",  # groups (R4)
        "k1 k1 r1 r1 b1 o1 k2 r2 b2 o2 k3 r3 b3 *",  # low totals, a joker (R8)
        "k10-13 r10-13 b11-13 o11 o12 o13",  # major (R9)
        "k2 r7 b13 o4 k9 r3 b6 o11 k12 r1 b8 o2 k6 r10",  # a far hand
    ],
)
def test_hand_worked_racks_every_set_shape(hand: str) -> None:
    pool = Pool.build(parse_tiles(hand), (), None)
    for shape in SHAPES:
        same_answer(shape, pool, f"{hand} / {shape}")


@needs_native
@pytest.mark.parametrize(
    "hand",
    [
        "k5 r5 b5 o5 k5 r5 b5 k1-3 r8-11",  # seven 5s: fits both (R4, R5)
        "k5 r5 b5 o5 k5 r5 k9 k1-3 r8-11",  # six 5s, k9 loose
        "k7 r7 b7 o7 k7 r7 b7 o7 k2 r2 b2 k11 r11 b11",  # all eight 7s
        "k7 r7 b7 o7 k7 r7 b7 k2 r2 b2 k11 r11 b11 o3",  # one 7 short of eight
    ],
)
def test_same_number_house_shapes(hand: str) -> None:
    pool = Pool.build(parse_tiles(hand), (), None)
    for shape in SAME_NUMBER_SHAPES:
        same_answer(shape, pool, f"{hand} / same_number {shape.same_number}")


@pytest.mark.slow
@needs_native
@settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(hands_seen_trump(max_blocked=24))
def test_native_equals_python_on_generated_hands(
    drawn: tuple[list[Tile], list[Tile], Tile | None],
) -> None:
    hand, seen, trump = drawn
    pool = Pool.build(hand, seen, trump)
    example = " ".join(map(str, sorted(hand))) + " | " + " ".join(map(str, sorted(seen)))
    note(example)
    # The Python search takes up to seconds on far hands: four shapes per example,
    # picked by the example's own text so they spread evenly and replay.
    for shape in Random(example).sample(SHAPES, 4):
        same_answer(shape, pool, f"{example} / {shape}")


@pytest.mark.slow
@needs_native
def test_reachability_is_the_same_without_the_extension() -> None:
    # The fallback (the pure-Python set search, every set-based type) gives the
    # same distances, outs, reasons and keeps: of equally close completed hands,
    # every search shows the keep best.prefers (the lowest tiles).
    rng = Random(7)
    deck = [Tile(i) for i in range(52) for _ in range(COPIES)]
    hands = [rng.sample(deck, 14) for _ in range(3)]
    hands.append(parse_tiles("k1-4 r3-7 b8-10 o2 o3"))
    compiled = [reachability(hand) for hand in hands]
    for hand, fast in zip(hands, compiled, strict=True):
        with pure_python():
            slow = reachability(hand)
        for a, b in zip(fast.types, slow.types, strict=True):
            label = f"{' '.join(map(str, hand))} / type {a.number}"
            assert (a.distance, a.outs, a.reason) == (b.distance, b.outs, b.reason), label
            assert a.keep == b.keep, label


def test_a_missing_extension_is_told_once_on_stderr(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv(native.PURE_PYTHON_VARIABLE, raising=False)
    monkeypatch.setattr(build, "_current", PYTHON)
    monkeypatch.setattr(build, "_told", False)
    build.tell_if_missing()
    build.tell_if_missing()
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and "pure-Python search" in lines[0], lines


def test_nothing_is_told_when_python_was_asked_for(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(native.PURE_PYTHON_VARIABLE, "1")
    monkeypatch.setattr(build, "_current", PYTHON)
    monkeypatch.setattr(build, "_told", False)
    build.tell_if_missing()
    assert capsys.readouterr().err == ""
