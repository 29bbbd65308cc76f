"""Scoring a whole deal: every player's score change (R12, R14-R18).

:func:`score_deal` is a pure function. It takes who played, how the deal
ended, and what each loser held, and returns a :class:`DealResult` with every
player's delta and the arithmetic behind it. Every number comes from the deal
table (:mod:`intlscore.rules.deal_table`); a closed win is scored by the scorer.

>>> deal = score_deal(["ann", "bob", "cat"], kind="open", winner="ann",
...                   racks={"bob": "r5 b7 *"}, not_melded=["cat"])
>>> deal.deltas()
{'ann': 100, 'bob': -42, 'cat': -100}
>>> deal.player("bob").why
'rack r5 b7 * = 5 + 7 + 30: -42'
>>> score_deal(["ann", "bob"], kind="foot", winner="ann", discard="*",
...            racks={"bob": "k13 o2"}).deltas()
{'ann': 400, 'bob': -24}

Every problem with the description is a :class:`~intlscore.errors.DealError`
that names it:

>>> score_deal(["ann", "bob"], kind="open", winner="eve", racks={"bob": "r5"})
Traceback (most recent call last):
...
intlscore.errors.DealError: unknown player 'eve' as the winner (the players are ann, bob)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Literal, cast

from intlscore.engine.handcheck import count_problems
from intlscore.engine.notation import parse_tiles
from intlscore.engine.tiles import Tile
from intlscore.errors import DealError, DealTypeError, IntlscoreError, known
from intlscore.rules.deal_table import DealTable
from intlscore.rules.ruleset import Rules, resolve_rules
from intlscore.session.names import name_key

if TYPE_CHECKING:
    from intlscore.engine.score_result import ScoreResult
    from intlscore.rules.hand_table import HandTable

__all__ = [
    "KINDS",
    "CountedRack",
    "DealInput",
    "DealResult",
    "Kind",
    "PlayerScore",
    "Role",
    "Term",
    "check_player_names",
    "counted_rack",
    "rack_tiles",
    "score_deal",
]

Kind = Literal["open", "foot", "closed", "none"]
"""How a deal ended: an open, foot or closed win (R14), or no winner."""
Role = Literal["winner", "melded", "not melded"]

KINDS: Final = ("open", "foot", "closed", "none")
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
MAX_NAME: Final = 40

MAX_COUNTED_JOKERS: Final = 2
"""A counted rack holds at most the set's two jokers (R1, R3)."""
_COUNTED: Final = re.compile(
    r"(?P<points>[0-9]{1,6})(?:\s*\+\s*(?P<jokers>[0-9]{0,3})\s*j)?", re.ASCII | re.IGNORECASE
)
_KIND_WORDS: Final = {"open": "open win", "foot": "foot win", "closed": "closed win", "none": ""}
_JOKER_WORDS: Final = ("no joker", "one joker", "two jokers")


def check_player_names(
    players: Sequence[str],
    what: str = "deal",
    count: tuple[int, int | None] = (MIN_PLAYERS, MAX_PLAYERS),
) -> tuple[str, ...]:
    """Validate the players of a deal or session: 2-4 distinct, usable names (``count``:
    other bounds, ``None`` for no upper one, as a night's roll has).

    A name is non-empty, at most 40 characters, without surrounding spaces,
    control characters or ``=`` (the CLI writes ``name=tiles``). Names are
    matched without regard to case or Unicode form (:func:`~intlscore.session.names.name_key`),
    so ``ann`` and ``Ann`` are one player.

    >>> check_player_names(["ann", "bob"])
    ('ann', 'bob')
    >>> check_player_names(["ann", "bob", "ann"])
    Traceback (most recent call last):
    ...
    intlscore.errors.DealError: player 'ann' is named twice
    >>> check_player_names(["ann", "Ann"])
    Traceback (most recent call last):
    ...
    intlscore.errors.DealError: players 'ann' and 'Ann' are one player (names are matched ...)
    """
    if isinstance(players, str):
        raise DealError(f"players must be a list of names, not one string {players!r}")
    if not isinstance(players, Sequence):
        raise DealTypeError(f"players must be a list of names, not {_shown(players)}")
    names = tuple(players)
    seen: dict[str, str] = {}
    for name in names:
        if not isinstance(name, str):
            raise DealTypeError(f"a player name must be a string, not {_shown(name)}")
        if not name.strip():
            raise DealError("a player name is empty")
        if name != name.strip():
            raise DealError(f"player name {name!r} has spaces around it")
        if "=" in name or not name.isprintable():
            raise DealError(f"player name {name!r} may not hold '=' or control characters")
        if len(name) > MAX_NAME:
            raise DealError(f"player name {name[:20]!r}... is longer than {MAX_NAME} characters")
        key = name_key(name)
        if key in seen:
            if seen[key] == name:
                raise DealError(f"player {name!r} is named twice")
            raise DealError(
                f"players {seen[key]!r} and {name!r} are one player (names are matched"
                " without regard to case or Unicode form)"
            )
        seen[key] = name
    low, high = count
    if len(names) < low or (high is not None and len(names) > high):
        bounds = f"{low} to {high}" if high is not None else f"at least {low}"
        raise DealError(
            f"a {what} has {bounds} players; {len(names)} given"
            + (f" ({', '.join(names)})" if names else "")
        )
    return names


