"""Writing a batch safely: temporary parts, the dataset lock, the commit protocol, recovery.

A batch's parts are written under hidden temporary names, then renamed into place under
the lock, the ``files`` part last (a batch is committed exactly when its ``files`` part
exists); see :mod:`.schema` for the layout and ``docs/dataset.md`` for what a reader may
rely on.

On POSIX the renames of one commit are done by a tiny detached *publisher* process (its own
session, holding the lock through an inherited descriptor), so a SIGKILL or Ctrl-C of the
ingest in the middle of a commit never leaves part of a batch visible: the publisher
finishes it (:func:`publish`).  Where it cannot be started (Windows) the renames are done
in this process, with Ctrl-C deferred during them.
"""
from __future__ import annotations


import contextlib
import errno
import glob
import os
import shutil
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Iterator

import pyarrow as pa
import pyarrow.parquet as pq
from .arrow_columns import column, read_part
from .duplicates import mark_duplicates
from .schema import ARROW_USED, CHILD_TABLES, TABLES, DatasetError


# --- writing: temporary parts, lock, commit ------------------------------------

def new_batch() -> str:
    """A unique batch name: the ingest's pid (so stale temporaries can be told apart) and a uuid."""
    return f"{os.getpid()}-{uuid.uuid4().hex[:12]}"


def _tmp_path(root: str | os.PathLike, table: str, batch: str) -> str:
    return str(Path(root, table, f".part-{batch}.parquet.tmp"))


def _part_path(root: str | os.PathLike, table: str, batch: str) -> str:
    return str(Path(root, table, f"part-{batch}.parquet"))


def ensure_dataset(root: str | os.PathLike) -> None:
    """Create the dataset folder with every table folder in it, atomically: a new dataset is
    built as a hidden sibling folder and renamed into place, so the folder never exists
    without its table folders (a reader never meets a missing table, even after a kill)."""
    root = Path(os.path.abspath(root))
    if not root.exists():
        root.parent.mkdir(parents=True, exist_ok=True)
        _remove_dead_staging(root)
        staging = root.parent / f".{root.name}.tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        try:
            staging.mkdir()
        except PermissionError:
            raise DatasetReadOnly(errno.EACCES, "read-only", str(root.parent)) from None
        try:
            for t in TABLES:
                (staging / t).mkdir()
            os.rename(staging, root)      # fails when another process created it meanwhile
        except OSError:
            if not root.is_dir():
                raise
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    for t in TABLES:   # a folder made by hand, or by a version before a table existed
        Path(root, t).mkdir(exist_ok=True)


def _remove_dead_staging(root: Path) -> None:
    """Remove hidden staging folders of this dataset left by a process killed while creating it."""
    for old in root.parent.glob(glob.escape(f".{root.name}.tmp-") + "*"):
        pid = old.name[len(f".{root.name}.tmp-"):].split("-", 1)[0]
        if pid.isdigit() and not _pid_alive(int(pid)):
            shutil.rmtree(old, ignore_errors=True)


class DatasetReadOnly(PermissionError):
    """The dataset (or one of its folders, or its lock file) cannot be written: the message
    names the path and is bilingual."""

    def __str__(self) -> str:
        path = self.filename
        return (f"the dataset cannot be written: {path} is read-only (no write permission for this user); "
                f"make it writable (chmod u+w), or ingest into another folder / 无法写入数据集：{path} 只读"
                f"（当前用户没有写权限）；请改为可写，或导入到其他文件夹")


def check_writable(root: str | os.PathLike) -> None:
    """:class:`DatasetReadOnly` naming the first of the dataset folder, its table folders and
    its ``_lock`` file that this user cannot write (checked before anything is read or
    written, so an ingest into a read-only dataset stops at once with a clear message)."""
    paths = [Path(root)] + [Path(root, t) for t in TABLES] + [Path(root, "_lock")]
    for path in paths:
        if path.exists() and not os.access(path, os.W_OK):
            raise DatasetReadOnly(errno.EACCES, "read-only", str(path))


def write_temp_parts(root: str, tables: dict[str, pa.Table], batch: str) -> dict[str, str]:
    """Write a batch's tables to temporary names; ``{table: tmp path}``.  When a write fails
    the temporaries written so far are removed before the error is raised."""
    ensure_dataset(root)
    ARROW_USED[0] = True
    out = {}
    try:
        for name in TABLES:
            path = _tmp_path(root, name, batch)
            out[name] = path
            pq.write_table(tables[name], path, compression="zstd")
    except BaseException:
        remove_temp_parts(out)
        raise
    return out


def remove_temp_parts(tmp: dict[str, str]) -> None:
    """Delete a batch's temporary parts (those that exist)."""
    for path in tmp.values():
        with contextlib.suppress(OSError):
            os.remove(path)


