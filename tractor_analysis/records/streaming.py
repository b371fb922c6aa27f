"""Reading a record file in pieces, with memory bounded by one match instead of one file.

:class:`StreamedFile` opens a file and looks at its head (at most :data:`HEAD_BYTES` after
gunzip).  A file that ends within :data:`STREAM_ABOVE` bytes (or within the byte limit, when that is
smaller: a JSON Lines file past the limit is always streamed), or that is not JSON Lines, is read
whole by :func:`~.sources.load_file`, exactly as before: a ``.tgn`` is one match (``docs/format.md``),
so is a ``.json`` document and the 80fen NDJSON is read as one text; they stay under the per-file
byte limit.  A bigger JSON Lines file (``.jsonl`` / ``.ndjson``, or sniffed as such) is streamed:

* the raw bytes are read in chunks of :data:`CHUNK` and hashed as they go (``sha256`` of the raw
  file, as :class:`~.sources.SourceFile` has it), gzip undone chunk by chunk
  (``zlib.decompressobj`` with ``max_length``; several members, trailing garbage ignored, a
  cut-short or corrupt stream is ``truncated_file`` at the end of what decoded, as in the
  whole-file reader);
* lines end at ``\\n``, ``\\r\\n`` or ``\\r`` and are numbered as in the whole text; each is
  decoded and read by the same :class:`~.json_reader.JsonlReading` as :func:`~.json_reader.parse_jsonl`,
  so a line gives the same matches and diagnostics (codes, lines, columns, hands, tricks) either way;
* the byte limit ``max_bytes`` applies to **one line** (one match): a longer line is
  ``too_large`` at the line:column where the limit falls and is skipped, the reading goes on
  with the next line.  No more than about ``max_bytes`` + :data:`CHUNK` bytes are held at once.
  There is no limit on the size of the whole file.

The encoding is decided on the head as the whole-file reader decides it on the whole text
(:func:`~.decoding.decode_text_noted`: BOM, UTF-8, else GB18030 / Big5 by
:func:`~.decoding.guess_legacy`), the head cut at its last line break.  Streamed, the first bad byte
later in the file is a ``decode_error`` at that byte (read as U+FFFD) in the chosen encoding;
the whole-file reader would have weighed the whole text.  UTF-16 text (it has NUL bytes in
every other place) and binary files are not streamed.

File-level diagnostics come apart from the lines': :attr:`StreamedFile.leading`
(``not_gzip``, ``truncated_file``, then the first ``decode_error``) and :attr:`StreamedFile.trailing`
(``empty_file``, "N more problems"), known once the pieces are read; ``leading + pieces +
trailing`` is the whole-file reader's list.
"""
from __future__ import annotations

import errno
import hashlib
import os
import re
import zlib
from dataclasses import dataclass
from typing import BinaryIO, Iterator

from .diagnostics import Diagnostic, bilingual
from .json_origin import JsonFile
from .json_reader import JsonlReading
from .limits import DEFAULT_MAX_BYTES
from .model import Match
from . import decoding, input_files, sources
from .sources import SourceFile

__all__ = ["StreamedFile", "Piece", "SegmentEnd", "merge_segment_ends", "STREAM_ABOVE", "HEAD_BYTES", "CHUNK"]

STREAM_ABOVE = 1 << 20
"""A JSON Lines file bigger than this (after gunzip) is streamed; a smaller one is read whole."""
HEAD_BYTES = 1 << 20
"""The most bytes of the head the encoding and the format are decided on."""
CHUNK = 1 << 16
"""Bytes read (and decompressed) at a time."""

_CODECS = {"utf-8": "utf-8", "utf-8-sig": "utf-8", "gb18030": "gb18030", "big5": "cp950", "big5-hkscs": "big5hkscs"}
_LINE_END = re.compile(rb"(?:\r\n|\r|\n)+")
"""A run of line breaks: the first ends a line, the others end blank lines (counted in bulk)."""


