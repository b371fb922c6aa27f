"""The throw check (甩牌, docs/rules.md §4.4–§4.6): whether a throw stands against the other hands, and the play
it forces when it does not — for the replay's verdicts, the rules' trick after a failed throw, the solver's leads
and the simulator.  ``ctx`` is a :class:`tractor_analysis.engine.tricks.HandContext`; hands are 54 counts.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..records.rulesets import MixedThrow, ThrowForced
from . import throw_units
from .legal import Lead, analyse_lead
from .units import Unit, availability


@dataclass(frozen=True, slots=True)
class ThrowCheck:
    """Outcome of the throw check (rules.md §4)."""

    stands: bool
    forced: tuple[int, ...] = ()
    """When it fails: the smallest unit of the largest beaten shape."""
    unit: Unit | None = None
    """The throw's unit that was beaten (the forced play)."""
    holder: int | None = None
    """The first seat (in play order) holding a beating unit."""
    beater: tuple[int, ...] = ()
    """One beating unit that seat holds (its highest)."""
    forced_unit: Unit | None = None
    """The unit the leader must play when it is not the beaten one (``throw_forced = lowest_unit``)."""


def check_throw(ctx, cards: Sequence[int], others: Sequence[tuple[int, Sequence[int]]],
                lead: Lead | None = None) -> ThrowCheck:
    """Would the throw ``cards`` stand against ``others`` = ``[(seat, hand), …]`` in play order?

    For each shape of the throw, largest first (:func:`tractor_analysis.engine.units.shape_rank`), its
    smallest unit is checked against every other hand: a unit of the same shape (same copies,
    same length) in the same group with a higher top beats it.  The first beaten shape
    gives the forced play (seed ``003_…``: "首家试图联出98844时，若其余某家有此花色的J，则首家必须出9，
    若其余某家有此花色的QQ或55，则首家必须出44").  With ``throw_forced = lowest_unit`` (80fen)
    the forced play is instead the unit with the lowest top card of the whole throw, pairs and
    tractors before singles on a tie, whichever unit was beaten.
    """
    if lead is None:
        lead = analyse_lead(ctx, cards)
    mixed = lead.mixed and getattr(ctx.rules, "mixed_throw", None) is MixedThrow.SAME_LETTER \
        and throw_units.same_letter(ctx, lead.cards)
    if len(lead.units) <= 1 and not mixed:
        return _STANDS
    forced_rule = getattr(ctx.rules, "throw_forced", ThrowForced.LARGEST_SHAPE)
    if forced_rule is ThrowForced.LOWEST_CARD or mixed:     # Botzone: every unit on its own
        found = throw_units.lowest_card(ctx, lead, others, mixed)
        return _STANDS if found is None else ThrowCheck(False, *found)
    o = ctx.order
    g = lead.group
    kinds = o.kinds[g]
    st = o.strength
    for c, L, smallest in lead.checks:
        top = smallest.top
        for seat, hand in others:
            best = -1
            if L == 1:              # the strongest kind above ``top`` held ``c`` times (kinds: weakest first)
                for i in range(len(kinds) - 1, -1, -1):
                    k = kinds[i]
                    if st[k] <= top:
                        break
                    if hand[k] >= c:
                        best = st[k]
                        break
            else:
                run = 0
                for s, a in enumerate(availability(o, hand, g, c)):
                    run = run + 1 if a > 0 else 0
                    if run >= L and s > top:
                        best = s
            if best >= 0:
                beater = []
                for s in range(best, best - L, -1):
                    k = next(k for k in o.at[g][s] if hand[k] >= c)
                    beater.extend([k] * c)
                if forced_rule is ThrowForced.LOWEST_UNIT:
                    low = min(lead.units, key=lambda u: (u.top, u.copies == 1, -len(u.cards)))
                    return ThrowCheck(False, low.cards, smallest, seat, tuple(beater), low)
                return ThrowCheck(False, smallest.cards, smallest, seat, tuple(beater))
    return _STANDS


_STANDS = ThrowCheck(True)


def throw_stands(ctx, cards: Sequence[int], other_hands: Sequence[Sequence[int]]) -> tuple[bool, tuple[int, ...]]:
    """``(stands, forced)`` for a throw against the other hands (any order); ``forced`` is ``()`` if it stands."""
    r = check_throw(ctx, cards, list(enumerate(other_hands)))
    return r.stands, r.forced


__all__ = ["ThrowCheck", "check_throw", "throw_stands"]