@contextlib.contextmanager
def dataset_lock(root: str | os.PathLike) -> Iterator[int | None]:
    """Exclusive lock on ``DATASET/_lock``: ``flock`` on POSIX (the same lock :mod:`filelock`
    takes), :mod:`filelock`'s ``msvcrt`` locking on Windows.  Both are released by the
    operating system when the last process holding the lock dies, even by SIGKILL, so a killed
    ingest never leaves the dataset locked.  Yields the lock's file descriptor on POSIX (a
    publisher process inherits it, keeping the lock held until it is done), else ``None``."""
    Path(root).mkdir(parents=True, exist_ok=True)
    path = str(Path(root, "_lock"))
    try:
        from . import _posix_lock
    except ImportError:     # pragma: no cover - Windows
        from filelock import FileLock

        with FileLock(path):
            yield None
        return
    try:
        fd = _posix_lock.acquire(path)
    except PermissionError:
        raise DatasetReadOnly(errno.EACCES, "read-only", path) from None
    try:
        yield fd
    finally:
        os.close(fd)        # releases the lock unless a publisher still holds the descriptor


def part_files(root: str | os.PathLike, table: str) -> list[str]:
    return sorted(glob.glob(str(Path(glob.escape(str(root)), table, "part-*.parquet"))))


def batch_of(part: str | os.PathLike) -> str:
    return Path(part).name[len("part-"):-len(".parquet")]


class Manifest:
    """Content hashes already in the dataset, read from the ``files`` table (incrementally)."""

    def __init__(self, root: str) -> None:
        self.root = root
        self.seen_parts: set[str] = set()
        self.shas: set[str] = set()
        self.batches: set[str] = set()

    def refresh(self) -> "Manifest":
        ARROW_USED[0] = True
        for part in part_files(self.root, "files"):
            if part in self.seen_parts:
                continue
            try:
                col = read_part(part, columns=["source_sha256"]).column(0)
            except (pa.ArrowException, OSError) as exc:
                raise damaged_part(part, "files", exc) from None
            self.seen_parts.add(part)
            self.batches.add(batch_of(part))
            self.shas.update(col.to_pylist())
        return self


def damaged_part(part: str, table: str, exc: BaseException) -> DatasetError:
    what = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    hint_en = ("the dataset cannot tell which files it holds; restore the part from a backup, or move it away "
               "and ingest its files again" if table == "files" else
               "restore the part from a backup, or remove the batch (its part in every table) and ingest its "
               "files again")
    name = Path(part).name
    return DatasetError(f"damaged part {name} of the {table} table ({part}): {what}; {hint_en} / "
                        f"数据集 {table} 表的分块文件 {name} 已损坏，无法读取")


def _pid_alive(pid: int) -> bool:
    """Whether a process of this machine has the id ``pid`` and runs (``os.kill(pid, 0)`` on POSIX,
    and on Linux not a zombie; on Windows, where ``os.kill`` would terminate it, ``OpenProcess``
    through ctypes)."""
    if sys.platform == "win32":     # pragma: no cover - tested on Windows only
        import ctypes

        kernel32 = ctypes.windll.kernel32
        handle = kernel32.OpenProcess(0x1000, False, pid)     # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return ctypes.GetLastError() == 5                  # access denied: it exists
        code = ctypes.c_ulong()
        ok = kernel32.GetExitCodeProcess(handle, ctypes.byref(code))
        kernel32.CloseHandle(handle)
        return bool(ok) and code.value == 259                  # STILL_ACTIVE
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    try:        # Linux: a zombie (killed, not yet reaped by its parent) runs no more
        with open(f"/proc/{pid}/stat", "rb") as fh:
            return fh.read().rsplit(b")", 1)[1].split()[0] not in (b"Z", b"X")
    except (OSError, IndexError):
        return True


def recover(root: str) -> list[str]:
    """Delete what a killed ingest left behind; call under :func:`dataset_lock`.

    Committed parts whose batch has no ``files`` part (killed between renames) and
    temporary parts of ingests that are no longer running.  Returns the removed paths.
    """
    committed = {batch_of(p) for p in part_files(root, "files")}
    removed = []
    for t in CHILD_TABLES:
        for part in part_files(root, t):
            if batch_of(part) not in committed:
                os.remove(part)
                removed.append(part)
    for t in TABLES:   # temporaries are named after the process that wrote them
        for tmp in glob.glob(str(Path(glob.escape(str(root)), t, ".part-*.parquet.tmp"))):
            pid = Path(tmp).name[len(".part-"):].split("-", 1)[0]
            if pid.isdigit() and not _pid_alive(int(pid)):
                os.remove(tmp)
                removed.append(tmp)
    return removed


