"""Record bytes to text: gzip undone, binary detected, the text decoded, each problem a diagnostic.

:func:`decode_text` / :func:`decode_text_noted` decode a record's bytes: UTF-8 with or without BOM,
UTF-16 with BOM, else GB18030 — a superset of GBK — or Big5, whichever reads as common Chinese
characters (:func:`guess_legacy`; the choice and any doubt are the ``note``), else UTF-8 with a
``decode_error`` at the first bad byte.  ``_gunzip`` undoes gzip (every member; at most the byte limit
is ever decompressed, past it ``_TooLarge``; a cut-short stream is what decoded and what went wrong:
:func:`truncated_diag`; a file named ``….gz`` that is no gzip: :func:`not_gzip_diag`);
``_looks_binary`` and ``_utf16_without_bom`` tell binary garbage and BOM-less UTF-16 from text.

Both readers of a file use it: :mod:`.sources` (a file read whole) and :mod:`.streaming` (a JSON
Lines file read a line at a time, its encoding decided on its head).
"""
from __future__ import annotations

import zlib

from .diagnostics import Diagnostic, bilingual

__all__ = ["decode_text", "decode_text_noted", "guess_legacy", "truncated_diag", "not_gzip_diag"]

_GZIP_MAGIC = b"\x1f\x8b"
_TEXT_CONTROLS = frozenset(b"\t\n\r\f\v\x1b")


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
    why_zh = f"{t} 个非 ASCII 字符中有 {c} 个是 {short[best]} 常用字"
    if other:
        oc, ot = scores[other]
        why += f", against {oc} of {ot} read as {short[other]}"
        why_zh += f"，按 {short[other]} 读取则为 {ot} 个中的 {oc} 个"
    if doubt:
        few = total < _MIN_CJK
        note = (f"not UTF-8; read as {label[best]}, but it may be {label[other]}: {why}, too "
                f"{'few characters' if few else 'close'} to tell — check the names on the "
                f"report, and save the record as UTF-8 / 不是 UTF-8；按 {zh[best]} 读取，但也可能是 {zh[other]}：{why_zh}，"
                f"{'字符太少' if few else '两者太接近'}，无法确定——请核对报告上的姓名，并将记录另存为 UTF-8")
    else:
        note = (f"not UTF-8; read as {label[best]}: {why} / 不是 UTF-8；按 {zh[best]} 读取：{why_zh}")
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
        bad_byte_zh(byte, offset, what)), line, col)


def bad_byte_zh(byte: str, offset: int, what: str) -> str:
    """The Chinese of a ``decode_error`` at a bad byte (the English says the same)."""
    return (f"字节偏移 {offset} 处的字节 0x{byte} 不是 {what} 文本，而文件也不是无误的 GB18030/GBK 文本"
            "（应为 UTF-8 或 GBK 文本文件）；无法解码的字节按 '\ufffd' 读取")


def truncated_diag(problem: str, size: int, line: int, column: int) -> Diagnostic:
    """``truncated_file``: the gzip stream of a file is cut short or corrupt after ``size`` bytes of text
    (``line``:``column`` is where the text stops)."""
    return Diagnostic("truncated_file", bilingual(
        f"truncated file: {problem} after {size} bytes of text (expected a complete gzip file); "
        "what decoded is read", f"文件不完整：{_gzip_problem_zh(problem)}，在 {size} 字节文本之后（应为完整的 gzip "
        "文件）；已读取解出的部分"), line, column)


def _gzip_problem_zh(problem: str) -> str:
    """The Chinese of what :func:`_gunzip` (and the streaming reader) found wrong with a gzip stream."""
    if problem.startswith("corrupt gzip data (") and problem.endswith(")"):
        return f"gzip 数据损坏（{problem[19:-1]}）"
    if problem == "the gzip stream ends early":
        return "gzip 数据流提前结束"
    return problem


def not_gzip_diag() -> Diagnostic:
    """``not_gzip`` at 1:1: a file named ``….gz`` whose bytes do not start as gzip data (``1f 8b``) is read
    as the plain text it is (its bytes are the record), and this says so."""
    return Diagnostic("not_gzip", bilingual(
        "not gzip data: read as plain text (the name ends in .gz, but the file does not start with the gzip "
        "bytes 1f 8b)", "不是 gzip 数据：按纯文本读取（文件名以 .gz 结尾，但文件开头不是 gzip 的 1f 8b 字节）"), 1, 1)
