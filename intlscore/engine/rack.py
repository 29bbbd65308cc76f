"""A rack: one player's tiles with what is known around them, parsed and checked once.

A :class:`Rack` holds the 14 or 15 tiles (R10), the final discard if one is given, the
tiles seen out of play and the face-up trump (both count toward the two copies of each
tile, R3), when the win happens (types 39 and 40) and the rules in force. Every question
of the engine takes one: :func:`~intlscore.engine.scoring.score_hand`,
:func:`~intlscore.engine.scoring.types_fitting`,
:func:`~intlscore.engine.reach.reachability`, :func:`~intlscore.engine.reach.near_reach`,
:func:`~intlscore.engine.odds.odds` and :func:`~intlscore.engine.odds.play.play_odds`.

>>> from intlscore.engine.scoring import score_hand
>>> from intlscore.engine.reach import reachability
>>> rack = Rack("k1-13 k1", discard="r5")
>>> score_hand(rack).best.name
'Royal'
>>> Rack("k1-13 k1", discard="k1")
Traceback (most recent call last):
...
intlscore.errors.HandError: three copies of k1 (the set has two)
>>> [reachability(Rack("r1-4 r6-13 r1 k5", seen=seen)).by_number(24).distance
...  for seen in ("", "r5 r5")]  # with both r5 out of play, only a black Royal is left
[1, 13]

Those functions also take the tiles and the rack's keywords (:class:`RackKeywords`, the
same for all of them: ``score_hand("k1-13 k1", discard="r5")``), and build the rack with
:func:`rack_of`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple, TypedDict

from intlscore.engine.context import NO_CONTEXT, Context
from intlscore.engine.handcheck import check_closed_hand
from intlscore.engine.notation import format_tiles, optional_tile, parse_tiles
from intlscore.engine.tiles import Tile
from intlscore.errors import HandError, InputTypeError
from intlscore.rules.hand_table import HandTable
from intlscore.rules.ruleset import Rules, default_rules, resolve_rules

if TYPE_CHECKING:
    from pathlib import Path
    from typing import Unpack

TileInput = str | Iterable[str | Tile]
"""Tiles as the API takes them: one string (``"r3-5 *"``), or strings and :class:`Tile`\\ s."""


class _RackFields(NamedTuple):
    tiles: tuple[Tile, ...]
    discard: Tile | None
    seen: tuple[Tile, ...]
    trump: Tile | None
    context: Context
    rules: Rules


class Rack(_RackFields):
    """One player's tiles, what is known around them, the context and the rules (R3, R10).

    - ``tiles``: the 14 or 15 tiles, in the order given;
    - ``discard``: the final discard beside 14 tiles (the scorer's ``--discard``), or None;
    - ``seen``: tiles known to be out of play (discards, other players' melds);
    - ``trump``: the face-up trump, or None;
    - ``context``: when the win happens (:class:`~intlscore.engine.context.Context`);
    - ``rules``: the :class:`~intlscore.rules.Rules` in force (a rules file is read).

    Tiles are read as :func:`~intlscore.engine.notation.parse_tiles` reads them; the
    flags must be real ``bool``\\ s. Bad input raises one error naming it:
    :class:`~intlscore.errors.NotationError`, :class:`~intlscore.errors.HandError` (a
    count: 14 tiles and the discard, or 15 tiles, and at most two copies of each tile
    with the seen tiles and the trump), :class:`~intlscore.errors.InputTypeError` or a
    rules file's :class:`~intlscore.errors.TableError`. Like the results, a rack is an
    immutable ``NamedTuple``: it compares, hashes and pickles by value.

    >>> rack = Rack("r1-7 r1-6 *", seen="k9", trump="o4", first_turn=True)
    >>> len(rack.tiles), rack.known, rack.context.first_turn, len(rack.hands)
    (14, (Tile('k9'), Tile('o4')), True, 40)
    >>> rack == Rack(["r1-7", "r1-6", "*"], seen=["k9"], trump="o4", first_turn=True)
    True
    >>> Rack("r1-7 r1-6 * k9").throw(Tile.of("k", 9))
    Rack('r1 r2 r3 r4 r5 r6 r7 r1 r2 r3 r4 r5 r6 *', seen='k9')
    """

    __slots__ = ()

    def __new__(
        cls,
        tiles: TileInput,
        *,
        discard: str | Tile | None = None,
        seen: TileInput = (),
        trump: str | Tile | None = None,
        first_turn: bool = False,
        original_hand: bool = False,
        starting_player: bool = False,
        rules: Rules | str | Path | None = None,
    ) -> Rack:
        hand = parse_tiles(tiles)
        if (
            discard is None
            and not seen
            and trump is None
            and rules is None
            and first_turn is False
            and original_hand is False
            and starting_player is False
        ):
            return _tiles_alone(hand)
        discard_tile = None if discard is None else optional_tile(discard, "discard")
        seen_tiles = parse_tiles(seen, argument="seen", allow_empty=True) if seen else []
        trump_tile = None if trump is None else optional_tile(trump, "trump")
        known = seen_tiles if trump_tile is None else [*seen_tiles, trump_tile]
        check_closed_hand(hand, discard_tile, known=known)
        if first_turn is False and original_hand is False and starting_player is False:
            context = NO_CONTEXT  # the common case, without checking each flag again
        else:
            context = Context(first_turn, original_hand, starting_player)
        resolved = default_rules() if rules is None else resolve_rules(rules)
        fields = (tuple(hand), discard_tile, tuple(seen_tiles), trump_tile, context, resolved)
        return tuple.__new__(cls, fields)

    @property
    def known(self) -> tuple[Tile, ...]:
        """The tiles known out of play: the seen tiles, then the trump."""
        return self.seen if self.trump is None else (*self.seen, self.trump)

    @property
    def hands(self) -> HandTable:
        """The closed-hand table of the rules."""
        return self.rules.hands

    def throw(self, tile: Tile) -> Rack:
        """The 14 tiles left when a 15-tile rack throws ``tile`` back: it is out of play for
        good (R3), so it joins the seen tiles."""
        rest = list(self.tiles)
        rest.remove(tile)
        return self._replace(tiles=tuple(rest), seen=(*self.seen, tile))

    def _replace(self, **changes: Any) -> Rack:
        """A copy with fields changed, checked again as a new rack is.

        >>> Rack("k1-13 k1")._replace(discard=Tile.of("k", 1))
        Traceback (most recent call last):
        ...
        intlscore.errors.HandError: three copies of k1 (the set has two)
        """
        return _made(self._asdict() | changes)

    def without_discard(self) -> Rack:
        """This rack, for a question about the draws to come (reach, the odds): it has no
        discard.

        >>> Rack("k1-13 k1", discard="r5").without_discard()
        Traceback (most recent call last):
        ...
        intlscore.errors.HandError: reach and the odds take 14 or 15 tiles and no discard; count a thrown tile as seen
        """  # noqa: E501
        if self.discard is not None:
            raise HandError(
                "reach and the odds take 14 or 15 tiles and no discard; count a thrown tile as seen"
            )
        return self

    def __repr__(self) -> str:
        parts = [repr(format_tiles(self.tiles))]
        if self.discard is not None:
            parts.append(f"discard={str(self.discard)!r}")
        if self.seen:
            parts.append(f"seen={format_tiles(self.seen)!r}")
        if self.trump is not None:
            parts.append(f"trump={str(self.trump)!r}")
        parts.extend(f"{flag}=True" for flag, value in self.context.to_dict().items() if value)
        if self.rules != default_rules():
            parts.append(f"rules=<{self.rules.name}>")
        return f"Rack({', '.join(parts)})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuilt, (tuple(self),))


def _rebuilt(fields: tuple[Any, ...]) -> Rack:
    """A rack from its pickled fields (checked again)."""
    return _made(dict(zip(Rack._fields, fields, strict=True)))


def _made(fields: dict[str, Any]) -> Rack:
    """A rack from its fields by name, made (and checked) as a new one is."""
    context = fields.pop("context")
    return Rack(**fields, **context.to_dict())


class RackKeywords(TypedDict, total=False):
    """The keywords every question takes beside its tiles to make its :class:`Rack`:
    the rack's own, and the older names the questions took before it (``known``, the
    scorer's name for the seen tiles and the trump; ``context`` for the three flags;
    ``table``, a hand table or its file, for ``rules``)."""

    discard: str | Tile | None
    seen: TileInput
    trump: str | Tile | None
    known: TileInput
    first_turn: bool
    original_hand: bool
    starting_player: bool
    context: Context
    rules: Rules | str | Path | None
    table: HandTable | Rules | str | Path | None


def _tiles_alone(hand: list[Tile]) -> Rack:
    """``Rack(tiles)`` of parsed tiles with nothing else given, the common case: checked
    the same, made without the keywords' work (most of a fitting test of a hand that
    fits nothing, the scorer's commonest question)."""
    check_closed_hand(hand, None)
    return tuple.__new__(Rack, (tuple(hand), None, (), None, NO_CONTEXT, default_rules()))


_KEYWORDS = frozenset(RackKeywords.__annotations__)
_FLAGS = ("first_turn", "original_hand", "starting_player")


def rack_of(tiles: Rack | TileInput, **keywords: Unpack[RackKeywords]) -> Rack:
    """The rack of a question's arguments: a :class:`Rack` as it is, or one made from the
    tiles and the keywords (:class:`RackKeywords`).

    A rack with keywords beside it, an unknown keyword, or one given under two names is an
    :class:`~intlscore.errors.InputTypeError` (a ``TypeError``).

    >>> rack_of("k1-13 k1", known="r5", table=resolve_rules()).seen
    (Tile('r5'),)
    >>> rack = Rack("k1-13 k1")
    >>> rack_of(rack) is rack
    True
    >>> rack_of(rack, seen="r5")
    Traceback (most recent call last):
    ...
    intlscore.errors.InputTypeError: give a Rack or seen=, not both: the rack holds it
    >>> rack_of("k1-13 k1", sen="r5")  # type: ignore[call-arg]
    Traceback (most recent call last):
    ...
    intlscore.errors.InputTypeError: unexpected keyword argument 'sen'
    """
    if isinstance(tiles, Rack):
        if keywords:
            name = next(iter(keywords))
            raise InputTypeError(f"give a Rack or {name}=, not both: the rack holds it")
        return tiles
    if not keywords:
        return _tiles_alone(parse_tiles(tiles))
    unknown = sorted(keywords.keys() - _KEYWORDS)
    if unknown:
        raise InputTypeError(f"unexpected keyword argument {unknown[0]!r}")
    seen = keywords.get("seen", ())
    known = keywords.get("known", ())
    if known:
        if seen:
            raise InputTypeError("give seen= or known=, not both")
        seen = parse_tiles(known, argument="known", allow_empty=True)
    first_turn = keywords.get("first_turn", False)
    original_hand = keywords.get("original_hand", False)
    starting_player = keywords.get("starting_player", False)
    context = keywords.get("context")
    if context is not None:
        if not isinstance(context, Context):
            raise InputTypeError(f"context must be a Context, not {context!r}"[:80])
        if any(flag in keywords for flag in _FLAGS):
            raise InputTypeError("give context= or the flags, not both")
        first_turn, original_hand, starting_player = context
    rules = keywords.get("rules")
    table = keywords.get("table")
    if table is not None:
        rules = resolve_rules(rules, table=table)
    return Rack(
        tiles,
        discard=keywords.get("discard"),
        seen=seen,
        trump=keywords.get("trump"),
        first_turn=first_turn,
        original_hand=original_hand,
        starting_player=starting_player,
        rules=rules,
    )
