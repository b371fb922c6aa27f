"""Logical lines of a ``.tgn`` text: physical lines → (body, positions, annotations).

A physical line without ``{`` or ``"`` is its own logical line, cut at ``;`` (the rest is a
comment).  A line holding quotes or annotations goes through :func:`scan`: quoted values are
kept whole (a ``;`` or ``{`` inside quotes is text), each ``{…}`` annotation is taken out of
the body and kept with its offset, and an annotation left open runs on over the following
lines (a *continuation*) until its ``}`` — or until a line that starts a tag or a trick,
which it cannot run past.

Positions: an offset into a logical line maps back to a 1-based (line, column) of the file
through its *pieces* (:func:`pos`); ``pieces`` is ``None`` for the fast path, where the
offset is the column.
"""
from __future__ import annotations

import bisect

import re
from collections.abc import Callable, Iterator

__all__ = ["Pieces", "Notes", "physical_lines", "logical_lines", "logical_line", "scan", "pos", "unescape", "raw_offset",
           "comment_lines", "TYPED_MARKS", "typed_as_ascii", "FULL_WIDTH", "half_width", "full_width_in"]

Pieces = list[tuple[int, int, int]] | None
"""Where a logical line's text came from: (offset in the body, file line, file column - 1) per piece."""
Notes = list[tuple[int, str, int, int]]
"""Annotations of a logical line: (offset in the body, text, line, column) each."""
Diag = Callable[[str, str, str, int, int], None]

_SPECIAL = re.compile(r'["{;]')
_QUOTE_END = re.compile(r'(?:[^"\\]|\\.)*+"')
_NOTE_END = re.compile(r'(?:[^}\\]|\\.)*+\}')
"""Possessive (``*+``): a greedy ``(?:a|b)*`` keeps a backtracking mark for every character it
takes, some 100 bytes each (a 6 MB annotation took 700 MB); giving nothing back changes no match,
since no character the group takes could end the quote or annotation."""
_ESCAPE = re.compile(r'\\(u[0-9A-Fa-f]{4}|.)', re.DOTALL)
_RECORD_LINE = re.compile(r'\s*(?:\[\s*[A-Za-z][^\s\[\]"]*\s*"|\d+\s*[.．、。]\s*[NESWnesw北东東南西ＮＥＳＷｎｅｓｗ]\s*[:：])')
"""A line that starts a tag or a trick (its number, dot and colon as a Chinese keyboard may type them too:
:func:`typed_as_ascii`): an annotation left open cannot run past it."""
FULL_WIDTH = {**{chr(c): chr(c - 0xFEE0) for c in range(0xFF01, 0xFF5F)}, "\u3000": " "}
"""The full-width forms of ASCII (U+FF01–U+FF5E, what a Chinese input method in full-width mode types for
``!`` … ``~``: ``Ｎ`` ``２`` ``？``) read as ASCII, and the ideographic space U+3000 as a space: what
:func:`half_width` reads in the value of a tag that takes a seat, a number, a rank or a card."""
_LINE_WIDTH = {c: a for c, a in FULL_WIDTH.items() if a.isalnum() or a in "->| "}
"""What :func:`typed_as_ascii` reads of :data:`FULL_WIDTH` in a line that is not a tag line: letters and
digits (a seat ``Ｎ``, a label ``Ｂｏｔｔｏｍ``, a card ``Ｓ１０``, a trick number ``１２``), the arrow ``－＞`` of a
failed throw, the ``｜｜`` between buries, and U+3000 — not the marks that would change how the line is
cut (``；`` ``｛`` ``＂`` ``［``…): those stay as written, and what they make of the line is said."""
TYPED_MARKS = {"：": ":", "，": ",", "．": ".", "、": ".", "。": ".", "“": '"', "”": '"', **_LINE_WIDTH}
"""The marks a Chinese keyboard types that the ``.tgn`` reader reads as ASCII (each one character for one,
so offsets hold): what :func:`typed_as_ascii` rewrites, and how a quote gives them back as written."""
_LINE_TABLE = str.maketrans(_LINE_WIDTH)
_LINE_WIDE = re.compile("[" + "".join(sorted(_LINE_WIDTH)) + "]")
_VALUE_TABLE = str.maketrans(FULL_WIDTH)
_VALUE_WIDE = re.compile("[\uFF01-\uFF5E\u3000]")
_TYPED_NUMBER = re.compile(r'\s*[0-9]+(\s*[.．、。])?')
"""A trick number (its full-width digits already read as ASCII) and the dot after it, ``．`` or ``、`` as typed on a
Chinese keyboard."""
_UNESCAPES = {"n": "\n", "r": "\r", "t": "\t", "\\": "\\", '"': '"', "}": "}", "{": "{"}


