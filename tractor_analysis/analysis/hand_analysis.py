"""What each play of a replayed hand cost, under perfect information (``tractor analyse``).

For every play of the last tricks of a hand: the best-play total before it (the attackers' final
total when both sides play best from there on), the total after the play actually made, the
**cost** (the difference, in the mover's disfavour: an attacker's cost is what the total went
down, a defender's what it went up) and the best plays.  The positions come from the engine's
replay (:class:`~tractor_analysis.engine.verdicts.HandResult`: the hands before each trick, the
points already scored, the throw penalties it counted); the values from
:class:`~tractor_analysis.analysis.solver.Solver`.

A failed throw (``attempted -> forced``) is valued as the forced play plus the penalty the replay
counted for it; one written as if it stood (the whole throw, which the replay judged failed and charged)
as that play plus the penalty; an illegal play (one the replay found a violation in) gets its values but
no cost.

The positions are searched from the hand's end backward, and the first one not solved within the
budget ends the search (the plays before it are marked not searched) unless ``every_position``.
Each search's budget is cut to what is left of the hand's time (``hand_seconds``); a search that time
stopped is not one "not solved within budget": the play says the hand's time ran out
(:attr:`PlayAnalysis.out_of_time`), and so does the hand (:attr:`HandAnalysis.hand_budget_spent`).

A hand that cannot be valued gets no value, only a reason (:attr:`HandAnalysis.reason`, never a
guess): a fact it needs that the record leaves unknown (named by its tag), a hand not played out, a
trick's winner not known, no bottom (its points would count wherever the attackers may take the
last trick), a play the record leaves out that the engine could not derive, plays the positions
cannot be rebuilt from.  A play the record leaves out that the engine derived (one way to play it
fits the rest of the record: :func:`derived_plays`) is analysed as that play, marked
:attr:`PlayAnalysis.derived`; so are the plays after the record's end when the record ends in the
hand's last trick and each seat it ends before held only the cards it had to play (:func:`end_plays`).
A hand the record does not play to its end otherwise is not analysed, and the reason says where it
ends and which tricks it records.  What the analysis derived itself (those plays; the hands of a
full hand without deal lines, taken from the cards each seat played) is said
(:func:`analysis_derived`), and a play the replay could not judge is not shown legal
(:attr:`PlayAnalysis.legal` ``None``).

A position that does not state the attackers' points before it (no ``[Points]``) is analysed: a
line's total is those points plus the points from the position on, and the search values only the
points to come, so each play's cost and best plays are the same whatever they were.  Its values
are then the attackers' points from the position on, not totals (:attr:`HandAnalysis.points_before`
``None``; :func:`~.record_basis.points_unstated`).
"""
from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass
from typing import Callable

from ..engine import explain_analysis
from .deep_calls import in_one_chunk
from .play_reasons import FailedThrow, LastTrickBottom, failed_throw, last_trick_bottom
from .record_basis import (derived_plays, end_plays, held_as_analysed, plays_in_place, points_before, unplayable,
                           with_derived_plays)
from .solver import Budget, Position, Solution, Solver, play_classes
from ..engine.tricks import hand_context
from ..engine.verdicts import RECORDED_TOTAL, HandResult

MIN_LAST = 5
"""Tricks analysed at least when the number is left to the time budget."""

MARKS = ((40, "??", "blunder 大错"), (20, "?", "mistake 失误"), (5, "?!", "inaccuracy 欠佳"))
"""Cost thresholds (points) and their marks, largest first, as a chess engine's review marks moves:
shared by ``tractor analyse`` and the report's hand page."""


def mark_of(cost: int | None) -> tuple[str, str] | None:
    """``(symbol, words)`` for a costly play (words bilingual), ``None`` below the smallest threshold."""
    if cost is None:
        return None
    for limit, symbol, words in MARKS:
        if cost >= limit:
            return symbol, words
    return None


