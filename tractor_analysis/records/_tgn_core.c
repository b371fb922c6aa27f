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
#include "_source_digest.h"
#include <structmember.h>

#define KINDS 54

static PyTypeObject *play_type;
static Py_ssize_t play_off[6];   /* seat, cards, attempted, notes, line, column */
static PyObject *segment_fn, *card_lookup, *seat_lookup;
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
    keep((PyObject **)&play_type, play);
    keep(&segment_fn, segment);
    keep(&card_lookup, cards);
    keep(&seat_lookup, seats);
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
    if (PyList_GET_SIZE(list) == 0) {           /* "N: ," - no card: the careful reader words it */
        Py_DECREF(list);
        Py_RETURN_NONE;
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
    long counts[KINDS];                  /* the counts so far of the kinds played here */
    for (int k = 0; k < KINDS; k++)
        if (add[k]) {
            counts[k] = as_long(PyList_GET_ITEM(played, k));
            if (counts[k] < 0) {
                PyErr_SetString(PyExc_TypeError, "plain_plays: played must hold counts");
                goto error;
            }
        }
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


/* ---- a run of plain lines (tgn_reader._parse_tgn's loop, for the lines it reads without a word) ----
 *
 * plain_lines(st, lines, i) -> the index of the first line from i it does not take.  It takes, one
 * after the other, what the Python loop reads with no diagnostic, in the same way:
 *   - a blank line (skipped, as logical_lines skips it);
 *   - a tag line that is one [Name "value"] tag and nothing else: no '{', ';', '\' anywhere, a name
 *     of tgn_tags._TAG's characters not ending in ":json" (a typed tag is checked in Python) --
 *     handed to tgn_reader._tag with the positions read_tags gives it;
 *   - inside a hand, a trick line plain_trick takes (no '"', '{', ';', full-width marks);
 *   - inside a hand before its first trick, a deal, Bottom: or Buried: line of known tokens, its
 *     label not given before in the hand, within the decks, a Buried: line without "||" (what
 *     label_line, _deal and _buried do for it, every field set alike).
 * Anything else (the line it stops at): the Python reads it, the reference. */

static PyObject *tag_fn, *labels_map, *json_suffix, *max_trick_obj;
static PyTypeObject *trick_type;
static Py_ssize_t trick_off[4];  /* number, plays, notes, line */
static PyObject *a_hand, *a_tricks, *a_played, *a_decks, *a_segments, *a_trick_no, *a_content, *a_seen,
    *a_positions, *a_deal, *a_dealt, *a_bottom, *a_buried, *a_earlier, *k_bottom, *k_buried, *a_last_trick;
static PyObject *k_deal[4];
static int lines_ready = 0;

static PyObject *
setup_lines(PyObject *self, PyObject *args)
{
    PyObject *tag, *labels, *suffix, *max_trick, *trick, *trick_names;
    if (!PyArg_ParseTuple(args, "OO!UO!O!O", &tag, &PyDict_Type, &labels, &suffix, &PyLong_Type, &max_trick,
                          &PyType_Type, &trick, &trick_names))
        return NULL;
    if (slot_offsets((PyTypeObject *)trick, trick_names, trick_off, 4) < 0)
        return NULL;
    keep((PyObject **)&trick_type, trick);
    keep(&tag_fn, tag);
    keep(&labels_map, labels);
    keep(&json_suffix, suffix);
    keep(&max_trick_obj, max_trick);
    lines_ready = 1;
    Py_RETURN_NONE;
}

#define ISSP(c) Py_UNICODE_ISSPACE(c)

/* The [Name "value"] tag of line raw handed to _tag: 1 taken, 0 not a line taken here, -1 error. */
static int
simple_tag(PyObject *st, PyObject *raw, Py_ssize_t n, int kind, const void *data, long lineno)
{
#define CH(j) PyUnicode_READ(kind, data, (j))
    Py_ssize_t p = 0;
    while (p < n && ISSP(CH(p)))
        p++;
    if (p >= n || CH(p) != '[')
        return 0;
    Py_ssize_t q = p + 1;
    while (q < n && ISSP(CH(q)))
        q++;
    Py_ssize_t ns = q;
    while (q < n) {
        Py_UCS4 c = CH(q);
        if (ISSP(c) || c == '[' || c == ']' || c == '"' || c == '{' || c == '}' || c == ';')
            break;
        q++;
    }
    Py_ssize_t ne = q;
    if (ne == ns)
        return 0;
    while (q < n && ISSP(CH(q)))
        q++;
    if (q >= n || CH(q) != '"')
        return 0;
    Py_ssize_t vs = q + 1, ve = vs;
    while (ve < n && CH(ve) != '"')
        ve++;
    if (ve >= n)
        return 0;
    q = ve + 1;
    while (q < n && ISSP(CH(q)))
        q++;
    if (q >= n || CH(q) != ']')
        return 0;
    for (q++; q < n; q++)
        if (!ISSP(CH(q)))
            return 0;                           /* more after the tag: read_tags reads (and words) it */
#undef CH
    PyObject *name = PyUnicode_Substring(raw, ns, ne);
    if (name == NULL)
        return -1;
    Py_ssize_t typed = PyUnicode_Tailmatch(name, json_suffix, 0, PY_SSIZE_T_MAX, 1);
    if (typed != 0) {
        Py_DECREF(name);
        return typed < 0 ? -1 : 0;
    }
    PyObject *value = PyUnicode_Substring(raw, vs, ve);
    PyObject *r = NULL;
    if (value != NULL && PyObject_SetAttr(st, a_trick_no, Py_None) == 0)
        r = PyObject_CallFunction(tag_fn, "OOO(ln)(ln)(ln)", st, name, value, lineno, (Py_ssize_t)(p + 1),
                                  lineno, (Py_ssize_t)(ns + 1), lineno, (Py_ssize_t)(vs + 1));
    Py_DECREF(name);
    Py_XDECREF(value);
    if (r == NULL)
        return -1;
    Py_DECREF(r);
    return 1;
}

/* The card kinds of the tokens of raw[from:n] (split at Python's whitespace) into kinds[]: their
 * number, -1 when a token is not in CARD_LOOKUP (or more than cap), -2 on an error. */
static Py_ssize_t
line_cards(PyObject *raw, Py_ssize_t from, Py_ssize_t n, int kind, const void *data, long *kinds, Py_ssize_t cap)
{
    Py_ssize_t count = 0, i = from;
    while (i < n) {
        while (i < n && ISSP(PyUnicode_READ(kind, data, i)))
            i++;
        Py_ssize_t a = i;
        while (i < n && !ISSP(PyUnicode_READ(kind, data, i)))
            i++;
        if (a == i)
            break;
        if (count >= cap)
            return -1;
        PyObject *token = PyUnicode_Substring(raw, a, i);
        if (token == NULL)
            return -2;
        PyObject *card = PyDict_GetItemWithError(card_lookup, token);      /* borrowed */
        Py_DECREF(token);
        if (card == NULL)
            return PyErr_Occurred() ? -2 : -1;
        long k = as_long(card);
        if (k < 0 || k >= KINDS) {
            PyErr_SetString(PyExc_ValueError, "plain_lines: a card kind out of range");
            return -2;
        }
        kinds[count++] = k;
    }
    return count;
}

/* A tuple of the n kinds (the small ints of CARD_LOOKUP's values: the same objects). */
static PyObject *
kinds_tuple(const long *kinds, Py_ssize_t n)
{
    PyObject *t = PyTuple_New(n);
    if (t == NULL)
        return NULL;
    for (Py_ssize_t j = 0; j < n; j++) {
        PyObject *v = PyLong_FromLong(kinds[j]);
        if (v == NULL) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, j, v);
    }
    return t;
}

