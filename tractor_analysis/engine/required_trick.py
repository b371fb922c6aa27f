"""The trick as the rules require after a failed throw: the forced unit, what each follower's
duties then fix, and what they leave open.

A record of a failed throw (甩牌失败) often shows the trick as it was played: the whole throw,
and three follows of its size.  The rules say otherwise (docs/rules.md §4.4, §4.5, §5): the
leader plays the forced unit, and each follower follows *that* from the hand held when the
trick started.  :func:`required_trick` works out what this fixes and nothing more:

* whether the throw stands and the play it forced: the replay's one decision, as the trick's
  verdict records it (:class:`ThrowDecision`, :func:`throw_decision`: the ``throw_failed`` /
  ``wrong_forced_play`` violation, from :func:`.tricks.judge_trick` and, for a seat whose cards
  are read from its plays, :mod:`.unsure_throws`) — never judged a second time here; what the
  replay withheld stays withheld.  Who beats what (the proof a failed throw's page names) is the
  replay's own throw check (:func:`throw_check.check_throw`) on the same hands;
* per follower, every legal follow to the forced unit (:func:`legal.legal_follows`, the
  engine's one definition of a legal follow): the cards every one of them holds (what the
  follower *must* play), the cards the rest is chosen from, the points the follow can carry,
  and the plays with which the follower would win;
* the trick's possible winners (:func:`tricks.trick_winner` on every combination of the
  followers' choices that can matter), so the winner or the winning side when it is certain,
  and the trick's points as a range, overall and for each seat that can win it.

Nothing is guessed.  A follower whose whole hand is not known has no duties derived (its
cards known to be held still count in the replay's throw check: a beating unit it holds is
proof); then the winner is withheld and the points are only a floor.  A follower with more choices
than :data:`MAX_FOLLOWS` (counted before they are listed), or more combinations than
:data:`MAX_COMBINATIONS`, gets the same honest "not derived", never a sample.
"""
from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass
from typing import Sequence

from ..records.cards import POINTS, Card, Counts, Seat
from ..records.rulesets import MixedThrow, ThrowForced
from .legal import MAX_FOLLOWS, Lead, analyse_lead, follow_candidates, follow_duty, legal_follows, show_order
from .throw_check import check_throw
from .order import TRUMP
from .throw_units import same_letter
from .tricks import HandContext, trick_winner
from .verdicts import Violation

"""A follower's candidate follows (multisets of the right size, counted first) beyond which its
duties are not listed: a hostile record cannot make the ruling enumerate without bound."""
MAX_COMBINATIONS = 50_000
"""Combinations of the followers' winner-relevant choices beyond which the winner is not derived."""
SHOWN = 4
"""Winning plays listed per follower (the count is always given)."""
THROW_VERDICTS = frozenset({"throw_failed", "wrong_forced_play"})
"""The violations that are the replay's verdict of a leader's throw (:func:`.tricks.judge_trick`)."""


@dataclass(frozen=True, slots=True)
class ThrowDecision:
    """What the replay decided of a throw (:func:`throw_decision`): the one judgement the trick as
    the rules require rests on."""

    stands: bool
    """The throw would have stood (a failed throw recorded of one that stands: ``wrong_forced_play``)."""
    lead: tuple[Card, ...]
    """The play the leader owed: the throw itself when it stands, else the forced play the verdict
    names (what ``throw_penalty`` charges from); ``()`` when the replay withheld it (a ``throw_failed``
    whose forced play rests on a seat whose cards are read from its plays, :mod:`.unsure_throws`)."""


def throw_decision(v: Violation, attempted: Sequence[Card]) -> ThrowDecision:
    """The replay's decision of the throw ``v`` is the verdict of (a ``throw_failed`` or
    ``wrong_forced_play`` of the leader; ``attempted``: the throw as shown), as ``v`` records it:
    a ``wrong_forced_play`` naming the throw itself says it would have stood; otherwise ``v.better``
    is the forced play (:func:`.tricks.judge_trick`), empty when withheld (:mod:`.unsure_throws`)."""
    if v.code not in THROW_VERDICTS:
        raise ValueError(f"{v.code!r} is no verdict of a throw")
    if v.code == "wrong_forced_play" and v.better and sorted(v.better) == sorted(attempted):
        return ThrowDecision(True, tuple(attempted))
    return ThrowDecision(False, tuple(v.better))


