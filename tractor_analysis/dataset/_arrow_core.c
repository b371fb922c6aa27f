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
 *   lists(values, max_offset)       -> (offsets, validity, nulls, flat)   int32 offsets, the items
 *                                      of every list in one list; None past max_offset
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

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

/* (a, validity, nulls) as a new tuple, stealing a and v */
static PyObject *
triple(PyObject *a, PyObject *v, Py_ssize_t nulls)
{
    if (a == NULL || v == NULL) {
        Py_XDECREF(a);
        Py_XDECREF(v);
        return NULL;
    }
    PyObject *out = Py_BuildValue("(NNn)", a, v, nulls);
    return out;
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
        long long x = PyLong_AsLongLongAndOverflow(v, &overflow);
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
        long long x = PyLong_AsLongLong(v);
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
    Py_ssize_t nulls;
    PyObject *v = validity(values, &nulls);
    return triple(data, v, nulls);
}

static PyObject *
bools(PyObject *self, PyObject *args)
{
    PyObject *values;
    if (!PyArg_ParseTuple(args, "O!", &PyList_Type, &values))
        return NULL;
    Py_ssize_t n = PyList_GET_SIZE(values);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *v = PyList_GET_ITEM(values, i);
        if (v != Py_None && v != Py_True && v != Py_False)
            Py_RETURN_NONE;
    }
    char *bits;
    PyObject *data = zeroed((n + 7) / 8, &bits);
    if (data == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < n; i++)
        if (PyList_GET_ITEM(values, i) == Py_True)
            bits[i >> 3] |= (char)(1 << (i & 7));
    Py_ssize_t nulls;
    PyObject *v = validity(values, &nulls);
    return triple(data, v, nulls);
}

static PyObject *
dictionary(PyObject *self, PyObject *args)
{
    PyObject *values;
    if (!PyArg_ParseTuple(args, "O!", &PyList_Type, &values))
        return NULL;
    Py_ssize_t n = PyList_GET_SIZE(values);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *v = PyList_GET_ITEM(values, i);
        if (v != Py_None && !PyUnicode_CheckExact(v))
            Py_RETURN_NONE;
    }
    char *buf;
    PyObject *index = PyDict_New(), *keys = PyList_New(0), *data = zeroed(n * 4, &buf);
    if (index == NULL || keys == NULL || data == NULL)
        goto fail;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *v = PyList_GET_ITEM(values, i);
        if (v == Py_None)
            continue;
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

static PyObject *
strings(PyObject *self, PyObject *args)
{
    PyObject *values;
    long long max_offset;
    if (!PyArg_ParseTuple(args, "O!L", &PyList_Type, &values, &max_offset))
        return NULL;
    Py_ssize_t n = PyList_GET_SIZE(values);
    long long total = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *v = PyList_GET_ITEM(values, i);
        if (v == Py_None)
            continue;
        if (!PyUnicode_CheckExact(v))
            Py_RETURN_NONE;
        Py_ssize_t size;
        if (PyUnicode_IS_ASCII(v))
            size = PyUnicode_GET_LENGTH(v);
        else if (PyUnicode_AsUTF8AndSize(v, &size) == NULL) {    /* a lone surrogate */
            PyErr_Clear();
            Py_RETURN_NONE;
        }
        total += size;
    }
    if (total > max_offset)
        Py_RETURN_NONE;
    char *off, *buf;
    PyObject *offsets = zeroed((n + 1) * 4, &off), *data = zeroed((Py_ssize_t)total, &buf);
    if (offsets == NULL || data == NULL) {
        Py_XDECREF(offsets);
        Py_XDECREF(data);
        return NULL;
    }
    int32_t at = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *v = PyList_GET_ITEM(values, i);
        if (v != Py_None) {
            Py_ssize_t size = PyUnicode_GET_LENGTH(v);
            const char *u = PyUnicode_IS_ASCII(v) ? (const char *)PyUnicode_DATA(v)
                                                  : PyUnicode_AsUTF8AndSize(v, &size);  /* cached above */
            memcpy(buf + at, u, size);
            at += (int32_t)size;
        }
        memcpy(off + 4 * (i + 1), &at, 4);
    }
    Py_ssize_t nulls;
    PyObject *valid = validity(values, &nulls);
    if (valid == NULL) {
        Py_DECREF(offsets);
        Py_DECREF(data);
        return NULL;
    }
    return Py_BuildValue("(NNNn)", offsets, data, valid, nulls);
}

static PyObject *
lists(PyObject *self, PyObject *args)
{
    PyObject *values;
    long long max_offset;
    if (!PyArg_ParseTuple(args, "O!L", &PyList_Type, &values, &max_offset))
        return NULL;
    Py_ssize_t n = PyList_GET_SIZE(values);
    long long total = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *v = PyList_GET_ITEM(values, i);
        if (v == Py_None)
            continue;
        if (!PyList_CheckExact(v))
            Py_RETURN_NONE;
        total += PyList_GET_SIZE(v);
    }
    if (total > max_offset)
        Py_RETURN_NONE;
    char *buf;
    PyObject *offsets = zeroed((n + 1) * 4, &buf), *flat = PyList_New((Py_ssize_t)total);
    if (offsets == NULL || flat == NULL) {
        Py_XDECREF(offsets);
        Py_XDECREF(flat);
        return NULL;
    }
    int32_t at = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *v = PyList_GET_ITEM(values, i);
        if (v != Py_None)
            for (Py_ssize_t j = 0; j < PyList_GET_SIZE(v); j++) {
                PyObject *item = PyList_GET_ITEM(v, j);
                Py_INCREF(item);
                PyList_SET_ITEM(flat, at++, item);
            }
        memcpy(buf + 4 * (i + 1), &at, 4);
    }
    Py_ssize_t nulls;
    PyObject *valid = validity(values, &nulls);
    if (valid == NULL) {
        Py_DECREF(offsets);
        Py_DECREF(flat);
        return NULL;
    }
    return Py_BuildValue("(NNnN)", offsets, valid, nulls, flat);
}

static PyMethodDef methods[] = {
    {"ints", ints, METH_VARARGS, "(data, validity, nulls) of an int column, or None to decline."},
    {"bools", bools, METH_VARARGS, "(bits, validity, nulls) of a bool column, or None to decline."},
    {"dictionary", dictionary, METH_VARARGS,
     "(keys, indices, validity, nulls) of a dictionary-encoded string column, or None to decline."},
    {"strings", strings, METH_VARARGS, "(offsets, data, validity, nulls) of a string column, or None to decline."},
    {"lists", lists, METH_VARARGS, "(offsets, validity, nulls, flat) of a list column, or None to decline."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_arrow_core", NULL, -1, methods};

PyMODINIT_FUNC
PyInit__arrow_core(void)
{
    return PyModule_Create(&module);
}
