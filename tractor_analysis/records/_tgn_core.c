/* The .tgn reader's one-pass trick line in C: tractor_analysis.records.tgn_tricks._plain_plays,
 * the same values in, the same values out (the pure-Python function stays the reference: the
 * tests read the same lines both ways and compare plays, counts and the piece memo).
 *
 * plain_plays(played, segments, start, lineno, decks, memo) -> list of Play, or None having
 * counted nothing.  Each piece "SEAT: cards" is looked up in memo (the file's pieces read so
 * far, by their text); a piece met for the first time is read as tgn_tricks._segment reads it
 * (partition at the first ":", the seat stripped, the cards split at whitespace -- Python's
 * whitespace, Py_UNICODE_ISSPACE -- each looked up) and stored in memo when it reads.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#define KINDS 54

static PyTypeObject *play_type;
static Py_ssize_t play_off[6];   /* seat, cards, attempted, notes, line, column */
static PyObject *segment_fn, *card_lookup, *seat_lookup;
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
    PyObject *play, *names, *segment, *cards, *seats;
    if (!PyArg_ParseTuple(args, "O!OOO!O!", &PyType_Type, &play, &names, &segment, &PyDict_Type, &cards,
                          &PyDict_Type, &seats))
        return NULL;
    if (slot_offsets((PyTypeObject *)play, names, play_off, 6) < 0)
        return NULL;
    Py_INCREF(play);
    Py_XSETREF(play_type, (PyTypeObject *)play);
    Py_INCREF(segment);
    Py_XSETREF(segment_fn, segment);
    Py_INCREF(cards);
    Py_XSETREF(card_lookup, cards);
    Py_INCREF(seats);
    Py_XSETREF(seat_lookup, seats);
    ready = 1;
    Py_RETURN_NONE;
}

static long
as_long(PyObject *o)
{
    if (!PyLong_CheckExact(o))
        return -2;
    int overflow;
    long v = PyLong_AsLongAndOverflow(o, &overflow);
    return overflow ? -2 : v;
}

/* tgn_tricks._segment(memo, seg): (seat, cards, first column) stored in memo and returned (a new
 * reference), or None (a new reference) when the piece is not a plain "SEAT: cards" of known
 * tokens; NULL on an error. */
