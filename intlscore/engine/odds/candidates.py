"""The types a rack can reach within N draws, and the draws that count for each (R21, R22).

>>> from intlscore.engine.reach import reachability
>>> from intlscore.rules.ruleset import default_table
>>> reach = reachability("k1-13 r5", original_hand=True)
>>> found = candidates_within(reach, default_table(), 2, 14)
>>> [c.hand_type.number for c in found][:3], all(c.limit == 2 for c in found)
([1, 19, 22], True)
"""

from __future__ import annotations

from dataclasses import dataclass

from intlscore.engine.reach import ReachResult, TypeReach
from intlscore.engine.reach.blitz import draws_allowed
from intlscore.errors import known
from intlscore.rules.hand_table import HandTable, HandType


@dataclass(frozen=True, slots=True)
class Candidate:
    """A type reachable within the draws: its reach entry and the draws that count (R21)."""

    hand_type: HandType
    reach: TypeReach
    limit: int

    @property
    def distance(self) -> int:
        return known(self.reach.distance, "a candidate's distance")


def candidates_within(
    reach: ReachResult, table: HandTable, draws: int, hand_size: int
) -> list[Candidate]:
    found = []
    for hand_type, entry in zip(table, reach.types, strict=True):
        if entry.distance is None or entry.distance > draws:
            continue
        allowed = draws_allowed(hand_type, reach.context, hand_size)
        limit = draws if allowed is None else min(draws, allowed)
        found.append(Candidate(hand_type, entry, limit))
    return found
