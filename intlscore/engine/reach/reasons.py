"""Plain words for a type no sequence of draws can reach (R20).

A type is out of reach either because of the context (types 39, 40) or
because tiles it needs are used up: both copies known (seen or the trump), or
one known when it needs both. For a fixed sequence of one colour the reason is
given per colour ("Royal in red needs r5, both seen"); otherwise it names the
tiles any one of which, if it were still unseen, would make the type reachable.

>>> from intlscore.engine.notation import parse_tiles
>>> from intlscore.engine.setsearch.pool import Pool
>>> from intlscore.rules.ruleset import default_table
>>> seen = parse_tiles("k5 k5 r5 r5 b5 b5 o5 o5")
>>> pool = Pool.build(parse_tiles("r1-13 k1"), seen, None)
>>> print(blocked_reason(default_table().by_number(24), pool))
Royal in black needs k5, both seen; in red needs r5, both seen; in blue needs b5, both seen; in orange needs o5, both seen
"""  # noqa: E501

from __future__ import annotations

from itertools import product

from intlscore.engine.context import Context
from intlscore.engine.melds import position_tile
from intlscore.engine.reach.solve import closest, sequence_problem
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.spec import SAME_NEIGHBOURS, SEQUENCE, TypeSpec, type_spec
from intlscore.engine.tiles import COLOUR_NAMES, COPIES, Tile
from intlscore.rules.hand_table import HandType

MAX_NAMED = 6


def context_reason(hand_type: HandType, context: Context) -> str:
    """Why the context rules a type out (the ``when`` flags)."""
    needs = []
    if "first_turn" in hand_type.when and not context.first_turn:
        needs.append("a win on the first turn (--first-turn)")
    if "original_hand" in hand_type.when and not context.original_hand:
        needs.append("the hand as dealt (--original-hand)")
    if "not_starting_player" in hand_type.when and context.starting_player:
        needs.append("a player who did not start")
    return f"{hand_type.name} needs " + " and ".join(needs)


def blocked_reason(hand_type: HandType, pool: Pool) -> str:
    """Why no completed hand of the type can be drawn to, naming the blocking tiles."""
    spec = type_spec(hand_type)
    problem = sequence_problem(spec) if spec.structure == SEQUENCE else None
    if problem is not None:
        return f"{hand_type.name}: {problem}"
    if spec.structure == SEQUENCE and spec.neighbours == SAME_NEIGHBOURS:
        return f"{hand_type.name} " + _per_colour(spec, pool)
    blockers = [
        index
        for index in range(52)
        if pool.cap[index] < COPIES and _unblocks(hand_type, pool, index)
    ]
    if not blockers:
        return f"{hand_type.name}: too many of the tiles it needs are seen or the trump"
    named = [f"{Tile(i)}, {pool.known_words(i)}" for i in blockers[:MAX_NAMED]]
    more = f" (and {len(blockers) - MAX_NAMED} more)" if len(blockers) > MAX_NAMED else ""
    if len(named) == 1:
        return f"{hand_type.name} needs {named[0]}"
    return f"{hand_type.name} needs one of: " + "; ".join(named) + more


def _unblocks(hand_type: HandType, pool: Pool, index: int) -> bool:
    cap = list(pool.cap)
    cap[index] = COPIES
    return closest(hand_type, pool._replace(cap=tuple(cap))).found


def _per_colour(spec: TypeSpec, pool: Pool) -> str:
    """Per choice of colours for a one-colour sequence type, the tiles it lacks."""
    parts = []
    for colours in product(range(4), repeat=spec.repeat):
        if spec.distinct_colours and len(set(colours)) < len(colours):
            continue
        if spec.colours >= 0 and len(set(colours)) != spec.colours:
            continue
        if spec.repeat > 1 and list(colours) != sorted(colours):
            continue  # the same hand with the sequences swapped
        needed: dict[int, int] = {}
        for colour in colours:
            for position in spec.sequence:
                cell = position_tile(colour, position)
                needed[cell] = needed.get(cell, 0) + 1
        missing = [
            _need_words(cell, count, pool)
            for cell, count in sorted(needed.items())
            if count > pool.cap[cell]
        ]
        where = " and ".join(dict.fromkeys(COLOUR_NAMES[c] for c in colours))
        if missing:
            parts.append(f"in {where} needs " + ", ".join(missing))
    return "; ".join(parts)


def _need_words(cell: int, count: int, pool: Pool) -> str:
    tile = Tile(cell)
    if count > 1:
        return f"{tile} twice, {pool.known_words(cell)}"
    return f"{tile}, {pool.known_words(cell)}"
