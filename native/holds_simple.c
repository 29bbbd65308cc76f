/* twins:
 *   c-only  popcount4             int.bit_count of four bits, no builtin in portable C
 *   c-only  min_int               min of two ints
 *   c-only  max_int               max of two ints
 *   twin    cell_of               intlscore.engine.tiles:tile_index
 *   twin    colour_sets           intlscore.engine.reach.anytiles:colour_sets
 *   c-only  held_answer           the kept tiles when the pool holds the type, as _kept_if_held's last line
 *   c-only  cheapest              counting step of holds_any and holds_pairs: the C counts where Python searches
 *   c-only  any_rest_of           counting step of holds_any: the C counts where Python searches
 *   c-only  any_rests_of          counting step of holds_any: the C counts where Python searches
 *   c-only  any_rest_without      counting step of holds_any: the C counts where Python searches
 *   c-only  any_rest              counting step of holds_any: the C counts where Python searches
 *   same    holds_any             intlscore.engine.reach.anytiles:closest_any tests/test_holds_simple.py::test_hypothesis_pools
 *   c-only  pairs_rest            counting step of holds_pairs: the C counts where Python searches
 *   same    holds_pairs           intlscore.engine.reach.pairs:closest_pairs tests/test_holds_simple.py::test_hypothesis_pools
 *   twin    holds_position_number intlscore.engine.melds:position_number
 *   twin    sequence_impossible   intlscore.engine.reach.solve:sequence_problem
 *   c-only  sequence_bound        an upper bound that settles most pools before the walk
 *   same    holds_sequence        intlscore.engine.reach.sequences:closest_sequences tests/test_holds_simple.py::test_hypothesis_pools
 *   parser  holds_read_int        one int field of a Python tuple, with a clear error
 *   parser  spec_int              one int field of a TypeSpec handed over from Python
 *   parser  holds_parse_type      a TypeSpec (intlscore.engine.spec) handed over from Python, field by field
 *   parser  holds_read_tiles      52 byte counts, with a clear error
 *   parser  holds_parse_pool      a pool's counts, jokers and caps (R3)
 */
/*
 * Holds-checks for the three structures that are not sets: seven pairs (R6), fixed
 * sequences (R5) and "any 14 tiles" (see holds.h for the question and the answer).
 *
 * Each decider gives exactly what the Python reach search gives with nothing more to draw
 * (intlscore/engine/reach/pairs.py, sequences.py and anytiles.py, and solve.py's
 * `sequence_problem`), but by counting instead of a search over states:
 *
 * - "any": a completed hand is 14 copies, at most `cap` of each tile (R3), and keeps
 *   min(copies, pool copies) of each. Split every tile's copies into *hand units* (the
 *   pool's copies) and *other units* (cap - pool copies, what jokers stand for): the
 *   hand keeps K hand units and 14 - K other units, chosen independently. Without a total
 *   (R8) only counts matter; with one, the cheapest K hand units and the cheapest 14 - K
 *   other units are the best choice. "Exactly N colours" needs each of the N colours once:
 *   for each colour, say which side (hand or other) holds it; some best hand then holds
 *   that side's cheapest unit of the colour (swap it in), and the rest is cheapest-first.
 *   "At least N of one number" enumerates the target number's copies outright.
 * - "pairs": seven different tiles with cap 2, each pair keeping the pool's copies (0, 1
 *   or 2). Within one kept-value class pairs differ only by cost, so the best hand takes
 *   the cheapest a2, a1, a0 of the three classes; colours and the target number as above.
 * - "sequence": the sequences are interchangeable, so a position is described by how many
 *   of them take each colour (each 0-2, R3). A small programme walks the positions; from
 *   one position to the next "differ" is possible exactly when, for every colour, the
 *   counts at the two positions add up to at most the number of sequences (Hall).
 *
 * Only hands keeping more than 13 - jokers real tiles are held, so each decider looks for
 * those alone: colour sets, target numbers and sequence states that cannot reach that many
 * are dropped before any counting (most dealt pools are settled so).
 *
 * Portable C99, stable ABI (as _native.c): no 128-bit integers, no compiler builtins.
 */
#ifndef Py_LIMITED_API
#define Py_LIMITED_API 0x030B0000
#endif
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#include "holds.h"

#define PAIRS 7
#define SPEC_FIELDS 15 /* TypeSpec's fields (intlscore/engine/spec.py) */
#define MAX_MULTISETS 81 /* 3^4 colour counts, each 0-2 */

