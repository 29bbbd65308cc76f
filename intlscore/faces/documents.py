"""The JSON documents intlscore prints: each carries ``"format"``, its kind and version.

Every ``--json`` output is one object whose first key, ``"format"``, names its
JSON Schema and version, e.g. ``"score/1"``; the schema is
``schemas/score.schema.json`` in the repository and ``intlscore/schemas`` in
the package. A change that could break a reader gets a new version.

>>> document("score", {"best": None})
{'format': 'score/1', 'best': None}
>>> sorted(FORMATS)[:3]
['backup', 'deal', 'import']
>>> schema("deal")["properties"]["format"]["const"]
'deal/1'
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from pathlib import Path

    from intlscore.rules import Rules
    from intlscore.session.ledger import RecordedDeal, Rescore, SessionState
    from intlscore.session.night.place import TablePlace

FORMATS: Final[dict[str, int]] = {
    "score": 1,  # intlscore score --json
    "reach": 1,  # intlscore reach --json
    "table": 1,  # intlscore table --json
    "deal": 1,  # intlscore deal --json
    "settle": 1,  # intlscore settle --json, session settle --json
    "session": 1,  # intlscore session show --json, session export
    "session-new": 1,  # intlscore session new --json
    "session-deal": 1,  # intlscore session deal --json
    "session-undo": 1,  # intlscore session undo --json
    "session-redo": 1,  # intlscore session redo --json
    "session-list": 1,  # intlscore session list --json
    "session-rules": 1,  # intlscore session rules --json
    "session-rescore": 1,  # intlscore session rescore --json
    "session-check": 1,  # intlscore session check --json (also when it finds problems)
    "session-versions": 1,  # intlscore session versions --json
    "session-draft": 1,  # the shared deal of intlscore serve (GET/POST /api/session/NAME/draft)
    "tiles": 1,  # POST /api/tiles of intlscore serve (the page's text boxes)
    "odds": 2,  # intlscore odds --play --json (odds/1 without --play)
    "simulate": 1,  # intlscore simulate --json
    "players": 1,  # intlscore players --json
    "player-rename": 1,  # intlscore player rename --json
    "stats": 1,  # intlscore stats --json
    "standings": 1,  # intlscore standings --json
    "backup": 1,  # intlscore backup --json
    "restore": 1,  # intlscore restore --json
    "ledger": 2,  # intlscore export (the whole ledger; intlscore import reads it)
    "import": 1,  # intlscore import --json
    "night": 1,  # intlscore night show --json
    "night-seat": 1,  # intlscore night seat --json (a draft, or the round accepted)
    "night-settle": 1,  # intlscore night settle --json
}
"""Each kind of JSON document and its current version."""

EARLIER: Final[dict[str, tuple[int, ...]]] = {
    "odds": (1,),  # intlscore odds --json without --play prints odds/1, as it always did
    "ledger": (1,),  # intlscore export of a ledger without nights, as it always was
}
"""Earlier versions still printed where a caller did not ask for what the newer one adds;
the kind's schema describes every version."""


def format_of(kind: str) -> str:
    """The ``"format"`` value of a kind of document: ``kind/version``."""
    return f"{kind}/{FORMATS[kind]}"


def document(kind: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """``data`` with ``"format"`` first. A ``"format"`` key in ``data`` is replaced, unless
    it names one of the kind's :data:`EARLIER` versions.

    >>> document("odds", {"format": "odds/1"})["format"], document("odds", {})["format"]
    ('odds/1', 'odds/2')
    """
    earlier = {f"{kind}/{version}" for version in EARLIER.get(kind, ())}
    given = data.get("format")
    stated = given if given in earlier else format_of(kind)
    return {"format": stated, **{k: v for k, v in data.items() if k != "format"}}


def dumps(kind: str, data: Mapping[str, Any]) -> str:
    """The document as the CLI prints it: indented, non-ASCII kept."""
    return json.dumps(document(kind, data), indent=2, ensure_ascii=False)


def schemas_dir() -> Path:
    """Where the schemas live: inside the package (wheel) or the repository's ``schemas/``."""
    from pathlib import Path  # here: printing a document needs no schema

    packaged = Path(__file__).parents[1] / "schemas"
    if packaged.is_dir():
        return packaged
    return Path(__file__).parents[2] / "schemas"


def schema(kind: str) -> dict[str, Any]:
    """The JSON Schema of one kind of document."""
    if kind not in FORMATS:
        raise KeyError(f"no JSON document kind {kind!r}")
    path = schemas_dir() / f"{kind}.schema.json"
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


# -- the documents that the CLI and the page both answer ----------------------------------------


def table_data(rules: Rules) -> dict[str, Any]:
    """``table --json`` and the page's ``/api/table``: the rules' name, the table's source
    and the reference card's rows, in table order.

    >>> from intlscore.rules import default_rules
    >>> royal = table_data(default_rules())["types"][23]
    >>> royal["number"], royal["name"], royal["scores"]
    (24, 'Royal', [2400, 2200, 2000])
    """
    rows = [
        {
            "number": hand_type.number,
            "name": hand_type.name,
            "scores": list(hand_type.scores),
            "description": hand_type.description,
        }
        for hand_type in rules.hands
    ]
    return {"rules": rules.name, "table": rules.hands.source, "types": rows}


def session_data(state: SessionState, place: TablePlace | None) -> dict[str, Any]:
    """``session show --json``, ``session export`` and the page's ``GET /api/session/NAME``:
    the session, and where it sits in a night (``table``: its night, round, table, seats,
    who starts each deal and the deal in play; None outside every night)."""
    return {**state.to_dict(), "table": None if place is None else place.to_dict()}


def session_rules_data(state: SessionState) -> dict[str, Any]:
    """``session rules --json``: the rules in force, as a rules file."""
    from intlscore.rules import default_rules

    rules = state.rules or default_rules()
    return {
        "session": state.name,
        "rules": rules.name,
        "source": rules.source,
        "toml": rules.to_toml(),
    }


def session_rescore_data(session: str, stored: bool, report: Rescore) -> dict[str, Any]:
    """``session rescore --json``: old and new totals, the deals that change, and whether
    it was stored (else a preview)."""
    return {"session": session, "stored": stored, **report.to_dict()}


def session_versions_data(session: str, versions: tuple[RecordedDeal, ...]) -> dict[str, Any]:
    """``session versions --json``: every version of one deal, oldest first; the last is
    the deal as it stands."""
    return {
        "session": session,
        "deal": versions[-1].number,
        "versions": [deal.to_dict() for deal in versions],
    }
