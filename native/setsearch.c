/* twins:
 *   twin    position_tile           intlscore.engine.melds:position_tile
 *   twin    number_of               intlscore.engine.tiles:index_number
 *   c-only  bit_count               int.bit_count, no builtin in portable C
 *   c-only  lowest_bit              (mask & -mask).bit_length() - 1, no builtin in portable C
 *   c-only  imin                    min of two ints
 *   c-only  imax                    max of two ints
 *   c-only  memo_init               the memo table, a dict in Python
 *   c-only  memo_free               the memo table, a dict in Python
 *   c-only  memo_mix                the memo table's hash, a dict in Python
 *   c-only  memo_slot               the memo table, a dict in Python
 *   c-only  memo_get                the memo table, a dict in Python
 *   c-only  memo_put                the memo table, a dict in Python
 *   twin    build_choices           intlscore.engine.setsearch.steps:group_choices
 *   c-only  setsearch_init          fills the group table once as the module loads (GROUP_CHOICES at import)
 *   c-only  used_count              used.count(index) on the jokers' tiles
 *   c-only  use_joker               keeps the jokers' tiles sorted in place (a sorted tuple in Python)
 *   c-only  unuse_joker             keeps the jokers' tiles sorted in place (a sorted tuple in Python)
 *   twin    read_facts              intlscore.engine.facts:HandFacts.build
 *   c-only  real_tiles_in_range     tiles_hold's range check of the real tiles, made once before the walk
 *   twin    jokers_may_hold         intlscore.engine.conditions:joker_tiles_may_hold
 *   twin    split_holds             intlscore.engine.conditions:tiles_hold
 *   c-only  state_key               packs SetSearch._search's memo key into three words
 *   twin    split_groups_with       intlscore.engine.setsearch.split:SetSearch._groups_with
 *   twin    split_run_from          intlscore.engine.setsearch.split:SetSearch._run_from
 *   twin    split_runs_with         intlscore.engine.setsearch.split:SetSearch._runs_with
 *   twin    split_search            intlscore.engine.setsearch.split:SetSearch._search
 *   c-only  discards_below          joins a level's discards to its caller's (a set union in Python's after)
 *   twin    discards_after          intlscore.engine.setsearch.split:discards_leaving_sets
 *   c-only  keep_plus               a keep packed in two words (one int in Python)
 *   c-only  keep_join               a keep packed in two words (one int in Python)
 *   c-only  keep_count              a keep packed in two words (one int in Python)
 *   twin    prefers                 intlscore.engine.setsearch.best:prefers
 *   c-only  keep_below              a keep packed in two words (one int in Python)
 *   c-only  most_key                packs the filler memo's key into one word
 *   twin    most_short_after        intlscore.engine.setsearch.fillers:Fillers.short_after
 *   twin    most_ok                 intlscore.engine.setsearch.keep_most:partial_ok
 *   twin    most_final_ok           intlscore.engine.setsearch.fillers:Fillers.final_ok
 *   twin    most_hopeless_at        intlscore.engine.setsearch.keep_most:_SetSearch._hopeless_at
 *   twin    most_offer              intlscore.engine.setsearch.best:Best.offer
 *   twin    most_fits               intlscore.engine.setsearch.fillers:Fillers.fits
 *   twin    most_next_filler        intlscore.engine.setsearch.fillers:Fillers.fitting
 *   twin    most_completes          intlscore.engine.setsearch.fillers:Fillers.completes
 *   twin    most_feasible           intlscore.engine.setsearch.fillers:Fillers.feasible
 *   twin    most_filler_union       intlscore.engine.setsearch.fillers:Fillers.union
 *   twin    most_room               intlscore.engine.setsearch.fillers:room_of
 *   c-only  pairs_covered           keeps pairs_key's masks up to date (Python reads the lists)
 *   c-only  pairs_opened            keeps pairs_key's masks up to date (Python reads the lists)
 *   twin    pairs_merge             intlscore.engine.setsearch.drawn_pairs:_PairsSearch._merge
 *   c-only  pairs_pack              packs a gathering for the memo's arena (a tuple in Python)
 *   twin    pairs_leaf              intlscore.engine.setsearch.drawn_pairs:_PairsSearch._leaf
 *   twin    most_leaf               intlscore.engine.setsearch.keep_most:_SetSearch._leaf
 *   twin    most_affordable         intlscore.engine.setsearch.keep_most:affordable
 *   twin    most_take               intlscore.engine.setsearch.keep_most:_SetSearch._take
 *   twin    most_give_back          intlscore.engine.setsearch.keep_most:_SetSearch._give_back
 *   twin    most_give_all           intlscore.engine.setsearch.keep_most:_SetSearch._give_all
 *   twin    most_take_all           intlscore.engine.setsearch.keep_most:_SetSearch._take_all
 *   twin    most_groups             intlscore.engine.setsearch.keep_most:_SetSearch._groups
 *   twin    most_extend_right       intlscore.engine.setsearch.keep_most:_SetSearch._extend_right
 *   twin    most_runs_through       intlscore.engine.setsearch.keep_most:_SetSearch._runs_through
 *   c-only  pairs_key               the pairs walk's memo key (the role of _SetSearch._tie_key), packed from room masks
 *   twin    pairs_walk_once         intlscore.engine.setsearch.drawn_pairs:_PairsSearch._walk_once
 *   same    most_search             intlscore.engine.setsearch.keep_most:_SetSearch._search tests/test_reach_native.py::test_native_equals_python_on_generated_hands
 *   twin    most_walk               intlscore.engine.setsearch.keep_most:_SetSearch._walk
 *   twin    spec_usable             intlscore.engine.spec:TypeSpec.usable
 *   twin    type_fillers            intlscore.engine.setsearch.shapes:filler_sets
 *   twin    pairs_run               intlscore.engine.setsearch.drawn_pairs:_PairsSearch.run
 *   c-only  stood_code              a hand's tiles as one word (a sorted tuple in Python)
 *   c-only  stood_cells             a hand's tiles as one word (a sorted tuple in Python)
 *   c-only  stood_push              the codes' stack (Python: sets)
 *   twin    stood_merge             intlscore.engine.setsearch.drawn_pairs:_StoodSearch._record
 *   c-only  stood_pack              sorts a key's codes into the arena (Python: a frozenset)
 *   c-only  leaf_fillers            the filler step of _PairsSearch._leaf, shared by pairs_leaf and stood_leaf
 *   twin    stood_leaf              intlscore.engine.setsearch.drawn_pairs:_StoodSearch._completed
 *   c-only  pairs_into              every two of a hand's tiles into rows (the rows step of _stood_rows)
 *   c-only  within_caps             one stood hand against the caps (StoodHands.drawn_pairs reads masks in _read)
 *   same    holds_stood_pairs       intlscore.engine.setsearch.drawn_pairs:StoodHands.drawn_pairs tests/test_stood_walk.py::test_one_walk_reads_the_walks_around_it
 *   twin    holds_stood_within      intlscore.engine.setsearch.drawn_pairs:StoodHands.within
 *   c-only  code_order              qsort's order of the codes (Python: sets)
 *   twin    holds_sets_stood        intlscore.engine.setsearch.drawn_pairs:stood_hands
 *   c-only  pairs_walk_new          a walk's state (Python: a _PairsSearch per target)
 *   c-only  sets_walk               the target loop holds_sets, holds_sets_outs and the pairs walks share (best_over_targets's, in number order)
 *   same    holds_sets              intlscore.engine.setsearch.keep_most:closest_sets tests/test_holds_table.py::test_every_type_agrees_with_the_reach_search
 *   same    holds_sets_outs         intlscore.engine.reach.solve:closest_within tests/test_play_odds.py::test_the_compiled_expectimax_equals_the_python_one
 *   twin    holds_sets_pairs        intlscore.engine.setsearch.drawn_pairs:drawn_pairs
 *   glue    melds_list              builds the Python list of melds
 *   parser  split_new               an entry's tiles into a Split
 *   glue    split_free              frees a Split
 *   glue    split_of                runs a split without the GIL and builds its answer
 *   glue    plain_split_entry       the Python entry plain_split: split_of without conditions (Python: setsearch.split.plain_split)
 *   glue    conditioned_split_entry the Python entry conditioned_split: split_of under a compiled type (Python: setsearch.split.conditioned_split)
 *   glue    discards_entry          the Python entry discards_leaving_sets: parses the tiles, runs discards_after, builds the frozenset
 *   glue    pack_keep               the keep's two words as one Python int
 *   twin    closest_sets_entry      intlscore.engine.setsearch.keep_most:_SetSearch.run
 *   glue    mask_tuple              52 masks as a Python tuple
 *   glue    pairs_tuple             a HoldsPairs as the tests read it
 *   glue    sets_pairs_entry        for the tests: holds_sets_pairs alone
 *   glue    sets_stood_entry        for the tests: holds_sets_stood and holds_stood_pairs
 *   inlines sets_walk               intlscore.engine.setsearch.keep_most:search_start
 *   inlines most_walk               intlscore.engine.setsearch.keep_most:_SetSearch._runs
 *   inlines most_completes          intlscore.engine.setsearch.fillers:minus
 *   inlines pairs_leaf              intlscore.engine.setsearch.drawn_pairs:_PairsSearch._completed
 *   inlines sets_walk               intlscore.engine.setsearch.keep_most:kept_cap
 */