def line_ends(buf: bytes | bytearray, scan: int) -> Iterator[re.Match]:
    """``_LINE_END.finditer(buf, scan)``, the same matches, found faster: each run's start by
    ``bytes.find`` (memchr) for the next ``\n`` and the next ``\r`` — each position kept until
    passed, so the search stays linear —, the run itself by ``_LINE_END.match`` there (the regular
    expression engine steps through every byte of a long line; ``find`` does not)."""
    find, match = buf.find, _LINE_END.match
    nl, cr = find(b"\n", scan), find(b"\r", scan)
    while nl >= 0 or cr >= 0:
        m = match(buf, nl if cr < 0 or 0 <= nl < cr else cr)
        yield m
        scan = m.end()
        if 0 <= nl < scan:
            nl = find(b"\n", scan)
        if 0 <= cr < scan:
            cr = find(b"\r", scan)
BOMB_RATIO = 200
"""A gzip file whose text grows past this many times its compressed bytes read so far (once past
:data:`BOMB_FLOOR`) is a gzip bomb: reading stops there with ``too_large``.  Record files
compress about 8–20 times."""
BOMB_FLOOR_SHARE = 8
"""The bomb check starts after ``max_bytes // BOMB_FLOOR_SHARE`` bytes of text (1 MiB by default;
``--max-bytes`` raises it)."""


@dataclass(frozen=True, slots=True)
class Piece:
    """What one part of a file gave: its matches (whole ones) and the diagnostics of its lines."""

    matches: tuple[Match, ...]
    diagnostics: tuple[Diagnostic, ...]


@dataclass(frozen=True, slots=True)
class SegmentEnd:
    """What one segment of a split JSON Lines file leaves for the file as a whole (see
    :func:`merge_segment_ends`): its last line number, whether a line held anything, the problems
    it listed and left out, its first ``decode_error``, the texts of the file's first line (the
    first segment) and of its own last line."""

    lines: int
    any_line: bool
    used: int
    dropped: int
    decode_error: Diagnostic | None
    first_text: str
    last_text: str


def merge_segment_ends(ends: list[SegmentEnd]) -> tuple[list[Diagnostic], list[Diagnostic]] | None:
    """``(leading, trailing)`` of a whole file read as segments (in file order), as
    :meth:`_JsonlLines._finish` gives them for the file read at once; ``None`` when the file's
    problem cap (:data:`~.diagnostics.MAX_DIAGNOSTICS`) falls in a later segment: its pieces then
    list problems the whole reading would leave out, and the file must be read at once."""
    from .diagnostics import MAX_DIAGNOSTICS

    if sum(e.used for e in ends) > MAX_DIAGNOSTICS:
        return None
    reading = JsonlReading()
    reading.any_line = any(e.any_line for e in ends)
    reading.budget.used = sum(e.used for e in ends)
    reading.budget.dropped = sum(e.dropped for e in ends)
    lines = ends[-1].lines
    leading = [e.decode_error for e in ends if e.decode_error is not None][:1]
    texts = {1: ends[0].first_text, lines: ends[-1].last_text}
    leading = [_with_text(d, texts.get(d.line, "")) if not d.text and d.line in texts else d for d in leading]
    trailing = [_with_text(d, texts[d.line]) if not d.text and d.line in texts else d
                for d in reading.finish(lines)]
    return leading, trailing


