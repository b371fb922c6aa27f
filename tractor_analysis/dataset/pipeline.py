"""Ingest: record files → parse → replay → Parquet parts → commit, in 1..N processes.

The pipeline behind ``tractor ingest`` (:func:`ingest`):

1. the parent lists the input files and skips those whose content hash the dataset's
   manifest already holds (:class:`~tractor_analysis.dataset.Manifest`);
2. each worker (the parent itself with one worker, else pool processes: see
   :func:`.workers.start_method`) reads a file's
   bytes, parses them (:func:`tractor_analysis.records.sources.load_bytes`), replays every match
   (:func:`tractor_analysis.engine.replay.replay_match`) and adds the rows to a
   :class:`~tractor_analysis.dataset.TableBuilder`; about every ``flush_hands`` hands the
   builder is written to temporary parts (:func:`~tractor_analysis.dataset.write_temp_parts`);
   with several workers, a big uncompressed JSON Lines file is cut into byte ranges read by
   different workers (:mod:`.segments`, :func:`_process_segment`); the parent shifts their
   match indexes where its guess was off, adds the file's last batch (closing diagnostics,
   ``files`` row) and publishes them together (:func:`_finish_split`): the rows are those of
   one worker reading the file;
3. the parent commits each flushed batch under the dataset lock
   (:func:`~tractor_analysis.dataset.commit_parts`): a batch is in the dataset exactly
   when its ``files`` part exists.

The schema, the writer and the commit protocol live in :mod:`tractor_analysis.dataset`;
this module only drives them.  Unreadable and malformed files become ``errors`` rows and
the batch goes on; an engine failure on one match is recorded as a ``replay_error`` row.

When a batch cannot be turned into Parquet (a value a column cannot hold), its files are
written again one by one: a file whose rows still fail keeps its ``files`` and ``errors``
rows plus a ``store_error`` row, and the other files of the batch are stored as usual.  A
batch that cannot be written at all (a full disk) or committed raises :class:`IngestError`
naming its files, after removing its temporary parts.
"""
from __future__ import annotations

import hashlib
import os
import time
from dataclasses import dataclass, replace
from itertools import islice
from typing import Iterator


from . import schema
from .file_parts import (NotRegularFile, _Part, empty_file_key, holds_no_text, open_regular, read_and_replay,
                         read_segment)
from .segments import Segment, plan_file, renumber, wanted
from .committer import Committer, Flushed, InOrder, IngestError, IngestSummary, _lost_error, peak_rss_kb
from .workers import _W, _block_sigint, _count, _new_batch, _unblock, _where, _worker_init, start_method, stop_pool
from .commit import (Manifest, check_writable, dataset_lock, ensure_dataset, new_batch,
                     recover, remove_temp_parts, write_temp_parts)
from .reading import verify
from .versions import commit_returned, returned_versions
from .rows import TableBuilder
from .schema import printable
from ..engine.verdicts import ABOUT_RECORD
from ..records.decoding import _GZIP_MAGIC
from ..records.diagnostics import Diagnostic
from ..records.input_files import os_reason
from ..records.limits import DEFAULT_MAX_BYTES
from ..records.streaming import merge_segment_ends


def _read_bytes(path: str) -> tuple[str | None, str]:
    """``(sha256, "")`` of a file's raw bytes, read in chunks of 1 MiB (never the whole file at
    once), of an empty file (0 bytes, or a gzip of no text: :func:`~.file_parts.holds_no_text`) its path
    (:func:`~.file_parts.empty_file_key`: no copy of another),
    or ``(None, reason)`` when it cannot be read."""
    if not path:            # open("") fails, but Path("") would be the current folder: say which
        return None, "empty path / 空路径"
    try:
        with open_regular(_where(path)) as fh:
            digest, size, gz = hashlib.sha256(), 0, False
            for chunk in iter(lambda: fh.read(1 << 20), b""):
                digest.update(chunk)
                gz = gz or (not size and chunk[:2] == _GZIP_MAGIC)
                size += len(chunk)
        empty = not size or (gz and holds_no_text(_where(path)))       # 0 bytes, or a gzip of no text
        return (empty_file_key(_where(path)) if empty else digest.hexdigest()), ""
    except NotRegularFile as exc:   # a named pipe …: read twice (its hash, then its records), or never written to
        return None, (f"{exc.words[0]}: ingest reads a file twice (its hash, then its records); save it to a file "
                      f"first / {exc.words[1]}：导入需读取文件两次（先计算摘要，再读取记录）；请先保存为普通文件")
    except OSError as exc:
        return None, " / ".join(os_reason(exc, path))
    except ValueError as exc:       # a NUL in the path
        return None, str(exc)


