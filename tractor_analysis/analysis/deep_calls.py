"""Deep recursion without the interpreter's stack-chunk churn.

CPython 3.11 keeps Python frames in chunks of 16 KiB that it maps when the call depth runs past the
end of one and unmaps as soon as the depth comes back: a search that keeps stepping back and forth
across such an end maps and unmaps a chunk at every step.  Where the ends fall depends only on how
deep the caller's stack happens to be, so the same endgame solve took 12 s in one process and 23 s
in another (1.8 M page faults against 0.3 M, 11 s of system time: ``bench/README.md``).

:func:`in_one_chunk` calls a function from a frame so large (about 128 KiB of local slots) that the
interpreter gives it a chunk of its own, twice its size: the recursion below runs in the other half
whatever the caller's depth (a search's frames take a few KiB per trick; deeper, it is chunked as
usual).  The slots are never used; one call costs some tens of microseconds.
"""
from __future__ import annotations

import threading
from typing import Callable, TypeVar

T = TypeVar("T")

SLOTS = 16_000
"""Local slots of the calling frame (8 bytes each): past half a 256 KiB chunk, so it gets its own."""

_runner: Callable | None = None
_here = threading.local()
"""``_here.inside``: how many :func:`in_one_chunk` frames are on this thread's stack (each thread has
its own frames, and its own chunks)."""


def in_one_chunk(fn: Callable[[], T], reuse: bool = False) -> T:
    """``fn()``, called from a frame with its own stack chunk (see the module docstring).

    ``reuse``: when already inside such a frame, call ``fn()`` where it is — for a caller whose own
    frames below stay shallow (the compiled search: its recursion is in C, and the Python it calls
    back sits a few frames down, well inside the chunk the outer frame got).  A frame of its own
    costs about 75 µs (the chunk mapped, its slots cleared, unmapped again): 0.44 of the 9 CPU-s of
    ``ingest --analyse 8`` on 24 hands, one per search (bench/README.md, issue 23, seventeenth part)."""
    global _runner
    inside = getattr(_here, "inside", 0)
    if reuse and inside:
        return fn()
    if _runner is None:
        names = " = ".join(f"_{i}" for i in range(SLOTS))
        source = f"def run(fn):\n    if fn is None:\n        {names} = None\n    return fn()\n"
        scope: dict = {}
        exec(compile(source, "<in_one_chunk>", "exec"), scope)
        _runner = scope["run"]
    _here.inside = inside + 1
    try:
        return _runner(fn)
    finally:
        _here.inside = inside


__all__ = ["SLOTS", "in_one_chunk"]
