"""The shipped rules are read from ``shipped_data.py``, the TOML file already parsed.

``default_rules()`` never parses ``tables/international.toml``; these tests make sure
the generated module says exactly what the TOML file says, so the two cannot drift.
"""

from __future__ import annotations

from pathlib import Path

from intlscore.rules import default_rules, load_rules
from intlscore.rules.shipped import SOURCE, TARGET, module_text, parsed_source
from intlscore.rules.shipped_data import DATA

ROOT = Path(__file__).resolve().parents[1]


def test_the_generated_module_is_the_toml_file_parsed() -> None:
    assert parsed_source() == DATA, "run: python -m intlscore.rules.shipped"


def test_the_generated_module_is_up_to_date_text() -> None:
    assert TARGET.read_text(encoding="utf-8") == module_text(parsed_source()), (
        "run: python -m intlscore.rules.shipped"
    )


def test_the_generator_reads_the_repository_toml_file() -> None:
    assert SOURCE == ROOT / "tables" / "international.toml"


def test_default_rules_equal_the_rules_read_from_the_toml_file() -> None:
    shipped, from_toml = default_rules(), load_rules(SOURCE)
    assert shipped == from_toml  # every field but ``source``
    assert shipped.hands.types == from_toml.hands.types
    assert shipped.deals == from_toml.deals
    assert shipped.source == "shipped international rules"
