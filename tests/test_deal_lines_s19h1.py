"""A misdeal (多少牌) whose card too many may be another seat's, that seat's line itself in doubt (docs/rules.md §1.6,
§10.3; s19-h1 item 2).

N's deal line is miscopied or a play on it is (N plays ♛ its line lacks and still holds a card after the last trick:
judged both ways, :func:`tractor_analysis.engine.deal_lines.rejudge`), and S's line is one card too long, every S play
in it — the extra card the very ♛ N plays.  Each reading was judged by a plain replay that gave S's long line no
handling of its own: the hand was decided "多少牌 for S: defenders up 1 level" (and S faulted for not following a pair
with the two ♛ its line gives), though the ♛ may be N's, written in the wrong line — then S was dealt no card too many.
Now that reading is judged too: the result and the levels after are withheld (the ``"unknown"`` tag ``deal`` naming the
card), and no fault rests on S holding the ♛.  A misdeal by the cards played (a short follow) still decides the hand.
"""
from __future__ import annotations

import dataclasses
import re

from engine_helpers import drop_one_card
from test_s8_deal_lines import _clean_record
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.cards import PRETTY, SEAT_TOKENS, TOKEN


def _records():
    """A clean tournament hand; the two seats that do not deal (``a`` then its partner ``b``); the record with ``a``'s
    first card written in ``b``'s line and a copy of ``a``'s second card in its place; ``a``'s line alone miscopied."""
    text, _ = _clean_record("tournament")
    (match,), _ = parse_tgn(text)
    dealer = match.hands[0].dealer
    a, b = (dealer + 1) % 4, (dealer + 3) % 4
    la, lb = (re.search(rf"^{SEAT_TOKENS[s]}: .*$", text, re.M).group() for s in (a, b))
    cards = la.split()[1:]
    new_a = f"{SEAT_TOKENS[a]}: " + " ".join([cards[1], *cards[1:]])
    return a, b, cards[0], text.replace(la, new_a).replace(lb, f"{lb} {cards[0]}"), text.replace(la, new_a)


def _hand(text: str):
    (match,), errors = parse_tgn(text)
    return replay_match(match).hands[0]


def test_a_misdeal_whose_card_may_be_the_doubtful_seats_is_withheld():
    a, b, card, both, _ = _records()
    h = _hand(both)
    assert {v.code for v in h.violations if v.seat == a} >= {"not_in_hand", "deal_mismatch"}     # a's line in doubt
    assert any(v.code == "deal_mismatch" and v.seat == b and v.trick is None for v in h.violations)
    assert h.outcome is None and h.levels_after == (None, None)     # before: miscount for b, defenders up 1 level
    (u,) = [u for u in h.unknowns if u.tag == "deal" and u.withheld == ("outcome", "levels")]
    assert f"the {PRETTY[TOKEN.index(card)]} too many in {SEAT_TOKENS[b]}'s line may be {SEAT_TOKENS[a]}'s" in u.message_en
    assert f"多少牌) of {SEAT_TOKENS[b]} is not decided" in u.message_en and "多少牌" in u.message_zh
    assert "§10.3" in u.message_zh
    # no fault of b rests on b holding the card that may be a's (before: a follow_pair with the two copies)
    assert not [v for v in h.violations if v.seat == b and v.trick is not None]


def test_a_misdeal_by_the_cards_played_is_still_decided():
    a, b, _, _, line_only = _records()
    (match,), _ = parse_tgn(line_only)
    short = drop_one_card(match.hands[0], b)
    assert short is not None
    h = replay_match(dataclasses.replace(match, hands=(short,))).hands[0]
    assert any(v.code == "not_in_hand" and v.seat == a for v in h.violations)        # a's line in doubt still
    assert h.outcome is not None and (h.outcome.reason, h.outcome.miscount) == ("miscount", (b,))
