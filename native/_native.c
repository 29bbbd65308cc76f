/*
 * intlscore._native: the set search of intlscore.engine.reach.sets, compiled.
 *
 * A line-for-line port of ``_SetSearch`` in intlscore/engine/reach/sets.py (read that
 * file for the method): the most hand tiles a completed hand of a set-based
 * type keeps, and the union of the tiles drawn by every such hand (the outs).
 * Python prepares the inputs (open hand copies, R3 caps, the shape, the filler
 * sets in order) and gets back (kept, outs mask, keep packed two bits a tile).
 * The pure-Python class stays as the reference; tests compare the two.
 *
 * The same search, in decision mode (no outs, no tie-breaking between keeps, a stop
 * at the first hand keeping all it can), is holds_sets: the holds-check of set-based
 * types (holds.h), which holds_table.c and holds_simple.c complete for every type.
 * This file also defines the module; the other files' functions are added to it.
 *
 * Portable C99 for any CPython from 3.11 on: the stable ABI only (one abi3 wheel
 * serves every version), no 128-bit integers, no compiler builtins (MSVC and
 * 32-bit platforms build it too).
 */
#ifndef Py_LIMITED_API
#define Py_LIMITED_API 0x030B0000
#endif
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "holds.h"

#define TILES 52
#define HAND 14
#define MAX_RUN 13
#define MAX_FILLERS 1024

#if defined(_MSC_VER) && !defined(__cplusplus)
#define inline __inline
#endif

/* The kept tiles, packed two bits a tile index as in Python: tiles 0-31 in lo,
 * 32-51 in hi (a tile is held at most twice, so a field never carries). */
typedef struct {
    uint64_t lo, hi;
} Keep;

typedef struct {
    uint64_t mask;
    int size;
    int total;
    int colours;
    int run_colour;
} Cand;

typedef struct {
    uint64_t m1, m2, packed;
    uint64_t value;
    int used;
} Entry;

typedef struct {
    /* shape */
    int groups, runs, low, high, max_sets, allowed_mask, distinct, colours, max_total;
    uint64_t numbers_mask;
    /* same_number: `same` tiles of the target number (its four tiles in target_mask) */
    int same, target_base, kept_cap;
    uint64_t target_mask;
    /* pool and walk */
    int cap[TILES], open[TILES], cover[TILES];
    uint64_t let_go, full;
    const Cand *fillers;
    int nfillers;
    /* best */
    int best_kept;
    uint64_t best_outs;
    Keep best_keep;
    int strict;
    /* holds-checks: stop once a hand keeps `enough` tiles (no better one exists) */
    int enough, done;
    int decide; /* only whether a hand keeps more than best_kept: ties are worthless */
    /* memo (filler union and feasibility) */
    Entry *table;
    size_t capacity, count;
} Search;

static const int GROUP_OTHERS[4][4][4] = {
    /* For a tile's colour, the other colours of each group holding it, as
     * {count, colours...}: all four colours, then one other colour left out. */
    {{3, 1, 2, 3}, {2, 2, 3, 0}, {2, 1, 3, 0}, {2, 1, 2, 0}},
    {{3, 0, 2, 3}, {2, 2, 3, 0}, {2, 0, 3, 0}, {2, 0, 2, 0}},
    {{3, 0, 1, 3}, {2, 1, 3, 0}, {2, 0, 3, 0}, {2, 0, 1, 0}},
    {{3, 0, 1, 2}, {2, 1, 2, 0}, {2, 0, 2, 0}, {2, 0, 1, 0}},
};

static inline int tile_at(int colour, int position) { return ((position - 1) % 13) * 4 + colour; }
static inline int popcount(uint64_t x) {
    int count = 0;
    for (; x; x &= x - 1) count++;
    return count;
}
static inline int lowest_bit(uint64_t x) {
    int index = 0;
    while (!(x & 1)) {
        x >>= 1;
        index++;
    }
    return index;
}
static inline Keep keep_plus(Keep keep, int cell) {
    if (cell < 32)
        keep.lo += (uint64_t)1 << (2 * cell);
    else
        keep.hi += (uint64_t)1 << (2 * (cell - 32));
    return keep;
}
static inline Keep keep_join(Keep a, Keep b) {
    a.lo += b.lo;
    a.hi += b.hi;
    return a;
}
static const Keep NO_KEEP = {0, 0};

