/* The JSON reader's fast path in C: tractor_analysis.records.json_fast.fast_tricks, the same
 * values in, the same values out (the pure-Python function stays the reference: the tests run
 * both on the same inputs and compare tricks, plays and the shared-play table).
 *
 * A hand's "tricks" value (already decoded by json.loads) becomes a list of Trick objects, or
 * None on anything unusual (a value of another type, a card or seat missing from the lookup
 * tables, a seat playing twice, a numbered trick object, more copies of a kind than the decks
 * hold): the reader's detailed path then reads it again and words every problem.  Play and
 * Trick are frozen slots dataclasses: they are made as records.frozen.fast_init makes them
 * (memory allocated, each slot set, no __init__ run).  Notes are read by the Python as_notes,
 * so a wrong shape is judged in one place.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "_source_digest.h"
#include <structmember.h>
#include "_small_int.h"

#define MAX_KIND 256        /* card kinds are 0..53; setup() checks the lookup table */

static PyTypeObject *play_type, *trick_type;
static PyObject *card_lookup, *seat_lookup, *as_notes, *shape_exc;
static PyObject *s_cards, *s_seat, *s_attempted, *s_notes, *s_number, *s_plays, *s_empty;
static PyObject *s_deal, *s_bottom, *s_buried, *s_earlier;
static Py_ssize_t play_off[6];   /* seat, cards, attempted, notes, line, column */
static Py_ssize_t trick_off[4];  /* number, plays, notes, line */
static int ready = 0;

/* *slot = v (a new reference kept, the old one let go): what setup() stores. */
static void
keep(PyObject **slot, PyObject *v)
{
    Py_INCREF(v);
    Py_XSETREF(*slot, v);
}

static int
slot_offsets(PyTypeObject *tp, PyObject *names, Py_ssize_t *out, Py_ssize_t n)
{
    if (!PyTuple_Check(names) || PyTuple_GET_SIZE(names) != n) {
        PyErr_Format(PyExc_TypeError, "%s: expected %zd field names", tp->tp_name, n);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *d = PyDict_GetItemWithError(tp->tp_dict, PyTuple_GET_ITEM(names, i));
        if (d == NULL || !PyObject_TypeCheck(d, &PyMemberDescr_Type)) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_TypeError, "%s: field %R is not a slot", tp->tp_name,
                             PyTuple_GET_ITEM(names, i));
            return -1;
        }
        PyMemberDef *m = ((PyMemberDescrObject *)d)->d_member;
        if (m->type != T_OBJECT_EX) {
            PyErr_Format(PyExc_TypeError, "%s: slot %R is not an object slot", tp->tp_name,
                         PyTuple_GET_ITEM(names, i));
            return -1;
        }
        out[i] = m->offset;
    }
    return 0;
}

/* A new instance of tp with its n slots set to vals (new references taken). */
static PyObject *
make(PyTypeObject *tp, const Py_ssize_t *off, PyObject *const *vals, int n)
{
    PyObject *o = tp->tp_alloc(tp, 0);
    if (o == NULL)
        return NULL;
    for (int i = 0; i < n; i++) {
        Py_INCREF(vals[i]);
        *(PyObject **)((char *)o + off[i]) = vals[i];
    }
    return o;
}

#define SLOT(o, off) (*(PyObject **)((char *)(o) + (off)))

/* d[key] of a plain dict: a new reference; NULL with *miss = 1 on a missing or unhashable key
 * (KeyError / TypeError in Python, the error cleared); NULL otherwise: a real error. */
static PyObject *
get(PyObject *d, PyObject *key, int *miss)
{
    PyObject *v = PyDict_GetItemWithError(d, key);
    if (v != NULL) {
        Py_INCREF(v);
        return v;
    }
    if (!PyErr_Occurred() || PyErr_ExceptionMatches(PyExc_TypeError)) {
        PyErr_Clear();
        *miss = 1;
    }
    return NULL;
}

/* ---- the card and seat tables' string keys found without hashing (issue 27, twelfth pass) ----
 *
 * A card or seat value json.loads makes is a new string: looking it up in CARD_LOOKUP / SEAT_LOOKUP,
 * or hashing the shared-play key that holds it, first computes its hash (SipHash, ~100 instructions a
 * string; 840,000 strings in the bench corpus).  setup() copies each table's keys into an open-
 * addressing table of its own, found by a cheap hash of the code points and compared by length, kind
 * and bytes (equal strings have one representation, so that is str equality).  A key found is the
 * dict's answer; an exact string not found is a key the dict does not hold (every key of the dict is
 * in the table: setup() leaves the table off otherwise); anything else is asked of the dict as before.
 * A string found gets its hash (the equal key's, computed once at setup) stored in it, as
 * unicode_hash would store it, so that hashing it later (the shared-play key) costs nothing. */

typedef struct {
    PyObject *key, *value;      /* the dict's own key and value (references kept) */
    Py_hash_t hash;
} TokEntry;

typedef struct {
    TokEntry *e;
    size_t mask;                /* size - 1, a power of two at least twice the keys: never full */
} TokTable;

static TokTable card_tab, seat_tab;

static inline size_t
tok_hash(int kind, const void *data, Py_ssize_t n)
{
    size_t h = (size_t)n * 0x9E3779B97F4A7C15u;
    for (Py_ssize_t i = 0; i < n; i++)
        h = (h ^ (size_t)PyUnicode_READ(kind, data, i)) * 0x100000001B3u;
    return h ^ (h >> 29);
}

static void
tok_clear(TokTable *t)
{
    if (t->e != NULL) {
        for (size_t i = 0; i <= t->mask; i++) {
            Py_XDECREF(t->e[i].key);
            Py_XDECREF(t->e[i].value);
        }
        PyMem_Free(t->e);
    }
    t->e = NULL;
    t->mask = 0;
}

/* The table of dict d's keys (left off, t->e NULL, when a key is not an exact string); -1 on error. */
static int
tok_build(TokTable *t, PyObject *d)
{
    tok_clear(t);
    size_t size = 16;
    while (size < 2 * (size_t)PyDict_GET_SIZE(d))
        size <<= 1;
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(d, &pos, &key, &value))
        if (!PyUnicode_CheckExact(key) || PyUnicode_READY(key) < 0) {
            PyErr_Clear();
            return 0;
        }
    TokEntry *e = PyMem_Calloc(size, sizeof(TokEntry));
    if (e == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    pos = 0;
    while (PyDict_Next(d, &pos, &key, &value)) {
        Py_hash_t h = PyObject_Hash(key);
        if (h == -1) {
            PyMem_Free(e);
            return -1;
        }
        size_t i = tok_hash(PyUnicode_KIND(key), PyUnicode_DATA(key), PyUnicode_GET_LENGTH(key)) & (size - 1);
        while (e[i].key != NULL)
            i = (i + 1) & (size - 1);
        Py_INCREF(key);
        Py_INCREF(value);
        e[i].key = key;
        e[i].value = value;
        e[i].hash = h;
    }
    t->e = e;
    t->mask = size - 1;
    return 0;
}

