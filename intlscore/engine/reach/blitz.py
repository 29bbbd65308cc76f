"""How many draws the context leaves for types 39 and 40 (R21).

A Grand blitz (``when`` has ``original_hand``) is the dealt hand itself: no
draw is allowed. A Little blitz (``when`` has ``first_turn``) allows the draws
of one first turn: one for a 14-tile hand of a player who did not start, none
for a 15-tile hand or the starting player. Other types have no limit (None).

>>> from intlscore.engine.score_result import Context
>>> from intlscore.rules.ruleset import default_table
>>> little, grand = default_table().by_number(39), default_table().by_number(40)
>>> draws_allowed(little, Context(first_turn=True), 14)
1
>>> draws_allowed(little, Context(first_turn=True, starting_player=True), 14)
0
>>> draws_allowed(grand, Context(original_hand=True), 14)
0
>>> print(too_far_reason(grand, 1, 0, Context(original_hand=True), 14))
Grand blitz is the hand as dealt, so no draw is allowed (R21), and it is 1 draw away
"""

from __future__ import annotations

from intlscore.engine.context import Context
from intlscore.rules.hand_table import HAND_SIZE, HandType


def draws_allowed(hand_type: HandType, context: Context, hand_size: int) -> int | None:
    """The most draws the context leaves to reach the type, or None for no limit (R21)."""
    if "original_hand" in hand_type.when:
        return 0
    if "first_turn" in hand_type.when:
        return 1 if hand_size == HAND_SIZE and not context.starting_player else 0
    return None


def too_far_reason(
    hand_type: HandType, distance: int, allowed: int, context: Context, hand_size: int
) -> str:
    """Why a type further than the draws left is unreachable, in plain words (R21)."""
    away = f"it is {distance} draw{'s' if distance != 1 else ''} away"
    if "original_hand" in hand_type.when:
        why = "is the hand as dealt, so no draw is allowed"
    elif allowed == 1:
        why = "allows the one draw of a first turn"
    elif context.starting_player:
        why = "allows no draw for the starting player, who draws nothing on the first turn"
    else:
        why = f"allows no draw for a hand of {hand_size} tiles on the first turn"
    return f"{hand_type.name} {why} (R21), and {away}"
