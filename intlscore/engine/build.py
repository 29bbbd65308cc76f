"""The build seam: the searches that have a C build, offered alike by both builds.

Every search is written in Python, and the hot ones again in C (``native/``, compiled
into ``intlscore._native``). Which build answers is chosen once, when the engine is
imported (``intlscore/engine/__init__.py``): the compiled one where the module was built
and ``INTLSCORE_PURE_PYTHON`` is unset, else the pure-Python one
(:mod:`intlscore.engine.python_build`; the compiled one is
:class:`intlscore.engine.compiled.CompiledBuild`). Both offer the functions of
:class:`Build`, with the same signatures and the same answers; a caller asks
:func:`current` and never which build it has. Tests switch the build with :func:`use`
(``tests/builds.py``).

>>> current().name in ("compiled", "pure Python")
True
>>> from intlscore.engine.notation import parse_tiles
>>> from intlscore.engine.setsearch.pool import Pool
>>> from intlscore.engine.spec import type_spec
>>> from intlscore.rules.ruleset import default_table
>>> basic = type_spec(default_table().by_number(1))
>>> pool = Pool.build(parse_tiles("k1-4 r5 b5 o5 k9-12 r13 b13 o1"), (), None)
>>> current().closest_sets(basic, pool).kept
13
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Generic, Literal, Protocol, TypeVar

from intlscore.engine.native import pure_python_asked

if TYPE_CHECKING:
    from intlscore.engine.facts import HandFacts
    from intlscore.engine.melds import RawMeld
    from intlscore.engine.setsearch.best import Best
    from intlscore.engine.setsearch.pool import Pool
    from intlscore.engine.spec import TypeSpec
    from intlscore.engine.tiles import Tile
    from intlscore.rules.hand_table import HandTable, HandType

BuildName = Literal["compiled", "pure Python"]

Firsts = tuple[list[int | None], list[int | None]]
PlayRow = tuple[int, int, int, tuple[int, int, int], int, int]
"""One type of a play search: its row in the table, its number, R21's draw limit or -1, its
scores, and the slot of a wider type whose hands within the tiles (a mask) that follow are
its own, or -1 and 0 (``odds/slots.py: narrowed_slots``)."""
"""Per row of draws: the first k that completes the type, and the kept tiles (or None)."""


class HoldsTable(Protocol):
    """The holds-checks of one table's types (R22): does a pool hold a type, keeping how
    many real tiles (the reach search with nothing more to draw)."""

    @property
    def types(self) -> tuple[HandType, ...]:
        """The table's types, in table order."""

    def fitting(
        self, tiles: Sequence[Tile], known: Sequence[Tile], wanted: bytes
    ) -> list[int] | None:
        """Indices of the wanted types some 14 of the 14 or 15 tiles form, or None where
        the build does not narrow them (the scorer then asks each type)."""

    def kept(self, hand_type: HandType, pool: Pool) -> int | None:
        """Most real tiles a completed hand of the type keeps, or None when not held."""

    def firsts(
        self,
        hand_type: HandType,
        pool: Pool,
        draws: Sequence[Sequence[int]],
        rows: bytes,
        kmin: int,
        kmax: int,
        within: Sequence[bool] | None,
    ) -> Firsts:
        """Per row of draws (each of the same length, 52 a joker; ``rows`` the same joined
        into bytes): the first k in ``kmin..kmax`` after which the pool holds the type, and
        the kept tiles with ``kmax`` draws. Rows where ``within`` is False are skipped."""

    def play_search(
        self,
        rows: tuple[PlayRow, ...],
        trump_joker: int,
        budget: int,
        last_limited: int,
    ) -> PlaySearch | None:
        """The build's own play search over these types (``native/play.c``), or None
        where the play search's Python (``odds/expectimax.py: Expectimax``) weighs."""


