"""Record files: bytes → text → matches, with every problem as a positioned diagnostic.

:func:`load_file` / :func:`load_bytes` pick the format from the name
(``.tgn``, ``.json``, ``.jsonl``, each optionally ``.gz``; gzip is also
recognised by its magic bytes, and an unknown extension is sniffed from the
text; a JSON text shaped as the 80fen contest NDJSON is read by :mod:`.fen80_reader`
whatever its name, and a caller may force the format), undo gzip (a cut-short stream
gives ``truncated_file`` and whatever decoded; a file named ``….gz`` whose bytes are not gzip is read as
the plain text it is, with ``not_gzip`` at 1:1 saying so), decode the text (UTF-8 with or without BOM, UTF-16 with BOM, else
GB18030 — a superset of GBK — or Big5, whichever reads as common Chinese characters
(:func:`~.decoding.guess_legacy`; the choice and any doubt are in ``SourceFile.encoding_note``), else
``decode_error`` at the first bad byte: bytes to text is :mod:`.decoding`) and hand it to the reader
of its format (:mod:`.tgn_reader`, :mod:`.json_reader`, :mod:`.fen80_reader`, :mod:`.botzone_reader`).
Binary garbage gives ``binary_file``, an empty file ``empty_file``.  At most
``max_bytes`` (default :data:`~.limits.DEFAULT_MAX_BYTES`, 8 MiB) are read from a file after
gunzip: a bigger file, or a gzip bomb, is ``too_large`` and nothing of it is read, and no more
than the limit is ever decompressed or held (``tractor check`` and ``ingest`` read a big JSON Lines
file a line at a time instead, the limit per line: :mod:`.streaming`).  Bad
content never raises; only an unreadable path does (``OSError``, also for an
empty path).  Should a reader fail on some content all the same (a bug), the file
gets an ``engine_error`` diagnostic instead, so that a batch goes on.

Which files to read is :mod:`.input_files` (:func:`~.input_files.iter_inputs`): a record file's name a
folder scan or a glob found that is no regular file (a :class:`~.input_files.ScannedPath`) is refused
by :func:`load_file` without being opened (``OSError``, :func:`~.input_files.scan_refusal` says why).
"""
from __future__ import annotations

import errno
import hashlib
import os
from dataclasses import dataclass, field, replace
from typing import BinaryIO

from .diagnostics import Diagnostic, clip_at
from .botzone_reader import looks_like_botzone, parse_botzone
from .decoding import (_GZIP_MAGIC, _TooLarge, _gunzip, _looks_binary, _position, _utf16_without_bom, decode_text,
                       decode_text_noted, not_gzip_diag, truncated_diag)
from .fen80_reader import looks_like_80fen, parse_80fen
from .input_files import open_regular, scan_refusal
from .limits import DEFAULT_MAX_BYTES
from .json_origin import JsonFile
from .json_reader import parse_json, parse_jsonl
from .diagnostics import bilingual
from .cards import SEAT_NAMES_ZH, SEAT_TOKENS
from .model import Match

__all__ = ["SourceFile", "load_file", "load_opened", "load_bytes", "FORMATS", "record_text"]

FORMATS = ("tgn", "json", "jsonl", "80fen", "botzone")
"""The formats :func:`load_bytes` reads (and that ``fmt`` may force)."""


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


def _clip(line: str, column: int = 0, width: int = 300) -> str:
    """A line short enough to quote in an error row (a .jsonl record line can be long): :func:`.diagnostics.clip_at`."""
    return clip_at(line, column, width)


