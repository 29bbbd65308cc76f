"""A night's time limit, keep-apart changes and a cut to the table winners travel in the
ledger's export (``ledger/2``) and come back from an import exactly as they were."""

from __future__ import annotations

import json
from pathlib import Path

from jsonschema import Draft202012Validator

from intlscore.faces.documents import schema
from intlscore.session.club.backup import export_format, export_ledger, import_ledger
from intlscore.session.ledger import Ledger
from intlscore.session.night.store import (
    accept_round,
    create_night,
    cut_to_winners,
    read_night,
    set_apart,
)

PLAYERS = ["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal"]


def test_the_new_fields_survive_export_and_import(tmp_path: Path) -> None:
    with Ledger(tmp_path / "a.sqlite3") as ledger:
        create_night(ledger, "fri", PLAYERS, rounds=2, deals=1, seed=4, minutes=35)
        set_apart(ledger, "fri", "ann", "bob")
        _, seated = accept_round(ledger, "fri")
        for table in seated.tables:
            winner, *others = table.players
            ledger.session(table.session).deal(kind="open", winner=winner, not_melded=others)
        cut, _ = cut_to_winners(ledger, "fri", 2, "halved")
        exported = json.loads(json.dumps(export_ledger(ledger)))
        before = read_night(ledger, "fri", now=seated.started).to_dict()
    document = {"format": export_format(exported), "db": "a.sqlite3", **exported}
    Draft202012Validator(schema("ledger")).validate(document)  # as intlscore export prints it
    (record,) = [night["record"] for night in exported["nights"]]
    assert record["minutes"] == 35 and record["apart"] == [["ann", "bob"]]
    assert record["cut"]["winners"] == list(cut.winners) and record["cut"]["best_losers"] == 2
    with Ledger(tmp_path / "b.sqlite3") as again:
        import_ledger(again, exported)
        after = read_night(again, "fri", now=seated.started).to_dict()
    assert after == before
    assert after["minutes"] == 35 and after["cut"]["by"] == "winners"