/* 1: s is a key of the table (*value: the dict's value, borrowed; s's hash stored when not yet);
 * 0: s is an exact string the dict does not hold; -1: not an exact string, or no table (ask the dict). */
static inline int
tok_find(const TokTable *t, PyObject *s, PyObject **value)
{
    if (t->e == NULL || !PyUnicode_CheckExact(s) || PyUnicode_READY(s) < 0) {
        PyErr_Clear();
        return -1;
    }
    int kind = PyUnicode_KIND(s);
    const void *data = PyUnicode_DATA(s);
    Py_ssize_t n = PyUnicode_GET_LENGTH(s);
    for (size_t i = tok_hash(kind, data, n) & t->mask;; i = (i + 1) & t->mask) {
        const TokEntry *e = &t->e[i];
        if (e->key == NULL)
            return 0;
        if (e->key == s || (PyUnicode_GET_LENGTH(e->key) == n && PyUnicode_KIND(e->key) == kind
                            && memcmp(PyUnicode_DATA(e->key), data, (size_t)n * (size_t)kind) == 0)) {
            if (((PyASCIIObject *)s)->hash == -1)
                ((PyASCIIObject *)s)->hash = e->hash;
            *value = e->value;
            return 1;
        }
    }
}

/* d[key] as get() gives it (a new reference, or NULL with *miss = 1 on a missing key), found in the
 * table t of d's keys when it can be. */
static PyObject *
lookup(const TokTable *t, PyObject *d, PyObject *key, int *miss)
{
    PyObject *v;
    switch (tok_find(t, key, &v)) {
    case 1:
        Py_INCREF(v);
        return v;
    case 0:
        *miss = 1;
        return NULL;
    default:
        return get(d, key, miss);
    }
}

/* tuple(map(CARD_LOOKUP.__getitem__, list)); each kind counted in counts. */
static PyObject *
cards_of(PyObject *list, int *miss, Py_ssize_t *counts)
{
    Py_ssize_t n = PyList_GET_SIZE(list);
    PyObject *t = PyTuple_New(n);
    if (t == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *k = lookup(&card_tab, card_lookup, PyList_GET_ITEM(list, i), miss);
        if (k == NULL) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, k);
        if (counts != NULL)
            counts[small_int(k)]++;     /* setup() checked: every value an exact int < MAX_KIND */
    }
    return t;
}

static void
count(PyObject *cards, Py_ssize_t *counts)
{
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(cards); i++)
        counts[small_int(PyTuple_GET_ITEM(cards, i))]++;
}

/* as_notes(v, ""): a new reference, or NULL with *miss = 1 when it raises Shape, KeyError or
 * TypeError (what the Python fast path catches). */
static PyObject *
notes_of(PyObject *v, int *miss)
{
    PyObject *r = PyObject_CallFunctionObjArgs(as_notes, v ? v : Py_None, s_empty, NULL);
    if (r == NULL && (PyErr_ExceptionMatches(shape_exc) || PyErr_ExceptionMatches(PyExc_KeyError)
                      || PyErr_ExceptionMatches(PyExc_TypeError))) {
        PyErr_Clear();
        *miss = 1;
    }
    return r;
}

static PyObject *
setup(PyObject *self, PyObject *args)
{
    PyObject *play, *trick, *play_names, *trick_names, *cards, *seats, *notes, *shape;
    if (!PyArg_ParseTuple(args, "O!O!OOO!O!OO", &PyType_Type, &play, &PyType_Type, &trick, &play_names,
                          &trick_names, &PyDict_Type, &cards, &PyDict_Type, &seats, &notes, &shape))
        return NULL;
    if (slot_offsets((PyTypeObject *)play, play_names, play_off, 6) < 0
        || slot_offsets((PyTypeObject *)trick, trick_names, trick_off, 4) < 0)
        return NULL;
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(cards, &pos, &key, &value)) {
        long k = PyLong_Check(value) ? PyLong_AsLong(value) : -1;
        if (!PyLong_CheckExact(value) || k < 0 || k >= MAX_KIND) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "card lookup: %R -> %R is not a kind 0..%d", key, value, MAX_KIND - 1);
            return NULL;
        }
    }
    pos = 0;
    while (PyDict_Next(seats, &pos, &key, &value)) {
        long s = PyLong_Check(value) ? PyLong_AsLong(value) : -1;
        if (!PyLong_CheckExact(value) || s < 0 || s > 3) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "seat lookup: %R -> %R is not a seat 0..3", key, value);
            return NULL;
        }
    }
    keep((PyObject **)&play_type, play);
    keep((PyObject **)&trick_type, trick);
    if (tok_build(&card_tab, cards) < 0 || tok_build(&seat_tab, seats) < 0)
        return NULL;
    keep(&card_lookup, cards);
    keep(&seat_lookup, seats);
    keep(&as_notes, notes);
    keep(&shape_exc, shape);
    ready = 1;
    Py_RETURN_NONE;
}

/* Whether every key of dict d is one of the n names (interned strings, compared by value). */
static int
keys_among(PyObject *d, PyObject **names, int n)
{
    Py_ssize_t pos = 0;
    PyObject *key, *value;
    while (PyDict_Next(d, &pos, &key, &value)) {
        int found = 0;
        for (int i = 0; i < n && !found; i++) {
            if (key == names[i])
                found = 1;
            else if (PyUnicode_CheckExact(key)) {
                int eq = PyUnicode_Compare(key, names[i]) == 0;
                if (PyErr_Occurred())
                    PyErr_Clear();
                found = eq;
            }
        }
        if (!found)
            return 0;
    }
    return 1;
}

