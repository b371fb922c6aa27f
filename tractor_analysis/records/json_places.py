"""Where a JSON hand's plays are in its text, found only when a violation asks.

A ``.tgn`` play carries its own line and column.  A JSON play cannot: the readers share one
:class:`~.model.Play` among the plays a record writes alike (:mod:`.json_fast`), and finding the
offset of every value costs several times the reading (:func:`~.json_problems.value_positions`),
so the plays of a record carry its line and column only.  Each JSON hand's ``positions`` is a
:class:`JsonPlaces` instead: empty as the tuple of tag positions (JSON gives none, as before), it
keeps the hand's text and place in it, and :func:`~.locate.violation_position` asks it for the
play a violation is about — the text is walked then, once per text (:class:`~.json_problems.JsonText`).
"""
from __future__ import annotations

from .json_problems import JsonText
from .model import Play, Trick

__all__ = ["JsonPlaces"]


class JsonPlaces(tuple):
    """A JSON hand's :attr:`~.model.Hand.positions`: no tag position (an empty tuple), and where its
    plays are.  ``source``: the JSON text (a ``.json`` document, or one ``.jsonl`` line); ``line``: the
    ``.jsonl`` line's number (0 for a ``.json`` document, whose lines are counted in it); ``path``: the
    hand object's place in the text (``(2, "hands", 0)``); ``tricks``: the hand's tricks as read;
    ``order``: for each of them, the index of its value in the hand's ``"tricks"`` and the indexes in
    it of the plays kept, in order — ``None`` when they are the values one for one (the fast path
    keeps every play of every trick, in order, or reads none)."""

    def __new__(cls, source: JsonText, line: int, path: tuple, tricks: tuple[Trick, ...],
                order: tuple[tuple[int, tuple[int, ...]], ...] | None = None) -> "JsonPlaces":
        self = super().__new__(cls)
        self.source, self.line, self.path, self.tricks, self.order = source, line, path, tricks, order
        return self

    def __reduce__(self):
        return JsonPlaces, (self.source, self.line, self.path, self.tricks, self.order)

    def __repr__(self) -> str:
        return f"JsonPlaces(line={self.line}, path={self.path!r})"

    def play(self, trick: Trick, play: Play) -> tuple[int, int] | None:
        """1-based ``(line, column)`` of ``play`` of ``trick`` (objects of this hand as read) in the
        text; ``None`` when either is not one of them (a hand the engine built anew)."""
        t = next((i for i, x in enumerate(self.tricks) if x is trick), None)
        p = None if t is None else next((i for i, x in enumerate(trick.plays) if x is play), None)
        if p is None:
            return None
        if self.order is not None:
            if t >= len(self.order) or p >= len(self.order[t][1]):
                return None
            t, p = self.order[t][0], self.order[t][1][p]
        index = self.source.index()
        here = self.path + ("tricks", t)
        off = index.get(here + (p,))
        if off is None:         # a trick written as an object {"number": …, "plays": [...]}
            off = index.get(here + ("plays", p))
        if off is None:
            return None
        if self.line:           # a .jsonl record: the text is that one line
            return self.line, off + 1
        return self.source.line_column(off)
