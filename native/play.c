/* twins:
 *   c-only  pack_counts           packs the memo key (Python keys a dict by the Pool)
 *   c-only  key_of                packs the memo key (Python keys a dict by the Pool)
 *   c-only  hash_of               the memo's hash table (Python: dict)
 *   c-only  same_key              the memo's hash table (Python: dict)
 *   c-only  memo_probe            the memo's hash table (Python: dict)
 *   c-only  memo_grow             the memo's hash table (Python: dict)
 *   c-only  memo_find             the memo's hash table (Python: dict)
 *   c-only  memo_store            the memo's hash table (Python: dict)
 *   c-only  memo_free             the memo's hash table (Python: dict)
 *   c-only  reserve               arena memory (Python: lists)
 *   c-only  ends_reserve          arena memory (Python: lists)
 *   c-only  useful_reserve        arena memory (Python: lists)
 *   c-only  wins_reserve          arena memory (Python: lists)
 *   twin    unseen_jokers         intlscore.engine.setsearch.pool:Pool.unseen_jokers
 *   twin    unseen_counts         intlscore.engine.odds.positions:unseen_counts
 *   twin    drawn                 intlscore.engine.odds.positions:drawn
 *   twin    thrown                intlscore.engine.odds.positions:thrown
 *   twin    kinds_held            intlscore.engine.odds.positions:kinds_held
 *   c-only  parent_kept           the parent check, inside Firsts.of in Python
 *   c-only  parent_allows         the parent check, inside Firsts.of in Python
 *   twin    hinted_parents        intlscore.engine.odds.wins:Wins.hinted_parents
 *   glue    kept_with             holds_with of slot t's type (Python asks Firsts.of or Wins.held)
 *   c-only  slot_kept             kept_with read from the parent checks where the slot is itself a parent
 *   c-only  holds_pool            a Position as a HoldsPool (Python passes the Pool)
 *   glue    holds_with            a position and extra tiles as a HoldsPool, then holds_check (Python: Wins.held)
 *   c-only  set_based             Python tests structure in SET_STRUCTURES
 *   glue    outs_with             a position as a HoldsPool, then holds_sets_outs (Python: closest_within)
 *   c-only  kept_with_joker_among group testing of outs_among
 *   twin    outs_among            intlscore.engine.odds.wins:Wins.outs_among
 *   twin    usable_kinds          intlscore.engine.odds.slots:usable_kinds
 *   twin    blind_class           intlscore.engine.odds.wins:blind_class
 *   twin    allowed               intlscore.engine.odds.positions:allowed
 *   twin    best_score            intlscore.engine.odds.holds:best_score
 *   c-only  lowest_bit            a set bit's index, no builtin in portable C
 *   twin    better                intlscore.engine.odds.positions:better
 *   twin    may_win_within_two    intlscore.engine.odds.child_hints:ChildHints.may_win_within_two
 *   twin    may_complete          intlscore.engine.odds.wins:Wins.may_complete
 *   twin    paired_wins           intlscore.engine.odds.wins:Wins.paired_wins
 *   same    wins                  intlscore.engine.odds.wins:Wins.of tests/test_play_odds.py::test_the_builds_agree_with_jokers_in_hand_on_house_rows
 *   twin    paired_kinds          intlscore.engine.setsearch.drawn_pairs:DrawnPairs.paired
 *   c-only  walk_words            packs a walk for a memo (Python keeps it whole)
 *   c-only  walk_pack             packs a walk for a memo (Python keeps it whole)
 *   c-only  walk_unpack           packs a walk for a memo (Python keeps it whole)
 *   c-only  pairs_words           packs the walks for the memo (Python keeps them whole)
 *   c-only  pairs_pack            packs the walks for the memo (Python keeps them whole)
 *   c-only  pairs_unpack          packs the walks for the memo (Python keeps them whole)
 *   twin    walk_serves           intlscore.engine.odds.walks:Walked.serves
 *   c-only  walk_caps             packs the caps for the walk memo (Python keeps a tuple)
 *   twin    top_caps              intlscore.engine.odds.walks:Walks.top_caps
 *   twin    within                intlscore.engine.odds.walks:within
 *   twin    stood_codes           intlscore.engine.odds.walks:Walks.stood_hands
 *   twin    derived               intlscore.engine.odds.walks:Walks.derived
 *   twin    pairs_walk            intlscore.engine.odds.walks:Walks.pairs_walk
 *   twin    useful_draws          intlscore.engine.odds.child_hints:ChildHints.useful_draws
 *   twin    throw_back            intlscore.engine.odds.child_hints:ChildHints.throw_back
 *   twin    back_child            intlscore.engine.odds.hints:back_child
 *   twin    back_child_two_jokers intlscore.engine.odds.hints:back_child_two_jokers
 *   twin    joker_child           intlscore.engine.odds.hints:joker_child
 *   twin    drawn_hint            intlscore.engine.odds.child_hints:drawn_hint
 *   c-only  perm                  math.perm in Python
 *   twin    last_draw_hopes       intlscore.engine.odds.expectimax:Expectimax.last_draw_hopes
 *   twin    joker_hint            intlscore.engine.odds.child_hints:ChildHints.joker_hint
 *   twin    back_hint             intlscore.engine.odds.child_hints:ChildHints.back_hint
 *   twin    child_hint            intlscore.engine.odds.expectimax:Expectimax.child_hint
 *   twin    won_now               intlscore.engine.odds.expectimax:won_now
 *   twin    best_discard          intlscore.engine.odds.expectimax:Expectimax.best_discard
 *   twin    value                 intlscore.engine.odds.expectimax:Expectimax.weigh
 *   glue    search_free           the capsule's destructor
 *   glue    play_search_entry     the Python entry, called by CompiledSearch.of
 *   glue    play_value_entry      the Python entry, called by CompiledSearch.value
 *   glue    play_weighed_entry    the Python entry, called by CompiledSearch.weighed
 *   glue    play_stop_entry       the Python entry, called by CompiledSearch.stop
 *   inlines wins                  intlscore.engine.odds.wins:Wins.completing
 */
/*
 * Play odds (R23): the exact expectimax of intlscore/engine/odds/play.py, compiled.
 *
 * A port of ``_Search`` there, function by function and with the same names (read that
 * file for the method; the block above says which C functions take their Python twin's
 * steps and which find the same answer by another method): ``value`` weighs a position (14 tiles held, the unseen tiles, the
 * draws left and the number of the next draw) as the best play's expected final score,
 * its chance of a closed win and the types it ends in, each scaled by the falling
 * factorial of the unseen count over the draws left, so every value is a whole number;
 * ``wins`` is what each drawn kind wins at once; ``may_win_within_two``, the hopeless
 * discards (``last_draw_hopes``) and ``useful_draws`` are the pruning that keeps the
 * search exact; ``value``'s steps are Python's: ``last_draw_hopes``, ``won_now`` and
 * ``best_discard`` (one drawn kind: its win, or the best discard after it) and
 * ``child_hint`` (what the discard's position is told, with ``joker_hint`` and
 * ``back_hint``). The
 * positions are memoised by the same key as in Python, they are visited in the same order
 * and the budget counts them alike, so both builds give the same answer and stop at the
 * same point when over budget.
 *
 * Python keeps one search per rack (``play_search``) and asks it for positions
 * (``play_value``); the holds-checks are those of holds_table.c, called directly.
 * ``wins`` takes Python's ``completing`` inline and finds the same drawn kinds that
 * complete a set-based type, by one walk gathering the outs of every hand that keeps all
 * its real tiles but one (``holds_sets_outs``), also where the hand holds jokers and
 * Python reads them from the pairs walk of the 14 tiles (``derived``); for another type, where Python checks each kind, the C does too
 * for a hand with jokers and uses group testing without (``outs_among``): the same wins.
 * ``useful_draws`` finds, per type, which positions one draw from the end a joker could
 * complete, by one walk of the 13 tiles a discard leaves in pairs mode (what they make with
 * any two drawn tiles, holds_sets_pairs); the C hands that to ``wins`` (Hint), which then
 * skips the types ruled out and reads the wins of a set-based type from the pairs
 * (``paired_wins``) instead of walking each position: the same wins, found sooner. A
 * position whose drawn tile is thrown back is the 14 tiles again, read from one walk of
 * them (``throw_back``); and the hopeless discards come from the same walks. It keeps
 * what it finds for the 13 tiles left by a discard (``useful_memo``): two orders of the
 * same two discards leave the same tiles.
 * Values are 64-bit integers: Python uses this build only where the largest possible
 * value fits (see ``CompiledSearch.of`` in odds/compiled_play.py).
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

#define CAPSULE "intlscore._native.PlaySearch"
#define KINDS (JOKER + 1) /* the 52 numbered tiles and the joker (holds.h) */
#define MAX_TYPES 64
#define HAND HOLDS_HAND

/* ---- positions -------------------------------------------------------------------- */

/* The tiles held and what can still be drawn: Pool of setsearch/pool.py (``seen`` moves with
 * ``cap``, and the trump is the search's, so neither is kept here). */
typedef struct {
    unsigned char hand[HOLDS_TILES];
    unsigned char cap[HOLDS_TILES];
    int jokers;
    int seen_jokers;
} Position;

typedef struct {
    uint64_t w[4];
} Key;

/* Eight counts of 0-3 (eight bytes, as loaded) in 16 bits, two bits each. Any order of the
 * bytes in the word gives an injective code, so the key does not depend on endianness. */
static inline uint64_t pack_counts(const unsigned char *bytes) {
    uint64_t x;
    memcpy(&x, bytes, sizeof x);
    x &= 0x0303030303030303ULL;
    x = (x | x >> 6) & 0x000F000F000F000FULL;
    x = (x | x >> 12) & 0x000000FF000000FFULL;
    return (x | x >> 24) & 0xFFFFULL;
}

/* The memo key of (position, left, draw), as Python's (pool, left, draw): the 104 counts
 * of ``hand`` then ``cap`` (0-2 each, R3), two bits each, eight to a 16-bit chunk. */