@dataclass(frozen=True, slots=True)
class CountedRack:
    """A loser's rack given as its counted value (R15), not tile by tile: the points of its
    numbered tiles, and its jokers, which count the house's joker value.

    >>> str(CountedRack(42)), str(CountedRack(42, 1)), str(CountedRack(0, 2))
    ('42', '42+1j', '0+2j')
    """

    points: int
    jokers: int = 0

    def __str__(self) -> str:
        return f"{self.points}+{self.jokers}j" if self.jokers else str(self.points)

    def to_dict(self) -> dict[str, int]:
        return {"points": self.points, "jokers": self.jokers}


def counted_rack(text: str, what: str = "the rack") -> CountedRack | None:
    """The counted value a rack is given as, or None when ``text`` is tiles.

    A count starts with a digit (a tile never does, R2): ``42`` is 42 points of numbered
    tiles; ``42+1j`` (or ``42+j``) adds one joker and ``42+2j`` two, each counted at the
    house's joker value (R15); ``0+1j`` is a lone joker. Only the form is checked here:
    whether the rules' tile values can make the points is checked when the deal is scored.

    >>> counted_rack("42"), counted_rack(" 42 + 1J "), counted_rack("r5 b7") is None
    (CountedRack(points=42, jokers=0), CountedRack(points=42, jokers=1), True)
    >>> counted_rack("42+3j", "bob's rack")
    Traceback (most recent call last):
    ...
    intlscore.errors.DealError: bob's rack '42+3j': a rack holds at most 2 jokers (R3)
    >>> counted_rack("42 r5", "bob's rack")
    Traceback (most recent call last):
    ...
    intlscore.errors.DealError: bob's rack '42 r5': write the tiles (like r5 b7 *) or the counted points (like 42, or 42+1j with one joker)
    """  # noqa: E501
    stripped = text.strip()
    if not stripped[:1].isdigit() or not stripped.isascii():
        return None
    found = _COUNTED.fullmatch(stripped)
    if found is None:
        raise DealError(
            f"{what} {_shown(text)}: write the tiles (like r5 b7 *) or the counted points"
            " (like 42, or 42+1j with one joker)"
        )
    jokers_text = found["jokers"]
    jokers = 0 if jokers_text is None else int(jokers_text or "1")
    if jokers > MAX_COUNTED_JOKERS:
        raise DealError(f"{what} {_shown(text)}: a rack holds at most 2 jokers (R3)")
    return CountedRack(int(found["points"]), jokers)


def rack_tiles(text: str, what: str = "the rack") -> list[Tile]:
    """The tiles a rack as typed is known to hold (for R3's count of copies): its tiles,
    or for a counted rack (:func:`counted_rack`) its jokers alone.

    >>> [str(tile) for tile in rack_tiles("r5 *")], [str(tile) for tile in rack_tiles("42+1j")]
    (['r5', '*'], ['*'])
    """
    count = counted_rack(text, what)
    if count is None:
        return _parse(text, what)
    return [Tile.joker()] * count.jokers


