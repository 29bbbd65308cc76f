"""An exact reference for the night's seating (issue 43): does a seating of ``count``
players over ``rounds`` rounds exist in which nobody meets anyone twice and every player's
count of tables of 3 lies within given bounds?

A plain backtracking search, independent of the planner, that proves what the planner's
heuristic search can only fail to find. Players are 0 .. count - 1; a round is seated
table by table, each new table opened by the lowest player not yet seated (so tables come
in one canonical order and no partition is tried twice). Symmetry is broken three ways:

* round 1 is fixed (players 0, 1, 2, ... in order; any seating can be relabelled so);
* in round 2, the players of one round-1 table are interchangeable, and so are round-1
  tables of one size: round 2 is tried once per 0/1 matrix of which of its tables takes a
  player from which round-1 table, up to those relabellings;
* rounds 3 .. are interchangeable, so they are seated in increasing order.

Pruning: a player needing more new tablemates than remain, or whose count of tables of 3
cannot end within the bounds.

>>> find_seating(9, 2, low=2, high=2) is not None     # 9 players: tables 3/3/3
True
>>> find_seating(6, 2, low=0, high=2) is None         # 6 at 3/3 must meet again
True
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, permutations

from intlscore.session.night.seating import table_sizes

Partition = tuple[tuple[int, ...], ...]


def threes_bounds(count: int, rounds: int) -> tuple[int, int]:
    """The even share of tables of 3: every player's count within one of every other's
    (``low``, ``high``), given the seats at tables of 3 a round."""
    seats = sum(size for size in table_sizes(count) if size == 3) * rounds
    return seats // count, -(-seats // count)


def weak_bounds(count: int, rounds: int) -> tuple[int, int]:
    """The issue's weaker rule, "nobody at a table of 3 again while others never have":
    when there are more seats at tables of 3 than players (as with 13 and 14 over 4
    rounds), someone has two, so nobody may have none: bounds ``(1, rounds)``."""
    seats = sum(size for size in table_sizes(count) if size == 3) * rounds
    if seats > count:
        return 1, rounds
    return 0, 1


def find_seating(
    count: int, rounds: int, *, low: int, high: int, orbits: bool = True
) -> list[Partition] | None:
    """A seating without repeat meetings in which every player sits at a table of 3 in
    ``low`` to ``high`` rounds, or None when none exists (proved by exhausting the
    search). ``orbits=False`` seats round 2 like the later rounds, without its symmetry
    pruning (slower; a stress test checks that both agree)."""
    sizes = table_sizes(count)
    first: list[tuple[int, ...]] = []
    start = 0
    for size in sizes:
        first.append(tuple(range(start, start + size)))
        start += size
    met = [0] * count
    threes = [0] * count
    _apply(first, met, threes, +1)
    if not _feasible(met, threes, rounds - 1, count, low, high):
        return None
    state = _State(count, sizes, rounds, low, high, met, threes, first, orbits)
    return state.search([tuple(first)])


def _apply(tables: list[tuple[int, ...]] | Partition, met: list[int], threes: list[int],
           step: int) -> None:
    for table in tables:
        mask = 0
        for player in table:
            mask |= 1 << player
        for player in table:
            if step > 0:
                met[player] |= mask & ~(1 << player)
            else:
                met[player] &= ~(mask & ~(1 << player))
            if len(table) == 3:
                threes[player] += step


def _feasible(met: list[int], threes: list[int], left: int, count: int, low: int,
              high: int) -> bool:
    """Can every player still end within the bounds, meeting two new players a round?"""
    for player in range(count):
        if threes[player] > high or threes[player] + left < low:
            return False
        if count - 1 - bin(met[player]).count("1") < 2 * left:
            return False
    return True


class _State:
    def __init__(self, count: int, sizes: tuple[int, ...], rounds: int, low: int, high: int,
                 met: list[int], threes: list[int], first: list[tuple[int, ...]],
                 orbits: bool) -> None:
        self.orbits = orbits
        self.count, self.sizes, self.rounds = count, sizes, rounds
        self.low, self.high = low, high
        self.met, self.threes = met, threes
        self.first = first

    def search(self, seated: list[Partition]) -> list[Partition] | None:
        if len(seated) == self.rounds:
            return list(seated)
        number = len(seated) + 1
        left = self.rounds - number
        last = seated[-1] if number >= 3 else None
        partitions = self._second() if number == 2 and self.orbits else self._partitions(left)
        for partition in partitions:
            if last is not None and partition <= last:
                continue
            _apply(partition, self.met, self.threes, +1)
            fits = _feasible(self.met, self.threes, left, self.count, self.low, self.high)
            if fits:
                found = self.search([*seated, partition])
                if found is not None:
                    return found
            _apply(partition, self.met, self.threes, -1)
        return None

    def _second(self) -> Iterator[Partition]:
        """One round 2 per orbit under the relabellings that keep round 1: the players of a
        round-1 table are interchangeable, so round 2 is, up to them, the 0/1 matrix of
        which round-2 table takes a player from which round-1 table (no repeat: at most
        one); equal round-1 tables are interchangeable too."""
        columns = range(len(self.first))
        wanted = [len(table) for table in self.first]
        rows_by_size = {size: list(combinations(columns, size)) for size in set(self.sizes)}
        seen: set[tuple[tuple[int, ...], ...]] = set()
        relabellings = [
            dict(zip(columns, order, strict=True))
            for order in permutations(columns)
            if all(wanted[c] == wanted[o] for c, o in zip(columns, order, strict=True))
        ]

        Rows = list[tuple[int, ...]]

        def rows(sizes: list[int], chosen: Rows) -> Iterator[Rows]:
            if not sizes:
                sums = [sum(c in row for row in chosen) for c in columns]
                if sums == wanted:
                    yield list(chosen)
                return
            size = sizes[0]
            for row in rows_by_size[size]:
                if chosen and len(chosen[-1]) == size and row < chosen[-1]:
                    continue
                yield from rows(sizes[1:], [*chosen, row])

        for matrix in rows(sorted(self.sizes, reverse=True), []):
            key = min(
                tuple(sorted(tuple(sorted(relabel[c] for c in row)) for row in matrix))
                for relabel in relabellings
            )
            if key in seen:
                continue
            seen.add(key)
            members = [list(table) for table in self.first]
            tables = [tuple(sorted(members[c].pop(0) for c in row)) for row in matrix]
            if any(self.threes[p] >= self.high for t in tables if len(t) == 3 for p in t):
                continue
            yield tuple(sorted(tables))

    def _partitions(self, left: int) -> Iterator[Partition]:
        """Every partition of the players into the round's tables without a repeat meeting,
        tables sorted (each opened by the lowest player not yet seated)."""
        count, met, threes, low, high = self.count, self.met, self.threes, self.low, self.high
        remaining = sorted(self.sizes)
        tables: list[tuple[int, ...]] = []
        free = (1 << count) - 1

        def allowed(player: int, size: int) -> bool:
            if size == 3:
                return threes[player] < high
            return threes[player] + left >= low

        def open_table() -> Iterator[Partition]:
            nonlocal free
            if not free:
                yield tuple(sorted(tables))
                return
            lead = (free & -free).bit_length() - 1
            for size in sorted(set(remaining), reverse=True):
                if not allowed(lead, size):
                    continue
                remaining.remove(size)
                free &= ~(1 << lead)
                yield from fill([lead], size, lead)
                free |= 1 << lead
                remaining.append(size)
                remaining.sort()

        def fill(table: list[int], size: int, after: int) -> Iterator[Partition]:
            nonlocal free
            if len(table) == size:
                tables.append(tuple(table))
                yield from open_table()
                tables.pop()
                return
            clash = 0
            for player in table:
                clash |= met[player]
            candidates = free & ~clash & ~((1 << (after + 1)) - 1)
            while candidates:
                bit = candidates & -candidates
                candidates ^= bit
                player = bit.bit_length() - 1
                if not allowed(player, size):
                    continue
                free ^= bit
                table.append(player)
                yield from fill(table, size, player)
                table.pop()
                free ^= bit

        yield from open_table()
