"""The endgame analysis on the hand page, from a dataset written by ``tractor ingest --analyse K``.

:func:`read_analysis` reads the analysed ``plays`` rows (``value_before``, ``value_after``, ``cost``,
``best``; a dataset without them, or written before them, has none); :func:`with_analysis` puts them
on each hand's view (:class:`~.analysis_view.AnalysisView`), checked play by play against the hand as the
report replayed it.  The cost marks are the engine's (:func:`~tractor_analysis.analysis.hand_analysis.mark_of`),
the same as ``tractor analyse`` prints.  A hand without analysed plays gets nothing.

A dataset written with ``ingest --analyse K --view`` also holds each play judged from its player's
seat (the ``view_*`` columns): the hand page shows both costs side by side (all hands open / from
the player's seat) with the same marks, and says in a sentence where a play was a blunder open but
the best play from the seat (:attr:`~.analysis_view.AnalysedPlayView.open_blunder_seat_best`).

The best plays are shown as ``tractor analyse`` shows them: each of the dataset's ``best`` (one play
per set of equal plays) with its whole set (:func:`~tractor_analysis.analysis.best_plays.equal_plays`,
from the hand as replayed), grouped (:func:`~tractor_analysis.analysis.best_plays.choices`: "any 8 of
… / 其中任意八张"); without the replayed hand, the dataset's plays grouped and the page saying that
equal plays are shown once (:attr:`~.analysis_view.AnalysedPlayView.best_every` false).

A play the record leaves out that the engine derived (a ``plays`` row with ``derived`` true) is
marked derived in the analysis table as in the trick table, the tag's title saying from what.  A failed
throw is shown as ``tractor analyse`` shows it, the cards shown and those forced (its cost is the throw's).

A hand the analysis did not analyse (the ``hands`` column ``analysis_reason``: the record ends before the
hand does, a play not known …) gets no rows but its reason (:class:`NotAnalysed`), which the page says:
"not analysed / 未分析", in the words of ``tractor analyse``.
"""
from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from tractor_analysis.analysis.best_plays import choices, equal_plays
from tractor_analysis.analysis.hand_analysis import MARKS, mark_of
from tractor_analysis.analysis.record_basis import with_derived_plays
from tractor_analysis.engine.tricks import hand_context
from tractor_analysis.records.cards import SEAT_TOKENS, parse_cards

from .analysis_view import AnalysedPlayView, AnalysisView, FromSeatView
from .hand_page import HandView
from .match_page import MatchView

VIEW_COLUMNS = ["view_deals", "view_exact", "view_value", "view_value_best", "view_best", "view_cost", "view_stderr"]
COLUMNS = ["match_id", "hand_no", "trick_no", "position", "seat", "value_before", "value_after", "cost", "best",
           *VIEW_COLUMNS]
REASON_COLUMNS = ["match_id", "hand_no", "analysis_reason"]
"""The ``hands`` columns saying why a hand was not analysed."""


@dataclass(frozen=True, slots=True)
class NotAnalysed:
    """A hand ``ingest --analyse`` did not analyse, and why (the ``hands`` column ``analysis_reason``,
    ``English / 中文`` as ``tractor analyse`` says it)."""

    reason: str


Row = tuple
"""``(trick_no, position, seat, value_before, value_after, cost, best, view)`` of one analysed play;
``view``: the ``view_*`` columns in :data:`VIEW_COLUMNS` order (``ingest --analyse K --view``; all
null without it)."""


def read_analysis(path: str | Path) -> dict[str, dict[int, list[Row] | NotAnalysed]]:
    """``match_id`` → ``hand_no`` → the analysed plays of the dataset at ``path``, or why the hand was not
    analysed (:class:`NotAnalysed`); empty when it holds neither, or cannot be read (the report says so
    elsewhere)."""
    import pyarrow.dataset as pds

    from tractor_analysis.dataset import read_table

    try:
        table = read_table(str(path), "plays", columns=COLUMNS,
                           filter=pds.field("value_before").is_valid() | pds.field("value_after").is_valid()
                           | pds.field("cost").is_valid())
        reasons = read_table(str(path), "hands", columns=REASON_COLUMNS,
                             filter=pds.field("analysis_reason").is_valid())
    except (OSError, ValueError):
        return {}
    out: dict[str, dict[int, list[Row] | NotAnalysed]] = {}
    cols = [table.column(c).to_pylist() for c in COLUMNS]
    for mid, hand, trick, pos, seat, before, after, cost, best, *view in zip(*cols):
        if hand is None or trick is None or pos is None:
            continue
        out.setdefault(str(mid), {}).setdefault(int(hand), []).append(     # type: ignore[union-attr]
            (int(trick), int(pos), seat, before, after, cost, best, tuple(view)))
    for mid, hand, reason in zip(*(reasons.column(c).to_pylist() for c in REASON_COLUMNS)):
        if hand is not None:        # (a hand with analysed plays has no reason: the rows stand)
            out.setdefault(str(mid), {}).setdefault(int(hand), NotAnalysed(str(reason)))
    return out


def _best(best) -> tuple:
    if not best:
        return ()
    try:
        return tuple(parse_cards(b) for b in best)
    except ValueError:
        return ()