static int popcount4(int mask) {
    return (mask & 1) + ((mask >> 1) & 1) + ((mask >> 2) & 1) + ((mask >> 3) & 1);
}

static int min_int(int a, int b) { return a < b ? a : b; }
static int max_int(int a, int b) { return a > b ? a : b; }

static int cell_of(int number, int colour) { return (number - 1) * COLOURS + colour; }

/* The colour sets a completed hand may use (anytiles.colour_sets): all four, or each
 * choice of exactly `colours` colours. Returns how many, written to out[]. */
static int colour_sets(int colours, int out[16]) {
    int n = 0;
    if (colours < 0) {
        out[0] = 15;
        return 1;
    }
    for (int set = 1; set < 16; set++) {
        if (popcount4(set) == colours) out[n++] = set;
    }
    return n;
}

static int held_answer(int kept, const HoldsPool *pool) {
    return kept >= 0 && kept + pool->jokers >= HOLDS_HAND ? kept : -1;
}

/* Cheapest-first costs: cum[k] = the least total of k units of the histogram by number
 * (k = 0 .. most); units beyond the histogram are left unset. */
static void cheapest(const int units[NUMBERS + 1], int per_unit, int most, int cum[HOLDS_HAND + 1]) {
    int k = 0;
    cum[0] = 0;
    for (int n = 1; n <= NUMBERS && k < most; n++) {
        for (int u = 0; u < units[n] && k < most; u++, k++) cum[k + 1] = cum[k] + n * per_unit;
    }
}

/* ------------------------------------------------------------------------------------ */
/* any                                                                                   */

typedef struct {
    int hand[NUMBERS + 1][COLOURS];  /* hand units of each tile in the colour set */
    int other[NUMBERS + 1][COLOURS]; /* other units (cap - pool copies) */
    int limit;                       /* max_total or -1 */
} AnyTiles;

/* The units of every number but the target's (`skip`): histograms by number, the
 * cheapest number of each colour on each side, and the totals. */
typedef struct {
    int hand_by_n[NUMBERS + 1], other_by_n[NUMBERS + 1];
    int hand_min[COLOURS], other_min[COLOURS]; /* 0: the colour has no such unit */
    int hand_total, other_total;
} AnyRest;

static void any_rest_of(const AnyTiles *a, int skip, AnyRest *r) {
    memset(r, 0, sizeof *r);
    for (int n = 1; n <= NUMBERS; n++) {
        if (n == skip) continue;
        for (int c = 0; c < COLOURS; c++) {
            r->hand_by_n[n] += a->hand[n][c];
            r->other_by_n[n] += a->other[n][c];
            if (a->hand[n][c] && !r->hand_min[c]) r->hand_min[c] = n;
            if (a->other[n][c] && !r->other_min[c]) r->other_min[c] = n;
        }
        r->hand_total += r->hand_by_n[n];
        r->other_total += r->other_by_n[n];
    }
}

/* any_rest_of of every number (``all``) and, per colour, the cheapest number after the
 * cheapest on each side (0: none): what any_rest_without needs for any target. */
typedef struct {
    AnyRest all;
    int hand_next[COLOURS], other_next[COLOURS];
} AnyRests;

static void any_rests_of(const AnyTiles *a, AnyRests *rests) {
    any_rest_of(a, 0, &rests->all);
    for (int c = 0; c < COLOURS; c++) {
        rests->hand_next[c] = rests->other_next[c] = 0;
        for (int n = rests->all.hand_min[c] + 1; rests->all.hand_min[c] && n <= NUMBERS; n++)
            if (a->hand[n][c]) {
                rests->hand_next[c] = n;
                break;
            }
        for (int n = rests->all.other_min[c] + 1; rests->all.other_min[c] && n <= NUMBERS; n++)
            if (a->other[n][c]) {
                rests->other_next[c] = n;
                break;
            }
    }
}

/* any_rest_of(a, skip, r), read from ``rests`` (any_rests_of) instead of counted again:
 * the same numbers, the skipped one's units taken away. */
static void any_rest_without(const AnyRests *rests, int skip, AnyRest *r) {
    *r = rests->all;
    r->hand_total -= r->hand_by_n[skip];
    r->other_total -= r->other_by_n[skip];
    r->hand_by_n[skip] = r->other_by_n[skip] = 0;
    for (int c = 0; c < COLOURS; c++) {
        if (r->hand_min[c] == skip) r->hand_min[c] = rests->hand_next[c];
        if (r->other_min[c] == skip) r->other_min[c] = rests->other_next[c];
    }
}