class _Raw:
    """The decompressed bytes of a binary file object, chunk by chunk; the raw bytes hashed."""

    def __init__(self, fh: BinaryIO, gz: bool) -> None:
        self.fh = fh
        self.gz = gz
        self.sha = hashlib.sha256()
        self.problem: str | None = None
        self.size = 0
        """Decompressed bytes handed out so far."""
        self.newlines = 0
        self.tail = bytearray()
        """The bytes after the last ``\\n`` (at most :data:`HEAD_BYTES`; ``tail_dropped`` counts the others)."""
        self.tail_dropped = 0
        self.raw_size = 0
        """Raw (compressed) bytes read so far."""
        self.raw_pending = 0
        """Of those, the bytes not yet decompressed."""
        self.bomb_floor: int | None = None
        """Set by the reader: past this many bytes of text, a gzip that expands more than
        :data:`BOMB_RATIO` times stops (``bomb`` is then the size reached)."""
        self.bomb: int | None = None

    def _read(self) -> bytes:
        b = self.fh.read(CHUNK)
        self.sha.update(b)
        self.raw_size += len(b)
        return b

    def drain(self) -> str:
        """Hash what is left of the file; the SHA-256 of all its raw bytes."""
        while self._read():
            pass
        return self.sha.hexdigest()

    def chunks(self) -> Iterator[bytes]:
        for b in (self._gunzip() if self.gz else iter(self._read, b"")):
            self.size += len(b)
            n = b.count(b"\n")
            if n:
                self.newlines += n
                self.tail[:] = b[b.rfind(b"\n") + 1:]
                self.tail_dropped = 0
            else:
                self.tail += b
            if len(self.tail) > HEAD_BYTES:
                self.tail_dropped += len(self.tail) - HEAD_BYTES
                del self.tail[:len(self.tail) - HEAD_BYTES]
            yield b
            floor = self.bomb_floor
            if floor is not None and self.gz and self.size > floor and \
                    self.size > BOMB_RATIO * (self.raw_size - self.raw_pending):
                self.bomb = self.size
                return

    def _gunzip(self) -> Iterator[bytes]:
        buf = self._read()
        while True:
            d = zlib.decompressobj(16 + zlib.MAX_WBITS)
            try:
                while not d.eof:
                    if not buf:
                        buf = self._read()
                        if not buf:
                            break
                    out = d.decompress(buf, CHUNK)
                    buf = d.unconsumed_tail
                    self.raw_pending = len(buf) + len(d.unused_data)
                    if out:
                        yield out
                if not d.eof:
                    out = d.flush()        # what is left of a window: at most 32 KiB
                    if out:
                        yield out
            except zlib.error as exc:
                self.problem = f"corrupt gzip data ({exc})"
                return
            if not d.eof:
                self.problem = "the gzip stream ends early"
                return
            buf = d.unused_data
            while len(buf) < 2:
                more = self._read()
                if not more:
                    break
                buf += more
            self.raw_pending = len(buf)
            if not buf or not buf.startswith(decoding._GZIP_MAGIC):
                return          # the end, or trailing garbage after the last member: ignored, as gzip(1) does


