"""The C build of the play search's expectimax (``native/play.c``), where it serves.

The compiled search weighs the same positions in the same order as
:meth:`.Expectimax.weigh`, with the same memo and budget, so it gives the same answer; its
values are 64-bit integers, so it serves only where the largest possible value fits.
"""

from __future__ import annotations

import math

from intlscore.engine import build
from intlscore.engine.build import PlaySearch
from intlscore.engine.odds.positions import Scaled, unseen_counts
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.tiles import JOKER_INDEX
from intlscore.rules.hand_table import HandTable, HandType


class CompiledSearch:
    """The C build of :meth:`Expectimax.value` (``native/play.c``): the same positions in the
    same order, the same memo and budget, so the same answer; a value is a 64-bit
    integer there, so it serves only where the largest possible value fits."""

    def __init__(self, search: PlaySearch) -> None:
        self._search = search

    @classmethod
    def of(
        cls,
        table: HandTable,
        types: list[tuple[HandType, int | None]],
        narrowed: list[tuple[int, int] | None],
        budget: int,
        last_limited: int,
        root: Pool,
        draws: int,
    ) -> CompiledSearch | None:
        """The compiled search of a rack (``root``, 14 or 15 tiles, and N ``draws``), or
        None where the build has none or where a value might not fit in 64 bits."""
        if len(types) > MOST_COMPILED_TYPES:
            return None
        unseen = sum(unseen_counts(root))
        most = max((max(hand_type.scores) for hand_type, _ in types), default=0) * 2
        if math.perm(unseen, min(draws, unseen)) * max(most, 1) >= 2**62:
            return None
        checks = build.current().holds_table(table)
        rows = tuple(
            (
                checks.types.index(hand_type),
                hand_type.number,
                -1 if limit is None else limit,
                hand_type.scores,
                *((-1, 0) if narrow is None else narrow),
            )
            for (hand_type, limit), narrow in zip(types, narrowed, strict=True)
        )
        search = checks.play_search(
            rows, int(root.trump == JOKER_INDEX), min(budget, 2**62), last_limited
        )
        return None if search is None else cls(search)

    def value(self, pool: Pool, left: int, draw: int) -> Scaled | None:
        """The scaled value of a position, or None when over budget."""
        return self._search.value(
            bytes(pool.hand), bytes(pool.cap), pool.jokers, pool.seen_jokers, left, draw
        )

    def weighed(self) -> int:
        return self._search.weighed()

    def stop(self) -> None:
        """Makes the running :meth:`value` (in another thread) raise InterruptedError."""
        self._search.stop()


MOST_COMPILED_TYPES = 64
"""The C build holds at most this many types (``MAX_TYPES`` in ``native/play.c``)."""