/* One play value pv (a dict) into plays; 0 done, 1 miss (None for the hand), -1 error. */
static int
one_play(PyObject *pv, PyObject *plays, PyObject *shared, PyObject *line, PyObject *column,
         unsigned *seen, Py_ssize_t *counts)
{
    int miss = 0;
    PyObject *cv = get(pv, s_cards, &miss);
    if (cv == NULL)
        return miss ? 1 : -1;
    if (!PyList_CheckExact(cv) || PyList_GET_SIZE(cv) == 0) {   /* no card: the detailed path words it */
        Py_DECREF(cv);
        return 1;
    }
    PyObject *play = NULL, *seatv = NULL, *cards = NULL;
    int rc = -1;
    if (PyDict_GET_SIZE(pv) == 2) {
        /* a plain play: (seat, *cards) as written is the key of the shared table */
        seatv = get(pv, s_seat, &miss);
        if (seatv == NULL)
            goto done;
        Py_ssize_t n = PyList_GET_SIZE(cv);
        /* the seat and cards found in the tables first: their hashes are then known for the key's
           (a value not among the tables' keys is a miss either way: no shared play holds it) */
        PyObject *found;
        if (tok_find(&seat_tab, seatv, &found) == 0) {
            miss = 1;
            goto done;
        }
        for (Py_ssize_t i = 0; i < n; i++)
            if (tok_find(&card_tab, PyList_GET_ITEM(cv, i), &found) == 0) {
                miss = 1;
                goto done;
            }
        PyObject *key = PyTuple_New(n + 1);
        if (key == NULL)
            goto done;
        Py_INCREF(seatv);
        PyTuple_SET_ITEM(key, 0, seatv);
        for (Py_ssize_t i = 0; i < n; i++) {
            Py_INCREF(PyList_GET_ITEM(cv, i));
            PyTuple_SET_ITEM(key, i + 1, PyList_GET_ITEM(cv, i));
        }
        play = PyDict_GetItemWithError(shared, key);
        if (play != NULL) {
            Py_INCREF(play);
        } else if (PyErr_Occurred()) {
            if (PyErr_ExceptionMatches(PyExc_TypeError)) {
                PyErr_Clear();
                miss = 1;
            }
        } else {
            PyObject *seat = lookup(&seat_tab, seat_lookup, seatv, &miss);
            if (seat != NULL) {
                cards = cards_of(cv, &miss, NULL);
                if (cards != NULL) {
                    PyObject *vals[6] = {seat, cards, Py_None, PyTuple_New(0), line, column};
                    if (vals[3] != NULL) {
                        play = make(play_type, play_off, vals, 6);
                        Py_DECREF(vals[3]);
                        if (play != NULL && PyDict_SetItem(shared, key, play) < 0)
                            Py_CLEAR(play);
                    }
                }
                Py_DECREF(seat);
            }
        }
        Py_DECREF(key);
        if (play == NULL)
            goto done;
        PyObject *pseat, *pcards;
        if (Py_IS_TYPE(play, play_type)) {
            pseat = SLOT(play, play_off[0]);
            pcards = SLOT(play, play_off[1]);
        } else {
            PyErr_SetString(PyExc_TypeError, "fast_tricks: a shared play that is not a Play");
            goto done;
        }
        unsigned bit = 1u << small_int(pseat);
        if (*seen & bit) {
            miss = 1;
            goto done;
        }
        *seen |= bit;
        if (PyList_Append(plays, play) < 0)
            goto done;
        count(pcards, counts);
        rc = 0;
        goto done;
    }
    /* a play with other fields: notes, a failed throw's attempted cards (and no field a play does not
       have: the detailed path reports that) */
    PyObject *play_keys[4] = {s_seat, s_cards, s_attempted, s_notes};
    if (!keys_among(pv, play_keys, 4)) {
        miss = 1;
        goto done;
    }
    seatv = get(pv, s_seat, &miss);
    if (seatv == NULL)
        goto done;
    PyObject *seat = lookup(&seat_tab, seat_lookup, seatv, &miss);
    if (seat == NULL)
        goto done;
    unsigned bit = 1u << small_int(seat);
    if (*seen & bit) {
        Py_DECREF(seat);
        miss = 1;
        goto done;
    }
    *seen |= bit;
    cards = cards_of(cv, &miss, NULL);
    if (cards == NULL) {
        Py_DECREF(seat);
        goto done;
    }
    PyObject *att = PyDict_GetItemWithError(pv, s_attempted), *attempted = Py_None;
    if (att == NULL && PyErr_Occurred()) {
        Py_DECREF(seat);
        goto done;
    }
    Py_INCREF(attempted);
    if (att != NULL && att != Py_None) {
        Py_DECREF(attempted);
        attempted = NULL;
        if (PyList_CheckExact(att))
            attempted = cards_of(att, &miss, NULL);
        else
            miss = 1;
        if (attempted == NULL) {
            Py_DECREF(seat);
            goto done;
        }
    }
    PyObject *nv = PyDict_GetItemWithError(pv, s_notes);
    PyObject *notes = (nv == NULL && PyErr_Occurred()) ? NULL : notes_of(nv, &miss);
    if (notes != NULL) {
        PyObject *vals[6] = {seat, cards, attempted, notes, line, column};
        play = make(play_type, play_off, vals, 6);
        Py_DECREF(notes);
        if (play != NULL && PyList_Append(plays, play) == 0) {
            count(cards, counts);
            rc = 0;
        }
    }
    Py_DECREF(attempted);
    Py_DECREF(seat);
done:
    Py_XDECREF(play);
    Py_XDECREF(seatv);
    Py_XDECREF(cards);
    Py_DECREF(cv);
    if (rc == -1 && miss && !PyErr_Occurred())
        rc = 1;
    return rc;
}

