"""The endgame analysis an ingest asks for (``tractor ingest --analyse K``): :class:`AnalyseOptions`,
which the CLI builds and hands to the ingest, and which the ingest worker calls on each file's replay
results (:meth:`AnalyseOptions.analyse_results`) without knowing the solver.

The solver runs over the last ``K`` tricks of every hand, as ``tractor analyse --last K`` does
(:func:`.hand_analysis.analyse_hand`).  A position not solved within the budget, a hand the solver
cannot analyse (incomplete, inconsistent record) and any failure of the solver leave the hand
unanalysed (``None``): what the dataset stores is always the exact best-play value or null.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..engine.verdicts import HandResult
from .hand_analysis import HandAnalysis, analyse_hand
from .solver import Budget

DEFAULT_BUDGET = 2.0
"""Seconds of search allowed per position by default (``--analyse-budget``)."""
DEFAULT_NODES = 400_000
"""Plays tried per position at most by default (``--analyse-nodes``): keeps the columns the same from
one machine to the next for the positions that the node limit, not the clock, stops."""


class Analysed(list):
    """One file's replay results (a list, as the replay gives them) with ``analyses``: per match,
    the :class:`HandAnalysis` of each of its hands, aligned with ``result.hands`` (``None``: the
    match was not replayed, or the hand's analysis failed)."""

    def __init__(self, results=(), analyses=None) -> None:
        super().__init__(results)
        self.analyses: list[list[HandAnalysis | None] | None] = list(analyses or [])


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

    def analyse_hand(self, h: HandResult) -> HandAnalysis | None:
        try:
            return analyse_hand(h, self.last, self.budget)
        except Exception:       # a solver bug must not stop the ingest: the hand stays unanalysed
            return None

    def analyse_results(self, results: list) -> Analysed:
        """``results`` with the analysis of every hand (:class:`Analysed`)."""
        analyses = [None if r is None else [self.analyse_hand(h) for h in r.hands] for r in results]
        return Analysed(results, analyses)


__all__ = ["DEFAULT_BUDGET", "DEFAULT_NODES", "AnalyseOptions", "Analysed"]