static Key key_of(const Position *pool, int left, int draw) {
    Key key = {{0, 0, 0, 0}};
    unsigned char counts[2 * HOLDS_TILES];
    memcpy(counts, pool->hand, HOLDS_TILES);
    memcpy(counts + HOLDS_TILES, pool->cap, HOLDS_TILES);
    for (int chunk = 0; chunk < 2 * HOLDS_TILES / 8; chunk++)
        key.w[chunk / 4] |= pack_counts(counts + 8 * chunk) << (16 * (chunk % 4));
    /* 13 chunks of 16 bits: 208 bits, and 48 bits of w[3] are left */
    key.w[3] |= ((uint64_t)pool->jokers << 16) | ((uint64_t)pool->seen_jokers << 18) |
                ((uint64_t)(unsigned)left << 24) | ((uint64_t)(unsigned)draw << 40);
    return key;
}

static uint64_t hash_of(const Key *key) {
    uint64_t h = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < 4; i++) {
        h ^= key->w[i];
        h *= 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    return h;
}

static int same_key(const Key *a, const Key *b) {
    return a->w[0] == b->w[0] && a->w[1] == b->w[1] && a->w[2] == b->w[2] && a->w[3] == b->w[3];
}

/* A scaled value: (score, wins, ends), the ends being ``count`` items of the ends arena. */
typedef struct {
    long long score;
    long long won;
    uint32_t at;
    uint32_t count;
} Scaled;

typedef struct {
    int slot;
    long long count;
} End;

typedef struct {
    unsigned char kind;
    unsigned char slot;
    int score;
} Win;

typedef struct {
    Key key;
    Scaled value; /* for the wins memo: ``at`` and ``count`` index the wins arena */
} Entry;

/* A hash table of keys to values: the entries in the order stored, and an open-addressing
 * table of 8-byte slots over them, each 0 (free) or the key's hash's high 32 bits and the
 * entry's index + 1. A lookup reads the small slots and only the entries whose hash bits
 * match (the entries alone were 64 bytes a slot at half load, a cache miss a probe and a
 * page fault each 64 slots as the table grew). */
typedef struct {
    uint64_t *slots;
    size_t size; /* slots: a power of two, at most half taken */
    Entry *entries;
    size_t used, room;
} Memo;

/* Where memo_find looked for a key: where memo_store puts it if it is not there. */
typedef struct {
    uint64_t hash;
    size_t slot, size;
} Probe;

typedef struct {
    /* the rack's types (``Slots.types``), in order */
    int n;
    HoldsType holds[MAX_TYPES];
    int number[MAX_TYPES];
    int limit[MAX_TYPES]; /* R21's draw limit, or -1 for none */
    int scores[MAX_TYPES][3];
    int by_number[MAX_TYPES]; /* the slots in increasing type number */
    int parent[MAX_TYPES];    /* the slot's parent among ``parents``, or -1 */
    int as_parent[MAX_TYPES]; /* where the slot is itself a parent (Basic): that one */
    int parent_slot[MAX_TYPES]; /* per parent, the slot that is that parent, or -1 */
    uint64_t usable[MAX_TYPES];   /* per slot, the kinds its completed hands may hold */
    int narrow_from[MAX_TYPES];   /* per slot, a wider slot whose hands within the slot's
                                     tiles are the slot's (narrowed_slots), or -1 */
    uint64_t narrow_tiles[MAX_TYPES]; /* and those tiles */
    int n_parents;
    HoldsType parents[MAX_TYPES]; /* the broader types the table checks first */
    int last_limited;
    int trump_joker;
    long long budget;
    long long weighed;
    Memo memo;
    Memo win_memo;
    End *ends;
    size_t ends_used, ends_size;
    Win *wins_arena;
    size_t wins_used, wins_size;
    Memo useful_memo; /* useful_draws: ``at`` indexes ``n`` masks and the sure mask */
    Memo walk_memo;   /* pairs_walk: ``at`` indexes the caps, the kinds stood in for and
                         the walk, in the useful arena */
    Memo stood_memo;  /* derived: per 12 or 13 tiles (and caps) and slot, ``at`` and
                         ``count`` index holds_sets_stood's codes in the useful arena */
    unsigned char top_hand[HOLDS_TILES]; /* the most copies held by a position asked for */
    unsigned char top_cap[HOLDS_TILES];  /* the most caps of any position asked for */
    uint64_t *useful_arena;
    size_t useful_used, useful_size;
    volatile int stop; /* set by play_stop (another thread): value() gives up */
    HoldsPairs *pairs; /* [kind held][slot] for useful_draws' walks, then throw_back's and
                          its children's: (HAND + 2) * MAX_TYPES */
} Search;

/* What a position is known to win at its next draw from its parent (useful_draws; one draw
 * from the end, or further where the parent walked the 13 tiles its discard leaves):
 * the types that may hold it with a joker (``possible``), those among them for which that
 * is certain (``sure``, set-based), and, where the parent walked its 13 tiles in pairs
 * mode, what each type makes of them and any two drawn tiles (``pairs``, per slot, the
 * position being those 13 tiles and ``drawn``); ``walked``: the slots whose ``possible``
 * bit is exact either way (a parent check read from it, parent_allows). */
typedef struct {
    uint64_t possible, sure;
    const HoldsPairs *pairs;
    int drawn;
    uint64_t walked;
    uint64_t completes, fails; /* slots not built from sets whose may_complete the parent's
                                  13 tiles decide (both jokers held): passed, failed */
} Hint;

static const Hint NO_HINT = {~0ULL, 0, NULL, -1, 0, 0, 0};

#define SLOT_TAG(hash) ((hash) >> 32 << 32)

/* The first slot of the key's probe sequence that is free or holds it. */
static size_t memo_probe(const Memo *memo, uint64_t hash, const Key *key) {
    size_t mask = memo->size - 1, j = hash & mask;
    for (;; j = (j + 1) & mask) {
        uint64_t slot = memo->slots[j];
        if (!slot) return j;
        if ((slot ^ hash) >> 32 == 0 && same_key(&memo->entries[(uint32_t)slot - 1].key, key))
            return j;
    }
}

/* Twice the slots (1024 at first), the entries placed anew in the order stored: 0, or -1
 * without memory (the table is left as it was). */
static int memo_grow(Memo *memo) {
    size_t size = memo->size ? memo->size * 2 : 1024;
    uint64_t *slots = calloc(size, sizeof *slots);
    if (slots == NULL) return -1;
    for (size_t i = 0; i < memo->used; i++) {
        uint64_t hash = hash_of(&memo->entries[i].key);
        size_t j = hash & (size - 1);
        while (slots[j]) j = (j + 1) & (size - 1);
        slots[j] = SLOT_TAG(hash) | (i + 1);
    }
    free(memo->slots);
    memo->slots = slots;
    memo->size = size;
    return 0;
}

/* The entry of ``key``, or NULL where it is not stored (``probe``: where it would go). */
static Entry *memo_find(const Memo *memo, const Key *key, Probe *probe) {
    probe->hash = hash_of(key);
    probe->size = memo->size;
    if (!memo->size) return NULL;
    probe->slot = memo_probe(memo, probe->hash, key);
    uint64_t slot = memo->slots[probe->slot];
    return slot ? &memo->entries[(uint32_t)slot - 1] : NULL;
}

/* Stores a key memo_find did not find (``probe``; other keys may have been stored since):
 * its entry, or NULL without memory (nothing is stored). */
static Entry *memo_store(Memo *memo, const Probe *probe, const Key *key, Scaled value) {
    size_t slot = probe->slot;
    if (2 * (memo->used + 1) > memo->size) {
        if (memo_grow(memo) < 0) return NULL;
        slot = memo_probe(memo, probe->hash, key);
    } else if (memo->size != probe->size || memo->slots[slot]) {
        slot = memo_probe(memo, probe->hash, key);
    }
    if (memo->used == memo->room) {
        size_t room = memo->room ? memo->room * 2 : 512;
        Entry *entries = realloc(memo->entries, room * sizeof *entries);
        if (entries == NULL) return NULL;
        memo->entries = entries;
        memo->room = room;
    }
    Entry *entry = &memo->entries[memo->used];
    entry->key = *key;
    entry->value = value;
    memo->slots[slot] = SLOT_TAG(probe->hash) | ++memo->used;
    return entry;
}

static void memo_free(Memo *memo) {
    free(memo->slots);
    free(memo->entries);
}

/* Room for ``more`` items of ``item`` bytes after the ``used`` ones of an arena of
 * ``*size`` (doubling from 4096): 0, or -1 without memory (the arena is left as it was). */
static int reserve(void **arena, size_t *size, size_t used, size_t more, size_t item) {
    if (used + more <= *size) return 0;
    size_t grown_size = *size ? *size : 4096;
    while (grown_size < used + more) grown_size *= 2;
    void *grown = realloc(*arena, grown_size * item);
    if (grown == NULL) return -1;
    *arena = grown;
    *size = grown_size;
    return 0;
}

static int ends_reserve(Search *s, size_t more) {
    void *arena = s->ends;
    int status = reserve(&arena, &s->ends_size, s->ends_used, more, sizeof(End));
    s->ends = arena;
    return status;
}

static int useful_reserve(Search *s, size_t more) {
    void *arena = s->useful_arena;
    int status = reserve(&arena, &s->useful_size, s->useful_used, more, sizeof(uint64_t));
    s->useful_arena = arena;
    return status;
}

static int wins_reserve(Search *s, size_t more) {
    void *arena = s->wins_arena;
    int status = reserve(&arena, &s->wins_size, s->wins_used, more, sizeof(Win));
    s->wins_arena = arena;
    return status;
}

/* ---- the pool's moves (unseen_counts, drawn, thrown, kinds_held) ---------------------- */

static int unseen_jokers(const Search *s, const Position *pool) {
    int left = COPIES - pool->jokers - pool->seen_jokers - s->trump_joker;
    return left > 0 ? left : 0;
}

/* Copies still drawable per kind (the joker last); returns their sum. */
static int unseen_counts(const Search *s, const Position *pool, int counts[KINDS]) {
    int total = 0;
    for (int i = 0; i < HOLDS_TILES; i++) {
        counts[i] = pool->cap[i] > pool->hand[i] ? pool->cap[i] - pool->hand[i] : 0;
        total += counts[i];
    }
    counts[JOKER] = unseen_jokers(s, pool);
    return total + counts[JOKER];
}

static void drawn(Position *pool, int kind) {
    if (kind == JOKER)
        pool->jokers++;
    else
        pool->hand[kind]++;
}

/* Out of play for good (R3). */
static void thrown(Position *pool, int kind) {
    if (kind == JOKER) {
        pool->jokers--;
        pool->seen_jokers++;
    } else {
        pool->hand[kind]--;
        if (pool->cap[kind] > 0) pool->cap[kind]--;
    }
}

