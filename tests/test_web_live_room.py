"""A room of phones on one laptop (issue 43): a real ``intlscore serve`` holds a hundred live
pages at once, greets each, and tells each page of a deal recorded at its table by a real
``intlscore session deal`` process, with the deal and the new totals in the event itself;
beyond its stream limit it answers 503 with Retry-After and one line. The watch reads what
changed once for all the pages that follow a session.

Every wait here is a hang guard (generous), never a measure of speed."""

from __future__ import annotations

import asyncio
import json
import subprocess
from pathlib import Path

import pytest
from conftest import STRESS
from live_streams import Stream, open_stream, run, until
from web_fixtures import night_table
from web_server import cli_environment, intlscore, serve_process

from intlscore.faces.cli import main
from intlscore.faces.web.live import LedgerWatch
from intlscore.session.ledger import Ledger

PLAYERS = ["ann", "bob", "cat", "dan"]
GUARD = 120.0
"""Seconds after which a wait fails the test: a hang guard, never a measure."""
TABLES = 4


def tables(db: Path, count: int) -> list[str]:
    names = [f"table-{number}" for number in range(1, count + 1)]
    with Ledger(db) as ledger:
        for name in names:
            ledger.create_session(name, PLAYERS)
    return names


def deal_at(db: Path, name: str, winner: str) -> subprocess.Popen[bytes]:
    """``intlscore session deal NAME --open --winner W --not-melded (the others)``."""
    others = [player for player in PLAYERS if player != winner]
    argv = ["session", "deal", name, "--open", "--winner", winner, "--not-melded", *others]
    return subprocess.Popen(
        intlscore(*argv, "--db", str(db)),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=cli_environment(db),
    )


async def room(url: str, db: Path, pages: int) -> tuple[list[Stream], list[str]]:
    """``pages`` live pages spread over the tables, each greeted; then a deal recorded at
    every table by its own ``intlscore session deal`` process, heard by every page."""
    names = [f"table-{number}" for number in range(1, TABLES + 1)]
    streams = await asyncio.gather(
        *(open_stream(url, names[page % TABLES]) for page in range(pages))
    )
    assert [stream.status for stream in streams] == [200] * pages
    await until(streams, lambda stream: stream.named("hello"), GUARD)
    writers = [deal_at(db, name, PLAYERS[place]) for place, name in enumerate(names)]
    for writer in writers:
        _, err = await asyncio.to_thread(writer.communicate, timeout=GUARD)
        assert writer.returncode == 0, err
    await until(streams, lambda stream: stream.named("ledger"), GUARD)
    for stream in streams:
        stream.close()
    return streams, names


def check_told(streams: list[Stream], names: list[str], db: Path) -> None:
    with Ledger(db) as ledger:
        totals = {name: ledger.session(name).totals() for name in names}
        deals = {name: ledger.session(name).deals() for name in names}
    for stream in streams:
        (hello,) = stream.named("hello")
        assert stream.session is not None and hello["head"]  # where its table stands
        (told,) = stream.named("ledger")
        assert stream.session in told["sessions"]  # (a look may find other tables too)
        news = told["news"]
        (deal,) = deals[stream.session]
        assert news["session"] == stream.session and news["whole"] is False
        assert news["before"] == hello["head"]  # it follows what the page was greeted with
        assert news["entries"] == [{"kind": "deal", "number": 1}]
        (sent,) = news["deals"]
        assert sent["number"] == 1 and sent["deltas"] == dict(deal.deltas)
        assert sent["summary"] == deal.summary and deal.summary in sent["row"]
        assert news["totals"] == totals[stream.session] and news["count"] == 1
        # R14 an open win where nobody else melded: 200; R16 each of the others: -100
        assert sorted(news["totals"].values()) == [-100, -100, -100, 200]


@pytest.mark.slow
def test_a_hundred_live_pages_are_greeted_and_told_the_deal_at_their_table(
    tmp_path: Path,
) -> None:
    db = tmp_path / "ledger.sqlite3"
    names = tables(db, TABLES)
    with serve_process(db) as (url, _):
        streams, names = run(room(url, db, 100))
    check_told(streams, names, db)


@pytest.mark.stress
def test_a_room_of_live_pages_at_the_default_limit(tmp_path: Path) -> None:
    """``INTLSCORE_STRESS=N``: N times 200 pages, the server's streams raised to match."""
    db = tmp_path / "ledger.sqlite3"
    tables(db, TABLES)
    pages = 200 * STRESS
    with serve_process(db, "--streams", str(pages)) as (url, _):
        streams, names = run(room(url, db, pages))
    check_told(streams, names, db)


async def beyond(url: str, limit: int) -> tuple[Stream, Stream]:
    held = [await open_stream(url, "table-1") for _ in range(limit)]
    await until(held, lambda stream: stream.named("hello"), GUARD)
    refused = await open_stream(url, "table-1")
    held[0].close()  # a page goes: the next one that asks is let in

    async def again() -> Stream:
        while (stream := await open_stream(url, "table-1")).status != 200:
            await asyncio.sleep(0.05)  # as a page would, after its Retry-After
        return stream

    let_in = await asyncio.wait_for(again(), GUARD)
    await until([let_in], lambda stream: stream.named("hello"), GUARD)
    for stream in [*held, let_in]:
        stream.close()
    return refused, let_in


