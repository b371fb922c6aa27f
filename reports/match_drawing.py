"""Drawing one replayed match into the report: its view (the page, its charts), then its fact rows
(:func:`add_match`, :func:`draw_match` + :func:`add_drawn`), and the match that counts when it was
recorded twice (:data:`CopyOf`).  Shared by the record files (:mod:`.inputs`) and the datasets
(:mod:`.dataset_input`) the report reads.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Callable

from tractor_analysis.engine.verdicts import MatchResult
from tractor_analysis.records.model import Match
from tractor_analysis.records.rulesets import RuleSet

from . import match_charts
from .bidi import isolate
from .fact_rows import CopyFinder, MatchFact, facts_from_result
from .hand_page import HandView
from .match_page import CopyView, MatchView, match_title, match_view, slugify
from .model import ReportModel



def with_match_charts(view: MatchView) -> MatchView:
    if not view.hands:
        return view
    if view.variant is not None and view.variant.friend:
        teams = tuple(f"{seat} {isolate(name)}" for seat, name in zip("NESW", view.players))
    else:
        p = tuple(map(isolate, view.players))       # record text, each isolated (:mod:`.bidi`)
        teams = (f"N–S {p[0]} & {p[2]}", f"E–W {p[1]} & {p[3]}")
    threshold = view.hands[0].threshold
    svgs = (match_charts.levels_chart(view.level_series, teams),
            match_charts.attackers_points_chart([h.number for h in view.hands],
                                          [h.attackers_total for h in view.hands], threshold,
                                          [stopped_hand(h) for h in view.hands]))
    return dataclasses.replace(view, charts=svgs)


def stopped_hand(h: HandView) -> match_charts.StoppedHand | None:
    """How the points chart draws a hand whose record stops before its end (:attr:`HandView.complete` false; a
    score sheet's total is its own): its ``attackers_total`` is the points so far, never plotted as a total —
    with the total its result rests on where the result is derived, from its ``[Claim]`` or the cards left
    (docs/rules.md §7.4), with no result's colour where it has none; where the cards left give one total and it
    is ``attackers_total`` (the record ends inside its forced last trick: the forced plays' points are in it), the
    chart draws it as that derived total.  ``None`` for any other hand, and one whose total is withheld (no bar)."""
    if h.complete or h.score_sheet or h.attackers_total is None:
        return None
    last = h.tricks[-1] if h.tricks else None
    where = dict(trick=None if last is None else last.number, inside=last is not None and last.ends_record is not None,
                 open_seats=tuple(h.played_out_unknown))
    o = h.outcome
    side = None if o is None or o.winner not in ("attackers", "defenders") else o.winner == "attackers"
    if not (h.scored_by_claim or h.scored_by_bounds is not None) or o is None:
        # no result (the record ends first), or one that does not rest on the points (a miscount decides it)
        return match_charts.StoppedHand(takes=side, derived=False, other=None if o is None else (o.en, o.zh), **where)
    if h.scored_by_claim and h.claim is not None:
        return match_charts.StoppedHand(claim=h.claim, takes=side, **where)
    low, _, high = (h.scored_by_bounds or "").partition("-")
    if low.isdigit() and (high.isdigit() or not high):
        return match_charts.StoppedHand(low=int(low), high=int(high or low), takes=side, **where)
    return match_charts.StoppedHand(takes=side, **where)  # each reading gives a total of its own: no total stated


MatchSink = Callable[[MatchView], MatchView]
"""Called with each match's view as soon as it is built (e.g. to write its pages); returns
the view the model keeps (e.g. :func:`summary_view`)."""


def seats_of(value) -> frozenset[str] | None:
    """The dataset's ``defender_seats`` (a list of seat tokens, or null) as :attr:`HandFact.defender_seats`."""
    if value is None or isinstance(value, float):
        return None
    seats = frozenset(str(s) for s in value)
    return seats or None


def summary_view(view: MatchView) -> MatchView:
    """``view`` without what only its pages show (each trick's hands, the charts): what a
    report keeps of a match once its pages are written."""
    return dataclasses.replace(view, charts=(), hands=tuple(dataclasses.replace(h, tricks=())
                                                            for h in view.hands))


@dataclass(frozen=True)
class Drawn:
    """One match drawn: the view the model keeps (what the sink returned) and its fact rows."""

    view: MatchView
    fact: MatchFact
    hand_facts: list
    violation_facts: list
    replay: tuple[Match, MatchResult] | None = None
    """The match and its replay, for the statistics' rows, when the report judges it under rules of its
    own (``--rules`` / ``--rule``: a dataset's rows were judged under the ingest's); ``None`` otherwise."""


CopyOf = Callable[[MatchFact, MatchView], "CopyView | None"]
"""Given a match's fact row and view: the match it is a second record of (its page says so), or ``None``."""


def draw_match(match: Match, result: MatchResult, *, key: str, title: str, source: str,
               charts_on: bool = True, sink: MatchSink | None = None,
               adjust: MatchSink | None = None, where: str | None = None,
               copy_of: CopyOf | None = None) -> Drawn:
    """One replayed match's view (changed by ``adjust``, charts added, marked a copy as ``copy_of``
    says, passed to ``sink``) and its fact rows; nothing is added to a model (:func:`add_drawn`
    does).  ``where``: the record as ``tractor standings`` names it
    (:func:`~.fact_rows.facts_from_result`)."""
    view = match_view(match, result, key=key, source=source, title=title)
    if adjust is not None:
        view = adjust(view)
    if charts_on:
        view = with_match_charts(view)
    fact, hand_facts, violation_facts = facts_from_result(match, result, key, title, view.filename, where)
    first = copy_of(fact, view) if copy_of is not None else None
    if first is not None:
        view = dataclasses.replace(view, copy_of=first)
    if sink is not None:
        view = sink(view)
    return Drawn(view, fact, hand_facts, violation_facts)


def add_drawn(model: ReportModel, drawn: Drawn) -> MatchView:
    model.matches.append(drawn.view)
    model.match_facts.append(drawn.fact)
    model.hand_facts.extend(drawn.hand_facts)
    model.violation_facts.extend(drawn.violation_facts)
    return drawn.view


def add_match(model: ReportModel, match: Match, result: MatchResult, *, source: str,
              fallback_title: str, taken: set[str], charts_on: bool = True,
              sink: MatchSink | None = None, adjust: MatchSink | None = None,
              where: str | None = None, copies: CopyFinder | None = None) -> MatchView:
    """Add one replayed match: its view (changed by ``adjust`` and passed to ``sink`` first, if
    given) and its fact rows.  ``copies``: the matches read before it, to tell whether it is a
    second record of one of them (its page then says so)."""
    key = slugify(fallback_title, taken)
    return add_drawn(model, draw_match(match, result, key=key, title=match_title(match, fallback_title),
                                       source=source, charts_on=charts_on, sink=sink, adjust=adjust,
                                       where=where, copy_of=None if copies is None else _finder(copies)))


def _finder(copies: CopyFinder) -> CopyOf:
    """:data:`CopyOf` asking ``copies`` (and adding to it the match that counts)."""
    def copy_of(fact: MatchFact, view: MatchView) -> CopyView | None:
        if fact.event is None:
            return None
        return copies.copy_of(fact.event, CopyView(fact.title, fact.filename, view.source))

    return copy_of



RulesFor = Callable[[Match], "RuleSet | None"]
"""Ruleset to judge a match with (``None``: the record's own, as the engine builds it)."""