class StreamedFile:
    """One record file, read in :class:`Piece` s: iterate it once.

    ``whole`` is the :class:`~.sources.SourceFile` when the file was read whole (then the one piece
    holds all of it); else the file is streamed (``streamed``) and ``sha256``, ``leading`` and
    ``trailing`` are complete once the iteration ends.  ``OSError`` when the path cannot be read,
    as :func:`~.sources.load_file`, and also when it is no regular file, however it was found (a named
    pipe, a socket, a device: :class:`~.input_files.NotRegularFile`, never opened to wait on); the file is
    opened once, so one that changes into one after the caller looked at it is refused too (a
    caller that means to read a named pipe reads it with :func:`~.sources.load_file`); bad content never
    raises.

    ``segment=(start, end, first_line, last)``: only the bytes ``start``..``end`` of an uncompressed
    file (cut just after a ``\\n``; ``first_line``: the number of its first line, ``last``: it
    ends the file), the encoding decided on the file's head as for the whole file; its pieces
    are those the whole file's reading gives for these lines, and :attr:`segment_end` what the
    file's closing diagnostics need (:func:`merge_segment_ends`).  ``splittable`` is ``False``
    (and nothing is read) when the file would not be streamed; a reader failure raises."""

    def __init__(self, path: str | os.PathLike, fmt: str | None = None, max_bytes: int = DEFAULT_MAX_BYTES,
                 stream_above: int | None = None, segment: tuple[int, int, int, bool] | None = None) -> None:
        self.path = str(path)
        self.max_bytes = max_bytes
        self.whole: SourceFile | None = None
        self.leading: list[Diagnostic] = []
        self.trailing: list[Diagnostic] = []
        self.sha256 = ""
        self.encoding, self.encoding_note, self.format = "utf-8", None, fmt or "jsonl"
        self.compressed = False
        self._head = b""
        self._rest: Iterator[bytes] | None = None
        self._raw: _Raw | None = None
        self._fh = None
        self._segment = segment
        self.segment_end: SegmentEnd | None = None
        self.splittable = True
        if stream_above is None:
            stream_above = min(STREAM_ABOVE, max_bytes)
        self._not_gzip: Diagnostic | None = None
        if segment is not None:
            try:
                fh = _open(path)
            except OSError:
                fh = None             # read at once instead, which says why
            self.splittable = fh is not None and self._open_stream(fh, fmt, stream_above) and not self.compressed
            if self.splittable:
                self._seek_segment(*segment[:2])
            else:
                self.close()
                if fh is not None:
                    fh.close()        # (not kept: the head did not stream)
            return
        fh = _open(path)
        try:
            if not self._open_stream(fh, fmt, stream_above):
                fh.seek(0)
                self.whole = sources.load_opened(fh, self.path, fmt, max_bytes)
        finally:
            if self._fh is None:
                fh.close()
        if self.whole is not None:
            self.sha256 = self.whole.sha256
            self.format, self.encoding = self.whole.format, self.whole.encoding
            self.encoding_note, self.compressed = self.whole.encoding_note, self.whole.compressed

    @property
    def streamed(self) -> bool:
        return self.whole is None

    def _open_stream(self, fh: BinaryIO, forced: str | None, stream_above: int) -> bool:
        """Read the head of ``fh`` (the file opened); ``True`` (the file left open as ``_fh``) when the file
        is to be streamed, else ``False`` (``fh`` left to the caller)."""
        if forced not in (None, "jsonl"):
            return False
        low = self.path.lower().removesuffix(".gz")
        if forced is None and low.endswith((".tgn", ".json")):
            return False              # one match, or one document: read whole
        try:
            return self._read_head(fh, forced, stream_above)
        except Exception:             # noqa: BLE001 - an unreadable head (or a bug): the whole-file reader reports it
            return False

    def _read_head(self, fh: BinaryIO, forced: str | None, stream_above: int) -> bool:
        first = fh.read(2)
        fh.seek(0)
        raw = _Raw(fh, first == decoding._GZIP_MAGIC)
        chunks = raw.chunks()
        head = bytearray()
        ended = True
        for b in chunks:
            head += b
            if len(head) > max(stream_above, HEAD_BYTES):
                ended = False
                break
        if len(head) <= stream_above or not head:
            return False
        decide = _decide if self._segment is None else _decided
        decided = decide(bytes(head[:HEAD_BYTES]), self.path, forced, ended and len(head) <= HEAD_BYTES)
        if decided is None:
            return False
        self.format, self.encoding, self.encoding_note = decided
        self.compressed = raw.gz
        if not raw.gz and self.path.lower().endswith(".gz"):
            self._not_gzip = decoding.not_gzip_diag()      # as the whole-file reader says it
        self._fh, self._raw, self._head, self._rest = fh, raw, bytes(head), chunks
        return True

    def _seek_segment(self, start: int, end: int) -> None:
        """Read from ``start`` to ``end`` instead of the whole file (the head only decided the encoding)."""
        fh = self._fh
        fh.seek(start)

        def rest(left: int = end - start) -> Iterator[bytes]:
            while left > 0:
                b = fh.read(min(CHUNK, left))
                if not b:
                    return
                left -= len(b)
                yield b
        self._rest = rest()
        self._head = next(self._rest, b"")

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None

    def __iter__(self) -> Iterator[Piece]:
        if self.whole is not None:
            yield Piece(self.whole.matches, self.whole.diagnostics)
            return
        try:
            yield from _JsonlLines(self).pieces()
        except Exception as exc:      # noqa: BLE001 - a reader bug: what was read stays, the batch goes on
            if self._segment is not None:
                raise                 # a segment: the file is read again at once, which says so
            self.trailing.append(Diagnostic("engine_error", bilingual(
                f"the reader failed on this file ({type(exc).__name__}: {str(exc)[:200]}); the rest of it was "
                "not read — please report it with the file",
                f"读取程序处理此文件时出错（{type(exc).__name__}: {str(exc)[:200]}）；其余部分未读取，请连同文件一起报告"),
                0, 0))
        finally:
            self.close()


