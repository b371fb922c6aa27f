"""Problems in a JSON record: where each one is, and how many a file lists.

A problem names the hand and trick it is in and the line:column of the value concerned.
Those positions are found by :func:`value_positions`, which walks the JSON text again —
only when a record has a problem, once per text.  A file lists its first
:data:`~.diagnostics.MAX_DIAGNOSTICS` problems, then how many more there were
(:class:`ProblemBudget`).
"""
from __future__ import annotations

import bisect
import json
import re
from json.decoder import scanstring

from .diagnostics import MAX_DIAGNOSTICS, Diagnostic, bilingual
from .json_layout import HAND_FIELDS, MATCH_FIELDS

__all__ = ["JsonText", "ProblemBudget", "Reporter", "value_positions", "tag_position"]


class JsonText:
    """A JSON text and what positions need, computed on the first problem only and shared by
    the matches of one text: the offsets of its values and where its lines start.

    The offsets are those of :func:`value_positions`, found a part at a time: the text's values
    outside its matches' hands, with where each hand object starts (:meth:`_top`), then those of one
    hand — the one a problem is in — at a time (:meth:`_hand`).  Never the offsets of every value of
    a document of many hands at once (a tuple and an int for each: some 20 times the text's size)."""

    __slots__ = ("text", "_index", "_hand_at", "_hand_index", "_starts")

    def __init__(self, text: str) -> None:
        self.text = text
        self._index: dict[tuple, int] | None = None
        self._hand_at: tuple | None = None
        self._hand_index: dict[tuple, int] = {}
        self._starts: list[int] | None = None

    def _top(self) -> dict[tuple, int]:
        if self._index is None:
            try:
                self._index = value_positions(self.text, shallow_hands=True)
            except (ValueError, IndexError, RecursionError):
                self._index = {}
        return self._index

    def _hand(self, at: tuple) -> dict[tuple, int]:
        """The offsets inside the hand object at path ``at`` (a match's ``("hands", n)``), the last asked kept."""
        if self._hand_at != at:
            self._hand_at, self._hand_index = at, {}
            start = self._top().get(at)
            if start is not None:
                try:
                    self._hand_index = value_positions(self.text, at=(start, at))
                except (ValueError, IndexError, RecursionError):
                    self._hand_index = {}
        return self._hand_index

    def deepest(self, path: tuple) -> int | None:
        """The offset of the deepest value on ``path`` whose offset :func:`value_positions` gives (``None``:
        not even the text's own)."""
        top = self._top()
        hand = _hand_prefix(path)
        inner = self._hand(path[:hand]) if hand and len(path) > hand and path[:hand] in top else {}
        for n in range(len(path), -1, -1):
            off = (inner if hand and n > hand else top).get(path[:n])
            if off is not None:
                return off
        return None

    def line_column(self, off: int) -> tuple[int, int]:
        """1-based line and column of offset ``off`` (lines end at ``\\n``, as the decoder counts)."""
        if self._starts is None:
            self._starts = [0] + [m.end() for m in re.finditer("\n", self.text)]
        line = bisect.bisect_right(self._starts, off)
        return line, off - self._starts[line - 1] + 1


def _hand_prefix(path: tuple) -> int:
    """The length of the part of ``path`` naming a match's hand object (``("hands", 2)`` of a document that
    is one match, ``(0, "hands", 2)`` of a list of them), ``0`` when ``path`` is not inside one."""
    if len(path) >= 2 and path[0] == "hands" and type(path[1]) is int:
        return 2
    if len(path) >= 3 and type(path[0]) is int and path[1] == "hands" and type(path[2]) is int:
        return 3
    return 0


_WS = re.compile(r"[ \t\n\r]*")
_DESCEND = frozenset(("hands", "tricks", "plays", "rules", "players", "levels", "deal", "declarations",
                      "takebacks", "earlier_buries", "bottom", "buried", "notes", "tags", "cards", "attempted"))


def value_positions(text: str, walk: frozenset[str] = _DESCEND, shallow_hands: bool = False,
                    at: tuple[int, tuple] | None = None) -> dict[tuple, int]:
    """Offsets of the values a diagnostic can point at: every key of the top-level object(s) and of
    each hand, trick and play, and every element of the lists and objects a record's fields hold
    (``walk``: the fields walked into, by default :data:`_DESCEND`), keyed by their path
    (``("hands", 2, "tricks", 0, 1)``).  ``shallow_hands``: where each hand object of a match starts, but
    nothing inside one; ``at``: ``(offset, path)`` of one such hand object, the offsets inside it alone
    (together, as :class:`JsonText` asks for them, the offsets of the whole text)."""
    out: dict[tuple, int] = {}
    raw_decode = json.JSONDecoder().raw_decode

    def ws(i: int) -> int:
        return _WS.match(text, i).end()

    def value(i: int, path: tuple, descend: bool) -> int:
        c = text[i]
        if c == "{" and descend:
            i = ws(i + 1)
            if text[i] == "}":
                return i + 1
            while True:
                key, i = scanstring(text, i + 1)
                i = ws(ws(i) + 1)
                out[path + (key,)] = i
                i = ws(value(i, path + (key,), key in walk))
                if text[i] != ",":
                    return i + 1
                i = ws(i + 1)
        if c == "[" and descend:
            i = ws(i + 1)
            if text[i] == "]":
                return i + 1
            n = 0
            while True:
                out[path + (n,)] = i
                i = ws(value(i, path + (n,), not shallow_hands or _hand_prefix(path + (n,)) != len(path) + 1))
                n += 1
                if text[i] != ",":
                    return i + 1
                i = ws(i + 1)
        return raw_decode(text, i)[1]

    try:
        if at is not None:
            value(at[0], at[1], True)
            return out
        start = ws(1 if text.startswith("\ufeff") else 0)
        out[()] = start
        value(start, (), True)
        return out
    finally:        # (``value`` refers to itself: a cycle holding ``out``, not freed while gc_paused holds)
        value = None    # noqa: F841


