/* The card lines of a .tgn record in C: what tractor_analysis.records.tgn_writer (the pure-Python
 * reference) writes for a seat's cards ("N: S2 S3 HA", or "N:" for none) and for a trick line
 * ("3. N: S2, E: S5, S: SK, W: S3") whose plays carry nothing but a seat and cards.
 *
 * seat_line(label, cards, token) returns the line, or None when ``cards`` is not a tuple of card
 * ints of ``token`` (the Python code then writes it, and raises what it raises).
 *
 * trick_lines(tricks, start, out, seat_tokens, token) appends to the list ``out`` the line of each
 * trick from index ``start`` on while the trick is plain (an int number, a non-empty tuple of
 * plays, no notes; each play a seat 0..3 with a tuple of cards, nothing attempted, no notes) and
 * returns the index of the first trick it did not write (len(tricks) when it wrote them all): the
 * Python code writes that one, or raises, and asks again from the next.
 *
 * Every token must be ASCII (the card and seat tokens are): init checks it, and a table that is
 * not makes every call decline.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "_source_digest.h"
#include <string.h>

#include "_slot_get.h"
#include "_small_int.h"

static PyObject *s_number, *s_plays, *s_notes, *s_seat, *s_cards, *s_attempted;

/* the attributes read, from the slots of Trick and Play (_slot_get.h: issue 27, tenth pass) */
static SlotReader g_number = {&s_number}, g_plays = {&s_plays}, g_trick_notes = {&s_notes},
                  g_notes = {&s_notes}, g_seat = {&s_seat}, g_cards = {&s_cards}, g_attempted = {&s_attempted};

typedef struct {
    char *buf;
    Py_ssize_t len, cap;
} Text;

/* room for n more bytes: 0, or -1 with MemoryError */
static int
text_grow(Text *t, Py_ssize_t n)
{
    Py_ssize_t cap = t->cap ? t->cap : 256;
    while (cap < t->len + n)
        cap *= 2;
    char *b = PyMem_Realloc(t->buf, cap);
    if (b == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    t->buf = b;
    t->cap = cap;
    return 0;
}

/* n bytes of s appended (the pieces are a card token, a seat, a separator: a few bytes each, copied
 * here rather than by a call to memcpy; 1.3 M of them for the bench corpus's records) */
static inline int
text_put(Text *t, const char *s, Py_ssize_t n)
{
    if (t->len + n > t->cap && text_grow(t, n) < 0)
        return -1;
    char *d = t->buf + t->len;
    if (n <= 8)
        for (Py_ssize_t i = 0; i < n; i++)
            d[i] = s[i];
    else
        memcpy(d, s, n);
    t->len += n;
    return 0;
}

/* an ASCII str's bytes (its length in *n), or NULL */
static const char *
ascii_of(PyObject *o, Py_ssize_t *n)
{
    if (!PyUnicode_CheckExact(o) || !PyUnicode_IS_ASCII(o))
        return NULL;
    *n = PyUnicode_GET_LENGTH(o);
    return (const char *)PyUnicode_DATA(o);
}

/* the tokens of ``cards`` joined by spaces: 1 written, 0 not a tuple of card ints, -1 error */
static int
put_cards(Text *t, PyObject *cards, PyObject *token)
{
    if (!PyTuple_CheckExact(cards))
        return 0;
    Py_ssize_t ntok = PyTuple_GET_SIZE(token);
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(cards); i++) {
        PyObject *c = PyTuple_GET_ITEM(cards, i);
        if (!PyLong_CheckExact(c))
            return 0;
        int overflow;
        long v = small_int_value(c, &overflow);
        if (overflow || v < 0 || v >= ntok)
            return 0;
        Py_ssize_t n;
        const char *s = ascii_of(PyTuple_GET_ITEM(token, v), &n);
        if (s == NULL)
            return 0;
        if (text_put(t, " ", 1) < 0 || text_put(t, s, n) < 0)
            return -1;
    }
    return 1;
}

/* "label:" then " token" for each card: 1 written, 0 declined, -1 error */
static int
put_seat(Text *t, PyObject *label, PyObject *cards, PyObject *token)
{
    Py_ssize_t n;
    const char *s = ascii_of(label, &n);
    if (s == NULL)
        return 0;
    if (text_put(t, s, n) < 0 || text_put(t, ":", 1) < 0)
        return -1;
    return put_cards(t, cards, token);
}

static PyObject *
seat_line(PyObject *self, PyObject *args)
{
    PyObject *label, *cards, *token;
    if (!PyArg_ParseTuple(args, "OOO!", &label, &cards, &PyTuple_Type, &token))
        return NULL;
    Text t = {NULL, 0, 0};
    int r = put_seat(&t, label, cards, token);
    PyObject *out = r < 0 ? NULL : r == 0 ? Py_NewRef(Py_None) : PyUnicode_DecodeASCII(t.buf, t.len, NULL);
    PyMem_Free(t.buf);
    return out;
}