def _grouped(hand: HandView, result, trick: int, seat: str, best: tuple) -> tuple[tuple, bool]:
    """``(choices, every)``: the best plays grouped as ``tractor analyse`` groups them; ``every``
    true when each set of equal plays is listed whole (``result``, the hand as replayed, given and
    holding the play), false when one play stands for its set (the dataset's ``best`` alone)."""
    if not best:
        return (), True
    every = None
    if result is not None and seat in SEAT_TOKENS:
        every = equal_plays(result, trick, SEAT_TOKENS.index(seat), best)
    if every is not None:       # (equal_plays answers only where the level and the trump are known)
        # the engine's suit groups, as analyse groups them: the page's display groups number them otherwise,
        # and where two ways of saying the plays are as short, choices takes the first group by number
        group_of = hand_context(result.rules, result.level, result.trump).order.group.__getitem__
    else:
        groups = hand.groups
        group_of = (lambda k: groups[k]) if groups else (lambda k: 0)
    return tuple(choices(best if every is None else every, group_of)), every is not None


def analysis_of(hand: HandView, rows: list[Row] | None, result=None) -> AnalysisView | None:
    """The analysis view of ``hand`` from its rows; ``None`` without rows, or when a row does not
    describe a play of the hand as replayed (another ruleset, another record).  ``result``: the
    hand as the engine replayed it (a :class:`~tractor_analysis.engine.verdicts.HandResult`), for
    listing every best play (:func:`_grouped`)."""
    if not rows:
        return None
    tricks = {t.number: t for t in hand.tricks}
    # (a position without [Points]: costs and best plays stored, every total null, docs/dataset.md)
    withheld = all(r[3] is None and r[4] is None for r in rows) and any(r[5] is not None for r in rows)
    analysed = None if result is None else with_derived_plays(result)
    # the best plays written as analyse writes them: in the hand's order, where the replay gives it
    order = None if result is None or result.level is None or not result.trump_known \
        else hand_context(result.rules, result.level, result.trump).order
    plays = []
    for trick, pos, seat, before, after, cost, best, *rest in sorted(rows, key=lambda r: (r[0], r[1])):
        t = tricks.get(trick)
        if t is None or pos >= len(t.plays) or t.plays[pos].seat != seat:
            return None
        p = t.plays[pos]
        best_plays = _best(best)
        grouped, every = _grouped(hand, result, trick, p.seat, best_plays)
        # the play as tractor analyse shows it (the engine's play: as the record writes it), not as held (the
        # trick above, high first): beside the best plays, which both list as analyse does
        cards, attempted = _as_analysed(analysed, trick, p.seat, p.cards, p.attempted)
        plays.append(AnalysedPlayView(trick, p.seat, p.player, cards, before, after, cost,
                                      mark_of(cost), best_plays, _seat_view(rest[0] if rest else None),
                                      p.derived, grouped, every, withheld, attempted, order))
    return AnalysisView(first_trick=plays[0].trick, start_value=plays[0].value_before,
                        result=hand.attackers_total, plays=tuple(plays),
                        marks=tuple(reversed(MARKS)), blunder=MARKS[0][0], totals_withheld=withheld)


def _as_analysed(analysed, trick: int, seat: str, cards: tuple, attempted: tuple | None) -> tuple[tuple, tuple | None]:
    """``(cards, attempted)`` of ``seat``'s play in trick number ``trick`` as ``tractor analyse`` lists them: the
    engine's play (``analysed``: the hand as replayed, the plays it derived put in), in its order — the page's
    own ``cards`` and ``attempted`` (as held, high first) when the replay is not given or does not hold it."""
    if analysed is None or seat not in SEAT_TOKENS:
        return cards, attempted
    t = next((t for t in analysed.tricks if t.number == trick), None)
    q = None if t is None else next((q for q in t.plays if q.seat == SEAT_TOKENS.index(seat)), None)
    if q is None or sorted(q.cards) != sorted(cards):
        return cards, attempted
    return tuple(q.cards), (tuple(q.attempted) if q.attempted is not None and attempted is not None else attempted)


def _seat_view(view: tuple | None) -> FromSeatView | None:
    """The play judged from its seat, from the ``view_*`` columns (``None``: not judged)."""
    if view is None or view[0] is None:
        return None
    deals, exact, value, value_best, best, cost, stderr = view
    return FromSeatView(int(deals), bool(exact), value, value_best, _best(best), cost, stderr,
                    None if cost is None else mark_of(cost))


def with_analysis(hands: dict[int, list[Row] | NotAnalysed] | None, result=None):
    """A :data:`~.match_drawing.MatchSink` putting each hand's analysis (``hands``: ``hand_no`` → rows, or
    why it was not analysed) on its view; a hand number the match holds twice (a damaged record) gets none.
    ``result``: the match as the engine replayed it (a :class:`~tractor_analysis.engine.verdicts.MatchResult`),
    for every best play (:func:`analysis_of`); without it the page says equal plays are shown once."""
    def adjust(view: MatchView) -> MatchView:
        if not hands:
            return view
        seen = Counter(h.number for h in view.hands)
        replayed = Counter(h.number for h in result.hands) if result is not None else Counter()
        by_number = {h.number: h for h in result.hands if replayed[h.number] == 1} if result is not None else {}
        return dataclasses.replace(view, hands=tuple(
            _with_hand(h, hands.get(h.number), by_number.get(h.number)) if seen[h.number] == 1 else h
            for h in view.hands))

    return adjust


def _with_hand(hand: HandView, got: list[Row] | NotAnalysed | None, result) -> HandView:
    """``hand`` with its analysis (``got``: its rows), or with why it was not analysed."""
    if isinstance(got, NotAnalysed):
        return dataclasses.replace(hand, not_analysed=got.reason)
    return dataclasses.replace(hand, analysis=analysis_of(hand, got, result))


__all__ = ["COLUMNS", "REASON_COLUMNS", "VIEW_COLUMNS", "NotAnalysed", "analysis_of", "read_analysis", "with_analysis"]