/* Whether the counts in list counts (KINDS ints) plus kinds stay within decks; when so and apply,
 * the counts are written back.  1 within, 0 over, -1 error. */
static int
within(PyObject *counts, const long *kinds, Py_ssize_t n, long decks, int apply)
{
    if (!PyList_CheckExact(counts) || PyList_GET_SIZE(counts) != KINDS) {
        PyErr_SetString(PyExc_TypeError, "plain_lines: counts must be a list of 54 ints");
        return -1;
    }
    long c[KINDS];
    for (int k = 0; k < KINDS; k++)
        if ((c[k] = as_long(PyList_GET_ITEM(counts, k))) < 0) {
            PyErr_SetString(PyExc_TypeError, "plain_lines: counts must hold counts");
            return -1;
        }
    long add[KINDS] = {0};
    for (Py_ssize_t j = 0; j < n; j++)
        add[kinds[j]]++;
    for (int k = 0; k < KINDS; k++)
        if (add[k] && c[k] + add[k] > decks)
            return 0;
    if (apply)
        for (int k = 0; k < KINDS; k++)
            if (add[k]) {
                PyObject *v = PyLong_FromLong(c[k] + add[k]);
                if (v == NULL)
                    return -1;
                PyList_SetItem(counts, k, v);
            }
    return 1;
}

