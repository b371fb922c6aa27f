"""A hand whose dealer's side is known but not its seat: judged once with each seat of that side dealing, what both
give kept.

``[Dealer]`` not stated and nothing fixing the seat, the side may still be known (:mod:`.setting`: ``[Level]`` only
one side plays).  The points, the penalties and who goes up how many levels rest on the side alone; the next dealer
rests on the seat (docs/rules.md §8.2).  So the hand is judged with each seat of the side dealing, and what both give
is kept (:func:`.agreement.agree`, docs/rules.md §10.2, §14.1): a side's level after the hand both give, derived and
said from what (:func:`.kept_result.result_facts`); the outcome itself stays withheld where the two name different
next dealers (:attr:`~.verdicts.HandResult.outcomes_open`: the next hand's ``[Dealer]`` is then not checked,
:data:`.setting.DEALER_OPEN`).  Nothing else of a seat's judgement is taken: who was to lead the first trick, and the
findings, stay those of the hand judged without a seat.  A seat whose judgement the hand's cards set aside (it comes
back with another dealer: :func:`.contradictions.questioned`) leaves the hand as it was judged — which seat the cards
fix is not derived here.
"""
from __future__ import annotations

import dataclasses
from typing import Callable

from ..records.model import Hand
from . import explain_unknown
from .agreement import agree
from .kept_result import READINGS_RESULT, result_facts
from .verdicts import HandResult, Unknown

_KEPT = ("outcomes_open", "passes_open", "levels_after", "player_levels_after", "levels_after_span",
         "levels_after_pairs")
"""The fields of the seats' merged judgement taken: the result they give (the outcome itself differs)."""


def seats_open(hand: Hand, result: HandResult) -> tuple[int, int] | None:
    """The two seats that may have dealt ``hand`` (``result``: judged as recorded), when the record leaves the seat
    open but the side known (fixed partners: in friend mode the side is not known without the seat), nothing but the
    seat withholding the outcome; else ``None``."""
    if hand.dealer is not None or result.dealer is not None or result.rules.friend or not result.defenders:
        return None
    side = next((u for u in result.unknowns if u.tag == "Dealer"), None)
    if side is None or "outcome" not in side.withheld:
        return None
    team = next(iter(result.defenders)) & 1
    return team, team + 2


def judge(hand: Hand, result: HandResult, replay: Callable[[Hand], HandResult]) -> HandResult:
    """``result`` (``hand`` judged with its dealer's seat open, :func:`seats_open`) with the result the hand judged
    once with each seat dealing (``replay``) gives: the levels after it both give, the outcomes both give — the
    outcome kept only where they are one; else ``result`` as it is."""
    seats = seats_open(hand, result)
    if seats is None:
        return result
    results = [replay(dataclasses.replace(hand, dealer=seat)) for seat in seats]
    if any(r.dealer != seat for r, seat in zip(results, seats)):
        return result       # the cards set a seat aside (judged under another dealer): not derived here
    changes, _ = agree(results, [t.plays for t in hand.tricks], lambda v: (v.message_zh, v.message_en))
    merged = dataclasses.replace(results[0], **changes)
    if not merged.outcomes_open:
        return result       # an outcome not known, or one ending the match (the end then open): withheld
    team = seats[0]
    kept = {name: getattr(merged, name) for name in _KEPT}
    facts = tuple(result_facts(results, READINGS_RESULT, explain_unknown.dealer_seat_ways(team)))
    levels_kept = None not in kept["player_levels_after"]
    unknowns = tuple(_seat_unknown(hand, u, team, levels_kept) if u.tag == "Dealer" else u for u in result.unknowns)
    return dataclasses.replace(result, **kept, derived=result.derived + facts, unknowns=unknowns)


def _seat_unknown(hand: Hand, u: Unknown, team: int, levels_kept: bool) -> Unknown:
    """The ``Dealer`` item ``u`` of a hand whose seats' judgements give every level after it (``levels_kept``): the
    levels no longer withheld for want of the seat (:func:`.setting.hand_setting`'s words)."""
    if not levels_kept:
        return u
    what = tuple(w for w in u.withheld if w != "levels")
    bad_value = hand.position("dealer") is not None
    return Unknown("Dealer", what, *explain_unknown.dealer_seat_unknown(what, team, bad_value))


__all__ = ["judge", "seats_open"]
