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
from dataclasses import dataclass, field
from typing import Any, Literal

from intlscore.engine.context import NO_CONTEXT as NO_CONTEXT  # re-exported
from intlscore.engine.context import Context as Context  # re-exported
from intlscore.engine.tiles import Tile

MeldKind = Literal["group", "run", "pair", "sequence", "tiles"]
"""``tiles`` is the single "meld" of a type whose tiles need no sets (Piccolo odd, ...)."""


@dataclass(frozen=True, slots=True)
class PlacedTile:
    """A tile in a meld; for a joker, ``stands_for`` is the tile it represents (R7)."""

    tile: Tile
    stands_for: Tile | None = None

    def __post_init__(self) -> None:
        if self.stands_for is None:
            object.__setattr__(self, "stands_for", self.tile)

    @property
    def represented(self) -> Tile:
        """The tile this position counts as: itself, or what the joker stands for."""
        assert self.stands_for is not None
        return self.stands_for

    @property
    def is_joker(self) -> bool:
        return self.tile.is_joker

    def __str__(self) -> str:
        return f"*({self.represented})" if self.is_joker else str(self.tile)


@dataclass(frozen=True, slots=True)
class Meld:
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


@dataclass(frozen=True, slots=True)
class TypeMatch:
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


@dataclass(frozen=True, slots=True)
class BestMatch:
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


@dataclass(frozen=True, slots=True)
class ScoreResult:
    """Everything the scorer says about one closed hand."""

    tiles: tuple[Tile, ...]
    """The 14 melded tiles, in rack order."""
    discard: Tile | None
    jokers: int
    """Jokers among the 14 melded tiles: the table column (R10)."""
    doubled: bool
    """The discard is a joker (R12)."""
    best: BestMatch | None
    matches: tuple[TypeMatch, ...]
    """Every type the 14 tiles fit, in table order."""
    context: Context = field(default_factory=Context)
    explain: Callable[[], tuple[str, ...]] | None = field(default=None, repr=False, compare=False)
    """Works out :attr:`reasons` when first read (most callers never read them)."""
    discards_tried: int = 0
    """How many distinct discards were weighed (R13); 0 when the discard was given."""
    _reasons: tuple[str, ...] | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def reasons(self) -> tuple[str, ...]:
        """Why no type fits, in plain words (empty when ``best`` is set).

        Computed on first use, then kept: on hands that fit nothing this is most
        of the scorer's work, and ``types_fitting``-style callers never need it.
        """
        if self._reasons is None:
            reasons = () if self.explain is None else self.explain()
            object.__setattr__(self, "_reasons", reasons)
            return reasons
        return self._reasons

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle with the reasons worked out (``explain`` is a closure)."""
        return (_restored, (self.with_reasons(),))

    def with_reasons(self) -> dict[str, Any]:
        """The fields, with the reasons in place of ``explain``."""
        return {
            "tiles": self.tiles,
            "discard": self.discard,
            "jokers": self.jokers,
            "doubled": self.doubled,
            "best": self.best,
            "matches": self.matches,
            "context": self.context,
            "reasons": self.reasons,
            "discards_tried": self.discards_tried,
        }

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


def _restored(fields: dict[str, Any]) -> ScoreResult:
    """A pickled :class:`ScoreResult` back, its reasons already known.

    >>> import pickle
    >>> from intlscore.engine.scoring import score_hand
    >>> result = score_hand("k1 k3 k5 k7 k9 k11 k13 r2 r4 r6 r8 r10 r12 b7")
    >>> pickle.loads(pickle.dumps(result)).reasons == result.reasons != ()
    True
    """
    reasons = fields.pop("reasons")
    result = ScoreResult(**fields)
    object.__setattr__(result, "_reasons", reasons)
    return result
