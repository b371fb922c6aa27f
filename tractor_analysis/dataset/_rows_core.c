/* The plays columns of one hand in C: what tractor_analysis.dataset.rows._add_plays (the pure-Python
 * reference) appends to the sixteen lists of the plays table, one row per play of every trick, for a
 * hand with no endgame analysis (the four analysis columns null).
 *
 * add_plays(cols, mid, hand_no, tricks, batch, cache, token, points, seats) returns True having
 * appended the rows (cols: the first eleven lists, match_id .. notes, or up to 32: the twelfth gets the
 * batch, those past it, the analysis's and the view's, a null each; rows.TableBuilder gives eleven and
 * leaves the rest of the columns to be filled when its tables are made), or False with every list untouched when anything is not as the engine makes
 * it (a seat out of 0..3, a card not an int of the table, a play's cards not a tuple, ...): the
 * Python code then adds the hand, and raises what it raises.  ``cache`` is rows._PLAY_CACHE (a
 * played card tuple -> (its tokens, its points)), shared with the Python code and filled the same
 * way; every row of one card tuple holds the same token list, as in Python.
 *
 * add_tricks(cols, mid, hand_no, tricks, defenders, sides_known, batch, seats, teams) appends the
 * tricks table's rows of a hand (rows._trick_rows, the reference) to its nineteen lists and returns
 * the number of failed throws, or None with every list untouched when a trick is not as the engine
 * makes it (a seat out of 0..3, throw_failed not a bool, cards_not_thrown neither an int nor None, a
 * lead shape not a pair of ints, ...).  A cards_not_thrown of None (not known: the judgements merged
 * give different counts, engine/agreement.py, or it rests on cards read from plays,
 * engine/unsure_throws.py) is put in as None, a null in the column, as in Python.
 *
 * Attributes are read the way the engine's trick core reads them (issue 27, tenth pass): straight from
 * the object's slot when its type keeps the attribute in a plain object slot (the slots dataclasses
 * Play and TrickResult), learnt from the type's member descriptor; any other object through
 * PyObject_GetAttr (records/_slot_get.h).  And each list is given room for a hand's rows at once,
 * its capacity doubled when it is short (a list grown an append at a time by CPython is
 * copied ~8 times its final size), the rows then put in without a check each.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "../records/_source_digest.h"

#include "../records/_slot_get.h"
#include "../records/_small_int.h"

#define NCOLS 11               /* the columns computed; the twelfth is the batch, any more are null */
#define MAXCOLS 32
#define CACHE_MAX 200000

static PyObject *s_number, *s_plays, *s_winner, *s_seat, *s_cards, *s_attempted, *s_notes;
static PyObject *s_leader, *s_points, *s_lead_kind, *s_throw_failed, *s_cards_not_thrown, *s_trumped;
static PyObject *s_violations, *s_lead_shapes, *s_throw;

static SlotReader g_number = {&s_number}, g_plays = {&s_plays}, g_winner = {&s_winner}, g_seat = {&s_seat},
                  g_cards = {&s_cards}, g_attempted = {&s_attempted}, g_notes = {&s_notes}, g_leader = {&s_leader},
                  g_points = {&s_points}, g_lead_kind = {&s_lead_kind}, g_throw_failed = {&s_throw_failed},
                  g_cards_not_thrown = {&s_cards_not_thrown}, g_trumped = {&s_trumped},
                  g_violations = {&s_violations}, g_lead_shapes = {&s_lead_shapes};

#define get slot_get

/* Room in a list for extra more items: its capacity raised to at least twice its length (0 on
 * success, -1 with MemoryError); the items and the length untouched.  (Raised by half, the lists of a
 * 2,000-hand batch were copied about twice their final size in all: 44 M instructions of realloc's
 * copies on the bench corpus; doubled, about once.) */
static int
reserve(PyObject *list, Py_ssize_t extra)
{
    PyListObject *l = (PyListObject *)list;
    Py_ssize_t n = Py_SIZE(l), want = n + extra;
    if (l->allocated >= want)
        return 0;
    if (want < 2 * n)
        want = 2 * n;
    if ((size_t)want > PY_SSIZE_T_MAX / sizeof(PyObject *)) {
        PyErr_NoMemory();
        return -1;
    }
    PyObject **items = PyMem_Realloc(l->ob_item, (size_t)want * sizeof(PyObject *));
    if (items == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    l->ob_item = items;
    l->allocated = want;
    return 0;
}

/* an int in [0, n) as a long, else -1 */
static long
small(PyObject *o, long n)
{
    if (!PyLong_CheckExact(o))
        return -1;
    int overflow;
    long v = small_int_value(o, &overflow);
    return overflow || v < 0 || v >= n ? -1 : v;
}

/* a tuple of ints in [0, n) (1), something else (0) */
static int
card_tuple(PyObject *t, long n)
{
    if (!PyTuple_CheckExact(t))
        return 0;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(t); i++)
        if (small(PyTuple_GET_ITEM(t, i), n) < 0)
            return 0;
    return 1;
}