_DECIDED: list = []
"""The last ``(arguments, answer)`` of :func:`_decided`."""


def _open(path: str | os.PathLike) -> BinaryIO:
    """``path`` open for reading (:func:`~.input_files.open_regular`), with :func:`~.sources.load_file`'s
    refusals: ``OSError`` for an empty path, a file a folder scan found that is no regular file
    (:func:`~.input_files.scan_refusal`), a NUL in the path — and for a named pipe, a socket or a device
    however it was found (:class:`~.input_files.NotRegularFile`, ``words`` saying which): opening a pipe no
    program writes to would block, a device never end (a path checked by the caller can become one
    before it is read)."""
    if not os.fspath(path):
        raise FileNotFoundError(errno.ENOENT, "empty path / 空路径", "")
    refused = input_files.scan_refusal(path)
    if refused is not None:
        raise OSError(errno.EINVAL, bilingual(*refused), os.fspath(path))
    try:
        return input_files.open_regular(path)
    except ValueError as exc:         # a NUL in the path: no file can have that name
        raise OSError(errno.EINVAL, f"invalid path ({exc}) / 路径无效（{exc}）", str(path)) from None


def _decided(head: bytes, name: str, forced: str | None, complete: bool) -> tuple[str, str, str | None] | None:
    """:func:`_decide`, remembered for the last arguments: a worker reading several segments of one file
    decides each on the same head (the file's), which costs ≈ 40 M instructions a time — decoding
    and sniffing a megabyte (issue 27, thirteenth pass).  The arguments are compared whole (the head's
    bytes too), so the answer is :func:`_decide`'s."""
    key = (head, name, forced, complete)
    if _DECIDED and _DECIDED[0] == key:
        return _DECIDED[1]
    answer = _decide(head, name, forced, complete)
    _DECIDED[:] = [key, answer]
    return answer


def _decide(head: bytes, name: str, forced: str | None, complete: bool) -> tuple[str, str, str | None] | None:
    """``(format, encoding, note)`` of a file to stream, decided on its head; ``None`` when it is
    not JSON Lines in an encoding that streams (UTF-16, binary)."""
    if head.startswith((b"\xff\xfe", b"\xfe\xff")) or decoding._utf16_without_bom(head):
        return None
    if decoding._looks_binary(head) is not None:
        return None
    if not complete:
        cut = max(head.rfind(b"\n"), head.rfind(b"\r")) + 1
        head = head[:cut] if cut else head
    encoding, note = "utf-8", None
    body = head[3:] if head.startswith(b"\xef\xbb\xbf") else head
    try:
        text = body.decode("utf-8")
        encoding = "utf-8-sig" if body is not head else "utf-8"
    except UnicodeDecodeError as exc:
        text = body.decode("utf-8", errors="replace")
        if body is not head:
            encoding = "utf-8-sig"
        elif decoding._utf8_multibyte_before(body, exc.start) < 3:
            legacy = decoding.guess_legacy(body)
            if legacy is not None:
                text, encoding, note = legacy
    fmt = forced or sources._sniffed(name, text)
    return (fmt, encoding, note) if fmt == "jsonl" else None


