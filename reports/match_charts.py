"""The two charts of every match page, written as SVG directly (no matplotlib).

A match page has a levels chart (each team's or, in friend mode, each player's level after
every hand, as steps) and an attackers' points chart (a bar per hand, blue when the defenders
held, red when the attackers took the deal, and the deal line).  matplotlib drew them in a
quarter of a report's time (two figures a match); this module writes the same charts — the
same data, title, axis labels, ticks (the tick rule of matplotlib's ``MaxNLocator``, see
:func:`nice_ticks`), colours and size (4.8 × 3 in, 11 pt text, 10 pt legend, the margins of
:data:`~.charts.MARGINS`) — as a few hundred bytes of plain SVG elements.

Every piece of text from a record (team and player names) goes through
:func:`markupsafe.escape`; the chart has ``role="img"`` and an ``aria-label`` (its title) and a
``<title>``, like the charts of :mod:`.charts`.  The markup has no ``id`` (so two charts on one
page never clash) and no ``<style>`` (CSS in inline SVG would apply to the whole page).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from markupsafe import escape

from tractor_analysis.records.cards import RANK_TOKENS

TEAM_COLOURS = ("#1f5fa8", "#c0392b")
PLAYER_COLOURS = ("#1f5fa8", "#c0392b", "#2e8b57", "#8e44ad")
"""N, E, S, W in friend mode (each player keeps a level of their own)."""
HOLD_COLOUR, TAKE_COLOUR, LINE_COLOUR = "#1f5fa8", "#c0392b", "#333"

W, H = 345.6, 216.0
"""4.8 × 3 in at 72 points an inch (:data:`.charts.WIDTH`, :data:`.charts.HEIGHT`): the chart
above its legend, which goes under the x axis label and makes the SVG taller by its rows."""
X0, X1, Y0, Y1 = 0.13 * W, 0.98 * W, (1 - 0.88) * H, (1 - 0.19) * H
"""The axes' box (left, right, top, bottom) from :data:`.charts.MARGINS`."""
FONT = ("'DejaVu Sans', 'Bitstream Vera Sans', 'Computer Modern Sans Serif', 'Lucida Grande', "
        "Verdana, Geneva, Lucid, Arial, Helvetica, 'Avant Garde', sans-serif")
SIZE, TITLE_SIZE, SMALL = 11, 11.5, 10
TICK = 3.5
LABEL_DY = 3.9
"""A y tick label's baseline is this far below its tick (the middle of 11 pt digits)."""
MARGIN = 0.05
"""matplotlib's default data margin on each side of an autoscaled axis."""


# --- ticks: the rule of matplotlib.ticker.MaxNLocator, in plain Python -----------------------
def _staircase(steps: Sequence[float]) -> list[float]:
    steps = list(steps)
    if steps[0] != 1:
        steps.insert(0, 1)
    if steps[-1] != 10:
        steps.append(10)
    return [0.1 * s for s in steps[:-1]] + steps + [10 * steps[1]]


def _nonsingular(vmin: float, vmax: float, expander: float, tiny: float) -> tuple[float, float]:
    if vmax < vmin:
        vmin, vmax = vmax, vmin
    vmin, vmax = float(vmin), float(vmax)
    biggest = max(abs(vmin), abs(vmax))
    if biggest < (1e6 / tiny) * 2.2250738585072014e-308:
        return -expander, expander
    if vmax - vmin <= biggest * tiny:
        if vmax == 0 and vmin == 0:
            return -expander, expander
        return vmin - expander * abs(vmin), vmax + expander * abs(vmax)
    return vmin, vmax


MAXN_STEPS = (1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10)
"""``MaxNLocator``'s default steps; its ``AutoLocator`` (an axis's default) uses :data:`AUTO_STEPS`."""
AUTO_STEPS = (1, 2, 2.5, 5, 10)