static PyObject *
fast_tricks(PyObject *self, PyObject *args)
{
    PyObject *tricks_v, *first, *line, *column, *shared = Py_None;
    long decks;
    if (!PyArg_ParseTuple(args, "OOlOO|O", &tricks_v, &first, &decks, &line, &column, &shared))
        return NULL;
    if (!ready) {
        PyErr_SetString(PyExc_RuntimeError, "_json_core.setup() was not called");
        return NULL;
    }
    if (!PyList_CheckExact(tricks_v))
        Py_RETURN_NONE;
    if (shared == Py_None) {
        shared = PyDict_New();
        if (shared == NULL)
            return NULL;
    } else if (!PyDict_CheckExact(shared)) {
        PyErr_SetString(PyExc_TypeError, "fast_tricks: shared must be a dict");
        return NULL;
    } else {
        Py_INCREF(shared);
    }
    Py_ssize_t counts[MAX_KIND] = {0};
    PyObject *tricks = PyList_New(0), *number = NULL, *result = NULL;
    if (tricks == NULL)
        goto out;
    Py_INCREF(first);
    number = first;
    int miss = 0;
    /* tricks_v may not change while we read it (no Python code runs but as_notes on strings) */
    for (Py_ssize_t t = 0; t < PyList_GET_SIZE(tricks_v); t++) {
        PyObject *tv = PyList_GET_ITEM(tricks_v, t), *notes, *plays_v;
        if (PyList_CheckExact(tv)) {
            notes = PyTuple_New(0);
            if (notes == NULL)
                goto out;
            plays_v = tv;
            Py_INCREF(plays_v);
        } else {
            if (!PyDict_CheckExact(tv))
                goto none;
            PyObject *trick_keys[2] = {s_plays, s_notes};
            if (!keys_among(tv, trick_keys, 2))     /* a number, or another field: the detailed path */
                goto none;
            PyObject *nv = PyDict_GetItemWithError(tv, s_notes);
            if (nv == NULL && PyErr_Occurred())
                goto out;
            notes = notes_of(nv, &miss);
            if (notes == NULL)
                goto fail;
            plays_v = PyDict_GetItemWithError(tv, s_plays);
            if (plays_v == NULL) {
                if (PyErr_Occurred()) {
                    Py_DECREF(notes);
                    goto out;
                }
                Py_DECREF(notes);
                goto none;                  /* no "plays": the detailed path reports it */
            } else {
                Py_INCREF(plays_v);
            }
            if (plays_v == NULL || !PyList_CheckExact(plays_v)) {
                Py_DECREF(notes);
                Py_XDECREF(plays_v);
                if (plays_v == NULL)
                    goto out;
                goto none;
            }
        }
        if (PyList_GET_SIZE(plays_v) == 0) {     /* a trick with no plays: the detailed path reports it */
            Py_DECREF(plays_v);
            Py_DECREF(notes);
            goto none;
        }
        PyObject *plays = PyList_New(0);
        unsigned seen = 0;
        int rc = plays == NULL ? -1 : 0;
        for (Py_ssize_t i = 0; rc == 0 && i < PyList_GET_SIZE(plays_v); i++) {
            PyObject *pv = PyList_GET_ITEM(plays_v, i);
            if (!PyDict_CheckExact(pv)) {
                rc = 1;
                break;
            }
            Py_INCREF(pv);
            rc = one_play(pv, plays, shared, line, column, &seen, counts);
            Py_DECREF(pv);
        }
        Py_DECREF(plays_v);
        if (rc != 0) {
            Py_XDECREF(plays);
            Py_DECREF(notes);
            if (rc > 0)
                goto none;
            goto out;
        }
        PyObject *ptuple = PyList_AsTuple(plays);
        Py_DECREF(plays);
        if (ptuple == NULL) {
            Py_DECREF(notes);
            goto out;
        }
        PyObject *vals[4] = {number, ptuple, notes, line};
        PyObject *trick = make(trick_type, trick_off, vals, 4);
        Py_DECREF(ptuple);
        Py_DECREF(notes);
        if (trick == NULL || PyList_Append(tricks, trick) < 0) {
            Py_XDECREF(trick);
            goto out;
        }
        Py_DECREF(trick);
        PyObject *one = PyLong_FromLong(1), *next = one ? PyNumber_Add(number, one) : NULL;
        Py_XDECREF(one);
        if (next == NULL)
            goto out;
        Py_SETREF(number, next);
    }
    for (int k = 0; k < MAX_KIND; k++)
        if (counts[k] > decks)
            goto none;
    result = tricks;
    tricks = NULL;
    goto out;
fail:
    if (!miss)
        goto out;
none:
    result = Py_None;
    Py_INCREF(result);
out:
    Py_XDECREF(tricks);
    Py_XDECREF(number);
    Py_DECREF(shared);
    return result;
}

/* hv[name] when present and not null: a borrowed reference, or NULL (absent or None; an error
 * only if PyErr_Occurred()). */
static PyObject *
field(PyObject *hv, PyObject *name)
{
    PyObject *v = PyDict_GetItemWithError(hv, name);
    return v == Py_None ? NULL : v;
}

/* The card list hv[name] (absent or null: *out stays NULL) read into *out, each kind counted:
 * 1 read (or absent), 0 not a list (the detailed path), -1 a miss (*miss set) or an error. */
static int
listed_cards(PyObject *hv, PyObject *name, Py_ssize_t *counts, PyObject **out, int *miss)
{
    PyObject *v = field(hv, name);
    if (v == NULL)
        return PyErr_Occurred() ? -1 : 1;
    if (!PyList_CheckExact(v))
        return 0;
    *out = cards_of(v, miss, counts);
    return *out == NULL ? -1 : 1;
}

static PyObject *fast_dealt_of(PyObject *hv, long decks);

/* json_fast.fast_dealt_python: (deal, bottom, buried, []) of hand object hv, or None. */
static PyObject *
fast_dealt(PyObject *self, PyObject *args)
{
    PyObject *hv;
    long decks;
    if (!PyArg_ParseTuple(args, "Ol", &hv, &decks))
        return NULL;
    return fast_dealt_of(hv, decks);
}

static PyObject *
fast_dealt_of(PyObject *hv, long decks)
{
    if (!ready) {
        PyErr_SetString(PyExc_RuntimeError, "_json_core.setup() was not called");
        return NULL;
    }
    if (!PyDict_CheckExact(hv))          /* the reader's hands are plain dicts; anything else: the detailed path */
        Py_RETURN_NONE;
    Py_ssize_t counts[MAX_KIND] = {0}, buried_counts[MAX_KIND] = {0};
    PyObject *deal = NULL, *bottom = NULL, *buried = NULL, *result = NULL, *v;
    PyObject *slots[4] = {NULL, NULL, NULL, NULL};
    int miss = 0;
    if (field(hv, s_earlier) != NULL)
        goto none;
    if (PyErr_Occurred())
        return NULL;
    if ((v = field(hv, s_deal)) != NULL) {
        if (!PyDict_CheckExact(v))
            goto none;
        PyObject *key, *cv;
        Py_ssize_t pos = 0;
        while (PyDict_Next(v, &pos, &key, &cv)) {
            if (!PyList_CheckExact(cv))
                goto none;
            PyObject *cards = cards_of(cv, &miss, counts);
            if (cards == NULL)
                goto fail;
            PyObject *seat = lookup(&seat_tab, seat_lookup, key, &miss);
            if (seat == NULL) {
                Py_DECREF(cards);
                goto fail;
            }
            long s = small_int(seat);       /* setup() checked: 0..3 */
            Py_DECREF(seat);
            Py_XSETREF(slots[s], cards);
        }
        deal = PyTuple_New(4);
        if (deal == NULL)
            goto out;
        for (int i = 0; i < 4; i++) {
            PyObject *t = slots[i];
            if (t == NULL && (t = PyTuple_New(0)) == NULL)
                goto out;
            slots[i] = NULL;
            PyTuple_SET_ITEM(deal, i, t);
        }
    } else if (PyErr_Occurred())
        goto out;
    int got = listed_cards(hv, s_bottom, counts, &bottom, &miss);
    if (got > 0)
        got = listed_cards(hv, s_buried, buried_counts, &buried, &miss);
    if (got == 0)
        goto none;
    if (got < 0)
        goto fail;
    for (int k = 0; k < MAX_KIND; k++)
        if ((counts[k] && counts[k] > decks) || (buried_counts[k] && buried_counts[k] > decks))
            goto none;    /* as _within: an empty list is within any number of decks */
    PyObject *earlier = PyList_New(0);
    if (earlier == NULL)
        goto out;
    result = PyTuple_Pack(4, deal ? deal : Py_None, bottom ? bottom : Py_None, buried ? buried : Py_None, earlier);
    Py_DECREF(earlier);
    goto out;
fail:
    if (!miss)
        goto out;
none:
    result = Py_None;
    Py_INCREF(result);
out:
    for (int i = 0; i < 4; i++)
        Py_XDECREF(slots[i]);
    Py_XDECREF(deal);
    Py_XDECREF(bottom);
    Py_XDECREF(buried);
    return result;
}


