"""A record that ends in the middle of a trick: what its missing plays leave open.

A referee's hand-written record often stops at the disputed play, and a platform's log may be cut
off: the hand's last recorded trick then holds fewer than four plays, the missing seats being the
last ones in turn.  Nothing says those seats did not play (a missing play inside the record is
``out_of_turn``: the record goes on past it); the record simply ends.  So their absence is not a
violation, and what their plays decide is derived or unknown, never taken from the plays recorded
(docs/rules.md §4.1 and "What the record must state"):

- **the trick's winner** is derived when every way the missing seats could legally complete the
  trick gives the same winner; else it is unknown (and so is the winner's side, unless every
  seat that may win is on one side);
- **the trick's points** are derived when every such completion gives the same points; else they
  are unknown (the recorded plays' points are the least they can be).

Nothing is derived after a lead the rules do not define (:data:`FAULTY_LEAD`), or a recorded follow
that cannot win as the engine judges it (:data:`FAULTY_PLAY`).

The missing seats' legal plays are enumerated from the cards they hold (their hands are known at
the trick's start: they did not play in it) by :func:`.required_trick.completions`, the ruling's
own enumeration of a trick's legal completions, with its bounds: past them both are left
unknown — withheld, never guessed.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Sequence

from ..records.cards import POINTS, SEAT_TOKENS
from ..records.model import Trick
from . import explain_gaps
from .required_trick import completions
from .setting import Setting
from .tricks import HandContext
from .verdicts import Derived, HandResult, TrickResult, Unknown

ENDS_BEFORE = "the legal plays of the seats the record ends before"
"""The ``from`` of a trick winner or points derived in the trick a record ends in: from every legal play the
seats it ends before could make (docs/rules.md §14.1, the row "the plays after the record's last one")."""
ENDS_BEFORE_CARDS = "the cards of the seats the record ends before"
"""The ``from`` of the points of such a trick derived from every card those seats could hold, legal play or not:
none carries points (:func:`.unfilled_gaps.not_judged`, after a play left out the record does not fill in)."""
ENDS_BEFORE_SOURCES = frozenset({ENDS_BEFORE, ENDS_BEFORE_CARDS})
"""The ``from`` of every fact derived of the trick a record ends in."""

MAX_COMBINATIONS = 5000
"""Combinations of the missing seats' distinct choices beyond which nothing is derived: every
replay of a record ending mid-trick pays for them (the ruling's own bound is ten times this)."""
FAULTY_LEAD = frozenset({"mixed_lead", "not_in_hand", "wrong_count", "throw_failed", "wrong_forced_play"})
"""A lead with one of these is not a lead the rules define: what the missing seats could legally
play to it is not defined either, so nothing is derived from it (both left unknown)."""
FAULTY_PLAY = frozenset({"not_in_hand", "wrong_count"})
"""A recorded follow with one of these cannot win as the engine judges it (docs/rules-engine.md §7);
the enumeration would compare its cards as they are, so nothing is derived after it either."""


@dataclass(frozen=True, slots=True)
class Unfinished:
    """The hand's last recorded trick, which the record ends in before every seat played."""

    trick: int
    """The trick's number."""
    missing: tuple[int, ...]
    """The seats whose plays the record does not give, in turn order."""
    winner: int | None
    """The seat that wins whatever the missing seats play (``None``: not known)."""
    points: int | None
    """The trick's points whatever the missing seats play (``None``: not known; the recorded
    plays' points are the least it can be)."""
    recorded_points: int
    """The points of the plays recorded."""
    possible: frozenset[int] | None
    """Every seat that wins it in some legal completion; ``None`` when they were not enumerated
    (a lead or follow the rules do not define, or past the enumeration's bounds)."""
    last: bool = False
    """It is the hand's last trick (:func:`hand_ends`): the bottom goes with it, at a multiplier its
    winning play decides (docs/rules.md §7.2) — which matches the lead's units (:attr:`bottom_fixed`)."""
    single: bool = False
    """Its lead is one card: every play of it is one card, so a winning play is a single whatever the plays
    left out are."""
    lead_shapes: tuple[tuple[int, int], ...] = ()
    """The lead's units as the engine judged them (:attr:`.verdicts.TrickResult.lead_shapes`) where the plays left
    out were enumerated (a lead the rules define); ``()`` otherwise.  A play that beats the lead matches its units
    (:attr:`.verdicts.TrickResult.winning_shape`), so the bottom's multiplier of the hand's last trick is the lead's
    whatever the plays left out are (:attr:`bottom_fixed`)."""

    @property
    def bottom_fixed(self) -> bool:
        """It is the hand's last trick and the bottom's multiplier is the same whatever the plays left out are: each
        seat the record ends before holds just the cards of its play (:func:`hand_ends`), so every play left out is
        forced, and the multiplier is the lead's (:attr:`lead_shapes`, docs/rules.md §7.2, §7.4) — a pair's, a
        tractor's, a throw's as well as a single's."""
        return self.last and bool(self.lead_shapes)


def missing_seats(trick: Trick) -> tuple[int, ...] | None:
    """The seats after the last recorded play of ``trick`` when its plays (1 to 3 of them) are in
    turn order from its first, each seat once: the trick the record ends in.  ``None`` otherwise
    (four plays, none, or a play out of order: those are judged as they are)."""
    plays = trick.plays
    n = len(plays)
    if not 1 <= n <= 3:
        return None
    first = plays[0].seat
    if any(p.seat != (first + i) & 3 for i, p in enumerate(plays)):
        return None
    return tuple((first + i) & 3 for i in range(n, 4))


def unfinished_trick(ctx: HandContext, trick: Trick, result: TrickResult, hands_now: Sequence[Sequence[int]],
                     not_known: frozenset[int] = frozenset()) -> Unfinished | None:
    """What the missing plays of the hand's last recorded ``trick`` leave open (``None`` when it
    is not a trick the record ends in: see :func:`missing_seats`).  ``result`` is the trick as the
    engine judged its recorded plays; ``hands_now`` the hands after them (the missing seats' hands
    are as at the trick's start; ``not_known``: seats whose hands are read from their plays, so
    not known: nothing is derived when one of them is missing).  Every way the missing seats could
    legally follow is judged by :func:`.required_trick.completions` (bounded: past its limits
    nothing is derived)."""
    missing = missing_seats(trick)
    if missing is None:
        return None
    recorded = sum(POINTS[c] for p in trick.plays for c in p.cards)
    leader = trick.plays[0].seat
    last = hand_ends(trick, hands_now, missing)
    single = len(trick.plays[0].cards) == 1
    open_ = Unfinished(trick.number, missing, None, None, recorded, None, last, single)
    if not_known.intersection(missing):
        return open_
    faulty = (v for v in result.violations if v.played and v.code in (FAULTY_LEAD if v.seat == leader else FAULTY_PLAY))
    if any(faulty):
        return open_
    played = {p.seat: tuple(p.cards) for p in trick.plays[1:]}
    done = completions(ctx, leader, trick.plays[0].cards, played, {s: hands_now[s] for s in missing},
                       MAX_COMBINATIONS)
    if not done.winners or done.points is None:
        return open_
    lo, hi = done.points
    return Unfinished(trick.number, missing, done.winner, lo if lo == hi else None, recorded, frozenset(done.winners),
                      last, single, result.lead_shapes)


def hand_ends(trick: Trick, hands_now: Sequence[Sequence[int]], missing: Sequence[int]) -> bool:
    """Whether ``trick``, the one the record ends in before ``missing`` played, is the hand's last:
    each seat that played it holds no card after (``hands_now``), each seat it ends before just as
    many as the lead (it must play them all, docs/rules.md §5.4)."""
    size = len(trick.plays[0].cards)
    return all(sum(hands_now[s]) == (size if s in missing else 0) for s in range(4))


def won_by_attackers(u: Unfinished, defenders: frozenset[int]) -> bool | None:
    """Whether the attackers take the trick whatever the missing seats play (``None``: that
    depends on their plays, or is not known)."""
    if u.winner is not None:
        return u.winner not in defenders
    if u.possible is None:
        return None
    if not u.possible & defenders:
        return True
    if u.possible <= defenders:
        return False
    return None


def taken_by_attackers(h: HandResult, t: TrickResult) -> bool | None:
    """Whether the attackers take trick ``t`` of hand result ``h`` (``None``: it is not known — the
    sides are unknown, or ``t`` is the trick the record ends in and its missing plays decide)."""
    if not h.defenders:
        return None
    if t.winner is not None:
        return t.winner not in h.defenders
    u = h.unfinished
    if u is None or t is not h.tricks[-1]:
        return None
    return won_by_attackers(u, h.defenders)


def ends_record_text(u: Unfinished) -> tuple[str, str]:
    """The trick the record ends in, in a line (zh, en)."""
    return explain_gaps.ends_record(u.missing, u.winner is not None, u.points, u.recorded_points)


def unfinished_setting(setting: Setting, u: Unfinished, defenders: frozenset[int] | None,
                       bottom_known: bool = False) -> Setting:
    """``setting`` with what the trick the record ends in leaves open: the winner and the points
    derived (and from what), or unknown with what is withheld for want of them — the trick's points
    whenever they are not derived (``trick_points``: its ``points`` are ``null``, docs/rules.md §14.1),
    the attackers' points whenever their share of the trick is not certain (``defenders`` ``None``: the
    sides are unknown, and the points withheld already) — or, the hand's last trick (:attr:`Unfinished.last`),
    whenever the attackers may take it: the bottom then counts, at a multiplier the plays left out decide (not
    where they surely take it, its multiplier fixed, :attr:`Unfinished.bottom_fixed`, and the bottom is known,
    ``bottom_known``: :func:`.claimed_end.forced_end`)."""
    derived, what = [], []
    if u.winner is not None:
        derived.append(Derived("trick_winner", SEAT_TOKENS[u.winner], ENDS_BEFORE,
                               *explain_gaps.trick_winner_derived(u.trick, u.winner, u.missing)))
    else:
        what.append("trick_winner")
    if u.points is not None:
        derived.append(Derived("trick_points", str(u.points), ENDS_BEFORE,
                               *explain_gaps.trick_points_derived(u.trick, u.points, u.missing)))
    else:           # the trick's points are null: said so, whether or not the attackers' points rest on them
        what.append("trick_points")
    if defenders is not None and u.points != 0:
        taken = won_by_attackers(u, defenders)
        if taken is None or (taken and u.points is None):
            what.append("points")
    unknowns = setting.unknowns
    if what:
        unknowns += (Unknown("play", tuple(what), *explain_gaps.record_ends_in_trick(u.trick, u.missing, what)),)
    if (defenders is not None and u.last and "points" not in what and won_by_attackers(u, defenders) is not False
            and not (u.bottom_fixed and bottom_known and won_by_attackers(u, defenders))):
        # the hand's last trick: the attackers may take the bottom, at a multiplier the plays left out decide (not
        # where they surely take it at the multiplier its lead fixes: :func:`.claimed_end.forced_end`)
        unknowns += (Unknown("play", ("points",), *explain_gaps.record_ends_in_last_trick(
            u.trick, u.missing, u.bottom_fixed, bool(won_by_attackers(u, defenders)), bottom_known)),)
    return dataclasses.replace(setting, derived=setting.derived + tuple(derived), unknowns=unknowns)


__all__ = ["ENDS_BEFORE", "ENDS_BEFORE_CARDS", "ENDS_BEFORE_SOURCES", "FAULTY_LEAD", "FAULTY_PLAY", "MAX_COMBINATIONS",
           "Unfinished", "ends_record_text",
           "hand_ends", "missing_seats",
           "taken_by_attackers", "unfinished_setting", "unfinished_trick", "won_by_attackers"]
