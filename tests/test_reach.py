"""Hand-worked reachability examples (R20), one or more per type.

Every expectation below was worked out by hand from the rules, in the comment
next to it; none is copied from the program's output.
"""

from __future__ import annotations

import pytest

from intlscore.engine.notation import parse_tiles
from intlscore.engine.reach import ReachResult, TypeReach, reachability
from intlscore.errors import HandError, NotationError
from intlscore.rules.hand_table import parse_table


def names(tiles: str) -> set[str]:
    return {str(t) for t in parse_tiles(tiles)}


def outs(entry: TypeReach) -> set[str]:
    return {str(out.tile) for out in entry.outs}


def unseen(entry: TypeReach) -> dict[str, int]:
    return {str(out.tile): out.unseen for out in entry.outs}


ROYAL_HAND = "r1-4 r6-13 r1 k5"


@pytest.fixture(scope="module")
def royal_hand() -> ReachResult:
    return reachability(ROYAL_HAND)


def test_royal_one_tile_away(royal_hand: ReachResult) -> None:
    # r1..r13 r1 lacks only r5; k5 goes. r5: two copies unseen; either joker too.
    royal = royal_hand.by_number(24)
    assert royal.distance == 1
    assert unseen(royal) == {"r5": 2, "*": 2}
    assert sorted(str(t) for t in royal.keep) == sorted(
        str(t) for t in parse_tiles("r1-13 r1") if str(t) != "r5"
    )
    assert royal.reason is None


def test_single_colour_runs_one_away(royal_hand: ReachResult) -> None:
    # r1-4 + r6-13-1 is 13 red tiles in runs. 14 needs: r5 (r1-5 + r6-1), or a
    # second r8..r12 splitting r6..r1 into two runs (r6-8 + r8-1, ..., r6-12 + r12-1:
    # r12 r13 r1 is a run). r13 second copy: r6-13 + r13 r1? two tiles, no.
    entry = royal_hand.by_number(23)
    assert entry.distance == 1
    assert outs(entry) == {"r5", "r8", "r9", "r10", "r11", "r12", "*"}


def test_royal_blocked_when_needed_tiles_are_seen() -> None:
    # Red needs r5 (both seen); the other colours each need their 1 twice, one seen.
    result = reachability(ROYAL_HAND, seen="r5 r5 k1 b1 o1")
    royal = result.by_number(24)
    assert royal.distance is None and royal.outs == () and royal.keep == ()
    assert royal.reason is not None
    assert "in red needs r5, both seen" in royal.reason
    assert "in black needs k1 twice, one seen" in royal.reason


def test_a_needed_tile_with_no_copy_left_cannot_be_a_joker_either() -> None:
    # The joker route: the only way left to a red Royal would be a joker standing
    # for r5, but R3 counts seen tiles toward r5's two copies, so the joker cannot
    # stand for it: Royal is blocked even with both jokers unseen, while a
    # joker stays an out of the types it can help.
    result = reachability(ROYAL_HAND, seen="r5 r5 k1 b1 o1")
    assert result.by_number(24).distance is None
    basic = result.by_number(1)
    assert "*" in outs(basic) and "r5" not in outs(basic)


def test_joker_is_an_out_only_while_one_is_unseen() -> None:
    hand = "r1-4 r6-13 r1 *"  # the joker stands for r5: Royal is formed
    assert reachability(hand).by_number(24).distance == 0
    away = reachability(ROYAL_HAND, seen="* *").by_number(24)
    assert unseen(away) == {"r5": 2}


def test_seven_pairs_two_away() -> None:
    # Five pairs and four singles: keep five pairs and two singles (12 tiles).
    # Drawing a single's twin makes six pairs: r6, b7, o8, k9 (one unseen each).
    # A new tile only trades one single for another.
    entry = reachability("k1 k1 r2 r2 b3 b3 o4 o4 k5 k5 r6 b7 o8 k9").by_number(35)
    assert entry.distance == 2
    assert unseen(entry) == {"r6": 1, "b7": 1, "o8": 1, "k9": 1, "*": 2}
    assert len(entry.keep) == 12


def test_seven_pairs_single_with_seen_twin_cannot_pair() -> None:
    # k9's twin is seen, so k9 can never be a pair (R3), even with a joker.
    entry = reachability("k1 k1 r2 r2 b3 b3 o4 o4 k5 k5 r6 r6 k9 *", seen="k9").by_number(35)
    # Six pairs and the joker: the joker pairs with a fresh tile's... no, with a
    # drawn tile: keep 12 + joker, draw any pairable tile -> distance 1.
    assert entry.distance == 1
    assert "k9" not in outs(entry)
    assert "k9" not in {str(t) for t in entry.keep}


