/* twins:
 *   glue    PyInit__native the module itself: gathers the other files' method tables
 */
/*
 * intlscore._native: the module of intlscore's compiled searches, and nothing else.
 *
 * It defines the module and gathers the method tables of the other files:
 *   setsearch.c   the set search (find one split, keep most, decide only): plain_split,
 *                 conditioned_split, discards_leaving_sets, closest_sets
 *   holds_table.c the holds-checks of every type: holds_compile, holds_kept, holds_all,
 *                 holds_firsts
 *   holds_simple.c the holds-checks of pairs, sequence and "any" types, and the parsing of
 *                 a type (holds_parse_type) and a pool
 *   play.c        the play advice's expectimax: play_search, play_value, play_weighed
 *
 * It also records the sources it was built from: SOURCES_SHA256, the hash of the .c and
 * .h files of native/ that hatch_build.py passes as the macro INTLSCORE_SOURCES_SHA256
 * (empty when built another way), so that intlscore run from a checkout notices a stale
 * build (intlscore/engine/native.py).
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

#include "holds.h"

#define INTLSCORE_STRING_(text) #text
#define INTLSCORE_STRING(text) INTLSCORE_STRING_(text)
#ifdef INTLSCORE_SOURCES_SHA256
#define SOURCES_SHA256 INTLSCORE_STRING(INTLSCORE_SOURCES_SHA256)
#else
#define SOURCES_SHA256 ""
#endif

static PyMethodDef methods[] = {
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "intlscore._native",
    "Compiled speed-up of intlscore's searches (pure-Python fallback in intlscore).", -1,
    methods, NULL, NULL, NULL, NULL,
};

extern void setsearch_init(void);       /* setsearch.c: its tables, before any call */
extern PyMethodDef setsearch_methods[]; /* setsearch.c */
extern PyMethodDef holds_methods[];     /* holds_table.c */
extern PyMethodDef play_methods[];      /* play.c */

PyMODINIT_FUNC PyInit__native(void) {
    setsearch_init();
    PyObject *created = PyModule_Create(&module);
    if (created != NULL && (PyModule_AddFunctions(created, setsearch_methods) < 0 ||
                            PyModule_AddFunctions(created, holds_methods) < 0 ||
                            PyModule_AddFunctions(created, play_methods) < 0 ||
                            PyModule_AddStringConstant(created, "SOURCES_SHA256",
                                                       SOURCES_SHA256) < 0)) {
        Py_DECREF(created);
        return NULL;
    }
    return created;
}
