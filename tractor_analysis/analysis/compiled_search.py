"""The endgame solver's compiled search (``_solver_core.c``) and what it asks of the Python solver.

A mixin of :class:`tractor_analysis.analysis.solver.Solver`.  The core runs the same search as
:class:`~tractor_analysis.analysis.search.SearchLoop` (fail-soft alpha-beta, the same bounds, the
same transposition keys: the position's shape between tricks — but a stretch of a suit group
(consecutive strengths in play held by one seat, no two cards alike) is keyed on its holder and
points only; inside a trick it keeps an entry for
the root only, on the exact cards, where the Python search keeps one at every node), over C arrays,
with its own tables, and two steps of its own that visit fewer nodes and keep every value
(``tests/test_solver_core_bounds.py``): a bound from the leader's run of sure single cards at each
lead, and an enhanced transposition cut-off at every trick's last seat.  It decides these rules itself, each proven equal to the engine by
``tests/test_solver_core.py`` (every preset, every option that changes them) and by the long run
``bench/solver_core_diff.py``: the follows to a single lead (a card of the led suit group when
holding one, else any card); with 1 or 2 decks the follows to a multi-card lead of one group (the
engine's ``legal_follows``, ported: :func:`core_follow_rules`); the winner of a trick of single cards, of a trick led by a pair
(except with ``trump_in=exact``) and, with ``trump_in=covers``, of a trick led by anything else of
one group (the engine's ``_winner`` and ``covers``, ported; not a 3-deck lead whose trump-ins must
hold units disjointly); and, except with ``throw_forced=lowest_card``, a leader's plays in each
suit group (the engine's ``legal_leads``, ``split_units`` and ``check_throw`` ported, the steps of
:func:`~.moves.lead_part`: units, the throws that stand, equal cards merged, in its order).
Everything else comes from the engine through this solver, by the callbacks below, each answer
kept by the core on exactly what it depends on (:meth:`~.plays.NodePlays.lead_key`,
:meth:`~.plays.NodePlays.follow_key`, the table's cards, a hand's cards):

- ``_core_lead_part``: a leader's plays in one suit group (:func:`~.moves.lead_part`) where the core
  does not make them (:func:`core_lead_decks` 0); the core puts the groups' parts in the pure-Python
  search's order;
- ``_core_follows``: a follower's legal plays to a multi-card lead where the core does not make them
  (3 decks; a lead of two groups: the engine's ``legal_follows``); the core merges equal ones and
  orders them as the pure-Python search does, whichever made them;
- ``_core_winner``: the play winning a trick the core does not judge (:func:`core_winner_decks`);
- ``_core_lead_mult``: the bottom's multiplier of a last trick led by several cards (from the lead's
  shapes, as the engine scores it), once a lead — its winner is the core's, as every other trick's;
- ``_core_hand_mult``: one attacker hand's bound of the bottom multiplier.

**Hand-off.**  Positions the core cannot hold go to the pure-Python search, whole (the same
value, only slower): more than 3 copies of a kind in the hands (a bad record), or a hand or a play
on the table longer than ``MAX_PLAY`` cards.  :meth:`CompiledSearch._core_for` decides;
tests/test_solver_core.py checks that such a position is solved by the Python search and exactly.
"""
from __future__ import annotations

import weakref

from ..records.cards import POINTS
from ..records.rulesets import ForeignUnit, ThrowFollow, ThrowForced, TrumpIn
from ..engine.legal import analyse_lead
from ..engine.scoring import bottom_multiplier
from .moves import follows, lead_part

CORE_MODULE = "tractor_analysis.analysis._solver_core"
FEATURE_SIDE = 4
"""The core's ``FEATURE_SIDE`` bit (``multi_side``: _solver_core.c)."""


def core_lead_decks(rules) -> int:
    """The ``decks`` the core is made with: the number of decks when it makes the leaders' plays
    itself, 0 when it asks the solver (``_core_lead_part``): with ``throw_forced = lowest_card``
    (every unit tested on its own, a tractor beaten only by a run wholly above it: engine
    throw_units.lowest_card), a throw check the core does not have."""
    return 0 if rules.throw_forced is ThrowForced.LOWEST_CARD else rules.decks