/* ---- a whole plain hand (json_hands.HandReader.build_hand's values, for a hand it reads without a word) ----
 *
 * fast_hand(hv, previous, decks, line, column, shared) -> a Hand, or None having reported nothing.
 * A hand is taken when every field is one build_hand reads the plain way: only the fields number,
 * dealer, trump, level, declarations, deal, bottom, buried, setup, points, first_trick, tricks, claim
 * and notes; whole numbers (not bools, not strings) in their ranges; a dealer and a trump given (a
 * position may leave out the dealer), the dealer a key of SEAT_LOOKUP, the trump and the level keys
 * of the tables json_fast made with the reference conversions; declarations, deal, bottom, buried
 * and tricks as fast_declarations, fast_dealt and fast_tricks take them; notes a string or a list of
 * strings.  The caller still runs deal_problems on the hand (its words stay in Python). */

static PyTypeObject *hand_type, *decl_type;
static PyObject *hand_keys, *trump_table, *level_table;
static PyObject *s_dealer, *s_trump, *s_level, *s_declarations, *s_setup, *s_points, *s_first_trick, *s_tricks,
    *s_claim, *s_after_bottom;
static long max_hand, max_points, max_trick;
enum { H_NUMBER, H_DEALER, H_TRUMP, H_LEVEL, H_TRUMP_KNOWN, H_DECLARATIONS, H_DECLARATIONS_KNOWN, H_DEAL, H_BOTTOM,
       H_BURIED, H_EARLIER, H_FRIEND, H_SETUP, H_POINTS, H_POINTS_KNOWN, H_FIRST_TRICK, H_TRICKS, H_CLAIM, H_BID_FOR,
       H_TAKEBACKS, H_NOTES, H_TAGS, H_RESULT_ONLY, H_LINE, H_BID_FOR_KNOWN, H_NUMBER_KNOWN, H_FOLLOWS_SKIPPED,
       H_TAKEBACKS_UNREAD, H_POSITIONS, H_DEAL_UNREAD, H_ASIDE_UNREAD, H_PLAYS_UNREAD, H_THROWS_AFTER_LEAD, H_DEAL_IN_DOUBT,
       H_FIELDS };
static const char *const hand_names[H_FIELDS] = {
    "number", "dealer", "trump", "level", "trump_known", "declarations", "declarations_known", "deal", "bottom",
    "buried", "earlier_buries", "friend", "setup", "points", "points_known", "first_trick", "tricks", "claim",
    "bid_for", "takebacks", "notes", "tags", "result_only", "line", "bid_for_known", "number_known",
    "follows_skipped", "takebacks_unread", "positions", "deal_unread", "aside_unread", "plays_unread",
    "throws_after_lead", "deal_in_doubt"};
static Py_ssize_t hand_off[H_FIELDS], decl_off[3];
static int hand_ready = 0;

/* setup_hand(Hand, hand_fields, Declaration, declaration_fields, plain_keys, trumps, levels, max_hand,
 * max_points, max_trick): True when Hand has the fields this core fills (in any order), else False
 * (then json_fast leaves fast_hand out). */
static PyObject *
setup_hand(PyObject *self, PyObject *args)
{
    PyObject *hand, *names, *decl, *decl_names, *keys, *trumps, *levels;
    if (!PyArg_ParseTuple(args, "O!O!O!OO!O!O!lll", &PyType_Type, &hand, &PyTuple_Type, &names, &PyType_Type, &decl,
                          &decl_names, &PyFrozenSet_Type, &keys, &PyDict_Type, &trumps, &PyDict_Type, &levels,
                          &max_hand, &max_points, &max_trick))
        return NULL;
    if (PyTuple_GET_SIZE(names) != H_FIELDS)
        Py_RETURN_FALSE;
    PyObject *mine = PyTuple_New(H_FIELDS);
    if (mine == NULL)
        return NULL;
    for (int i = 0; i < H_FIELDS; i++) {
        PyObject *n = PyUnicode_InternFromString(hand_names[i]);
        if (n == NULL) {
            Py_DECREF(mine);
            return NULL;
        }
        PyTuple_SET_ITEM(mine, i, n);
        int found = PySequence_Contains(names, n);
        if (found <= 0) {
            Py_DECREF(mine);
            if (found < 0)
                return NULL;
            Py_RETURN_FALSE;
        }
    }
    int bad = slot_offsets((PyTypeObject *)hand, mine, hand_off, H_FIELDS) < 0
        || slot_offsets((PyTypeObject *)decl, decl_names, decl_off, 3) < 0;
    Py_DECREF(mine);
    if (bad)
        return NULL;
    keep((PyObject **)&hand_type, hand);
    keep((PyObject **)&decl_type, decl);
    keep(&hand_keys, keys);
    keep(&trump_table, trumps);
    keep(&level_table, levels);
    hand_ready = 1;
    Py_RETURN_TRUE;
}

/* A whole number field: 1 read into *out (absent: dflt), 0 not plain (another type, out of lo..hi),
 * -1 error. */
static int
whole(PyObject *hv, PyObject *name, long lo, long hi, PyObject *dflt, PyObject **out)
{
    PyObject *v = PyDict_GetItemWithError(hv, name);
    if (v == NULL) {
        if (PyErr_Occurred())
            return -1;
        *out = dflt;
        return 1;
    }
    if (!PyLong_CheckExact(v))
        return 0;
    int overflow;
    long n = PyLong_AsLongAndOverflow(v, &overflow);
    if (overflow || n < lo || n > hi)
        return 0;
    *out = v;
    return 1;
}

