"""A big JSON Lines file read by several workers at once: its byte-range segments.

With ``ingest --workers N`` (N > 1) an uncompressed ``.jsonl`` / ``.ndjson`` file of at least
:data:`SPLIT_ABOVE` bytes is cut into up to ``SEGMENTS_PER_WORKER × N`` segments of at least
:data:`MIN_SEGMENT` bytes, each read by a worker
(:func:`~tractor_analysis.dataset.file_parts.read_segment`).  The parent plans them while it
hashes the file (:func:`plan_file`, one pass in chunks of :data:`READ`): each cut is just after
the first ``\\n`` at or past an even share of the file, and the line breaks before it are counted
(``\\n``, ``\\r\\n`` and a lone ``\\r`` each end a line, as the reader counts them), so every
diagnostic keeps its line number.

A match's id holds its index in the file (``match_id`` = hash + ``-`` + index), which only the
reading knows.  The planning guesses it (one match per line that is not blank): right for a clean
file, and then the rows are written with their final ids.  When a segment before held a line that
was no match (bad JSON, a blank line of spaces…), the parent shifts the ids of the parts already
written (:func:`renumber`) before it publishes all the file's batches together.
"""
from __future__ import annotations

import hashlib
import os
import threading
from dataclasses import dataclass

import pyarrow as pa
import pyarrow.parquet as pq

from ..records import compiled
from ..records.decoding import _GZIP_MAGIC
from .arrow_columns import column as column_of, read_part
from .file_parts import empty_file_key, holds_no_text, open_regular

SPLIT_ABOVE = 2 << 20
"""A JSON Lines file of at least this many bytes is split among the workers of a parallel ingest."""
MIN_SEGMENT = 1 << 20
"""The least bytes of one segment."""
SEGMENTS_PER_WORKER = 2
"""Segments per worker (more than one: they are not equally costly)."""
READ = 8 << 20
"""Bytes read at a time while hashing and planning."""
SPLIT_ENV = "TRACTOR_TEST_SPLIT_BYTES"
"""Test only: ``SPLIT_ABOVE,MIN_SEGMENT`` in bytes, so that a test splits a small file."""

_SUFFIXES = (".jsonl", ".ndjson")
_THREAD_BYTES = 1 << 20
"""A chunk of at least this many bytes is hashed in a thread beside the counting of its breaks."""


def _core_counts():
    core = compiled.load("tractor_analysis.dataset._segments_core", "segment planning core", "分段规划核心")
    return None if core is None else core.counts


_COUNTS = _core_counts()
"""The compiled :meth:`_Count.count` (``_segments_core.counts``), or ``None``: the Python one."""


@dataclass(frozen=True, slots=True)
class Segment:
    """Bytes ``start``..``end`` of a file; ``first_line``: the number of its first line;
    ``guess``: the matches before it, guessed (lines before it that are not blank); ``last``:
    it ends the file."""

    start: int
    end: int
    first_line: int
    guess: int
    last: bool


def _limits() -> tuple[int, int]:
    raw = os.environ.get(SPLIT_ENV, "")
    if raw:
        above, least = (int(x) for x in raw.split(","))
        return above, least
    return SPLIT_ABOVE, MIN_SEGMENT