/* The most hand units K > floor a completion keeps, given the target number's part (xh
 * hand units of tc units costing tcost) and the rest `r`, where the colours of `cover`
 * still need a unit each. -1 when none beats floor. */
static int any_rest(const AnyTiles *a, const AnyRest *r, int xh, int tc, int tcost, int cover,
                    int floor) {
    const int *hand_by_n = r->hand_by_n, *other_by_n = r->other_by_n;
    const int *hand_min = r->hand_min, *other_min = r->other_min;
    int hand_total = r->hand_total, other_total = r->other_total, best = -1;
    if (xh + min_int(hand_total, HOLDS_HAND - tc) <= floor) return -1; /* cannot beat it */
    /* Each colour to cover is held by the hand side (in `side`) or by the other side. */
    for (int side = cover;; side = (side - 1) & cover) {
        int hand_units[NUMBERS + 1], other_units[NUMBERS + 1];
        int forced_hand = 0, forced_other = 0, forced_cost = 0, ok = 1;
        int costs = a->limit >= 0; /* without a total only the counts matter */
        if (costs) {
            memcpy(hand_units, hand_by_n, sizeof hand_units);
            memcpy(other_units, other_by_n, sizeof other_units);
        }
        for (int c = 0; c < COLOURS && ok; c++) {
            if (!(cover >> c & 1)) continue;
            if (side >> c & 1) {
                if (!hand_min[c]) ok = 0;
                else {
                    if (costs) hand_units[hand_min[c]]--;
                    forced_cost += hand_min[c];
                    forced_hand++;
                }
            } else {
                if (!other_min[c]) ok = 0;
                else {
                    if (costs) other_units[other_min[c]]--;
                    forced_cost += other_min[c];
                    forced_other++;
                }
            }
        }
        if (ok) {
            int room = HOLDS_HAND - tc; /* units still to choose */
            int hi = min_int(hand_total, room - forced_other);
            int lo = max_int(max_int(forced_hand, room - other_total), max_int(floor, best) + 1 - xh);
            if (a->limit < 0) {
                if (hi >= lo) best = xh + hi;
            } else if (hi >= lo) {
                int hand_cum[HOLDS_HAND + 1], other_cum[HOLDS_HAND + 1];
                cheapest(hand_units, 1, hi - forced_hand, hand_cum);
                cheapest(other_units, 1, room - lo - forced_other, other_cum);
                for (int rh = hi; rh >= lo; rh--) {
                    int rd = room - rh;
                    int cost = tcost + forced_cost + hand_cum[rh - forced_hand] +
                               other_cum[rd - forced_other];
                    if (cost <= a->limit) {
                        best = xh + rh;
                        break;
                    }
                }
            }
        }
        if (side == 0) break;
    }
    return best;
}

