"""Reachability (R20): how many draws each closed-hand type is from a hand.

Distance = 14 minus the most hand tiles (jokers included) a completed hand of
the type can keep, where every tile the completed hand still lacks can be
drawn: a copy of it is unseen (not in the hand, not the trump, not seen). Each
structure family has its own search over the table's data (the set search's
:mod:`~intlscore.engine.setsearch.keep_most`, :mod:`.anytiles`, :mod:`.pairs`,
:mod:`.sequences`); none lists complete hands.

>>> from intlscore.engine.reach import reachability
>>> result = reachability("k1 k1 r2 r2 b3 b3 o4 o4 k5 k5 r6 b7 o8 k9")
>>> pairs = result.by_number(35)
>>> pairs.distance, len(pairs.keep)
(2, 12)
"""

from __future__ import annotations

from intlscore.engine.reach.driver import reach_of, reachability
from intlscore.engine.reach.near import NearReach
from intlscore.engine.reach.near_search import near_reach
from intlscore.engine.reach.reach_result import Out, ReachResult, TypeReach

__all__ = [
    "NearReach",
    "Out",
    "ReachResult",
    "TypeReach",
    "near_reach",
    "reach_of",
    "reachability",
]
