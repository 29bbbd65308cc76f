"""The money of a night: each table settles at its stake as a session does (R19), and a
player's net over the night is the sum of their nets at every table; the room then pays
with the fewest transfers (pure functions, no I/O).

>>> from intlscore.session.settlement import settle
>>> first = settle({"ann": 100, "bob": 0, "cat": -100}, "0.01")
>>> second = settle({"ann": -50, "dan": 50, "eve": 0}, "0.01")
>>> money = settle_night([("r1-t1", first), ("r2-t1", second)], ["ann", "bob", "cat", "dan",
...                      "eve"])
>>> {name: str(net) for name, net in money.nets.items()}
{'ann': '1.50', 'bob': '0.00', 'cat': '-3.00', 'dan': '1.50', 'eve': '0.00'}
>>> [str(payment) for payment in money.transfers]
['cat pays ann 1.50', 'cat pays dan 1.50']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from intlscore.session.settlement import Payment, Settlement, fewest_transfers

__all__ = ["NightMoney", "settle_night"]


@dataclass(frozen=True, slots=True)
class NightMoney:
    """Each table's settlement (by session name), each player's net over the night, and
    the fewest transfers that pay them (``exact``: proven the fewest)."""

    tables: tuple[tuple[str, Settlement], ...]
    nets: dict[str, Decimal]
    transfers: tuple[Payment, ...]
    exact: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "tables": [
                {"session": name, "stake": str(table.stake),
                 "nets": {player: str(net) for player, net in table.nets.items()}}
                for name, table in self.tables
            ],
            "nets": {player: str(net) for player, net in self.nets.items()},
            "transfers": [payment.to_dict() for payment in self.transfers],
            "fewest_transfers_proven": self.exact,
        }


def settle_night(tables: Sequence[tuple[str, Settlement]], players: Sequence[str]) -> NightMoney:
    """The night's nets (in the order of ``players``, then anyone else) and transfers."""
    order = list(players)
    nets: dict[str, Decimal] = {}
    for _, table in tables:
        for player, net in table.nets.items():
            if player not in order:
                order.append(player)
            nets[player] = nets.get(player, Decimal(0)) + net
    unit = min((table.unit for _, table in tables), default=Decimal("0.01"))
    ordered = {player: nets.get(player, Decimal(0)).quantize(unit) for player in order}
    transfers, exact = fewest_transfers(ordered, order)
    return NightMoney(tuple(tables), ordered, transfers, exact)