def _shown(value: object) -> str:
    """``repr`` of a value in an error message, cut to a readable length."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _name_tuple(key: str, names: object) -> tuple[str, ...]:
    if isinstance(names, str | bytes) or not isinstance(names, tuple | list):
        raise DealTypeError(f"{key} must be a list of names, not {_shown(names)}")
    for name in names:
        if not isinstance(name, str):
            raise DealTypeError(f"{key}: a player name must be a string, not {_shown(name)}")
    return tuple(names)


@dataclass(frozen=True, slots=True)
class DealInput:
    """The description of a deal as given (tiles as typed), as stored in a session ledger.

    ``racks`` keeps the order and any repetition of the input, so that a
    player named twice is reported rather than silently merged.
    """

    players: tuple[str, ...]
    kind: str
    winner: str | None = None
    closed: str | None = None
    """The winner's tiles for a closed win: 14 (with ``discard``) or 15."""
    discard: str | None = None
    racks: tuple[tuple[str, str], ...] = ()
    not_melded: tuple[str, ...] = ()
    trump: str | None = None
    trump_holders: tuple[str, ...] = ()
    first_turn: bool = False
    original_hand: bool = False
    starting_player: bool = False

    def __post_init__(self) -> None:
        """The type checks of every deal, on the way in and on the way back out of a ledger.

        >>> DealInput(("ann", "bob"), "closed", "ann", closed="k1-13 k1", first_turn=0)
        Traceback (most recent call last):
        ...
        intlscore.errors.DealTypeError: first_turn must be True or False, not 0
        """
        put = object.__setattr__
        put(self, "players", _name_tuple("players", self.players))
        if not isinstance(self.kind, str):
            raise DealTypeError(
                f"kind must be a string (one of {', '.join(KINDS)}), not {_shown(self.kind)}"
            )
        for key in ("winner", "closed", "discard", "trump"):
            value = getattr(self, key)
            if value is not None and not isinstance(value, str):
                raise DealTypeError(f"{key} must be a string or None, not {_shown(value)}")
        racks = self.racks
        if isinstance(racks, str | bytes) or not isinstance(racks, tuple | list):
            raise DealTypeError(f"racks must be (name, tiles) pairs, not {_shown(racks)}")
        for pair in racks:
            if (
                not isinstance(pair, tuple | list)
                or len(pair) != 2
                or not all(isinstance(part, str) for part in pair)
            ):
                raise DealTypeError(
                    f"racks: each rack is a (name, tiles) pair of strings, not {_shown(pair)}"
                )
        put(self, "racks", tuple((name, tiles) for name, tiles in racks))
        put(self, "not_melded", _name_tuple("not_melded", self.not_melded))
        put(self, "trump_holders", _name_tuple("trump_holders", self.trump_holders))
        for key in ("first_turn", "original_hand", "starting_player"):
            value = getattr(self, key)
            if type(value) is not bool:
                raise DealTypeError(f"{key} must be True or False, not {_shown(value)}")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; :meth:`from_dict` reads it back.

        >>> raw = DealInput(("ann", "bob"), "open", "ann", racks=(("bob", "r5"),))
        >>> DealInput.from_dict(raw.to_dict()) == raw
        True
        """
        return {
            "players": list(self.players),
            "kind": self.kind,
            "winner": self.winner,
            "closed": self.closed,
            "discard": self.discard,
            "racks": [[name, tiles] for name, tiles in self.racks],
            "not_melded": list(self.not_melded),
            "trump": self.trump,
            "trump_holders": list(self.trump_holders),
            "first_turn": self.first_turn,
            "original_hand": self.original_hand,
            "starting_player": self.starting_player,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DealInput:
        """Read :meth:`to_dict` output back, with exactly the checks of the constructor.

        >>> DealInput.from_dict({"players": ["ann", "bob"], "kind": "open", "first_turn": "no"})
        Traceback (most recent call last):
        ...
        intlscore.errors.DealTypeError: first_turn must be True or False, not 'no'
        """
        if not isinstance(data, Mapping):
            raise DealTypeError(f"a deal input must be a mapping, not {_shown(data)}")
        known = set(cls.__dataclass_fields__)
        unknown = set(data) - known
        if unknown:
            raise DealError(f"deal input: unknown field {sorted(unknown)[0]!r}")
        if "kind" not in data or "players" not in data:
            raise DealError(f"deal input: {'kind' if 'kind' not in data else 'players'} is missing")
        return cls(**data)

    def score(self, table: DealTable | None = None, *, rules: Rules | None = None) -> DealResult:
        """Score this deal under ``rules`` (or the older ``table``; the shipped rules by default).

        The rules' hand table scores a closed win, so a house type counts.
        """
        resolved = resolve_rules(rules, deal_table=table)
        return replace(_score(self, resolved.deals, resolved.hands), rules=resolved)


@dataclass(frozen=True, slots=True)
class Term:
    """One line of a player's arithmetic, before doubling: a label and its points."""

    label: str
    points: int

    def __str__(self) -> str:
        return f"{self.label}: {self.points:+d}"


