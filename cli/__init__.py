"""The ``tractor`` command line (click); installed as ``tractor_analysis.cli``.

:func:`run` is the console script: it imports the command group (click, the engine, the readers:
a few tenths of a second) under the same Ctrl-C rule as the commands themselves, one bilingual
line and exit 130, never a traceback.

It also caps OpenBLAS (numpy's linear algebra, loaded with numpy, which pyarrow imports) at one
thread unless ``OPENBLAS_NUM_THREADS`` is already set: no command does linear algebra, and the
threads OpenBLAS starts at load spin on the other cores.  Measured (bench/README.md, issue 27, eighth pass):
importing numpy took 0.29–0.31 CPU-s against 0.15–0.16 with one thread, on the same 0.18–0.19 s
of wall time, and ``tractor ingest`` of 2,015 hands 2.17–2.31 → 1.73–2.14 CPU-s.
"""
from __future__ import annotations

import os
import sys


def run() -> None:
    """The ``tractor`` command: :func:`tractor_analysis.cli.main.main`, imported here."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    try:
        from .main import main
    except KeyboardInterrupt:
        sys.stderr.write("interrupted / 已中断\n")
        sys.exit(130)
    main()
