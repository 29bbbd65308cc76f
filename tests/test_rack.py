"""One rack value (issue 30 item 5): a :class:`~intlscore.engine.rack.Rack` is parsed and
checked once, every entry point takes one, and the keyword forms are thin wrappers that give
the same answers (R3 for the copies, R10 for the sizes)."""

from __future__ import annotations

import ast
import pickle
from pathlib import Path

import pytest
from hypothesis import given, settings
from strategies import hands_seen_trump, hands_with_discard

import intlscore
from intlscore.engine.context import Context
from intlscore.engine.notation import parse_tiles
from intlscore.engine.odds import odds
from intlscore.engine.odds.play import play_odds
from intlscore.engine.odds.start import set_up
from intlscore.engine.rack import Rack, rack_of
from intlscore.engine.reach import near_reach, reachability
from intlscore.engine.scoring import score_hand, types_fitting
from intlscore.engine.tiles import JOKER, Tile
from intlscore.errors import HandError, InputTypeError, NotationError
from intlscore.rules import default_rules

PACKAGE = Path(intlscore.__file__).parent
ROYAL = "k1-13 k1"


def test_a_rack_keeps_what_it_was_given() -> None:
    rack = Rack("r1-7 r1-6 *", discard="*", seen="k9 b2", trump="o4", original_hand=True)
    assert rack.tiles == tuple(parse_tiles("r1-7 r1-6 *"))
    assert (rack.discard, rack.seen, rack.trump) == (
        JOKER,
        tuple(parse_tiles("k9 b2")),
        Tile.of("o", 4),
    )
    assert rack.known == (*parse_tiles("k9 b2 o4"),)
    assert rack.context == Context(original_hand=True)
    assert rack.rules == default_rules() and rack.hands == default_rules().hands


def test_a_rack_is_an_immutable_value() -> None:
    rack = Rack(ROYAL, seen="r5", trump="o9", first_turn=True)
    assert rack == Rack(["k1-13", "k1"], seen=["r5"], trump=parse_tiles("o9")[0], first_turn=True)
    assert hash(rack) == hash(Rack(ROYAL, seen="r5", trump="o9", first_turn=True))
    assert rack != Rack(ROYAL, seen="r5", trump="o9")
    assert pickle.loads(pickle.dumps(rack)) == rack
    with pytest.raises(AttributeError):
        rack.tiles = ()  # type: ignore[misc]
    with pytest.raises(HandError, match="three copies of k1"):
        rack._replace(discard=parse_tiles("k1")[0])  # a copy is checked as a new rack is


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"tiles": "k1-13"}, HandError, "13 tiles given; a closed hand is 14 tiles plus"),
        ({"tiles": ROYAL, "discard": "k1"}, HandError, "three copies of k1 (the set has two)"),
        (
            {"tiles": ROYAL, "seen": "k1", "trump": "k1"},
            HandError,
            "k1: two in the hand and two seen make four (the set has two)",
        ),
        ({"tiles": "k1-13 k14"}, NotationError, "'k14' is not a tile"),
        ({"tiles": ROYAL, "trump": "r5 r6"}, NotationError, "is not one tile"),
        ({"tiles": ROYAL, "seen": 5}, InputTypeError, "seen: expected tiles"),
        ({"tiles": ROYAL, "first_turn": "no"}, InputTypeError, "first_turn must be True or"),
        ({"tiles": ROYAL, "rules": 5}, InputTypeError, "rules must be a Rules or the path"),
    ],
)
def test_bad_input_is_one_error_when_the_rack_is_made(
    arguments: dict[str, object], error: type[Exception], message: str
) -> None:
    tiles = arguments.pop("tiles")
    with pytest.raises(error) as raised:
        Rack(tiles, **arguments)  # type: ignore[arg-type]
    assert message in str(raised.value)


@pytest.mark.parametrize(
    ("tiles", "message"),
    [
        ("k1-13 k1 r5", None),
        ("r1-7 r1-6 * *", None),
        ([Tile.of("k", 1), "k2-13 k1"], None),
        ("k1-13", "13 tiles given; a closed hand is 14 tiles plus"),
        ("k1-13 k1 k1", "three copies of k1 (the set has two)"),
        ("k1-13 * * *", "three jokers"),
    ],
)
def test_the_tiles_alone_make_the_rack_the_keywords_make(
    tiles: object, message: str | None
) -> None:
    """``Rack(tiles)`` and ``rack_of(tiles)`` take a shorter way when nothing but the tiles
    is given (most of a fitting test): the same rack, and the same errors, as the way
    every keyword takes (here forced by naming the default rules)."""
    made = []
    for make in (
        lambda: Rack(tiles),  # type: ignore[arg-type]
        lambda: rack_of(tiles),  # type: ignore[arg-type]
        lambda: Rack(tiles, rules=default_rules()),  # type: ignore[arg-type]
    ):
        if message is None:
            made.append(make())
        else:
            with pytest.raises(HandError) as raised:
                make()
            assert message in str(raised.value)
    assert message is not None or made[0] == made[1] == made[2]
    assert message is not None or made[0].rules is default_rules()


def test_a_rack_and_keywords_together_are_refused() -> None:
    rack = Rack(ROYAL)
    for keyword, value in [("discard", "r5"), ("known", "r5"), ("first_turn", False)]:
        with pytest.raises(InputTypeError, match=f"give a Rack or {keyword}=, not both"):
            score_hand(rack, **{keyword: value})  # type: ignore[arg-type]
    with pytest.raises(InputTypeError, match="give a Rack or rules=, not both"):
        reachability(rack, rules=default_rules())
    with pytest.raises(InputTypeError, match="give seen= or known=, not both"):
        rack_of(ROYAL, seen="r5", known="r6")
    with pytest.raises(InputTypeError, match="give context= or the flags, not both"):
        types_fitting(ROYAL, context=Context(first_turn=True), first_turn=True)
    with pytest.raises(InputTypeError, match="unexpected keyword argument 'sen'"):
        reachability(ROYAL, sen="r5")  # type: ignore[call-arg]