def _drop_shas(root: str, tmp: dict[str, str], drop: set[str], batch: str) -> None:
    """Rewrite a batch's temporary parts without the rows of the files in ``drop``."""
    import pyarrow.compute as pc        # here only: ≈0.09 s of every ingest process's start-up

    ARROW_USED[0] = True
    tables = {t: read_part(p) for t, p in tmp.items()}
    shas = column(sorted(drop), pa.string())
    match_ids = tables["matches"].filter(pc.is_in(tables["matches"]["source_sha256"], shas))["match_id"]
    ids = column(match_ids.to_pylist(), pa.string())
    for t, table in tables.items():
        if t in ("files", "errors", "matches"):
            keep = pc.invert(pc.is_in(table["source_sha256"], shas))
        else:
            keep = pc.invert(pc.is_in(pc.cast(table["match_id"], pa.string()), ids))
        pq.write_table(table.filter(keep), tmp[t], compression="zstd")


def commit_parts(root: str, tmp: dict[str, str], batch: str, shas: list[str],
                 manifest: Manifest) -> set[str]:
    """Commit one batch under the lock; returns the content hashes that were already
    committed (by an earlier or a concurrent ingest): their rows are dropped first."""
    return commit_batches(root, [(tmp, batch, shas)], manifest)


def commit_batches(root: str, batches: list[tuple[dict[str, str], str, list[str]]],
                   manifest: Manifest) -> set[str]:
    """Commit ``(tmp parts, batch, content hashes)`` of one or more batches as one publication
    under the lock (the batches of one big file: its matches appear together or not at all):
    every child part first, the ``files`` parts last.  Returns the content hashes that were
    already committed; their rows are dropped from each batch first."""
    with dataset_lock(root) as lock_fd:
        recover(root)
        manifest.refresh()
        dup: set[str] = set()
        pending: dict[str, str] = {}     # first copies in the batches before, in this publication
        for tmp, batch, shas in batches:
            mine = set(shas) & manifest.shas
            if mine:
                _drop_shas(root, tmp, mine, batch)
                dup |= mine
            mark_duplicates(root, tmp["matches"], pending, tmp.get("files"))    # a match already stored: duplicate_of
        renames = [(tmp[t], _part_path(root, t, batch)) for tmp, batch, _ in batches for t in CHILD_TABLES]
        # the commit point: the files parts, last
        renames += [(tmp["files"], _part_path(root, "files", batch)) for tmp, batch, _ in batches]
        publish(renames, lock_fd)
        manifest.refresh()
        return dup


# --- publishing a commit's renames ---------------------------------------------------

PUBLISHER_ENV = "TRACTOR_PUBLISHER"
"""``inprocess`` makes the commit rename the parts in the ingest process itself (the path used
where no publisher process can be started); anything else: a detached publisher on POSIX."""

PAUSE_ENV = "TRACTOR_TEST_PAUSE_BETWEEN_RENAMES"
"""Test only: seconds to sleep between two renames of one commit, so a crash test can kill the
ingest exactly in the middle of a commit.  Read only here."""

_PUBLISHER = r"""
import os, sys, time
pause = float(sys.argv[1])
pairs = list(zip(sys.argv[2::2], sys.argv[3::2]))
done = []
try:
    for i, (src, dst) in enumerate(pairs):
        if i and pause:
            time.sleep(pause)
        os.replace(src, dst)
        done.append((src, dst))
except OSError as exc:
    for src, dst in reversed(done):   # not committed (the files part is last): hide its parts again
        try:
            os.replace(dst, src)
        except OSError:
            try:
                os.remove(dst)
            except OSError:
                pass
    try:
        sys.stderr.write("%d	%s	%s" % (exc.errno or 0, exc.filename or "", exc.strerror or exc))
        sys.stderr.flush()
    except OSError:
        pass
    sys.exit(3)
"""


def _pause() -> float:
    try:
        return max(0.0, float(os.environ.get(PAUSE_ENV, "") or 0))
    except ValueError:
        return 0.0


