/*
 * plain_split and conditioned_split: one split of melded tiles into groups (R4) and runs
 * (R5), jokers as wildcards (R7), compiled; and discards_leaving_sets.
 *
 * A line-for-line port of SetSearch in intlscore/engine/setsearch.py as find_sets in
 * intlscore/engine/matcher.py configures it for a set-based type: the same lowest-tile-first
 * walk, the same order of groups and runs, the same prune points, so the same split is
 * found (read setsearch.py for the method; tests compare the two). The plain split (every number,
 * every run position, at most four sets, no condition on the split) is the conditioned one
 * with no condition. The scorer uses them to lay out the melds of a hand the holds-checks
 * found to fit a set-based type.
 *
 * discards_leaving_sets (which single tile of 15 can go so that the rest split into sets)
 * is the same walk in the form of discards_leaving_sets in setsearch.py: at each step the lowest
 * tile joins a group or a run, or, once, is the discard; it answers the same set.
 *
 * A type is data: the conditions come in a tuple (intlscore/engine/holds_spec.py,
 * split_spec) and this file never names a type. The checks on a finished split are those of
 * tiles_hold in intlscore/engine/conditions.py, and the pruning of a partial choice of
 * jokers' tiles those of joker_tiles_may_hold; the facts of the real tiles (total, colours,
 * numbers) are computed here from the counts.
 *
 * Portable C99, stable ABI (as _native.c): no 128-bit integers, no compiler builtins.
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
#define JOKER 52
#define NUMBERS 13
#define HIGH_ONE 14
#define MAX_RUN 13
#define MAX_SETS 4
#define MAX_TILES 15 /* discards_leaving_sets: 15 tiles, so at most five sets */
#define MELDS 5
#define KEPT_ALL 63 /* discards_leaving_sets: the bit of "the rest splits" (-1 in Python) */
#define MEMO_FIRST 64   /* the memo starts inside the Split ... */
#define MEMO_MOST 4096  /* ... and grows (x4) up to this many slots, kept at most half full */
#define ALL_NUMBERS 0x3FFE /* bits 1-13 */
#define CONDITION_FIELDS 11

/* What a set-based type asks of a split, as SetSearch's arguments and tiles_hold's checks. */
typedef struct {
    int groups, runs;  /* 1 when groups / runs may be used */
    int numbers;       /* bit n: number n allowed (R9) in groups, jokers' and real tiles */
    int low, high;     /* the run positions (1-14, 14 the high 1) a run may cover */
    int max_sets;      /* 1-4 */
    int sets_mask;     /* bit n: a split into n sets is allowed; 0: any */
    int distinct_runs; /* every run a different colour */
    int max_total;     /* every tile, jokers' tiles included, adds up to at most this (R8); -1 */
    int colours;       /* the tiles show exactly this many colours; -1 */
    int same_number;   /* at least this many tiles of one number; 0 */
} Conditions;

static const Conditions PLAIN = {1, 1, ALL_NUMBERS, 1, HIGH_ONE, MAX_SETS, 0, 0, -1, -1, 0};

typedef struct {
    int run;           /* 0: group, 1: run */
    int size;
    int rack[MAX_RUN]; /* the tile on the rack (52 a joker) */
    int rep[MAX_RUN];  /* the tile it stands for */
} Meld;

/* A state of a search, exactly: what is left, the jokers' tiles, the sets so far and the
 * runs' colours (split searches), or whether a tile was discarded (discards_leaving_sets).
 * The Python memo keys are coarser; a value remembered exactly holds in both. */
typedef struct {
    uint64_t lo, hi; /* remaining counts, two bits a tile */
    int jokers, used0, used1, sets, run_colours, discarded;
} State;

typedef struct {
    State state;
    uint64_t value; /* split searches: unused (a state remembered failed) */
    int taken;
} Entry;