int holds_any(const HoldsType *type, const HoldsPool *pool) {
    int sets[16];
    int nsets = colour_sets(type->colours, sets);
    int at_least = type->same_number;
    /* Only hands keeping more than `floor` real tiles are held: look for those alone. */
    int floor = HOLDS_HAND - 1 - pool->jokers;
    int best = floor;
    AnyTiles a;
    a.limit = type->max_total;
    for (int si = 0; si < nsets; si++) {
        int set = sets[si];
        int cover = type->colours > 1 ? set : 0, units = 0;
        for (int n = 1; n <= NUMBERS; n++) {
            for (int c = 0; c < COLOURS; c++) {
                int cell = cell_of(n, c);
                int ok = (type->numbers >> n & 1) && (set >> c & 1) && pool->cap[cell] > 0;
                int held = min_int(pool->count[cell], pool->cap[cell]); /* R3 */
                a.hand[n][c] = ok ? held : 0;
                a.other[n][c] = ok ? pool->cap[cell] - held : 0;
                units += a.hand[n][c];
            }
        }
        if (units <= best) continue; /* too few real tiles of these colours */
        if (at_least <= 0) {
            AnyRest rest;
            any_rest_of(&a, 0, &rest);
            int kept = any_rest(&a, &rest, 0, 0, 0, cover, best);
            if (kept > best) best = kept;
            continue;
        }
        AnyRests rests;
        any_rests_of(&a, &rests);
        for (int target = 1; target <= NUMBERS; target++) {
            int hand_t = 0, other_t = 0;
            for (int c = 0; c < COLOURS; c++) {
                hand_t += a.hand[target][c];
                other_t += a.other[target][c];
            }
            if (hand_t + other_t < at_least) continue;
            /* at least at_least - hand_t of the target's units are not real tiles */
            if (HOLDS_HAND - max_int(0, at_least - hand_t) <= best) continue;
            AnyRest rest;
            any_rest_without(&rests, target, &rest);
            if (hand_t + rest.hand_total <= best) continue;
            if (!cover) {
                /* Only how many hand and other units of the target number count. */
                for (int xh = 0; xh <= hand_t; xh++) {
                    for (int xd = 0; xd <= other_t; xd++) {
                        int tc = xh + xd;
                        if (tc < at_least || tc > HOLDS_HAND) continue;
                        int kept = any_rest(&a, &rest, xh, tc, tc * target, 0, best);
                        if (kept > best) best = kept;
                    }
                }
                continue;
            }
            /* Colours to cover: every choice of copies of each of the target's tiles. */
            int copies[COLOURS] = {0, 0, 0, 0};
            for (;;) {
                int xh = 0, tc = 0, covered = 0;
                for (int c = 0; c < COLOURS; c++) {
                    int held = a.hand[target][c];
                    xh += min_int(copies[c], held);
                    tc += copies[c];
                    if (copies[c]) covered |= 1 << c;
                }
                if (tc >= at_least && tc <= HOLDS_HAND) {
                    int kept = any_rest(&a, &rest, xh, tc, tc * target, cover & ~covered,
                                        best);
                    if (kept > best) best = kept;
                }
                int c = 0;
                while (c < COLOURS && copies[c] == a.hand[target][c] + a.other[target][c]) {
                    copies[c++] = 0;
                }
                if (c == COLOURS) break;
                copies[c]++;
            }
        }
    }
    return best > floor ? best : -1;
}

/* ------------------------------------------------------------------------------------ */
/* pairs                                                                                 */

/* The most kept copies (> floor) of seven pairs: the target's pairs (tcount pairs keeping
 * tval, costing tcost) and pairs of the other numbers (per kept value 0-2, histograms by
 * number and the cheapest number of each colour), covering the colours of `cover`. */
static int pairs_rest(const int by_n[3][NUMBERS + 1], const int first[3][COLOURS], int tcount,
                      int tval, int tcost, int cover, int limit, int floor) {
    int best = -1;
    int colours[COLOURS], ncover = 0;
    for (int c = 0; c < COLOURS; c++) {
        if (cover >> c & 1) colours[ncover++] = c;
    }
    int ways = 1;
    for (int i = 0; i < ncover; i++) ways *= 3;
    for (int way = 0; way < ways; way++) {
        int units[3][NUMBERS + 1];
        int fval = 0, fcost = 0, fcount = 0, ok = 1, w = way;
        memcpy(units, by_n, sizeof units);
        for (int i = 0; i < ncover && ok; i++, w /= 3) {
            int value = w % 3, number = first[value][colours[i]];
            if (!number) ok = 0;
            else {
                units[value][number]--;
                fval += value;
                fcost += 2 * number;
                fcount++;
            }
        }
        int slots = PAIRS - tcount - fcount;
        if (!ok || slots < 0) continue;
        int have[3] = {0, 0, 0};
        for (int v = 0; v < 3; v++) {
            for (int n = 1; n <= NUMBERS; n++) have[v] += units[v][n];
        }
        int base = tval + fval;
        if (limit < 0) {
            int a2 = min_int(have[2], slots), a1 = min_int(have[1], slots - a2);
            if (slots - a2 - a1 <= have[0] && base + 2 * a2 + a1 > best) best = base + 2 * a2 + a1;
            continue;
        }
        int cum[3][HOLDS_HAND + 1];
        for (int v = 0; v < 3; v++) cheapest(units[v], 2, min_int(have[v], slots), cum[v]);
        for (int a2 = min_int(have[2], slots); a2 >= 0; a2--) {
            for (int a1 = min_int(have[1], slots - a2); a1 >= 0; a1--) {
                int a0 = slots - a2 - a1, value = base + 2 * a2 + a1;
                if (a0 > have[0] || value <= max_int(best, floor)) break;
                if (tcost + fcost + cum[2][a2] + cum[1][a1] + cum[0][a0] <= limit) {
                    best = value;
                    break;
                }
            }
        }
    }
    return best;
}

