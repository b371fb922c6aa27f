"""The hand's result that every judgement of it gives though they withhold the attackers' points: kept, and said.

When the record leaves a fact open that the engine can enumerate — a play it leaves out (:mod:`.record_gaps`), a
trick it gives no play of (:mod:`.trick_gaps`), a tag the rest of the record contradicts (:mod:`.contradictions`)
… — the hand is judged once for each way, and :mod:`.agreement` keeps what every judgement gives (docs/rules.md
§14.1).  The outcome every way gives, while their points differ, is kept: then it is derived, and a derived fact
says from what (:func:`result_facts`: the ways, and the attackers' totals they give).  So is a side's level after
the hand where every way gives the same — the other side's, differing, withheld (:func:`kept_levels`).
"""
from __future__ import annotations

from typing import Sequence

from ..records.cards import RANK_TOKENS, SEAT_NAMES_ZH, SEAT_TOKENS, TEAMS
from . import explain_hand, explain_held
from .explain import Message
from .explain_unknown import SIDE_EN, SIDE_ZH
from .verdicts import Derived, HandResult, Outcome

READINGS_RESULT = "every reading of the record (the attackers' total each gives)"
"""The ``from`` of the outcome (and a side's level after) every reading of the record gives though their points
differ (:func:`result_facts`)."""
GAP_WAYS = "the ways the plays the record leaves out could be filled in (the attackers' total each gives)"
"""The same, of the ways to fill in plays the record leaves out inside a trick (:mod:`.record_gaps`)."""
TRICK_WAYS = "the ways the trick the record gives no play of could be filled in (the attackers' total each gives)"
"""The same, of the ways to fill in a trick the record gives no play of (:mod:`.trick_gaps`)."""
_TOTAL_EACH = " (the attackers' total each gives)"
_LEVEL_EACH = " (the level after the hand each gives: its result, and the levels its penalties cost)"


def levels_source(source: str) -> str:
    """The ``from`` of the level after the hand every judgement gives a side (:func:`_levels_fact`), of the
    judgements ``source`` names: the levels each gives, not its total — a side's level may differ between them by a
    level a wrong follow or a take-back costs, the total the same."""
    return source[:-len(_TOTAL_EACH)] + _LEVEL_EACH if source.endswith(_TOTAL_EACH) else source


RESULT_SOURCES = frozenset({READINGS_RESULT, GAP_WAYS, TRICK_WAYS, *map(levels_source, (READINGS_RESULT, GAP_WAYS,
                                                                                         TRICK_WAYS))})
"""The ``from`` of every fact :func:`result_facts` derives."""


def _same_outcome(results: Sequence[HandResult]) -> bool:
    return all(r.outcome == results[0].outcome for r in results)


def outcomes_open(results: Sequence[HandResult]) -> tuple[Outcome, ...]:
    """:attr:`~.verdicts.HandResult.outcomes_open` of the judgements in ``results`` merged: every outcome they give
    where they give more than one, every judgement's known (its own, or those it merged itself) and none ending the
    match (a side passing the winning level: the match's end is then open, :mod:`.forfeit_count`); else ``()``."""
    if _same_outcome(results) and results[0].outcome is not None:
        return ()
    if any(not r.outcomes for r in results):
        return ()
    found = tuple(dict.fromkeys(o for r in results for o in r.outcomes))
    return found if len(found) > 1 and not any(o.match_over for o in found) else ()


def passes_open(results: Sequence[HandResult]) -> tuple[int, ...]:
    """:attr:`~.verdicts.HandResult.passes_open` of the judgements in ``results`` merged: where they give different
    outcomes, every judgement's known (its own, or those it merged itself), the teams (0 N–S, 1 E–W) that pass the
    winning level under some, sorted; else ``()`` (an outcome not known: :func:`.forfeit_count._may_pass` bounds
    it)."""
    if _same_outcome(results) and results[0].outcome is not None:
        return ()
    if any(not r.outcomes and not r.passes_open for r in results):
        return ()
    teams = {o.team for r in results for o in r.outcomes if o.match_over}
    teams.update(t for r in results for t in r.passes_open)
    return tuple(sorted(t for t in teams if t is not None))