@dataclass(frozen=True, slots=True)
class FollowerChoice:
    """What the duties to follow (docs/rules.md §5) leave one follower, given its hand."""

    seat: Seat
    known: bool
    """The follower's whole hand at the start of the trick is known; when not, nothing below is derived."""
    count: int
    """Cards to play (the forced unit's size)."""
    choices: int | None = None
    """Distinct legal follows (``None``: not derived — hand unknown, or more than :data:`MAX_FOLLOWS`)."""
    fixed: tuple[Card, ...] = ()
    """Cards in every legal follow: what the follower must play."""
    pool: tuple[Card, ...] = ()
    """The cards the rest (``count - len(fixed)``) is chosen from."""
    points: tuple[int, int] | None = None
    """Least and most points the follow can carry."""
    led_held: int = 0
    """Cards of the led suit group held."""
    may_trump: bool = False
    """Holds no card of the plain suit led, and holds trumps: may play them (docs/rules.md §6.2)."""
    winning: tuple[tuple[Card, ...], ...] = ()
    """Up to :data:`SHOWN` of the plays with which this follower wins the trick (for some choice
    of the others), strongest first."""
    winning_count: int = 0
    """How many legal follows win the trick for some choice of the others (0: never wins)."""
    owed: tuple[int, ...] = ()
    """Per copies (index 2 pairs, 3 triples): the units of the led group every legal follow holds
    (:func:`legal.follow_duty`), beyond any card count — what "chooses k of" is bound by."""
    owed_chains: tuple[tuple[int, ...], ...] = ()
    """Per copies: the lengths of the tractors (titanics) every legal follow holds."""
    whole_hand: bool = False
    """Every kind the follower holds (beyond the fixed cards) is in the pool: it chooses among all
    its cards (a void follower's free discards)."""

    @property
    def free(self) -> int:
        """Cards the follower chooses (beyond the fixed ones)."""
        return self.count - len(self.fixed)


@dataclass(frozen=True, slots=True)
class RequiredTrick:
    """The trick as the rules require it, from the lead's attempt and the hands at the trick's start."""

    leader: Seat
    attempted: tuple[Card, ...]
    """The throw as the leader tried it."""
    stands: bool | None
    """The replay's decision (:class:`ThrowDecision`): ``True`` it stands, ``False`` it fails; ``None``
    for an attempt of two suit groups the ruleset refuses (docs/rules.md §4.2), of which nothing is
    derived."""
    lead: tuple[Card, ...]
    """What the leader must play, as the replay decided it: the forced unit (the throw itself when it
    stands); ``()`` when the replay withheld it (or the attempt is of two suit groups)."""
    forced_rule: ThrowForced
    """The ruleset's option that names the forced unit."""
    beaten: tuple[Card, ...] = ()
    """A failed throw: its unit that could be beaten, and by whom (``holder``, ``beater``), by the
    replay's throw check (:func:`_proof`)."""
    holder: Seat | None = None
    beater: tuple[Card, ...] = ()
    followers: tuple[FollowerChoice, ...] = ()
    """In play order after the leader (empty when the lead is not derived)."""
    unknown: tuple[Seat, ...] = ()
    """Seats (other than the leader) whose hand is not known."""
    winners: tuple[Seat, ...] = ()
    """Seats that can win the trick, in play order (empty: not derived)."""
    points: tuple[int, int] | None = None
    """Least and most points the trick can carry (``None``: not derived)."""
    points_floor: int = 0
    """Points certain to be in the trick: the lead's and the known followers' least."""
    winner_points: tuple[tuple[int, int] | None, ...] = (None, None, None, None)
    """N, E, S, W: the trick's points (least, most) when that seat wins it; ``None`` when it cannot
    (or the winner is not derived)."""
    limit: str = ""
    """Why the winner is not derived although every hand is known: ``"follows"`` (a follower has
    more than :data:`MAX_FOLLOWS` choices), ``"combinations"``, ``"short"`` (a follower holds too
    few cards to follow), ``"mixed"`` (the lead is a throw of two suit groups the ruleset accepts,
    ``mixed_throw = same_letter``: the follows to it are not judged); empty otherwise."""

    @property
    def winner(self) -> Seat | None:
        """The winner when it is certain."""
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def open_seats(self) -> tuple[Seat, ...]:
        """Followers with more than one legal follow: their cards are theirs to choose."""
        return tuple(f.seat for f in self.followers if f.choices is None or f.choices > 1)


