"""The recorded answers corpus: racks, how each answer is computed, and the comparison.

``tests/fixtures/answers-corpus.json.gz`` holds, for a few hundred deterministic questions
(random racks from a fixed seed, racks built from groups and runs then spoilt, and the
hand-worked hands of ``test_types.py``), the exact JSON text that ``score``, ``reach``,
``odds`` and ``simulate`` answered with the code *before* issue 19 (the one set search).
``tests/test_answers_corpus.py`` recomputes them with both builds and compares the bytes.

Each entry is ``{"id", "kind", "args", "answer"}``; ``answer`` is
``json.dumps(result.to_dict())`` of the API call (the same objects as the ``--json``
documents). ``args["rules"] == "house"`` plays under the house file of ``house_rules.py``.

Run as ``python tests/answers_corpus.py check KIND [ID ...]`` it recomputes every entry
of that kind (``score``, ``reach``, ``odds`` or ``simulate``), or only the ids given, with
the build this process has, and prints a JSON object: the build in use, how many were
checked and the ids whose answers differ.

>>> entry = {"id": "x", "kind": "score", "args": {"tiles": "k1-13 k1", "discard": "r5"}}
>>> json.loads(answer(entry))["best"]["score"]
2400
"""

from __future__ import annotations

import functools
import gzip
import json
import random
import sys
from pathlib import Path
from typing import Any

FIXTURE = Path(__file__).parent / "fixtures" / "answers-corpus.json.gz"
COLOURS = "krbo"
KINDS = ("score", "reach", "odds", "simulate")


# --- the questions --------------------------------------------------------------------


def _bag() -> list[str]:
    """The 106 tiles of the game: two copies of 1-13 in four colours, two jokers."""
    return [f"{c}{n}" for c in COLOURS for n in range(1, 14) for _ in range(2)] + ["*", "*"]


def _built_rack(rng: random.Random, size: int, spoil: int, jokers: int) -> list[str]:
    """``size`` tiles made of groups and runs, then ``spoil`` of them swapped for others."""
    bag = _bag()
    for _ in range(jokers):
        bag.remove("*")
    rack: list[str] = []
    for _ in range(60):
        if len(rack) >= size - jokers:
            break
        if rng.random() < 0.5:
            number = rng.randint(1, 13)
            colours = rng.sample(COLOURS, rng.choice((3, 4)))
            meld = [f"{c}{number}" for c in colours]
        else:
            colour, start = rng.choice(COLOURS), rng.randint(1, 11)
            length = rng.randint(3, min(6, 14 - start))
            meld = [f"{colour}{n}" for n in range(start, start + length)]
            if start + length == 14 and rng.random() < 0.5:
                meld.append(f"{colour}1")  # the high one after 13
        if len(rack) + len(meld) > size - jokers or any(bag.count(t) < meld.count(t) for t in meld):
            continue
        for tile in meld:
            bag.remove(tile)
        rack += meld
    while len(rack) < size - jokers:
        rack.append(bag.pop(rng.randrange(len(bag))))
    rack += ["*"] * jokers
    for _ in range(spoil):
        where = rng.randrange(len(rack))
        bag.append(rack[where])
        rack[where] = bag.pop(rng.randrange(len(bag) - 1))
    rng.shuffle(rack)
    return rack


def _random_rack(rng: random.Random, size: int) -> list[str]:
    return rng.sample(_bag(), size)


def _unseen(rack: list[str]) -> list[str]:
    bag = _bag()
    for tile in rack:
        bag.remove(tile)
    return bag


def _seen_and_trump(rng: random.Random, rack: list[str]) -> tuple[str, str | None]:
    """A few tiles out of play and perhaps a trump, drawn from what the rack leaves."""
    rest = _unseen(rack)
    rng.shuffle(rest)
    seen = rest[: rng.choice((0, 0, 2, 5, 9))]
    trump = rest[-1] if rng.random() < 0.4 and rest[-1] != "*" else None
    return " ".join(seen), trump


