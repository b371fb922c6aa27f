"""Each play judged from its player's seat (``tractor analyse --view``): over the deals the player
could not rule out (:mod:`.deals`, from :mod:`.knowledge`), the mean double-dummy value after each
of its legal plays.

A play's value in one deal is the solver's (:class:`.solver.Solver`: the attackers' final total with
best play by all from there, points already taken included), as :mod:`.hand_analysis` gives it with
every hand open.  A throw is an attempt: in each deal it stands or fails as the engine's throw check
says (:func:`~tractor_analysis.engine.throw_check.throw_stands`), and a failed one is the forced play plus
the ruleset's penalty (:func:`~tractor_analysis.engine.scoring.failed_throw_penalty`).  The player's
side picks the best mean; a play's cost is its gap from it, signed as the double-dummy cost (points
lost by the player's side).  A deal whose search runs out of budget leaves the view withheld: never a
mean over fewer deals than it says.

Friend mode (找朋友, docs/rules.md §11 and §15): the partner is whoever held the called card when the
play started, so each deal fixes the sides of its own (:func:`.knowledge.friend_sides`) and is scored
with them — the player did not know more than the deals say.  When the player's own side is not the
same in every deal (it did not know yet whether it was the dealer's partner), the view is withheld.

A hand whose plays the replay could not judge (legality not known: a full hand without deal lines):
what the follows and throws showed a seat is not known (docs/rules.md §15 items 4 and 6), so a play
after another seat's follow or a throw is withheld (:data:`NOT_JUDGED`), never judged without them.

A record that does not fix the dealer's seat (docs/rules.md §15 item 3): a seat that may have buried a bottom of
known cards (:attr:`.knowledge.Knowledge.buriers_open`) may have seen it or not — its view is withheld
(:func:`~tractor_analysis.engine.explain_analysis.view_burier_unknown`); the other seats saw no bottom either way.
"""
from __future__ import annotations

import dataclasses
import time

from dataclasses import dataclass
from math import sqrt

from ..engine.declarations import bottom_takers
from ..engine.explain_analysis import view_burier_unknown, view_unseen
from ..engine.legal import analyse_lead, legal_follows
from ..engine.throw_check import throw_stands
from ..engine.throw_units import cards_charged, same_letter
from ..engine.scoring import failed_throw_penalty
from ..engine.tricks import hand_context
from ..engine.verdicts import HandResult
from ..records.cards import POINTS
from ..records.rulesets import MixedThrow
from ..records.model import Hand
from .deals import Deals, deals_for
from .hand_analysis import HandAnalysis, position_at, trick_bases
from .record_basis import no_deal_lines
from .knowledge import BOTTOM, friend_sides, knowledge_at
from .moves import merged
from .solver import Budget, Position, Solver

DEFAULT_SAMPLES = 200


@dataclass(frozen=True, slots=True)
class BottomSeen:
    """What a view's deals did with the bottom (docs/rules.md §15 item 3), as :func:`.knowledge.knowledge_at`
    has it for the play's seat: for the words that say which cards were unseen
    (:func:`~tractor_analysis.engine.explain_analysis.view_unseen`)."""

    dealt: int
    """The bottom's cards dealt among the unseen cards (0: not among them)."""
    own: bool
    """Not dealt: the seat buried the bottom as it lies (the dealer, or after 炒地皮 the last rebidder)."""
    points: int | None
    """Not dealt though not the seat's own bury, the bottom's cards not known (no ``Buried:`` line, none
    derived): the points counted for the bottom in every deal; ``None`` otherwise (not dealt, not own and
    ``None``: a bottom of no card)."""
    last_taker: int | None = None
    """炒地皮: the seat that took the bottom and buried it last, when that is not the dealer; ``None`` otherwise."""
    dealer: int | None = None
    earlier: int = 0
    """炒地皮: the cards this seat buried before the last bury, kept in every deal with the later takers
    (:attr:`later`) or in the bottom (:attr:`.knowledge.Knowledge.earlier`)."""
    later: tuple[int, ...] = ()
    """The seats that took the bottom after this seat's earlier bury (this seat included, when it took it again)."""

    def words(self) -> tuple[str, str]:
        """``(zh, en)``: which cards the deals had unseen
        (:func:`~tractor_analysis.engine.explain_analysis.view_unseen`)."""
        return view_unseen(self.dealt, self.own, self.points, self.dealer, self.last_taker, self.earlier, self.later)


