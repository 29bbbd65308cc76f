"""Backups, restores, and the whole ledger as JSON (export, import)."""

from __future__ import annotations

import contextlib
import json
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from club_ledgers import build, season_steps
from club_season import make_season
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from intlscore.faces.cli import main
from intlscore.faces.documents import schema
from intlscore.rules import default_rules
from intlscore.session.club.backup import backup, export_ledger, import_ledger
from intlscore.session.club.players import rename_player
from intlscore.session.ledger import Ledger
from intlscore.session.night.store import accept_round, create_night, cut_night, roll_call

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "club.sqlite3"
    monkeypatch.setenv("INTLSCORE_DB", str(path))
    make_season(path, monkeypatch)
    with Ledger(path) as ledger:  # every kind of entry, and a rename
        w2 = ledger.session("w2")
        w2.amend(1, kind="foot", winner="dan", racks={"ann": "o2 o3", "bob": "*"})
        w2.undo()
        w2.redo()
        w2.change_rules(default_rules().with_options(joker_value=25))
        w2.deal(kind="open", winner="bob", racks={"ann": "r9", "dan": "k2"})
        w2.undo()
        rename_player(ledger, "dan", "Dana")
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, ""), err
    assert err.count("\n") == 1 and "Traceback" not in err
    return err


def shown(path: Path) -> dict[str, Any]:
    """Every session as ``session show --json`` prints it."""
    with Ledger(path) as ledger:
        return {s.name: ledger.session(s.name).to_dict() for s in ledger.sessions()}


def stored(path: Path) -> list[tuple[str, str, str]]:
    """Every stored record and checksum, in order (identical ledgers have the same)."""
    with contextlib.closing(sqlite3.connect(path)) as connection:
        rows = connection.execute("SELECT name, record, head FROM session ORDER BY id").fetchall()
        rows += connection.execute(
            "SELECT s.name || ' ' || e.seq, e.record, e.digest FROM entry e"
            " JOIN session s ON s.id = e.session_id ORDER BY s.id, e.seq"
        ).fetchall()
    return rows


def test_a_backup_is_a_checked_copy(capsys: pytest.CaptureFixture[str], db: Path) -> None:
    target = db.parent / "copy.sqlite3"
    status, out, err = run(capsys, "backup", str(target), "--json")
    assert status == 0, err
    data = json.loads(out)
    Draft202012Validator(schema("backup")).validate(data)
    assert (data["sessions"], data["deals"]) == (3, 7)
    assert shown(target) == shown(db) and stored(target) == stored(db)
    assert target.stat().st_mode & 0o077 == 0  # private, as the ledger
    assert [p.name for p in db.parent.iterdir() if p.name.startswith(".")] == []
    assert run(capsys, "backup", str(target))[0] == 0  # a second backup replaces it


def test_restore_puts_a_backup_in_place(capsys: pytest.CaptureFixture[str], db: Path) -> None:
    target = db.parent / "copy.sqlite3"
    assert run(capsys, "backup", str(target))[0] == 0
    fresh = db.parent / "fresh.sqlite3"
    status, out, err = run(capsys, "restore", str(target), "--db", str(fresh), "--json")
    assert status == 0, err
    Draft202012Validator(schema("restore")).validate(json.loads(out))
    assert shown(fresh) == shown(db)
    # a ledger holding sessions is replaced only when asked
    with Ledger(fresh) as ledger:
        ledger.session("w1").undo()
    err = refused(capsys, "restore", str(target), "--db", str(fresh))
    assert "already holds 3 sessions; add --replace" in err
    assert run(capsys, "restore", str(target), "--db", str(fresh), "--replace")[0] == 0
    assert shown(fresh) == shown(db)
    assert run(capsys, "session", "check", "--all", "--db", str(fresh))[0] == 0


def test_restore_into_a_ledger_another_connection_has_open(db: Path, tmp_path: Path) -> None:
    target = tmp_path / "copy.sqlite3"
    with Ledger(db) as ledger:
        backup(ledger, target)
        ledger.session("w1").undo()
        other = Ledger(db)  # e.g. a server
        try:
            assert len(other.session("w1").deals()) == 1
            from intlscore.session.club.backup import restore

            restore(ledger, target, replace=True)
            assert len(other.session("w1").deals()) == 2  # it sees the restored ledger
            assert other.check() == []
        finally:
            other.close()