static PyObject *
tokens_of(PyObject *cards, PyObject *token)
{
    Py_ssize_t n = PyTuple_GET_SIZE(cards);
    PyObject *out = PyList_New(n);
    if (out == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *tok = PyTuple_GET_ITEM(token, small_int(PyTuple_GET_ITEM(cards, i)));
        Py_INCREF(tok);
        PyList_SET_ITEM(out, i, tok);
    }
    return out;
}

/* Every play of every trick as the engine makes it?  1 yes (*nplays: how many), 0 no, -1 error. */
static int
plain(PyObject *tricks, long ntok, Py_ssize_t *nplays)
{
    *nplays = 0;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(tricks); i++) {
        PyObject *t = PyTuple_GET_ITEM(tricks, i);
        PyObject *plays = get(t, &g_plays), *winner = plays ? get(t, &g_winner) : NULL;
        int ok = plays != NULL && winner != NULL && PyTuple_CheckExact(plays) && small(winner, 4) >= 0;
        if (ok)
            *nplays += PyTuple_GET_SIZE(plays);
        for (Py_ssize_t j = 0; ok && j < PyTuple_GET_SIZE(plays); j++) {
            PyObject *p = PyTuple_GET_ITEM(plays, j);
            PyObject *seat = get(p, &g_seat), *cards = seat ? get(p, &g_cards) : NULL;
            PyObject *att = cards ? get(p, &g_attempted) : NULL, *notes = att ? get(p, &g_notes) : NULL;
            if (seat == NULL || cards == NULL || att == NULL || notes == NULL)
                ok = -1;
            else
                ok = small(seat, 4) >= 0 && card_tuple(cards, ntok) && (att == Py_None || card_tuple(att, ntok))
                     && PyTuple_CheckExact(notes);
            Py_XDECREF(seat);
            Py_XDECREF(cards);
            Py_XDECREF(att);
            Py_XDECREF(notes);
        }
        if ((plays == NULL || winner == NULL) && PyErr_Occurred())
            ok = -1;
        Py_XDECREF(plays);
        Py_XDECREF(winner);
        if (ok != 1)
            return ok;
    }
    return 1;
}

/* list.append(v) into a list given room by reserve() (never fails) */
static inline void
put(PyObject *list, PyObject *v)
{
    PyListObject *l = (PyListObject *)list;
    Py_INCREF(v);
    l->ob_item[Py_SIZE(l)] = v;
    Py_SET_SIZE(l, Py_SIZE(l) + 1);
}

#define APPEND(col, v) put(c[col], (v))

