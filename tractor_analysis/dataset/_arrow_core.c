/* The buffers of Arrow columns in C: what tractor_analysis.dataset.arrow_columns (the pure-Python
 * reference, through numpy) computes from a column's Python list, value by value.
 *
 * Every function returns None when a value is not of the exact Python type the column takes (an
 * int column holds ints and None — a bool is refused —, a bool column bools and None, a string
 * column str and None, a list column lists and None) or out of its range: the Python code then
 * builds the column, and refuses what it refuses.  A validity bitmap is LSB first, 1 for a value
 * and 0 for a null, and None when the column has no null; a null's data slot is 0.
 *
 *   ints(values, itemsize, lo, hi)  -> (data, validity, nulls)      itemsize 2, 4 or 8
 *   bools(values)                   -> (bits, validity, nulls)
 *   dictionary(values)              -> (keys, indices, validity, nulls)   keys in order of first
 *                                      appearance, int32 indices (a null's is 0)
 *   strings(values, max_offset)     -> (offsets, data, validity, nulls)   int32 offsets, UTF-8
 *                                      data; None past max_offset or for a str UTF-8 cannot hold
 *   lists(values, max_offset)       -> (offsets, flat, validity, nulls)   int32 offsets, the items
 *                                      of every list in one list; None past max_offset
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "../records/_source_digest.h"
#include <stdint.h>
#include <string.h>
#include "../records/_small_int.h"

/* a zeroed bytes object of n bytes (its buffer in *buf) */
static PyObject *
zeroed(Py_ssize_t n, char **buf)
{
    PyObject *b = PyBytes_FromStringAndSize(NULL, n);
    if (b != NULL) {
        *buf = PyBytes_AS_STRING(b);
        memset(*buf, 0, n);
    }
    return b;
}

/* the validity bitmap of values (None when no null), or NULL on error; nulls in *nulls */
static PyObject *
validity(PyObject *values, Py_ssize_t *nulls)
{
    Py_ssize_t n = PyList_GET_SIZE(values), k = 0;
    for (Py_ssize_t i = 0; i < n; i++)
        k += PyList_GET_ITEM(values, i) == Py_None;
    *nulls = k;
    if (k == 0)
        return Py_NewRef(Py_None);
    char *bits;
    PyObject *b = zeroed((n + 7) / 8, &bits);
    if (b == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < n; i++)
        if (PyList_GET_ITEM(values, i) != Py_None)
            bits[i >> 3] |= (char)(1 << (i & 7));
    return b;
}

/* (data, validity, nulls) of values, stealing data; NULL on error */
static PyObject *
with_validity(PyObject *values, PyObject *data)
{
    Py_ssize_t nulls;
    PyObject *v = validity(values, &nulls);
    if (v == NULL) {
        Py_DECREF(data);
        return NULL;
    }
    return Py_BuildValue("(NNn)", data, v, nulls);
}

/* whether the column takes every value (None always) */
static int
takes_all(PyObject *values, int (*takes)(PyObject *))
{
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(values); i++) {
        PyObject *v = PyList_GET_ITEM(values, i);
        if (v != Py_None && !takes(v))
            return 0;
    }
    return 1;
}

static int
is_bool(PyObject *v)
{
    return v == Py_True || v == Py_False;
}

static int
is_str(PyObject *v)
{
    return PyUnicode_CheckExact(v);
}

static PyObject *
ints(PyObject *self, PyObject *args)
{
    PyObject *values;
    int itemsize;
    long long lo, hi;
    if (!PyArg_ParseTuple(args, "O!iLL", &PyList_Type, &values, &itemsize, &lo, &hi))
        return NULL;
    if (itemsize != 2 && itemsize != 4 && itemsize != 8) {
        PyErr_SetString(PyExc_ValueError, "itemsize must be 2, 4 or 8");
        return NULL;
    }
    Py_ssize_t n = PyList_GET_SIZE(values);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *v = PyList_GET_ITEM(values, i);
        if (v == Py_None)
            continue;
        if (!PyLong_CheckExact(v))
            Py_RETURN_NONE;
        int overflow;
        long long x = small_int_value_ll(v, &overflow);
        if (overflow || x < lo || x > hi)
            Py_RETURN_NONE;
    }
    char *buf;
    PyObject *data = zeroed(n * itemsize, &buf);
    if (data == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *v = PyList_GET_ITEM(values, i);
        if (v == Py_None)
            continue;
        int overflow;
        long long x = small_int_value_ll(v, &overflow);   /* (checked above: no overflow) */
        if (itemsize == 2) {
            int16_t y = (int16_t)x;
            memcpy(buf + 2 * i, &y, 2);
        } else if (itemsize == 4) {
            int32_t y = (int32_t)x;
            memcpy(buf + 4 * i, &y, 4);
        } else {
            int64_t y = (int64_t)x;
            memcpy(buf + 8 * i, &y, 8);
        }
    }
    return with_validity(values, data);
}

