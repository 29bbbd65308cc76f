"""Every ``--json`` output carries ``"format"`` and is valid against its shipped JSON Schema.

The outputs are real: each command runs in-process through the entry point. A few
hand-made wrong documents prove the schemas are strict (a schema that accepts anything
would pass the first kind of test).
"""

from __future__ import annotations

import copy
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from house_rules import HOUSE_OPTIONS, write_house
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from intlscore.faces.cli import main
from intlscore.faces.documents import EARLIER, FORMATS, format_of, schema, schemas_dir

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def ledger_in_tmp(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    path = tmp_path / "ledger.sqlite3"
    monkeypatch.setenv("INTLSCORE_DB", str(path))
    return path


@pytest.fixture
def house(tmp_path: Path) -> Path:
    return write_house(tmp_path, HOUSE_OPTIONS)


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert status == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def check(kind: str, data: dict[str, Any]) -> None:
    assert next(iter(data)) == "format"  # first key
    assert data["format"] in versions(kind)
    Draft202012Validator(schema(kind)).validate(data)


def versions(kind: str) -> list[str]:
    """The formats a kind prints: its current one and any earlier one still printed."""
    return [f"{kind}/{v}" for v in EARLIER.get(kind, ())] + [format_of(kind)]


# --- the schemas themselves -------------------------------------------------------------------


def test_one_schema_per_kind_and_no_other() -> None:
    files = sorted(p.name for p in (ROOT / "schemas").glob("*.schema.json"))
    assert files == sorted(f"{kind}.schema.json" for kind in FORMATS)
    assert schemas_dir().samefile(ROOT / "schemas") or (schemas_dir() / files[0]).is_file()


def test_the_docs_list_every_format() -> None:
    """docs/rules-files.md's table of formats names every kind with its version."""
    docs = (Path(__file__).resolve().parents[1] / "docs" / "rules-files.md").read_text("utf-8")
    missing = [kind for kind in FORMATS if f"`{format_of(kind)}`" not in docs]
    assert missing == []


@pytest.mark.parametrize("kind", sorted(FORMATS))
def test_each_schema_is_a_valid_draft_2020_12_schema(kind: str) -> None:
    document = schema(kind)
    Draft202012Validator.check_schema(document)
    stated = document["properties"]["format"]
    assert stated.get("enum", [stated.get("const")]) == versions(kind)
    assert "format" in document["required"]


def test_shared_definitions_are_the_same_in_every_schema() -> None:
    seen: dict[str, tuple[str, Any]] = {}
    for kind in FORMATS:
        for name, definition in schema(kind).get("$defs", {}).items():
            if name in seen:
                assert definition == seen[name][1], f"{name}: {kind} differs from {seen[name][0]}"
            else:
                seen[name] = (kind, definition)


# --- real outputs of every command ------------------------------------------------------------


def test_score(capsys: pytest.CaptureFixture[str], house: Path) -> None:
    check("score", run_json(capsys, "score", "k1-13 k1", "--discard", "*", "--json"))
    check("score", run_json(capsys, "score", "k1-13 k1 r5", "--json"))
    nothing = run_json(capsys, "score", "k1 k5 r7 r9 b2 b4 o6 o8 k11 r12 b13 o3 o2 k2 r1", "--json")
    check("score", nothing)
    assert nothing["best"] is None and nothing["reasons"]
    data = run_json(
        capsys, "score", "k1-4 r3-6 b2-4 o6-8", "--discard", "k13", "--rules", str(house), "--json"
    )
    check("score", data)
    assert (data["best"]["number"], data["rules"]) == (41, "house")
    jokers = run_json(capsys, "score", "r1-7 r1-6 *", "--discard", "*", "--json")
    check("score", jokers)


def test_reach(capsys: pytest.CaptureFixture[str], house: Path) -> None:
    data = run_json(capsys, "reach", "r1-4 r6-13 r1 k5", "--seen", "r5", "--trump", "o7", "--json")
    check("reach", data)
    assert any(entry["distance"] is None for entry in data["types"])  # a reason is given
    data = run_json(capsys, "reach", "k1-4 r3-6 b2-4 o7-9", "--rules", str(house), "--json")
    check("reach", data)
    assert len(data["types"]) == 41


def test_table(capsys: pytest.CaptureFixture[str], house: Path) -> None:
    check("table", run_json(capsys, "table", "--json"))
    data = run_json(capsys, "table", "--rules", str(house), "--json")
    check("table", data)
    assert data["types"][-1]["name"] == "Minor 61 runs"


def test_deal(capsys: pytest.CaptureFixture[str], house: Path) -> None:
    closed = run_json(
        capsys, "deal", "--players", "ann", "bob", "cat", "--winner", "ann",
        "--closed", "k1-4 r3-6 b2-4 o6-8", "--discard", "*", "--rack", "bob=r7 *",
        "--not-melded", "cat", "--trump", "o13", "--trump-holder", "cat",
        "--rules", str(house), "--json",
    )  # fmt: skip
    check("deal", closed)
    assert [p["delta"] for p in closed["players"]] == [2200, -64, -2100]
    for ending in (["--open", "--winner", "ann"], ["--foot", "--winner", "ann"]):
        data = run_json(capsys, "deal", "--players", "ann", "bob", *ending, "--rack", "bob=r5 k1",
                        "--json")  # fmt: skip
        check("deal", data)
    nobody = run_json(capsys, "deal", "--players", "ann", "bob", "--no-winner", "--rack", "ann=r5",
                      "--not-melded", "bob", "--json")  # fmt: skip
    check("deal", nobody)
    assert nobody["winner"] is None


def test_settle(capsys: pytest.CaptureFixture[str], house: Path) -> None:
    data = run_json(
        capsys, "settle", "--stake", "0.05", "ann=1200", "bob=-300", "cat=100", "--json"
    )
    check("settle", data)
    data = run_json(
        capsys, "settle", "--stake", "1", "ann=1", "bob=0", "--rules", str(house), "--json"
    )
    check("settle", data)
    assert data["rules"] == "house"


def test_every_session_output(capsys: pytest.CaptureFixture[str]) -> None:
    check(
        "session-new", run_json(capsys, "session", "new", "s", "--players", "ann", "bob", "--json")
    )
    deal = ["--winner", "ann", "--closed", "k1-13 k1", "--discard", "r5", "--rack", "bob=o2 *"]
    check("session-deal", run_json(capsys, "session", "deal", "s", *deal, "--json"))
    check("session-deal", run_json(capsys, "session", "deal", "s", "--open", "--winner", "bob",
                                   "--not-melded", "ann", "--json"))  # fmt: skip
    shown = run_json(capsys, "session", "show", "s", "--json")
    check("session", shown)
    assert len(shown["deals"]) == 2
    check("session", run_json(capsys, "session", "export", "s"))
    check("session-list", run_json(capsys, "session", "list", "--json"))
    check("settle", run_json(capsys, "session", "settle", "s", "--stake", "0.1", "--json"))
    check("session-undo", run_json(capsys, "session", "undo", "s", "--json"))


def test_every_night_output(capsys: pytest.CaptureFixture[str]) -> None:
    """A night (issue 43): its draft, the accepted round, the night shown with a deal at one
    table, and after a cut; each valid against its schema."""
    players = ["ann", "bob", "cat", "dan", "eve", "fay", "gus"]
    assert main(["night", "new", "n", "--players", *players, "--rounds", "2", "--seed", "3",
                 "--stake", "0.05", "--apart", "ann", "bob"]) == 0  # fmt: skip
    capsys.readouterr()
    draft = run_json(capsys, "night", "seat", "n", "--json")
    check("night-seat", draft)
    assert not draft["accepted"] and draft["sessions"] == []
    seated = run_json(capsys, "night", "seat", "n", "--accept", "--json")
    check("night-seat", seated)
    assert seated["sessions"] == ["n-r1-t1", "n-r1-t2"]
    first = seated["tables"][0]["players"]
    run_json(capsys, "session", "deal", "n-r1-t1", "--open", "--winner", first[0],
             "--not-melded", *first[1:], "--json")  # fmt: skip
    shown = run_json(capsys, "night", "show", "n", "--json")
    check("night", shown)
    assert shown["rounds"][0]["tables"][0]["deals_played"] == 1
    assert shown["standings"][0]["player"] == first[0] and shown["warnings"]
    check("night-seat", run_json(capsys, "night", "seat", "n", "--by-standing", "--json"))
    money = run_json(capsys, "night", "settle", "n", "--json")
    check("night-settle", money)
    assert money["tables"][0]["stake"] == "0.05" and sum(map(float, money["nets"].values())) == 0
    spoilt = copy.deepcopy(shown)
    spoilt["standings"][0]["luck"] = 1
    with pytest.raises(ValidationError):
        Draft202012Validator(schema("night")).validate(spoilt)


def _two_deal_session(capsys: pytest.CaptureFixture[str]) -> None:
    run_json(capsys, "session", "new", "s", "--players", "ann", "bob", "--json")
    deal = ["--winner", "ann", "--open", "--rack", "bob=r5 *"]
    run_json(capsys, "session", "deal", "s", *deal, "--json")
    run_json(
        capsys, "session", "deal", "s", "--foot", "--winner", "bob", "--rack", "ann=k1", "--json"
    )


def test_session_rules(capsys: pytest.CaptureFixture[str], house: Path) -> None:
    run_json(
        capsys, "session", "new", "s", "--players", "ann", "bob", "--rules", str(house), "--json"
    )
    data = run_json(capsys, "session", "rules", "s", "--json")
    check("session-rules", data)
    assert (data["session"], data["rules"], data["source"]) == ("s", "house", str(house))


def test_session_rescore(capsys: pytest.CaptureFixture[str], house: Path) -> None:
    _two_deal_session(capsys)
    preview = run_json(capsys, "session", "rescore", "s", "--rules", str(house), "--json")
    check("session-rescore", preview)
    assert preview["stored"] is False and preview["changed_deals"]  # the joker on bob's rack
    stored = run_json(capsys, "session", "rescore", "s", "--rules", str(house), "--yes", "--json")
    check("session-rescore", stored)
    assert stored["stored"] is True
    again = run_json(capsys, "session", "rescore", "s", "--rules", str(house), "--json")
    check("session-rescore", again)
    assert again["changed_deals"] == [] and again["old"] == again["new"]


def test_session_check(capsys: pytest.CaptureFixture[str], ledger_in_tmp: Path) -> None:
    check("session-check", run_json(capsys, "session", "check", "--all", "--json"))  # no ledger
    _two_deal_session(capsys)
    data = run_json(capsys, "session", "check", "s", "--json")
    check("session-check", data)
    assert data["ok"] is True and data["sessions"] == [{"name": "s", "deals": 2}]
    connection = sqlite3.connect(ledger_in_tmp)
    won, forged = '["bob",200]', '["bob",300]'  # the foot win of deal 2
    tampered = connection.execute(
        "UPDATE entry SET record = replace(record, ?, ?) WHERE instr(record, ?)", (won, forged, won)
    )
    assert tampered.rowcount == 1
    connection.commit()
    connection.close()
    assert main(["session", "check", "--all", "--json"]) == 2  # problems: still exit status 2
    damaged = json.loads(capsys.readouterr().out)
    check("session-check", damaged)
    assert damaged["ok"] is False and "sessions" not in damaged and damaged["problems"]


@pytest.mark.parametrize(
    "spoil",
    [
        pytest.param(lambda d: d["problems"].append("x"), id="ok-with-a-problem"),
        pytest.param(lambda d: d.update(ok=False), id="not-ok-without-problems"),
        pytest.param(lambda d: d.pop("sessions"), id="ok-without-sessions"),
        pytest.param(lambda d: d["sessions"][0].update(players=[]), id="unknown-nested-key"),
    ],
)
def test_the_session_check_schema_refuses_a_spoilt_document(
    capsys: pytest.CaptureFixture[str], spoil: Any
) -> None:
    _two_deal_session(capsys)
    data = run_json(capsys, "session", "check", "s", "--json")
    Draft202012Validator(schema("session-check")).validate(data)
    spoil(data)
    with pytest.raises(ValidationError):
        Draft202012Validator(schema("session-check")).validate(data)


def test_a_failed_check_listing_sessions_is_refused() -> None:
    spoilt = {
        "format": "session-check/1",
        "db": "l.sqlite3",
        "ok": False,
        "sessions": [],
        "problems": ["session 's': deal 2 is damaged (its record does not match its checksum)"],
    }
    with pytest.raises(ValidationError):
        Draft202012Validator(schema("session-check")).validate(spoilt)
    del spoilt["sessions"]
    Draft202012Validator(schema("session-check")).validate(spoilt)


# --- the schemas are strict -------------------------------------------------------------------


def _score_document(capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    return run_json(capsys, "score", "k1-13 k1", "--discard", "*", "--json")


@pytest.mark.parametrize(
    "spoil",
    [
        pytest.param(lambda d: d.pop("format"), id="no-format"),
        pytest.param(lambda d: d.update(format="score/2"), id="other-version"),
        pytest.param(lambda d: d.update(extra=1), id="unknown-key"),
        pytest.param(lambda d: d["tiles"].append("x5"), id="bad-tile"),
        pytest.param(lambda d: d["best"].update(score="4800"), id="score-as-text"),
        pytest.param(lambda d: d["best"].update(colour="k"), id="unknown-nested-key"),
        pytest.param(lambda d: d["context"].pop("first_turn"), id="missing-nested-key"),
    ],
)
def test_the_score_schema_refuses_a_spoilt_document(
    capsys: pytest.CaptureFixture[str], spoil: Any
) -> None:
    data = _score_document(capsys)
    Draft202012Validator(schema("score")).validate(data)
    spoilt = copy.deepcopy(data)
    spoil(spoilt)
    with pytest.raises(ValidationError):
        Draft202012Validator(schema("score")).validate(spoilt)


def test_the_deal_schema_refuses_a_closed_result_with_a_stray_key(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = run_json(
        capsys, "deal", "--players", "ann", "bob", "--winner", "ann", "--closed", "k1-13 k1",
        "--discard", "r5", "--rack", "bob=o2", "--json",
    )  # fmt: skip
    data["closed"]["format"] = "score/1"  # a nested result is not a document of its own
    with pytest.raises(ValidationError):
        Draft202012Validator(schema("deal")).validate(data)


def test_odds_prints_odds_1_without_play_and_odds_2_with_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """R22 alone keeps its odds/1 document; --play adds the play odds (R23) as odds/2."""
    plain = run_json(capsys, "odds", "k1-13 r5", "--draws", "1", "--samples", "20", "--json")
    check("odds", plain)
    assert plain["format"] == "odds/1" and "play" not in plain
    rack = ["k1-13", "k1", "r9", "--draws", "1", "--samples", "20", "--play", "--json"]
    played = run_json(capsys, "odds", *rack)
    check("odds", played)
    assert played["format"] == "odds/2"
    assert played["play"]["best_discard"] == "r9" and played["play"]["exact"] is True
    wins_now = [move for move in played["play"]["discards"] if move["win"]]
    assert wins_now == [
        {
            "discard": None,
            "win": True,
            "chance": 1.0,
            "expected_score": 2400.0,
            "exact": True,
            "top_type": "Royal",
        }
    ]
    validator = Draft202012Validator(schema("odds"))
    without_play = {**played, "format": "odds/2"}
    del without_play["play"]
    with pytest.raises(ValidationError):
        validator.validate(without_play)
    with pytest.raises(ValidationError):
        validator.validate({**played, "format": "odds/1"})
    broken = copy.deepcopy(played)
    broken["play"]["bound"] = "upper"
    with pytest.raises(ValidationError):
        validator.validate(broken)
