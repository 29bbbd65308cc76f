"""intlscore: exact scoring for International Rummikub.

The public API, importable from the package itself:

>>> import intlscore
>>> result = intlscore.score_hand("k1-13 k1", discard="r5")
>>> result.best.name, result.best.score
('Royal', 2400)
>>> intlscore.parse_tiles("r3-5 *")
[Tile('r3'), Tile('r4'), Tile('r5'), Tile('*')]

Names are loaded on first use, so ``import intlscore`` (and the CLI's start-up)
stays light.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

_EXPORTS = {
    "reachability": "intlscore.reach",
    "ReachResult": "intlscore.reach",
    "score_deal": "intlscore.deal",
    "DealResult": "intlscore.deal",
    "DealInput": "intlscore.deal",
    "Session": "intlscore.ledger",
    "Ledger": "intlscore.ledger",
    "settle": "intlscore.settlement",
    "Settlement": "intlscore.settlement",
    "SettlementError": "intlscore.settlement",
    "DealTable": "intlscore.deal_table",
    "load_deal_table": "intlscore.deal_table",
    "default_deal_table": "intlscore.deal_table",
    "Tile": "intlscore.tiles",
    "JOKER": "intlscore.tiles",
    "parse_tiles": "intlscore.notation",
    "parse_tile": "intlscore.notation",
    "format_tiles": "intlscore.notation",
    "score_hand": "intlscore.scoring",
    "types_fitting": "intlscore.scoring",
    "ScoreResult": "intlscore.result",
    "Context": "intlscore.result",
    "HandTable": "intlscore.table",
    "HandType": "intlscore.table",
    "load_table": "intlscore.table",
    "default_table": "intlscore.table",
    "IntlscoreError": "intlscore.errors",
    "NotationError": "intlscore.errors",
    "HandError": "intlscore.errors",
    "TableError": "intlscore.errors",
    "DealError": "intlscore.errors",
    "LedgerError": "intlscore.errors",
}

__all__ = [
    "JOKER",
    "Context",
    "DealError",
    "DealInput",
    "DealResult",
    "DealTable",
    "HandError",
    "HandTable",
    "HandType",
    "IntlscoreError",
    "Ledger",
    "LedgerError",
    "NotationError",
    "ReachResult",
    "ScoreResult",
    "Session",
    "Settlement",
    "SettlementError",
    "TableError",
    "Tile",
    "default_deal_table",
    "default_table",
    "format_tiles",
    "load_deal_table",
    "load_table",
    "parse_tile",
    "parse_tiles",
    "reachability",
    "score_deal",
    "score_hand",
    "settle",
    "types_fitting",
]

if TYPE_CHECKING:
    from intlscore.deal import DealInput, DealResult, score_deal
    from intlscore.deal_table import DealTable, default_deal_table, load_deal_table
    from intlscore.errors import (
        DealError,
        HandError,
        IntlscoreError,
        LedgerError,
        NotationError,
        TableError,
    )
    from intlscore.ledger import Ledger, Session
    from intlscore.notation import format_tiles, parse_tile, parse_tiles
    from intlscore.reach import ReachResult, reachability
    from intlscore.result import Context, ScoreResult
    from intlscore.scoring import score_hand, types_fitting
    from intlscore.settlement import Settlement, SettlementError, settle
    from intlscore.table import HandTable, HandType, default_table, load_table
    from intlscore.tiles import JOKER, Tile


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'intlscore' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])