/* The distinct kinds held, in index order (the joker last); returns how many. */
static int kinds_held(const Position *pool, int kinds[KINDS]) {
    int n = 0;
    for (int i = 0; i < HOLDS_TILES; i++)
        if (pool->hand[i]) kinds[n++] = i;
    if (pool->jokers) kinds[n++] = JOKER;
    return n;
}

static int holds_with(const HoldsType *type, const Position *pool, int extra_kind, int jokers);

/* ``known`` of a parent held, its kept tiles not yet asked (read from a Hint). */
#define PARENT_HELD (-3)

/* The holds-check of parent ``p`` on the position plus ``jokers`` more jokers, asked once
 * per position: ``known`` keeps the answers (-2 where not yet asked). */
static int parent_kept(const Search *s, int p, const Position *pool, int jokers, int known[MAX_TYPES]) {
    if (known[p] == -2 || known[p] == PARENT_HELD)
        known[p] = holds_with(&s->parents[p], pool, -1, jokers);
    return known[p];
}

/* Whether slot t's parent allows the position plus ``jokers`` more jokers to hold t. */
static int parent_allows(const Search *s, int t, const Position *pool, int jokers, int known[MAX_TYPES]) {
    int p = s->parent[t];
    return p < 0 || known[p] == PARENT_HELD || parent_kept(s, p, pool, jokers, known) >= 0;
}

/* ``known`` for a position one draw from the end, with the parents whose slot the Hint
 * walked (``hinted_parents`` of play.py): the 14 tiles and a joker hold the parent exactly
 * when that slot is possible, so its check is not asked again. */
static void hinted_parents(const Search *s, const Hint *hint, int known[MAX_TYPES]) {
    for (int p = 0; p < s->n_parents; p++) {
        int t = s->parent_slot[p];
        known[p] = -2;
        if (t >= 0 && (hint->walked >> t & 1))
            known[p] = hint->possible >> t & 1 ? PARENT_HELD : -1;
    }
}

/* The holds-check of slot ``t`` on the position plus ``jokers`` more jokers. */
static int kept_with(const Search *s, int t, const Position *pool, int extra_kind, int jokers) {
    return holds_with(&s->holds[t], pool, extra_kind, jokers);
}

/* kept_with of slot t on the position plus ``jokers`` jokers, where the slot is itself a
 * parent of the others (Basic) read from ``known`` as parent_allows keeps it: one check. */
static int slot_kept(const Search *s, int t, const Position *pool, int jokers, int known[MAX_TYPES]) {
    int p = s->as_parent[t];
    return p < 0 ? kept_with(s, t, pool, -1, jokers) : parent_kept(s, p, pool, jokers, known);
}

/* The position as a holds-check's pool: the hand plus ``extra_kind`` (-1: none) and
 * ``jokers`` more jokers. */
static void holds_pool(const Position *pool, int extra_kind, int jokers, HoldsPool *holds) {
    for (int i = 0; i < HOLDS_TILES; i++) {
        holds->count[i] = pool->hand[i];
        holds->cap[i] = pool->cap[i];
    }
    holds->jokers = pool->jokers + jokers;
    if (extra_kind == JOKER)
        holds->jokers++;
    else if (extra_kind >= 0)
        holds->count[extra_kind]++;
}

static int holds_with(const HoldsType *type, const Position *pool, int extra_kind, int jokers) {
    HoldsPool holds;
    holds_pool(pool, extra_kind, jokers, &holds);
    return holds_check(type, &holds);
}

static int set_based(const HoldsType *type) {
    return type->structure == HOLDS_SETS || type->structure == HOLDS_GROUPS ||
           type->structure == HOLDS_RUNS;
}

/* holds_sets_outs of slot ``t`` on the position: the most real tiles kept (at least
 * ``floor``) and the tiles drawn by every hand keeping that many. */
static int outs_with(const Search *s, int t, const Position *pool, int floor, uint64_t *outs) {
    HoldsPool holds;
    holds_pool(pool, -1, 0, &holds);
    return holds_sets_outs(&s->holds[t], &holds, floor, outs);
}

/* The holds-check of slot ``t`` on the position plus one joker that may stand only for a
 * kind in ``kinds[0..n)`` (every other kind's cap is cut to the copies held). */
static int kept_with_joker_among(const Search *s, int t, const Position *pool, const int *kinds,
                                 int n) {
    HoldsPool holds;
    for (int i = 0; i < HOLDS_TILES; i++) {
        holds.count[i] = pool->hand[i];
        holds.cap[i] = pool->hand[i];
    }
    for (int i = 0; i < n; i++) holds.cap[kinds[i]] = pool->cap[kinds[i]];
    holds.jokers = pool->jokers + 1;
    return holds_check(&s->holds[t], &holds);
}

/* Marks in ``out`` the kinds of ``kinds[0..n)`` that complete slot t when drawn, for a
 * position without jokers that does not hold t itself but holds it with a joker among
 * these kinds (known). A drawn kind completes it exactly when a joker standing only for
 * that kind does (R3): so halves are tested, each with one check, and a half without
 * such a kind is dropped whole. */
static void outs_among(const Search *s, int t, const Position *pool, const int *kinds, int n,
                       char out[KINDS]) {
    if (n == 1) {
        out[kinds[0]] = 1;
        return;
    }
    int half = n / 2;
    if (kept_with_joker_among(s, t, pool, kinds, half) >= 0) outs_among(s, t, pool, kinds, half, out);
    if (kept_with_joker_among(s, t, pool, kinds + half, n - half) >= 0)
        outs_among(s, t, pool, kinds + half, n - half, out);
}

/* ---- the search -------------------------------------------------------------------- */

#define BLIND_CLASSES (13 + 13 * 4)

/* For a type blind to colour (any tiles or seven pairs, of every colour), drawn numbered
 * tiles alike: the 14 tiles and either hold it alike. Any tiles: the tiles of one number
 * (the checks count units by number). Seven pairs: those of one number with as many
 * copies held and as many left to pair (the checks count cells by number and copies, and
 * choose a number's pairs among its colours alike). -1 for another type (blind_class of
 * play.py). */
static int blind_class(const HoldsType *type, const Position *pool, int kind) {
    int number = kind / 4 + 1;
    if (type->colours >= 0) return -1;
    if (type->structure == HOLDS_ANY) return number - 1;
    if (type->structure == HOLDS_PAIRS)
        return 13 + (number - 1) * 4 + (pool->hand[kind] ? 2 : 0) + (pool->cap[kind] >= 2);
    return -1;
}

/* The numbered kinds a completed hand of the type may hold: those of the numbers it allows
 * (R9), and for a fixed sequence only the numbers in it (the high 1 is a 1, R5). */
static uint64_t usable_kinds(const HoldsType *type) {
    int numbers = type->numbers;
    if (type->sequence_len > 0) {
        int in_sequence = 0;
        for (int i = 0; i < type->sequence_len; i++)
            in_sequence |= 1 << holds_position_number(type->sequence[i]);
        numbers &= in_sequence;
    }
    uint64_t mask = 0;
    for (int number = 1; number <= 13; number++)
        if (numbers >> number & 1) mask |= 0xFULL << (number - 1) * 4;
    return mask;
}

static int allowed(int limit, int draw) {
    return limit < 0 || draw <= (limit > 1 ? limit : 1);
}

/* best_score of odds/holds.py: the best final score (R10, R12) of a pool holding slot t. */
static int best_score(const Search *s, int t, int kept, int jokers, int size) {
    int need = HAND - kept > 0 ? HAND - kept : 0;
    int best = 0;
    int most = jokers < 2 ? jokers : 2;
    for (int used = need; used <= most; used++) {
        int score = s->scores[t][used];
        if (jokers - used >= 1 && size > HAND) score *= 2;
        if (score > best) best = score;
    }
    return best;
}

/* The index of the lowest set bit of a nonzero mask (a de Bruijn sequence: portable C has
 * no builtin for it). */
static int lowest_bit(uint64_t mask) {
    static const unsigned char index[64] = {
        0,  1,  2,  53, 3,  7,  54, 27, 4,  38, 41, 8,  34, 55, 48, 28, 62, 5,  39, 46, 44, 42,
        22, 9,  24, 35, 59, 56, 49, 18, 29, 11, 63, 52, 6,  26, 37, 40, 33, 47, 61, 45, 43, 21,
        23, 58, 17, 10, 51, 25, 36, 32, 60, 20, 57, 16, 50, 31, 19, 15, 30, 14, 13, 12};
    return index[((mask & -mask) * 0x022FDD63CC95386DULL) >> 58];
}

static void better(int best[KINDS][2], int kind, int score, int slot) {
    if (score && score >= best[kind][0]) {
        best[kind][0] = score;
        best[kind][1] = slot;
    }
}

static int may_win_within_two(const Search *s, const Position *pool, int first, int last) {
    if (pool->jokers) return 1; /* a third joker is not a hand (R3): no shortcut */
    int known[MAX_TYPES];
    for (int p = 0; p < s->n_parents; p++) known[p] = -2;
    for (int t = 0; t < s->n; t++) {
        int any = 0;
        for (int draw = first; draw <= last; draw++) any |= allowed(s->limit[t], draw);
        if (any && parent_allows(s, t, pool, 2, known) && slot_kept(s, t, pool, 2, known) >= 0)
            return 1;
    }
    return 0;
}

/* Whether a drawn tile may complete slot t, not built from sets, for 14 tiles holding
 * both jokers (none is left to draw in its place): only if a completed hand keeps all
 * their real tiles but one, since a tile more raises the real tiles kept by one at most.
 * The check is told of a third joker: that lowers its floor by one, as the drawn tile
 * would. One check instead of one per kind drawn. */
static int may_complete(const Search *s, int t, const Position *pool) {
    if (pool->jokers < 2 || set_based(&s->holds[t])) return 1;
    return kept_with(s, t, pool, -1, 1) >= 0;
}

/* The wins of set-based slot t for a position one draw from the end (no more than one
 * joker) made of 13 tiles and a drawn numbered tile x, from the pairs walk of the 13
 * (Hint): the same as the walks in ``wins``. The 14 tiles hold the type alone when x
 * completes the 13; then every drawn tile wins, keeping 14 real tiles where the two
 * complete the 13 without their joker (it is thrown, R12). Otherwise a drawn tile z wins
 * when it completes the 13 alone or with x, and a drawn joker when the 13 and two jokers
 * hold it or x does with them. */
