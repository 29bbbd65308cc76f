"""The JSON API under ``/api/...``: the page's only way to the engine and the ledger.

Each endpoint takes the CLI's inputs as one JSON object and answers with the
CLI's ``--json`` object (same builder, same keys):

==========================================  ==========================================
``GET  /api/table``                          ``intlscore table --json``
``POST /api/tiles``   ``{"tiles"}``          the tiles parsed and counted (the text box)
``POST /api/score``                          ``intlscore score --json``
``POST /api/reach``                          ``intlscore reach --json``
``POST /api/odds``                           ``intlscore odds [--play] --json``
``GET  /api/sessions``                       ``intlscore session list --json``
``POST /api/sessions``                       ``intlscore session new --json``
``GET  /api/session/NAME``                   ``intlscore session show --json``
``POST /api/session/NAME/deal``              ``intlscore session deal --json``
``POST /api/session/NAME/deal/preview``      ``intlscore deal --json`` (stores nothing)
``POST /api/session/NAME/deal/N``            ``intlscore session amend N --json``
``POST /api/session/NAME/undo``              ``intlscore session undo --json``
``POST /api/session/NAME/redo``              ``intlscore session redo --json``
``POST /api/session/NAME/settle``            ``intlscore session settle --json``
==========================================  ==========================================

An error is an :class:`~intlscore.errors.IntlscoreError` whose class says the answer
(``http_status``): bad input is 400 with ``{"error": "one line"}`` and nothing stored; no
such session is 404; a busy ledger is 503 with ``Retry-After`` (the page sends the same
request again, with the same ``Idempotency-Key``); a full disk is 507 with ``Retry-After``
(the page keeps the deal waiting, with the reason); a ledger that cannot be written (a
read-only disk) is 409, which the page does not send again by itself; a damaged ledger or
a failing disk is 500. The line is the error's
:attr:`~intlscore.errors.IntlscoreError.public` text, which names no file of the server.
The engine and the ledger are blocking, so each call runs in
Starlette's thread pool; the server keeps one :class:`~intlscore.session.ledger.Ledger`
for its whole life (its store pools the connections: each write is one transaction, each
read one snapshot, and the file is inspected once, not at every request).
"""

from __future__ import annotations

import asyncio
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, Final, Literal, TypeVar

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from intlscore.errors import BadRequest, Stopped, StoredAlready
from intlscore.faces.web.inputs import Fields, parse_body
from intlscore.faces.web.rack_fields import context, rack_fields
from intlscore.session.ledger import Ledger, RecordedDeal, Session, SessionState

if TYPE_CHECKING:
    from intlscore.rules import Rules

__all__ = ["Settings", "StoredAlready", "public", "routes"]

T = TypeVar("T")
RULES_TEXT = 60_000
"""The longest rules file the page may send (the whole shipped rules are about 12 KiB)."""


def after_commit(what: str, read: Callable[[], T]) -> T:
    """Read back after a commit; a failure says the write is stored, so nobody enters it twice."""
    try:
        return read()
    except Exception as error:
        reason = (str(error).splitlines() or [type(error).__name__])[0]
        raise StoredAlready(
            f"{what} is stored, but reading it back failed ({reason});"
            " reload, do not enter it again"
        ) from None


class SharedLedger:
    """The server's one :class:`~intlscore.session.ledger.Ledger`, opened on first use
    (and again if ``$INTLSCORE_DB`` names another file since)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._ledger: Ledger | None = None

    def get(self, path: Path, timeout: float) -> Ledger:
        with self._lock:
            if self._ledger is None or self._ledger.path != path:
                if self._ledger is not None:
                    self._ledger.close()
                self._ledger = Ledger(path, timeout=timeout)
            return self._ledger

    def close(self) -> None:
        with self._lock:
            if self._ledger is not None:
                self._ledger.close()
                self._ledger = None


class SessionStates:
    """Each session's state as last read, by its head: after a change, the first page that
    asks replays the session once, and every other page listening gets that read."""

    KEPT: Final = 64

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._states: OrderedDict[tuple[Path, int, str], SessionState] = OrderedDict()

    def read(self, session: Session) -> SessionState:
        """The session's state now (read again only if its head moved)."""
        key = (session.ledger.path, session.id, session.head())
        with self._lock:
            found = self._states.get(key)
        if found is not None:
            return found
        state = session.snapshot()
        with self._lock:
            self._states[(session.ledger.path, session.id, state.head)] = state
            while len(self._states) > self.KEPT:
                self._states.popitem(last=False)
        return state