def test_basic_one_away() -> None:
    # k1-3, r5 b5 o5, k9-12, r13 b13 o13 = 13 tiles in sets; k7 goes.
    # One more tile: k4 (k1-4), k5 (four 5s), k8 (k8-12), k13 (k9-13 or four 13s).
    entry = reachability("k1-3 r5 b5 o5 k9-12 r13 b13 o13 k7").by_number(1)
    assert entry.distance == 1
    assert outs(entry) == {"k4", "k5", "k8", "k13", "*"}


def test_piccolo_odd_one_away() -> None:
    # The twelve 1s-3s add up to 24; with k13 that is 37, and one more tile of
    # at most 4 stays within 41. Both 13s cannot stay (50). Outs: every 1-4.
    entry = reachability("k1 r1 b1 o1 k2 r2 b2 o2 k3 r3 b3 o3 k13 r13").by_number(6)
    assert entry.distance == 1
    assert outs(entry) == names("k1 r1 b1 o1 k2 r2 b2 o2 k3 r3 b3 o3 k4 r4 b4 o4 *")
    assert unseen(entry)["k4"] == 2 and unseen(entry)["k1"] == 1


def test_grand_odd_two_away() -> None:
    # Twelve tiles are 10-13 or 1; k2 and k3 must go: two draws of any major tile.
    entry = reachability("k10-13 r10-13 b1 b10 o11 o12 k2 k3").by_number(10)
    assert entry.distance == 2
    assert "k1" in outs(entry) and "o13" in outs(entry) and "k2" not in outs(entry)
    assert unseen(entry)["k10"] == 1 and unseen(entry)["k1"] == 2


def test_grand_square_one_away() -> None:
    # Seven 7s: the eighth (o7's twin) is the only tile that helps.
    entry = reachability("k7 k7 r7 r7 b7 b7 o7 k1 k2 k3 k4 k5 k6 k8").by_number(12)
    assert entry.distance == 1
    assert unseen(entry) == {"o7": 1, "*": 2}


def test_single_colour_odd_four_away() -> None:
    entry = reachability("r1-10 k1 k2 k3 k4").by_number(22)
    assert entry.distance == 4
    assert "r13" in outs(entry) and "k5" not in outs(entry)


def test_four_colours_one_away() -> None:
    # k1-4, r5-8, b9-11 and o2 o3: 4+4+3+3 = 14 with o1 or o4; o9 goes.
    entry = reachability("k1-4 r5-8 b9-11 o2 o3 o9").by_number(13)
    assert entry.distance == 1
    assert outs(entry) == {"o1", "o4", "*"}


def test_sticks_two_away() -> None:
    # Groups of 5s, 7s (three each), 9s (four), and k11 r11: 4 groups need 3+3+4+4,
    # so one 3-group gets its fourth (o5 or o7) and the 11s a third (b11 or o11).
    entry = reachability("k5 r5 b5 k7 r7 b7 k9 r9 b9 o9 k11 r11 k2 r3").by_number(25)
    assert entry.distance == 2
    assert outs(entry) == {"o5", "o7", "b11", "o11", "*"}


def test_three_colours_formed() -> None:
    entry = reachability("k1-5 r3-7 b8-11").by_number(16)
    assert entry.distance == 0 and entry.outs == ()
    assert len(entry.keep) == 14


def test_two_colours_one_away() -> None:
    # k1-7 and r1-6 are 13; b9 goes. 14 comes from k8 or r7 (a longer run), or a
    # second copy that splits a run in two runs of 3+: k3 (k1-3, k3-7), k4, k5,
    # r3 (r1-3, r3-6), r4. Not k2/k6/r2/r5: one side would be two tiles.
    entry = reachability("k1-7 r1-6 b9").by_number(19)
    assert entry.distance == 1
    assert outs(entry) == {"k3", "k4", "k5", "k8", "r3", "r4", "r7", "*"}


def test_little_wave_one_away() -> None:
    # k1 r2 k3 r4 k5 r6 k7 and r1 k2 r3 k4 r5 k6: the second needs a 7 that is not
    # black (r7, b7, o7); b9 goes.
    entry = reachability("k1 r2 k3 r4 k5 r6 k7 r1 k2 r3 k4 r5 k6 b9").by_number(29)
    assert entry.distance == 1
    assert outs(entry) == {"r7", "b7", "o7", "*"}


def test_blitz_types_follow_the_context() -> None:
    # Basic is 1 draw away: k1-3, r5 b5 o5, k9-12, r13 b13 o13 are sets, k7 is not (R20).
    hand = "k1-3 r5 b5 o5 k9-12 r13 b13 o13 k7"
    plain = reachability(hand)
    assert plain.by_number(1).distance == 1
    assert plain.by_number(39).distance is None
    assert "first turn" in str(plain.by_number(39).reason)
    # R21: a 14-tile player who did not start has the one draw of a first turn.
    first = reachability(hand, first_turn=True)
    assert first.by_number(39).distance == first.by_number(1).distance == 1
    starter = reachability(hand, original_hand=True, starting_player=True)
    assert starter.by_number(40).distance is None
    assert "did not start" in str(starter.by_number(40).reason)