static void paired_wins(const Search *s, int t, const Position *pool, const HoldsPairs *pairs,
                        int x, const int counts[KINDS], uint64_t drawable, int best[KINDS][2]) {
    int jokers = pool->jokers;
    int real = HAND - jokers;
    int score = best_score(s, t, real, jokers, HAND + 1);
    if (pairs->one >> x & 1) {
        uint64_t free = jokers ? pairs->joker_free[x] & drawable : 0;
        int freed = free ? best_score(s, t, real + 1, jokers, HAND + 1) : 0;
        for (uint64_t left = drawable; left; left &= left - 1) {
            int z = lowest_bit(left);
            better(best, z, free >> z & 1 ? freed : score, t);
        }
        if (counts[JOKER]) better(best, JOKER, best_score(s, t, real, jokers + 1, HAND + 1), t);
        return;
    }
    uint64_t winners = pairs->one | pairs->pair[x];
    for (uint64_t left = winners & drawable; left; left &= left - 1)
        better(best, lowest_bit(left), score, t);
    if (counts[JOKER] && winners)
        better(best, JOKER, best_score(s, t, real - 1, jokers + 1, HAND + 1), t);
}

/* Per kind drawn at draw number ``draw``: the best closed score and its slot (``best``,
 * zeroed first), kept in the wins memo where ``remember`` (Python's ``wins``). Returns 0,
 * or -1 without memory. */
static int wins(Search *s, const Position *pool, int draw, const int counts[KINDS],
                const Hint *hint, int remember, int best[KINDS][2]) {
    memset(best, 0, sizeof(int) * KINDS * 2);
    Key key;
    Probe probe;
    if (remember) {
        key = key_of(pool, 0, draw);
        const Entry *entry = memo_find(&s->win_memo, &key, &probe);
        if (entry != NULL) {
            for (uint32_t i = 0; i < entry->value.count; i++) {
                const Win *win = &s->wins_arena[entry->value.at + i];
                best[win->kind][0] = win->score;
                best[win->kind][1] = win->slot;
            }
            return 0;
        }
    }
    int known[MAX_TYPES];
    hinted_parents(s, hint, known);
    uint64_t drawable = 0; /* the numbered kinds with a copy to draw */
    for (int kind = 0; kind < HOLDS_TILES; kind++) drawable |= (uint64_t)(counts[kind] != 0) << kind;
    for (int t = 0; t < s->n; t++) {
        int limit = s->limit[t];
        if (limit == 0) { /* the hand as dealt (R21): only at the first draw, no doubling */
            int kept = draw == 1 ? kept_with(s, t, pool, -1, 0) : -1;
            if (kept >= 0) {
                int score = best_score(s, t, kept, pool->jokers, HAND);
                for (int kind = 0; kind < KINDS; kind++)
                    if (counts[kind]) better(best, kind, score, t);
            }
            continue;
        }
        if (limit >= 0 && draw > limit) continue;
        if (!(hint->possible >> t & 1)) continue; /* the parent: no joker completes it */
        int set_type = set_based(&s->holds[t]);
        int real = HAND - pool->jokers;
        if (hint->pairs && (hint->sure >> t & 1)) {
            paired_wins(s, t, pool, &hint->pairs[t], hint->drawn, counts, drawable, best);
            continue;
        }
        int with_joker, alone, kept = -1;
        uint64_t outs = 0;
        if (hint->sure >> t & 1) {
            /* the parent found that the 14 tiles and a joker hold it: one walk at all real
             * tiles but one tells whether they hold it alone and, if not, the outs */
            kept = outs_with(s, t, pool, real - 1, &outs);
            alone = kept == real ? real : -1;
            with_joker = alone >= 0 ? real : real - 1;
        } else {
            /* a drawn tile completes the type only if a joker in its place does (R3) */
            if (pool->jokers < 2 && !parent_allows(s, t, pool, 1, known)) continue;
            with_joker = pool->jokers < 2 ? slot_kept(s, t, pool, 1, known) : 0;
            if (with_joker < 0) continue;
            alone = set_type || !pool->jokers ? kept_with(s, t, pool, -1, 0) : -1;
            if (alone < 0 && set_type) kept = outs_with(s, t, pool, real - 1, &outs);
        }
        /* Which drawn numbered tiles complete the type: with the 14 tiles holding it alone,
         * without jokers, every one (keeping 14); otherwise, for a set-based type, those
         * that a completed hand keeping all real tiles but one draws (one walk gathering
         * its outs; the jokers stand for the rest, and the hand keeps the other real
         * tiles and the drawn one); for another type without jokers, group testing. */
        char out[KINDS];
        memset(out, alone >= 0, KINDS);
        if (alone < 0 && set_type) {
            if (kept == real - 1)
                for (int kind = 0; kind < HOLDS_TILES; kind++) out[kind] = (char)(outs >> kind & 1);
        } else if (alone < 0 && !pool->jokers) {
            int kinds[KINDS], n = 0;
            for (int kind = 0; kind < HOLDS_TILES; kind++)
                if (counts[kind] && (s->usable[t] >> kind & 1)) kinds[n++] = kind;
            if (n) outs_among(s, t, pool, kinds, n, out);
        } else if (pool->jokers && set_type) {
            /* The 14 tiles hold it alone: every drawn tile wins, and one lets a joker of
             * the hand go (kept one real tile more, R12) exactly when it completes the real
             * tiles and the other jokers: the outs of the hand less a joker, at all its
             * real tiles (one walk instead of a check per kind). */
            Position fewer = *pool;
            fewer.jokers--;
            uint64_t frees = 0;
            if (outs_with(s, t, &fewer, real, &frees) != real) frees = 0;
            for (int kind = 0; kind < HOLDS_TILES; kind++)
                if (counts[kind])
                    better(best, kind,
                           best_score(s, t, real + (int)(frees >> kind & 1), pool->jokers,
                                      HAND + 1),
                           t);
            if (counts[JOKER])
                better(best, JOKER, best_score(s, t, real, pool->jokers + 1, HAND + 1), t);
            continue;
        } else if (pool->jokers) {
            /* a drawn tile may let a joker of the hand go: each kind is checked */
            if (hint->fails >> t & 1) continue;
            if (!(hint->completes >> t & 1) && !may_complete(s, t, pool)) continue;
            /* a tile of a number the type never uses completes it exactly as the 14 tiles
             * do alone, keeping what they keep (usable_kinds); for a type blind to colour,
             * kinds alike (blind_class) are checked once */
            int kept_alone = -2, kept_alike[BLIND_CLASSES];
            for (int c = 0; c < BLIND_CLASSES; c++) kept_alike[c] = -2;
            for (int kind = 0; kind < KINDS; kind++) {
                if (!counts[kind]) continue;
                int drawn_kept;
                int alike = kind == JOKER ? -1 : blind_class(&s->holds[t], pool, kind);
                if (kind != JOKER && !(s->usable[t] >> kind & 1)) {
                    if (kept_alone == -2) kept_alone = kept_with(s, t, pool, -1, 0);
                    drawn_kept = kept_alone;
                } else if (alike >= 0 && kept_alike[alike] != -2) {
                    drawn_kept = kept_alike[alike];
                } else {
                    drawn_kept = kept_with(s, t, pool, kind, 0);
                    if (alike >= 0) kept_alike[alike] = drawn_kept;
                }
                if (drawn_kept < 0) continue;
                int jokers = pool->jokers + (kind == JOKER);
                better(best, kind, best_score(s, t, drawn_kept, jokers, HAND + 1), t);
            }
            continue;
        }
        for (int kind = 0; kind < HOLDS_TILES; kind++)
            if (counts[kind] && out[kind])
                better(best, kind, best_score(s, t, real, pool->jokers, HAND + 1), t);
        /* a drawn joker (with at most one in the hand): the 14 tiles and a joker */
        if (counts[JOKER])
            better(best, JOKER, best_score(s, t, with_joker, pool->jokers + 1, HAND + 1), t);
    }
    if (!remember) return 0;
    int n = 0;
    for (int kind = 0; kind < KINDS; kind++) n += best[kind][0] != 0;
    if (wins_reserve(s, (size_t)n) < 0) return -1;
    Scaled stored = {0, 0, (uint32_t)s->wins_used, (uint32_t)n};
    for (int kind = 0; kind < KINDS; kind++) {
        if (!best[kind][0]) continue;
        Win win = {(unsigned char)kind, (unsigned char)best[kind][1], best[kind][0]};
        s->wins_arena[s->wins_used++] = win;
    }
    return memo_store(&s->win_memo, &probe, &key, stored) == NULL ? -1 : 0;
}

#define NUMBERED_MASK ((1ULL << HOLDS_TILES) - 1)
#define ALL_TYPES (~0ULL)

/* The tiles x of a pairs walk that complete its 13 tiles with some other drawn tile. */
static uint64_t paired_kinds(const HoldsPairs *pairs) {
    uint64_t paired = 0;
    for (int x = 0; x < HOLDS_TILES; x++) paired |= (uint64_t)(pairs->pair[x] != 0) << x;
    return paired;
}

/* One pairs walk packed for a memo: ``one``, how many tiles x have a partner, and for
 * each x, ``pair[x]`` and ``joker_free[x]`` (the tile in the low bits of a third word).
 * walk_words: its size; walk_pack returns the words written, walk_unpack what follows. */
static size_t walk_words(const HoldsPairs *pairs) {
    size_t words = 2;
    for (int x = 0; x < HOLDS_TILES; x++)
        if (pairs->pair[x] || pairs->joker_free[x]) words += 3;
    return words;
}

static size_t walk_pack(const HoldsPairs *pairs, uint64_t *out) {
    uint64_t *start = out, *count = &out[1];
    out[0] = pairs->one;
    *count = 0;
    out += 2;
    for (int x = 0; x < HOLDS_TILES; x++) {
        if (!pairs->pair[x] && !pairs->joker_free[x]) continue;
        out[0] = (uint64_t)x;
        out[1] = pairs->pair[x];
        out[2] = pairs->joker_free[x];
        out += 3;
        ++*count;
    }
    return (size_t)(out - start);
}

static const uint64_t *walk_unpack(const uint64_t *in, HoldsPairs *pairs) {
    memset(pairs, 0, sizeof *pairs);
    pairs->one = in[0];
    uint64_t count = in[1];
    in += 2;
    for (uint64_t i = 0; i < count; i++, in += 3) {
        pairs->pair[in[0]] = in[1];
        pairs->joker_free[in[0]] = in[2];
    }
    return in;
}