int holds_pairs(const HoldsType *type, const HoldsPool *pool) {
    int sets[16];
    int nsets = colour_sets(type->colours, sets);
    int floor = HOLDS_HAND - 1 - pool->jokers; /* held: more real tiles than this */
    int best = floor;
    for (int si = 0; si < nsets; si++) {
        int set = sets[si];
        int cover = type->colours > 1 ? set : 0;
        int value_of[NUMBERS + 1][COLOURS]; /* kept copies of each pairable tile, or -1 */
        int classes[3] = {0, 0, 0};
        for (int n = 1; n <= NUMBERS; n++) {
            for (int c = 0; c < COLOURS; c++) {
                int cell = cell_of(n, c);
                int ok = (type->numbers >> n & 1) && (set >> c & 1) && pool->cap[cell] >= 2;
                value_of[n][c] = ok ? min_int(pool->count[cell], 2) : -1;
                if (ok) classes[value_of[n][c]]++;
            }
        }
        if (2 * classes[2] + classes[1] <= best) continue; /* too few real tiles */
        if (type->max_total < 0 && type->same_number <= 0 && !cover) {
            /* The seven tiles with the most copies in the pool (pairs.py's _top_seven). */
            if (classes[0] + classes[1] + classes[2] >= PAIRS) {
                int a2 = min_int(classes[2], PAIRS);
                int kept = 2 * a2 + min_int(classes[1], PAIRS - a2);
                if (kept > best) best = kept;
            }
            continue;
        }
        int first_target = type->same_number > 0 ? 1 : 0;
        int last_target = type->same_number > 0 ? NUMBERS : 0;
        for (int target = first_target; target <= last_target; target++) {
            int by_n[3][NUMBERS + 1], first[3][COLOURS];
            memset(by_n, 0, sizeof by_n);
            memset(first, 0, sizeof first);
            for (int n = NUMBERS; n >= 1; n--) {
                if (n == target) continue;
                for (int c = 0; c < COLOURS; c++) {
                    int v = value_of[n][c];
                    if (v < 0) continue;
                    by_n[v][n]++;
                    first[v][c] = n;
                }
            }
            /* Every choice of the target number's pairs (none without a target). */
            int pairable = 0;
            if (target) {
                for (int c = 0; c < COLOURS; c++) {
                    if (value_of[target][c] >= 0) pairable |= 1 << c;
                }
            }
            for (int chosen = pairable;; chosen = (chosen - 1) & pairable) {
                int tcount = popcount4(chosen), tval = 0;
                for (int c = 0; c < COLOURS; c++) {
                    if (chosen >> c & 1) tval += value_of[target][c];
                }
                if (2 * tcount >= type->same_number && tcount <= PAIRS) {
                    int kept = pairs_rest((const int(*)[NUMBERS + 1])by_n,
                                          (const int(*)[COLOURS])first, tcount, tval,
                                          2 * target * tcount, cover & ~chosen, type->max_total,
                                          best);
                    if (kept > best) best = kept;
                }
                if (chosen == 0) break;
            }
        }
    }
    return best > floor ? best : -1;
}

/* ------------------------------------------------------------------------------------ */
/* sequence                                                                              */

int holds_position_number(int position) { return (position - 1) % NUMBERS + 1; }

/* solve.py's sequence_problem: a sequence whose own numbers break the type's range (R9),
 * total (R8) or same-number condition is never held. */
static int sequence_impossible(const HoldsType *type) {
    int per_number[NUMBERS + 1] = {0};
    int total = 0, most = 0;
    for (int i = 0; i < type->sequence_len; i++) {
        int n = holds_position_number(type->sequence[i]);
        if (!(type->numbers >> n & 1)) return 1;
        per_number[n] += type->repeat;
        total += n * type->repeat;
    }
    if (type->max_total >= 0 && total > type->max_total) return 1;
    for (int n = 1; n <= NUMBERS; n++) most = max_int(most, per_number[n]);
    return type->same_number > 0 && most < type->same_number;
}

typedef struct {
    int count[COLOURS]; /* how many of the sequences take each colour, each 0-2 */
    int mask;           /* the colours used */
} Multiset;