def core_follow_rules(rules) -> tuple[int, int, int, int]:
    """The ``follow`` the core is made with: ``(decks, suit_throw, throw_chains, short_chain)``.
    With 1 or 2 decks the core makes a follower's plays to a multi-card lead of one group itself (the
    engine's ``legal_follows``, ported: pairs and tractors owed, ``throw_follow = suit``,
    ``throw_tractor_duty``, ``short_tractor_duty``); ``decks`` 0 (3 decks: triples, titanic tiers,
    ``protect_triples``) and a lead of two groups ask the solver (``_core_follows``), and so does
    every multi-card lead under ``foreign_unit = accepted`` (§5.3: a pair or tractor of another group,
    which the core's port does not make)."""
    own = rules.decks <= 2 and not foreign_units(rules)
    return (rules.decks if own else 0, int(rules.throw_follow is ThrowFollow.SUIT),
            int(rules.throw_tractor_duty), int(rules.short_tractor_duty))


def foreign_units(rules) -> bool:
    """``foreign_unit = accepted`` (§5.3): a follower holding cards of a pair's (a tractor's) led group
    but no such unit there may play one of another group, a trump one winning — so a seat not void in
    the led group may take a trick led by a pair: the core's ``multi_side`` (which knows only a void
    seat ruffing) is switched off with it (``Core.set_features``)."""
    return getattr(rules, "foreign_unit", None) is ForeignUnit.ACCEPTED


def core_winner_decks(rules) -> int:
    """The ``win_decks`` the core is made with: the number of decks when it judges the winner of a
    trick led by more than a single or a pair itself (``trump_in = covers``: the engine's
    ``_winner``, ported), 0 when it asks the solver (``trump_in = exact``: ``_exact_winner``).
    It asks for a lead of two groups and for a 3-deck lead whose trump-ins must hold its units
    disjointly (``holds_units``) whatever this says."""
    return rules.decks if rules.trump_in is TrumpIn.COVERS else 0


