"""A player's rating history as a small SVG chart, written directly (like :mod:`.match_charts`):
μ after each rated match, the band μ ± σ around it, and the ordinal μ − 3σ.

The player's name goes through :func:`markupsafe.escape`; the chart has ``role="img"``, an
``aria-label`` and a ``<title>``, no ``id`` and no ``<style>``; a legend names each line in
English and 中文.
"""
from __future__ import annotations

from typing import Sequence

from markupsafe import escape

from tractor_analysis.dataset.ratings import RatingStep

from .match_charts import FONT, nice_ticks

W, H = 345.6, 216.0
X0, X1, Y0, Y1 = 44.0, 335.0, 30.0, 172.0
MU, BAND, ORD = "#1f5fa8", "#c9d9ee", "#c0392b"


def rating_chart(player: str, history: Sequence[RatingStep]) -> str:
    """The chart of ``history`` (one step per rated match, in order)."""
    n = len(history)
    lows = [s.ordinal for s in history] + [s.mu - s.sigma for s in history]
    highs = [s.mu + s.sigma for s in history]
    lo, hi = min(lows + [0.0]), max(highs + [25.0])
    ticks = [t for t in nice_ticks(lo, hi, 5) if lo - 1e-9 <= t <= hi + 1e-9] or [lo, hi]
    lo, hi = min(lo, ticks[0]), max(hi, ticks[-1])

    def x(i: int) -> float:
        return X0 + (X1 - X0) * (i + 0.5) / n

    def y(v: float) -> float:
        return Y1 - (Y1 - Y0) * (v - lo) / (hi - lo or 1)

    title = f"Rating of {player} / {player} 的等级分"
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}" '
             f'role="img" aria-label="{escape(title)}" font-family="{FONT}" font-size="10">',
             f"<title>{escape(title)}</title>",
             f'<text x="{W / 2:.1f}" y="14" text-anchor="middle" font-size="11">{escape(title)}</text>']
    band = [f"{x(i):.1f},{y(s.mu + s.sigma):.1f}" for i, s in enumerate(history)]
    band += [f"{x(i):.1f},{y(s.mu - s.sigma):.1f}" for i, s in reversed(list(enumerate(history)))]
    parts.append(f'<polygon points="{" ".join(band)}" fill="{BAND}" stroke="none"/>')
    for t in ticks:
        parts.append(f'<line x1="{X0}" x2="{X1}" y1="{y(t):.1f}" y2="{y(t):.1f}" stroke="#ddd"/>'
                     f'<text x="{X0 - 4}" y="{y(t) + 3.5:.1f}" text-anchor="end">{t:g}</text>')
    for key, colour, values in (("mu", MU, [s.mu for s in history]), ("ordinal", ORD, [s.ordinal for s in history])):
        pts = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
        parts.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="2"/>')
        parts.extend(f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="2.5" fill="{colour}"/>'
                     for i, v in enumerate(values))
    for i, s in enumerate(history):
        label = f"r{s.round}" if s.round else str(i + 1)
        parts.append(f'<text x="{x(i):.1f}" y="{Y1 + 13}" text-anchor="middle">{escape(label)}</text>')
    parts.append(f'<line x1="{X0}" x2="{X1}" y1="{Y1}" y2="{Y1}" stroke="#333"/>')
    parts.append(f'<text x="{(X0 + X1) / 2:.1f}" y="{H - 18}" text-anchor="middle">'
                 "rated match (round) / 计分比赛（轮次）</text>")
    legend = ((MU, "μ (rating / 等级分)"), (BAND, "μ ± σ"), (ORD, "μ − 3σ (ordinal / 排序值)"))
    lx = X0
    for colour, text in legend:
        parts.append(f'<rect x="{lx:.1f}" y="{H - 10}" width="10" height="6" fill="{colour}"/>'
                     f'<text x="{lx + 13:.1f}" y="{H - 4}">{text}</text>')
        lx += 13 + 5.6 * len(text) + 10
    parts.append("</svg>")
    return "".join(parts)