/* An upper bound on the real tiles a completed hand keeps: per number, the pool's copies
 * (within R3) or the tiles of that number the sequences hold, whichever is fewer. */
static int sequence_bound(const HoldsType *type, const HoldsPool *pool) {
    int needed[NUMBERS + 1] = {0};
    int bound = 0;
    for (int i = 0; i < type->sequence_len; i++)
        needed[holds_position_number(type->sequence[i])] += type->repeat;
    for (int n = 1; n <= NUMBERS; n++) {
        if (!needed[n]) continue;
        int have = 0;
        for (int c = 0; c < COLOURS; c++) {
            have += min_int(pool->count[cell_of(n, c)], pool->cap[cell_of(n, c)]);
        }
        bound += min_int(have, needed[n]);
    }
    return bound;
}

int holds_sequence(const HoldsType *type, const HoldsPool *pool) {
    if (type->sequence_len <= 0 || sequence_impossible(type)) return -1;
    if (sequence_bound(type, pool) + pool->jokers < HOLDS_HAND) return -1; /* most pools */
    int repeat = type->repeat, same = type->neighbours == 1;
    int len = type->sequence_len;
    /* The high 1 after a low 1 (R5: only in 1..13,1) is the same tile: the counts of the
     * first position are settled with the last. */
    int wrap = len > 1 && type->sequence[0] == 1 && type->sequence[len - 1] == HIGH_ONE;
    Multiset ms[MAX_MULTISETS];
    int nms = 0;
    for (int code = 0; code < MAX_MULTISETS; code++) {
        Multiset m;
        int sum = 0, rest = code;
        m.mask = 0;
        for (int c = 0; c < COLOURS; c++, rest /= 3) {
            m.count[c] = rest % 3;
            sum += m.count[c];
            if (m.count[c]) m.mask |= 1 << c;
        }
        if (sum != repeat) continue;
        if (same && type->distinct_colours && popcount4(m.mask) < repeat) continue;
        if (type->colours >= 0 && popcount4(m.mask) > type->colours) continue;
        ms[nms++] = m;
    }
    if (nms == 0) return -1;
    /* Track the colours used only when "exactly N colours" asks (and "same" fixes them). */
    int track = type->colours >= 0;
    int masks = track ? 16 : 1, firsts = wrap ? nms : 1;
    /* value[first][mask][current multiset]: most kept so far, -1 unreachable. A first
     * multiset is kept only for 1..13,1, a single sequence (4 multisets). */
    int size = firsts * masks * nms;
    int cur_buf[MAX_MULTISETS * 16], next_buf[MAX_MULTISETS * 16];
    int *cur = cur_buf, *next = next_buf;
    if (size > MAX_MULTISETS * 16) return -1; /* not a table row: sequence x repeat = 14 */
    for (int i = 0; i < size; i++) cur[i] = -1;
    /* Held only above `floor` real tiles; after[s] bounds what the slots after s can still
     * add (each slot at most `repeat` tiles, at most the pool's copies of its number; the
     * 1 of 1..13,1 counted once, at the last slot), so hopeless states are dropped. */
    int floor = HOLDS_HAND - 1 - pool->jokers;
    int after[HOLDS_HAND + 1];
    after[len - 1] = 0;
    for (int slot = len - 1; slot > 0; slot--) {
        int n = holds_position_number(type->sequence[slot]), have = 0;
        for (int c = 0; c < COLOURS; c++) {
            have += min_int(pool->count[cell_of(n, c)], pool->cap[cell_of(n, c)]);
        }
        int most = wrap && slot == len - 1 ? 2 * repeat : repeat;
        after[slot - 1] = after[slot] + min_int(most, have);
    }
    int number = holds_position_number(type->sequence[0]);
    for (int j = 0; j < nms; j++) {
        int gain = 0, ok = 1;
        for (int c = 0; c < COLOURS; c++) {
            int cell = cell_of(number, c);
            if (ms[j].count[c] > pool->cap[cell]) ok = 0;
            else if (!wrap) gain += min_int(ms[j].count[c], pool->count[cell]);
        }
        if (!ok || gain + after[0] <= floor) continue;
        int f = wrap ? j : 0, m = track ? ms[j].mask : 0;
        cur[(f * masks + m) * nms + j] = gain;
    }
    for (int slot = 1; slot < len; slot++) {
        int position = type->sequence[slot], last = wrap && slot == len - 1;
        number = holds_position_number(position);
        int gain_of[MAX_MULTISETS];
        for (int j = 0; j < nms; j++) {
            int gain = 0, ok = 1;
            for (int c = 0; c < COLOURS; c++) {
                int cell = cell_of(number, c);
                if (ms[j].count[c] > pool->cap[cell]) ok = 0;
                gain += min_int(ms[j].count[c], pool->count[cell]);
            }
            gain_of[j] = ok ? gain : -1;
        }
        for (int i = 0; i < size; i++) next[i] = -1;
        for (int f = 0; f < firsts; f++) {
            for (int m = 0; m < masks; m++) {
                for (int i = 0; i < nms; i++) {
                    int value = cur[(f * masks + m) * nms + i];
                    if (value < 0) continue;
                    for (int j = 0; j < nms; j++) {
                        if (same) {
                            if (j != i) continue;
                        } else {
                            int ok = 1;
                            for (int c = 0; c < COLOURS; c++) {
                                if (ms[i].count[c] + ms[j].count[c] > repeat) ok = 0;
                            }
                            if (!ok) continue;
                        }
                        int gain;
                        if (last) {
                            gain = 0;
                            for (int c = 0; c < COLOURS; c++) {
                                int cell = cell_of(number, c);
                                int k = ms[f].count[c] + ms[j].count[c];
                                if (k > pool->cap[cell]) gain = -1;
                                if (gain >= 0) gain += min_int(k, pool->count[cell]);
                            }
                        } else {
                            gain = gain_of[j];
                        }
                        if (gain < 0 || value + gain + after[slot] <= floor) continue;
                        int nm = track ? (m | ms[j].mask) : 0;
                        if (track && popcount4(nm) > type->colours) continue;
                        int *slot_value = &next[(f * masks + nm) * nms + j];
                        if (value + gain > *slot_value) *slot_value = value + gain;
                    }
                }
            }
        }
        int *swap = cur;
        cur = next;
        next = swap;
    }
    int best = -1;
    for (int f = 0; f < firsts; f++) {
        for (int m = 0; m < masks; m++) {
            if (track && popcount4(m) != type->colours) continue;
            for (int i = 0; i < nms; i++) {
                if (cur[(f * masks + m) * nms + i] > best) best = cur[(f * masks + m) * nms + i];
            }
        }
    }
    return held_answer(best, pool);
}

