"""One style per player on every chart (issue 29): the style follows the player's place
among the ledger's players in order of first appearance (``Ledger.rosters``), so a player
looks the same on each session's chart and on the club's."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from intlscore.errors import LedgerDamageError
from intlscore.faces.web.chart import first_appearance, player_order, running_chart, style
from intlscore.session.ledger import Ledger


def test_a_player_keeps_the_style_of_their_first_appearance(tmp_path: Path) -> None:
    with Ledger(tmp_path / "l.sqlite3") as ledger:
        ledger.create_session("friday", ["ann", "bob", "cat"])
        ledger.create_session("monday", ["dan", "Cat", "eve"])
        order = first_appearance(ledger.rosters())
    assert order == ["ann", "bob", "cat", "dan", "eve"]
    monday = running_chart(["dan", "Cat", "eve"], [{"dan": 100, "Cat": -100, "eve": 0}], order)
    club = running_chart(["eve", "cat", "dan", "ann", "bob"], [], order)
    styles = {line.name.casefold(): (line.colour, line.dash, line.marker) for line in club.lines}
    for line in monday.lines:
        assert (line.colour, line.dash, line.marker) == styles[line.name.casefold()]
    assert styles["cat"] == style(2) and styles["eve"] == style(4)
    assert len(set(styles.values())) == 5  # nobody shares a style


def test_a_player_missing_from_the_order_comes_after_it() -> None:
    chart = running_chart(["zoe", "ann", "yan"], [], order=["ann"])
    assert [(line.name, line.marker) for line in chart.lines] == [
        ("zoe", style(1)[2]),
        ("ann", style(0)[2]),
        ("yan", style(2)[2]),
    ]


def test_a_damaged_session_record_is_refused_and_the_charts_fall_back_to_seats(
    tmp_path: Path,
) -> None:
    db = tmp_path / "l.sqlite3"
    with Ledger(db) as ledger:
        ledger.create_session("friday", ["ann", "bob"])
    connection = sqlite3.connect(db)
    connection.execute("UPDATE session SET record = replace(record, 'bob', 'bib')")
    connection.commit()
    with Ledger(db) as ledger:  # the styles read the players kept beside the record...
        assert ledger.rosters() == [("ann", "bob")]
        assert any("'friday'" in problem for problem in ledger.check())  # ...check names it
    connection.execute("UPDATE session SET players = 'not a list'")
    connection.commit()
    connection.close()
    with Ledger(db) as ledger, pytest.raises(LedgerDamageError, match=r"'friday'.*damaged"):
        ledger.rosters()
    with Ledger(db) as ledger:
        assert player_order(ledger) == []  # the page still shows: seat order