def publish(renames: list[tuple[str, str]], lock_fd: int | None) -> None:
    """Rename a commit's parts into place, in order, all or none.

    With a lock descriptor (POSIX) and unless ``$TRACTOR_PUBLISHER=inprocess``, a detached
    process (own session: a Ctrl-C to the terminal's process group or a SIGKILL of the ingest
    does not reach it) does the renames while holding the inherited lock, and this process waits
    for it.  Otherwise, or when it cannot be started, the renames happen here.  Either way
    SIGINT and SIGTERM are blocked meanwhile (POSIX), so a Ctrl-C takes effect once the commit
    is done.  When a rename fails, the parts renamed so far are moved back (the batch stays
    uncommitted) and the :class:`OSError` is raised."""
    pause = _pause()
    mask = getattr(signal, "pthread_sigmask", None)
    old = mask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM}) if mask is not None else None
    held = _hold_sigint()
    try:
        if lock_fd is not None and os.environ.get(PUBLISHER_ENV, "").strip() != "inprocess":
            args = [sys.executable, "-I", "-S", "-c", _PUBLISHER, repr(pause)]
            for src, dst in renames:
                args += [src, dst]
            try:
                proc = subprocess.Popen(args, pass_fds=(lock_fd,), start_new_session=True,
                                        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            except OSError:
                proc = None
            if proc is not None and _await_publisher(proc, renames):
                return
        _publish_in_process(renames, pause)
    finally:
        if mask is not None:
            mask(signal.SIG_SETMASK, old)
        _release_sigint(held)


def _hold_sigint():
    """In the main thread: SIGINT's Python handler replaced, until :func:`_release_sigint`, by one that
    only notes the signal.  The mask above keeps SIGINT from this thread, but the kernel may hand it
    to another (the pool's helper threads, Arrow's), and Python then runs the handler here at any
    point: inside ``Popen`` after the publisher has started, the commit was left to itself while
    this process removed the batch's parts (``tests/test_ingest_faults.py``'s Ctrl-C in the middle of
    a commit failed about once in ten runs with two workers).  ``None`` when nothing is replaced."""
    import threading

    if threading.current_thread() is not threading.main_thread():
        return None
    previous = signal.getsignal(signal.SIGINT)
    if not callable(previous):
        return None
    noted: list = []
    signal.signal(signal.SIGINT, lambda signum, frame: noted.append(frame))
    return previous, noted


def _release_sigint(held) -> None:
    """The handler :func:`_hold_sigint` replaced put back, and run if a SIGINT came meanwhile (the
    usual ``KeyboardInterrupt``, now that the commit is done)."""
    if held is None:
        return
    previous, noted = held
    signal.signal(signal.SIGINT, previous)
    if noted:
        previous(signal.SIGINT, noted[0])


def _await_publisher(proc: subprocess.Popen, renames: list[tuple[str, str]]) -> bool:
    """Wait for the publisher: ``True`` when the batch got committed; its :class:`OSError` when a
    rename failed; ``False`` (nothing renamed) when it failed before renaming anything without
    saying why (an interpreter that does not run the publisher): the caller renames in process."""
    interrupted = False
    while True:
        try:
            code = proc.wait()
            break
        except KeyboardInterrupt:       # (delivered to another thread): let the commit finish, then stop
            interrupted = True
    with proc.stderr:                   # type: ignore[union-attr]
        report = proc.stderr.read().decode("utf-8", "replace")   # type: ignore[union-attr]
    if not os.path.exists(renames[-1][1]):      # not committed: undo what a killed publisher left
        _undo(renames)
        num, tab, rest = report.partition("\t")
        if code < 0:
            raise OSError(errno.EINTR, f"the commit's publisher process was killed (signal {-code})")
        if not (tab and num.isdigit()):         # not the publisher's report: it did not run
            if all(os.path.exists(src) for src, _ in renames):
                return False
            raise OSError(errno.EIO, f"the commit's publisher failed (exit status {code}): {report.strip()[:300]}")
        name, _, why = rest.partition("\t")
        raise OSError(int(num), why, name or None)
    if interrupted:
        raise KeyboardInterrupt
    return True


def _undo(renames: list[tuple[str, str]]) -> None:
    """Move back the parts of an uncommitted batch (its ``files`` part, the last, is not in place)."""
    if os.path.exists(renames[-1][1]):
        return
    for src, dst in renames:
        with contextlib.suppress(OSError):
            if os.path.exists(dst):
                os.replace(dst, src)


def _publish_in_process(renames: list[tuple[str, str]], pause: float) -> None:
    """The renames in this process.  A Ctrl-C that reaches it anyway (the signal mask is
    per thread: the kernel may hand SIGINT to one of Arrow's threads) is held until the
    last rename is done."""
    interrupted, paused, i = False, 0, 0
    while i < len(renames):
        src, dst = renames[i]
        try:
            if i > paused and pause:
                paused = i
                time.sleep(pause)
            if os.path.exists(src) or not os.path.exists(dst):    # (not done before the interrupt)
                os.replace(src, dst)
            i += 1
        except KeyboardInterrupt:
            interrupted = True
        except OSError:
            _undo(renames)
            raise
    if interrupted:
        raise KeyboardInterrupt
