"""Where a JSON hand's play is in its file, found only when a violation asks.

A JSON hand keeps no text and no play position (:mod:`.json_origin`).  When a verdict is about one of its
plays, :func:`play_position` reads the hand's ``.jsonl`` line (or its ``.json`` document) again from the
file its :class:`~.json_origin.JsonOrigin` names — gunzipped and decoded as the reader did —, reads it with
the JSON reader once more, noting which value each hand, trick and play it keeps came from
(:class:`_Traced`: plays dropped, tricks put in number order), finds among the hands read the one equal to
the hand judged, and walks the text to that play's ``"cards"`` value.  Nothing is guessed: a file that is
gone or changed (the text is not as long as the one read, no hand read again equals the one judged, or
several do), a document that cannot be read again, UTF-16 text (JSON Lines read a line at a time here) —
the answer is ``None`` and the verdict stays where the record starts.

Violations are rare: on a clean file nothing here runs.  What is read is kept on the
:class:`~.json_origin.JsonFile` (one line, or one document and one match of it, at a time: never more of
a document decoded than one match), and the file is read forward from
where the last line asked for was (a gzip is not read again from its start for each line), so a file's
violations asked for in order — as ``check`` and ``ingest`` ask — read it once more at most.
"""
from __future__ import annotations

import json
import os
import re
import threading
from itertools import chain
from json.decoder import scanstring
from typing import Any, Iterator

from .decoding import _GZIP_MAGIC
from .frozen import gc_paused, settle_as_old
from .input_files import open_regular
from .json_document import decode_lazily, match_at
from .json_origin import JsonFile, JsonOrigin
from .json_problems import ProblemBudget
from .json_reader import _Reader
from .model import Hand, Trick
from .sources import record_text
from .streaming import _CODECS, _Raw

__all__ = ["play_position"]


def play_position(origin: JsonOrigin, hand: Hand, trick: int, play: int) -> tuple[int, int] | None:
    """1-based ``(line, column)`` of the ``"cards"`` value of play ``play`` of trick ``trick`` (indexes in
    ``hand.tricks`` and its ``plays``) of ``hand``, read from the file ``origin`` names; ``None`` when the
    file does not show it (gone, changed since it was read, not readable again)."""
    try:
        with _LOCK:
            return _position(origin, hand, trick, play)
    except Exception:           # noqa: BLE001 - no position is an answer (the record's line): never a failure
        return None


_LOCK = threading.Lock()
"""One question at a time: the answer is read from what the file's :class:`_Cache` holds."""


class _Cache:
    """What :func:`play_position` last read of one file: the line reader where it stopped; the text read
    again (``key``: the line's number, or ``0`` for the document) with where its containers' values start
    (``memo``, see :func:`_value_at`); the match read again in it (``match``: its place, ``()`` in a
    ``.jsonl`` line) — its hands and where their plays were (``read``) —; and the last offset given a line
    (``counted``: offset, line, for a document's lines counted on from there)."""

    __slots__ = ("pid", "lines", "at", "key", "text", "memo", "match", "read", "counted")

    def __init__(self) -> None:
        self.pid = os.getpid()      # (a forked process does not read on from its parent's file)
        self.lines: Iterator[tuple[int, str | None]] | None = None
        self.at = 0
        self.key: int | None = None
        self.text = ""
        self.memo: dict[tuple, dict] = {}
        self.match: tuple | None = None
        self.read: tuple[tuple[Hand, ...], list[tuple]] = ((), [])
        self.counted = (0, 1)

    def line(self, file: JsonFile, lineno: int) -> str | None:
        """The text of line ``lineno`` of ``file`` as the reader got it (``None``: no such line, or
        one the reader skipped as too long)."""
        if self.lines is None or self.at >= lineno:
            self.lines = _lines(file.path, _CODECS[file.encoding], file.max_bytes)
            self.at = 0
        for n, text in self.lines:
            self.at = n
            if n == lineno:
                return text
        self.lines = None
        return None

    def line_column(self, off: int) -> tuple[int, int]:
        """1-based line and column of offset ``off`` of the document (lines end at ``\\n``, as the
        decoder and :class:`~.json_problems.JsonText` count them)."""
        text = self.text
        at, line = self.counted if off >= self.counted[0] else (0, 1)
        line += text.count("\n", at, off)
        self.counted = (off, line)
        return line, off - (text.rfind("\n", 0, off) + 1) + 1


def _cache(file: JsonFile) -> _Cache:
    cache = file.cache
    if not isinstance(cache, _Cache) or cache.pid != os.getpid():
        cache = file.cache = _Cache()
    return cache