/* The pairs walks of the set-based slots ``sure``, packed for the useful memo one after
 * another (walk_pack). pairs_words: their size. */
static size_t pairs_words(const Search *s, uint64_t sure, const HoldsPairs *pairs) {
    size_t words = 0;
    for (int t = 0; t < s->n; t++)
        if (sure >> t & 1) words += walk_words(&pairs[t]);
    return words;
}

static void pairs_pack(const Search *s, uint64_t sure, const HoldsPairs *pairs, uint64_t *out) {
    for (int t = 0; t < s->n; t++)
        if (sure >> t & 1) out += walk_pack(&pairs[t], out);
}

static void pairs_unpack(const Search *s, const uint64_t *in, uint64_t sure, HoldsPairs *pairs) {
    for (int t = 0; t < s->n; t++)
        if (sure >> t & 1) in = walk_unpack(in, &pairs[t]);
}

/* Whether a walk under the caps ``walked`` (packed two bits a kind, walk_caps) is also the
 * walk of the same tiles under ``cap`` (Walked.serves of odds/walks.py): no cap above the
 * walk's, and every kind whose cap is below it one that no hand of the walk stands in for
 * (``stood``). A lower cap only takes away the hands that stand in for more copies of its
 * kind than it allows. */
static int walk_serves(const uint64_t walked[2], uint64_t stood, const unsigned char *cap) {
    for (int i = 0; i < HOLDS_TILES; i++) {
        int was = (int)(walked[i / 32] >> (2 * (i % 32)) & 3);
        if (cap[i] != was && (cap[i] > was || (stood >> i & 1))) return 0;
    }
    return 1;
}

static void walk_caps(const unsigned char *cap, uint64_t out[2]) {
    out[0] = out[1] = 0;
    for (int i = 0; i < HOLDS_TILES; i++) out[i / 32] |= (uint64_t)cap[i] << (2 * (i % 32));
}

/* The highest caps of a position below the entry holding ``pool``'s tiles (top_caps of
 * play.py), in ``cap``: the top caps, less one for each copy held above and not here (it
 * was thrown, R3). */
static void top_caps(const Search *s, const Position *pool, unsigned char cap[HOLDS_TILES]) {
    for (int i = 0; i < HOLDS_TILES; i++) {
        int thrown_copies = s->top_hand[i] - pool->hand[i];
        cap[i] = (unsigned char)(s->top_cap[i] - (thrown_copies > 0 ? thrown_copies : 0));
    }
}

/* Whether every kind ``pool`` holds is one of the mask ``tiles``. */
static int within(const Position *pool, uint64_t tiles) {
    for (int i = 0; i < HOLDS_TILES; i++)
        if (pool->hand[i] && !(tiles >> i & 1)) return 0;
    return 1;
}

/* holds_sets_stood of slot t on ``base``'s 12 or 13 tiles under its caps (``stood_hands`` of
 * play.py): walked once per tiles, slot and caps, the codes kept in the useful arena
 * (``*at``, ``*count``). Where the slot's type is a narrower one's (narrow_from) and the
 * tiles are all its own, the wider slot's codes within its tiles (holds_stood_within):
 * the same hands, without a walk of their own. Returns 0, or -1 without memory. */
static int stood_codes(Search *s, int t, const Position *base, size_t *at, size_t *count) {
    Key key = key_of(base, t, 0);
    Probe probe;
    const Entry *entry = memo_find(&s->stood_memo, &key, &probe);
    if (entry != NULL) {
        *at = entry->value.at;
        *count = entry->value.count;
        return 0;
    }
    int wide = s->narrow_from[t];
    if (wide >= 0 && within(base, s->narrow_tiles[t])) {
        size_t wide_at, wide_count;
        if (stood_codes(s, wide, base, &wide_at, &wide_count) < 0 ||
            useful_reserve(s, wide_count) < 0)
            return -1;
        uint64_t *arena = s->useful_arena;
        *at = s->useful_used;
        *count = holds_stood_within(&arena[wide_at], wide_count, s->narrow_tiles[t], &arena[*at]);
    } else {
        uint64_t *codes;
        size_t n;
        HoldsPool walked;
        holds_pool(base, -1, 0, &walked);
        if (holds_sets_stood(&s->holds[t], &walked, &codes, &n) < 0) return -1; /* 12, 13 */
        if (useful_reserve(s, n) < 0) {
            free(codes);
            return -1;
        }
        if (n) memcpy(&s->useful_arena[s->useful_used], codes, n * sizeof *codes);
        free(codes);
        *at = s->useful_used;
        *count = n;
    }
    s->useful_used += *count;
    Scaled stored = {0, 0, (uint32_t)*at, (uint32_t)*count};
    return memo_store(&s->stood_memo, &probe, &key, stored) == NULL ? -1 : 0;
}

/* holds_sets_pairs of slot t on 13 tiles, or 14 with jokers (``derived`` of play.py), in
 * ``out``: read from one walk of the tiles every position around them holds
 * (holds_sets_stood, walked once per tiles, slot and top caps; holds_stood_pairs). Where
 * the tiles hold one copy more of a numbered kind x than any position asked for
 * (top_hand), they are tiles such positions hold and a drawn x (12 and x, or 13 and x);
 * 14 tiles no position exceeds are 13 and their last kind; otherwise 13 tiles are their
 * own. The tiles without x are walked under the top caps of the tiles with x, and lower
 * caps only take hands away: the same masks as a walk of the tiles under their own caps,
 * which is made where there is no such walk (caps above the top caps). Returns 0, or -1
 * without memory. */
static int derived(Search *s, int t, const Position *pool, HoldsPairs *out) {
    int x = -1, excess = 0, size = pool->jokers;
    for (int i = 0; i < HOLDS_TILES; i++) {
        size += pool->hand[i];
        if (pool->hand[i] > s->top_hand[i]) {
            excess += pool->hand[i] == s->top_hand[i] + 1 ? 1 : 2;
            x = i;
        }
    }
    if (excess != 1) x = -1;
    if (!excess && size == HAND) /* 14 tiles no position exceeds: 13 and their last kind */
        for (int i = 0; i < HOLDS_TILES; i++)
            if (pool->hand[i]) x = i;
    Position base = *pool;
    top_caps(s, pool, base.cap);
    if (x >= 0) {
        base.hand[x]--;
        size--;
    }
    int fits = size == HAND - 1 || (size == HAND - 2 && x >= 0);
    for (int i = 0; i < HOLDS_TILES && fits; i++) fits = pool->cap[i] <= base.cap[i];
    HoldsPool holds;
    holds_pool(pool, -1, 0, &holds);
    if (!fits) return holds_sets_pairs(&s->holds[t], &holds, out) == -3 ? -1 : 0;
    base.seen_jokers = 0;
    size_t at, count;
    if (stood_codes(s, t, &base, &at, &count) < 0) return -1;
    holds_stood_pairs(&s->useful_arena[at], count, x, &holds, out);
    return 0;
}

/* holds_sets_pairs of slot t on 13 tiles (``pairs_walk`` of play.py), in ``out``: found
 * once for the tiles and their jokers under the highest caps a position holding them can
 * have (top_caps; derived), and read from that for every position whose caps it serves
 * (walk_serves): the same masks. Where it does not serve, derived reads them under the
 * position's own caps. The walk memo keeps, per tiles and slot, the caps, the kinds stood
 * in for and the masks packed. Returns 0, or -1 without memory. */
static int pairs_walk(Search *s, int t, const Position *pool, HoldsPairs *out) {
    Position bare = *pool;
    memset(bare.cap, 0, sizeof bare.cap);
    bare.seen_jokers = 0;
    Key key = key_of(&bare, t, 0);
    Probe probe;
    const Entry *entry = memo_find(&s->walk_memo, &key, &probe);
    if (entry == NULL) {
        Position top = *pool;
        top_caps(s, pool, top.cap);
        int fits = 1;
        for (int i = 0; i < HOLDS_TILES; i++) fits &= pool->cap[i] <= top.cap[i];
        if (fits) {
            if (derived(s, t, &top, out) < 0) return -1;
            size_t words = 3 + walk_words(out);
            if (useful_reserve(s, words) < 0) return -1;
            uint64_t *arena = &s->useful_arena[s->useful_used];
            walk_caps(top.cap, arena);
            arena[2] = out->one | paired_kinds(out);
            walk_pack(out, &arena[3]);
            Scaled stored = {0, 0, (uint32_t)s->useful_used, (uint32_t)words};
            s->useful_used += words;
            if (memo_store(&s->walk_memo, &probe, &key, stored) == NULL) return -1;
            if (walk_serves(arena, arena[2], pool->cap)) return 0;
        }
    } else {
        const uint64_t *known = &s->useful_arena[entry->value.at];
        if (walk_serves(known, known[2], pool->cap)) {
            walk_unpack(&known[3], out);
            return 0;
        }
    }
    return derived(s, t, pool, out);
}

/* For a position two draws from the end and a kind held: whether, once that kind is thrown
 * after the next draw, each type may still win at the last draw (number ``draw``), as the
 * mask ``may[t]`` of the numbered kinds drawn next for which it may (``useful_draws`` of
 * play.py). The 14 tiles kept then win with the last tile only if they and a joker in its
 * place hold the type (an unseen copy is one a joker may stand for, R3). For a set-based
 * type this is exact (``sure`` marks these types), found by one walk of the 13 tiles left
 * in pairs mode (holds_sets_pairs): with a joker they hold it alone when some tile
 * completes them, and otherwise with the tiles x of the pairs (x, z) that complete them
 * keeping all their real tiles but one. The same walk tells what the 14 tiles then win
 * with each last tile, without a walk of their own: ``pairs[t]``, and ``*paired`` set
 * (the memo keeps them too, packed: the same 13 tiles are left by many positions). Another type
 * may win only if the 13 tiles and two jokers hold it (with a joker among the 13, nothing
 * is ruled out). With two jokers among the 13 tiles the walk is the same (a hand keeping
 * all their real tiles but one stands in for four tiles), and for a type not built from
 * sets two holds-checks of the 13 tiles decide may_complete of 13 tiles and any drawn
 * tile where the 13 keep 11 real tiles or more (passed: ``decided[0]``) or fewer than ten
 * (failed: ``decided[1]``). Returns 1, or -1 without memory. */