typedef struct {
    Conditions cond;
    int prune;        /* a partial choice of jokers' tiles can break a condition */
    int count[TILES]; /* real tiles left */
    int cap[TILES];   /* copies a joker may stand for (R3): HandFacts.cap */
    /* the real tiles, all of them (HandFacts): total (R8), colours, tiles per number */
    int total, colour_mask, number_count[NUMBERS + 1];
    int used[2];      /* the jokers' tiles so far, sorted (at most two jokers) */
    int nused;
    int run_colours;  /* colours of the runs so far, when distinct_runs */
    Meld melds[MELDS];
    int depth, sets;  /* sets: how many melds the split found has */
    int discarded;    /* discards_leaving_sets: a tile (or joker) is discarded already */
    uint64_t *found;  /* discards_leaving_sets: the discards found at the level enumerating */
    Entry *memo;      /* `first`, or a larger table of its own once grown */
    int memo_size, memo_count;
    Entry first[MEMO_FIRST];
} Split;

/* What to do with each group or run found for the lowest tile: go on with the search
 * below it (`jokers` left); nonzero stops the enumeration. */
typedef int (*Next)(Split *s, int jokers);

/* For a tile's colour, the other colours present (bit mask) and 0-2 jokers: every group
 * as (real colours, joker colours), as _group_choices in Python. */
typedef struct {
    int nreal, real[3], nwild, wild[3];
} Choice;
static Choice CHOICES[4][16][3][27];
static int NCHOICES[4][16][3];
static int choices_ready = 0;

static void build_choices(void) {
    for (int colour = 0; colour < 4; colour++) {
        int others[3], k = 0;
        for (int c = 0; c < 4; c++)
            if (c != colour) others[k++] = c;
        Choice options[27];
        int noptions = 0;
        /* itertools.product((0, 1, 2), repeat=3): the first position varies slowest */
        for (int p0 = 0; p0 < 3; p0++)
            for (int p1 = 0; p1 < 3; p1++)
                for (int p2 = 0; p2 < 3; p2++) {
                    int pattern[3] = {p0, p1, p2};
                    if ((p0 != 0) + (p1 != 0) + (p2 != 0) < 2) continue;
                    Choice *option = &options[noptions++];
                    option->nreal = option->nwild = 0;
                    for (int j = 0; j < 3; j++) {
                        if (pattern[j] == 1) option->real[option->nreal++] = others[j];
                        if (pattern[j] == 2) option->wild[option->nwild++] = others[j];
                    }
                }
        for (int present = 0; present < 16; present++)
            for (int jokers = 0; jokers < 3; jokers++) {
                int n = 0;
                for (int wild = 0; wild <= 3; wild++) /* stable sort by joker count */
                    for (int i = 0; i < noptions; i++) {
                        const Choice *option = &options[i];
                        if (option->nwild != wild || option->nwild > jokers) continue;
                        int need = 0, avoid = 0;
                        for (int j = 0; j < option->nreal; j++) need |= 1 << option->real[j];
                        for (int j = 0; j < option->nwild; j++) avoid |= 1 << option->wild[j];
                        if ((need & ~present) || (avoid & present)) continue;
                        CHOICES[colour][present][jokers][n++] = *option;
                    }
                NCHOICES[colour][present][jokers] = n;
            }
    }
    choices_ready = 1;
}

static int position_tile(int colour, int position) { return ((position - 1) % 13) * 4 + colour; }
static int number_of(int tile) { return tile / 4 + 1; }

static int bit_count(int mask) {
    int n = 0;
    for (; mask; mask &= mask - 1) n++;
    return n;
}

static int used_count(const Split *s, int index) {
    int n = 0;
    for (int i = 0; i < s->nused; i++) n += s->used[i] == index;
    return n;
}

static void use_joker(Split *s, int index) {
    s->used[s->nused++] = index;
    if (s->nused == 2 && s->used[0] > s->used[1]) {
        int t = s->used[0];
        s->used[0] = s->used[1];
        s->used[1] = t;
    }
}

static void unuse_joker(Split *s, int index) {
    if (s->nused == 2 && s->used[0] == index) s->used[0] = s->used[1];
    s->nused--;
}

/* ---- conditions (intlscore/engine/conditions.py) ------------------------------------ */

/* The real tiles' facts, from the counts (HandFacts.build). */
static void read_facts(Split *s) {
    s->total = s->colour_mask = 0;
    memset(s->number_count, 0, sizeof s->number_count);
    for (int i = 0; i < TILES; i++) {
        if (!s->count[i]) continue;
        s->total += s->count[i] * number_of(i);
        s->colour_mask |= 1 << (i & 3);
        s->number_count[number_of(i)] += s->count[i];
    }
}