@dataclass(frozen=True, slots=True)
class PlayAnalysis:
    """One play: its values and cost (``None``: not solved within the budget, or an illegal play)."""

    trick: int
    seat: int
    cards: tuple[int, ...]
    value_before: int | None
    value_after: int | None
    cost: int | None
    best: tuple[tuple[int, ...], ...] | None
    """The best plays (one per set of equal plays; the play made stands for its own set when it is
    best); ``None`` when not solved."""
    legal: bool | None = True
    """False: the replay found a violation in the play (values, no cost); ``None``: the replay could
    not judge the hand's plays (:attr:`~tractor_analysis.engine.verdicts.HandResult.legality_known`
    false: a full hand without deal lines, as ``check``'s ``legal`` null) — valued, with its cost,
    in the positions rebuilt from the cards each seat played (:func:`analysis_derived` says so)."""
    attempted: tuple[int, ...] | None = None
    """A failed throw: the cards shown (``cards`` is the forced play)."""
    best_every: tuple[tuple[int, ...], ...] | None = None
    """Every best play (each set of equal plays listed whole), for :func:`.best_plays.choices`."""
    searched: bool = True
    """False: not searched: the search goes from the hand's end backward, and a later position was
    not solved within the budget, or the hand's time ran out (:attr:`HandAnalysis.not_searched`)."""
    derived: bool = False
    """A play the record leaves out, derived by the engine (:func:`derived_plays`), or one the decks
    prove miscopied, read from its seat's deal line (:func:`plays_in_place`): the analysis uses it,
    and says so."""
    written: tuple[int, ...] | None = None
    """A play derived in place of the one the record writes (:func:`plays_in_place`): the cards as
    written, which cannot be what was played (``cards`` is the derived play)."""
    outside: tuple[str, str] | None = None
    """``(zh, en)``: the play made is not among the plays the search generates for its position
    (:func:`_outside`), so the search's value before it is not the best over every play: its value
    before, cost and best plays are withheld, and this says why — for a play judged legal an internal
    error to report, never a negative cost."""
    out_of_time: bool = False
    """A search of this play (its position before or after it, or its best plays) was stopped by the
    hand's time (``--budget-hand``), not by its own budget: what it did not find is missing for that
    reason (:attr:`HandAnalysis.hand_budget_spent`)."""
    failed_throw: FailedThrow | None = None
    """A failed throw's lead: the penalty its value after carries, and why (:func:`.play_reasons.failed_throw`)."""
    last_trick: LastTrickBottom | None = None
    """The lead of the hand's last trick: the bottom it takes or not, at the multiplier it fixes — what the
    value after it is made of (:func:`.play_reasons.last_trick_bottom`)."""


@dataclass(frozen=True, slots=True)
class HandAnalysis:
    """The analysed part of one hand (``reason`` says why nothing was analysed)."""

    number: int
    first_trick: int | None
    """Number of the first analysed trick."""
    tricks: int
    start_value: int | None
    """Best-play total at the start of the analysed part (:attr:`points_before` ``None``: the points
    from the position on)."""
    result: int | None
    """The attackers' total the hand really ended with (the engine's score; when the record ends
    before the last plays and they were derived, :func:`end_plays`, the total after them — the
    final position's, scored as the solver scores every line); ``None`` when not known — a hand the
    record does not play to its end has none (:func:`real_result`), not its points so far.
    :attr:`points_before` ``None``: the points the attackers took from the position on (the engine's
    items less the points before it, which it does not know), not a total."""
    plays: tuple[PlayAnalysis, ...] = ()
    reason: tuple[str, str] | None = None
    nodes: int = 0
    seconds: float = 0.0
    all_throws: bool = True
    hand_budget_spent: bool = False
    """The whole hand's time (``--budget-hand``) ran out: a search it stopped (:attr:`PlayAnalysis.out_of_time`)
    and the plays before it (the positions are searched from the hand's end backward) are not solved,
    or not searched; with ``--view``, also when it ran out in the seat views (:func:`.view.with_views`)."""
    points_before: int | None = 0
    """The attackers' points before the record's first trick (:func:`~.record_basis.points_before`: a
    position's ``[Points]``, 0 for a full hand), counted in every value above.  ``None``: a position
    that does not state them — every value here (:attr:`start_value`, :attr:`result`, each play's
    ``value_before`` and ``value_after``) is then the attackers' points from the position on, not a
    total; each play's ``cost`` and ``best`` are the same as with them stated (a total is the points
    before plus those from the position on, and the search values only the points to come)."""

    @property
    def totals_known(self) -> bool:
        """The values are the attackers' totals (:attr:`points_before` known), not points from the position on."""
        return self.points_before is not None

    @property
    def not_searched(self) -> int:
        """How many plays, from the first, were not searched (:attr:`PlayAnalysis.searched`): the
        search, going from the hand's end backward, stopped at the play after them, whose position
        was not solved within the budget, or the hand's time ran out (``analyse_hand``'s
        ``every_position`` searches them all)."""
        return sum(not p.searched for p in self.plays)

    @property
    def solved(self) -> bool:
        return self.reason is None and all(p.value_before is not None for p in self.plays)