@dataclass(frozen=True, slots=True)
class PlayerScore:
    """One player's result in a deal."""

    name: str
    role: Role
    delta: int
    """The change to the player's score: the terms added up, times ``factor``."""
    terms: tuple[Term, ...]
    factor: int = 1
    """The joker-discard factor (R12, R17), 1 when the deal is not doubled."""
    rack: tuple[Tile, ...] = ()
    trump_holder: bool = False
    counted: CountedRack | None = None
    """The rack given as its counted value (then ``rack`` is empty: no tile is known)."""

    @property
    def why(self) -> str:
        """The arithmetic in words, e.g. ``rack r5 b7 = 5 + 7: -12; x2 joker discard: -24``."""
        parts = [str(term) for term in self.terms]
        subtotal = sum(term.points for term in self.terms)
        if len(self.terms) > 1:
            parts.append(f"together {subtotal:+d}")
        if self.factor != 1:
            parts.append(f"x{self.factor} joker discard: {self.delta:+d}")
        return "; ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        """The player's JSON; ``counted`` (points, jokers) only for a counted rack."""
        data: dict[str, Any] = {
            "name": self.name,
            "delta": self.delta,
            "why": self.why,
            "role": self.role,
            "rack": [str(tile) for tile in self.rack],
            "terms": [{"label": term.label, "points": term.points} for term in self.terms],
            "trump_holder": self.trump_holder,
        }
        if self.counted is not None:
            data["counted"] = self.counted.to_dict()
        return data