static PyObject *
read_segment(PyObject *memo, PyObject *seg)
{
    if (!PyUnicode_Check(seg))
        return PyObject_CallFunctionObjArgs(segment_fn, memo, seg, NULL);
    Py_ssize_t n = PyUnicode_GET_LENGTH(seg), colon = -1, a = 0, b, i;
    int kind = PyUnicode_KIND(seg);
    const void *data = PyUnicode_DATA(seg);
#define CH(j) PyUnicode_READ(kind, data, (j))
    for (i = 0; i < n; i++)
        if (CH(i) == ':') {
            colon = i;
            break;
        }
    if (colon < 0)
        Py_RETURN_NONE;
    b = colon;
    while (a < b && Py_UNICODE_ISSPACE(CH(a)))
        a++;
    while (b > a && Py_UNICODE_ISSPACE(CH(b - 1)))
        b--;
    PyObject *head = PyUnicode_Substring(seg, a, b);
    if (head == NULL)
        return NULL;
    PyObject *seat = PyDict_GetItemWithError(seat_lookup, head);     /* borrowed */
    Py_DECREF(head);
    if (seat == NULL) {
        if (PyErr_Occurred())
            return NULL;
        Py_RETURN_NONE;
    }
    PyObject *list = PyList_New(0);
    if (list == NULL)
        return NULL;
    for (i = colon + 1; i < n;) {
        while (i < n && Py_UNICODE_ISSPACE(CH(i)))
            i++;
        Py_ssize_t from = i;
        while (i < n && !Py_UNICODE_ISSPACE(CH(i)))
            i++;
        if (from == i)
            break;
        PyObject *token = PyUnicode_Substring(seg, from, i);
        if (token == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyObject *card = PyDict_GetItemWithError(card_lookup, token);  /* borrowed */
        Py_DECREF(token);
        if (card == NULL || PyList_Append(list, card) < 0) {
            Py_DECREF(list);
            if (PyErr_Occurred())
                return NULL;
            Py_RETURN_NONE;                  /* an unknown token: the careful reader words it */
        }
    }
    Py_ssize_t lead = 0;
    while (lead < n && Py_UNICODE_ISSPACE(CH(lead)))
        lead++;
#undef CH
    PyObject *cards = PyList_AsTuple(list);
    Py_DECREF(list);
    if (cards == NULL)
        return NULL;
    PyObject *got = Py_BuildValue("(ONn)", seat, cards, lead + 1);
    if (got == NULL)
        return NULL;
    if (PyDict_SetItem(memo, seg, got) < 0) {
        Py_DECREF(got);
        return NULL;
    }
    return got;
}

static PyObject *
plain_plays(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 6) {
        PyErr_SetString(PyExc_TypeError, "plain_plays(played, segments, start, lineno, decks, memo)");
        return NULL;
    }
    if (!ready) {
        PyErr_SetString(PyExc_RuntimeError, "_tgn_core.setup() was not called");
        return NULL;
    }
    PyObject *played = args[0], *segments = args[1], *lineno = args[3], *memo = args[5];
    long start = as_long(args[2]), decks = as_long(args[4]);
    if (!PyList_CheckExact(played) || PyList_GET_SIZE(played) != KINDS || !PyList_CheckExact(segments)
        || !PyDict_CheckExact(memo) || start < 0 || decks == -2) {
        PyErr_SetString(PyExc_TypeError, "plain_plays: unexpected argument types");
        return NULL;
    }
    long counts[KINDS];
    for (int k = 0; k < KINDS; k++) {
        counts[k] = as_long(PyList_GET_ITEM(played, k));
        if (counts[k] < 0) {
            PyErr_SetString(PyExc_TypeError, "plain_plays: played must hold counts");
            return NULL;
        }
    }
    long add[KINDS] = {0};
    PyObject *plays = PyList_New(0);
    if (plays == NULL)
        return NULL;
    unsigned seen = 0;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(segments); i++) {
        PyObject *seg = PyList_GET_ITEM(segments, i);
        Py_INCREF(seg);
        PyObject *got = PyDict_GetItemWithError(memo, seg);
        if (got != NULL) {
            Py_INCREF(got);
        } else if (PyErr_Occurred()) {
            Py_DECREF(seg);
            goto error;
        } else {
            got = read_segment(memo, seg);
            if (got == NULL) {
                Py_DECREF(seg);
                goto error;
            }
            if (got == Py_None) {
                Py_DECREF(got);
                Py_DECREF(seg);
                goto none;
            }
        }
        Py_ssize_t seglen = PyUnicode_Check(seg) ? PyUnicode_GET_LENGTH(seg) : -1;
        Py_DECREF(seg);
        long seat, col;
        PyObject *cards;
        if (seglen < 0 || !PyTuple_CheckExact(got) || PyTuple_GET_SIZE(got) != 3
            || (seat = as_long(PyTuple_GET_ITEM(got, 0))) < 0 || seat > 3
            || !PyTuple_CheckExact(cards = PyTuple_GET_ITEM(got, 1))
            || (col = as_long(PyTuple_GET_ITEM(got, 2))) == -2) {
            Py_DECREF(got);
            PyErr_SetString(PyExc_TypeError, "plain_plays: a piece read as something else than (seat, cards, column)");
            goto error;
        }
        if (seen & (1u << seat)) {
            Py_DECREF(got);
            goto none;
        }
        seen |= 1u << seat;
        for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(cards); j++) {
            long k = as_long(PyTuple_GET_ITEM(cards, j));
            if (k < 0 || k >= KINDS) {
                Py_DECREF(got);
                PyErr_SetString(PyExc_ValueError, "plain_plays: a card kind out of range");
                goto error;
            }
            add[k]++;
        }
        PyObject *column = PyLong_FromLong(start + col);
        PyObject *empty = PyTuple_New(0);
        PyObject *play = (column && empty) ? play_type->tp_alloc(play_type, 0) : NULL;
        if (play != NULL) {
            PyObject *vals[6] = {PyTuple_GET_ITEM(got, 0), cards, Py_None, empty, lineno, column};
            for (int f = 0; f < 6; f++) {
                Py_INCREF(vals[f]);
                *(PyObject **)((char *)play + play_off[f]) = vals[f];
            }
        }
        Py_XDECREF(column);
        Py_XDECREF(empty);
        Py_DECREF(got);
        if (play == NULL)
            goto error;
        int rc = PyList_Append(plays, play);
        Py_DECREF(play);
        if (rc < 0)
            goto error;
        start += (long)seglen + 1;
    }
    if (PyList_GET_SIZE(plays) == 0)
        goto none;
    for (int k = 0; k < KINDS; k++)
        if (add[k] && counts[k] + add[k] > decks)
            goto none;                   /* more copies than the decks hold: nothing counted */
    for (int k = 0; k < KINDS; k++)
        if (add[k]) {
            PyObject *c = PyLong_FromLong(counts[k] + add[k]);
            if (c == NULL)
                goto error;
            PyList_SetItem(played, k, c);    /* steals c */
        }
    return plays;
none:
    Py_DECREF(plays);
    Py_RETURN_NONE;
error:
    Py_DECREF(plays);
    return NULL;
}

