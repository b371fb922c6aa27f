/* The commonest tricks in C: a single card or a pair led, four plays in turn, each card held,
 * each follow legal -- what tractor_analysis.engine.tricks._clean_single and _clean_pair judge,
 * with the same result (the pure-Python code stays the reference: the tests replay the same
 * matches both ways and compare every TrickResult).
 *
 * clean_trick(ctx, trick, hands, leader) returns the TrickResult, having taken the played cards
 * out of hands, or None with hands unchanged when the trick is anything else: another lead (a
 * throw, a tractor, a mixed lead), a lead not yet in the hand's lead table (the Python path
 * analyses it and stores it), a play out of turn or of another size, a card not held, a follow
 * that may break a rule (a follower out of the led group while holding it; on a pair lead, two
 * unpaired cards of the led group from a hand holding two of one kind of it).  judge_trick then
 * judges it in Python, which finds and words every violation (and decides the cases this code
 * leaves to it, e.g. protect_triples, where such a hand may be legal).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#define KINDS 54

static PyTypeObject *result_type;
static Py_ssize_t result_off[12];
static long points[KINDS];
static long trump_group;
static PyObject *s_plays, *s_seat, *s_cards, *s_attempted, *s_number, *s_order, *s_leads, *s_group,
    *s_strength, *s_kinds, *s_count, *s_units, *s_top, *s_kind, *s_shapes, *s_is_throw, *s_mixed, *s_copies, *zero;
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
        if (d == NULL || !PyObject_TypeCheck(d, &PyMemberDescr_Type)
            || ((PyMemberDescrObject *)d)->d_member->type != T_OBJECT_EX) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_TypeError, "%s: field %R is not an object slot", tp->tp_name,
                             PyTuple_GET_ITEM(names, i));
            return -1;
        }
        out[i] = ((PyMemberDescrObject *)d)->d_member->offset;
    }
    return 0;
}

static PyObject *
setup(PyObject *self, PyObject *args)
{
    PyObject *rt, *names, *pts;
    long trump;
    if (!PyArg_ParseTuple(args, "O!OO!l", &PyType_Type, &rt, &names, &PyTuple_Type, &pts, &trump))
        return NULL;
    if (slot_offsets((PyTypeObject *)rt, names, result_off, 12) < 0)
        return NULL;
    if (PyTuple_GET_SIZE(pts) != KINDS) {
        PyErr_SetString(PyExc_ValueError, "POINTS: one value per kind expected");
        return NULL;
    }
    for (int k = 0; k < KINDS; k++) {
        points[k] = PyLong_AsLong(PyTuple_GET_ITEM(pts, k));
        if (points[k] == -1 && PyErr_Occurred())
            return NULL;
    }
    Py_INCREF(rt);
    Py_XSETREF(result_type, (PyTypeObject *)rt);
    trump_group = trump;
    ready = 1;
    Py_RETURN_NONE;
}

/* An int object as a C long; -2 (never a valid count, kind, seat or strength here) otherwise. */
static long
as_long(PyObject *o)
{
    if (!PyLong_CheckExact(o))
        return -2;
    int overflow;
    long v = PyLong_AsLongAndOverflow(o, &overflow);
    return overflow ? -2 : v;
}

/* t[i] of a tuple of ints as a long, or -2. */
static long
item(PyObject *t, long i)
{
    if (!PyTuple_CheckExact(t) || i < 0 || i >= PyTuple_GET_SIZE(t))
        return -2;
    return as_long(PyTuple_GET_ITEM(t, i));
}

#define GIVE_UP(label) do { goto label; } while (0)

/* Is obj.name True (1), False (0), or something else / an error (-1, with or without an exception)? */
static int
flag(PyObject *obj, PyObject *name)
{
    PyObject *v = PyObject_GetAttr(obj, name);
    if (v == NULL)
        return -1;
    Py_DECREF(v);
    return v == Py_True ? 1 : v == Py_False ? 0 : -1;
}

/* hands[seat][kind] as a long, or -2. */
static long
held_count(PyObject *hands, long seat, long kind)
{
    return as_long(PyList_GET_ITEM(PyList_GET_ITEM(hands, seat), kind));
}