def trick_bases(h: HandResult) -> tuple[list[int], list[int]]:
    """Per trick: the attackers' total before it (setup points, tricks won, penalties), and the
    throw penalty the replay counted for it (attackers' view: negative when they threw).

    A trick whose winner is not known (``None``: the last trick of a record that ends in it) has
    points that went to a side not known: :class:`ValueError`, never counted as either side's
    (:func:`analyse_hand` does not analyse such a hand, and says why)."""
    unknown = next((t.number for t in h.tricks if t.winner is None), None)
    if unknown is not None:
        raise ValueError(f"trick {unknown}'s winner is not known: nor is the attackers' total before each trick")
    setup = sum(i.points for i in h.items if i.kind == "setup_points")
    penalties = [0] * len(h.tricks)
    for item in h.items:
        if item.kind == "throw_penalty":
            for i, t in enumerate(h.tricks):
                if item.en.startswith(f"trick {t.number}:"):
                    penalties[i] += item.points
                    break
    bases = []
    total = setup
    for i, t in enumerate(h.tricks):
        bases.append(total)
        total += penalties[i] + (t.points if t.winner not in h.defenders else 0)
    return bases, penalties


def position_at(h: HandResult, index: int, play: int, bases: list[int], penalties: list[int]) -> Position:
    """The position before play ``play`` (0 = the lead) of trick ``index`` (0-based)."""
    t = h.tricks[index]
    hands = [list(x) for x in t.hands_before]
    table = []
    for p in t.plays[:play]:
        for k in p.cards:
            if hands[p.seat][k] > 0:
                hands[p.seat][k] -= 1
        table.append((p.seat, p.cards))
    points = bases[index] + (penalties[index] if play else 0)
    pos = Position.of(hands, t.leader, table, points)
    if table and len(table[0][1]) > 1 \
            and len({hand_context(h.rules, h.level, h.trump).order.group[k] for k in table[0][1]}) > 1:
        # a lead of two groups (mixed_throw = same_letter lets the record's stand, §4.2): its led group is read
        # from its cards in the order played, as the replay read it — kept so, not sorted
        pos = dataclasses.replace(pos, table=((table[0][0], tuple(table[0][1])),) + pos.table[1:])
    return pos


def _consistent(h: HandResult, index: int) -> bool:
    """Plays in turn, from the cards held, one trick after another: the positions are real.

    A ``not_in_hand`` that is the record's finding (:attr:`~..engine.verdicts.Violation.of_record`:
    the decks prove the seat's deal line, or the play as written, miscopied) does not stand against
    the play analysed when the seat held its cards in the replay the engine judged the hand on (the
    line read with the cards the seat plays, or the play derived in its place, :func:`plays_in_place`)."""
    for t in h.tricks[index:]:
        if len(t.plays) != 4 or any(p.seat != (t.leader + i) & 3 for i, p in enumerate(t.plays)):
            return False
        if any(v.code in ("not_in_hand", "wrong_count", "out_of_turn") and not held_as_analysed(t, v)
               for v in t.violations):
            return False
        if len({sum(x) for x in t.hands_before}) != 1:
            return False
    return True


