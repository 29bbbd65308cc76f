"""Plain-words reasons why 14 tiles fit no type.

>>> from intlscore.engine.facts import HandFacts
>>> from intlscore.engine.tiles import tile_index
>>> tiles = [tile_index(c, 5) for c in range(4)] + [tile_index(0, n) for n in range(1, 10)]
>>> facts = HandFacts.build(tiles + [tile_index(0, 13)], jokers=0)
>>> [str(t) for t in stranded_tiles(facts)]
['k13']
"""

from __future__ import annotations

from intlscore.engine.facts import HandFacts
from intlscore.engine.melds import HIGH_ONE, position_tile
from intlscore.engine.pair_melds import unpaired
from intlscore.engine.tiles import Tile


def _can_group(facts: HandFacts, index: int) -> bool:
    base = index - index % 4
    partners = sum(1 for c in range(4) if base + c != index and facts.counts[base + c])
    return partners + facts.jokers >= 2


def _can_run(facts: HandFacts, index: int) -> bool:
    colour, number = index % 4, index // 4 + 1
    for position in (1, HIGH_ONE) if number == 1 else (number,):
        for start in range(max(1, position - 2), min(position, HIGH_ONE - 2) + 1):
            missing = [
                position_tile(colour, p)
                for p in range(start, start + 3)
                if p != position and not facts.counts[position_tile(colour, p)]
            ]
            fillable = all(facts.cap[t] >= missing.count(t) for t in missing)
            if len(missing) <= facts.jokers and fillable:
                return True
    return False


def stranded_tiles(facts: HandFacts) -> list[Tile]:
    """Real tiles that cannot be in any group or run made from this hand (R4, R5)."""
    return sorted(
        Tile(index)
        for index, count in enumerate(facts.counts)
        if count and not _can_group(facts, index) and not _can_run(facts, index)
    )


def has_stranded_tile(facts: HandFacts) -> bool:
    """Whether some real tile cannot be in any group or run (a quick "no split" test).

    Worked out by bit masks of numbers (:func:`_has_stranded_tile_by_masks`); the
    tile-by-tile :func:`_has_stranded_tile_by_tile` is the reference it is tested on.

    >>> from intlscore.engine.tiles import tile_index
    >>> run = [tile_index(0, n) for n in (12, 13, 1)]
    >>> has_stranded_tile(HandFacts.build(run, jokers=0))
    False
    >>> has_stranded_tile(HandFacts.build(run + [tile_index(1, 7)], jokers=0))
    True
    >>> has_stranded_tile(HandFacts.build(run + [tile_index(1, 7)], jokers=2))
    False
    """
    return _has_stranded_tile_by_masks(facts)


def _has_stranded_tile_by_tile(facts: HandFacts) -> bool:
    """:func:`has_stranded_tile` tile by tile (the reference for the masks)."""
    return any(
        count and not _can_group(facts, index) and not _can_run(facts, index)
        for index, count in enumerate(facts.counts)
    )


_NUMBERS = sum(1 << n for n in range(1, 14))
_RUN_STARTS = sum(1 << n for n in range(1, HIGH_ONE - 1))
"""Run positions 1-12: where a run of three may start (the last one is 12-13-1, R5)."""


def _has_stranded_tile_by_masks(facts: HandFacts) -> bool:
    """:func:`has_stranded_tile` by bit masks of numbers, one colour at a time (R3-R5).

    A tile can be in a group when its number shows in three colours, counting each
    joker as one more colour (so with two jokers every tile can). It can be in a
    run when some three positions around it (a 1 also high, after the 13) are held
    or left to the jokers: at most one position per joker, each a tile a joker may
    still stand for (R3: not two copies among the known tiles).
    """
    jokers = facts.jokers
    if jokers >= 2:
        return False  # every tile groups with two jokers
    a, b, c, d = facts.colour_numbers
    if jokers:
        groupable = (a & (b | c | d)) | (b & (c | d)) | (c & d)
        blocked = _blocked_by_colour(facts)
    else:
        groupable = (a & b & (c | d)) | (c & d & (a | b))
    for colour, held in enumerate(facts.colour_numbers):
        lone = held & ~groupable
        if not lone:
            continue
        if held & 2:
            held |= 1 << HIGH_ONE  # the 1 also after the 13
        if jokers:
            starts = _run_starts_with_one_joker(held, blocked[colour])
        else:
            starts = held & (held >> 1) & (held >> 2)
        covered = starts | starts << 1 | starts << 2
        if covered >> HIGH_ONE & 1:
            covered |= 2
        if lone & ~covered & _NUMBERS:
            return True
    return False


def _run_starts_with_one_joker(held: int, blocked: int) -> int:
    """Bit s set when a run may take positions s, s+1, s+2 of one colour with one joker:
    two of them held, the third held or a tile the joker may stand for."""
    if blocked & 2:
        blocked |= 1 << HIGH_ONE
    usable = ~blocked
    two_held = (held & held >> 1) | (held & held >> 2) | (held >> 1 & held >> 2)
    return usable & usable >> 1 & usable >> 2 & two_held & _RUN_STARTS


def _blocked_by_colour(facts: HandFacts) -> tuple[int, int, int, int]:
    """Per colour, bit n set when no joker may stand for that tile: it is not held and
    both copies are among the other known tiles (R3)."""
    blocked = [0, 0, 0, 0]
    for index, (count, cap) in enumerate(zip(facts.counts, facts.cap, strict=True)):
        if cap <= 0 and not count:
            blocked[index & 3] |= 1 << ((index >> 2) + 1)
    return blocked[0], blocked[1], blocked[2], blocked[3]


def reasons_for(facts: HandFacts, sets_possible: bool) -> list[str]:
    """Why no set-based type and no seven-pairs type fits, in a line or two."""
    reasons: list[str] = []
    stranded = stranded_tiles(facts)
    if stranded:
        names = ", ".join(str(tile) for tile in stranded)
        reasons.append(f"{names} cannot join any group or run")
    elif not sets_possible:
        reasons.append("every tile fits some group or run, but not all of them at once")
    singles = unpaired(facts)
    if len(singles) > facts.jokers:
        jokers = {0: "no joker", 1: "one joker"}.get(facts.jokers, f"{facts.jokers} jokers")
        reasons.append(
            f"seven pairs: {len(singles)} tiles have no twin and there is {jokers} to pair them"
            if facts.jokers < 2
            else f"seven pairs: {len(singles)} tiles have no twin and only {jokers} to pair them"
        )
    return reasons
