"""A throw tested unit by unit, as Botzone's judge does (``throw_forced = lowest_card``, rules.md §4).

The usual check (:func:`tractor_analysis.engine.throw_check.check_throw`) tries the smallest unit
of each shape of a throw and stops at the first one another player can beat.  Botzone's judge
tests **every** unit of the throw against each of the three other players (partner included):

* a single or a pair is beaten by a higher unit of its size in the same group (an off-suit
  level card only by the trump-suit level card or a joker: they are equal among themselves);
* a tractor of ``L`` pairs is beaten only by a run of ``L`` pairs lying wholly above its top
  (so 5566 does not beat 4455; the small-small-big-big jokers beat any two-pair trump tractor).

Every beaten unit is charged (``throw_penalty_cards = failing_units``: 10 points a card of
each), and one card is played: the lowest card of the beaten unit whose top is lowest — between
equal off-suit level cards, the first in the judge's list, ♠ ♥ ♣ ♦.
"""
from __future__ import annotations

from typing import NamedTuple, Sequence

from ..records.rulesets import ThrowPenaltyCards
from .units import Unit, availability, chain_top, counts_in, split_units

_JUDGE_SUIT_ORDER = {0: 0, 1: 1, 3: 2, 2: 3, 4: 4}
"""The judge's list order of the suits (s h c d), by our suit number: its tie between equal cards."""


class Beaten(NamedTuple):
    """One unit of a throw that another player can beat."""

    unit: Unit
    holder: int
    """The first seat (in play order) that can beat it."""
    beater: tuple[int, ...]
    """One unit that seat holds which beats it (its highest)."""


def _beater(o, hand: Sequence[int], group: int, unit: Unit) -> tuple[int, ...]:
    """The highest unit of ``hand`` that beats ``unit`` (``()`` when none)."""
    c, length, top = unit.copies, unit.length, unit.top
    st = o.strength
    if length == 1:
        kinds = o.kinds[group]
        for i in range(len(kinds) - 1, -1, -1):
            k = kinds[i]
            if st[k] <= top:
                return ()
            if hand[k] >= c:
                return (k,) * c
        return ()
    av = availability(o, hand, group, c)
    run, best = 0, -1
    for s in range(top + 1, len(av)):            # the run must lie wholly above the unit's top
        run = run + 1 if av[s] > 0 else 0
        if run >= length:
            best = s
    if best < 0:
        return ()
    out: list[int] = []
    for s in range(best, best - length, -1):
        k = next(k for k in o.at[group][s] if hand[k] >= c)
        out.extend([k] * c)
    return tuple(out)


def beaten_units(ctx, lead, others: Sequence[tuple[int, Sequence[int]]]) -> list[Beaten]:
    """Every unit of ``lead`` (a throw) that one of ``others`` (``[(seat, hand)]``, in play order) can beat."""
    o = ctx.order
    out = []
    for unit in lead.units:
        for seat, hand in others:
            beater = _beater(o, hand, lead.group, unit)
            if beater:
                out.append(Beaten(unit, seat, beater))
                break
    return out


def forced_card(ctx, beaten: Sequence[Beaten]) -> tuple[Beaten, int]:
    """The beaten unit whose top is lowest and its lowest card: what the thrower must play."""
    o = ctx.order
    low = min(beaten, key=lambda b: (b.unit.top, _suit_rank(b.unit.kinds[0])))
    return low, min(low.unit.kinds, key=lambda k: (o.strength[k], _suit_rank(k)))


def failing_cards(ctx, lead, others: Sequence[tuple[int, Sequence[int]]], mixed: bool = False) -> int:
    """``throw_penalty_cards = failing_units``: the cards of every unit of the throw ``lead`` that one
    of ``others`` can beat, each unit tested on its own (as the judge does, whatever ``throw_forced``)."""
    beaten = (beaten_parts(ctx, mixed_parts(ctx, lead.cards), others) if mixed
              else beaten_units(ctx, lead, others))
    return sum(len(b.unit.cards) for b in beaten)