def _position(origin: JsonOrigin, hand: Hand, trick: int, play: int) -> tuple[int, int] | None:
    file = origin.file
    jsonl = origin.match is None
    if jsonl and (not hand.line or file.encoding not in _CODECS):
        return None
    cache = _cache(file)
    key = hand.line if jsonl else 0
    if cache.key != key:          # (read once per line, or per document, found or not)
        cache.key, cache.text, cache.memo, cache.match, cache.read, cache.counted = key, "", {}, None, ((), []), (0, 1)
        if jsonl:
            cache.text = cache.line(file, hand.line) or ""
        else:
            got = record_text(file.path, file.format, file.max_bytes)
            cache.text = got[0] if got is not None and got[1] == "json" else ""
    if len(cache.text) != origin.size:       # not the text read: changed since (or gone)
        return None
    match = () if jsonl else origin.match
    if cache.match != match:
        cache.match, cache.read = match, ((), [])
        with gc_paused:             # (acyclic values, as the reader's: see .frozen)
            cache.read = _read_again(cache, hand.line if jsonl else 0, match)
            settle_as_old()
    hands, kept = cache.read
    same = [i for i, h in enumerate(hands) if h.number == hand.number and h == hand]
    if len(same) != 1:
        return None
    path = _play_path(kept[same[0]], hand, trick, play)
    off = None if path is None else _value_at(cache.text, cache.memo, path + ("cards",))
    if off is None:
        return None
    return (hand.line, off + 1) if jsonl else cache.line_column(off)


def _read_again(cache: _Cache, lineno: int, match: tuple) -> tuple[tuple[Hand, ...], list[tuple]]:
    """The hands of the match at ``match`` in ``cache.text`` (a ``.jsonl`` line numbered ``lineno``; else a
    ``.json`` document, that match object alone decoded) read as :class:`~.json_reader.JsonlReading` and
    :func:`~.json_reader.parse_json` read them, and where their plays are (:class:`_Traced`)."""
    text = cache.text
    if lineno:
        obj, problem, _ = decode_lazily(text)
        column = len(text) - len(text.lstrip()) + 1
    else:           # (the document decoded when it was read: this value of it decodes alike)
        at = _value_at(text, cache.memo, match)
        obj, problem, column = (None, True, 0) if at is None else (match_at(text, at), None, 0)
    if problem is not None:
        return (), []
    reader = _Traced(lineno, column, None, match, ProblemBudget())
    m = reader.match(obj)
    return (m.hands, reader.kept) if m is not None else ((), [])


class _Traced(_Reader):
    """The JSON reader, noting for each hand it keeps (in order, as :attr:`~.model.Match.hands`) the path
    in the text of each play of each trick it keeps (``kept``).  The fast paths keep every trick and play
    as written, in order (or take none: :func:`~.json_fast.fast_tricks`); the detailed path may drop a
    play and put the tricks in number order, so there each trick read notes its plays' values."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.kept: list[tuple] = []
        self._tricks: list[list[tuple]] | None = None
        self._made: dict[int, list[tuple]] = {}
        self._plays: list[tuple] = []

    def hand_of(self, hv: Any, index: int, previous: int, followed: bool = False) -> Hand | None:
        self._tricks = None
        hand = super().hand_of(hv, index, previous, followed)
        if hand is not None:
            self.kept.append((self._tricks,) if self._tricks is not None else
                             (self.prefix + ("hands", index), _shape(hv.get("tricks"))))
        return hand

    def tricks_of(self, tricks_v: Any, first_trick: int) -> list[Trick]:
        made = self._made = {}
        tricks = super().tricks_of(tricks_v, first_trick)
        if made:                # the detailed path read them
            self._tricks = [made.get(id(t), []) for t in tricks]
        return tricks

    def trick_of(self, tv: Any, expected: int, played: list[int]) -> Trick:
        plays = self._plays = []
        trick = super().trick_of(tv, expected, played)
        self._made[id(trick)] = plays
        return trick

    def play_of(self, pv: Any, number: int, seen: int, played: list[int], follows: bool = False):
        at = self.path
        play = super().play_of(pv, number, seen, played, follows)
        if play is not None:
            self._plays.append(at)
        return play


def _shape(tricks_v: Any) -> tuple[int, ...] | None:
    """What :func:`_play_path` needs of a hand's ``"tricks"`` value (not the value: the decoded tricks of every
    hand read again are several times the text): ``None`` when it is no list, else for each trick ``2 * n +
    o``, ``o`` 1 when it is an object, ``n`` how many plays its list (the trick, or its ``"plays"``) holds, -1
    when there is no list (small ints: one shared object each)."""
    if not isinstance(tricks_v, list):
        return None
    out = []
    for tv in tricks_v:
        obj = isinstance(tv, dict)
        plays = tv.get("plays") if obj else tv
        out.append(2 * (len(plays) if isinstance(plays, list) else -1) + obj)
    return tuple(out)


def _play_path(kept: tuple, hand: Hand, trick: int, play: int) -> tuple | None:
    """The path of play ``play`` of trick ``trick`` of ``hand`` in its text, by what :class:`_Traced` kept of
    it: each trick's plays' paths (the detailed path), or the hand's path and its ``"tricks"``' shape (a fast
    path: every play as written, in order; a trick a list of plays, or an object with ``"plays"``:
    :func:`_shape`).  ``None`` when the hand does not have as many tricks, or the trick as many plays, as the
    text."""
    if len(kept) == 1:
        paths = kept[0]
        ok = len(paths) == len(hand.tricks) and 0 <= trick < len(paths) and \
            len(paths[trick]) == len(hand.tricks[trick].plays) and 0 <= play < len(paths[trick])
        return paths[trick][play] if ok else None
    here, shape = kept
    if shape is None or len(shape) != len(hand.tricks) or not 0 <= trick < len(shape):
        return None
    obj, plays = shape[trick] & 1, shape[trick] >> 1
    here = here + ("tricks", trick) + (("plays",) if obj else ())
    ok = plays == len(hand.tricks[trick].plays) and 0 <= play < plays
    return here + (play,) if ok else None


_WS = re.compile(r"[ \t\n\r]*")
_skip = json.JSONDecoder().raw_decode


def _value_at(text: str, memo: dict[tuple, dict], path: tuple) -> int | None:
    """The offset in ``text`` of the value at ``path`` (keys and list indexes; a key written twice is
    its last value, as the decoder reads it), ``None`` when there is none.  ``memo`` keeps, for each
    object or list walked through (by its path), where its values start, so that the plays of one text
    cost one walk of the containers they are in."""
    at = _WS.match(text, 0).end()
    for n, step in enumerate(path):
        children = memo.get(path[:n])
        if children is None:
            _walk(text, at, memo, path[:n])
            children = memo[path[:n]]
        at = children.get(step)
        if at is None:
            return None
    return at


_INTO = frozenset(("hands", "tricks"))
"""The lists walked into on the way (rather than skipped, then walked): where the hands and tricks are
is what a play's path goes through."""