@dataclass(frozen=True, slots=True)
class DealResult:
    """Every player's score change in one deal, with the reasons."""

    players: tuple[PlayerScore, ...]
    """In seat order, as the players were given."""
    kind: Kind
    winner: str | None
    doubled: bool
    """The winner's final discard is a joker (R12): every delta is multiplied (R17)."""
    factor: int
    discard: Tile | None
    trump: Tile | None
    closed: ScoreResult | None
    """The scorer's result for a closed win."""
    input: DealInput
    table: DealTable = field(repr=False)
    rules: Rules | None = field(default=None, repr=False, compare=False)
    """The rules the deal was scored under (its ``table`` is their deal table)."""

    def deltas(self) -> dict[str, int]:
        """``{name: delta}`` in seat order."""
        return {player.name: player.delta for player in self.players}

    def player(self, name: str) -> PlayerScore:
        """The result of one player; :class:`DealError` if there is no such player."""
        for player in self.players:
            if player.name == name:
                return player
        raise DealError(f"no player {name!r} in this deal")

    @property
    def summary(self) -> str:
        """One line: how the deal ended.

        >>> score_deal(["ann", "bob"], kind="none", racks={"ann": "r5", "bob": "k1"}).summary
        'no winner'
        """
        if self.kind == "none" or self.winner is None:
            return "no winner"
        text = f"{_KIND_WORDS[self.kind]} by {self.winner}"
        if self.closed is not None and self.closed.best is not None:
            best = self.closed.best
            text += f": {best.number} {best.name}, {_JOKER_WORDS[self.closed.jokers]}"
        if self.doubled:
            text += f", joker discard x{self.factor}"
        return text

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``intlscore deal --json``."""
        return {
            "players": [player.to_dict() for player in self.players],
            "winner": self.winner,
            "kind": self.kind,
            "doubled": self.doubled,
            "factor": self.factor,
            "summary": self.summary,
            "discard": None if self.discard is None else str(self.discard),
            "trump": None if self.trump is None else str(self.trump),
            "closed": None if self.closed is None else self.closed.to_dict(),
            "house": {
                "joker_on_rack": self.table.joker_on_rack,
                "trump_bonus": self.table.trump_bonus_enabled,
                "table": self.table.source,
            },
            "input": self.input.to_dict(),
        }


def score_deal(
    players: Sequence[str],
    *,
    kind: str,
    winner: str | None = None,
    closed: str | Iterable[Tile] | None = None,
    discard: str | Tile | None = None,
    racks: Mapping[str, str | Iterable[Tile]] | Iterable[tuple[str, str | Iterable[Tile]]] = (),
    not_melded: Iterable[str] = (),
    trump: str | Tile | None = None,
    trump_holders: Iterable[str] = (),
    first_turn: bool = False,
    original_hand: bool = False,
    starting_player: bool = False,
    table: DealTable | None = None,
    rules: Rules | str | Path | None = None,
) -> DealResult:
    """Score one deal of 2-4 players.

    - ``kind``: ``"open"``, ``"foot"``, ``"closed"`` or ``"none"`` (no winner).
    - ``winner``: required unless ``kind`` is ``"none"``.
    - ``closed``: the winner's tiles of a closed win, 14 with ``discard`` or 15
      (the scorer picks the best discard, R13); ``first_turn``,
      ``original_hand`` and ``starting_player`` go to the scorer (types 39, 40).
    - ``discard``: the winner's final discard; a joker doubles the deal
      (R12, R17). For open and foot wins only whether it is a joker matters.
    - ``racks``: ``{name: tiles}`` (or ``(name, tiles)`` pairs) for each loser
      who has melded (R15); ``not_melded``: the losers who have not (R16).
      Every player but the winner is in exactly one of the two.
    - ``trump``: the trump tile; ``trump_holders``: players who held the tile
      identical to it (dealt or drawn). A player whose rack or closed hand
      holds it counts too. The bonus (R18) needs the house option on.
    - ``rules``: a :class:`~intlscore.rules.Rules` or the path of a rules file
      (the shipped rules by default): its types score a closed win, its deal
      table and house options the rest. ``table`` is the older keyword for a
      deal table alone (the shipped types then score a closed win).

    >>> score_deal(["ann", "bob", "cat"], kind="open", winner="ann",
    ...            not_melded=["bob", "cat"]).deltas()  # R14: nobody else melded
    {'ann': 200, 'bob': -100, 'cat': -100}
    """
    if isinstance(racks, Mapping):
        rack_pairs = list(racks.items())
    elif isinstance(racks, str | bytes) or not isinstance(racks, Iterable):
        raise DealTypeError(
            f"racks must be {{name: tiles}} or (name, tiles) pairs, not {_shown(racks)}"
        )
    else:
        rack_pairs = []
        for pair in racks:
            if not isinstance(pair, tuple | list) or len(pair) != 2:
                raise DealError(f"a rack must be a (name, tiles) pair, not {_shown(pair)}")
            rack_pairs.append((pair[0], pair[1]))
    raw = DealInput(
        players=_names("players", players),
        kind=kind,
        winner=winner,
        closed=None if closed is None else _tile_text("closed", closed),
        discard=None if discard is None else _tile_text("discard", discard, one=True),
        racks=tuple((name, _tile_text(f"racks[{name!r}]", tiles)) for name, tiles in rack_pairs),
        not_melded=_names("not_melded", not_melded),
        trump=None if trump is None else _tile_text("trump", trump, one=True),
        trump_holders=_names("trump_holders", trump_holders),
        first_turn=first_turn,
        original_hand=original_hand,
        starting_player=starting_player,
    )
    return raw.score(table, rules=None if rules is None else resolve_rules(rules))


def _names(key: str, names: Iterable[str]) -> tuple[str, ...]:
    """Names as given: one string is one name; anything else must be an iterable of them."""
    if isinstance(names, str):
        return (names,)
    if not isinstance(names, Iterable):
        raise DealTypeError(f"{key} must be a list of names, not {_shown(names)}")
    return tuple(names)


def _tile_text(key: str, tiles: object, *, one: bool = False) -> str:
    """Tiles as text, keeping what the user typed; anything else names the argument."""
    if isinstance(tiles, str):
        return tiles
    if isinstance(tiles, Tile):
        return str(tiles)
    if one or not isinstance(tiles, Iterable):
        raise DealTypeError(f"{key} must be tiles as text (or Tile objects), not {_shown(tiles)}")
    items = list(tiles)
    for tile in items:
        if not isinstance(tile, str | Tile):
            raise DealTypeError(f"{key}: a tile must be text or a Tile, not {_shown(tile)}")
    return " ".join(str(tile) for tile in items)


def _parse(text: str, what: str) -> list[Tile]:
    try:
        return parse_tiles(text)
    except IntlscoreError as error:
        raise DealError(f"{what}: {error}") from None


def _parse_one(text: str, what: str) -> Tile:
    tiles = _parse(text, what)
    if len(tiles) != 1:
        raise DealError(f"{what}: one tile expected, got {len(tiles)} ({text!r})")
    return tiles[0]


class _Roster:
    """The players of one deal, for checks that name the problem."""

    def __init__(self, players: tuple[str, ...]) -> None:
        self.players = players
        folded: dict[str, list[str]] = {}
        for name in players:
            folded.setdefault(name_key(name), []).append(name)
        self._by_case = {key: names[0] for key, names in folded.items() if len(names) == 1}

    def known(self, name: object, role: str) -> str:
        """The player's name as first entered; ``ANN`` finds ``ann`` (matched without case)."""
        if isinstance(name, str):
            if name in self.players:
                return name
            if name_key(name) in self._by_case:
                return self._by_case[name_key(name)]
        raise DealError(
            f"unknown player {_shown(name)} {role} (the players are {', '.join(self.players)})"
        )


