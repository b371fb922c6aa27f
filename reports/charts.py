"""Charts as inline SVG, drawn with matplotlib's object API (never pyplot): the index page's
charts, drawn once per report.  The two charts of every match page are written directly
(:mod:`.match_charts`, re-exported here).

Every chart has a title, labelled axes and a legend (under the axes, where it covers no data), in
English and Chinese like the tables.
Charts are drawn 4.8 in wide with 11 pt text (legends and notes 10 pt): a phone 390 px wide
shows them about 345 px wide, so no text is under 10 px there; a wider screen scales them up.  Text stays text in the
SVG (``svg.fonttype = none``) so it is small, searchable and escaped by
matplotlib's XML writer; element ids get a per-chart prefix so several charts
can share one page.
"""
from __future__ import annotations

import io
import itertools
import re
from html import escape
import warnings
from typing import Mapping, Sequence

from matplotlib import rc_context
import matplotlib.text as _mtext
from matplotlib.backends.backend_mixed import MixedModeRenderer
from matplotlib.backends.backend_svg import FigureCanvasSVG, RendererSVG
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from tractor_analysis.records.cards import RANK_TOKENS

from .match_charts import (PLAYER_COLOURS, TEAM_COLOURS, attackers_points_chart,  # noqa: F401  (the per-match charts)
                           levels_chart)

_RC = {"svg.fonttype": "none", "svg.hashsalt": "tractor-analysis", "font.size": 11,
       "axes.titlesize": 11.5,
       "axes.spines.top": False, "axes.spines.right": False}
_HEAD_RE = re.compile(r"^.*?(<svg\b)", re.S)
_ID_RE = re.compile(r'(\bid="|url\(#|href="#)([^")]+)')
_counter = itertools.count(1)


_mpl_text_metrics = getattr(_mtext, "_get_text_metrics_with_cache", None)
"""matplotlib's own (private) cached text metrics; if a matplotlib lacks it, charts are drawn without ours."""
_METRICS: dict[tuple, tuple[float, float, float]] = {}


def _svg_text_metrics(renderer, text, fontprop, ismath, dpi):
    """matplotlib's text metrics (width, height, descent), kept from one chart to the next.

    matplotlib caches them per renderer, and each ``savefig`` makes a new SVG renderer, so
    every chart measured its tick labels, titles and legends again (a fifth of its drawing
    time).  An SVG renderer's metrics depend only on the text, the font, math mode and dpi
    (it lays text out at a fixed 72 dpi, :class:`~matplotlib.textpath.TextToPath`; ``savefig``
    wraps it in a :class:`MixedModeRenderer`), so
    they are kept by those; any other renderer goes to matplotlib's own cache."""
    inner = getattr(renderer, "_renderer", None) if type(renderer) is MixedModeRenderer else renderer
    if type(inner) is not RendererSVG:
        return _mpl_text_metrics(renderer, text, fontprop, ismath, dpi)
    key = (text, fontprop.copy(), ismath, dpi)
    got = _METRICS.get(key)
    if got is None:
        if len(_METRICS) >= 20_000:
            _METRICS.clear()
        got = _METRICS[key] = _mpl_text_metrics(renderer, text, fontprop, ismath, dpi)
    return got


_HEIGHTS: dict = {}
_PATCH_HEIGHTS = not hasattr(RendererSVG, "_get_font_height_metrics")
"""matplotlib (3.11) asks a renderer for ``_get_font_height_metrics`` and, when it has none,
opens the font and reads its OS/2 or hhea table again for every text it lays out (a tenth of a
chart's drawing).  During ``savefig`` to SVG the figure's dpi is 72 (``print_svg``), so the
figures depend only on the font: they are computed once per font, as matplotlib computes them."""


