"""The Rules object and rules files: the shipped rules, house files, one validator (issue 10).

Deals and hands are worked out by hand in the comments; rulings are cited as R-tags
(shared/RULES.md).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from house_rules import HOUSE, HOUSE_HAND, HOUSE_OPTIONS, write_house
from hypothesis import event, given, settings
from hypothesis import strategies as st

from intlscore.engine.reach import reachability
from intlscore.engine.scoring import score_hand
from intlscore.errors import RulesError, TableError
from intlscore.rules import Rules, default_rules, load_rules, parse_rules
from intlscore.rules.ruleset import default_table, resolve_rules
from intlscore.rules.writer import toml_string
from intlscore.session.deal import score_deal

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def house_file(tmp_path: Path) -> Path:
    return write_house(tmp_path, HOUSE_OPTIONS)


# --- the shipped rules -----------------------------------------------------------------------


def test_the_shipped_rules_are_a_rules_file() -> None:
    rules = load_rules(ROOT / "tables" / "international.toml")
    assert rules == default_rules()
    assert rules.name == "international"
    assert len(rules.hands) == 40
    assert [t.number for t in rules.hands] == list(range(1, 41))
    assert rules.hands.by_number(24).scores == (2400, 2200, 2000)
    assert (rules.options.joker_value, rules.options.trump_bonus) == (30, False)  # R15, R18
    assert rules.deals.open_win == 100  # R14
    assert rules.deals.not_melded_closed is None  # R16: the winner's amount


def test_the_old_loaders_give_the_parts_of_the_shipped_rules() -> None:
    assert default_table() is default_rules().hands


def test_every_number_of_the_shipped_rules_cites_a_ruling() -> None:
    text = (ROOT / "tables" / "international.toml").read_text(encoding="utf-8")
    head = text.split("[[type]]")[0]
    for line in head.splitlines():
        if "=" in line.split("#")[0] and not line.startswith(("schema", "name")):
            assert "# R1" in line, line


def test_round_trip_of_the_shipped_rules() -> None:
    rules = default_rules()
    again = parse_rules(rules.to_toml(), "copy.toml")
    assert again == rules
    assert again.name == rules.name
    assert [t.position for t in again.hands] == list(range(40))
    assert parse_rules(again.to_toml(), "copy2.toml").to_toml() == rules.to_toml()


# --- a house file -----------------------------------------------------------------------------


def test_the_ten_line_house_file() -> None:
    assert len(HOUSE.splitlines()) == 10
    rules = parse_rules(HOUSE, "house.toml")
    assert len(rules.hands) == 41
    house_type = rules.hands.by_number(41)
    assert (house_type.name, house_type.scores, house_type.max_total) == (
        "Minor 61 runs",
        (1100, 1000, 900),
        61,
    )
    assert house_type.position == 40  # no placement: listed last (R11)
    assert rules.deals == default_rules().deals
    assert rules.name == "house"  # from the file name


def test_a_house_type_is_scored_by_score_hand(house_file: Path) -> None:
    shipped = score_hand(HOUSE_HAND, discard="k13")
    assert (shipped.best.number, shipped.best.score) == (14, 1000)
    for rules in (load_rules(house_file), house_file, str(house_file)):
        result = score_hand(HOUSE_HAND, discard="k13", rules=rules)
        assert (result.best.number, result.best.name, result.best.score) == (
            41,
            "Minor 61 runs",
            1100,
        )
        assert [m.number for m in result.matches] == [1, 2, 13, 14, 41]


def test_a_house_type_is_reached(house_file: Path) -> None:
    # o7-9 for o6-8: the total is 10 + 18 + 9 + 24 = 61, still minor, four runs: distance 0.
    result = reachability("k1-4 r3-6 b2-4 o7-9", rules=load_rules(house_file))
    assert result.by_number(41).distance == 0
    # o8-10: a 10 is not minor (R9); swapping the o10 for an o7 makes it one draw away.
    assert reachability("k1-4 r3-6 b2-4 o8-10", rules=house_file).by_number(41).distance == 1
    assert len(result.types) == 41
    assert len(reachability("k1-4 r3-6 b2-4 o7-9").types) == 40


def test_the_old_table_keyword_still_works(house_file: Path) -> None:
    hands = load_rules(house_file).hands
    assert score_hand(HOUSE_HAND, discard="k13", table=hands).best.number == 41
    with pytest.raises(TypeError, match="not both"):
        score_hand(HOUSE_HAND, discard="k13", table=hands, rules=default_rules())


# --- hand-worked deals under the house file (R14-R18) ----------------------------------------


def test_a_deal_with_a_house_type_joker_25_and_trump_bonus(house_file: Path) -> None:
    deal = dict(
        kind="closed",
        winner="ann",
        closed=HOUSE_HAND,
        discard="k13",
        racks={"bob": "r7 *"},
        not_melded=["cat"],
        trump="o13",
        trump_holders=["cat"],
    )
    house = score_deal(["ann", "bob", "cat"], rules=load_rules(house_file), **deal)
    # ann: 41 Minor 61 runs, 1100 (R14). bob: r7 + joker = 7 + 25 (R15 house) = -32.
    # cat has not melded: the winner's amount, -1100 (R16), plus the trump bonus 50 (R18).
    assert house.deltas() == {"ann": 1100, "bob": -32, "cat": -1050}
    assert house.closed is not None and house.closed.best is not None
    assert house.closed.best.number == 41
    # The same deal under the shipped rules: 14 Four colours minor 1000, joker 30, no bonus.
    shipped = score_deal(["ann", "bob", "cat"], **deal)
    assert shipped.deltas() == {"ann": 1000, "bob": -37, "cat": -1000}


def test_a_doubled_deal_with_a_house_type(house_file: Path) -> None:
    house = score_deal(
        ["ann", "bob", "cat"],
        kind="closed",
        winner="ann",
        closed=HOUSE_HAND,
        discard="*",
        racks={"bob": "r7 *"},
        not_melded=["cat"],
        trump="o13",
        trump_holders=["cat"],
        rules=house_file,
    )
    # A joker discard doubles every score (R12, R17): ann 1100 x 2; bob (7 + 25) x 2;
    # cat (-1100 + 50) x 2.
    assert house.deltas() == {"ann": 2200, "bob": -64, "cat": -2100}


def test_a_house_rules_changes_its_deal_numbers() -> None:
    rules = parse_rules(
        'extends = "international"\n'
        "[deal.winner]\nfoot = 300\n"
        "[deal.rack_values]\n1 = 15\n"
        "[deal.not_melded]\nclosed = 500\n",
        "house.toml",
    )
    assert (rules.deals.foot_win, rules.deals.rack_value(1), rules.deals.open_win) == (300, 15, 100)
    deal = score_deal(
        ["ann", "bob"], kind="foot", winner="ann", racks={"bob": "k1 r2"}, rules=rules
    )
    assert deal.deltas() == {"ann": 300, "bob": -17}  # R14 300; R15 15 + 2


def test_changed_scores_and_removed_types() -> None:
    rules = parse_rules(
        'extends = "international"\nremove = [39, 40]\n[scores]\n24 = [3000, 2800, 2600]\n',
        "house.toml",
    )
    assert [t.number for t in rules.hands] == list(range(1, 39))
    assert score_hand("k1-13 k1", discard="r5", rules=rules).best.score == 3000
    assert rules.hands.by_number(23).position == 22


def test_a_removed_type_may_come_back_changed() -> None:
    text = (
        'extends = "international"\nremove = [6]\n[[type]]\nnumber = 6\nname = "Piccolo 41 odd"\n'
        'scores = [900, 800, 700]\ndescription = "Any 14 tiles, total 41 or less"\n'
        'structure = "any"\nmax_total = 41\nafter = 5\n'
    )
    rules = parse_rules(text, "house.toml")
    assert rules.hands.by_number(6).scores == (900, 800, 700)
    assert rules.hands.by_number(6).position == 5


# --- R11: where a house row ranks among equal values ------------------------------------------

EQUAL = HOUSE.replace("[1100, 1000, 900]", "[1000, 900, 800]")
"""Minor 61 runs worth exactly what 14 Four colours minor is worth."""


def test_an_equal_house_row_without_a_place_wins_the_tie() -> None:
    # Listed last, so on equal value it is the type that counts (R11).
    result = score_hand(HOUSE_HAND, discard="k13", rules=parse_rules(EQUAL, "h.toml"))
    assert (result.best.number, result.best.score) == (41, 1000)


def test_an_equal_house_row_placed_before_loses_the_tie() -> None:
    rules = parse_rules(EQUAL + "before = 14\n", "h.toml")
    assert [t.number for t in rules.hands][12:16] == [13, 41, 14, 15]
    result = score_hand(HOUSE_HAND, discard="k13", rules=rules)
    assert (result.best.number, result.best.score) == (14, 1000)
    assert [m.number for m in result.matches] == [1, 2, 13, 41, 14]  # table order


def test_after_places_the_row_after_that_type() -> None:
    rules = parse_rules(EQUAL + "after = 14\n", "h.toml")
    assert [t.number for t in rules.hands][13:16] == [14, 41, 15]
    assert score_hand(HOUSE_HAND, discard="k13", rules=rules).best.number == 41


# --- one validator: every error names the file, the row and the field -------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param(
            HOUSE.replace("max_total", "max_totl"),
            "h.toml: row 1 (Minor 61 runs): field 'max_totl': is not a known field; "
            "did you mean 'max_total'?",
            id="row-field",
        ),
        pytest.param(
            HOUSE.replace('structure = "runs"', 'structure = "rums"'),
            "h.toml: row 1 (Minor 61 runs): field 'structure': must be one of",
            id="row-value",
        ),
        pytest.param(
            HOUSE + "after = 99\n",
            "h.toml: row 1 (Minor 61 runs): field 'after': must be the number of a type",
            id="after-unknown",
        ),
        pytest.param(
            HOUSE + "after = 1\nbefore = 2\n",
            "field 'before': give after or before, not both",
            id="after-and-before",
        ),
        pytest.param(
            HOUSE.replace("number = 41", "number = 5"),
            "h.toml: row 1 (Minor 61 runs): field 'number': type 5 (Minor 51 runs) is already"
            " in international",
            id="number-taken",
        ),
        pytest.param(
            HOUSE.replace("Minor 61 runs", "minor 51 RUNS"),
            "h.toml: row 1 (minor 51 RUNS): field 'name': is already used by type 5 of"
            " international",
            id="name-taken",
        ),
        pytest.param(
            HOUSE + HOUSE.split("\n", 2)[2].replace("number = 41", "number = 42"),
            "h.toml: row 2 (Minor 61 runs): field 'name': is already used by row 1",
            id="name-twice",
        ),
        pytest.param(
            HOUSE + HOUSE.split("\n", 2)[2].replace("Minor 61", "Minor 62"),
            "h.toml: row 2 (Minor 62 runs): field 'number': is already used by row 1",
            id="number-twice",
        ),
        pytest.param(
            HOUSE.replace("extends", "extend"),
            "h.toml: field 'extend': is not a known key; did you mean 'extends'?",
            id="top-level",
        ),
        pytest.param(
            HOUSE.replace('"international"', '"internationl"'),
            "h.toml: field 'extends': unknown rules 'internationl'; did you mean 'international'?",
            id="extends",
        ),
        pytest.param(
            HOUSE + "[options]\njoker = 25\n",
            "h.toml: [options]: field 'joker': is not a known field; did you mean 'joker_value'?",
            id="option",
        ),
        pytest.param(
            HOUSE + "[options]\ntrump_bonus = 1\n",
            "h.toml: [options]: field 'trump_bonus': must be true or false; got 1",
            id="option-bool",
        ),
        pytest.param(
            HOUSE + "[deal.winer]\nopen = 1\n",
            "h.toml: [deal]: field 'winer': is not a known field; did you mean 'winner'?",
            id="deal-section",
        ),
        pytest.param(
            HOUSE + "[deal.winner]\nfot = 1\n",
            "h.toml: [deal.winner]: field 'fot': is not a known field; did you mean 'foot'?",
            id="deal-key",
        ),
        pytest.param(
            HOUSE + "[deal.joker_discard]\nfactor = 0\n",
            "h.toml: [deal.joker_discard]: field 'factor': must be a whole number from 1",
            id="factor",
        ),
        pytest.param(
            HOUSE + '[deal.not_melded]\nclosed = "loser"\n',
            "h.toml: [deal.not_melded]: field 'closed': must be \"winner\"",
            id="closed",
        ),
        pytest.param(
            HOUSE + "[scores]\n99 = [1, 2, 3]\n",
            "h.toml: [scores]: field '99': is not a known field",
            id="scores-unknown",
        ),
        pytest.param(
            HOUSE + "[scores]\n24 = [1, 2]\n",
            "h.toml: [scores]: field '24': must be three whole numbers",
            id="scores-value",
        ),
        pytest.param(
            HOUSE.replace("[[type]]", "remove = [77]\n[[type]]"),
            "h.toml: field 'remove': 77 is not a type of international",
            id="remove",
        ),
        pytest.param(
            'extends = "international"\n[[type]]\nnumber = 41\nname = "Zigzag"\n'
            'scores = [900, 800, 700]\ndescription = "Two zigzags 1-7"\n'
            'structure = "sequence"\nsequence = [1, 2, 3, 4, 5, 6, 7]\nrepeat = 2\n'
            'neighbours = "differ"\ndistinct_colours = true\n',
            "h.toml: row 1 (Zigzag): field 'distinct_colours': applies to a sequence only "
            'with neighbours = "same"',
            id="distinct-differ",
        ),
        pytest.param(
            "schema = true\n" + HOUSE,
            "h.toml: schema: True is not supported (only schema = 1)",
            id="schema-true",
        ),
        pytest.param(
            "schema = 1.0\n" + HOUSE,
            "h.toml: schema: 1.0 is not supported",
            id="schema-float",
        ),
        pytest.param(
            HOUSE.replace('extends = "international"\n', ""),
            "h.toml: [options]: field 'joker_value': is missing",
            id="complete-needs-all",
        ),
        pytest.param(
            "[scores]\n24 = [1, 2, 3]\n",
            "h.toml: field 'scores': only a file with extends = \"international\" may use it",
            id="scores-needs-extends",
        ),
        pytest.param(
            'name = "x\\u0007"\n' + HOUSE,
            "h.toml: field 'name': must not hold control characters",
            id="name-control",
        ),
        pytest.param("a = = 1", "h.toml: not a valid TOML file", id="toml"),
    ],
)
def test_errors_name_the_file_the_row_and_the_field(text: str, message: str) -> None:
    with pytest.raises(RulesError) as caught:
        parse_rules(text, "h.toml")
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)
    assert str(caught.value).startswith("h.toml: ")


def test_a_complete_file_without_one_deal_number_names_it() -> None:
    text = default_rules().to_toml().replace("factor = 2", "# no factor")
    with pytest.raises(RulesError, match=r"\[deal.joker_discard\]: field 'factor': is missing"):
        parse_rules(text, "full.toml")


def test_rules_errors_are_table_errors() -> None:
    assert issubclass(RulesError, TableError) and issubclass(RulesError, ValueError)


# --- hostile files (issue 9): refused in one line, never a hang -------------------------------


def _refused(path: Path | str) -> str:
    with pytest.raises(RulesError) as caught:
        load_rules(path)
    message = str(caught.value)
    assert "\n" not in message
    assert str(path) in message
    return message


def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "rules.fifo"
    import os

    os.mkfifo(fifo)
    # No writer ever opens the FIFO: reading it would block for ever.
    assert "not a regular file (a FIFO)" in _refused(fifo)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null", "/dev/urandom"])
def test_a_device_is_refused(device: str) -> None:
    assert "not a regular file (a device)" in _refused(device)


def test_a_directory_is_refused(tmp_path: Path) -> None:
    assert "not a regular file (a directory)" in _refused(tmp_path)


def test_a_file_over_one_mib_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    path.write_text(HOUSE + "#" * (1024 * 1024), encoding="utf-8")
    assert "larger than 1024 KiB" in _refused(path)


def test_a_file_of_exactly_one_mib_is_read(tmp_path: Path) -> None:
    path = tmp_path / "padded.toml"
    padding = 1024 * 1024 - len(HOUSE.encode()) - 1
    path.write_text(HOUSE + "#" * padding + "\n", encoding="utf-8")
    assert path.stat().st_size == 1024 * 1024
    assert len(load_rules(path).hands) == 41


@pytest.mark.parametrize(
    "nested",
    [
        "a = " + "[" * 2000 + "]" * 2000,  # RecursionError inside tomllib
        "a = " + "{b = " * 2000 + "1" + "}" * 2000,
        "[" + ".".join(["x"] * 2000) + "]",  # parses, but far too deep for a rules file
    ],
    ids=["arrays", "inline-tables", "dotted"],
)
def test_deep_nesting_is_refused(tmp_path: Path, nested: str) -> None:
    path = tmp_path / "deep.toml"
    path.write_text(nested, encoding="utf-8")
    assert "nested" in _refused(path)


def test_more_than_a_thousand_rows_are_refused() -> None:
    row = (
        '[[type]]\nnumber = {n}\nname = "T{n}"\nscores = [1, 1, 1]\ndescription = "d"\n'
        'structure = "any"\n'
    )
    text = 'extends = "international"\n' + "".join(row.format(n=n) for n in range(41, 1042))
    with pytest.raises(RulesError, match=r"^h.toml: 1001 types; a table holds at most 1000$"):
        parse_rules(text, "h.toml")
    # 960 new rows and the 40 shipped ones make exactly 1000: accepted.
    text = 'extends = "international"\n' + "".join(row.format(n=n) for n in range(41, 1001))
    assert len(parse_rules(text, "h.toml").hands) == 1000
    with pytest.raises(RulesError, match=r"1001 types; a table holds at most 1000"):
        parse_rules(text + row.format(n=5000), "h.toml")


def test_binary_and_non_utf8_files_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes(b'name = "caf\xe9"\n')
    assert "not UTF-8" in _refused(path)


def test_a_missing_file_is_named() -> None:
    assert "No such file or directory" in _refused("/no/such/rules.toml")


# --- resolve_rules: the keywords of the API ---------------------------------------------------


def test_resolve_rules(house_file: Path) -> None:
    assert resolve_rules() is default_rules()
    assert resolve_rules(house_file) == load_rules(house_file)
    hands = load_rules(house_file).hands
    assert resolve_rules(table=hands).hands is hands
    with pytest.raises(TypeError, match="rules must be a Rules"):
        resolve_rules(42)  # type: ignore[arg-type]


def test_options_and_with_options() -> None:
    rules = default_rules().with_options(joker_value=25, trump_bonus=True)
    assert (rules.options.joker_value, rules.options.trump_bonus) == (25, True)
    assert rules.hands is default_rules().hands
    assert parse_rules(rules.to_toml(), "x") == rules
    assert default_rules().with_options() is default_rules()


# --- round trips of generated house files (Hypothesis) ----------------------------------------

SHIPPED_NUMBERS = [t.number for t in default_rules().hands]
ROW_SHAPES = [
    {"structure": "runs", "range": "minor", "max_total": 61},
    {"structure": "sets", "sets": [3, 4], "colours": 2},
    {"structure": "groups", "max_total": 70},
    {"structure": "any", "same_number": 6},
    {"structure": "pairs", "range": "major"},
    {"structure": "sequence", "sequence": [1, 2, 3, 4, 5, 6, 7], "repeat": 2, "neighbours": "same"},
    {"structure": "runs", "sets": [4], "distinct_colours": True, "when": ["first_turn"]},
]
names = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=20).filter(
    lambda s: s.strip() == s and s.strip() != ""
)
scores = st.lists(st.integers(0, 1_000_000), min_size=3, max_size=3)


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    return str(value)


@st.composite
def house_files(draw: st.DrawFn) -> tuple[str, dict[str, object]]:
    """A house file's text and what it asks for."""
    lines = ['extends = "international"']
    removed = draw(st.lists(st.sampled_from(SHIPPED_NUMBERS), max_size=5, unique=True))
    if removed:
        lines.append(f"remove = {_value(removed)}")
    kept = [n for n in SHIPPED_NUMBERS if n not in removed]
    joker = draw(st.none() | st.integers(0, 1_000_000))
    trump = draw(st.none() | st.booleans())
    lines.append("[options]")
    if joker is not None:
        lines.append(f"joker_value = {joker}")
    if trump is not None:
        lines.append(f"trump_bonus = {_value(trump)}")
    rescored = draw(st.dictionaries(st.sampled_from(kept), scores, max_size=4)) if kept else {}
    lines.append("[scores]")
    lines.extend(f"{number} = {_value(value)}" for number, value in rescored.items())
    closed = draw(st.none() | st.just("winner") | st.integers(0, 5000))
    if closed is not None:
        lines.append("[deal.not_melded]")
        lines.append(f"closed = {_value(closed)}")
    new_numbers = draw(
        st.lists(st.integers(1, 10_000).filter(lambda n: n not in kept), max_size=4, unique=True)
    )
    new_names = draw(
        st.lists(
            names, min_size=len(new_numbers), max_size=len(new_numbers), unique_by=str.casefold
        )
    )
    taken = {t.name.casefold() for t in default_rules().hands if t.number in kept}
    placed: list[int] = list(kept)
    added: dict[int, str] = {}
    for number, name in zip(new_numbers, new_names, strict=True):
        if name.casefold() in taken:
            continue
        added[number] = name
        shape = draw(st.sampled_from(ROW_SHAPES))
        row = {"number": number, "name": name, "scores": draw(scores), "description": name, **shape}
        where = draw(st.sampled_from(["end", "after", "before"]))
        if where != "end" and placed:
            row[where] = draw(st.sampled_from(placed))
        lines.append("[[type]]")
        lines.extend(f"{key} = {_value(value)}" for key, value in row.items())
        placed.append(number)
    wanted = {
        "removed": removed,
        "added": added,
        "joker": joker,
        "trump": trump,
        "rescored": rescored,
    }
    return "\n".join(lines) + "\n", wanted


