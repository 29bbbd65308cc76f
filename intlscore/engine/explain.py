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
from intlscore.engine.pairs import unpaired
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

    >>> from intlscore.engine.tiles import tile_index
    >>> run = [tile_index(0, n) for n in (12, 13, 1)]
    >>> has_stranded_tile(HandFacts.build(run, jokers=0))
    False
    >>> has_stranded_tile(HandFacts.build(run + [tile_index(1, 7)], jokers=0))
    True
    """
    if not facts.jokers:
        return _has_stranded_tile_no_joker(facts)
    return _has_stranded_tile_by_tile(facts)


def _has_stranded_tile_by_tile(facts: HandFacts) -> bool:
    """:func:`has_stranded_tile` tile by tile, with jokers (the reference for the masks)."""
    return any(
        count and not _can_group(facts, index) and not _can_run(facts, index)
        for index, count in enumerate(facts.counts)
    )


_NUMBERS = sum(1 << n for n in range(1, 14))


def _has_stranded_tile_no_joker(facts: HandFacts) -> bool:
    """:func:`has_stranded_tile` without jokers, by bit masks of numbers (R4, R5).

    A tile can be in a group when three colours hold its number, and in a run
    when it and two neighbours of its colour are held (a 1 also high, after 13).
    """
    a, b, c, d = facts.colour_numbers
    groupable = (a & b & (c | d)) | (c & d & (a | b))
    for held in facts.colour_numbers:
        lone = held & ~groupable
        if not lone:
            continue
        if held & 2:
            held |= 1 << HIGH_ONE  # the 1 also after the 13
        starts = held & (held >> 1) & (held >> 2)
        covered = starts | starts << 1 | starts << 2
        if covered >> HIGH_ONE & 1:
            covered |= 2
        if lone & ~covered & _NUMBERS:
            return True
    return False


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