def kept_levels(results: Sequence[HandResult], name: str) -> tuple:
    """Per side (or player), its level after the hand (``name``: ``levels_after``, ``player_levels_after``) where
    every judgement in ``results`` gives the same and the same outcome too — or outcomes that differ, each known and
    none ending the match (:func:`outcomes_open`: docs/rules.md §10.2, a level the ways give alike is kept whatever
    else differs) —, else ``None`` (withheld)."""
    values = [getattr(r, name) for r in results]
    kept = _same_outcome(results) or bool(outcomes_open(results))
    return tuple(x if kept and all(v[i] == x for v in values) else None for i, x in enumerate(values[0]))


def _totals(r: HandResult) -> tuple[int, int] | None:
    """The lowest and highest total ``r`` gives the attackers: its own, else the span its derived outcome says
    (:func:`result_facts` of the judgements it merged itself); ``None``: not known."""
    if r.attackers_total is not None:
        return r.attackers_total, r.attackers_total
    said = next((d.value for d in r.derived if d.fact == "outcome" and d.source in RESULT_SOURCES and d.value), None)
    if said is None:
        return None
    lo, _, hi = said.partition("-")
    return int(lo), int(hi or lo)


def _outcome_fact(results: Sequence[HandResult], source: str, ways: Message) -> list[Derived]:
    """The outcome every judgement gives while the attackers' total is withheld (differs between them, or some
    gives none) — none where each gives the same total (it is shown), or where a judgement's outcome rests on a
    fact of its own (``[Claim]``, the cards left: :mod:`.claimed_end`, said by that fact)."""
    if len({r.attackers_total for r in results}) == 1 and results[0].attackers_total is not None:
        return []
    if any(d.fact == "outcome" and d.source not in RESULT_SOURCES for r in results for d in r.derived):
        return []
    totals = [_totals(r) for r in results]
    span = None if None in totals else (min(t[0] for t in totals), max(t[1] for t in totals))
    value = "" if span is None else str(span[0]) if span[0] == span[1] else f"{span[0]}-{span[1]}"
    return [Derived("outcome", value, source,
                    *explain_held.result_every_way(explain_hand.outcome(results[0].outcome), span, ways))]


def _levels_fact(results: Sequence[HandResult], source: str, ways: Message) -> list[Derived]:
    """The levels after the hand every judgement gives a side (a player in friend mode) while another's differ, or
    their outcomes do (:func:`kept_levels`, :func:`outcomes_open`); none where no side's is kept, or nothing differs."""
    friend = results[0].rules.friend
    name = "player_levels_after" if friend else "levels_after"
    levels = kept_levels(results, name)
    first = getattr(results[0], name)
    open_ = [i for i, x in enumerate(levels) if x is None and any(getattr(r, name)[i] != first[i] for r in results)]
    kept = [i for i, x in enumerate(levels) if x is not None]
    if not kept or not (open_ or outcomes_open(results)):     # (the outcomes differing: every level they keep, said)
        return []
    names = [(SEAT_NAMES_ZH[i], SEAT_TOKENS[i]) if friend else (SIDE_ZH[i], SIDE_EN[i]) for i in range(len(first))]
    tokens = SEAT_TOKENS if friend else TEAMS
    return [Derived("levels_after", " ".join(f"{tokens[i]}:{RANK_TOKENS[levels[i]]}" for i in kept),
                    levels_source(source),
                    *explain_held.levels_every_way([(*names[i], RANK_TOKENS[levels[i]]) for i in kept],
                                                      [names[i] for i in open_], ways))]


def result_facts(results: Sequence[HandResult], source: str = READINGS_RESULT,
                 ways: Message = explain_held.EVERY_READING_WORDS) -> list[Derived]:
    """What every judgement in ``results`` gives of the hand's result though the attackers' points are withheld
    (docs/rules.md §14.1: kept only where every one gives it — then derived, and said from what): the outcome
    (``value``: the attackers' totals they give, ``"40-50"``; empty where some gives none), and the level after the
    hand of a side every judgement gives the same, another's differing (``"NS:2"``) — that alone where their outcomes
    differ, each known (:func:`outcomes_open`).  ``source``, ``ways``: what the judgements are (the ``from``, and in
    words).  Nothing where an outcome is not known, or one ends the match (withheld)."""
    if outcomes_open(results):      # the outcomes differ, each known: the levels every one gives (§10.2)
        return _levels_fact(results, source, ways)
    if results[0].outcome is None or not _same_outcome(results):
        return []
    return _outcome_fact(results, source, ways) + _levels_fact(results, source, ways)


__all__ = ["GAP_WAYS", "READINGS_RESULT", "RESULT_SOURCES", "TRICK_WAYS", "kept_levels", "levels_source",
           "outcomes_open", "passes_open", "result_facts"]