class PlaySearch(Protocol):
    """A compiled play search (R23) of one rack."""

    def value(
        self, hand: bytes, cap: bytes, jokers: int, seen_jokers: int, left: int, draw: int
    ) -> tuple[int, int, tuple[tuple[int, int], ...]] | None:
        """A position's scaled value, as ``Expectimax.weigh``; None over budget."""

    def weighed(self) -> int:
        """The positions weighed so far."""

    def stop(self) -> None:
        """Make the running :meth:`value` (in another thread) raise InterruptedError."""


class Build(Protocol):
    """What each build offers: the set search's modes and the holds-checks."""

    @property
    def name(self) -> BuildName:
        """``"compiled"`` or ``"pure Python"``, for ``intlscore --version``."""

    def closest_sets(self, spec: TypeSpec, pool: Pool) -> Best:
        """The keep-most walk (:func:`.setsearch.keep_most.closest_sets`) for a set-based
        type's spec (:func:`intlscore.engine.spec.type_spec`)."""

    def closest_sets_within(self, spec: TypeSpec, pool: Pool, floor: int) -> Best | None:
        """:meth:`closest_sets` if the closest hands keep ``floor`` tiles or more, else None
        (also when no hand of the type can be drawn to)."""

    def sets_formable(self, spec: TypeSpec, pool: Pool) -> bool:
        """Whether some completed hand of the type can still be drawn to (R3, R20)."""

    def plain_split(
        self, facts: HandFacts, failed: dict[tuple[int, ...], set[tuple[object, ...]]]
    ) -> list[RawMeld] | None:
        """One split into groups and runs (:class:`.setsearch.split.SetSearch`), or None;
        ``failed`` keeps the states known to fail, by the tiles' R3 limits, across calls."""

    def conditioned_split(self, spec: TypeSpec, facts: HandFacts) -> list[RawMeld] | None:
        """One split meeting a set-based type, by its spec
        (:func:`.setsearch.split.conditioned_split`), or None."""

    def discards_leaving_sets(self, facts: HandFacts) -> frozenset[int]:
        """The discards of 15 tiles after which the rest split into sets
        (:func:`.setsearch.split.discards_leaving_sets`)."""

    def holds_table(self, table: HandTable) -> HoldsTable:
        """The holds-checks of a table's types (the compiled ones made once per table)."""


Made = TypeVar("Made")


class PerTable(Generic[Made]):
    """A value made once per table (the last 16 tables' are kept), as the compiled
    build's :meth:`Build.holds_table` is.

    >>> from intlscore.rules.ruleset import default_table
    >>> sizes = PerTable(lambda table: len(tuple(table)))
    >>> sizes(default_table()), len(sizes._made)
    (40, 1)
    """

    def __init__(self, make: Callable[[HandTable], Made]) -> None:
        self._make = make
        self._made: dict[int, tuple[HandTable, Made]] = {}

    def __call__(self, table: HandTable) -> Made:
        cached = self._made.get(id(table))
        if cached is not None and cached[0] is table:
            return cached[1]
        if len(self._made) > 16:
            self._made.clear()
        made = self._make(table)
        self._made[id(table)] = (table, made)
        return made


_current: Build | None = None


def current() -> Build:
    """The build in use."""
    if _current is None:  # only while intlscore.engine itself is being imported
        raise RuntimeError("the engine's build is chosen when intlscore.engine is imported")
    return _current


def use(build: Build) -> Build:
    """Answer with ``build`` from now on (the engine's import, and tests); the one before."""
    global _current
    before, _current = _current, build
    return before if before is not None else build


_told = False


def tell_if_missing() -> None:
    """Say once, on stderr, that the compiled search is missing (not when chosen by the variable).

    >>> tell_if_missing()  # silent when compiled, or when INTLSCORE_PURE_PYTHON chose Python
    """
    global _told
    if current().name == "compiled" or _told or pure_python_asked():
        return
    _told = True
    print(
        "intlscore: the compiled reach search is not installed (it did not build); "
        "using the pure-Python search, which gives the same answers more slowly",
        file=sys.stderr,
    )
