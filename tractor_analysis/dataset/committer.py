"""The ingest's commit side: batches written by workers (:class:`Flushed`) are committed into the
dataset by one :class:`Committer` in the parent (:func:`~.commit.commit_batches`, under the lock),
which adds up what they held into the run's :class:`IngestSummary`.  Shared by the local ingest
(:mod:`.pipeline`) and the Dask ingest (:mod:`.dask_ingest`), so both store exactly the same rows.
A batch that cannot be written or committed is an :class:`IngestError` naming its files.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import pyarrow.parquet as pq

from .arrow_columns import read_part
from .commit import Manifest, commit_batches, remove_temp_parts
from .schema import DatasetError, printable


class IngestError(Exception):
    """A batch that could not be written or committed: the files it held are not in the dataset
    (``lost``); the batches committed before it stay.  The message is bilingual."""

    def __init__(self, message: str, lost: list[str] | tuple[str, ...] = ()) -> None:
        super().__init__(message, tuple(lost))

    @property
    def lost(self) -> tuple[str, ...]:
        return self.args[1]

    def __str__(self) -> str:
        return self.args[0]


def _lost_error(what_en: str, what_zh: str, exc: BaseException, paths: list[str] | tuple[str, ...]) -> IngestError:
    shown = ", ".join(printable(p) for p in paths[:10]) + (f" and {len(paths) - 10} more" if len(paths) > 10 else "")
    reason = f"{type(exc).__name__}: {printable(str(exc))[:300]}"
    return IngestError(
        f"{what_en} ({reason}): {len(paths)} file(s) not stored: {shown}; the batches committed before stay in "
        f"the dataset, files not read yet were not added, and running the same command again adds the rest / "
        f"{what_zh}（{type(exc).__name__}）：{len(paths)} 个文件未存入：{shown}；此前已提交的批次保留，尚未读取的文件"
        f"未导入，再次运行同一命令即可补上其余文件", paths)


@dataclass(frozen=True, slots=True)
class Flushed:
    """One batch a worker wrote to temporary parts, waiting for the commit."""

    batch: str
    tmp: dict[str, str]
    shas: list[str]
    files: int
    hands: int
    bad_files: int
    errors: int
    violations: int
    matches: int
    unreadable: int = 0
    rss_kb: int = 0
    """Peak resident memory of the process that wrote the batch (ru_maxrss)."""
    paths: tuple[str, ...] = ()
    """The files the batch holds (named when it cannot be committed)."""
    more: tuple["Flushed", ...] = ()
    """Batches committed together with this one, in one publication (the further batches of
    one big file, so that its matches appear together or not at all)."""


@dataclass(frozen=True, slots=True)
class IngestSummary:
    files: int
    """Input files found."""
    added: int
    """Files whose rows were committed by this run."""
    skipped: int
    """Files already in the dataset (same content hash): nothing added."""
    with_errors: int
    """Added files with parser diagnostics or unreadable (their rows are in ``errors``)."""
    matches: int
    hands: int
    violations: int
    errors: int
    seconds: float
    unreadable: int = 0
    """Inputs that could not be read at all (counted even when an earlier run stored them)."""
    peak_rss_mb: float = 0.0
    """Largest peak resident memory of the processes that parsed and wrote (MB)."""

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else 0.0


def peak_rss_kb() -> int:
    """Peak resident memory of this process in KiB, where the system says (``resource`` on
    POSIX: Linux counts KiB, macOS bytes); 0 where it does not (Windows).  ``resource`` is
    imported here, never at module import time, so the module imports everywhere."""
    try:
        import resource
    except ImportError:          # pragma: no cover - Windows
        return 0
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss // 1024 if sys.platform == "darwin" else rss


class Committer:
    """Commits flushed batches into the dataset at ``root`` (:func:`~.commit.commit_batches`, under the
    lock) and adds up what they held; shared by the local ingest and the Dask ingest
    (:mod:`.dask_ingest`), so both store exactly the same rows."""

    def __init__(self, root: str, manifest: Manifest) -> None:
        self.root = root
        self.manifest = manifest
        self.totals = {"added": 0, "with_errors": 0, "matches": 0, "hands": 0, "violations": 0, "errors": 0,
                       "unreadable": 0}
        self.peak = peak_rss_kb()

    def commit(self, f: Flushed) -> None:
        """Commit ``f`` and the batches published with it (``f.more``) in one publication."""
        group = (f, *f.more)
        totals = self.totals
        for g in group:
            totals["unreadable"] += g.unreadable
            self.peak = max(self.peak, g.rss_kb)
        try:
            dup = commit_batches(self.root, [(g.tmp, g.batch, g.shas) for g in group], self.manifest)
        except BaseException as exc:
            for g in group:
                remove_temp_parts(g.tmp)
            paths = tuple(dict.fromkeys(p for g in group for p in g.paths))
            if isinstance(exc, (DatasetError, IngestError)) or not isinstance(exc, Exception):
                raise
            raise _lost_error("cannot commit a batch to the dataset", "无法提交到数据集", exc, paths) from None
        for g in group:
            if dup & set(g.shas):   # a concurrent ingest committed some of these files first
                _note_dup(totals, g, dup)
                continue
            totals["added"] += g.files
            totals["with_errors"] += g.bad_files
            totals["matches"] += g.matches
            totals["hands"] += g.hands
            totals["violations"] += g.violations
            totals["errors"] += g.errors

    def summary(self, files: int, seconds: float) -> IngestSummary:
        return IngestSummary(files=files, skipped=files - self.totals["added"], seconds=seconds,
                             peak_rss_mb=self.peak / 1024, **self.totals)


def _note_dup(totals: dict, f: Flushed, dup: set[str]) -> None:
    """Count what a partly duplicate batch added (re-read from its committed files part)."""
    part = read_part(Path(f.tmp["files"]).with_name(f"part-{f.batch}.parquet"))
    rows = part.to_pylist()
    totals["added"] += len(rows)
    totals["with_errors"] += sum(r["status"] != "ok" for r in rows)
    totals["matches"] += sum(r["matches"] for r in rows)
    totals["hands"] += sum(r["hands"] for r in rows)
    totals["violations"] += sum(r["violations"] for r in rows)
    totals["errors"] += sum(r["errors"] for r in rows)
