"""The endgame analysis an ingest stores (``tractor ingest --analyse K``): the ``plays`` columns
``value_before``, ``value_after``, ``cost`` and ``best``.

The ingest does not know the solver: the CLI hands it the options of the analysis
(:class:`tractor_analysis.analysis.batch.AnalyseOptions`), whose ``analyse_results`` the worker
calls on each file's replay results; the results come back with ``analyses`` (per match, per hand,
the hand's analysis or ``None``).  :class:`~.rows.TableBuilder` writes the values beside each play
(:func:`play_values`).  A position not solved within the budget, a hand the solver cannot analyse and
any failure of the solver leave the columns null: a stored value is always the exact best-play value.
"""
from __future__ import annotations

from ..engine.verdicts import HandResult
from ..records.cards import TOKEN


def analyses_of(results, index: int) -> list | None:
    """The hand analyses of match ``index`` of ``results`` (``None`` when it was not analysed)."""
    analyses = getattr(results, "analyses", None)
    if not analyses or index >= len(analyses):
        return None
    return analyses[index]


def by_play(h: HandResult, a) -> dict[tuple[int, int], object]:
    """``(trick index, position in the trick)`` → the analysis of that play, for the plays of
    ``h`` the analysis ``a`` is about (checked trick by trick and seat by seat: nothing is stored
    against a play it does not describe)."""
    if a is None or a.reason is not None or not a.tricks or not a.plays:
        return {}
    first = len(h.tricks) - a.tricks
    slots = [(i, j) for i in range(max(first, 0), len(h.tricks)) for j in range(len(h.tricks[i].plays))]
    if first < 0 or len(slots) != len(a.plays):
        return {}
    for (i, j), p in zip(slots, a.plays):
        t = h.tricks[i]
        if t.number != p.trick or t.plays[j].seat != p.seat:
            return {}
    return dict(zip(slots, a.plays))


def play_values(p) -> tuple[int | None, int | None, int | None, list[str] | None]:
    """``(value_before, value_after, cost, best)`` of one play for the ``plays`` columns."""
    if p is None:
        return None, None, None, None
    best = None if p.best is None else [" ".join(TOKEN[c] for c in b) for b in p.best]
    return p.value_before, p.value_after, p.cost, best


__all__ = ["analyses_of", "by_play", "play_values"]