def _points(cards: Sequence[Card]) -> int:
    return sum(POINTS[k] for k in cards)


def _multiset_meet(plays: Sequence[Sequence[Card]]) -> tuple[dict[Card, int], dict[Card, int]]:
    """The cards in every play (with multiplicity), and the most copies of each kind any play has."""
    counts = [_tally(p) for p in plays]
    kinds = set().union(*counts)
    every = {k: min(c.get(k, 0) for c in counts) for k in kinds}
    most = {k: max(c.get(k, 0) for c in counts) for k in kinds}
    return {k: m for k, m in every.items() if m}, most


def _tally(cards: Sequence[Card]) -> dict[Card, int]:
    out: dict[Card, int] = {}
    for k in cards:
        out[k] = out.get(k, 0) + 1
    return out


def _classes(ctx: HandContext, lead: Lead, leader: Seat, seat: Seat,
             plays: Sequence[tuple[Card, ...]]) -> list[list[tuple[Card, ...]]]:
    """The follower's plays in classes that the winner cannot tell apart: one class of the plays
    that do not beat the lead (they never win the trick, whatever the others play), then the
    plays that beat it grouped by strength (neither of two plays of a class beats the other when
    played after it) — both judged by :func:`trick_winner` itself, so the rules stay in one place."""
    lead_play = (leader, lead.cards)
    losers: list[tuple[Card, ...]] = []
    strong: list[list[tuple[Card, ...]]] = []
    for p in plays:
        if trick_winner(ctx, lead, (lead_play, (seat, p)))[0] != 1:
            losers.append(p)
            continue
        for cls in strong:
            q = cls[0]
            if (trick_winner(ctx, lead, (lead_play, (seat, q), (seat, p)))[0] == 1
                    and trick_winner(ctx, lead, (lead_play, (seat, p), (seat, q)))[0] == 1):
                cls.append(p)
                break
        else:
            strong.append([p])
    return ([losers] if losers else []) + strong


def _follower(ctx: HandContext, lead: Lead, seat: Seat, hand: Sequence[int]) -> tuple[FollowerChoice, list]:
    """One follower's legal follows and their summary (``[]`` plays when not listed)."""
    o = ctx.order
    g = lead.group
    n = lead.count
    led_held = sum(hand[k] for k in o.kinds[g])
    may_trump = g != TRUMP and led_held == 0 and any(hand[k] for k in o.kinds[TRUMP])
    if follow_candidates(ctx, lead, hand) > MAX_FOLLOWS:
        return FollowerChoice(seat, True, n, None, led_held=led_held, may_trump=may_trump), []
    plays = list(legal_follows(ctx, lead, hand))
    if not plays:                        # fewer cards than the lead: no follow of its size exists
        return FollowerChoice(seat, True, n, 0, led_held=led_held, may_trump=may_trump), []
    every, most = _multiset_meet(plays)
    fixed = show_order(o, every)
    pool = show_order(o, {k: m - every.get(k, 0) for k, m in most.items() if m > every.get(k, 0)})
    pts = [_points(p) for p in plays]
    duty = follow_duty(ctx, lead, hand)
    rest = list(hand)
    for k in fixed:
        rest[k] -= 1
    whole = set(pool) == {k for k in range(len(rest)) if rest[k]}       # every kind it still holds
    return (FollowerChoice(seat, True, n, len(plays), fixed, pool, (min(pts), max(pts)), led_held, may_trump,
                           owed=duty.units, owed_chains=duty.chains, whole_hand=whole), plays)


