"""How the report's tables read on a phone: which cells are numbers (aligned right, with their
header) and the short header a 390 px screen shows for each bilingual one.

A header is written ``english / 中文``; on a phone (``max-width: 700px`` in ``report.css``) it
shows its abbreviation here (English) over the Chinese, and the full text stays in the
cell (shown everywhere else, and as the ``title`` and for screen readers).
"""
from __future__ import annotations

import re
from typing import Iterable, Sequence

from markupsafe import Markup, escape

SHORT: dict[str, str] = {
    "hands": "hnd", "hand": "hand", "dealer": "dlr", "attacker": "att", "attackers": "att",
    "hold": "hold", "pts mean": "mean", "pts median": "med", "bottom": "btm", "levels": "lv",
    "tricks": "trk", "failed throws": "f.thr", "violations": "viol", "per 100": "/100",
    "per 100 hands": "/100", "matches": "m", "won": "W", "lost": "L", "level diff": "±lv",
    "rank": "#", "multiplier": "×", "captures": "n", "bonus": "+pts", "hands analysed": "hnd",
    "plays analysed": "plays", "points lost": "lost", "lost per hand": "/hnd", "level": "lv",
    "trump": "trump", "final levels": "final", "levels after": "lv after", "ahead": "ahead",
    "friend": "friend", "outcome": "outcome", "player": "player", "team": "team", "match": "match",
    "code": "code", "ruleset": "rules", "count": "n",
}
SHORT.update({f"pts {m}, {d} deck{'s' if d != 1 else ''}": f"{SHORT['pts ' + m]} {d}d"
              for m in ("mean", "median") for d in range(1, 5)})    # stats.header of points split by decks
SHORT["decks"] = "decks"
"""The English half of a header, abbreviated for a phone (the Chinese half stays whole)."""

_NUMBER = re.compile(r"[−+-]?\d[\d,.]*\s*%?|[−+-]?\.\d+%?|—|-|–")


def is_numeric(cell: object) -> bool:
    """A number, or text that is one (``42%``, ``−3``, ``1,200``) or stands for none (``—``)."""
    if isinstance(cell, bool):
        return False
    if isinstance(cell, (int, float)):
        return True
    return isinstance(cell, str) and _NUMBER.fullmatch(cell.strip()) is not None


def numeric_columns(rows: Iterable[Sequence[object]], ncols: int) -> list[bool]:
    """For each column: every cell numeric and at least one a real number (not only ``—``)."""
    numeric = [True] * ncols
    seen = [False] * ncols
    for row in rows:
        for j, cell in enumerate(row[:ncols]):
            if not is_numeric(cell):
                numeric[j] = False
            elif not (isinstance(cell, str) and cell.strip() in ("—", "-", "–")):
                seen[j] = True
    return [n and s for n, s in zip(numeric, seen)]


def head(label: str) -> Markup:
    """A header cell's content: the full ``english / 中文`` text, and beside it the phone's
    form: the English (abbreviated when :data:`SHORT` has it) over the Chinese."""
    en, sep, zh = str(label).partition(" / ")
    short = SHORT.get(en.strip(), en.strip())
    if not sep and short == en.strip():
        return escape(label)
    phone = escape(short) + (Markup("<br>") + escape(zh.strip()) if sep else Markup(""))
    return Markup('<span class="full">{}</span><span class="short" aria-hidden="true">{}</span>').format(
        label, phone)
