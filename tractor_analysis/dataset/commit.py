"""Writing a batch safely: temporary parts, the dataset lock, the commit protocol, recovery.

A batch's parts are written under hidden temporary names, then renamed into place under
the lock, the ``files`` part last (a batch is committed exactly when its ``files`` part
exists); see :mod:`.schema` for the layout and ``docs/dataset.md`` for what a reader may
rely on.
"""
from __future__ import annotations


import contextlib
import fcntl
import glob
import os
import uuid
from typing import Iterator

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
from .duplicates import mark_duplicates
from .schema import ARROW_USED, CHILD_TABLES, TABLES, DatasetError


# --- writing: temporary parts, lock, commit ------------------------------------

def new_batch() -> str:
    """A unique batch name: the ingest's pid (so stale temporaries can be told apart) and a uuid."""
    return f"{os.getpid()}-{uuid.uuid4().hex[:12]}"


def _tmp_path(root: str, table: str, batch: str) -> str:
    return os.path.join(root, table, f".part-{batch}.parquet.tmp")


def _part_path(root: str, table: str, batch: str) -> str:
    return os.path.join(root, table, f"part-{batch}.parquet")


def ensure_dataset(root: str) -> None:
    for t in TABLES:
        os.makedirs(os.path.join(root, t), exist_ok=True)


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
def dataset_lock(root: str) -> Iterator[None]:
    """Exclusive ``flock`` on ``DATASET/_lock`` (released when the process dies, even by SIGKILL)."""
    os.makedirs(root, exist_ok=True)
    fd = os.open(os.path.join(root, "_lock"), os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def part_files(root: str, table: str) -> list[str]:
    return sorted(glob.glob(os.path.join(glob.escape(root), table, "part-*.parquet")))


def batch_of(part: str) -> str:
    return os.path.basename(part)[len("part-"):-len(".parquet")]


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
                col = pq.read_table(part, columns=["source_sha256"]).column(0)
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
    return DatasetError(f"damaged part {os.path.basename(part)} of the {table} table ({part}): {what}; {hint_en} / "
                        f"数据集 {table} 表的分块文件 {os.path.basename(part)} 已损坏，无法读取")


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
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
        for tmp in glob.glob(os.path.join(glob.escape(root), t, ".part-*.parquet.tmp")):
            pid = os.path.basename(tmp)[len(".part-"):].split("-", 1)[0]
            if pid.isdigit() and not _pid_alive(int(pid)):
                os.remove(tmp)
                removed.append(tmp)
    return removed


def _drop_shas(root: str, tmp: dict[str, str], drop: set[str], batch: str) -> None:
    """Rewrite a batch's temporary parts without the rows of the files in ``drop``."""
    ARROW_USED[0] = True
    tables = {t: pq.read_table(p) for t, p in tmp.items()}
    shas = pa.array(sorted(drop), pa.string())
    match_ids = tables["matches"].filter(pc.is_in(tables["matches"]["source_sha256"], shas))["match_id"]
    ids = pa.array(match_ids.to_pylist(), pa.string())
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
    with dataset_lock(root):
        recover(root)
        manifest.refresh()
        dup = set(shas) & manifest.shas
        if dup:
            _drop_shas(root, tmp, dup, batch)
        mark_duplicates(root, tmp["matches"])     # a match already in the dataset: duplicate_of
        for t in CHILD_TABLES:
            os.replace(tmp[t], _part_path(root, t, batch))
        os.replace(tmp["files"], _part_path(root, "files", batch))
        manifest.refresh()
        return dup