/* Whether keep `a` is shown rather than `b` (as many tiles kept): at the lowest
 * tile index where they differ, `a` holds more copies (best.prefers in Python). */
static inline int prefers(Keep a, Keep b) {
    uint64_t x = a.lo ^ b.lo, wa = a.lo, wb = b.lo;
    if (!x) {
        x = a.hi ^ b.hi;
        wa = a.hi;
        wb = b.hi;
        if (!x) return 0;
    }
    int shift = lowest_bit(x) & ~1;
    return (wa >> shift & 3) > (wb >> shift & 3);
}

/* The fields of tiles below index `start`. */
static inline Keep keep_below(Keep keep, int start) {
    if (start < 32) {
        keep.lo &= ((uint64_t)1 << (2 * start)) - 1;
        keep.hi = 0;
    } else {
        keep.hi &= ((uint64_t)1 << (2 * (start - 32))) - 1;
    }
    return keep;
}
static inline int imin(int a, int b) { return a < b ? a : b; }
static inline int imax(int a, int b) { return a > b ? a : b; }

/* ---- memo ------------------------------------------------------------------ */

static uint64_t mix(uint64_t m1, uint64_t m2, uint64_t packed) {
    uint64_t h = m1 * 0x9E3779B97F4A7C15ULL;
    h ^= (m2 + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= (packed + 0x165667B19E3779F9ULL) * 0x94D049BB133111EBULL;
    h ^= h >> 31;
    return h;
}

static Entry *memo_slot(Search *s, uint64_t m1, uint64_t m2, uint64_t packed) {
    size_t mask = s->capacity - 1;
    size_t i = (size_t)mix(m1, m2, packed) & mask;
    while (s->table[i].used) {
        Entry *e = &s->table[i];
        if (e->m1 == m1 && e->m2 == m2 && e->packed == packed) return e;
        i = (i + 1) & mask;
    }
    return &s->table[i];
}

static int memo_get(Search *s, uint64_t m1, uint64_t m2, uint64_t packed, uint64_t *value) {
    if (s->table == NULL) return 0;
    Entry *e = memo_slot(s, m1, m2, packed);
    if (!e->used) return 0;
    *value = e->value;
    return 1;
}

static void memo_put(Search *s, uint64_t m1, uint64_t m2, uint64_t packed, uint64_t value) {
    if (s->table == NULL) { /* made on first use: holds-checks never need it */
        s->table = calloc(1 << 12, sizeof(Entry));
        if (s->table == NULL) return;
        s->capacity = 1 << 12;
    }
    if ((s->count + 1) * 2 > s->capacity) {
        size_t old_capacity = s->capacity;
        Entry *old = s->table;
        Entry *grown = calloc(old_capacity * 2, sizeof(Entry));
        if (grown == NULL) return; /* out of memory: forget the value, it is recomputed */
        s->table = grown;
        s->capacity = old_capacity * 2;
        for (size_t i = 0; i < old_capacity; i++) {
            if (old[i].used) *memo_slot(s, old[i].m1, old[i].m2, old[i].packed) = old[i];
        }
        free(old);
    }
    Entry *e = memo_slot(s, m1, m2, packed);
    if (!e->used) s->count++;
    e->m1 = m1;
    e->m2 = m2;
    e->packed = packed;
    e->value = value;
    e->used = 1;
}

static inline uint64_t pack_key(int kind, int need, int sets, int total, int colours, int run_colours,
                                int first, int short_) {
    return (uint64_t)kind | (uint64_t)need << 1 | (uint64_t)sets << 6 | (uint64_t)(total + 1) << 10 |
           (uint64_t)colours << 22 | (uint64_t)run_colours << 26 | (uint64_t)first << 30 |
           (uint64_t)short_ << 46;
}

/* Target tiles still missing after a filler set (same_number). */
static inline int short_after(Search *s, const Cand *c, int short_) {
    int left = short_ - popcount(c->mask & s->target_mask);
    return left > 0 ? left : 0;
}

/* ---- conditions ------------------------------------------------------------- */

static inline int ok(Search *s, int tiles, int sets, int total, int colours) {
    if (tiles > HAND || sets > s->max_sets) return 0;
    if (s->max_total >= 0 && total > s->max_total) return 0;
    return s->colours < 0 || popcount((uint64_t)colours) <= s->colours;
}

static inline int final_ok(Search *s, int sets, int colours) {
    if (s->allowed_mask && !(s->allowed_mask >> sets & 1)) return 0;
    return s->colours < 0 || popcount((uint64_t)colours) == s->colours;
}

/* Whether a partial hand keeping at most `most` tiles can add nothing: it must
 * beat the best, or tie it while ties can add outs (second pass) or give a
 * preferred keep (first pass; `keep` is final below tile index `start`). */
static inline int beaten(Search *s, int most, Keep keep, int start) {
    if (most != s->best_kept) return most < s->best_kept;
    if (s->decide) return 1;
    if (!s->strict) return s->best_outs == s->full;
    Keep mine = keep_below(keep, start), theirs = keep_below(s->best_keep, start);
    if (mine.lo == theirs.lo && mine.hi == theirs.hi) return 0;
    return !prefers(mine, theirs);
}

static inline void offer(Search *s, int kept, uint64_t outs, Keep keep) {
    if (kept > s->best_kept) {
        s->best_kept = kept;
        s->best_outs = outs;
        s->best_keep = keep;
        if (s->enough && kept >= s->enough) s->done = 1;
    } else if (kept == s->best_kept) {
        s->best_outs |= outs;
        if (prefers(keep, s->best_keep)) s->best_keep = keep;
    }
}

static inline int fits(Search *s, const Cand *c, uint64_t room, int total, int colours,
                       int run_colours) {
    if (s->max_total >= 0 && total + c->total > s->max_total) return 0;
    if (c->mask & ~room) return 0;
    if (s->colours >= 0 && popcount((uint64_t)(colours | c->colours)) > s->colours) return 0;
    return !(s->distinct && c->run_colour >= 0 && (run_colours >> c->run_colour & 1));
}

/* ---- fillers: whole sets of drawn tiles ------------------------------------- */

/* The room left (m1: tiles with a copy left, m2: with two) is the Python `room` tuple.
 * next_filler: the first filler set from position `from` on that can be added (no more
 * than `need` tiles, and it fits), or -1: one step of `_fillers_from` in Python. */
static inline int next_filler(Search *s, int from, int need, uint64_t m1, int total,
                              int colours, int run_colours) {
    for (int position = from; position < s->nfillers; position++) {
        const Cand *c = &s->fillers[position];
        if (c->size > need) return -1;
        if (fits(s, c, m1, total, colours, run_colours)) return position;
    }
    return -1;
}

static int feasible(Search *s, int need, int sets, uint64_t m1, uint64_t m2, int total,
                    int colours, int run_colours, int first, int short_);

/* Whether, with the filler set c added, whole sets from `first` on fill the rest. */
static inline int completes(Search *s, const Cand *c, int first, int need, int sets,
                            uint64_t m1, uint64_t m2, int total, int colours, int run_colours,
                            int short_) {
    int rest = need - c->size;
    int after_colours = colours | c->colours;
    int after_short = short_after(s, c, short_);
    if (rest == 0) return after_short == 0 && final_ok(s, sets + 1, after_colours);
    if (rest < 3 || sets + 1 >= s->max_sets || after_short > rest) return 0;
    int after_runs = run_colours | (c->run_colour >= 0 ? 1 << c->run_colour : 0);
    uint64_t a1 = m1 & ~(c->mask & ~m2), a2 = m2 & ~c->mask;
    return feasible(s, rest, sets + 1, a1, a2, total + c->total, after_colours, after_runs,
                    first, after_short);
}

static int feasible(Search *s, int need, int sets, uint64_t m1, uint64_t m2, int total,
                    int colours, int run_colours, int first, int short_) {
    uint64_t packed = pack_key(0, need, sets, total, colours, run_colours, first, short_);
    uint64_t cached;
    if (memo_get(s, m1, m2, packed, &cached)) return (int)cached;
    int result = 0;
    for (int position = next_filler(s, first, need, m1, total, colours, run_colours);
         position >= 0;
         position = next_filler(s, position + 1, need, m1, total, colours, run_colours)) {
        if (completes(s, &s->fillers[position], position, need, sets, m1, m2, total, colours,
                      run_colours, short_)) {
            result = 1;
            break;
        }
    }
    memo_put(s, m1, m2, packed, (uint64_t)result);
    return result;
}

/* Union of the tiles of every way to add `need` drawn tiles as whole sets; 0 and
 * *found = 0 when there is none. */
static uint64_t filler_union(Search *s, int need, int sets, uint64_t m1, uint64_t m2, int total,
                             int colours, int run_colours, int short_, int *found) {
    uint64_t packed = pack_key(1, need, sets, total, colours, run_colours, 0, short_);
    uint64_t cached;
    if (memo_get(s, m1, m2, packed, &cached)) {
        *found = (int)(cached >> 63);
        return cached & ~(1ULL << 63);
    }
    uint64_t u = 0;
    int any = 0;
    for (int position = next_filler(s, 0, need, m1, total, colours, run_colours); position >= 0;
         position = next_filler(s, position + 1, need, m1, total, colours, run_colours)) {
        const Cand *c = &s->fillers[position];
        if (completes(s, c, 0, need, sets, m1, m2, total, colours, run_colours, short_)) {
            u |= c->mask;
            any = 1;
        }
    }
    memo_put(s, m1, m2, packed, u | (uint64_t)any << 63);
    *found = any;
    return u;
}

static void leaf(Search *s, int kept, int tiles, int sets, int total, int colours,
                 int run_colours, uint64_t outs, Keep keep) {
    if (kept < s->best_kept || (s->decide && kept == s->best_kept) ||
        (kept == s->best_kept && (s->strict || s->best_outs == s->full) &&
         !prefers(keep, s->best_keep)))
        return;
    int need = HAND - tiles;
    int short_ = 0;
    if (s->target_base >= 0) {
        short_ = s->same;
        for (int c = 0; c < 4; c++) short_ -= s->cover[s->target_base + c];
        if (short_ < 0) short_ = 0;
    }
    if (need == 0) {
        if (short_ == 0 && final_ok(s, sets, colours)) offer(s, kept, outs, keep);
        return;
    }
    if (need < 3 || sets >= s->max_sets || short_ > need || s->nfillers == 0) return;
    uint64_t m1 = 0, m2 = 0;
    for (int i = 0; i < TILES; i++) {
        if (s->let_go >> i & 1) continue;
        int room = s->cap[i] - s->cover[i];
        if (room >= 1) m1 |= 1ULL << i;
        if (room >= 2) m2 |= 1ULL << i;
    }
    if (s->strict) {
        if (feasible(s, need, sets, m1, m2, total, colours, run_colours, 0, short_))
            offer(s, kept, 0, keep);
        return;
    }
    int found = 0;
    uint64_t u = filler_union(s, need, sets, m1, m2, total, colours, run_colours, short_, &found);
    if (found) offer(s, kept, outs | u, keep);
}

/* ---- the walk over hand tiles ------------------------------------------------ */

static void search(Search *s, int start, int kept, int tiles, int sets, int total, int colours,
                   int run_colours, uint64_t outs, Keep keep, int left);

static int affordable(Search *s, int start, int budget, int most) {
    int count = 0;
    for (int index = start; index < TILES; index++) {
        int held = s->open[index];
        int number = index / 4 + 1;
        for (int k = 0; k < held; k++) {
            if (budget < number || count >= most) return count;
            budget -= number;
            count++;
        }
    }
    return count;
}

static inline int take(Search *s, int cell) {
    if (s->open[cell]) {
        s->open[cell]--;
        s->cover[cell]++;
        return 1;
    }
    if (s->cover[cell] < s->cap[cell] && !(s->let_go >> cell & 1)) {
        s->cover[cell]++;
        return 0;
    }
    return -1;
}

static inline void give_back(Search *s, int cell, int how) {
    s->cover[cell]--;
    if (how == 1) s->open[cell]++;
}

static inline void give_all(Search *s, const int *cells, const int *hows, int n) {
    while (n > 0) {
        n--;
        give_back(s, cells[n], hows[n]);
    }
}

/* take for each of the n cells (hows[k] says how); 0, with nothing taken, when one cannot. */
static inline int take_all(Search *s, const int *cells, int n, int *hows) {
    for (int k = 0; k < n; k++) {
        hows[k] = take(s, cells[k]);
        if (hows[k] < 0) {
            give_all(s, cells, hows, k);
            return 0;
        }
    }
    return 1;
}

static void groups_at(Search *s, int index, int kept, int tiles, int sets, int total, int colours,
                      int run_colours, uint64_t outs, Keep keep, int left) {
    int colour = index & 3;
    int base = index - colour;
    int number = index / 4 + 1;
    for (int option = 0; option < 4; option++) {
        const int *others = GROUP_OTHERS[colour][option];
        int n = others[0];
        int size = n + 1;
        int new_total = total + number * size;
        int new_colours = colours | 1 << colour;
        for (int k = 1; k <= n; k++) new_colours |= 1 << others[k];
        if (!ok(s, tiles + size, sets + 1, new_total, new_colours)) continue;
        int cells[4], hows[4];
        cells[0] = index;
        for (int k = 1; k <= n; k++) cells[k] = base + others[k];
        if (!take_all(s, cells, size, hows)) continue;
        int gained = 0;
        uint64_t drawn = outs;
        Keep new_keep = keep;
        for (int k = 0; k < size; k++) {
            if (hows[k]) {
                gained++;
                new_keep = keep_plus(new_keep, cells[k]);
            } else {
                drawn |= 1ULL << cells[k];
            }
        }
        search(s, index, kept + gained, tiles + size, sets + 1, new_total, new_colours,
               run_colours, drawn, new_keep, left - gained);
        give_all(s, cells, hows, size);
    }
}

static void extend_right(Search *s, int index, int colour, int start, int position, int kept,
                         int tiles, int sets, int total, int colours, int run_colours,
                         uint64_t outs, Keep keep, int left) {
    int new_colours = colours | 1 << colour;
    int new_runs = run_colours | 1 << colour;
    int end = position;
    int cells[MAX_RUN + 1], hows[MAX_RUN + 1], ncells = 0;
    int top = imin(s->high, start + MAX_RUN - 1);
    for (;;) {
        if (end - start + 1 >= 3 && ok(s, tiles, sets + 1, total, new_colours))
            search(s, index, kept, tiles, sets + 1, total, new_colours, new_runs, outs, keep,
                   left);
        end++;
        if (end > top || tiles >= HAND) break;
        if (s->max_total >= 0 && total > s->max_total) break;
        int cell = tile_at(colour, end);
        int how = take(s, cell);
        if (how < 0) break;
        cells[ncells] = cell;
        hows[ncells++] = how;
        tiles++;
        total += cell / 4 + 1;
        if (how) {
            kept++;
            keep = keep_plus(keep, cell);
            left--;
        } else {
            outs |= 1ULL << cell;
            if (beaten(s, HAND - (tiles - kept), keep, index)) break;
        }
    }
    give_all(s, cells, hows, ncells);
}

static void runs_through(Search *s, int index, int position, int kept, int tiles, int sets,
                         int total, int colours, int run_colours, uint64_t outs, Keep keep,
                         int left) {
    int colour = index & 3;
    int low = imax(imax(s->low, position - (MAX_RUN - 1)), 1);
    take(s, index); /* the anchor: an open hand copy, kept */
    int anchor_number = index / 4 + 1;
    int base_kept = kept + 1;
    Keep base_keep = keep_plus(keep, index);
    int base_total = total + anchor_number;
    int cells[MAX_RUN + 1], hows[MAX_RUN + 1], ncells = 0;
    int left_kept = 0, left_total = 0;
    Keep left_keep = NO_KEEP;
    uint64_t left_outs = 0;
    for (int start = position; start >= low; start--) {
        if (start < position) {
            int cell = tile_at(colour, start);
            int how = take(s, cell);
            if (how < 0) break;
            cells[ncells] = cell;
            hows[ncells++] = how;
            left_total += cell / 4 + 1;
            if (how) {
                left_kept++;
                left_keep = keep_plus(left_keep, cell);
            } else {
                left_outs |= 1ULL << cell;
                if (beaten(s, HAND - (tiles + position - start + 1 - base_kept - left_kept),
                           keep_join(base_keep, left_keep), index))
                    break;
            }
        }
        extend_right(s, index, colour, start, position, base_kept + left_kept,
                     tiles + position - start + 1, sets, base_total + left_total, colours,
                     run_colours, outs | left_outs, keep_join(base_keep, left_keep),
                     left - 1 - left_kept);
    }
    give_all(s, cells, hows, ncells);
    give_back(s, index, 1);
}

static void search(Search *s, int start, int kept, int tiles, int sets, int total, int colours,
                   int run_colours, uint64_t outs, Keep keep, int left) {
    if (s->done) return;
    int bound = imin(kept + imin(left, HAND - tiles), s->kept_cap);
    if (s->max_total >= 0 && bound >= s->best_kept)
        bound = kept + affordable(s, start, s->max_total - total, bound - kept);
    if (beaten(s, bound, keep, start)) return;
    int index = start;
    while (index < TILES && !s->open[index]) index++;
    if (index == TILES) {
        leaf(s, kept, tiles, sets, total, colours, run_colours, outs, keep);
        return;
    }
    if (sets < s->max_sets) {
        int number = index / 4 + 1;
        if (s->groups && (s->numbers_mask >> number & 1))
            groups_at(s, index, kept, tiles, sets, total, colours, run_colours, outs, keep, left);
        if (s->runs && !(s->distinct && (run_colours >> (index & 3) & 1))) {
            int positions[2] = {number, 14};
            int npositions = number == 1 ? 2 : 1;
            for (int k = 0; k < npositions; k++) {
                int position = positions[k];
                if (s->low <= position && position <= s->high)
                    runs_through(s, index, position, kept, tiles, sets, total, colours,
                                 run_colours, outs, keep, left);
            }
        }
    }
    int count = s->open[index];
    s->open[index] = 0;
    s->let_go |= 1ULL << index;
    search(s, index + 1, kept, tiles, sets, total, colours, run_colours, outs, keep,
           left - count);
    s->let_go &= ~(1ULL << index);
    s->open[index] = count;
}

/* ---- holds-checks of set-based types ------------------------------------------- */

/* Whether a tile can be in any set of the shape (SetShape.usable in Python). */
static int shape_usable(const Search *s, int index) {
    int number = index / 4 + 1;
    if (s->groups && (s->numbers_mask >> number & 1)) return 1;
    if (!s->runs) return 0;
    return (s->low <= number && number <= s->high) || (number == 1 && s->low <= 14 && 14 <= s->high);
}

/* The shape of a set-based type, as SetShape.of in Python (intlscore/engine/reach/shapes.py). */
static void set_shape(Search *s, const HoldsType *type) {
    static const uint64_t NUMBERS[3] = {
        0x3FFE,                                                 /* 1-13 */
        0x3FE,                                                  /* R9 minor: 1-9 */
        (1u << 1) | (1u << 10) | (1u << 11) | (1u << 12) | (1u << 13), /* R9 major */
    };
    static const int LOW[3] = {1, 1, 10}, HIGH[3] = {14, 9, 14};
    int range = type->range >= 0 && type->range <= 2 ? type->range : 0;
    s->groups = type->structure == HOLDS_SETS || type->structure == HOLDS_GROUPS;
    s->runs = type->structure == HOLDS_SETS || type->structure == HOLDS_RUNS;
    s->numbers_mask = NUMBERS[range];
    s->low = LOW[range];
    s->high = HIGH[range];
    s->allowed_mask = type->sets_mask;
    s->max_sets = 4; /* sets have three tiles or more: 14 tiles make at most four */
    if (type->sets_mask) {
        int most = 0;
        for (int n = 0; n < 31; n++)
            if (type->sets_mask >> n & 1) most = n;
        if (most < 4) s->max_sets = most;
    }
    s->distinct = type->distinct;
    s->colours = type->colours;
    s->max_total = type->max_total;
    s->same = type->same_number;
}

int holds_sets(const HoldsType *type, const HoldsPool *pool) {
    Search s;
    memset(&s, 0, sizeof s);
    set_shape(&s, type);
    int usable[TILES], left = 0;
    uint64_t let_go = 0;
    for (int i = 0; i < TILES; i++) {
        usable[i] = shape_usable(&s, i);
        if (pool->count[i] && !usable[i]) let_go |= 1ULL << i;
    }
    int floor = imax(0, HAND - pool->jokers), best = -1;
    /* Without same_number one search (target 0); with it one per number that may hold
     * the tiles (target_numbers in Python), each keeping at most kept_cap. */
    int first = s.same ? 1 : 0, last = s.same ? 13 : 0;
    for (int target = first; target <= last; target++) {
        int most = HAND;
        if (target) {
            int held = 0, any = 0;
            for (int c = 0; c < 4; c++) {
                int cell = (target - 1) * 4 + c;
                if (usable[cell]) {
                    any = 1;
                    held += pool->count[cell];
                }
            }
            if (!any) continue;
            most = HAND - imax(0, s.same - held);
        }
        int need = imax(floor, best + 1);
        if (most < need) continue;
        left = 0;
        for (int i = 0; i < TILES; i++) {
            s.open[i] = usable[i] ? pool->count[i] : 0;
            s.cap[i] = pool->cap[i];
            s.cover[i] = 0;
            left += s.open[i];
        }
        s.let_go = let_go;
        s.full = 0;
        s.target_mask = target ? (uint64_t)0xF << (4 * (target - 1)) : 0;
        s.target_base = target ? (target - 1) * 4 : -1;
        s.kept_cap = most;
        s.best_kept = need - 1;
        s.best_outs = 0;
        s.best_keep = NO_KEEP;
        s.strict = 1;
        s.decide = 1;
        s.enough = most;
        s.done = 0;
        search(&s, 0, 0, 0, 0, 0, 0, 0, 0, NO_KEEP, left);
        if (s.best_kept >= need) best = s.best_kept;
    }
    free(s.table);
    return best;
}

/* ---- Python entry point --------------------------------------------------------- */

static int read_counts(PyObject *bytes, int *out, const char *what) {
    char *data;
    Py_ssize_t size;
    if (PyBytes_AsStringAndSize(bytes, &data, &size) < 0) return -1;
    if (size != TILES) {
        PyErr_Format(PyExc_ValueError, "%s needs %d counts, got %zd", what, TILES, size);
        return -1;
    }
    for (int i = 0; i < TILES; i++) out[i] = (unsigned char)data[i];
    return 0;
}

static PyObject *pack_keep(Keep value) {
    PyObject *high = PyLong_FromUnsignedLongLong((unsigned long long)value.hi);
    PyObject *low = PyLong_FromUnsignedLongLong((unsigned long long)value.lo);
    PyObject *shift = PyLong_FromLong(64);
    PyObject *result = NULL, *shifted = NULL;
    if (high && low && shift) {
        shifted = PyNumber_Lshift(high, shift);
        if (shifted) result = PyNumber_Or(shifted, low);
    }
    Py_XDECREF(high);
    Py_XDECREF(low);
    Py_XDECREF(shift);
    Py_XDECREF(shifted);
    return result;
}

PyDoc_STRVAR(closest_sets_doc,
             "closest_sets(open, cap, let_go, full, shape, fillers, same, target_mask,\n"
             "             kept_cap, floor)\n"
             "    -> (kept, outs, keep)\n\n"
             "The set search of intlscore.engine.reach.sets, compiled. ``open`` and ``cap`` are\n"
             "52 byte counts, ``shape`` is (groups, runs, low, high, max_sets, allowed_mask,\n"
             "distinct, colours or -1, max_total or -1, numbers_mask), ``fillers`` a\n"
             "sequence of (mask, size, total, colours, run_colour), smallest first; ``same``\n"
             "tiles (0: no condition) of the number whose four tiles are ``target_mask``;\n"
             "at most ``kept_cap`` kept; only hands keeping ``floor`` or more (-1: any).");

static PyObject *closest_sets(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *open_bytes, *cap_bytes, *fillers;
    int floor;
    unsigned long long let_go, full, numbers_mask, target_mask;
    Search *s = calloc(1, sizeof(Search));
    if (s == NULL) return PyErr_NoMemory();
    if (!PyArg_ParseTuple(args, "SSKK(iiiiiiiiiK)OiKii", &open_bytes, &cap_bytes, &let_go,
                          &full, &s->groups, &s->runs, &s->low, &s->high, &s->max_sets,
                          &s->allowed_mask, &s->distinct, &s->colours, &s->max_total,
                          &numbers_mask, &fillers, &s->same, &target_mask, &s->kept_cap,
                          &floor)) {
        free(s);
        return NULL;
    }
    s->target_mask = target_mask;
    s->target_base = target_mask ? lowest_bit(target_mask) : -1;
    s->numbers_mask = numbers_mask;
    s->let_go = let_go;
    s->full = full;
    if (read_counts(open_bytes, s->open, "open") < 0 || read_counts(cap_bytes, s->cap, "cap") < 0) {
        free(s);
        return NULL;
    }
    PyObject *seq = PySequence_Tuple(fillers);
    if (seq == NULL) {
        free(s);
        return NULL;
    }
    Py_ssize_t n = PyTuple_Size(seq);
    if (n > MAX_FILLERS) {
        Py_DECREF(seq);
        free(s);
        PyErr_SetString(PyExc_ValueError, "too many filler sets");
        return NULL;
    }
    Cand *own = calloc(n > 0 ? (size_t)n : 1, sizeof(Cand));
    if (own == NULL) {
        Py_DECREF(seq);
        free(s);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        Cand *c = &own[i];
        unsigned long long mask;
        if (!PyArg_ParseTuple(PyTuple_GetItem(seq, i), "Kiiii", &mask, &c->size,
                              &c->total, &c->colours, &c->run_colour)) {
            Py_DECREF(seq);
            free(own);
            free(s);
            return NULL;
        }
        c->mask = mask;
    }
    Py_DECREF(seq);
    s->fillers = own;
    s->nfillers = (int)n;
    int left = 0;
    for (int i = 0; i < TILES; i++) left += s->open[i];

    Py_BEGIN_ALLOW_THREADS
    s->best_kept = floor; /* -1, or only hands keeping this many or more */
    s->strict = 1;
    search(s, 0, 0, 0, 0, 0, 0, 0, 0, NO_KEEP, left);
    if (s->best_kept >= 0 && s->best_outs != s->full) {
        s->strict = 0;
        s->best_outs = 0;
        search(s, 0, 0, 0, 0, 0, 0, 0, 0, NO_KEEP, left);
    }
    Py_END_ALLOW_THREADS

    PyObject *keep = pack_keep(s->best_keep);
    PyObject *result = NULL;
    if (keep != NULL) {
        result = Py_BuildValue("(iKN)", s->best_kept, (unsigned long long)s->best_outs, keep);
    }
    free(s->table);
    free(own);
    free(s);
    return result;
}

static PyMethodDef methods[] = {
    {"closest_sets", closest_sets, METH_VARARGS, closest_sets_doc},
    {"holds_simple", holds_simple_entry, METH_VARARGS, "holds_simple(spec, counts, jokers, cap) -> int: pairs, sequence or any (holds_simple.c)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "intlscore._native",
    "Compiled speed-up of intlscore's reach set search (pure-Python fallback in intlscore).", -1,
    methods, NULL, NULL, NULL, NULL,
};

extern PyMethodDef holds_methods[]; /* holds_table.c */
extern PyMethodDef split_methods[]; /* setsearch.c */
extern PyMethodDef play_methods[];  /* play.c */

PyMODINIT_FUNC PyInit__native(void) {
    PyObject *created = PyModule_Create(&module);
    if (created != NULL && (PyModule_AddFunctions(created, holds_methods) < 0 ||
                            PyModule_AddFunctions(created, split_methods) < 0 ||
                            PyModule_AddFunctions(created, play_methods) < 0)) {
        Py_DECREF(created);
        return NULL;
    }
    return created;
}
