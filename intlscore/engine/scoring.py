"""The scorer's public API: score a closed hand (R10-R13).

>>> result = score_hand("k1-13 k1", discard="r5")
>>> result.best.name, result.best.score, result.jokers, result.doubled
('Royal', 2400, 0, False)
>>> [m.number for m in result.matches]
[1, 22, 23, 24]
>>> score_hand("r1-7 r1-6 *", discard="*").best.score  # R12: a joker discard doubles
4800
>>> best = score_hand("b2 b2 b3 b3 b4 b4 k7 k7 r8 r8 o9 o9 b1 b1 *").best  # R13
>>> best.name, best.score
('Seven pairs minor', 4000)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from intlscore.engine import build
from intlscore.engine.explain import reasons_for, stranded_tiles
from intlscore.engine.facts import HandFacts
from intlscore.engine.matcher import Matcher, RawMatch, wanted_types
from intlscore.engine.melds import RawMeld
from intlscore.engine.rack import Rack, RackKeywords, TileInput, rack_of
from intlscore.engine.score_result import (
    BestMatch,
    Context,
    Meld,
    PlacedTile,
    ScoreResult,
    TypeMatch,
)
from intlscore.engine.tiles import JOKER_INDEX, Tile
from intlscore.rules.hand_table import HAND_SIZE, HandTable

if TYPE_CHECKING:
    from typing import Unpack

_TILES = tuple(Tile(index) for index in range(JOKER_INDEX + 1))
_AS_ITSELF = tuple(PlacedTile(tile) for tile in _TILES)
"""Every placed tile that is not a joker, by tile index (the values are immutable)."""
_JOKER_AS = tuple(PlacedTile(_TILES[JOKER_INDEX], tile) for tile in _TILES)
"""A joker standing for each tile, by the index of the tile it stands for."""


@functools.lru_cache(maxsize=4096)
def _meld(raw: RawMeld) -> Meld:
    """The public meld of a search's raw one; kept, since the types a hand fits share
    their melds, and made of shared placed tiles (most of a fitting hand's scoring)."""
    kind, placed = raw
    return Meld(
        kind,  # type: ignore[arg-type]
        tuple(_AS_ITSELF[rack] if rack != JOKER_INDEX else _JOKER_AS[rep] for rack, rep in placed),
    )


def _type_match(raw: RawMatch, jokers: int) -> TypeMatch:
    hand_type = raw.hand_type
    return TypeMatch(
        number=hand_type.number,
        name=hand_type.name,
        base=hand_type.score_for(jokers),
        melds=tuple(_meld(m) for m in raw.melds),
        position=hand_type.position,
    )


def _split(tiles: Sequence[Tile]) -> tuple[list[int], int]:
    real = [tile.index for tile in tiles if tile.index != JOKER_INDEX]
    return real, len(tiles) - len(real)


# A NamedTuple, not a dataclass: made in a fraction of the time at import, which
# every run of the command line pays.
class _Trial(NamedTuple):
    """The raw outcome of one choice of melded tiles and discard."""

    melded: tuple[Tile, ...]
    discard: Tile | None
    jokers: int
    others: tuple[int, ...]
    raw: tuple[RawMatch, ...]

    @property
    def doubled(self) -> bool:
        return self.discard is not None and self.discard.is_joker


def _trial(
    matcher: Matcher,
    melded: Sequence[Tile],
    discard: Tile | None,
    known: Sequence[Tile],
    only: frozenset[int] | None = None,
) -> _Trial:
    real, jokers = _split(melded)
    others = tuple(t.index for t in known) + (() if discard is None else (discard.index,))
    raw = matcher.matches(real, jokers, others, only=only) if only != frozenset() else []
    return _Trial(tuple(melded), discard, jokers, others, tuple(raw))


def _fitting(
    table: HandTable, wanted: bytes, tiles: Sequence[Tile], known: Sequence[Tile]
) -> frozenset[int] | None:
    """The rows (``HandType.position``) of the types some 14 of the 14 or 15 tiles fit, by
    the build's holds-checks (compiled, they answer in microseconds, where most hands fit
    nothing); None where they do not narrow them. The matcher then only looks for these
    types' melds."""
    checks = build.current().holds_table(table)
    indices = checks.fitting(tiles, known, wanted)
    return None if indices is None else frozenset(checks.types[i].position for i in indices)


def _result(
    matcher: Matcher, trial: _Trial, context: Context, tried: int = 0, note: str = ""
) -> ScoreResult:
    """Build the public result (with reasons when nothing fits) for one trial."""
    matches = tuple(_type_match(m, trial.jokers) for m in trial.raw)
    best = None
    explain = None
    if matches:
        top = max(matches, key=lambda m: (m.base, m.position))  # R11
        best = BestMatch(top, top.base * (2 if trial.doubled else 1))  # R12
    else:

        def explain() -> tuple[str, ...]:
            real, jokers = _split(trial.melded)
            facts = HandFacts.build(real, jokers, trial.others)
            reasons = tuple(reasons_for(facts, matcher.plain_split(facts) is not None))
            return (note, *reasons) if note else reasons

    return ScoreResult(
        tiles=tuple(sorted(trial.melded, key=Tile.rack_key)),
        discard=trial.discard,
        jokers=trial.jokers,
        doubled=trial.doubled,
        best=best,
        matches=matches,
        context=context,
        explain=explain,
        discards_tried=tried,
    )


def score_hand(tiles: Rack | TileInput, **keywords: Unpack[RackKeywords]) -> ScoreResult:
    """Score a closed hand: a :class:`~intlscore.engine.rack.Rack` of 14 tiles (and the
    discard, if known) or 15 tiles, or those tiles and the rack's keywords
    (:class:`~intlscore.engine.rack.RackKeywords`).

    With 15 tiles every distinct discard is tried and the highest final score
    is reported (R13); a joker discard doubles (R12). ``first_turn``,
    ``original_hand`` and ``starting_player`` describe the win for types 39
    and 40. ``seen`` tiles and the ``trump`` (or ``known``, the older name for
    both) count toward the two copies a joker may stand for (R3). ``rules`` (a
    :class:`~intlscore.rules.Rules` or the path of a rules file) gives the types;
    ``table`` is the older keyword for a hand table alone. Bad input raises
    :class:`NotationError` or :class:`HandError`; a bad rules file raises
    :class:`TableError`.
    """
    rack = rack_of(tiles, **keywords)
    hand, discard_tile, seen, trump, context, rules = rack
    known_tiles = seen if trump is None else (*seen, trump)
    matcher = Matcher(rules.hands, context)
    if len(hand) == HAND_SIZE:
        known_all = [*known_tiles] if discard_tile is None else [*known_tiles, discard_tile]
        only = _fitting(matcher.table, matcher.wanted, hand, known_all)
        return _result(matcher, _trial(matcher, hand, discard_tile, known_tiles, only), context)
    only = _fitting(matcher.table, matcher.wanted, hand, known_tiles)
    return _best_discard(matcher, hand, known_tiles, context, only)


def _best_discard(
    matcher: Matcher,
    hand: Sequence[Tile],
    known: Sequence[Tile],
    context: Context,
    only: frozenset[int] | None = None,
) -> ScoreResult:
    """R13: try each distinct discard of 15 tiles and keep the highest final score.

    Each discard is first scored for its best type only, most valuable types
    first and none worth less than the best final score so far; the winner is
    then matched in full. One search finds every discard that leaves tiles
    able to form sets at all (none if two tiles are stranded even with all 15),
    so the set-based types are only searched after those discards.
    """
    real, jokers = _split(hand)
    known_indices = tuple(t.index for t in known)
    facts = HandFacts.build(real, jokers, known_indices)
    stranded = {t.index for t in stranded_tiles(facts)}
    choices = sorted(set(hand), key=Tile.rack_key)
    if only == frozenset():  # the compiled checks found no type: skip to the end
        choices_left: list[Tile] = []
        splittable: frozenset[int] = frozenset()
    else:
        choices_left = choices
        splittable = (
            build.current().discards_leaving_sets(facts) if len(stranded) <= 1 else frozenset()
        )
    # A stranded tile is the likeliest discard, and a joker discard doubles:
    # trying them first raises the bar (min_base) for the rest sooner.
    order = sorted(choices_left, key=lambda t: (t.index not in stranded, not t.is_joker))
    best_key = (0, False, 0, 0)
    best_choice = choices[0]
    for choice in order:
        melded = list(hand)
        melded.remove(choice)
        melded_real, melded_jokers = _split(melded)
        factor = 2 if choice.is_joker else 1  # R12
        base = matcher.best_base(
            melded_real,
            melded_jokers,
            (*known_indices, choice.index),
            sets_possible=choice.index in splittable,
            min_base=-(-best_key[0] // factor),
            only=only,
        )
        # Ties: a joker discard (R17 doubles the losers too), the base, rack order.
        key = (base * factor, choice.is_joker, base, -choices.index(choice))
        if base and key > best_key:
            best_key, best_choice = key, choice
    melded = list(hand)
    if best_key[0]:
        melded.remove(best_choice)
        trial = _trial(matcher, melded, best_choice, known, only)
        return _result(matcher, trial, context, len(choices))
    # Nothing scores: show a discard of a tile no set can use, if there is one.
    chosen = next((t for t in choices if t.index in stranded), choices[0])
    melded.remove(chosen)
    note = "no discard leaves 14 tiles that fit a type"
    trial = _trial(matcher, melded, chosen, known, frozenset())
    return _result(matcher, trial, context, len(choices), note)


def types_fitting(
    tiles: Rack | TileInput, **keywords: Unpack[RackKeywords]
) -> dict[int, TypeMatch]:
    """Every type that some 14 of these 14 or 15 tiles (a rack's, or the tiles and the
    rack's keywords) fit, by type number.

    For 15 tiles this is the union over every discard, without any doubling; a rack's
    discard beside 14 tiles, its seen tiles and its trump count toward R3.

    >>> sorted(types_fitting("k1-13 k1 *"))
    [1, 22, 23, 24]
    """
    rack = rack_of(tiles, **keywords)
    hand, discard, seen, trump, context, rules = rack
    known_tiles = [*seen] if trump is None else [*seen, trump]
    if discard is not None:
        known_tiles.append(discard)
    found: dict[int, TypeMatch] = {}
    only = _fitting(rules.hands, wanted_types(rules.hands, context), hand, known_tiles)
    if only == frozenset():
        return found  # most hands: no matcher needed
    matcher = Matcher(rules.hands, context)
    choices: list[Tile | None] = [None]
    if len(hand) > HAND_SIZE:
        choices = [*sorted(set(hand), key=Tile.rack_key)]
    for choice in choices:
        melded = list(hand)
        if choice is not None:
            melded.remove(choice)
        real, jokers = _split(melded)
        others = [t.index for t in known_tiles] + ([] if choice is None else [choice.index])
        for raw in matcher.matches(real, jokers, others, only=only):
            found.setdefault(raw.hand_type.number, _type_match(raw, jokers))
    return found