class CompiledSearch:
    """Dispatch between the compiled search and the pure-Python one, and the core's callbacks."""

    core_table_entries = 0
    """Entries the core's transposition and play-list tables hold at most (0: its own limits, about
    500 MB in all); the tests set a few dozen so that the replacement scheme runs."""

    def compiled_for(self, pos) -> bool:
        """Whether the compiled core searches ``pos`` (``False``: the pure-Python search does; the
        benches say so beside their figures, which are then not comparable)."""
        return self._core_for(pos) is not None

    def _core_for(self, pos):
        """The core for ``pos``, or ``None`` when the pure-Python search takes it (no core built,
        ``TRACTOR_PURE_PYTHON=1``, or a position the core cannot hold: see the module's docstring)."""
        mod = self._core_mod
        if mod is None:
            return None
        limit = mod.MAX_PLAY
        if any(c > 3 for h in pos.hands for c in h) or any(sum(h) > limit for h in pos.hands) \
                or any(len(cards) > limit for _, cards in pos.table):
            return None
        if self._core is None:
            o = self.ctx.order
            single = bottom_multiplier(self.rules, (1, 1), ((1, 1),)) if self.bottom_points else 0
            # the core calls back through a weak proxy: a solver holding its core and the core
            # holding the solver would be a cycle the collector cannot see (the core is no GC type),
            # and every solver of `tractor analyse` would stay in memory with its tables
            self._core = mod.Core(weakref.proxy(self), self._budget_exc, tuple(o.group), tuple(o.strength), tuple(POINTS),
                                  o.at, tuple(self.attacker), self.bottom_points, single,
                                  self.rules.trump_in is not TrumpIn.EXACT, core_lead_decks(self.rules),
                                  core_winner_decks(self.rules), self.core_table_entries,
                                  core_follow_rules(self.rules))
            if foreign_units(self.rules):       # (FEATURE_SIDE: a trick of several cards a lead surely wins)
                self._core.set_features(self._core.set_features(0) & ~FEATURE_SIDE)
        return self._core

    def _start_core(self, pos, st, budget) -> None:
        core = self._active
        core.load(bytes(c for h in pos.hands for c in h), pos.leader,
                  tuple((seat, tuple(cards)) for seat, cards in pos.table), st.mult)
        core.start(budget.nodes if budget.nodes is not None else 1 << 62,
                   budget.seconds if budget.seconds is not None else -1.0)

    def _test(self, alpha: int, beta: int) -> int:
        """The fail-soft value of the loaded position in the window (``alpha``, ``beta``)."""
        core = self._active
        return core.search(alpha, beta) if core is not None else self._search(alpha, beta)

    def _root_entry(self):
        """The loaded position's transposition entry ``(lower, upper)`` or ``None``."""
        core = self._active
        if core is not None:
            return core.entry()
        st = self.st
        entry = self.tt.get((st.hkey, st.leader, st.tabkey) if st.table else self.shape_id(st))
        return None if entry is None else entry[:2]

    def _end_core(self, pos=None) -> None:
        stats = self._active.stats()
        self.nodes = stats["nodes"]
        if stats["bounded"]:
            self.bounded = True
        if pos is not None:
            self.root_bounds = (pos, self._active.root_bounds())

    # ------------------------------------------------------------------ the core's callbacks
    def _core_lead_part(self, seat: int, g: int, hands_b: bytes) -> tuple[list[tuple[int, ...]], bool]:
        """A leader's plays in suit group ``g``, equal ones merged (as :meth:`~.plays.NodePlays._lead_moves`
        merges them), and whether its throws were the bounded set; ``hands_b``: the four hands, then
        the cards in play, restricted to that group (5 x 54 counts).  A lead lies in one group: its
        units, the throws that stand (against the other hands' cards of that group) and its equal
        cards are all decided there."""
        hands = [hands_b[i * 54:(i + 1) * 54] for i in range(4)]     # bytes index as counts do
        return lead_part(self.ctx, hands, seat, g, hands_b[216:], self.unit_cache)

    memo: dict
    """What the core asks that depends on the hand context alone (a hand's legal follows to a lead,
    a hand's bound of the bottom multiplier), kept across solvers: the solvers of one view, one per
    deal, share one dict (:mod:`.view`); it starts again empty at :data:`MEMO_LIMIT` entries."""

    def _core_follows(self, lead: tuple[int, ...], hand_b: bytes) -> list[tuple[int, ...]]:
        """The engine's legal follows to ``lead`` from a hand (54 counts), kept in :attr:`memo` (the
        core only reads the list)."""
        key = ("F", lead, hand_b)
        out = self.memo.get(key)
        if out is None:
            out = follows(self.ctx, lead, list(hand_b))
            _keep(self.memo, key, out)
        return out

    def _core_winner(self, table) -> int:
        return self.winner_index(list(table))

    def _core_lead_mult(self, lead: tuple[int, ...]) -> int:
        """The bottom's multiplier of a last trick led by ``lead`` (the cards as the table holds them: a mixed
        lead's order kept), as the pure-Python search counts it (:func:`lead_multiplier`)."""
        return lead_multiplier(self.rules, analyse_lead(self.ctx, lead))

    def _core_hand_mult(self, hand_b: bytes) -> int:
        key = ("M", hand_b)
        out = self.memo.get(key)
        if out is None:
            out = self._hand_mult(list(hand_b))
            _keep(self.memo, key, out)
        return out


def lead_multiplier(rules, lead) -> int:
    """The bottom's multiplier when the last trick is led by ``lead`` (:func:`~..engine.legal.analyse_lead`'s): both
    searches' (the pure-Python one in ``Solver._score_trick``; the core asks it once a lead, ``_core_lead_mult``)."""
    shapes = tuple(u.shape for u in lead.units)
    return bottom_multiplier(rules, shapes[0] if shapes else (1, 1), shapes)


MEMO_LIMIT = 200_000
"""Entries :attr:`Solver.memo` holds before it starts again empty (a bound on its memory)."""


def _keep(memo: dict, key, value) -> None:
    if len(memo) >= MEMO_LIMIT:
        memo.clear()
    memo[key] = value


__all__ = ["CORE_MODULE", "CompiledSearch", "core_follow_rules", "core_lead_decks", "core_winner_decks", "lead_multiplier"]
