"""A hand whose dealer's side is known but not its seat: judged once with each seat of that side dealing, what both
give kept.

``[Dealer]`` not stated and nothing fixing the seat, the side may still be known (:mod:`.setting`: ``[Level]`` only
one side plays).  The points, the penalties and who goes up how many levels rest on the side alone; the next dealer
rests on the seat (docs/rules.md §8.2).  So the hand is judged with each seat of the side dealing, and what both give
is kept (:func:`.agreement.agree`, docs/rules.md §10.2, §14.1): a side's level after the hand both give, derived and
said from what (:func:`.kept_result.result_facts`); the outcome itself stays withheld where the two name different
next dealers (:attr:`~.verdicts.HandResult.outcomes_open`: the next hand's ``[Dealer]`` is then not checked,
:data:`.setting.DEALER_OPEN`).  Nothing else of a seat's judgement is taken: who was to lead the first trick, and the
findings, stay those of the hand judged without a seat.  Where the hand's cards set one seat aside (judged with it
dealing, the hand comes back under the side's other seat: :func:`.contradictions.questioned` — cards left, a card
played and not held) and the other seat's judgement stands, that seat is the dealer, derived and said from what
(:func:`.explain_contradicted.dealer_seat_fixed`): the hand is its judgement with that seat dealing.  Any other
seat's judgement under another dealer (both seats set aside, or one for a seat of the other side) leaves the hand as
it was judged without a seat.
"""
from __future__ import annotations

import dataclasses
from typing import Callable

from ..records.model import Hand
from . import explain_contradicted, explain_unknown
from .agreement import agree
from .contradictions import card_conflicts, evidence_codes
from .kept_result import READINGS_RESULT, result_facts
from .verdicts import Derived, HandResult, Unknown

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


def judge(hand: Hand, result: HandResult, replay: Callable[[Hand], HandResult],
          recorded: Callable[[Hand], HandResult]) -> HandResult:
    """``result`` (``hand`` judged with its dealer's seat open, :func:`seats_open`) with the result the hand judged
    once with each seat dealing (``replay``) gives: the levels after it both give, the outcomes both give — the
    outcome kept only where they are one; or, the cards setting one seat aside for the other, the hand judged with
    that one dealing (:func:`_seat_fixed`; ``recorded``: the hand judged as recorded, no tag weighed — what the
    cards say against the seat set aside); else ``result`` as it is."""
    seats = seats_open(hand, result)
    if seats is None:
        return result
    results = [replay(dataclasses.replace(hand, dealer=seat)) for seat in seats]
    fixed = _seat_fixed(seats, results)
    if fixed is not None:
        return _dealer_derived(hand, result, results[fixed], seats[fixed], seats[1 - fixed], recorded)
    if any(r.dealer != seat for r, seat in zip(results, seats)):
        return result       # the cards set both seats aside, or one for the other side's: nothing derived
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


def _seat_fixed(seats: tuple[int, int], results: list[HandResult]) -> int | None:
    """The index in ``seats`` of the seat the hand's cards fix as its dealer: judged with it dealing, the hand stays
    under it; judged with the other seat dealing, the hand comes back under it too (the cards set the other aside,
    :func:`.contradictions.questioned`) — or, each standing as judged (nothing named the other seat: the first trick
    led by the seat judged), the hand's own cards speak against one more than the other (copies beyond the decks, a
    card played and not held …: :func:`.contradictions.card_conflicts`; the first lead alone never chooses).
    ``None`` when both stand alike, or neither is so fixed."""
    for k, seat in enumerate(seats):
        if results[k].dealer == seat and results[1 - k].dealer == seat:
            return k
    if all(r.dealer == seat for r, seat in zip(results, seats)):     # both stand as judged: the cards weigh them
        cards = [card_conflicts(r) for r in results]        # (a tag weighed so: contradictions._weighed)
        if cards[0] != cards[1]:
            return cards.index(min(cards))
    return None


def _dealer_derived(hand: Hand, result: HandResult, fixed: HandResult, seat: int, other: int,
                    recorded: Callable[[Hand], HandResult]) -> HandResult:
    """``fixed`` (the hand judged with ``seat``, the dealer the cards fix, dealing) with that dealer derived and said
    from what: the dealer's side (from ``[Level]`` and ``[Levels]``: its own fact, which says the seat is not known,
    is not in ``fixed``) and what the cards say against ``other`` dealing (``recorded``).  No ``[Dealer]`` is
    stated, so none is checked against the hands before: the items of the broken chain are ``result``'s (the hand
    judged without a seat)."""
    against = evidence_codes(recorded(dataclasses.replace(hand, dealer=other)))
    named = bool(hand.declarations) or "bad_declaration" in against       # (none recorded: not named)
    words = explain_contradicted.dealer_seat_fixed(seat, other, against, named, hand.position("dealer") is not None)
    said = Derived("dealer", explain_contradicted.fact_token("dealer", seat),
                   explain_contradicted.dealer_seat_fixed_source(named), *words)
    # no [Dealer] stated, none to check against the hands before: the chain's item as the hand without a seat has it
    unknowns = (*(u for u in fixed.unknowns if "dealer_check" not in u.withheld),
                *(u for u in result.unknowns if u.tag == "Levels" and u not in fixed.unknowns))
    return dataclasses.replace(fixed, derived=(said, *fixed.derived), unknowns=unknowns)


def _seat_unknown(hand: Hand, u: Unknown, team: int, levels_kept: bool) -> Unknown:
    """The ``Dealer`` item ``u`` of a hand whose seats' judgements give every level after it (``levels_kept``): the
    levels no longer withheld for want of the seat (:func:`.setting.hand_setting`'s words)."""
    if not levels_kept:
        return u
    what = tuple(w for w in u.withheld if w != "levels")
    bad_value = hand.position("dealer") is not None
    return Unknown("Dealer", what, *explain_unknown.dealer_seat_unknown(what, team, bad_value))


__all__ = ["judge", "seats_open"]