def physical_lines(text: str) -> list[str]:
    """The lines of a text, a leading byte-order mark dropped and ``\\r\\n`` / ``\\r`` read as ``\\n``."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.split("\n")


def typed_as_ascii(body: str) -> str:
    """A logical line (``body``, not all ASCII) with the marks a Chinese keyboard types read as ASCII, one
    character for one (:data:`TYPED_MARKS`): in a tag line that has no straight quote, curly quotes ``“…”``
    (word processors); in any other line full-width ``：`` and ``，``, full-width letters and digits (a seat
    ``Ｗ：``, a card ``Ｃ２``, a trick number ``２.``), ``－＞``, ``｜`` and U+3000 (:data:`_LINE_WIDTH`), and the
    ``．`` or ``、`` typed for a trick number's dot (``2．``, ``2、``).  ``body`` itself when none is.  (A tag's
    value is read by its tag: :func:`half_width`.)"""
    stripped = body.lstrip()
    if stripped[:1] == "[":
        if ("“" in body or "”" in body) and '"' not in body:
            return body.replace("“", '"').replace("”", '"')
        return body
    if "：" in body or "，" in body:
        body = body.replace("：", ":").replace("，", ",")
    if _LINE_WIDE.search(body) is not None:
        body = body.translate(_LINE_TABLE)
    m = _TYPED_NUMBER.match(body)
    if m is None:
        return body
    dot = m.group(1)
    if dot is not None and dot[-1] != ".":
        body = body[:m.end() - 1] + "." + body[m.end():]
    return body


def half_width(value: str) -> str:
    """A tag's value (not all ASCII) with :data:`FULL_WIDTH` read as ASCII, one character for one (``"６５"``
    is ``"65"``, ``"Ｗ"`` is ``"W"``, ``"ＮＳ：２"`` is ``"NS:2"``); ``value`` itself when it holds none.  For the
    tags that take a seat, a number, a rank, a card or a fixed word, never for a text tag (a name, an event)."""
    if _VALUE_WIDE.search(value) is None:
        return value
    return value.translate(_VALUE_TABLE)


def full_width_in(text: str) -> bool:
    """Whether ``text`` (as the record writes it) holds a character of :data:`FULL_WIDTH`: what a message about
    it then says (``'Ｘ' is in full-width characters, read as 'X'``)."""
    return not text.isascii() and _VALUE_WIDE.search(text) is not None


def unescape(text: str) -> str:
    """A quoted value or annotation with its backslash escapes resolved."""
    if "\\" not in text:
        return text
    return _ESCAPE.sub(_unescape_one, text)


def _unescape_one(m: re.Match) -> str:
    e = m.group(1)
    if len(e) == 5:                    # \uXXXX: a character the writer could not put in the text
        code = int(e[1:], 16)
        return "\ufffd" if 0xD800 <= code <= 0xDFFF else chr(code)   # a lone surrogate: U+FFFD, as JSON
    return _UNESCAPES.get(e, "\\" + e)


def raw_offset(raw: str, off: int) -> int:
    """The offset in ``raw`` (a tag value as written, escapes and all) of character ``off`` of its
    unescaped text."""
    if "\\" not in raw:
        return off
    i = done = 0
    for m in _ESCAPE.finditer(raw):
        plain = m.start() - i
        if done + plain > off:
            break
        done += plain
        i = m.start()
        width = len(unescape(m.group()))
        if done + width > off:
            return i
        done += width
        i = m.end()
    return i + (off - done)



def pos(pieces: Pieces, lineno: int, off: int) -> tuple[int, int]:
    """1-based (line, column) of offset ``off`` of a logical line (the last piece starting at or before it:
    a binary search where the pieces are many — a line of thousands of annotations, each a cut, asked for
    the place of thousands of tags, was quadratic)."""
    if pieces is None:
        return lineno, off + 1
    if len(pieces) > 8:
        at = bisect.bisect_right(pieces, off, key=_piece_start)
        if at:
            start, ln, c0 = pieces[at - 1]
            return ln, c0 + off - start + 1
        return lineno, off + 1
    for start, ln, c0 in reversed(pieces):
        if off >= start:
            return ln, c0 + off - start + 1
    return lineno, off + 1


def _piece_start(piece) -> int:
    return piece[0]


def logical_lines(lines: list[str], diag: Diag) -> Iterator[tuple[str, int, Pieces, Notes, int]]:
    """Each logical line as ``(body, line, pieces, notes, semi)``.

    ``semi`` is the offset of the ``;`` that starts a comment in its physical line (``-1`` when there is
    none): the logical line's last physical line, which is ``line`` on a fast-path line and the line of the
    last of ``pieces`` on one that went through :func:`scan`.  Lines are produced
    lazily, so problems :func:`scan` reports keep their place among the caller's.
    """
    n = len(lines)
    i = 0
    while i < n:
        got, i = logical_line(lines, i, diag)
        if got is not None:
            yield got


def logical_line(lines: list[str], i: int, diag: Diag) -> tuple[tuple[str, int, Pieces, Notes, int] | None, int]:
    """The logical line starting at physical line ``i`` (as :func:`logical_lines` gives it; ``None``
    for a blank line or one skipped) and the index of the physical line after it."""
    raw = lines[i]
    if not raw or raw.isspace():       # blank: nothing to read (a file of blank lines stays fast)
        return None, i + 1
    if "{" not in raw and '"' not in raw:
        semi = raw.find(";")
        return ((raw if semi < 0 else raw[:semi]), i + 1, None, (), semi), i + 1
    body, pieces, notes, nxt, semi = scan(lines, i, diag)
    if body is None:
        return None, nxt
    return (body, pieces[0][1], pieces, notes, semi), nxt


def scan(lines: list[str], i: int, diag: Diag) -> tuple[str | None, Pieces, Notes | None, int, int]:
    """Slow path for a line with quotes or annotations; may consume several lines.

    Returns ``(body, pieces, notes, next line index, semi)``; ``body`` is ``None`` when the line
    is skipped (an unclosed quote); ``semi`` is the offset of the ``;`` that starts a comment in the
    last physical line read (the line of the last of ``pieces``), ``-1`` when there is none.
    """
    s = lines[i]
    ln = i + 1
    k = 0
    out: list[str] = []
    outlen = 0
    pieces = [(0, ln, 0)]
    notes: Notes = []
    while True:
        m = _SPECIAL.search(s, k)
        if m is None:
            out.append(s[k:])
            break
        c, p = m.group(), m.start()
        if c == ";":
            out.append(s[k:p])
            return "".join(out), pieces, notes, i + 1, p
        if c == '"':
            q = _QUOTE_END.match(s, p + 1)
            if q is None:
                diag("unclosed_quote", "unclosed quote: '\"' without its closing '\"' on the same line "
                     "(a tag is [Name \"value\"]; write \\\" for a quote inside the value); line skipped",
                     "引号未闭合：'\"' 在同一行内缺少结尾的 '\"'（标签应为 [名称 \"值\"]；值中的引号写作 \\\"）；"
                     "本行已跳过", ln, p + 1)
                return None, None, None, i + 1, -1
            out.append(s[k:q.end()])
            outlen += q.end() - k
            k = q.end()
            continue
        # annotation
        out.append(s[k:p])
        outlen += p - k
        start_ln, start_col = ln, p + 1
        r = _NOTE_END.match(s, p + 1)
        if r is not None:
            notes.append((outlen, unescape(s[p + 1:r.end() - 1]), start_ln, start_col))
            k = r.end()
            pieces.append((outlen, ln, k))
            continue
        parts = [s[p + 1:]]
        while True:
            i += 1
            if i >= len(lines) or _RECORD_LINE.match(lines[i]):
                diag("unclosed_annotation",
                     "unclosed annotation: '{' without its closing '}' (write \\} for a brace inside a note); "
                     "the note is kept up to " + ("the end of the file" if i >= len(lines)
                                                  else f"line {i}"),
                     "注释未闭合：'{' 缺少对应的 '}'（注释中的 '}' 写作 \\}）；注释保留至"
                     + ("文件末尾" if i >= len(lines) else f"第 {i} 行"), start_ln, start_col)
                notes.append((outlen, unescape("\n".join(parts)), start_ln, start_col))
                return "".join(out), pieces, notes, i, -1
            t = lines[i]
            r = _NOTE_END.match(t)
            if r is None:
                parts.append(t)
                continue
            parts.append(t[:r.end() - 1])
            notes.append((outlen, unescape("\n".join(parts)), start_ln, start_col))
            s = t
            ln = i + 1
            k = r.end()
            pieces.append((outlen, ln, k))
            break
    return "".join(out), pieces, notes, i + 1, -1


def comment_lines(lines: list[str]) -> list[int]:
    """The 1-based numbers of the lines of a ``.tgn`` text (:func:`physical_lines`) that hold a ``;``
    comment — a whole line, or the end of one —, which the reader drops and no writer writes back
    (``tractor convert`` says how many).  A ``;`` inside a quoted value or an annotation is text, as
    :func:`scan` reads it; not on any reading path."""
    out: list[int] = []
    i, n = 0, len(lines)
    while i < n:
        raw = lines[i]
        if "{" not in raw and '"' not in raw:
            if ";" in raw:
                out.append(i + 1)
            i += 1
            continue
        i = _scan_comment(lines, i, out)
    return out


def _scan_comment(lines: list[str], i: int, out: list[int]) -> int:
    """:func:`scan`'s walk over the logical line at ``i``, noting the line of a ``;`` that starts a
    comment; the index of the line after it."""
    s, k = lines[i], 0
    while True:
        m = _SPECIAL.search(s, k)
        if m is None:
            return i + 1
        c, p = m.group(), m.start()
        if c == ";":
            out.append(i + 1)
            return i + 1
        if c == '"':
            q = _QUOTE_END.match(s, p + 1)
            if q is None:           # an unclosed quote: the reader skips the line
                return i + 1
            k = q.end()
            continue
        r = _NOTE_END.match(s, p + 1)
        if r is not None:
            k = r.end()
            continue
        while True:                 # an annotation over several lines, as scan() follows it
            i += 1
            if i >= len(lines) or _RECORD_LINE.match(lines[i]):
                return i
            r = _NOTE_END.match(lines[i])
            if r is not None:
                s, k = lines[i], r.end()
                break
