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
#include <structmember.h>

#define MAX_KIND 256        /* card kinds are 0..53; setup() checks the lookup table */

static PyTypeObject *play_type, *trick_type;
static PyObject *card_lookup, *seat_lookup, *as_notes, *shape_exc;
static PyObject *s_cards, *s_seat, *s_attempted, *s_notes, *s_number, *s_plays, *s_empty;
static PyObject *s_deal, *s_bottom, *s_buried, *s_earlier;
static Py_ssize_t play_off[6];   /* seat, cards, attempted, notes, line, column */
static Py_ssize_t trick_off[4];  /* number, plays, notes, line */
static int ready = 0;

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

/* tuple(map(CARD_LOOKUP.__getitem__, list)); each kind counted in counts. */
static PyObject *
cards_of(PyObject *list, int *miss, Py_ssize_t *counts)
{
    Py_ssize_t n = PyList_GET_SIZE(list);
    PyObject *t = PyTuple_New(n);
    if (t == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *k = get(card_lookup, PyList_GET_ITEM(list, i), miss);
        if (k == NULL) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, k);
        if (counts != NULL)
            counts[PyLong_AsLong(k)]++;     /* setup() checked: every value an int < MAX_KIND */
    }
    return t;
}

static void
count(PyObject *cards, Py_ssize_t *counts)
{
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(cards); i++)
        counts[PyLong_AsLong(PyTuple_GET_ITEM(cards, i))]++;
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
    Py_INCREF(play); Py_XSETREF(play_type, (PyTypeObject *)play);
    Py_INCREF(trick); Py_XSETREF(trick_type, (PyTypeObject *)trick);
    Py_INCREF(cards); Py_XSETREF(card_lookup, cards);
    Py_INCREF(seats); Py_XSETREF(seat_lookup, seats);
    Py_INCREF(notes); Py_XSETREF(as_notes, notes);
    Py_INCREF(shape); Py_XSETREF(shape_exc, shape);
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
    if (!PyList_CheckExact(cv)) {
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
            PyObject *seat = get(seat_lookup, seatv, &miss);
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
        unsigned bit = 1u << PyLong_AsLong(pseat);
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
    PyObject *seat = get(seat_lookup, seatv, &miss);
    if (seat == NULL)
        goto done;
    unsigned bit = 1u << PyLong_AsLong(seat);
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

/* json_fast.fast_dealt_python: (deal, bottom, buried, []) of hand object hv, or None. */
static PyObject *
fast_dealt(PyObject *self, PyObject *args)
{
    PyObject *hv;
    long decks;
    if (!PyArg_ParseTuple(args, "Ol", &hv, &decks))
        return NULL;
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
            PyObject *seat = get(seat_lookup, key, &miss);
            if (seat == NULL) {
                Py_DECREF(cards);
                goto fail;
            }
            long s = PyLong_AsLong(seat);       /* setup() checked: 0..3 */
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
    if ((v = field(hv, s_bottom)) != NULL) {
        if (!PyList_CheckExact(v))
            goto none;
        if ((bottom = cards_of(v, &miss, counts)) == NULL)
            goto fail;
    } else if (PyErr_Occurred())
        goto out;
    if ((v = field(hv, s_buried)) != NULL) {
        if (!PyList_CheckExact(v))
            goto none;
        if ((buried = cards_of(v, &miss, buried_counts)) == NULL)
            goto fail;
    } else if (PyErr_Occurred())
        goto out;
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

static PyMethodDef methods[] = {
    {"setup", setup, METH_VARARGS,
     "setup(Play, Trick, play_fields, trick_fields, CARD_LOOKUP, SEAT_LOOKUP, as_notes, Shape)"},
    {"fast_tricks", fast_tricks, METH_VARARGS,
     "fast_tricks(tricks_v, first_trick, decks, line, column, shared=None): json_fast.fast_tricks"},
    {"fast_dealt", fast_dealt, METH_VARARGS, "fast_dealt(hv, decks): json_fast.fast_dealt"},
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
        || !(s_earlier = PyUnicode_InternFromString("earlier_buries")))
        return NULL;
    return PyModule_Create(&module);
}
