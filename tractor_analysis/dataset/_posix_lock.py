"""The dataset lock on POSIX: ``flock`` on ``DATASET/_lock`` (the lock :mod:`filelock` takes too),
kept in its own module so :mod:`.commit` imports on Windows, which has no ``fcntl``."""
from __future__ import annotations

import fcntl
import os


def acquire(path: str) -> int:
    """Open ``path`` (created if missing) and wait for an exclusive ``flock`` on it; the descriptor.
    ``PermissionError`` when it cannot be opened for writing."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
    except BaseException:
        os.close(fd)
        raise
    return fd