/* h.attr = value, then h.seen.add(key) and h.positions[key] = (lineno, col): 0, or -1 on an error. */
static int
mark(PyObject *h, PyObject *key, long lineno, Py_ssize_t col)
{
    PyObject *seen = PyObject_GetAttr(h, a_seen), *positions = PyObject_GetAttr(h, a_positions);
    PyObject *at = Py_BuildValue("(ln)", lineno, col);
    int rc = -1;
    if (seen != NULL && positions != NULL && at != NULL && PySet_Check(seen) && PyDict_Check(positions))
        rc = (PySet_Add(seen, key) < 0 || PyDict_SetItem(positions, key, at) < 0) ? -1 : 0;
    else if (!PyErr_Occurred())
        PyErr_SetString(PyExc_TypeError, "plain_lines: HandDraft.seen / positions");
    Py_XDECREF(seen);
    Py_XDECREF(positions);
    Py_XDECREF(at);
    return rc;
}

/* Whether key is in h.seen: 1, 0, -1 on an error. */
static int
seen_before(PyObject *h, PyObject *key)
{
    PyObject *seen = PyObject_GetAttr(h, a_seen);
    if (seen == NULL)
        return -1;
    int r = PySet_Check(seen) ? PySet_Contains(seen, key) : -1;
    if (r < 0 && !PyErr_Occurred())
        PyErr_SetString(PyExc_TypeError, "plain_lines: HandDraft.seen is not a set");
    Py_DECREF(seen);
    return r;
}

/* A deal / Bottom / Buried line of hand h: 1 taken, 0 not, -1 error. */
static int
label_line(PyObject *st, PyObject *h, PyObject *raw, Py_ssize_t n, int kind, const void *data, Py_ssize_t lead,
           long lineno, long decks)
{
    Py_ssize_t colon = PyUnicode_FindChar(raw, ':', 0, n, 1);
    if (colon == -2)
        return -1;
    if (colon < 0)
        return 0;
    Py_ssize_t a = lead, b = colon;
    while (a < b && ISSP(PyUnicode_READ(kind, data, a)))
        a++;
    while (b > a && ISSP(PyUnicode_READ(kind, data, b - 1)))
        b--;
    PyObject *label = PyUnicode_Substring(raw, a, b);
    if (label == NULL)
        return -1;
    PyObject *seat = PyDict_GetItemWithError(seat_lookup, label), *what = NULL;    /* borrowed */
    if (seat == NULL && !PyErr_Occurred()) {
        PyObject *low = PyObject_CallMethod(label, "lower", NULL);
        if (low != NULL) {
            what = PyDict_GetItemWithError(labels_map, low);
            Py_DECREF(low);
        }
    }
    Py_DECREF(label);
    if (PyErr_Occurred())
        return -1;
    if (seat == NULL && what == NULL)
        return 0;
    long s = seat != NULL ? as_long(seat) : -1;
    if (seat != NULL && (s < 0 || s > 3)) {
        PyErr_SetString(PyExc_ValueError, "plain_lines: a seat out of range");
        return -1;
    }
    PyObject *key;
    if (seat != NULL)
        key = k_deal[s];
    else if (PyUnicode_Check(what) && PyUnicode_Compare(what, k_bottom) == 0)
        key = k_bottom;
    else if (PyUnicode_Check(what) && PyUnicode_Compare(what, k_buried) == 0)
        key = k_buried;
    else
        return PyErr_Occurred() ? -1 : 0;
    PyObject *tricks = PyObject_GetAttr(h, a_tricks);
    if (tricks == NULL)
        return -1;
    Py_ssize_t played_tricks = PyObject_Length(tricks);
    Py_DECREF(tricks);
    if (played_tricks != 0)
        return played_tricks < 0 ? -1 : 0;      /* a card line after a trick: label_line words it */
    int r = seen_before(h, key);
    if (r != 0)
        return r < 0 ? -1 : 0;                  /* given twice: label_line words it */
    /* 炒地皮's "Buried: … || …" is declined by the token lookup below ("||" is no card): _buried reads it */
    long kinds[4 * KINDS];
    Py_ssize_t nk = line_cards(raw, colon + 1, n, kind, data, kinds, 4 * KINDS);
    if (nk < 0)
        return nk == -2 ? -1 : 0;
    PyObject *counts = key == k_buried ? PyList_New(0) : PyObject_GetAttr(h, a_dealt);
    if (counts == NULL)
        return -1;
    if (key == k_buried) {                      /* the buried cards counted alone */
        Py_DECREF(counts);
        long add[KINDS] = {0};
        for (Py_ssize_t j = 0; j < nk; j++)
            if (++add[kinds[j]] > decks)
                return 0;
        counts = NULL;
    } else {
        int w = within(counts, kinds, nk, decks, 0);
        if (w <= 0) {
            Py_DECREF(counts);
            return w;
        }
    }
    PyObject *cards = kinds_tuple(kinds, nk);
    if (cards == NULL) {
        Py_XDECREF(counts);
        return -1;
    }
    int rc = -1;
    if (mark(h, key, lineno, lead + 1) < 0)
        goto done;
    if (key == k_bottom) {
        if (PyObject_SetAttr(h, a_bottom, cards) < 0 || within(counts, kinds, nk, decks, 1) < 0)
            goto done;
    } else if (key == k_buried) {
        PyObject *none = PyTuple_New(0);
        if (none == NULL)
            goto done;
        int bad = PyObject_SetAttr(h, a_buried, cards) < 0 || PyObject_SetAttr(h, a_earlier, none) < 0;
        Py_DECREF(none);
        if (bad)
            goto done;
    } else {
        PyObject *deal = PyObject_GetAttr(h, a_deal);
        if (deal == NULL)
            goto done;
        if (deal == Py_None) {
            Py_DECREF(deal);
            PyObject *e = PyTuple_New(0);
            deal = e ? PyList_New(4) : NULL;
            if (deal != NULL)
                for (int j = 0; j < 4; j++) {
                    Py_INCREF(e);
                    PyList_SET_ITEM(deal, j, e);
                }
            Py_XDECREF(e);
            if (deal == NULL || PyObject_SetAttr(h, a_deal, deal) < 0) {
                Py_XDECREF(deal);
                goto done;
            }
        }
        int bad = !PyList_CheckExact(deal) || PyList_GET_SIZE(deal) != 4;
        if (bad)
            PyErr_SetString(PyExc_TypeError, "plain_lines: HandDraft.deal is not a list of 4");
        else {
            Py_INCREF(cards);
            PyList_SetItem(deal, s, cards);
        }
        Py_DECREF(deal);
        if (bad || within(counts, kinds, nk, decks, 1) < 0)
            goto done;
    }
    rc = (PyObject_SetAttr(st, a_trick_no, Py_None) < 0 || PyObject_SetAttr(st, a_content, Py_True) < 0) ? -1 : 1;
done:
    Py_DECREF(cards);
    Py_XDECREF(counts);
    return rc;
}