Progress = Callable[[int, int | None, float], None]
"""``progress(plays_done, plays_in_all, seconds_so_far)``, called after each analysed play (from the
last).  Before, while ``last=None`` chooses how far back the analysis goes, ``progress(tricks,
None, seconds_so_far)`` after each earlier trick whose start solved."""


class _Clock:
    """The per-position budget, cut to what is left of the whole hand's (``hand_seconds``)."""

    def __init__(self, budget: Budget, hand_seconds: float | None, t0: float) -> None:
        self.budget = budget
        self.deadline = None if hand_seconds is None else t0 + hand_seconds
        self.spent = False
        self.cut = False
        """The last budget given was cut to the time left of the hand's (shorter than its own)."""

    def next(self) -> Budget | None:
        """The budget of the next search, ``None`` once the hand's time is spent."""
        if self.deadline is None:
            return self.budget
        left = self.deadline - time.perf_counter()
        if left <= 0:
            self.spent = True
            return None
        self.cut = self.budget.seconds is None or left < self.budget.seconds
        seconds = left if self.cut else self.budget.seconds
        return Budget(nodes=self.budget.nodes, seconds=seconds)

    def ran_out(self) -> bool:
        """After a search that found nothing: was it the hand's time that stopped it (its budget cut to
        the time left, and that time now gone)?  Then the hand's time is spent."""
        if self.deadline is None or not self.cut or time.perf_counter() < self.deadline:
            return False
        self.spent = True
        return True


def _best(solver: Solver, pos: Position, value: int, budget: Budget, played: tuple[int, ...], cost: int | None,
          after: int | None = None, classes: dict | None = None) -> tuple[tuple | None, tuple | None]:
    """``(best, best_every)``: one play per set of equal best plays (the play made standing for its
    own set) and every best play; ``(None, None)`` when the budget ran out.  ``after``: the solved
    total after the play made (its set is then not searched again; ``None`` for a failed throw,
    whose total after carries the penalty; ``classes``: :func:`play_classes` of ``pos``, when known)."""
    classes = play_classes(solver, pos) if classes is None else classes
    played = tuple(sorted(played))
    known = None
    if after is not None:
        known = {rep: after for rep, members in classes.items() if played in members}
    found = solver.best_plays(pos, value, budget, known)
    if found is None:
        return None, None
    best, every = [], []
    for rep in found:
        members = classes.get(rep, [rep])
        best.append(played if played in members else rep)
        every.extend(members)
    if cost == 0 and played not in every:   # best by its value, outside the plays the search merges
        best.insert(0, played)
        every.insert(0, played)
    return tuple(best), tuple(dict.fromkeys(every))


def _solve(solver: Solver, pos: Position, clock: _Clock, guess: int):
    """``pos`` solved within the next budget (``None``: the hand's time is spent).  Each position is
    searched once a hand: :func:`analyse_hand` keeps every solution, solved or not, and a position
    whose budget ran out is not searched again (its budget is per position, and it was had; on
    ``ingest --analyse 8``'s default budgets a second search of such a position solved 2 of 44 and
    took 37 % of the analysis' CPU: bench/README.md, issue 23, eleventh part)."""
    budget = clock.next()
    if budget is None:
        return None
    return solver.solve(pos, budget, guess)


def real_result(h: HandResult) -> int | None:
    """The attackers' total ``h`` really ended with: the engine's, when the record plays the hand
    to its end (or states its total, a score sheet); ``None`` for a hand that did not end or whose
    end is not known — the points so far are not its result (docs/format.md "analyse --json")."""
    if h.complete or any(i.kind == RECORDED_TOTAL for i in h.items):
        return h.attackers_total
    return None


def analyse_hand(h: HandResult, last: int | None = None, budget: Budget = Budget(),
                 solver: Solver | None = None, *, hand_seconds: float | None = None,
                 progress: Progress | None = None, every_position: bool = False) -> HandAnalysis:
    """:func:`_analyse_hand` in one stack chunk of its own (:mod:`.deep_calls`): the compiled
    searches below reuse it instead of each mapping one."""
    return in_one_chunk(lambda: _analyse_hand(h, last, budget, solver, hand_seconds=hand_seconds,
                                              progress=progress, every_position=every_position))