/* The declarations list as json_fast.fast_declarations reads it: a new tuple, or NULL (*miss set
 * when it is not plain). */
static PyObject *
declarations_of(PyObject *list, int *miss)
{
    Py_ssize_t n = PyList_GET_SIZE(list);
    PyObject *out = PyTuple_New(n);
    if (out == NULL)
        return NULL;
    PyObject *keys[3] = {s_seat, s_cards, s_after_bottom};
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *d = PyList_GET_ITEM(list, i), *seatv, *cv, *after, *seat, *cards;
        if (!PyDict_CheckExact(d) || !keys_among(d, keys, 3))
            goto miss;
        seatv = PyDict_GetItemWithError(d, s_seat);
        cv = seatv ? PyDict_GetItemWithError(d, s_cards) : NULL;
        if (PyErr_Occurred())
            goto error;
        if (seatv == NULL || cv == NULL || !PyUnicode_CheckExact(seatv) || !PyList_CheckExact(cv))
            goto miss;
        after = PyDict_GetItemWithError(d, s_after_bottom);
        if (after == NULL && PyErr_Occurred())
            goto error;
        if (after == NULL)
            after = Py_False;
        if (!PyBool_Check(after))
            goto miss;
        seat = lookup(&seat_tab, seat_lookup, seatv, miss);   /* the table's keys have no blank at either end: = .strip() */
        if (seat == NULL)
            goto fail;
        cards = cards_of(cv, miss, NULL);
        if (cards == NULL) {
            Py_DECREF(seat);
            goto fail;
        }
        PyObject *vals[3] = {seat, cards, after};
        PyObject *decl = make(decl_type, decl_off, vals, 3);
        Py_DECREF(seat);
        Py_DECREF(cards);
        if (decl == NULL)
            goto error;
        PyTuple_SET_ITEM(out, i, decl);
    }
    return out;
miss:
    *miss = 1;
fail:
error:
    Py_DECREF(out);
    return NULL;
}

/* notes as as_notes takes them (None: (), a string, a list of strings): a new tuple, or NULL
 * (*miss set when not). */
static PyObject *
plain_notes(PyObject *v, int *miss)
{
    if (v == NULL || v == Py_None)
        return PyTuple_New(0);
    if (PyUnicode_CheckExact(v))
        return PyTuple_Pack(1, v);
    if (PyList_CheckExact(v)) {
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(v); i++)
            if (!PyUnicode_CheckExact(PyList_GET_ITEM(v, i))) {
                *miss = 1;
                return NULL;
            }
        return PyList_AsTuple(v);
    }
    *miss = 1;
    return NULL;
}

static PyObject *fast_tricks(PyObject *self, PyObject *args);

/* json_hands._follow_thrown: a play after a trick's first carries attempted cards (a follow written as
 * a failed throw), in the list of Tricks fast_tricks made.  fast_tricks itself takes it, as
 * json_fast.fast_tricks_python does; a hand holding one is left to the detailed path, which reports it. */
static int
follow_thrown(PyObject *tricks)
{
    for (Py_ssize_t t = 0; t < PyList_GET_SIZE(tricks); t++) {
        PyObject *plays = SLOT(PyList_GET_ITEM(tricks, t), trick_off[1]);
        for (Py_ssize_t i = 1; i < PyTuple_GET_SIZE(plays); i++)
            if (SLOT(PyTuple_GET_ITEM(plays, i), play_off[2]) != Py_None)
                return 1;
    }
    return 0;
}

static PyObject *
fast_hand(PyObject *self, PyObject *args)
{
    PyObject *hv, *previous, *line, *column, *shared;
    long decks;
    if (!PyArg_ParseTuple(args, "OO!lOOO!", &hv, &PyLong_Type, &previous, &decks, &line, &column, &PyDict_Type,
                          &shared))
        return NULL;
    if (!ready || !hand_ready) {
        PyErr_SetString(PyExc_RuntimeError, "_json_core.setup() / setup_hand() was not called");
        return NULL;
    }
    if (!PyDict_CheckExact(hv))
        Py_RETURN_NONE;
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(hv, &pos, &key, &value)) {
        int known = PySet_Contains(hand_keys, key);
        if (known < 0)
            return NULL;
        if (!known)
            Py_RETURN_NONE;                 /* a field read otherwise (friend, tags, …) or unknown: a tag */
    }
    PyObject *vals[H_FIELDS] = {NULL};
    PyObject *own[8] = {NULL};          /* new references among vals */
    int nown = 0, r = 1;
    PyObject *result = NULL, *v, *one = NULL, *empty = NULL;
    int miss = 0;
