"""The compiled and pure-Python builds give the same answers, byte for byte (issue 19).

The recorded corpus (``test_answers_corpus.py``) pins the answers of fixed racks; here
Hypothesis draws new ones (near misses of every type, up to two jokers, seen tiles often
twins of hand tiles, a trump, the house rows of ``house_rules.py``) and the JSON answers
of ``score`` and ``reach`` must be the same text with both builds in one process
(:mod:`builds`: the pure-Python run fails at once if anything still calls C).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from builds import compiled_module, pure_python
from conftest import STRESS
from house_rules import HOUSE_OPTIONS
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from strategies import hands15, hands_seen_trump

import intlscore
from intlscore.engine.tiles import Tile
from intlscore.rules.ruleset import Rules, parse_rules

HOUSE = parse_rules(HOUSE_OPTIONS, "house.toml")
RULES = st.sampled_from([None, HOUSE])


def examples(count: int) -> settings:
    """Hypothesis settings for ``count`` examples (times ``INTLSCORE_STRESS``), replayable."""
    return settings(
        max_examples=count * STRESS,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


def _text(result: Any) -> str:
    return json.dumps(result.to_dict(), ensure_ascii=False)


def _both(call: Any) -> tuple[str, str]:
    compiled_module()
    compiled = _text(call())
    with pure_python():
        pure = _text(call())
    return compiled, pure


def _names(tiles: list[Tile]) -> str:
    return " ".join(map(str, tiles))


@pytest.mark.stress
@examples(40)
@given(hands_seen_trump(max_blocked=6), hands15(), RULES)
def test_score_is_the_same_with_both_builds(
    drawn: tuple[list[Tile], list[Tile], Tile | None], fifteen: list[Tile], rules: Rules | None
) -> None:
    hand, seen, trump = drawn
    known = [*seen, *([] if trump is None else [trump])]
    note(f"{_names(hand)} | known {_names(known)} | 15: {_names(fifteen)}")
    compiled, pure = _both(lambda: intlscore.score_hand(hand, known=known, rules=rules))
    assert compiled == pure
    compiled, pure = _both(lambda: intlscore.score_hand(fifteen, rules=rules))
    assert compiled == pure


@pytest.mark.stress
@pytest.mark.parametrize("rules", [None, HOUSE], ids=["shipped rules", "house rows"])
@examples(2)
@given(drawn=hands_seen_trump(max_blocked=12))
def test_reach_is_the_same_with_both_builds(
    drawn: tuple[list[Tile], list[Tile], Tile | None], rules: Rules | None
) -> None:
    """The pure-Python reach takes seconds on some racks: by default two racks (the same
    ones every run) under each rule set, the two halves free to run on two workers;
    ``INTLSCORE_STRESS=N python -m pytest -m stress tests/test_builds_agree.py`` checks 2 N
    racks under each (N = 2 as many as this test ran by default, drawn rules and all,
    until the suite was cut to five minutes)."""
    hand, seen, trump = drawn
    note(f"{_names(hand)} | seen {_names(seen)} | trump {trump}")
    compiled, pure = _both(
        lambda: intlscore.reachability(hand, seen=seen, trump=trump, rules=rules)
    )
    assert compiled == pure


def test_the_pure_build_really_runs_without_the_compiled_module() -> None:
    module = compiled_module()
    with pure_python(), pytest.raises(AssertionError, match="pure-Python build"):
        module.plain_split(bytes(52), 0, bytes([2] * 52))
    assert module.plain_split(bytes(52), 0, bytes([2] * 52)) == []
