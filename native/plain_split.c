/*
 * plain_split: one split of melded tiles into groups (R4) and runs (R5), jokers as
 * wildcards (R7), compiled.
 *
 * A line-for-line port of SetSearch in intlscore/engine/sets.py in its plain form (every
 * number, every run position, at most four sets, no condition on the split): the same
 * lowest-tile-first walk, the same order of groups and runs, so the same split is found
 * (read that file for the method; tests compare the two). The scorer uses it to lay out
 * the melds of a hand the holds-checks found to fit a set-based type.
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
#define HIGH_ONE 14
#define MAX_RUN 13
#define MAX_SETS 4
#define MEMO 256

typedef struct {
    int run;         /* 0: group, 1: run */
    int size;
    int rack[MAX_RUN]; /* the tile on the rack (52 a joker) */
    int rep[MAX_RUN];  /* the tile it stands for */
} Meld;

typedef struct {
    uint64_t lo, hi; /* remaining counts, two bits a tile */
    int jokers, used0, used1, sets, taken;
} Failed;

typedef struct {
    int count[TILES]; /* real tiles left */
    int cap[TILES];   /* copies a joker may stand for (R3): HandFacts.cap */
    int used[2];      /* the jokers' tiles so far, sorted (at most two jokers) */
    int nused;
    Meld melds[MAX_SETS];
    int depth, sets; /* sets: how many melds the split found has */
    Failed failed[MEMO];
    int nfailed;
} Split;

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

