"""intlscore: exact scoring for International Rummikub.

The public API, importable from the package itself:

>>> import intlscore
>>> result = intlscore.score_hand("k1-13 k1", discard="r5")
>>> result.best.name, result.best.score
('Royal', 2400)
>>> intlscore.parse_tiles("r3-5 *")
[Tile('r3'), Tile('r4'), Tile('r5'), Tile('*')]

A :class:`Rack` holds one player's tiles with what is known around them (the discard,
the seen tiles, the trump, when the win happens, the rules), checked once; every question
takes one:

>>> rack = intlscore.Rack("r1-4 r6-13 r1 k5", seen="k1")
>>> intlscore.reachability(rack).by_number(24).distance
1

Names are loaded on first use, so ``import intlscore`` (and the CLI's start-up)
stays light.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

_EXPORTS = {
    "reachability": "intlscore.engine.reach",
    "ReachResult": "intlscore.engine.reach",
    "odds": "intlscore.engine.odds",
    "OddsResult": "intlscore.engine.odds",
    "score_deal": "intlscore.session.deal",
    "DealResult": "intlscore.session.deal",
    "DealInput": "intlscore.session.deal",
    "Session": "intlscore.session.ledger",
    "Ledger": "intlscore.session.ledger",
    "settle": "intlscore.session.settlement",
    "Settlement": "intlscore.session.settlement",
    "SettlementError": "intlscore.errors",
    "Rules": "intlscore.rules.ruleset",
    "default_rules": "intlscore.rules.ruleset",
    "load_rules": "intlscore.rules.ruleset",
    "parse_rules": "intlscore.rules.ruleset",
    "RulesError": "intlscore.errors",
    "DealTable": "intlscore.rules.deal_table",
    "load_deal_table": "intlscore.rules.deal_table",
    "default_deal_table": "intlscore.rules.ruleset",
    "Tile": "intlscore.engine.tiles",
    "JOKER": "intlscore.engine.tiles",
    "parse_tiles": "intlscore.engine.notation",
    "parse_tile": "intlscore.engine.notation",
    "format_tiles": "intlscore.engine.notation",
    "Rack": "intlscore.engine.rack",
    "score_hand": "intlscore.engine.scoring",
    "types_fitting": "intlscore.engine.scoring",
    "ScoreResult": "intlscore.engine.score_result",
    "Context": "intlscore.engine.score_result",
    "HandTable": "intlscore.rules.hand_table",
    "HandType": "intlscore.rules.hand_table",
    "load_table": "intlscore.rules.hand_table",
    "default_table": "intlscore.rules.ruleset",
    "IntlscoreError": "intlscore.errors",
    "NotationError": "intlscore.errors",
    "HandError": "intlscore.errors",
    "InputTypeError": "intlscore.errors",
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
    "InputTypeError",
    "IntlscoreError",
    "Ledger",
    "LedgerError",
    "NotationError",
    "OddsResult",
    "Rack",
    "ReachResult",
    "Rules",
    "RulesError",
    "ScoreResult",
    "Session",
    "Settlement",
    "SettlementError",
    "TableError",
    "Tile",
    "default_deal_table",
    "default_rules",
    "default_table",
    "format_tiles",
    "load_deal_table",
    "load_rules",
    "load_table",
    "odds",
    "parse_rules",
    "parse_tile",
    "parse_tiles",
    "reachability",
    "score_deal",
    "score_hand",
    "settle",
    "types_fitting",
]

if TYPE_CHECKING:
    from intlscore.engine.notation import format_tiles, parse_tile, parse_tiles
    from intlscore.engine.odds import OddsResult, odds
    from intlscore.engine.rack import Rack
    from intlscore.engine.reach import ReachResult, reachability
    from intlscore.engine.score_result import Context, ScoreResult
    from intlscore.engine.scoring import score_hand, types_fitting
    from intlscore.engine.tiles import JOKER, Tile
    from intlscore.errors import (
        DealError,
        HandError,
        InputTypeError,
        IntlscoreError,
        LedgerError,
        NotationError,
        RulesError,
        SettlementError,
        TableError,
    )
    from intlscore.rules.deal_table import DealTable, load_deal_table
    from intlscore.rules.hand_table import HandTable, HandType, load_table
    from intlscore.rules.ruleset import (
        Rules,
        default_deal_table,
        default_rules,
        default_table,
        load_rules,
        parse_rules,
    )
    from intlscore.session.deal import DealInput, DealResult, score_deal
    from intlscore.session.ledger import Ledger, Session
    from intlscore.session.settlement import Settlement, settle


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'intlscore' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])