@dataclass(frozen=True, slots=True)
class Settings:
    """What the server was started with."""

    db: Path | None
    """The ledger file; None means the CLI's default (``$INTLSCORE_DB`` or the data folder)."""
    join_url: str | None = None
    """The join URL with the token (``serve --lan``), shown as a QR code on the page."""
    busy_timeout: float = 2.0
    """How long a write waits for another one before the client is told to try again."""
    rules: Rules | None = None
    """The rules of ``serve --rules FILE``; None means the shipped rules."""
    shared: SharedLedger = field(default_factory=SharedLedger, compare=False, repr=False)
    states: SessionStates = field(default_factory=SessionStates, compare=False, repr=False)
    """The sessions' states as last read (:class:`SessionStates`)."""

    @contextmanager
    def ledger(self) -> Iterator[Ledger]:
        """The server's ledger (kept open for the server's life: leaving the block does not
        close it)."""
        yield self.shared.get(self.ledger_path(), self.busy_timeout)

    def ledger_path(self) -> Path:
        """Where the ledger file is (or will be)."""
        from intlscore.session.ledger import default_db_path
        from intlscore.session.ledger.files import ledger_path

        return default_db_path() if self.db is None else ledger_path(self.db)

    def house_rules(self) -> Rules:
        """The rules the scorer, reach and table use, and a new session starts from."""
        from intlscore.rules import default_rules

        return default_rules() if self.rules is None else self.rules


def settings(request: Request) -> Settings:
    value: Settings = request.app.state.settings
    return value


async def fields(request: Request) -> Fields:
    return Fields(parse_body(await request.body()))


SOURCE_KEYS: Final = frozenset({"source", "table"})
"""Keys of a document whose value is where a rules file was read from."""
LEDGER: Final = "the ledger"
"""What a phone is told of the ledger's file (``db`` in a document)."""


def public(value: Any, key: str | None = None) -> Any:
    """A document as the web sends it: the fields that hold a file of the server say
    ``the ledger`` (``db``) or the rules file's name (``source``, ``table``), by key;
    nothing else is rewritten.

    >>> public({"db": "/srv/l.sqlite3", "deal_table": {"source": "/home/ann/house.toml"}})
    {'db': 'the ledger', 'deal_table': {'source': 'house.toml'}}
    """
    if isinstance(value, str):
        if key == "db":
            return LEDGER
        if key in SOURCE_KEYS and os.path.isabs(value):
            return PurePath(value).name
        return value
    if isinstance(value, dict):
        return {name: public(item, name) for name, item in value.items()}
    if isinstance(value, list):
        return [public(item) for item in value]
    return value


def answer(request: Request, kind: str, data: dict[str, Any], status: int = 200) -> JSONResponse:
    """The JSON document of ``kind`` (``"format"`` first, as the CLI prints it), with the
    server's files left out (:func:`public`)."""
    from intlscore.faces.documents import document

    return JSONResponse(public(document(kind, data)), status_code=status)


def open_session(ledger: Ledger, name: str) -> Session:
    """The session (:class:`~intlscore.errors.SessionNotFoundError` if there is none)."""
    return ledger.session(name)


def session_name(request: Request) -> str:
    """The session named in the URL (:mod:`.names`: any name the CLI accepts)."""
    from intlscore.faces.web.names import name_from_segment

    return name_from_segment(request.path_params["name"])


def in_session(request: Request, work: Callable[[Session], T]) -> Callable[[Ledger], T]:
    """Work on the session of the URL, in an open ledger."""
    name = session_name(request)
    return lambda ledger: work(open_session(ledger, name))