/*
 * The set search, compiled: can these tiles be laid out in groups (R4) and runs (R5), and
 * how. One lowest-tile-first walk in three modes (docs/design.md):
 *
 * - find one split (plain_split, conditioned_split, discards_leaving_sets; split_*): one
 *   layout of the tiles meeting a set-based type, jokers placed at definite tiles (R7), as
 *   the scorer asks. A line-for-line port of SetSearch in
 *   intlscore/engine/setsearch/split.py as conditioned_split there
 *   configures it: split_search is SetSearch._search, split_groups_with _groups_with,
 *   split_runs_with _runs_with, split_run_from _run_from; the same order of groups and
 *   runs and the same prune points, so the same split is found. The plain split (every
 *   number, every run position, at most four sets, no condition) is the conditioned one
 *   with no condition (PLAIN). The type comes as (compiled table, index), its HoldsType
 *   the TypeSpec of intlscore/engine/spec.py; the checks on a finished split are those
 *   of tiles_hold in intlscore/engine/conditions.py, the pruning of a partial choice of jokers' tiles those
 *   of joker_tiles_may_hold. discards_after is `after` in discards_leaving_sets
 *   (setsearch/split.py): at each step the lowest tile joins a group or a run, or, once,
 *   is the discard.
 *
 * - keep most (closest_sets; most_*): the most hand tiles a completed hand of a set-based
 *   type keeps, the union of the tiles drawn by every such hand (the outs) and the
 *   preferred keep, as reach asks. A port of _SetSearch in
 *   intlscore/engine/setsearch/keep_most.py: most_search is _SetSearch._search without
 *   the shortcuts only the Python build needs (the bound of most_kept_later, the drop of
 *   a partial hand whose sets to come cannot hold the rest, and outside pairs mode
 *   _tie_key and _walk_once: the same answer, docs/design.md), most_walk
 *   _walk, most_groups _groups, most_runs_through and the loop over positions in most_walk
 *   _runs and _runs_through, most_extend_right _extend_right, most_hopeless_at
 *   _hopeless_at, most_affordable affordable, most_ok partial_ok, most_final_ok Fillers.final_ok,
 *   most_take, most_give_back, most_take_all and most_give_all _take, _give_back,
 *   _take_all and _give_all, most_leaf _leaf, most_filler_union Fillers.union,
 *   most_feasible Fillers.feasible, most_next_filler one step of Fillers.fitting, most_fits
 *   Fillers.fits, most_completes Fillers.completes, most_short_after Fillers.short_after
 *   (the leaves' fillers in intlscore/engine/setsearch/fillers.py); closest_sets_entry runs
 *   _SetSearch.run's two passes. Python prepares the inputs (open hand copies, R3 caps,
 *   the spec, the filler sets in order) and gets back (kept, outs mask, keep packed two
 *   bits a tile).
 *
 * - decide only (holds_sets, holds.h): the keep-most walk with `decide` set (no outs, no
 *   tie-breaking between keeps, a stop at the first hand keeping all it can): the
 *   holds-check of set-based types, which holds_table.c completes for every type. Its
 *   reference is the reach search taken with nothing more to draw; spec_usable is
 *   TypeSpec.usable (intlscore/engine/spec.py), type_fillers filler_sets. With
 *   the outs gathered (every tie visited, as _SetSearch.run's second pass at a floor) it
 *   is holds_sets_outs: which drawn tiles complete a pool holding jokers (play.c; its
 *   reference is closest_sets with a floor, as Wins.completing in odds/wins.py asks).
 *   With every hand at the floor or above visited and what each stands in for gathered
 *   (pairs_leaf, pairs_merge; below a point with fewer than three draws left, once per
 *   key: pairs_walk_once, pairs_key), it is holds_sets_pairs: which two drawn tiles
 *   complete 13 tiles (the play search's last two draws, play.c); its reference is
 *   intlscore/engine/setsearch/drawn_pairs.py (_PairsSearch: drawn_pairs). In stood mode
 *   (stood_leaf, stood_merge, stood_pack) the same walk keeps what each hand stands in for
 *   whole, one code a hand: holds_sets_stood, which answers holds_sets_pairs of 12 or 13
 *   tiles and of them with any one tile more, under any lower caps (holds_stood_pairs;
 *   _StoodSearch, stood_hands and StoodHands in pairs.py).
 *
 * Shared by the modes: the tile geometry (position_tile is melds.position_tile), one memo
 * table (Memo), the groups holding a tile (build_choices, GROUP_CHOICES in
 * setsearch/steps.py, whose groups without a joker reach's walk takes) and what a type
 * asks (HoldsType, holds.h: the TypeSpec of intlscore/engine/spec.py).
 *
 * A type is data: this file never names a type. The Python builds stay the reference; the
 * tests compare the two builds answer for answer.
 *
 * Portable C99 for any CPython from 3.11 on: the stable ABI only (one abi3 wheel serves
 * every version), no 128-bit integers, no compiler builtins (MSVC and 32-bit platforms
 * build it too).
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

#define MAX_TILES 15 /* discards_leaving_sets: 15 tiles, so at most five sets */
#define MELDS 5
#define KEPT_ALL 63 /* discards_leaving_sets: the bit of "the rest splits" (-1 in Python) */
#define MEMO_TAKEN ((uint64_t)1 << 63) /* in a memo key's third word: the slot is taken */
#define MEMO_START 4096 /* a memo made on first use starts with this many slots ... */
#define MEMO_GROWTH 2   /* ... and grows by this factor, kept at most half full */
#define MEMO_FIRST 64   /* the split's memo starts inside the Split ... */
#define MEMO_MOST 4096  /* ... and grows up to this many slots */
#define ALL_PRESENT 15 /* every colour present */

#if defined(_MSC_VER) && !defined(__cplusplus)
#define inline __inline
#endif

/* ==== shared by the three modes ===================================================== */

/* ---- tile geometry: index (number - 1) * 4 + colour, as intlscore/engine/tiles.py -- */

/* The tile of a colour at a run position (1-14, 14 the high 1): melds.position_tile. */
static inline int position_tile(int colour, int position) {
    return ((position - 1) % NUMBERS) * 4 + colour;
}
static inline int number_of(int tile) { return tile / 4 + 1; }
static inline int bit_count(uint64_t mask) {
    int n = 0;
    for (; mask; mask &= mask - 1) n++;
    return n;
}
static inline int lowest_bit(uint64_t mask) { /* mask != 0: a de Bruijn multiply */
    static const unsigned char index[64] = {
        0,  1,  48, 2,  57, 49, 28, 3,  61, 58, 50, 42, 38, 29, 17, 4,
        62, 55, 59, 36, 53, 51, 43, 22, 45, 39, 33, 30, 24, 18, 12, 5,
        63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21, 44, 32, 23, 11,
        46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9,  13, 8,  7,  6};
    return index[((mask & (0 - mask)) * 0x03F79D71B4CB0A89ULL) >> 58];
}
static inline int imin(int a, int b) { return a < b ? a : b; }
static inline int imax(int a, int b) { return a > b ? a : b; }

/* ---- memo: what a walk knows of a state, by a key of three words -------------------- */

/* An open-addressing table kept at most half full. The split's key is a state of its walk
 * exactly (the counts left, then the jokers' tiles and the sets so far: state_key); the
 * keep-most walk's is the room for filler sets and a leaf's partial hand (most_key). A
 * value remembered exactly holds in both builds, whose Python memo keys are coarser. */
typedef struct {
    uint64_t a, b, c; /* the key; c has MEMO_TAKEN set in a taken slot, so 0 is free */
    uint64_t value;
} MemoEntry;

typedef struct {
    MemoEntry *slots; /* `inner`, or a larger table of its own once grown */
    size_t size, count;
    size_t most;      /* grows up to this many slots, then stops remembering; 0: no limit */
    MemoEntry *inner; /* the first slots, inside the walk's own struct (or none) */
} Memo;

/* A memo starting with `size` slots at `inner` (0 and NULL: MEMO_START, made on first use). */
static void memo_init(Memo *m, MemoEntry *inner, size_t size, size_t most) {
    m->slots = m->inner = inner;
    m->size = size;
    m->count = 0;
    m->most = most;
}

static void memo_free(Memo *m) {
    if (m->slots != m->inner) free(m->slots);
    m->slots = m->inner = NULL;
    m->size = m->count = 0;
}

static inline uint64_t memo_mix(uint64_t a, uint64_t b, uint64_t c) {
    uint64_t h = a * 0x9E3779B97F4A7C15ULL;
    h ^= (b + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= (c + 0x165667B19E3779F9ULL) * 0x94D049BB133111EBULL;
    h ^= h >> 31;
    return h;
}

/* The key's slot: its entry, or the free slot where it goes (the table is never full). */
static inline MemoEntry *memo_slot(const Memo *m, uint64_t a, uint64_t b, uint64_t c) {
    size_t mask = m->size - 1, i = (size_t)memo_mix(a, b, c) & mask;
    c |= MEMO_TAKEN;
    for (; m->slots[i].c; i = (i + 1) & mask) {
        const MemoEntry *e = &m->slots[i];
        if (e->c == c && e->a == a && e->b == b) break;
    }
    return &m->slots[i];
}

/* Whether the key is remembered, and its value in *value. */
static inline int memo_get(const Memo *m, uint64_t a, uint64_t b, uint64_t c, uint64_t *value) {
    if (m->size == 0) return 0;
    const MemoEntry *e = memo_slot(m, a, b, c);
    if (!e->c) return 0;
    *value = e->value;
    return 1;
}

/* Remember the key's value; a memo that cannot grow any more (`most`, or out of memory)
 * simply stops remembering new keys: their values are computed again. */
static void memo_put(Memo *m, uint64_t a, uint64_t b, uint64_t c, uint64_t value) {
    if (2 * (m->count + 1) > m->size) {
        size_t size = m->size ? MEMO_GROWTH * m->size : MEMO_START;
        MemoEntry *old = m->slots, *grown;
        if ((m->most && size > m->most) || (grown = calloc(size, sizeof(MemoEntry))) == NULL)
            return;
        size_t old_size = m->size;
        m->slots = grown;
        m->size = size;
        for (size_t i = 0; i < old_size; i++)
            if (old[i].c) *memo_slot(m, old[i].a, old[i].b, old[i].c) = old[i];
        if (old != m->inner) free(old);
    }
    MemoEntry *e = memo_slot(m, a, b, c);
    if (!e->c) m->count++;
    e->a = a;
    e->b = b;
    e->c = c | MEMO_TAKEN;
    e->value = value;
}

/* ---- groups: the groups holding a tile (R4) ---------------------------------------- */

/* For a tile's colour, the other colours present (bit mask) and 0-2 jokers: every group
 * holding the tile as (real colours, joker colours), fewest jokers first, as GROUP_CHOICES
 * in setsearch/steps.py. The split tries them in this order. The keep-most walk takes the groups
 * without a joker with every other colour present (ALL_PRESENT, 0), last first: the
 * colour sets of the four groups holding a tile (the four-colour group, then each
 * three-colour one), whose tiles it keeps or draws; its answer is the same in any order. */
typedef struct {
    int nreal, real[3], nwild, wild[3];
} Choice;
static Choice CHOICES[4][16][3][27];
static int NCHOICES[4][16][3];

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
}

/* Fills the tables the walks read: called once, as the module is made (_native.c), before
 * any walk runs (some run without the GIL). */
void setsearch_init(void) { build_choices(); }

/* ==== find one split: the scorer's walk (SetSearch) ================================= */

/* Groups and runs with no condition (spec.py: PLAIN): the plain split's type. */
static const HoldsType PLAIN = {HOLDS_SETS, 1, 1, ALL_NUMBERS, 1, HIGH_ONE, MAX_SETS, 0, 0, -1, -1, 0,
                                {0}, 0, 1, 0};

typedef struct {
    int run;           /* 0: group, 1: run */
    int size;
    int rack[MAX_RUN]; /* the tile on the rack (52 a joker) */
    int rep[MAX_RUN];  /* the tile it stands for */
} Meld;

typedef struct {
    HoldsType spec;   /* the type (spec.py: TypeSpec) */
    int prune;        /* a partial choice of jokers' tiles can break a condition */
    int count[HOLDS_TILES]; /* real tiles left */
    int cap[HOLDS_TILES];   /* copies a joker may stand for (R3): HandFacts.cap */
    /* the real tiles, all of them (HandFacts): total (R8), colours, tiles per number */
    int total, colour_mask, number_count[NUMBERS + 1];
    int used[2];      /* the jokers' tiles so far, sorted (at most two jokers) */
    int nused;
    int run_colours;  /* colours of the runs so far, when distinct_colours */
    Meld melds[MELDS];
    int depth, sets;  /* sets: how many melds the split found has */
    int discarded;    /* discards_leaving_sets: a tile (or joker) is discarded already */
    uint64_t *found;  /* discards_leaving_sets: the discards found at the level enumerating */
    Memo memo;        /* states that failed (split) or their discards (discards_after) */
    MemoEntry first[MEMO_FIRST];
} Split;