def _analyse_hand(h: HandResult, last: int | None = None, budget: Budget = Budget(),
                  solver: Solver | None = None, *, hand_seconds: float | None = None,
                  progress: Progress | None = None, every_position: bool = False) -> HandAnalysis:
    """Analyse the last ``last`` tricks of ``h`` (``None``: at least :data:`MIN_LAST`, and earlier
    tricks as long as the start of the analysed part solves within ``budget``).

    The positions are searched from the hand's end backward (:func:`_search_back`): the first one
    not solved within ``budget`` ends the search unless ``every_position``; the plays before it are
    then not searched (:attr:`HandAnalysis.not_searched`).  ``budget`` bounds each position's
    search; ``hand_seconds`` the whole hand (the plays left when it runs out are not searched, and
    the analysis says so); ``progress`` hears of each play done, from the last."""
    t0 = time.perf_counter()
    ended = end_plays(h)                    # the plays after the record's end, when forced
    in_place = plays_in_place(h)            # the plays the decks prove miscopied, read from the deal line
    written = {(t.number, p.seat): p.cards for t in h.tricks for p in t.plays if (t.number, p.seat) in in_place}
    filled = {**derived_plays(h), **in_place, **ended}  # the plays the record leaves out that the engine derived
    h = with_derived_plays(h, filled)
    reason = unplayable(h, bool(ended))
    n = len(h.tricks)
    if reason is None and not _consistent(h, max(0, n - (last or MIN_LAST))):
        reason = explain_analysis.analysis_inconsistent()
    before = points_before(h)
    if reason is not None:
        return HandAnalysis(h.number, None, 0, None, real_result(h), reason=reason, points_before=before)
    bases, penalties = trick_bases(h)       # (the points before a position not stated: 0 — from it on)
    bottom = h.bottom_points
    solver = solver or Solver(hand_context(h.rules, h.level, h.trump), h.defenders, bottom)
    clock = _Clock(budget, hand_seconds, t0)
    known: dict[Position, Solution] = {}     # trick starts solved while choosing the start: not searched again
    nodes = 0
    result = real_result(h) if before is not None else _result_from_position(h)
    guess = h.attackers_total if before is not None else result    # where the searches start looking: the
    # real result is often near (a guess only sets where, never a value: :meth:`Solver.solve`)
    if guess is None:                 # (the record ends before its last plays, derived: the total before them)
        guess = bases[-1]
    k = min(n, last if last is not None else MIN_LAST)
    if last is None:
        while k < n and _consistent(h, n - k - 1):
            start = position_at(h, n - k - 1, 0, bases, penalties)
            sol = _solve(solver, start, clock, guess)
            if sol is None:
                break
            nodes += sol.nodes
            if not sol.solved:
                break
            known[start] = sol
            k += 1
            if progress is not None:
                progress(k - MIN_LAST, None, time.perf_counter() - t0)
    first = n - k
    slots = [(index, j) for index in range(first, n) for j in range(len(h.tricks[index].plays))]
    pairs = [_positions(solver, h, index, j, bases, penalties) for index, j in slots]
    plays: list[PlayAnalysis | None] = [None] * len(slots)

    def finish(i: int) -> None:             # play i's positions searched: its values, cost and best plays
        index, j = slots[i]
        plays[i] = _play(solver, h, index, j, pairs[i], back, clock, penalties[index] if j == 0 else 0)
        # why its values are what they are, where the replay says it: a failed throw's penalty, the last trick's bottom
        plays[i] = dataclasses.replace(plays[i], failed_throw=failed_throw(h, index, j, penalties[index]),
                                       last_trick=last_trick_bottom(h, index, j, solver.bottom_points))
        key = (plays[i].trick, plays[i].seat)
        if key in filled:
            plays[i] = dataclasses.replace(plays[i], derived=True, written=written.get(key))
        if progress is not None and plays[i].searched:      # (the hand's time spent before it: not counted)
            progress(len(slots) - i, len(slots), time.perf_counter() - t0)

    back = _Back(known)
    _search_back(solver, pairs, back, clock, guess, not every_position, finish)
    nodes += back.nodes
    for i in range(back.floor):
        plays[i] = _not_searched(h, *slots[i])
        key = (plays[i].trick, plays[i].seat)
        if key in filled:
            plays[i] = dataclasses.replace(plays[i], derived=True, written=written.get(key))
    all_throws = all(back.sols[pos].all_throws for pos, _ in pairs if pos in back.sols)
    start = plays[0].value_before if plays else None
    if ended:                               # the hand's end derived: its total is the final position's
        result = solver.solve(pairs[-1][1], Budget()).value if pairs else None
    return HandAnalysis(h.number, h.tricks[first].number if k else None, k, start, result,
                        tuple(plays), None, nodes, time.perf_counter() - t0, all_throws,
                        clock.spent, before)


