"""Limits that keep hostile input from exhausting memory, time or the interpreter's stack.

Each limit is checked *before* the work it bounds, and going past one is a positioned
diagnostic (``too_large``, ``too_deep``, ``bad_value``), never an exception:

* :data:`DEFAULT_MAX_BYTES` — the most bytes read from one file after gunzip (``--max-bytes``
  on ``check``, ``ingest``, ``convert`` and ``replay`` raises or lowers it); a JSON Lines file that
  ``check`` and ``ingest`` stream (:mod:`.streaming`) has it per line (one match), not per file;
* :data:`MAX_DEPTH` — the deepest nesting of JSON arrays and objects a record may have (a real
  record nests 6 deep), checked by an iterative scan (:func:`json_too_deep`) before the
  decoder, which recurses, ever sees the text;
* :func:`whole_number` — an integer is parsed only after a length check (at most
  :data:`MAX_DIGITS` digits, ASCII), so that no huge or odd number reaches ``int()``.
"""
from __future__ import annotations

import re
from itertools import accumulate

__all__ = ["DEFAULT_MAX_BYTES", "MAX_DEPTH", "MAX_DIGITS", "MAX_HAND_NUMBER", "json_too_deep",
           "whole_number", "parse_size"]

DEFAULT_MAX_BYTES = 8 * 1024 * 1024
"""Default for the most bytes read from one file, after gunzip: 8 MiB.  A long real match is
under 200 KB as ``.tgn``; 8 MiB of ``.tgn`` is some 7,000 hands, which ``tractor check`` reads and
replays in about 8 CPU-seconds and 550 MB (measured in ``bench/fuzz.py`` runs).  Past it the file
is ``too_large`` and nothing of it is read; a streamed JSON Lines line past it is ``too_large`` and
skipped (:mod:`.streaming`)."""

MAX_DEPTH = 64
"""Deepest nesting of JSON arrays/objects accepted (a record needs 6: match, hands, hand, tricks,
trick, play)."""

MAX_DIGITS = 9
"""Most digits of a whole number in a record (the largest ranges are in the thousands)."""

MAX_HAND_NUMBER = 999_999_999
"""Largest hand number (either sign) taken as written."""

_NUMBER = re.compile(r"[+-]?[0-9]{1,%d}" % MAX_DIGITS)
_BRACKETS = re.compile(r'[\[\]{}"]')
_STRING_END = re.compile(r'(?:[^"\\]|\\.)*+"', re.DOTALL)


def whole_number(text: str) -> int | None:
    """``text`` (spaces around it allowed) as an int when it is a plain whole number of at most
    :data:`MAX_DIGITS` ASCII digits with an optional sign; else ``None``."""
    t = text.strip()
    if len(t) > MAX_DIGITS + 1 or not _NUMBER.fullmatch(t):
        return None
    return int(t)


_STRING = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+(?:"|\Z)', re.DOTALL)
"""A JSON string, or an open one to the end of the text (one pass: no retry at every quote;
possessive, so no backtracking record is kept per character)."""
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def json_too_deep(text: str, limit: int = MAX_DEPTH) -> int | None:
    """Offset of the first ``[`` or ``{`` nested deeper than ``limit`` in JSON ``text`` (strings
    skipped), or ``None``.  Iterative and linear: safe on any input.  A first pass at C speed
    (strings and other characters taken out, the running depth by ``accumulate``) settles a
    record of ordinary depth; only a deep one is scanned again for the offset."""
    if text.count("[") + text.count("{") <= limit:
        return None
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if max(accumulate(map(_DEPTH_STEP.__getitem__, brackets)), default=0) <= limit:
        return None
    return _first_too_deep(text, limit)


def _first_too_deep(text: str, limit: int) -> int | None:
    depth = 0
    i = 0
    search = _BRACKETS.search
    while True:
        m = search(text, i)
        if m is None:
            return None
        c = m.group()
        i = m.end()
        if c == '"':
            s = _STRING_END.match(text, i)
            if s is None:
                return None               # an open string: the decoder reports it
            i = s.end()
        elif c in "[{":
            depth += 1
            if depth > limit:
                return m.start()
        elif depth:
            depth -= 1


_SIZE = re.compile(r"\s*([0-9]{1,15})\s*([kmgt]?)(?:i?b)?\s*", re.IGNORECASE)


def parse_size(text: str) -> int:
    """``"64M"``, ``"1G"``, ``"500k"``, ``"1000000"`` → bytes (binary multiples); ``ValueError``
    for anything else or for 0."""
    m = _SIZE.fullmatch(str(text))
    if m is None:
        raise ValueError(f"{text!r} is not a size (e.g. 64M, 1G, 500k or a number of bytes)")
    n = int(m.group(1)) * 1024 ** " kmgt".index((m.group(2) or " ").lower())
    if n <= 0:
        raise ValueError("the size must be at least 1 byte")
    return n