static Failed state_of(const Split *s, int jokers) {
    Failed f = {0, 0, jokers, -1, -1, s->depth, 1};
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

/* The memo of failed states: open addressing, a full table simply stops remembering. */
static Failed *failed_slot(Split *s, const Failed *f) {
    uint64_t h = f->lo * 0x9E3779B97F4A7C15ULL ^ (f->hi + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= (uint64_t)(f->jokers + 3 * (f->used0 + 2) + 211 * (f->used1 + 2) + 45007 * f->sets);
    h ^= h >> 29;
    for (int probe = 0; probe < MEMO; probe++) {
        Failed *g = &s->failed[(h + (uint64_t)probe) & (MEMO - 1)];
        if (!g->taken) return g;
        if (g->lo == f->lo && g->hi == f->hi && g->jokers == f->jokers && g->used0 == f->used0 &&
            g->used1 == f->used1 && g->sets == f->sets)
            return g;
    }
    return NULL;
}

static int known_failed(Split *s, const Failed *f) {
    const Failed *g = failed_slot(s, f);
    return g != NULL && g->taken;
}

static int search(Split *s, int jokers);

/* Groups holding `tile` (its one copy already taken), as SetSearch._groups_with. */
static int groups_with(Split *s, int tile, int jokers) {
    int colour = tile & 3, base = tile - colour, present = 0;
    for (int other = 0; other < 4; other++)
        if (other != colour && s->count[base + other]) present |= 1 << other;
    int limit = jokers < 2 ? jokers : 2;
    for (int i = 0; i < NCHOICES[colour][present][limit]; i++) {
        const Choice *choice = &CHOICES[colour][present][limit][i];
        int ok = 1;
        for (int j = 0; j < choice->nwild; j++)
            if (s->cap[base + choice->wild[j]] <= used_count(s, base + choice->wild[j])) ok = 0;
        if (!ok) continue;
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
        for (int j = 0; j < choice->nwild; j++) use_joker(s, base + choice->wild[j]);
        s->depth++;
        int found = search(s, jokers - choice->nwild);
        s->depth--;
        for (int j = choice->nwild - 1; j >= 0; j--) unuse_joker(s, base + choice->wild[j]);
        for (int j = 0; j < choice->nreal; j++) s->count[base + choice->real[j]]++;
        if (found) return 1;
    }
    return 0;
}

/* Runs from `start` through `position` and on, as SetSearch._run_from. */
static int run_from(Split *s, int start, int position, int tile, int colour, int jokers) {
    Meld *meld = &s->melds[s->depth];
    int taken[MAX_RUN], ntaken = 0, added[MAX_RUN], nadded = 0, found = 0;
    meld->run = 1;
    meld->size = 0;
    for (int at = start; at <= HIGH_ONE && meld->size < MAX_RUN;) {
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
            for (int j = 0; j < nadded; j++) use_joker(s, added[j]);
            s->depth++;
            found = search(s, jokers - nadded);
            s->depth--;
            for (int j = nadded - 1; j >= 0; j--) unuse_joker(s, added[j]);
            if (found) break;
        }
    }
    while (ntaken > 0) s->count[taken[--ntaken]]++;
    return found;
}

static int runs_with(Split *s, int tile, int jokers) {
    int colour = tile & 3, number = (tile >> 2) + 1;
    int positions[2] = {number, HIGH_ONE}, npositions = number == 1 ? 2 : 1;
    if (number == 1) positions[0] = 1;
    for (int k = 0; k < npositions; k++) {
        int position = positions[k];
        int lowest = position == HIGH_ONE ? position - (MAX_RUN - 1) : position - jokers;
        if (lowest < 1) lowest = 1;
        for (int start = lowest; start <= position; start++)
            if (run_from(s, start, position, tile, colour, jokers)) return 1;
    }
    return 0;
}

static int search(Split *s, int jokers) {
    int tile = 0;
    while (tile < TILES && !s->count[tile]) tile++;
    if (tile == TILES) { /* jokers alone never make a set */
        s->sets = s->depth;
        return jokers == 0;
    }
    if (s->depth >= MAX_SETS) return 0;
    Failed state = state_of(s, jokers);
    if (known_failed(s, &state)) return 0;
    s->count[tile]--;
    int found = groups_with(s, tile, jokers) || runs_with(s, tile, jokers);
    s->count[tile]++;
    if (!found && s->nfailed < MEMO / 2) {
        Failed *slot = failed_slot(s, &state);
        if (slot != NULL && !slot->taken) {
            *slot = state;
            s->nfailed++;
        }
    }
    return found;
}

/* plain_split(counts, jokers, cap) -> list of melds or None: one split of the tiles (52
 * byte counts) and 0-2 jokers into groups and runs, as SetSearch(facts).find(); each meld
 * is ("group" or "run", ((rack, stands for), ...)); cap is HandFacts.cap. */
PyObject *plain_split_entry(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *counts, *cap;
    int jokers;
    if (!PyArg_ParseTuple(args, "SiS:plain_split", &counts, &jokers, &cap)) return NULL;
    if (jokers < 0 || jokers > 2) {
        PyErr_Format(PyExc_ValueError, "plain_split: 0 to 2 jokers (R3), got %d", jokers);
        return NULL;
    }
    Split *s = calloc(1, sizeof(Split));
    if (s == NULL) return PyErr_NoMemory();
    if (holds_read_tiles(counts, "plain_split counts", s->count) < 0 ||
        holds_read_tiles(cap, "plain_split cap", s->cap) < 0) {
        free(s);
        return NULL;
    }
    if (!choices_ready) build_choices();
    int found;
    Py_BEGIN_ALLOW_THREADS
    found = search(s, jokers);
    Py_END_ALLOW_THREADS
    if (!found) {
        free(s);
        Py_RETURN_NONE;
    }
    PyObject *result = PyList_New(0);
    for (int m = 0; result != NULL && m < s->sets; m++) {
        const Meld *meld = &s->melds[m];
        PyObject *placed = PyTuple_New(meld->size);
        if (placed == NULL) {
            Py_CLEAR(result);
            break;
        }
        for (int j = 0; j < meld->size; j++)
            PyTuple_SetItem(placed, j, Py_BuildValue("(ii)", meld->rack[j], meld->rep[j]));
        PyObject *item = Py_BuildValue("(sN)", meld->run ? "run" : "group", placed);
        if (item == NULL || PyList_Append(result, item) < 0) Py_CLEAR(result);
        Py_XDECREF(item);
    }
    free(s);
    return result;
}
