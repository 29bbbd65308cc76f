"""``odds``: the chance of each closed-hand type within 1..N draws, and the best discard (R22).

A type at distance 0 has chance 1; a type one draw away has the exact
hypergeometric chance of drawing one of its outs; every other chance is a
seeded Monte Carlo estimate over ``samples`` draw sequences, with a 95% Wilson
interval. The same draw sequences serve every type and every discard (common
random numbers), so differences between discards are not sampling noise.

>>> result = odds("k1-12 r5 o9", draws=2, samples=200, seed=1)
>>> royal = next(row for row in result.types if row.number == 24)
>>> royal.distance, royal.exact, royal.chance[0]
(2, False, 0.0)
>>> result.discards is None
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from intlscore.engine.notation import optional_tile, parse_tiles
from intlscore.engine.odds.candidates import Candidate, candidates_within, first_draw
from intlscore.engine.odds.draws import Draw, sample_draws, unseen_tiles
from intlscore.engine.odds.holds import PoolCheck, best_score
from intlscore.engine.odds.result import AnyOdds, DiscardOdds, OddsResult, TypeOdds
from intlscore.engine.odds.stats import Z95, at_least_one, samples_for, wilson
from intlscore.engine.reach import ReachResult, reachability
from intlscore.engine.reach.blitz import draws_allowed
from intlscore.engine.reach.pool import Pool
from intlscore.engine.scoring import resolve_table
from intlscore.engine.tiles import JOKER_INDEX, Tile
from intlscore.errors import HandError
from intlscore.rules import Rules
from intlscore.rules.hand_table import HandTable

DEFAULT_DRAWS = 6
MAX_DRAWS = 40
DEFAULT_SAMPLES = samples_for(0.02)
"""Enough samples for every 95% interval to be at most 2 percentage points either side."""
MAX_SAMPLES = 10_000_000
TileInput = str | Iterable[str | Tile]
Progress = Callable[[int, int], None]


def odds(
    tiles: TileInput,
    *,
    draws: int = DEFAULT_DRAWS,
    seen: TileInput = (),
    trump: str | Tile | None = None,
    first_turn: bool = False,
    original_hand: bool = False,
    starting_player: bool = False,
    rules: Rules | str | Path | None = None,
    table: HandTable | str | Path | None = None,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    progress: Progress | None = None,
) -> OddsResult:
    """The odds of a 14- or 15-tile rack within ``draws`` draws (R22).

    ``progress(done, total)`` is called as the samples are worked through.
    """
    if isinstance(draws, bool) or not isinstance(draws, int) or not 1 <= draws <= MAX_DRAWS:
        raise HandError(f"draws must be a whole number from 1 to {MAX_DRAWS}; got {draws!r}")
    if isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= MAX_SAMPLES:
        raise HandError(f"samples must be a whole number from 1 to {MAX_SAMPLES}; got {samples!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise HandError(f"seed must be a whole number; got {seed!r}")
    hand_table = resolve_table(table, rules)
    trump_tile = optional_tile(trump, "trump")
    seen_tiles = parse_tiles(seen, argument="seen", allow_empty=True)
    reach = reachability(
        tiles,
        seen=seen_tiles,
        trump=trump_tile,
        first_turn=first_turn,
        original_hand=original_hand,
        starting_player=starting_player,
        table=hand_table,
    )
    hand = list(reach.tiles)
    pool = Pool.build(hand, seen_tiles, trump_tile)
    unseen = unseen_tiles(pool)
    sequences = sample_draws(unseen, draws, samples=samples, seed=seed)
    candidates = candidates_within(reach, hand_table, draws, len(hand))
    discards = (
        _discard_plans(hand, seen_tiles, trump_tile, reach, hand_table, draws)
        if len(hand) == 15
        else []
    )
    tally = _Tally(draws, candidates, discards)
    check = PoolCheck(pool)
    for done, drawn in enumerate(sequences, 1):
        check.forget()
        tally.add(check, drawn, len(hand), pool.jokers)
        if progress is not None:
            progress(done, len(sequences))
    return OddsResult(
        tiles=tuple(hand),
        draws=draws,
        samples=len(sequences),
        seed=seed,
        types=tuple(tally.type_rows(len(unseen))),
        any=tally.any_row(),
        discards=tally.discard_rows() if discards else None,
    )


@dataclass
class _DiscardPlan:
    """One distinct discard: the 14 tiles left, their checks and their tallies."""

    discard: Tile
    check: PoolCheck
    candidates: list[Candidate]
    hits: int = 0
    total_score: int = 0
    total_square: int = 0
    by_type: dict[int, int] | None = None


def _discard_plans(
    hand: Sequence[Tile],
    seen: Sequence[Tile],
    trump: Tile | None,
    reach: ReachResult,
    table: HandTable,
    draws: int,
) -> list[_DiscardPlan]:
    plans = []
    for discard in sorted(set(hand), key=Tile.rack_key):
        rest = list(hand)
        rest.remove(discard)
        known = [*seen, discard]  # the discard is out of play: it cannot come back (R3)
        left = reachability(
            rest,
            seen=known,
            trump=trump,
            first_turn=reach.context.first_turn,
            original_hand=reach.context.original_hand,
            starting_player=reach.context.starting_player,
            table=table,
        )
        candidates = []
        for hand_type, entry in zip(table, left.types, strict=True):
            allowed = draws_allowed(hand_type, reach.context, 15)  # the first turn is spent
            limit = draws if allowed is None else min(draws, allowed)
            if entry.distance is not None and entry.distance <= limit:
                candidates.append(Candidate(hand_type, entry, limit))
        candidates.sort(key=lambda c: -2 * max(c.hand_type.scores))
        pool = Pool.build(rest, known, trump)
        plans.append(_DiscardPlan(discard, PoolCheck(pool), candidates, by_type={}))
    return plans


class _Tally:
    """Counts over the samples: per type the first draw that completes it, per discard wins."""

    def __init__(self, draws: int, candidates: list[Candidate], discards: list[_DiscardPlan]):
        self.draws = draws
        self.candidates = candidates
        self.discards = discards
        self.within = {c.hand_type.number: [0] * (draws + 1) for c in candidates}
        self.any_within = [0] * (draws + 1)
        self.total_score = 0
        self.samples = 0

    def add(self, check: PoolCheck, drawn: Draw, hand_size: int, jokers: int) -> None:
        self.samples += 1
        first_any: int | None = None
        best = 0
        for candidate in self.candidates:
            first = first_draw(check, candidate, drawn)
            if first is None:
                continue
            self.within[candidate.hand_type.number][first] += 1
            first_any = first if first_any is None else min(first_any, first)
            used = drawn[: candidate.limit]
            kept = check.kept(candidate.hand_type, used)
            assert kept is not None
            size = hand_size + len(used)
            pool_jokers = jokers + used.count(JOKER_INDEX)
            best = max(best, best_score(candidate.hand_type, kept, pool_jokers, size))
        if first_any is not None:
            self.any_within[first_any] += 1
        self.total_score += best
        for plan in self.discards:
            plan.check.forget()
            _add_discard(plan, drawn, check)

    def type_rows(self, unseen: int) -> list[TypeOdds]:
        rows = []
        for candidate in self.candidates:
            number = candidate.hand_type.number
            distance = candidate.distance
            steps = range(1, self.draws + 1)
            if distance == 0:
                chance = tuple(1.0 for _ in steps)
                interval = None
            elif distance == 1:
                outs = sum(out.unseen for out in candidate.reach.outs)
                chance = tuple(at_least_one(outs, unseen, min(k, candidate.limit)) for k in steps)
                interval = None
            else:
                counts = _cumulative(self.within[number])
                chance = tuple(counts[k] / self.samples for k in steps)
                interval = tuple(wilson(counts[k], self.samples) for k in steps)
            rows.append(
                TypeOdds(
                    number,
                    candidate.hand_type.name,
                    distance,
                    chance,
                    interval,
                    interval is None,
                    candidate.reach.score,
                )
            )
        return rows

    def any_row(self) -> AnyOdds:
        steps = range(1, self.draws + 1)
        mean = self.total_score / self.samples if self.samples else 0.0
        if any(c.distance == 0 for c in self.candidates):
            return AnyOdds(tuple(1.0 for _ in steps), None, mean)
        counts = _cumulative(self.any_within)
        return AnyOdds(
            tuple(counts[k] / self.samples for k in steps),
            tuple(wilson(counts[k], self.samples) for k in steps),
            mean,
        )

    def discard_rows(self) -> tuple[DiscardOdds, ...]:
        rows = []
        for plan in self.discards:
            assert plan.by_type is not None
            top = max(plan.by_type, key=lambda n: plan.by_type[n], default=None)  # type: ignore[index]
            entry = next((c for c in plan.candidates if c.hand_type.number == top), None)
            rows.append(
                DiscardOdds(
                    plan.discard,
                    plan.hits / self.samples,
                    None  # a type at distance 0: a closed win is certain
                    if any(c.distance == 0 for c in plan.candidates)
                    else wilson(plan.hits, self.samples),
                    plan.total_score / self.samples,
                    _mean_interval(plan.total_score, plan.total_square, self.samples),
                    None if entry is None else entry.hand_type.name,
                    None if entry is None else entry.distance,
                )
            )
        rows.sort(key=lambda row: (-row.expected_score, -row.chance, row.discard.rack_key()))
        return tuple(rows)


def _mean_interval(total: int, square: int, samples: int) -> tuple[float, float]:
    """The 95% normal interval of a mean from its sum and sum of squares."""
    mean = total / samples
    variance = max(0.0, square / samples - mean * mean) * samples / max(1, samples - 1)
    half = Z95 * math.sqrt(variance / samples)
    return (mean - half, mean + half)


def _cumulative(firsts: list[int]) -> list[int]:
    """Counts of "within k draws" from counts of "first complete after k draws"."""
    running, out = 0, []
    for count in firsts:
        running += count
        out.append(running)
    return out


def _add_discard(plan: _DiscardPlan, drawn: Draw, whole: PoolCheck) -> None:
    """Best score of the 14 tiles left and these draws; candidates go from most valuable.

    The 15 tiles and the draws hold every type the 14 left and the draws hold, so a
    type the whole rack's pool (``whole``, shared by every discard) does not hold is
    skipped without a search.
    """
    assert plan.by_type is not None
    best, best_type = 0, None
    jokers = plan.check.pool.jokers
    for candidate in plan.candidates:
        if 2 * max(candidate.hand_type.scores) <= best:
            break
        used = drawn[: candidate.limit]
        if whole.kept(candidate.hand_type, used) is None:
            continue
        kept = plan.check.kept(candidate.hand_type, used)
        if kept is None:
            continue
        score = best_score(
            candidate.hand_type, kept, jokers + used.count(JOKER_INDEX), 14 + len(used)
        )
        if score > best:
            best, best_type = score, candidate.hand_type.number
    if best_type is not None:
        plan.hits += 1
        plan.total_score += best
        plan.total_square += best * best
        plan.by_type[best_type] = plan.by_type.get(best_type, 0) + best