def _svg_font_heights(renderer, prop) -> tuple:
    """(ascent, descent, line gap) of ``prop`` at 72 dpi, as :meth:`matplotlib.text.Text._get_layout`
    computes them from the font's tables; ``(None, None, None)`` sends it to its own fallback."""
    key = prop.copy()
    got = _HEIGHTS.get(key)
    if got is None:
        from matplotlib.font_manager import fontManager, get_font

        got = (None, None, None)
        font = get_font(fontManager._find_fonts_by_props(prop))
        for table_name, linegap_key, ascent_key, descent_key in (
                ('OS/2', 'sTypoLineGap', 'sTypoAscender', 'sTypoDescender'),
                ('hhea', 'lineGap', 'ascent', 'descent')):
            table = font.get_sfnt_table(table_name)
            if table is None:
                continue
            fontsize = prop.get_size_in_points()
            units_per_em = font.get_sfnt_table('head')['unitsPerEm']
            scale = 1 / units_per_em * fontsize * 72 / 72
            got = (table[ascent_key] * scale, -table[descent_key] * scale, table[linegap_key] * scale)
            break
        if len(_HEIGHTS) >= 1_000:
            _HEIGHTS.clear()
        _HEIGHTS[key] = got
    return got


def to_svg(fig: Figure, label: str) -> str:
    """The figure as an ``<svg>`` element to inline in HTML (no XML prolog, unique ids)."""
    buf = io.StringIO()
    FigureCanvasSVG(fig)
    with rc_context(_RC), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # missing CJK glyphs in the metrics font: the browser draws them
        if _mpl_text_metrics is not None:
            _mtext._get_text_metrics_with_cache = _svg_text_metrics
        if _PATCH_HEIGHTS:
            RendererSVG._get_font_height_metrics = _svg_font_heights  # type: ignore[attr-defined]
        try:
            fig.savefig(buf, format="svg",
                        metadata={"Date": None, "Creator": "tractor-analysis"})
        finally:
            if _mpl_text_metrics is not None:
                _mtext._get_text_metrics_with_cache = _mpl_text_metrics
            if _PATCH_HEIGHTS:
                del RendererSVG._get_font_height_metrics  # type: ignore[attr-defined]
    svg = _HEAD_RE.sub(r"\1", buf.getvalue(), count=1)
    prefix = f"c{next(_counter)}-"
    svg = _ID_RE.sub(lambda m: m.group(1) + prefix + m.group(2), svg)
    return svg.replace("<svg ", f'<svg role="img" aria-label="{escape(label)}" ', 1)


WIDTH, HEIGHT = 4.8, 3.0
"""Inches; see the module docstring for why (text ≥ 10 px on a 390 px phone)."""
SMALL = 10
"""Legends and notes (pt)."""
MARGINS = {"left": 0.13, "right": 0.98, "bottom": 0.19, "top": 0.88}
"""Fixed margins of a 4.8 × 3 in chart whose tick labels are short (numbers, ranks):
constrained layout measures every text twice per chart (half a chart's drawing time)."""


def _figure(width: float = WIDTH, height: float = HEIGHT, fixed: bool = True) -> Figure:
    """A figure; ``fixed``: the :data:`MARGINS` (tick labels are numbers or ranks), else
    constrained layout (tick labels are user text of any length: player names)."""
    with rc_context(_RC):
        if not fixed:
            return Figure(figsize=(width, height), layout="constrained")
        fig = Figure(figsize=(width, height))
        fig.subplots_adjust(**MARGINS)
        return fig


LEGEND_ROW = 0.24
"""Inches a legend entry takes (10 pt text and matplotlib's label spacing)."""


