"""Whole deals (R12, R14-R18) and the deal-scoring table.

Every hand-worked deal spells out its arithmetic in a comment citing the ruling.
Numbers of the shipped table: open 100 / 200 (R14), foot 200 (R14), rack values
2-9 face, 1 and 10-13 at 10, joker 30 (R15), not melded 100 or the winner's amount
(R16), joker discard x2 (R12, R17), trump bonus 50 when on (R18).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from intlscore.errors import DealError, TableError
from intlscore.rules.deal_table import (
    DealTable,
    load_deal_table,
    parse_deal_table,
)
from intlscore.rules.ruleset import default_deal_table, default_table
from intlscore.session.deal import DealInput, score_deal

FOUR = ["ann", "bob", "cat", "dan"]
TABLE_FILE = Path(__file__).parent / "fixtures" / "legacy" / "deal_scoring.toml"
"""A stand-alone deal table (``--deal-table``, before rules files): still read, deprecated."""


# --- hand-worked deals, one per kind of ending -----------------------------------------------


def test_open_win_with_melded_and_unmelded_losers() -> None:
    deal = score_deal(
        FOUR,
        kind="open",
        winner="ann",
        racks={"bob": "r5 b7 *", "cat": "o1 k10 r13"},
        not_melded=["dan"],
    )
    # ann: open win, someone else melded: 100 (R14)
    # bob: 5 + 7 + joker 30 = 42 (R15)
    # cat: 1, 10 and 13 count 10 each on a rack = 30 (R15)
    # dan: not melded after an open win: 100 (R16)
    assert deal.deltas() == {"ann": 100, "bob": -42, "cat": -30, "dan": -100}
    assert deal.kind == "open" and deal.winner == "ann" and not deal.doubled
    assert deal.player("bob").why == "rack r5 b7 * = 5 + 7 + 30: -42"
    assert deal.player("cat").why == "rack o1 k10 r13 = 10 + 10 + 10: -30"
    assert deal.player("dan").why == "not melded after an open win: -100"
    assert [p.role for p in deal.players] == ["winner", "melded", "melded", "not melded"]


def test_open_win_when_nobody_else_melded_is_200() -> None:
    deal = score_deal(FOUR, kind="open", winner="bob", not_melded=["ann", "cat", "dan"])
    # R14: no other player has melded, so 200; R16: each of them loses 100
    assert deal.deltas() == {"ann": -100, "bob": 200, "cat": -100, "dan": -100}
    assert deal.player("bob").why == "open win, no other player melded: +200"


def test_foot_win() -> None:
    deal = score_deal(
        ["ann", "bob", "cat"], kind="foot", winner="cat", racks={"ann": "k2 k2"}, not_melded=["bob"]
    )
    # R14 foot 200; ann 2 + 2 = 4 (R15); bob not melded after a foot win 100 (R16)
    assert deal.deltas() == {"ann": -4, "bob": -100, "cat": 200}


def test_no_winner() -> None:
    deal = score_deal(
        FOUR, kind="none", racks={"ann": "b9 b10", "cat": "*"}, not_melded=["bob", "dan"]
    )
    # nobody wins (R14); ann 9 + 10 = 19, cat a joker 30 (R15); bob, dan 100 each (R16)
    assert deal.deltas() == {"ann": -19, "bob": -100, "cat": -30, "dan": -100}
    assert deal.winner is None and deal.summary == "no winner"


def test_closed_win_is_the_type_score_and_unmelded_losers_pay_it() -> None:
    deal = score_deal(
        ["ann", "bob", "cat"],
        kind="closed",
        winner="ann",
        closed="r1-7 b1-7 o9",  # 15 tiles: the scorer discards o9 (R13)
        racks={"bob": "k12 o3"},
        not_melded=["cat"],
    )
    # r1-7 b1-7: 33 Little wave two colours, no joker: 2200 (R10, R14)
    # bob: 10 + 3 = 13 (R15); cat not melded after a closed win: the winner's 2200 (R16)
    assert deal.deltas() == {"ann": 2200, "bob": -13, "cat": -2200}
    assert deal.closed is not None and deal.closed.best is not None
    assert deal.closed.best.number == 33 and str(deal.discard) == "o9"
    assert not deal.doubled
    assert deal.player("ann").why == "closed win, 33 Little wave two colours (no joker): +2200"
    assert deal.player("cat").why == "not melded, loses the winner's amount: -2200"


def test_closed_win_with_a_joker_discard_doubles_everything() -> None:
    deal = score_deal(
        FOUR,
        kind="closed",
        winner="ann",
        closed="k1-13 k1",
        discard="*",
        racks={"bob": "r5 b7 *", "cat": "o1 o2"},
        not_melded=["dan"],
    )
    # 24 Royal, no joker: 2400 (R14), joker discard: x2 = 4800 (R12)
    # bob (5 + 7 + 30) x 2 = 84; cat (10 + 2) x 2 = 24 (R15, R17)
    # dan not melded: the winner's 2400, x2 = 4800 (R16, R17)
    assert deal.deltas() == {"ann": 4800, "bob": -84, "cat": -24, "dan": -4800}
    assert deal.doubled and deal.factor == 2
    assert deal.player("bob").why == "rack r5 b7 * = 5 + 7 + 30: -42; x2 joker discard: -84"
    assert deal.summary == "closed win by ann: 24 Royal, no joker, joker discard x2"


def test_closed_win_amount_follows_the_joker_column() -> None:
    deal = score_deal(
        ["ann", "bob"],
        kind="closed",
        winner="ann",
        closed="k1-12 * k1",
        discard="r9",
        not_melded=["bob"],
    )
    # Royal with one joker among the 14: 2200 (R10); bob pays the winner's amount (R16)
    assert deal.closed is not None and deal.closed.jokers == 1
    assert deal.deltas() == {"ann": 2200, "bob": -2200}
    assert default_table().by_number(24).scores[1] == 2200


def test_joker_discard_doubles_an_open_win_too() -> None:
    deal = score_deal(
        ["ann", "bob", "cat"],
        kind="open",
        winner="ann",
        discard="*",
        racks={"bob": "b13"},
        not_melded=["cat"],
    )
    # R12 applies to every kind of win: 100 x 2, 10 x 2, 100 x 2 (R17)
    assert deal.deltas() == {"ann": 200, "bob": -20, "cat": -200}


def test_a_numbered_discard_does_not_double() -> None:
    deal = score_deal(["ann", "bob"], kind="foot", winner="ann", discard="r9", racks={"bob": "b4"})
    assert deal.deltas() == {"ann": 200, "bob": -4} and not deal.doubled


# --- house options: joker 25 (R15), trump bonus (R18) --------------------------------------------


def test_joker_on_the_rack_30_by_default_25_as_house_option() -> None:
    args: dict[str, Any] = {"kind": "open", "winner": "ann", "racks": {"bob": "r5 *"}}
    # R15: 5 + 30 = 35; the house option makes the joker 25: 5 + 25 = 30
    assert score_deal(["ann", "bob"], **args).deltas()["bob"] == -35
    house = default_deal_table().with_options(joker_value=25)
    assert score_deal(["ann", "bob"], table=house, **args).deltas()["bob"] == -30


def test_trump_bonus_off_by_default() -> None:
    deal = score_deal(
        ["ann", "bob", "cat"],
        kind="open",
        winner="ann",
        racks={"bob": "r7 r2"},
        not_melded=["cat"],
        trump="r7",
        trump_holders=["cat"],
    )
    # R18 is a house option, off by default: nobody gets 50; bob 7 + 2 = 9 (R15)
    assert deal.deltas() == {"ann": 100, "bob": -9, "cat": -100}
    # ... but the holders are still known: bob has it on the rack, cat was named
    assert deal.player("bob").trump_holder and deal.player("cat").trump_holder
    assert not deal.player("ann").trump_holder


def test_trump_bonus_on() -> None:
    table = default_deal_table().with_options(trump_bonus=True)
    deal = score_deal(
        ["ann", "bob", "cat"],
        kind="open",
        winner="ann",
        racks={"bob": "r7 r2"},
        not_melded=["cat"],
        trump="r7",
        trump_holders=["cat"],
        table=table,
    )
    # R18 on: bob -9 + 50 = +41; cat -100 + 50 = -50; ann 100 (did not hold it)
    assert deal.deltas() == {"ann": 100, "bob": 41, "cat": -50}
    assert deal.player("bob").why == "rack r7 r2 = 7 + 2: -9; trump bonus (r7): +50; together +41"


def test_trump_bonus_is_doubled_with_the_rest() -> None:
    table = default_deal_table().with_options(trump_bonus=True)
    deal = score_deal(
        ["ann", "bob"],
        kind="closed",
        winner="ann",
        closed="k1-13 k1",
        discard="*",
        racks={"bob": "o4"},
        trump="k5",
        table=table,
    )
    # ann holds k5 (in her hand): (2400 + 50) x 2 = 4900 (R12, R17, R18); bob 4 x 2 = 8
    assert deal.deltas() == {"ann": 4900, "bob": -8}


def test_a_house_table_file(tmp_path: Path) -> None:
    text = TABLE_FILE.read_text(encoding="utf-8")
    text = text.replace('closed = "winner"', "closed = 500").replace("factor = 2", "factor = 3")
    house = tmp_path / "house.toml"
    house.write_text(text, encoding="utf-8")
    table = load_deal_table(house)
    deal = score_deal(
        ["ann", "bob"],
        kind="closed",
        winner="ann",
        closed="k1-13 k1",
        discard="*",
        not_melded=["bob"],
        table=table,
    )
    # this house: a fixed 500 for not melded after a closed win, and x3 for a joker discard
    assert deal.deltas() == {"ann": 2400 * 3, "bob": -500 * 3}
    assert deal.to_dict()["house"]["table"] == str(house)


# --- the result as JSON ------------------------------------------------------------------------


def test_to_dict_has_the_documented_keys() -> None:
    deal = score_deal(
        FOUR, kind="open", winner="ann", racks={"bob": "r5"}, not_melded=["cat", "dan"]
    )
    data = deal.to_dict()
    assert data["winner"] == "ann" and data["kind"] == "open" and data["doubled"] is False
    assert [(p["name"], p["delta"]) for p in data["players"]] == [
        ("ann", 100),
        ("bob", -5),
        ("cat", -100),
        ("dan", -100),
    ]
    assert all(isinstance(p["why"], str) and p["why"] for p in data["players"])
    assert DealInput.from_dict(data["input"]) == deal.input


def test_raw_input_keeps_what_was_typed_and_rescores_the_same() -> None:
    deal = score_deal(["ann", "bob"], kind="open", winner="ann", racks=[("bob", "R5, y7")])
    assert deal.input.racks == (("bob", "R5, y7"),)
    again = DealInput.from_dict(deal.input.to_dict()).score()
    assert again.deltas() == deal.deltas() == {"ann": 100, "bob": -12}


# --- every error names the problem ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        pytest.param({"winner": "eve"}, "unknown player 'eve' as the winner", id="unknown-winner"),
        pytest.param(
            {"racks": {"bob": "r5", "eve": "r6"}},
            "unknown player 'eve' given a rack",
            id="unknown-rack",
        ),
        pytest.param(
            {"not_melded": ["eve"]}, "unknown player 'eve' as not melded", id="unknown-not-melded"
        ),
        pytest.param(
            {"racks": [("bob", "r5"), ("bob", "r6")]},
            "player 'bob' is given a rack twice",
            id="rack-twice",
        ),
        pytest.param(
            {"not_melded": ["bob"]},
            "player 'bob' is both given a rack and not melded",
            id="rack-and-not-melded",
        ),
        pytest.param(
            {"racks": {"ann": "r1", "bob": "r5"}},
            "player 'ann' is both the winner and given a rack",
            id="winner-with-rack",
        ),
        pytest.param({"racks": {}}, "bob has neither a rack nor 'not melded'", id="missing"),
        pytest.param({"kind": "closed"}, "a closed win needs the winner's tiles", id="no-tiles"),
        pytest.param(
            {"closed": "k1-13 k1"},
            "closed-hand tiles were given, but the deal is an open",
            id="tiles-for-open",
        ),
        pytest.param(
            {"kind": "none"}, "a deal with no winner cannot have a winner", id="none-winner"
        ),
        pytest.param({"kind": "tie"}, "unknown kind of ending 'tie'", id="bad-kind"),
        pytest.param({"winner": None}, "an open win needs a winner", id="no-winner"),
        pytest.param({"racks": {"bob": "r5 x9"}}, "bob's rack: 'x9' is not a tile", id="notation"),
        pytest.param({"racks": {"bob": ""}}, "bob's rack: no tiles given", id="empty-rack"),
        pytest.param({"discard": "r5 r6"}, "the discard: one tile expected, got 2", id="discard2"),
        pytest.param(
            {"first_turn": True}, "first turn only matters for a closed win", id="context-open"
        ),
        pytest.param(
            {"trump_holders": ["bob"]},
            "trump holders were given, but not the trump",
            id="holder-no-trump",
        ),
        pytest.param(
            {"trump": "r7", "trump_holders": ["bob", "bob"]},
            "'bob' is named twice as holding the trump",
            id="holder-twice",
        ),
        pytest.param(
            {"racks": {"bob": "r5 r5"}, "discard": "r5"},
            "three copies of r5 (the set has two) (R3)",
            id="R3-across-deal",
        ),
        pytest.param(
            {"racks": {"bob": "r5"}, "trump": "r5", "discard": "r5"},
            "r5: two in the hand and one seen make three",
            id="R3-with-trump",
        ),
    ],
)
def test_deal_errors(arguments: dict[str, Any], message: str) -> None:
    base: dict[str, Any] = {"kind": "open", "winner": "ann", "racks": {"bob": "r5"}}
    base.update(arguments)
    with pytest.raises(DealError) as caught:
        score_deal(["ann", "bob"], **base)
    assert message in str(caught.value)


@pytest.mark.parametrize(
    ("players", "message"),
    [
        pytest.param(["ann"], "a deal has 2 to 4 players; 1 given", id="one"),
        pytest.param(["a", "b", "c", "d", "e"], "a deal has 2 to 4 players; 5 given", id="five"),
        pytest.param(["ann", "bob", "ann"], "player 'ann' is named twice", id="twice"),
        pytest.param(["ann", ""], "a player name is empty", id="empty"),
        pytest.param(["ann", "b=b"], "may not hold '='", id="equals"),
        pytest.param(["ann", " bob"], "has spaces around it", id="spaces"),
    ],
)
def test_player_list_errors(players: list[str], message: str) -> None:
    with pytest.raises(DealError, match=re.escape(message)):
        score_deal(players, kind="none", not_melded=players)


def test_a_closed_hand_that_is_no_win_is_an_error() -> None:
    # (with o1 instead of o5 this would be 28 Mosaic)
    with pytest.raises(DealError, match=r"^ann's closed hand is not a closed win: .*cannot join"):
        score_deal(
            ["ann", "bob"],
            kind="closed",
            winner="ann",
            closed="r1 r3 r5 r7 r9 r11 r13 b2 b4 b6 b8 b10 b12 o5",
            discard="o3",
            not_melded=["bob"],
        )


def test_a_closed_hand_of_the_wrong_size_is_an_error() -> None:
    with pytest.raises(DealError, match=r"^ann's closed hand: 13 tiles given"):
        score_deal(["ann", "bob"], kind="closed", winner="ann", closed="k1-13", not_melded=["bob"])


# --- properties --------------------------------------------------------------------------------

NUMBERED = [f"{c}{n}" for c in "kbo" for n in range(1, 14)]  # no red: r9 is the plain discard


@st.composite
def open_or_foot_deals(draw: st.DrawFn) -> dict[str, Any]:
    """A valid open or foot deal; at most one joker on the racks, so a joker can be discarded."""
    count = draw(st.integers(2, 4))
    players = FOUR[:count]
    winner = draw(st.sampled_from(players))
    pool = draw(st.permutations(NUMBERED * 2 + ["*"]))
    racks: dict[str, str] = {}
    not_melded: list[str] = []
    position = 0
    for name in players:
        if name == winner:
            continue
        if draw(st.booleans()):
            size = draw(st.integers(1, 8))
            racks[name] = " ".join(pool[position : position + size])
            position += size
        else:
            not_melded.append(name)
    return {
        "players": players,
        "kind": draw(st.sampled_from(["open", "foot"])),
        "winner": winner,
        "racks": racks,
        "not_melded": not_melded,
    }


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(open_or_foot_deals(), st.sampled_from([None, "r9"]))
def test_a_joker_discard_doubles_every_delta_exactly(
    deal: dict[str, Any], plain_discard: str | None
) -> None:
    plain = score_deal(discard=plain_discard, **deal)
    doubled = score_deal(discard="*", **deal)
    assert doubled.doubled and not plain.doubled
    # R12, R17: every score of the deal, losers' included, is doubled
    assert doubled.deltas() == {name: 2 * delta for name, delta in plain.deltas().items()}


@settings(max_examples=20, deadline=None)
@given(st.permutations([f"{c}{n}" for c in "bo" for n in range(2, 10)]), st.integers(0, 6))
def test_a_joker_discard_doubles_a_closed_deal_exactly(tiles: list[str], size: int) -> None:
    deal: dict[str, Any] = {
        "kind": "closed",
        "winner": "ann",
        "closed": "k1-13 k1",
        "racks": {"bob": " ".join(tiles[: size + 1])},
        "not_melded": ["cat"],
    }
    plain = score_deal(["ann", "bob", "cat"], discard="r9", **deal)
    doubled = score_deal(["ann", "bob", "cat"], discard="*", **deal)
    assert plain.deltas()["ann"] == 2400
    assert doubled.deltas() == {name: 2 * delta for name, delta in plain.deltas().items()}


@settings(max_examples=40, deadline=None)
@given(open_or_foot_deals())
def test_unmelded_losers_lose_100_after_open_or_foot(deal: dict[str, Any]) -> None:
    result = score_deal(**deal)
    for player in result.players:
        if player.role == "not melded":
            assert player.delta == -100  # R16
        elif player.role == "melded":
            assert player.delta < 0  # R15: every tile has a value
    winner = result.player(str(deal["winner"]))
    everyone_else_unmelded = len(deal["not_melded"]) == len(deal["players"]) - 1
    expected = 200 if deal["kind"] == "foot" or everyone_else_unmelded else 100  # R14
    assert winner.delta == expected


# --- the deal table ----------------------------------------------------------------------------


def test_the_shipped_table_holds_the_rulings_numbers() -> None:
    table = default_deal_table()
    assert (table.open_win, table.open_win_no_one_melded, table.foot_win) == (100, 200, 200)  # R14
    assert [table.rack_value(n) for n in range(1, 14)] == [
        10,
        2,
        3,
        4,
        5,
        6,
        7,
        8,
        9,
        10,
        10,
        10,
        10,
    ]  # R15
    assert table.joker_on_rack == 30  # R15
    assert (table.not_melded_open, table.not_melded_foot, table.not_melded_none) == (100, 100, 100)
    assert table.not_melded_closed is None  # R16: the winner's amount
    assert (table.trump_bonus_enabled, table.trump_bonus_points) == (False, 50)  # R18
    assert table.joker_discard_factor == 2  # R12, R17


def test_every_entry_of_the_table_file_cites_a_ruling() -> None:
    for line in TABLE_FILE.read_text(encoding="utf-8").splitlines():
        if "=" in line.split("#")[0]:
            assert re.search(r"#.*\bR1[2-8]\b", line) or line.startswith("schema"), line


def test_to_dict_round_trips() -> None:
    table = default_deal_table().with_options(joker_value=25, trump_bonus=True)
    assert parse_deal_table(table.to_dict()) == table


def _broken(change: str) -> str:
    old, new = change.split(" -> ")
    return TABLE_FILE.read_text(encoding="utf-8").replace(old, new)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        pytest.param(
            "foot = 200  -> foot = -5  ",
            "winner.foot: must be a whole number from 0",
            id="negative",
        ),
        pytest.param(
            "open = 100  -> open = true  ", "winner.open: must be a whole number", id="bool"
        ),
        pytest.param(
            "open = 100  -> open = 1.5  ", "winner.open: must be a whole number", id="float"
        ),
        pytest.param("joker = 30  -> jokers = 30  ", "rack.jokers: unknown key", id="typo"),
        pytest.param("13 = 10 -> 14 = 10", "rack.values.14: unknown key", id="value-14"),
        pytest.param(
            "enabled = false -> enabled = 0",
            "trump_bonus.enabled: must be true or false",
            id="enabled",
        ),
        pytest.param(
            "factor = 2 -> factor = 0",
            "joker_discard.factor: must be a whole number from 1",
            id="factor-0",
        ),
        pytest.param(
            'closed = "winner" -> closed = "loser"',
            'not_melded.closed: must be "winner"',
            id="closed-text",
        ),
        pytest.param("schema = 1 -> schema = 2", "schema: 2 is not supported", id="schema"),
        pytest.param(
            "[joker_discard] -> [joker_discards]", "joker_discards: unknown section", id="section"
        ),
        pytest.param("none = 100  -> #", "not_melded.none: is missing", id="missing-key"),
        pytest.param("open = 100  -> open = = 1", "not a valid TOML file", id="toml"),
    ],
)
def test_table_errors_name_the_field(tmp_path: Path, change: str, message: str) -> None:
    path = tmp_path / "bad.toml"
    text = _broken(change)
    assert text != TABLE_FILE.read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TableError) as caught:
        load_deal_table(path)
    assert str(caught.value).startswith(str(path))
    assert message in str(caught.value)


def test_missing_table_file(tmp_path: Path) -> None:
    with pytest.raises(TableError, match=r"cannot read deal table .*nope\.toml"):
        load_deal_table(tmp_path / "nope.toml")


def test_with_options_leaves_the_original_alone() -> None:
    table = default_deal_table()
    house = table.with_options(joker_value=25, trump_bonus=True)
    assert isinstance(house, DealTable) and house is not table
    assert (table.joker_on_rack, table.trump_bonus_enabled) == (30, False)
    assert (house.joker_on_rack, house.trump_bonus_enabled) == (25, True)
    assert "joker 25" in house.source and "trump bonus on" in house.source
    assert table.with_options() is table