/* an attribute that must be an empty tuple (notes) or None (attempted): 1 yes, 0 no, -1 error */
static int
attr_is(PyObject *o, SlotReader *name, int want_none)
{
    PyObject *v = slot_get(o, name);
    if (v == NULL)
        return -1;
    int ok = want_none ? v == Py_None : (PyTuple_CheckExact(v) && PyTuple_GET_SIZE(v) == 0);
    Py_DECREF(v);
    return ok;
}

/* one plain trick's line into t: 1 written, 0 not plain, -1 error */
static int
put_trick(Text *t, PyObject *trick, PyObject *seats, PyObject *token)
{
    int r = attr_is(trick, &g_trick_notes, 0);
    if (r <= 0)
        return r;
    PyObject *number = slot_get(trick, &g_number);
    if (number == NULL)
        return -1;
    if (!PyLong_CheckExact(number)) {
        Py_DECREF(number);
        return 0;
    }
    PyObject *num = PyObject_Str(number);
    Py_DECREF(number);
    if (num == NULL)
        return -1;
    Py_ssize_t n;
    const char *s = ascii_of(num, &n);
    r = text_put(t, s, n) < 0 || text_put(t, ". ", 2) < 0 ? -1 : 1;
    Py_DECREF(num);
    if (r < 0)
        return -1;
    PyObject *plays = slot_get(trick, &g_plays);
    if (plays == NULL)
        return -1;
    r = PyTuple_CheckExact(plays) && PyTuple_GET_SIZE(plays) > 0;
    for (Py_ssize_t i = 0; r == 1 && i < PyTuple_GET_SIZE(plays); i++) {
        PyObject *p = PyTuple_GET_ITEM(plays, i);
        if ((r = attr_is(p, &g_attempted, 1)) <= 0 || (r = attr_is(p, &g_notes, 0)) <= 0)
            break;
        PyObject *seat = slot_get(p, &g_seat), *cards = NULL;
        if (seat == NULL || (cards = slot_get(p, &g_cards)) == NULL) {
            Py_XDECREF(seat);
            r = -1;
            break;
        }
        long v = -1;
        if (PyLong_CheckExact(seat)) {
            int overflow;
            v = small_int_value(seat, &overflow);
            if (overflow || v >= PyUnicode_GET_LENGTH(seats))
                v = -1;
        }
        PyObject *label = v < 0 ? NULL : PyUnicode_Substring(seats, v, v + 1);
        if (v >= 0 && label == NULL)
            r = -1;
        else if (label == NULL)
            r = 0;
        else if (i > 0 && text_put(t, ", ", 2) < 0)
            r = -1;
        else
            r = put_seat(t, label, cards, token);
        Py_XDECREF(label);
        Py_DECREF(seat);
        Py_DECREF(cards);
    }
    Py_DECREF(plays);
    return r;
}

static PyObject *
trick_lines(PyObject *self, PyObject *args)
{
    PyObject *tricks, *out, *seats, *token;
    Py_ssize_t start;
    if (!PyArg_ParseTuple(args, "O!nO!UO!", &PyTuple_Type, &tricks, &start, &PyList_Type, &out,
                          &seats, &PyTuple_Type, &token))
        return NULL;
    if (!PyUnicode_IS_ASCII(seats))
        return PyLong_FromSsize_t(start);
    Py_ssize_t i = start < 0 ? 0 : start, n = PyTuple_GET_SIZE(tricks);
    Text t = {NULL, 0, 0};
    for (; i < n; i++) {
        t.len = 0;
        int r = put_trick(&t, PyTuple_GET_ITEM(tricks, i), seats, token);
        if (r < 0) {
            PyMem_Free(t.buf);
            return NULL;
        }
        if (r == 0)
            break;
        PyObject *line = PyUnicode_DecodeASCII(t.buf, t.len, NULL);
        if (line == NULL || PyList_Append(out, line) < 0) {
            Py_XDECREF(line);
            PyMem_Free(t.buf);
            return NULL;
        }
        Py_DECREF(line);
    }
    PyMem_Free(t.buf);
    return PyLong_FromSsize_t(i);
}

static PyMethodDef methods[] = {
    {"seat_line", seat_line, METH_VARARGS, "'label: tokens' of a card tuple, or None to decline."},
    {"trick_lines", trick_lines, METH_VARARGS,
     "Append the lines of plain tricks from start on; the index of the first not written."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_tgn_write_core", NULL, -1, methods};

PyMODINIT_FUNC
PyInit__tgn_write_core(void)
{
    if (!(s_number = PyUnicode_InternFromString("number")) || !(s_plays = PyUnicode_InternFromString("plays"))
        || !(s_notes = PyUnicode_InternFromString("notes")) || !(s_seat = PyUnicode_InternFromString("seat"))
        || !(s_cards = PyUnicode_InternFromString("cards"))
        || !(s_attempted = PyUnicode_InternFromString("attempted")))
        return NULL;
    return with_source_digest(PyModule_Create(&module));
}
