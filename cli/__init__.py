"""The ``tractor`` command line (click); installed as ``tractor_analysis.cli``.

:func:`run` is the console script: it imports the command group (click, the engine, the readers:
a few tenths of a second) under the same Ctrl-C rule as the commands themselves, one bilingual
line and exit 130, never a traceback.
"""
from __future__ import annotations

import sys


def run() -> None:
    """The ``tractor`` command: :func:`tractor_analysis.cli.main.main`, imported here."""
    try:
        from .main import main
    except KeyboardInterrupt:
        sys.stderr.write("interrupted / 已中断\n")
        sys.exit(130)
    main()
