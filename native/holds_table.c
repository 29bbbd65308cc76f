/* twins:
 *   same    holds_check        intlscore.engine.odds.holds:_kept_if_held tests/test_holds_table.py::test_every_type_agrees_with_the_reach_search
 *   c-only  kept_of            holds_check after the parent's, remembered per pool for holds_all
 *   glue    table_free         frees a compiled table's capsule
 *   glue    table_of           reads the table out of its capsule
 *   parser  index_ok           an IndexError for a type index outside the table
 *   glue    holds_table_type   hands play.c and setsearch.c a compiled type and its parent
 *   parser  holds_compile      the type table handed over from Python (CompiledTable.__init__'s specs and parents)
 *   glue    holds_kept_entry   the Python entry holds_kept (CompiledTable.kept): a pool, then holds_check
 *   glue    holds_all_entry    the Python entry holds_all: every wanted type of one pool in one call, where Python's matcher asks each
 *   twin    pool_with          intlscore.engine.odds.holds:PoolCheck.with_drawn
 *   c-only  pool_fits          refuses a row of draws breaking R3 before the walk (Pool.build checks it in Python)
 *   same    holds_firsts_entry intlscore.engine.python_build:PoolTable.firsts tests/test_holds_table.py::test_first_draws_agree_with_the_python_path
 */
/*
 * Holds-checks for a whole table of types, over many pools at once.
 *
 * Python compiles the table once (`holds_compile`: one TypeSpec per type, from
 * intlscore/engine/spec.py, parsed by holds_parse_type, and for each type the index of a broader "parent"
 * type or -1), then asks:
 *   - `holds_kept(table, index, counts, jokers, cap)`: one pool, one type;
 *   - `holds_all(table, counts, jokers, cap, wanted)`: one pool, every wanted type;
 *   - `holds_firsts(table, index, counts, jokers, cap, rows, width, kmin, kmax, lower)`:
 *     for each row of drawn tiles, the fewest k in kmin..kmax such that the pool plus
 *     the row's first k tiles holds the type (R22), and the tiles it keeps then.
 * A pool that does not hold a type's parent does not hold the type, so the parent is
 * checked first; holding is monotone in the draws (a bigger pool holds what a smaller
 * one holds: 14 of its tiles suffice), so the first k is found by bisection.
 */
#ifndef Py_LIMITED_API
#define Py_LIMITED_API 0x030B0000
#endif
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>
#include <string.h>

#include "holds.h"

#define CAPSULE "intlscore._native.HoldsTable"
#define NONE 255
#define MAX_WIDTH 64

typedef struct {
    int n;
    HoldsType *types;
    int *parent;
} HoldsTable;

/* ---- one check ------------------------------------------------------------------ */

int holds_check(const HoldsType *type, const HoldsPool *pool) {
    switch (type->structure) {
    case HOLDS_SETS:
    case HOLDS_GROUPS:
    case HOLDS_RUNS:
        return holds_sets(type, pool);
    case HOLDS_PAIRS:
        return holds_pairs(type, pool);
    case HOLDS_SEQUENCE:
        return holds_sequence(type, pool);
    default:
        return holds_any(type, pool);
    }
}

/* Kept tiles for type `i` (checking its parent first), memoised in `kept` (-2: unknown). */
static int kept_of(const HoldsTable *table, int i, const HoldsPool *pool, int *kept) {
    if (kept[i] != -2) return kept[i];
    int parent = table->parent[i];
    if (parent >= 0 && kept_of(table, parent, pool, kept) < 0) {
        kept[i] = -1;
    } else {
        kept[i] = holds_check(&table->types[i], pool);
    }
    return kept[i];
}

/* ---- parsing -------------------------------------------------------------------- */

static void table_free(PyObject *capsule) {
    HoldsTable *table = PyCapsule_GetPointer(capsule, CAPSULE);
    if (table == NULL) return;
    free(table->types);
    free(table->parent);
    free(table);
}

static HoldsTable *table_of(PyObject *capsule) {
    return PyCapsule_GetPointer(capsule, CAPSULE);
}

static int index_ok(const HoldsTable *table, int index) {
    if (index < 0 || index >= table->n) {
        PyErr_Format(PyExc_IndexError, "type index %d outside the table of %d", index, table->n);
        return 0;
    }
    return 1;
}

int holds_table_type(PyObject *capsule, int index, HoldsType *out, int *parent) {
    HoldsTable *table = table_of(capsule);
    if (table == NULL || !index_ok(table, index)) return -1;
    *out = table->types[index];
    *parent = table->parent[index];
    return 0;
}

PyDoc_STRVAR(holds_compile_doc,
             "holds_compile(specs, parents) -> table\n\n"
             "Compile a table of types: one TypeSpec per type (spec.py) and per type\n"
             "the index of a broader parent type, or -1.");