/* What to do with each group or run found for the lowest tile: go on with the search
 * below it (`jokers` left); nonzero stops the enumeration. */
typedef int (*Next)(Split *s, int jokers);

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
    for (int i = 0; i < HOLDS_TILES; i++) {
        if (!s->count[i]) continue;
        s->total += s->count[i] * number_of(i);
        s->colour_mask |= 1 << (i & 3);
        s->number_count[number_of(i)] += s->count[i];
    }
}

/* Whether the real tiles are all in the range (minor_ok / major_ok, R9). */
static int real_tiles_in_range(const Split *s) {
    for (int n = 1; n <= NUMBERS; n++)
        if (s->number_count[n] && !(s->spec.numbers >> n & 1)) return 0;
    return 1;
}

/* joker_tiles_may_hold: the jokers' tiles so far (`used` and `added`) in the range (R9),
 * the total within max_total (R8), no more colours than allowed; each only gets worse as
 * jokers are added, so a failure here prunes every completion. */
static int jokers_may_hold(const Split *s, const int *added, int nadded) {
    int total = s->total, mask = s->colour_mask;
    for (int i = 0; i < s->nused + nadded; i++) {
        int tile = i < s->nused ? s->used[i] : added[i - s->nused];
        if (!(s->spec.numbers >> number_of(tile) & 1)) return 0;
        total += number_of(tile);
        mask |= 1 << (tile & 3);
    }
    if (s->spec.max_total >= 0 && total > s->spec.max_total) return 0;
    return s->spec.colours < 0 || bit_count(mask) <= s->spec.colours;
}

/* The leaf of conditioned_split (setsearch/split.py): the number of sets allowed, then
 * tiles_hold with the jokers' tiles (the real tiles' range is checked once, before the
 * search). */