def cards_charged(ctx, lead, forced: Sequence[int], others: Sequence[tuple[int, Sequence[int]]],
                  mixed: bool = False) -> int:
    """The cards a failed throw ``lead`` (analysed), forced to ``forced`` against ``others`` (``(seat, hand)``), is
    charged for (docs/rules.md §4.6), as the replay counts them (:mod:`.tricks`): with ``throw_penalty_cards =
    failing_units`` the cards of every beaten unit (:func:`failing_cards`), else the cards thrown less the forced
    play.  ``mixed``: a same-letter mixed throw (its parts tested)."""
    if ctx.rules.throw_penalty_cards is ThrowPenaltyCards.FAILING_UNITS:
        return failing_cards(ctx, lead, others, mixed)
    return max(0, len(lead.cards) - len(forced))


def lowest_card(ctx, lead, others: Sequence[tuple[int, Sequence[int]]], mixed: bool = False):
    """The throw check of ``throw_forced = lowest_card`` (and of a same-letter mixed throw): ``None``
    when the throw stands, else the fields of :class:`~tractor_analysis.engine.throw_check.ThrowCheck` —
    the forced card, the beaten unit it comes from, who can beat that unit and with what, and the
    forced card as a unit."""
    beaten = (beaten_parts(ctx, mixed_parts(ctx, lead.cards), others) if mixed
              else beaten_units(ctx, lead, others))
    if not beaten:
        return None
    low, k = forced_card(ctx, beaten)
    return (k,), low.unit, low.holder, low.beater, Unit(1, 1, ctx.order.strength[k], (k,))


def _suit_rank(kind: int) -> int:
    """Judge's list order of an off-suit level card's suit (jokers last)."""
    return _JUDGE_SUIT_ORDER[kind // 13] if kind < 52 else 4


def foreign_unit(ctx, lead, hand: Sequence[int], cards: Sequence[int]) -> bool:
    """``foreign_unit = accepted`` (Botzone's judge, its checkRes defect): on a lead that is one
    pair or one tractor, a follower who holds no such unit in the led group may play one unit
    of that shape from another group (a trump one can win).  Is ``cards`` such a play?"""
    if lead.is_throw or len(lead.units) != 1 or lead.units[0].copies != 2:
        return False
    o = ctx.order
    unit = lead.units[0]
    g = lead.group
    if unit.length == 1:
        if any(hand[k] >= 2 for k in o.kinds[g]):
            return False
    elif chain_top(availability(o, hand, g, 2), unit.length) >= 0:
        return False
    other = o.group[cards[0]]
    if other == g or any(o.group[k] != other for k in cards):
        return False
    units = split_units(o, counts_in(cards), other, 2)
    return len(units) == 1 and units[0].shape == unit.shape


def same_letter(ctx, cards: Sequence[int]) -> bool:
    """``mixed_throw = same_letter`` (Botzone's judge checks a throw's printed suit against its
    first card only): is ``cards`` a lead of a plain first card with, besides cards of its
    group, only off-suit level cards of the same printed suit?"""
    o = ctx.order
    if len(cards) < 2 or cards[0] >= 52:
        return False
    g = o.group[cards[0]]
    if g == 4:
        return False
    mixed = False
    for k in cards:
        if o.group[k] == g:
            continue
        if k >= 52 or k // 13 != g or k % 13 + 2 != o.level:
            return False
        mixed = True
    return mixed


def mixed_parts(ctx, cards: Sequence[int]) -> tuple[tuple[int, Unit], ...]:
    """A same-letter mixed throw's units, each with its own group: the plain cards' units and
    the level cards' (trump) units."""
    o = ctx.order
    counts = counts_in(cards)
    out = []
    for g in sorted({o.group[k] for k in cards}):
        out.extend((g, u) for u in split_units(o, counts, g, ctx.rules.decks))
    return tuple(out)


def beaten_parts(ctx, parts: Sequence[tuple[int, Unit]], others: Sequence[tuple[int, Sequence[int]]]
                 ) -> list[Beaten]:
    """:func:`beaten_units` for units of several groups (:func:`mixed_parts`)."""
    o = ctx.order
    out = []
    for group, unit in parts:
        for seat, hand in others:
            beater = _beater(o, hand, group, unit)
            if beater:
                out.append(Beaten(unit, seat, beater))
                break
    return out


__all__ = ["Beaten", "beaten_units", "cards_charged", "forced_card", "lowest_card", "failing_cards", "foreign_unit", "same_letter", "mixed_parts",
           "beaten_parts"]