def _walk(text: str, i: int, memo: dict[tuple, dict], path: tuple) -> int:
    """Note in ``memo[path]`` where each value of the object or list starting at offset ``i`` starts, by
    key or index (``{}`` for any other value), the lists of :data:`_INTO` in it likewise; the offset
    just past it."""
    out: dict = {}
    memo[path] = out
    if text[i] not in "{[":
        return _skip(text, i)[1]
    close = "}" if text[i] == "{" else "]"
    i = _WS.match(text, i + 1).end()
    if text[i] == close:
        return i + 1
    n = 0
    while True:
        if close == "}":
            key, i = scanstring(text, i + 1)
            i = _WS.match(text, _WS.match(text, i).end() + 1).end()     # past the ':'
        else:
            key, n = n, n + 1
        out[key] = i
        end = _walk(text, i, memo, path + (key,)) if key in _INTO and text[i] == "[" else _skip(text, i)[1]
        i = _WS.match(text, end).end()
        if text[i] != ",":
            return i + 1
        i = _WS.match(text, i + 1).end()


_BREAK = re.compile(rb"\r\n|\r|\n")


def _lines(path: str, codec: str, max_bytes: int) -> Iterator[tuple[int, str | None]]:
    """``(number, text)`` of each line of the file at ``path`` (gunzipped when it is a gzip), numbered and
    decoded as :mod:`.streaming` and :func:`~.json_reader.parse_jsonl` do (a line ends at ``\\n``, ``\\r\\n``
    or ``\\r``; the first loses a byte-order mark); ``text`` is ``None`` for a line longer than ``max_bytes``
    (the reader skipped it), which is never held whole."""
    with open_regular(path) as fh:
        gz = fh.read(2) == _GZIP_MAGIC
        fh.seek(0)
        buf = bytearray()
        lineno, long = 0, False
        for chunk in chain(_Raw(fh, gz).chunks(), (None,)):     # (None: the end, where a last "\r" ends a line)
            if chunk is not None:
                buf += chunk
            pos = 0
            for m in _BREAK.finditer(buf):
                if chunk is not None and m.end() == len(buf) and buf.endswith(b"\r"):
                    break           # perhaps the first half of "\r\n"
                lineno += 1
                yield lineno, None if long or m.start() - pos > max_bytes else _text(buf[pos:m.start()], codec, lineno)
                pos, long = m.end(), False
            del buf[:pos]
            if len(buf) > max_bytes + 1:
                keep = 1 if buf.endswith(b"\r") else 0
                long = True
                del buf[:len(buf) - keep]
        if buf or long:
            yield lineno + 1, None if long or len(buf) > max_bytes else _text(buf, codec, lineno + 1)


def _text(data: bytes | bytearray, codec: str, lineno: int) -> str:
    text = bytes(data).decode(codec, errors="replace")
    return text[1:] if lineno == 1 and text.startswith("\ufeff") else text
