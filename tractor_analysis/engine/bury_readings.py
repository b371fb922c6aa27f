"""A ``Buried:`` line its taker's plays contradict: the hand judged under each reading, what all give kept.

E (the dealer) buries, says the record, ``… C4 C5`` — a bury E could make — but E plays ♣5 in trick 14
and never plays ♣3, and E's plays are a whole hand out of its deal and the bottom: they leave the bury
``… C4 C3``.  The record allows two readings and does not say which is right (docs/rules.md §1.5):

- **A**, the ``Buried:`` line is miscopied: the bury is what the plays leave (as a line naming a card
  never held is read, §1.5) — or, where the plays are not a whole hand (the record stops short, leaves a
  play of the taker out, or the taker plays a card it never held), which cards it buried instead of the
  ones it plays is not known (so too where a trick line gives no play, the contradicting play after it:
  :func:`disputes`): the hand judged with no ``Buried:`` line (:func:`line_miscopied`);
- **B**, the plays are miscopied: the line is the bury, and the cards the taker played beyond the hand
  the line leaves it (``excess``) stand for the cards it held and never played (``unplaced``) — put in
  their places only where that is forced (every play of the excess cards is one, and the unplaced cards
  are all one card); else those plays are not known: left out of their tricks, and judged over every
  way they could go, as a play the record leaves out (:mod:`.record_gaps`, :mod:`.unfilled_gaps`);
- and, when the deal lines and the ``Bottom:`` line do not place every card of the decks
  (:attr:`.bottom_exchange.Disputed.pack_whole`), **C**, a deal line is miscopied: the hand as recorded,
  its line set aside as :mod:`.deal_lines` does.

The hand is judged under each; what every judgement gives is kept (:func:`.agreement.agree`: violations,
winners, points, outcome, levels), the rest withheld.  The contradiction itself is reported, once per
bury: a ``bad_bury`` naming the cards the line buries that the taker plays, and those it never plays — a
fault of one reading alone (a ``not_in_hand``, cards left after the last trick, a claim the other
reading's points bear out) is not.  An ``"unknown"`` item (tag ``Buried``) names the readings and what
they do not all give.  After 炒地皮 each taker's bury is read so (:func:`.bottom_exchange._chain_take`).
"""
from __future__ import annotations

import dataclasses
from typing import Callable, Sequence

from ..records.model import Hand, Trick
from . import explain_bury
from .agreement import agree, shared_facts, sides_withheld
from .record_gaps import find_gaps
from .bottom_exchange import Disputed
from .played_cards import Played
from .starting_hands import starting_hands
from .verdicts import as_record_finding, hand_violation
from .verdicts import HandResult, Unknown, Violation


def disputes(hand: Hand, result: HandResult, later: Sequence[Trick] = ()) -> tuple[Disputed, ...]:
    """The buries of ``hand``'s ``Buried:`` line its takers' plays contradict (:class:`.bottom_exchange.Disputed`),
    ``result`` being the hand judged as recorded.  Found from the record itself — each taker's recorded plays
    against its deal + bottom − bury (:attr:`.bottom_exchange.Start.disputed`) —, whatever is judged: a play
    in a trick not judged (after a play left out that no way fills in, the trump not known) contradicts the
    line just the same (docs/rules.md §1.5).  ``later``: the record's tricks after ``hand``'s, from a trick
    line without a readable play on (:func:`.unread_tricks.tricks_read`): not judged, their plays count too.
    The bury the plays leave is not known (``None``) for a taker the record leaves out of a trick (every
    seat, where a trick line gives no play).  (Where every trick was judged, a taker whose plays contradict
    the line played a card not held then, ``not_in_hand``: only those are asked, the common case quick.)"""
    if hand.setup or hand.deal is None or hand.buried is None or result.dealer is None:
        return ()
    unheld = {v.seat for v in result.violations if v.code == "not_in_hand" and v.trick is not None}
    every = not later and result.tricks_judged and len(result.tricks) == len(hand.tricks)
    if every and not unheld:
        return ()
    whole = dataclasses.replace(hand, tricks=(*hand.tricks, *later)) if later else hand
    start = starting_hands(whole, result.rules, result.dealer, Played(whole))
    # a taker the record leaves out of a trick: its plays are not all it held, whatever their count
    out = set(range(4)) if not all(t.plays for t in whole.tricks) else {s for g in find_gaps(whole) for s in g.missing}
    return tuple(d if d.seat not in out else dataclasses.replace(d, bury=None)
                 for d in start.disputed if not every or d.seat in unheld)


def line_miscopied(hand: Hand, found: Sequence[Disputed]) -> Hand:
    """Reading A: ``hand`` with each disputed bury of its ``Buried:`` line the bury its taker's plays leave —
    or, where they leave none (they are not a whole hand out of what it held: which cards it buried instead
    is not known), no ``Buried:`` line at all (:func:`.starting_hands.starting_hands`: the taker's hand read
    from its plays, the bury not known, what rests on it withheld; after 炒地皮 every taker's so)."""
    if any(d.bury is None for d in found):
        return dataclasses.replace(hand, buried=None, earlier_buries=())
    buries = [*hand.earlier_buries, hand.buried]
    for d in found:
        buries[d.index] = d.bury
    return dataclasses.replace(hand, buried=buries[-1], earlier_buries=tuple(buries[:-1]))