class _JsonlLines:
    """The lines of a streamed JSON Lines file, read one at a time."""

    def __init__(self, f: StreamedFile) -> None:
        self.f = f
        self.codec = _CODECS[f.encoding]
        self.reading = JsonlReading(JsonFile(f.path, "jsonl", f.encoding, f.max_bytes))
        self.lineno = 0
        self.offset = 0          # byte offset (after gunzip) of the line being read
        self.first_text = ""
        self.last_text = ""
        self.decode_error: Diagnostic | None = None

    def pieces(self) -> Iterator[Piece]:
        f, limit = self.f, self.f.max_bytes
        seg = f._segment
        start = 0 if seg is None else seg[0]
        bom = 3 if f.encoding == "utf-8-sig" and start == 0 else 0
        buf = bytearray(f._head[bom:])
        self.offset = start + bom
        if seg is not None:
            self.lineno = seg[2] - 1
        f._raw.bomb_floor = max(limit // BOMB_FLOOR_SHARE, len(f._head))
        chunks = f._rest
        skipping: int | None = None        # bytes of a too-long line skipped so far
        eof = False
        scan = 0                           # where in buf a line break may start (what is before has none)
        while True:
            pos = 0
            for m in line_ends(buf, scan):
                start, end = m.start(), m.end()
                if not eof and end == len(buf) and buf[end - 1] == 13:
                    end -= 1               # a last "\r" may be the first half of "\r\n": held back
                    if end == start:
                        break
                if skipping is None:
                    if start - pos > limit:
                        piece = self._too_large(bytes(buf[pos:pos + limit + 1]))
                    else:
                        piece = self._line(bytes(buf[pos:start]))
                    if piece is not None:
                        yield piece
                else:
                    self.offset += skipping
                    skipping = None
                if end - start == 1:       # one "\n" or "\r": the common line end
                    self.offset += 1 + start - pos
                else:
                    run = buf[start:end]
                    breaks = run.count(b"\n") + run.count(b"\r") - run.count(b"\r\n")
                    first = 2 if run.startswith(b"\r\n") else 1
                    self.offset += first + start - pos
                    if breaks > 1:
                        self._blank(breaks - 1, len(run) - first)
                pos = end
                if end != m.end():
                    break
            del buf[:pos]
            if skipping is None and len(buf) > limit:
                yield self._too_large(bytes(buf[:limit + 1]))
                skipping = 0
            if skipping is not None:       # hold no more of a skipped line than a "\r" to pair
                keep = 1 if buf.endswith(b"\r") else 0
                skipping += len(buf) - keep
                del buf[:len(buf) - keep]
            scan = max(0, len(buf) - buf.endswith(b"\r"))    # no break before, but a held-back "\r"
            if eof:
                break
            more = next(chunks, None)
            if more is None:
                eof = True                 # once more round: a last "\r" ends a line
            else:
                buf += more
        if skipping is None and (seg is None or seg[3] or buf):   # the last line (empty when the text
            piece = self._line(bytes(buf)) if len(buf) <= limit else self._too_large(bytes(buf[:limit + 1]))
            if piece is not None:                                # ends with a line break)
                yield piece
        if seg is not None:
            budget = self.reading.budget
            f.segment_end = SegmentEnd(self.lineno, self.reading.any_line, budget.used, budget.dropped,
                                       self.decode_error, self.first_text, self.last_text)
            return
        self._finish(f._raw)

    def _blank(self, n: int, size: int) -> None:
        """``n`` empty lines of ``size`` bytes of line breaks in all, as ``n`` calls of :meth:`_line`
        with nothing would count them, at once."""
        if self.lineno == 0:
            self.first_text = ""
        self.lineno += n
        self.last_text = ""
        self.offset += size

    def _line(self, data: bytes) -> Piece | None:
        self.lineno += 1
        bad = None
        try:
            text = data.decode(self.codec)
        except UnicodeDecodeError as exc:
            text = data.decode(self.codec, errors="replace")
            bad = exc.start
        if self.lineno == 1 and text.startswith("\ufeff"):
            text = text[1:]
        clipped = sources._clip(text)
        if self.lineno == 1:
            self.first_text = clipped
        self.last_text = clipped
        if bad is not None and self.decode_error is None:
            bad_byte = self._bad_byte(data, bad)
            self.decode_error = _with_text(bad_byte, sources._clip(text, bad_byte.column))
        m, diags = self.reading.line(text, self.lineno)
        if m is None and not diags:
            return None
        diags = [d if d.text or d.line != self.lineno else _with_text(d, sources._clip(text, d.column))
                 for d in diags]
        return Piece((m,) if m is not None else (), tuple(diags))

    def _bad_byte(self, data: bytes, at: int) -> Diagnostic:
        offset = self.offset + at
        what = "UTF-8" if self.codec == "utf-8" else self.f.encoding.upper()
        byte = data[at:at + 1].hex()
        col = len(data[:at].decode("utf-8", errors="replace")) + 1 + (self.lineno == 1 and self.offset == 3)
        return Diagnostic("decode_error", bilingual(
            f"byte 0x{byte} at byte offset {offset} is not {what} text, and the file is not clean GB18030/GBK "
            "either (expected a UTF-8 or GBK text file); bad bytes read as '\ufffd'",
            decoding.bad_byte_zh(byte, offset, what)), self.lineno, col)

    def _too_large(self, head: bytes) -> Piece:
        """One line past the limit: ``too_large`` where the limit falls; the line is skipped."""
        self.lineno += 1
        limit = self.f.max_bytes
        text = head[:limit].decode(self.codec, errors="replace")
        after = "after gunzip " if self.f.compressed else ""
        self.last_text = sources._clip(text)
        if self.lineno == 1:
            self.first_text = self.last_text
        if not self.reading.take():
            return Piece((), ())
        self.reading.any_line = True
        return Piece((), (Diagnostic("too_large", bilingual(
            f"record too large: line {self.lineno} is more than {limit} bytes {after}(the limit for one "
            "record of a JSON Lines file is reached here); the line is skipped — raise the limit with "
            "--max-bytes", f"记录过大：第 {self.lineno} 行{after and '解压后'}超过 {limit} 字节（JSON Lines 文件单条记录的"
            "上限，在此处达到）；已跳过该行——可用 --max-bytes 提高上限"), self.lineno, len(text) + 1, text=self.last_text),))

    def _finish(self, raw: _Raw) -> None:
        f = self.f
        if raw.problem is not None:
            column = len(bytes(raw.tail).decode("utf-8", errors="replace")) + 1 + raw.tail_dropped
            f.leading.append(decoding.truncated_diag(raw.problem, raw.size, raw.newlines + 1, column))
        if raw.bomb is not None:
            f.leading.append(Diagnostic("too_large", bilingual(
                f"gzip bomb: the text grew past {BOMB_RATIO} times the {raw.raw_size - raw.raw_pending} compressed bytes "
                f"read "
                f"({raw.bomb} bytes of text); reading stopped at line {self.lineno + 1} — record files "
                "compress about 8–20 times; gunzip the file first if it is genuine",
                f"疑似 gzip 炸弹：解压后的文本超过已读的 {raw.raw_size - raw.raw_pending} 字节压缩数据的 {BOMB_RATIO} 倍"
                f"（文本 {raw.bomb} 字节）；已在第 {self.lineno + 1} 行停止读取——记录文件的压缩比约为 8–20 倍；"
                "如文件无误，请先用 gunzip 解压"), self.lineno + 1, 0))
        if self.decode_error is not None:
            f.leading.append(self.decode_error)
        if f._not_gzip is not None:
            f.leading.insert(0, f._not_gzip)
        trailing = self.reading.finish(self.lineno)
        if raw.problem is not None:
            trailing = [d for d in trailing if d.code != "empty_file"]
        texts = {1: self.first_text, self.lineno: self.last_text}
        f.leading = [_with_text(d, texts.get(d.line, "")) if not d.text and d.line in texts else d
                     for d in f.leading]
        f.trailing = [_with_text(d, texts[d.line]) if not d.text and d.line in texts else d for d in trailing]
        f.sha256 = raw.drain()


def _with_text(d: Diagnostic, text: str) -> Diagnostic:
    return Diagnostic(d.code, d.message, d.line, d.column, d.hand, d.trick, text)