static int useful_draws(Search *s, const Position *pool, int discard, int draw,
                        uint64_t may[MAX_TYPES], uint64_t *sure, HoldsPairs *pairs,
                        int *paired, uint64_t decided[2]) {
    Position after = *pool;
    thrown(&after, discard);
    Key key = key_of(&after, 0, draw);
    Probe probe;
    const Entry *entry = memo_find(&s->useful_memo, &key, &probe);
    *paired = 0;
    if (entry != NULL) {
        const uint64_t *known = &s->useful_arena[entry->value.at];
        memcpy(may, known, sizeof(uint64_t) * (size_t)s->n);
        *sure = known[s->n];
        decided[0] = known[s->n + 1];
        decided[1] = known[s->n + 2];
        pairs_unpack(s, &known[s->n + 3], *sure, pairs);
        *paired = *sure != 0;
        return 1;
    }
    int known[MAX_TYPES];
    for (int p = 0; p < s->n_parents; p++) known[p] = -2;
    *sure = 0;
    decided[0] = decided[1] = 0;
    for (int t = 0; t < s->n; t++) {
        may[t] = 0;
        if (!allowed(s->limit[t], draw)) continue; /* draw >= 2: never the hand as dealt */
        if (set_based(&s->holds[t])) {
            /* the 13 tiles and a joker hold it alone (any draw), or a hand keeping all
             * their real tiles but one draws the tile, the joker standing in for another */
            *sure |= 1ULL << t;
            HoldsPairs *found = &pairs[t];
            if (pairs_walk(s, t, &after, found) < 0) return -1;
            may[t] = found->one ? NUMBERED_MASK : paired_kinds(found);
            *paired = 1;
        } else if (after.jokers || (parent_allows(s, t, &after, 2, known) &&
                                    slot_kept(s, t, &after, 2, known) >= 0)) {
            may[t] = NUMBERED_MASK;
        }
        if (after.jokers == 2 && !set_based(&s->holds[t])) {
            /* the 13 tiles and a drawn tile keep at most one real tile more than the 13
             * do, and never fewer: may_complete asks all their real tiles but one */
            if (kept_with(s, t, &after, -1, 1) >= 0)
                decided[0] |= 1ULL << t;
            else if (kept_with(s, t, &after, -1, 2) < 0)
                decided[1] |= 1ULL << t;
        }
    }
    size_t words = (size_t)s->n + 3 + pairs_words(s, *sure, pairs);
    if (useful_reserve(s, words) < 0) return -1;
    Scaled stored = {0, 0, (uint32_t)s->useful_used, (uint32_t)words};
    uint64_t *arena = &s->useful_arena[s->useful_used];
    memcpy(arena, may, sizeof(uint64_t) * (size_t)s->n);
    arena[s->n] = *sure;
    arena[s->n + 1] = decided[0];
    arena[s->n + 2] = decided[1];
    pairs_pack(s, *sure, pairs, &arena[s->n + 3]);
    s->useful_used += words;
    return memo_store(&s->useful_memo, &probe, &key, stored) == NULL ? -1 : 1;
}

/* For 14 tiles two draws from the end, the child that throws the drawn tile back holds
 * the same 14 tiles, with one copy of that kind fewer to draw: per set-based type allowed
 * at its draw ``draw``, one walk of the 14 tiles serves every such child. Without a joker
 * it is the outs walk at 13 real tiles: whether they hold the type alone (``one`` all
 * tiles, as Hint's pairs read it) and which drawn tiles complete it (``outs``); with
 * jokers, the pairs walk (holds_sets_pairs, read by derived): the tiles the jokers stand
 * in for in the hands keeping every real tile (``one``), and the pairs a hand keeping all
 * but one stands in for (``pair``), read per child by ``back_child`` (one joker) or
 * ``back_child_two_jokers`` (two: ``outs`` are then the tiles of such pairs). Returns 0,
 * or -1 without memory (the pairs walk's own). */
static int throw_back(Search *s, const Position *pool, int draw, HoldsPairs *back,
                      uint64_t outs[MAX_TYPES]) {
    for (int t = 0; t < s->n; t++) {
        back[t].one = 0;
        outs[t] = 0;
        if (!set_based(&s->holds[t]) || !allowed(s->limit[t], draw)) continue; /* draw >= 2 */
        if (pool->jokers) {
            if (derived(s, t, pool, &back[t]) < 0) return -1;
            if (pool->jokers == 2) outs[t] = paired_kinds(&back[t]);
            continue;
        }
        uint64_t found = 0;
        int kept = outs_with(s, t, pool, HAND - 1, &found);
        if (kept == HAND)
            back[t].one = NUMBERED_MASK;
        else if (kept == HAND - 1)
            outs[t] = found;
    }
    return 0;
}

/* The Hint pairs of set-based slot t for the child of ``throw_back`` that threw ``kind``
 * back, in ``child`` (read by paired_wins with ``kind`` as the drawn tile); ``copies``: the
 * unseen copies of the kind before it was thrown. Returns whether it may win. Without a
 * joker the 14 tiles' outs serve, less the kind once its last copy is gone. With one, a
 * hand of the walk still counts unless it stands in for more copies of the kind than are
 * left: it holds the type alone when the joker may stand in for a tile still free, and a
 * tile z completes it when it pairs with another the joker stands in for; where the 13
 * real tiles and z complete it, the joker is thrown (kept 14, R12). */
static int back_child(const Position *pool, const HoldsPairs *back, uint64_t outs, int kind,
                      int copies, HoldsPairs *child) {
    uint64_t bit = 1ULL << kind;
    uint64_t gone = copies == 1 ? bit : 0; /* its last copy thrown: not drawn again */
    if (!pool->jokers) {
        child->one = back->one;
        child->pair[kind] = outs & ~gone;
        return child->one || child->pair[kind];
    }
    int alone = (back->one & ~gone) != 0;
    uint64_t winners = 0;
    if (!alone)
        for (int z = 0; z < HOLDS_TILES; z++) {
            uint64_t partners = back->pair[z];
            if (z == kind) {
                if (gone) continue;
                partners &= ~bit; /* two copies of the kind: one is left */
            }
            if (partners & ~gone) winners |= 1ULL << z;
        }
    child->one = alone ? bit : 0;
    child->pair[kind] = winners;
    child->joker_free[kind] = back->one & ~gone;
    return alone || winners;
}

/* back_child for 14 tiles holding both jokers (12 real): the walk's hands keeping all 12
 * stand in for two tiles (``joker_free``: each such pair), those keeping 11 for three
 * (``paired``: every tile of one, from ``throw_back``; ``pair``: every two tiles of one).
 * A drawn tile z then wins keeping 13 real tiles when a hand keeping 12 stands in for z (a
 * joker for the other tile, the other joker thrown, R12), and keeping 12 when the 14
 * tiles hold the type alone or a hand keeping 11 stands in for z. Throwing ``kind`` back
 * leaves one copy fewer to stand in for (``copies``: the unseen copies before the draw):
 * a hand standing in for fewer copies of it than are left is still a hand. Where every
 * hand is (no hand stands in for the kind, or its last copy is not gone and no hand
 * stands in for two copies), the child is read from the walk (returns 1, the Hint pairs
 * in ``child``); otherwise returns 0 and the child walks its own tiles. */
static int back_child_two_jokers(const HoldsPairs *back, uint64_t paired, int kind, int copies,
                                 HoldsPairs *child) {
    uint64_t bit = 1ULL << kind;
    uint64_t twice = (back->joker_free[kind] | back->pair[kind]) & bit;
    if (((back->one | paired) & bit) && (copies < 2 || twice)) return 0;
    int alone = back->one != 0;
    child->one = alone ? bit : 0;
    child->pair[kind] = alone ? 0 : paired;
    child->joker_free[kind] = back->one;
    return 1;
}

/* The Hint pairs of a set-based slot for 13 tiles with one joker at most (``pairs``,
 * their walk) and a drawn joker, in ``child`` as paired_wins reads them with drawn tile 0:
 * the 14 tiles hold the type alone when some tile completes the 13 (the joker drawn
 * stands in for it), and then a tile that completes the 13 keeps one real tile more (a
 * joker is thrown, R12); otherwise a drawn tile wins when it completes them with another
 * the joker drawn stands in for, keeping all real tiles but one. Returns whether it may
 * win. */
static int joker_child(const HoldsPairs *pairs, HoldsPairs *child) {
    uint64_t paired = paired_kinds(pairs);
    child->one = pairs->one ? 1 : 0;
    child->joker_free[0] = pairs->one;
    child->pair[0] = paired;
    return pairs->one || paired;
}

/* The hint of a child made of the 13 tiles of useful_draws' answer (``may``, ``sure``,
 * ``paired``, ``pairs``, ``decided``) and a drawn numbered ``kind``: the types it may win
 * at its next draw, those for which that is exact, their walks, and the types whose
 * may_complete the 13 tiles decide. */
static Hint drawn_hint(const Search *s, const uint64_t may[MAX_TYPES], uint64_t sure,
                       int paired, const HoldsPairs *pairs, const uint64_t decided[2],
                       int kind) {
    Hint hint = NO_HINT;
    hint.possible = 0;
    for (int t = 0; t < s->n; t++) hint.possible |= (may[t] >> kind & 1) << t;
    hint.sure = hint.possible & sure;
    hint.walked = sure;
    hint.completes = decided[0];
    hint.fails = decided[1];
    if (paired) {
        hint.pairs = pairs;
        hint.drawn = kind;
    }
    return hint;
}

/* perm(n, k) = n! / (n - k)!, as math.perm. */
static long long perm(int n, int k) {
    long long product = 1;
    for (int i = 0; i < k; i++) product *= n - i;
    return product;
}

enum { DONE = 0, OVER_BUDGET = 1, STOPPED = 2, NO_MEMORY = -1, NOTHING_TO_WIN = 3 };

/* One position being weighed (value) and what its draws share: Python's Weighing. The
 * arrays are filled only where a step reads them (useful_at and hopeless always; the
 * walks two draws from the end; back once asked). */