@pytest.mark.slow
def test_beyond_the_stream_limit_a_page_is_told_to_come_back(tmp_path: Path) -> None:
    db = tmp_path / "ledger.sqlite3"
    tables(db, 1)
    with serve_process(db, "--streams", "3") as (url, _):
        refused, let_in = run(beyond(url, 3))
    assert refused.status == 503
    assert int(refused.headers["retry-after"]) >= 1
    error = json.loads(refused.body)["error"]
    assert error == "this server holds 3 live pages already: try again shortly"
    assert let_in.named("hello")


def test_a_bad_stream_limit_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--streams", "0"]) == 2
    (err,) = capsys.readouterr().err.strip().splitlines()
    assert err.endswith("--streams: '0': give a whole number of live pages from 1 to 10000")


# -- the watch reads what changed once, in one snapshot ---------------------------------------


def test_the_watch_reads_a_followed_sessions_news_and_only_theirs(tmp_path: Path) -> None:
    db = tmp_path / "ledger.sqlite3"
    tables(db, 2)
    watch = LedgerWatch(lambda: db)
    watch.poll()
    with Ledger(db) as ledger:
        for name in ("table-1", "table-2"):
            ledger.session(name).deal(kind="open", winner="ann", not_melded=["bob", "cat", "dan"])
    changed, news = watch.look(frozenset({"table-1"}))
    assert changed == ["table-1", "table-2"]
    assert list(news) == ["table-1"]  # nobody follows table-2: nothing read for it
    told = news["table-1"]
    assert told["entries"] == [{"kind": "deal", "number": 1}] and told["removed"] == []
    assert told["totals"] == {"ann": 200, "bob": -100, "cat": -100, "dan": -100}
    assert set(told["parts"]) == {"totals", "history-actions", "chart", "stake"}
    assert "+200" in told["parts"]["totals"] and 'id="undo"' in told["parts"]["history-actions"]
    watch.close()


def test_an_amend_and_an_undo_send_the_amended_row_and_the_undone_number(tmp_path: Path) -> None:
    db = tmp_path / "ledger.sqlite3"
    tables(db, 1)
    with Ledger(db) as ledger:
        session = ledger.session("table-1")
        session.deal(kind="open", winner="ann", not_melded=["bob", "cat", "dan"])
        session.deal(kind="open", winner="bob", not_melded=["ann", "cat", "dan"])
    watch = LedgerWatch(lambda: db)
    watch.poll()
    before = watch.head("table-1")
    with Ledger(db) as ledger:
        session = ledger.session("table-1")
        session.amend(1, kind="open", winner="cat", not_melded=["ann", "bob", "dan"])
        session.undo()
    _, news = watch.look(frozenset({"table-1"}))
    told = news["table-1"]
    assert told["before"] == before and told["head"] == watch.head("table-1")
    assert told["entries"] == [{"kind": "amend", "number": 1}, {"kind": "undo", "number": 2}]
    assert told["removed"] == [2] and told["count"] == 1
    (row,) = told["deals"]
    assert row["number"] == 1 and row["amended"] is True
    assert "was → now: open win by ann → open win by cat" in row["row"]
    assert told["totals"] == {"ann": -100, "bob": -100, "cat": 200, "dan": -100}
    watch.close()


def test_a_rescore_or_an_unknown_moment_makes_the_page_read_itself(tmp_path: Path) -> None:
    db = tmp_path / "ledger.sqlite3"
    tables(db, 1)
    watch = LedgerWatch(lambda: db)
    with Ledger(db) as ledger:
        ledger.session("table-1").deal(kind="open", winner="ann", not_melded=["bob", "cat", "dan"])
    _, news = watch.look(frozenset({"table-1"}))  # the watch's first look: no moment before
    assert news["table-1"]["whole"] is True
    from intlscore.rules import default_rules

    with Ledger(db) as ledger:
        ledger.session("table-1").change_rules(default_rules().with_options(joker_value=25))
    _, news = watch.look(frozenset({"table-1"}))
    assert news["table-1"]["entries"] == [{"kind": "rescore", "number": 1}]
    assert news["table-1"]["whole"] is True
    watch.close()


def test_a_night_tables_news_holds_its_line_with_the_next_starter(tmp_path: Path) -> None:

    db = tmp_path / "ledger.sqlite3"
    table = night_table(db)
    a, b, c, d = table.players
    watch = LedgerWatch(lambda: db)
    watch.poll()
    with Ledger(db) as ledger:
        ledger.session(table.session).deal(kind="open", winner=a, not_melded=[b, c, d])
    _, news = watch.look(frozenset({table.session, "table-1"}))
    line = news[table.session]["parts"]["table-line"]
    assert 'data-live="table-line"' in line and f"{b} starts deal 2 of 4" in line
    watch.close()