def bottom_seen(h: HandResult, record: Hand | None, kn) -> BottomSeen:
    """:class:`BottomSeen` of the knowledge ``kn`` of a play of ``h``."""
    dealt = kn.sizes[BOTTOM]
    own = not dealt and kn.bottom_known and kn.seat == kn.buried_by
    points = kn.bottom_points if not dealt and not kn.bottom_known else None
    last, earlier, later = None, 0, ()
    if record is not None and h.dealer is not None:
        takers = bottom_takers(h.dealer, record.declarations)
        last = takers[-1] if takers[-1] != h.dealer else None
        if kn.earlier:
            mine = [i for i in range(len(takers) - 1) if takers[i] == kn.seat]
            earlier = sum(len(record.earlier_buries[i]) for i in mine)
            later = tuple(sorted({s for i in mine for s in takers[i + 1:]}))
    return BottomSeen(dealt, own, points, last, h.dealer, earlier, later)


@dataclass(frozen=True, slots=True)
class PlayView:
    """One play judged from its player's seat."""

    deals: int
    exact: bool
    value: float | None
    """Mean attackers' final total after the play made (``None``: withheld, a search ran out)."""
    value_best: float | None
    best: tuple[tuple[int, ...], ...]
    cost: float | None
    stderr: float | None
    """Standard error of ``cost`` over the sampled deals (paired: the same deals for every play); 0 when exact."""
    asked: int = 0
    """The deals asked for (``--samples``)."""
    values: tuple[tuple[tuple[int, ...], float], ...] = ()
    """Every play the player could make with its mean (the candidates, in order)."""
    withheld: str | None = None
    """Why the view is withheld, when not for a search out of budget or no agreeing deal
    (``"English / 中文"``)."""
    sides: tuple[tuple[tuple[int, ...], int], ...] = ()
    """Friend mode: each dealer's side the deals used imply (seats), with how many deals imply it
    (empty outside friend mode)."""
    bottom: BottomSeen | None = None
    """What the deals did with the bottom (``None``: no deal was set up, the hand's time ran out first)."""
    found: int = 0
    """The deals found for the view (:attr:`deals` is fewer when ``--precision`` stopped early, or the
    view was withheld before they were all searched)."""
    drawn: int = 0
    """Sampled one by one: the deals drawn, of which :attr:`found` agreed with what the seat knew
    (:attr:`.deals.Deals.drawn`); 0 when the deals were listed (every deal drawn agreed)."""

    @property
    def out_of_time(self) -> bool:
        """Withheld because the hand's time (``--budget-hand``) ran out, before the view or during it."""
        return self.withheld in (OUT_OF_TIME, CUT_BY_TIME)

    def json(self, tokens) -> dict:
        out = {"deals": self.deals, "exact": self.exact, "value": _round(self.value),
               "value_best": _round(self.value_best), "best": [tokens(b) for b in self.best],
               "cost": _round(self.cost), "stderr": _round(self.stderr)}
        if self.withheld is not None:
            out["withheld"] = self.withheld
        if not self.exact:                  # sampled: the deals found, and drawn one by one
            out["found"] = self.found
            out["drawn"] = self.drawn
        if self.sides:
            out["sides"] = [{"defenders": ["NESW"[s] for s in side], "deals": n} for side, n in self.sides]
        return out


PARTNER_UNKNOWN = ("the partner was not known yet from this seat (it could not tell which side it was on) "
                   "/ 此时本座位尚不知谁是朋友（不知自己属于哪一方）")
"""Friend mode: the player's own side differs among the deals it could not rule out."""
FRIEND_CARD_UNKNOWN = ("friend mode: the called card is not known here, so neither are the sides in each deal "
                       "/ 找朋友：此处不知庄家叫的牌，无法确定各牌局的双方")
NOT_JUDGED = ("the follows and throws before this play were not judged legal (the replay could not judge the "
              "hand's plays: check's legal is not known), so what they showed this seat is not known "
              "/ 此前的跟牌与甩牌未判定是否合法（复盘无法判定本局的出牌：check 的合法性为未知），"
              "本座位从中得知什么也就未知")