static PyObject *
add_plays(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 9) {
        PyErr_SetString(PyExc_TypeError, "add_plays(cols, mid, hand_no, tricks, batch, cache, token, points, seats)");
        return NULL;
    }
    PyObject *cols = args[0], *mid = args[1], *hand_no = args[2], *tricks = args[3], *batch = args[4];
    PyObject *cache = args[5], *token = args[6], *points = args[7], *seats = args[8];
    PyObject *c[MAXCOLS];
    if (!PyTuple_CheckExact(cols) || PyTuple_GET_SIZE(cols) < NCOLS || PyTuple_GET_SIZE(cols) > MAXCOLS
        || !PyTuple_CheckExact(tricks)
        || !PyDict_CheckExact(cache) || !PyTuple_CheckExact(token) || !PyTuple_CheckExact(points)
        || PyTuple_GET_SIZE(points) != PyTuple_GET_SIZE(token) || !PyTuple_CheckExact(seats)
        || PyTuple_GET_SIZE(seats) != 4)
        Py_RETURN_FALSE;
    int ncols = (int)PyTuple_GET_SIZE(cols);
    for (int i = 0; i < ncols; i++) {
        c[i] = PyTuple_GET_ITEM(cols, i);
        if (!PyList_CheckExact(c[i]))
            Py_RETURN_FALSE;
    }
    long ntok = (long)PyTuple_GET_SIZE(token);
    for (long k = 0; k < ntok; k++)
        if (!PyLong_CheckExact(PyTuple_GET_ITEM(points, k)))
            Py_RETURN_FALSE;
    Py_ssize_t nplays;
    int ok = plain(tricks, ntok, &nplays);
    if (ok < 0)
        return NULL;
    if (!ok)
        Py_RETURN_FALSE;
    for (int i = 0; i < ncols; i++)
        if (reserve(c[i], nplays) < 0)
            return NULL;

    PyObject *t = NULL, *plays = NULL, *number = NULL, *winner = NULL, *p = NULL, *seat = NULL, *cards = NULL;
    PyObject *att = NULL, *notes = NULL, *v = NULL, *hit = NULL;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(tricks); i++) {
        t = PyTuple_GET_ITEM(tricks, i);
        if (!(plays = get(t, &g_plays)) || !(number = get(t, &g_number)) || !(winner = get(t, &g_winner)))
            goto error;
        long w = small_int(winner);
        if (!PyTuple_CheckExact(plays)) {       /* (read again: an object not of a slots type may change) */
            PyErr_SetString(PyExc_TypeError, "add_plays: a trick's plays changed while its rows were made");
            goto error;
        }
        for (int k = 0; k < ncols; k++)         /* (room made above: only a check, unless plays changed) */
            if (reserve(c[k], PyTuple_GET_SIZE(plays)) < 0)
                goto error;
        for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(plays); j++) {
            p = PyTuple_GET_ITEM(plays, j);
            if (!(seat = get(p, &g_seat)) || !(cards = get(p, &g_cards)) || !(att = get(p, &g_attempted))
                || !(notes = get(p, &g_notes)))
                goto error;
            long s = small_int(seat);
            hit = PyDict_GetItemWithError(cache, cards);
            if (hit != NULL)
                Py_INCREF(hit);
            else {
                if (PyErr_Occurred())
                    goto error;
                long pts = 0;
                for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(cards); k++)
                    pts += small_int(PyTuple_GET_ITEM(points, small_int(PyTuple_GET_ITEM(cards, k))));
                PyObject *toks = tokens_of(cards, token);
                if (toks == NULL)
                    goto error;
                hit = Py_BuildValue("(Nl)", toks, pts);
                if (hit == NULL)
                    goto error;
                if (PyDict_GET_SIZE(cache) < CACHE_MAX && PyDict_SetItem(cache, cards, hit) < 0)
                    goto error;
            }
            APPEND(0, mid);
            APPEND(1, hand_no);
            APPEND(2, number);
            APPEND(3, PyTuple_GET_ITEM(seats, s));
            if (!(v = PyLong_FromSsize_t(j)))
                goto error;
            APPEND(4, v);
            Py_CLEAR(v);
            APPEND(5, PyTuple_GET_ITEM(hit, 0));
            if (att == Py_None)
                APPEND(6, Py_None);
            else {
                if (!(v = tokens_of(att, token)))
                    goto error;
                APPEND(6, v);
                Py_CLEAR(v);
            }
            if (!(v = PyLong_FromSsize_t(PyTuple_GET_SIZE(cards))))
                goto error;
            APPEND(7, v);
            Py_CLEAR(v);
            APPEND(8, PyTuple_GET_ITEM(hit, 1));
            APPEND(9, s == w ? Py_True : Py_False);
            if (PyTuple_GET_SIZE(notes) == 0)
                APPEND(10, Py_None);
            else {
                if (!(v = PySequence_List(notes)))
                    goto error;
                APPEND(10, v);
                Py_CLEAR(v);
            }
            if (ncols > NCOLS)
                APPEND(NCOLS, batch);
            for (int k = NCOLS + 1; k < ncols; k++)
                APPEND(k, Py_None);
            Py_CLEAR(hit);
            Py_CLEAR(seat);
            Py_CLEAR(cards);
            Py_CLEAR(att);
            Py_CLEAR(notes);
        }
        Py_CLEAR(plays);
        Py_CLEAR(number);
        Py_CLEAR(winner);
    }
    Py_RETURN_TRUE;
error:
    Py_XDECREF(plays);
    Py_XDECREF(number);
    Py_XDECREF(winner);
    Py_XDECREF(seat);
    Py_XDECREF(cards);
    Py_XDECREF(att);
    Py_XDECREF(notes);
    Py_XDECREF(v);
    Py_XDECREF(hit);
    return NULL;
}


/* The attributes of one trick the tricks row reads, checked: 1 plain, 0 not, -1 error. */
enum { T_NUMBER, T_LEADER, T_WINNER, T_POINTS, T_KIND, T_FAILED, T_NOT_THROWN, T_TRUMPED, T_VIOL,
       T_SHAPES, T_PLAYS, T_N };

