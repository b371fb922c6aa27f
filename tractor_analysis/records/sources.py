"""Record files: bytes → text → matches, with every problem as a positioned diagnostic.

:func:`load_file` / :func:`load_bytes` pick the format from the name
(``.tgn``, ``.json``, ``.jsonl``, each optionally ``.gz``; gzip is also
recognised by its magic bytes, and an unknown extension is sniffed from the
text; a JSON text shaped as the 80fen contest NDJSON is read by :mod:`.fen80_reader`
whatever its name, and a caller may force the format), undo gzip (a cut-short stream
gives ``truncated_file`` and whatever decoded; a file named ``….gz`` whose bytes are not gzip is read as
the plain text it is, with ``not_gzip`` at 1:1 saying so), decode the text (UTF-8 with or without BOM, UTF-16 with BOM, else
GB18030 — a superset of GBK — or Big5, whichever reads as common Chinese characters
(:func:`guess_legacy`; the choice and any doubt are in ``SourceFile.encoding_note``), else
``decode_error`` at the first bad byte) and hand it to :mod:`.notation` or :mod:`.jsonrecord`.
Binary garbage gives ``binary_file``, an empty file ``empty_file``.  At most
``max_bytes`` (default :data:`~.limits.DEFAULT_MAX_BYTES`, 8 MiB) are read from a file after
gunzip: a bigger file, or a gzip bomb, is ``too_large`` and nothing of it is read, and no more
than the limit is ever decompressed or held (``tractor check`` and ``ingest`` read a big JSON Lines
file a line at a time instead, the limit per line: :mod:`.streaming`).  Bad
content never raises; only an unreadable path does (``OSError``, also for an
empty path).  Should a reader fail on some content all the same (a bug), the file
gets an ``engine_error`` diagnostic instead, so that a batch goes on.

:func:`iter_inputs` expands the CLI's arguments (files, folders, globs).  A record file's name it
finds in a folder (or by a glob) that is no regular file — a named pipe, a socket, a device — is
never opened: it is yielded as a :class:`ScannedPath`, which :func:`load_file` refuses (``OSError``,
:func:`scan_refusal` says why), since reading a named pipe no one writes to would wait for ever.
One named on the command line is read (``<(…)`` in bash is a named pipe).
"""
from __future__ import annotations

import errno
import glob
import hashlib
import os
import stat
import zlib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import BinaryIO, Iterable, Iterator

from .diagnostics import Diagnostic
from .botzone_reader import looks_like_botzone, parse_botzone
from .fen80_reader import looks_like_80fen, parse_80fen
from .limits import DEFAULT_MAX_BYTES
from .json_reader import parse_json, parse_jsonl
from .diagnostics import bilingual
from .model import Match

__all__ = ["SourceFile", "load_file", "load_opened", "load_bytes", "decode_text", "guess_legacy", "iter_inputs",
           "not_regular", "scan_refusal", "ScannedPath", "NotRegularFile", "open_regular", "RECORD_SUFFIXES",
           "FORMATS", "record_text"]

RECORD_SUFFIXES = (".tgn", ".json", ".jsonl", ".ndjson", ".tgn.gz", ".json.gz", ".jsonl.gz", ".ndjson.gz")
"""File names :func:`iter_inputs` picks up inside folders."""
FORMATS = ("tgn", "json", "jsonl", "80fen", "botzone")
"""The formats :func:`load_bytes` reads (and that ``fmt`` may force)."""

_GZIP_MAGIC = b"\x1f\x8b"
_TEXT_CONTROLS = frozenset(b"\t\n\r\f\v\x1b")


@dataclass(frozen=True, slots=True)
class SourceFile:
    """One record file read: its matches, its problems, and enough of the text to quote a line."""

    path: str
    format: str
    """``tgn``, ``json``, ``jsonl``, ``80fen`` (the 80fen contest NDJSON, :mod:`.fen80_reader`) or
    ``botzone`` (Botzone match logs, :mod:`.botzone_reader`)."""
    matches: tuple[Match, ...]
    diagnostics: tuple[Diagnostic, ...]
    sha256: str
    """SHA-256 of the raw bytes (before gunzip / decoding)."""
    encoding: str = "utf-8"
    """``utf-8``, ``utf-8-sig``, ``utf-16``, ``gb18030``, ``big5``, ``big5-hkscs``, or ``binary``
    when no text was read."""
    compressed: bool = False
    lines: tuple[str, ...] = field(default=(), repr=False, compare=False)
    """The decoded text split at line breaks (``lines[n - 1]`` is line ``n``)."""
    encoding_note: str | None = None
    """Why a legacy Chinese encoding (GBK or Big5) was chosen, and any doubt (bilingual);
    ``None`` for UTF-8 / UTF-16."""

    def line_text(self, line: int) -> str:
        """The raw text of 1-based line ``line`` ("" when there is none)."""
        return self.lines[line - 1] if 0 < line <= len(self.lines) else ""

    @property
    def ok(self) -> bool:
        """Every byte read and parsed without a problem."""
        return not self.diagnostics


