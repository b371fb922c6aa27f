"""Endgame analysis under perfect information: the attackers' final total with best play by both sides.

With the four hands known (a record knows them), the rest of a hand is a two-sided game: the
attackers (闲家) maximise their final total, the defenders (庄家方) minimise it.  The total counts
the points of every trick the attackers win, the bottom (底牌) times the multiplier of the last
trick's shape when the attackers win it, and the points already scored (trick points, setup points,
throw penalties) — scored by the engine's own functions: the trick's winner by
:func:`~tractor_analysis.engine.tricks.trick_winner`, its points by the cards' ``POINTS``, the
bottom by :func:`~tractor_analysis.engine.scoring.bottom_multiplier` of the lead's shapes exactly as
:func:`~tractor_analysis.engine.hand_replay.replay_hand` scores the last trick.  The moves are the legal
plays of :mod:`tractor_analysis.analysis.moves` (the engine's legal-play generator).

The search is a fail-soft alpha-beta over single plays (each play is a node; the side to move
changes with the seat), with a transposition table keyed on the cards left in each hand, the
leader and the plays of the trick in progress: the table stores bounds of the points still to
come, so it stays valid from one position to the next of the same hand (one :class:`Solver` per
hand).  Bounds prune too: nothing can be gained beyond the points still in play plus the bottom
times the largest multiplier the remaining hand size allows.  Without a guess, MTD(f) first asks
whether anything is gained at all, then halves the interval still open.

Limits: :class:`Budget` (nodes and seconds per call).  A search that runs out gives a
:class:`Solution` with ``value`` ``None`` ("not solved within budget"), never a guess.  When some
leader had more throw candidates than :data:`~tractor_analysis.analysis.moves.THROW_CANDIDATES`
the value is exact for the bounded throw set and ``Solution.all_throws`` is false.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from ..records.cards import NUM_KINDS, POINTS
from ..records.compiled import load as load_compiled
from ..records.frozen import gc_paused, settle_as_old
from ..records.rulesets import BottomMultiplier
from .deep_calls import in_one_chunk
from ..engine.legal import analyse_lead
from .moves import canonical, class_index, equal_classes, follows, leads, merged, units_of
from .bounds import BottomBound
from .mtdf import close_in
from .compiled_search import CORE_MODULE, CompiledSearch, lead_multiplier
from .search import BudgetExceeded, SearchLoop
from ..engine.tricks import trick_winner

_BASE = 8
"""Digits per card count in a hand key (counts stay below 8 for up to 3 decks and bad records)."""
_SEAT_BITS = 3 * NUM_KINDS
_SEAT_MASK = (1 << _SEAT_BITS) - 1
_PLACE = tuple(tuple(_BASE ** (seat * NUM_KINDS + k) for k in range(NUM_KINDS)) for seat in range(4))


@dataclass(frozen=True, slots=True)
class Budget:
    """How much one call may search: ``nodes`` plays tried, ``seconds`` of wall time (``None``: no limit)."""

    nodes: int | None = 2_000_000
    seconds: float | None = 10.0


@dataclass(frozen=True, slots=True)
class Position:
    """A point in a hand: the four hands (54 counts each, N E S W), the trick in progress, the score.

    ``table`` holds the plays of the trick in progress, leader first, as ``(seat, cards)``;
    ``points`` is the attackers' total so far (trick points won, setup points, throw penalties).
    """

    hands: tuple[tuple[int, ...], ...]
    leader: int
    table: tuple[tuple[int, tuple[int, ...]], ...] = ()
    points: int = 0

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.table)) & 3

    @property
    def over(self) -> bool:
        """Every card played: the value is ``points``."""
        return not self.table and not any(any(h) for h in self.hands)

    @classmethod
    def of(cls, hands: Iterable[Sequence[int]], leader: int, table=(), points: int = 0) -> "Position":
        return cls(tuple(tuple(h) for h in hands), leader,
                   tuple((seat, tuple(sorted(cards))) for seat, cards in table), points)


@dataclass(frozen=True, slots=True)
class Solution:
    """A search's answer: ``value`` (the attackers' final total with best play) or ``None`` when the
    budget ran out ("not solved within budget")."""

    value: int | None
    nodes: int
    seconds: float
    all_throws: bool = True
    """False when some leader's throws were the bounded set (value exact for that set only)."""

    @property
    def solved(self) -> bool:
        return self.value is not None