def _rack(rng: random.Random, size: int) -> list[str]:
    if rng.random() < 0.25:
        return _random_rack(rng, size)
    return _built_rack(rng, size, rng.choice((0, 0, 1, 1, 2, 3)), rng.choice((0, 0, 0, 1, 2)))


def _hand_worked() -> list[dict[str, Any]]:
    """The hand-worked cases of ``test_types.py``, as score questions."""
    sys.path.insert(0, str(Path(__file__).parent))
    import test_types

    cases = []
    for param in test_types.ALL_CASES:
        case = param.values[0]
        cases.append(
            {
                "tiles": case.hand,
                "discard": case.discard,
                "first_turn": case.context.first_turn,
                "original_hand": case.context.original_hand,
                "starting_player": case.context.starting_player,
            }
        )
    return cases


def questions(seed: int = 19) -> list[dict[str, Any]]:
    """Every question of the corpus, in order, each with its id, kind and arguments."""
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []

    def add(kind: str, args: dict[str, Any]) -> None:
        out.append(
            {"id": f"{kind}-{sum(e['kind'] == kind for e in out):03d}", "kind": kind, "args": args}
        )

    for args in _hand_worked():
        add("score", args)
    for i in range(200):
        rack = _rack(rng, 15 if i % 2 else 14)
        args: dict[str, Any] = {"tiles": " ".join(rack)}
        if i % 2 == 0 and rng.random() < 0.5:
            args["discard"] = rng.choice([t for t in _unseen(rack) if t != "*"] + ["*"])
        if rng.random() < 0.3:
            args["known"] = " ".join(rng.sample(_unseen(rack), 3)).replace("*", "k7")
        if rng.random() < 0.2:
            args["rules"] = "house"
        if rng.random() < 0.1:
            args["first_turn"] = True
            args["original_hand"] = rng.random() < 0.5
        add("score", args)
    for i in range(160):
        rack = _rack(rng, 15 if i % 3 == 0 else 14)
        seen, trump = _seen_and_trump(rng, rack)
        args = {"tiles": " ".join(rack), "seen": seen, "trump": trump}
        if rng.random() < 0.15:
            args["rules"] = "house"
        if rng.random() < 0.1:
            args["starting_player"] = True
        add("reach", args)
    for i in range(24):
        rack = _built_rack(rng, 15 if i % 4 == 0 else 14, rng.choice((1, 2, 3)), i % 3 % 2)
        seen, trump = _seen_and_trump(rng, rack)
        args = {
            "tiles": " ".join(rack),
            "seen": seen,
            "trump": trump,
            "draws": rng.choice((1, 2, 3)),
            "samples": 12,
            "seed": i,
        }
        if i % 6 == 5:
            args["rules"] = "house"
        add("odds", args)
    for i in range(4):
        add("simulate", {"hands": 2 + i, "seed": 100 + i, "ks": [1, 2, 4][: 1 + i % 3]})
    return out


# --- the answers ----------------------------------------------------------------------


@functools.cache
def _house() -> Any:
    from house_rules import HOUSE_OPTIONS

    from intlscore.rules.ruleset import parse_rules

    return parse_rules(HOUSE_OPTIONS, "house.toml")


def answer(entry: dict[str, Any]) -> str:
    """The JSON text of one question's answer, computed by the build in use."""
    import intlscore
    from intlscore.engine.odds.simulate import simulate

    args = dict(entry["args"])
    if args.pop("rules", None) == "house":
        args["rules"] = _house()
    kind = entry["kind"]
    result: Any
    if kind == "score":
        result = intlscore.score_hand(args.pop("tiles"), **args)
    elif kind == "reach":
        result = intlscore.reachability(args.pop("tiles"), **args)
    elif kind == "odds":
        result = intlscore.odds(args.pop("tiles"), **args)
    elif kind == "simulate":
        result = simulate(args.pop("hands"), **args)
    else:
        raise ValueError(f"unknown kind {kind!r}")
    return json.dumps(result.to_dict(), ensure_ascii=False)


