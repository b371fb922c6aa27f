"""The dataclasses' generated methods, compiled once and kept, for the ``tractor`` command.

Python 3.11's :mod:`dataclasses` writes the source text of each method it gives a class
(``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, a frozen class's ``__setattr__`` and
``__delattr__``) and compiles that text with :func:`exec` every time the class is made, i.e. at every
start of every process: 219 compiles for the 37 dataclasses ``tractor ingest`` imports, ≈ 0.04 CPU-s of
a ≈ 0.2 s start-up, serial before the first hand is read (bench/README.md, issue 27, thirteenth pass).
Unlike a module's own code, which Python keeps compiled in ``__pycache__``, that code is never kept.

:func:`install` (called by :func:`tractor_analysis.cli.run` before it imports the commands) gives
:mod:`dataclasses` an ``exec`` that looks the text up in a cache of code objects kept beside the
package's bytecode (``cli/__pycache__/code_cache.<python>.dataclasses``) and compiles only what is not
there, exactly as ``exec`` would have compiled it (``compile(text, "<string>", "exec")``, no flags
inherited: the module :mod:`dataclasses` has no ``__future__`` import).  The key is the whole text, so
a changed class simply misses; the code objects are those the same text compiles to, so the classes
are the same (``tests/test_code_cache.py`` compares every generated method of every dataclass the
commands import, with and without the cache).  New entries are written when the process ends, as
Python writes bytecode: not with ``PYTHONDONTWRITEBYTECODE``, not where the folder cannot be written
(then every start compiles, as before), atomically (a temporary file renamed).  The file starts with
the interpreter's bytecode magic number; a file of another Python, damaged or unreadable is ignored.
Anything but a ``str`` handed to that ``exec`` goes straight to the builtin.
"""
from __future__ import annotations

import atexit
import marshal
import os
import sys

LIMIT = 4000
"""At most this many texts are kept: past it, a write keeps only the texts this process used."""

SUFFIX = ".dataclasses"
"""The cache file's suffix, in place of ``.pyc`` in the name Python gives this module's bytecode."""

_STATE: dict = {}
"""While installed: ``path``, ``codes`` (text → marshalled code, as read), ``new`` (text →
marshalled code compiled here), ``used`` (the texts found), ``pid`` (the process that installed it)."""


def cache_path() -> str | None:
    """Where this Python keeps the cache (beside this module's bytecode, as ``sys.pycache_prefix``
    and the optimisation level say), or ``None`` when Python keeps no bytecode for it."""
    from importlib.util import cache_from_source

    try:
        pyc = cache_from_source(os.path.abspath(__file__))
    except (NotImplementedError, ValueError):     # no cache tag (sys.implementation.cache_tag is None)
        return None
    return pyc[:-len(".pyc")] + SUFFIX if pyc.endswith(".pyc") else None


def _magic() -> bytes:
    from importlib.util import MAGIC_NUMBER

    return MAGIC_NUMBER


def read(path: str | None) -> dict[str, bytes]:
    """The cache at ``path`` (text → marshalled code); empty when there is none or it is not
    this Python's (another magic number), damaged or unreadable."""
    if path is None:
        return {}
    try:
        with open(path, "rb") as fh:
            data = fh.read()
        magic = _magic()
        if not data.startswith(magic):
            return {}
        codes = marshal.loads(data[len(magic):])
    except Exception:       # (OSError, EOFError, ValueError, TypeError: a cache is never needed)
        return {}
    if type(codes) is not dict or not all(type(k) is str and type(v) is bytes for k, v in codes.items()):
        return {}
    return codes


def _exec(source, *args, **kwargs):
    """:func:`exec` for :mod:`dataclasses`: a text's code from the cache (compiled and noted when
    it is not there), then run as ``exec`` runs it."""
    if type(source) is str and _STATE:
        found = _STATE["codes"].get(source)
        if found is not None:
            _STATE["used"].add(source)
            code = marshal.loads(found)
        else:
            code = compile(source, "<string>", "exec", dont_inherit=True)
            _STATE["new"][source] = marshal.dumps(code)
        return exec(code, *args, **kwargs)
    return exec(source, *args, **kwargs)


def install(path: str | None = None) -> None:
    """Serve :mod:`dataclasses`' compiles from the cache at ``path`` (default :func:`cache_path`)
    for the rest of this process; the new texts are written there when it ends (:func:`save`).
    Nothing changes when it is installed already."""
    import dataclasses

    if _STATE:
        return
    path = cache_path() if path is None else path
    _STATE.update(path=path, codes=read(path), new={}, used=set(), pid=os.getpid())
    dataclasses.exec = _exec            # the one exec of dataclasses (its _create_fn)
    atexit.register(save)


def uninstall() -> None:
    """Give :mod:`dataclasses` the builtin ``exec`` back, without writing (for the tests)."""
    import dataclasses

    if getattr(dataclasses, "exec", None) is _exec:
        del dataclasses.exec
    _STATE.clear()
    atexit.unregister(save)


def counts() -> tuple[int, int]:
    """``(found, compiled)``: the texts found in the cache and those compiled, so far."""
    return (len(_STATE["used"]), len(_STATE["new"])) if _STATE else (0, 0)


def save() -> None:
    """Write the texts compiled in this process into the cache (with those read, unless there are
    more than :data:`LIMIT`: then with those found); nothing in a forked child, with
    ``PYTHONDONTWRITEBYTECODE``, or when nothing is new; a write that fails is left (every start then
    compiles, as without the cache)."""
    st = _STATE
    if not st or not st["new"] or st["path"] is None or st["pid"] != os.getpid() or sys.dont_write_bytecode:
        return
    codes = st["codes"]
    if len(codes) + len(st["new"]) > LIMIT:
        codes = {k: codes[k] for k in st["used"]}
    merged = {**codes, **st["new"]}
    path = st["path"]
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(tmp, "wb") as fh:
            fh.write(_magic() + marshal.dumps(merged))
        os.replace(tmp, path)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        return
    st["codes"] = merged
    st["new"] = {}