def _excess_plays(hand: Hand, d: Disputed) -> tuple[list[tuple[int, int]], bool]:
    """The places (trick index, play index) of ``d.seat``'s plays that hold a card of ``d.excess``'s kinds,
    and whether putting ``d.unplaced`` in the excess cards' places is forced: every card of those kinds it
    plays is an excess one (no copy of them is in the hand the line leaves it), the unplaced cards are all
    one card, none is in a failed throw (whose shown cards it held too), and the record leaves out no play
    of the seat inside a trick (:func:`.record_gaps.find_gaps`), nor a trick line's every play (that play
    may be the unplaced card)."""
    kinds = set(d.excess)
    places, plays_of = [], dict.fromkeys(kinds, 0)
    shown = False
    for i, trick in enumerate(hand.tricks):
        for j, p in enumerate(trick.plays):
            if p.seat != d.seat or not kinds.intersection(p.cards):
                continue
            places.append((i, j))
            shown = shown or p.attempted is not None
            for k in p.cards:
                if k in plays_of:
                    plays_of[k] += 1
    forced = (not shown and len(set(d.unplaced)) == 1 and all(plays_of[k] == d.excess.count(k) for k in kinds)
              and all(t.plays for t in hand.tricks) and not any(d.seat in g.missing for g in find_gaps(hand)))
    return places, forced


def plays_miscopied(hand: Hand, found: Sequence[Disputed],
                    later: Sequence[Trick] = ()) -> tuple[Hand, list[bool], list[tuple[int, ...]]]:
    """Reading B: ``hand`` with the ``Buried:`` line as written and each taker's plays that contradict it
    put right where that is forced (:func:`_excess_plays`), else left out of their tricks (judged over
    every way they could go); per dispute whether it was forced, and the tricks of those plays — those of
    ``later`` too (the record's tricks after ``hand``'s, not judged: :func:`disputes`)."""
    tricks = [list(t.plays) for t in hand.tricks]
    whole = (*hand.tricks, *later)
    drop: set[tuple[int, int]] = set()
    forced_all, numbers = [], []
    for d in found:
        places, forced = _excess_plays(dataclasses.replace(hand, tricks=whole) if later else hand, d)
        forced_all.append(forced)
        numbers.append(tuple(sorted({whole[i].number for i, _ in places})))
        places = [(i, j) for i, j in places if i < len(tricks)]
        if not forced:
            drop.update(places)
            continue
        put = d.unplaced[0]
        for i, j in places:
            p = tricks[i][j]
            tricks[i][j] = dataclasses.replace(p, cards=tuple(put if k in d.excess else k for k in p.cards))
    new = tuple(dataclasses.replace(t, plays=tuple(p for j, p in enumerate(tricks[i]) if (i, j) not in drop))
                for i, t in enumerate(hand.tricks))
    return dataclasses.replace(hand, tricks=new), forced_all, numbers


def judge(hand: Hand, found: Sequence[Disputed], line_wrong: Callable[[Hand], HandResult],
          plays_wrong: Callable[[Hand], HandResult], as_recorded: Callable[[], HandResult],
          order: Callable[[Violation], tuple], later: Sequence[Trick] = ()) -> HandResult:
    """``hand`` judged under each reading of its disputed buries (``found``; see the module's words):
    ``line_wrong`` judges reading A, ``plays_wrong`` reading B (a hand that may leave plays out),
    ``as_recorded`` reading C (asked only when a deal line may be the miscopy); what every judgement gives
    is kept, the contradiction reported (``bad_bury``) and the rest said unknown (tag ``Buried``).
    ``later``: the record's tricks after ``hand``'s, not judged (:func:`disputes`): their plays named too."""
    b_hand, forced, numbers = plays_miscopied(hand, found, later)
    results = [line_wrong(line_miscopied(hand, found)), plays_wrong(b_hand)]
    lines_too = not all(d.pack_whole for d in found)
    if lines_too:
        results.append(as_recorded())
    base = results[0]
    changes, what = agree(results, [t.plays for t in hand.tricks],
                          lambda v: explain_bury.fault_either_reading(v.seat, v.code))
    takes = len(hand.earlier_buries) + 1
    # the Buried: line or the plays are miscopied: the record is wrong either way — a seat cannot play a card it
    # buried —, the record's finding, no seat's violation (docs/rules.md §1.5, §13.1)
    said = [as_record_finding(hand_violation("bad_bury", d.seat, explain_bury.bury_disputed(
        d.seat, d.index, takes, d.line, d.excess, d.unplaced, n, d.bury), d.line)) for d, n in zip(found, numbers)]
    changes["violations"] = tuple(sorted([*said, *changes["violations"]], key=order))
    sides_withheld(results, changes, what)
    what = list(dict.fromkeys(what))        # (agree may name legality twice)
    unknowns, derived = shared_facts(results)
    words = explain_bury.bury_readings(
        [(d.seat, d.index, takes, d.bury, d.excess, d.unplaced, n, f) for d, n, f in zip(found, numbers, forced)],
        lines_too, what)
    changes["unknowns"] = (*unknowns, Unknown("Buried", tuple(what), *words))
    changes["derived"] = tuple(derived)
    return dataclasses.replace(base, **changes)


__all__ = ["disputes", "judge", "line_miscopied", "plays_miscopied"]