def with_session(request: Request, work: Callable[[Session], T]) -> Callable[[], T]:
    """A blocking job that opens the ledger, then the session of the URL, then works."""
    where = settings(request)
    job = in_session(request, work)

    def run() -> T:
        with where.ledger() as ledger:
            return job(ledger)

    return run


async def session_write(
    request: Request,
    kind: str,
    work: Callable[[Session], dict[str, Any]],
    status: int = 200,
    *,
    key: str | None = None,
) -> Response:
    """A write to the session of the URL, answered with the document ``kind``; keyed by
    ``key``, else by the ``Idempotency-Key`` header when it has one (:mod:`.idempotency`)."""
    from intlscore.faces.web.idempotency import keyed_write

    job = in_session(request, work)
    scope = f"session:{session_name(request)}"

    def write(ledger: Ledger) -> JSONResponse:
        return answer(request, kind, job(ledger), status)

    return await keyed_write(request, settings(request).ledger, scope, write, key=key)


# -- hands -------------------------------------------------------------------------------------


async def table(request: Request) -> Response:
    from intlscore.faces.documents import table_data

    return answer(request, "table", table_data(settings(request).house_rules()))


async def tiles(request: Request) -> Response:
    """Parse the text box: ``{"tiles": "k1-3"}`` -> ``{"tiles": ["k1", "k2", "k3"]}``.

    ``known`` (optional) are the tiles already placed elsewhere on the page,
    counted with these toward the two copies of each tile (R3).
    """
    from intlscore.engine.handcheck import check_tiles
    from intlscore.engine.notation import parse_tiles

    body = await fields(request)
    text = body.tiles("tiles", required=True)
    known_text = body.tiles("known")
    body.done()
    parsed = parse_tiles(text)
    known = parse_tiles(known_text) if known_text and known_text.strip() else []
    check_tiles(parsed, known)
    return answer(request, "tiles", {"tiles": [str(tile) for tile in parsed]})


async def score(request: Request) -> Response:
    from intlscore.engine.scoring import score_hand

    body = await fields(request)
    given = rack_fields(body, discard=True)
    body.done()
    rules = settings(request).house_rules()
    result = await run_in_threadpool(lambda: score_hand(given.rack(rules)))
    return answer(request, "score", {**result.to_dict(), "rules": rules.name})


async def reach(request: Request) -> Response:
    from intlscore.engine.reach import reachability

    body = await fields(request)
    given = rack_fields(body)
    body.done()
    rules = settings(request).house_rules()
    result = await run_in_threadpool(lambda: reachability(given.rack(rules)))
    return answer(request, "reach", {**result.to_dict(), "rules": rules.name})


WEB_MAX_DRAWS = 6
"""The most draws the page asks about (the command line goes to 20)."""
WEB_MAX_SAMPLES = 5_000


async def odds(request: Request) -> Response:
    """R22's odds and, with ``play``, the best discard under real play (R23)."""
    from intlscore.engine.odds import DEFAULT_SAMPLES, DEFAULT_SEED
    from intlscore.engine.odds import odds as odds_of
    from intlscore.engine.odds.play import Stop
    from intlscore.faces.render.advice import advice_words

    body = await fields(request)
    given = rack_fields(body)
    draws = _or(body.whole_number("draws"), 3)
    # the command line's own sample (count and seed), so both faces give the same figures
    samples = _or(body.whole_number("samples"), DEFAULT_SAMPLES)
    seed = _or(body.whole_number("seed"), DEFAULT_SEED)
    play = body.flag("play")
    body.done()
    if not 1 <= draws <= WEB_MAX_DRAWS:
        raise BadRequest(f"draws must be 1 to {WEB_MAX_DRAWS} here; got {draws}")
    if not 1 <= samples <= WEB_MAX_SAMPLES:
        raise BadRequest(f"samples must be 1 to {WEB_MAX_SAMPLES} here; got {samples}")
    rules = settings(request).house_rules()
    stop = Stop()  # a page that goes away (its "cancel") stops the play search
    work = asyncio.ensure_future(
        run_in_threadpool(
            lambda: odds_of(
                given.rack(rules), draws=draws, samples=samples, seed=seed, play=play, stop=stop
            )
        )
    )
    while not (await asyncio.wait({work}, timeout=0.25))[0]:
        if await request.is_disconnected():
            stop.stop()
    try:
        result = work.result()
    except Stopped:
        raise BadRequest("the advice was cancelled") from None
    data = {**result.to_dict(), "rules": rules.name}
    if result.play is not None:  # the advice in plain words, as `odds --play` leads with it
        data["advice"] = advice_words(result).to_dict()
    return answer(request, "odds", data)