static int
trick_attrs(PyObject *t, PyObject **a)
{
    SlotReader *slots[T_N] = {&g_number, &g_leader, &g_winner, &g_points, &g_lead_kind, &g_throw_failed,
                        &g_cards_not_thrown, &g_trumped, &g_violations, &g_lead_shapes, &g_plays};
    for (int k = 0; k < T_N; k++)
        a[k] = NULL;
    for (int k = 0; k < T_N; k++)
        if (!(a[k] = get(t, slots[k])))
            return -1;
    if (small(a[T_LEADER], 4) < 0 || small(a[T_WINNER], 4) < 0 || !PyBool_Check(a[T_FAILED])
        || !(a[T_NOT_THROWN] == Py_None || PyLong_CheckExact(a[T_NOT_THROWN]))     /* None: not known */
        || !(PyTuple_CheckExact(a[T_VIOL]) || PyList_CheckExact(a[T_VIOL])) || !PyTuple_CheckExact(a[T_SHAPES])
        || !PyTuple_CheckExact(a[T_PLAYS]))
        return 0;
    if (PyTuple_GET_SIZE(a[T_SHAPES])) {
        PyObject *first = PyTuple_GET_ITEM(a[T_SHAPES], 0);
        if (!PyTuple_CheckExact(first) || PyTuple_GET_SIZE(first) != 2)
            return 0;
    }
    return 1;
}

static void
drop_attrs(PyObject **a)
{
    for (int k = 0; k < T_N; k++)
        Py_CLEAR(a[k]);
}

/* the number of cards the lead showed (a failed throw's attempted ones), or -1 (not plain) / -2 (error) */
static Py_ssize_t
lead_cards(PyObject *plays)
{
    if (PyTuple_GET_SIZE(plays) == 0)
        return 0;
    PyObject *lead = PyTuple_GET_ITEM(plays, 0);
    PyObject *att = get(lead, &g_attempted), *cards = NULL;
    Py_ssize_t n = -1;
    if (att == NULL)
        return -2;
    if (PyTuple_CheckExact(att) && PyTuple_GET_SIZE(att))
        n = PyTuple_GET_SIZE(att);
    else if (att == Py_None || PyTuple_CheckExact(att)) {
        if (!(cards = get(lead, &g_cards)))
            n = -2;
        else if (PyTuple_CheckExact(cards))
            n = PyTuple_GET_SIZE(cards);
    }
    Py_DECREF(att);
    Py_XDECREF(cards);
    return n;
}

