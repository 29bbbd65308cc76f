"""One rack's starting point for the odds (R22) and the play odds (R23): the rules' table,
the seen tiles, the trump, reach's answer (R20) and the pool of what can still be drawn.

>>> rack = set_up("k1-13 r5", seen="r13", trump=None)
>>> len(rack.reach.tiles), rack.pool.unseen(rack.seen[0].index), len(rack.table)
(14, 1, 40)
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

from intlscore.engine.notation import optional_tile, parse_tiles
from intlscore.engine.reach import ReachResult, reachability
from intlscore.engine.scoring import resolve_table
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.tiles import Tile
from intlscore.rules import Rules
from intlscore.rules.hand_table import HandTable

TileInput = str | Iterable[str | Tile]


class Rack(NamedTuple):
    """A checked rack with what the odds of it start from."""

    table: HandTable
    seen: list[Tile]
    trump: Tile | None
    reach: ReachResult
    pool: Pool


def set_up(
    tiles: TileInput,
    *,
    seen: TileInput = (),
    trump: str | Tile | None = None,
    first_turn: bool = False,
    original_hand: bool = False,
    starting_player: bool = False,
    rules: Rules | str | Path | None = None,
    table: HandTable | str | Path | None = None,
) -> Rack:
    """Parse and check the rack (bad input raises one clear error), and reach it."""
    hand_table = resolve_table(table, rules)
    trump_tile = optional_tile(trump, "trump")
    seen_tiles = parse_tiles(seen, argument="seen", allow_empty=True)
    reach = reachability(
        tiles,
        seen=seen_tiles,
        trump=trump_tile,
        first_turn=first_turn,
        original_hand=original_hand,
        starting_player=starting_player,
        table=hand_table,
    )
    pool = Pool.build(list(reach.tiles), seen_tiles, trump_tile)
    return Rack(hand_table, seen_tiles, trump_tile, reach, pool)
