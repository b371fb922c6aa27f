"""A failed throw written without its arrow: the followers' counts show the forced play.

A record may write a throw that failed as the cards shown alone (``E: DK D9 D8 D7 D6, S: S5, W: D2, N: D3``),
the scorer leaving out ``-> forced``.  Where the engine proves the throw fails (the other hands at the trick's
start, docs/rules.md §4.4) and every follower written plays exactly as many cards as the forced play the
ruleset's ``throw_forced`` fixes (§4.5) — fewer than the throw —, the record itself shows the throw failed and
to what: the trick is read as ``shown -> forced`` (:func:`read_with_arrows`), said as a derived fact
(``failed_throw``: from the followers' counts and the rule).  The followers are then judged against the forced
play, and the other cards stay in the leader's hand.  Followers playing the whole throw's count keep the
throw as it stands written (its ``throw_failed`` names the forced play).

The forced play is the rule's, never picked: where units of the throw equal to the forced one (the same
shape and top: equal cards, §2.5) leave the rule's choice open, the hand is judged once for each and only
what every judgement gives is kept (:mod:`.agreement`), the rest withheld (``"unknown"`` tag ``play``).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Callable, Sequence

from ..records.model import Hand
from ..records.rulesets import ThrowForced
from . import explain_throw_arrows
from .agreement import agree, shared_facts, sides_withheld
from .legal import analyse_lead
from .tricks import forced_choices, hand_context
from .verdicts import Derived, HandResult, Unknown, Violation

MAX_READINGS = 8
"""The most judgements of one hand the forced plays left open may ask for; past it, the first trick's
throw is still read with its arrow over its own choices, the later ones as written."""


@dataclass(frozen=True, slots=True)
class Unmarked:
    """A throw the engine proves failed, written without ``->``, each follower playing the forced play's count."""
    index: int
    """Its trick's place in ``Hand.tricks``."""
    number: int
    seat: int
    shown: tuple[int, ...]
    forced: tuple[tuple[int, ...], ...]
    """The forced plays the rule allows (one: the rule fixes it; several: equal units, the choice open)."""
    mixed: bool = False
    """Some followers written play the forced play's count and others another (not the throw's, all of them):
    the record does not show the throw failed — read both ways, what both give kept."""


def unmarked_throws(hand: Hand, result: HandResult) -> tuple[Unmarked, ...]:
    """The tricks of ``hand`` (judged as ``result``) whose lead is a throw written without ``->`` that the
    engine rules ``throw_failed`` with a forced play known, every follower written (one at least) playing
    exactly the forced play's number of cards, fewer than the throw's."""
    if not result.tricks_judged or len(result.tricks) != len(hand.tricks):
        return ()
    ctx = None
    out = []
    for i, (trick, judged) in enumerate(zip(hand.tricks, result.tricks)):
        v = _throw_failed(judged.violations, trick.number)
        if v is None or not trick.plays or len(trick.plays) < 2:
            continue
        lead = trick.plays[0]
        n = len(v.better)
        if lead.attempted is not None or v.seat != lead.seat or not 0 < n < len(lead.cards):
            continue
        counts = [len(p.cards) for p in trick.plays[1:]]
        mixed = any(c != n for c in counts)
        if mixed and n not in counts:
            continue        # no follower plays the forced count: as written
        if ctx is None:
            ctx = hand_context(result.rules, result.level, result.trump)
        out.append(Unmarked(i, trick.number, lead.seat, tuple(lead.cards), _forced_choices(ctx, lead.cards, v.better),
                            mixed))
    return tuple(out)


def _throw_failed(violations: Sequence[Violation], number: int) -> Violation | None:
    for v in violations:
        if v.code == "throw_failed" and v.trick == number and v.better:
            return v
    return None


