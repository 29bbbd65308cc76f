"""The best completed hands found by a search: most hand tiles kept, with every out.

A search offers each completed hand it finds as ``(kept, outs, keep)``: how many
real hand tiles it keeps, a bit mask of the tile indices it still has to draw,
and the kept tiles as a packed count (two bits per tile index). :class:`Best`
keeps the highest ``kept``; on a tie it unions the outs (every tile some closest
completed hand draws) and keeps the first ``keep``.

>>> best = Best()
>>> best.offer(3, 0b100, 1)
>>> best.offer(3, 0b001, 5)
>>> best.offer(2, 0b010, 7)
>>> best.kept, bin(best.outs), best.keep
(3, '0b101', 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

Key = TypeVar("Key")

Value = tuple[int, int, int]
"""``(kept, outs, keep)``: one closest completed hand, or the best of several."""


def combine(first: Value, second: Value) -> Value:
    """Two parts of one completed hand taken together (disjoint tiles).

    >>> combine((3, 0b01, 1), (2, 0b10, 4))
    (5, 3, 5)
    """
    return (first[0] + second[0], first[1] | second[1], first[2] + second[2])


@dataclass(slots=True)
class Best:
    """Running maximum of kept tiles, with the union of outs at that maximum."""

    kept: int = -1
    outs: int = 0
    keep: int = 0

    def offer(self, kept: int, outs: int, keep: int) -> None:
        """Record one completed hand."""
        if kept > self.kept:
            self.kept, self.outs, self.keep = kept, outs, keep
        elif kept == self.kept:
            self.outs |= outs

    @property
    def found(self) -> bool:
        return self.kept >= 0


def offer_state(states: dict[Key, Value], key: Key, value: Value) -> None:
    """Keep the best ``(kept, outs, keep)`` per state key, as :meth:`Best.offer` does.

    >>> states: dict[tuple[int, ...], tuple[int, int, int]] = {}
    >>> offer_state(states, (1,), (3, 0b01, 5))
    >>> offer_state(states, (1,), (3, 0b10, 6))
    >>> offer_state(states, (1,), (2, 0b100, 7))
    >>> states
    {(1,): (3, 3, 5)}
    """
    old = states.get(key)
    if old is None or value[0] > old[0]:
        states[key] = value
    elif value[0] == old[0]:
        states[key] = (old[0], old[1] | value[1], old[2])


def unpack_keep(packed: int) -> list[int]:
    """Tile indices of a packed count, lowest first.

    >>> unpack_keep((2 << 0) | (1 << 10))
    [0, 0, 5]
    """
    out: list[int] = []
    index = 0
    while packed:
        out.extend([index] * (packed & 3))
        packed >>= 2
        index += 1
    return out


def mask_indices(mask: int) -> list[int]:
    """Set bits of a mask, lowest first.

    >>> mask_indices(0b10110)
    [1, 2, 4]
    """
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask -= low
    return out