PyObject *holds_compile(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *specs, *parents;
    if (!PyArg_ParseTuple(args, "OO", &specs, &parents)) return NULL;
    PyObject *spec_tuple = PySequence_Tuple(specs);
    if (spec_tuple == NULL) return NULL;
    PyObject *parent_tuple = PySequence_Tuple(parents);
    if (parent_tuple == NULL) {
        Py_DECREF(spec_tuple);
        return NULL;
    }
    Py_ssize_t n = PyTuple_Size(spec_tuple);
    HoldsTable *table = calloc(1, sizeof(HoldsTable));
    if (table != NULL) {
        table->types = calloc(n > 0 ? (size_t)n : 1, sizeof(HoldsType));
        table->parent = calloc(n > 0 ? (size_t)n : 1, sizeof(int));
    }
    PyObject *result = NULL;
    if (table == NULL || table->types == NULL || table->parent == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    table->n = (int)n;
    if (PyTuple_Size(parent_tuple) != n) {
        PyErr_SetString(PyExc_ValueError, "one parent per spec");
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (holds_parse_type(PyTuple_GetItem(spec_tuple, i), &table->types[i]) < 0) goto done;
        long parent = PyLong_AsLong(PyTuple_GetItem(parent_tuple, i));
        if (parent == -1 && PyErr_Occurred()) goto done;
        if (parent < -1 || parent >= n || parent == i) {
            PyErr_Format(PyExc_ValueError, "bad parent %ld for type %zd", parent, i);
            goto done;
        }
        table->parent[i] = (int)parent;
    }
    /* a parent has no parent of its own: one level, checked after reading them all */
    for (Py_ssize_t i = 0; i < n; i++) {
        if (table->parent[i] >= 0 && table->parent[table->parent[i]] >= 0) {
            PyErr_Format(PyExc_ValueError, "the parent of type %zd has a parent", i);
            goto done;
        }
    }
    result = PyCapsule_New(table, CAPSULE, table_free);
done:
    Py_DECREF(spec_tuple);
    Py_DECREF(parent_tuple);
    if (result == NULL && table != NULL) {
        free(table->types);
        free(table->parent);
        free(table);
    }
    return result;
}

PyDoc_STRVAR(holds_kept_doc,
             "holds_kept(table, index, counts, jokers, cap) -> int\n\n"
             "Most real tiles a completed hand of type ``index`` formed from the pool keeps\n"
             "(``counts`` and ``cap`` are 52 byte counts), or -1 when the pool does not hold it.");

PyObject *holds_kept_entry(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *capsule, *counts, *cap;
    int index, jokers;
    if (!PyArg_ParseTuple(args, "OiSiS", &capsule, &index, &counts, &jokers, &cap)) return NULL;
    HoldsTable *table = table_of(capsule);
    HoldsPool pool;
    if (table == NULL || !index_ok(table, index) || holds_parse_pool(counts, jokers, cap, &pool) < 0)
        return NULL;
    return PyLong_FromLong(holds_check(&table->types[index], &pool));
}

PyDoc_STRVAR(holds_all_doc,
             "holds_all(table, counts, jokers, cap, wanted) -> bytes\n\n"
             "For each type whose byte in ``wanted`` is not 0: the kept tiles as holds_kept,\n"
             "255 when the pool does not hold it (or it is not wanted).");

PyObject *holds_all_entry(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *capsule, *counts, *cap, *wanted;
    int jokers;
    if (!PyArg_ParseTuple(args, "OSiSS", &capsule, &counts, &jokers, &cap, &wanted)) return NULL;
    HoldsTable *table = table_of(capsule);
    HoldsPool pool;
    if (table == NULL || holds_parse_pool(counts, jokers, cap, &pool) < 0) return NULL;
    char *want;
    Py_ssize_t size;
    if (PyBytes_AsStringAndSize(wanted, &want, &size) < 0) return NULL;
    if (size != table->n) {
        PyErr_SetString(PyExc_ValueError, "one wanted byte per type");
        return NULL;
    }
    int *kept = malloc(sizeof(int) * (size_t)(table->n > 0 ? table->n : 1));
    char *out = malloc((size_t)(table->n > 0 ? table->n : 1));
    if (kept == NULL || out == NULL) {
        free(kept);
        free(out);
        return PyErr_NoMemory();
    }
    for (int i = 0; i < table->n; i++) kept[i] = -2;
    for (int i = 0; i < table->n; i++) {
        int k = want[i] ? kept_of(table, i, &pool, kept) : -1;
        out[i] = (char)(k < 0 ? NONE : k);
    }
    PyObject *result = PyBytes_FromStringAndSize(out, table->n);
    free(kept);
    free(out);
    return result;
}

/* ---- first draws ------------------------------------------------------------------ */

/* The pool: base plus the first k tiles of a row (R22: the hand and the draws together). */
static void pool_with(const HoldsPool *base, const unsigned char *row, int k, HoldsPool *pool) {
    memcpy(pool, base, sizeof *pool);
    for (int j = 0; j < k; j++) {
        if (row[j] == JOKER)
            pool->jokers++;
        else
            pool->count[row[j]]++;
    }
}

/* Whether every count is within its cap and there are at most two jokers (R3). */
static int pool_fits(const HoldsPool *pool) {
    if (pool->jokers > 2) return 0;
    for (int i = 0; i < HOLDS_TILES; i++)
        if (pool->count[i] > pool->cap[i]) return 0;
    return 1;
}

PyDoc_STRVAR(holds_firsts_doc,
             "holds_firsts(table, index, counts, jokers, cap, rows, width, kmin, kmax, lower)\n"
             "    -> bytes\n\n"
             "``rows`` holds rows of ``width`` drawn tiles (0-51, 52 a joker). For each row two\n"
             "bytes: the fewest k in kmin..kmax such that the pool plus the row's first k\n"
             "tiles holds type ``index``, and the tiles kept with all kmax tiles; 255 for none.\n"
             "``lower`` (bytes, one per row, or None) is a first k already known for a broader\n"
             "type: the type is held no sooner, and never when that is 255.");

PyObject *holds_firsts_entry(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *capsule, *counts, *cap, *rows_bytes, *lower_obj;
    int index, jokers, width, kmin, kmax;
    if (!PyArg_ParseTuple(args, "OiSiSSiiiO", &capsule, &index, &counts, &jokers, &cap,
                          &rows_bytes, &width, &kmin, &kmax, &lower_obj))
        return NULL;
    HoldsTable *table = table_of(capsule);
    HoldsPool base;
    if (table == NULL || !index_ok(table, index) || holds_parse_pool(counts, jokers, cap, &base) < 0)
        return NULL;
    if (width < 1 || width > MAX_WIDTH || kmin < 0 || kmin > kmax || kmax > width) {
        PyErr_SetString(PyExc_ValueError, "need 0 <= kmin <= kmax <= width <= 64");
        return NULL;
    }
    char *rows;
    Py_ssize_t size;
    if (PyBytes_AsStringAndSize(rows_bytes, &rows, &size) < 0) return NULL;
    if (size % width) {
        PyErr_SetString(PyExc_ValueError, "rows must be whole rows of width tiles");
        return NULL;
    }
    Py_ssize_t n = size / width;
    char *lower = NULL;
    if (lower_obj != Py_None) {
        Py_ssize_t lower_size;
        if (PyBytes_AsStringAndSize(lower_obj, &lower, &lower_size) < 0) return NULL;
        if (lower_size != n) {
            PyErr_SetString(PyExc_ValueError, "one lower byte per row");
            return NULL;
        }
    }
    for (Py_ssize_t r = 0; r < n; r++) { /* R3: no row may give a tile a third copy */
        HoldsPool pool;
        for (int j = 0; j < width; j++) {
            if ((unsigned char)rows[r * width + j] > JOKER) {
                PyErr_SetString(PyExc_ValueError, "a drawn tile is 0-52 (52 a joker)");
                return NULL;
            }
        }
        pool_with(&base, (const unsigned char *)rows + r * width, width, &pool);
        if (!pool_fits(&pool)) {
            PyErr_Format(PyExc_ValueError, "row %zd draws more copies of a tile than there are (R3)", r);
            return NULL;
        }
    }
    char *out = malloc((size_t)(2 * n > 0 ? 2 * n : 1));
    if (out == NULL) return PyErr_NoMemory();
    const HoldsType *type = &table->types[index];
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t r = 0; r < n; r++) {
        const unsigned char *row = (const unsigned char *)rows + r * width;
        int low = kmin;
        out[2 * r] = out[2 * r + 1] = (char)NONE;
        if (lower != NULL) {
            int known = (unsigned char)lower[r];
            if (known == NONE || known > kmax) continue;
            if (known > low) low = known;
        }
        HoldsPool pool;
        pool_with(&base, row, kmax, &pool);
        int kept = holds_check(type, &pool);
        if (kept < 0) continue;
        out[2 * r + 1] = (char)kept;
        int high = kmax;
        while (low < high) {
            int middle = (low + high) / 2;
            pool_with(&base, row, middle, &pool);
            if (holds_check(type, &pool) >= 0)
                high = middle;
            else
                low = middle + 1;
        }
        out[2 * r] = (char)high;
    }
    Py_END_ALLOW_THREADS
    PyObject *result = PyBytes_FromStringAndSize(out, 2 * n);
    free(out);
    return result;
}

PyMethodDef holds_methods[] = {
    {"holds_compile", holds_compile, METH_VARARGS, holds_compile_doc},
    {"holds_kept", holds_kept_entry, METH_VARARGS, holds_kept_doc},
    {"holds_all", holds_all_entry, METH_VARARGS, holds_all_doc},
    {"holds_firsts", holds_firsts_entry, METH_VARARGS, holds_firsts_doc},
    {NULL, NULL, 0, NULL},
};
