"""The CLI's text tables: display width (a CJK character takes two columns), padding, wrapping,
and :func:`table`, which lays rows out in aligned columns fitted to the terminal
(:func:`terminal_width`: wrapped cells, two-line bilingual headers, or the columns in blocks).

Every cell goes through :func:`~.common.record_text` but text styled by the tool
(:class:`~.common.Styled`).  ``replay``, ``analyse``, ``rules``, ``stats`` and ``standings`` print
with it.
"""
from __future__ import annotations

import os
import re
import unicodedata

import click

from .common import Styled, record_text


def width(text: str) -> int:
    """Display width in a terminal, the columns it draws: CJK and full-width characters take two, a character
    drawn on the one before it none (:func:`_char_width`: a combining accent of a name written decomposed, NFD),
    others one.  Every table and padded line of the CLI measures text by it."""
    return sum(_char_width(ch) for ch in click.unstyle(text))


def _char_width(ch: str) -> int:
    """The columns a terminal gives ``ch``: 0 for a combining mark (Unicode categories Mn, Me: ``e`` + U+0301 is
    drawn as one ``é``), a format character that draws nothing (Cf, such as a zero-width space; the soft hyphen
    U+00AD aside, which terminals draw) and a Hangul vowel or final consonant that joins the syllable before it
    (U+1160–U+11FF, U+D7B0–U+D7FF: a Korean name decomposed); 2 for an East Asian wide or full-width character;
    else 1."""
    if ch < "\u0300":              # Latin-1 and before: one column each (the soft hyphen too)
        return 1
    if unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0
    if "\u1160" <= ch <= "\u11ff" or "\ud7b0" <= ch <= "\ud7ff":
        return 0
    return 2 if unicodedata.east_asian_width(ch) in "WF" else 1


def pad(text: str, cols: int) -> str:
    """``text`` padded with spaces to ``cols`` display columns."""
    return text + " " * max(0, cols - width(text))


def table(rows: list[list[str]], header: list[str] | None = None, gap: str = "  ",
          max_width: int | None = None) -> str:
    """Rows as aligned columns (display width aware: a CJK character takes two columns); the
    last column is not padded.

    ``max_width`` (default :func:`terminal_width`: ``COLUMNS``, or the terminal's width when
    stdout is one, else no limit) is the most a line may take.  A table wider than that
    is fitted, in this order: bilingual headers (``hold / 守庄率``) go on two lines and long
    headers wrap at spaces; the widest text columns wrap (at spaces, ``_`` or ``/``, a CJK
    text anywhere); then the columns are printed in groups, each repeating the first column.
    Numbers are never cut.  A table that had to wrap a cell or split its columns ends with a
    line saying so (:func:`_fitted_note`).

    Every cell and header is shown through :func:`~.common.record_text` (a name in a row cannot
    reorder the rest of it, and its width is the escape's), but for text the tool styled
    (:class:`~.common.Styled`).

    Kept here rather than taken from a table library (rich, tabulate): neither splits a
    bilingual ``english / 中文`` header onto two lines nor repeats the key column in each block
    of a split table, and rich sizes output that is not a terminal to 80 columns."""
    rows = [[_shown(c) for c in r] for r in rows]
    header = [_shown(h) for h in header] if header else header
    allrows = ([header] if header else []) + rows
    if not allrows:
        return ""
    limit = terminal_width() if max_width is None else max_width
    ncols = max(len(r) for r in allrows)
    rows = [list(r) + [""] * (ncols - len(r)) for r in rows]
    head = list(header) + [""] * (ncols - len(header)) if header else None
    natural = [max(width_of(r[i]) for r in ([head] if head else []) + rows) for i in range(ncols)]
    if limit is None or _line_width(natural, gap) <= limit:
        return _render(rows, [[h] for h in head] if head else None, natural, gap, pad_last=False)
    heads = [_header_lines(h) for h in head] if head else None
    data = [max(width(r[i]) for r in rows) if rows else 0 for i in range(ncols)]
    # 1. headers on two lines (English, Chinese), long ones wrapped down to the data's width
    head_least = [max((_least(x) for x in heads[i]), default=0) if heads else 0 for i in range(ncols)]
    cols = [max(data[i], max((width(x) for x in heads[i]), default=0) if heads else 0) for i in range(ncols)]
    _shrink(cols, [max(data[i], head_least[i], 1) for i in range(ncols)], limit, gap)
    # a text column wraps to no less than 20 columns (or its own width): narrower is unreadable
    least = [max([_least(r[i]) for r in rows] + [head_least[i], 1, min(cols[i], _READABLE)
                                                  if any(not _is_number(r[i]) for r in rows) else 0])
             for i in range(ncols)]
    if _line_width(least, gap) <= limit:
        # 2. the text columns wrap, widest first
        _shrink(cols, least, limit, gap)
        wrapped = any(width(r[j]) > cols[j] for r in rows for j in range(ncols))
        return _render(rows, heads, cols, gap) + (_fitted_note(limit, 1) if wrapped else "")
    # 3. still too wide: the columns in groups, each repeating the first column
    groups: list[list[int]] = []
    current = [0]
    for j in range(1, ncols):
        if len(current) > 1 and _line_width([cols[k] for k in current + [j]], gap) > limit:
            groups.append(current)
            current = [0]
        current.append(j)
    groups.append(current)
    blocks = []
    for g in groups:
        sub_cols = [cols[k] for k in g]
        _shrink(sub_cols, [least[k] for k in g], limit, gap)
        _shrink(sub_cols, [max(1, _least_piece(rows, heads, k)) for k in g], limit, gap)   # a narrow terminal
        blocks.append(_render([[r[k] for k in g] for r in rows], [heads[k] for k in g] if heads else None,
                              sub_cols, gap))
    return "\n\n".join(blocks) + _fitted_note(limit, len(groups))


