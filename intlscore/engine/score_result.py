"""Result objects of the scorer.

The Python API returns these; the JSON output is :meth:`ScoreResult.to_dict`;
the rich view renders them. No presentation logic lives here beyond plain
strings.

>>> from intlscore.engine.tiles import Tile, JOKER
>>> meld = Meld("run", (PlacedTile(Tile.of("r", 5)), PlacedTile(JOKER, Tile.of("r", 6)),
...                     PlacedTile(Tile.of("r", 7))))
>>> meld.strings(), meld.jokers_stand_for()
(['r5', '*', 'r7'], [Tile('r6')])
>>> str(meld)
'r5 *(r6) r7'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, NamedTuple

from intlscore.engine.context import NO_CONTEXT as NO_CONTEXT  # re-exported
from intlscore.engine.context import Context as Context  # re-exported
from intlscore.engine.tiles import Tile

MeldKind = Literal["group", "run", "pair", "sequence", "tiles"]
"""``tiles`` is the single "meld" of a type whose tiles need no sets (Piccolo odd, ...)."""


# NamedTuples, not dataclasses (intlscore/values.py says why): immutable, compared and
# hashed by value, copied with ``_replace``.


class _PlacedFields(NamedTuple):
    tile: Tile
    stands_for: Tile


class PlacedTile(_PlacedFields):
    """A tile in a meld; for a joker, ``stands_for`` is the tile it represents (R7).

    >>> PlacedTile(Tile("r5")) == PlacedTile(Tile("r5"), Tile("r5"))
    True
    """

    __slots__ = ()

    def __new__(cls, tile: Tile, stands_for: Tile | None = None) -> PlacedTile:
        return super().__new__(cls, tile, tile if stands_for is None else stands_for)

    @property
    def represented(self) -> Tile:
        """The tile this position counts as: itself, or what the joker stands for."""
        return self.stands_for

    @property
    def is_joker(self) -> bool:
        return self.tile.is_joker

    def __str__(self) -> str:
        return f"*({self.represented})" if self.is_joker else str(self.tile)


class Meld(NamedTuple):
    """One group, run, pair or sequence of a decomposition."""

    kind: MeldKind
    tiles: tuple[PlacedTile, ...]

    def strings(self) -> list[str]:
        """Tile strings as on the rack, jokers as ``*``."""
        return [str(placed.tile) for placed in self.tiles]

    def jokers_stand_for(self) -> list[Tile]:
        return [placed.represented for placed in self.tiles if placed.is_joker]

    def __str__(self) -> str:
        return " ".join(str(placed) for placed in self.tiles)


class TypeMatch(NamedTuple):
    """One closed-hand type that the 14 tiles fit, with one decomposition proving it."""

    number: int
    name: str
    base: int
    """The table's score for this type in the hand's joker column (before doubling)."""
    melds: tuple[Meld, ...]
    position: int
    """The row's position in the table (0-based); R11 breaks ties by it."""

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "name": self.name, "base": self.base}


class BestMatch(NamedTuple):
    """The type that counts (R11) and its final score (R12)."""

    match: TypeMatch
    score: int

    @property
    def number(self) -> int:
        return self.match.number

    @property
    def name(self) -> str:
        return self.match.name

    @property
    def base(self) -> int:
        return self.match.base

    @property
    def melds(self) -> tuple[Meld, ...]:
        return self.match.melds

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "name": self.name,
            "base": self.base,
            "score": self.score,
            "melds": [meld.strings() for meld in self.melds],
            "stands_for": [[str(t) for t in meld.jokers_stand_for()] for meld in self.melds],
        }


class LazyReasons:
    """Why no type fits, worked out on first call and then kept.

    On hands that fit nothing the reasons are most of the scorer's work, and
    ``types_fitting``-style callers never read them. They follow from the result's
    tiles, so they never decide whether two results are equal; a pickled copy
    carries them worked out.

    >>> calls = []
    >>> lazy = LazyReasons(lambda: calls.append(1) or ("why",))
    >>> lazy(), lazy(), calls
    (('why',), ('why',), [1])
    >>> lazy == LazyReasons(lambda: ()), lazy
    (True, LazyReasons(...))
    """

    __slots__ = ("_explain", "_value")

    def __init__(
        self,
        explain: Callable[[], tuple[str, ...]] | None = None,
        value: tuple[str, ...] | None = None,
    ) -> None:
        self._explain = explain
        self._value = value

    def __call__(self) -> tuple[str, ...]:
        if self._value is None:
            self._value = () if self._explain is None else self._explain()
            self._explain = None
        return self._value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LazyReasons)

    def __hash__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return "LazyReasons(...)"

    def __reduce__(self) -> tuple[Any, ...]:
        return (LazyReasons, (None, self()))


class _ResultFields(NamedTuple):
    tiles: tuple[Tile, ...]
    discard: Tile | None
    jokers: int
    doubled: bool
    best: BestMatch | None
    matches: tuple[TypeMatch, ...]
    context: Context
    explain: LazyReasons | None
    discards_tried: int


class ScoreResult(_ResultFields):
    """Everything the scorer says about one closed hand.

    - ``tiles``: the 14 melded tiles, in rack order;
    - ``discard``: the discard, or None;
    - ``jokers``: jokers among the 14 melded tiles, the table column (R10);
    - ``doubled``: the discard is a joker (R12);
    - ``best``: the type that counts, or None;
    - ``matches``: every type the 14 tiles fit, in table order;
    - ``context``: when the win happened (types 39 and 40);
    - ``explain``: works out :attr:`reasons` when first read (None when a type fits);
    - ``discards_tried``: how many distinct discards were weighed (R13); 0 when the
      discard was given.

    >>> import pickle
    >>> from intlscore.engine.scoring import score_hand
    >>> result = score_hand("k1 k3 k5 k7 k9 k11 k13 r2 r4 r6 r8 r10 r12 b7")
    >>> pickle.loads(pickle.dumps(result)) == result, result.reasons != ()
    (True, True)
    """

    __slots__ = ()

    def __new__(
        cls,
        tiles: tuple[Tile, ...],
        discard: Tile | None,
        jokers: int,
        doubled: bool,
        best: BestMatch | None,
        matches: tuple[TypeMatch, ...],
        context: Context = NO_CONTEXT,
        explain: Callable[[], tuple[str, ...]] | LazyReasons | None = None,
        discards_tried: int = 0,
    ) -> ScoreResult:
        if explain is not None and not isinstance(explain, LazyReasons):
            explain = LazyReasons(explain)
        return super().__new__(
            cls, tiles, discard, jokers, doubled, best, matches, context, explain, discards_tried
        )

    @property
    def reasons(self) -> tuple[str, ...]:
        """Why no type fits, in plain words (empty when ``best`` is set).

        Computed on first use, then kept (see :class:`LazyReasons`).
        """
        return () if self.explain is None else self.explain()

    @property
    def score(self) -> int:
        """The final score, 0 when no type fits."""
        return 0 if self.best is None else self.best.score

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``intlscore score --json``."""
        return {
            "tiles": [str(tile) for tile in self.tiles],
            "discard": None if self.discard is None else str(self.discard),
            "jokers": self.jokers,
            "doubled": self.doubled,
            "best": None if self.best is None else self.best.to_dict(),
            "matches": [match.to_dict() for match in self.matches],
            "context": self.context.to_dict(),
            "reasons": list(self.reasons),
        }
