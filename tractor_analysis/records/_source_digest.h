/* Each compiled core carries the digest of the C sources it was built from: setup.py passes it as
 * CORE_SOURCE_DIGEST (records/compiled.py source_digest: the core's .c file and the headers it
 * includes), and records/compiled.py load() compares it with the sources beside the built module,
 * so that a core left from an older build (its new source failed to compile, quietly: the cores
 * are optional) is not run beside the Python code of another version.  Built some other way (no
 * digest given), a core carries "" and is not trusted. */
#ifndef CORE_SOURCE_DIGEST
#define CORE_SOURCE_DIGEST ""
#endif

static PyObject *with_source_digest(PyObject *m) {
    if (m && PyModule_AddStringConstant(m, "SOURCE_DIGEST", CORE_SOURCE_DIGEST) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
