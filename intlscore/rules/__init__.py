"""The rules layer: the data that says what scores what, and its one loader.

Nothing here scores a hand; the engine reads these tables and never names a type.
:class:`Rules` holds the closed-hand types, the deal scores and the house options;
a rules file (``docs/rules-files.md``) is read by :func:`load_rules`.

>>> from intlscore.rules import default_rules
>>> default_rules().hands.by_number(24).name
'Royal'
"""

from intlscore.rules.ruleset import (
    HouseOptions,
    Rules,
    default_rules,
    load_rules,
    parse_rules,
    resolve_rules,
)

__all__ = ["HouseOptions", "Rules", "default_rules", "load_rules", "parse_rules", "resolve_rules"]