/* ------------------------------------------------------------------------------------ */
/* parsing and the Python entry                                                          */

int holds_read_int(PyObject *tuple, Py_ssize_t index, const char *what, const char *field,
                   long low, long high, int *out) {
    PyObject *item = PyTuple_GetItem(tuple, index);
    if (item == NULL) return -1;
    long value = PyLong_AsLong(item);
    if (value == -1 && PyErr_Occurred()) {
        int wrong_type = PyErr_ExceptionMatches(PyExc_TypeError);
        PyErr_Clear();
        if (wrong_type) PyErr_Format(PyExc_TypeError, "%s field %s must be an int", what, field);
        else PyErr_Format(PyExc_ValueError, "%s field %s must be %ld to %ld", what, field, low, high);
        return -1;
    }
    if (value < low || value > high) {
        PyErr_Format(PyExc_ValueError, "%s field %s must be %ld to %ld, got %ld", what, field,
                     low, high, value);
        return -1;
    }
    *out = (int)value;
    return 0;
}

static int spec_int(PyObject *spec, Py_ssize_t index, const char *field, long low, long high,
                    int *out) {
    return holds_read_int(spec, index, "type spec", field, low, high, out);
}

int holds_parse_type(PyObject *spec, HoldsType *out) {
    if (!PyTuple_Check(spec) || PyTuple_Size(spec) != SPEC_FIELDS) {
        PyErr_SetString(PyExc_TypeError,
                        "a type spec is a tuple of 15 fields (see intlscore.engine.spec.TypeSpec)");
        return -1;
    }
    memset(out, 0, sizeof *out);
    if (spec_int(spec, 0, "structure", HOLDS_SETS, HOLDS_ANY, &out->structure) < 0 ||
        spec_int(spec, 1, "groups", 0, 1, &out->groups) < 0 ||
        spec_int(spec, 2, "runs", 0, 1, &out->runs) < 0 ||
        spec_int(spec, 3, "numbers", 2, ALL_NUMBERS, &out->numbers) < 0 ||
        spec_int(spec, 4, "low", 1, HIGH_ONE, &out->low) < 0 ||
        spec_int(spec, 5, "high", out->low, HIGH_ONE, &out->high) < 0 ||
        spec_int(spec, 6, "max_sets", 1, MAX_SETS, &out->max_sets) < 0 ||
        spec_int(spec, 7, "sets_mask", 0, (1 << (MAX_SETS + 1)) - 2, &out->sets_mask) < 0 ||
        spec_int(spec, 8, "distinct_colours", 0, 1, &out->distinct_colours) < 0 ||
        spec_int(spec, 9, "max_total", -1, 14 * NUMBERS, &out->max_total) < 0 ||
        spec_int(spec, 10, "colours", -1, COLOURS, &out->colours) < 0 ||
        spec_int(spec, 11, "same_number", 0, COPIES * COLOURS, &out->same_number) < 0 ||
        spec_int(spec, 13, "repeat", 1, HOLDS_HAND, &out->repeat) < 0 ||
        spec_int(spec, 14, "neighbours", 0, 2, &out->neighbours) < 0) {
        return -1;
    }
    if (out->colours == 0) {
        PyErr_SetString(PyExc_ValueError, "type spec field colours must be -1 or 1 to 4");
        return -1;
    }
    if ((out->numbers & ~ALL_NUMBERS) || (out->sets_mask & 1)) {
        PyErr_SetString(PyExc_ValueError, "type spec fields numbers and sets_mask must set only "
                                          "bits 1 to 13 and 1 to 4");
        return -1;
    }
    PyObject *sequence = PyTuple_GetItem(spec, 12);
    if (sequence == NULL) return -1;
    if (!PyTuple_Check(sequence) || PyTuple_Size(sequence) > HOLDS_HAND) {
        PyErr_SetString(PyExc_TypeError, "type spec field sequence must be a tuple of at most 14 ints");
        return -1;
    }
    out->sequence_len = (int)PyTuple_Size(sequence);
    for (int i = 0; i < out->sequence_len; i++) {
        if (spec_int(sequence, i, "sequence", 1, HIGH_ONE, &out->sequence[i]) < 0) return -1;
        if (i > 0 && out->sequence[i] != out->sequence[i - 1] + 1) {
            PyErr_SetString(PyExc_ValueError,
                            "type spec field sequence must be consecutive run positions 1-14");
            return -1;
        }
    }
    if (out->structure == HOLDS_SEQUENCE &&
        (out->sequence_len == 0 || out->sequence_len * out->repeat != HOLDS_HAND ||
         out->neighbours == 0)) {
        PyErr_SetString(PyExc_ValueError,
                        "a sequence spec needs positions x repeat = 14 and neighbours 1 or 2");
        return -1;
    }
    return 0;
}