typedef struct {
    const Position *pool;
    int left;                       /* the draws to come */
    int draw;                       /* the number of the next draw */
    const int *counts;              /* the unseen copies per kind */
    long long rest;                 /* the draws that can still happen after the next */
    /* two draws from the end, per kind held (its index in useful_at): useful_draws */
    int useful_at[KINDS];
    uint64_t may[HAND + 1][MAX_TYPES], sure_types[HAND + 1], decided[HAND + 1][2];
    int paired[HAND + 1];
    char hopeless[KINDS];           /* kinds whose discard leaves no win at the last draw */
    HoldsPairs *back;               /* throw_back's walks, once asked (back_ready) */
    HoldsPairs *back_kids;          /* the hint pairs of a child read from a walk */
    uint64_t back_outs[MAX_TYPES];
    int back_ready;
} Weighing;

static int value(Search *s, const Position *pool, int left, int draw, const Hint *hint,
                 Scaled *out);

/* Two draws from the end: per kind held, the types each next draw may still win once it
 * is thrown (useful_draws); a kind whose discard leaves no win at the last draw whatever
 * comes (without a joker among the 13 tiles left) is hopeless. */
static int last_draw_hopes(Search *s, Weighing *w) {
    const Position *pool = w->pool;
    int held[KINDS];
    int n = kinds_held(pool, held);
    for (int i = 0; i < n; i++) {
        int found = useful_draws(s, pool, held[i], w->draw + 1, w->may[i], &w->sure_types[i],
                                 &s->pairs[i * MAX_TYPES], &w->paired[i], w->decided[i]);
        if (found < 0) return NO_MEMORY;
        if (!found) continue;
        w->useful_at[held[i]] = i;
        uint64_t any = 0;
        for (int t = 0; t < s->n; t++) any |= w->may[i][t];
        if (!any && pool->jokers == (held[i] == JOKER)) w->hopeless[held[i]] = 1;
    }
    return DONE;
}

/* The hint of the child that keeps a drawn joker, the 13 tiles left holding one at most
 * (the other): its wins from the same pairs walk of the 13 (``walked``, per slot, with
 * the set-based slots ``sure``), through joker_child, into ``kids``. */
static Hint joker_hint(const Search *s, const HoldsPairs *walked, uint64_t sure,
                       HoldsPairs *kids) {
    Hint hint = NO_HINT;
    hint.possible = 0;
    for (int t = 0; t < s->n; t++) {
        if (!set_based(&s->holds[t])) {
            hint.possible |= 1ULL << t;
        } else if ((sure >> t & 1) && joker_child(&walked[t], &kids[t])) {
            hint.possible |= 1ULL << t;
            hint.sure |= 1ULL << t;
        }
    }
    hint.pairs = kids;
    hint.drawn = 0;
    return hint;
}

/* The hint of the child that throws the drawn ``kind`` back: the 14 tiles again, one
 * copy fewer to draw (``copies`` unseen before), its wins read from one walk of the 14
 * per type (``back``, ``outs``: throw_back) through back_child, and with both jokers held
 * back_child_two_jokers (a type whose hands stand in for the kind thrown back walks the
 * child's own tiles), into ``kids``. */
static Hint back_hint(const Search *s, const Position *pool, const HoldsPairs *back,
                      const uint64_t outs[MAX_TYPES], int kind, int copies, int draw,
                      HoldsPairs *kids) {
    Hint hint = NO_HINT;
    hint.possible = 0;
    for (int t = 0; t < s->n; t++) {
        int set_type = set_based(&s->holds[t]);
        if (pool->jokers == 2) {
            if (!set_type || !allowed(s->limit[t], draw)) {
                hint.possible |= 1ULL << t;
            } else if (back_child_two_jokers(&back[t], outs[t], kind, copies, &kids[t])) {
                if (back[t].one | outs[t]) {
                    hint.possible |= 1ULL << t;
                    hint.sure |= 1ULL << t;
                }
            } else {
                hint.possible |= 1ULL << t;
            }
        } else if (!set_type) {
            hint.possible |= 1ULL << t;
        } else if (back_child(pool, &back[t], outs[t], kind, copies, &kids[t])) {
            hint.possible |= 1ULL << t;
            hint.sure |= 1ULL << t;
        }
    }
    hint.pairs = kids;
    hint.drawn = kind;
    return hint;
}

/* What the position after drawing ``kind`` and throwing ``discard`` is told of its next
 * draw, in ``out``: DONE, or NOTHING_TO_WIN where it can win nothing there (one draw from
 * the end: worth nothing), or NO_MEMORY. */
static int child_hint(Search *s, Weighing *w, int kind, int discard, Hint *out) {
    const Position *pool = w->pool;
    int at = w->useful_at[discard];
    int held_before = discard == JOKER ? pool->jokers : pool->hand[discard];
    *out = NO_HINT;
    if (w->left >= 3 && kind != JOKER && held_before) {
        /* further from the end, the same walk of the 13 tiles the discard leaves gives
         * the child its wins at its next draw (not the last: nothing is ruled out by it);
         * the walks go to the room of the first kind held: the child reads them in its
         * wins, before its own walks take the room */
        uint64_t may_next[MAX_TYPES], sure_next, decided_next[2];
        int paired_next;
        if (useful_draws(s, pool, discard, w->draw + 1, may_next, &sure_next, s->pairs,
                         &paired_next, decided_next) < 0)
            return NO_MEMORY;
        *out = drawn_hint(s, may_next, sure_next, paired_next, s->pairs, decided_next, kind);
        return DONE;
    }
    if (at >= 0 && kind != JOKER) {
        *out = drawn_hint(s, w->may[at], w->sure_types[at], w->paired[at],
                          &s->pairs[at * MAX_TYPES], w->decided[at], kind);
        return out->possible ? DONE : NOTHING_TO_WIN;
    }
    if (at >= 0 && kind == JOKER && w->paired[at]) {
        /* a drawn joker kept: the 13 tiles left hold one at most (the other) */
        *out = joker_hint(s, &s->pairs[at * MAX_TYPES], w->sure_types[at], w->back_kids);
        return DONE;
    }
    if (w->left == 2 && discard == kind && kind != JOKER) {
        if (!w->back_ready) {
            if (throw_back(s, pool, w->draw + 1, w->back, w->back_outs) < 0) return NO_MEMORY;
            w->back_ready = 1;
        }
        *out = back_hint(s, pool, w->back, w->back_outs, kind, w->counts[kind], w->draw + 1,
                         w->back_kids);
    }
    return DONE;
}

/* The value of winning with a drawn kind (``win``: its score and slot, from wins, score 0
 * for none), scaled by the ``rest`` of the draws that could have come; its ends are the
 * win's slot (the caller's win_slot). */
static inline Scaled won_now(const int win[2], long long rest) {
    Scaled none = {0, 0, 0, 0};
    if (!win[0]) return none;
    Scaled won = {win[0] * rest, rest, 0, 0};
    return won;
}

/* The value of drawing ``kind`` next with draws left after it (scaled by them), in
 * ``chosen``: the better of ``chosen`` (its win now, won_now, ending in ``win_slot``) and
 * each discard after it, by the best expected score, then the likelier win, then the win
 * now; ``win_slot`` becomes -1 for a discard (its ends are the child's). */
static int best_discard(Search *s, Weighing *w, int kind, Scaled *chosen, int *win_slot) {
    long long chosen_key[2] = {chosen->score, chosen->won};
    int left = w->left, draw = w->draw;
    Position held = *w->pool;
    drawn(&held, kind);
    int discards[KINDS];
    int n = kinds_held(&held, discards);
    for (int i = 0; i < n; i++) {
        int discard = discards[i];
        if (w->hopeless[discard]) continue;
        Position after = held;
        thrown(&after, discard);
        if (left == 3 && !may_win_within_two(s, &after, draw + 1, draw + 2)) continue;
        Hint hint;
        int status = child_hint(s, w, kind, discard, &hint);
        if (status == NOTHING_TO_WIN) continue; /* no win at its one draw: worth nothing */
        if (status != DONE) return status;
        Scaled child;
        status = value(s, &after, left - 1, draw + 1, &hint, &child);
        if (status != DONE) return status;
        /* (child score, child wins) > chosen_key, as tuples */
        if (child.score > chosen_key[0] ||
            (child.score == chosen_key[0] && child.won > chosen_key[1])) {
            *chosen = child;
            *win_slot = -1;
            chosen_key[0] = child.score;
            chosen_key[1] = child.won;
        }
    }
    return DONE;
}

/* The value of holding the position's 14 tiles with ``left`` draws to come, the next
 * being draw number ``draw`` (``Expectimax.value``), told by its parent what it may win
 * one draw from the end (``hint``): remembered per position, counted against the budget,
 * the sum over every tile that may be drawn next of its copies times the better of its
 * win now (won_now) and, with draws left after it, best_discard. */
static int value(Search *s, const Position *pool, int left, int draw, const Hint *hint,
                 Scaled *out) {
    if (draw > s->last_limited + 1) draw = s->last_limited + 1;
    Key key = key_of(pool, left, draw);
    Probe probe;
    const Entry *entry = memo_find(&s->memo, &key, &probe);
    if (entry != NULL) {
        *out = entry->value;
        return DONE;
    }
    s->weighed++;
    if (s->weighed > s->budget) return OVER_BUDGET;
    if (s->stop) return STOPPED; /* play_stop, from another thread */
    int counts[KINDS];
    int unseen = unseen_counts(s, pool, counts);
    Scaled answer = {0, 0, 0, 0};
    if (unseen > 0) {
        int best[KINDS][2];
        /* one draw from the end, no other position of this count of draws holds the same
         * tiles and caps (each throw lowers a cap): its wins are not kept */
        if (wins(s, pool, draw, counts, hint, left > 1, best) < 0) return NO_MEMORY;
        Weighing w;
        w.pool = pool;
        w.left = left;
        w.draw = draw;
        w.counts = counts;
        /* the draws that can still happen: the game ends when no unseen tile is left */
        long long rest = perm(unseen - 1, (left < unseen ? left : unseen) - 1);
        w.rest = rest;
        for (int kind = 0; kind < KINDS; kind++) w.useful_at[kind] = -1;
        memset(w.hopeless, 0, KINDS);
        w.back = &s->pairs[HAND * MAX_TYPES]; /* free: at most 14 kinds held */
        w.back_kids = &s->pairs[(HAND + 1) * MAX_TYPES];
        w.back_ready = 0;
        if (left == 2) {
            int status = last_draw_hopes(s, &w);
            if (status != DONE) return status;
        }
        long long ends[MAX_TYPES];
        memset(ends, 0, sizeof ends);
        for (int kind = 0; kind < KINDS; kind++) {
            int copies = counts[kind];
            if (!copies) continue;
            Scaled chosen = won_now(best[kind], rest);
            int win_slot = best[kind][0] ? best[kind][1] : -1;
            if (left > 1) {
                /* (copies: chosen stays out of memory on the path one draw from the end) */
                Scaled better = chosen;
                int better_slot = win_slot;
                int status = best_discard(s, &w, kind, &better, &better_slot);
                if (status != DONE) return status;
                chosen = better;
                win_slot = better_slot;
            }
            if (!chosen.won) continue; /* no win within the draws: it adds nothing */
            answer.score += copies * chosen.score;
            answer.won += copies * chosen.won;
            if (win_slot >= 0) {
                ends[win_slot] += copies * rest;
            } else {
                for (uint32_t i = 0; i < chosen.count; i++) {
                    const End *end = &s->ends[chosen.at + i];
                    ends[end->slot] += copies * end->count;
                }
            }
        }
        uint32_t count = 0;
        for (int t = 0; t < s->n; t++) count += ends[t] != 0;
        if (ends_reserve(s, count) < 0) return NO_MEMORY;
        answer.at = (uint32_t)s->ends_used;
        answer.count = count;
        for (int i = 0; i < s->n; i++) {
            int t = s->by_number[i];
            if (!ends[t]) continue;
            End end = {t, ends[t]};
            s->ends[s->ends_used++] = end;
        }
    }
    if (memo_store(&s->memo, &probe, &key, answer) == NULL) return NO_MEMORY;
    *out = answer;
    return DONE;
}

