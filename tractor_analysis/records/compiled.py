"""Loading a compiled core (a C extension declared in ``setup.py``), or saying why not.

The project's compiled cores speed up code whose pure-Python version stays the reference: a module
asks :func:`load` for its core and uses the pure-Python code when it gets ``None``.  ``None`` comes
back when the core was not built (no compiler on the machine: one notice on stderr, once per core and
process), when it is **stale** (built from other sources than the ones beside it: a later build of
them failed, quietly, since the cores are optional, and left the old one in place; the same notice),
or when the environment variable ``TRACTOR_PURE_PYTHON`` is set to anything but ``""`` or ``0`` (the
tests run both ways and compare; a user can rule out the core when in doubt).

A core is stale when the digest it was built with (``SOURCE_DIGEST``, which ``setup.py`` computes by
:func:`source_digest` and passes to the compiler) differs from the digest of its C source and headers
found beside the built module (this project's wheel carries them too).  Where they are not beside it,
nothing is compared.  This module uses only the standard library: ``setup.py`` loads it by its path.
"""
from __future__ import annotations

import hashlib
import importlib
import os
import sys
from types import ModuleType

PURE_PYTHON_ENV = "TRACTOR_PURE_PYTHON"
"""Set to ``1`` to run the pure-Python reference code instead of every compiled core."""

_checked: dict[str, ModuleType | None] = {}
"""Each core asked for once per process: the module, or ``None`` (the notice then printed once)."""


def pure_python_forced() -> bool:
    """Whether the environment asks for the pure-Python code (``TRACTOR_PURE_PYTHON=1``)."""
    return os.environ.get(PURE_PYTHON_ENV, "") not in ("", "0")


def _included(data: bytes) -> list[str]:
    """The headers a C text includes with ``#include "..."`` (a line starting, after blanks, with
    ``#include``), in order.  Found with ``bytes.find``: a regular expression over the solver core's
    130 kB took 1.7 ms, and every command that loads a core pays this at start-up."""
    out = []
    i = data.find(b"#include")
    while i >= 0:
        start = data.rfind(b"\n", 0, i) + 1
        end = data.find(b"\n", i)
        line = data[i + 8:end if end >= 0 else len(data)].strip()
        if not data[start:i].strip() and line[:1] == b'"' and line.find(b'"', 1) > 0:
            out.append(line[1:line.find(b'"', 1)].decode())
        i = data.find(b"#include", i + 8)
    return out


def _sources(path: str) -> list[tuple[str, bytes]]:
    """A core's C source ``path`` and every header it includes with ``#include "..."`` (found relative
    to the including file, each once, in the order first included), each with its bytes (read once)."""
    files: list[tuple[str, bytes]] = []
    seen: set[str] = set()

    def add(p: str) -> None:
        p = os.path.normpath(p)
        if p in seen:
            return
        seen.add(p)
        with open(p, "rb") as fh:
            data = fh.read()
        files.append((p, data))
        for name in _included(data):
            add(os.path.join(os.path.dirname(p), name))

    add(path)
    return files


def source_files(path: str) -> list[str]:
    """:func:`_sources`' paths: what a core's build depends on."""
    return [p for p, _ in _sources(path)]


def source_digest(path: str) -> str:
    """The digest a core is built with: SHA-256 (first 16 hex digits) of :func:`_sources`' names and
    contents."""
    digest = hashlib.sha256()
    for p, data in _sources(path):
        digest.update(os.path.basename(p).encode() + b"\0" + data + b"\0")
    return digest.hexdigest()[:16]


def stale(core: ModuleType) -> str | None:
    """Why ``core`` was not built from the sources beside it (``None``: it was, or they are not there)."""
    built = getattr(core, "__file__", None)
    if not built:
        return None
    source = os.path.join(os.path.dirname(built), os.path.basename(built).split(".")[0] + ".c")
    try:
        want = source_digest(source)
    except OSError:
        return None                     # no sources beside it: nothing to compare
    have = getattr(core, "SOURCE_DIGEST", "")
    if have == want:
        return None
    return f"built from other sources than {source} (digest {have or 'none'}, the sources' {want})"


def load(module: str, what_en: str, what_zh: str) -> ModuleType | None:
    """The compiled core ``module`` (e.g. ``"tractor_analysis.analysis._solver_core"``), or ``None``:
    forced off by ``TRACTOR_PURE_PYTHON``, not built or stale (then one notice on stderr naming the
    core, ``what_en`` / ``what_zh``, why, and how to build it)."""
    if pure_python_forced():
        return None
    if module in _checked:
        return _checked[module]
    try:
        core = importlib.import_module(module)
        why = stale(core)
    except ImportError as exc:
        core, why = None, str(exc)
    if why is not None:
        core = None
        print(f"note: the compiled {what_en} is not built or is stale ({why}); the pure-Python one runs "
              f"instead (same results, slower). Build it with `make demo` (gcc and the Python headers "
              f"needed). / 注意：{what_zh}的编译版本未构建或已过期（{why}），改用纯 Python 版本（结果相同，"
              f"速度较慢）。用 `make demo` 构建（需要 gcc 和 Python 头文件）。", file=sys.stderr)
    _checked[module] = core
    return core


__all__ = ["PURE_PYTHON_ENV", "load", "pure_python_forced", "source_digest", "source_files", "stale"]