def _or(value: int | None, default: int) -> int:
    return default if value is None else value


# -- sessions ----------------------------------------------------------------------------------


async def list_sessions(request: Request) -> Response:
    where = settings(request)

    def job() -> dict[str, Any]:
        with where.ledger() as ledger:
            return {
                "db": str(ledger.path),
                "sessions": [summary.to_dict() for summary in ledger.sessions()],
            }

    return answer(request, "session-list", await run_in_threadpool(job))


async def new_session(request: Request) -> Response:
    """``{"name", "players", "rules"?, "joker_value"?, "trump_bonus"?, "stake"?}``, as
    ``session new`` (``stake``: money per point kept for settle, R19, as ``--stake``).

    ``rules`` is the text of a rules file (``docs/rules-files.md``), e.g. a house file
    that ``extends = "international"``; without it the session takes the server's rules
    (``serve --rules``, else the shipped ones). The house options apply on top of them.
    """
    from intlscore.rules import parse_rules

    body = await fields(request)
    name = body.text("name", required=True)
    players = body.names("players")
    rules_text = body.text("rules", limit=RULES_TEXT)
    joker_value = body.whole_number("joker_value")
    trump_bonus = body.optional_flag("trump_bonus")
    stake_text = body.text("stake")
    body.done()
    from intlscore.session.settlement import parse_money

    stake = parse_money(stake_text) if stake_text and stake_text.strip() else None
    rules = (
        parse_rules(rules_text, "the rules file of the page")
        if rules_text and rules_text.strip()
        else settings(request).house_rules()
    )
    rules = rules.with_options(joker_value=joker_value, trump_bonus=trump_bonus)
    deal_table = rules.deals
    from intlscore.faces.web.idempotency import keyed_write

    def create(ledger: Ledger) -> JSONResponse:
        def session_and_stake(_: object) -> Session:  # one transaction, as every write
            made = ledger.create_session(name, players, rules)
            if stake is not None:
                made.set_stake(stake)
            return made

        session = ledger.write(session_and_stake)
        data = {
            "session": session.name,
            "players": list(session.players),
            "db": str(ledger.path),
            "deal_table": {"source": deal_table.source, "numbers": deal_table.to_dict()},
            "rules": rules.name,
        }
        return answer(request, "session-new", data, 201)

    return await keyed_write(request, settings(request).ledger, "ledger", create)


async def show_session(request: Request) -> Response:
    from intlscore.faces.documents import session_data
    from intlscore.session.night.place import table_place

    states = settings(request).states

    def work(session: Session) -> dict[str, Any]:
        state = states.read(session)  # with a night's table: where it sits (issue 43)
        return session_data(state, table_place(session.ledger, state.name, len(state.deals)))

    return answer(request, "session", await run_in_threadpool(with_session(request, work)))


def deal_fields(body: Fields) -> dict[str, Any]:
    """The keyword arguments of ``Session.deal`` from the body (as ``session deal``)."""
    return {
        "kind": body.text("kind", required=True),
        "winner": body.text("winner") or None,
        "closed": body.tiles("closed") or None,
        "discard": body.text("discard") or None,
        "racks": body.racks("racks"),
        "not_melded": body.names("not_melded"),
        "trump": body.text("trump") or None,
        "trump_holders": body.names("trump_holders"),
        **context(body),
    }


def written(session: Session, what: str, key: str, deal: RecordedDeal) -> dict[str, Any]:
    """The answer to a write, as the CLI prints it: the deal and the totals it produced."""
    totals = after_commit(what, lambda: session.last_totals)
    return {"session": session.name, key: deal.to_dict(), "totals": totals}