def _proof(ctx: HandContext, shown: Lead, attempted: tuple[Card, ...], leader: Seat,
           hands: Sequence[Counts]) -> tuple[tuple[Card, ...], Seat | None, tuple[Card, ...]]:
    """Who beats what of a failed throw — the unit beaten, the seat holding a beating unit, that
    unit — by the replay's own throw check (:func:`throw_check.check_throw`, called as
    :func:`.tricks.judge_trick` calls it) on the same hands at the trick's start; nothing when that
    check finds no beating unit.  It names the proof only: whether the throw stands and what it
    forced are the replay's decision (:class:`ThrowDecision`)."""
    others = [((leader + i) & 3, hands[(leader + i) & 3]) for i in (1, 2, 3)]
    tc = check_throw(ctx, attempted, others, shown)
    if tc.stands or tc.unit is None:
        return (), None, ()
    return tuple(tc.unit.cards), tc.holder, tuple(tc.beater)


def required_trick(ctx: HandContext, leader: Seat, attempted: Sequence[Card], hands: Sequence[Counts],
                   known: Sequence[bool], decision: ThrowDecision) -> RequiredTrick:
    """The trick led by ``leader`` trying ``attempted``, as the rules require it, the throw as the
    replay decided it (``decision``, :func:`throw_decision`).

    ``hands`` are the four seats' counts (N, E, S, W) at the start of the trick (the trick result's
    ``hands_before``); ``known[s]`` says whether seat ``s``'s hand is known whole — when not,
    ``hands[s]`` holds only the cards it is known to have (those it played).  Pure: nothing is mutated.
    """
    attempted = tuple(attempted)
    rule = getattr(ctx.rules, "throw_forced", ThrowForced.LARGEST_SHAPE)
    shown = analyse_lead(ctx, attempted)
    unknown = tuple((leader + i) & 3 for i in (1, 2, 3) if not known[(leader + i) & 3])
    accepted = shown.mixed and getattr(ctx.rules, "mixed_throw", None) is MixedThrow.SAME_LETTER \
        and same_letter(ctx, attempted)           # a throw of one printed suit the ruleset accepts (§4)
    if (shown.mixed and not accepted) or not shown.units:
        return RequiredTrick(leader, attempted, None, (), rule, unknown=unknown)
    beaten, holder, beater = ((), None, ()) if decision.stands else _proof(ctx, shown, attempted, leader, hands)
    lead_cards = tuple(decision.lead)
    base = RequiredTrick(leader, attempted, decision.stands, lead_cards, rule, beaten, holder, beater,
                         unknown=unknown)
    if not lead_cards:
        return base
    lead = analyse_lead(ctx, lead_cards)
    if lead.mixed:          # such a throw standing: the follows to it are not judged (tricks.judge_trick)
        return _replace(base, limit="mixed", points_floor=_points(lead_cards))
    followers: list[FollowerChoice] = []
    listed: list[list] = []
    for i in (1, 2, 3):
        seat = (leader + i) & 3
        if not known[seat]:
            followers.append(FollowerChoice(seat, False, lead.count))
            listed.append([])
            continue
        choice, plays = _follower(ctx, lead, seat, hands[seat])
        followers.append(choice)
        listed.append(plays)
    floor = _points(lead.cards) + sum(f.points[0] for f in followers if f.points is not None)
    base = _replace(base, followers=tuple(followers), points_floor=floor)
    if unknown:
        return base
    return _settled(ctx, lead, base, listed, MAX_COMBINATIONS)


def completions(ctx: HandContext, leader: Seat, lead_cards: Sequence[Card],
                played: dict[Seat, tuple[Card, ...]], hands: dict[Seat, Counts],
                max_combinations: int = MAX_COMBINATIONS) -> RequiredTrick:
    """A trick the record ends in: led by ``leader`` with ``lead_cards`` as played, the followers
    in ``played`` with their recorded plays, the others (``hands``: their cards at the trick's
    start) with every legal follow they hold — its possible ``winners`` and ``points`` (least,
    most), by the same enumeration, bounds and ``limit`` as :func:`required_trick`
    (``max_combinations``: a tighter bound for a caller that runs on every hand)."""
    lead_cards = tuple(lead_cards)
    lead = analyse_lead(ctx, lead_cards)
    rule = getattr(ctx.rules, "throw_forced", ThrowForced.LARGEST_SHAPE)
    base = RequiredTrick(leader, lead_cards, True, lead_cards, rule)
    if lead.mixed or not lead.units:
        return base
    followers: list[FollowerChoice] = []
    listed: list[list] = []
    for i in (1, 2, 3):
        seat = (leader + i) & 3
        if seat in played:
            cards = played[seat]
            followers.append(FollowerChoice(seat, True, len(cards), 1, cards, (), (_points(cards),) * 2))
            listed.append([cards])
        else:
            choice, plays = _follower(ctx, lead, seat, hands[seat])
            followers.append(choice)
            listed.append(plays)
    return _settled(ctx, lead, _replace(base, followers=tuple(followers)), listed, max_combinations)


