"""Settling a session (R19): who pays whom, each player's net, the fewest transfers.

Each player pays each other player ``stake x (difference of their totals)``.
Money is :class:`decimal.Decimal`, never float. Rounding: each pairwise payment
is rounded to ``unit`` (the currency's smallest unit, 0.01 by default) with
``ROUND_HALF_EVEN``; a net is the sum of the rounded payments a player receives
minus those they make, so the nets always sum to exactly zero. When no payment
needs rounding, player i's net is ``stake x (n x total_i - sum of all totals)``.

>>> s = settle({"ann": 1200, "bob": -300, "cat": 100}, "0.05")
>>> {name: str(net) for name, net in s.nets.items()}  # 0.05 x (3 x 1200 - 1000) = 130
{'ann': '130.00', 'bob': '-95.00', 'cat': '-35.00'}
>>> [str(p) for p in s.pairwise]  # 0.05 x 1500, 0.05 x 1100, 0.05 x 400
['bob pays ann 75.00', 'cat pays ann 55.00', 'bob pays cat 20.00']
>>> [str(t) for t in s.transfers]
['bob pays ann 95.00', 'cat pays ann 35.00']
"""

from __future__ import annotations

import decimal
import re
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from itertools import combinations
from typing import Any, Final

from intlscore.errors import SettlementError, quoted
from intlscore.session.names import name_key

__all__ = [
    "MAX_TOTAL",
    "ROUNDING",
    "Payment",
    "Settlement",
    "SettlementError",
    "parse_money",
    "settle",
]

