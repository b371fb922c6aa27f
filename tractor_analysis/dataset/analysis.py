"""The endgame analysis an ingest stores (``tractor ingest --analyse K``): the ``plays`` columns
``value_before``, ``value_after``, ``cost`` and ``best``.

The ingest does not know the solver: the CLI hands it the options of the analysis
(:class:`tractor_analysis.analysis.batch.AnalyseOptions`), whose ``analyse_results`` the worker
calls on each file's replay results; the results come back with ``analyses`` (per match, per hand,
the hand's analysis or ``None``).  :class:`~.rows.TableBuilder` writes the values beside each play
(:func:`play_values`) the record gives, which keep their values when the analysis also derived
plays (:func:`by_play`): the forced plays after the record's end in the hand's last trick are no
row, and a play left out that the engine derived, a row of its own (:mod:`.rows`, ``derived``
true), gets the values the analysis found for it (:func:`derived_by_play`).  A
position not solved within the budget (and the plays before it, which the analysis, going from the
hand's end backward, does not search), a hand the solver cannot analyse and any failure of the
solver leave the columns null: a stored value is always the exact best-play value.  A position
that does not state the attackers' points before it (no ``[Points]``) is analysed, its values being
the points from the position on, not totals: ``value_before`` and ``value_after`` (and a view's
``view_value``, ``view_value_best``) are null, ``cost`` and ``best`` stored (:func:`stored`).

With ``ingest --analyse K --view`` the results also carry ``views`` (per match, per hand, the
views aligned with the analysis' plays, or ``None``), stored as the ``view_*`` columns
(:func:`view_values`): the fields of the JSON ``"view"`` object of ``tractor analyse --view``,
unrounded.  A view withheld (a deal's search ran out of budget, or no deal agrees) keeps its deal
count and exactness and leaves the values null.
"""
from __future__ import annotations

import dataclasses

from ..engine.line_from_decks import seats_derived
from ..engine.verdicts import HandResult
from ..records.cards import TOKEN
from ..records.model import Hand


def analyses_of(results, index: int) -> list | None:
    """The hand analyses of match ``index`` of ``results`` (``None`` when it was not analysed)."""
    analyses = getattr(results, "analyses", None)
    if not analyses or index >= len(analyses):
        return None
    return analyses[index]


def views_of(results, index: int) -> list | None:
    """The hand views of match ``index`` of ``results`` (``None`` when none were made)."""
    views = getattr(results, "views", None)
    if not views or index >= len(views):
        return None
    return views[index]


def by_play(h: HandResult, a) -> dict[tuple[int, int], object]:
    """``(trick index, position in the trick)`` → the analysis of that play, for the plays of
    ``h`` the analysis ``a`` is about (checked trick by trick and seat by seat, cards and all:
    nothing is stored against a play it does not describe).

    The analysis' plays the record does not give (:attr:`PlayAnalysis.derived`: a play it leaves
    out that the engine derived, or the forced plays after the record's end in the hand's last
    trick) are passed over: they are no play of ``h``'s tricks (the dataset stores what the record
    holds: the plays after its end are no row; a play the engine derived is a row of its own,
    :mod:`.rows`, whose values :func:`derived_by_play` gives).  The record's plays keep theirs.
    Those before the record's end are values of the positions the record gives: the forced plays
    after it are the only line the solver can take from there, so the values are the whole record's
    (docs/rules.md §14.1); the positions after a play the engine derived rest on it, which the
    ``hands`` column ``derived`` (``play``) and the play's own row say."""
    if a is None or a.reason is not None or not a.tricks or not a.plays:
        return {}
    first = len(h.tricks) - a.tricks
    recorded = [p for p in a.plays if not p.derived]
    # a play the engine derived in place of the one written (.deal_lines: the decks prove it miscopied) is analysed
    # as derived, not as the record's play: its row is the derived one (derived_by_play)
    replaced = {(n, p.seat) for n, p in h.derived_plays}
    slots = [(i, j) for i in range(max(first, 0), len(h.tricks)) for j in range(len(h.tricks[i].plays))
             if (h.tricks[i].number, h.tricks[i].plays[j].seat) not in replaced]
    if first < 0 or len(slots) != len(recorded):
        return {}
    for (i, j), p in zip(slots, recorded):
        t = h.tricks[i]
        if t.number != p.trick or t.plays[j].seat != p.seat or tuple(t.plays[j].cards) != tuple(p.cards):
            return {}
    return {slot: stored(p, a) for slot, p in zip(slots, recorded)}


def totals_known(a) -> bool:
    """The values of the analysis ``a`` are the attackers' totals: false for a position that does not
    state the points before it (``HandAnalysis.points_before`` ``None``: its values are the points from
    the position on, which no column holds)."""
    return getattr(a, "points_before", 0) is not None


def stored(p, a):
    """The play analysis ``p`` of ``a`` as the ``plays`` columns hold it: ``value_before`` and
    ``value_after`` null when they are not totals (:func:`totals_known`) — ``cost`` and ``best`` do
    not rest on the points before the position, and are kept."""
    if p is None or totals_known(a):
        return p
    return dataclasses.replace(p, value_before=None, value_after=None)


def stored_view(v, a):
    """The view ``v`` of a play of ``a`` as the ``view_*`` columns hold it: its means (``value``,
    ``value_best``) null when they are not totals (:func:`totals_known`); its deals, best plays, cost
    and standard error (differences) are kept."""
    if v is None or totals_known(a):
        return v
    return dataclasses.replace(v, value=None, value_best=None)