def _score(raw: DealInput, table: DealTable, hands: HandTable) -> DealResult:
    players = check_player_names(raw.players)
    roster = _Roster(players)
    kind, winner = _ending(raw, roster)
    racks, counted, not_melded = _losers(raw, roster, winner, table)
    trump, holders = _trump(raw, roster)

    discard = None if raw.discard is None else _parse_one(raw.discard, "the discard")
    closed: ScoreResult | None = None
    winner_tiles: list[Tile] = []
    if kind == "closed":
        winner = known(winner, "the winner of a closed win")
        closed_text = known(raw.closed, "the tiles of a closed win")
        elsewhere = [tile for rack in racks.values() for tile in rack]
        elsewhere += [] if trump is None else [trump]
        closed = _score_closed(
            winner, _parse(closed_text, f"{winner}'s closed hand"), discard, elsewhere, raw, hands
        )
        discard, winner_tiles = closed.discard, list(closed.tiles)
    _check_copies(winner_tiles, discard, racks, trump)
    if trump is not None:  # holding the trump's twin at the end counts too (R18)
        in_hand = [name for name, tiles in racks.items() if trump in tiles]
        if winner is not None and (trump in winner_tiles or discard == trump):
            in_hand.insert(0, winner)
        holders += [name for name in in_hand if name not in holders]

    doubled = discard is not None and discard.is_joker
    factor = table.joker_discard_factor if doubled else 1  # R12, R17
    scores: list[PlayerScore] = []
    for name in players:
        rack: tuple[Tile, ...] = ()
        role: Role
        if name == winner:
            role = "winner"
            terms = [_winner_term(kind, closed, len(not_melded) == len(players) - 1, table)]
        elif name in counted:
            role = "melded"
            terms = [_counted_term(counted[name], table)]
        elif name in racks:
            role, rack = "melded", tuple(racks[name])
            terms = [_rack_term(rack, table)]
        else:
            role = "not melded"
            terms = [_not_melded_term(kind, closed, table)]
        if table.trump_bonus_enabled and name in holders:
            terms.append(Term(f"trump bonus ({trump})", table.trump_bonus_points))  # R18
        delta = sum(term.points for term in terms) * factor
        scores.append(
            PlayerScore(
                name, role, delta, tuple(terms), factor, rack, name in holders, counted.get(name)
            )
        )
    return DealResult(
        players=tuple(scores),
        kind=kind,
        winner=winner,
        doubled=doubled,
        factor=factor,
        discard=discard,
        trump=trump,
        closed=closed,
        input=raw,
        table=table,
    )