/* A trick line plain_trick takes, appended to h.tricks as the Python loop appends it: 1, 0, -1. */
static int
trick_line(PyObject *self, PyObject *st, PyObject *h, PyObject *raw, long lineno)
{
    /* the same line as the last trick line, its number too: a copy, which the Python reader reports */
    PyObject *last = PyObject_GetAttr(h, a_last_trick);
    if (last == NULL)
        return -1;
    int same = PyUnicode_Check(last) && PyUnicode_Compare(last, raw) == 0;
    Py_DECREF(last);
    if (PyErr_Occurred())
        return -1;
    if (same)
        return 0;
    PyObject *played = PyObject_GetAttr(h, a_played), *decks = PyObject_GetAttr(st, a_decks);
    PyObject *memo = PyObject_GetAttr(st, a_segments), *ln = PyLong_FromLong(lineno), *got = NULL;
    if (played && decks && memo && ln) {
        PyObject *targs[6] = {raw, ln, played, decks, memo, max_trick_obj};
        got = plain_trick(self, targs, 6);
    }
    Py_XDECREF(played);
    Py_XDECREF(decks);
    Py_XDECREF(memo);
    if (got == NULL || got == Py_None) {
        Py_XDECREF(ln);
        Py_XDECREF(got);
        return got == NULL ? -1 : 0;
    }
    int rc = -1;
    PyObject *tricks = PyObject_GetAttr(h, a_tricks);
    PyObject *col = PyLong_FromSsize_t(PyLong_AsSsize_t(PyTuple_GET_ITEM(got, 2)) + 1);
    PyObject *entry = (tricks && col) ? Py_BuildValue("[OO[]OO]", PyTuple_GET_ITEM(got, 0), PyTuple_GET_ITEM(got, 1),
                                                      ln, col) : NULL;
    if (entry != NULL && PyList_Check(tricks) && PyList_Append(tricks, entry) == 0
        && PyObject_SetAttr(st, a_content, Py_True) == 0 && PyObject_SetAttr(st, a_trick_no, PyTuple_GET_ITEM(got, 0)) == 0
        && PyObject_SetAttr(h, a_last_trick, raw) == 0)
        rc = 1;
    else if (!PyErr_Occurred())
        PyErr_SetString(PyExc_TypeError, "plain_lines: HandDraft.tricks is not a list");
    Py_XDECREF(entry);
    Py_XDECREF(col);
    Py_XDECREF(tricks);
    Py_DECREF(got);
    Py_DECREF(ln);
    return rc;
}