@settings(max_examples=60, deadline=None)
@given(house_files())
def test_generated_house_files_round_trip(case: tuple[str, dict[str, object]]) -> None:
    text, wanted = case
    rules = parse_rules(text, "house.toml")
    again = parse_rules(rules.to_toml(), "copy.toml")
    assert again == rules
    assert again.name == rules.name == "house"
    assert isinstance(again, Rules)
    # What the file asked for is what the rules hold.
    numbers = [t.number for t in rules.hands]
    added: dict[int, str] = wanted["added"]  # type: ignore[assignment]
    for number in wanted["removed"]:  # type: ignore[attr-defined]
        # A removed shipped type is gone, unless the file added a new row of that number.
        if number in added:
            assert rules.hands.by_number(number).name == added[number]
        else:
            assert number not in numbers
    for number, name in added.items():
        assert rules.hands.by_number(number).name == name
    for number, value in wanted["rescored"].items():  # type: ignore[attr-defined]
        assert rules.hands.by_number(number).scores == tuple(value)
    if wanted["joker"] is not None:
        assert rules.options.joker_value == wanted["joker"]
    if wanted["trump"] is not None:
        assert rules.options.trump_bonus is wanted["trump"]
    assert [t.position for t in rules.hands] == list(range(len(numbers)))
    # The shipped rows left keep their order; a removed number given a new row is a new
    # row, ranked where the file puts it (last unless before/after, R11).
    shipped = [n for n in SHIPPED_NUMBERS if n not in added]
    shipped_order = [n for n in shipped if n in numbers]
    assert [n for n in numbers if n in shipped] == shipped_order