"""docs/rules.md §15 items 4 and 6: only the follows and throws the replay judged tell a seat anything;
when the hand's legality is not known (:attr:`.knowledge.Knowledge.unjudged`), the view is withheld."""
NOT_JUDGED_NO_DEAL = ("the follows and throws before this play were not judged legal (the record gives no deal "
                      "lines: check's legal is not known), so what they showed this seat is not known "
                      "/ 此前的跟牌与甩牌未判定是否合法（记录没有发牌行：check 的合法性为未知），"
                      "本座位从中得知什么也就未知")
"""As :data:`NOT_JUDGED`, when the record gives no deal lines (the hands read from the plays)."""
EARLIER_BURY_UNKNOWN = ("炒地皮: this seat took the bottom and buried before the last bury, and the record does not "
                        "give what it buried (or its line was not used), so what this seat knew of those cards is not "
                        "known / 炒地皮：本座位在最后一次扣底之前曾扣底，记录未给出所扣之牌（或该行未被采用），"
                        "本座位对这些牌所知为何也就未知")
"""docs/rules.md §15 item 3: a seat that buried before the last bury knows what it buried; when the record does
not give it (:attr:`.knowledge.Knowledge.earlier_unknown`), the view is withheld, never judged without it."""
FRIEND_SIDES_DISAGREE = ("friend mode: the partner rule gives the record's own deal other sides than the replay "
                         "/ 找朋友：按叫牌规则，记录本身的牌局所得双方与复盘不符")


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 2)


def _candidates(ctx, pos: Position, solvers: list[Solver], hand, inplay) -> list[tuple[int, ...]]:
    """The plays the player could make: every legal follow, or every lead the solver tries in any
    deal (units, and throws that stand in at least one), equal ones merged on what the player knows."""
    if pos.table:
        raw = list(legal_follows(ctx, analyse_lead(ctx, pos.table[0][1]), hand))
    else:
        raw = []
        for s in solvers:
            raw.extend(s.moves(pos, merge=False))
    return merged(list(dict.fromkeys(tuple(sorted(m)) for m in raw)), ctx.order, hand, inplay)


def _value(solver: Solver, ctx, pos: Position, play: tuple[int, ...], seat: int, budget: Budget,
           guess: int | None = None) -> int | None:
    """The double-dummy value after ``play`` in one deal; ``guess`` (a nearby value: the same deal's
    previous candidate, or the previous deal's for this one) only sets where the search starts."""
    lead = None if pos.table else analyse_lead(ctx, play)
    if lead is not None and len(lead.units) > 1:       # a throw: does it stand here?
        others = [pos.hands[s] for s in range(4) if s != seat]
        stands, forced = throw_stands(ctx, play, others)
        if not stands:
            child = solver.after(pos, forced)
            # the cards charged as the replay counts them (under failing_units: every beaten unit's, §4.6)
            seated = [(s, pos.hands[s]) for s in range(4) if s != seat]
            mixed = lead.mixed and ctx.rules.mixed_throw is MixedThrow.SAME_LETTER and same_letter(ctx, play)
            fine = failed_throw_penalty(ctx.rules, cards_charged(ctx, lead, forced, seated, mixed),
                                        not solver.attacker[seat])
            child = Position(child.hands, child.leader, child.table, child.points + fine)
            return solver.solve(child, budget, guess).value
    return solver.solve(solver.after(pos, play), budget, guess).value


@dataclass(frozen=True, slots=True)
class _Setup:
    """What one play is judged over: the deals (a position and a solver each, and its weight) and
    the candidate plays (the play made among them)."""

    ctx: object
    seat: int
    deals: Deals
    positions: list
    solvers: list
    weights: list
    cands: list
    made: tuple[int, ...]
    sides: list
    """Per deal: the dealer's side it is scored with (the record's, or in friend mode the deal's own)."""
    withheld: str | None = None
    """Why the view cannot be taken honestly (friend mode: see :data:`PARTNER_UNKNOWN`)."""
    bottom: BottomSeen | None = None


