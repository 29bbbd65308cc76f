"""The ledger's own versioned records, their checksums, and replaying a session's history.

The ledger never stores the CLI's JSON (:meth:`DealResult.to_dict`): it writes the
records below, each with ``"format": 1``, as canonical JSON (sorted keys, no spaces),
so the CLI output and the file format can evolve apart.

A session is a row with its :class:`SessionRecord` and a list of entries: a deal, an
amended deal, an undo, a redo, a rescore or the session's stake (:class:`Entry`). Each
entry's checksum is the SHA-256 of the previous checksum and the entry's text; the first
one chains to the session's own checksum, and the session row keeps the last one (its
*head*). A changed byte in a record, a checksum, a lost entry or entries out of order all
break the chain, and the damaged entry is named (:func:`replay`).

>>> from intlscore.rules import default_rules
>>> record = SessionRecord("friday", ("ann", "bob"), "2024-01-01", default_rules())
>>> text = canonical(record.to_record())
>>> SessionRecord.from_record(json.loads(text)) == record
True
>>> len(chain_digest(SESSION_SEED, text))
64
"""

from __future__ import annotations

import functools
import hashlib
import json
import shlex
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final, Literal, cast

from intlscore.errors import IntlscoreError, LedgerDamageError, known
from intlscore.rules import Rules, parse_rules
from intlscore.session.deal import DealInput, DealResult

__all__ = [
    "FORMAT",
    "SESSION_SEED",
    "Entry",
    "History",
    "RecordedDeal",
    "SessionRecord",
    "canonical",
    "chain_digest",
    "replay",
    "rules_of_entry",
]

FORMAT: Final = 1
"""The version of every record below; a reader refuses records of a newer format."""
SESSION_SEED: Final = "intlscore-session"
"""What the checksum of a session record chains to."""
EntryKind = Literal["deal", "amend", "undo", "redo", "rescore", "stake"]
ENTRY_KINDS: Final = ("deal", "amend", "undo", "redo", "rescore", "stake")
ENTRY_WORDS: Final = {
    "deal": "deal",
    "amend": "amendment",
    "undo": "undo",
    "redo": "redo",
    "rescore": "rescore",
    "stake": "stake",
}


def canonical(data: Mapping[str, Any]) -> str:
    """One text for one record: sorted keys, no spaces, no NaN.

    >>> canonical({"b": 1, "a": [True, None]})
    '{"a":[true,null],"b":1}'
    """
    return json.dumps(
        data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    )


def chain_digest(previous: str, text: str) -> str:
    """SHA-256 (hex) of the previous checksum and this record's text."""
    return hashlib.sha256(f"{previous}\n{text}".encode()).hexdigest()


class _Malformed(Exception):
    """A record that parses as JSON but is not a record of ours."""