def _process_files(paths: list[str], on_flush=None) -> list[Flushed]:
    """Parse, replay and write ``paths`` in batches of about ``flush_hands`` hands.

    With ``on_flush`` each batch is handed over as soon as it is written (the
    single-process ingest commits it at once); otherwise they are returned.

    A big JSON Lines file is read a match at a time and its rows may fill several batches, each
    holding whole matches; its ``files`` row (and its content hash, known before it is read)
    is in the last.  The batches written while such a file is being read are held back and
    handed over, as one publication (:attr:`Flushed.more`), only once the file is whole, so a
    file stopped while it is read (a kill, a failed write) leaves nothing in the dataset, and
    its commit publishes all of its matches or none (see ``docs/dataset.md``).
    """
    w = _W
    root, known, seen, counters = w["root"], w["known"], w["seen"], w["counters"]
    out: list[Flushed] = []
    held: list[Flushed] = []
    batch = _Batch()

    def hand_over(f: Flushed) -> None:
        if on_flush is not None:
            on_flush(f)
        else:
            out.append(f)

    def flush(open_file: tuple[str, str] | None = None) -> None:
        nonlocal batch
        b = batch
        if b.items:
            tmp = _write_batch(root, b)
            st = b.stats
            f = Flushed(b.builder.batch, tmp, b.shas + ([open_file[1]] if open_file else []), b.builder.files,
                        st[4], st[0], st[1], st[2], st[3], st[5], peak_rss_kb(), tuple(b.paths),
                        unreadable_words=tuple(b.unreadable), record_findings=st[6])
            held.append(f)
        if open_file is None:
            if held:        # one publication: a big file's batches appear together
                hand_over(held[0] if len(held) == 1 else replace(held[0], more=tuple(held[1:])))
            held.clear()
        batch = _Batch()

    for path in paths:
        sha, reason = _read_bytes(path)
        if sha is not None and (sha in known or sha in seen):
            if "skipped" in w:     # stored by an earlier ingest (its status said at the end), or a copy
                w["skipped"].append((path, sha, None if sha in known else seen[sha]))
            _count(counters, 1, 0)
            if "tick" in w:
                w["tick"]()
            continue
        if sha is not None:
            seen[sha] = path
        else:
            sha = "unreadable:" + (os.path.abspath(_where(path)) if path else "")
            batch.unreadable.append((sha, path, _unreadable_words(path, reason)))
        tally = _Tally()
        lo, before = 0, tally.copy()
        for k, part in enumerate(_file_rows(path, sha, reason)):
            try:
                hands = _add_part(batch.builder, batch.stats, tally, path, sha, part)
            except Exception as exc:    # a value no row takes: the batch is built again file by file
                batch.broken, hands = batch.broken or exc, 0
            _count(counters, 0, hands)
            if part.end is None and "tick" in w:      # a big file: the hands go up while it is read
                w["tick"]()
            if part.end is not None:
                batch.take(path, sha, lo, k + 1, before, tally, True)
            elif batch.builder.hands >= w["flush_hands"]:
                batch.take(path, sha, lo, k + 1, before, tally, False)
                flush((path, sha))        # a batch full in the middle of a file
                lo, before = k + 1, tally.copy()
        _count(counters, 1, 0)
        if "tick" in w:
            w["tick"]()
        if batch.builder.hands >= w["flush_hands"]:
            flush()
    flush()
    return out