def _setup(h: HandResult, record: Hand | None, index: int, play: int, samples: int, seed: int,
           deadline: float | None = None) -> _Setup:
    ctx = hand_context(h.rules, h.level, h.trump)
    kn = knowledge_at(h, record, index, play)
    if kn.bottom_points is None and not kn.bottom_known:        # no bottom: never taken as 0
        raise ValueError("the record gives no bottom (Buried:): its points are not known")
    seat = kn.seat
    if kn.earlier_unknown:          # §15 item 3, 炒地皮: what this seat buried before is not known
        t = h.tricks[index]
        made = tuple(sorted(t.plays[play].attempted or t.plays[play].cards))
        return _Setup(ctx, seat, Deals((), False, samples), [], [], [], [made], made, [], EARLIER_BURY_UNKNOWN,
                      bottom_seen(h, record, kn))
    if seat in kn.buriers_open:     # §15 item 3: this seat may have buried the bottom (and seen it), or not
        t = h.tricks[index]
        made = tuple(sorted(t.plays[play].attempted or t.plays[play].cards))
        zh, en = view_burier_unknown(kn.buriers_open)
        return _Setup(ctx, seat, Deals((), False, samples), [], [], [], [made], made, [], f"{en} / {zh}",
                      bottom_seen(h, record, kn))
    if kn.unjudged:                 # §15 items 4 and 6: what the follows showed is not known
        t = h.tricks[index]
        made = tuple(sorted(t.plays[play].attempted or t.plays[play].cards))
        why = NOT_JUDGED_NO_DEAL if no_deal_lines(record) else NOT_JUDGED
        return _Setup(ctx, seat, Deals((), False, samples), [], [], [], [made], made, [], why,
                      bottom_seen(h, record, kn))
    deals: Deals = deals_for(kn, ctx, samples, seed, deadline)
    if deals.out_of_time:           # the hand's time ran out while the deals were drawn
        t = h.tricks[index]
        made = tuple(sorted(t.plays[play].attempted or t.plays[play].cards))
        return _Setup(ctx, seat, deals, [], [], [], [made], made, [], CUT_BY_TIME, bottom_seen(h, record, kn))
    bases, penalties = trick_bases(h)
    real_pos = position_at(h, index, play, bases, penalties)
    sides, withheld = _sides(h, record, kn, deals)
    positions, solvers, weights = [], [], []
    memo: dict = {}         # what depends on the hand context alone, shared by the deals' solvers
    for (deal, weight), side in zip(deals.deals, sides):
        hands = [list(deal[s]) if s != seat else list(kn.own) for s in range(4)]
        bottom = kn.bottom_points if kn.bottom_points is not None else sum(POINTS[k] * n for k, n in enumerate(deal[BOTTOM]))
        positions.append(Position.of(hands, real_pos.leader, real_pos.table, real_pos.points))
        solvers.append(None if withheld else Solver(ctx, side, bottom, memo=memo))
        weights.append(weight)
    inplay = [kn.own[k] + kn.unseen[k] for k in range(len(kn.own))]
    for _, cards in real_pos.table:
        for k in cards:
            inplay[k] += 1
    t = h.tricks[index]
    made = tuple(sorted(t.plays[play].attempted or t.plays[play].cards))
    cands = _candidates(ctx, real_pos, solvers, kn.own, inplay) if positions and not withheld else []
    if made not in cands:
        cands.append(made)
    return _Setup(ctx, seat, deals, positions, solvers, weights, cands, made, sides, withheld,
                  bottom_seen(h, record, kn))


def _sides(h: HandResult, record: Hand | None, kn, deals: Deals) -> tuple[list, str | None]:
    """Per deal, the dealer's side it is scored with, and why the view is withheld (``None``: it is not).

    Outside friend mode the sides are the record's in every deal.  In friend mode (rules.md §11) each
    deal fixes them (:func:`.knowledge.friend_sides`); the view is withheld when the player's own side
    is not the same in every deal (:data:`PARTNER_UNKNOWN`), when the called card is not known, and
    when the rule does not give the record's own deal the replay's sides (never a guess)."""
    n = len(deals.deals)
    if not h.rules.friend:
        return [h.defenders] * n, None
    card = None if record is None else record.friend
    if card is None or h.dealer is None:
        return [h.defenders] * n, FRIEND_CARD_UNKNOWN
    decks = h.rules.decks
    if friend_sides(kn, kn.real, h.dealer, card, decks) != h.defenders:
        return [h.defenders] * n, FRIEND_SIDES_DISAGREE
    sides = [friend_sides(kn, deal, h.dealer, card, decks) for deal, _ in deals.deals]
    if len({kn.seat in side for side in sides}) > 1:
        return sides, PARTNER_UNKNOWN
    return sides, None


