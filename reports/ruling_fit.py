"""How tightly a ruling page is set so that it prints on one A4 sheet (a referee signs it).

The page's height is estimated from what it holds — the notes on what the record does not state,
the record's problems, the four hands, the trick as the rules require, the consequences, the
header's names — block by block, in lines of text at the printed sizes (``static/ruling.css``,
``@media print``).  :func:`fit_level` turns the estimate into the page's ``data-fit``: 0 as
printed, 1 and 2 set a little smaller (CSS ``zoom``), 3 smaller still, so that a page the
estimate finds too tall is set to fit.  The estimate errs on the tall side (it was checked against
the heights Chromium lays the pages out at: ``tests/test_report_fixes_ruling_print.py``).
"""
from __future__ import annotations

import math
import unicodedata
from typing import TYPE_CHECKING, Iterable

if TYPE_CHECKING:       # pragma: no cover
    from .ruling import RulingPage

PRINTABLE_MM = 297 - 2 * 11
"""The A4 sheet's height less the ``@page`` margins (``ruling.css``)."""
TARGET_MM = PRINTABLE_MM - 10
"""What a page is set to stay under: a margin for the estimate's error."""
ZOOMS = (1.0, 0.93, 0.86, 0.78)
"""The scale of each ``data-fit`` level (``ruling.css``)."""


def width(text: str) -> int:
    """``text``'s width in half-em units: a Chinese character (or any wide one) counts 2, others 1."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def lines(text: str, per_line: float) -> int:
    """Lines ``text`` takes where ``per_line`` half-em units fit on one (at least 1)."""
    return max(1, math.ceil(width(text) / per_line))


def _box(items: Iterable[str], per_line: float = 118, line_mm: float = 3.1) -> float:
    """A dashed box of small text (the notes, the record's problems): its heading, then each item."""
    return 3.0 + line_mm * (1 + sum(lines(t, per_line) for t in items))


def _held_units(cards: int, suits: int = 5) -> float:
    """The width of a held hand: about 2.1 half-ems a card and 3 for each suit's run."""
    return 2.1 * cards + 3 * suits + 6


def estimate_mm(page: "RulingPage") -> float:
    """The page's estimated height in mm, as printed at ``data-fit`` 0."""
    h, t, v = page.hand, page.trick, page.violation
    mm = 10.0                                               # the title
    # the header: event and site, the players (three lines at most), dealer · level · rules
    names = " ".join(f"{s.seat} {s.name} (庄闲未知 side unknown)" for s in h.seats)
    mm += 4 * 4.7 + 3.7 * (lines(f"{page.event} · {page.site}", 62) - 1 + lines(names, 100) - 1
                           + lines(h.dealer_name, 26) - 1 + lines(h.rules_name, 22) - 1)
    if h.ruling_notes:
        mm += 1.2 + _box(f"推出 derived {zh} / {en}" for _, zh, en in h.ruling_notes)
    if page.record_problems:
        shown = list(page.record_problems[:3]) + (["… more"] if len(page.record_problems) > 3 else [])
        mm += 1.2 + _box(["记录有误，本裁决按可读部分 / The record has problems; this ruling rests on what could be read"]
                         + shown)
    if t is not None:
        mm += 8.5 + 4.5                                     # heading, the table's head
        mm += lines(f"{t.leader} {t.winner_name} {t.lead_kind}", 150) * 4.0 - 4.0
        if t.leader_open:                                   # who led is not known: the readings' seats
            mm += 1.2 + 3.6 * lines(f"{t.leader_open[0]} {t.leader_open[1]}", 125)
        for x, held in enumerate(t.hands_before):
            rows = lines(" " * round(_held_units(len(held) + t.held_open[x])), 102)
            mm += max(rows * 4.1 + (3.3 if t.held_from_plays[x] else 0), 8.2) + 1.2    # (+ "derived from its plays")
        mm += 3.5                                           # the legend
        if page.trump_note:
            mm += 3.0
    else:
        mm += 8.5 + 3 * 6.5
    mm += 8.5 + 4.8 * (lines(v.message_zh, 86) + lines(v.message_en, 120)) + 2 * 5.2   # the finding
    # what proves a seat held the cards the finding names (its later plays: ruling.evidence)
    mm += sum(1.2 + 3.6 * lines(f"{zh} / {en}", 125) for zh, en in page.evidence)
    if page.lead_note is not None:      # the trick that decided a lead out of turn, and why
        mm += 1.2 + 3.6 * (1 + lines(f"{page.lead_note[0]} / {page.lead_note[1]}", 125))
    if page.ref is not None:
        mm += 8.5 + 2 + 4.4 * (lines(page.ref.zh, 92) + lines(page.ref.en, 130))
    if page.required is not None:
        rq = page.required
        mm += 8.5 + 3.3 * sum(lines(f"{zh} / {en}", 150) for zh, en in rq.lines)
        if rq.rows:
            mm += 4.5
            for r in rq.rows:
                note = lines(f"{r.note_zh} / {r.note_en}", 56) if r.note_zh else 0
                pool = lines(" " * round(_held_units(len(r.pool))), 56) if r.pool else 0
                mm += 1.0 + 3.3 * max(1, note + pool, len(r.wins_with))
    mm += 8.5 + 4.1 * sum(lines(f"{zh} / {en}", 150) for zh, en in page.consequences)
    mm += sum(4.0 * max(lines(f"{zh} {en}", 88), lines(value, 60)) for zh, en, value in page.score)
    mm += 8.5 + 25.0 + 5.0                                  # the decision, the signatures, the footer
    mm += 3.6 * (_signature_lines(page) - 1)
    if page.required is not None:
        mm *= 0.93                                          # a failed throw's page is set tighter
    return mm


def _signature_lines(page: "RulingPage") -> int:
    """Lines the tallest signature label takes: the referee's and one per signer side by side
    (friend mode signs by seats, the players named; a name at most about 24 mm, ``ruling.css``)."""
    labels = ["裁判签名 Referee's signature"] + [
        " ".join([g.zh, g.en] + [f"{seat} {name[:16]}" for seat, name in g.players]) for g in page.signers]
    per_line = (186 - 6 * (len(labels) - 1)) / len(labels) / 1.5       # half-ems at 8.5 pt
    return max(lines(label, per_line) for label in labels)


def fit_level(page: "RulingPage") -> int:
    """The page's ``data-fit``: the first level whose scale brings :func:`estimate_mm` under
    :data:`TARGET_MM` (the last level when none does)."""
    mm = estimate_mm(page)
    return next((i for i, z in enumerate(ZOOMS) if mm * z <= TARGET_MM), len(ZOOMS) - 1)


__all__ = ["PRINTABLE_MM", "TARGET_MM", "ZOOMS", "estimate_mm", "fit_level", "lines", "width"]