/* tgn_tricks.trick_line's one-pass case for a whole line: "12. N: cards, E: cards, …" with an
 * ASCII trick number 1..max_trick before the first '.', no "->", no full-width '：' or '，' (the
 * reader rewrites those before trick_line), no more ':' than pieces, and
 * plays plain_plays takes: (number, plays, lead) — lead the count of the line's leading blanks —
 * else None with nothing counted (the Python trick_line then reads and reports the line). */
static PyObject *
plain_trick(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 6) {
        PyErr_SetString(PyExc_TypeError, "plain_trick(body, lineno, played, decks, memo, max_trick)");
        return NULL;
    }
    PyObject *body = args[0];
    long max_trick = as_long(args[5]);
    if (!PyUnicode_CheckExact(body) || max_trick < 0) {
        PyErr_SetString(PyExc_TypeError, "plain_trick: unexpected argument types");
        return NULL;
    }
    Py_ssize_t n = PyUnicode_GET_LENGTH(body);
    int kind = PyUnicode_KIND(body);
    const void *data = PyUnicode_DATA(body);
    Py_ssize_t dot = PyUnicode_FindChar(body, '.', 0, n, 1);
    if (dot == -2)
        return NULL;
    if (dot <= 0)
        Py_RETURN_NONE;
    Py_ssize_t s = 0, e = dot;
    while (s < e && Py_UNICODE_ISSPACE(PyUnicode_READ(kind, data, s)))
        s++;
    while (e > s && Py_UNICODE_ISSPACE(PyUnicode_READ(kind, data, e - 1)))
        e--;
    if (s == e || e - s >= 5)            /* no number, or one _trick_number reads as out of range */
        Py_RETURN_NONE;
    long number = 0;
    for (Py_ssize_t i = s; i < e; i++) {
        Py_UCS4 ch = PyUnicode_READ(kind, data, i);
        if (ch < '0' || ch > '9')
            Py_RETURN_NONE;
        number = number * 10 + (long)(ch - '0');
    }
    if (number <= 0 || number > max_trick)
        Py_RETURN_NONE;
    Py_ssize_t lead = 0;
    while (lead < n && Py_UNICODE_ISSPACE(PyUnicode_READ(kind, data, lead)))
        lead++;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_UCS4 ch = PyUnicode_READ(kind, data, i);
        if (ch == 0xFF1A || ch == 0xFF0C)        /* full-width ： ， — tgn_reader._handle rewrites them first */
            Py_RETURN_NONE;
        if (ch == '-' && i + 1 < n && PyUnicode_READ(kind, data, i + 1) == '>')
            Py_RETURN_NONE;                       /* "->" anywhere in the line: a failed throw */
    }
    PyObject *tail = PyUnicode_Substring(body, dot + 1, n);
    if (tail == NULL)
        return NULL;
    PyObject *comma = PyUnicode_FromOrdinal(',');
    PyObject *segments = comma ? PyUnicode_Split(tail, comma, -1) : NULL;
    Py_XDECREF(comma);
    Py_DECREF(tail);
    if (segments == NULL)
        return NULL;
    Py_ssize_t colons = 0;
    for (Py_ssize_t i = dot + 1; i < n; i++)
        if (PyUnicode_READ(kind, data, i) == ':')
            colons++;
    if (colons > PyList_GET_SIZE(segments)) {
        Py_DECREF(segments);
        Py_RETURN_NONE;
    }
    PyObject *start = PyLong_FromSsize_t(dot + 1);
    if (start == NULL) {
        Py_DECREF(segments);
        return NULL;
    }
    PyObject *pargs[6] = {args[2], segments, start, args[1], args[3], args[4]};
    PyObject *plays = plain_plays(self, pargs, 6);
    Py_DECREF(start);
    Py_DECREF(segments);
    if (plays == NULL || plays == Py_None)
        return plays;
    PyObject *result = Py_BuildValue("(lNn)", number, plays, lead);
    return result;
}

static PyMethodDef methods[] = {
    {"setup", setup, METH_VARARGS, "setup(Play, play_fields, _segment, CARD_LOOKUP, SEAT_LOOKUP)"},
    {"plain_plays", (PyCFunction)(void (*)(void))plain_plays, METH_FASTCALL,
     "plain_plays(played, segments, start, lineno, decks, memo): tgn_tricks._plain_plays"},
    {"plain_trick", (PyCFunction)(void (*)(void))plain_trick, METH_FASTCALL,
     "plain_trick(body, lineno, played, decks, memo, max_trick): tgn_tricks.trick_line's one-pass case"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_tgn_core",
                                    "The .tgn reader's one-pass trick line (tgn_tricks._plain_plays) in C.", -1,
                                    methods};

PyMODINIT_FUNC
PyInit__tgn_core(void)
{
    return PyModule_Create(&module);
}