/* Whether the real tiles are all in the range (minor_ok / major_ok, R9). */
static int real_tiles_in_range(const Split *s) {
    for (int n = 1; n <= NUMBERS; n++)
        if (s->number_count[n] && !(s->cond.numbers >> n & 1)) return 0;
    return 1;
}

/* joker_tiles_may_hold: the jokers' tiles so far (`used` and `added`) in the range (R9),
 * the total within max_total (R8), no more colours than allowed; each only gets worse as
 * jokers are added, so a failure here prunes every completion. */
static int jokers_may_hold(const Split *s, const int *added, int nadded) {
    int total = s->total, mask = s->colour_mask;
    for (int i = 0; i < s->nused + nadded; i++) {
        int tile = i < s->nused ? s->used[i] : added[i - s->nused];
        if (!(s->cond.numbers >> number_of(tile) & 1)) return 0;
        total += number_of(tile);
        mask |= 1 << (tile & 3);
    }
    if (s->cond.max_total >= 0 && total > s->cond.max_total) return 0;
    return s->cond.colours < 0 || bit_count(mask) <= s->cond.colours;
}

/* The leaf of find_sets: the number of sets allowed, then tiles_hold with the jokers' tiles
 * (the real tiles' range is checked once, before the search). */
static int split_holds(const Split *s) {
    const Conditions *c = &s->cond;
    if (c->sets_mask && !(c->sets_mask >> s->depth & 1)) return 0;
    int total = s->total, mask = s->colour_mask, top = 0;
    int counts[NUMBERS + 1];
    memcpy(counts, s->number_count, sizeof counts);
    for (int i = 0; i < s->nused; i++) {
        int number = number_of(s->used[i]);
        if (!(c->numbers >> number & 1)) return 0;
        total += number;
        mask |= 1 << (s->used[i] & 3);
        counts[number]++;
    }
    if (c->max_total >= 0 && total > c->max_total) return 0;
    if (c->colours >= 0 && bit_count(mask) != c->colours) return 0;
    for (int n = 1; n <= NUMBERS; n++)
        if (counts[n] > top) top = counts[n];
    return top >= c->same_number;
}

/* ---- memo ------------------------------------------------------------------------- */

static State state_of(const Split *s, int jokers) {
    State f = {0, 0, jokers, -1, -1, s->depth, s->run_colours, s->discarded};
    for (int i = 0; i < TILES; i++) {
        if (i < 32)
            f.lo |= (uint64_t)s->count[i] << (2 * i);
        else
            f.hi |= (uint64_t)s->count[i] << (2 * (i - 32));
    }
    if (s->nused > 0) f.used0 = s->used[0];
    if (s->nused > 1) f.used1 = s->used[1];
    return f;
}

static int same_state(const State *a, const State *b) {
    return a->lo == b->lo && a->hi == b->hi && a->jokers == b->jokers && a->used0 == b->used0 &&
           a->used1 == b->used1 && a->sets == b->sets && a->run_colours == b->run_colours &&
           a->discarded == b->discarded;
}

/* The state's slot in the memo (open addressing, kept at most half full): its entry, or
 * the free slot where it goes. */