static int split_holds(const Split *s) {
    const HoldsType *c = &s->spec;
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

/* ---- memo key ---------------------------------------------------------------------- */

/* A state of the split's walk, exactly, as a memo key: the counts left, two bits a tile (a:
 * tiles 0-31, b: 32-51), then in c the jokers left, the jokers' tiles, the sets so far, the
 * runs' colours and whether a tile was discarded (discards_leaving_sets). */
typedef struct {
    uint64_t a, b, c;
} StateKey;

static StateKey state_key(const Split *s, int jokers, int sets) {
    StateKey k = {0, 0, 0};
    for (int i = 0; i < 32; i++) k.a |= (uint64_t)s->count[i] << (2 * i);
    for (int i = 32; i < HOLDS_TILES; i++) k.b |= (uint64_t)s->count[i] << (2 * (i - 32));
    int used0 = s->nused > 0 ? s->used[0] + 1 : 0, used1 = s->nused > 1 ? s->used[1] + 1 : 0;
    k.c = (uint64_t)jokers | (uint64_t)used0 << 2 | (uint64_t)used1 << 8 | (uint64_t)sets << 14 |
          (uint64_t)s->run_colours << 17 | (uint64_t)s->discarded << 21;
    return k;
}

/* ---- the search --------------------------------------------------------------------- */

/* Groups holding `tile` (its one copy already taken), as SetSearch._groups_with; `next`
 * goes on below each. */
static int split_groups_with(Split *s, int tile, int jokers, Next next) {
    int colour = tile & 3, base = tile - colour, present = 0;
    if (!(s->spec.numbers >> number_of(tile) & 1)) return 0;
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
static int split_run_from(Split *s, int start, int position, int tile, int colour, int jokers,
                          Next next) {
    Meld *meld = &s->melds[s->depth];
    int taken[MAX_RUN], ntaken = 0, added[MAX_RUN], nadded = 0, found = 0;
    meld->run = 1;
    meld->size = 0;
    for (int at = start; at <= s->spec.high && meld->size < MAX_RUN;) {
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

static int split_runs_with(Split *s, int tile, int jokers, Next next) {
    int colour = tile & 3, number = number_of(tile), low = s->spec.low, high = s->spec.high;
    int positions[2] = {number, HIGH_ONE}, npositions = number == 1 ? 2 : 1;
    for (int k = 0; k < npositions; k++) {
        int position = positions[k];
        if (position < low || position > high) continue;
        /* Below `position` (unless it is the high 1) every number is used up: jokers only. */
        int lowest = position == HIGH_ONE ? position - (MAX_RUN - 1) : position - jokers;
        if (lowest < low) lowest = low;
        for (int start = lowest; start <= position; start++)
            if (split_run_from(s, start, position, tile, colour, jokers, next)) return 1;
    }
    return 0;
}

static int split_search(Split *s, int jokers) {
    int tile = 0;
    while (tile < HOLDS_TILES && !s->count[tile]) tile++;
    if (tile == HOLDS_TILES) { /* jokers alone never make a set */
        s->sets = s->depth;
        return jokers == 0 && split_holds(s);
    }
    if (s->depth >= s->spec.max_sets) return 0;
    StateKey key = state_key(s, jokers, s->depth);
    uint64_t failed;
    if (memo_get(&s->memo, key.a, key.b, key.c, &failed)) return 0; /* failed before */
    s->count[tile]--;
    int found = s->spec.groups && split_groups_with(s, tile, jokers, split_search);
    if (!found && s->spec.runs) {
        int colour = tile & 3, before = s->run_colours;
        if (!(s->spec.distinct_colours && (before >> colour & 1))) {
            if (s->spec.distinct_colours) s->run_colours |= 1 << colour;
            found = split_runs_with(s, tile, jokers, split_search);
            s->run_colours = before;
        }
    }
    s->count[tile]++;
    if (!found) memo_put(&s->memo, key.a, key.b, key.c, 0);
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

/* As `after` in discards_leaving_sets (setsearch/split.py): the tiles (bit 52 a joker) that can be
 * discarded from here so that the rest splits into sets; once `discarded`, the bit
 * KEPT_ALL when the rest splits. */
static uint64_t discards_after(Split *s, int jokers) {
    int tile = 0;
    while (tile < HOLDS_TILES && !s->count[tile]) tile++;
    if (tile == HOLDS_TILES) {
        if (!jokers) return s->discarded ? (uint64_t)1 << KEPT_ALL : 0;
        return jokers == 1 && !s->discarded ? (uint64_t)1 << JOKER : 0;
    }
    /* Unlike a split's, the discards do not depend on the sets so far. */
    StateKey key = state_key(s, jokers, 0);
    uint64_t known;
    if (memo_get(&s->memo, key.a, key.b, key.c, &known)) return known;
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
    if (!split_groups_with(s, tile, jokers, discards_below)) {
        s->found = &found;
        split_runs_with(s, tile, jokers, discards_below);
    }
    s->count[tile]++;
    memo_put(&s->memo, key.a, key.b, key.c, found);
    return found;
}

/* ==== keep most: reach's walk (_SetSearch) ========================================= */

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
    HoldsType spec; /* the type (spec.py: TypeSpec) */
    /* same_number: that many tiles of the target number (its four tiles in target_mask) */
    int target_base, kept_cap;
    uint64_t target_mask;
    /* pool and walk */
    int cap[HOLDS_TILES], open[HOLDS_TILES], cover[HOLDS_TILES];
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
    HoldsPairs *pairs; /* pairs mode (holds_sets_pairs): every hand at the floor or above */
    struct PairsWalk *pw; /* pairs mode: what the hands below each key stand in for */
    int drawn[2 * HOLDS_TILES], ndrawn; /* pairs mode: the tiles drawn so far, in order */
    int settled; /* pairs mode: the innermost key has no draw left and a hand: done */
    /* pairs mode, kept up to date for the key (pairs_key): the tiles with cap >= 1 and 2,
     * with cover >= 1 and 2, and the pool's copies still open (one bit a copy) */
    uint64_t cap1, cap2, cover1, cover2, open_code;
    Memo memo; /* filler union and feasibility (most_key) */
} MostWalk;

/* Pairs mode (pairs.py: _PairsSearch): below a point of the walk with fewer than three
 * draws left, what the completed hands stand in for beyond the tiles drawn above it, per
 * level (0: keeping all the pool's real tiles but one, 1: all of them), gathered once per
 * key (pairs_key) and merged into the enclosing key's (pairs_merge). A gathering's rows[L][x]
 * is the tiles drawn beside x by one hand, valid only for x in union_[L]. Packed (in the
 * memo's arena, and as pairs_merge reads it): any, union_[0], union_[1], then the rows of
 * union_[0]'s tiles, lowest first, then those of union_[1]'s. */
#define PAIRS_DEPTH 64        /* nested keys gathered apart; deeper ones gather into this */
#define PAIRS_MEMO_FIRST 1024 /* the keys' memo starts with this many slots */
#define PAIRS_PACKED (3 + 2 * HOLDS_TILES)
typedef struct {
    uint64_t any; /* bit L: a hand at level L */
    uint64_t union_[2];
    uint64_t rows[2][HOLDS_TILES];
    int mark;  /* where the tiles drawn below the key start in the walk's `drawn` */
    int draws; /* the draws left at the key */
    size_t start; /* stood mode: where the key's codes start in the walk's `codes` */
} Gathering;

typedef struct PairsWalk {
    Gathering level[PAIRS_DEPTH]; /* level[depth]: the innermost key's */
    int depth;
    Memo memo; /* key (pairs_key) -> offset of its packed gathering in the arena */
    MemoEntry first[PAIRS_MEMO_FIRST];
    uint64_t *arena;
    size_t used, size;
    uint64_t spare[PAIRS_PACKED]; /* a gathering packed where the arena cannot grow */
    uint64_t copy_bit[HOLDS_TILES][COPIES]; /* the bit of each open copy in open_code */
    /* stood mode (holds_sets_stood): each hand's tiles as a code (stood_code) instead of
     * unions and rows, the innermost key's last in `codes`; a key's packed in the arena as
     * their count, then the codes sorted */
    int stood;
    uint64_t *codes;
    size_t ncodes, codes_size;
    int failed; /* stood mode: out of memory */
} PairsWalk;

/* Pairs mode: the key's masks after cover[cell] changed. */
static inline void pairs_covered(MostWalk *s, int cell) {
    uint64_t bit = 1ULL << cell;
    s->cover1 = s->cover[cell] >= 1 ? s->cover1 | bit : s->cover1 & ~bit;
    s->cover2 = s->cover[cell] >= 2 ? s->cover2 | bit : s->cover2 & ~bit;
}

/* Pairs mode: the open copies' bits after open[cell] changed. */
static inline void pairs_opened(MostWalk *s, int cell) {
    const uint64_t *bits = s->pw->copy_bit[cell];
    s->open_code = (s->open_code & ~(bits[0] | bits[1])) | (s->open[cell] >= 1 ? bits[0] : 0) |
                   (s->open[cell] >= 2 ? bits[1] : 0);
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

/* The copies of tile `cell` a keep holds. */
static inline int keep_count(Keep keep, int cell) {
    return (int)((cell < 32 ? keep.lo >> (2 * cell) : keep.hi >> (2 * (cell - 32))) & 3);
}

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

/* ---- memo key -------------------------------------------------------------------- */

static inline uint64_t most_key(int kind, int need, int sets, int total, int colours,
                                int run_colours, int first, int short_) {
    return (uint64_t)kind | (uint64_t)need << 1 | (uint64_t)sets << 6 |
           (uint64_t)(total + 1) << 10 | (uint64_t)colours << 22 | (uint64_t)run_colours << 26 |
           (uint64_t)first << 30 | (uint64_t)short_ << 46;
}

/* Target tiles still missing after a filler set (same_number). */
static inline int most_short_after(MostWalk *s, const Cand *c, int short_) {
    int left = short_ - bit_count(c->mask & s->target_mask);
    return left > 0 ? left : 0;
}

/* ---- conditions ------------------------------------------------------------- */

static inline int most_ok(MostWalk *s, int tiles, int sets, int total, int colours) {
    if (tiles > HOLDS_HAND || sets > s->spec.max_sets) return 0;
    if (s->spec.max_total >= 0 && total > s->spec.max_total) return 0;
    return s->spec.colours < 0 || bit_count((uint64_t)colours) <= s->spec.colours;
}

static inline int most_final_ok(MostWalk *s, int sets, int colours) {
    if (s->spec.sets_mask && !(s->spec.sets_mask >> sets & 1)) return 0;
    return s->spec.colours < 0 || bit_count((uint64_t)colours) == s->spec.colours;
}

/* Whether a partial hand keeping at most `most` tiles can add nothing: it must
 * beat the best, or tie it while ties can add outs (second pass) or give a
 * preferred keep (first pass; `keep` is final below tile index `start`). */
static inline int most_hopeless_at(MostWalk *s, int most, Keep keep, int start) {
    if (s->settled) return 1;
    if (most != s->best_kept) return most < s->best_kept;
    if (s->decide) return 1;
    if (!s->strict) return s->best_outs == s->full;
    Keep mine = keep_below(keep, start), theirs = keep_below(s->best_keep, start);
    if (mine.lo == theirs.lo && mine.hi == theirs.hi) return 0;
    return !prefers(mine, theirs);
}

static inline void most_offer(MostWalk *s, int kept, uint64_t outs, Keep keep) {
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

static inline int most_fits(MostWalk *s, const Cand *c, uint64_t room, int total, int colours,
                            int run_colours) {
    if (s->spec.max_total >= 0 && total + c->total > s->spec.max_total) return 0;
    if (c->mask & ~room) return 0;
    if (s->spec.colours >= 0 && bit_count((uint64_t)(colours | c->colours)) > s->spec.colours)
        return 0;
    return !(s->spec.distinct_colours && c->run_colour >= 0 && (run_colours >> c->run_colour & 1));
}

/* ---- fillers: whole sets of drawn tiles ------------------------------------- */

/* The room left (m1: tiles with a copy left, m2: with two) is the Python `room` tuple.
 * next_filler: the first filler set from position `from` on that can be added (no more
 * than `need` tiles, and it fits), or -1: one step of `Fillers.fitting` in Python. */
static inline int most_next_filler(MostWalk *s, int from, int need, uint64_t m1, int total,
                                   int colours, int run_colours) {
    for (int position = from; position < s->nfillers; position++) {
        const Cand *c = &s->fillers[position];
        if (c->size > need) return -1;
        if (most_fits(s, c, m1, total, colours, run_colours)) return position;
    }
    return -1;
}

static int most_feasible(MostWalk *s, int need, int sets, uint64_t m1, uint64_t m2, int total,
                         int colours, int run_colours, int first, int short_);

/* Whether, with the filler set c added, whole sets from `first` on fill the rest. */
static inline int most_completes(MostWalk *s, const Cand *c, int first, int need, int sets,
                                 uint64_t m1, uint64_t m2, int total, int colours, int run_colours,
                                 int short_) {
    int rest = need - c->size;
    int after_colours = colours | c->colours;
    int after_short = most_short_after(s, c, short_);
    if (rest == 0) return after_short == 0 && most_final_ok(s, sets + 1, after_colours);
    if (rest < 3 || sets + 1 >= s->spec.max_sets || after_short > rest) return 0;
    int after_runs = run_colours | (c->run_colour >= 0 ? 1 << c->run_colour : 0);
    uint64_t a1 = m1 & ~(c->mask & ~m2), a2 = m2 & ~c->mask;
    return most_feasible(s, rest, sets + 1, a1, a2, total + c->total, after_colours, after_runs,
                         first, after_short);
}

static int most_feasible(MostWalk *s, int need, int sets, uint64_t m1, uint64_t m2, int total,
                         int colours, int run_colours, int first, int short_) {
    uint64_t packed = most_key(0, need, sets, total, colours, run_colours, first, short_);
    uint64_t cached;
    if (memo_get(&s->memo, m1, m2, packed, &cached)) return (int)cached;
    int result = 0;
    for (int position = most_next_filler(s, first, need, m1, total, colours, run_colours);
         position >= 0;
         position = most_next_filler(s, position + 1, need, m1, total, colours, run_colours)) {
        if (most_completes(s, &s->fillers[position], position, need, sets, m1, m2, total, colours,
                           run_colours, short_)) {
            result = 1;
            break;
        }
    }
    memo_put(&s->memo, m1, m2, packed, (uint64_t)result);
    return result;
}

/* Union of the tiles of every way to add `need` drawn tiles as whole sets; 0 and
 * *found = 0 when there is none. */
static uint64_t most_filler_union(MostWalk *s, int need, int sets, uint64_t m1, uint64_t m2,
                                  int total, int colours, int run_colours, int short_,
                                  int *found) {
    uint64_t packed = most_key(1, need, sets, total, colours, run_colours, 0, short_);
    uint64_t cached;
    if (memo_get(&s->memo, m1, m2, packed, &cached)) {
        *found = (int)(cached >> 63);
        return cached & ~(1ULL << 63);
    }
    uint64_t u = 0;
    int any = 0;
    for (int position = most_next_filler(s, 0, need, m1, total, colours, run_colours);
         position >= 0;
         position = most_next_filler(s, position + 1, need, m1, total, colours, run_colours)) {
        const Cand *c = &s->fillers[position];
        if (most_completes(s, c, 0, need, sets, m1, m2, total, colours, run_colours, short_)) {
            u |= c->mask;
            any = 1;
        }
    }
    memo_put(&s->memo, m1, m2, packed, u | (uint64_t)any << 63);
    *found = any;
    return u;
}

/* The room left at a leaf for filler sets: tiles with a copy left (m1), with two (m2),
 * none of a tile let go (the Python `room` tuple). */
static inline void most_room(const MostWalk *s, uint64_t *m1, uint64_t *m2) {
    *m1 = 0;
    *m2 = 0;
    for (int i = 0; i < HOLDS_TILES; i++) {
        if (s->let_go >> i & 1) continue;
        int room = s->cap[i] - s->cover[i];
        if (room >= 1) *m1 |= 1ULL << i;
        if (room >= 2) *m2 |= 1ULL << i;
    }
}

/* Pairs mode: what hands standing in for the tiles drawn below the innermost key's mark,
 * then for what `below` (packed) gathers, add to the innermost key's gathering. A hand
 * standing in for D and then S makes the pairs of D, D x S and the pairs of S: over the
 * hands, the pairs of D, D x (the union of S) and the union of the pairs of S. With no
 * draw left at the key, a hand at level 0 settles it (nothing more can be added). */
static void pairs_merge(MostWalk *s, const uint64_t *below) {
    PairsWalk *pw = s->pw;
    Gathering *g = &pw->level[pw->depth];
    const int *drawn = s->drawn + g->mark;
    int n = s->ndrawn - g->mark;
    uint64_t mask = 0;
    for (int k = 0; k < n; k++) mask |= 1ULL << drawn[k];
    const uint64_t *rows = below + 3;
    for (int level = 0; level < 2; level++) {
        if (!(below[0] >> level & 1)) continue; /* no hand: no union, no rows */
        uint64_t union_ = below[1 + level], *mine = g->rows[level];
        for (uint64_t bits = (mask | union_) & ~g->union_[level]; bits; bits &= bits - 1)
            mine[lowest_bit(bits)] = 0; /* a row becomes valid */
        g->any |= 1ULL << level;
        g->union_[level] |= mask | union_;
        for (int a = 0; a < n; a++) {
            mine[drawn[a]] |= union_;
            for (int b = a + 1; b < n; b++) {
                mine[drawn[a]] |= 1ULL << drawn[b];
                mine[drawn[b]] |= 1ULL << drawn[a];
            }
        }
        for (uint64_t bits = union_; bits; bits &= bits - 1) mine[lowest_bit(bits)] |= mask | *rows++;
        if (level == 0 && g->draws == 0) s->settled = 1;
    }
}

/* Pairs mode: a gathering packed as pairs_merge reads it, into `out`; its length. */
static size_t pairs_pack(const Gathering *g, uint64_t *out) {
    size_t n = 3;
    out[0] = g->any;
    for (int level = 0; level < 2; level++) {
        out[1 + level] = g->union_[level];
        for (uint64_t bits = g->union_[level]; bits; bits &= bits - 1)
            out[n++] = g->rows[level][lowest_bit(bits)];
    }
    return n;
}

/* Stood mode: what one hand stands in for, as one word: its level (bit 63), how many
 * tiles (bits 48-51) and the tiles, sorted, six bits each from bit 0 (STOOD_MOST at most;
 * a hand of 12 tiles keeping all their real tiles but one stands in for five). */
#define STOOD_MOST 7
static uint64_t stood_code(int level, const int *cells, int n) {
    int sorted[STOOD_MOST];
    for (int k = 0; k < n; k++) { /* insertion sort: a handful of tiles */
        int j = k;
        while (j > 0 && sorted[j - 1] > cells[k]) {
            sorted[j] = sorted[j - 1];
            j--;
        }
        sorted[j] = cells[k];
    }
    uint64_t code = (uint64_t)level << 63 | (uint64_t)n << 48;
    for (int k = 0; k < n; k++) code |= (uint64_t)sorted[k] << (6 * k);
    return code;
}

/* Stood mode: the tiles of a code, sorted, into `cells`; how many. */
static int stood_cells(uint64_t code, int *cells) {
    int n = (int)(code >> 48 & 15);
    for (int k = 0; k < n; k++) cells[k] = (int)(code >> (6 * k) & 63);
    return n;
}

/* Stood mode: one more code on the walk's stack (out of memory: `failed`). */
static void stood_push(PairsWalk *pw, uint64_t code) {
    if (pw->ncodes == pw->codes_size) {
        size_t size = 2 * pw->codes_size + 256;
        uint64_t *grown = realloc(pw->codes, size * sizeof *grown);
        if (grown == NULL) {
            pw->failed = 1;
            return;
        }
        pw->codes = grown;
        pw->codes_size = size;
    }
    pw->codes[pw->ncodes++] = code;
}

/* Stood mode: hands standing in for the tiles drawn below the innermost key's mark and then
 * for each code of `below` (packed: the count, then the codes), into the innermost key's
 * codes. With no draw left at the key, a hand at level 0 settles it. */
static void stood_merge(MostWalk *s, const uint64_t *below) {
    PairsWalk *pw = s->pw;
    Gathering *g = &pw->level[pw->depth];
    int n = s->ndrawn - g->mark, cells[STOOD_MOST];
    for (uint64_t k = 0; k < below[0]; k++) {
        uint64_t code = below[1 + k];
        int level = (int)(code >> 63), m = stood_cells(code, cells);
        if (m + n > STOOD_MOST) continue; /* never: a hand stands in for five at most */
        for (int a = 0; a < n; a++) cells[m + a] = s->drawn[g->mark + a];
        stood_push(pw, stood_code(level, cells, m + n));
        if (level == 0 && g->draws == 0) s->settled = 1;
    }
}

static int code_order(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Stood mode: the innermost key's codes, sorted and each once, packed at the end of the
 * arena (the count, then the codes) and taken off the stack; their offset, or -1 where the
 * arena cannot grow (`failed`). */
static long long stood_pack(PairsWalk *pw, const Gathering *g) {
    uint64_t *codes = pw->codes + g->start;
    size_t n = pw->ncodes - g->start, kept = 0;
    qsort(codes, n, sizeof *codes, code_order);
    for (size_t k = 0; k < n; k++)
        if (kept == 0 || codes[k] != codes[kept - 1]) codes[kept++] = codes[k];
    if (pw->used + 1 + kept > pw->size) {
        size_t size = 2 * pw->size + 1 + kept;
        uint64_t *grown = realloc(pw->arena, size * sizeof *grown);
        if (grown == NULL) {
            pw->failed = 1;
            pw->ncodes = g->start;
            return -1;
        }
        pw->arena = grown;
        pw->size = size;
    }
    size_t offset = pw->used;
    pw->arena[offset] = kept;
    memcpy(pw->arena + offset + 1, codes, kept * sizeof *codes);
    pw->used += 1 + kept;
    pw->ncodes = g->start;
    return (long long)offset;
}

/* How many filler sets a type has (type_fillers, filler_sets in Python): at most
 * MAX_FILLERS, SMALL_FILLERS of three tiles, PAIRS_FILLERS of three or four, STOOD_FILLERS
 * of three to five. */
#define MAX_FILLERS (NUMBERS * 5 + COLOURS * 77) /* every group, every run of 3-13 */
#define SMALL_FILLERS (NUMBERS * 4 + 4 * 12)
#define PAIRS_FILLERS (SMALL_FILLERS + NUMBERS + 4 * 11)
#define STOOD_FILLERS (PAIRS_FILLERS + 4 * 10) /* and runs of five */

/* Pairs and stood modes at a leaf: a hand keeping `kept` real tiles (at the floor, or all
 * of them), complete (one filler: none, mask 0), or completed by each filler set of `need`
 * tiles (three up to `largest`), into `masks`; how many (0: no hand). */
static int leaf_fillers(MostWalk *s, int need, int sets, int total, int colours,
                        int run_colours, int short_, int largest, uint64_t *masks) {
    if (need == 0) {
        masks[0] = 0;
        return short_ == 0 && most_final_ok(s, sets, colours);
    }
    if (need < 3 || need > largest || sets >= s->spec.max_sets || short_ > need) return 0;
    int n = 0;
    uint64_t m1, m2;
    most_room(s, &m1, &m2);
    for (int position = most_next_filler(s, 0, need, m1, total, colours, run_colours);
         position >= 0;
         position = most_next_filler(s, position + 1, need, m1, total, colours, run_colours)) {
        const Cand *c = &s->fillers[position];
        if (c->size == need &&
            most_completes(s, c, 0, need, sets, m1, m2, total, colours, run_colours, short_))
            masks[n++] = c->mask;
    }
    return n;
}

/* Stood mode at a leaf (pairs_leaf's): each hand, with a new set of up to five drawn tiles
 * (12 tiles with two jokers keeping all their real tiles but one stand in for five). */
static void stood_leaf(MostWalk *s, int kept, int need, int sets, int total, int colours,
                       int run_colours, int short_) {
    PairsWalk *pw = s->pw;
    Gathering *g = &pw->level[pw->depth];
    int level = kept - s->best_kept, n = s->ndrawn - g->mark, cells[STOOD_MOST];
    uint64_t masks[STOOD_FILLERS];
    if (level < 0 || level > 1 || n + need > STOOD_MOST) return;
    for (int a = 0; a < n; a++) cells[a] = s->drawn[g->mark + a];
    int found = leaf_fillers(s, need, sets, total, colours, run_colours, short_, 5, masks);
    for (int k = 0; k < found; k++) {
        int m = n;
        for (uint64_t bits = masks[k]; bits; bits &= bits - 1) cells[m++] = lowest_bit(bits);
        stood_push(pw, stood_code(level, cells, m));
        if (level == 0 && g->draws == 0) s->settled = 1;
    }
}

/* Pairs mode at a leaf: each hand (leaf_fillers: a new set of three drawn tiles; of four
 * where the pool holds two jokers, a hand keeping all real tiles but one then standing in
 * for four), its tiles merged into the innermost key's gathering. */
static void pairs_leaf(MostWalk *s, int kept, int need, int sets, int total, int colours,
                       int run_colours, int short_) {
    int level = kept - s->best_kept;
    uint64_t below[PAIRS_PACKED] = {0}, masks[STOOD_FILLERS], union_ = 0, rows[HOLDS_TILES];
    if (level < 0 || level > 1) return;
    int found = leaf_fillers(s, need, sets, total, colours, run_colours, short_, 4, masks);
    if (!found) return;
    for (int k = 0; k < found; k++) {
        for (uint64_t bits = masks[k]; bits; bits &= bits - 1) {
            int cell = lowest_bit(bits);
            if (!(union_ >> cell & 1)) rows[cell] = 0;
            rows[cell] |= masks[k] & ~(1ULL << cell);
        }
        union_ |= masks[k];
    }
    below[0] = 1ULL << level;
    below[1 + level] = union_;
    size_t n = 3;
    for (uint64_t bits = union_; bits; bits &= bits - 1) below[n++] = rows[lowest_bit(bits)];
    pairs_merge(s, below);
}

static void most_leaf(MostWalk *s, int kept, int tiles, int sets, int total, int colours,
                      int run_colours, uint64_t outs, Keep keep) {
    if (kept < s->best_kept || (s->decide && kept == s->best_kept) ||
        (kept == s->best_kept && (s->strict || s->best_outs == s->full) &&
         !prefers(keep, s->best_keep)))
        return;
    int need = HOLDS_HAND - tiles;
    int short_ = 0;
    if (s->target_base >= 0) {
        short_ = s->spec.same_number;
        for (int c = 0; c < 4; c++) short_ -= s->cover[s->target_base + c];
        if (short_ < 0) short_ = 0;
    }
    if (s->pw) {
        if (s->pw->stood)
            stood_leaf(s, kept, need, sets, total, colours, run_colours, short_);
        else
            pairs_leaf(s, kept, need, sets, total, colours, run_colours, short_);
        return;
    }
    if (need == 0) {
        if (short_ == 0 && most_final_ok(s, sets, colours)) most_offer(s, kept, outs, keep);
        return;
    }
    if (need < 3 || sets >= s->spec.max_sets || short_ > need || s->nfillers == 0) return;
    uint64_t m1, m2;
    most_room(s, &m1, &m2);
    if (s->strict) {
        if (most_feasible(s, need, sets, m1, m2, total, colours, run_colours, 0, short_))
            most_offer(s, kept, 0, keep);
        return;
    }
    int found = 0;
    uint64_t u =
        most_filler_union(s, need, sets, m1, m2, total, colours, run_colours, short_, &found);
    if (found) most_offer(s, kept, outs | u, keep);
}

/* ---- the walk over hand tiles ------------------------------------------------ */

static void most_search(MostWalk *s, int start, int kept, int tiles, int sets, int total,
                        int colours, int run_colours, uint64_t outs, Keep keep, int left);

static int most_affordable(MostWalk *s, int start, int budget, int most) {
    int count = 0;
    for (int index = start; index < HOLDS_TILES; index++) {
        int held = s->open[index];
        int number = number_of(index);
        for (int k = 0; k < held; k++) {
            if (budget < number || count >= most) return count;
            budget -= number;
            count++;
        }
    }
    return count;
}

static inline int most_take(MostWalk *s, int cell) {
    if (s->open[cell]) {
        s->open[cell]--;
        s->cover[cell]++;
        if (s->pw) {
            pairs_opened(s, cell);
            pairs_covered(s, cell);
        }
        return 1;
    }
    if (s->cover[cell] < s->cap[cell] && !(s->let_go >> cell & 1)) {
        s->cover[cell]++;
        if (s->pw) {
            s->drawn[s->ndrawn++] = cell;
            pairs_covered(s, cell);
        }
        return 0;
    }
    return -1;
}

static inline void most_give_back(MostWalk *s, int cell, int how) {
    s->cover[cell]--;
    if (how == 1) s->open[cell]++;
    if (s->pw) {
        if (how == 1)
            pairs_opened(s, cell);
        else
            s->ndrawn--;
        pairs_covered(s, cell);
    }
}

static inline void most_give_all(MostWalk *s, const int *cells, const int *hows, int n) {
    while (n > 0) {
        n--;
        most_give_back(s, cells[n], hows[n]);
    }
}

/* take for each of the n cells (hows[k] says how); 0, with nothing taken, when one cannot. */
static inline int most_take_all(MostWalk *s, const int *cells, int n, int *hows) {
    for (int k = 0; k < n; k++) {
        hows[k] = most_take(s, cells[k]);
        if (hows[k] < 0) {
            most_give_all(s, cells, hows, k);
            return 0;
        }
    }
    return 1;
}

static void most_groups(MostWalk *s, int index, int kept, int tiles, int sets, int total,
                        int colours, int run_colours, uint64_t outs, Keep keep, int left) {
    int colour = index & 3;
    int base = index - colour;
    int number = number_of(index);
    const Choice *groups = CHOICES[colour][ALL_PRESENT][0]; /* the four-colour group first */
    for (int option = NCHOICES[colour][ALL_PRESENT][0] - 1; option >= 0; option--) {
        const Choice *group = &groups[option];
        int size = group->nreal + 1;
        int new_total = total + number * size;
        int new_colours = colours | 1 << colour;
        int cells[4], hows[4];
        cells[0] = index;
        for (int k = 0; k < group->nreal; k++) {
            new_colours |= 1 << group->real[k];
            cells[k + 1] = base + group->real[k];
        }
        if (!most_ok(s, tiles + size, sets + 1, new_total, new_colours)) continue;
        if (!most_take_all(s, cells, size, hows)) continue;
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
        most_search(s, index, kept + gained, tiles + size, sets + 1, new_total, new_colours,
                    run_colours, drawn, new_keep, left - gained);
        most_give_all(s, cells, hows, size);
    }
}

static void most_extend_right(MostWalk *s, int index, int colour, int start, int position, int kept,
                              int tiles, int sets, int total, int colours, int run_colours,
                              uint64_t outs, Keep keep, int left) {
    int new_colours = colours | 1 << colour;
    int new_runs = run_colours | 1 << colour;
    int end = position;
    int cells[MAX_RUN + 1], hows[MAX_RUN + 1], ncells = 0;
    int top = imin(s->spec.high, start + MAX_RUN - 1);
    for (;;) {
        if (end - start + 1 >= 3 && most_ok(s, tiles, sets + 1, total, new_colours))
            most_search(s, index, kept, tiles, sets + 1, total, new_colours, new_runs, outs, keep,
                        left);
        end++;
        if (end > top || tiles >= HOLDS_HAND) break;
        if (s->spec.max_total >= 0 && total > s->spec.max_total) break;
        int cell = position_tile(colour, end);
        int how = most_take(s, cell);
        if (how < 0) break;
        cells[ncells] = cell;
        hows[ncells++] = how;
        tiles++;
        total += number_of(cell);
        if (how) {
            kept++;
            keep = keep_plus(keep, cell);
            left--;
        } else {
            outs |= 1ULL << cell;
            if (most_hopeless_at(s, HOLDS_HAND - (tiles - kept), keep, index)) break;
        }
    }
    most_give_all(s, cells, hows, ncells);
}

static void most_runs_through(MostWalk *s, int index, int position, int kept, int tiles, int sets,
                              int total, int colours, int run_colours, uint64_t outs, Keep keep,
                              int left) {
    int colour = index & 3;
    int low = imax(imax(s->spec.low, position - (MAX_RUN - 1)), 1);
    most_take(s, index); /* the anchor: an open hand copy, kept */
    int anchor_number = number_of(index);
    int base_kept = kept + 1;
    Keep base_keep = keep_plus(keep, index);
    int base_total = total + anchor_number;
    int cells[MAX_RUN + 1], hows[MAX_RUN + 1], ncells = 0;
    int left_kept = 0, left_total = 0;
    Keep left_keep = NO_KEEP;
    uint64_t left_outs = 0;
    for (int start = position; start >= low; start--) {
        if (start < position) {
            int cell = position_tile(colour, start);
            int how = most_take(s, cell);
            if (how < 0) break;
            cells[ncells] = cell;
            hows[ncells++] = how;
            left_total += number_of(cell);
            if (how) {
                left_kept++;
                left_keep = keep_plus(left_keep, cell);
            } else {
                left_outs |= 1ULL << cell;
                int most = HOLDS_HAND - (tiles + position - start + 1 - base_kept - left_kept);
                if (most_hopeless_at(s, most, keep_join(base_keep, left_keep), index))
                    break;
            }
        }
        most_extend_right(s, index, colour, start, position, base_kept + left_kept,
                          tiles + position - start + 1, sets, base_total + left_total, colours,
                          run_colours, outs | left_outs, keep_join(base_keep, left_keep),
                          left - 1 - left_kept);
    }
    most_give_all(s, cells, hows, ncells);
    most_give_back(s, index, 1);
}

/* Pairs mode: what the hands completed from a partial hand with fewer than three draws
 * left depend on, as the key of the second pass's ties (_SetSearch._tie_key): the open
 * copies (which of the pool's copies, one bit each), the room left (the copies that can
 * still be drawn) of the tiles a set anchored from the lowest open tile on may draw, and
 * the counts the type's conditions read. */
static void pairs_key(MostWalk *s, int start, int kept, int tiles, int sets, int total,
                      int colours, int run_colours, int draws, uint64_t *a, uint64_t *b,
                      uint64_t *c) {
    int index = start;
    while (index < HOLDS_TILES && !s->open[index]) index++;
    uint64_t m1 = 0, m2 = 0;
    if (draws > 0) { /* most_room, from the masks */
        uint64_t free = ~s->let_go;
        m1 = ((s->cap2 & ~s->cover2) | (s->cap1 & ~s->cap2 & ~s->cover1)) & free;
        m2 = s->cap2 & ~s->cover1 & free;
        int low = s->spec.runs ? imax(0, (index & ~3) - 4 * draws) : index & ~3;
        uint64_t window = ~0ULL << low;
        if (s->spec.runs && s->spec.high == HIGH_ONE) window |= 0xF; /* the high 1s */
        m1 &= window;
        m2 &= window;
    }
    int covered = 0;
    if (s->target_base >= 0)
        for (int k = 0; k < 4; k++) covered += s->cover[s->target_base + k];
    *a = m1;
    *b = m2;
    *c = (uint64_t)kept | (uint64_t)tiles << 4 | (uint64_t)sets << 8 |
         (uint64_t)(s->spec.max_total >= 0 ? total : 0) << 11 |
         (uint64_t)(s->spec.colours >= 0 ? colours : 0) << 19 |
         (uint64_t)(s->spec.distinct_colours ? run_colours : 0) << 23 | (uint64_t)covered << 27 |
         s->open_code << 31;
}

static void most_walk(MostWalk *s, int start, int kept, int tiles, int sets, int total,
                      int colours, int run_colours, uint64_t outs, Keep keep, int left);

/* Pairs mode: most_walk, what the hands below stand in for gathered once per key
 * (pairs_key) and merged into the enclosing key's gathering. */
static void pairs_walk_once(MostWalk *s, int start, int kept, int tiles, int sets, int total,
                            int colours, int run_colours, uint64_t outs, Keep keep, int left,
                            int draws) {
    PairsWalk *pw = s->pw;
    uint64_t a, b, c, offset, *packed = pw->spare;
    pairs_key(s, start, kept, tiles, sets, total, colours, run_colours, draws, &a, &b, &c);
    if (memo_get(&pw->memo, a, b, c, &offset)) {
        if (pw->stood)
            stood_merge(s, pw->arena + offset);
        else
            pairs_merge(s, pw->arena + offset);
        return;
    }
    if (pw->depth + 1 >= PAIRS_DEPTH) { /* too deep to gather apart: into the enclosing key */
        most_walk(s, start, kept, tiles, sets, total, colours, run_colours, outs, keep, left);
        return;
    }
    Gathering *g = &pw->level[++pw->depth];
    g->any = 0;
    g->union_[0] = g->union_[1] = 0;
    g->mark = s->ndrawn;
    g->draws = draws;
    g->start = pw->ncodes;
    int settled = s->settled;
    s->settled = 0;
    most_walk(s, start, kept, tiles, sets, total, colours, run_colours, outs, keep, left);
    s->settled = settled;
    if (pw->stood) {
        long long at = stood_pack(pw, g);
        pw->depth--;
        if (at < 0) return; /* out of memory: the walk's answer is not used */
        memo_put(&pw->memo, a, b, c, (uint64_t)at);
        stood_merge(s, pw->arena + at);
        return;
    }
    if (pw->used + PAIRS_PACKED > pw->size) { /* the arena grows; out of memory, it stops
                                                  remembering (packed then in `spare`) */
        size_t size = 2 * pw->size + PAIRS_PACKED;
        uint64_t *grown = realloc(pw->arena, size * sizeof *grown);
        if (grown != NULL) {
            pw->arena = grown;
            pw->size = size;
        }
    }
    if (pw->used + PAIRS_PACKED <= pw->size) packed = pw->arena + pw->used;
    size_t n = pairs_pack(g, packed);
    pw->depth--;
    if (packed != pw->spare) {
        memo_put(&pw->memo, a, b, c, (uint64_t)pw->used);
        pw->used += n;
    }
    pairs_merge(s, packed);
}

static void most_search(MostWalk *s, int start, int kept, int tiles, int sets, int total,
                        int colours, int run_colours, uint64_t outs, Keep keep, int left) {
    if (s->done) return;
    int bound = imin(kept + imin(left, HOLDS_HAND - tiles), s->kept_cap);
    if (s->spec.max_total >= 0 && bound >= s->best_kept)
        bound = kept + most_affordable(s, start, s->spec.max_total - total, bound - kept);
    if (most_hopeless_at(s, bound, keep, start)) return;
    if (s->pw) {
        int draws = HOLDS_HAND - s->best_kept - tiles + kept;
        if (draws < 3) {
            pairs_walk_once(s, start, kept, tiles, sets, total, colours, run_colours, outs, keep,
                            left, draws);
            return;
        }
    }
    most_walk(s, start, kept, tiles, sets, total, colours, run_colours, outs, keep, left);
}

/* The lowest open tile from `start` on anchors each set it can, then is let go. */
static void most_walk(MostWalk *s, int start, int kept, int tiles, int sets, int total,
                      int colours, int run_colours, uint64_t outs, Keep keep, int left) {
    int index = start;
    while (index < HOLDS_TILES && !s->open[index]) index++;
    if (index == HOLDS_TILES) {
        most_leaf(s, kept, tiles, sets, total, colours, run_colours, outs, keep);
        return;
    }
    if (sets < s->spec.max_sets) {
        int number = number_of(index);
        if (s->spec.groups && (s->spec.numbers >> number & 1))
            most_groups(s, index, kept, tiles, sets, total, colours, run_colours, outs, keep, left);
        if (s->spec.runs && !(s->spec.distinct_colours && (run_colours >> (index & 3) & 1))) {
            int positions[2] = {number, 14};
            int npositions = number == 1 ? 2 : 1;
            for (int k = 0; k < npositions; k++) {
                int position = positions[k];
                if (s->spec.low <= position && position <= s->spec.high)
                    most_runs_through(s, index, position, kept, tiles, sets, total, colours,
                                      run_colours, outs, keep, left);
            }
        }
    }
    int count = s->open[index];
    s->open[index] = 0;
    if (s->pw) pairs_opened(s, index);
    s->let_go |= 1ULL << index;
    most_search(s, index + 1, kept, tiles, sets, total, colours, run_colours, outs, keep,
                left - count);
    s->let_go &= ~(1ULL << index);
    s->open[index] = count;
    if (s->pw) pairs_opened(s, index);
}

/* ==== decide only: holds-checks of set-based types (the keep-most walk, decide) ==== */

/* Whether a tile can be in any set of the type (TypeSpec.usable in Python). */
static int spec_usable(const HoldsType *spec, int index) {
    int number = number_of(index);
    if (spec->groups && (spec->numbers >> number & 1)) return 1;
    if (!spec->runs) return 0;
    return (spec->low <= number && number <= spec->high) ||
           (number == 1 && spec->low <= HIGH_ONE && HIGH_ONE <= spec->high);
}

/* The filler sets of 3 to ``largest`` tiles (smallest first, as most_next_filler reads
 * them): of each size, groups of a number, then runs of a colour. */
static int type_fillers(const HoldsType *spec, Cand *out, int largest) {
    int n = 0;
    for (int size = 3; size <= largest; size++) {
        if (spec->groups && size <= 4)
            for (int number = 1; number <= NUMBERS; number++) {
                if (!(spec->numbers >> number & 1)) continue;
                int base = (number - 1) * 4;
                /* three of the four colours (skip: the one left out), or all four (skip 4) */
                for (int skip = size == 4 ? 4 : 0; skip <= (size == 4 ? 4 : 3); skip++) {
                    Cand c = {0, size, size * number, 0xF & ~(1 << skip), -1};
                    for (int colour = 0; colour < 4; colour++)
                        if (colour != skip) c.mask |= 1ULL << (base + colour);
                    out[n++] = c;
                }
            }
        if (spec->runs)
            for (int colour = 0; colour < 4; colour++)
                for (int start = spec->low; start + size - 1 <= spec->high; start++) {
                    Cand c = {0, size, 0, 1 << colour, colour};
                    for (int position = start; position < start + size; position++) {
                        int tile = position_tile(colour, position);
                        c.mask |= 1ULL << tile;
                        c.total += number_of(tile);
                    }
                    out[n++] = c;
                }
    }
    return n;
}

/* Pairs mode: the walk for one target, every completed hand at the floor or above, and
 * what they stand in for into s->pairs (HoldsPairs): level 1's union is `one` and its rows
 * `joker_free`, level 0's rows `pair`. */
static void pairs_run(MostWalk *s, int left) {
    PairsWalk *pw = s->pw;
    memo_free(&pw->memo);
    memset(pw->first, 0, sizeof pw->first);
    memo_init(&pw->memo, pw->first, PAIRS_MEMO_FIRST, 0);
    pw->used = 0;
    int copies = 0;
    s->cap1 = s->cap2 = s->cover1 = s->cover2 = s->open_code = 0;
    for (int i = 0; i < HOLDS_TILES; i++) {
        if (s->cap[i] >= 1) s->cap1 |= 1ULL << i;
        if (s->cap[i] >= 2) s->cap2 |= 1ULL << i;
        for (int rank = 0; rank < COPIES; rank++) /* at most 13 real tiles: bits 0-12 */
            pw->copy_bit[i][rank] = rank < s->open[i] ? 1ULL << copies++ : 0;
        pairs_opened(s, i);
    }
    Gathering *g = &pw->level[0];
    pw->depth = 0;
    g->any = 0;
    g->union_[0] = g->union_[1] = 0;
    g->mark = 0;
    g->draws = HOLDS_HAND;
    g->start = pw->ncodes; /* stood mode: the targets' codes gather on the stack */
    s->ndrawn = 0;
    s->settled = 0;
    most_search(s, 0, 0, 0, 0, 0, 0, 0, 0, NO_KEEP, left);
    if (pw->stood) return; /* the codes stay on the stack for holds_sets_stood */
    HoldsPairs *out = s->pairs;
    if (g->any >> 1 & 1) {
        out->one |= g->union_[1];
        for (uint64_t bits = g->union_[1]; bits; bits &= bits - 1) {
            int x = lowest_bit(bits);
            out->joker_free[x] |= g->rows[1][x];
        }
    }
    if (g->any & 1)
        for (uint64_t bits = g->union_[0]; bits; bits &= bits - 1) {
            int x = lowest_bit(bits);
            out->pair[x] |= g->rows[0][x];
        }
}

/* The walk over the pool for a set-based type, in decide mode (``outs`` NULL): the most
 * real tiles a completed hand keeps, if at least ``floor``, else -1; or in outs mode: the
 * same, and in ``*outs`` the union of the tiles drawn by every completed hand keeping that
 * many (the keep-most walk's second pass, every tie visited). With same_number, one
 * search per number that may hold the tiles (target_numbers in Python), each keeping at
 * most kept_cap. */
static int sets_walk(const HoldsType *type, const HoldsPool *pool, int floor, uint64_t *outs,
                     HoldsPairs *pairs, PairsWalk *pw) {
    MostWalk s;
    memset(&s, 0, sizeof s);
    s.spec = *type;
    int usable[HOLDS_TILES], left = 0;
    uint64_t let_go = 0, full = 0;
    for (int i = 0; i < HOLDS_TILES; i++) {
        usable[i] = spec_usable(&s.spec, i);
        if (pool->count[i] && !usable[i]) let_go |= 1ULL << i;
    }
    int best = -1;
    uint64_t union_ = 0;
    Cand fillers[STOOD_FILLERS];
    if (outs) {
        /* every tile a completed hand could draw: once the outs are all of them, stop */
        for (int i = 0; i < HOLDS_TILES; i++)
            if (usable[i] && pool->cap[i] > pool->count[i]) full |= 1ULL << i;
        /* a hand at the floor (11 or more) draws at most three tiles: three-tile fillers;
         * a pairs walk with two jokers, four; a stood walk, three and the jokers */
        int largest = 3;
        if (pw != NULL && pw->stood)
            largest = 3 + pool->jokers;
        else if (pairs != NULL && pool->jokers == 2)
            largest = 4;
        s.nfillers = type_fillers(&s.spec, fillers, largest);
        s.fillers = fillers;
    }
    int first = s.spec.same_number ? 1 : 0, last = s.spec.same_number ? 13 : 0;
    for (int target = first; target <= last; target++) {
        int most = HOLDS_HAND;
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
            most = HOLDS_HAND - imax(0, s.spec.same_number - held);
        }
        /* decide: only a hand keeping more than the best so far; outs: as many, too */
        int need = pairs ? floor : outs ? imax(floor, best) : imax(floor, best + 1);
        if (most < need) continue;
        left = 0;
        for (int i = 0; i < HOLDS_TILES; i++) {
            s.open[i] = usable[i] ? pool->count[i] : 0;
            s.cap[i] = pool->cap[i];
            s.cover[i] = 0;
            left += s.open[i];
        }
        s.let_go = let_go;
        s.full = outs ? full : 0;
        s.target_mask = target ? (uint64_t)0xF << (4 * (target - 1)) : 0;
        s.target_base = target ? (target - 1) * 4 : -1;
        s.kept_cap = most;
        s.best_outs = 0;
        s.best_keep = NO_KEEP;
        if (outs) {
            s.best_kept = need; /* the floor's hands count: their ties are visited */
            s.strict = 0;
            s.decide = 0;
            s.enough = 0;
        } else {
            s.best_kept = need - 1;
            s.strict = 1;
            s.decide = 1;
            s.enough = most;
        }
        s.done = 0;
        s.pairs = pairs;
        s.pw = pw;
        if (pairs) {
            s.full = ~0ULL; /* every hand counts: no stop once all tiles are outs */
            pairs_run(&s, left);
        } else {
            most_search(&s, 0, 0, 0, 0, 0, 0, 0, 0, NO_KEEP, left);
        }
        if (outs) {
            memo_free(&s.memo); /* the fillers' memo counts the target's tiles */
            if (!s.best_outs && s.best_kept == need) continue; /* no hand at the floor */
            if (s.best_kept > best) union_ = 0;
            if (s.best_kept >= best) {
                best = s.best_kept;
                union_ |= s.best_outs;
            }
        } else if (s.best_kept >= need) {
            best = s.best_kept;
        }
    }
    memo_free(&s.memo);
    if (outs) *outs = union_;
    return best;
}

int holds_sets(const HoldsType *type, const HoldsPool *pool) {
    return sets_walk(type, pool, imax(0, HOLDS_HAND - pool->jokers), NULL, NULL, NULL);
}

int holds_sets_outs(const HoldsType *type, const HoldsPool *pool, int floor, uint64_t *outs) {
    if (floor < HOLDS_HAND - 3 || floor >= HOLDS_HAND) return -2;
    return sets_walk(type, pool, floor, outs, NULL, NULL);
}

/* A pairs walk's own state, in pairs mode (``stood`` 0: holds_sets_pairs) or stood mode
 * (1: holds_sets_stood); NULL without memory. */
static PairsWalk *pairs_walk_new(int stood) {
    PairsWalk *pw = malloc(sizeof *pw);
    if (pw == NULL) return NULL;
    memset(&pw->memo, 0, sizeof pw->memo);
    pw->arena = NULL;
    pw->used = pw->size = 0;
    pw->stood = stood;
    pw->codes = NULL;
    pw->ncodes = pw->codes_size = 0;
    pw->failed = 0;
    return pw;
}

int holds_sets_pairs(const HoldsType *type, const HoldsPool *pool, HoldsPairs *out) {
    int real = 0;
    for (int i = 0; i < HOLDS_TILES; i++) real += pool->count[i];
    memset(out, 0, sizeof *out);
    int tiles = real + pool->jokers;
    if (tiles < HOLDS_HAND - 1 || tiles > HOLDS_HAND || (tiles == HOLDS_HAND && !pool->jokers))
        return -2;
    uint64_t outs = 0;
    PairsWalk *pw = pairs_walk_new(0);
    if (pw == NULL) return -3;
    sets_walk(type, pool, real - 1, &outs, out, pw);
    memo_free(&pw->memo);
    free(pw->arena);
    free(pw);
    return 0;
}

/* Every two of a hand's tiles (two copies of a tile: its own bit), into `rows`. */
static void pairs_into(const int *cells, int n, uint64_t *rows) {
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++) {
            rows[cells[a]] |= 1ULL << cells[b];
            rows[cells[b]] |= 1ULL << cells[a];
        }
}

int holds_sets_stood(const HoldsType *type, const HoldsPool *pool, uint64_t **codes, size_t *n) {
    int real = 0;
    for (int i = 0; i < HOLDS_TILES; i++) real += pool->count[i];
    *codes = NULL;
    *n = 0;
    if (real + pool->jokers != HOLDS_HAND - 2 && real + pool->jokers != HOLDS_HAND - 1) return -2;
    uint64_t outs = 0;
    HoldsPairs scratch;
    memset(&scratch, 0, sizeof scratch);
    PairsWalk *pw = pairs_walk_new(1);
    if (pw == NULL) return -3;
    sets_walk(type, pool, real - 1, &outs, &scratch, pw);
    memo_free(&pw->memo);
    free(pw->arena);
    int failed = pw->failed;
    uint64_t *found = pw->codes;
    size_t count = pw->ncodes, kept = 0;
    free(pw);
    if (failed) {
        free(found);
        return -3;
    }
    if (count) qsort(found, count, sizeof *found, code_order);
    for (size_t k = 0; k < count; k++)
        if (kept == 0 || found[k] != found[kept - 1]) found[kept++] = found[k];
    *codes = found;
    *n = kept;
    return 0;
}

/* Whether the pool's caps leave every copy a hand stands in for (its tiles sorted, R3). */
static int within_caps(const int *cells, int n, const HoldsPool *after) {
    for (int j = 0; j < n; j++) {
        int copies = 1;
        while (j + 1 < n && cells[j + 1] == cells[j]) {
            copies++;
            j++;
        }
        if (copies > after->cap[cells[j]] - after->count[cells[j]]) return 0;
    }
    return 1;
}

void holds_stood_pairs(const uint64_t *codes, size_t n, int x, const HoldsPool *after,
                       HoldsPairs *out) {
    memset(out, 0, sizeof *out);
    int cells[STOOD_MOST];
    for (size_t k = 0; k < n; k++) {
        int level = (int)(codes[k] >> 63), m = stood_cells(codes[k], cells);
        int kept_all = level == 1; /* the hand of `after` keeps all its real tiles */
        if (x >= 0) {
            int at = -1;
            for (int j = 0; j < m && at < 0; j++)
                if (cells[j] == x) at = j;
            if (at >= 0) { /* the hand stands in for x: less x, a hand of `after` */
                for (int j = at; j + 1 < m; j++) cells[j] = cells[j + 1];
                m--;
            } else if (!kept_all) {
                continue; /* all the pool's real tiles but one, and not x: too few */
            }
            kept_all = kept_all && at >= 0;
        }
        if (!within_caps(cells, m, after)) continue;
        if (kept_all) {
            for (int j = 0; j < m; j++) out->one |= 1ULL << cells[j];
            pairs_into(cells, m, out->joker_free);
        } else {
            pairs_into(cells, m, out->pair);
        }
    }
}

size_t holds_stood_within(const uint64_t *codes, size_t n, uint64_t tiles, uint64_t *out) {
    size_t kept = 0;
    int cells[STOOD_MOST];
    for (size_t k = 0; k < n; k++) {
        int m = stood_cells(codes[k], cells), inside = 1;
        for (int j = 0; j < m && inside; j++) inside = (int)(tiles >> cells[j] & 1);
        if (inside) out[kept++] = codes[k];
    }
    return kept;
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
static Split *split_new(PyObject *counts, int jokers, PyObject *cap, const HoldsType *spec,
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
    s->spec = *spec;
    memo_init(&s->memo, s->first, MEMO_FIRST, MEMO_MOST);
    s->prune = spec->numbers != ALL_NUMBERS || spec->max_total >= 0 || spec->colours >= 0;
    read_facts(s);
    return s;
}

static void split_free(Split *s) {
    memo_free(&s->memo);
    free(s);
}

/* The split search on parsed arguments: a list of melds, None, or NULL with an exception. */
static PyObject *split_of(PyObject *counts, int jokers, PyObject *cap, const HoldsType *spec,
                          const char *name, const char *counts_name, const char *cap_name) {
    Split *s = split_new(counts, jokers, cap, spec, name, counts_name, cap_name);
    if (s == NULL) return NULL;
    int found = 0;
    Py_BEGIN_ALLOW_THREADS
    /* A real tile out of range fails every split (tiles_hold): no need to search. */
    found = real_tiles_in_range(s) && split_search(s, jokers);
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

/* conditioned_split(table, index, counts, jokers, cap) -> list of melds or None: as
 * plain_split, under the conditions of the set-based type at ``index`` of a compiled table
 * (holds_table.c), as setsearch/split.py: conditioned_split. */
static PyObject *conditioned_split_entry(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *table, *counts, *cap;
    int index, jokers, parent;
    HoldsType type;
    if (!PyArg_ParseTuple(args, "OiSiS:conditioned_split", &table, &index, &counts, &jokers, &cap))
        return NULL;
    if (holds_table_type(table, index, &type, &parent) < 0) return NULL;
    return split_of(counts, jokers, cap, &type, "conditioned_split", "conditioned_split counts",
                    "conditioned_split cap");
}

/* discards_leaving_sets(counts, jokers, cap) -> frozenset: which single tile (index; 52 a
 * joker) of these 15 or fewer tiles can go so that the rest split into groups and runs, as
 * discards_leaving_sets in setsearch/split.py; cap is HandFacts.cap. */
static PyObject *discards_entry(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *counts, *cap;
    int jokers;
    if (!PyArg_ParseTuple(args, "SiS:discards_leaving_sets", &counts, &jokers, &cap)) return NULL;
    Split *s = split_new(counts, jokers, cap, &PLAIN, "discards_leaving_sets",
                         "discards_leaving_sets counts", "discards_leaving_sets cap");
    if (s == NULL) return NULL;
    int tiles = jokers;
    for (int i = 0; i < HOLDS_TILES; i++) tiles += s->count[i];
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
             "closest_sets(table, index, open, cap, let_go, full, target_mask, kept_cap, floor)\n"
             "    -> (kept, outs, keep)\n\n"
             "The keep-most set search of intlscore.engine.setsearch.keep_most, compiled, for\n"
             "the set-based type at ``index`` of a compiled table. ``open`` and ``cap`` are 52\n"
             "byte counts; the type's same_number tiles of the number whose four tiles are\n"
             "``target_mask`` (0: no condition); at most ``kept_cap`` kept; only hands keeping\n"
             "``floor`` or more (-1: any).");

static PyObject *closest_sets_entry(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *table, *open_bytes, *cap_bytes;
    int index, floor, parent;
    unsigned long long let_go, full, target_mask;
    MostWalk *s = calloc(1, sizeof(MostWalk));
    if (s == NULL) return PyErr_NoMemory();
    Cand *own = NULL;
    if (!PyArg_ParseTuple(args, "OiSSKKKii:closest_sets", &table, &index, &open_bytes,
                          &cap_bytes, &let_go, &full, &target_mask, &s->kept_cap, &floor) ||
        holds_table_type(table, index, &s->spec, &parent) < 0 ||
        holds_read_tiles(open_bytes, "closest_sets open", s->open) < 0 ||
        holds_read_tiles(cap_bytes, "closest_sets cap", s->cap) < 0 ||
        (own = calloc(MAX_FILLERS, sizeof(Cand))) == NULL) {
        if (!PyErr_Occurred()) PyErr_NoMemory();
        free(s);
        return NULL;
    }
    s->target_mask = target_mask;
    s->target_base = target_mask ? lowest_bit(target_mask) : -1;
    s->let_go = let_go;
    s->full = full;
    s->fillers = own;
    s->nfillers = type_fillers(&s->spec, own, MAX_RUN);
    int left = 0;
    for (int i = 0; i < HOLDS_TILES; i++) left += s->open[i];

    Py_BEGIN_ALLOW_THREADS
    s->best_kept = floor; /* -1, or only hands keeping this many or more */
    s->strict = 1;
    most_search(s, 0, 0, 0, 0, 0, 0, 0, 0, NO_KEEP, left);
    if (s->best_kept >= 0 && s->best_outs != s->full) {
        s->strict = 0;
        s->best_outs = 0;
        most_search(s, 0, 0, 0, 0, 0, 0, 0, 0, NO_KEEP, left);
    }
    Py_END_ALLOW_THREADS

    PyObject *keep = pack_keep(s->best_keep);
    PyObject *result = NULL;
    if (keep != NULL) {
        result = Py_BuildValue("(iKN)", s->best_kept, (unsigned long long)s->best_outs, keep);
    }
    memo_free(&s->memo);
    free(own);
    free(s);
    return result;
}

static PyObject *mask_tuple(const uint64_t *masks) {
    PyObject *tuple = PyTuple_New(HOLDS_TILES);
    for (int i = 0; tuple != NULL && i < HOLDS_TILES; i++) {
        PyObject *item = PyLong_FromUnsignedLongLong(masks[i]);
        if (item == NULL) {
            Py_DECREF(tuple);
            return NULL;
        }
        PyTuple_SetItem(tuple, i, item);
    }
    return tuple;
}

/* A HoldsPairs as Python's (one, pair, joker_free). */
static PyObject *pairs_tuple(const HoldsPairs *found) {
    PyObject *pair = mask_tuple(found->pair);
    PyObject *joker_free = pair == NULL ? NULL : mask_tuple(found->joker_free);
    if (joker_free == NULL) {
        Py_XDECREF(pair);
        return NULL;
    }
    return Py_BuildValue("(KNN)", (unsigned long long)found->one, pair, joker_free);
}

/* sets_pairs(table, index, counts, jokers, cap): holds_sets_pairs, for the tests. */
static PyObject *sets_pairs_entry(PyObject *self, PyObject *args) {
    PyObject *table, *counts, *cap;
    int index, jokers, parent;
    HoldsType type;
    HoldsPool pool;
    HoldsPairs found;
    (void)self;
    if (!PyArg_ParseTuple(args, "OiOiO:sets_pairs", &table, &index, &counts, &jokers, &cap))
        return NULL;
    if (holds_table_type(table, index, &type, &parent) < 0 ||
        holds_parse_pool(counts, jokers, cap, &pool) < 0)
        return NULL;
    if (type.structure != HOLDS_SETS && type.structure != HOLDS_GROUPS &&
        type.structure != HOLDS_RUNS) {
        PyErr_SetString(PyExc_ValueError, "sets_pairs answers the set structures only");
        return NULL;
    }
    int done = holds_sets_pairs(&type, &pool, &found);
    if (done == -3) return PyErr_NoMemory();
    if (done < 0) Py_RETURN_NONE;
    return pairs_tuple(&found);
}

/* sets_stood(table, index, counts, jokers, cap, x, after_counts, after_cap):
 * holds_sets_stood and holds_stood_pairs, for the tests. */
static PyObject *sets_stood_entry(PyObject *self, PyObject *args) {
    PyObject *table, *counts, *cap, *after_counts, *after_cap;
    int index, jokers, parent, x;
    unsigned long long tiles = ~0ULL;
    HoldsType type;
    HoldsPool pool, after;
    HoldsPairs found;
    uint64_t *codes;
    size_t n;
    (void)self;
    if (!PyArg_ParseTuple(args, "OiOiOiOO|K:sets_stood", &table, &index, &counts, &jokers, &cap,
                          &x, &after_counts, &after_cap, &tiles))
        return NULL;
    if (holds_table_type(table, index, &type, &parent) < 0 ||
        holds_parse_pool(counts, jokers, cap, &pool) < 0 ||
        holds_parse_pool(after_counts, jokers, after_cap, &after) < 0)
        return NULL;
    if (type.structure != HOLDS_SETS && type.structure != HOLDS_GROUPS &&
        type.structure != HOLDS_RUNS) {
        PyErr_SetString(PyExc_ValueError, "sets_stood answers the set structures only");
        return NULL;
    }
    if (x < -1 || x >= HOLDS_TILES) {
        PyErr_SetString(PyExc_ValueError, "sets_stood adds a numbered tile (0-51) or none (-1)");
        return NULL;
    }
    int done = holds_sets_stood(&type, &pool, &codes, &n);
    if (done == -3) return PyErr_NoMemory();
    if (done < 0) Py_RETURN_NONE;
    n = holds_stood_within(codes, n, (uint64_t)tiles, codes);
    holds_stood_pairs(codes, n, x, &after, &found);
    free(codes);
    return pairs_tuple(&found);
}

PyMethodDef setsearch_methods[] = {
    {"plain_split", plain_split_entry, METH_VARARGS,
     "plain_split(counts, jokers, cap) -> melds or None: SetSearch's plain split, compiled"},
    {"conditioned_split", conditioned_split_entry, METH_VARARGS,
     "conditioned_split(table, index, counts, jokers, cap) -> melds or None: find one split "
     "under the conditions of a compiled table's set-based type, compiled"},
    {"discards_leaving_sets", discards_entry, METH_VARARGS,
     "discards_leaving_sets(counts, jokers, cap) -> frozenset: the single discards (52 a "
     "joker) after which 15 tiles split into sets, compiled"},
    {"closest_sets", closest_sets_entry, METH_VARARGS, closest_sets_doc},
    {"sets_pairs", sets_pairs_entry, METH_VARARGS,
     "sets_pairs(table, index, counts, jokers, cap) -> (one, pair, joker_free) or None: what a "
     "set-based type makes of 13 tiles and two drawn ones (holds_sets_pairs), compiled"},
    {"sets_stood", sets_stood_entry, METH_VARARGS,
     "sets_stood(table, index, counts, jokers, cap, x, after_counts, after_cap[, tiles]) -> "
     "(one, pair, joker_free) or None: sets_pairs of the 12 or 13 tiles walked, with the "
     "numbered tile x added (-1: none), under the caps of after, of the hands within the "
     "mask tiles (holds_sets_stood, holds_stood_within, holds_stood_pairs), compiled"},
    {NULL, NULL, 0, NULL},
};