def _field(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in data:
        raise _Malformed(f"{key} is missing")
    value = data[key]
    if isinstance(value, bool) and kind in (int, (int,)):
        raise _Malformed(f"{key} is not a number")
    if not isinstance(value, kind):
        raise _Malformed(f"{key} has the wrong type")
    return value


def _check_format(data: Mapping[str, Any]) -> None:
    version = _field(data, "format", int)
    if version != FORMAT:
        raise _Malformed(f"record format {version} (this intlscore reads format {FORMAT})")


# -- inputs: the raw deal as given, in the ledger's own field names ---------------------------


def _input_record(raw: DealInput) -> dict[str, Any]:
    return {
        "players": list(raw.players),
        "kind": raw.kind,
        "winner": raw.winner,
        "closed_tiles": raw.closed,
        "discard": raw.discard,
        "racks": [[name, tiles] for name, tiles in raw.racks],
        "not_melded": list(raw.not_melded),
        "trump": raw.trump,
        "trump_holders": list(raw.trump_holders),
        "first_turn": raw.first_turn,
        "original_hand": raw.original_hand,
        "starting_player": raw.starting_player,
    }


def _input_from_record(data: Any) -> DealInput:
    """The constructor's own checks (:class:`DealInput`) are the checks on the way out."""
    if not isinstance(data, dict):
        raise _Malformed("the deal input is not an object")
    names = {
        "players", "kind", "winner", "closed_tiles", "discard", "racks", "not_melded",
        "trump", "trump_holders", "first_turn", "original_hand", "starting_player",
    }  # fmt: skip
    if set(data) != names:
        raise _Malformed("the deal input has other fields than a deal")
    try:
        return DealInput(
            players=data["players"],
            kind=data["kind"],
            winner=data["winner"],
            closed=data["closed_tiles"],
            discard=data["discard"],
            racks=data["racks"],
            not_melded=data["not_melded"],
            trump=data["trump"],
            trump_holders=data["trump_holders"],
            first_turn=data["first_turn"],
            original_hand=data["original_hand"],
            starting_player=data["starting_player"],
        )
    except IntlscoreError as error:
        raise _Malformed(f"the deal input: {error}") from None


# -- the session ---------------------------------------------------------------------------


@functools.lru_cache(maxsize=256)
def rules_from_text(text: str, source: str) -> Rules:
    """Stored rules, parsed once per text and place (a :class:`Rules` is immutable). The
    club's figures read no rules at all (:mod:`.kept`); a session's are parsed when that
    session is read."""
    return parse_rules(text, source)


@functools.lru_cache(maxsize=256)
def rules_of_entry(text: str) -> Rules:
    """The rules a stored rescore entry put in force (parsed once per text)."""
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("record") != "rescore":
            raise _Malformed("the entry that holds the rules is not a rescore")
        return _rules_from_record(data.get("rules"), "a rescore")
    except (ValueError, _Malformed) as error:
        raise LedgerDamageError(f"the rules in force cannot be read ({error})") from None


def _rules_record(rules: Rules) -> dict[str, Any]:
    """The whole rules as a rules file (``rules.to_toml()``), never a path: a session is
    scored under them even if the file it came from changes or disappears."""
    return {"name": rules.name, "source": rules.source, "toml": rules.to_toml()}


def _rules_from_record(data: Any, where: str) -> Rules:
    if not isinstance(data, dict) or set(data) != {"name", "source", "toml"}:
        raise _Malformed(f"{where}: the rules are not a stored rules file")
    text, source = _field(data, "toml", str), _field(data, "source", str)
    try:
        rules = rules_from_text(text, f"the stored rules of {where}")
    except IntlscoreError as error:
        raise _Malformed(f"the stored rules: {error}") from None
    return rules._replace(source=source)


@dataclass(frozen=True, slots=True)
class SessionRecord:
    """What a session is: its name, players (in seat order), start time and first rules."""

    name: str
    players: tuple[str, ...]
    created: str
    rules: Rules

    def to_record(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "record": "session",
            "name": self.name,
            "players": list(self.players),
            "created": self.created,
            "rules": _rules_record(self.rules),
        }

    @classmethod
    def from_record(cls, data: Any) -> SessionRecord:
        if not isinstance(data, dict):
            raise _Malformed("the session record is not an object")
        _check_format(data)
        if data.get("record") != "session":
            raise _Malformed("not a session record")
        players = _field(data, "players", list)
        if not players or not all(isinstance(name, str) for name in players):
            raise _Malformed("players is not a list of names")
        name = _field(data, "name", str)
        return cls(
            name=name,
            players=tuple(players),
            created=_field(data, "created", str),
            rules=_rules_from_record(data.get("rules"), f"session {name!r}"),
        )


# -- deals -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RecordedDeal:
    """One deal of a session as stored: its raw input and what it scored."""

    number: int
    created: str
    input: DealInput
    kind: str
    winner: str | None
    doubled: bool
    factor: int
    summary: str
    deltas: Mapping[str, int]
    """Each player's change, in seat order."""
    reasons: Mapping[str, str] = field(default_factory=dict)
    """The stored arithmetic of each player's delta."""
    amended: bool = False
    """True when this deal replaces an earlier version of deal ``number``."""
    undone: str | None = None
    """When the deal was undone (then it no longer counts)."""

    @classmethod
    def from_result(cls, number: int, created: str, result: DealResult) -> RecordedDeal:
        return cls(
            number=number,
            created=created,
            input=result.input,
            kind=result.kind,
            winner=result.winner,
            doubled=result.doubled,
            factor=result.factor,
            summary=result.summary,
            deltas=result.deltas(),
            reasons={player.name: player.why for player in result.players},
        )

    def why(self, name: str) -> str:
        """The stored arithmetic of one player's delta."""
        return self.reasons.get(name, "")

    def to_dict(self) -> dict[str, Any]:
        """The JSON of one deal in ``session show --json`` (not the stored record)."""
        return {
            "number": self.number,
            "created": self.created,
            "kind": self.kind,
            "winner": self.winner,
            "doubled": self.doubled,
            "summary": self.summary,
            "amended": self.amended,
            "deltas": dict(self.deltas),
            "players": [
                {"name": name, "delta": delta, "why": self.why(name)}
                for name, delta in self.deltas.items()
            ],
            "input": self.input.to_dict(),
        }

    def outcome_record(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "winner": self.winner,
            "doubled": self.doubled,
            "factor": self.factor,
            "summary": self.summary,
            "deltas": [[name, delta] for name, delta in self.deltas.items()],
            "reasons": [[name, self.why(name)] for name in self.deltas],
        }

    def same_score(self, other: RecordedDeal) -> bool:
        """The same deltas, ending and arithmetic (what a re-derivation must reproduce)."""
        return self.outcome_record() == other.outcome_record()


def _outcome_from_record(
    data: Any, number: int, created: str, raw: DealInput, players: Sequence[str]
) -> RecordedDeal:
    if not isinstance(data, dict):
        raise _Malformed("the deal result is not an object")
    kind = _field(data, "kind", str)
    winner = data.get("winner")
    if winner is not None and not isinstance(winner, str):
        raise _Malformed("winner has the wrong type")
    deltas = _field(data, "deltas", list)
    reasons = _field(data, "reasons", list)
    if [pair[0] if isinstance(pair, list) and len(pair) == 2 else None for pair in deltas] != list(
        players
    ) or not all(isinstance(pair[1], int) and not isinstance(pair[1], bool) for pair in deltas):
        raise _Malformed("the deltas are not one number per player")
    if [pair[0] if isinstance(pair, list) and len(pair) == 2 else None for pair in reasons] != list(
        players
    ) or not all(isinstance(pair[1], str) for pair in reasons):
        raise _Malformed("the reasons are not one text per player")
    doubled = _field(data, "doubled", bool)
    return RecordedDeal(
        number=number,
        created=created,
        input=raw,
        kind=kind,
        winner=winner,
        doubled=doubled,
        factor=_field(data, "factor", int),
        summary=_field(data, "summary", str),
        deltas={name: delta for name, delta in deltas},
        reasons={name: why for name, why in reasons},
    )


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry of a session's history: a deal, an amended deal, an undo or a redo."""

    kind: EntryKind
    number: int
    """The deal's number; for ``rescore``, the number of deals re-scored."""
    created: str
    deal: RecordedDeal | None = None
    """The deal, for ``deal`` and ``amend``."""
    rules: Rules | None = None
    """The new rules, for ``rescore``."""
    rescored: tuple[RecordedDeal, ...] = ()
    """Every deal that counts, scored again under ``rules``, for ``rescore``."""
    stake: str | None = None
    """The session's stake (money per point, a decimal string, R19), for ``stake``."""

    @property
    def label(self) -> str:
        """``deal 3``, ``amendment of deal 3``, ``undo of deal 3``: names it in messages."""
        if self.kind == "deal":
            return f"deal {self.number}"
        if self.kind == "rescore":
            return f"rescore of deals 1 to {self.number}" if self.number else "rescore"
        if self.kind == "stake":
            return f"stake set after deal {self.number}" if self.number else "stake"
        return f"{ENTRY_WORDS[self.kind]} of deal {self.number}"

    def to_record(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "record": self.kind,
            "number": self.number,
            "created": self.created,
        }
        if self.deal is not None:
            data["input"] = _input_record(self.deal.input)
            data["result"] = self.deal.outcome_record()
        if self.kind == "rescore":
            data["rules"] = _rules_record(known(self.rules, "a rescore entry's rules"))
            data["results"] = [deal.outcome_record() for deal in self.rescored]
        if self.kind == "stake":
            data["stake"] = self.stake
        return data

    @classmethod
    def from_record(
        cls, data: Any, players: Sequence[str], deals: Sequence[RecordedDeal] = ()
    ) -> Entry:
        """Read an entry back; a ``rescore`` applies its results to ``deals`` (those that
        count when it is replayed)."""
        if not isinstance(data, dict):
            raise _Malformed("the entry is not an object")
        _check_format(data)
        kind = data.get("record")
        if kind not in ENTRY_KINDS:
            raise _Malformed("an entry of no known kind")
        number = _field(data, "number", int)
        created = _field(data, "created", str)
        deal = None
        if kind in ("deal", "amend"):
            raw = _input_from_record(data.get("input"))
            if raw.players != tuple(players):
                raise _Malformed("the deal is for other players than the session's")
            deal = _outcome_from_record(data.get("result"), number, created, raw, players)
            deal = replace(deal, amended=kind == "amend")
        elif kind == "rescore":
            if set(data) != {"format", "record", "number", "created", "rules", "results"}:
                raise _Malformed("a rescore entry with other fields")
            rules = _rules_from_record(data["rules"], "a rescore")
            results = _field(data, "results", list)
            if len(results) != number or number != len(deals):
                raise _Malformed(f"a rescore of {number} deals, but {len(deals)} count")
            rescored = tuple(
                replace(
                    _outcome_from_record(result, old.number, old.created, old.input, players),
                    amended=old.amended,
                )
                for old, result in zip(deals, results, strict=True)
            )
            return cls("rescore", number, created, rules=rules, rescored=rescored)
        elif kind == "stake":
            if set(data) != {"format", "record", "number", "created", "stake"}:
                raise _Malformed("a stake entry with other fields")
            return cls("stake", number, created, stake=_stake_from_record(data["stake"]))
        elif set(data) != {"format", "record", "number", "created"}:
            raise _Malformed(f"an {kind} entry with other fields")
        return cls(cast(EntryKind, kind), number, created, deal)


def _stake_from_record(value: Any) -> str:
    """A stored stake: a decimal string that :func:`parse_money` takes, kept as written."""
    from intlscore.session.settlement import parse_money

    if not isinstance(value, str):
        raise _Malformed("the stake is not a decimal string")
    try:
        parse_money(value)
    except IntlscoreError as error:
        raise _Malformed(f"the stake: {error}") from None
    return value


# -- replaying a history -------------------------------------------------------------------


@dataclass(slots=True)
class History:
    """A session's state after replaying its entries."""

    deals: list[RecordedDeal] = field(default_factory=list)
    """The deals that count, in order."""
    undone: list[RecordedDeal] = field(default_factory=list)
    """What :meth:`Session.redo` can restore, the most recently undone last."""
    replaced: list[RecordedDeal] = field(default_factory=list)
    """Earlier versions of amended deals (the ledger never deletes)."""
    entries: int = 0
    head: str = ""
    """The checksum of the last entry (or of the session record)."""
    rules: Rules | None = None
    """The rules in force: the session's first rules, or those of the last rescore."""
    rules_seq: int = 0
    """The entry that holds the rules in force (0: the session record)."""
    versions: list[tuple[RecordedDeal, Rules]] = field(default_factory=list)
    """Every version of every deal ever stored, with the rules it was scored under
    (what :meth:`Ledger.check` re-derives)."""
    stake: str | None = None
    """The session's stake (R19), as last stored by a ``stake`` entry; None before one."""
    earlier: dict[int, list[RecordedDeal]] = field(default_factory=dict)
    """The versions that an amendment replaced, by deal number, oldest first: those of
    the deal now under that number (a new deal under an undone one's number starts
    afresh)."""

    @property
    def rules_in_force(self) -> Rules:
        """:attr:`rules`, which every history replayed from a session record has."""
        return known(self.rules, "the rules of a replayed session")

    def apply(self, entry: Entry) -> str | None:
        """Apply one entry; the problem in words if it does not fit the history."""
        problem = self._apply(entry)
        if problem is None and self.rules is not None:
            if entry.deal is not None:
                self.versions.append((entry.deal, self.rules))
            for deal in entry.rescored:
                self.versions.append((deal, self.rules))
        return problem

    def _apply(self, entry: Entry) -> str | None:
        count = len(self.deals)
        if entry.kind == "stake":
            if entry.number != count or entry.stake is None:
                return f"a stake stored after deal {entry.number}, but {count} deals count"
            self.stake = entry.stake
            return None
        if entry.kind == "rescore":
            if entry.number != count or entry.rules is None or len(entry.rescored) != count:
                return f"a rescore of {entry.number} deals, but {count} count"
            self.deals = list(entry.rescored)
            self.rules = entry.rules
            self.undone.clear()  # an undone deal was scored under the old rules
            return None
        if entry.kind == "deal":
            if entry.number != count + 1 or entry.deal is None:
                return f"deal {entry.number} does not follow deal {count}"
            self.deals.append(entry.deal)
            self.undone.clear()  # a new deal takes the place of whatever was undone
            self.earlier.pop(entry.number, None)
        elif entry.kind == "amend":
            if not 1 <= entry.number <= count or entry.deal is None:
                return f"an amendment of deal {entry.number}, but there are {count} deals"
            self.replaced.append(self.deals[entry.number - 1])
            self.earlier.setdefault(entry.number, []).append(self.deals[entry.number - 1])
            self.deals[entry.number - 1] = entry.deal
        elif entry.kind == "undo":
            if entry.number != count or count == 0:
                return f"an undo of deal {entry.number}, but the last deal is {count}"
            self.undone.append(replace(self.deals.pop(), undone=entry.created))
        else:
            if (
                not self.undone
                or self.undone[-1].number != entry.number
                or entry.number != count + 1
            ):
                return f"a redo of deal {entry.number}, which is not the last undone deal"
            self.deals.append(replace(self.undone.pop(), undone=None))
        return None


def checked_session(name: str, text: str, digest: str) -> tuple[SessionRecord | None, str | None]:
    """A session row's record, checked against its checksum and the row's name (which no
    checksum covers: a flipped bit there must not show another name): ``(record, None)``,
    or the problem, with the record where it could be read.

    >>> checked_session("friday", "{}", "0")
    (None, 'the session record is damaged (its checksum does not match)')
    """
    if chain_digest(SESSION_SEED, text) != digest:
        return None, "the session record is damaged (its checksum does not match)"
    try:
        record = SessionRecord.from_record(json.loads(text))
    except (ValueError, _Malformed) as error:
        return None, f"the session record cannot be read ({error})"
    if record.name != name:
        return record, "the session record names another session"
    return record, None


def replay(
    name: str,
    session_row: tuple[str, str, str],
    rows: Iterable[tuple[int, str, str, str]],
    problems: list[str] | None = None,
) -> tuple[SessionRecord, History]:
    """Check and replay one session: ``session_row`` is (record, digest, head) and
    ``rows`` are (seq, record, digest, label) in order; the label (``deal 3``, ``undo of
    deal 3``) only names an entry in messages and is never trusted otherwise.

    Without ``problems``, the first problem raises :class:`LedgerDamageError` naming the
    session and the deal; with a list, every problem is added to it and the replay goes on
    as far as it can (for ``session check``).
    """

    def damaged(what: str) -> None:
        message = f"session {name!r}: {what}"
        if problems is None:
            raise LedgerDamageError(
                f"{message}; nothing was shown or changed (see: intlscore session check"
                f" {shlex.quote(name)})"
            )
        problems.append(message)

    text, digest, head = session_row
    record, problem = checked_session(name, text, digest)
    if problem is not None:
        damaged(problem)
    if record is None:
        raise LedgerDamageError(f"session {name!r}: the session record is damaged")
    history = History(head=digest, rules=record.rules)
    sound = True
    previous = digest
    for expected, (seq, entry_text, entry_digest, label) in enumerate(rows, start=1):
        history.entries = expected
        where = label if isinstance(label, str) and label.isprintable() else f"entry {seq}"
        if seq != expected:
            damaged(f"{where}: an entry is missing or out of order")
            sound = False
        if chain_digest(previous, entry_text) != entry_digest:
            damaged(f"{where} is damaged (its record does not match its checksum)")
            sound = False
            previous = entry_digest
            continue
        previous = entry_digest
        try:
            entry = Entry.from_record(json.loads(entry_text), record.players, history.deals)
        except (ValueError, _Malformed) as error:
            damaged(f"{where} cannot be read ({error})")
            sound = False
            continue
        if sound:
            problem = history.apply(entry)
            if problem is not None:
                damaged(f"{where}: {problem}")
                sound = False
            elif entry.kind == "rescore":
                history.rules_seq = expected
    history.head = previous
    if previous != head:
        damaged("the last entries are missing or damaged (the session's checksum does not match)")
    return record, history