def _write_batch(root: str, b: "_Batch") -> dict[str, str]:
    """The temporary parts of batch ``b`` written.  When its rows cannot be built (``b.broken``) or
    Arrow refuses its tables (building or writing them), it is built again file by file
    (:func:`_isolate`: the good files stored, a ``store_error`` row for the others) and written
    then; an ``OSError`` (a full disk), or a batch that still fails, is an :class:`IngestError`."""
    tables = None
    if b.broken is None:
        try:
            tables = b.builder.to_tables()
            return write_temp_parts(root, tables, b.builder.batch)
        except OSError as exc:     # the machine's (a full disk): the batch is lost, said so
            raise _lost_error("cannot write a batch to the dataset", "无法写入数据集", exc, b.paths) from None
        except Exception:          # a value Arrow refused: find the file(s) that hold it
            pass
    try:           # (refused while written, not built: each file's tables are written on trial too)
        b.builder, b.shas, b.stats = _isolate(b.items, b.unreadable, root if tables is not None else None)
        return write_temp_parts(root, b.builder.to_tables(), b.builder.batch)
    except Exception as exc:
        raise _lost_error("cannot write a batch to the dataset", "无法写入数据集", exc, b.paths) from None


class _Batch:
    """The batch being filled: its rows, what it holds (``items``: ``(path, sha, first part,
    end part, tally before, the file's tally)`` of each file or piece of a file, for :func:`_isolate`), and its counts."""

    def __init__(self) -> None:
        self.broken: Exception | None = None
        """What adding a part's rows raised (its rows then half added): the batch is built again."""
        self.builder = TableBuilder(_new_batch())
        self.items: list[tuple[str, str, int, int, _Tally, _Tally]] = []
        self.shas: list[str] = []
        self.paths: list[str] = []
        self.stats = [0] * 7    # bad files, errors, violations, matches, hands, unreadable, record findings
        self.unreadable: list[tuple[str, str, str]] = []    # (key, path, message): Flushed.unreadable_words

    def take(self, path: str, sha: str, lo: int, hi: int, before: "_Tally", tally: "_Tally", whole: bool) -> None:
        """Parts ``lo``..``hi - 1`` of a file are in the batch (``before``: what the parts before
        them came to, ``tally``: the file's running count; ``whole``: up to its last)."""
        self.items.append((path, sha, lo, hi, before, tally))
        self.paths.append(path)
        if whole:
            self.shas.append(sha)


class _Tally:
    """What the parts of one file came to, for its ``files`` row."""

    __slots__ = ("hands", "violations", "diags", "unreadable")

    def __init__(self) -> None:
        self.hands = self.violations = self.diags = 0
        self.unreadable = False

    def copy(self) -> "_Tally":
        t = _Tally()
        t.set(self)
        return t

    def set(self, other: "_Tally") -> None:
        self.hands, self.violations, self.diags, self.unreadable = (other.hands, other.violations, other.diags,
                                                                    other.unreadable)


def _file_rows(path: str, sha: str, reason: str, words: str | None = None) -> Iterator[_Part]:
    """The parts of one file (:func:`.file_parts.read_and_replay`); one ``unreadable_file`` part when
    ``sha`` says it could not be read (``reason`` says why; ``words``: its message as said before)."""
    if sha.startswith("unreadable:"):
        yield _Part(0, [], [], [Diagnostic(
            "unreadable_file", words or _unreadable_words(path, reason))], end=(None, 0, None, None))
        return
    yield from read_and_replay(path, _where(path), _W["choice"], _W.get("max_bytes", DEFAULT_MAX_BYTES),
                               _W.get("analyse"))


def _unreadable_words(path: str, reason: str) -> str:
    """``unreadable_file``'s message: the reason in each half when it comes in both languages
    (``"en / zh"``: a named pipe, an empty path), else the system's words in the English half."""
    en, sep, zh = reason.partition(" / ")
    if sep:
        return f"cannot read {path}: {en} / 无法读取文件 {path}：{zh}"
    return f"cannot read {path}: {reason} / 无法读取文件 {path}"