def test_play_to_come_takes_no_discard() -> None:
    """Reach, near reach, the odds and the play odds are about draws to come: a rack with
    the final discard is the scorer's, and they say so."""
    rack = Rack(ROYAL, discard="r5")
    for question in (
        lambda: reachability(rack),
        lambda: near_reach(rack, window=1),
        lambda: odds(rack, draws=1, samples=10),
        lambda: play_odds(rack, draws=1),
    ):
        with pytest.raises(
            HandError, match="reach and the odds take 14 or 15 tiles and no discard"
        ):
            question()


def test_throwing_a_tile_back_makes_it_seen() -> None:
    rack = Rack("r1-7 r1-6 * o9", seen="k2", trump="b3", starting_player=True)
    thrown = rack.throw(parse_tiles("o9")[0])
    assert thrown == Rack(
        "r1-7 r1-6 *", seen="k2 o9", trump="b3", starting_player=True, rules=rack.rules
    )
    with pytest.raises(HandError, match="13 tiles given"):
        thrown.throw(parse_tiles("r1")[0])


@settings(max_examples=25, deadline=None)
@given(hands_with_discard())
def test_the_scorer_answers_a_rack_as_its_keywords(hand: tuple[list[Tile], Tile | None]) -> None:
    tiles, discard = hand
    rack = Rack(tiles, discard=discard, first_turn=True)
    assert score_hand(rack) == score_hand(tiles, discard=discard, first_turn=True)
    known = [] if discard is None else [discard]
    fitting = types_fitting(tiles, known=known, context=Context(first_turn=True))
    assert types_fitting(rack) == fitting


@pytest.mark.slow
@settings(max_examples=15, deadline=None)
@given(hands_seen_trump(max_blocked=8))
def test_reach_answers_a_rack_as_its_keywords(
    hand: tuple[list[Tile], list[Tile], Tile | None],
) -> None:
    tiles, seen, trump = hand
    rack = Rack(tiles, seen=seen, trump=trump)
    assert reachability(rack) == reachability(tiles, seen=seen, trump=trump)
    assert near_reach(rack, window=2) == near_reach(tiles, window=2, seen=seen, trump=trump)
    assert set_up(rack) == set_up(tiles, seen=seen, trump=trump)


@pytest.mark.slow
def test_the_odds_answer_a_rack_as_their_keywords() -> None:
    rack = Rack("k1-12 r5 o9 b2", seen="k13", trump="o1")
    keywords = {"seen": "k13", "trump": "o1"}
    assert odds(rack, draws=2, samples=60, seed=3) == odds(
        "k1-12 r5 o9 b2", draws=2, samples=60, seed=3, **keywords
    )
    fourteen = Rack("k1-13 r5", seen="r13")
    assert play_odds(fourteen, draws=1) == play_odds("k1-13 r5", draws=1, seen="r13")


def test_the_scorer_reads_known_as_seen() -> None:
    """``known=`` (the scorer's older name) is the rack's seen tiles; a third copy among them
    is refused as before, naming the keyword for a value of the wrong type."""
    assert rack_of(ROYAL, known="r5 o9").seen == tuple(parse_tiles("r5 o9"))
    with pytest.raises(InputTypeError, match="known: expected tiles"):
        score_hand(ROYAL, known=[5])  # type: ignore[list-item]


def _constants() -> list[tuple[str, str, ast.expr]]:
    """Every top-level assignment of intlscore: (module path, name, value)."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.AnnAssign) and node.value is not None:
                targets, value = [node.target], node.value
            elif isinstance(node, ast.Assign):
                targets, value = node.targets, node.value
            else:
                continue
            where = str(path.relative_to(PACKAGE))
            found += [(where, t.id, value) for t in targets if isinstance(t, ast.Name)]
    return found


def _assigned(name: str) -> list[str]:
    """The modules of intlscore that assign ``name`` at their top level."""
    return [where for where, assigned, _ in _constants() if assigned == name]


@pytest.mark.slow
def test_one_name_each_for_tiles_the_hand_size_and_the_set_structures() -> None:
    """``TileInput``, the 14 tiles of a closed hand (R10) and the set-based structures are
    each defined once; every other module imports them."""
    assert _assigned("TileInput") == ["engine/rack.py"]
    assert _assigned("SET_STRUCTURES") == ["rules/hand_table.py"]
    fourteen = [
        (where, name)
        for where, name, value in _constants()
        if isinstance(value, ast.Constant) and value.value == 14
    ]
    # HIGH_ONE is a run position (the 1 after the 13, R5), not a number of tiles.
    assert fourteen == [("engine/melds.py", "HIGH_ONE"), ("rules/hand_table.py", "HAND_SIZE")]
    assert not [name for _, name, _ in _constants() if name in {"HAND", "CLOSED_HAND"}]
    set_copies = [
        (where, name)
        for where, name, value in _constants()
        if name != "SET_STRUCTURES"
        and (
            {n.value for n in ast.walk(value) if isinstance(n, ast.Constant)}
            == {"sets", "groups", "runs"}
            or any(isinstance(n, ast.Name) and n.id == "SET_STRUCTURES" for n in ast.walk(value))
        )
    ]
    assert set_copies == []
