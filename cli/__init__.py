"""The ``tractor`` command line (click); installed as ``tractor_analysis.cli``.

:func:`run` is the console script: it imports the command group (click, the engine, the readers:
a few tenths of a second) under the same Ctrl-C rule as the commands themselves, one bilingual
line and exit 130, never a traceback.

It also caps OpenBLAS (numpy's linear algebra, loaded with numpy, which pyarrow imports) at one
thread unless ``OPENBLAS_NUM_THREADS`` is already set: no command does linear algebra, and the
threads OpenBLAS starts at load spin on the other cores.  Measured (bench/README.md, issue 27, eighth pass):
importing numpy took 0.29–0.31 CPU-s against 0.15–0.16 with one thread, on the same 0.18–0.19 s
of wall time, and ``tractor ingest`` of 2,015 hands 2.17–2.31 → 1.73–2.14 CPU-s.

A command whose output is all written and closed may call :func:`may_end_quickly`: the process then
ends without the interpreter's teardown (freeing every object and module one by one, which the
system does at once), after the exit functions (:mod:`atexit`) have run and standard output and
error are flushed — ≈ 0.1 CPU-s of a 2,015-hand ``tractor ingest`` (issue 27, tenth pass).

Before the commands are imported, :func:`run` installs :mod:`.code_cache`: the methods the
dataclasses generate are compiled once and kept, not compiled again at every start.
"""
from __future__ import annotations

import os
import sys

_QUICK = [False]
"""Set by :func:`may_end_quickly` while a command runs; read by :func:`run` when it exits."""


def may_end_quickly() -> None:
    """The running command has written and closed everything it writes: :func:`run` may end the
    process without the interpreter's teardown (see :func:`_end_now`)."""
    _QUICK[0] = True


def run() -> None:
    """The ``tractor`` command: :func:`tractor_analysis.cli.main.main`, imported here."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    _QUICK[0] = False
    from .code_cache import install

    install()           # the dataclasses' methods compiled once, not at every start
    try:
        from .main import main
    except KeyboardInterrupt:
        sys.stderr.write("interrupted / 已中断\n")
        sys.exit(130)
    try:
        main()
    except SystemExit as exc:
        if _QUICK[0]:
            _end_now(exc.code)
        raise


def _end_now(code) -> None:
    """End the process with exit status ``code`` without the interpreter's teardown: the exit
    functions run and standard output and error are flushed first, as at a normal exit.  Returns
    (the caller exits the usual way) when that would not be the same: a status that is not a
    number, a thread still running that a normal exit would wait for, an output that cannot be
    flushed (the normal exit reports it)."""
    import atexit

    code = 0 if code is None else code
    if type(code) is not int or not 0 <= code <= 255:
        return
    threading = sys.modules.get("threading")
    if threading is not None and any(t.is_alive() and not t.daemon for t in threading.enumerate()
                                     if t is not threading.main_thread()):
        return
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (AttributeError, OSError, ValueError):     # (None: no standard output at all)
        return
    atexit._run_exitfuncs()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (AttributeError, OSError, ValueError):
        return
    os._exit(code)