def _clip(line: str, width: int = 300) -> str:
    """A line short enough to quote in an error row (a .jsonl record line can be long)."""
    return line if len(line) <= width else line[:width] + "…"


def _position(data: bytes, offset: int) -> tuple[int, int]:
    """1-based line and column (in characters, as far as they decode) of byte ``offset``."""
    start = data.rfind(b"\n", 0, offset) + 1
    line = data.count(b"\n", 0, offset) + 1
    column = len(data[start:offset].decode("utf-8", errors="replace")) + 1
    return line, column


class _TooLarge(Exception):
    """More than the limit of bytes after gunzip."""


def _gunzip(data: bytes, limit: int) -> tuple[bytes, str | None]:
    """The decompressed bytes (all members) and, when the stream is cut short or corrupt, what went wrong.

    At most ``limit + 1`` bytes are ever decompressed (a gzip bomb stops there): more than
    ``limit`` raises :class:`_TooLarge` carrying the first ``limit`` bytes."""
    out = bytearray()
    rest = data
    while rest:
        d = zlib.decompressobj(16 + zlib.MAX_WBITS)
        try:
            while True:
                out += d.decompress(rest, limit + 1 - len(out))
                if len(out) > limit:
                    raise _TooLarge(bytes(out[:limit]))
                rest = d.unconsumed_tail
                if not rest or d.eof:
                    break
            if not d.eof:
                out += d.flush()         # what is left of a window: at most 32 KiB
                if len(out) > limit:
                    raise _TooLarge(bytes(out[:limit]))
        except zlib.error as exc:
            return bytes(out), f"corrupt gzip data ({exc})"
        if not d.eof:
            return bytes(out), "the gzip stream ends early"
        rest = d.unused_data
        if rest and not rest.startswith(_GZIP_MAGIC):
            break          # trailing garbage after the last member: ignore, as gzip(1) does
    return bytes(out), None


def _looks_binary(data: bytes) -> int | None:
    """Byte offset of the first NUL, or 0 when most of the head is control bytes; ``None`` for text."""
    nul = data.find(b"\x00", 0, 1 << 16)
    if nul >= 0:
        return nul
    head = data[:4096]
    controls = sum(1 for b in head if b < 32 and b not in _TEXT_CONTROLS)
    if head and controls * 10 > len(head):
        return 0
    return None


