"""An ingest worker: its start method, its state (:data:`_W`, set by :func:`_worker_init`), its
life (it dies with the ingest and leaves Ctrl-C to it, SIGINT blocked while a pool starts) and the
counters of its progress.  The pool and the work it does are :mod:`.pipeline`'s; a Dask task
(:mod:`.dask_ingest`) sets up the same state in its thread.
"""
from __future__ import annotations

import os
import sys
import threading
import uuid
from pathlib import Path

from .commit import _pid_alive, new_batch
from ..records.frozen import fewer_collections
from ..records.limits import DEFAULT_MAX_BYTES


START_METHOD_ENV = "TRACTOR_START_METHOD"
"""Environment variable naming the multiprocessing start method of a parallel ingest
(``fork``, ``forkserver`` or ``spawn``), overriding the choice of :func:`start_method`."""


def start_method(arrow_used: bool) -> str:
    """The start method of a parallel ingest's worker processes.

    ``$TRACTOR_START_METHOD`` when set; else ``fork`` on Linux before this process touched
    Parquet (cheapest; Arrow's thread pools make a later fork unsafe), ``forkserver`` on
    Linux after; ``spawn`` elsewhere (Windows has nothing else, and macOS's system
    libraries are not fork-safe).  Workers rely on nothing a fork inherits: everything they
    need comes through :func:`_worker_init`'s arguments, which pickle."""
    import multiprocessing as mp

    chosen = os.environ.get(START_METHOD_ENV, "").strip()
    available = mp.get_all_start_methods()
    if chosen:
        if chosen not in available:
            raise ValueError(f"{START_METHOD_ENV}={chosen!r}: this system offers {', '.join(available)} / "
                             f"{START_METHOD_ENV} 的取值在本系统上不可用")
        return chosen
    if sys.platform.startswith("linux"):
        return "forkserver" if arrow_used else "fork"
    return "spawn"


POOL_STOP_SECONDS = 10.0
"""How long :func:`stop_pool` waits for a pool to stop before it kills the workers itself."""


def stop_pool(pool, seconds: float = POOL_STOP_SECONDS) -> bool:
    """Stop a pool and its workers (an interrupted ingest's; a report's drawing pool, at its end):
    ``pool.terminate()`` then ``pool.join()``, given at most ``seconds``; ``False`` when they did
    not end in that time.

    CPython's ``terminate`` can wait for good: it ends the workers with SIGTERM, and one ended
    while it held the lock of the results' queue leaves that lock held; the pool's task handler then
    waits on it to post its last message, and ``terminate`` waits on the task handler (seen once in
    a test of Ctrl-C during an ingest of two workers: the ingest never exited).  So the two run in
    a thread of their own; past ``seconds`` the workers still alive are killed here and waited for,
    and the pool's threads, daemons, are left blocked (the interpreter's exit does not wait for
    them, and the pool's finaliser, already run, does not run again)."""
    done = threading.Event()

    def stop() -> None:
        pool.terminate()
        pool.join()
        done.set()

    threading.Thread(target=stop, name="tractor-pool-stop", daemon=True).start()
    if done.wait(seconds):
        return True
    workers = list(getattr(pool, "_pool", ()))
    for p in workers:
        if p.exitcode is None:
            p.kill()
    for p in workers:
        p.join(5.0)
    return False


class _WorkerState(threading.local):
    """Per-thread state of an ingest worker (set by :func:`_worker_init`): a pool process has one
    thread, a Dask worker may run several tasks at once, each in its own thread."""

    def __init__(self) -> None:
        self.data: dict = {}

    def __getitem__(self, key: str):
        return self.data[key]

    def __setitem__(self, key: str, value) -> None:
        self.data[key] = value

    def __contains__(self, key: str) -> bool:
        return key in self.data

    def get(self, key: str, default=None):
        return self.data.get(key, default)

    def update(self, **values) -> None:
        self.data.update(values)

    def clear(self) -> None:
        self.data.clear()


_W = _WorkerState()
"""State of this thread's ingest worker."""


def _worker_init(root: str, known: frozenset[str], choice, label: str | None, flush_hands: int,
                 counters, die_with_parent: bool | int, base: str | None = None, prefix: str | None = None,
                 max_bytes: int = DEFAULT_MAX_BYTES, analyse=None) -> None:
    """Set this worker's state.  ``base``: the folder relative input paths are read from (a Dask
    worker's own working folder is not the client's); ``prefix``: batch names start with it
    instead of this process's pid (a Dask task's temporaries are cleaned by its client);
    ``max_bytes``: the most bytes of one file read after gunzip (a bigger one is ``too_large``);
    ``die_with_parent``: a pool worker of a local ingest (the ingest's pid, or ``True``): it dies
    with the ingest and ignores Ctrl-C (the ingest stops the pool itself)."""
    if die_with_parent:
        import signal

        # Ctrl-C reaches the whole process group: the parent stops the pool itself
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        _die_with_parent(None if die_with_parent is True else int(die_with_parent))
    fewer_collections()
    _W.clear()
    _W.update(root=root, known=known, choice=choice, label=label, flush_hands=flush_hands,
              counters=counters, seen={}, base=base, prefix=prefix, max_bytes=max_bytes,
              analyse=analyse)


def _new_batch() -> str:
    prefix = _W.get("prefix")
    return f"{prefix}-{uuid.uuid4().hex[:12]}" if prefix else new_batch()


def _where(path: str) -> Path:
    """Where to read ``path`` from: relative paths under the worker's ``base`` when it has one."""
    base = _W.get("base")
    p = Path(path)
    return p if base is None or p.is_absolute() else Path(base) / p


def _die_with_parent(ingest_pid: int | None = None) -> None:
    """Linux: this worker gets SIGKILL when its parent dies (``PR_SET_PDEATHSIG``), so no
    worker outlives a killed ingest.

    The signal fires when the *thread* that forked the worker ends: :func:`ingest` creates the
    pool in its calling thread (the main thread of ``tractor ingest``), which lives as long as
    the process; a forkserver's workers are forked by the forkserver's only thread, and the
    forkserver itself dies with the ingest (:mod:`._forkserver_guard`).  ``ingest_pid``: when
    the ingest died before this call (between the fork and here, where the death signal would
    be missed), the worker exits at once."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes
        import signal
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except Exception:  # pragma: no cover - no prctl
        return
    if ingest_pid is not None and os.getppid() != ingest_pid and not _pid_alive(ingest_pid):
        os._exit(1)


def _block_sigint():
    """Block SIGINT in this thread (POSIX); what :func:`_unblock` needs to restore the mask."""
    import signal

    mask = getattr(signal, "pthread_sigmask", None)
    return None if mask is None else mask(signal.SIG_BLOCK, {signal.SIGINT})


def _unblock(previous) -> None:
    import signal

    if previous is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _count(counters, files: int, hands: int) -> None:
    if counters is None:
        return
    files_done, hands_done = counters
    if isinstance(files_done, list):
        files_done[0] += files
        hands_done[0] += hands
    else:
        with files_done.get_lock():
            files_done.value += files
        with hands_done.get_lock():
            hands_done.value += hands
