"""Preloaded first by the forkserver of a parallel ingest (never imported elsewhere): on Linux the
forkserver gets SIGKILL when the ingest process dies (``PR_SET_PDEATHSIG``), and with it, through
their own death signal, the workers it forked.  Without it the forkserver only notices the death
when its pipe to the ingest reaches end of file, while its workers may still be writing.

It also ignores Ctrl-C: the forkserver hands its signal handlers, as they are after the
preload, to the workers it forks, so a Ctrl-C to the terminal's process group between a
worker's fork and its initializer (which ignores SIGINT too) does not print a traceback; the
ingest stops the pool itself."""
from __future__ import annotations

import sys


def _guard() -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except Exception:  # pragma: no cover - no prctl
        pass


_guard()