def _finish(fig: Figure, ax, title: str, xlabel: str, ylabel: str, integer_axis: str = "") -> str:
    """Title, axis labels and the legend, which goes *under* the axes (below the x label),
    where no data can be: the figure grows by the legend's rows and the axes keep their size."""
    if "x" in integer_axis:
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    if "y" in integer_axis:
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    handles, labels = ax.get_legend_handles_labels()
    width, height = fig.get_size_inches()
    extra = LEGEND_ROW * len(labels) + 0.08
    fig.set_size_inches(width, height + extra)
    if fig.get_layout_engine() is not None:          # constrained layout keeps the legend clear itself
        fig.legend(handles, labels, loc="outside lower left", fontsize=SMALL, frameon=False)
        return to_svg(fig, title)
    total = height + extra
    fig.subplots_adjust(bottom=(MARGINS["bottom"] * height + extra) / total,
                        top=1 - (1 - MARGINS["top"]) * height / total)
    fig.legend(handles, labels, loc="lower left", bbox_to_anchor=(MARGINS["left"] * 0.5, 0.01),
               fontsize=SMALL, frameon=False, borderaxespad=0.2)
    return to_svg(fig, title)


def points_distribution_chart(points: Sequence[int], threshold: int, suffix: str = "") -> str:
    """Histogram of the attackers' totals with the deal line (40 × decks)."""
    with rc_context(_RC):
        fig = _figure()
        ax = fig.add_subplot()
        top = max([threshold * 2, *points]) if points else threshold * 2
        bins = list(range(0, top + 10, 10))
        ax.hist(points, bins=bins, color="#1f5fa8", edgecolor="white", label="hands")
        ax.axvline(threshold, color="#c0392b", linestyle="--", linewidth=1,
                   label=f"{threshold}: attackers take the deal")
        return _finish(fig, ax, "Distribution of attackers' points / 闲家得分分布" + suffix,
                       "attackers' total / 闲家得分", "hands / 局数", "y")


def bar_chart(counts: Mapping[str, int], title: str, xlabel: str, ylabel: str,
              legend: str, horizontal: bool = False, colour: str = "#1f5fa8") -> str:
    """A bar per key (keys may be user text: player names)."""
    with rc_context(_RC):
        keys = list(counts)
        values = [counts[k] for k in keys]
        fig = _figure(WIDTH, max(2.6, 0.32 * len(keys) + 1.2) if horizontal else HEIGHT, fixed=False)
        ax = fig.add_subplot()
        # a few bars stay bar-shaped; the legend is under the axes (see _finish)
        if horizontal:
            ax.barh(keys, values, color=colour, label=legend, height=0.6 if len(keys) > 2 else 0.4)
            if len(keys) <= 2:
                ax.set_ylim(-1, len(keys))          # a lone bar does not fill the whole axis
            ax.invert_yaxis()
            ax.set_xlim(0, max(values, default=1) * 1.1)
            return _finish(fig, ax, title, ylabel, xlabel, "x")
        ax.bar(keys, values, color=colour, label=legend, width=0.8 if len(keys) > 2 else 0.4)
        if len(keys) <= 2:
            ax.set_xlim(-1, len(keys))
        ax.set_ylim(0, max(values, default=1) * 1.12)
        if len(keys) > 6:
            ax.tick_params(axis="x", labelrotation=30)
        return _finish(fig, ax, title, xlabel, ylabel, "y")


def hold_rate_chart(levels: Sequence[int], rates: Sequence[float], hands: Sequence[int]) -> str:
    """Share of hands the defenders held, per dealer level."""
    with rc_context(_RC):
        fig = _figure()
        ax = fig.add_subplot()
        labels = [RANK_TOKENS.get(level, str(level)) for level in levels]
        bars = ax.bar(labels, [r * 100 for r in rates], color="#2e8b57",
                      label="defenders held (庄家守住)")
        for b, n in zip(bars, hands):
            ax.annotate(f"n={n}", (b.get_x() + b.get_width() / 2, b.get_height()),
                        ha="center", va="bottom", fontsize=SMALL)
        ax.set_ylim(0, 112)                 # room for the n= labels above 100 %
        ax.set_yticks([0, 20, 40, 60, 80, 100])
        return _finish(fig, ax, "Defence hold rate by dealer level / 各级别守庄率", "dealer's level / 庄家级别",
                       "% of hands / 守住比例")