def _forced_choices(ctx, shown: Sequence[int], forced: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """The forced plays the rule leaves for the throw ``shown`` whose forced play the check found is ``forced``
    (:func:`.tricks.forced_choices`: equal units, docs/rules.md §2.5, each once)."""
    return forced_choices(ctx, analyse_lead(ctx, tuple(shown)), forced)


def with_arrow(hand: Hand, index: int, forced: Sequence[int]) -> Hand:
    """``hand`` with trick ``index``'s lead read as ``shown -> forced``."""
    trick = hand.tricks[index]
    lead = trick.plays[0]
    play = dataclasses.replace(lead, cards=tuple(forced), attempted=tuple(lead.cards))
    tricks = list(hand.tricks)
    tricks[index] = dataclasses.replace(trick, plays=(play, *trick.plays[1:]))
    return dataclasses.replace(hand, tricks=tuple(tricks))


def _derived(u: Unmarked, forced: Sequence[int], rule: str, count: int) -> Derived:
    zh, en = explain_throw_arrows.throw_arrow_left_out(u.number, u.seat, u.shown, forced, count, rule)
    value = explain_throw_arrows.throw_arrow_value(u.number, u.seat, u.shown, forced)
    source = f"the followers' counts (each plays {count}) and the rule (throw_forced = {rule}, docs/rules.md §4.5)"
    return Derived("failed_throw", value, source, zh, en)


def read_with_arrows(hand: Hand, result: HandResult, again: Callable[[Hand], HandResult],
                     order: Callable[[Violation], tuple], budget: int = MAX_READINGS) -> HandResult:
    """``result`` (``hand`` judged as recorded by ``again``) with each throw :func:`unmarked_throws` finds read
    as ``shown -> forced``, one after the other (reading one changes the hands the next is judged on), each
    said as a derived fact; where the rule leaves the forced play open, every choice judged and what all give
    kept (``order``: the hand's order of violations)."""
    said: list[Derived] = []
    rule = result.rules.throw_forced.value
    for _ in range(len(hand.tricks)):
        found = unmarked_throws(hand, result)
        if not found:
            break
        u = found[0]
        if u.mixed:             # the followers' counts disagree: the hand read as written and with the arrow
            result = _both_ways(hand, result, u, again, order, rule)
            break
        if len(u.forced) == 1:
            hand = with_arrow(hand, u.index, u.forced[0])
            result = again(hand)
            said.append(_derived(u, u.forced[0], rule, len(u.forced[0])))
            continue
        result = _choices(hand, u, again, order, max(1, budget // len(u.forced)), rule)
        break
    if not said:
        return result
    return dataclasses.replace(result, derived=(*result.derived, *said))


def _both_ways(hand: Hand, result: HandResult, u: Unmarked, again: Callable[[Hand], HandResult],
               order: Callable[[Violation], tuple], rule: str) -> HandResult:
    """``hand`` (judged as written: ``result``) judged again with ``u``'s throw read as ``shown -> forced`` (each
    forced play the rule leaves open), what every judgement gives kept and the rest withheld (``"unknown"`` tag
    ``play``): some followers' counts show the throw failed, others' do not, and the record does not say which
    is the slip."""
    readings = [result] + [again(with_arrow(hand, u.index, forced)) for forced in u.forced]
    changes, what = agree(readings, [t.plays for t in hand.tricks],
                          lambda v: explain_throw_arrows.fault_arrow_or_not(v.seat, v.code))
    changes["violations"] = tuple(sorted(changes["violations"], key=order))
    sides_withheld(readings, changes, what)
    what = list(dict.fromkeys(what))
    unknowns, derived = shared_facts(readings)
    words = explain_throw_arrows.throw_arrow_mixed(u.number, u.seat, u.shown, u.forced, len(u.forced[0]), rule, what)
    changes["unknowns"] = (*unknowns, Unknown("play", tuple(what), *words))
    changes["derived"] = tuple(derived)
    return dataclasses.replace(result, **changes)


def _choices(hand: Hand, u: Unmarked, again: Callable[[Hand], HandResult], order: Callable[[Violation], tuple],
             budget: int, rule: str) -> HandResult:
    """``hand`` judged once for each forced play ``u`` leaves open (each read on, later throws too, while
    ``budget`` lasts), what every judgement gives kept and the rest withheld (``"unknown"`` tag ``play``)."""
    readings = []
    for forced in u.forced:
        h = with_arrow(hand, u.index, forced)
        r = again(h)
        readings.append(read_with_arrows(h, r, again, order, budget) if budget > 1 else r)
    changes, what = agree(readings, [t.plays for t in hand.tricks],
                          lambda v: explain_throw_arrows.fault_either_forced_play(v.seat, v.code))
    changes["violations"] = tuple(sorted(changes["violations"], key=order))
    sides_withheld(readings, changes, what)
    what = list(dict.fromkeys(what))
    unknowns, derived = shared_facts(readings)
    words = explain_throw_arrows.throw_arrow_choice(u.number, u.seat, u.shown, u.forced, len(u.forced[0]), rule,
                                                    what)
    changes["unknowns"] = (*unknowns, Unknown("play", tuple(what), *words))
    changes["derived"] = tuple(derived)
    return dataclasses.replace(readings[0], **changes)


__all__ = ["MAX_READINGS", "Unmarked", "read_with_arrows", "unmarked_throws", "with_arrow"]