def derived_by_play(h: HandResult, a, analysed: dict[tuple[int, int], object]) -> dict[tuple[int, int], object]:
    """``(trick index, seat)`` → the analysis of a play the record leaves out that the engine derived
    (``h.derived_plays``: the ``plays`` row with ``derived`` true, docs/rules.md §14.1), for the plays
    the analysis ``a`` derived the same way — the same trick, seat and cards.  Only when the record's
    own plays matched (``analysed``, :func:`by_play`: the analysis is about this hand); the forced plays
    after the record's end, which the engine does not derive, are no row and are left out."""
    if not analysed or not h.derived_plays:
        return {}
    engine = {(number, play.seat): sorted(play.cards) for number, play in h.derived_plays}
    index = {t.number: i for i, t in enumerate(h.tricks)}
    out = {}
    for p in a.plays:
        if p.derived and p.trick in index and engine.get((p.trick, p.seat)) == sorted(p.cards):
            out[(index[p.trick], p.seat)] = stored(p, a)
    return out


def derived_views(derived: dict[tuple[int, int], object], a, views) -> dict[tuple[int, int], object]:
    """``(trick index, seat)`` → the view of each play of ``derived`` (:func:`derived_by_play`): ``views``
    is aligned with ``a.plays``; nothing when they differ."""
    if not derived or views is None or a is None or len(views) != len(a.plays):
        return {}
    at = {(p.trick, p.seat): stored_view(v, a) for p, v in zip(a.plays, views)}
    return {k: at[(p.trick, p.seat)] for k, p in derived.items()}


DEAL = "deal"
"""``hands.analysis_basis``: the analysed positions are the record's deal lines (a position's: the hands
at it) less the cards played before them."""
PLAYS = "plays"
"""``hands.analysis_basis``: a full hand recorded without deal lines, every seat having played a whole
hand: the analysed positions are rebuilt from the cards each seat played (``tractor analyse``'s derived
fact ``hands``, "the cards each seat played"; its follows and throws not judged legal)."""


DEAL_AND_PLAYS = "deal_and_plays"
"""``hands.analysis_basis``: a full hand giving deal lines for some seats only, every seat having played a whole
hand: the analysed positions are those lines less the cards played before them, and the other seats' cards
those they played from then on (``tractor analyse``'s derived fact ``hands``, "the cards the seat played"; their
follows and throws judged in full where the engine derived each such seat's hand from its plays — ``judged``
true —, else not judged legal)."""


def analysis_basis(record: Hand | None, analysed: dict, result: HandResult | None = None) -> str | None:
    """The ``hands`` column ``analysis_basis`` of a hand whose plays carry the analysis ``analysed``
    (:func:`by_play`): :data:`PLAYS` for a full hand (not a position) whose record gives no deal line
    — the rule of ``analysis.record_basis.no_deal_lines``, which the dataset does not import (a test
    compares them) —, :data:`DEAL_AND_PLAYS` for one giving some seats' deal lines but not all (the rule of
    ``analysis.record_basis.seats_without_line``), else :data:`DEAL`.  ``None`` when the hand was not analysed,
    or its record is not at hand (the basis is then not known; an ingest always pairs a hand with its record).
    A seat whose line the engine derived from the decks (``result``,
    :func:`~..engine.line_from_decks.seats_derived`) is analysed on that line: counted as given."""
    if not analysed or record is None:
        return None
    if record.setup:
        return DEAL
    decks = seats_derived(result)
    lines = [bool(cards) or s in decks for s, cards in enumerate(record.deal or ())]
    return PLAYS if not any(lines) else DEAL if all(lines) else DEAL_AND_PLAYS


def analysis_reason(a) -> str | None:
    """The ``hands`` column ``analysis_reason``: why the analysis ``a`` analysed nothing of its hand
    (:attr:`HandAnalysis.reason`, ``(zh, en)``), ``English / 中文`` as ``tractor analyse --json``'s
    ``reason``; ``None`` when it analysed the hand, or there is no analysis (not asked for, or the solver
    failed: the ingest does not know why, and says nothing)."""
    reason = getattr(a, "reason", None)
    return None if reason is None else f"{reason[1]} / {reason[0]}"


def play_values(p) -> tuple[int | None, int | None, int | None, list[str] | None]:
    """``(value_before, value_after, cost, best)`` of one play for the ``plays`` columns."""
    if p is None:
        return None, None, None, None
    best = None if p.best is None else [" ".join(TOKEN[c] for c in b) for b in p.best]
    return p.value_before, p.value_after, p.cost, best


def views_by_play(analysed: dict[tuple[int, int], object], a, views) -> dict[tuple[int, int], object]:
    """``(trick index, position)`` → the view of that play: ``views`` is aligned with ``a.plays``,
    whose recorded plays (not :attr:`PlayAnalysis.derived`) ``analysed`` (:func:`by_play`) holds in
    the same order; nothing when they differ."""
    if not analysed or views is None or a is None or len(views) != len(a.plays):
        return {}
    kept = [stored_view(v, a) for p, v in zip(a.plays, views) if not p.derived]
    return dict(zip(analysed, kept)) if len(kept) == len(analysed) else {}


VIEW_NULLS = (None,) * 7


def view_values(v) -> tuple:
    """``(view_deals, view_exact, view_value, view_value_best, view_best, view_cost, view_stderr)`` of
    one play (all null without a view; the values null where the view was withheld)."""
    if v is None:
        return VIEW_NULLS
    best = [" ".join(TOKEN[c] for c in b) for b in v.best] if v.value is not None else None
    return v.deals, v.exact, v.value, v.value_best, best, v.cost, v.stderr


__all__ = ["DEAL", "DEAL_AND_PLAYS", "PLAYS", "VIEW_NULLS", "analyses_of", "analysis_basis", "analysis_reason", "by_play",
           "derived_by_play", "derived_views", "play_values", "stored", "stored_view", "totals_known", "view_values", "views_by_play",
           "views_of"]