def flip_a_delta(path: Path) -> None:
    """Change a stored delta in place (the record no longer matches its checksum)."""
    with contextlib.closing(sqlite3.connect(path)) as connection, connection:
        (entry_id, text) = connection.execute(
            'SELECT id, record FROM entry WHERE record LIKE \'%"deltas":[["ann",100]%\' LIMIT 1'
        ).fetchone()
        connection.execute(
            "UPDATE entry SET record = ? WHERE id = ?",
            (text.replace('"deltas":[["ann",100]', '"deltas":[["ann",1000]', 1), entry_id),
        )


def test_restore_refuses_what_is_not_a_sound_backup(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    target = tmp_path / "target.sqlite3"
    text = tmp_path / "notes.txt"
    text.write_text("hello\n")
    foreign = tmp_path / "foreign.sqlite3"
    with contextlib.closing(sqlite3.connect(foreign)) as connection, connection:
        connection.execute("CREATE TABLE x (a)")
    damaged = tmp_path / "damaged.sqlite3"
    with Ledger(db) as ledger:
        backup(ledger, damaged)
    flip_a_delta(damaged)
    before = damaged.read_bytes()
    empty = tmp_path / "empty.sqlite3"
    empty.write_bytes(b"")
    cases = {
        str(tmp_path): "is a folder, not a backup of a ledger",
        str(text): "notes.txt is not an SQLite database",
        str(foreign): "foreign.sqlite3 is not an intlscore session database (a foreign SQLite",
        str(damaged): "damaged.sqlite3 fails the ledger's checks (1 problem; the first: session"
        " 'w1': deal 1 is damaged",
        str(empty): "is empty, not a backup of a ledger",
        str(tmp_path / "missing.sqlite3"): "missing.sqlite3: no such file",
    }
    for source, message in cases.items():
        err = refused(capsys, "restore", source, "--db", str(target))
        assert message in err, err
    assert not target.exists()  # nothing was made
    assert damaged.read_bytes() == before  # the backup itself is never changed
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_a_backup_path_that_is_a_folder_or_the_ledger_is_refused(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    assert "is a folder; give a file name in it" in refused(capsys, "backup", str(tmp_path))
    assert "is the ledger itself" in refused(capsys, "backup", str(db))
    missing = tmp_path / "none" / "copy.sqlite3"
    assert "does not exist" in refused(capsys, "backup", str(missing))
    nothing = tmp_path / "nothing.sqlite3"
    assert "there is no ledger at" in refused(
        capsys, "backup", str(tmp_path / "c.sqlite3"), "--db", str(nothing)
    )


WRITER = textwrap.dedent(
    """
    import sys
    from intlscore.session.ledger import Ledger

    with Ledger(sys.argv[1], timeout=30) as ledger:
        session = ledger.create_session("busy", ["ann", "bob"])
        print("started", flush=True)
        for number in range(int(sys.argv[2])):
            winner, loser = ("ann", "bob") if number % 2 else ("bob", "ann")
            session.deal(kind="open", winner=winner, racks={loser: "r5"})
    """
)


def test_a_backup_while_another_process_writes_holds_a_prefix(tmp_path: Path) -> None:
    path = tmp_path / "busy.sqlite3"
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path), "60"],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert writer.stdout is not None and writer.stdout.readline() == "started\n"
    copies: list[Path] = []
    with Ledger(path, timeout=30) as ledger:
        while writer.poll() is None or len(copies) < 3:
            copy = tmp_path / f"copy{len(copies)}.sqlite3"
            backup(ledger, copy)
            copies.append(copy)
    assert writer.wait() == 0
    final = shown(path)["busy"]["deals"]
    assert len(final) == 60
    counts = []
    for copy in copies:
        with Ledger(copy) as ledger:
            assert ledger.check() == []
        deals = shown(copy)["busy"]["deals"]
        assert deals == final[: len(deals)]  # a prefix, never a torn deal
        counts.append(len(deals))
    assert counts == sorted(counts)