def test_r21_grand_blitz_is_the_dealt_hand_itself() -> None:
    # R21: 1 draw away is unreachable for a Grand blitz, since any draw replaces a dealt tile.
    dealt = reachability("k1-13 r5", original_hand=True)
    grand = dealt.by_number(40)
    assert grand.distance is None
    assert "no draw" in str(grand.reason) and "1 draw away" in str(grand.reason)
    # 14 dealt tiles in sets (k1-7 and k8-13 k1 are two runs) are a Grand blitz at distance 0.
    assert reachability("k1-13 k1", original_hand=True).by_number(40).distance == 0


def test_r21_little_blitz_draws_of_one_first_turn() -> None:
    # k1-13 r5: Basic 1 draw away (k1..k12, b5, o5 or a joker completes it).
    first = reachability("k1-13 r5", first_turn=True)
    assert first.by_number(39).distance == 1
    # The starting player draws nothing on the first turn: no draw allowed (R21).
    starter = reachability("k1-13 r5", first_turn=True, starting_player=True)
    assert starter.by_number(39).distance is None
    assert "starting player" in str(starter.by_number(39).reason)
    # Two draws away is too far even for the one draw: k1-3, r5 b5 o5, k9-11, r13 b13 o13
    # are sets; neither r8 nor b11 joins one (b11 k11 would break k9-11), so one draw
    # leaves a tile out.
    two = reachability("k1-3 r5 b5 o5 k9-11 r13 b13 o13 r8 b11", first_turn=True)
    assert two.by_number(1).distance == 2
    assert two.by_number(39).distance is None
    assert "one draw" in str(two.by_number(39).reason)
    # 15 tiles: no draw allowed; k1-13 k1 with r9 to spare is in sets already,
    # k1-13 r5 r9 (Basic 1 away) is not.
    assert reachability("k1-13 k1 r9", first_turn=True).by_number(39).distance == 0
    fifteen = reachability("k1-13 r5 r9", first_turn=True).by_number(39)
    assert fifteen.distance is None and "15 tiles" in str(fifteen.reason)


def test_an_impossible_house_type_says_it_can_never_be_formed() -> None:
    # Three runs of 14 tiles: lengths 5, 5, 4 from 1 up add up to 15 + 15 + 10 = 40, and
    # any other split adds up to more (3, 5, 6: 6 + 15 + 21 = 42), so 30 is impossible.
    row = {
        "number": 41,
        "name": "Runs 30",
        "scores": [900, 800, 700],
        "description": "three runs, total 30 or less",
        "structure": "runs",
        "sets": [3],
        "max_total": 30,
    }
    table = parse_table({"type": [row]})
    entry = reachability("k1-5 r1-5 b1-4", table=table).by_number(41)
    assert entry.distance is None
    reason = str(entry.reason)
    assert "can never be formed" in reason and "at least 40" in reason
    assert "seen" not in reason and "trump" not in reason
    # At 40 the same row is formable, and this hand is already one (k1-5 r1-5 b1-4).
    at_forty = parse_table({"type": [{**row, "max_total": 40}]})
    assert reachability("k1-5 r1-5 b1-4", table=at_forty).by_number(41).distance == 0
    # Three groups hold at most 12 tiles.
    groups = parse_table({"type": [{**row, "structure": "groups", "max_total": None}]})
    reason = str(reachability("k1-5 r1-5 b1-4", table=groups).by_number(41).reason)
    assert "never hold exactly 14 tiles" in reason


def test_fifteen_tiles_keep_the_best_fourteen() -> None:
    # 15 tiles: k1-13 k1 is a Royal with r9 to spare.
    result = reachability("k1-13 k1 r9")
    assert result.by_number(24).distance == 0
    assert result.by_number(24).outs == ()


def test_every_type_is_reported_in_table_order() -> None:
    result = reachability(ROYAL_HAND)
    assert [e.number for e in result.types] == list(range(1, 41))
    data = result.to_dict()
    assert set(data["types"][0]) == {"number", "name", "distance", "outs", "keep", "reason"}


def test_a_seen_tile_making_a_third_copy_is_an_error_naming_it() -> None:
    with pytest.raises(HandError, match="r1"):
        reachability(ROYAL_HAND, seen="r1")
    with pytest.raises(HandError, match="r7"):
        reachability(ROYAL_HAND, seen="r7", trump="r7")


def test_bad_input() -> None:
    with pytest.raises(HandError, match="13 tiles"):
        reachability("r1-13")
    with pytest.raises(NotationError):
        reachability("x5 r1-13")
