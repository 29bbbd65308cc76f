"""The odds of a rack (R22): per type within 1..N draws, any closed win, the best discard.

>>> from intlscore.engine.odds import odds
>>> result = odds("k1-13 r5", draws=1, samples=100)
>>> basic = next(row for row in result.types if row.number == 1)
>>> basic.distance, basic.exact
(1, True)
"""

from __future__ import annotations

from intlscore.engine.odds.compute import DEFAULT_DRAWS, DEFAULT_SAMPLES, DEFAULT_SEED, odds
from intlscore.engine.odds.odds_result import AnyOdds, DiscardOdds, OddsResult, TypeOdds

__all__ = [
    "DEFAULT_DRAWS",
    "DEFAULT_SAMPLES",
    "DEFAULT_SEED",
    "AnyOdds",
    "DiscardOdds",
    "OddsResult",
    "TypeOdds",
    "odds",
]
