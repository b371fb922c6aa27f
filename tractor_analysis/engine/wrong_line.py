"""A card written in the wrong seat's deal line: not a misdeal (多少牌) resting on it (docs/rules.md §1.6, §10.3).

N's ♥2 written in S's line: N's line a card short, S's a card long — judged as written, S was dealt 26 (a misdeal,
§10.3) and "still held hearts" when it did not follow with the ♥2.  But N plays the ♥2 beyond its line and S never
plays it: the card may be N's, written in the wrong line.  :func:`wrong_line_moves` finds such cards;
:func:`wrong_line` judges the hand with them moved — the record's proof where that reading accounts for every card,
else both readings, what both give kept.  (:func:`.recorded_hand.replay_recorded` asks, for the hand as recorded.)
"""
from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Callable, Sequence

from ..records.cards import SEAT_TOKENS, TOKEN
from ..records.model import Hand
from ..records.rulesets import RuleSet
from . import explain_deal_lines
from .agreement import agree, regrouped
from .declarations import bottom_takers
from .kept_result import result_facts
from .played_cards import cards_by_seat
from .verdicts import Derived, HandResult, Unknown, Violation, as_record_finding

_SHOWN_BY = frozenset({"not_in_hand", "deal_mismatch"})
"""What shows a deal line at odds with its seat's plays (the line's size, a card not held, cards left)."""


def wrong_line_moves(hand: Hand, rules: RuleSet, result: HandResult) -> tuple[tuple[int, int, int], ...]:
    """The cards a seat's deal line gives beyond a hand's number that another seat, its own line short of a hand,
    plays beyond that line, the long line's seat never playing them in the tricks recorded: ``(card, the long
    line's seat, the short line's seat)`` each, as many as the one line is long and the other short.  Such a card
    may be the short line's seat's, written in the wrong line — then neither seat was dealt a wrong number of cards
    (多少牌, docs/rules.md §10.3).  ``()`` for a position, a hand without every line read whole, and a seat taking
    the bottom (its cards are its line with the bottom, less the bury)."""
    if (hand.setup or hand.deal is None or not all(hand.deal) or hand.deal_unread or result.dealer is None
            or not hand.tricks):
        return ()
    n = rules.hand_size
    if not any(len(line) > n for line in hand.deal) or not any(len(line) < n for line in hand.deal):
        return ()       # (the common case: every line a hand)
    takers = set(bottom_takers(result.dealer, hand.declarations))
    lines = [Counter(line) for line in hand.deal]
    played = [Counter(cards) for cards in cards_by_seat(hand)]
    room = [len(line) - n for line in hand.deal]        # how many cards each line is long (short: below 0)
    moves = []
    for m in range(4):
        over = lines[m] - played[m]
        for t in range(4):
            if m in takers or t in takers or room[m] <= 0 or room[t] >= 0:
                continue
            beyond = played[t] - lines[t]
            for k in sorted(over & beyond):
                for _ in range(min(over[k], beyond[k], room[m], -room[t])):
                    moves.append((k, m, t))
                    over[k] -= 1
                    room[m], room[t] = room[m] - 1, room[t] + 1
    return tuple(moves)


def wrong_line(hand: Hand, result: HandResult, moves: Sequence[tuple[int, int, int]],
                replay: Callable[[Hand], HandResult], order: Callable[[Violation], tuple]) -> HandResult:
    """``result`` (``hand`` as recorded) of a hand whose ``moves`` (:func:`wrong_line_moves`) may be cards written
    in the wrong line.  The hand is judged with them in the short lines (``replay``).  Where that reading is the
    hand played out with every card accounted for — the record played out, the lines then a hand each, the decks
    whole, no card not held or left — the record proves them moved: the long line's seat never plays them, the
    short line's does, and the decks place them nowhere else; that reading is the hand (its outcome: no 多少牌),
    the lines' sizes, the card not held and the cards left are the record's findings, and the cards are derived
    (``deal``).  Else both readings remain: what both give is kept (:func:`.agreement.agree`), what they differ on
    — a misdeal, a fault resting on the long line's seat holding the card — is withheld (``"unknown"`` tag
    ``deal``).  ``order``: the violations' sort key."""
    lines = [list(line) for line in hand.deal or ()]
    for k, m, t in moves:
        lines[m].remove(k)
        lines[t].append(k)
    again = replay(dataclasses.replace(hand, deal=tuple(map(tuple, lines))))
    seats = {s for _, m, t in moves for s in (m, t)}
    own = [v for v in result.violations if v.code in _SHOWN_BY and v.seat in seats]
    if (result.unfinished is None and again.complete and hand.bottom is not None
            and len(hand.bottom) == result.rules.bottom_size
            and not any(v.code in _SHOWN_BY for v in again.violations)):
        # the record's own slip, not a seat's act: no ruling against a player (docs/rules.md §1.6, §13.1)
        zh, en = explain_deal_lines.card_in_wrong_line_said(moves)
        said = [as_record_finding(dataclasses.replace(v, message_zh=v.message_zh + zh, message_en=v.message_en + en))
                for v in own]
        violations = sorted([*said, *again.violations], key=order)
        value = "; ".join(f"{SEAT_TOKENS[t]}: {' '.join(TOKEN[k] for k, _, s in moves if s == t)}"
                          for t in sorted({t for _, _, t in moves}))
        fact = Derived("deal", value, "the decks, the deal lines and the seats' plays",
                       *explain_deal_lines.card_in_wrong_line(moves))
        return dataclasses.replace(again, violations=tuple(violations), tricks=regrouped(again.tricks, violations),
                                   derived=again.derived + (fact,))
    changes, what = agree([result, again], [t.plays for t in hand.tricks],
                          lambda v: explain_deal_lines.fault_whichever_line_holds(v.seat, v.code))
    # the card in one line or the other: the record is wrong either way — its findings (docs/rules.md §13.1)
    kept = [as_record_finding(v) if v in own else v for v in result.violations if v.trick is None or v in own]
    violations = sorted([*kept, *(v for v in changes["violations"] if v.trick is not None and v not in own)],
                        key=order)
    changes.update(violations=tuple(violations), tricks=regrouped(changes["tricks"], violations),
                   legality_known=False)
    changes.pop("complete", None)
    what = [*what, *(w for w in ("legality",) if w not in what)]
    unknown = Unknown("deal", tuple(what), *explain_deal_lines.card_maybe_in_wrong_line(moves, what))
    # their outcomes differing, each known: the levels after both give, said (docs/rules.md §10.2)
    said = tuple(result_facts([result, again])) if changes.get("outcomes_open") else ()
    return dataclasses.replace(result, **changes, unknowns=result.unknowns + (unknown,),
                               derived=result.derived + said)


__all__ = ["wrong_line", "wrong_line_moves"]