#define OWN(x) (own[nown++] = (x))
    if ((one = PyLong_FromLong(1)) == NULL || (empty = PyTuple_New(0)) == NULL)
        goto out;
    /* number: given, or the one after the hand before */
    PyObject *next = PyNumber_Add(previous, one);
    if (next == NULL)
        goto out;
    OWN(next);
    if ((r = whole(hv, s_number, -max_hand, max_hand, next, &vals[H_NUMBER])) <= 0)
        goto decline;
    /* setup: a bool */
    v = PyDict_GetItemWithError(hv, s_setup);
    if (v == NULL && PyErr_Occurred())
        goto out;
    vals[H_SETUP] = v ? v : Py_False;
    if (!PyBool_Check(vals[H_SETUP]))
        goto none;
    int setup = vals[H_SETUP] == Py_True;
    /* dealer: a seat as written in SEAT_LOOKUP; a played hand must give it */
    v = field(hv, s_dealer);
    if (v == NULL && PyErr_Occurred())
        goto out;
    if (v == NULL) {
        if (!setup)
            goto none;                      /* missing_tag: the detailed path words it */
        vals[H_DEALER] = Py_None;
    } else {
        if (!PyUnicode_CheckExact(v))
            goto none;
        vals[H_DEALER] = PyDict_GetItemWithError(seat_lookup, v);
        if (vals[H_DEALER] == NULL)
            goto decline;
    }
    /* trump (given) and level (if given): keys of the tables made by the reference conversions */
    v = field(hv, s_trump);
    if (v == NULL || !PyUnicode_CheckExact(v))
        goto decline;
    PyObject *suit = PyDict_GetItemWithError(trump_table, v);
    if (suit == NULL)
        goto decline;
    vals[H_TRUMP] = PyLong_CheckExact(suit) && PyLong_AsLong(suit) < 0 ? Py_None : suit;    /* -1: NT */
    vals[H_TRUMP_KNOWN] = Py_True;
    v = field(hv, s_level);
    if (v == NULL) {
        if (PyErr_Occurred())
            goto out;
        vals[H_LEVEL] = Py_None;
    } else {
        if (!PyUnicode_CheckExact(v) || (vals[H_LEVEL] = PyDict_GetItemWithError(level_table, v)) == NULL)
            goto decline;
    }
    /* declarations */
    v = field(hv, s_declarations);
    if (v == NULL) {
        if (PyErr_Occurred())
            goto out;
        vals[H_DECLARATIONS] = empty;
        vals[H_DECLARATIONS_KNOWN] = Py_False;
    } else {
        if (!PyList_CheckExact(v))
            goto none;
        PyObject *decls = declarations_of(v, &miss);
        if (decls == NULL)
            goto fail;
        OWN(decls);
        vals[H_DECLARATIONS] = decls;
        vals[H_DECLARATIONS_KNOWN] = Py_True;
    }
    /* deal, bottom, buried */
    PyObject *dealt = fast_dealt_of(hv, decks);
    if (dealt == NULL)
        goto out;
    OWN(dealt);
    if (dealt == Py_None)
        goto none;
    vals[H_DEAL] = PyTuple_GET_ITEM(dealt, 0);
    vals[H_BOTTOM] = PyTuple_GET_ITEM(dealt, 1);
    vals[H_BURIED] = PyTuple_GET_ITEM(dealt, 2);
    vals[H_EARLIER] = empty;
    vals[H_FRIEND] = Py_None;
    /* points, first_trick, claim */
    PyObject *zero = PyLong_FromLong(0);
    if (zero == NULL)
        goto out;
    OWN(zero);
    if ((r = whole(hv, s_points, 0, max_points, zero, &vals[H_POINTS])) <= 0
        || (r = whole(hv, s_first_trick, 1, max_trick, one, &vals[H_FIRST_TRICK])) <= 0)
        goto decline;
    r = PyDict_Contains(hv, s_points);
    if (r < 0)
        goto out;
    vals[H_POINTS_KNOWN] = (!setup || r) ? Py_True : Py_False;
    v = field(hv, s_claim);
    if (v == NULL) {
        if (PyErr_Occurred())
            goto out;
        vals[H_CLAIM] = Py_None;
    } else if ((r = whole(hv, s_claim, -max_points, max_points, Py_None, &vals[H_CLAIM])) <= 0)
        goto decline;
    /* notes */
    v = PyDict_GetItemWithError(hv, s_notes);
    if (v == NULL && PyErr_Occurred())
        goto out;
    PyObject *notes = plain_notes(v, &miss);
    if (notes == NULL)
        goto fail;
    OWN(notes);
    vals[H_NOTES] = notes;
    /* tricks */
    v = PyDict_GetItemWithError(hv, s_tricks);
    if (v == NULL && PyErr_Occurred())
        goto out;
    PyObject *tricks_v = v;
    if (tricks_v == NULL) {
        tricks_v = PyList_New(0);
        if (tricks_v == NULL)
            goto out;
        OWN(tricks_v);
    }
    PyObject *targs = Py_BuildValue("(OOlOOO)", tricks_v, vals[H_FIRST_TRICK], decks, line, column, shared);
    if (targs == NULL)
        goto out;
    PyObject *tricks = fast_tricks(self, targs);
    Py_DECREF(targs);
    if (tricks == NULL)
        goto out;
    if (tricks == Py_None) {
        Py_DECREF(tricks);
        goto none;
    }
    if (follow_thrown(tricks)) {        /* a follow written as a failed throw: the detailed path reports it */
        Py_DECREF(tricks);
        goto none;
    }
    PyObject *ttuple = PyList_AsTuple(tricks);
    Py_DECREF(tricks);
    if (ttuple == NULL)
        goto out;
    OWN(ttuple);
    vals[H_TRICKS] = ttuple;
    vals[H_BID_FOR] = Py_False;
    vals[H_TAKEBACKS] = empty;
    vals[H_TAKEBACKS_UNREAD] = empty;
    vals[H_TAGS] = empty;
    vals[H_RESULT_ONLY] = Py_False;
    vals[H_LINE] = line;
    vals[H_FOLLOWS_SKIPPED] = Py_False;
    vals[H_BID_FOR_KNOWN] = Py_True;
    /* absent: numbered after the one before, not known to be the match's own (a given number was read
     * whole above, or the hand declined) */
    int given = PyDict_Contains(hv, s_number);
    if (given < 0)
        goto out;
    vals[H_NUMBER_KNOWN] = given ? Py_True : Py_False;
    vals[H_POSITIONS] = empty;
    vals[H_DEAL_UNREAD] = empty;        /* (a deal card it cannot read declines the hand: the Python reader marks it) */
    vals[H_ASIDE_UNREAD] = empty;       /* (so does a bottom or buried card: fast_dealt declines it) */
    vals[H_PLAYS_UNREAD] = empty;       /* (a play it cannot read declines the hand: the Python reader marks it) */
    vals[H_THROWS_AFTER_LEAD] = empty;  /* (so does a follow written as a failed throw) */
    vals[H_DEAL_IN_DOUBT] = empty;      /* (a JSON hand gives one deal line a seat: an object's keys) */
    result = make(hand_type, hand_off, vals, H_FIELDS);
    goto out;
decline:
    if (r < 0 || PyErr_Occurred())
        goto out;
    goto none;
fail:
    if (!miss)
        goto out;
none:
    result = Py_None;
    Py_INCREF(result);
out:
#undef OWN
    for (int i = 0; i < nown; i++)
        Py_DECREF(own[i]);
    Py_XDECREF(one);
    Py_XDECREF(empty);
    return result;
}


/* ---- limits.json_too_deep in C: the offset of the first '[' or '{' nested deeper than limit in
 * text (strings skipped), or None -- the same answer on any text.  Its step (1), no more opening
 * brackets than limit, only saves time there (the depth of step (2) is never above that count), so
 * here: (2) the running depth outside strings -- strings as limits._STRING takes them: from a quote
 * to the next unescaped quote or the end of the text, a quote it cannot take (a lone backslash
 * last) read as text -- never above limit, closing brackets counted even below zero: None; else
 * (3) limits._first_too_deep: the depth kept at zero or more, a string left open ending the scan
 * (None: the decoder reports it). */

/* The end of the string opened at d[p] (the index after it), or -1 when it cannot be taken:
 * open_to_end, whether a string left open (no closing quote) runs to the end (limits._STRING) or
 * is not taken (limits._STRING_END).  One loop per width of the text's characters. */