def load() -> list[dict[str, Any]]:
    """The recorded corpus."""
    with gzip.open(FIXTURE, "rt", encoding="utf-8") as file:
        entries: list[dict[str, Any]] = json.load(file)
    return entries


def record(path: Path = FIXTURE) -> int:
    """Write the corpus with the answers of the code in use; returns the number of entries."""
    entries = [{**q, "answer": answer(q)} for q in questions()]
    text = json.dumps(entries, ensure_ascii=False, indent=0)
    with gzip.GzipFile(path, "wb", mtime=0) as file:
        file.write(text.encode("utf-8"))
    return len(entries)


def features(entry: dict[str, Any]) -> set[tuple[str, object]]:
    """What one question exercises: its kind, the rack's size and jokers, and each argument
    it sets (the number of draws and the rules by value).

    >>> sorted(features({"kind": "reach", "args": {"tiles": "k1-13 *", "seen": "", "trump": "r5"}}))
    [('jokers', 1), ('kind', 'reach'), ('tiles', 14), ('trump', True)]
    """
    from intlscore.engine.notation import parse_tiles

    args = entry["args"]
    found: set[tuple[str, object]] = {("kind", entry["kind"])}
    if "tiles" in args:
        tiles = parse_tiles(args["tiles"])
        found |= {("tiles", len(tiles)), ("jokers", sum(t.is_joker for t in tiles))}
    for key, value in args.items():
        if key in ("tiles", "samples", "seed", "hands") or value in (None, "", False):
            continue
        found.add((key, value if key in ("draws", "rules") else True))
    return found


def covered(entry: dict[str, Any]) -> set[tuple[object, ...]]:
    """What checking one entry covers: its :func:`features`, and for a reach answer the
    state of each of the 40 types (complete, one tile away, farther, or blocked)."""
    found: set[tuple[object, ...]] = set(features(entry))
    if entry["kind"] == "reach":
        for row in json.loads(entry["answer"])["types"]:
            distance = row["distance"]
            state = "blocked" if row["reason"] else str(distance) if distance < 2 else "far"
            found.add(("type", row["number"], state))
    return found


def sample(entries: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    """A few entries of ``kind`` that between them cover all that its entries cover
    (:func:`covered`): greedily, the entry that adds the most first (of equals, the one
    with fewer tiles, which the pure-Python build answers far sooner, then the earliest),
    so the same corpus always gives the same sample.

    >>> [e["id"] for e in sample(load(), "simulate")]
    ['simulate-000']
    """
    left = [(entry, covered(entry)) for entry in entries if entry["kind"] == kind]
    wanted = set().union(*(covers for _, covers in left))
    picked: list[dict[str, Any]] = []
    while wanted:
        best, covers = max(left, key=lambda pair: (len(pair[1] & wanted), -_size(pair[0]["args"])))
        picked.append(best)
        wanted -= covers
    return picked


def _size(args: dict[str, Any]) -> int:
    from intlscore.engine.notation import parse_tiles

    return len(parse_tiles(args["tiles"])) if "tiles" in args else 0


def check(kind: str, ids: list[str]) -> dict[str, Any]:
    """Recompute the entries of one kind (only ``ids`` when given); the build in use, how
    many were checked and the ids that differ."""
    from intlscore.engine import build

    entries = [e for e in load() if e["kind"] == kind and (not ids or e["id"] in ids)]
    differ = [e["id"] for e in entries if answer(e) != e["answer"]]
    return {"build": build.current().name, "checked": len(entries), "differ": differ}


if __name__ == "__main__":
    if sys.argv[1:2] == ["check"] and sys.argv[2:3] and sys.argv[2] in KINDS:
        print(json.dumps(check(sys.argv[2], sys.argv[3:])))
    else:
        sys.exit("usage: answers_corpus.py check KIND [ID ...] (KIND: " + ", ".join(KINDS) + ")")