def _ending(raw: DealInput, roster: _Roster) -> tuple[Kind, str | None]:
    """How the deal ended, and the winner; the inputs that only fit other endings are errors."""
    if raw.kind not in KINDS:
        raise DealError(f"unknown kind of ending {raw.kind!r} (one of {', '.join(KINDS)})")
    kind = cast(Kind, raw.kind)
    winner: str | None = None
    if kind == "none":
        if raw.winner is not None:
            raise DealError(f"a deal with no winner cannot have a winner ({raw.winner!r} given)")
        if raw.discard is not None:
            raise DealError("a deal with no winner has no winner's discard")
    else:
        if raw.winner is None:
            raise DealError(f"{_describe(kind)} needs a winner")
        winner = roster.known(raw.winner, "as the winner")
    if kind == "closed" and raw.closed is None:
        raise DealError("a closed win needs the winner's tiles (14 and the discard, or 15)")
    if kind != "closed" and raw.closed is not None:
        raise DealError(f"closed-hand tiles were given, but the deal is {_describe(kind)}")
    flags = [
        name
        for name, value in (
            ("first turn", raw.first_turn),
            ("original hand", raw.original_hand),
            ("starting player", raw.starting_player),
        )
        if value
    ]
    if flags and kind != "closed":
        raise DealError(f"{flags[0]} only matters for a closed win, not {_describe(kind)}")
    return kind, winner


def _losers(
    raw: DealInput, roster: _Roster, winner: str | None, table: DealTable
) -> tuple[dict[str, list[Tile]], dict[str, CountedRack], list[str]]:
    """Every loser either melded (with a rack, R15) or not melded (R16), exactly once.

    A rack given as its counted value is in both the first and the second answer: in the
    first as its jokers only (the tiles known, for R3), in the second as its count."""
    roles: dict[str, str] = {} if winner is None else {winner: "the winner"}
    racks: dict[str, list[Tile]] = {}
    counted: dict[str, CountedRack] = {}
    for given, text in raw.racks:
        name = roster.known(given, "given a rack")
        _claim(roles, name, "given a rack")
        count = counted_rack(text, f"{name}'s rack")
        if count is None:
            racks[name] = _parse(text, f"{name}'s rack")
        else:
            counted[name] = _check_count(count, text, f"{name}'s rack", table)
            racks[name] = [Tile.joker()] * count.jokers
    not_melded: list[str] = []
    for given in raw.not_melded:
        name = roster.known(given, "as not melded")
        _claim(roles, name, "not melded")
        not_melded.append(name)
    for name in roster.players:
        if name not in roles:
            raise DealError(f"{name} has neither a rack nor 'not melded'; say which")
    return racks, counted, not_melded


def _check_count(count: CountedRack, text: str, what: str, table: DealTable) -> CountedRack:
    """A count that the rules' tile values can make: nothing, or at least the smallest
    value (R15: a rack of the shipped rules never counts 1), and at most every numbered
    tile of the set (two of each number in four colours)."""
    if count.points == 0 and count.jokers == 0:
        raise DealError(f"{what} {_shown(text)}: a rack counted 0 holds no tile; give its points")
    smallest, largest = min(table.rack_values), 8 * sum(table.rack_values)
    if count.points and not smallest <= count.points <= largest:
        raise DealError(
            f"{what} {_shown(text)}: the numbered tiles of a rack count 0 or {smallest} to"
            f" {largest} (R15: every tile counts at least {smallest})"
        )
    return count


def _trump(raw: DealInput, roster: _Roster) -> tuple[Tile | None, list[str]]:
    """The trump tile and the players named as holding its twin (R18)."""
    trump = None if raw.trump is None else _parse_one(raw.trump, "the trump")
    holders: list[str] = []
    for given in raw.trump_holders:
        name = roster.known(given, "as holding the trump tile")
        if name in holders:
            raise DealError(f"player {name!r} is named twice as holding the trump tile")
        holders.append(name)
    if holders and trump is None:
        raise DealError("trump holders were given, but not the trump")
    return trump, holders


def _describe(kind: Kind) -> str:
    return "a deal with no winner" if kind == "none" else f"a{'n' * (kind == 'open')} {kind} win"