int holds_read_tiles(PyObject *bytes, const char *what, int out[HOLDS_TILES]) {
    if (!PyBytes_Check(bytes) || PyBytes_Size(bytes) != HOLDS_TILES) {
        PyErr_Format(PyExc_ValueError, "%s must be 52 bytes", what);
        return -1;
    }
    const unsigned char *data = (const unsigned char *)PyBytes_AsString(bytes);
    if (data == NULL) return -1;
    for (int i = 0; i < HOLDS_TILES; i++) {
        if (data[i] > 2) {
            PyErr_Format(PyExc_ValueError, "%s: tile index %d has %d copies (R3: at most 2)",
                         what, i, (int)data[i]);
            return -1;
        }
        out[i] = data[i];
    }
    return 0;
}

int holds_parse_pool(PyObject *counts_bytes, int jokers, PyObject *cap_bytes, HoldsPool *out) {
    if (holds_read_tiles(counts_bytes, "holds pool counts", out->count) < 0 ||
        holds_read_tiles(cap_bytes, "holds pool cap", out->cap) < 0) {
        return -1;
    }
    if (jokers < 0 || jokers > 2) {
        PyErr_Format(PyExc_ValueError, "holds pool jokers must be 0 to 2 (R3), got %d", jokers);
        return -1;
    }
    out->jokers = jokers;
    for (int i = 0; i < HOLDS_TILES; i++) {
        if (out->count[i] > out->cap[i]) {
            PyErr_Format(PyExc_ValueError,
                         "holds pool: tile index %d has %d copies but cap %d (R3)", i,
                         out->count[i], out->cap[i]);
            return -1;
        }
    }
    return 0;
}