static PyObject *
clean_trick(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "clean_trick(ctx, trick, hands, leader)");
        return NULL;
    }
    if (!ready) {
        PyErr_SetString(PyExc_RuntimeError, "_trick_core.setup() was not called");
        return NULL;
    }
    PyObject *ctx = args[0], *trick = args[1], *hands = args[2], *leader = args[3];
    PyObject *plays = NULL, *order = NULL, *leads = NULL, *group = NULL, *strength = NULL, *kinds = NULL;
    PyObject *play[4] = {NULL, NULL, NULL, NULL}, *seat[4] = {NULL, NULL, NULL, NULL};
    PyObject *lead = NULL, *units = NULL, *kind = NULL, *shapes = NULL, *before = NULL, *result = NULL;
    PyObject *cards0 = NULL;
    long k[4][2], s[4];
    Py_ssize_t n = 0;                   /* cards per play: 1 (a single led) or 2 (a pair) */

    if (!PyList_CheckExact(hands) || PyList_GET_SIZE(hands) != 4)
        GIVE_UP(none);
    for (int i = 0; i < 4; i++) {
        PyObject *h = PyList_GET_ITEM(hands, i);
        if (!PyList_CheckExact(h) || PyList_GET_SIZE(h) != KINDS)
            GIVE_UP(none);
    }
    plays = PyObject_GetAttr(trick, s_plays);
    if (plays == NULL)
        goto error;
    if (!PyTuple_CheckExact(plays) || PyTuple_GET_SIZE(plays) != 4)
        GIVE_UP(none);
    for (int i = 0; i < 4; i++) {
        play[i] = PyTuple_GET_ITEM(plays, i);
        seat[i] = PyObject_GetAttr(play[i], s_seat);
        if (seat[i] == NULL)
            goto error;
        s[i] = as_long(seat[i]);
        PyObject *cards = PyObject_GetAttr(play[i], s_cards);
        if (cards == NULL)
            goto error;
        int ok = PyTuple_CheckExact(cards);
        if (ok && i == 0) {
            n = PyTuple_GET_SIZE(cards);
            ok = n == 1 || n == 2;
        }
        ok = ok && PyTuple_GET_SIZE(cards) == n;
        for (Py_ssize_t j = 0; j < n; j++) {
            k[i][j] = ok ? as_long(PyTuple_GET_ITEM(cards, j)) : -2;
            if (k[i][j] < 0 || k[i][j] >= KINDS)
                ok = 0;
        }
        if (i == 0 && ok)
            cards0 = cards;         /* kept: the lead table's key */
        else
            Py_DECREF(cards);
        if (!ok || s[i] < 0 || s[i] > 3)
            GIVE_UP(none);
    }
    PyObject *att = PyObject_GetAttr(play[0], s_attempted);
    if (att == NULL)
        goto error;
    Py_DECREF(att);
    if (att != Py_None || (leader != Py_None && as_long(leader) != s[0])
        || s[1] != ((s[0] + 1) & 3) || s[2] != ((s[0] + 2) & 3) || s[3] != ((s[0] + 3) & 3))
        GIVE_UP(none);
    leads = PyObject_GetAttr(ctx, s_leads);
    if (leads == NULL)
        goto error;
    if (!PyDict_CheckExact(leads))
        GIVE_UP(none);
    lead = PyDict_GetItemWithError(leads, cards0);
    if (lead == NULL) {
        if (PyErr_Occurred())
            goto error;
        GIVE_UP(none);               /* not analysed yet: the Python path analyses and stores it */
    }
    Py_INCREF(lead);
    PyObject *cnt = PyObject_GetAttr(lead, s_count);
    if (cnt == NULL)
        goto error;
    long count = as_long(cnt);
    Py_DECREF(cnt);
    if (count != n)
        GIVE_UP(none);
    if (n == 2) {                    /* one pair: not a throw of two singles, not mixed */
        int thrown = flag(lead, s_is_throw), mixed = flag(lead, s_mixed);
        if (PyErr_Occurred())
            goto error;
        if (thrown != 0 || mixed != 0)
            GIVE_UP(none);
    }
    PyObject *lg = PyObject_GetAttr(lead, s_group);
    if (lg == NULL)
        goto error;
    long g = as_long(lg);
    Py_DECREF(lg);
    units = PyObject_GetAttr(lead, s_units);
    if (units == NULL)
        goto error;
    if (!PyTuple_CheckExact(units) || PyTuple_GET_SIZE(units) != 1)
        GIVE_UP(none);
    PyObject *unit = PyTuple_GET_ITEM(units, 0);
    PyObject *top = PyObject_GetAttr(unit, s_top);
    if (top == NULL)
        goto error;
    long best_val = as_long(top);
    Py_DECREF(top);
    if (best_val == -2)
        GIVE_UP(none);
    if (n == 2) {
        PyObject *cp = PyObject_GetAttr(unit, s_copies);
        if (cp == NULL)
            goto error;
        long copies = as_long(cp);
        Py_DECREF(cp);
        if (copies != 2)
            GIVE_UP(none);
    }
    order = PyObject_GetAttr(ctx, s_order);
    if (order == NULL)
        goto error;
    if (!(group = PyObject_GetAttr(order, s_group)) || !(strength = PyObject_GetAttr(order, s_strength))
        || !(kinds = PyObject_GetAttr(order, s_kinds)))
        goto error;
    if (!PyTuple_CheckExact(kinds) || g < 0 || g >= PyTuple_GET_SIZE(kinds)
        || !PyTuple_CheckExact(PyTuple_GET_ITEM(kinds, g)))
        GIVE_UP(none);
    PyObject *gkinds = PyTuple_GET_ITEM(kinds, g);
    Py_ssize_t ngk = PyTuple_GET_SIZE(gkinds);
    for (Py_ssize_t j = 0; j < ngk; j++) {
        long kk = as_long(PyTuple_GET_ITEM(gkinds, j));
        if (kk < 0 || kk >= KINDS)
            GIVE_UP(none);
    }

    /* every card held (the hands at the trick's start: each seat plays once) */
    for (int i = 0; i < 4; i++) {
        long a = held_count(hands, s[i], k[i][0]);
        if (a == -2 || a == 0)
            GIVE_UP(none);
        if (n == 2) {
            long b = held_count(hands, s[i], k[i][1]);
            if (b == -2 || b == 0 || (k[i][0] == k[i][1] && a < 2))
                GIVE_UP(none);
        }
    }
    int plain = g != trump_group, best = 0, best_trump = 0;
    for (int i = 1; i < 4; i++) {
        long gg = item(group, k[i][0]), st = item(strength, k[i][0]);
        if (gg == -2 || st == -2)
            GIVE_UP(none);
        int suit = gg == g, paired = 1;
        if (n == 2) {
            long g2 = item(group, k[i][1]);
            if (g2 == -2)
                GIVE_UP(none);
            suit += g2 == g;
            paired = k[i][0] == k[i][1];
        }
        /* the follow: the led group as far as held; on a pair lead, a pair of it when one is held */
        long held = 0, most = 0;
        if (suit < n || !paired) {
            for (Py_ssize_t j = 0; j < ngk; j++) {
                long c = held_count(hands, s[i], as_long(PyTuple_GET_ITEM(gkinds, j)));
                if (c < 0)
                    GIVE_UP(none);
                held += c;
                if (c > most)
                    most = c;
            }
        }
        if (suit < n && suit < (held < n ? held : n))
            GIVE_UP(none);           /* held more of the led group: follow_suit, for Python to word */
        if (suit == n && !paired && most >= 2)
            GIVE_UP(none);           /* held a pair of it (follow_pair, or legal under protect_triples) */
        /* the winner: the highest of the led group (a pair must be a pair), else of trumps */
        if (!paired)
            continue;
        if (gg == g) {
            if (!best_trump && st > best_val) {
                best = i;
                best_val = st;
            }
        } else if (plain && gg == trump_group && (!best_trump || st > best_val)) {
            best = i;
            best_val = st;
            best_trump = 1;
        }
    }
    kind = PyObject_GetAttr(lead, s_kind);
    if (kind == NULL)
        goto error;
    shapes = PyObject_GetAttr(lead, s_shapes);
    if (shapes == NULL)
        goto error;
    PyObject *number = PyObject_GetAttr(trick, s_number);
    if (number == NULL)
        goto error;
    before = PyTuple_New(4);
    if (before == NULL) {
        Py_DECREF(number);
        goto error;
    }
    for (int i = 0; i < 4; i++) {
        PyObject *t = PyList_AsTuple(PyList_GET_ITEM(hands, i));
        if (t == NULL) {
            Py_DECREF(number);
            goto error;
        }
        PyTuple_SET_ITEM(before, i, t);
    }
    long total = 0;
    for (int i = 0; i < 4; i++)
        for (Py_ssize_t j = 0; j < n; j++)
            total += points[k[i][j]];
    PyObject *pts = PyLong_FromLong(total);
    if (pts == NULL) {
        Py_DECREF(number);
        goto error;
    }
    PyObject *empty = PyTuple_New(0);
    PyObject *vals[12] = {number, seat[0], plays, seat[best], pts, before, empty, kind, Py_False,
                          zero, best_trump ? Py_True : Py_False, shapes};
    result = empty == NULL ? NULL : result_type->tp_alloc(result_type, 0);
    if (result != NULL)
        for (int i = 0; i < 12; i++) {
            Py_INCREF(vals[i]);
            *(PyObject **)((char *)result + result_off[i]) = vals[i];
        }
    Py_DECREF(number);
    Py_DECREF(pts);
    Py_XDECREF(empty);
    if (result == NULL)
        goto error;
    for (int i = 0; i < 4; i++) {        /* the cards go to the table (each seat once: from the start) */
        PyObject *h = PyList_GET_ITEM(hands, s[i]);
        for (Py_ssize_t j = 0; j < n; j++) {
            PyObject *c = PyLong_FromLong(as_long(PyList_GET_ITEM(h, k[i][j])) - 1);
            if (c == NULL) {
                Py_CLEAR(result);
                goto error;
            }
            PyList_SetItem(h, k[i][j], c);      /* steals c */
        }
    }
    goto out;
