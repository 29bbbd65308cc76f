/*
 * Holds-checks: does a pool of tiles (a hand plus some draws) hold a closed-hand type?
 *
 * The pool holds a type when 14 of its tiles form it (R22): a completed hand of the type
 * keeps `kept` real tiles of the pool and the pool's jokers stand for the other 14 - kept
 * (R3, R7). Each decider returns the MOST real tiles such a hand keeps, or -1 when the pool
 * does not hold the type (no completed hand with kept + jokers >= 14). This is the answer
 * of the Python reach search taken with nothing more to draw:
 *     best = closest(hand_type, pool)
 *     best.kept if best.found and best.kept + pool.jokers >= 14 else -1
 * (intlscore/engine/reach/solve.py; the tests compare the two).
 *
 * A type is data (a row of the rules file); the deciders read only these fields and never
 * name a type.
 */
#ifndef INTLSCORE_HOLDS_H
#define INTLSCORE_HOLDS_H

#include <stdint.h>

/* The constants every C file shares (each the Python's of the same name). */
#define HOLDS_TILES 52 /* numbered tiles; index = (number - 1) * 4 + colour (tiles.py) */
#define HOLDS_HAND 14  /* a closed hand's tiles (rules/hand_table.py: HAND_SIZE) */
#define JOKER 52       /* the joker's index (tiles.py: JOKER_INDEX) */
#define NUMBERS 13
#define COLOURS 4
#define COPIES 2       /* copies of each tile (R3; tiles.py: COPIES) */
#define HIGH_ONE 14    /* the run position of the high 1 (R5; melds.py: HIGH_ONE) */
#define MAX_RUN 13     /* melds.py: MAX_RUN */
#define MAX_SETS 4     /* melds.py: MAX_SETS */
#define ALL_NUMBERS 0x3FFE /* bits 1-13: every number allowed */

enum HoldsStructure {
    HOLDS_SETS = 0,     /* groups and/or runs */
    HOLDS_GROUPS = 1,   /* groups only */
    HOLDS_RUNS = 2,     /* runs only */
    HOLDS_PAIRS = 3,    /* seven pairs (R6) */
    HOLDS_SEQUENCE = 4, /* fixed sequence(s) of numbers */
    HOLDS_ANY = 5,      /* the 14 tiles need not form sets */
};

/* One type of the table, as every search reads it: the fields of TypeSpec
 * (intlscore/engine/spec.py), in the same order, parsed by holds_parse_type
 * (tests/test_type_spec.py checks the two lists agree). */
typedef struct {
    int structure;        /* enum HoldsStructure */
    int groups;           /* 1 when groups may be used */
    int runs;             /* 1 when runs may be used */
    int numbers;          /* bit n: tiles of number n allowed (R9) */
    int low, high;        /* the run positions (1-14, 14 the high 1) a run may cover */
    int max_sets;         /* at most this many sets (1-4) */
    int sets_mask;        /* bit n set: n sets allowed; 0: any number of sets */
    int distinct_colours; /* every run (or sequence) a different colour */
    int max_total;        /* the tiles add up to at most this (R8), or -1 */
    int colours;          /* exactly this many colours, or -1 */
    int same_number;      /* at least this many tiles of one number, or 0 */
    int sequence[HOLDS_HAND]; /* the run positions of one sequence; 14 is the high 1 (R5) */
    int sequence_len;     /* (how many of sequence are used: the Python tuple's length) */
    int repeat;           /* how many such sequences */
    int neighbours;       /* 0: none, 1: "same" (each sequence one colour), 2: "differ" */
} HoldsType;

/* The pool: the hand and the draws taken together. */
typedef struct {
    int count[HOLDS_TILES]; /* real copies of each numbered tile in the pool (0-2) */
    int jokers;             /* jokers in the pool (0-2) */
    int cap[HOLDS_TILES];   /* most copies a completed hand may represent: two minus the
                               copies known elsewhere (seen, the trump, a discard; R3) */
} HoldsPool;

/* Most real tiles kept by a completed hand of the type, or -1 (see above). */
int holds_sets(const HoldsType *type, const HoldsPool *pool); /* sets, groups, runs */
/* holds_sets' walk gathering outs: the most real tiles (at least ``floor``, 11 to 13) a
 * completed hand of a set-based type keeps, or -1; and in ``*outs`` (a tile mask) the
 * union of the tiles drawn by every completed hand keeping that many. -2: a floor out of
 * range. */