def empty_diag(compressed: int | None = None) -> Diagnostic:
    """``empty_file`` at 1:1: no byte of text — 0 bytes, or (``compressed``: the gzip file's size) a valid
    gzip that holds 0 bytes of text."""
    if compressed is None:
        return Diagnostic("empty_file", bilingual(
            "empty file: 0 bytes (expected a .tgn, .json or .jsonl record)",
        "空文件：0 字节（应为 .tgn、.json 或 .jsonl 记录）"), 1, 1)
    return Diagnostic("empty_file", bilingual(
        f"empty file: the gzip data holds 0 bytes of text ({compressed} bytes compressed); expected a .tgn, .json "
        "or .jsonl record", f"空文件：gzip 数据中的文本为 0 字节（压缩后 {compressed} 字节）；应为 .tgn、.json 或 "
        ".jsonl 记录"), 1, 1)


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
    size_zh = f"{total} 字节" if total is not None else f"超过 {limit} 字节"
    return SourceFile(name, _format_of(name, ""), (), (Diagnostic("too_large", bilingual(
        f"file too large: {size} {after}(the limit is {limit} bytes, reached here); nothing of it was read "
        "— raise the limit with --max-bytes, or split the file (one match per .tgn, or a .jsonl of fewer "
        "matches)", f"文件过大：{after and '解压后'}{size_zh}（上限为 {limit} 字节，在此处达到）；未读取任何内容——"
        "可用 --max-bytes 提高上限，或拆分文件（每个 .tgn 一场比赛，或比赛更少的 .jsonl）"), line, col),), sha, "utf-8",
        compressed, ())


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
            "the file", f"读取程序处理此文件时出错（{what}）；未读取任何内容，请连同文件一起报告"),
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
        nul = data[binary_at:binary_at + 1] == b"\x00"
        what = f"a NUL byte at byte offset {binary_at}" if nul else "mostly control bytes"
        what_zh = f"字节偏移 {binary_at} 处有 NUL 字节" if nul else "大部分是控制字节"
        diags.append(Diagnostic("binary_file", bilingual(
            f"binary file: {what} (expected a text record: .tgn, .json or .jsonl, optionally gzipped)",
            f"二进制文件：{what_zh}（应为文本记录：.tgn、.json 或 .jsonl，可经 gzip 压缩）"), line, col))
        return SourceFile(name, fmt, (), tuple(diags), sha, "binary", compressed, ())
    if utf16:
        # Windows Notepad's "Unicode" without its byte-order mark: read it, and say so
        text, encoding = data.decode(utf16, errors="replace"), utf16
        diags.append(Diagnostic("decode_error", bilingual(
            f"text is UTF-16 without a byte-order mark (read as {utf16.upper()}); save the record as UTF-8 "
            "(or UTF-16 with its BOM)",
            f"文本是无字节序标记的 UTF-16（按 {utf16.upper()} 读取）；请另存为 UTF-8（或带字节序标记的 UTF-16）"),
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
    elif fmt == "jsonl":        # (the file named: where its plays are is found there when a violation asks)
        matches, parsed = parse_jsonl(text, JsonFile(name, fmt, encoding, max_bytes))
    else:
        matches, parsed = parse_json(text, JsonFile(name, fmt, encoding, max_bytes))
    if (fmt == "tgn" and matches and text and not text.endswith(("\n", "\r"))
            and not any(d.code == "truncated_file" for d in diags)):
        cut = cut_mid_play(matches[-1], text)
        if cut is not None:         # (a plain text cut off: read as a damaged file, as a gzip stream cut short)
            diags.append(cut)
    if diags and any(d.code == "truncated_file" for d in diags):
        # the token the damage cut (the last of a text not ended by a line break) is no miscopied card:
        # the truncated_file error says what happened to it
        parsed = [d for d in parsed if d.code != "empty_file" and not (fmt == "tgn" and cut_token(d, text))]
        if fmt == "tgn" and matches:
            # the record stops at the damage, not where the match ended (JSON, JSON Lines, 80fen and
            # Botzone lose a cut match whole: a JSON value cut short does not parse)
            matches = [*matches[:-1], cut_at_damage(matches[-1], text)]
    diags.extend(parsed)
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = tuple(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"))
    diags = [replace(d, text=_clip(lines[d.line - 1], d.column)) if not d.text and 0 < d.line <= len(lines) else d
             for d in diags]
    return SourceFile(name, fmt, tuple(matches), tuple(diags), sha, encoding, compressed, lines, note)


def cut_token(d: Diagnostic, text: str) -> bool:
    """Whether ``d`` is an ``unknown_card`` of the token the text stops in: ``text`` ends without a line
    break, on ``d``'s line, and nothing after ``d``'s column ends that token (a space, ``,``, ``{``, ``;``) — a
    token cut there by the damage (``C`` of ``CQ``), not known to be miscopied."""
    if d.code != "unknown_card" or not text or text.endswith(("\n", "\r")) or d.column < 1:
        return False
    norm = text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text
    if d.line != norm.count("\n") + 1:
        return False
    rest = norm[norm.rfind("\n") + 1:][d.column - 1:]
    return bool(rest) and not any(c.isspace() for c in rest) and not _closed(rest)


def _closed(rest: str) -> bool:
    """Whether a play whose text starts ``rest`` (the cut line from its seat token on) is known to be
    whole: something that ends a play follows its cards (``,`` the next play, ``{`` a note, ``;`` a
    comment)."""
    return any(c in rest for c in ",{;")


def cut_mid_play(match: Match, text: str) -> Diagnostic | None:
    """``truncated_file`` for a plain ``.tgn`` text that stops, with no line break, inside the last play of its last
    trick line — a follow with fewer cards than the lead, nothing after its cards closing it (:func:`_closed`): the
    file is cut off there, the play not known whole (a record that simply ends mid-line with a whole play is read
    as it stands: docs/format.md).  ``None`` otherwise."""
    if not match.hands or not match.hands[-1].tricks:
        return None
    norm = text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text
    last = norm.count("\n") + 1
    trick = match.hands[-1].tricks[-1]
    if len(trick.plays) < 2 or trick.plays[-1].line != last:
        return None
    play, lead = trick.plays[-1], trick.plays[0]
    cut_line = norm[norm.rfind("\n") + 1:]
    if len(play.cards) >= len(lead.cards) or _closed(cut_line[max(play.column - 1, 0):]):
        return None
    seat, n, m = SEAT_TOKENS[play.seat], len(play.cards), len(lead.cards)
    return Diagnostic("truncated_file", bilingual(
        f"truncated file: the text ends without a line break inside {seat}'s play of trick {trick.number}, {n} "
        f"card{'s' if n > 1 else ''} to a lead of {m}: the file may be cut off there, so the play is not known "
        "whole and the record stops at the damage (expected a line break after the last line)",
        f"文件不完整：文本在第 {trick.number} 轮{SEAT_NAMES_ZH[play.seat]}的出牌中结束，没有换行，该出牌 {n} 张而首出 {m} 张："
        "文件可能在此被截断，故该出牌不知是否完整，记录止于损坏处（最后一行之后应有换行）"), last, play.column or 1)


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
    or is a file :func:`~.input_files.iter_inputs` found by a scan that is no regular file
    (:func:`~.input_files.scan_refusal`).
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
        raise OSError(errno.EINVAL, f"invalid path ({exc}) / 路径无效（{exc}）", str(path)) from None
    with f:
        return load_opened(f, str(path), fmt, max_bytes)


def load_opened(f: BinaryIO, name: str, fmt: str | None = None, max_bytes: int = DEFAULT_MAX_BYTES) -> SourceFile:
    """:func:`load_file` of a file already open (``f``, binary, read from where it stands; not closed):
    whoever opened it decided it may be read (:func:`~.input_files.open_regular`).  ``OSError`` only when reading fails."""
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
