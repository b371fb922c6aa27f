"""The endgame analysis an ingest asks for (``tractor ingest --analyse K``): :class:`AnalyseOptions`,
which the CLI builds and hands to the ingest, and which the ingest worker calls on each file's replay
results (:meth:`AnalyseOptions.analyse_results`) without knowing the solver.

The solver runs over the last ``K`` tricks of every hand, as ``tractor analyse --last K`` does
(:func:`.hand_analysis.analyse_hand`: from the hand's end backward, the first position not solved
within the budget ending the search unless ``every_position``).  A position not solved within the budget, a hand the solver
cannot analyse (incomplete, inconsistent record) and any failure of the solver leave the hand
unanalysed (``None``): what the dataset stores is always the exact best-play value or null.

With ``view`` (``ingest --analyse K --view``) every analysed play is also judged from its player's
seat (:func:`.view.view_hand`, as ``tractor analyse --view`` does, with the same ``samples`` and
``seed``: the same hand gives the same figures); the views of a hand come back aligned with its
analysis' plays, ``None`` where the hand was not analysed or the view failed.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..engine.replay import record_pairs
from ..engine.verdicts import HandResult
from .hand_analysis import HandAnalysis, analyse_hand
from .record_basis import with_derived_plays
from .solver import Budget
from .view import DEFAULT_SAMPLES, PlayView, view_hand

DEFAULT_BUDGET = 2.0
"""Seconds of search allowed per position by default (``--analyse-budget``)."""
DEFAULT_NODES = 400_000
"""Plays tried per position at most by default (``--analyse-nodes``): keeps the columns the same from
one machine to the next for the positions that the node limit, not the clock, stops."""


class Analysed(list):
    """One file's replay results (a list, as the replay gives them) with ``analyses``: per match,
    the :class:`HandAnalysis` of each of its hands, aligned with ``result.hands`` (``None``: the
    match was not replayed, or the hand's analysis failed); and ``views`` the same way, each hand's
    :class:`~.view.PlayView` list aligned with its analysis' plays (``None``: no view asked, or none
    made for that hand)."""

    def __init__(self, results=(), analyses=None, views=None) -> None:
        super().__init__(results)
        self.analyses: list[list[HandAnalysis | None] | None] = list(analyses or [])
        self.views: list[list[list[PlayView] | None] | None] = list(views or [])


@dataclass(frozen=True, slots=True)
class AnalyseOptions:
    """What ``--analyse`` asks: the last ``last`` tricks of every hand, each position searched for at
    most ``seconds`` and ``nodes``; with ``view``, each analysed play judged from its seat over
    ``samples`` deals drawn from ``seed`` (with ``precision``, fewer once the costs are known
    within it: :func:`.view.view_play`)."""

    last: int
    seconds: float = DEFAULT_BUDGET
    nodes: int | None = DEFAULT_NODES
    view: bool = False
    samples: int = DEFAULT_SAMPLES
    seed: int = 0
    precision: float | None = None
    every_position: bool = False
    """Search every position (:func:`.hand_analysis.analyse_hand`'s ``every_position``)."""

    @property
    def budget(self) -> Budget:
        return Budget(nodes=self.nodes, seconds=self.seconds)

    def analyse_hand(self, h: HandResult) -> HandAnalysis | None:
        try:
            return analyse_hand(h, self.last, self.budget, every_position=self.every_position)
        except Exception:       # a solver bug must not stop the ingest: the hand stays unanalysed
            return None

    def view_hand(self, h: HandResult, record, a: HandAnalysis | None) -> list[PlayView] | None:
        """The views of the plays ``a`` analysed (``None``: no view asked, the hand not analysed,
        or the view failed: the columns stay null)."""
        if not self.view or a is None or a.reason is not None or not a.tricks:
            return None
        h = with_derived_plays(h)           # the plays the analysis derived, as `tractor analyse --view` views them
        try:
            views = view_hand(h, record, len(h.tricks) - a.tricks, self.samples, self.seed, self.budget,
                              precision=self.precision)
        except Exception:       # as for the analysis: the hand's views stay null
            return None
        return views if len(views) == len(a.plays) else None

    def analyse_results(self, results: list, matches: list | None = None) -> Analysed:
        """``results`` with the analysis of every hand (:class:`Analysed`); ``matches``: the records
        the results were replayed from (aligned with ``results``), which the view needs (what a
        player knows of the declarations and the bottom is in the record)."""
        analyses, views = [], []
        for i, r in enumerate(results):
            if r is None:
                analyses.append(None)
                views.append(None)
                continue
            pairs = (record_pairs(matches[i], r) if matches is not None and i < len(matches) and matches[i] is not None
                     else [(None, h) for h in r.hands])
            these = [self.analyse_hand(h) for _, h in pairs]
            analyses.append(these)
            views.append([self.view_hand(h, rec, a) for (rec, h), a in zip(pairs, these)] if self.view else None)
        return Analysed(results, analyses, views)


__all__ = ["DEFAULT_BUDGET", "DEFAULT_NODES", "AnalyseOptions", "Analysed"]
