"""Which file a JSON hand was read from, kept so that its plays can be found there later.

A ``.tgn`` play carries its own line and column.  A JSON play carries its record's line only: the
readers share one :class:`~.model.Play` among the plays a record writes alike, and finding the
offset of every value would cost several times the reading.  Nor is the text kept (each hand holding
its record's text took ``check`` of a big gzip from 121 MB to 1.87 GB).  Instead each JSON hand's
``positions`` (empty, as before: JSON gives no tag position) is a :class:`JsonOrigin`, one per line
(per match of a ``.json`` document), naming the file; :func:`~.locate.violation_position` asks
:mod:`.json_places` for a play, which reads that line (or document) again then, only when a violation
is reported.
"""
from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["JsonFile", "JsonOrigin", "mark_hands", "record_line"]


@dataclass(eq=False, slots=True)
class JsonFile:
    """A JSON record file as it was read: ``path``, ``format`` (``json`` or ``jsonl``), the ``encoding``
    its text was decoded with (as :attr:`~.sources.SourceFile.encoding`) and the byte limit it was read
    under.  ``cache`` is :mod:`.json_places`' (what it last read of the file); it is not pickled."""

    path: str
    format: str
    encoding: str
    max_bytes: int
    cache: object = field(default=None, repr=False)

    def __reduce__(self):
        return JsonFile, (self.path, self.format, self.encoding, self.max_bytes)


class JsonOrigin(tuple):
    """A JSON hand's :attr:`~.model.Hand.positions`: no tag position (an empty tuple, as before) but
    the places of a ``dealer`` or ``trump`` written and not read (``entries``, as the reader kept them), and
    where the hand was read — ``file`` (a :class:`JsonFile`); in a ``.json`` document ``match``, the
    match object's place in it (``()`` for a document that is one match, ``(i,)`` for the ``i``-th of a
    list), ``None`` in a ``.jsonl`` file, where the hand's :attr:`~.model.Hand.line` is the match's; and
    ``size``, the length of the text read (the ``.jsonl`` line, or the document), which the text read
    again must have.  One per ``.jsonl`` line, per match of a document (one of its own for a hand with
    ``entries``)."""

    def __new__(cls, file: JsonFile, match: tuple[int, ...] | None, size: int,
                entries: tuple[tuple[str, int, int], ...] = ()) -> "JsonOrigin":
        self = super().__new__(cls, entries)
        self.file, self.match, self.size = file, match, size
        return self

    def __reduce__(self):
        return JsonOrigin, (self.file, self.match, self.size, tuple(self))

    def __repr__(self) -> str:
        return f"JsonOrigin({self.file.path!r}, match={self.match!r}, size={self.size})"


def mark_hands(hands, origin: JsonOrigin) -> None:
    """Give each of ``hands`` (just read, no one else's yet) ``origin`` as its ``positions`` — with the places
    the reader kept in them (a dealer or trump not read), a copy of its own."""
    for hand in hands:
        kept = hand.positions
        object.__setattr__(hand, "positions", JsonOrigin(origin.file, origin.match, origin.size, tuple(kept))
                           if kept and not isinstance(kept, JsonOrigin) else origin)


def record_line(match) -> int | None:
    """The line of a JSON Lines file (``.jsonl``: one match a line) ``match`` was read from: every hand of such a
    match carries its line (a :class:`JsonOrigin` with no ``match``); ``None`` when not known — another format, a
    match with no hand read, hands that do not agree."""
    lines = {h.line if isinstance(h.positions, JsonOrigin) and h.positions.match is None else 0 for h in match.hands}
    line = lines.pop() if len(lines) == 1 else 0
    return line if line > 0 else None
