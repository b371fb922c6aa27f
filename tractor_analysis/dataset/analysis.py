"""The endgame analysis an ingest stores (``tractor ingest --analyse K``): the ``plays`` columns
``value_before``, ``value_after``, ``cost`` and ``best``.

The ingest worker replays a file, then (:func:`analyse_results`) runs the engine's solver
(:func:`tractor_analysis.engine.solver_analysis.analyse_hand`) over the last ``K`` tricks of every
hand, as ``tractor analyse --last K`` does; :class:`~.rows.TableBuilder` writes the values beside
each play (:func:`play_values`).  A position not solved within the budget, a hand the solver cannot
analyse (incomplete, inconsistent record) and any failure of the solver leave the columns null: a
stored value is always the exact best-play value.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..engine.solver import Budget
from ..engine.solver_analysis import HandAnalysis, PlayAnalysis, analyse_hand
from ..engine.verdicts import HandResult
from ..records.cards import TOKEN

DEFAULT_BUDGET = 2.0
"""Seconds of search allowed per position by default (``--analyse-budget``)."""
DEFAULT_NODES = 400_000
"""Plays tried per position at most by default (``--analyse-nodes``): keeps the columns the same from
one machine to the next for the positions that the node limit, not the clock, stops."""


@dataclass(frozen=True, slots=True)
class AnalyseOptions:
    """What ``--analyse`` asks: the last ``last`` tricks of every hand, each position searched for at
    most ``seconds`` and ``nodes``."""

    last: int
    seconds: float = DEFAULT_BUDGET
    nodes: int | None = DEFAULT_NODES

    @property
    def budget(self) -> Budget:
        return Budget(nodes=self.nodes, seconds=self.seconds)


class Analysed(list):
    """One file's replay results (a list, as the replay gives them) with ``analyses``: per match,
    the :class:`HandAnalysis` of each of its hands, aligned with ``result.hands`` (``None``: the
    match was not replayed, or the hand's analysis failed)."""

    def __init__(self, results=(), analyses=None) -> None:
        super().__init__(results)
        self.analyses: list[list[HandAnalysis | None] | None] = list(analyses or [])


def _analyse_one(h: HandResult, options: AnalyseOptions) -> HandAnalysis | None:
    try:
        return analyse_hand(h, options.last, options.budget)
    except Exception:           # a solver bug must not stop the ingest: the hand stays unanalysed
        return None


def analyse_results(results: list, options: AnalyseOptions | None) -> list:
    """``results`` with the analysis of every hand (:class:`Analysed`); ``results`` unchanged
    when ``options`` is ``None`` (no ``--analyse``)."""
    if options is None:
        return results
    analyses = [None if r is None else [_analyse_one(h, options) for h in r.hands] for r in results]
    return Analysed(results, analyses)


def analyses_of(results, index: int) -> list[HandAnalysis | None] | None:
    """The hand analyses of match ``index`` of ``results`` (``None`` when it was not analysed)."""
    analyses = getattr(results, "analyses", None)
    if not analyses or index >= len(analyses):
        return None
    return analyses[index]


def by_play(h: HandResult, a: HandAnalysis | None) -> dict[tuple[int, int], PlayAnalysis]:
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


def play_values(p: PlayAnalysis | None) -> tuple[int | None, int | None, int | None, list[str] | None]:
    """``(value_before, value_after, cost, best)`` of one play for the ``plays`` columns."""
    if p is None:
        return None, None, None, None
    best = None if p.best is None else [" ".join(TOKEN[c] for c in b) for b in p.best]
    return p.value_before, p.value_after, p.cost, best


__all__ = ["DEFAULT_BUDGET", "DEFAULT_NODES", "AnalyseOptions", "Analysed", "analyse_results", "analyses_of",
           "by_play", "play_values"]