#define STRING_END(T)                                                                   \
    static Py_ssize_t string_end_##T(const T *d, Py_ssize_t n, Py_ssize_t p, int open_to_end) \
    {                                                                                   \
        for (Py_ssize_t j = p + 1;;) {                                                  \
            if (j >= n)                                                                 \
                return open_to_end ? n : -1;                                            \
            T c = d[j];                                                                 \
            if (c == '"')                                                               \
                return j + 1;                                                           \
            if (c == '\\') {                                                            \
                if (j + 1 >= n)                                                         \
                    return -1;                                                          \
                j += 2;                                                                 \
            } else                                                                      \
                j++;                                                                    \
        }                                                                               \
    }

/* -1 when text is no deeper than limit by step (2), else the answer of step (3): the
 * offset, or -2 for None. */
#define DEPTH_SCAN(T)                                                                   \
    static Py_ssize_t depth_scan_##T(const T *d, Py_ssize_t n, long limit)             \
    {                                                                                   \
        long depth = 0, most = 0;                                                       \
        for (Py_ssize_t i = 0; i < n;) {                                                \
            T c = d[i];                                                                 \
            if (c == '"') {                                                             \
                Py_ssize_t e = string_end_##T(d, n, i, 1);                              \
                i = e < 0 ? i + 1 : e;                                                  \
                continue;                                                               \
            }                                                                           \
            if (c == '[' || c == '{') {                                                 \
                if (++depth > most)                                                     \
                    most = depth;                                                       \
            } else if (c == ']' || c == '}')                                            \
                depth--;                                                                \
            i++;                                                                        \
        }                                                                               \
        if (most <= limit)                                                              \
            return -1;                                                                  \
        depth = 0;                                                                      \
        for (Py_ssize_t i = 0; i < n;) {                                                \
            T c = d[i];                                                                 \
            if (c == '"') {                                                             \
                Py_ssize_t e = string_end_##T(d, n, i, 0);                              \
                if (e < 0)                                                              \
                    return -2;                                                          \
                i = e;                                                                  \
                continue;                                                               \
            }                                                                           \
            if (c == '[' || c == '{') {                                                 \
                if (++depth > limit)                                                    \
                    return i;                                                           \
            } else if ((c == ']' || c == '}') && depth)                                 \
                depth--;                                                                \
            i++;                                                                        \
        }                                                                               \
        return -2;                                                                      \
    }

STRING_END(Py_UCS1)
STRING_END(Py_UCS2)
STRING_END(Py_UCS4)
DEPTH_SCAN(Py_UCS1)
DEPTH_SCAN(Py_UCS2)
DEPTH_SCAN(Py_UCS4)

static PyObject *
too_deep(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !PyUnicode_Check(args[0]) || !PyLong_CheckExact(args[1])) {
        PyErr_SetString(PyExc_TypeError, "too_deep(text, limit)");
        return NULL;
    }
    PyObject *text = args[0];
    long limit = PyLong_AsLong(args[1]);
    if (limit == -1 && PyErr_Occurred())
        return NULL;
    Py_ssize_t n = PyUnicode_GET_LENGTH(text), at;
    switch (PyUnicode_KIND(text)) {
    case PyUnicode_1BYTE_KIND:
        at = depth_scan_Py_UCS1(PyUnicode_1BYTE_DATA(text), n, limit);
        break;
    case PyUnicode_2BYTE_KIND:
        at = depth_scan_Py_UCS2(PyUnicode_2BYTE_DATA(text), n, limit);
        break;
    default:
        at = depth_scan_Py_UCS4(PyUnicode_4BYTE_DATA(text), n, limit);
    }
    if (at < 0)
        Py_RETURN_NONE;
    return PyLong_FromSsize_t(at);
}

static PyMethodDef methods[] = {
    {"setup", setup, METH_VARARGS,
     "setup(Play, Trick, play_fields, trick_fields, CARD_LOOKUP, SEAT_LOOKUP, as_notes, Shape)"},
    {"fast_tricks", fast_tricks, METH_VARARGS,
     "fast_tricks(tricks_v, first_trick, decks, line, column, shared=None): json_fast.fast_tricks"},
    {"fast_dealt", fast_dealt, METH_VARARGS, "fast_dealt(hv, decks): json_fast.fast_dealt"},
    {"setup_hand", setup_hand, METH_VARARGS,
     "setup_hand(Hand, hand_fields, Declaration, declaration_fields, plain_keys, trumps, levels, max_hand, "
     "max_points, max_trick)"},
    {"too_deep", (PyCFunction)(void (*)(void))too_deep, METH_FASTCALL,
     "too_deep(text, limit): limits.json_too_deep(text, limit)"},
    {"fast_hand", fast_hand, METH_VARARGS, "fast_hand(hv, previous, decks, line, column, shared): a plain Hand or None"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_json_core",
                                    "The JSON reader's fast path (json_fast.fast_tricks) in C.", -1, methods};

PyMODINIT_FUNC
PyInit__json_core(void)
{
    if (!(s_cards = PyUnicode_InternFromString("cards")) || !(s_seat = PyUnicode_InternFromString("seat"))
        || !(s_attempted = PyUnicode_InternFromString("attempted"))
        || !(s_notes = PyUnicode_InternFromString("notes")) || !(s_number = PyUnicode_InternFromString("number"))
        || !(s_plays = PyUnicode_InternFromString("plays")) || !(s_empty = PyUnicode_InternFromString(""))
        || !(s_deal = PyUnicode_InternFromString("deal")) || !(s_bottom = PyUnicode_InternFromString("bottom"))
        || !(s_buried = PyUnicode_InternFromString("buried"))
        || !(s_earlier = PyUnicode_InternFromString("earlier_buries"))
        || !(s_dealer = PyUnicode_InternFromString("dealer")) || !(s_trump = PyUnicode_InternFromString("trump"))
        || !(s_level = PyUnicode_InternFromString("level"))
        || !(s_declarations = PyUnicode_InternFromString("declarations"))
        || !(s_setup = PyUnicode_InternFromString("setup")) || !(s_points = PyUnicode_InternFromString("points"))
        || !(s_first_trick = PyUnicode_InternFromString("first_trick"))
        || !(s_tricks = PyUnicode_InternFromString("tricks")) || !(s_claim = PyUnicode_InternFromString("claim"))
        || !(s_after_bottom = PyUnicode_InternFromString("after_bottom")))
        return NULL;
    return with_source_digest(PyModule_Create(&module));
}
