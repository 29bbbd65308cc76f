"""The two formulas of the odds: the hypergeometric chance and the Wilson interval.

A type one draw away is complete as soon as one of its outs is drawn (R22):
among ``unseen`` tiles of which ``outs`` help, the chance of at least one in
``draws`` draws without replacement is ``1 - C(unseen - outs, draws) / C(unseen, draws)``.

>>> at_least_one(outs=8, unseen=80, draws=1)
0.1
>>> round(at_least_one(outs=8, unseen=80, draws=2), 6)  # 1 - (72 * 71) / (80 * 79)
0.191139
>>> low, high = wilson(50, 100)
>>> round(low, 4), round(high, 4)
(0.4038, 0.5962)
"""

from __future__ import annotations

import math
from fractions import Fraction
from statistics import NormalDist

CONFIDENCE = 0.95
Z95 = NormalDist().inv_cdf(1 - (1 - CONFIDENCE) / 2)


def at_least_one(outs: int, unseen: int, draws: int) -> float:
    """Exact chance of drawing at least one of ``outs`` tiles in ``draws`` draws from ``unseen``."""
    draws = min(draws, unseen)
    if draws <= 0 or outs <= 0:
        return 0.0
    miss = Fraction(math.comb(unseen - outs, draws), math.comb(unseen, draws))
    return float(1 - miss)


def wilson(successes: int, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a binomial proportion."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


def samples_for(half_width: float) -> int:
    """Samples that make every Wilson interval at most ``half_width`` either side.

    >>> samples_for(0.02)
    2401
    """
    return math.ceil((Z95 / half_width) ** 2 / 4)