def _settled(ctx: HandContext, lead: Lead, base: RequiredTrick, listed: Sequence[list],
             max_combinations: int) -> RequiredTrick:
    """``base`` (every follower's choices listed, or not) with its winners and points, or the limit
    that stops them: a follower too short to follow, one with more than :data:`MAX_FOLLOWS` choices,
    or more than ``max_combinations`` combinations."""
    if any(f.choices == 0 for f in base.followers):
        return _replace(base, limit="short")
    if any(f.choices is None for f in base.followers):
        return _replace(base, limit="follows")
    return _winners(ctx, lead, base, listed, max_combinations)


def _replace(r, **changes):
    return dataclasses.replace(r, **changes)


def _winners(ctx: HandContext, lead: Lead, base: RequiredTrick, listed: Sequence[list],
             max_combinations: int = MAX_COMBINATIONS) -> RequiredTrick:
    """Every combination of the followers' choices that the winner or the points can tell apart:
    per follower, one play per (strength class, points)."""
    leader = base.leader
    seats = [f.seat for f in base.followers]
    reps: list[list[tuple[int, tuple[Card, ...], list[tuple[Card, ...]]]]] = []
    for seat, plays in zip(seats, listed):
        mine = []
        for ci, cls in enumerate(_classes(ctx, lead, leader, seat, plays)):
            by_points: dict[int, list[tuple[Card, ...]]] = {}
            for p in cls:
                by_points.setdefault(_points(p), []).append(p)
            for pts, group in by_points.items():
                mine.append((ci, group[0], group))
        reps.append(mine)
    total = 1
    for mine in reps:
        total *= len(mine)
    if total > max_combinations:
        return _replace(base, limit="combinations")
    lead_points = _points(lead.cards)
    winners: set[Seat] = set()
    by_seat: list[tuple[int, int] | None] = [None] * 4
    wins: list[set[int]] = [set() for _ in seats]            # indexes into reps[i] that win
    lo, hi = None, None
    for combo in itertools.product(*[range(len(m)) for m in reps]):
        plays = [(leader, lead.cards)] + [(seats[i], reps[i][j][1]) for i, j in enumerate(combo)]
        w = plays[trick_winner(ctx, lead, plays)[0]][0]
        winners.add(w)
        pts = lead_points + sum(_points(reps[i][j][1]) for i, j in enumerate(combo))
        lo = pts if lo is None else min(lo, pts)
        hi = pts if hi is None else max(hi, pts)
        cur = by_seat[w]
        by_seat[w] = (pts, pts) if cur is None else (min(cur[0], pts), max(cur[1], pts))
        if w != leader:
            wins[seats.index(w)].add(combo[seats.index(w)])
    followers = []
    for i, f in enumerate(base.followers):
        classes = {reps[i][j][0] for j in wins[i]}
        plays = [p for j in sorted(wins[i]) for p in reps[i][j][2]]
        plays = [p for p in dict.fromkeys(plays)]
        plays.sort(key=lambda p: sorted(map(ctx.order.key, p), reverse=True), reverse=True)
        shown = tuple(show_order(ctx.order, p) for p in plays[:SHOWN])
        followers.append(_replace(f, winning=shown, winning_count=len(plays)) if classes else f)
    order = [leader] + seats
    return _replace(base, followers=tuple(followers), winners=tuple(s for s in order if s in winners),
                    points=(lo, hi), winner_points=tuple(by_seat))


__all__ = ["FollowerChoice", "RequiredTrick", "THROW_VERDICTS", "ThrowDecision", "completions", "required_trick",
           "throw_decision", "MAX_FOLLOWS", "MAX_COMBINATIONS"]