async def record_deal(request: Request) -> Response:
    body = await fields(request)
    deal = deal_fields(body)
    body.done()

    def work(session: Session) -> dict[str, Any]:
        recorded, _ = session.play(**deal)
        return written(session, f"deal {recorded.number}", "deal", recorded)

    return await session_write(request, "session-deal", work, 201)


async def preview_deal(request: Request) -> Response:
    """Score a deal as ``record_deal`` would, under the session's rules, and store nothing:
    the page shows the closed hand's type and every player's delta before "save deal"
    (as the guided ``session deal`` does before it asks to store). The answer is
    ``intlscore deal --json`` for the session's players and rules."""
    from intlscore.session.deal import score_deal

    body = await fields(request)
    deal = deal_fields(body)
    body.done()

    def work(session: Session) -> dict[str, Any]:
        rules = session.rules
        result = score_deal(session.players, rules=rules, **deal)
        return {**result.to_dict(), "rules": rules.name}

    return answer(request, "deal", await run_in_threadpool(with_session(request, work)))


async def amend(request: Request) -> Response:
    """Replace deal ``number`` by a new description (the old version stays in the file)."""
    number: int = request.path_params["number"]
    body = await fields(request)
    deal = deal_fields(body)
    body.done()

    def work(session: Session) -> dict[str, Any]:
        recorded, _ = session.play(number, **deal)
        return written(session, f"the amended deal {number}", "deal", recorded)

    return await session_write(request, "session-deal", work)


async def undo(request: Request) -> Response:
    return await _move_last_deal(request, "undo")


async def redo(request: Request) -> Response:
    return await _move_last_deal(request, "redo")


_MOVED = {"undo": "removed", "redo": "restored"}


async def _move_last_deal(request: Request, move: Literal["undo", "redo"]) -> Response:
    """Undo or redo the session's last deal; answers the deal moved and the totals."""
    (await fields(request)).done()

    def work(session: Session) -> dict[str, Any]:
        moved = session.undo() if move == "undo" else session.redo()
        return written(session, f"the {move} of deal {moved.number}", _MOVED[move], moved)

    return await session_write(request, f"session-{move}", work)


async def settle(request: Request) -> Response:
    """``{"stake": "0.05"?, "unit": "0.01"?}``: amounts as decimal strings, never floats.
    Without a stake, the session's kept one; the first stake given is kept, as ``session
    settle`` does (:func:`~intlscore.session.kept_stake.settle_session`)."""
    from intlscore.session.kept_stake import settle_session
    from intlscore.session.settlement import DEFAULT_UNIT

    body = await fields(request)
    stake = body.text("stake") or None
    unit = body.text("unit") or DEFAULT_UNIT
    body.done()
    kept = await run_in_threadpool(
        with_session(request, lambda session: settle_session(session, stake, unit))
    )
    return answer(request, "settle", kept.settlement.to_dict())


def routes() -> list[Route]:
    """The API's routes, all under ``/api``."""
    return [
        Route("/api/table", table, methods=["GET"]),
        Route("/api/tiles", tiles, methods=["POST"]),
        Route("/api/score", score, methods=["POST"]),
        Route("/api/reach", reach, methods=["POST"]),
        Route("/api/odds", odds, methods=["POST"]),
        Route("/api/sessions", list_sessions, methods=["GET"]),
        Route("/api/sessions", new_session, methods=["POST"]),
        Route("/api/session/{name}", show_session, methods=["GET"]),
        Route("/api/session/{name}/deal", record_deal, methods=["POST"]),
        Route("/api/session/{name}/deal/preview", preview_deal, methods=["POST"]),
        Route("/api/session/{name}/deal/{number:int}", amend, methods=["POST"]),
        Route("/api/session/{name}/undo", undo, methods=["POST"]),
        Route("/api/session/{name}/redo", redo, methods=["POST"]),
        Route("/api/session/{name}/settle", settle, methods=["POST"]),
    ]