ROUNDING: Final = ROUND_HALF_EVEN
"""How each pairwise payment is rounded to the unit (banker's rounding)."""
DEFAULT_UNIT: Final = Decimal("0.01")
EXACT_LIMIT: Final = 12
"""Up to this many players with a non-zero net, the fewest transfers are found exactly
(a search over subsets, 2^n steps); above it a greedy plan with at most n-1 transfers."""
_PRECISION: Final = 60
"""Decimal digits of the arithmetic; far beyond any stake x total, so nothing rounds early."""
MAX_TOTAL: Final = 10**15
"""The largest session total (in points, either sign) a settlement takes."""
MAX_STAKE: Final = Decimal(10) ** 12
"""Stakes are below this (money per point)."""
MONEY_DIGITS: Final = 30
"""At most this many significant digits in a stake or unit."""
SMALLEST_UNIT: Final = Decimal("1e-12")
LARGEST_UNIT: Final = Decimal("1e6")
# With these bounds a payment (< 10^12 x 2 x 10^15) rounded to 10^-12 has at most 40 digits,
# well within _PRECISION, so no Decimal operation can fail.
_MONEY: Final = re.compile(
    r"[+-]?(?:(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:e[+-]?[0-9]{1,6})?|inf(?:inity)?|s?nan)",
    re.ASCII | re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Payment:
    """``payer`` pays ``payee`` ``amount`` (a positive decimal, rounded to the unit)."""

    payer: str
    payee: str
    amount: Decimal

    def to_dict(self) -> dict[str, str]:
        return {"from": self.payer, "to": self.payee, "amount": str(self.amount)}

    def __str__(self) -> str:
        return f"{self.payer} pays {self.payee} {self.amount}"


@dataclass(frozen=True, slots=True)
class Settlement:
    """The result of :func:`settle`; ``nets`` and ``totals`` keep the players' order."""

    stake: Decimal
    unit: Decimal
    totals: Mapping[str, int]
    pairwise: tuple[Payment, ...]
    """One payment per pair of players whose totals differ (lower total pays higher)."""
    nets: Mapping[str, Decimal]
    """What each player gains (positive) or pays (negative) in all."""
    transfers: tuple[Payment, ...]
    """The fewest payments that give every player the same net."""
    exact: bool
    """Whether ``transfers`` is proven minimal (else greedy, at most n-1)."""

    @property
    def rounding(self) -> str:
        """The rounding in words (``ROUNDING`` is its name in the JSON).

        >>> settle({"ann": 1, "bob": 0}, "0.05").rounding
        'each rounded to 0.01, an exact half to the even amount'
        """
        return f"each rounded to {self.unit}, an exact half to the even amount"

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``intlscore settle --json``; amounts are decimal strings."""
        return {
            "stake": str(self.stake),
            "unit": str(self.unit),
            "rounding": ROUNDING,
            "totals": dict(self.totals),
            "nets": {name: str(net) for name, net in self.nets.items()},
            "pairwise": [payment.to_dict() for payment in self.pairwise],
            "transfers": [payment.to_dict() for payment in self.transfers],
            "fewest_transfers_proven": self.exact,
        }


def parse_money(value: Decimal | str | int, what: str = "stake") -> Decimal:
    """A stake or unit as a finite, non-negative :class:`Decimal`.

    Strings are read as decimals with ASCII digits (``"0.05"``, ``"2"``,
    ``"1e-2"``; no underscores, no fullwidth digits); floats are refused, since
    they are not exact. A stake is below :data:`MAX_STAKE` with at most
    :data:`MONEY_DIGITS` significant digits; ``-0`` is 0.

    >>> parse_money(" 0.05 "), parse_money("-0")
    (Decimal('0.05'), Decimal('0'))
    >>> parse_money("-1")
    Traceback (most recent call last):
    ...
    intlscore.errors.SettlementError: stake -1 is negative; ...
    >>> parse_money("4e57")
    Traceback (most recent call last):
    ...
    intlscore.errors.SettlementError: stake 4e57 is too large; give an amount below 10^12
    """
    if isinstance(value, bool) or not isinstance(value, Decimal | str | int):
        kind = "a float is not exact" if isinstance(value, float) else "it is not a number"
        shown = repr(value) if isinstance(value, float) else type(value).__name__
        raise SettlementError(f"{what} {shown}: {kind}; give it as a string like '0.05'")
    if isinstance(value, int) and abs(value) >= MAX_STAKE:
        raise SettlementError(f"{what} is too large; give an amount below 10^12")
    text = value.strip() if isinstance(value, str) else str(value)
    if isinstance(value, str) and not _MONEY.fullmatch(text):
        raise SettlementError(
            f"{what} {quoted(text)} is not a number; give one with digits 0-9, like 0.05"
        )
    amount = Decimal(text)
    shown = text if len(text) <= 24 else quoted(text)
    if not amount.is_finite():
        raise SettlementError(f"{what} {shown} is not a finite amount; give one like 0.05")
    if amount < 0:
        raise SettlementError(f"{what} {shown} is negative; give an amount >= 0 like 0.05")
    if amount >= MAX_STAKE:
        raise SettlementError(f"{what} {shown} is too large; give an amount below 10^12")
    if len(amount.as_tuple().digits) > MONEY_DIGITS:
        raise SettlementError(f"{what} {shown} has more than {MONEY_DIGITS} significant digits")
    return amount.copy_abs()


def settle(
    totals: Mapping[str, int],
    stake: Decimal | str | int,
    unit: Decimal | str = DEFAULT_UNIT,
) -> Settlement:
    """Settle a session: pairwise payments, nets and the fewest transfers (R19).

    ``totals`` are the players' session scores, in the order to report them.
    ``stake`` is the money per point; ``unit`` the smallest unit of the currency
    (``"1"`` for a currency without cents).

    >>> s = settle({"ann": 10, "bob": 0, "cat": -10}, "0.333", unit="0.01")
    >>> [str(p) for p in s.pairwise]
    ['bob pays ann 3.33', 'cat pays ann 6.66', 'cat pays bob 3.33']
    >>> {name: str(net) for name, net in s.nets.items()}, sum(s.nets.values())
    ({'ann': '9.99', 'bob': '0.00', 'cat': '-9.99'}, Decimal('0.00'))
    """
    stake_value = parse_money(stake)
    unit_value = parse_money(unit, "unit")
    if unit_value == 0 or unit_value.normalize().as_tuple().digits != (1,):
        raise SettlementError(
            f"unit {unit_value}: the smallest unit of money is a power of ten, like 0.01 or 1"
        )
    if not SMALLEST_UNIT <= unit_value <= LARGEST_UNIT:
        raise SettlementError(
            f"unit {unit_value}: give a unit from {SMALLEST_UNIT:f} to {LARGEST_UNIT:f}, like 0.01"
        )
    names = list(totals)
    if len(names) < 2:
        raise SettlementError(f"a settlement needs at least two players; got {len(names)}")
    seen: dict[str, str] = {}
    for name in names:
        if not isinstance(name, str) or not name:
            raise SettlementError(f"player name {name!r} must be a non-empty string")
        first = seen.setdefault(name_key(name), name)
        if first != name:  # as in a deal and a session: ann and Ann are one player
            raise SettlementError(
                f"players {first!r} and {name!r} are one player (names are matched without"
                " regard to case or Unicode form)"
            )
        total = totals[name]
        if not isinstance(total, int) or isinstance(total, bool):
            raise SettlementError(f"{name}'s total {total!r} is not a whole number")
        if abs(total) > MAX_TOTAL:
            raise SettlementError(f"{name}'s total is beyond +/-{MAX_TOTAL} points")
    with decimal.localcontext() as context:
        context.prec = _PRECISION
        pairwise = _pairwise(totals, names, stake_value, unit_value)
        nets = {name: Decimal(0).quantize(unit_value) for name in names}
        for payment in pairwise:
            nets[payment.payer] -= payment.amount
            nets[payment.payee] += payment.amount
        nets = {name: _clean(net.quantize(unit_value)) for name, net in nets.items()}
        transfers, exact = fewest_transfers(nets, names)
    return Settlement(
        stake=stake_value,
        unit=unit_value,
        totals={name: totals[name] for name in names},
        pairwise=tuple(pairwise),
        nets=nets,
        transfers=transfers,
        exact=exact,
    )


def _pairwise(
    totals: Mapping[str, int], names: list[str], stake: Decimal, unit: Decimal
) -> list[Payment]:
    payments: list[Payment] = []
    for first, second in combinations(names, 2):
        difference = totals[first] - totals[second]
        try:
            amount = (stake * abs(difference)).quantize(unit, rounding=ROUNDING)
        except decimal.DecimalException:
            raise SettlementError(
                f"stake {stake} x {abs(difference)} is too large to settle to {unit}"
            ) from None
        if amount == 0:
            continue
        payer, payee = (second, first) if difference > 0 else (first, second)
        payments.append(Payment(payer, payee, amount))
    return payments


def _clean(amount: Decimal) -> Decimal:
    """Drop the sign of a negative zero."""
    return amount.copy_abs() if amount == 0 else amount


def fewest_transfers(
    nets: Mapping[str, Decimal], order: list[str] | None = None
) -> tuple[tuple[Payment, ...], bool]:
    """The fewest payments giving every player their net, and whether that is proven.

    The minimum is the number of players with a non-zero net minus the largest
    number of groups they split into with each group summing to zero. Up to
    :data:`EXACT_LIMIT` such players the groups are found exactly; each group
    is then settled greedily (largest debtor pays largest creditor), which
    takes one payment fewer than the group has players.

    >>> nets = {"a": Decimal(5), "b": Decimal(-5), "c": Decimal(7), "d": Decimal(-7)}
    >>> [str(t) for t in fewest_transfers(nets)[0]]
    ['b pays a 5', 'd pays c 7']
    """
    seats = order or list(nets)
    names = [name for name in seats if nets[name] != 0]
    exact = len(names) <= EXACT_LIMIT
    transfers: list[Payment] = []
    if exact:
        for group in _zero_sum_groups([nets[name] for name in names]):
            transfers.extend(_greedy(nets, [names[i] for i in group]))
    else:
        transfers = _greedy(nets, names)
    seat = {name: index for index, name in enumerate(seats)}
    transfers.sort(key=lambda t: (seat[t.payer], seat[t.payee]))
    return tuple(transfers), exact


def _zero_sum_groups(amounts: list[Decimal]) -> list[list[int]]:
    """Split indices into the most groups that each sum to zero (amounts sum to zero).

    ``best[mask]`` is the most zero-sum groups the players of ``mask`` can be
    cut into, when ``mask`` itself sums to zero (a dynamic programme over
    subsets, removing one player at a time).
    """
    count = len(amounts)
    full = (1 << count) - 1
    sums = [Decimal(0)] * (1 << count)
    best = [0] * (1 << count)
    for mask in range(1, full + 1):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + amounts[low.bit_length() - 1]
        best[mask] = max(best[mask ^ (1 << i)] for i in range(count) if mask >> i & 1)
        if sums[mask] == 0:
            best[mask] += 1
    # Walk back from the full set; the zero-sum masks on the way cut out the groups.
    groups: list[list[int]] = []
    mask, group_end = full, full
    while mask:
        smaller = next(
            mask ^ (1 << i)
            for i in range(count)
            if mask >> i & 1 and best[mask ^ (1 << i)] + (sums[mask] == 0) == best[mask]
        )
        if sums[smaller] == 0:
            groups.append([j for j in range(count) if (group_end ^ smaller) >> j & 1])
            group_end = smaller
        mask = smaller
    return groups


def _greedy(nets: Mapping[str, Decimal], names: list[str]) -> list[Payment]:
    """Largest debtor pays largest creditor until all are square (ties: input order)."""
    balance = {name: nets[name] for name in names}
    rank = {name: index for index, name in enumerate(names)}
    payments: list[Payment] = []
    while True:
        open_names = [name for name in names if balance[name] != 0]
        if not open_names:
            return payments
        creditor = max(open_names, key=lambda n: (balance[n], -rank[n]))
        debtor = min(open_names, key=lambda n: (balance[n], rank[n]))
        amount = min(balance[creditor], -balance[debtor])
        payments.append(Payment(debtor, creditor, amount))
        balance[creditor] -= amount
        balance[debtor] += amount
