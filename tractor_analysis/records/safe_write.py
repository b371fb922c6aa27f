"""Writing a file so that no reader ever sees half of it: a temporary file in the target's
folder, then a rename (the house rule for every output).  A symbolic link is kept (its
target is written); a device or pipe is written to directly, never replaced."""
from __future__ import annotations

import errno
import os
import stat

__all__ = ["write_text_atomic", "umask"]


def write_text_atomic(path: str | os.PathLike, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` through a temporary file and a rename.

    Only a regular file (or a new name) is replaced that way.  A symbolic link is kept:
    the file it points to is written (atomically, in that file's folder).  A path that
    exists and is not a regular file (``/dev/null``, a named pipe, a terminal) is written
    to directly, never removed or replaced; a folder is refused (``IsADirectoryError``).
    """
    path = os.fspath(path)
    target = os.path.realpath(path) if os.path.islink(path) else path
    if os.path.islink(target):                       # a loop of links: realpath gave up
        raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), path)
    try:
        st = os.stat(target)
    except FileNotFoundError:
        st = None
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
    if st is not None and not stat.S_ISREG(st.st_mode):
        with open(target, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
        return
    import tempfile     # (here: with shutil, bz2, lzma and random, ≈ 4 ms of every start of the package)

    folder = os.path.dirname(os.path.abspath(target))
    fd, tmp = tempfile.mkstemp(prefix=".tractor-", suffix=".tmp", dir=folder)
    try:
        # mkstemp makes the file 0600: give it the mode the file has, or a new file's
        os.chmod(tmp, stat.S_IMODE(st.st_mode) if st is not None else 0o666 & ~umask())
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def umask() -> int:
    """The process's file-mode creation mask (read without changing it)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask
