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

from ..engine.verdicts import ABOUT_RECORD
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
    """The :class:`IngestError` of a batch that was not stored.  Only an ``OSError`` (a full disk, a
    folder that cannot be written) may pass when the command is run again; any other error comes
    from the files' rows and comes back on every run: the message then says so and does not
    promise that running the command again adds the rest."""
    shown = ", ".join(printable(p) for p in paths[:10]) + (f" and {len(paths) - 10} more" if len(paths) > 10 else "")
    reason = f"{type(exc).__name__}: {printable(str(exc))[:300]}"
    if isinstance(exc, OSError):
        again_en = "and running the same command again (once the cause is fixed) adds the rest"
        again_zh = "排除原因后再次运行同一命令即可补上其余文件"
    else:
        again_en = ("and running the same command again stops at the same file(s): leave them out to add the "
                    "rest, and please report the error with them")
        again_zh = "再次运行同一命令仍会在这些文件处停止：去掉这些文件即可补上其余文件，并请附上这些文件报告此问题"
    return IngestError(
        f"{what_en} ({reason}): {len(paths)} file(s) not stored: {shown}; the batches committed before stay in "
        f"the dataset, files not read yet were not added, {again_en} / "
        f"{what_zh}（{type(exc).__name__}）：{len(paths)} 个文件未存入：{shown}；此前已提交的批次保留，尚未读取的文件"
        f"未导入；{again_zh}", paths)


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
    unreadable_words: tuple[tuple[str, str, str], ...] = ()
    """``(key, path, message)`` of each input of the batch that could not be read (``key``: its
    ``unreadable:<absolute path>`` in place of a content hash), so that a path stored as
    unreadable by an earlier ingest, whose rows the commit drops, is still named."""
    record_findings: int = 0
    """The batch's findings about the record alone (``violations`` rows with ``about`` ``record``), not
    counted in ``violations`` (the play's), as ``check`` counts them apart."""


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
    """Violations of the play (a player's or the table's), as ``check`` counts them."""
    errors: int
    seconds: float
    unreadable: int = 0
    """Inputs that could not be read at all (counted even when an earlier run stored them)."""
    peak_rss_mb: float = 0.0
    """Largest peak resident memory of the processes that parsed and wrote (MB)."""
    skipped_with_errors: tuple[str, ...] = ()
    """Inputs skipped (their content already stored by an earlier ingest) whose stored ``files``
    row is not ``ok``: their errors are in the dataset, from that ingest (a re-run shows them)."""
    copies: tuple[tuple[str, str], ...] = ()
    """``(path, first path)`` of each input whose bytes equal those of an earlier input of this
    run (``first path``): not stored twice, and not counted in ``skipped``."""
    unreadable_again: tuple[tuple[str, str], ...] = ()
    """``(path, message)`` of each input that could not be read and that an earlier ingest stored
    as unreadable already (its rows not stored twice): counted in ``unreadable``, not in
    ``skipped``, and named with why it cannot be read now."""
    record_findings: int = 0
    """Findings about the record alone (docs/rules.md §13.1): ``check``'s "record findings", not in ``violations``."""
    batches: tuple[str, ...] = ()
    """The batches this run committed, in order (a big file's first batches have an empty
    ``files`` part: its ``files`` row is in its last): where this run's rows are."""

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
                       "unreadable": 0, "record_findings": 0}
        self.peak = peak_rss_kb()
        self.batches: list[str] = []
        self.unreadable_again: list[tuple[str, str]] = []

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
        self.batches += [g.batch for g in group]
        for g in group:
            self.unreadable_again += [(path, words) for key, path, words in g.unreadable_words if key in dup]
            if dup & set(g.shas):   # a concurrent ingest committed some of these files first
                _note_dup(totals, g, dup)
                continue
            totals["added"] += g.files
            totals["with_errors"] += g.bad_files
            totals["matches"] += g.matches
            totals["hands"] += g.hands
            totals["violations"] += g.violations
            totals["record_findings"] += g.record_findings
            totals["errors"] += g.errors

    def summary(self, files: int, seconds: float, skipped: list[tuple] = ()) -> IngestSummary:
        """``skipped``: the inputs not read, each ``(path, content hash)`` or ``(path, content hash,
        None)`` when an earlier ingest stored that content, ``(path, content hash, first path)`` when
        an earlier input of this run has the same bytes."""
        stored = [(s[0], s[1]) for s in skipped if len(s) < 3 or s[2] is None]
        copies = tuple((s[0], s[2]) for s in skipped if len(s) > 2 and s[2] is not None)
        again = tuple(self.unreadable_again)
        return IngestSummary(files=files, skipped=files - self.totals["added"] - len(copies) - len(again),
                             seconds=seconds, peak_rss_mb=self.peak / 1024,
                             skipped_with_errors=stored_with_errors(self.root, stored), copies=copies,
                             unreadable_again=again, batches=tuple(self.batches), **self.totals)