int holds_sets_outs(const HoldsType *type, const HoldsPool *pool, int floor, uint64_t *outs);
/* What a completed hand of a set-based type makes of 13 tiles and any two drawn tiles x
 * and z (the play search's last two draws, play.c): the walk over every hand keeping all
 * the pool's real tiles or all but one, each tile a hand stands in for being a drawn one
 * or one of the pool's jokers (up to two). ``one``: the tiles x that complete the pool
 * alone (with its jokers); ``pair[x]``: the tiles z that complete it with x, keeping all
 * real tiles but one (bit x of ``pair[x]`` set: two copies of x); ``joker_free[x]``, for a
 * pool holding jokers: the tiles z that with x complete it with one joker fewer. */
typedef struct {
    uint64_t one;
    uint64_t pair[HOLDS_TILES];
    uint64_t joker_free[HOLDS_TILES];
} HoldsPairs;

/* Fills ``out`` (see HoldsPairs) for a pool of 13 tiles (up to two jokers): 0, -2 for
 * another pool, or -3 out of memory (``out`` then empty). A pool of 14 tiles with jokers is walked alike (hands keeping all its
 * real tiles or all but one): with one joker, ``one`` the tiles it stands in for and
 * ``pair`` the pairs the hands keeping 12 stand in for; with two, ``joker_free`` also
 * the pairs the hands keeping all 12 stand in for. */
int holds_sets_pairs(const HoldsType *type, const HoldsPool *pool, HoldsPairs *out);
/* One walk of 12 or 13 tiles (up to two jokers) that answers holds_sets_pairs of them and of
 * them with any one numbered tile added, under any caps no higher (holds_stood_pairs): in
 * ``*codes`` (malloc'd, the caller frees it) what each completed hand keeping all their
 * real tiles or all but one stands in for, ``*n`` codes. 0, -2 for another pool, -3 out
 * of memory. */
int holds_sets_stood(const HoldsType *type, const HoldsPool *pool, uint64_t **codes, size_t *n);
/* holds_sets_pairs of ``after``: the tiles of holds_sets_stood's ``codes`` (x -1), or those
 * and the numbered tile x, under ``after``'s caps (no higher than those walked). */
void holds_stood_pairs(const uint64_t *codes, size_t n, int x, const HoldsPool *after,
                       HoldsPairs *out);
/* The codes of ``codes`` whose tiles all lie in the mask ``tiles``, kept in order in ``out``
 * (it may be ``codes`` itself); how many: a narrower type's hands (StoodHands.within). */
size_t holds_stood_within(const uint64_t *codes, size_t n, uint64_t tiles, uint64_t *out);
int holds_pairs(const HoldsType *type, const HoldsPool *pool);
int holds_sequence(const HoldsType *type, const HoldsPool *pool);
/* The number of a run position (1-14; 14 is the high 1, R5): melds.position_number. */
int holds_position_number(int position);
int holds_any(const HoldsType *type, const HoldsPool *pool);
int holds_check(const HoldsType *type, const HoldsPool *pool); /* any structure */

/* Parsing (holds_simple.c), for every entry point. Python.h comes first. A spec is a
 * TypeSpec (intlscore/engine/spec.py), in the order of HoldsType's fields. The pool is
 * two bytes objects of 52 counts (0-2, count <= cap, R3) and 0-2 jokers. Both return 0, or
 * -1 with a Python exception set (TypeError or ValueError naming the field). */
int holds_parse_type(PyObject *spec, HoldsType *out);
int holds_parse_pool(PyObject *counts_bytes, int jokers, PyObject *cap_bytes, HoldsPool *out);
/* 52 byte counts, each 0-2 (R3), into out; ``what`` names the value in the error. */
int holds_read_tiles(PyObject *bytes, const char *what, int out[HOLDS_TILES]);
/* Item ``index`` of a tuple, an int from low to high, into out; the error (TypeError or
 * ValueError) reads "<what> field <field> must be ...". */
int holds_read_int(PyObject *tuple, Py_ssize_t index, const char *what, const char *field,
                   long low, long high, int *out);

/* Type ``index`` of a table compiled by holds_compile (holds_table.c), copied into out,
 * and the index of its parent type (a pool that does not hold it does not hold the type)
 * or -1; 0, or -1 with a Python exception set. */
int holds_table_type(PyObject *capsule, int index, HoldsType *out, int *parent);


#endif
