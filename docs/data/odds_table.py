"""The dealt-hand odds table of docs/odds.md, made from the raw output of a simulate run.

``python docs/data/odds_table.py docs/data/simulate-10000000-seed2026.json`` prints the
Markdown table and the line of types never formed. The odds are written as
``intlscore simulate`` shows them ("1 in X (A-B)" from the 95% Wilson interval, R22);
tests/test_odds_doc.py checks that docs/odds.md holds exactly this output.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from intlscore.faces.render.simulate_view import one_in


def markdown(run: dict[str, object]) -> str:
    """The table (one row per type formed at least once, then any closed win) and the
    types never formed."""
    hands = int(run["hands"])  # type: ignore[call-overload]
    ks = [str(k) for k in run["ks"]]  # type: ignore[attr-defined]
    draws = [f"within {k} draw{'s' if k != '1' else ''}" for k in ks]
    lines = [
        "| # | type | dealt, 14 tiles | dealt, 15 tiles | " + " | ".join(draws) + " |",
        "|---|---|---|---|" + "---|" * len(ks),
    ]
    never = []
    for row in run["types"]:  # type: ignore[attr-defined]
        counts = [row["dealt14"], row["dealt15"], *(row["within"][k] for k in ks)]
        if not any(counts):
            never.append(f"{row['number']} {row['name']}")
            continue
        cells = " | ".join(one_in(count, hands) for count in counts)
        lines.append(f"| {row['number']} | {row['name']} | {cells} |")
    any_row = run["any"]
    counts = [any_row["dealt14"], any_row["dealt15"], *(any_row["within"][k] for k in ks)]  # type: ignore[index]
    lines.append("| | **any closed win** | " + " | ".join(one_in(c, hands) for c in counts) + " |")
    if never:
        below = one_in(0, hands).removeprefix("< ")
        lines += [
            "",
            f"Never formed in {hands:,} deals (each below {below} at 95%): "
            + ", ".join(never)
            + ".",
        ]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(markdown(json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))), end="")
