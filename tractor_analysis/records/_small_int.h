/* A Python int's value read without a call when it is small (issue 27, twelfth pass): the cores read
 * millions of small ints -- a hand's counts, card kinds, seats, hand and trick numbers -- and
 * PyLong_AsLongAndOverflow costs a call and some twenty instructions each.  An int of one digit
 * (|v| < 2**30: CPython 3.11's Py_SIZE of -1, 0 or 1; 3.12's "compact" ints) is read from its digit;
 * any other int through PyLong_AsLongAndOverflow, the same value and overflow flag.  o must be an
 * exact int (PyLong_CheckExact). */
#ifndef TRACTOR_SMALL_INT_H
#define TRACTOR_SMALL_INT_H

#include <Python.h>

static inline long
small_int_value(PyObject *o, int *overflow)
{
#if PY_VERSION_HEX >= 0x030C0000
    if (PyUnstable_Long_IsCompact((PyLongObject *)o)) {
        *overflow = 0;
        return (long)PyUnstable_Long_CompactValue((PyLongObject *)o);
    }
#else
    Py_ssize_t size = Py_SIZE(o);
    if (size >= -1 && size <= 1) {
        *overflow = 0;
        return (long)size * (long)((PyLongObject *)o)->ob_digit[0];
    }
#endif
    return PyLong_AsLongAndOverflow(o, overflow);
}

/* the same for a long long (PyLong_AsLongLongAndOverflow past one digit) */
static inline long long
small_int_value_ll(PyObject *o, int *overflow)
{
#if PY_VERSION_HEX >= 0x030C0000
    if (PyUnstable_Long_IsCompact((PyLongObject *)o)) {
        *overflow = 0;
        return (long long)PyUnstable_Long_CompactValue((PyLongObject *)o);
    }
#else
    Py_ssize_t size = Py_SIZE(o);
    if (size >= -1 && size <= 1) {
        *overflow = 0;
        return (long long)size * (long long)((PyLongObject *)o)->ob_digit[0];
    }
#endif
    return PyLong_AsLongLongAndOverflow(o, overflow);
}

/* small_int_value of an int known to fit a long (a table's kind, a checked seat) */
static inline long
small_int(PyObject *o)
{
    int overflow;
    return small_int_value(o, &overflow);
}

#endif