@dataclass(slots=True)
class _State:
    hands: list[list[int]]
    inplay: list[int]
    """Copies of each kind in the four hands (the table's cards not counted: :meth:`Solver.in_play`)."""
    leader: int
    table: list[tuple[int, tuple[int, ...]]] = field(default_factory=list)
    tabkey: tuple = ()
    table_pts: int = 0
    hand_pts: int = 0
    left: int = 0
    hkey: int = 0
    mult: int = 0
    """Bound of the bottom multiplier from the hands at the start of the trick in progress."""


class Solver(SearchLoop, BottomBound, CompiledSearch):
    """Best-play values for the positions of one hand (``ctx``, the defenders' seats, the bottom's points).

    The transposition table is kept between calls, so solving the positions of one hand in turn
    reuses the earlier searches.  The search runs in the compiled core when it is built
    (:mod:`.compiled_search`; ``compiled=False`` or ``TRACTOR_PURE_PYTHON=1``: the pure-Python
    search, the reference), with the same values.  ``memo``: see :attr:`CompiledSearch.memo`.
    """

    _budget_exc = BudgetExceeded
    _state_type = None      # set below (_State is defined before the class)

    def __init__(self, ctx, defenders: Iterable[int], bottom_points: int, *, table_size: int = 1_000_000,
                 compiled: bool = True, memo: dict | None = None):
        self.ctx = ctx
        self.memo: dict = {} if memo is None else memo      # on ctx alone: shared by a view's solvers
        self.rules = ctx.rules
        self.attacker = tuple(seat not in set(defenders) for seat in range(4))
        self.bottom_points = bottom_points
        self.table_size = table_size
        self.tt: dict = {}
        self.move_cache: dict = {}
        self.throw_cache: dict = {}
        self.follow_cache: dict = {}
        self.follow_moves: dict = {}
        """A follower's ordered plays, keyed on :meth:`follow_key` (:meth:`_follow_moves`)."""
        self.single_pieces: dict = {}
        """One suit group's part of a follow to a single lead, keyed on the table, the leader and
        the four hands' cards in that group (:meth:`_single_follows`)."""
        self.lead_moves: dict = {}
        """A leader's ordered plays (and whether its throws were the bounded set), keyed on
        :meth:`lead_key` (:meth:`_lead_moves`)."""
        self.held_groups: dict = {}
        """The bits of the four hands' key in the groups a hand holds, keyed on the hand's part."""
        self.last_cache: dict = {}
        """The attackers' gain from a last trick of one card each, keyed on the leader and the cards."""
        self.winner_cache: dict = {}
        self.unit_cache: dict = {}
        """A hand's units (:func:`units_of`), keyed on its part of the four hands' key."""
        self.mult_cache: dict = {}
        """A hand's own bound of the bottom multiplier, keyed on its bits of the four hands' key."""
        self.shape_cache: dict = {}
        """:meth:`shape_id` of (the four hands' key, leader, table): MTD(f) visits nodes again."""
        self.shape_ids: dict = {}
        """The number of each distinct :meth:`shape_key` (the transposition table's key between tricks)."""
        self.class_cache: dict = {}
        """Equal classes of one group (:meth:`_hand_classes`), keyed on counts in that group."""
        self.enc_cache: dict = {}
        """One suit group's part of :meth:`shape_key`, keyed on the four hands' counts in it."""
        self.nodes = 0
        self.etc_cuts = 0
        """Nodes ended by an enhanced transposition cut-off (a statistic for tests and benchmarks)."""
        self.bounded = False
        self.root_bounds: tuple = (None, [])
        """The compiled search's last root and, per play searched there, the bounds it proved (``Core.root_bounds``)."""
        self.tests_spared = 0
        """Best-play tests :meth:`best_plays` did not run because a search had answered them (a statistic)."""
        self._limit_nodes = 0
        self._deadline = 0.0
        self._maxmult = self._max_multipliers()
        self._attack_seats = tuple(seat for seat in range(4) if self.attacker[seat])
        self._by_cards = self.rules.bottom_multiplier is BottomMultiplier.LAST_TRICK_CARDS
        self._place = _PLACE
        self._seat_bits, self._seat_mask = _SEAT_BITS, _SEAT_MASK
        self._group_masks = tuple(sum(7 * _BASE ** k for k in ctx.order.kinds[g]) for g in range(5))
        self._full_masks = tuple(sum(m << (_SEAT_BITS * seat) for seat in range(4)) for m in self._group_masks)
        self.st: _State | None = None
        self._core_mod = load_compiled(CORE_MODULE, "endgame solver core", "残局求解器核心") if compiled else None
        """The compiled search (``None``: not built, ``TRACTOR_PURE_PYTHON=1`` or ``compiled=False``)."""
        self._core = None
        self._active = None
        """The core searching the current call, or ``None`` when the pure-Python search does."""

    # ------------------------------------------------------------------ public
    def solve(self, pos: Position, budget: Budget = Budget(), guess: int | None = None) -> Solution:
        """The attackers' final total from ``pos`` with best play by both sides.

        ``guess`` (a total, e.g. what the hand really ended with) only sets where the search starts
        looking: a good one saves work, a bad one costs some, the value is the same."""
        start = None if guess is None else max(0, guess - pos.points)
        return self._run(pos, budget, lambda: self._mtdf(start))

    def bound_test(self, pos: Position, value: int, budget: Budget = Budget()) -> bool | None:
        """Is the best-play total from ``pos`` at least ``value``? (``None``: budget ran out.)"""
        sol = self._run(pos, budget, lambda: self._test(value - pos.points - 1, value - pos.points))
        return None if sol.value is None else sol.value >= value

    def moves(self, pos: Position, merge: bool = True) -> list[tuple[int, ...]]:
        """The plays the search tries for the player to move (equal plays merged unless ``merge`` is false)."""
        st = self._load(pos)
        seat = pos.to_move
        raw = self._raw_moves(st, seat)
        return merged(raw, self.ctx.order, st.hands[seat], self.in_play(st)) if merge else list(dict.fromkeys(raw))

    def after(self, pos: Position, cards: Sequence[int]) -> Position:
        """The position after the player to move plays ``cards`` (a completed trick is scored)."""
        seat = pos.to_move
        cards = tuple(sorted(cards))
        hands = [list(h) for h in pos.hands]
        for k in cards:
            if hands[seat][k] > 0:
                hands[seat][k] -= 1
        table = pos.table + ((seat, cards),)
        if len(table) < 4:
            return Position(tuple(map(tuple, hands)), pos.leader, table, pos.points)
        winner, gain = self._score_trick(table, last=not any(any(h) for h in hands))
        return Position(tuple(map(tuple, hands)), winner, (), pos.points + gain)

    def best_plays(self, pos: Position, value: int, budget: Budget = Budget(),
                   known: dict[tuple[int, ...], int] | None = None) -> list[tuple[int, ...]] | None:
        """The plays (one per merged class) whose best-play total is ``value`` (the position's value);
        ``None`` when the budget ran out.  ``known``: plays (as :meth:`moves` gives them) whose
        best-play total after them is already known (solved), not searched again.  A play whose
        bound the last search of ``pos`` already proved on the right side of ``value``
        (:meth:`root_bounds_of`) is not tested again either (:attr:`tests_spared` counts them)."""
        maximise, known, out = self.attacker[pos.to_move], known or {}, []
        need = value if maximise else value + 1     # best: the total kept at the value (>= attackers, <= defenders)
        proven = self.root_bounds_of(pos)
        for m in self.moves(pos):
            lo, hi = proven.get(m, (None, None))
            if m in known:
                ok = known[m] >= need
            elif lo is not None and lo >= need:
                ok, self.tests_spared = True, self.tests_spared + 1
            elif hi is not None and hi < need:
                ok, self.tests_spared = False, self.tests_spared + 1
            else:
                ok = self.bound_test(self.after(pos, m), need, budget)
            if ok is None:
                return None
            if ok == maximise:
                out.append(m)
        return out

    def root_bounds_of(self, pos: Position) -> dict[tuple[int, ...], tuple[int | None, int | None]]:
        """Per play at ``pos``, the totals after it (lower, upper; ``None``: no bound that side) that
        the compiled search proved on its way when it last searched ``pos``, the latest search of
        this solver (empty otherwise, and always with the pure-Python search: it only spares tests)."""
        at, bounds = self.root_bounds
        if at != pos:
            return {}
        base = pos.points
        return {cards: (None if lo is None else base + lo, None if hi is None else base + hi)
                for cards, lo, hi in bounds}

    def clear(self) -> None:
        if self._core is not None:
            self._core.clear()
        for cache in (self.tt, self.move_cache, self.throw_cache, self.follow_cache, self.follow_moves,
                      self.lead_moves, self.held_groups, self.last_cache, self.single_pieces,
                      self.winner_cache,
                      self.mult_cache, self.shape_cache, self.shape_ids, self.unit_cache, self.class_cache,
                      self.enc_cache):
            cache.clear()

    # ------------------------------------------------------------------ internals
    def _mtdf(self, guess: int | None = None) -> int:
        """MTD(f) (:mod:`.mtdf`): null-window tests closing in on the value (the table keeps their bounds)."""
        st = self.st
        entry = self._root_entry()
        if entry is not None and entry[0] == entry[1]:
            return entry[0]
        if guess is None:
            guess = entry[0] if entry is not None else 0
        hi = st.hand_pts + st.table_pts + self.bottom_points * st.mult + 1
        step = 5 if self.bottom_points % 5 == 0 else 1     # every card's points are a multiple of 5
        return close_in(self._counted_test, 0, hi, step, guess, entry is not None and entry[0] > 0)

    def _counted_test(self, beta: int) -> tuple[int, int]:
        """The null-window test at ``beta`` (fail-soft value) and the nodes it took."""
        core = self._active
        before = core.stats()["nodes"] if core is not None else self.nodes
        v = self._test(beta - 1, beta)
        return v, (core.stats()["nodes"] if core is not None else self.nodes) - before

    def _score_trick(self, table, last: bool) -> tuple[int, int]:
        """(winner, attackers' gain) of a completed trick, the bottom counted when it is the last."""
        lead = analyse_lead(self.ctx, table[0][1])
        winner = table[self.winner_index(table)][0]
        if not self.attacker[winner]:
            return winner, 0
        gain = 0
        for _, cards in table:
            for k in cards:
                gain += POINTS[k]
        if last and self.bottom_points:
            gain += self.bottom_points * lead_multiplier(self.rules, lead)
        return winner, gain

    def _load(self, pos: Position) -> _State:
        hands = [list(h) for h in pos.hands]
        inplay = [sum(h[k] for h in hands) for k in range(NUM_KINDS)]
        table_pts = sum(POINTS[k] for _, cards in pos.table for k in cards)
        hkey = 0
        for seat in range(4):
            for k in range(NUM_KINDS):
                if hands[seat][k]:
                    hkey += hands[seat][k] * _PLACE[seat][k]
        return _State(hands, inplay, pos.leader, list(pos.table), tuple(c for _, c in pos.table), table_pts,
                      sum(POINTS[k] * inplay[k] for k in range(NUM_KINDS)),
                      sum(map(sum, hands)), hkey, self._mult_bound(self._trick_start_hands(pos)))

    @staticmethod
    def in_play(st: _State) -> list[int]:
        """Copies of each kind still in play: in the four hands (``st.inplay``) or on the table."""
        inplay = list(st.inplay)
        for _, cards in st.table:
            for k in cards:
                inplay[k] += 1
        return inplay

    @staticmethod
    def _trick_start_hands(pos: Position) -> list[list[int]]:
        """The hands as the trick in progress began (its plays back in their hands)."""
        hands = [list(h) for h in pos.hands]
        for seat, cards in pos.table:
            for k in cards:
                hands[seat][k] += 1
        return hands

    def _run(self, pos: Position, budget: Budget, search) -> Solution:
        if pos.over:
            return Solution(pos.points, 0, 0.0)
        if len(self.tt) > self.table_size or len(self.move_cache) > self.table_size:
            self.tt.clear()
            self.move_cache.clear()
            self.shape_cache.clear()
            self.shape_ids.clear()
            self.enc_cache.clear()
        if len(self.mult_cache) > self.table_size:
            self.mult_cache.clear()
        self.st = self._load(pos)
        self._check_sizes(pos)
        self._active = core = self._core_for(pos)
        start = time.perf_counter()
        self.nodes = 0
        if core is not None:
            self._start_core(pos, self.st, budget)
        self._limit_nodes = budget.nodes if budget.nodes is not None else 1 << 62
        self._deadline = start + budget.seconds if budget.seconds is not None else float("inf")
        try:
            with gc_paused:                 # the search's tables are acyclic (see records.frozen)
                try:
                    # no stack-chunk churn (see .deep_calls); the compiled search reuses a caller's chunk
                    value = in_one_chunk(search, reuse=core is not None)
                finally:
                    settle_as_old()         # no walk of them all when the collector resumes
                    if core is not None:
                        self._end_core(pos)
                        self._active = None
        except BudgetExceeded:
            return Solution(None, self.nodes, time.perf_counter() - start, not self.bounded)
        return Solution(pos.points + value, self.nodes, time.perf_counter() - start, not self.bounded)

    def _check_sizes(self, pos: Position) -> None:
        sizes = [sum(h) for h in pos.hands]
        for i, (seat, cards) in enumerate(pos.table):
            sizes[seat] += len(cards)
        if len(set(sizes)) != 1:
            raise ValueError(f"the hands hold different numbers of cards {sizes}: not a position of one hand")

    def winner_index(self, table) -> int:
        """Index in ``table`` (``(seat, cards)``, lead first; a trick in progress too) of the play
        winning so far, by :func:`trick_winner` (cached on the cards: seats do not matter)."""
        key = tuple(cards for _, cards in table)
        wi = self.winner_cache.get(key)
        if wi is None:
            wi = trick_winner(self.ctx, analyse_lead(self.ctx, key[0]), table)[0]
            if len(self.winner_cache) > 500_000:
                self.winner_cache.clear()
            self.winner_cache[key] = wi
        return wi

    def _raw_moves(self, st: _State, seat: int) -> list[tuple[int, ...]]:
        if not st.table:
            part = (st.hkey >> (_SEAT_BITS * seat)) & _SEAT_MASK
            units = self.unit_cache.get(part)
            if units is None:
                if len(self.unit_cache) > 500_000:
                    self.unit_cache.clear()
                units = self.unit_cache[part] = units_of(self.ctx, st.hands[seat])
            hkey = st.hkey
            found, cut = leads(self.ctx, st.hands, seat, self.throw_cache, units,
                               [hkey & m for m in self._full_masks])
            if cut:
                self.bounded = True
            return found
        key = (st.table[0][1], (st.hkey >> (_SEAT_BITS * seat)) & _SEAT_MASK)
        found = self.follow_cache.get(key)
        if found is None:
            found = follows(self.ctx, st.table[0][1], st.hands[seat])
            if len(self.follow_cache) > 500_000:
                self.follow_cache.clear()
            self.follow_cache[key] = found
        return found


Solver._state_type = _State


def play_classes(solver: Solver, pos: Position) -> dict[tuple[int, ...], list[tuple[int, ...]]]:
    """Every play the search knows for the player to move, by the representative of its merged
    class (the plays :meth:`Solver.moves` gives are the keys; each class lists its plays, the
    representative first)."""
    st = solver._load(pos)
    seat = pos.to_move
    raw = list(dict.fromkeys(solver._raw_moves(st, seat)))
    group = solver.ctx.order.group
    classes = equal_classes(solver.ctx.order, st.hands[seat], solver.in_play(st),
                            sorted({group[k] for m in raw for k in m}))
    index = class_index(classes)
    out: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
    for m in raw:
        rep = canonical(m, index, classes) if classes else m
        out.setdefault(rep, [rep])
        if m != rep:
            out[rep].append(m)
    return out


__all__ = ["Budget", "BudgetExceeded", "Position", "Solution", "Solver", "play_classes"]