static PyObject *
add_tricks(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 9) {
        PyErr_SetString(PyExc_TypeError,
                        "add_tricks(cols, mid, hand_no, tricks, defenders, sides_known, batch, seats, teams)");
        return NULL;
    }
    PyObject *cols = args[0], *mid = args[1], *hand_no = args[2], *tricks = args[3], *defenders = args[4];
    PyObject *sides_known = args[5], *batch = args[6], *seats = args[7], *teams = args[8];
    enum { NT = 19 };
    PyObject *c[NT];
    if (!PyTuple_CheckExact(cols) || PyTuple_GET_SIZE(cols) != NT || !PyTuple_CheckExact(tricks)
        || !PyAnySet_CheckExact(defenders) || !PyBool_Check(sides_known) || !PyTuple_CheckExact(seats)
        || PyTuple_GET_SIZE(seats) != 4 || !PyTuple_CheckExact(teams) || PyTuple_GET_SIZE(teams) != 2)
        Py_RETURN_NONE;
    for (int i = 0; i < NT; i++) {
        c[i] = PyTuple_GET_ITEM(cols, i);
        if (!PyList_CheckExact(c[i]))
            Py_RETURN_NONE;
    }
    Py_ssize_t ntricks = PyTuple_GET_SIZE(tricks);
    PyObject *a[T_N];
    for (Py_ssize_t i = 0; i < ntricks; i++) {       /* all checked before anything is appended */
        int ok = trick_attrs(PyTuple_GET_ITEM(tricks, i), a);
        Py_ssize_t nlead = ok == 1 ? lead_cards(a[T_PLAYS]) : 0;
        drop_attrs(a);
        if (ok < 0 || nlead == -2)
            return NULL;
        if (ok == 0 || nlead < 0)
            Py_RETURN_NONE;
    }
    for (int k = 0; k < NT; k++)
        if (reserve(c[k], ntricks) < 0)
            return NULL;
    long failed = 0;
    Py_ssize_t start = PyList_GET_SIZE(c[0]);
    PyObject *row[NT];
    for (Py_ssize_t i = 0; i < ntricks; i++) {
        for (int k = 0; k < NT; k++)
            row[k] = NULL;
        if (trick_attrs(PyTuple_GET_ITEM(tricks, i), a) != 1)
            goto error;
        long w = small_int(a[T_WINNER]);
        int thrown = a[T_FAILED] == Py_True;
        failed += thrown;
        PyObject *shape = PyTuple_GET_SIZE(a[T_SHAPES]) ? PyTuple_GET_ITEM(a[T_SHAPES], 0) : NULL;
        int defended = sides_known == Py_True ? PySet_Contains(defenders, a[T_WINNER]) : 0;
        if (defended < 0)
            goto error;
        row[0] = Py_NewRef(mid);
        row[1] = Py_NewRef(hand_no);
        row[2] = Py_NewRef(a[T_NUMBER]);
        row[3] = Py_NewRef(PyTuple_GET_ITEM(seats, small_int(a[T_LEADER])));
        row[4] = Py_NewRef(PyTuple_GET_ITEM(seats, w));
        row[5] = Py_NewRef(PyTuple_GET_ITEM(teams, w & 1));
        row[6] = Py_NewRef(sides_known == Py_True ? (defended ? Py_False : Py_True) : Py_None);
        row[7] = Py_NewRef(a[T_POINTS]);
        row[8] = Py_NewRef(thrown ? s_throw : a[T_KIND]);
        row[9] = PyLong_FromSsize_t(lead_cards(a[T_PLAYS]));
        row[10] = Py_NewRef(a[T_FAILED]);
        row[11] = Py_NewRef(a[T_NOT_THROWN]);              /* an int, or None: a null */
        row[12] = shape ? Py_NewRef(PyTuple_GET_ITEM(shape, 0)) : PyLong_FromLong(1);
        row[13] = shape ? Py_NewRef(PyTuple_GET_ITEM(shape, 1)) : PyLong_FromLong(1);
        row[14] = Py_NewRef(a[T_TRUMPED]);
        row[15] = Py_NewRef(i == ntricks - 1 ? Py_True : Py_False);
        row[16] = PyLong_FromSsize_t(Py_SIZE(a[T_VIOL]));
        row[17] = Py_NewRef(batch);
        row[18] = Py_NewRef(thrown ? a[T_KIND] : Py_None);
        drop_attrs(a);
        for (int k = 0; k < NT; k++)
            if (row[k] == NULL)
                goto error;
        for (int k = 0; k < NT; k++)
            put(c[k], row[k]);
        for (int k = 0; k < NT; k++)
            Py_CLEAR(row[k]);
    }
    return PyLong_FromLong(failed);
error:
    drop_attrs(a);
    for (int k = 0; k < NT; k++)
        Py_XDECREF(row[k]);
    for (int k = 0; k < NT; k++)            /* nothing half-written: every list as it was */
        if (PyList_GET_SIZE(c[k]) > start && PyList_SetSlice(c[k], start, PyList_GET_SIZE(c[k]), NULL) < 0)
            break;
    return NULL;
}

static PyMethodDef methods[] = {
    {"add_plays", (PyCFunction)(void (*)(void))add_plays, METH_FASTCALL,
     "add_plays(cols, mid, hand_no, tricks, batch, cache, token, points, seats): rows._add_plays in C"},
    {"add_tricks", (PyCFunction)(void (*)(void))add_tricks, METH_FASTCALL,
     "add_tricks(cols, mid, hand_no, tricks, defenders, sides_known, batch, seats, teams): rows._trick_rows "
     "in C; the failed throws, or None"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_rows_core",
                                    "The plays and tricks tables' rows of a hand, in C.", -1, methods};

PyMODINIT_FUNC
PyInit__rows_core(void)
{
#define INTERN(var, text) if (!(var = PyUnicode_InternFromString(text))) return NULL
    INTERN(s_number, "number"); INTERN(s_plays, "plays"); INTERN(s_winner, "winner"); INTERN(s_seat, "seat");
    INTERN(s_cards, "cards"); INTERN(s_attempted, "attempted"); INTERN(s_notes, "notes");
    INTERN(s_leader, "leader"); INTERN(s_points, "points"); INTERN(s_lead_kind, "lead_kind");
    INTERN(s_throw_failed, "throw_failed"); INTERN(s_cards_not_thrown, "cards_not_thrown");
    INTERN(s_trumped, "trumped"); INTERN(s_violations, "violations"); INTERN(s_lead_shapes, "lead_shapes");
    INTERN(s_throw, "throw");
    return with_source_digest(PyModule_Create(&module));
}