none:
    result = Py_None;
    Py_INCREF(result);
    goto out;
error:
    result = NULL;
out:
    for (int i = 0; i < 4; i++)
        Py_XDECREF(seat[i]);
    Py_XDECREF(plays);
    Py_XDECREF(order);
    Py_XDECREF(leads);
    Py_XDECREF(group);
    Py_XDECREF(strength);
    Py_XDECREF(kinds);
    Py_XDECREF(lead);
    Py_XDECREF(units);
    Py_XDECREF(kind);
    Py_XDECREF(shapes);
    Py_XDECREF(before);
    Py_XDECREF(cards0);
    return result;
}

static PyMethodDef methods[] = {
    {"setup", setup, METH_VARARGS, "setup(TrickResult, field_names, POINTS, TRUMP)"},
    {"clean_trick", (PyCFunction)(void (*)(void))clean_trick, METH_FASTCALL,
     "clean_trick(ctx, trick, hands, leader): tricks._clean_single's or _clean_pair's TrickResult, or None"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_trick_core",
                                    "The engine's commonest tricks (a single or a pair led, all legal) in C.", -1, methods};

PyMODINIT_FUNC
PyInit__trick_core(void)
{
#define INTERN(var, text) if (!(var = PyUnicode_InternFromString(text))) return NULL
    INTERN(s_plays, "plays"); INTERN(s_seat, "seat"); INTERN(s_cards, "cards"); INTERN(s_attempted, "attempted");
    INTERN(s_number, "number"); INTERN(s_order, "order"); INTERN(s_leads, "leads"); INTERN(s_group, "group");
    INTERN(s_strength, "strength"); INTERN(s_kinds, "kinds"); INTERN(s_count, "count"); INTERN(s_units, "units");
    INTERN(s_top, "top"); INTERN(s_kind, "kind"); INTERN(s_shapes, "shapes");
    INTERN(s_is_throw, "is_throw"); INTERN(s_mixed, "mixed"); INTERN(s_copies, "copies");
    if (!(zero = PyLong_FromLong(0)))
        return NULL;
    return PyModule_Create(&module);
}
