"""Shared deals: everyone enters their own rack (issue 18).

After an open or foot win each loser counts their own rack. Anyone opens a *shared deal*
for the session (the winner and the kind, and for a closed win the hand and the discard);
then each player, from their own phone, fills in their rack or says they have not melded.
Every phone sees it fill in (a ``draft`` event on the live stream, :mod:`.live`), and once
every player is in, one tap stores it: a keyed write (``draft-ID``) through
:meth:`~intlscore.session.ledger.Ledger.once`, so a second tap, on any phone, stores
nothing and answers the same deal.

A shared deal lives in the server's memory, one per session: a restart of ``serve``
forgets one that was not stored (the racks are quick to enter again), and storing it is
what puts it in the ledger. Discarding it is told to every phone too: until another is
opened the answer names the discarded deal and who discarded it (issue 29), so that the
other phones can say so.

>>> draft = Draft.open(("ann", "bob", "cat"), winner="ann", kind="open")
>>> draft.missing()
['bob', 'cat']
>>> draft.fill("BOB", rack="r5 b7").fill("cat", not_melded=True).missing()
[]
>>> draft.deal_arguments()["racks"], draft.deal_arguments()["not_melded"]
({'bob': 'r5 b7'}, ['cat'])
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any, Final

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from intlscore.engine.handcheck import check_tiles
from intlscore.engine.notation import parse_tiles
from intlscore.errors import BadRequest
from intlscore.faces.web.api import answer, fields, session_name, session_write, with_session
from intlscore.session.deal import KINDS, rack_tiles
from intlscore.session.ledger import Session
from intlscore.session.names import name_key

__all__ = ["Draft", "routes"]

WINS: Final = tuple(kind for kind in KINDS if kind != "none")


@dataclass
class Draft:
    """One shared deal being filled in."""

    id: str
    players: tuple[str, ...]
    winner: str
    kind: str
    closed: str | None = None
    discard: str | None = None
    racks: dict[str, str] = field(default_factory=dict)
    not_melded: set[str] = field(default_factory=set)

    @classmethod
    def open(
        cls,
        players: tuple[str, ...],
        *,
        winner: str,
        kind: str,
        closed: str | None = None,
        discard: str | None = None,
    ) -> Draft:
        """A new shared deal; the winner and the kind are checked, the tiles counted."""
        if kind not in WINS:
            raise BadRequest(f"a shared deal is a win: kind must be one of {', '.join(WINS)}")
        found = cls._player(players, winner)
        if kind == "closed" and not closed:
            raise BadRequest("a closed win needs the winner's closed hand")
        draft = cls(secrets.token_hex(8), players, found, kind, closed or None, discard or None)
        draft._check_tiles()
        return draft

    @staticmethod
    def _player(players: tuple[str, ...], name: str) -> str:
        for player in players:
            if name_key(player) == name_key(name):
                return player
        raise BadRequest(f"{name!r} is not a player of this session ({', '.join(players)})")

    def losers(self) -> list[str]:
        return [player for player in self.players if player != self.winner]

    def fill(self, name: str, *, rack: str | None = None, not_melded: bool = False) -> Draft:
        """A player's part: their rack, or that they have not melded (the latest counts).
        A rack that would make a third copy of a tile (R3) is refused and changes nothing."""
        player = self._player(self.players, name)
        if player == self.winner:
            raise BadRequest(f"{player} is the winner: only the other players have racks")
        if not_melded == bool(rack):
            raise BadRequest("give a rack, or say the player has not melded (one of them)")
        racks = {other: text for other, text in self.racks.items() if other != player}
        if rack:
            racks[player] = rack
        self._check_tiles(racks)
        self.racks = racks
        self.not_melded = (self.not_melded - {player}) | ({player} if not_melded else set())
        return self

    def _check_tiles(self, racks: dict[str, str] | None = None) -> None:
        """No tile more than twice in the whole deal (R3), named in one line."""
        texts = [self.closed, self.discard]
        tiles = [tile for text in texts if text for tile in parse_tiles(text)]
        for name, text in (self.racks if racks is None else racks).items():
            tiles += rack_tiles(text, f"{name}'s rack")  # a counted rack: its jokers alone
        check_tiles(tiles)

    def missing(self) -> list[str]:
        """The players who have not yet said what they hold."""
        return [p for p in self.losers() if p not in self.racks and p not in self.not_melded]

    def deal_arguments(self) -> dict[str, Any]:
        """The arguments of :meth:`Session.play` for this deal."""
        return {
            "kind": self.kind,
            "winner": self.winner,
            "closed": self.closed,
            "discard": self.discard,
            "racks": dict(self.racks),
            "not_melded": [p for p in self.players if p in self.not_melded],
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "winner": self.winner,
            "kind": self.kind,
            "closed": self.closed,
            "discard": self.discard,
            "players": [
                {
                    "name": player,
                    "rack": self.racks.get(player),
                    "not_melded": player in self.not_melded,
                    "in": player in self.racks or player in self.not_melded,
                }
                for player in self.losers()
            ],
            "missing": self.missing(),
        }


# -- over HTTP ---------------------------------------------------------------------------------


def _book(request: Request) -> dict[str, Draft]:
    state = request.app.state
    if getattr(state, "drafts", None) is None:
        state.drafts = {}
    book: dict[str, Draft] = state.drafts
    return book


def _discards(request: Request) -> dict[str, dict[str, Any]]:
    """Per session, the shared deal last discarded (while no other is open)."""
    state = request.app.state
    if getattr(state, "discarded", None) is None:
        state.discarded = {}
    discarded: dict[str, dict[str, Any]] = state.discarded
    return discarded


def _told(request: Request, name: str, draft: Draft | None) -> Response:
    """Tell the session's pages, and answer with the shared deal (or none)."""
    from intlscore.faces.web.live import watch

    watch(request).tell([name], "draft")
    return _answer(request, name, draft)


