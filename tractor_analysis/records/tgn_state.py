"""What one reading of a ``.tgn`` text knows while it reads: the problems found so far, the
match tags and hands read so far, and the hand being built.

The line readers (:mod:`.tgn_tags`, :mod:`.tgn_tricks`, :mod:`.tgn_cards`) write into a
:class:`Reading`; :mod:`.tgn_reader` drives them and turns it into a
:class:`~.model.Match`.  :meth:`Reading.diag` collects every problem as a positioned
:class:`~.diagnostics.Diagnostic` (at most ``MAX_DIAGNOSTICS``; the rest are counted).
"""
from __future__ import annotations

from .cards import NUM_KINDS
from .diagnostics import MAX_DIAGNOSTICS, Diagnostic, bilingual
from .model import Declaration, Hand
from .tgn_lines import TYPED_MARKS, full_width_in, half_width

__all__ = ["MAX_POINTS", "MAX_TRICK", "HandDraft", "Reading", "quoted", "width_note"]

MAX_POINTS = 9999
"""Largest [Points] (a position's points so far) and [Claim] (either sign) taken as written."""
MAX_TRICK = 999
"""Largest trick number ([FirstTrick], a trick line's number) taken as written."""


def quoted(text: str, width: int = 30) -> str:
    """``text`` (the record's, as written) as a message quotes it: in quotes, cut at ``width`` characters
    with ``…`` when it is longer."""
    return repr(text if len(text) <= width else text[:width] + "…")


def width_note(written: str) -> tuple[str, str]:
    """What a message refusing ``written`` (the record's text, as written: a seat, a tag's value) says of its
    full-width characters, in English and in Chinese, ending ``"; "`` / ``"；"`` to go before what is expected:
    ``'Ｘ' is in full-width characters, read as 'X'; `` — ``("", "")`` when it holds none.  They are read as
    their ASCII forms (:data:`.tgn_lines.FULL_WIDTH`), so the message says what that reading was."""
    if not full_width_in(written):
        return "", ""
    shown, read = quoted(written), quoted(half_width(written))
    return (f"{shown} is in full-width characters, read as {read}; ",
            f"{shown} 是全角字符，按 {read} 读取；")


class HandDraft:
    """A hand while its lines are read; :func:`.tgn_reader` makes the :class:`~.model.Hand`."""

    __slots__ = ("number", "line", "column", "text", "dealer", "trump", "trump_seen", "trump_known", "points_known", "level", "declarations", "declarations_known",
                 "deal", "bottom", "buried", "friend", "setup", "points", "first_trick", "tricks",
                 "claim", "notes", "tags", "seen", "played", "dealt", "earlier_buries", "takebacks",
                 "takebacks_unread", "bid_for",
                 "bid_for_known", "number_known", "positions", "result_only", "dealer_unknown", "deal_unread",
                 "aside_unread", "plays_unread", "throws_after_lead", "last_trick", "deal_lines", "copies_said")

    def __init__(self, number: int, line: int, text: str, column: int = 1):
        self.number = number
        self.line = line
        self.column = column        # of the [Hand] tag on its line (tags may share a line)
        self.text = text
        self.dealer = None
        self.dealer_unknown = False     # [Dealer "?"]: the record says it does not know who dealt
        self.deal_unread: dict[int, int] = {}   # seat -> cards of its deal line that could not be read
        self.deal_lines: dict[int, list] = {}   # seat -> each of its deal lines: (cards, not read, line, column)
        self.copies_said: list = []     # (too_many_copies diagnostic, its kind) of the deal and Bottom: lines read
        self.aside_unread: dict[str, int] = {}  # "bottom" / "buried" -> cards of that line that could not be read
        self.plays_unread: list[tuple[int, int, int]] = []   # (trick, seat, plays read before it) of a play not read
        self.throws_after_lead: list[tuple[int, Play]] = []  # (trick, the play as written): a follow written as a throw
        self.last_trick: str | None = None   # the last trick line's text (a line written twice: tgn_tricks)
        self.trump = None
        self.trump_seen = False
        self.trump_known = False
        self.points_known = False
        self.level = None
        self.declarations: tuple[Declaration, ...] = ()
        self.declarations_known = False
        self.deal: list | None = None
        self.bottom = None
        self.buried = None
        self.friend = None
        self.takebacks: tuple[int | None, ...] = ()
        self.takebacks_unread: tuple[str, ...] = ()     # the words of [Takebacks] that are no seat (nor "?")
        self.bid_for = False
        self.bid_for_known = True
        self.number_known = True
        self.result_only = False
        self.setup = False
        self.points = 0
        self.first_trick = 1
        self.tricks: list[list] = []    # [number, plays, notes, line, column]
        self.claim = None
        self.notes: list[str] = []
        self.tags: list[tuple[str, str]] = []
        self.seen: set[str] = set()
        self.played = [0] * NUM_KINDS
        self.dealt = [0] * NUM_KINDS
        self.earlier_buries: tuple[tuple[int, ...], ...] = ()
        self.positions: dict[str, tuple[int, int]] = {}