def test_equality_ignores_where_the_rules_came_from() -> None:
    rules = default_rules()
    assert rules._replace(source="elsewhere") == rules
    assert rules._replace(name="other") != rules


# --- the documentation's examples -------------------------------------------------------------


def test_the_docs_show_the_ten_line_file_and_every_example_loads() -> None:
    text = (ROOT / "docs" / "rules-files.md").read_text(encoding="utf-8")
    blocks = [block.split("```", 1)[0] for block in text.split("```toml\n")[1:]]
    assert blocks[0] == HOUSE
    for block in blocks:
        if "joker_valeu" in block:  # the example of an error
            with pytest.raises(RulesError, match="did you mean 'joker_value'"):
                parse_rules(block, "docs example")
            continue
        rules = parse_rules(block, "docs example")
        assert rules != default_rules()
    club = parse_rules(blocks[1], "club.toml")
    assert club.name == "Thursday club"
    assert (club.deals.foot_win, club.deals.rack_value(1), len(club.hands)) == (300, 15, 38)
    assert club.hands.by_number(24).scores == (3000, 2800, 2600)


def test_the_console_examples_of_the_docs_are_true() -> None:
    from doc_examples import check

    stale = check(ROOT / "docs" / "rules-files.md")
    assert not stale, "\n".join(f"$ {ex.command}\n{ex.actual}" for ex in stale)


