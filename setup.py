"""The compiled cores, built by ``pip install -e .`` (which ``make demo`` and ``make test`` run).

Every compiled core is a C extension beside the pure-Python module it speeds up; the pure-Python
code stays the reference, is what runs where no compiler is available, and the tests check that
both give the same results.  Each core is declared here, once, and loaded at run time through
:func:`tractor_analysis.records.compiled.load`, which prints one notice on stderr when a core
is missing or stale (built from other sources than the ones beside it: each core carries the digest
of its sources, passed here) and falls back to the pure-Python code.

``optional=True``: a machine without gcc or the Python headers still installs the tool (the build
of the core fails quietly into pip's log, ``.venv/pip.log``); it runs the pure-Python code.
"""
import importlib.util
import os

from setuptools import Extension, setup

_spec = importlib.util.spec_from_file_location(
    "_compiled", os.path.join(os.path.dirname(os.path.abspath(__file__)), "tractor_analysis", "records", "compiled.py"))
_compiled = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_compiled)
"""tractor_analysis/records/compiled.py, loaded by its path (standard library only): its
source_digest() is the digest each core is built with and checked against when loaded."""

CFLAGS = ["-O2", "-std=c99", "-Wall", "-Wno-unused-function"]

# (module, C sources): add a core here and nowhere else.
COMPILED: list[tuple[str, list[str]]] = [
    ("tractor_analysis.records._json_core", ["tractor_analysis/records/_json_core.c"]),
    ("tractor_analysis.records._tgn_core", ["tractor_analysis/records/_tgn_core.c"]),
    ("tractor_analysis.records._tgn_write_core", ["tractor_analysis/records/_tgn_write_core.c"]),
    ("tractor_analysis.engine._trick_core", ["tractor_analysis/engine/_trick_core.c"]),
    ("tractor_analysis.analysis._solver_core", ["tractor_analysis/analysis/_solver_core.c"]),
    ("tractor_analysis.dataset._rows_core", ["tractor_analysis/dataset/_rows_core.c"]),
    ("tractor_analysis.dataset._arrow_core", ["tractor_analysis/dataset/_arrow_core.c"]),
    ("tractor_analysis.dataset._segments_core", ["tractor_analysis/dataset/_segments_core.c"]),
]

# Each core's headers (what a change rebuilds it for; an sdist carries them) and its digest (checked when
# it is loaded) are read from its source's `#include "..."` lines: no list of them to keep.  One C
# source a core: the loader finds it by the module's name.
setup(ext_modules=[Extension(module, sources, optional=True, extra_compile_args=CFLAGS,
                             depends=_compiled.source_files(sources[0])[1:],
                             define_macros=[("CORE_SOURCE_DIGEST", f'"{_compiled.source_digest(sources[0])}"')])
                   for module, sources in COMPILED])
