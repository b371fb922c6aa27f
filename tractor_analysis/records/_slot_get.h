/* Reading an attribute of a slots dataclass from C without the generic lookup (issue 27): shared by the
 * compiled cores that walk the engine's and the readers' objects (records/_tgn_write_core.c,
 * dataset/_rows_core.c, engine/_trick_core.c).
 *
 * slot_get(obj, &reader) is obj.name (a new reference, or NULL with an exception, as PyObject_GetAttr):
 * read straight from the object's slot when obj's type is the type this reader learnt, else the
 * generic way, then learning obj's type when it looks attributes up the generic way
 * (PyObject_GenericGetAttr) and keeps name in a plain object slot (a T_OBJECT_EX member descriptor,
 * found along its MRO): then the generic lookup finds that data descriptor first and returns the
 * slot's value, or raises AttributeError for an empty slot (read the generic way here too).  A
 * reader learns the type it met last: objects of several types in turn are read right, the
 * generic way for all but the last learnt.
 */
#ifndef TRACTOR_SLOT_GET_H
#define TRACTOR_SLOT_GET_H

#include <Python.h>
#include <structmember.h>

typedef struct {
    PyObject **name;            /* the interned attribute name */
    PyTypeObject *tp;           /* the type learnt (a strong reference), or NULL */
    Py_ssize_t off;             /* its slot's offset */
} SlotReader;

static PyObject *
slot_get(PyObject *obj, SlotReader *sl)
{
    PyTypeObject *tp = Py_TYPE(obj);
    if (tp == sl->tp) {
        PyObject *v = *(PyObject **)((char *)obj + sl->off);
        if (v != NULL) {
            Py_INCREF(v);
            return v;
        }
    }
    PyObject *v = PyObject_GetAttr(obj, *sl->name);
    if (v != NULL && tp != sl->tp && tp->tp_getattro == PyObject_GenericGetAttr) {
        PyObject *d = _PyType_Lookup(tp, *sl->name);         /* borrowed */
        if (d != NULL && Py_TYPE(d) == &PyMemberDescr_Type
            && ((PyMemberDescrObject *)d)->d_member->type == T_OBJECT_EX) {
            Py_INCREF(tp);
            Py_XSETREF(sl->tp, tp);
            sl->off = ((PyMemberDescrObject *)d)->d_member->offset;
        }
    }
    return v;
}

#endif