/* ---- Python ----------------------------------------------------------------------- */

static void search_free(PyObject *capsule) {
    Search *s = PyCapsule_GetPointer(capsule, CAPSULE);
    if (s == NULL) return;
    memo_free(&s->memo);
    memo_free(&s->win_memo);
    free(s->ends);
    free(s->wins_arena);
    memo_free(&s->useful_memo);
    memo_free(&s->walk_memo);
    memo_free(&s->stood_memo);
    free(s->useful_arena);
    free(s->pairs);
    free(s);
}

PyDoc_STRVAR(play_search_doc,
             "play_search(table, types, trump_joker, budget, last_limited) -> search\n\n"
             "A play search over a compiled table's types: ``types`` holds one tuple\n"
             "(index in the table, type number, R21 draw limit or -1, (score with 0, 1\n"
             "and 2 jokers)) per type the rack may reach, in the search's order.");

PyObject *play_search_entry(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *table, *types;
    int trump_joker, last_limited;
    long long budget;
    if (!PyArg_ParseTuple(args, "OOiLi", &table, &types, &trump_joker, &budget, &last_limited))
        return NULL;
    PyObject *rows = PySequence_Tuple(types);
    if (rows == NULL) return NULL;
    Py_ssize_t n = PyTuple_Size(rows);
    if (n > MAX_TYPES) {
        Py_DECREF(rows);
        PyErr_Format(PyExc_ValueError, "at most %d types", MAX_TYPES);
        return NULL;
    }
    Search *s = calloc(1, sizeof *s);
    if (s != NULL) {
        s->pairs = calloc((size_t)(HAND + 2) * MAX_TYPES, sizeof *s->pairs);
        if (s->pairs == NULL) {
            free(s);
            s = NULL;
        }
    }
    if (s == NULL) {
        Py_DECREF(rows);
        return PyErr_NoMemory();
    }
    s->n = (int)n;
    s->trump_joker = trump_joker ? 1 : 0;
    s->budget = budget;
    s->last_limited = last_limited;
    int parent_index[MAX_TYPES], slot_index[MAX_TYPES];
    for (Py_ssize_t t = 0; t < n; t++) {
        int index, parent, unused;
        HoldsType broad;
        PyObject *row = PyTuple_GetItem(rows, t);
        if (row == NULL ||
            !PyArg_ParseTuple(row, "iii(iii)iK", &index, &s->number[t], &s->limit[t],
                              &s->scores[t][0], &s->scores[t][1], &s->scores[t][2],
                              &s->narrow_from[t], &s->narrow_tiles[t]) ||
            holds_table_type(table, index, &s->holds[t], &parent) < 0 ||
            (parent >= 0 && holds_table_type(table, parent, &broad, &unused) < 0)) {
            Py_DECREF(rows);
            free(s->pairs);
            free(s);
            return NULL;
        }
        slot_index[t] = index;
        s->parent[t] = -1;
        if (parent < 0) continue;
        for (int p = 0; p < t; p++)
            if (s->parent[p] >= 0 && parent_index[s->parent[p]] == parent) s->parent[t] = s->parent[p];
        if (s->parent[t] < 0) {
            parent_index[s->n_parents] = parent;
            s->parents[s->n_parents] = broad;
            s->parent[t] = s->n_parents++;
        }
    }
    Py_DECREF(rows);
    for (int t = 0; t < s->n; t++) { /* each chain of narrower types ends at a walked one */
        int wide = t, steps = 0;
        while (wide >= 0 && wide < s->n && steps++ <= s->n) wide = s->narrow_from[wide];
        if (wide != -1) {
            free(s->pairs);
            free(s);
            PyErr_SetString(PyExc_ValueError, "narrow_from: a slot or -1, and no cycle");
            return NULL;
        }
    }
    for (int p = 0; p < s->n_parents; p++) s->parent_slot[p] = -1;
    for (int t = 0; t < s->n; t++) s->usable[t] = usable_kinds(&s->holds[t]);
    for (int t = 0; t < s->n; t++) {
        s->as_parent[t] = -1;
        for (int p = 0; p < s->n_parents; p++)
            if (parent_index[p] == slot_index[t]) {
                s->as_parent[t] = p;
                s->parent_slot[p] = t;
            }
    }
    for (int i = 0; i < s->n; i++) s->by_number[i] = i;
    for (int i = 1; i < s->n; i++) { /* insertion sort by type number */
        int t = s->by_number[i], j = i;
        while (j > 0 && s->number[s->by_number[j - 1]] > s->number[t]) {
            s->by_number[j] = s->by_number[j - 1];
            j--;
        }
        s->by_number[j] = t;
    }
    PyObject *capsule = PyCapsule_New(s, CAPSULE, search_free);
    if (capsule == NULL) {
        free(s->pairs);
        free(s);
    }
    return capsule;
}

PyDoc_STRVAR(play_value_doc,
             "play_value(search, hand, cap, jokers, seen_jokers, left, draw)\n"
             "    -> (score, wins, ((type number, wins), ...)) or None\n\n"
             "The scaled value of a position (``Expectimax.value`` of odds/expectimax.py); None when the\n"
             "search would weigh more positions than its budget.");

PyObject *play_value_entry(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *capsule, *hand_bytes, *cap_bytes;
    int jokers, seen_jokers, left, draw;
    if (!PyArg_ParseTuple(args, "OSSiiii", &capsule, &hand_bytes, &cap_bytes, &jokers,
                          &seen_jokers, &left, &draw))
        return NULL;
    Search *s = PyCapsule_GetPointer(capsule, CAPSULE);
    if (s == NULL) return NULL;
    int hand[HOLDS_TILES], cap[HOLDS_TILES];
    if (holds_read_tiles(hand_bytes, "hand", hand) < 0 || holds_read_tiles(cap_bytes, "cap", cap) < 0)
        return NULL;
    if (jokers < 0 || jokers > COPIES || seen_jokers < 0 || seen_jokers > COPIES || left < 1 ||
        left > 64 || draw < 1 || draw > 64) {
        PyErr_SetString(PyExc_ValueError, "jokers and seen jokers are 0-2, left and draw 1-64");
        return NULL;
    }
    Position pool;
    for (int i = 0; i < HOLDS_TILES; i++) {
        if (hand[i] > cap[i]) {
            PyErr_SetString(PyExc_ValueError, "a hand count is over its cap (R3)");
            return NULL;
        }
        pool.hand[i] = (unsigned char)hand[i];
        pool.cap[i] = (unsigned char)cap[i];
    }
    pool.jokers = jokers;
    pool.seen_jokers = seen_jokers;
    for (int i = 0; i < HOLDS_TILES; i++) {
        if (pool.hand[i] > s->top_hand[i]) s->top_hand[i] = pool.hand[i];
        if (pool.cap[i] > s->top_cap[i]) s->top_cap[i] = pool.cap[i];
    }
    Scaled answer;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = value(s, &pool, left, draw, &NO_HINT, &answer);
    Py_END_ALLOW_THREADS
    if (status == NO_MEMORY) return PyErr_NoMemory();
    if (status == OVER_BUDGET) Py_RETURN_NONE;
    if (status == STOPPED) {
        PyErr_SetString(PyExc_InterruptedError, "the play search was stopped");
        return NULL;
    }
    PyObject *ends = PyTuple_New(answer.count);
    if (ends == NULL) return NULL;
    for (uint32_t i = 0; i < answer.count; i++) {
        const End *end = &s->ends[answer.at + i];
        PyObject *item = Py_BuildValue("(iL)", s->number[end->slot], end->count);
        if (item == NULL) {
            Py_DECREF(ends);
            return NULL;
        }
        PyTuple_SetItem(ends, i, item);
    }
    return Py_BuildValue("(LLN)", answer.score, answer.won, ends);
}

PyDoc_STRVAR(play_weighed_doc, "play_weighed(search) -> int: the positions weighed so far.");

PyObject *play_weighed_entry(PyObject *self, PyObject *capsule) {
    (void)self;
    Search *s = PyCapsule_GetPointer(capsule, CAPSULE);
    if (s == NULL) return NULL;
    return PyLong_FromLongLong(s->weighed);
}

PyDoc_STRVAR(play_stop_doc,
             "play_stop(search) -> None: asks a search running in another thread to stop\n"
             "(its play_value raises InterruptedError); it stays stopped.");

PyObject *play_stop_entry(PyObject *self, PyObject *capsule) {
    (void)self;
    Search *s = PyCapsule_GetPointer(capsule, CAPSULE);
    if (s == NULL) return NULL;
    s->stop = 1;
    Py_RETURN_NONE;
}

PyMethodDef play_methods[] = {
    {"play_search", play_search_entry, METH_VARARGS, play_search_doc},
    {"play_value", play_value_entry, METH_VARARGS, play_value_doc},
    {"play_weighed", play_weighed_entry, METH_O, play_weighed_doc},
    {"play_stop", play_stop_entry, METH_O, play_stop_doc},
    {NULL, NULL, 0, NULL},
};