def _add_part(builder: TableBuilder, stats: list[int], tally: _Tally, path: str, sha: str, part: _Part) -> int:
    """Add one part of a file to ``builder`` (its ``files`` row with the last part) and count it in
    ``stats`` and ``tally``; the hands added."""
    nviol = len(builder.cols["violations"]["code"])
    hands, _ = builder.add_matches(path, sha, part.first, part.matches, part.results)
    builder.add_errors(path, sha, part.diags)
    violations = len(builder.cols["violations"]["code"]) - nviol
    tally.hands += hands
    tally.violations += violations      # (the file's rows of the violations table: files.violations)
    tally.diags += len(part.diags)
    tally.unreadable |= any(d.code == "unreadable_file" for d in part.diags)
    stats[1] += len(part.diags)
    # the summary's violations are the play's, as check counts them: a finding about the record alone is none
    # (docs/rules.md §13.1), counted apart (check's "record findings")
    findings = builder.cols["violations"]["about"][nviol:].count(ABOUT_RECORD)
    stats[2] += violations - findings
    stats[6] += findings
    stats[3] += sum(r is not None for r in part.results)
    stats[4] += hands
    if part.end is not None:
        fmt, matches, encoding, note = part.end
        status = "unreadable" if tally.unreadable else "ok" if not tally.diags else "errors"
        builder.add_file_row(path, sha, fmt, matches, tally.hands, tally.diags, tally.violations, status,
                             _W["label"], encoding, note)
        stats[0] += status != "ok"
        stats[5] += status == "unreadable"
    return hands


def _isolate(items: list[tuple[str, str, int, int, _Tally, _Tally]], unreadable: list[tuple[str, str, str]] = (),
             root: str | None = None) -> tuple[TableBuilder, list[str], list[int]]:
    """A batch whose rows Arrow refused, built again file by file (for a piece of a big file, its
    parts ``lo``..``hi`` read again): each file's rows are tried alone (with ``root``, when the
    batch was refused while written, their tables written on trial too), and a file whose rows
    still fail keeps only its ``files`` and ``errors`` rows plus a ``store_error`` row saying so
    (its matches are left out) — only its ``files`` row and the ``store_error`` row when its
    problems fail too.  ``unreadable``: the batch's ``(key, path, message)`` of the inputs that
    could not be read, whose messages are kept as said.  Only runs after a failure."""
    builder = TableBuilder(_new_batch())
    shas: list[str] = []
    stats = [0] * 7
    words = {key: message for key, _, message in unreadable}
    for path, sha, lo, hi, before, live in items:
        parts = list(islice(_file_rows(path, sha, "", words.get(sha)), lo, hi))
        failure = _fails_alone(builder.batch, path, sha, parts, root)
        if failure is not None:         # this file holds the value: store its problems, not its rows
            kept = _unstorable(parts, failure, True)
            parts = kept if _fails_alone(builder.batch, path, sha, kept, root) is None else _unstorable(
                parts, failure, False)
        tally = before.copy()
        for part in parts:
            _add_part(builder, stats, tally, path, sha, part)
        live.set(tally)           # a file read on in the next batch counts what this one stored
        if parts and parts[-1].end is not None:
            shas.append(sha)
    return builder, shas, stats


def _fails_alone(batch: str, path: str, sha: str, parts: list[_Part], root: str | None) -> Exception | None:
    """What building the rows of ``parts`` alone raises (``root``: and writing their tables there, the
    trial parts removed at once), or ``None``.  A write that fails for the machine's reason (an
    ``OSError``: a full disk) is no fault of the file: it is raised (the batch is lost, said so)."""
    alone = TableBuilder(batch)
    try:
        for part in parts:
            _add_part(alone, [0] * 7, _Tally(), path, sha, part)
        tables = alone.to_tables()
    except Exception as exc:
        return exc
    if root is None:
        return None
    try:
        remove_temp_parts(write_temp_parts(root, tables, f"{batch}-trial"))
    except OSError:
        raise
    except Exception as exc:
        return exc
    return None


