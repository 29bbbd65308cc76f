"""Settlement (R19): pairwise payments, nets, the fewest transfers; exact decimal money."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from intlscore.session.settlement import (
    EXACT_LIMIT,
    Payment,
    SettlementError,
    fewest_transfers,
    settle,
)

NAMES = [f"p{i}" for i in range(16)]


def as_text(payments: tuple[Payment, ...]) -> list[str]:
    return [str(payment) for payment in payments]


def applied(payments: tuple[Payment, ...], names: list[str]) -> dict[str, Decimal]:
    """What each player ends up with after the payments (starting from zero)."""
    balance = dict.fromkeys(names, Decimal(0))
    for payment in payments:
        assert payment.amount > 0
        balance[payment.payer] -= payment.amount
        balance[payment.payee] += payment.amount
    return balance


# --- hand-worked -------------------------------------------------------------------------------


def test_the_issue_example() -> None:
    s = settle({"ann": 1200, "bob": -300, "cat": 100, "dan": -1000}, "0.05")
    # R19: sum of totals 0, n = 4, net = 0.05 x 4 x total
    assert {k: str(v) for k, v in s.nets.items()} == {
        "ann": "240.00",
        "bob": "-60.00",
        "cat": "20.00",
        "dan": "-200.00",
    }
    # each pair: 0.05 x difference, the lower total pays the higher
    assert as_text(s.pairwise) == [
        "bob pays ann 75.00",  # 0.05 x 1500
        "cat pays ann 55.00",  # 0.05 x 1100
        "dan pays ann 110.00",  # 0.05 x 2200
        "bob pays cat 20.00",  # 0.05 x 400
        "dan pays bob 35.00",  # 0.05 x 700
        "dan pays cat 55.00",  # 0.05 x 1100
    ]
    # no two of the nets cancel, so three transfers (n - 1) is the minimum
    assert len(s.transfers) == 3 and s.exact
    assert applied(s.transfers, list(s.nets)) == s.nets


def test_json_amounts_are_decimal_strings() -> None:
    data = settle({"ann": 7, "bob": 0}, "0.10").to_dict()
    assert data["nets"] == {"ann": "0.70", "bob": "-0.70"}
    assert data["pairwise"] == [{"from": "bob", "to": "ann", "amount": "0.70"}]
    assert data["transfers"] == [{"from": "bob", "to": "ann", "amount": "0.70"}]
    assert data["rounding"] == "ROUND_HALF_EVEN" and data["unit"] == "0.01"


def test_rounding_is_half_even_per_pairwise_payment() -> None:
    s = settle({"a": 3, "b": 2, "c": 0}, "0.005")
    # a-b: 0.005 x 1 = 0.005 -> 0.00 (half to even: nothing to pay)
    # a-c: 0.005 x 3 = 0.015 -> 0.02 (half to even)
    # b-c: 0.005 x 2 = 0.010 -> 0.01
    assert as_text(s.pairwise) == ["c pays a 0.02", "c pays b 0.01"]
    assert {k: str(v) for k, v in s.nets.items()} == {"a": "0.02", "b": "0.01", "c": "-0.03"}
    assert sum(s.nets.values()) == 0


def test_a_currency_without_cents() -> None:
    s = settle({"a": 5, "b": 0}, "0.5", unit="1")
    # 0.5 x 5 = 2.5 -> 2 (half to even)
    assert as_text(s.pairwise) == ["b pays a 2"]


def test_equal_totals_pay_nothing() -> None:
    s = settle({"a": 40, "b": 40}, "1")
    assert s.pairwise == () and s.transfers == ()
    assert [str(net) for net in s.nets.values()] == ["0.00", "0.00"]  # no "-0.00"


def test_fewest_transfers_beats_greedy_with_zero_sum_groups() -> None:
    nets = {n: Decimal(v) for n, v in zip("abcde", [4, 3, -3, -2, -2], strict=True)}
    # greedy alone: c pays a 3, d pays b 2, e pays b 1, e pays a 1 = four transfers;
    # {b, c} and {a, d, e} each sum to zero: 1 + 2 = three transfers
    transfers, exact = fewest_transfers(nets)
    assert exact and len(transfers) == 3
    assert "c pays b 3" in as_text(transfers)
    assert applied(transfers, list(nets)) == nets


# --- errors ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("stake", "message"),
    [
        ("-0.05", "stake -0.05 is negative"),
        ("abc", "stake 'abc' is not a number"),
        ("0,05", "stake '0,05' is not a number"),
        ("", "stake '' is not a number"),
        ("NaN", "stake NaN is not a finite amount"),
        ("-inf", "stake -inf is not a finite amount"),
        ("Infinity", "stake Infinity is not a finite amount"),
        (0.05, "a float is not exact"),
        (True, "it is not a number"),
        (-1, "stake -1 is negative"),
    ],
)
def test_bad_stakes(stake: object, message: str) -> None:
    with pytest.raises(SettlementError) as caught:
        settle({"a": 1, "b": 2}, stake)  # type: ignore[arg-type]
    assert message in str(caught.value)
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize(
    ("totals", "unit", "message"),
    [
        ({"a": 1}, "0.01", "at least two players; got 1"),
        ({"a": 1, "b": 1.5}, "0.01", "b's total 1.5 is not a whole number"),
        ({"a": 1, "b": True}, "0.01", "b's total True is not a whole number"),
        ({"a": 1, "b": 2}, "0", "unit 0: the smallest unit of money is a power of ten"),
        ({"a": 1, "b": 2}, "0.05", "unit 0.05: the smallest unit of money is a power of ten"),
        ({"a": 1, "b": 2}, "-1", "unit -1 is negative"),
        ({"a": 1, "": 2}, "0.01", "player name '' must be a non-empty string"),
    ],
)
def test_bad_settlements(totals: Mapping[str, int], unit: str, message: str) -> None:
    with pytest.raises(SettlementError) as caught:
        settle(totals, "1", unit)
    assert message in str(caught.value)


def test_a_stake_too_large_for_the_unit() -> None:
    with pytest.raises(SettlementError, match="too large"):
        settle({"a": 10**40, "b": 0}, "1e40", unit="1e-30")


# --- properties --------------------------------------------------------------------------------

stakes = st.decimals(min_value=0, max_value=100, places=4, allow_nan=False, allow_infinity=False)
units = st.sampled_from([Decimal("0.01"), Decimal("1"), Decimal("0.001"), Decimal("10")])


@st.composite
def totals_maps(draw: st.DrawFn, max_players: int = 8) -> dict[str, int]:
    count = draw(st.integers(2, max_players))
    values = draw(st.lists(st.integers(-5000, 5000), min_size=count, max_size=count))
    return dict(zip(NAMES, values, strict=False))


@settings(max_examples=150, deadline=None)
@given(totals_maps(), stakes, units)
def test_nets_sum_to_exactly_zero(totals: dict[str, int], stake: Decimal, unit: Decimal) -> None:
    s = settle(totals, stake, unit)
    assert sum(s.nets.values(), Decimal(0)) == 0
    assert all(net == net.quantize(unit) for net in s.nets.values())


@settings(max_examples=150, deadline=None)
@given(totals_maps(), stakes, units)
def test_pairwise_payments_are_stake_times_difference(
    totals: dict[str, int], stake: Decimal, unit: Decimal
) -> None:
    s = settle(totals, stake, unit)
    paid = {(p.payer, p.payee): p.amount for p in s.pairwise}
    assert len(paid) == len(s.pairwise)  # at most one payment per ordered pair
    for first, second in combinations(totals, 2):
        due = (stake * abs(totals[first] - totals[second])).quantize(unit, "ROUND_HALF_EVEN")
        low, high = sorted((first, second), key=lambda name: totals[name])
        if due == 0:
            assert (first, second) not in paid and (second, first) not in paid
        else:
            assert paid[(low, high)] == due and (high, low) not in paid


@settings(max_examples=150, deadline=None)
@given(totals_maps(), stakes)
def test_transfers_reproduce_the_nets_with_at_most_n_minus_1(
    totals: dict[str, int], stake: Decimal
) -> None:
    s = settle(totals, stake)
    assert applied(s.transfers, list(totals)) == s.nets
    assert len(s.transfers) <= len(totals) - 1
    # the nets are the pairwise payments added up
    assert applied(s.pairwise, list(totals)) == s.nets


@settings(max_examples=100, deadline=None)
@given(totals_maps(), st.integers(0, 500))
def test_nets_follow_the_formula_when_nothing_rounds(totals: dict[str, int], cents: int) -> None:
    stake = Decimal(cents) / 100  # whole cents: stake x difference never rounds
    s = settle(totals, stake)
    n, everything = len(totals), sum(totals.values())
    for name, total in totals.items():
        assert s.nets[name] == stake * (n * total - everything)  # R19


def _most_zero_sum_groups(values: list[int]) -> int:
    """Brute force over set partitions (independent of the implementation's subset DP)."""
    if not values:
        return 0
    first, rest = values[0], values[1:]
    best = 0
    for size in range(len(rest) + 1):
        for chosen in combinations(range(len(rest)), size):
            if first + sum(rest[i] for i in chosen) == 0:
                others = [v for i, v in enumerate(rest) if i not in chosen]
                best = max(best, 1 + _most_zero_sum_groups(others))
    return best


@st.composite
def zero_sum_nets(draw: st.DrawFn) -> dict[str, Decimal]:
    values = draw(st.lists(st.integers(-6, 6), min_size=1, max_size=6))
    values.append(-sum(values))
    return {NAMES[i]: Decimal(v) for i, v in enumerate(values)}


@settings(max_examples=200, deadline=None)
@given(zero_sum_nets())
def test_fewest_transfers_is_the_true_minimum(nets: dict[str, Decimal]) -> None:
    transfers, exact = fewest_transfers(nets)
    nonzero = [int(v) for v in nets.values() if v != 0]
    assert exact
    assert len(transfers) == len(nonzero) - _most_zero_sum_groups(nonzero)
    assert applied(transfers, list(nets)) == nets


def test_many_players_fall_back_to_greedy_within_n_minus_1() -> None:
    totals = {name: (i * 37) % 101 - 50 for i, name in enumerate(NAMES)}
    s = settle(totals, "0.01")
    assert len([n for n in s.nets.values() if n]) > EXACT_LIMIT and not s.exact
    assert applied(s.transfers, list(totals)) == s.nets
    assert len(s.transfers) <= len(totals) - 1