static PyObject *
bools(PyObject *self, PyObject *args)
{
    PyObject *values;
    if (!PyArg_ParseTuple(args, "O!", &PyList_Type, &values))
        return NULL;
    if (!takes_all(values, is_bool))
        Py_RETURN_NONE;
    Py_ssize_t n = PyList_GET_SIZE(values);
    char *bits;
    PyObject *data = zeroed((n + 7) / 8, &bits);
    if (data == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < n; i++)
        if (PyList_GET_ITEM(values, i) == Py_True)
            bits[i >> 3] |= (char)(1 << (i & 7));
    return with_validity(values, data);
}

static PyObject *
dictionary(PyObject *self, PyObject *args)
{
    PyObject *values;
    if (!PyArg_ParseTuple(args, "O!", &PyList_Type, &values))
        return NULL;
    if (!takes_all(values, is_str))
        Py_RETURN_NONE;
    Py_ssize_t n = PyList_GET_SIZE(values);
    char *buf;
    PyObject *index = PyDict_New(), *keys = PyList_New(0), *data = zeroed(n * 4, &buf);
    if (index == NULL || keys == NULL || data == NULL)
        goto fail;
    /* the index of a string object met lately, by identity, before the dict: a column repeats the same
       few objects (a hand's match id, the four seat tokens); the list holds them while this runs, and
       no Python code runs here (every value an exact str or None) */
    PyObject *met[16] = {NULL};
    int32_t met_k[16] = {0};
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *v = PyList_GET_ITEM(values, i);
        if (v == Py_None)
            continue;
        size_t slot = ((uintptr_t)v >> 4) & 15;
        if (met[slot] == v) {
            memcpy(buf + 4 * i, &met_k[slot], 4);
            continue;
        }
        PyObject *at = PyDict_GetItemWithError(index, v);
        int32_t k;
        if (at != NULL)
            k = (int32_t)PyLong_AsLong(at);
        else if (PyErr_Occurred())
            goto fail;
        else {
            Py_ssize_t size = PyList_GET_SIZE(keys);
            if (size > INT32_MAX) {
                Py_DECREF(index);
                Py_DECREF(keys);
                Py_DECREF(data);
                Py_RETURN_NONE;
            }
            PyObject *num = PyLong_FromSsize_t(size);
            if (num == NULL || PyDict_SetItem(index, v, num) < 0 || PyList_Append(keys, v) < 0) {
                Py_XDECREF(num);
                goto fail;
            }
            Py_DECREF(num);
            k = (int32_t)size;
        }
        met[slot] = v;
        met_k[slot] = k;
        memcpy(buf + 4 * i, &k, 4);
    }
    Py_DECREF(index);
    Py_ssize_t nulls;
    PyObject *v = validity(values, &nulls);
    if (v == NULL) {
        Py_DECREF(keys);
        Py_DECREF(data);
        return NULL;
    }
    return Py_BuildValue("(NNNn)", keys, data, v, nulls);
fail:
    Py_XDECREF(index);
    Py_XDECREF(keys);
    Py_XDECREF(data);
    return NULL;
}

/* what an item adds to its column's data (a str's UTF-8 bytes, a list's items), -1 when the column
 * does not take it */
typedef Py_ssize_t (*SizeOf)(PyObject *);

static Py_ssize_t
str_size(PyObject *v)
{
    if (!PyUnicode_CheckExact(v))
        return -1;
    if (PyUnicode_IS_ASCII(v))
        return PyUnicode_GET_LENGTH(v);
    Py_ssize_t size;
    if (PyUnicode_AsUTF8AndSize(v, &size) == NULL) {     /* a lone surrogate */
        PyErr_Clear();
        return -1;
    }
    return size;                                          /* the UTF-8 is now cached in v */
}

static Py_ssize_t
list_size(PyObject *v)
{
    return PyList_CheckExact(v) ? PyList_GET_SIZE(v) : -1;
}

/* the values of a variable-size column measured: their total size, or -1 (declined: a value the
 * column does not take, or a total past max_offset) */
static long long
total_size(PyObject *values, SizeOf size_of, long long max_offset)
{
    long long total = 0;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(values); i++) {
        PyObject *v = PyList_GET_ITEM(values, i);
        if (v == Py_None)
            continue;
        Py_ssize_t size = size_of(v);
        if (size < 0)
            return -1;
        total += size;
    }
    return total > max_offset ? -1 : total;
}

