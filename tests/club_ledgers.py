"""Random ledgers for the club's tests: sessions of random deals, undos, redos and
amendments (the hand-worked season is in tests/test_club_stats.py)."""

from __future__ import annotations

import contextlib
from typing import Any

from hypothesis import strategies as st

from intlscore.errors import IntlscoreError
from intlscore.session.ledger import Ledger, Session

NAMES = ("ann", "bob", "cat", "dan")
RACKS = ("r5", "b7 k1", "*", "o2 o3 o4", "k13", "")
CLOSED = (
    # (tiles, discard): a few closed hands of known types
    ("k1-13 k1", "r5"),  # 24 Royal, no joker
    ("r1-3 b1-3 k1-3 o1-3 r4 r5", "o9"),  # a basic-ish hand of sets
    ("k1 k1 r2 r2 b3 b3 o4 o4 k5 k5 r6 r6 b7 b7", "o9"),  # seven pairs
)


@st.composite
def deal_of(draw: st.DrawFn, players: tuple[str, ...]) -> dict[str, Any]:
    """A random valid deal of ``players``: open, foot, no winner or a closed win."""
    kind = draw(st.sampled_from(["open", "foot", "none", "closed"]))
    winner = None if kind == "none" else draw(st.sampled_from(players))
    deal: dict[str, Any] = {"kind": kind, "winner": winner}
    losers = [name for name in players if name != winner]
    racks: dict[str, str] = {}
    not_melded: list[str] = []
    for name in losers:
        rack = draw(st.sampled_from(RACKS))
        if rack and draw(st.booleans()):
            racks[name] = rack
        else:
            not_melded.append(name)
    if kind == "closed":
        tiles, discard = draw(st.sampled_from(CLOSED))
        deal.update(closed=tiles, discard=discard)
    deal.update(racks=racks, not_melded=not_melded)
    return deal


Step = tuple[str, Any]


@st.composite
def season_steps(draw: st.DrawFn) -> list[tuple[tuple[str, ...], list[Step]]]:
    """One to three sessions, each with its players and a list of steps: deals, undos,
    redos and amendments."""
    sessions = []
    for _ in range(draw(st.integers(1, 3))):
        players = tuple(draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=4, unique=True)))
        steps: list[Step] = []
        for _ in range(draw(st.integers(0, 6))):
            move = draw(st.sampled_from(["deal", "deal", "deal", "undo", "redo", "amend"]))
            steps.append((move, draw(deal_of(players))))
        sessions.append((players, steps))
    return sessions


def build(ledger: Ledger, sessions: list[tuple[tuple[str, ...], list[Step]]]) -> None:
    """Store random sessions ``s1``, ``s2``...; a step that does not apply (an undo with
    no deal) is skipped."""
    for index, (players, steps) in enumerate(sessions, start=1):
        session = ledger.create_session(f"s{index}", list(players))
        for move, deal in steps:
            with contextlib.suppress(IntlscoreError):  # refused (R3, nothing to undo)
                step(session, move, deal)


def step(session: Session, move: str, deal: dict[str, Any]) -> None:
    """One step of a random session."""
    if move == "deal":
        session.deal(**deal)
    elif move == "undo":
        session.undo()
    elif move == "redo":
        session.redo()
    else:
        session.amend(1, **deal)