static Entry *memo_slot(Split *s, const State *f) {
    uint64_t h = f->lo * 0x9E3779B97F4A7C15ULL ^ (f->hi + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= (uint64_t)(f->jokers + 3 * (f->used0 + 2) + 211 * (f->used1 + 2) + 45007 * f->sets +
                    225035 * f->run_colours + 3600560 * f->discarded);
    h ^= h >> 29;
    for (int probe = 0; probe < s->memo_size; probe++) {
        Entry *g = &s->memo[(h + (uint64_t)probe) & (uint64_t)(s->memo_size - 1)];
        if (!g->taken || same_state(&g->state, f)) return g;
    }
    return NULL;
}

/* The value remembered for a state, or NULL. */
static const Entry *memo_get(Split *s, const State *f) {
    const Entry *g = memo_slot(s, f);
    return g != NULL && g->taken ? g : NULL;
}

/* Remember a state's value; a memo that cannot grow any more simply stops remembering. */
static void memo_put(Split *s, const State *f, uint64_t value) {
    if (2 * (s->memo_count + 1) > s->memo_size) {
        int size = 4 * s->memo_size;
        Entry *old = s->memo, *grown;
        if (size > MEMO_MOST || (grown = calloc((size_t)size, sizeof(Entry))) == NULL) return;
        int old_size = s->memo_size;
        s->memo = grown;
        s->memo_size = size;
        for (int i = 0; i < old_size; i++)
            if (old[i].taken) *memo_slot(s, &old[i].state) = old[i];
        if (old != s->first) free(old);
    }
    Entry *slot = memo_slot(s, f);
    if (slot != NULL && !slot->taken) {
        slot->state = *f;
        slot->value = value;
        slot->taken = 1;
        s->memo_count++;
    }
}

/* ---- the search --------------------------------------------------------------------- */

/* Groups holding `tile` (its one copy already taken), as SetSearch._groups_with; `next`
 * goes on below each. */
static int groups_with(Split *s, int tile, int jokers, Next next) {
    int colour = tile & 3, base = tile - colour, present = 0;
    if (!(s->cond.numbers >> number_of(tile) & 1)) return 0;
    for (int other = 0; other < 4; other++)
        if (other != colour && s->count[base + other]) present |= 1 << other;
    int limit = jokers < 2 ? jokers : 2;
    for (int i = 0; i < NCHOICES[colour][present][limit]; i++) {
        const Choice *choice = &CHOICES[colour][present][limit][i];
        int ok = 1, added[3];
        for (int j = 0; j < choice->nwild; j++) {
            added[j] = base + choice->wild[j];
            if (s->cap[added[j]] <= used_count(s, added[j])) ok = 0;
        }
        if (!ok) continue;
        if (choice->nwild && s->prune && !jokers_may_hold(s, added, choice->nwild)) continue;
        Meld *meld = &s->melds[s->depth];
        meld->run = 0;
        meld->size = 0;
        for (int c = 0; c < 4; c++) { /* placed, sorted by colour */
            int cell = base + c;
            if (c == colour) {
                meld->rack[meld->size] = tile;
                meld->rep[meld->size++] = tile;
                continue;
            }
            for (int j = 0; j < choice->nreal; j++)
                if (choice->real[j] == c) {
                    meld->rack[meld->size] = cell;
                    meld->rep[meld->size++] = cell;
                }
            for (int j = 0; j < choice->nwild; j++)
                if (choice->wild[j] == c) {
                    meld->rack[meld->size] = JOKER;
                    meld->rep[meld->size++] = cell;
                }
        }
        for (int j = 0; j < choice->nreal; j++) s->count[base + choice->real[j]]--;
        for (int j = 0; j < choice->nwild; j++) use_joker(s, added[j]);
        s->depth++;
        int found = next(s, jokers - choice->nwild);
        s->depth--;
        for (int j = choice->nwild - 1; j >= 0; j--) unuse_joker(s, added[j]);
        for (int j = 0; j < choice->nreal; j++) s->count[base + choice->real[j]]++;
        if (found) return 1;
    }
    return 0;
}

/* Runs from `start` through `position` and on, as SetSearch._run_from. */
static int run_from(Split *s, int start, int position, int tile, int colour, int jokers,
                    Next next) {
    Meld *meld = &s->melds[s->depth];
    int taken[MAX_RUN], ntaken = 0, added[MAX_RUN], nadded = 0, found = 0;
    meld->run = 1;
    meld->size = 0;
    for (int at = start; at <= s->cond.high && meld->size < MAX_RUN;) {
        if (at == position) {
            meld->rack[meld->size] = tile;
            meld->rep[meld->size++] = tile;
        } else {
            int index = position_tile(colour, at), extra = 0;
            for (int j = 0; j < nadded; j++) extra += added[j] == index;
            if (s->count[index]) {
                s->count[index]--;
                taken[ntaken++] = index;
                meld->rack[meld->size] = index;
                meld->rep[meld->size++] = index;
            } else if (nadded < jokers && s->cap[index] > used_count(s, index) + extra) {
                added[nadded++] = index;
                meld->rack[meld->size] = JOKER;
                meld->rep[meld->size++] = index;
            } else {
                break;
            }
        }
        at++;
        if (at > position && meld->size >= 3) {
            if (nadded && s->prune && !jokers_may_hold(s, added, nadded))
                break; /* more jokers only make the pruned choice worse */
            for (int j = 0; j < nadded; j++) use_joker(s, added[j]);
            s->depth++;
            found = next(s, jokers - nadded);
            s->depth--;
            for (int j = nadded - 1; j >= 0; j--) unuse_joker(s, added[j]);
            if (found) break;
        }
    }
    while (ntaken > 0) s->count[taken[--ntaken]]++;
    return found;
}

static int runs_with(Split *s, int tile, int jokers, Next next) {
    int colour = tile & 3, number = number_of(tile), low = s->cond.low, high = s->cond.high;
    int positions[2] = {number, HIGH_ONE}, npositions = number == 1 ? 2 : 1;
    for (int k = 0; k < npositions; k++) {
        int position = positions[k];
        if (position < low || position > high) continue;
        /* Below `position` (unless it is the high 1) every number is used up: jokers only. */
        int lowest = position == HIGH_ONE ? position - (MAX_RUN - 1) : position - jokers;
        if (lowest < low) lowest = low;
        for (int start = lowest; start <= position; start++)
            if (run_from(s, start, position, tile, colour, jokers, next)) return 1;
    }
    return 0;
}

static int search(Split *s, int jokers) {
    int tile = 0;
    while (tile < TILES && !s->count[tile]) tile++;
    if (tile == TILES) { /* jokers alone never make a set */
        s->sets = s->depth;
        return jokers == 0 && split_holds(s);
    }
    if (s->depth >= s->cond.max_sets) return 0;
    State state = state_of(s, jokers);
    if (memo_get(s, &state) != NULL) return 0; /* failed before */
    s->count[tile]--;
    int found = s->cond.groups && groups_with(s, tile, jokers, search);
    if (!found && s->cond.runs) {
        int colour = tile & 3, before = s->run_colours;
        if (!(s->cond.distinct_runs && (before >> colour & 1))) {
            if (s->cond.distinct_runs) s->run_colours |= 1 << colour;
            found = runs_with(s, tile, jokers, search);
            s->run_colours = before;
        }
    }
    s->count[tile]++;
    if (!found) memo_put(s, &state, 0);
    return found;
}

/* ---- discards_leaving_sets ---------------------------------------------------------- */

static uint64_t discards_after(Split *s, int jokers);

/* Next for discards_after: the discards found below a set join those of the level that
 * placed it; once a tile is discarded, one way for the rest to split is enough. */
static int discards_below(Split *s, int jokers) {
    uint64_t *found = s->found; /* the enumerating level's; the level below sets its own */
    uint64_t below = discards_after(s, jokers);
    s->found = found;
    *found |= below;
    return s->discarded && *found != 0;
}

/* As `after` in discards_leaving_sets (setsearch.py): the tiles (bit 52 a joker) that can be
 * discarded from here so that the rest splits into sets; once `discarded`, the bit
 * KEPT_ALL when the rest splits. */
static uint64_t discards_after(Split *s, int jokers) {
    int tile = 0;
    while (tile < TILES && !s->count[tile]) tile++;
    if (tile == TILES) {
        if (!jokers) return s->discarded ? (uint64_t)1 << KEPT_ALL : 0;
        return jokers == 1 && !s->discarded ? (uint64_t)1 << JOKER : 0;
    }
    State state = state_of(s, jokers);
    state.sets = 0; /* unlike a split's, the discards do not depend on the sets so far */
    const Entry *known = memo_get(s, &state);
    if (known != NULL) return known->value;
    uint64_t found = 0;
    if (!s->discarded && jokers) { /* the joker goes */
        s->discarded = 1;
        if (discards_after(s, jokers - 1)) found |= (uint64_t)1 << JOKER;
        s->discarded = 0;
    }
    s->count[tile]--;
    if (!s->discarded) { /* the lowest tile goes */
        s->discarded = 1;
        if (discards_after(s, jokers)) found |= (uint64_t)1 << tile;
        s->discarded = 0;
    }
    s->found = &found; /* the lowest tile joins a set: groups, then runs */
    if (!groups_with(s, tile, jokers, discards_below)) {
        s->found = &found;
        runs_with(s, tile, jokers, discards_below);
    }
    s->count[tile]++;
    memo_put(s, &state, found);
    return found;
}

/* ---- the Python entries ------------------------------------------------------------- */

static PyObject *melds_list(const Split *s) {
    PyObject *result = PyList_New(0);
    for (int m = 0; result != NULL && m < s->sets; m++) {
        const Meld *meld = &s->melds[m];
        PyObject *placed = PyTuple_New(meld->size);
        if (placed == NULL) {
            Py_CLEAR(result);
            break;
        }
        for (int j = 0; j < meld->size; j++) {
            PyObject *pair = Py_BuildValue("(ii)", meld->rack[j], meld->rep[j]);
            if (pair == NULL || PyTuple_SetItem(placed, j, pair) < 0) { /* SetItem steals */
                Py_CLEAR(placed);
                break;
            }
        }
        if (placed == NULL) {
            Py_CLEAR(result);
            break;
        }
        PyObject *item = Py_BuildValue("(sN)", meld->run ? "run" : "group", placed);
        if (item == NULL || PyList_Append(result, item) < 0) Py_CLEAR(result);
        Py_XDECREF(item);
    }
    return result;
}

/* A search of the tiles (52 byte counts) and 0-2 jokers under the conditions, or NULL
 * with a Python exception; free it with split_free. */
static Split *split_new(PyObject *counts, int jokers, PyObject *cap, const Conditions *cond,
                        const char *name, const char *counts_name, const char *cap_name) {
    if (jokers < 0 || jokers > 2) {
        PyErr_Format(PyExc_ValueError, "%s: 0 to 2 jokers (R3), got %d", name, jokers);
        return NULL;
    }
    Split *s = calloc(1, sizeof(Split));
    if (s == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    if (holds_read_tiles(counts, counts_name, s->count) < 0 ||
        holds_read_tiles(cap, cap_name, s->cap) < 0) {
        free(s);
        return NULL;
    }
    s->cond = *cond;
    s->memo = s->first;
    s->memo_size = MEMO_FIRST;
    s->prune = cond->numbers != ALL_NUMBERS || cond->max_total >= 0 || cond->colours >= 0;
    read_facts(s);
    if (!choices_ready) build_choices();
    return s;
}

static void split_free(Split *s) {
    if (s->memo != s->first) free(s->memo);
    free(s);
}

/* The split search on parsed arguments: a list of melds, None, or NULL with an exception. */
static PyObject *split_of(PyObject *counts, int jokers, PyObject *cap, const Conditions *cond,
                          const char *name, const char *counts_name, const char *cap_name) {
    Split *s = split_new(counts, jokers, cap, cond, name, counts_name, cap_name);
    if (s == NULL) return NULL;
    int found = 0;
    Py_BEGIN_ALLOW_THREADS
    /* A real tile out of range fails every split (tiles_hold): no need to search. */
    found = real_tiles_in_range(s) && search(s, jokers);
    Py_END_ALLOW_THREADS
    PyObject *result;
    if (found) {
        result = melds_list(s);
    } else {
        result = Py_None;
        Py_INCREF(result);
    }
    split_free(s);
    return result;
}

/* plain_split(counts, jokers, cap) -> list of melds or None: one split of the tiles (52
 * byte counts) and 0-2 jokers into groups and runs, as SetSearch(facts).find(); each meld
 * is ("group" or "run", ((rack, stands for), ...)); cap is HandFacts.cap. */
static PyObject *plain_split_entry(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *counts, *cap;
    int jokers;
    if (!PyArg_ParseTuple(args, "SiS:plain_split", &counts, &jokers, &cap)) return NULL;
    return split_of(counts, jokers, cap, &PLAIN, "plain_split", "plain_split counts",
                    "plain_split cap");
}

static int read_conditions(PyObject *spec, Conditions *out) {
    const char *what = "conditioned_split spec";
    if (!PyTuple_Check(spec) || PyTuple_Size(spec) != CONDITION_FIELDS) {
        PyErr_SetString(PyExc_TypeError, "a conditioned_split spec is a tuple of 11 fields "
                                         "(see intlscore.engine.holds_spec.split_spec)");
        return -1;
    }
    if (holds_read_int(spec, 0, what, "groups", 0, 1, &out->groups) < 0 ||
        holds_read_int(spec, 1, what, "runs", 0, 1, &out->runs) < 0 ||
        holds_read_int(spec, 2, what, "numbers", 2, ALL_NUMBERS, &out->numbers) < 0 ||
        holds_read_int(spec, 3, what, "low", 1, HIGH_ONE, &out->low) < 0 ||
        holds_read_int(spec, 4, what, "high", out->low, HIGH_ONE, &out->high) < 0 ||
        holds_read_int(spec, 5, what, "max_sets", 1, MAX_SETS, &out->max_sets) < 0 ||
        holds_read_int(spec, 6, what, "sets_mask", 0, (1 << (MAX_SETS + 1)) - 2,
                       &out->sets_mask) < 0 ||
        holds_read_int(spec, 7, what, "distinct_runs", 0, 1, &out->distinct_runs) < 0 ||
        holds_read_int(spec, 8, what, "max_total", -1, 14 * NUMBERS, &out->max_total) < 0 ||
        holds_read_int(spec, 9, what, "colours", -1, 4, &out->colours) < 0 ||
        holds_read_int(spec, 10, what, "same_number", 0, HOLDS_HAND, &out->same_number) < 0) {
        return -1;
    }
    if (out->numbers & ~ALL_NUMBERS) {
        PyErr_SetString(PyExc_ValueError,
                        "conditioned_split spec field numbers must set only bits 1 to 13");
        return -1;
    }
    if (out->sets_mask & 1) {
        PyErr_SetString(PyExc_ValueError,
                        "conditioned_split spec field sets_mask must set only bits 1 to 4");
        return -1;
    }
    return 0;
}

/* conditioned_split(counts, jokers, cap, spec) -> list of melds or None: as plain_split,
 * under the conditions of a set-based type (spec: holds_spec.split_spec), as find_sets. */
static PyObject *conditioned_split_entry(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *counts, *cap, *spec;
    int jokers;
    Conditions cond;
    if (!PyArg_ParseTuple(args, "SiSO:conditioned_split", &counts, &jokers, &cap, &spec))
        return NULL;
    if (read_conditions(spec, &cond) < 0) return NULL;
    return split_of(counts, jokers, cap, &cond, "conditioned_split", "conditioned_split counts",
                    "conditioned_split cap");
}

/* discards_leaving_sets(counts, jokers, cap) -> frozenset: which single tile (index; 52 a
 * joker) of these 15 or fewer tiles can go so that the rest split into groups and runs, as
 * discards_leaving_sets in setsearch.py; cap is HandFacts.cap. */
static PyObject *discards_entry(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *counts, *cap;
    int jokers;
    if (!PyArg_ParseTuple(args, "SiS:discards_leaving_sets", &counts, &jokers, &cap)) return NULL;
    Split *s = split_new(counts, jokers, cap, &PLAIN, "discards_leaving_sets",
                         "discards_leaving_sets counts", "discards_leaving_sets cap");
    if (s == NULL) return NULL;
    int tiles = jokers;
    for (int i = 0; i < TILES; i++) tiles += s->count[i];
    if (tiles > MAX_TILES) {
        split_free(s);
        PyErr_Format(PyExc_ValueError, "discards_leaving_sets: at most %d tiles, got %d",
                     MAX_TILES, tiles);
        return NULL;
    }
    uint64_t found;
    Py_BEGIN_ALLOW_THREADS
    found = discards_after(s, jokers);
    Py_END_ALLOW_THREADS
    split_free(s);
    PyObject *indices = PyList_New(0);
    for (int index = 0; indices != NULL && index <= JOKER; index++) {
        if (!(found >> index & 1)) continue;
        PyObject *item = PyLong_FromLong(index);
        if (item == NULL || PyList_Append(indices, item) < 0) Py_CLEAR(indices);
        Py_XDECREF(item);
    }
    if (indices == NULL) return NULL;
    PyObject *result = PyFrozenSet_New(indices);
    Py_DECREF(indices);
    return result;
}

PyMethodDef split_methods[] = {
    {"plain_split", plain_split_entry, METH_VARARGS,
     "plain_split(counts, jokers, cap) -> melds or None: SetSearch's plain split, compiled"},
    {"conditioned_split", conditioned_split_entry, METH_VARARGS,
     "conditioned_split(counts, jokers, cap, spec) -> melds or None: find_sets' split under a "
     "set-based type's conditions (holds_spec.split_spec), compiled"},
    {"discards_leaving_sets", discards_entry, METH_VARARGS,
     "discards_leaving_sets(counts, jokers, cap) -> frozenset: the single discards (52 a "
     "joker) after which 15 tiles split into sets, compiled"},
    {NULL, NULL, 0, NULL},
};