def test_export_then_import_gives_the_same_ledger(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    status, out, err = run(capsys, "export")
    assert status == 0, err
    data = json.loads(out)
    Draft202012Validator(schema("ledger")).validate(data)
    assert data["renames"][0]["old"] == "dan"
    assert data["format"] == "ledger/1" and "nights" not in data  # no nights: as it always was
    export = tmp_path / "club.json"
    export.write_text(out)
    again = tmp_path / "again.sqlite3"
    status, out, err = run(capsys, "import", str(export), "--db", str(again), "--json")
    assert status == 0, err
    Draft202012Validator(schema("import")).validate(json.loads(out))
    assert shown(again) == shown(db)
    assert stored(again) == stored(db)  # the same records, the same checksums
    assert run(capsys, "session", "check", "--all", "--db", str(again))[0] == 0
    with Ledger(again) as ledger:  # the history came along: the undone deal can come back
        assert ledger.session("w2").redo().winner == "bob"
    assert run(capsys, "export", "--db", str(again))[1] != json.dumps(data)  # changed since


def test_import_refuses_a_damaged_or_foreign_export(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    exported = export_ledger(Ledger(db))
    target = tmp_path / "target.sqlite3"
    deltas = exported["sessions"][0]["entries"][0]["result"]["deltas"]
    deltas[0][1] += 1  # a delta its input does not score to
    damaged = tmp_path / "damaged.json"
    damaged.write_text(json.dumps({"format": "ledger/1", **exported}))
    err = refused(capsys, "import", str(damaged), "--db", str(target))
    assert "the export cannot be imported: session 'w1', deal 1: its stored deltas" in err
    session = tmp_path / "session.json"
    assert main(["session", "show", "w1", "--json"]) == 0
    session.write_text(capsys.readouterr().out)
    assert "(a 'session/1' document)" in refused(
        capsys, "import", str(session), "--db", str(target)
    )
    assert "is a folder, not an export" in refused(capsys, "import", str(tmp_path))
    assert "no such file" in refused(capsys, "import", str(tmp_path / "x.json"))
    assert not target.exists()
    assert "already holds 3 sessions" in refused(capsys, "import", str(damaged), "--db", str(db))


NIGHT_NAMES = ("ann", "Bob", "cy", "dot", "eli", "fay", "gil", "hana", "ivo", "José")


@st.composite
def night_steps(draw: st.DrawFn) -> dict[str, Any] | None:
    """No night, or one: its players, seed, rounds seated, each table's winners (by seat),
    a leaver, a latecomer and a cut."""
    if not draw(st.booleans()):
        return None
    players = draw(st.lists(st.sampled_from(NIGHT_NAMES), min_size=6, max_size=8, unique=True))
    rounds = draw(st.integers(1, 2))
    return {
        "players": players,
        "seed": draw(st.integers(0, 2**63 - 1)),
        "rounds": rounds,
        "seated": draw(st.integers(0, rounds)),
        "winners": draw(st.lists(st.integers(0, 3), min_size=0, max_size=2)),
        "leave": draw(st.booleans()),
        "arrive": draw(st.booleans()),
        "cut": draw(st.booleans()),
    }


def build_night(ledger: Ledger, night: dict[str, Any]) -> None:
    """Store the night ``fri`` of :func:`night_steps`: each seated table plays its deals
    (open wins by the drawn seats)."""
    players = night["players"]
    create_night(ledger, "fri", players, rounds=night["rounds"], deals=2, seed=night["seed"],
                 stake="0.05", apart=[(players[0], players[1])])  # fmt: skip
    for number in range(night["seated"]):
        _, seated = accept_round(ledger, "fri", force=True, cpu_seconds=0.1)
        for table in seated.tables:
            session = ledger.session(table.session)
            for seat in night["winners"]:
                winner = table.players[seat % len(table.players)]
                others = [p for p in table.players if p != winner]
                session.deal(kind="open", winner=winner, not_melded=others)
        if number == 0 and night["leave"] and len(players) > 6:  # 6 still sit
            roll_call(ledger, "fri", players[-1], arriving=False)
        if number == 0 and night["arrive"]:
            roll_call(ledger, "fri", "Zoë", arriving=True)
    if night["cut"] and night["seated"] and len(night["winners"]) == 2:  # rounds finished
        cut_night(ledger, "fri", 6, "halved")


def nights(path: Path) -> dict[str, Any]:
    """Every night as ``night show --json`` prints it, and its stored rows."""
    from intlscore.session.night.store import read_night

    with Ledger(path) as ledger, contextlib.closing(sqlite3.connect(path)) as connection:
        rows = connection.execute("SELECT name, record FROM night ORDER BY id").fetchall()
        return {"shown": [read_night(ledger, name).to_dict() for name, _ in rows], "rows": rows}


@pytest.mark.slow
@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(sessions=season_steps(), night=night_steps())
def test_any_ledger_survives_export_and_import(
    tmp_path_factory: pytest.TempPathFactory, sessions: Any, night: dict[str, Any] | None
) -> None:
    folder = tmp_path_factory.mktemp("roundtrip")
    with Ledger(folder / "a.sqlite3") as ledger:
        build(ledger, sessions)
        if night is not None:
            build_night(ledger, night)
        exported = json.loads(json.dumps(export_ledger(ledger)))
    assert ("nights" in exported) == (night is not None)
    with Ledger(folder / "b.sqlite3") as again:
        import_ledger(again, exported)
    assert shown(folder / "b.sqlite3") == shown(folder / "a.sqlite3")
    assert stored(folder / "b.sqlite3") == stored(folder / "a.sqlite3")
    assert nights(folder / "b.sqlite3") == nights(folder / "a.sqlite3")


def test_an_export_carries_the_nights(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    """A ledger with a night exports ``ledger/2``; imported into an empty ledger, the
    night shows exactly as before (``night show --json``: rounds, standings, roll call)."""
    with Ledger(db) as ledger:
        build_night(ledger, {"players": list(NIGHT_NAMES[:8]), "seed": 5, "rounds": 2,
                             "seated": 2, "winners": [0, 2], "leave": True, "arrive": True,
                             "cut": True})  # fmt: skip
    status, out, err = run(capsys, "export")
    assert status == 0, err
    data = json.loads(out)
    Draft202012Validator(schema("ledger")).validate(data)
    assert data["format"] == "ledger/2" and [n["name"] for n in data["nights"]] == ["fri"]
    export = tmp_path / "club.json"
    export.write_text(out)
    again = tmp_path / "again.sqlite3"
    assert run(capsys, "import", str(export), "--db", str(again))[0] == 0
    before = json.loads(run(capsys, "night", "show", "fri", "--json")[1])
    status, out, err = run(capsys, "night", "show", "fri", "--json", "--db", str(again))
    assert status == 0, err
    assert json.loads(out) == before
    assert before["cut"] is not None and before["standings"][0]["points"] > 0
    assert nights(again) == nights(db)
    assert stored(again) == stored(db)
    assert run(capsys, "export", "--db", str(again))[1] == run(capsys, "export")[1].replace(
        str(db), str(again)
    )


def test_an_export_without_nights_is_still_read(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    """A ``ledger/1`` export (no nights key, as before nights) imports; a ``ledger/2``
    export with nights still imports when its nights are given as ``ledger/1`` too."""
    data = json.loads(run(capsys, "export")[1])
    assert "nights" not in data
    old = tmp_path / "old.json"
    old.write_text(json.dumps(data))
    again = tmp_path / "again.sqlite3"
    assert run(capsys, "import", str(old), "--db", str(again))[0] == 0
    assert shown(again) == shown(db)
    assert nights(again) == {"shown": [], "rows": []}
    data["format"] = "ledger/3"
    old.write_text(json.dumps(data))
    assert "(a 'ledger/3' document)" in refused(
        capsys, "import", str(old), "--db", str(tmp_path / "other.sqlite3")
    )


def _night_export(db: Path) -> dict[str, Any]:
    with Ledger(db) as ledger:
        build_night(ledger, {"players": list(NIGHT_NAMES[:8]), "seed": 5, "rounds": 1,
                             "seated": 1, "winners": [1], "leave": False, "arrive": False,
                             "cut": False})  # fmt: skip
        return {"format": "ledger/2", **export_ledger(ledger)}


@pytest.mark.parametrize(
    ("spoil", "said"),
    [
        (lambda d: d.update(nights={"fri": {}}), "nights is not a list of nights (name, record)"),
        (lambda d: d["nights"][0]["record"].pop("players"), "night 'fri': its record is damaged"),
        (lambda d: d["nights"][0].update(name="sat"), "night 'sat': its record names night 'fri'"),
        (lambda d: d["nights"].append(copy_night(d["nights"][0], "FRI")),
         "nights 'fri' and 'FRI' are one name (they differ only in case or accents)"),
        (lambda d: d["nights"][0]["record"]["players"].append("ANN"),
         "night 'fri': players 'ann' and 'ANN' are one player"),
        (lambda d: d["nights"].append(copy_night(d["nights"][0], "Cafe\u0301")) or d[
            "nights"].append(copy_night(d["nights"][0], "CAFÉ")),
         "nights 'Cafe\u0301' and 'CAFÉ' are one name"),
        (lambda d: d["nights"][0]["record"].update(rounds=0),
         "night 'fri': a night has 1 to 20 rounds, not 0"),
        (lambda d: d["nights"][0]["record"]["apart"].append(["ann", "zed"]),
         "night 'fri' (kept apart): 'zed' is not on its roll call"),
        (lambda d: d["sessions"].pop(), "night 'fri', round 1, table 2: no session 'fri-r1-t2'"),
        (lambda d: start_elsewhere(d["nights"][0]["record"]["seated"][0]),
         "night 'fri', round 1, table 1: a start is not at the table"),
    ],
)  # fmt: skip
def test_import_checks_the_nights(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path, spoil: Any, said: str
) -> None:
    data = _night_export(db)
    spoil(data)
    spoilt = tmp_path / "spoilt.json"
    spoilt.write_text(json.dumps(data))
    target = tmp_path / "target.sqlite3"
    err = refused(capsys, "import", str(spoilt), "--db", str(target))
    assert said in err and err.startswith("intlscore: error: the export cannot be imported")
    assert "nothing was stored" in err
    assert not target.exists() or nights(target)["rows"] == []


def start_elsewhere(seated: dict[str, Any]) -> None:
    """The first deal of table 1 started by a player of table 2."""
    seated["tables"][0]["starts"][0] = seated["tables"][1]["players"][0]


def copy_night(night: dict[str, Any], name: str) -> dict[str, Any]:
    record = json.loads(json.dumps(night["record"]))
    record["name"] = name
    return {"name": name, "record": record}


def test_import_refuses_a_ledger_that_holds_a_night(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    export = tmp_path / "club.json"
    assert run(capsys, "export", "--output", str(export))[0] == 0
    target = tmp_path / "target.sqlite3"
    with Ledger(target) as ledger:  # a night, no table seated yet: no session
        create_night(ledger, "sat", list(NIGHT_NAMES[:6]))
    err = refused(capsys, "import", str(export), "--db", str(target))
    assert "already holds 1 night; import into an empty ledger" in err
    assert shown(target) == {}


def test_a_rename_the_night_missed_is_named_at_import(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    """A night whose table names a player otherwise than its session (a rename stored by an
    intlscore before renames reached nights) is refused with the way to mend it."""
    data = _night_export(db)
    table = data["nights"][0]["record"]["seated"][0]["tables"][0]
    session = next(s for s in data["sessions"] if s["name"] == table["session"])
    player = table["players"][0]
    session["record"]["players"][0] = player.upper()
    spoilt = tmp_path / "spoilt.json"
    spoilt.write_text(json.dumps(data))
    err = refused(capsys, "import", str(spoilt), "--db", str(tmp_path / "t.sqlite3"))
    assert (
        f"{player!r} is {player.upper()!r} in session {table['session']!r}; rename them once"
        f" more to make the names one (intlscore player rename {player} {player.upper()})"
    ) in err
    session["record"]["players"][1] = "Nobody"  # two names differ: no rename to suggest
    spoilt.write_text(json.dumps(data))
    err = refused(capsys, "import", str(spoilt), "--db", str(tmp_path / "t.sqlite3"))
    assert f"its players are not those of session {table['session']!r}" in err


def test_a_compact_export_is_the_same_document(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    pretty = json.loads(run(capsys, "export")[1])
    status, out, _ = run(capsys, "export", "--compact")
    assert status == 0 and out.count("\n") == 1 and json.loads(out) == pretty


def test_backup_and_export_never_replace_a_file_of_another_kind(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    rules = tmp_path / "house.toml"
    rules.write_text('name = "house"\n')
    err = refused(capsys, "backup", str(rules))
    assert "house.toml is there and is not an intlscore ledger; it was left untouched" in err
    err = refused(capsys, "export", "--output", str(rules))
    assert "house.toml is there and is not an export of a ledger; it was left untouched" in err
    assert rules.read_text() == 'name = "house"\n'
    export = tmp_path / "club.json"
    assert run(capsys, "export", "--output", str(export))[0] == 0
    assert run(capsys, "export", "--output", str(export))[0] == 0  # an export is replaced
    assert export.stat().st_mode & 0o077 == 0


def test_import_reads_standard_input_and_checks_the_renames(
    capsys: pytest.CaptureFixture[str],
    db: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import io

    exported = run(capsys, "export", "--compact")[1]
    monkeypatch.setattr("sys.stdin", io.StringIO(exported))
    again = tmp_path / "again.sqlite3"
    assert run(capsys, "import", "-", "--db", str(again))[0] == 0
    assert shown(again) == shown(db)
    spoilt = json.loads(exported)
    spoilt["renames"] = [{"old": "dan", "new": 7}]
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(spoilt)))
    other = tmp_path / "other.sqlite3"
    err = refused(capsys, "import", "-", "--db", str(other))
    assert "renames is not a list of renames (old, new, when, sessions)" in err
    assert not other.exists()