def _unstorable(parts: list[_Part], exc: Exception, problems: bool) -> list[_Part]:
    """The parts of a file whose rows cannot be stored (``exc``: what storing them raised): no match,
    its problems (``problems``; else none: they cannot be stored either) and a ``store_error`` at the
    first hand, with the last part's ``end`` (its ``files`` row)."""
    name = type(exc).__name__
    what = f"{name}: {printable(str(exc))[:200]}"
    first = next((m.hands[0].line for p in parts for m in p.matches if m.hands), 0)
    last = parts[-1] if parts else _Part(0, [], [], [])
    if problems:
        message = (f"the rows of this file could not be stored ({what}); its matches are left out of the dataset, "
                   f"its problems are kept — please report it with the file / 此文件的数据无法写入数据集（{name}）；"
                   f"其比赛未存入，问题记录已保留——请附上此文件报告此问题")
    else:
        n = sum(len(p.diags) for p in parts)
        message = (f"the rows of this file could not be stored ({what}), nor its {n} problem(s) alone; its matches "
                   f"and those problems are left out of the dataset (tractor check lists the problems) — please "
                   f"report it with the file / 此文件的数据无法写入数据集（{name}），其 {n} 个问题记录单独也无法写入；"
                   f"其比赛与这些问题均未存入（tractor check 可列出这些问题）——请附上此文件报告此问题")
    kept = [_Part(p.first, [], [], list(p.diags) if problems else []) for p in parts]
    if not kept:
        kept = [_Part(last.first, [], [], [])]
    kept[-1].diags.append(Diagnostic("store_error", message, first, 1 if first else 0))
    kept[-1].end = last.end
    return kept