static PyObject *
plain_lines(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3 || !PyList_CheckExact(args[1]) || !PyLong_CheckExact(args[2])) {
        PyErr_SetString(PyExc_TypeError, "plain_lines(st, lines, i)");
        return NULL;
    }
    if (!ready || !lines_ready) {
        PyErr_SetString(PyExc_RuntimeError, "_tgn_core.setup() / setup_lines() was not called");
        return NULL;
    }
    PyObject *st = args[0], *lines = args[1];
    Py_ssize_t i = PyLong_AsSsize_t(args[2]);
    if (i < 0) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "plain_lines: a negative index");
        return NULL;
    }
    for (; i < PyList_GET_SIZE(lines); i++) {
        PyObject *raw = PyList_GET_ITEM(lines, i);
        if (!PyUnicode_CheckExact(raw))
            break;
        Py_INCREF(raw);
        Py_ssize_t n = PyUnicode_GET_LENGTH(raw), lead = 0;
        int kind = PyUnicode_KIND(raw);
        const void *data = PyUnicode_DATA(raw);
        int quote = 0, stop = 0;
        for (Py_ssize_t j = 0; j < n && !stop; j++) {
            Py_UCS4 c = PyUnicode_READ(kind, data, j);
            if (c == '"')
                quote = 1;
            else if (c == '{' || c == ';' || c == '\\' || c == 0xFF1A || c == 0xFF0C)
                stop = 1;       /* annotations, comments, escapes, full-width marks: the Python reads them */
        }
        while (lead < n && ISSP(PyUnicode_READ(kind, data, lead)))
            lead++;
        long lineno = (long)i + 1;
        int r = 0;
        if (lead == n) {
            Py_DECREF(raw);
            continue;                       /* blank */
        }
        if (!stop) {
            Py_UCS4 c = PyUnicode_READ(kind, data, lead);
            if (quote)
                r = simple_tag(st, raw, n, kind, data, lineno);
            else if (c != '[') {
                PyObject *h = PyObject_GetAttr(st, a_hand), *decks = NULL;
                if (h == NULL)
                    r = -1;
                else if (h != Py_None) {
                    if (c >= '0' && c <= '9')
                        r = trick_line(self, st, h, raw, lineno);
                    else if ((decks = PyObject_GetAttr(st, a_decks)) == NULL)
                        r = -1;
                    else {
                        long d = as_long(decks);
                        r = d < 0 ? 0 : label_line(st, h, raw, n, kind, data, lead, lineno, d);
                    }
                }
                Py_XDECREF(h);
                Py_XDECREF(decks);
            }
        }
        Py_DECREF(raw);
        if (r < 0)
            return NULL;
        if (r == 0)
            break;
    }
    return PyLong_FromSsize_t(i);
}
#undef ISSP


/* tgn_reader._tricks_in_order for a hand whose tricks are numbered in sequence from first: the
 * Trick of each [number, plays, notes, line, column] of h.tricks, or None when a number is out of
 * sequence (the Python then reports it, the reference). */
