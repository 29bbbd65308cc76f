"""What an amendment changed, "was → now", for both faces (``session amend`` and
``session show`` in the terminal, the news and the history on the page).

>>> from types import SimpleNamespace as Version  # a RecordedDeal, as far as this goes
>>> old = Version(summary="foot win by dan", deltas={"ann": -15, "bob": 0, "dan": 200})
>>> new = Version(summary="open win by bob", deltas={"ann": -100, "bob": 200, "dan": -100},
...               number=2, amended=True)
>>> change = amend_change(old, new)
>>> change.text()
'foot win by dan → open win by bob; ann -15 → -100, bob 0 → +200, dan +200 → -100'
>>> amend_change(old, old).text()
'no score changed'
>>> amend_changes([new], lambda number: [old, new])[2].ending
'foot win by dan → open win by bob'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

__all__ = ["AmendChange", "amend_change", "amend_changes", "signed"]


def signed(delta: int) -> str:
    """A score change as the faces print it: ``+200``, ``-15``, ``0``.

    >>> signed(200), signed(-15), signed(0)
    ('+200', '-15', '0')
    """
    return f"{delta:+d}" if delta else "0"


class Version(Protocol):
    """What this needs of a version of a deal (a stored ``RecordedDeal``)."""

    @property
    def summary(self) -> str: ...

    @property
    def deltas(self) -> Mapping[str, int]: ...

    @property
    def number(self) -> int: ...

    @property
    def amended(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class AmendChange:
    """How an amended deal ended before and after, and each player's delta that changed."""

    was: str
    now: str
    deltas: tuple[tuple[str, int, int], ...]
    """(player, delta before, delta after) for each player whose delta changed."""

    @property
    def ending(self) -> str | None:
        """``"foot win by dan → open win by bob"``, or None where it ended the same way."""
        return None if self.was == self.now else f"{self.was} → {self.now}"

    def delta_words(self) -> list[str]:
        """``["ann -15 → -100", ...]``: one piece per changed delta, never to be split."""
        return [f"{name} {signed(old)} → {signed(new)}" for name, old, new in self.deltas]

    def text(self) -> str:
        """The whole change in one line; "no score changed" where no delta moved."""
        deltas = ", ".join(self.delta_words()) or "no score changed"
        return deltas if self.ending is None else f"{self.ending}; {deltas}"

    def to_dict(self) -> dict[str, object]:
        return {
            "was": self.was,
            "now": self.now,
            "deltas": [{"player": n, "was": o, "now": w} for n, o, w in self.deltas],
        }


def amend_change(old: Version, new: Version) -> AmendChange:
    """The change from ``old`` (the version an amendment replaced) to ``new``."""
    deltas = tuple(
        (name, old.deltas.get(name, 0), delta)
        for name, delta in new.deltas.items()
        if old.deltas.get(name, 0) != delta
    )
    return AmendChange(old.summary, new.summary, deltas)


def amend_changes(
    deals: Iterable[Version], versions: Callable[[int], Sequence[Version]]
) -> dict[int, AmendChange]:
    """What the last amendment of each amended deal among ``deals`` changed, by deal
    number; ``versions(number)`` gives a deal's versions, oldest first (as
    :meth:`~intlscore.session.ledger.Session.versions` does)."""
    changes: dict[int, AmendChange] = {}
    for deal in deals:
        if deal.amended:
            every = versions(deal.number)
            if len(every) > 1:
                changes[deal.number] = amend_change(every[-2], every[-1])
    return changes