def ingest(paths: list[str], root: str, *, workers: int = 1, choice=None, label: str | None = None,
           flush_hands: int = 2000, progress=None, max_bytes: int = DEFAULT_MAX_BYTES,
           analyse=None) -> IngestSummary:
    """Add the records in ``paths`` to the dataset at ``root``; files already there are skipped.

    ``choice`` (``cli.common.RuleChoice`` or anything with ``for_match(match)``)
    overrides the ruleset; ``label`` names it in the ``files`` table.  A file bigger than
    ``max_bytes`` after gunzip is a ``too_large`` error row (``--max-bytes`` raises it).
    ``progress(files_done, hands_done, files_total)`` is called now and then.  ``analyse``
    (:class:`~.analysis.AnalyseOptions`, ``ingest --analyse K``) fills the plays' endgame columns.
    Unreadable and malformed files become ``errors`` rows; the batch goes on.

    The batches are committed in the order of ``paths``, with any number of workers: of a match
    recorded twice in one run, the copy in the first of ``paths`` (in one file the first) counts
    and the others get ``duplicate_of`` (``docs/dataset.md``).
    """
    start = time.perf_counter()
    check_writable(root)
    ensure_dataset(root)
    check_writable(root)
    with dataset_lock(root):
        recover(root)
    manifest = Manifest(root)
    committer = Committer(root, manifest)
    commit = committer.commit

    workers = max(1, min(workers, _jobs_at_most(paths, workers)))
    skipped: list[tuple] = []   # (path, sha, None): an earlier ingest stored it; (path, sha, first): a copy
    if workers == 1:
        counters = ([0], [0])
        manifest.refresh()      # a damaged files/ part: DatasetError before anything is read
        verify(root)            # a part missing from a committed batch: DatasetError
        _worker_init(root, frozenset(manifest.shas), choice, label, flush_hands, counters, False,
                     max_bytes=max_bytes, analyse=analyse)
        if progress:
            _W["tick"] = lambda: progress(counters[0][0], counters[1][0], len(paths))
        _W["skipped"] = skipped
        try:
            _process_files(paths, on_flush=commit)
        finally:
            _W.clear()
    else:
        import multiprocessing as mp        # (here: one worker needs no pool)

        # Linux: workers are forked before this process touches Parquet (Arrow's thread pools
        # make a later fork unsafe); when Arrow was already used here (a library caller),
        # they come from a forkserver instead, which costs a second or so to start.
        # Elsewhere (or with $TRACTOR_START_METHOD=spawn) they are spawned.
        method = start_method(schema.ARROW_USED[0])
        ctx = mp.get_context(method)
        if method == "forkserver":      # the guard first: the forkserver dies with this process
            ctx.set_forkserver_preload(["tractor_analysis.dataset._forkserver_guard",
                                        "tractor_analysis.dataset.pipeline", "tractor_analysis.engine.replay",
                                        "tractor_analysis.records.sources"])
        # SIGINT is blocked while the pool starts: the processes started meanwhile (workers, the
        # forkserver, the resource tracker) inherit the mask, so a Ctrl-C to the terminal's process
        # group during their start-up (before they ignore it) prints no traceback of theirs; here it
        # is delivered once the pool exists, and stops it.  (The counters first: their lock starts
        # the resource tracker, whose start unblocks SIGINT.)
        counters = (ctx.Value("q", 0), ctx.Value("q", 0))
        blocked = _block_sigint()
        try:
            pool = ctx.Pool(workers, _worker_init,
                            (root, frozenset(), choice, label, flush_hands, counters, os.getpid(), None, None,
                             max_bytes, analyse))
        except BaseException:
            _unblock(blocked)
            raise
        try:
            _unblock(blocked)
            manifest.refresh()  # (after the fork: reading Parquet here first would make forking unsafe)
            verify(root)
            whole, split = _plan(paths, manifest.shas, workers, skipped)
            with counters[0].get_lock():
                counters[0].value += len(paths) - len(whole) - len(split)
            # few large chunks: each chunk ends with a flush, and every flush writes 7 part files;
            # the segments of the big JSON Lines files first (the longest jobs first).  Committed
            # in the files' order (InOrder), as one process would: the same duplicate_of
            size = max(1, min(256, -(-len(whole) // (workers * 6))))
            units = _units(paths, whole, split, size)
            in_order = InOrder(commit, len(units))
            unit_of = {u[1]: i for i, u in enumerate(units) if u[0] == "split"}
            jobs = [("segment", (path, sha, k, seg), unit_of[path]) for path, sha, segs in split
                    for k, seg in enumerate(segs)]
            jobs += [("files", u[1], i) for i, u in enumerate(units) if u[0] == "files"]
            again = _run_jobs(pool, jobs, split, root, label, in_order, counters, progress, len(paths), unit_of)
            if again:       # files whose segments could not stand for the file: read each at once
                _run_jobs(pool, [("files", [p], unit_of[p]) for p in again], [], root, label, in_order, counters,
                          progress, len(paths), unit_of)
            in_order.close()
            pool.close()
            pool.join()
        except BaseException:
            stop_pool(pool)                 # (terminate and join, bounded: see stop_pool)
            with dataset_lock(root):        # the workers are gone: remove their temporary parts
                recover(root)
            raise
    commit_returned(root, committer, returned_versions(root, skipped))  # a path back to content stored before
    return committer.summary(len(paths), time.perf_counter() - start, skipped)


def _segments_of(path: str, workers: int) -> int:
    """The segments ``workers`` workers would cut ``path`` into (:func:`.segments.wanted`; 1: none)."""
    try:
        return wanted(path, os.path.getsize(path), workers) if path and workers > 1 else 1
    except (OSError, ValueError):
        return 1


def _jobs_at_most(paths: list[str], workers: int) -> int:
    """How many jobs ``paths`` may give ``workers`` workers (counted up to ``workers``): one per
    file, a big JSON Lines file one per segment."""
    n = 0
    for p in paths:
        n += _segments_of(p, workers)
        if n >= workers:
            break
    return n or 1


def _plan(paths: list[str], known: set[str], workers: int, skipped: list | None = None,
          ) -> tuple[list[str], list[tuple[str, str, list[Segment]]]]:
    """The files to read (``paths`` without those whose content is in ``known`` or earlier in
    ``paths``; unreadable paths are kept: the worker reports them): those read at once, and the
    big JSON Lines files cut into segments (:mod:`.segments`), with their content hashes.
    ``skipped`` gets ``(path, sha, None)`` of each path left out as in ``known``, ``(path, sha,
    first path)`` of each left out as a copy of an earlier path."""
    seen: dict[str, str] = {}
    whole: list[str] = []
    split: list[tuple[str, str, list[Segment]]] = []
    for p in paths:
        sha, segs = plan_file(p, p, workers) if p else (None, [])
        if sha is None:
            whole.append(p)
        elif sha in known or sha in seen:
            if skipped is not None:
                skipped.append((p, sha, None if sha in known else seen[sha]))
        else:
            seen[sha] = p
            if len(segs) > 1:
                split.append((p, sha, segs))
            else:
                whole.append(p)
    return whole, split


def _units(paths: list[str], whole: list[str], split: list[tuple[str, str, list[Segment]]],
           size: int) -> list[tuple[str, object]]:
    """The units a run commits, in the order of ``paths``: ``("files", chunk)`` — at most ``size``
    consecutive files of ``whole`` (never across a split file) — and ``("split", path)``."""
    units: list[tuple[str, object]] = []
    chunk: list[str] = []
    wi = si = 0
    for p in paths:
        if wi < len(whole) and whole[wi] == p:
            chunk.append(p)
            wi += 1
            if len(chunk) >= size:
                units.append(("files", chunk))
                chunk = []
        elif si < len(split) and split[si][0] == p:
            if chunk:
                units.append(("files", chunk))
                chunk = []
            units.append(("split", p))
            si += 1
    if chunk:
        units.append(("files", chunk))
    if wi != len(whole) or si != len(split):
        raise AssertionError("ingest: the planned files are not in the order of the paths")
    return units


def _run_job(job: tuple):
    """A pool job: ``("files", paths, unit)`` (:func:`_process_files`) or ``("segment", (path, sha,
    k, segment), unit)`` (:func:`_process_segment`)."""
    kind, arg, unit = job
    return kind, _process_files(arg) if kind == "files" else _process_segment(*arg), unit


def _run_jobs(pool, jobs: list, split: list, root: str, label: str | None, in_order: InOrder, counters,
              progress, total: int, unit_of: dict[str, int]) -> list[str]:
    """Run ``jobs`` on ``pool``, handing each unit's batches to ``in_order`` (which commits the
    units in the files' order) as they come, a split file once all its segments are in
    (:func:`_finish_split`); the split files to read again at once (their units left open)."""
    import multiprocessing as mp

    segments = {path: (sha, segs, [None] * len(segs)) for path, sha, segs in split}
    again: list[str] = []
    results = pool.imap_unordered(_run_job, jobs)
    while True:
        try:
            kind, out, unit = results.next(timeout=0.25)
        except mp.TimeoutError:
            if progress:
                progress(counters[0].value, counters[1].value, total)
            continue
        except StopIteration:
            break
        if kind == "files":
            in_order.put(unit, out)
        else:
            path, k, done = out
            sha, segs, dones = segments[path]
            dones[k] = done
            if all(d is not None for d in dones):
                group = _finish_split(path, sha, segs, dones, root, label)
                if group is None:
                    again.append(path)
                else:
                    in_order.put(unit_of[path], [group])
                    with counters[0].get_lock():
                        counters[0].value += 1
        if progress:
            progress(counters[0].value, counters[1].value, total)
    return again


@dataclass(frozen=True, slots=True)
class _SegmentDone:
    """What a worker made of one segment: its batches (``None``: read the file at once instead),
    ``end`` (:func:`.file_parts.read_segment`'s) and whether a diagnostic names a match by its
    index (``replay_error``)."""

    flushed: tuple[Flushed, ...] | None
    end: tuple | None = None
    indexed: bool = False


def _process_segment(path: str, sha: str, k: int, seg: Segment) -> tuple[str, int, _SegmentDone]:
    """Read, replay and write one segment of a big JSON Lines file (in batches of about
    ``flush_hands`` hands, with no ``files`` row: the parent adds it with the file's closing
    diagnostics once every segment is in).  A segment that cannot be read as such (not streamed,
    a reader failure, a value Arrow refused) gives ``flushed=None``: the file is read at once."""
    w = _W
    root, counters = w["root"], w["counters"]
    held: list[Flushed] = []
    batch, tally = _Batch(), _Tally()
    end, indexed = None, False

    def write(b: _Batch) -> None:
        tables = b.builder.to_tables()
        try:
            tmp = write_temp_parts(root, tables, b.builder.batch)
        except OSError as exc:
            raise _lost_error("cannot write a batch to the dataset", "无法写入数据集", exc, [path]) from None
        st = b.stats
        held.append(Flushed(b.builder.batch, tmp, [sha], 0, st[4], st[0], st[1], st[2], st[3], st[5], peak_rss_kb(),
                            (path,), record_findings=st[6]))

    try:
        for part in read_segment(path, _where(path), w["choice"], w.get("max_bytes", DEFAULT_MAX_BYTES),
                                 w.get("analyse"), seg, seg.guess):
            if part.end is not None:
                end = part.end
                break
            hands = _add_part(batch.builder, batch.stats, tally, path, sha, part)
            indexed |= any(d.code == "replay_error" for d in part.diags)
            _count(counters, 0, hands)
            if batch.builder.hands >= w["flush_hands"]:
                write(batch)
                batch = _Batch()
        cols = batch.builder.cols
        if cols["matches"]["match_id"] or cols["errors"]["code"]:
            write(batch)
    except BaseException as exc:
        for f in held:
            remove_temp_parts(f.tmp)
        if isinstance(exc, IngestError) or not isinstance(exc, Exception):
            raise
        return path, k, _SegmentDone(None)
    return path, k, _SegmentDone(tuple(held), end, indexed)


def _finish_split(path: str, sha: str, segs: list[Segment], dones: list[_SegmentDone], root: str,
                  label: str | None) -> Flushed | None:
    """The publication of a split file: every segment's batches (their match indexes shifted where
    the planning's guess was off) and a last batch with the file's closing diagnostics and its
    ``files`` row, as reading the file at once gives them; ``None`` (the temporary parts removed)
    when the file must be read at once: a segment failed, the problem cap falls past the first
    segments, a shifted segment has a message naming a match by its index, or Arrow refused the
    file's closing rows."""
    flushed = [f for d in dones for f in d.flushed or ()]
    merged = None if any(d.flushed is None for d in dones) else merge_segment_ends([d.end[4] for d in dones])
    first, shifts = 0, []
    for seg, d in zip(segs, dones):
        shifts.append(first - seg.guess)
        first += d.end[1] if d.end else 0
    if merged is None or any(s and d.indexed for s, d in zip(shifts, dones)):
        for f in flushed:
            remove_temp_parts(f.tmp)
        return None
    try:
        for shift, d in zip(shifts, dones):
            for f in d.flushed if shift else ():
                renumber(f.tmp, shift)
        leading, trailing = merged
        builder = TableBuilder(new_batch())
        builder.add_errors(path, sha, leading + trailing)
        diags = sum(f.errors for f in flushed) + len(leading) + len(trailing)
        fmt, _, encoding, note, _ = dones[0].end
        status = "ok" if not diags else "errors"
        builder.add_file_row(path, sha, fmt, first, sum(f.hands for f in flushed), diags,
                             sum(f.violations + f.record_findings for f in flushed), status, label, encoding, note)
        tmp = write_temp_parts(root, builder.to_tables(), builder.batch)
    except Exception as exc:
        for f in flushed:
            remove_temp_parts(f.tmp)
        if not isinstance(exc, OSError):    # a value Arrow refused: read at once, where a batch falls back
            return None                     # to storing file by file (_isolate)
        raise _lost_error("cannot write a batch to the dataset", "无法写入数据集", exc, [path]) from None
    tail = Flushed(builder.batch, tmp, [sha], 1, 0, int(status != "ok"), len(leading) + len(trailing), 0, 0, 0,
                   peak_rss_kb(), (path,))
    group = [*flushed, tail]
    return replace(group[0], more=tuple(group[1:]))


def _new_files(paths: list[str], known: set[str], skipped: list | None = None) -> list[str]:
    """``paths`` without the files whose content is in ``known`` or earlier in ``paths``
    (unreadable paths are kept: the worker reports them); ``skipped`` gets ``(path, sha, None)``
    of each path left out as in ``known``, ``(path, sha, first path)`` of each left out as a copy
    of an earlier path."""
    seen: dict[str, str] = {}
    out = []
    for p in paths:
        sha, _ = _read_bytes(p)
        if sha is None:
            out.append(p)
            continue
        if sha in known or sha in seen:
            if skipped is not None:
                skipped.append((p, sha, None if sha in known else seen[sha]))
        else:
            seen[sha] = p
            out.append(p)
    return out
