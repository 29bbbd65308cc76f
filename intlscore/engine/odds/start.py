"""What the odds (R22) and the play odds (R23) of a rack start from: the rules' table,
the seen tiles, the trump, reach's answer (R20) and the pool of what can still be drawn.

>>> start = set_up("k1-13 r5", seen="r13", trump=None)
>>> len(start.reach.tiles), start.pool.unseen(start.seen[0].index), len(start.table)
(14, 1, 40)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from intlscore.engine.rack import Rack, RackKeywords, TileInput, rack_of
from intlscore.engine.reach import ReachResult, reach_of
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.tiles import Tile
from intlscore.rules.hand_table import HandTable

if TYPE_CHECKING:
    from typing import Unpack


class Start(NamedTuple):
    """A checked rack with what the odds of it start from."""

    table: HandTable
    seen: tuple[Tile, ...]
    trump: Tile | None
    reach: ReachResult
    pool: Pool


def set_up(tiles: Rack | TileInput, **keywords: Unpack[RackKeywords]) -> Start:
    """Reach a :class:`~intlscore.engine.rack.Rack` (or the tiles and the rack's keywords;
    bad input raises one clear error), and count what can still be drawn. The odds read
    only the distances: no type's blocking tiles are named (``reason`` None)."""
    rack = rack_of(tiles, **keywords)
    reach = reach_of(rack, reasons=False)
    pool = Pool.build(rack.tiles, rack.seen, rack.trump)
    return Start(rack.hands, rack.seen, rack.trump, reach, pool)
