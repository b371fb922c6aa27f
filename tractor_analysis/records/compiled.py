"""Loading a compiled core (a C extension declared in ``setup.py``), or saying why not.

The project's compiled cores speed up code whose pure-Python version stays the reference: a module
asks :func:`load` for its core and uses the pure-Python code when it gets ``None``.  ``None`` comes
back when the core was not built (no compiler on the machine: one notice on stderr, once per core and
process) or when the environment variable ``TRACTOR_PURE_PYTHON`` is set to anything but ``""`` or
``0`` (the tests run both ways and compare; a user can rule out the core when in doubt).
"""
from __future__ import annotations

import importlib
import os
import sys
from types import ModuleType

PURE_PYTHON_ENV = "TRACTOR_PURE_PYTHON"
"""Set to ``1`` to run the pure-Python reference code instead of every compiled core."""

_noticed: set[str] = set()


def pure_python_forced() -> bool:
    """Whether the environment asks for the pure-Python code (``TRACTOR_PURE_PYTHON=1``)."""
    return os.environ.get(PURE_PYTHON_ENV, "") not in ("", "0")


def load(module: str, what_en: str, what_zh: str) -> ModuleType | None:
    """The compiled core ``module`` (e.g. ``"tractor_analysis.analysis._solver_core"``), or ``None``:
    forced off by ``TRACTOR_PURE_PYTHON``, or not built (then one notice on stderr naming the core,
    ``what_en`` / ``what_zh``, and how to build it)."""
    if pure_python_forced():
        return None
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        if module not in _noticed:
            _noticed.add(module)
            print(f"note: the compiled {what_en} is not built ({exc}); the pure-Python one runs instead "
                  f"(same results, slower). Build it with `make demo` (gcc and the Python headers needed). / "
                  f"注意：{what_zh}的编译版本未构建（{exc}），改用纯 Python 版本（结果相同，速度较慢）。"
                  f"用 `make demo` 构建（需要 gcc 和 Python 头文件）。", file=sys.stderr)
        return None


__all__ = ["PURE_PYTHON_ENV", "load", "pure_python_forced"]