def _side_counts(sides: list) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Each dealer's side among ``sides`` (seats, in order) with how many deals imply it, most first."""
    counts: dict[tuple[int, ...], int] = {}
    for side in sides:
        key = tuple(sorted(side))
        counts[key] = counts.get(key, 0) + 1
    return tuple(sorted(counts.items(), key=lambda x: (-x[1], x[0])))


def searches_for(h: HandResult, record: Hand | None, index: int, play: int, samples: int = DEFAULT_SAMPLES,
                 seed: int = 0) -> int:
    """How many searches :func:`view_play` runs for this play (candidates × deals), without running
    them (``bench/view_bench.py --count``)."""
    st = _setup(h, record, index, play, samples, seed)
    return 0 if st.withheld else len(st.cands) * len(st.positions)


ROUND = 10
"""With a precision asked for: deals searched between two looks at the standard errors."""
FIRST_LOOK = 20
"""With a precision asked for: deals searched before the first look."""


def view_play(h: HandResult, record: Hand | None, index: int, play: int, samples: int = DEFAULT_SAMPLES,
              seed: int = 0, budget: Budget = Budget(), precision: float | None = None,
              deadline: float | None = None) -> PlayView:
    """Play ``play`` of trick ``index`` of ``h`` judged over the deals its player could not rule out.

    ``precision`` (points; ``None``: every deal drawn is searched): sampled deals are searched in
    rounds, in the order drawn, and the search stops once every candidate's gap from the best has a
    standard error of at most ``precision`` (first looked at after :data:`FIRST_LOOK` deals, then
    every :data:`ROUND`); ``deals`` then says how many were used.  The deals are drawn independently
    and uniformly, so the ones searched are a uniform sample too; exact views use every deal.

    ``deadline`` (``time.perf_counter()``'s clock; the hand's time, ``--budget-hand``): the deals are
    drawn, and each search bounded (``budget`` cut to the time left), so that the view stops there;
    a view not finished by then is withheld (:data:`CUT_BY_TIME`), never a mean over fewer deals."""
    st = _setup(h, record, index, play, samples, seed, deadline)
    ctx, seat, deals, positions, solvers, weights, cands, made = (
        st.ctx, st.seat, st.deals, st.positions, st.solvers, st.weights, st.cands, st.made)
    friend = h.rules.friend
    counts = {"found": len(deals.deals), "drawn": deals.drawn, "bottom": st.bottom}
    if not positions and not st.withheld:
        return PlayView(0, deals.exact, None, None, (), None, None, samples, **counts)
    if st.withheld:
        return PlayView(len(positions), deals.exact, None, None, (), None, None, samples,
                        withheld=st.withheld, sides=_side_counts(st.sides) if friend else (), **counts)
    attacker = seat not in st.sides[0]          # the same in every deal (else withheld)
    sign = 1 if attacker else -1
    table: dict[tuple[int, ...], list[int]] = {m: [] for m in cands}
    stops = _stops(len(positions), None if deals.exact else precision)
    done = 0
    for stop in stops:
        for d in range(done, stop):
            # deal by deal, every candidate in it, then the deal's solver let go: the tables of one
            # solver at a time (a solver per deal kept alive held gigabytes at 200 deals)
            solver, solvers[d] = solvers[d], None
            last = None                                      # the value last found in this deal
            for m in cands:
                values = table[m]
                guess = last if last is not None else (values[-1] if values else None)
                bounded = _within(budget, deadline)
                v = None if bounded is None else _value(solver, ctx, positions[d], m, seat, bounded, guess)
                if v is None:               # out of budget, or of the hand's time (its budget cut to it)
                    cut = deadline is not None and time.perf_counter() >= deadline
                    return PlayView(len(positions), deals.exact, None, None, (), None, None, samples,
                                    withheld=CUT_BY_TIME if cut else None,
                                    sides=_side_counts(st.sides) if friend else (), **counts)
                values.append(v)
                last = v
            del solver
        done = stop
        if stop < len(positions) and _precise(table, sign, precision):
            break
    w = weights[:done]
    total = sum(w)
    means = {m: sum(x * v for x, v in zip(w, vs)) / total for m, vs in table.items()}
    best_mean = (max if attacker else min)(means.values())
    best = tuple(m for m in cands if means[m] == best_mean)
    cost = sign * (best_mean - means[made]) + 0.0      # + 0.0: no -0.0
    stderr = 0.0 if deals.exact else _gap_stderr(table[best[0]], table[made], sign)
    return PlayView(done, deals.exact, means[made], best_mean, best, cost, stderr, samples,
                    tuple(means.items()), sides=_side_counts(st.sides[:done]) if friend else (), **counts)