def _shown(cell: str) -> str:
    """A cell as :func:`table` shows it: styled by the tool (:class:`~.common.Styled`), as it is; else
    through :func:`~.common.record_text`."""
    return cell if isinstance(cell, Styled) else record_text(cell)


def _fitted_note(limit: int, groups: int) -> str:
    """The line under a table fitted to ``limit`` columns that says so (wrapped cells, or the
    columns in ``groups`` blocks) and how to get one line a row."""
    how_en, how_zh = (("long cells wrapped", "长单元格已换行") if groups == 1 else
                      (f"the columns in {groups} blocks, each repeating the first", f"各列分成 {groups} 组，每组重复第一列"))
    note = (f"(fitted to {limit} columns: {how_en}; COLUMNS=300 for wider lines, --format csv or --json for "
            f"programs) / （按 {limit} 列排版：{how_zh}；COLUMNS=300 可加宽）")
    return "\n" + "\n".join(wrap(note, limit))


def _least_piece(rows: list[list[str]], heads: list[list[str]] | None, k: int) -> int:
    return max([_least(r[k]) for r in rows] + [_least(x) for x in (heads[k] if heads else [])])


def _shrink(cols: list[int], least: list[int], width: int, gap: str) -> None:
    """Narrow the widest columns (not below ``least``) until the line fits ``width`` (in place)."""
    while _line_width(cols, gap) > width:
        j = max(range(len(cols)), key=lambda k: (cols[k] > least[k], cols[k]))
        if cols[j] <= least[j]:
            return
        cols[j] -= 1


def terminal_width() -> int | None:
    """Columns a line may take: ``COLUMNS`` when set; else the width of the terminal stdout
    is, or, when stdout is piped (``tractor stats data | less``), of the terminal stderr still
    shows (the person reading it); else ``None`` (no terminal at all: a program or a cron job
    reads it, and the lines are not wrapped)."""
    import shutil
    import sys

    raw = os.environ.get("COLUMNS", "")
    if raw.isdigit() and int(raw) > 0:
        return int(raw)
    try:
        if sys.stdout.isatty():
            return shutil.get_terminal_size((100, 24)).columns
    except (AttributeError, ValueError, OSError):
        pass
    try:
        if sys.stderr.isatty():
            return os.get_terminal_size(sys.stderr.fileno()).columns or None
    except (AttributeError, ValueError, OSError):
        pass
    return None


width_of = width
"""Display width (CJK characters count two)."""


def _line_width(cols: list[int], gap: str) -> int:
    return sum(cols) + len(gap) * max(0, len(cols) - 1)


def _header_lines(text: str) -> list[str]:
    """A bilingual header on two lines (English, then Chinese)."""
    return [p.strip() for p in text.split(" / ")] if " / " in text else [text]


_BREAK = re.compile(r"(?<=[ _/])")
_READABLE = 20


def _is_number(text: str) -> bool:
    return bool(re.fullmatch(r"[-+]?[\d.,%]+|-|—", click.unstyle(text).strip()))


def _least(text: str) -> int:
    """The narrowest a cell may wrap to: a number whole; text at its longest piece between
    break points (at most 12 columns: longer pieces are cut), CJK anywhere."""
    plain = click.unstyle(text)
    if _is_number(plain):
        return width(plain)
    pieces = [p for p in _BREAK.split(plain) if p]
    return min(12, max((width(p.rstrip()) for p in pieces), default=0)) or 1


def wrap(text: str, cols: int) -> list[str]:
    """``text`` in lines of at most ``cols`` display columns: broken after spaces, ``_`` and
    ``/``; a piece still too long (a CJK text, a long word) is cut by characters."""
    plain = click.unstyle(text)
    if width(plain) <= cols:
        return [text]
    lines: list[str] = []
    line = ""
    for piece in (p for p in _BREAK.split(plain) if p):
        if width(line + piece.rstrip()) <= cols:
            line += piece
            continue
        if line.strip():
            lines.append(line.rstrip())
        line = ""
        while width(piece.rstrip()) > cols:       # cut by characters
            cut = ""
            for ch in piece:
                if width(cut + ch) > cols:
                    break
                cut += ch
            lines.append(cut)
            piece = piece[len(cut):]
        line = piece
    if line.strip():
        lines.append(line.rstrip())
    return lines or [""]


def _render(rows: list[list[str]], heads: list[list[str]] | None, cols: list[int], gap: str,
            pad_last: bool = False) -> str:
    """Rows (cells wrapped to ``cols``) under headers (each a list of lines)."""
    out: list[str] = []

    def emit(cells: list[list[str]]) -> None:
        height = max(len(c) for c in cells)
        for k in range(height):
            parts = []
            for j, c in enumerate(cells):
                text = c[k] if k < len(c) else ""
                parts.append(text if j == len(cells) - 1 and not pad_last else pad(text, cols[j]))
            out.append(gap.join(parts).rstrip())

    if heads is not None:
        emit([[x for h in hs for x in wrap(h, cols[j])] for j, hs in enumerate(heads)])
        out.append(gap.join("-" * c for c in cols))
    for r in rows:
        emit([wrap(c, cols[j]) if width(c) > cols[j] else [c] for j, c in enumerate(r)])
    return "\n".join(out)