def nice_ticks(vmin: float, vmax: float, nbins: int, steps: Sequence[float] = MAXN_STEPS,
               integer: bool = False, min_n_ticks: int = 2) -> list[float]:
    """Tick positions spanning ``vmin``..``vmax`` as :class:`matplotlib.ticker.MaxNLocator`
    (``nbins``, ``steps``, ``integer``) places them (it may return one beyond each end; only
    those inside the view are drawn).  ``tests/test_report_charts.py`` compares the two."""
    vmin, vmax = _nonsingular(vmin, vmax, 1e-13, 1e-14)
    dv = abs(vmax - vmin)
    meanv = (vmax + vmin) / 2
    offset = 0.0 if abs(meanv) / dv < 100 else math.copysign(10 ** (math.log10(abs(meanv)) // 1), meanv)
    scale = 10 ** (math.log10(dv / nbins) // 1)
    _vmin, _vmax = vmin - offset, vmax - offset
    cands = [s * scale for s in _staircase(steps)]
    if integer:
        cands = [s for s in cands if s < 1 or abs(s - round(s)) < 0.001]
    raw_step = (_vmax - _vmin) / nbins
    large = [i for i, s in enumerate(cands) if s >= raw_step]
    istep = large[0] if large else len(cands) - 1
    ticks: list[float] = []
    for step in reversed(cands[:istep + 1]):
        if integer and math.floor(_vmax) - math.ceil(_vmin) >= min_n_ticks - 1:
            step = max(1, step)
        best_vmin = (_vmin // step) * step
        edge_tol = min(0.4999, max(1e-10, 10 ** (math.log10(abs(offset) / step) - 12))) if offset else 1e-10
        d, m = divmod(_vmin - best_vmin, step)
        low = d + 1 if abs(m / step - 1) < edge_tol else d
        d, m = divmod(_vmax - best_vmin, step)
        high = d if abs(m / step) < edge_tol else d + 1
        ticks = [k * step + best_vmin for k in range(int(low), int(high) + 1)]
        if sum(_vmin <= t <= _vmax for t in ticks) >= min_n_ticks:
            break
    return [t + offset for t in ticks]


def _limits(lo: float, hi: float) -> tuple[float, float]:
    """An autoscaled axis's view: the data range and 5 % on each side (a single value is
    widened by 5 % of itself, as matplotlib widens it)."""
    lo, hi = _nonsingular(lo, hi, 0.05, 1e-15) if hi - lo <= max(abs(lo), abs(hi)) * 1e-15 else (lo, hi)
    d = hi - lo
    return lo - MARGIN * d, hi + MARGIN * d


def _num(v: float) -> str:
    """A coordinate with at most 2 decimals, no trailing zeros."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


def _tick_label(v: float) -> str:
    s = f"{round(v, 10):g}"
    return s.replace("-", "\u2212")


def _text_width(text: str, size: float) -> float:
    """An estimate of ``text``'s width (CJK a full em, others half an em): to place the y label."""
    return sum(size if ord(ch) >= 0x2E80 else 0.5 * size for ch in text)


# --- the frame: axes, ticks, labels, title, legend -----------------------------------------
class _Frame:
    """Data → SVG coordinates of the axes' box for the view ``xlim`` × ``ylim``."""

    def __init__(self, xlim: tuple[float, float], ylim: tuple[float, float]):
        self.xlim, self.ylim = xlim, ylim
        self.sx = (X1 - X0) / (xlim[1] - xlim[0])
        self.sy = (Y1 - Y0) / (ylim[1] - ylim[0])

    def x(self, v: float) -> float:
        return X0 + (v - self.xlim[0]) * self.sx

    def y(self, v: float) -> float:
        return Y1 - (v - self.ylim[0]) * self.sy


def _axes(f: _Frame, xticks: Sequence[float], yticks: Sequence[tuple[float, str]],
          xlabel: str, ylabel: str, title: str) -> list[str]:
    """Spines (left, bottom), ticks with their labels, axis labels and title."""
    out = ['<g stroke="#000" stroke-width="0.8">',
           f'<path class="frame" d="M{_num(X0)} {_num(Y0)}V{_num(Y1)}H{_num(X1)}" fill="none" '
           f'stroke-linecap="square"/>']
    xs = [(f.x(v), _tick_label(v)) for v in xticks if f.xlim[0] - 1e-9 <= v <= f.xlim[1] + 1e-9]
    ys = [(f.y(v), label) for v, label in yticks if f.ylim[0] - 1e-9 <= v <= f.ylim[1] + 1e-9]
    ticks = "".join(f"M{_num(x)} {_num(Y1)}v{TICK}" for x, _ in xs) + \
        "".join(f"M{_num(X0)} {_num(y)}h-{TICK}" for y, _ in ys)
    if ticks:
        out.append(f'<path d="{ticks}"/>')
    out.append("</g>")
    out.append(f'<g class="xticks" text-anchor="middle">')
    out.extend(f'<text x="{_num(x)}" y="{_num(Y1 + 15.36)}">{escape(label)}</text>' for x, label in xs)
    out.append('</g><g class="yticks" text-anchor="end">')
    out.extend(f'<text x="{_num(X0 - 2 * TICK)}" y="{_num(y + LABEL_DY)}">{escape(label)}</text>' for y, label in ys)
    out.append("</g>")
    widest = max((_text_width(label, SIZE) * 1.27 for _, label in ys), default=0)   # digits: 0.64 em
    ylabel_x = X0 - 2 * TICK - widest - 6.6
    out.append(f'<text class="xlabel" x="{_num((X0 + X1) / 2)}" y="{_num(Y1 + 30.36)}" '
               f'text-anchor="middle">{escape(xlabel)}</text>')
    out.append(f'<text class="ylabel" transform="translate({_num(ylabel_x)} {_num((Y0 + Y1) / 2)}) rotate(-90)" '
               f'text-anchor="middle">{escape(ylabel)}</text>')
    out.append(f'<text class="title" x="{_num((X0 + X1) / 2)}" y="{_num(Y0 - 6)}" font-size="{TITLE_SIZE}" '
               f'text-anchor="middle">{escape(title)}</text>')
    return out


_HANDLE, _GAP, _ROW = 20.0, 8.0, 15.0
"""Legend: handle length (2 em in 10 pt), handle-to-text gap (0.8 em), row height."""
LEGEND_TOP = Y1 + 38.0
"""The legend's first row starts here: under the x axis label (its baseline is 30.36 below
the axis), outside the axes, so it covers no bar, line or point whatever the data."""


def legend_height(entries: int) -> float:
    """What a legend of ``entries`` rows adds under the chart (a label written on two lines is two rows)."""
    return _ROW * entries + 4


_LEGEND_ROOM = W - X0 - _HANDLE - _GAP - 4
"""The width a legend label has, right of its handle, before the chart's edge."""
_LATIN_EM = 0.52
"""A Latin character's width in DejaVu Sans, in ems (its text averages near half an em): to tell a label too
wide for one line (:func:`_label_lines`)."""


def _label_lines(label: str, wrap: bool) -> tuple[str, ...]:
    """``label`` as the legend writes it: on one line, or — ``wrap`` (the chart's own bilingual words, never a
    record's text) and too wide for :data:`_LEGEND_ROOM` — its English half (with the ``/``) over its Chinese."""
    width = sum(SMALL if ord(ch) >= 0x2E80 else _LATIN_EM * SMALL for ch in label)
    if not wrap or width <= _LEGEND_ROOM or " / " not in label:
        return (label,)
    en, zh = label.split(" / ", 1)
    return f"{en} /", zh


def legend_rows(entries: Sequence[tuple[str, str]], wrap: bool = False) -> int:
    """The rows a legend of ``entries`` takes (:func:`_legend`)."""
    return sum(len(_label_lines(label, wrap)) for _, label in entries)


def _legend(entries: Sequence[tuple[str, str]], wrap: bool = False) -> str:
    """The legend (``entries``: (handle markup at 0,0 – 20 wide, label)), a row an entry, under
    the axes at the left edge of the plot; ``wrap``: a bilingual label too wide for the chart takes two rows, its
    English half over its Chinese half (two ``<tspan>`` of one ``<text>``)."""
    out = [f'<g class="legend" font-size="{SMALL}" transform="translate({_num(X0)} {_num(LEGEND_TOP)})">']
    row = 0
    for handle, label in entries:
        mid = _ROW * row + _ROW / 2
        lines = _label_lines(label, wrap)
        x = _num(_HANDLE + _GAP)
        text = escape(label) if len(lines) == 1 else "".join(
            f'<tspan x="{x}" dy="{_num(_ROW * (i > 0))}">{escape(line)}</tspan>'
            for i, line in enumerate(lines))
        out.append(f'<g transform="translate(0 {_num(mid)})">{handle}</g>'
                   f'<text x="{x}" y="{_num(mid + 3.6)}">{text}</text>')
        row += len(lines)
    out.append("</g>")
    return "".join(out)


def _svg(title: str, body: Sequence[str], legend_rows: int = 0) -> str:
    t = escape(title)
    h = H + legend_height(legend_rows) if legend_rows else H
    return "".join((
        f'<svg role="img" aria-label="{t}" xmlns="http://www.w3.org/2000/svg" version="1.1" '
        f'width="{_num(W)}pt" height="{_num(h)}pt" viewBox="0 0 {_num(W)} {_num(h)}">',
        f'<title>{t}</title>',
        f'<rect width="{_num(W)}" height="{_num(h)}" fill="#fff"/>',
        f'<g font-family="{escape(FONT)}" font-size="{SIZE}">', *body, "</g></svg>\n"))


# --- the two charts ------------------------------------------------------------------------
LEVELS_TITLE = ("Team levels over the match / 比赛级别", "Each player's level / 各人级别（找朋友）")
POINTS_TITLE = "Attackers' points per hand / 每局闲家得分"


def levels_chart(series: Sequence[tuple[int, ...]], teams: Sequence[str]) -> str:
    """Both teams' levels before hand 1 and after each hand (steps, a dot per value); in
    friend mode (four labels) each player's own level.  One ``<polyline>`` a team, its
    corners at (hand, level), and a ``<circle>`` at each value."""
    colours = TEAM_COLOURS if len(teams) == 2 else PLAYER_COLOURS
    n = len(series)
    known = [v for s in series for v in s if v is not None]    # a level not known (None) is not drawn
    lo = min(known) if known else 2
    hi = max(known) if known else 14
    f = _Frame(_limits(0, max(n - 1, 0)), _limits(lo, hi) if series else (2, 14))
    yt = list(range(max(2, lo), min(14, max(hi, lo + 1)) + 1))
    title = LEVELS_TITLE[0] if len(teams) == 2 else LEVELS_TITLE[1]
    body = _axes(f, nice_ticks(*f.xlim, nbins=12, integer=True), [(t, RANK_TOKENS.get(t, str(t))) for t in yt],
                 "after hand (0 = start) / 第几局后", "level / 级别", title)
    for t, team in enumerate(teams):
        xy = [(f.x(i), f.y(s[t])) for i, s in enumerate(series) if s[t] is not None]
        corners = []
        for i, (x, y) in enumerate(xy):
            if i:
                corners.append(f"{_num(x)},{_num(xy[i - 1][1])}")
            corners.append(f"{_num(x)},{_num(y)}")
        body.append(f'<g class="series" fill="{colours[t]}" stroke="{colours[t]}" data-label="{escape(team)}">'
                    f'<polyline points="{" ".join(corners)}" fill="none" stroke-width="1.5"/>'
                    + "".join(f'<circle cx="{_num(x)}" cy="{_num(y)}" r="1.5"/>' for x, y in xy) + "</g>")
    handles = [(f'<g fill="{colours[t]}" stroke="{colours[t]}"><path d="M0 0H{_num(_HANDLE)}" stroke-width="1.5"/>'
                f'<circle cx="{_num(_HANDLE / 2)}" cy="0" r="1.5"/></g>', team) for t, team in enumerate(teams)]
    body.append(_legend(handles))
    return _svg(title, body, len(handles))


@dataclass(frozen=True, slots=True)
class StoppedHand:
    """A hand whose record stops before its end (``HandResult.complete`` false, not a score sheet's): its bar is
    the attackers' points so far, drawn hollow, never as a total — coloured by its result where it has one (derived
    from its ``[Claim]`` or the cards left, docs/rules.md §7.4: the total it rests on marked beside it), grey where
    it has none.  Where the cards left give one total and it is the points the bar shows (the record ends inside
    its forced last trick, or every play it leaves out gives the attackers nothing), the bar is that total,
    derived (:meth:`derived_total`)."""

    trick: int | None
    """The last trick recorded (``None``: no trick line)."""
    inside: bool
    """The record ends inside that trick (else after it)."""
    claim: int | None = None
    """The result is the table's ``[Claim]``, this total."""
    low: int | None = None
    high: int | None = None
    """Else the totals the cards left allow, every one giving the result (``None``: not stated, each reading of
    the record giving a total of its own)."""
    takes: bool | None = False
    """The result: the attackers take the deal (``False``: the defenders hold; ``None``: no side, or no result)."""
    derived: bool = True
    """The result is derived from the ``[Claim]`` or the cards left (else: :attr:`other`, or no result)."""
    other: tuple[str, str] | None = None
    """A result that does not rest on the points (a miscount decides it): its words, (English, 中文)."""
    open_seats: tuple[str, ...] = ()
    """A position's seats without a deal line (``W`` …): whether the hand was played out is not known."""

    def derived_total(self, so_far: int) -> bool:
        """The cards left give one total, and it is ``so_far``: the bar is the hand's total, derived."""
        return self.derived and self.claim is None and self.low is not None and self.low == self.high == so_far

    def _where(self) -> tuple[str, str]:
        if self.open_seats:
            who = ", ".join(self.open_seats)
            who_zh = "、".join(_SEAT_ZH.get(x, x) for x in self.open_seats)
            return (f"whether the hand was played out is not known: the position gives no deal line for {who}",
                    f"不知本局是否打完：残局没有{who_zh}的发牌行")
        if self.trick is None:
            return "the record stops before the hand's end", "记录在本局打完之前结束"
        if self.inside:
            return f"the record stops inside trick {self.trick}", f"记录在第 {self.trick} 轮中途结束"
        return f"stopped after trick {self.trick}", f"记录在第 {self.trick} 轮之后结束"

    def _what(self) -> tuple[str, str]:
        if not self.derived:
            if self.other is not None:
                return f"result: {self.other[0]}", f"本局结果：{self.other[1]}"
            return ("result withheld", "结果不予判定") if self.open_seats else ("no result", "没有结果")
        if self.claim is not None:
            return f"result from [Claim] {self.claim}", f"本局结果按 [Claim] {self.claim}"
        if self.low is None or self.high is None:
            return "result from the cards left", "本局结果由余下的牌推出"
        if self.low == self.high:
            return f"result from the cards left: {self.low}", f"本局结果由余下的牌推出：{self.low} 分"
        return (f"result from the cards left: every total {self.low}\u2013{self.high} gives it",
                f"本局结果由余下的牌推出：{self.low}\u2013{self.high} 分之间的每个总分结果相同")

    def words(self, number: int, so_far: int) -> str:
        """The bar's tooltip, bilingual: the points so far (or the total the cards give), where the record stops,
        what the result is from, or that there is none."""
        (where_en, where_zh), (what_en, what_zh) = self._where(), self._what()
        if self.derived_total(so_far):      # every play left out is forced, or gives nothing: one total
            return (f"hand {number}: {so_far}, the total derived from the cards left \u2014 {where_en}; the plays "
                    f"left out cannot change it / 第{number}局：{so_far} 分，由余下的牌推出的总分\u2014\u2014"
                    f"{where_zh}；未记录的出牌不能改变它")
        if self.open_seats:       # the points recorded: the total only if the hand was played out
            return (f"hand {number}: {so_far}, the points recorded (the total only if the hand was played out) "
                    f"\u2014 {where_en}; {what_en} / 第{number}局：已记录 {so_far} 分（本局打完才是总分）"
                    f"\u2014\u2014{where_zh}；{what_zh}")
        return (f"hand {number}: {so_far} so far (the tricks recorded) \u2014 {where_en}; {what_en} / "
                f"第{number}局：已得 {so_far} 分（已记录的各轮）\u2014\u2014{where_zh}；{what_zh}")

    @property
    def colour(self) -> str:
        """Its result's colour; grey where it has no side's result."""
        return NO_RESULT_COLOUR if self.takes is None else TAKE_COLOUR if self.takes else HOLD_COLOUR

    @property
    def result_points(self) -> tuple[int, int] | None:
        """The totals the result rests on, lowest and highest (``None``: not stated, or no result from them)."""
        if not self.derived:
            return None
        if self.claim is not None:
            return self.claim, self.claim
        if self.low is None or self.high is None:
            return None
        return self.low, self.high


_SEAT_ZH = {"N": "北家", "E": "东家", "S": "南家", "W": "西家"}
NO_RESULT_COLOUR = "#888"
"""A stopped hand with no result for a side: its hollow bar's outline."""


def attackers_points_chart(hands: Sequence[int], points: Sequence[int], threshold: int,
                           stopped: Sequence[StoppedHand | None] = ()) -> str:
    """Attackers' total per hand, with the line that takes the deal (40 × decks): a ``<rect>``
    a hand (blue: the defenders held; red: the attackers took the deal), each with a bilingual
    ``<title>`` (hand and points), and the dashed deal line.  A hand of ``stopped`` (its record stops before
    its end) is drawn apart, never as a total: a hollow dashed bar of the points so far (outlined in its result's
    colour, grey when it has none), and the total a derived result rests on — a diamond at its ``[Claim]``, a line
    over the totals the cards left allow, a bar across at the one total they give —; where that one total is the
    points so far, the bar is that total, marked derived (filled pale, outlined).  Each says so in its
    ``<title>`` and in the legend, in both languages."""
    n = len(points)
    stopped = list(stopped) + [None] * (n - len(stopped))
    marks = [s.result_points for s in stopped if s is not None and s.result_points is not None]
    top = max([threshold, *(p for p in points if p is not None), *(hi for _, hi in marks)]) * (1 + MARGIN)
    f = _Frame(_limits(0.6, n + 0.4) if n else (-0.5, 0.5), (0, top))
    yt = nice_ticks(0, top, nbins=6, steps=AUTO_STEPS)     # matplotlib's AutoLocator: 6 bins on this axis
    body = _axes(f, nice_ticks(*f.xlim, nbins=12, integer=True), [(t, _tick_label(t)) for t in yt],
                 "hand / 局", "points / 分", POINTS_TITLE)
    width = 0.8 * f.sx
    bars, derived, kinds = [], [], set()
    for i, p in enumerate(points):
        if p is None:                 # withheld (the sides unknown): no bar
            continue
        number = hands[i] if i < len(hands) else i + 1
        x, y = f.x(i + 1 - 0.4), f.y(p)
        s = stopped[i]
        if s is None:
            kinds.add("hold" if p < threshold else "take")
            bars.append(f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(width)}" height="{_num(Y1 - y)}" '
                        f'fill="{HOLD_COLOUR if p < threshold else TAKE_COLOUR}"><title>hand {number}: {p} / '
                        f'第{number}局：{p} 分</title></rect>')
            continue
        colour, words = s.colour, escape(s.words(number, p))
        box = f'x="{_num(x)}" y="{_num(y)}" width="{_num(width)}" height="{_num(Y1 - y)}"'
        if s.derived_total(p):        # one total, the points shown: the bar is the total, derived
            kinds.add("derived")
            derived.append(f'<rect class="derived-total" {box} fill="{colour}" fill-opacity="0.4" stroke="{colour}" '
                           f'stroke-width="1.2"><title>{words}</title></rect>')
            continue
        kinds.add("open" if s.open_seats else "so-far" if s.takes is not None else "no-result")
        derived.append(f'<rect class="so-far" {box} fill="#fff" stroke="{colour}" stroke-width="1.2" '
                       f'stroke-dasharray="3 2"><title>{words}</title></rect>')
        mark = s.result_points
        if mark is None:
            continue
        cx = f.x(i + 1)
        if s.claim is not None:
            kinds.add("claim")
            cy = f.y(s.claim)
            derived.append(f'<path class="claim" d="M{_num(cx)} {_num(cy - 4)}l4 4l-4 4l-4 -4z" fill="{colour}">'
                           f'<title>{words}</title></path>')
        elif mark[0] == mark[1]:      # the one total the cards left give: a bar across, never a range of one
            kinds.add("total")
            derived.append(f'<path class="total" d="M{_num(x)} {_num(f.y(mark[0]))}h{_num(width)}" stroke="{colour}" '
                           f'stroke-width="2.5" fill="none"><title>{words}</title></path>')
        else:
            kinds.add("bounds")
            y_lo, y_hi = f.y(mark[0]), f.y(mark[1])
            derived.append(f'<path class="bounds" d="M{_num(cx)} {_num(y_lo)}V{_num(y_hi)}M{_num(cx - 3)} {_num(y_lo)}'
                           f'h6M{_num(cx - 3)} {_num(y_hi)}h6" stroke="{colour}" stroke-width="1.5" fill="none">'
                           f'<title>{words}</title></path>')
    body.append('<g class="bars">' + "".join(bars) + "</g>")
    if derived:
        body.append('<g class="stopped">' + "".join(derived) + "</g>")
    line_y = f.y(threshold)
    body.append(f'<path class="threshold" d="M{_num(X0)} {_num(line_y)}H{_num(X1)}" stroke="{LINE_COLOUR}" '
                f'stroke-width="1" stroke-dasharray="3.7 1.6"/>')
    entries = _points_legend(threshold, kinds)
    body.append(_legend(entries, wrap=True))
    return _svg(POINTS_TITLE, body, legend_rows(entries, wrap=True))


def _points_legend(threshold: int, kinds: set[str]) -> list[tuple[str, str]]:
    """The points chart's legend: the deal line and the defenders' colour always, then a row for each other
    kind of bar or mark drawn (``kinds``)."""
    rect = f'<rect x="0" y="-3.5" width="{_num(_HANDLE)}" height="7"'
    hollow = f'<rect x="0.6" y="-3.5" width="{_num(_HANDLE - 1.2)}" height="7" fill="#fff" stroke-width="1.2" ' \
             f'stroke-dasharray="3 2"'
    mid = _num(_HANDLE / 2)
    rows = {"take": f'{rect} fill="{TAKE_COLOUR}"/>',
            "derived": f'{rect} fill="{LINE_COLOUR}" fill-opacity="0.4" stroke="{LINE_COLOUR}" stroke-width="1.2"/>',
            "so-far": f'{hollow} stroke="{LINE_COLOUR}"/>',
            "no-result": f'{hollow} stroke="{NO_RESULT_COLOUR}"/>',
            "open": f'{hollow} stroke="{NO_RESULT_COLOUR}"/>',
            "claim": f'<path d="M{mid} -4l4 4l-4 4l-4 -4z" fill="{LINE_COLOUR}"/>',
            "bounds": f'<path d="M{mid} -5V5M{_num(_HANDLE / 2 - 3)} -5h6M{_num(_HANDLE / 2 - 3)} 5h6" '
                      f'stroke="{LINE_COLOUR}" stroke-width="1.5" fill="none"/>',
            "total": f'<path d="M0 0H{_num(_HANDLE)}" stroke="{LINE_COLOUR}" stroke-width="2.5"/>'}
    entries = [(f'<path d="M0 0H{_num(_HANDLE)}" stroke="{LINE_COLOUR}" stroke-width="1" stroke-dasharray="3.7 1.6"/>',
                f"{threshold} points: attackers take the deal / {threshold} 分：闲家上台"),
               (f'{rect} fill="{HOLD_COLOUR}"/>', POINTS_LEGEND["hold"])]
    entries += [(rows[k], POINTS_LEGEND[k]) for k in rows if k in kinds]
    return entries


POINTS_LEGEND = {
    "hold": "attackers' total: defenders hold / 闲家得分：庄家守住",
    "take": "attackers' total: attackers take the deal / 闲家得分：闲家上台",
    "derived": "total derived from the cards left / 由余下的牌推出的总分",
    "so-far": "stopped record: points so far / 记录中途结束：已得分",
    "no-result": "stopped record, no result: points so far / 记录中途结束，没有结果：已得分",
    "open": "played out? not known: points recorded / 是否打完未知：已记录得分",
    "claim": "its result from [Claim] / 本局结果按 [Claim]",
    "bounds": "its result: totals the cards left allow / 结果：余牌可得总分",
    "total": "its result: the one total the cards left give / 结果：余牌给出的唯一总分"}
"""The points chart's legend rows (the deal line's row names its points), each the same in both languages."""
STOPPED_LEGEND = (POINTS_LEGEND["so-far"], POINTS_LEGEND["claim"], POINTS_LEGEND["bounds"])
"""The legend's rows for the hands whose record stops before their end (:class:`StoppedHand`)."""