def _claim(roles: dict[str, str], name: str, role: str) -> None:
    if name in roles:
        earlier = roles[name]
        if earlier == role:
            raise DealError(f"player {name!r} is {role} twice")
        raise DealError(f"player {name!r} is both {earlier} and {role}")
    roles[name] = role


def _score_closed(
    winner: str,
    tiles: list[Tile],
    discard: Tile | None,
    known: list[Tile],
    raw: DealInput,
    hands: HandTable,
) -> ScoreResult:
    """The scorer's result; ``known`` are the tiles seen elsewhere (racks, trump; R3)."""
    from intlscore.engine.scoring import score_hand

    try:
        result = score_hand(
            tiles,
            discard=discard,
            known=known,
            first_turn=raw.first_turn,
            original_hand=raw.original_hand,
            starting_player=raw.starting_player,
            table=hands,
        )
    except IntlscoreError as error:
        raise DealError(f"{winner}'s closed hand: {error}") from None
    if result.best is None:
        reasons = "; ".join(result.reasons) or "it fits no closed type"
        raise DealError(f"{winner}'s closed hand is not a closed win: {reasons}")
    return result


def _check_copies(
    winner_tiles: list[Tile],
    discard: Tile | None,
    racks: Mapping[str, list[Tile]],
    trump: Tile | None,
) -> None:
    """R3 across the deal: the tiles named anywhere never exceed two copies."""
    tiles = [*winner_tiles, *([] if discard is None else [discard])]
    for rack in racks.values():
        tiles.extend(rack)
    problems = count_problems(tiles, known=[] if trump is None else [trump])
    if problems:
        raise DealError(f"the tiles of this deal: {'; '.join(problems)} (R3)")


def _winner_term(
    kind: Kind, closed: ScoreResult | None, nobody_else_melded: bool, table: DealTable
) -> Term:
    """R14: open 100 (200 if no other player melded), foot 200, closed the type's score."""
    if kind == "open":
        if nobody_else_melded:
            return Term("open win, no other player melded", table.open_win_no_one_melded)
        return Term("open win", table.open_win)
    if kind == "foot":
        return Term("foot win", table.foot_win)
    closed = known(closed, "the closed win's score")
    best = known(closed.best, "the closed win's type")
    return Term(f"closed win, {best.number} {best.name} ({_JOKER_WORDS[closed.jokers]})", best.base)


def _rack_term(rack: tuple[Tile, ...], table: DealTable) -> Term:
    """R15: the tiles left on the rack of a loser who has melded."""
    values = [table.joker_on_rack if t.is_joker else table.rack_value(t.number) for t in rack]
    shown = " + ".join(str(value) for value in values)
    return Term(f"rack {' '.join(map(str, rack))} = {shown}", -sum(values))


def _counted_term(count: CountedRack, table: DealTable) -> Term:
    """R15 for a rack given as its counted value: the points, and each joker at the house's
    joker value.

    >>> from intlscore.rules.ruleset import default_deal_table
    >>> str(_counted_term(CountedRack(42, 2), default_deal_table()))
    'rack counted 42 + 2 jokers = 42 + 30 + 30: -102'
    """
    if not count.jokers:
        return Term(f"rack counted {count.points}", -count.points)
    jokers = "1 joker" if count.jokers == 1 else f"{count.jokers} jokers"
    values = [count.points, *[table.joker_on_rack] * count.jokers]
    shown = " + ".join(str(value) for value in values)
    return Term(f"rack counted {count.points} + {jokers} = {shown}", -sum(values))


def _not_melded_term(kind: Kind, closed: ScoreResult | None, table: DealTable) -> Term:
    if kind == "closed":
        best = known(known(closed, "the closed win's score").best, "the closed win's type")
        if table.not_melded_closed is None:
            return Term("not melded, loses the winner's amount", -best.base)
        return Term("not melded after a closed win", -table.not_melded_closed)
    amount = {
        "open": table.not_melded_open,
        "foot": table.not_melded_foot,
        "none": table.not_melded_none,
    }[kind]
    after = "with no winner" if kind == "none" else f"after {_describe(kind)}"
    return Term(f"not melded {after}", -amount)