def _utf16_without_bom(data: bytes) -> str | None:
    """``utf-16-le`` / ``utf-16-be`` when ``data`` is UTF-16 text without a BOM: in its head
    every other byte is NUL (the ASCII of tags, cards and seats) and the others are not."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return None
    head = data[:4096]
    head = head[:len(head) & ~1]
    if len(head) < 8:
        return None
    even, odd = head[0::2], head[1::2]
    n = len(even)
    for zeros, other, name in ((odd, even, "utf-16-le"), (even, odd, "utf-16-be")):
        if other.count(0) * 20 > n or not zeros.count(0):
            continue
        try:
            start = head.decode(name)
        except UnicodeDecodeError:
            continue
        # mostly ASCII (tags, cards, seats), or a record's first character and no control bytes
        # (a record written mostly in Chinese has few NULs)
        printable = all(c >= " " or c in "\t\r\n" for c in start)
        if zeros.count(0) * 10 >= n * 6 or (printable and start.lstrip("\ufeff \t\r\n")[:1] in ("[", "{", ";")):
            try:
                data[:len(data) & ~1].decode(name)
            except UnicodeDecodeError:
                return None
            return name
    return None


def _utf8_multibyte_before(data: bytes, offset: int) -> int:
    """How many multi-byte UTF-8 characters decode cleanly before ``offset``."""
    return sum(1 for b in data[:offset] if 0xC2 <= b <= 0xF4)


_GB_COMMON = (range(0xB0, 0xD8), range(0xA1, 0xFF), range(0xA1, 0xA4))
"""GB2312: level-1 hanzi (the 3755 most used: lead B0–D7, trail A1–FE), punctuation (lead A1–A3)."""
_BIG5_COMMON = range(0xA1, 0xC7)
"""Big5: punctuation (lead A1–A3) and level-1 hanzi (the 5401 most used: A440–C67E)."""
_MIN_CJK = 6
"""Fewer legacy characters than this cannot tell GBK from Big5."""


def _common_share(text: str, codec: str) -> tuple[int, int]:
    """``(common, total)``: how many of the non-ASCII characters of ``text`` are among the
    common characters (and punctuation) of ``codec`` (``gb18030`` or ``big5``)."""
    common = total = 0
    seen: dict[str, bool] = {}
    for ch in text:
        if ch < "\x80":
            continue
        total += 1
        hit = seen.get(ch)
        if hit is None:
            try:
                b = ch.encode("gb2312" if codec == "gb18030" else "cp950")
            except UnicodeEncodeError:
                hit = False
            else:
                if len(b) != 2:
                    hit = False
                elif codec == "gb18030":
                    hit = b[1] in _GB_COMMON[1] and (b[0] in _GB_COMMON[0] or b[0] in _GB_COMMON[2])
                else:
                    hit = b[0] in _BIG5_COMMON
            seen[ch] = hit
        common += hit
    return common, total


def guess_legacy(data: bytes) -> tuple[str, str, str] | None:
    """``(text, encoding, note)`` for bytes that are not UTF-8: GB18030 (GBK) or Big5, or
    ``None`` when neither decodes cleanly.

    GB18030 decodes almost any bytes, Big5 text included (as nonsense), so both are tried and
    the one whose characters are mostly *common* characters of its own code wins: real GBK
    text is nearly all GB2312 level-1 hanzi, real Big5 text nearly all Big5 level-1 hanzi,
    while either read with the other code scatters over rare characters and the private-use
    area.  Shares too close keep GB18030 (the code of most clubs) and ``note`` names the doubt;
    so does a text with too few characters to be sure, read with the better code."""
    texts: dict[str, str] = {}
    for name, codec in (("gb18030", "gb18030"), ("big5", "cp950"), ("big5-hkscs", "big5hkscs")):
        if name == "big5-hkscs" and "big5" in texts:
            continue
        try:
            texts[name] = data.decode(codec)
        except UnicodeDecodeError:
            pass
    if not texts:
        return None
    big5 = "big5" if "big5" in texts else "big5-hkscs" if "big5-hkscs" in texts else None
    gb = "gb18030" if "gb18030" in texts else None
    scores = {name: _common_share(texts[name], "gb18030" if name == "gb18030" else "big5")
              for name in (gb, big5) if name}
    share = {name: c / t if t else 0.0 for name, (c, t) in scores.items()}
    total = max(t for _, t in scores.values())
    if gb and big5:
        best = big5 if share[big5] > share[gb] + 0.15 else gb
        other = gb if best == big5 else big5
        doubt = total < _MIN_CJK or abs(share[gb] - share[big5]) <= 0.15
    else:
        best = gb or big5
        other, doubt = None, False
    label = {"gb18030": "GB18030 (GBK, simplified Chinese)", "big5": "Big5 (traditional Chinese)",
             "big5-hkscs": "Big5-HKSCS (traditional Chinese, Hong Kong)"}
    zh = {"gb18030": "GB18030/GBK（简体）", "big5": "Big5（繁体）", "big5-hkscs": "Big5-HKSCS（繁体，香港）"}
    short = {"gb18030": "GB18030", "big5": "Big5", "big5-hkscs": "Big5-HKSCS"}
    c, t = scores[best]
    why = f"{c} of {t} non-ASCII characters are common {short[best]} characters"
    if other:
        oc, ot = scores[other]
        why += f", against {oc} of {ot} read as {short[other]}"
    if doubt:
        note = (f"not UTF-8; read as {label[best]}, but it may be {label[other]}: {why}, too "
                f"{'few characters' if total < _MIN_CJK else 'close'} to tell — check the names on the "
                f"report, and save the record as UTF-8 / 不是 UTF-8；按 {zh[best]} 读取，但也可能是 {zh[other]}，"
                f"无法确定——请核对姓名，并将记录另存为 UTF-8")
    else:
        note = (f"not UTF-8; read as {label[best]}: {why} / 不是 UTF-8；按 {zh[best]} 读取")
    return texts[best], best, note


def decode_text(data: bytes) -> tuple[str, str, Diagnostic | None]:
    """``(text, encoding, problem)``: UTF-8 (BOM optional), UTF-16 with BOM, else clean GB18030
    or Big5 (:func:`decode_text_noted` also says why)."""
    text, encoding, problem, _ = decode_text_noted(data)
    return text, encoding, problem


def decode_text_noted(data: bytes) -> tuple[str, str, Diagnostic | None, str | None]:
    """``(text, encoding, problem, note)``: UTF-8 (BOM optional), UTF-16 with BOM, else GB18030
    or Big5 when one decodes cleanly (:func:`guess_legacy`; ``note`` says which and why).

    When nothing decodes cleanly the text is UTF-8 with replacement characters and
    the problem is a ``decode_error`` at the first bad byte.  A UTF-8 text with
    real multi-byte characters before its first bad byte is taken as damaged
    UTF-8, not as GB18030 (which would otherwise read it without an error, as
    mojibake).
    """
    if data.startswith(b"\xef\xbb\xbf"):
        try:
            return data[3:].decode("utf-8"), "utf-8-sig", None, None
        except UnicodeDecodeError as exc:
            bad = exc.start + 3
            return (data[3:].decode("utf-8", errors="replace"), "utf-8-sig", _decode_error(data, bad, "UTF-8"),
                    None)
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16"), "utf-16", None, None
        except UnicodeDecodeError as exc:
            return (data.decode("utf-16", errors="replace"), "utf-16", _decode_error(data, exc.start, "UTF-16"),
                    None)
    try:
        return data.decode("utf-8"), "utf-8", None, None
    except UnicodeDecodeError as exc:
        bad = exc.start
    if _utf8_multibyte_before(data, bad) < 3:
        legacy = guess_legacy(data)
        if legacy is not None:
            return legacy[0], legacy[1], None, legacy[2]
    return data.decode("utf-8", errors="replace"), "utf-8", _decode_error(data, bad, "UTF-8"), None


def _decode_error(data: bytes, offset: int, what: str) -> Diagnostic:
    line, col = _position(data, offset)
    byte = data[offset:offset + 1].hex()
    return Diagnostic("decode_error", bilingual(
        f"byte 0x{byte} at byte offset {offset} is not {what} text, and the file is not clean GB18030/GBK "
        "either (expected a UTF-8 or GBK text file); bad bytes read as '\ufffd'",
        f"第 {offset} 字节 (0x{byte}) 无法按 UTF-8 或 GB18030/GBK 解码"), line, col)


def truncated_diag(problem: str, size: int, line: int, column: int) -> Diagnostic:
    """``truncated_file``: the gzip stream of a file is cut short or corrupt after ``size`` bytes of text
    (``line``:``column`` is where the text stops)."""
    return Diagnostic("truncated_file", bilingual(
        f"truncated file: {problem} after {size} bytes of text (expected a complete gzip file); "
        "what decoded is read", f"文件不完整：gzip 数据在 {size} 字节后中断；已读取解出的部分"), line, column)


def not_gzip_diag() -> Diagnostic:
    """``not_gzip`` at 1:1: a file named ``….gz`` whose bytes do not start as gzip data (``1f 8b``) is read
    as the plain text it is (its bytes are the record), and this says so."""
    return Diagnostic("not_gzip", bilingual(
        "not gzip data: read as plain text (the name ends in .gz, but the file does not start with the gzip "
        "bytes 1f 8b)", "不是 gzip 数据：按纯文本读取（文件名以 .gz 结尾，但文件开头不是 gzip 的 1f 8b 字节）"), 1, 1)


def empty_diag(compressed: int | None = None) -> Diagnostic:
    """``empty_file`` at 1:1: no byte of text — 0 bytes, or (``compressed``: the gzip file's size) a valid
    gzip that holds 0 bytes of text."""
    if compressed is None:
        return Diagnostic("empty_file", bilingual(
            "empty file: 0 bytes (expected a .tgn, .json or .jsonl record)", "空文件：0 字节"), 1, 1)
    return Diagnostic("empty_file", bilingual(
        f"empty file: the gzip data holds 0 bytes of text ({compressed} bytes compressed); expected a .tgn, .json "
        "or .jsonl record", f"空文件：gzip 数据中的文本为 0 字节（压缩后 {compressed} 字节）"), 1, 1)


def _format_of(name: str, text: str) -> str:
    low = name.lower()
    if low.endswith(".gz"):
        low = low[:-3]
    for ext, fmt in ((".tgn", "tgn"), (".jsonl", "jsonl"), (".ndjson", "jsonl"), (".json", "json")):
        if low.endswith(ext):
            return fmt
    # sniff: JSON starts with '{' or '[' + JSON value; a .tgn tag starts with '[' + a name
    head = text.lstrip("\ufeff \t\r\n")
    if head.startswith("{"):
        lines = [ln for ln in (text.replace("\r", "\n") if "\r" in text else text).split("\n") if ln.strip()]
        return "jsonl" if len(lines) > 1 and all(ln.lstrip().startswith("{") for ln in lines[:5]) else "json"
    if head.startswith("[") and head[1:].lstrip()[:1] in ("{", "]", "[", ""):
        return "json"
    return "tgn"


def _too_large(name: str, head: bytes, limit: int, sha: str, compressed: bool, total: int | None = None
               ) -> SourceFile:
    """A file past the byte limit: one ``too_large`` at the line:column where the limit falls, nothing read."""
    line, col = _position(head, min(limit, len(head)))
    after = "after gunzip " if compressed else ""
    size = f"{total} bytes" if total is not None else f"more than {limit} bytes"
    return SourceFile(name, _format_of(name, ""), (), (Diagnostic("too_large", bilingual(
        f"file too large: {size} {after}(the limit is {limit} bytes, reached here); nothing of it was read "
        "— raise the limit with --max-bytes, or split the file (one match per .tgn, or a .jsonl of fewer "
        "matches)", f"文件过大：{after and '解压后'}超过 {limit} 字节的上限（在此处达到）；未读取任何内容——"
        "可用 --max-bytes 提高上限，或拆分文件"), line, col),), sha, "utf-8", compressed, ())


def _sniffed(name: str, text: str) -> str:
    """The format of ``text``: by the name's extension, then by shape — a JSON or JSON Lines text
    whose first record is an 80fen contest match is ``80fen``, a Botzone match ``botzone``, whatever its name."""
    fmt = _format_of(name, text)
    if fmt in ("json", "jsonl") and looks_like_80fen(text):
        return "80fen"
    if fmt in ("json", "jsonl") and looks_like_botzone(text):
        return "botzone"
    return fmt


def load_bytes(data: bytes, name: str = "<bytes>", fmt: str | None = None,
               max_bytes: int = DEFAULT_MAX_BYTES) -> SourceFile:
    """Read one record file's bytes (``name`` picks the format by its extension, the text's
    shape recognises 80fen's NDJSON; ``fmt`` — one of :data:`FORMATS` — forces it); never raises.

    Bad content gives diagnostics; more than ``max_bytes`` bytes (after gunzip) gives ``too_large``
    and nothing read; a failure of the readers themselves (a bug) gives the file
    an ``engine_error`` diagnostic and no matches."""
    if fmt is not None and fmt not in FORMATS:
        raise ValueError(f"unknown record format {fmt!r} (expected one of {', '.join(FORMATS)})")
    try:
        return _load_bytes(data, name, fmt, max_bytes)
    except Exception as exc:       # noqa: BLE001 - one file's failure must not stop a batch
        sha = hashlib.sha256(data).hexdigest()
        what = f"{type(exc).__name__}: {str(exc)[:200]}"
        return SourceFile(name, _format_of(name, ""), (), (Diagnostic("engine_error", bilingual(
            f"the reader failed on this file ({what}); nothing of it was read — please report it with "
            "the file", f"读取程序处理此文件时出错（{type(exc).__name__}）；未读取任何内容，请连同文件一起报告"),
            0, 0),), sha)


def _load_bytes(data: bytes, name: str, forced: str | None, max_bytes: int) -> SourceFile:
    sha = hashlib.sha256(data).hexdigest()
    diags: list[Diagnostic] = []
    compressed = data.startswith(_GZIP_MAGIC) or name.lower().endswith(".gz")
    if len(data) > max_bytes:
        return _too_large(name, data, max_bytes, sha, False, len(data))
    raw_size = len(data)
    if compressed and data.startswith(_GZIP_MAGIC):
        try:
            data, problem = _gunzip(data, max_bytes)
        except _TooLarge as big:
            return _too_large(name, big.args[0], max_bytes, sha, True)
        if problem is not None:
            start = data.rfind(b"\n") + 1
            diags.append(truncated_diag(problem, len(data), data.count(b"\n") + 1,
                                        len(data[start:].decode("utf-8", errors="replace")) + 1))
    else:
        if compressed and data:     # named .gz, but its bytes are not gzip: they are the record, said so
            diags.append(not_gzip_diag())
        compressed = False
    fmt = forced or _format_of(name, "")
    if not data:
        if not diags:
            diags.append(empty_diag(raw_size if compressed else None))
        return SourceFile(name, fmt, (), tuple(diags), sha, "utf-8", compressed, ())
    note = None
    utf16 = _utf16_without_bom(data)
    binary_at = None if utf16 else _looks_binary(data)
    if binary_at is not None and not data.startswith((b"\xff\xfe", b"\xfe\xff")):
        line, col = _position(data, binary_at) if binary_at else (1, 1)
        what = (f"a NUL byte at byte offset {binary_at}" if data[binary_at:binary_at + 1] == b"\x00"
                else "mostly control bytes")
        diags.append(Diagnostic("binary_file", bilingual(
            f"binary file: {what} (expected a text record: .tgn, .json or .jsonl, optionally gzipped)",
            "二进制文件，不是文本记录"), line, col))
        return SourceFile(name, fmt, (), tuple(diags), sha, "binary", compressed, ())
    if utf16:
        # Windows Notepad's "Unicode" without its byte-order mark: read it, and say so
        text, encoding = data.decode(utf16, errors="replace"), utf16
        diags.append(Diagnostic("decode_error", bilingual(
            f"text is UTF-16 without a byte-order mark (read as {utf16.upper()}); save the record as UTF-8 "
            "(or UTF-16 with its BOM)", f"文本是无字节序标记的 UTF-16（按 {utf16.upper()} 读取）；请另存为 UTF-8"),
            1, 1))
    else:
        text, encoding, problem, note = decode_text_noted(data)
        if problem is not None:
            diags.append(problem)
    fmt = forced or _sniffed(name, text)
    if fmt == "80fen":
        matches, parsed = parse_80fen(text)
    elif fmt == "botzone":
        matches, parsed = parse_botzone(text)
    elif fmt == "tgn":
        from .tgn_reader import parse_tgn       # here: a JSON input never imports the .tgn reader

        matches, parsed = parse_tgn(text)
    elif fmt == "jsonl":
        matches, parsed = parse_jsonl(text)
    else:
        matches, parsed = parse_json(text)
    if diags and any(d.code == "truncated_file" for d in diags):
        parsed = [d for d in parsed if d.code != "empty_file"]
        if fmt == "tgn" and matches:
            # the record stops at the damage, not where the match ended (JSON, JSON Lines, 80fen and
            # Botzone lose a cut match whole: a JSON value cut short does not parse)
            matches = [*matches[:-1], cut_at_damage(matches[-1], text)]
    diags.extend(parsed)
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = tuple(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"))
    diags = [replace(d, text=_clip(lines[d.line - 1])) if not d.text and 0 < d.line <= len(lines) else d
             for d in diags]
    return SourceFile(name, fmt, tuple(matches), tuple(diags), sha, encoding, compressed, lines, note)


def _closed(rest: str) -> bool:
    """Whether a play whose text starts ``rest`` (the cut line from its seat token on) is known to be
    whole: something that ends a play follows its cards (``,`` the next play, ``{`` a note, ``;`` a
    comment)."""
    return any(c in rest for c in ",{;")


def cut_at_damage(match: Match, text: str) -> Match:
    """``match`` (the last of a ``.tgn`` text whose file is damaged: ``truncated_file``) as a record cut
    by the damage: :attr:`~.model.Match.truncated`, and what the line the text stops in gave — a line
    not ended by a line break, so not known to be whole — left out: the last play read on it unless
    something after its cards closes it (the cards it played are not known: a record that ends in the
    middle of a trick), a deal, ``Bottom:`` or ``Buried:`` line on it (those cards are not known: a seat
    without a line, no bottom line, no bury line); a tag closed by ``]`` is whole.  Nothing is left out
    when the text ends with a line break."""
    match = replace(match, truncated=True)
    if not match.hands or not text or text.endswith(("\n", "\r")):
        return match
    norm = text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text
    last = norm.count("\n") + 1                  # the line the text stops in (as Play.line counts)
    cut_line = norm[norm.rfind("\n") + 1:]
    hand = match.hands[-1]
    changes: dict = {}
    tricks = hand.tricks
    if tricks and tricks[-1].plays and tricks[-1].plays[-1].line == last:
        play = tricks[-1].plays[-1]
        if not _closed(cut_line[max(play.column - 1, 0):]):
            trick = replace(tricks[-1], plays=tricks[-1].plays[:-1])
            changes["tricks"] = tricks[:-1] + ((trick,) if trick.plays else ())
    elif tricks and not tricks[-1].plays and tricks[-1].line == last:
        changes["tricks"] = tricks[:-1]          # a trick line cut before its first play was read
    cut_keys = {k for k, line, _ in hand.positions if line == last}
    deal = hand.deal
    if deal is not None and any(f"deal{s}" in cut_keys for s in "NESW"):
        deal = tuple(() if f"deal{s}" in cut_keys else cards for s, cards in zip("NESW", deal))
        changes["deal"] = deal if any(deal) else None
    if "bottom" in cut_keys:
        changes["bottom"] = None
    if "buried" in cut_keys:
        changes["buried"] = None
    dropped = cut_keys & {"dealN", "dealE", "dealS", "dealW", "bottom", "buried"}
    if dropped:
        changes["positions"] = tuple(p for p in hand.positions if p[0] not in dropped)
    if not changes:
        return match
    return replace(match, hands=match.hands[:-1] + (replace(hand, **changes),))


def load_file(path: str | os.PathLike, fmt: str | None = None, max_bytes: int = DEFAULT_MAX_BYTES) -> SourceFile:
    """Read one record file (``fmt`` forces a format, see :func:`load_bytes`); ``OSError`` only
    when the path cannot be read (an empty path included: ``Path("")`` would be the current folder),
    or is a file :func:`iter_inputs` found by a scan that is no regular file (:func:`scan_refusal`).
    At most ``max_bytes + 1`` bytes are held: a bigger file (or one that gunzips to more) is
    ``too_large`` and nothing of it is read."""
    if not os.fspath(path):
        raise FileNotFoundError(errno.ENOENT, "empty path / 空路径", "")
    refused = scan_refusal(path)
    if refused is not None:         # found by a folder scan, not named: never opened (it could block)
        raise OSError(errno.EINVAL, bilingual(*refused), os.fspath(path))
    try:
        f = open(path, "rb")
    except ValueError as exc:       # a NUL in the path: no file can have that name
        raise OSError(errno.EINVAL, f"{exc} / 路径无效", str(path)) from None
    with f:
        return load_opened(f, str(path), fmt, max_bytes)


def load_opened(f: BinaryIO, name: str, fmt: str | None = None, max_bytes: int = DEFAULT_MAX_BYTES) -> SourceFile:
    """:func:`load_file` of a file already open (``f``, binary, read from where it stands; not closed):
    whoever opened it decided it may be read (:func:`open_regular`).  ``OSError`` only when reading fails."""
    data = f.read(max_bytes + 1)
    if len(data) > max_bytes:    # too large: hash the rest without holding it
        digest = hashlib.sha256(data)
        total = len(data)
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
            total += len(chunk)
        return _too_large(name, data, max_bytes, digest.hexdigest(), False, total)
    return load_bytes(data, name, fmt, max_bytes)


def record_text(path: str | os.PathLike, fmt: str | None = None,
                max_bytes: int = DEFAULT_MAX_BYTES) -> tuple[str, str] | None:
    """``(text, format)`` of a regular file :func:`load_file` read without a problem — the text as the
    readers got it (gunzipped, decoded, without its byte-order mark; lines as written), the format as
    it was read (``fmt`` forces it) — without reading the record again; ``None`` when it is no regular
    file (a pipe cannot be read twice) or cannot be read within ``max_bytes``.  For ``tractor convert``,
    which says where a field is and what a copy does not keep."""
    try:
        with open_regular(path) as f:         # (a pipe, a device — or a file become one since — is refused)
            data = f.read(max_bytes + 1)
        if len(data) > max_bytes:
            return None
        if data.startswith(_GZIP_MAGIC):
            data, problem = _gunzip(data, max_bytes)
            if problem is not None:
                return None
        text = decode_text(data)[0]
    except (OSError, ValueError, _TooLarge):
        return None
    if text.startswith("\ufeff"):
        text = text[1:]
    return text, fmt or _sniffed(os.fspath(path), text)


def _is_record(p: Path) -> bool:
    return p.name.lower().endswith(RECORD_SUFFIXES)


_NOT_REGULAR = ((stat.S_ISFIFO, "named pipe", "命名管道"), (stat.S_ISSOCK, "socket", "套接字"),
                (stat.S_ISCHR, "character device", "字符设备"), (stat.S_ISBLK, "block device", "块设备"))


def not_regular(path: str | os.PathLike) -> tuple[str, str] | None:
    """``(en, zh)``: why ``path`` (a link followed) is no file to read records from — a named
    pipe, a socket or a device; ``None`` for a regular file, a folder, or a path that cannot be
    looked at (a broken link, a missing file: reading it says why)."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return None
    for test, en, zh in _NOT_REGULAR:
        if test(mode):
            return f"not a regular file ({en})", f"不是普通文件（{zh}）"
    return None


class NotRegularFile(OSError):
    """An input that is no regular file (a named pipe, a socket, a device), refused by
    :func:`open_regular`: ``words`` says which, ``(en, zh)``, in the words of :func:`not_regular`."""

    def __init__(self, words: tuple[str, str]) -> None:
        super().__init__(words[0])
        self.words = words


def open_regular(opened: str | os.PathLike, buffering: int = -1) -> BinaryIO:
    """``opened`` open for reading its bytes (``buffering`` as :func:`open`'s: buffered by default; 0 for
    a caller reading into its own buffer), when it is a regular file.

    It is opened without waiting (``O_NONBLOCK``: opening a named pipe no program writes to would
    wait for ever) and looked at through the descriptor opened (no other file can take its place
    between the look and the reading).  Raises :class:`NotRegularFile` for a named pipe, a socket or
    a device, ``IsADirectoryError`` for a folder, or the ``OSError`` / ``ValueError`` (a NUL in the
    path) of the opening."""
    nonblock = getattr(os, "O_NONBLOCK", 0)         # (none on Windows: no named pipes among its files)
    fd = os.open(opened, os.O_RDONLY | nonblock | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(opened))
        if not stat.S_ISREG(mode):
            en, zh = next(((en, zh) for test, en, zh in _NOT_REGULAR if test(mode)), ("special file", "特殊文件"))
            raise NotRegularFile((f"not a regular file ({en})", f"不是普通文件（{zh}）"))
        if nonblock:
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb", buffering=buffering)
    except BaseException:
        os.close(fd)
        raise


class ScannedPath(type(Path())):
    """A record file's name :func:`iter_inputs` found in a folder or by a glob, not one named on the
    command line: :func:`load_file` refuses it when it is no regular file (:func:`scan_refusal`).
    The mark travels with the path (a worker process given it keeps it: it pickles as its class)."""

    __slots__ = ()


def scan_refusal(path: str | os.PathLike) -> tuple[str, str] | None:
    """``(en, zh)`` why ``path`` is not to be opened: a named pipe, a socket or a device that
    :func:`iter_inputs` found in a folder or by a glob (a :class:`ScannedPath`), not one named on the
    command line — reading a named pipe found by a scan would wait for ever for a writer.  ``None``
    for any other path.  A reader that opens files itself asks this before it does."""
    return not_regular(path) if isinstance(path, ScannedPath) else None


def _key(p: str | os.PathLike) -> str:
    return os.path.normcase(os.path.abspath(p))


def named_keys(args: Iterable[str | os.PathLike]) -> frozenset[str]:
    """The files ``args`` name as such (not folders, not globs): :func:`iter_inputs` reads each of them
    whatever it is, also where a scan finds it."""
    return frozenset(_key(a) for a in args if os.fspath(a) and Path(a).exists() and not Path(a).is_dir())


def iter_inputs(args: Iterable[str | os.PathLike], named: frozenset[str] | None = None,
                seen: set[str] | None = None) -> Iterator[Path]:
    """Files named by the CLI arguments: files as given, folders searched recursively for
    record files (:data:`RECORD_SUFFIXES`, in sorted order), globs expanded (``**`` too).
    A name of a record file found in a folder is yielded even when it cannot be read (a broken
    link, a folder named ``x.tgn``): reading it reports the error, nothing is skipped unsaid.  One
    found in a folder or by a glob that is a named pipe, a socket or a device is yielded too, but
    :func:`load_file` refuses it without opening it (:func:`scan_refusal`): nothing may wait for
    ever on a pipe no one writes to.  A file named as such is read whatever it is (``<(…)``).
    A path that does not exist and matches no glob is yielded as is, so that reading it
    reports the error.  An empty argument names nothing (not the current folder, which
    ``Path("")`` would be) and yields nothing.  Each file is yielded once, also over several calls
    given one ``seen`` (an empty set at first, added to): a caller that takes one argument at a time
    reads a file once however many of them name it."""
    args = [a for a in args if os.fspath(a)]
    named = named_keys(args) if named is None else named     # (given: the files other arguments name)
    seen = set() if seen is None else seen

    def once(p: Path, scanned: bool = True) -> Iterator[Path]:
        key = _key(p)
        if key not in seen:
            seen.add(key)
            yield ScannedPath(p) if scanned and key not in named else p     # named anywhere: read

    for arg in args:
        p = Path(arg)
        if p.is_dir():
            for q in sorted(p.rglob("*")):
                if _is_record(q):       # unreadable too (see above)
                    yield from once(q)
        elif p.exists():
            yield from once(p, scanned=False)
        elif glob.has_magic(str(arg)):
            for hit in sorted(glob.glob(str(arg), recursive=True)):
                q = Path(hit)
                if q.is_dir():
                    for r in sorted(q.rglob("*")):
                        if _is_record(r):
                            yield from once(r)
                else:               # a file, or a broken link: reading it says why
                    yield from once(q)
        else:
            yield from once(p, scanned=False)