def tag_position(text: str, jsonl: bool, match: int, hand: int | None, index: int) -> tuple[int, int] | None:
    """1-based line and column, in the JSON record ``text`` (a ``.json`` document, or ``jsonl``: one
    match a line) read without a problem, of what became tag ``index`` of match ``match`` — of its hand
    ``hand`` (an index in ``hands``), or of the match itself when ``None`` — as :func:`.json_fields.as_tags`
    made the tags: the object's unknown fields in order (the field's name is pointed at), then its
    ``"tags"`` pairs.  ``None`` when the text holds no such thing.  Run on a writer's refusal only (it
    decodes the text again)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    lineno, prefix = 0, ()
    if jsonl:
        lines = [(n, line) for n, line in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1)
                 if line.strip()]
        if not 0 <= match < len(lines):
            return None
        lineno, text = lines[match]
    try:
        data = json.loads(text)
        obj = data if jsonl else data[match] if isinstance(data, list) else data if match == 0 else None
        if not jsonl and isinstance(data, list):
            prefix = (match,)
        known = MATCH_FIELDS
        if hand is not None:
            obj, prefix, known = obj["hands"][hand], prefix + ("hands", hand), HAND_FIELDS
        fields = [k for k in obj if k not in known]
        named = index < len(fields)         # a field of its own (else a pair of the "tags" list)
        off = value_positions(text)[prefix + ((fields[index],) if named else ("tags", index - len(fields)))]
    except (ValueError, LookupError, TypeError, RecursionError):
        return None
    if named:
        off = _key_start(text, off)
    if jsonl:
        return lineno, off + 1
    return JsonText(text).line_column(off)


def _key_start(text: str, off: int) -> int:
    """The offset of the opening quote of the key whose value starts at ``off`` (``off`` itself when
    the text before it is not ``"key":``)."""
    i = off - 1
    while i >= 0 and text[i] in " \t\r\n":
        i -= 1
    if i < 0 or text[i] != ":":
        return off
    i -= 1
    while i >= 0 and text[i] in " \t\r\n":
        i -= 1
    if i < 0 or text[i] != '"':
        return off
    j = i - 1
    while j >= 0:
        if text[j] == '"':
            k = j - 1
            while k >= 0 and text[k] == "\\":
                k -= 1
            if (j - 1 - k) % 2 == 0:        # not escaped: the key's opening quote
                return j
        j -= 1
    return off


class ProblemBudget:
    """Problems listed so far in one file (at most :data:`MAX_DIAGNOSTICS`) and those left out."""

    __slots__ = ("used", "dropped")

    def __init__(self) -> None:
        self.used = 0
        self.dropped = 0

    def take(self) -> bool:
        if self.used >= MAX_DIAGNOSTICS:
            self.dropped += 1
            return False
        self.used += 1
        return True

    def more(self, line: int) -> list[Diagnostic]:
        """The closing "N more problems" diagnostic (none when nothing was left out)."""
        if not self.dropped:
            return []
        return [Diagnostic("json_shape", bilingual(f"{self.dropped} more problems not listed",
                                                   f"另有 {self.dropped} 个问题未列出"), line, 1)]


class Reporter:
    """Where a reader is in one match (hand, trick, path of keys and list indexes) and the
    problems it found there, each positioned at the value concerned."""

    def __init__(self, line: int, column: int, text: "str | JsonText | None" = None, prefix: tuple = (),
                 budget: ProblemBudget | None = None):
        self.line = line
        self.column = column
        self.source = JsonText(text) if isinstance(text, str) else text
        """The JSON text the value was decoded from (a whole .json, or one .jsonl line), for positions."""
        self.prefix = prefix
        self.path: tuple = prefix
        """Where in the document the reader is (keys and list indexes), for positions."""
        self.budget = budget if budget is not None else ProblemBudget()
        self.diags: list[Diagnostic] = []
        self.hand: int | None = None
        self.trick: int | None = None

    def position(self, path: tuple) -> tuple[int, int]:
        """Line and column of the deepest known value on ``path`` (computed on the first problem only)."""
        if self.source is None:
            return self.line, self.column
        off = self.source.deepest(path)
        if off is None:
            return self.line, self.column
        if self.line:          # a .jsonl record: the text is that one line
            return self.line, off + 1
        return self.source.line_column(off)

    def diag(self, code: str, en: str, zh: str, key: str | None = None) -> None:
        """Record a problem (unless the file's budget is spent) at ``key`` of the current path."""
        if not self.budget.take():
            return
        where, where_zh = (f"hand {self.hand}", f"第 {self.hand} 局") if self.hand is not None else ("match", "比赛")
        if self.trick is not None:
            where += f", trick {self.trick}"
            where_zh += f"第 {self.trick} 轮"
        line, column = self.position(self.path + (key,) if key else self.path)
        self.diags.append(Diagnostic(code, bilingual(f"{where}: {en}", f"{where_zh}：{zh}"), line, column,
                                     self.hand, self.trick))
