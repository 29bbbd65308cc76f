"""The hand-worked season of the club's tests: three sessions on three Fridays.

``w1`` (2024-03-01), ann bob cat:
  1. open win by ann; bob's rack r5 b7 = -12, cat has not melded: -100. ann +100.
  2. closed win by bob, k1-13 k1 (24 Royal, no joker): +2400; ann's rack k13: -10;
     cat has not melded, loses the winner's amount: -2400.
  totals: ann +90, bob +2388, cat -2500.
``w2`` (2024-03-08), ann bob dan:
  1. foot win by dan (+200); ann's rack o2 o3 o4: -9; bob's rack *: -30.
  2. open win by ann (+100); bob has not melded: -100; dan's rack k1: -10.
  3. no winner: ann's rack r5 -5, bob's rack k13 -10, dan not melded -100.
  totals: ann +86, bob -140, dan +90.
``w3`` (2024-03-15), Ann cat (ann's name written with a capital):
  1. closed win by cat, seven pairs k1 k1 r2 r2 b3 b3 o4 o4 k5 k5 r6 r6 b7 b7 (36 Seven
     pairs minor, no joker): +2000; Ann has not melded: -2000.
  2. open win by Ann (+100); cat's rack b7 k1 = 7 + 10: -17.
  totals: Ann -1900, cat +1983.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from intlscore.session.ledger import Ledger

DAYS = ("2024-03-01", "2024-03-08", "2024-03-15")


@contextmanager
def on_day(monkeypatch: pytest.MonkeyPatch, day: str) -> Iterator[None]:
    """Everything stored inside happens on ``day`` (the ledger's clock, at 20:00 UTC)."""
    from intlscore.session.ledger import clock

    monkeypatch.setattr(clock, "now", lambda: f"{day}T20:00:00+00:00")
    yield


def make_season(path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Store the season above in a new ledger at ``path``."""
    with Ledger(path) as ledger:
        with on_day(monkeypatch, DAYS[0]):
            w1 = ledger.create_session("w1", ["ann", "bob", "cat"])
            w1.deal(kind="open", winner="ann", racks={"bob": "r5 b7"}, not_melded=["cat"])
            w1.deal(
                kind="closed", winner="bob", closed="k1-13 k1", discard="r5",
                racks={"ann": "k13"}, not_melded=["cat"],
            )  # fmt: skip
        with on_day(monkeypatch, DAYS[1]):
            w2 = ledger.create_session("w2", ["ann", "bob", "dan"])
            w2.deal(kind="foot", winner="dan", racks={"ann": "o2 o3 o4", "bob": "*"})
            w2.deal(kind="open", winner="ann", racks={"dan": "k1"}, not_melded=["bob"])
            w2.deal(kind="none", racks={"ann": "r5", "bob": "k13"}, not_melded=["dan"])
        with on_day(monkeypatch, DAYS[2]):
            w3 = ledger.create_session("w3", ["Ann", "cat"])
            w3.deal(
                kind="closed", winner="cat", closed="k1 k1 r2 r2 b3 b3 o4 o4 k5 k5 r6 r6 b7 b7",
                discard="o9", not_melded=["Ann"],
            )  # fmt: skip
            w3.deal(kind="open", winner="Ann", racks={"cat": "b7 k1"})
    return path