def test_rules_without_any_type_are_refused() -> None:
    numbers = ", ".join(str(n) for n in range(1, 41))
    with pytest.raises(RulesError, match=r"^h.toml: field 'remove': leaves no closed-hand type"):
        parse_rules(f'extends = "international"\nremove = [{numbers}]\n', "h.toml")
    rules = parse_rules(
        f'extends = "international"\nremove = [{numbers}]\n' + HOUSE[HOUSE.index("[[type]]") :],
        "h.toml",
    )
    assert [t.number for t in rules.hands] == [41]


def test_the_older_deal_table_reads_schema_like_every_rules_file(tmp_path: Path) -> None:
    from intlscore.rules.deal_table import load_deal_table

    legacy = (ROOT / "tests" / "fixtures" / "legacy" / "deal_scoring.toml").read_text("utf-8")
    path = tmp_path / "deal.toml"
    path.write_text(legacy.replace("schema = 1 ", "# no schema"), encoding="utf-8")
    assert load_deal_table(path) == default_rules().deals  # schema may be left out
    path.write_text(legacy.replace("schema = 1 ", "schema = true"), encoding="utf-8")
    with pytest.raises(TableError, match=r"schema: True is not supported"):
        load_deal_table(path)


# --- the validator never fails in any other way (Hypothesis) ----------------------------------