NAME_ONLY_CODES = frozenset({"not_gzip"})
"""Diagnostics of a file's name, not of its bytes (``not_gzip``: a name ending in ``.gz`` on bytes that are no
gzip): an input with the same bytes under another name would not have them."""


def stored_with_errors(root: str, skipped: list[tuple[str, str]]) -> tuple[str, ...]:
    """The paths of ``skipped`` (``(path, content hash)`` of inputs already in the dataset) whose
    stored ``files`` row is not ``ok`` (parse errors, partly read), in order — each followed by the path it was
    stored as when that is another (``"b.tgn (stored as / 存为 a.tgn)"``: the tables name that one).  Not an input
    whose stored copy's only diagnostics are of that copy's name (:data:`NAME_ONLY_CODES`) and do not fit its own
    (a plain ``.tgn`` with the bytes of a ``.tgn.gz`` that is no gzip: the warning is the other name's)."""
    if not skipped:
        return ()
    from .reading import read_files_rows, read_table

    rows = read_files_rows(root, ["source_file", "source_sha256", "status"])
    bad: dict[str, str] = {}
    for path, sha, status in zip(*(rows.column(i).to_pylist() for i in range(3))):
        if status != "ok":
            bad.setdefault(sha, path)
    if not any(sha in bad for _, sha in skipped):
        return ()
    errors = read_table(root, "errors", ["source_sha256", "code"])
    codes: dict[str, set[str]] = {}
    for sha, code in zip(errors.column(0).to_pylist(), errors.column(1).to_pylist()):
        if sha in bad:
            codes.setdefault(sha, set()).add(code)
    out = []
    for path, sha in skipped:
        if sha not in bad:
            continue
        found = codes.get(sha, set())
        if found and found <= NAME_ONLY_CODES and not path.lower().endswith(".gz"):
            continue
        out.append(path if bad[sha] == path else f"{path} (stored as / 存为 {bad[sha]})")
    return tuple(out)


class InOrder:
    """Commits a run's units (a chunk of files, a split file) in the order of the run's files,
    whatever order the workers finish them in: unit ``i`` is committed once every unit before it
    is.  So the run's commits are those of a single process, and which copy of a match recorded
    twice counts (``duplicate_of``: the first committed) does not depend on the number of
    workers.  Units finished early wait as temporary parts (removed by recovery when the run is
    stopped); :meth:`close` raises when a unit never came, rather than leave files out unsaid."""

    def __init__(self, commit, units: int) -> None:
        self.commit = commit
        self.units = units
        self.next = 0
        self.ready: dict[int, list[Flushed]] = {}

    def put(self, unit: int, flushed) -> None:
        """Unit ``unit`` is done with the batches ``flushed`` (possibly none): commit it and any
        units after it that were waiting for it."""
        self.ready[unit] = list(flushed)
        while self.next in self.ready:
            for f in self.ready.pop(self.next):
                self.commit(f)
            self.next += 1

    def close(self) -> None:
        if self.next != self.units or self.ready:
            lost = sorted({p for fs in self.ready.values() for f in fs for g in (f, *f.more) for p in g.paths})
            raise IngestError(f"internal error: unit {self.next} of {self.units} of this ingest never finished, "
                              f"{len(lost)} file(s) after it not committed / 内部错误：导入单元 {self.next} 未完成，"
                              f"其后的文件未提交", lost)


def _note_dup(totals: dict, f: Flushed, dup: set[str]) -> None:
    """Count what a partly duplicate batch added (re-read from its committed files part)."""
    part = read_part(Path(f.tmp["files"]).with_name(f"part-{f.batch}.parquet"))
    rows = part.to_pylist()
    totals["added"] += len(rows)
    totals["with_errors"] += sum(r["status"] != "ok" for r in rows)
    totals["matches"] += sum(r["matches"] for r in rows)
    totals["hands"] += sum(r["hands"] for r in rows)
    viol = Path(f.tmp["violations"]).with_name(f"part-{f.batch}.parquet") if "violations" in f.tmp else None
    if viol is not None and viol.exists():      # the play's violations (a finding about the record alone is none)
        about = [r.get("about") for r in read_part(viol, ["about"]).to_pylist()]
        totals["violations"] += sum(a != ABOUT_RECORD for a in about)
        totals["record_findings"] += about.count(ABOUT_RECORD)
    else:
        totals["violations"] += sum(r["violations"] for r in rows)
    totals["errors"] += sum(r["errors"] for r in rows)
