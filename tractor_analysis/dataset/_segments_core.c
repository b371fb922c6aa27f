/* The line breaks of a byte range in C: what tractor_analysis.dataset.segments._Count.add (the
 * pure-Python reference) adds up while the parent of a parallel ingest plans a big JSON Lines file's
 * segments (issue 27: the planning is serial, and the reference's bytes.count of the two-byte "\n\n"
 * took about 40 ms of a 46 MB file's 96 ms; the workers wait for it).
 *
 * counts(buffer, lo, hi, last) -> (breaks, blank): the counts of bytes lo..hi of ``buffer`` (any
 * object with the buffer protocol, read in place), ``last`` the byte counted before them (-1: none),
 * exactly as the reference counts them: "\n", "\r\n" and a lone "\r" each end a line ("\r" | "\n"
 * across the two pieces is one break); blank lines are the non-overlapping occurrences of "\n\n"
 * (plus one "\n" | "\n" across the pieces) and, in a range holding a "\r", of "\n\r\n" — the counts
 * bytes.count gives (a run of three "\n" is one "\n\n" there, as in the reference: the planning's
 * guess of the matches before a cut is then off, which the parent's renumbering corrects).  The
 * "\n" are found by memchr, so a range is counted at about the speed of reading it; the GIL is
 * released meanwhile (the parent hashes the file in another thread).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#include "../records/_source_digest.h"

/* non-overlapping occurrences of the len-byte pattern pat in p[0..n) (bytes.count's rule) */
static Py_ssize_t count_pattern(const unsigned char *p, Py_ssize_t n, const char *pat, Py_ssize_t len) {
    Py_ssize_t c = 0, i = 0;
    while (i + len <= n) {
        if (memcmp(p + i, pat, (size_t)len) == 0) { c++; i += len; }
        else i++;
    }
    return c;
}

static PyObject *counts(PyObject *self, PyObject *args) {
    Py_buffer view;
    Py_ssize_t lo, hi;
    int last;
    if (!PyArg_ParseTuple(args, "y*nni", &view, &lo, &hi, &last)) return NULL;
    if (lo < 0 || hi > view.len || lo > hi) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError, "counts: lo..hi not within the buffer");
        return NULL;
    }
    Py_ssize_t breaks = 0, blank = 0;
    if (hi > lo) {
        const unsigned char *b = (const unsigned char *)view.buf + lo;
        Py_ssize_t n = hi - lo;
        Py_BEGIN_ALLOW_THREADS
        unsigned char first = b[0];
        breaks = -(last == 13 && first == 10);         /* "\r" | "\n": one break */
        blank = last == 10 && first == 10;             /* "\n" | "\n" across the two pieces */
        Py_ssize_t free_at = 0;                        /* where the next "\n\n" may start (non-overlapping) */
        const unsigned char *p = b, *end = b + n;
        while (p < end) {
            const unsigned char *q = memchr(p, '\n', (size_t)(end - p));
            if (!q) break;
            Py_ssize_t i = q - b;
            breaks++;
            if (i >= free_at && i + 1 < n && b[i + 1] == '\n') { blank++; free_at = i + 2; }
            p = q + 1;
        }
        if (memchr(b, '\r', (size_t)n)) {
            Py_ssize_t cr = 0;
            for (Py_ssize_t i = 0; i < n; i++) cr += b[i] == '\r';
            breaks += cr - count_pattern(b, n, "\r\n", 2);
            blank += count_pattern(b, n, "\n\r\n", 3);
        }
        Py_END_ALLOW_THREADS
    }
    PyBuffer_Release(&view);
    return Py_BuildValue("nn", breaks, blank);
}

static PyMethodDef methods[] = {
    {"counts", counts, METH_VARARGS,
     "counts(buffer, lo, hi, last) -> (breaks, blank): segments._Count.add's counts of buffer[lo:hi] in C"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_segments_core",
                                    "The line breaks a parallel ingest's planning counts, in C.", -1, methods};

PyMODINIT_FUNC
PyInit__segments_core(void)
{
    return with_source_digest(PyModule_Create(&module));
}