def wanted(path: str, size: int, workers: int) -> int:
    """How many segments a file of ``size`` bytes named ``path`` is cut into (1: read whole)."""
    above, least = _limits()
    if workers < 2 or size < above or not path.lower().endswith(_SUFFIXES):
        return 1
    return max(1, min(workers * SEGMENTS_PER_WORKER, size // max(1, least)))


class _Count:
    """Line breaks and blank lines counted over consecutive pieces of the raw bytes (each piece a
    range of a chunk: counted in place, not sliced out; the carriage-return counts only for a piece
    that holds one — a file with ``\n`` line ends has none: issue 27, eleventh pass)."""

    __slots__ = ("breaks", "blank", "last")

    def __init__(self) -> None:
        self.breaks = self.blank = 0
        self.last = -1
        """The last byte counted (-1: none yet)."""

    def add(self, b: bytes | bytearray, lo: int = 0, hi: int | None = None) -> None:
        """Count ``b[lo:hi]`` (the rest of ``b`` when ``hi`` is ``None``): by the compiled core's
        ``counts`` when it is built (``_segments_core.c``, the same counts), else :meth:`count`."""
        hi = len(b) if hi is None else hi
        if hi <= lo:
            return
        if _COUNTS is None:
            self.count(b, lo, hi)
            return
        breaks, blank = _COUNTS(b, lo, hi, self.last)
        self.breaks += breaks
        self.blank += blank
        self.last = b[hi - 1]

    def count(self, b: bytes | bytearray, lo: int, hi: int) -> None:
        """Count ``b[lo:hi]`` (``lo < hi``): the reference of the compiled ``counts``."""
        first = b[lo]
        joined = self.last == 10 and first == 10                 # "\n" | "\n" across the two pieces
        breaks = b.count(b"\n", lo, hi) - (self.last == 13 and first == 10)   # "\r" | "\n": one break
        blank = b.count(b"\n\n", lo, hi) + joined
        if b.find(b"\r", lo, hi) >= 0:
            breaks += b.count(b"\r", lo, hi) - b.count(b"\r\n", lo, hi)
            blank += b.count(b"\n\r\n", lo, hi)
        self.breaks += breaks
        self.blank += blank
        self.last = b[hi - 1]


def _hash_beside(digest, chunk) -> threading.Thread | None:
    """``digest.update(chunk)`` started in a thread (``None``: a chunk too small to be worth one)."""
    if len(chunk) < _THREAD_BYTES:
        return None
    t = threading.Thread(target=digest.update, args=(chunk,), daemon=True)
    t.start()
    return t


def plan_file(path: str, opened: str | os.PathLike, workers: int) -> tuple[str | None, list[Segment]]:
    """``(sha256 of the raw bytes, segments)`` of one input; one segment (or none when it cannot be
    read: then ``sha256`` is ``None``) when it is not to be split.  An empty file's key (0 bytes, or a gzip of
    no text: :func:`~.file_parts.holds_no_text`) is its path (:func:`~.file_parts.empty_file_key`), not the
    hash of its bytes: it is no copy of another."""
    try:
        # a regular file only (a named pipe would block the opening, a device never end): any other
        # is left to the worker, which says why it is not read (pipeline._read_bytes)
        with open_regular(opened) as fh:
            size = os.fstat(fh.fileno()).st_size
            n = wanted(path, size, workers)
            digest = hashlib.sha256()
            cuts: list[tuple[int, int, int]] = []        # (cut, line breaks before it, blank lines before it)
            targets = [size * k // n for k in range(1, n)]
            count, pos, gz = _Count(), 0, False
            buf = bytearray(min(READ, max(size, 1)))   # read into one buffer: no new pages per chunk
            while True:
                got = fh.readinto(buf)
                if not got:
                    break
                chunk = buf if got == len(buf) else buf[:got]
                # the chunk hashed in a thread (hashlib lets go of the GIL) while its breaks are counted
                # (the workers wait for the plan: issue 27); joined before the buffer is read into again
                hashing = _hash_beside(digest, chunk) if targets else None
                if hashing is None:
                    digest.update(chunk)
                if pos == 0 and chunk[:2] == _GZIP_MAGIC:
                    targets, gz = [], True
                done = 0                               # bytes of the chunk counted
                while targets:
                    i = chunk.find(b"\n", max(done, targets[0] - pos))
                    if i < 0:
                        break
                    count.add(chunk, done, i + 1)
                    done = i + 1
                    if pos + done < size:
                        cuts.append((pos + done, count.breaks, count.blank))
                    targets = [t for t in targets if t >= pos + done]
                if targets:
                    count.add(chunk, done)
                if hashing is not None:
                    hashing.join()
                pos += got
    except (OSError, ValueError):
        return None, []
    bounds = [(0, 0, 0), *cuts, (size, 0, 0)]
    segments = [Segment(a, b, lines + 1, lines - blank, b == size)
                for (a, lines, blank), (b, _, _) in zip(bounds, bounds[1:])]
    empty = not pos or (gz and holds_no_text(opened))      # 0 bytes, or a gzip of no text
    return (empty_file_key(opened) if empty else digest.hexdigest()), segments


_ID_TABLES = ("matches", "hands", "tricks", "plays", "violations", "records")


def renumber(tmp: dict[str, str], shift: int) -> None:
    """Add ``shift`` to the match index of every row of a batch's temporary parts (all of one
    file): ``match_id`` (and ``duplicate_of``) ``hash-index`` and the ``match_index`` column."""
    import pyarrow.compute as pc        # here only: ≈0.09 s of every ingest process's start-up

    def move(values: list) -> pa.Array:
        return column_of([None if m is None else f"{m.rsplit('-', 1)[0]}-{int(m.rsplit('-', 1)[1]) + shift}"
                       for m in values], pa.string())

    def ids(column: pa.ChunkedArray) -> pa.ChunkedArray:
        if pa.types.is_dictionary(column.type):       # the ids once each: the dictionary
            return pa.chunked_array([pa.DictionaryArray.from_arrays(c.indices, move(c.dictionary.to_pylist()))
                                     for c in column.chunks], column.type)
        return pa.chunked_array([move(column.to_pylist())], column.type)

    for name in _ID_TABLES:
        path = tmp.get(name)
        if path is None:
            continue
        table = read_part(path)
        if not table.num_rows:
            continue
        for col in ("match_id", "duplicate_of"):
            if col in table.column_names:
                i = table.schema.get_field_index(col)
                table = table.set_column(i, table.schema.field(i), ids(table[col]))
        if "match_index" in table.column_names:
            i = table.schema.get_field_index("match_index")
            column = pc.add(table["match_index"], column_of([shift], table["match_index"].type)[0])
            table = table.set_column(i, table.schema.field(i), column)
        pq.write_table(table, path, compression="zstd")