def _result_from_position(h: HandResult) -> int | None:
    """The points the attackers took from the position on, in a position that does not state those
    before it: the engine's items (trick points, the bottom, the throw penalties; the points before
    the position are none of them), when the record plays the hand to its end; else ``None``."""
    return sum(i.points for i in h.items) if h.complete else None


def _positions(solver: Solver, h: HandResult, index: int, j: int, bases, penalties) -> tuple[Position, Position]:
    """The positions before and after play ``j`` of trick ``index`` (a failed throw: the forced
    play, with the penalty the replay counted — also for a failed throw written as if it stood, its
    whole throw the play, which the replay judged failed and charged: the position after the lead then
    counts the penalty, as the next play's position before it does, :func:`position_at`)."""
    p = h.tricks[index].plays[j]
    pos = position_at(h, index, j, bases, penalties)
    after = solver.after(pos, p.cards)
    if j == 0 and penalties[index]:         # a failed throw, written ``attempted -> forced`` or as if it stood
        after = Position(after.hands, after.leader, after.table, after.points + penalties[index])
    return pos, after


@dataclass(slots=True)
class _Back:
    """What :func:`_search_back` found: each position searched and its solution (from the start, the
    trick starts solved while choosing where the analysis starts), the nodes of its own searches,
    ``floor``: the plays before index ``floor`` were not searched (0: every play was), and ``cut``: the
    positions whose search the hand's time stopped (:meth:`_Clock.ran_out`)."""
    sols: dict[Position, Solution]
    nodes: int = 0
    floor: int = 0
    cut: set = dataclasses.field(default_factory=set)


def _search_back(solver: Solver, pairs: list[tuple[Position, Position]], back: _Back, clock: _Clock, guess: int,
                 stop: bool, finish: Callable[[int], None]) -> None:
    """The positions of the plays ``pairs`` (before, after) solved from the last play back to the
    first, into ``back`` (a position already there, solved or not, is not searched again);
    ``finish(i)`` once play ``i``'s are (its best plays are then searched).

    The position after a play is the next play's before it, so each is searched once; a position is
    searched first from the value after its play (the play made is most often a best one, and keeps
    it).  With ``stop``, the first position not solved within its budget ends the search: the plays
    before it are not searched.  Positions further from the hand's end hold more cards and rarely
    solve where a later one did not; searching them spent each its whole budget.  (Three simulated
    matches, 24 hands, ``ingest --analyse 8``'s budget: 626 of 768 plays valued in 16.1 M nodes,
    where searching every position from the first valued 624 in 61.9 M: bench/README.md, issue 23,
    fourteenth part.)"""
    for i in range(len(pairs) - 1, -1, -1):
        pos, after = pairs[i]
        for q in (after, pos):
            if q in back.sols:
                continue
            near = back.sols.get(after) if q is pos else None
            sol = _solve(solver, q, clock, near.value if near is not None and near.solved else guess)
            if sol is None:                 # the hand's time is spent: what is left is not searched
                if q is after:
                    back.floor = i + 1
                    return
                break
            back.sols[q] = sol
            back.nodes += sol.nodes
            if not sol.solved and clock.ran_out():      # the hand's time stopped it, not its own budget
                back.cut.add(q)
            if stop and not sol.solved:
                break
        finish(i)
        if pos not in back.sols or (stop and not back.sols[pos].solved):
            back.floor = i
            return