class Reading:
    """The state of one reading: lines, diagnostics, match so far, hand being built."""

    def __init__(self, lines: list[str]):
        self.lines = lines
        self.diags: list[Diagnostic] = []
        self.dropped = 0
        self.match: dict = {}
        self.players: list = [None, None, None, None]
        self.teams: list = [None, None]
        self.rules: list[tuple[str, str]] = []
        self.match_tags: list[tuple[str, str]] = []
        self.match_notes: list[str] = []
        self.match_seen: set[str] = set()
        self.hands: list[Hand] = []
        self.hand: HandDraft | None = None
        self.hand_lines: dict[int, int] = {}
        self.decks = 0
        self.content = False
        self.trick_no: int | None = None
        self.segments: dict[str, tuple[int, tuple[int, ...], int]] = {}
        """Plain play pieces read so far in this file, by text (:func:`.tgn_tricks._plain_plays`)."""
        self.written: str | None = None
        """The logical line being read as the record writes it, when the reader reads it with marks a Chinese
        keyboard types rewritten as ASCII (:func:`.tgn_lines.typed_as_ascii`, one character for one); else
        ``None``.  What :meth:`as_written` gives quotes back from."""

    def as_written(self, text: str, start: int) -> str:
        """``text``, read at offset ``start`` of the logical line being read, as the record writes it
        (full-width ``：`` ``，``, letters and digits, ``．`` ``、`` given back): what a message quotes.  ``text`` itself
        when the line was read as written, or the text there is not ``text`` so rewritten."""
        w = self.written
        if w is None or not text:
            return text
        got = w[start:start + len(text)]
        if len(got) == len(text) and all(a == b or TYPED_MARKS.get(a) == b for a, b in zip(got, text)):
            return got
        return text

    def full(self) -> bool:
        """As many problems kept as a file keeps (:data:`MAX_DIAGNOSTICS`): the next are only counted."""
        return len(self.diags) >= MAX_DIAGNOSTICS

    def diag(self, code: str, en: str, zh: str, line: int, column: int) -> None:
        """Record a problem at ``line:column`` (with the current hand and trick, and the line's text)."""
        if len(self.diags) >= MAX_DIAGNOSTICS:
            self.dropped += 1
            return
        text = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        self.diags.append(Diagnostic(code, bilingual(en, zh), line, column,
                                     self.hand.number if self.hand else None, self.trick_no, text))

    def attach_notes(self, notes) -> None:
        """Annotations go to the last trick of the hand, else to the hand, else to the match."""
        self.content = True
        texts = [n[1] for n in notes]
        h = self.hand
        if h is None:
            self.match_notes.extend(texts)
        elif h.tricks:
            h.tricks[-1][2].extend(texts)
        else:
            h.notes.extend(texts)
