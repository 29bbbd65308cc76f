"""The seating of a night: every round's tables of 3 and 4, planned together.

Pure logic, no I/O. :func:`plan_seating` seats the players present for every round still
to seat, keeping the rounds already seated (``fixed``) as they are, so that:

1. no keep-apart pair sits at one table;
2. no pair meets twice wherever some seating allows it: a meeting costs the square of the
   pair's earlier meetings (good-enough-golfers), so repeats, when they cannot be avoided,
   spread thin;
3. nobody sits at a table of 3 again while others never have: where the tables of 3 have
   more seats than there are players, a player never at one costs more than any share of
   the others can (someone must sit at two); then each player's count of tables of 3
   costs its square.

The rules are weighted in that order, so a plan with fewer keep-apart breaches always wins,
then fewer (squared) repeats, then fairer tables of 3 (krcg's lexicographic weights); the
measure adds up pair by pair and player by player, so a move is priced by what it changes.

The search is a tabu search over swaps of two players at different tables of one round,
from a greedy start, repeatable from ``seed``. It never hangs: it stops after ``steps``
swaps, or earlier once ``cpu_seconds`` of CPU time are spent (``None``: no clock, only the
count, which is what makes a seating the same on every machine), and returns the least-bad
seating found with every flaw named (:func:`seating_flaws`).

>>> plan = plan_seating([f"p{i:02}" for i in range(1, 17)], rounds=4, seed=1, cpu_seconds=None)
>>> plan.flaws, [len(table) for table in plan.rounds[0]]
((), [4, 4, 4, 4])
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final

from intlscore.errors import SeatingError

__all__ = [
    "MIN_PLAYERS",
    "Flaw",
    "Seating",
    "plan_seating",
    "seating_flaws",
    "table_sizes",
]

MIN_PLAYERS: Final = 6
"""The fewest players a night seats at tables of 3 and 4 (5 cannot be split so)."""
DEFAULT_STEPS: Final = 20_000
DEFAULT_CPU_SECONDS: Final = 2.5

APART_WEIGHT: Final = 10**15
REPEAT_WEIGHT: Final = 10**10
CLOSE_WEIGHT: Final = 10**5
"""By standing (optional): each unit of rank between two tablemates of the next round;
below any repeat (100 players' worst is under 10**10), above the tables of 3."""
THREES_WEIGHT: Final = 1
RESTART_AFTER: Final = 2500
"""Swaps without a better plan after which the search starts again from a fresh seating."""
FAIR_FIRST: Final = (1, 10**8)
"""The weights (repeats, tables of 3) of the search's first half: fair tables of 3 first,
from which the second half, in the rules' order, starts."""

Table = tuple[str, ...]
Round = tuple[Table, ...]
ORDINALS: Final = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def table_sizes(players: int) -> tuple[int, ...]:
    """The sizes of a round's tables for ``players``: as many tables of 4 as can be, the
    rest of 3, fours first.

    >>> table_sizes(13), table_sizes(6), table_sizes(16)
    ((4, 3, 3, 3), (3, 3), (4, 4, 4, 4))
    >>> table_sizes(5)
    Traceback (most recent call last):
    ...
    intlscore.errors.SeatingError: 5 players cannot sit at tables of 3 and 4: seat 3 or 4 at one table, or 6 or more
    """  # noqa: E501
    if players in (3, 4):
        return (players,)
    if players < MIN_PLAYERS:
        raise SeatingError(
            f"{players} players cannot sit at tables of 3 and 4: seat 3 or 4 at one table,"
            f" or {MIN_PLAYERS} or more"
        )
    tables = -(-players // 4)
    threes = 4 * tables - players
    return (4,) * (tables - threes) + (3,) * threes


def ordinal(count: int) -> str:
    """``2`` -> ``"second"``; past the words, ``"11th"``."""
    if 1 <= count <= len(ORDINALS):
        return ORDINALS[count - 1]
    return f"{count}th"


@dataclass(frozen=True, slots=True)
class Flaw:
    """One thing a seating breaks: ``kind`` is ``"apart"``, ``"repeat"`` or ``"threes"``;
    ``players`` the players it names, ``round`` the round (1-based) it happens in."""

    kind: str
    players: tuple[str, ...]
    round: int
    text: str

    def to_dict(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "players": list(self.players),
            "round": self.round,
            "text": self.text,
        }


@dataclass(frozen=True, slots=True)
class Seating:
    """A night's rounds (each a tuple of tables, each its players) and what it breaks.

    ``cost`` is ``(apart, repeats, threes)``: keep-apart breaches, the squared repeat
    measure and the squared tables-of-3 measure; ``steps`` the swaps tried; ``complete``
    False when the CPU budget ran out before the step count."""

    rounds: tuple[Round, ...]
    flaws: tuple[Flaw, ...]
    cost: tuple[int, int, int]
    seed: int
    steps: int
    complete: bool = True


def _repeat_cost(count: int) -> int:
    """A pair met ``count`` times costs the squares of its earlier meetings: 0, 0, 1, 5..."""
    return sum(k * k for k in range(count))


def measure(
    rounds: Sequence[Sequence[Sequence[str]]], apart: Iterable[tuple[str, str]] = ()
) -> tuple[int, int, int]:
    """The cost ``(apart, repeats, threes)`` of whole rounds, from scratch (the search keeps
    it up to date move by move; tests compare the two).

    >>> measure([[("a", "b", "c"), ("d", "e", "f")], [("a", "b", "d"), ("c", "e", "f")]])
    (0, 2, 24)
    """
    banned = {frozenset(pair) for pair in apart}
    meetings: Counter[frozenset[str]] = Counter()
    threes: Counter[str] = Counter()
    breaches = 0
    for tables in rounds:
        for table in tables:
            for a, b in combinations(table, 2):
                pair = frozenset((a, b))
                meetings[pair] += 1
                breaches += pair in banned
            if len(table) == 3:
                threes.update(table)
    repeats = sum(_repeat_cost(count) for count in meetings.values())
    return breaches, repeats, sum(count * count for count in threes.values())


def seating_flaws(
    rounds: Sequence[Sequence[Sequence[str]]],
    apart: Iterable[tuple[str, str]] = (),
    *,
    first: int = 1,
) -> tuple[Flaw, ...]:
    """Every flaw of ``rounds`` (round ``first`` onwards is named; earlier rounds count as
    history): each keep-apart pair at one table, each meeting of a pair after its first,
    and each player who sits at a table of 3 at least twice more than another (of those
    seated in every round; named at the round of their extra seat).

    >>> for flaw in seating_flaws([[("a", "b", "c"), ("d", "e", "f")],
    ...                            [("a", "b", "d"), ("c", "e", "f")]], [("e", "f")]):
    ...     print(flaw.text)
    e and f are kept apart but sit at one table in round 1
    e and f are kept apart but sit at one table in round 2
    a and b meet a second time in round 2
    e and f meet a second time in round 2
    """
    banned = {frozenset(pair) for pair in apart}
    meetings: Counter[frozenset[str]] = Counter()
    flaws: list[Flaw] = []
    for number, tables in enumerate(rounds, start=1):
        for table in tables:
            for a, b in combinations(table, 2):
                pair = frozenset((a, b))
                meetings[pair] += 1
                if number < first:
                    continue
                if pair in banned:
                    flaws.append(
                        Flaw("apart", (a, b), number, f"{a} and {b} are kept apart but sit"
                             f" at one table in round {number}")
                    )
                if meetings[pair] > 1:
                    flaws.append(
                        Flaw("repeat", (a, b), number, f"{a} and {b} meet a"
                             f" {ordinal(meetings[pair])} time in round {number}")
                    )
    flaws += _threes_flaws(rounds, first)
    kinds = {"apart": 0, "repeat": 1, "threes": 2}
    flaws.sort(key=lambda flaw: (flaw.round, kinds[flaw.kind], flaw.players))
    return tuple(flaws)


def _threes_flaws(rounds: Sequence[Sequence[Sequence[str]]], first: int) -> list[Flaw]:
    """A player with two or more tables of 3 beyond the fewest any player had."""
    seats: dict[str, list[int]] = {}
    for number, tables in enumerate(rounds, start=1):
        for table in tables:
            for player in table:
                seats.setdefault(player, [])
                if len(table) == 3:
                    seats[player].append(number)
    every = [
        player
        for player in seats
        if all(any(player in table for table in tables) for tables in rounds)
    ] or list(seats)
    fewest = min(every, key=lambda player: len(seats[player]))
    low = len(seats[fewest])
    flaws = []
    for player in every:
        count = len(seats[player])
        if count >= low + 2 and seats[player][low + 1] >= first:
            flaws.append(
                Flaw("threes", (player, fewest), seats[player][low + 1], f"{player} sits at"
                     f" a table of 3 in {count} rounds, {fewest} in {_times(low)}")
            )
    return flaws


def _times(count: int) -> str:
    return {0: "none", 1: "one"}.get(count, str(count))


class _Search:
    """The planned rounds as integer ids, with the counts the measure needs kept current."""

    def __init__(
        self,
        players: list[str],
        fixed: Sequence[Sequence[Sequence[str]]],
        planned: int,
        apart: Iterable[tuple[str, str]],
        rng: random.Random,
        ranks: Mapping[str, int] | None = None,
    ) -> None:
        names = list(players)
        for tables in fixed:
            for table in tables:
                names += [player for player in table if player not in names]
        self.names = names
        self.repeat_w, self.threes_w = FAIR_FIRST
        index = {name: i for i, name in enumerate(names)}
        size = len(names)
        self.meet = [[0] * size for _ in range(size)]
        self.banned = [[False] * size for _ in range(size)]
        for a, b in apart:
            if a in index and b in index:
                self.banned[index[a]][index[b]] = self.banned[index[b]][index[a]] = True
        self.threes = [0] * size
        for tables in fixed:
            for table in tables:
                ids = [index[player] for player in table]
                self._count(ids, +1)
        self.present = [index[player] for player in players]
        self.sizes = table_sizes(len(players))
        total = sum(self.threes[player] for player in self.present)
        total += planned * sum(size for size in self.sizes if size == 3)
        span = len(fixed) + planned
        self.is_present = [False] * size
        for player in self.present:
            self.is_present[player] = True
        # a player never at a table of 3 outweighs every square (sum of squares <= N * R^2)
        self.zero_units = len(players) * span * span + 1 if total > len(players) else 0
        self.rank = [0 if ranks is None else ranks.get(name, len(names)) for name in names]
        self.close_w = 0 if ranks is None else CLOSE_WEIGHT
        self.rounds: list[list[list[int]]] = []
        self.restart(planned, rng)

    def restart(self, planned: int, rng: random.Random) -> None:
        """Seat the planned rounds afresh, greedily (the counts follow)."""
        for tables in self.rounds:
            for table in tables:
                self._count(table, -1)
        self.rounds = []
        for number in range(planned):
            self.rounds.append(self._greedy_round(rng, number == 0))

    def _count(self, table: list[int], step: int) -> None:
        for a, b in combinations(table, 2):
            self.meet[a][b] += step
            self.meet[b][a] += step
        if len(table) == 3:
            for player in table:
                self.threes[player] += step

    def _greedy_round(self, rng: random.Random, first: bool) -> list[list[int]]:
        """A round seated one player at a time, each at the open table that costs least
        (``first``: the next round, the one seated by standing if asked)."""
        order = list(self.present)
        rng.shuffle(order)
        # those with the most tables of 3 so far are seated first, at tables of 4
        order.sort(key=lambda player: -self.threes[player])
        tables: list[list[int]] = [[] for _ in self.sizes]
        for player in order:
            best = min(
                (i for i, size in enumerate(self.sizes) if len(tables[i]) < size),
                key=lambda i: (self._join_cost(player, tables[i], self.sizes[i], first), i),
            )
            tables[best].append(player)
        for table in tables:
            self._count(table, +1)
        return tables

    def _join_cost(self, player: int, table: list[int], size: int, first: bool) -> int:
        meet, banned = self.meet[player], self.banned[player]
        cost = sum(
            APART_WEIGHT * banned[other] + self.repeat_w * meet[other] * meet[other]
            for other in table
        )
        if first and self.close_w:
            rank = self.rank[player]
            cost += self.close_w * sum(abs(rank - self.rank[other]) for other in table)
        if size == 3:
            cost += self.threes_w * (2 * self.threes[player] + 1)
        return cost

    def cost(self) -> int:
        """The whole measure as one weighted number."""
        size = len(self.names)
        total = 0
        for a in range(size):
            for b in range(a + 1, size):
                total += APART_WEIGHT * self.banned[a][b] * self.meet[a][b]
                total += self.repeat_w * _repeat_cost(self.meet[a][b])
        total += self.close_w * self.closeness()
        total += self.threes_w * self.zero_units * self.zeros()
        return total + self.threes_w * sum(count * count for count in self.threes)

    def zeros(self) -> int:
        """Present players never at a table of 3 (counted only where someone must sit at
        two)."""
        if not self.zero_units:
            return 0
        return sum(1 for player in self.present if not self.threes[player])

    def closeness(self) -> int:
        """The ranks between tablemates of the next round (0 unless seated by standing)."""
        if not self.close_w or not self.rounds:
            return 0
        rank = self.rank
        return sum(
            abs(rank[a] - rank[b]) for table in self.rounds[0] for a, b in combinations(table, 2)
        )

    def _leave(self, player: int, table: list[int], skip: int) -> int:
        """What ``player`` saves by leaving ``table`` (``skip`` leaves with them)."""
        meet, banned = self.meet[player], self.banned[player]
        saved = 0
        for other in table:
            if other != player and other != skip:
                count = meet[other]
                saved += self.repeat_w * (count - 1) * (count - 1) + APART_WEIGHT * banned[other]
        return saved

    def _join(self, player: int, table: list[int], skip: int) -> int:
        """What ``player`` costs by joining ``table`` (without ``skip``, who leaves it)."""
        meet, banned = self.meet[player], self.banned[player]
        added = 0
        for other in table:
            if other != skip:
                count = meet[other]
                added += self.repeat_w * count * count + APART_WEIGHT * banned[other]
        return added

    def swap_delta(self, r: int, ta: int, a: int, tb: int, b: int) -> int:
        """The change of the measure if ``a`` (at table ``ta``) and ``b`` (at ``tb``) of
        planned round ``r`` swap tables."""
        tables = self.rounds[r]
        table_a, table_b = tables[ta], tables[tb]
        delta = (
            self._join(a, table_b, b)
            - self._leave(a, table_a, -1)
            + self._join(b, table_a, a)
            - self._leave(b, table_b, -1)
        )
        three_a, three_b = len(table_a) == 3, len(table_b) == 3
        if three_a != three_b:
            # the one moving to the table of 3 gains one, the other loses one
            to_three, from_three = (b, a) if three_a else (a, b)
            delta += self.threes_w * (
                2 * self.threes[to_three] + 1 - (2 * self.threes[from_three] - 1)
            )
            if self.zero_units:
                zeros = (self.threes[from_three] == 1 and self.is_present[from_three]) - (
                    self.threes[to_three] == 0 and self.is_present[to_three]
                )
                delta += self.threes_w * self.zero_units * zeros
        if r == 0 and self.close_w:
            rank, ra, rb = self.rank, self.rank[a], self.rank[b]
            change = sum(abs(rb - rank[x]) - abs(ra - rank[x]) for x in table_a if x != a)
            change += sum(abs(ra - rank[y]) - abs(rb - rank[y]) for y in table_b if y != b)
            delta += self.close_w * change
        return delta

    def swap(self, r: int, ta: int, a: int, tb: int, b: int) -> None:
        tables = self.rounds[r]
        self._count(tables[ta], -1)
        self._count(tables[tb], -1)
        tables[ta][tables[ta].index(a)] = b
        tables[tb][tables[tb].index(b)] = a
        self._count(tables[ta], +1)
        self._count(tables[tb], +1)

    def conflicted(self) -> list[tuple[int, int, int]]:
        """Each ``(round, table, player)`` of a planned round where the player meets
        someone at that table again (or one kept apart)."""
        found = []
        meet, banned = self.meet, self.banned
        for r, tables in enumerate(self.rounds):
            for t, table in enumerate(tables):
                bad: set[int] = set()
                for i, a in enumerate(table):
                    met, kept_apart = meet[a], banned[a]
                    for b in table[i + 1 :]:
                        if met[b] > 1 or kept_apart[b]:
                            bad.add(a)
                            bad.add(b)
                found += [(r, t, player) for player in table if player in bad]
        return found

    def snapshot(self) -> list[list[list[int]]]:
        return [[list(table) for table in tables] for tables in self.rounds]

    def load(self, rounds: list[list[list[int]]]) -> None:
        """Make ``rounds`` the planned rounds (the counts follow)."""
        for tables in self.rounds:
            for table in tables:
                self._count(table, -1)
        self.rounds = [[list(table) for table in tables] for tables in rounds]
        for tables in self.rounds:
            for table in tables:
                self._count(table, +1)

    def ranked(self, rounds: list[list[list[int]]]) -> tuple[int, int, int, int]:
        """The ``(apart, repeats, closeness, threes)`` measure of ``rounds`` with the fixed
        ones."""
        self.load(rounds)
        size = len(self.names)
        pairs = [(a, b) for a in range(size) for b in range(a + 1, size)]
        return (
            sum(self.meet[a][b] for a, b in pairs if self.banned[a][b]),
            sum(_repeat_cost(self.meet[a][b]) for a, b in pairs),
            self.closeness(),
            self.zero_units * self.zeros() + sum(count * count for count in self.threes),
        )


def plan_seating(
    players: Sequence[str],
    rounds: int,
    *,
    fixed: Sequence[Sequence[Sequence[str]]] = (),
    apart: Iterable[tuple[str, str]] = (),
    seed: int = 0,
    steps: int = DEFAULT_STEPS,
    cpu_seconds: float | None = DEFAULT_CPU_SECONDS,
    ranks: Mapping[str, int] | None = None,
) -> Seating:
    """Seat ``players`` for rounds ``len(fixed) + 1`` to ``rounds``, keeping the ``fixed``
    rounds (already seated; their players may differ: latecomers, leavers) as they are.

    ``apart`` lists pairs never to seat together; ``seed`` makes the plan repeatable;
    the search stops after ``steps`` swaps or ``cpu_seconds`` of CPU time, whichever comes
    first (see the module docstring). Names must be distinct. ``ranks`` (a player's place
    in the standings, 0 the leader) seats the next round by standing: tablemates as close
    in the standings as can be, after the rules (repeats still count first).

    >>> plan = plan_seating(["a", "b", "c", "d", "e", "f", "g"], 2, seed=3)
    >>> [len(table) for table in plan.rounds[1]], plan.cost[0]
    ([4, 3], 0)
    """
    names = list(players)
    if len(set(names)) != len(names):
        twice = next(name for name in names if names.count(name) > 1)
        raise SeatingError(f"player {twice!r} is named twice")
    if rounds < len(fixed):
        raise SeatingError(f"{len(fixed)} rounds are seated already, more than {rounds}")
    for number, tables in enumerate(fixed, start=1):
        seated = [player for table in tables for player in table]
        if len(set(seated)) != len(seated):
            raise SeatingError(f"round {number} seats a player twice")
    table_sizes(len(names))
    apart_pairs = [(a, b) for a, b in apart if a != b]
    rng = random.Random(seed)
    search = _Search(names, fixed, rounds - len(fixed), apart_pairs, rng, ranks)
    best_rounds = search.snapshot()
    used, complete = 0, True
    if search.rounds and len(search.sizes) > 1:
        deadline = None if cpu_seconds is None else time.process_time() + cpu_seconds
        # first fair tables of 3, then the rules' order from there
        first, complete, fair = _improve(search, rng, steps // 2, deadline)
        used, best_rounds = first, fair
        if complete and not _done(search, fair):
            search.load(fair)
            search.repeat_w, search.threes_w = REPEAT_WEIGHT, THREES_WEIGHT
            second, complete, ordered = _improve(search, rng, steps - first, deadline)
            used += second
            if search.ranked(ordered) <= search.ranked(fair):
                best_rounds = ordered
    planned = tuple(
        tuple(tuple(search.names[player] for player in table) for table in tables)
        for tables in best_rounds
    )
    fixed_rounds = tuple(tuple(tuple(table) for table in tables) for tables in fixed)
    whole = fixed_rounds + planned
    return Seating(
        rounds=whole,
        flaws=seating_flaws(whole, apart_pairs, first=len(fixed) + 1),
        cost=measure(whole, apart_pairs),
        seed=seed,
        steps=used,
        complete=complete,
    )


def _done(search: _Search, rounds: list[list[list[int]]]) -> bool:
    """True when ``rounds`` breach nothing and their tables of 3 are even: nothing better."""
    search.load(rounds)
    return not search.close_w and not search.conflicted() and _threes_even(search)


def _improve(
    search: _Search, rng: random.Random, steps: int, deadline: float | None
) -> tuple[int, bool, list[list[list[int]]]]:
    """The tabu search: move a conflicted player by the best swap in its round (a swap
    undoing a recent one is tabu unless it beats the best seen); with no conflict left,
    move one of those with the most tables of 3 to a table of 4; after a long stall, a
    random swap shakes the plan. Returns the steps used, whether the count (not the
    clock) ended it, and the best rounds seen."""
    current = search.cost()
    best, best_rounds = current, search.snapshot()
    tabu: dict[tuple[int, int, int], int] = {}
    stall = since_best = 0
    step = 0
    for step in range(1, steps + 1):
        if deadline is not None and step % 64 == 0 and time.process_time() > deadline:
            return step - 1, False, best_rounds
        conflicts = search.conflicted()
        if conflicts:
            r, ta, a = conflicts[rng.randrange(len(conflicts))]
            candidates = [
                (tb, b)
                for tb, table in enumerate(search.rounds[r])
                if tb != ta
                for b in table
            ]
        elif _threes_even(search) and search.close_w:
            # nothing left but the standing: try any swap in the next round
            r, tables = 0, search.rounds[0]
            ta = rng.randrange(len(tables))
            a = tables[ta][rng.randrange(len(tables[ta]))]
            candidates = [(tb, b) for tb, table in enumerate(tables) if tb != ta for b in table]
        elif _threes_even(search):
            break
        else:
            # no repeat left: move one of those with the most tables of 3 to a table of 4
            seat = _most_threes(search, rng)
            if seat is None:
                break
            r, ta, a = seat
            candidates = [
                (tb, b)
                for tb, table in enumerate(search.rounds[r])
                if len(table) == 4
                for b in table
            ]
        chosen: tuple[int, int] | None = None
        chosen_delta = 0
        ties = 0
        for tb, b in candidates:
            delta = search.swap_delta(r, ta, a, tb, b)
            forbidden = tabu.get((r, a, tb), 0) > step or tabu.get((r, b, ta), 0) > step
            if forbidden and current + delta >= best:
                continue
            if chosen is None or delta < chosen_delta:
                chosen, chosen_delta, ties = (tb, b), delta, 1
            elif delta == chosen_delta:
                ties += 1
                if rng.randrange(ties) == 0:
                    chosen = (tb, b)
        if chosen is None:
            stall += 1
            if stall <= 400:
                continue
            chosen = candidates[rng.randrange(len(candidates))]
            chosen_delta = search.swap_delta(r, ta, a, *chosen)
            stall = 0
        tb, b = chosen
        search.swap(r, ta, a, tb, b)
        tabu[(r, a, ta)] = step + 1 + rng.randrange(3)
        tabu[(r, b, tb)] = step + 1 + rng.randrange(3)
        current += chosen_delta
        if current < best:
            best, best_rounds, stall, since_best = current, search.snapshot(), 0, 0
        else:
            stall += 1
            since_best += 1
            if since_best > RESTART_AFTER:
                # stuck: start again from a fresh greedy seating (the best is kept)
                search.restart(len(search.rounds), rng)
                current, since_best, tabu = search.cost(), 0, {}
    return step, True, best_rounds


def _most_threes(search: _Search, rng: random.Random) -> tuple[int, int, int] | None:
    """A planned seat at a table of 3 of a player with the most tables of 3 of all those
    with such a seat (None: no table of 3 is planned)."""
    seats = [
        (r, t, player)
        for r, tables in enumerate(search.rounds)
        for t, table in enumerate(tables)
        if len(table) == 3
        for player in table
    ]
    if not seats:
        return None
    top = max(search.threes[player] for _, _, player in seats)
    seats = [seat for seat in seats if search.threes[seat[2]] == top]
    return seats[rng.randrange(len(seats))]


def _threes_even(search: _Search) -> bool:
    """True when no present player has two more tables of 3 than another."""
    counts = [search.threes[player] for player in search.present]
    return max(counts) - min(counts) <= 1