WORDS = [
    *("schema", "name", "extends", "remove", "options", "deal", "scores", "type"),
    *("joker_value", "trump_bonus", "winner", "rack_values", "not_melded", "joker_discard"),
    *("open", "foot", "none", "closed", "points", "factor", "1", "13", "24", "41", "number"),
    *("scores", "description", "structure", "sets", "colours", "range", "max_total", "after"),
    *("before", "sequence", "repeat", "neighbours", "when", "international", "runs", "any"),
]
scalars = (
    st.integers(-3, 2_000_000)
    | st.booleans()
    | st.sampled_from(WORDS)
    | st.text(max_size=5)
    | st.floats(allow_nan=False, allow_infinity=False)
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(WORDS) | st.text(max_size=4), inner, max_size=4)
    ),
    max_leaves=6,
)


def _inline(value: object) -> str:
    """A TOML inline value (tables inline, so any nesting is one line)."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{toml_string(k)} = {_inline(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    if isinstance(value, float):
        return repr(value) if "e" in repr(value) or "." in repr(value) else f"{value}.0"
    return _value(value)


TOP = ["schema", "name", "remove", "options", "deal", "scores"]
ROW = ["number", "name", "scores", "description", "structure", "after", "before"]
row_values = {
    "number": st.integers(-1, 60) | values,
    "name": st.sampled_from(["Basic", "X", "Y", ""]) | values,
    "scores": st.lists(st.integers(-1, 3000), min_size=2, max_size=4) | values,
    "description": st.just("d") | values,
    "structure": st.sampled_from(["any", "runs", "sets", "groups", "pairs"]) | values,
    "after": st.integers(0, 45) | values,
    "before": st.integers(0, 45) | values,
}


@pytest.mark.slow
@settings(max_examples=80, deadline=None)
@given(
    st.booleans(),
    st.dictionaries(st.sampled_from(TOP) | st.sampled_from(WORDS), values, max_size=4),
    st.lists(
        st.fixed_dictionaries(
            {k: row_values[k] for k in ("number", "name", "scores", "description", "structure")},
            optional={
                "after": row_values["after"],
                "before": row_values["before"],
                "max_total": values,
                "sets": values,
                "bogus": values,
            },
        ),
        max_size=3,
    ),
)
def test_any_file_gives_rules_or_one_line_rules_error(
    extends: bool, top: dict[str, object], rows: list[dict[str, object]]
) -> None:
    top.pop("type", None)
    if extends:
        top["extends"] = "international"
    lines = [f"{toml_string(key)} = {_inline(value)}" for key, value in top.items()]
    if rows:
        lines.append("type = " + _inline(rows))
    text = "\n".join(lines) + "\n"
    try:
        rules = parse_rules(text, "fuzz.toml")
    except RulesError as error:
        assert str(error).startswith("fuzz.toml: ") and "\n" not in str(error)
        event("refused")
    else:
        assert parse_rules(rules.to_toml(), "again") == rules
        event("accepted")
