"""``odds``: the chance of each closed-hand type within 1..N draws, and the best discard (R22).

A type at distance 0 has chance 1; a type one draw away has the exact
hypergeometric chance of drawing one of its outs. Every other chance, the chance of
any closed win and the expected scores are counted exactly over every distinct draw
sequence, each weighed by how likely it is, wherever there are at most ``samples`` of
them, and always for one draw (so at N = 1 R22's figures equal the play odds', R23);
elsewhere they are a seeded Monte Carlo estimate over ``samples`` draw sequences, with
a 95% Wilson interval (``samples`` is then the count; 0 where everything was counted
exactly). The same draw sequences serve every type and every discard (common random
numbers), so differences between discards are not sampling noise.

>>> result = odds("k1-12 r5 o9", draws=2, samples=200, seed=1)
>>> royal = next(row for row in result.types if row.number == 24)
>>> royal.distance, royal.exact, royal.chance[0]
(2, False, 0.0)
>>> result.discards is None
True
>>> one = odds("k1-12 r5 o9", draws=1, samples=200, seed=1)  # one draw: counted exactly
>>> one.samples, one.any.interval, one.any.chance[0] == 10 / 92  # 10 outs of 92 unseen
(0, None, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Unpack

from intlscore.engine.odds.candidates import Candidate, candidates_within
from intlscore.engine.odds.draws import Draw, every_sequence, sample_draws, unseen_tiles
from intlscore.engine.odds.firsts import Firsts, Found
from intlscore.engine.odds.holds import best_score
from intlscore.engine.odds.odds_result import AnyOdds, DiscardOdds, OddsResult, TypeOdds
from intlscore.engine.odds.play import DEFAULT_BUDGET, Stop, play_from_reach
from intlscore.engine.odds.start import set_up
from intlscore.engine.odds.stats import Z95, at_least_one, samples_for, wilson
from intlscore.engine.rack import Rack, RackKeywords, TileInput, rack_of
from intlscore.engine.reach import ReachResult, reach_of
from intlscore.engine.reach.blitz import draws_allowed
from intlscore.engine.setsearch.pool import Pool
from intlscore.engine.tiles import JOKER_INDEX, Tile
from intlscore.errors import HandError
from intlscore.rules.hand_table import HandType

DEFAULT_DRAWS = 6
MAX_DRAWS = 40
DEFAULT_SAMPLES = samples_for(0.02)
"""Enough samples for every 95% interval to be at most 2 percentage points either side.
The one sample of both faces (``intlscore odds`` and the reach page's advice), so that
they give the same figures for the same rack."""
DEFAULT_SEED = 0
"""The seed of that sample, on both faces."""
MAX_SAMPLES = 10_000_000
Progress = Callable[[int, int], None]


def odds(
    tiles: Rack | TileInput,
    *,
    draws: int = DEFAULT_DRAWS,
    samples: int = DEFAULT_SAMPLES,
    seed: int = DEFAULT_SEED,
    progress: Progress | None = None,
    play: bool = False,
    budget: int = DEFAULT_BUDGET,
    stop: Stop | None = None,
    **keywords: Unpack[RackKeywords],
) -> OddsResult:
    """The odds of a :class:`~intlscore.engine.rack.Rack` of 14 or 15 tiles (or those tiles
    and the rack's keywords, :class:`~intlscore.engine.rack.RackKeywords`) within ``draws``
    draws (R22).

    ``progress(done, total)`` is called as the samples are worked through. With ``play``
    the play odds (R23) come beside them: the value under real play, exact within
    ``budget`` positions, else a lower bound that says so; ``stop`` lets another thread
    end that search early (it raises :class:`~intlscore.errors.Stopped`).
    """
    if isinstance(draws, bool) or not isinstance(draws, int) or not 1 <= draws <= MAX_DRAWS:
        raise HandError(f"draws must be a whole number from 1 to {MAX_DRAWS}; got {draws!r}")
    if isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= MAX_SAMPLES:
        raise HandError(f"samples must be a whole number from 1 to {MAX_SAMPLES}; got {samples!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise HandError(f"seed must be a whole number; got {seed!r}")
    rack = rack_of(tiles, **keywords)
    hand_table, _, _, reach, pool = set_up(rack)
    hand = list(reach.tiles)
    unseen = unseen_tiles(pool)
    sequences, weights = draw_sequences(unseen, draws, samples=samples, seed=seed)
    candidates = candidates_within(reach, hand_table, draws, len(hand))
    discards = _discard_plans(rack, reach, draws) if len(hand) == 15 else []
    firsts = Firsts(hand_table, sequences)
    work = len(candidates) + sum(len(plan.candidates) for plan in discards)
    if play:  # the play search reports each first move of each draw count
        work += draws * (len(set(hand)) if len(hand) == 15 else 1)
    step = _Steps(progress, work)
    tally = _Tally(draws, len(sequences), weights, candidates)
    for candidate in candidates:
        tally.add(candidate, firsts, pool, len(hand))
        step()
    for plan in discards:
        _add_discard(plan, firsts, tally, step)
    played = play_from_reach(reach, pool, hand_table, draws, budget, step, stop) if play else None
    step.finish()
    return OddsResult(
        tiles=tuple(hand),
        draws=draws,
        samples=0 if tally.exact else len(sequences),
        seed=seed,
        types=tuple(tally.type_rows(len(unseen))),
        any=tally.any_row(),
        discards=tuple(_discard_rows(discards, tally)) if discards else None,
        play=played,
    )


def draw_sequences(
    unseen: Sequence[int], draws: int, *, samples: int, seed: int
) -> tuple[list[Draw], list[int] | None]:
    """The draw sequences the odds are counted over, and their weights.

    Every distinct sequence with its weight (:func:`every_sequence`) for one draw, or
    where there are at most ``samples`` of them: the odds are then exact. Else
    ``samples`` seeded samples, each of weight one, and None for the weights.

    >>> draw_sequences([0, 0, 1, 52], 1, samples=1, seed=0)
    ([(0,), (1,), (52,)], [2, 1, 1])
    >>> sequences, weights = draw_sequences([0, 0, 1, 52], 3, samples=5, seed=0)
    >>> len(sequences), weights
    (5, None)
    """
    every = every_sequence(unseen, draws, None if draws == 1 else samples)
    if every is None:
        return sample_draws(unseen, draws, samples=samples, seed=seed), None
    return [sequence for sequence, _ in every], [weight for _, weight in every]


class _Steps:
    """Calls ``progress(done, total)`` as the (type, pool) batches are worked through."""

    def __init__(self, progress: Progress | None, total: int) -> None:
        self.progress = progress
        self.total = max(1, total)
        self.done = 0

    def __call__(self) -> None:
        self.done += 1
        if self.progress is not None:
            self.progress(min(self.done, self.total), self.total)

    def finish(self) -> None:
        """All done (a play search that settled for fewer draws skips its last steps)."""
        if self.progress is not None and self.done < self.total:
            self.done = self.total
            self.progress(self.total, self.total)


@dataclass
class _DiscardPlan:
    """One distinct discard: the 14 tiles left, their pool and their tallies."""

    discard: Tile
    pool: Pool
    candidates: list[Candidate]
    hits: int = 0
    """The weight of the draws with a closed win (their count where sampled)."""
    total_score: int = 0
    total_square: int = 0
    by_type: dict[int, int] = field(default_factory=dict)
    """The weighted score each type contributes, by type number."""


def _discard_plans(rack: Rack, reach: ReachResult, draws: int) -> list[_DiscardPlan]:
    plans = []
    for discard in sorted(set(rack.tiles), key=Tile.rack_key):
        rest = rack.throw(discard)  # the discard is out of play: it cannot come back (R3)
        left = reach_of(rest, reasons=False)
        candidates = []
        for hand_type, entry in zip(rack.hands, left.types, strict=True):
            allowed = draws_allowed(hand_type, reach.context, 15)  # the first turn is spent
            limit = draws if allowed is None else min(draws, allowed)
            if entry.distance is not None and entry.distance <= limit:
                candidates.append(Candidate(hand_type, entry, limit))
        candidates.sort(key=lambda c: -2 * max(c.hand_type.scores))
        pool = Pool.build(rest.tiles, rest.seen, rest.trump)
        plans.append(_DiscardPlan(discard, pool, candidates))
    return plans


class _Tally:
    """Counts over the draw sequences: per type the first draw that completes it, per
    sequence the first draw of any type and the best score. Each sequence counts with its
    weight: how many of the equally likely ordered draws give it, where every sequence is
    counted (``exact``); one for each sample otherwise."""

    def __init__(
        self, draws: int, sequences: int, weights: list[int] | None, candidates: list[Candidate]
    ) -> None:
        self.draws = draws
        self.exact = weights is not None
        self.weights = [1] * sequences if weights is None else weights
        self.total = sum(self.weights)
        """The weight of every sequence: the samples, or every ordered draw of copies."""
        self.candidates = candidates
        self.within = {c.hand_type.number: [0] * (draws + 1) for c in candidates}
        self.first_any: list[int | None] = [None] * sequences
        self.best = [0] * sequences
        self.held_at_limit: dict[HandType, list[bool]] = {}
        """Per type, per sequence: whether the rack's pool holds it with its draws."""

    def add(self, candidate: Candidate, firsts: Firsts, pool: Pool, hand_size: int) -> None:
        hand_type = candidate.hand_type
        kmin = 0 if candidate.distance == 0 else max(candidate.distance, 1)
        found = firsts.of(hand_type, pool, kmin, candidate.limit)
        if candidate.distance == 0:
            found = Found([0] * len(self.weights), found.kept)
        within = self.within[hand_type.number]
        self.held_at_limit[hand_type] = [kept is not None for kept in found.kept]
        for index, (first, kept) in enumerate(zip(found.first, found.kept, strict=True)):
            if first is None or kept is None:
                continue
            within[first] += self.weights[index]
            best_first = self.first_any[index]
            self.first_any[index] = first if best_first is None else min(best_first, first)
            used = firsts.draws[index][: candidate.limit]
            score = best_score(
                hand_type, kept, pool.jokers + used.count(JOKER_INDEX), hand_size + len(used)
            )
            if score > self.best[index]:
                self.best[index] = score

    def share(self, weight: int) -> float:
        """The chance of the sequences of this total weight."""
        return weight / self.total

    def interval(self, weight: int) -> tuple[float, float] | None:
        """The 95% interval of a sampled chance; None where it was counted exactly."""
        return None if self.exact else wilson(weight, self.total)

    def intervals(self, counts: list[int]) -> tuple[tuple[float, float], ...] | None:
        """The 95% intervals within 1..N draws of sampled counts; None where counted exactly."""
        if self.exact:
            return None
        return tuple(wilson(counts[k], self.total) for k in range(1, self.draws + 1))

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
                chance = tuple(self.share(counts[k]) for k in steps)
                interval = self.intervals(counts)
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
        weighed = sum(w * best for w, best in zip(self.weights, self.best, strict=True))
        mean = weighed / self.total if self.total else 0.0
        if any(c.distance == 0 for c in self.candidates):
            return AnyOdds(tuple(1.0 for _ in steps), None, mean)
        firsts = [0] * (self.draws + 1)
        for first, weight in zip(self.first_any, self.weights, strict=True):
            if first is not None:
                firsts[first] += weight
        counts = _cumulative(firsts)
        return AnyOdds(
            tuple(self.share(counts[k]) for k in steps),
            self.intervals(counts),
            mean,
        )


def _discard_rows(plans: list[_DiscardPlan], tally: _Tally) -> list[DiscardOdds]:
    rows = []
    for plan in plans:
        top = max(plan.by_type, key=plan.by_type.__getitem__, default=None)
        entry = next((c for c in plan.candidates if c.hand_type.number == top), None)
        certain = any(c.distance == 0 for c in plan.candidates)  # a closed win is certain
        mean = plan.total_score / tally.total
        rows.append(
            DiscardOdds(
                plan.discard,
                tally.share(plan.hits),
                None if certain else tally.interval(plan.hits),
                mean,
                (mean, mean)
                if tally.exact
                else _mean_interval(plan.total_score, plan.total_square, tally.total),
                None if entry is None else entry.hand_type.name,
                None if entry is None else entry.distance,
            )
        )
    rows.sort(key=lambda row: (-row.expected_score, -row.chance, row.discard.rack_key()))
    return rows


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


def _add_discard(
    plan: _DiscardPlan, firsts: Firsts, tally: _Tally, step: Callable[[], None]
) -> None:
    """Best score of the 14 tiles left and the draws, per sample; candidates go from most valuable.

    The 15 tiles and the draws hold every type the 14 left and the draws hold, so where
    the whole rack's pool does not hold a type it is not searched. Of the types with the
    best score, the most valuable in the table's order is the sample's top type.
    """
    samples = len(firsts.draws)
    best = [0] * samples
    best_type: list[int | None] = [None] * samples
    jokers = plan.pool.jokers
    for candidate in plan.candidates:
        hand_type = candidate.hand_type
        whole = tally.held_at_limit.get(hand_type)
        found = firsts.of(hand_type, plan.pool, candidate.limit, candidate.limit, whole)
        step()
        for index, kept in enumerate(found.kept):
            if kept is None:
                continue
            used = firsts.draws[index][: candidate.limit]
            score = best_score(hand_type, kept, jokers + used.count(JOKER_INDEX), 14 + len(used))
            if score > best[index]:
                best[index], best_type[index] = score, hand_type.number
    for score, number, weight in zip(best, best_type, tally.weights, strict=True):
        if number is None:
            continue
        plan.hits += weight
        plan.total_score += weight * score
        plan.total_square += weight * score * score
        plan.by_type[number] = plan.by_type.get(number, 0) + weight * score