def _not_searched(h: HandResult, index: int, j: int) -> PlayAnalysis:
    """Play ``j`` of trick ``index``, not searched (:attr:`HandAnalysis.not_searched`)."""
    t = h.tricks[index]
    p = t.plays[j]
    return PlayAnalysis(t.number, p.seat, p.cards, None, None, None, None, _legal(h, t, p), p.attempted, None, False)


def _legal(h: HandResult, t, p) -> bool | None:
    """Play ``p`` of trick ``t`` holds no violation the replay found (an illegal play gets no cost):
    ``False`` with one, ``None`` when the replay could not judge the hand's plays (its legality not
    known: never shown legal), else ``True``.  A finding about the record alone that the play analysed
    answers (:func:`held_as_analysed`: no seat's act, docs/rules.md §13) is no fault of it."""
    if p.seat in {v.seat for v in t.violations if not held_as_analysed(t, v)}:
        return False
    return True if h.legality_known else None


def _play(solver: Solver, h: HandResult, index: int, j: int, pair: tuple[Position, Position], back: _Back,
          clock: _Clock, penalty: int = 0) -> PlayAnalysis:
    """One play of trick ``index`` valued: before it, after it, its cost and the best plays (``penalty``:
    the failed-throw penalty the replay counted for the trick, in the value after its lead)."""
    t = h.tricks[index]
    p = t.plays[j]
    legal = _legal(h, t, p)
    pos, after_pos = pair
    before, after = back.sols.get(pos), back.sols.get(after_pos)
    v_before = before.value if before is not None else None
    v_after = after.value if after is not None else None
    searched = pos in back.sols     # (never searched: the hand's time ran out between its two positions —
    # the play is not searched, whatever its value after)
    classes = None
    if legal is not False and v_before is not None and v_after is not None:
        classes = play_classes(solver, pos)
        outside = _outside(classes, p.cards, legal, not before.all_throws,
                           mixed=j == 0 and len({solver.ctx.order.group[k] for k in p.cards}) > 1)
        if outside is not None:         # the search's value before it is not over every play: withheld
            return PlayAnalysis(t.number, p.seat, p.cards, None, v_after, None, None, legal, p.attempted, None,
                                searched, outside=outside)
    cost = None
    if legal is not False and v_before is not None and v_after is not None:
        diff = v_before - v_after
        cost = diff if solver.attacker[p.seat] else -diff
    best = every = None
    out_of_time = pos in back.cut or after_pos in back.cut
    if v_before is not None:
        b = clock.next()
        if b is not None:
            best, every = _best(solver, pos, v_before, b, p.cards, cost, None if penalty else v_after, classes)
            out_of_time = out_of_time or (best is None and clock.ran_out())
        else:                               # the hand's time ran out before its best plays were searched
            out_of_time = True
    return PlayAnalysis(t.number, p.seat, p.cards, v_before, v_after, cost, best, legal, p.attempted, every, searched,
                        out_of_time=out_of_time)


def _outside(classes: dict, cards: tuple[int, ...], legal: bool | None, bounded: bool,
             mixed: bool = False) -> tuple[str, str] | None:
    """``None`` when the play ``cards`` is among the plays the search generates at its position (``classes``:
    :func:`play_classes` of it; the search's value there is then the best over it too, and its cost is
    never negative); else why its value before and cost are withheld (``(zh, en)``): a throw beyond the
    bounded set searched (``bounded``),
    a play whose legality the replay could not judge (``legal`` ``None``), else an internal error — a
    play judged legal that the search does not generate is a defect of the search, said, never a
    negative cost printed.  ``mixed``: a lead of two groups the rules let stand (``mixed_throw = same_letter``,
    Botzone's judge), which the search does not make."""
    played = tuple(sorted(cards))
    if any(played in members for members in classes.values()):
        return None
    return explain_analysis.analysis_play_outside(legal, bounded, mixed)


__all__ = ["MARKS", "MIN_LAST", "mark_of", "PlayAnalysis", "HandAnalysis", "Progress", "analyse_hand", "position_at",
           "real_result", "trick_bases"]