def _answer(request: Request, name: str, draft: Draft | None) -> Response:
    """The ``session-draft`` document: the shared deal, or none and the one last discarded."""
    data: dict[str, Any] = {"session": name, "draft": None if draft is None else draft.to_dict()}
    if draft is None:
        data["discarded"] = _discards(request).get(name)
    return answer(request, "session-draft", data)


def _current(request: Request, name: str, given: str | None) -> Draft:
    draft = _book(request).get(name)
    if draft is None:
        raise BadRequest(f"session {name!r} has no shared deal open")
    if given is not None and given != draft.id:
        raise BadRequest("that shared deal was replaced by another; reload it")
    return draft


async def show(request: Request) -> Response:
    """``GET .../draft``: the shared deal being filled in, or ``null``."""
    session = await _session(request)
    return _answer(request, session.name, _book(request).get(session.name))


async def _session(request: Request) -> Session:
    from starlette.concurrency import run_in_threadpool

    return await run_in_threadpool(with_session(request, lambda session: session))


async def start(request: Request) -> Response:
    """``POST .../draft``: open a shared deal (replacing one not stored)."""
    body = await fields(request)
    winner = body.text("winner", required=True)
    kind = body.text("kind", required=True)
    closed = body.tiles("closed")
    discard = body.text("discard")
    body.done()
    session = await _session(request)
    draft = Draft.open(session.players, winner=winner, kind=kind, closed=closed, discard=discard)
    _book(request)[session.name] = draft
    _discards(request).pop(session.name, None)
    return _told(request, session.name, draft)


async def fill(request: Request) -> Response:
    """``POST .../draft/player``: one player's rack, or that they have not melded."""
    body = await fields(request)
    draft_id = body.text("id", required=True)
    player = body.text("player", required=True)
    rack = body.tiles("rack")
    not_melded = body.flag("not_melded")
    body.done()
    name = session_name(request)
    _current(request, name, draft_id).fill(player, rack=rack, not_melded=not_melded)
    return _told(request, name, _book(request)[name])


async def discard(request: Request) -> Response:
    """``POST .../draft/discard``: drop the shared deal (nothing was stored). ``player``,
    where the phone has said who holds it, is named to the other phones."""
    body = await fields(request)
    draft_id = body.text("id", required=True)
    player = body.text("player")
    body.done()
    name = session_name(request)
    draft = _current(request, name, draft_id)
    by = None if player is None else Draft._player(draft.players, player)
    del _book(request)[name]
    _discards(request)[name] = {
        "id": draft.id, "winner": draft.winner, "kind": draft.kind, "by": by
    }  # fmt: skip
    return _told(request, name, None)


async def store(request: Request) -> Response:
    """``POST .../draft/store``: store the shared deal once every player is in. A keyed
    write (``draft-ID``): a second tap stores nothing and answers the same deal."""
    from intlscore.faces.web.api import written

    body = await fields(request)
    draft_id = body.text("id", required=True)
    body.done()
    name = session_name(request)
    book = _book(request)
    draft = book.get(name)
    if draft is not None and draft.id == draft_id:
        missing = draft.missing()
        if missing:
            raise BadRequest(f"waiting for {', '.join(missing)}: each player says what they hold")
        deal = draft.deal_arguments()
    else:
        deal = {}  # stored already (or replaced): only a repeat of its key can answer

    def work(session: Session) -> dict[str, Any]:
        if not deal:
            raise BadRequest(f"session {name!r} has no shared deal {draft_id} to store")
        recorded, _ = session.play(**deal)
        return written(session, f"deal {recorded.number}", "deal", recorded)

    reply = await session_write(request, "session-deal", work, 201, key=f"draft-{draft_id}")
    if book.get(name) is draft and draft is not None:
        del book[name]
        from intlscore.faces.web.live import watch

        watch(request).tell([name], "draft")
    return reply


def routes() -> list[Route]:
    return [
        Route("/api/session/{name}/draft", show, methods=["GET"]),
        Route("/api/session/{name}/draft", start, methods=["POST"]),
        Route("/api/session/{name}/draft/player", fill, methods=["POST"]),
        Route("/api/session/{name}/draft/discard", discard, methods=["POST"]),
        Route("/api/session/{name}/draft/store", store, methods=["POST"]),
    ]
