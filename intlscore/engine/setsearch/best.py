"""The best completed hands found by a search: most hand tiles kept, with every out.

A search offers each completed hand it finds as ``(kept, outs, keep)``: how many
real hand tiles it keeps, a bit mask of the tile indices it still has to draw,
and the kept tiles as a packed count (two bits per tile index). :class:`Best`
keeps the highest ``kept``; on a tie it unions the outs (every tile some closest
completed hand draws) and keeps the keep that :func:`prefers` (the lowest
tiles), so every search, compiled or not, shows the same keep.

>>> best = Best()
>>> best.offer(3, 0b100, 0b010001)  # tiles 0 and 2
>>> best.offer(3, 0b001, 0b000101)  # tiles 0 and 1: preferred
>>> best.offer(2, 0b010, 0b000010)
>>> best.kept, bin(best.outs), bin(best.keep)
(3, '0b101', '0b101')
"""

from __future__ import annotations

from typing import TypeVar

Key = TypeVar("Key")

Value = tuple[int, int, int]
"""``(kept, outs, keep)``: one closest completed hand, or the best of several."""


class Best:
    """Running maximum of kept tiles, with the union of outs at that maximum.

    >>> best = Best()
    >>> best.offer(3, 0b01, 1); best.offer(3, 0b10, 4); best.offer(2, 0b100, 8)
    >>> best, best == Best(3, 3, 1)
    (Best(kept=3, outs=3, keep=1), True)
    """

    # A plain slotted class, not a dataclass: created at every start (intlscore/values.py).
    __slots__ = ("keep", "kept", "outs")

    def __init__(self, kept: int = -1, outs: int = 0, keep: int = 0) -> None:
        self.kept = kept
        self.outs = outs
        self.keep = keep

    def __repr__(self) -> str:
        return f"Best(kept={self.kept}, outs={self.outs}, keep={self.keep})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Best):
            return NotImplemented
        return (self.kept, self.outs, self.keep) == (other.kept, other.outs, other.keep)

    __hash__ = None  # type: ignore[assignment]  # it changes: not a dict key

    def offer(self, kept: int, outs: int, keep: int) -> None:
        """Record one completed hand."""
        if kept > self.kept:
            self.kept, self.outs, self.keep = kept, outs, keep
        elif kept == self.kept:
            self.outs |= outs
            if prefers(keep, self.keep):
                self.keep = keep

    @property
    def found(self) -> bool:
        return self.kept >= 0


def prefers(new: int, old: int) -> bool:
    """Whether keep ``new`` is shown rather than ``old`` (both keep as many tiles).

    The rule every search follows, so that the keep does not depend on which
    search answered: at the lowest tile index where the two differ, the
    preferred keep holds more copies. A dynamic programme may keep one keep per
    state: adding the same later tiles to both never changes which is preferred.

    >>> prefers(0b0101, 0b010001), prefers(0b010001, 0b0101), prefers(5, 5)
    (True, False, False)
    >>> prefers(0b10, 0b01)  # two copies of tile 0 before one
    True
    """
    diff = new ^ old
    if not diff:
        return False
    shift = ((diff & -diff).bit_length() - 1) & ~1
    return (new >> shift & 3) > (old >> shift & 3)


def offer_state(states: dict[Key, Value], key: Key, value: Value) -> None:
    """Keep the best ``(kept, outs, keep)`` per state key, as :meth:`Best.offer` does.

    >>> states: dict[tuple[int, ...], tuple[int, int, int]] = {}
    >>> offer_state(states, (1,), (3, 0b01, 0b1001))  # tile 0 once, tile 1 twice
    >>> offer_state(states, (1,), (3, 0b10, 0b0110))  # tile 0 twice: preferred
    >>> offer_state(states, (1,), (2, 0b100, 7))
    >>> states
    {(1,): (3, 3, 6)}
    """
    old = states.get(key)
    if old is None or value[0] > old[0]:
        states[key] = value
    elif value[0] == old[0]:
        keep = value[2] if prefers(value[2], old[2]) else old[2]
        states[key] = (old[0], old[1] | value[1], keep)


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