static PyObject *
tricks_in_order(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !PyList_CheckExact(args[0]) || !PyLong_CheckExact(args[1]) || trick_type == NULL) {
        PyErr_SetString(PyExc_TypeError, "tricks_in_order(tricks, first_trick) after setup_lines()");
        return NULL;
    }
    PyObject *drafts = args[0];
    Py_ssize_t n = PyList_GET_SIZE(drafts);
    int overflow;
    long expected = PyLong_AsLongAndOverflow(args[1], &overflow);
    if (overflow)
        Py_RETURN_NONE;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *d = PyList_GET_ITEM(drafts, i);
        if (!PyList_CheckExact(d) || PyList_GET_SIZE(d) != 5 || !PyLong_CheckExact(PyList_GET_ITEM(d, 0))
            || !PyList_CheckExact(PyList_GET_ITEM(d, 1)) || !PyList_CheckExact(PyList_GET_ITEM(d, 2))) {
            PyErr_SetString(PyExc_TypeError, "tricks_in_order: a trick draft is not [number, plays, notes, line, column]");
            return NULL;
        }
        long number = PyLong_AsLongAndOverflow(PyList_GET_ITEM(d, 0), &overflow);
        if (overflow || number != expected)
            Py_RETURN_NONE;
        expected = number + 1;
    }
    PyObject *out = PyList_New(n);
    if (out == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *d = PyList_GET_ITEM(drafts, i);
        PyObject *plays = PyList_AsTuple(PyList_GET_ITEM(d, 1));
        PyObject *notes = plays ? PyList_AsTuple(PyList_GET_ITEM(d, 2)) : NULL;
        PyObject *trick = notes ? trick_type->tp_alloc(trick_type, 0) : NULL;
        if (trick != NULL) {
            PyObject *vals[4] = {PyList_GET_ITEM(d, 0), plays, notes, PyList_GET_ITEM(d, 3)};
            for (int f = 0; f < 4; f++) {
                Py_INCREF(vals[f]);
                *(PyObject **)((char *)trick + trick_off[f]) = vals[f];
            }
        }
        Py_XDECREF(plays);
        Py_XDECREF(notes);
        if (trick == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, trick);
    }
    return out;
}

static PyMethodDef methods[] = {
    {"setup", setup, METH_VARARGS, "setup(Play, play_fields, _segment, CARD_LOOKUP, SEAT_LOOKUP)"},
    {"plain_plays", (PyCFunction)(void (*)(void))plain_plays, METH_FASTCALL,
     "plain_plays(played, segments, start, lineno, decks, memo): tgn_tricks._plain_plays"},
    {"plain_trick", (PyCFunction)(void (*)(void))plain_trick, METH_FASTCALL,
     "plain_trick(body, lineno, played, decks, memo, max_trick): tgn_tricks.trick_line's one-pass case"},
    {"setup_lines", setup_lines, METH_VARARGS, "setup_lines(_tag, labels, json_suffix, max_trick, Trick, trick_fields)"},
    {"tricks_in_order", (PyCFunction)(void (*)(void))tricks_in_order, METH_FASTCALL,
     "tricks_in_order(tricks, first_trick): tgn_reader._tricks_in_order's Tricks, or None (a number out of sequence)"},
    {"plain_lines", (PyCFunction)(void (*)(void))plain_lines, METH_FASTCALL,
     "plain_lines(st, lines, i): the index of the first line from i that the Python reader must read"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_tgn_core",
                                    "The .tgn reader's one-pass trick line (tgn_tricks._plain_plays) in C.", -1,
                                    methods};

PyMODINIT_FUNC
PyInit__tgn_core(void)
{
    static const char *const deal_keys[4] = {"dealN", "dealE", "dealS", "dealW"};
    for (int j = 0; j < 4; j++)
        if (!(k_deal[j] = PyUnicode_InternFromString(deal_keys[j])))
            return NULL;
    if (!(a_hand = PyUnicode_InternFromString("hand")) || !(a_tricks = PyUnicode_InternFromString("tricks"))
        || !(a_played = PyUnicode_InternFromString("played")) || !(a_decks = PyUnicode_InternFromString("decks"))
        || !(a_segments = PyUnicode_InternFromString("segments"))
        || !(a_trick_no = PyUnicode_InternFromString("trick_no"))
        || !(a_content = PyUnicode_InternFromString("content")) || !(a_seen = PyUnicode_InternFromString("seen"))
        || !(a_positions = PyUnicode_InternFromString("positions"))
        || !(a_deal = PyUnicode_InternFromString("deal")) || !(a_dealt = PyUnicode_InternFromString("dealt"))
        || !(a_bottom = PyUnicode_InternFromString("bottom")) || !(a_buried = PyUnicode_InternFromString("buried"))
        || !(a_earlier = PyUnicode_InternFromString("earlier_buries")) || !(k_bottom = PyUnicode_InternFromString("bottom"))
        || !(k_buried = PyUnicode_InternFromString("buried"))
        || !(a_last_trick = PyUnicode_InternFromString("last_trick")))
        return NULL;
    return with_source_digest(PyModule_Create(&module));
}