def _within(budget: Budget, deadline: float | None) -> Budget | None:
    """``budget`` cut to the time left before ``deadline`` (``None``: none is left)."""
    if deadline is None:
        return budget
    left = deadline - time.perf_counter()
    if left <= 0:
        return None
    return Budget(nodes=budget.nodes, seconds=left if budget.seconds is None else min(budget.seconds, left))


def _stops(n: int, precision: float | None) -> list[int]:
    """How many deals are searched before each look (the last: all of them)."""
    if precision is None or n <= FIRST_LOOK:
        return [n]
    return list(range(FIRST_LOOK, n, ROUND)) + [n]


def _gap_stderr(ref: list[int], vs: list[int], sign: int) -> float:
    """Standard error of the mean gap ``sign * (ref - vs)`` over paired deals (0 for one deal)."""
    if len(vs) < 2:
        return 0.0
    diffs = [sign * (b - v) for b, v in zip(ref, vs)]
    mu = sum(diffs) / len(diffs)
    var = sum((d - mu) ** 2 for d in diffs) / (len(diffs) - 1)
    return sqrt(var / len(diffs))


def _precise(table: dict[tuple[int, ...], list[int]], sign: int, precision: float) -> bool:
    """Is every candidate's gap from the best so far known within ``precision`` (standard error)?"""
    n = len(next(iter(table.values())))
    ref = (max if sign > 0 else min)(table.values(), key=lambda vs: sum(vs) / n)
    return all(_gap_stderr(ref, vs, sign) <= precision for vs in table.values())


OUT_OF_TIME = ("the hand's time (--budget-hand) ran out before this play was judged from the seat "
               "/ 本局时间（--budget-hand）在评判此出牌之前已用完")
"""Why a view is withheld when the hand's time ran out before it (:func:`view_hand`'s ``deadline``)."""
CUT_BY_TIME = ("the hand's time (--budget-hand) ran out while this play was judged from the seat: the view, "
               "not finished, is withheld / 本局时间（--budget-hand）在按座位视角评判此出牌时用完：评判未完成，不予给出")
"""Why a view is withheld when the hand's time ran out during it (:func:`view_play`'s ``deadline``)."""


def view_hand(h: HandResult, record: Hand | None, first: int, samples: int = DEFAULT_SAMPLES, seed: int = 0,
              budget: Budget = Budget(), progress=None, precision: float | None = None,
              deadline: float | None = None) -> list[PlayView]:
    """Every play of tricks ``first``… (0-based) judged from its player's seat, in play order; each
    play's deals drawn with its own seed (from ``seed``, the trick and the play: the same input, the
    same output, whatever else is analysed).  ``deadline`` (``time.perf_counter()``'s clock): the
    plays not begun by then are withheld (:data:`OUT_OF_TIME`), as the hand's analysis is, and the
    one running then stops (:func:`view_play`: :data:`CUT_BY_TIME`).  ``progress(judged, plays)``
    hears of each play judged (not of those withheld for the hand's time)."""
    out = []
    slots = [(i, j) for i in range(first, len(h.tricks)) for j in range(len(h.tricks[i].plays))]
    judged = 0
    for i, j in slots:
        if deadline is not None and time.perf_counter() >= deadline:
            out.append(PlayView(0, False, None, None, (), None, None, withheld=OUT_OF_TIME))
            continue
        out.append(view_play(h, record, i, j, samples, seed * 1_000_003 + i * 4 + j, budget, precision, deadline))
        if not out[-1].out_of_time:
            judged += 1
            if progress is not None:
                progress(judged, len(slots))
    return out


def with_views(a: HandAnalysis, views: list[PlayView], seconds: float) -> HandAnalysis:
    """``a`` with its views counted: ``seconds`` the hand's time, the views' included, and the hand's
    time spent (:attr:`HandAnalysis.hand_budget_spent`) also when it ran out in the views."""
    return dataclasses.replace(a, seconds=seconds,
                               hand_budget_spent=a.hand_budget_spent or any(v.out_of_time for v in views))


__all__ = ["DEFAULT_SAMPLES", "BottomSeen", "CUT_BY_TIME", "OUT_OF_TIME", "PlayView", "bottom_seen", "searches_for",
           "view_play", "view_hand", "with_views"]