/* (offsets, content, validity, nulls), stealing offsets and content; NULL on error */
static PyObject *
variable(PyObject *values, PyObject *offsets, PyObject *content)
{
    Py_ssize_t nulls = 0;
    PyObject *valid = offsets && content ? validity(values, &nulls) : NULL;
    if (valid == NULL) {
        Py_XDECREF(offsets);
        Py_XDECREF(content);
        return NULL;
    }
    return Py_BuildValue("(NNNn)", offsets, content, valid, nulls);
}

static PyObject *
strings(PyObject *self, PyObject *args)
{
    PyObject *values;
    long long max_offset;
    if (!PyArg_ParseTuple(args, "O!L", &PyList_Type, &values, &max_offset))
        return NULL;
    long long total = total_size(values, str_size, max_offset);
    if (total < 0)
        Py_RETURN_NONE;
    Py_ssize_t n = PyList_GET_SIZE(values);
    char *off = NULL, *buf = NULL;
    PyObject *offsets = zeroed((n + 1) * 4, &off), *data = zeroed((Py_ssize_t)total, &buf);
    if (offsets != NULL && data != NULL) {
        int32_t at = 0;
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *v = PyList_GET_ITEM(values, i);
            if (v != Py_None) {
                Py_ssize_t size = PyUnicode_GET_LENGTH(v);
                const char *u = PyUnicode_IS_ASCII(v) ? (const char *)PyUnicode_DATA(v)
                                                      : PyUnicode_AsUTF8AndSize(v, &size);  /* cached */
                memcpy(buf + at, u, size);
                at += (int32_t)size;
            }
            memcpy(off + 4 * (i + 1), &at, 4);
        }
    }
    return variable(values, offsets, data);
}

static PyObject *
lists(PyObject *self, PyObject *args)
{
    PyObject *values;
    long long max_offset;
    if (!PyArg_ParseTuple(args, "O!L", &PyList_Type, &values, &max_offset))
        return NULL;
    long long total = total_size(values, list_size, max_offset);
    if (total < 0)
        Py_RETURN_NONE;
    Py_ssize_t n = PyList_GET_SIZE(values);
    char *off = NULL;
    PyObject *offsets = zeroed((n + 1) * 4, &off), *flat = PyList_New((Py_ssize_t)total);
    if (offsets != NULL && flat != NULL) {
        int32_t at = 0;
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *v = PyList_GET_ITEM(values, i);
            if (v != Py_None)
                for (Py_ssize_t j = 0; j < PyList_GET_SIZE(v); j++) {
                    PyObject *item = PyList_GET_ITEM(v, j);
                    Py_INCREF(item);
                    PyList_SET_ITEM(flat, at++, item);
                }
            memcpy(off + 4 * (i + 1), &at, 4);
        }
    }
    return variable(values, offsets, flat);
}

/* utf8_ok(text): whether str text encodes as UTF-8 (no lone surrogate), as text.encode("utf-8") would
 * tell, without making the bytes: CPython's own UTF-8 of text is made and kept in it (what strings()
 * reads when the text goes into a column: encoded once, not twice). */
static PyObject *
utf8_ok(PyObject *self, PyObject *text)
{
    if (!PyUnicode_Check(text)) {
        PyErr_SetString(PyExc_TypeError, "utf8_ok(text): a str");
        return NULL;
    }
    if (PyUnicode_AsUTF8AndSize(text, NULL) != NULL)
        Py_RETURN_TRUE;
    if (!PyErr_ExceptionMatches(PyExc_UnicodeEncodeError))
        return NULL;
    PyErr_Clear();
    Py_RETURN_FALSE;
}

static PyMethodDef methods[] = {
    {"utf8_ok", utf8_ok, METH_O, "Whether a str encodes as UTF-8 (its UTF-8 then kept in it)."},
    {"ints", ints, METH_VARARGS, "(data, validity, nulls) of an int column, or None to decline."},
    {"bools", bools, METH_VARARGS, "(bits, validity, nulls) of a bool column, or None to decline."},
    {"dictionary", dictionary, METH_VARARGS,
     "(keys, indices, validity, nulls) of a dictionary-encoded string column, or None to decline."},
    {"strings", strings, METH_VARARGS, "(offsets, data, validity, nulls) of a string column, or None to decline."},
    {"lists", lists, METH_VARARGS, "(offsets, flat, validity, nulls) of a list column, or None to decline."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_arrow_core", NULL, -1, methods};

PyMODINIT_FUNC
PyInit__arrow_core(void)
{
    return with_source_digest(PyModule_Create(&module));
}
