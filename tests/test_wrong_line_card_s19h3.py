"""A card written in another seat's deal line: no misdeal (多少牌) decided on it (docs/rules.md §1.6, §10.3; s19-h3).

The sample's hand 1 (sample_logs/spring-cup-r2t5.tgn, under the tournament rule: 多少牌 decides a hand) with one of
N's cards moved from N's deal line to S's: N's line 24 cards, S's 26, every card of the decks once as many as they
hold.  N plays the card (beyond its line), S never does (it holds it after the last trick).  Before, the hand was
decided "多少牌 for S" and S faulted for not following with the card.  The record proves the card N's — written in
the wrong line —: with it moved back every line is a hand, the decks whole, every card played.  So the card is
derived (``deal``), the lines' sizes, the card not held and the card left are the record's findings, the hand's
result is the one the plays give.  Without the ``Bottom:`` line the decks do not prove it: both readings are judged
and what they differ on (the misdeal's result) is withheld (``"unknown"`` tag ``deal``).  A seat dealt too many
whose partner plays no card beyond its own line is still decided by the cards.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.cards import SEAT_TOKENS

ROOT = Path(__file__).resolve().parent.parent
N, S = 0, 2


def _hand_one() -> str:
    """Hand 1 of the sample, alone, under the tournament rule."""
    text = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
    head, rest = text.split('[Hand "1"]', 1)
    head = head.replace('[Ruleset "standard"]', '[Ruleset "tournament"]')
    assert '[Ruleset "tournament"]' in head
    return head + '[Hand "1"]' + rest.split('[Hand "2"]', 1)[0]


def _moved(text: str, card: str, frm: int, to: int) -> str:
    """``text`` with one ``card`` taken from ``frm``'s deal line and written at the end of ``to``'s."""
    a = re.search(rf"^{SEAT_TOKENS[frm]}: .*$", text, re.M).group()
    b = re.search(rf"^{SEAT_TOKENS[to]}: .*$", text, re.M).group()
    cards = a.split()[1:]
    cards.remove(card)
    return text.replace(a, f"{SEAT_TOKENS[frm]}: " + " ".join(cards)).replace(b, f"{b} {card}")


def _hand(text: str):
    (match,), errors = parse_tgn(text)
    assert not errors
    return replay_match(match).hands[0]


@pytest.mark.parametrize("card", ["H2", "DA"])     # (S's line gives no ♥2 of its own; it gives a ♦A of its own)
def test_a_card_written_in_the_wrong_line_is_derived_and_decides_no_misdeal(card):
    base = _hand(_hand_one())
    assert base.outcome is not None and base.outcome.reason != "miscount" and base.legal
    h = _hand(_moved(_hand_one(), card, N, S))
    # before: "多少牌 for S: defenders up 1 level", and S faulted for not following with the card
    assert h.outcome is not None and h.outcome.reason != "miscount"
    assert (h.outcome, h.levels_after, h.attackers_total) == (base.outcome, base.levels_after, base.attackers_total)
    assert h.revoke_levels == base.revoke_levels == (0, 0)
    assert not h.play_violations and h.legal
    (d,) = [d for d in h.derived if d.fact == "deal"]
    assert d.value == f"N: {card}" and "decks" in d.source and "plays" in d.source
    assert "S's line is N's" in d.message_en and "多少牌" in d.message_zh and "北家" in d.message_zh
    # the lines' sizes, the card left and the card not held stand, as the record's findings, saying why
    found = {(v.code, v.seat, v.trick is None) for v in h.violations}
    assert {("deal_mismatch", N, True), ("deal_mismatch", S, True), ("not_in_hand", N, False)} <= found
    assert all(v.of_record and "S's line is N's" in v.message_en and "北家" in v.message_zh
               for v in h.violations if v.code in ("deal_mismatch", "not_in_hand"))
    assert not [u for u in h.unknowns if u.tag == "deal"]


def test_without_the_bottom_the_misdeal_is_withheld_not_decided():
    text = "\n".join(line for line in _moved(_hand_one(), "H2", N, S).splitlines()
                     if not line.startswith(("Bottom:", "Buried:")))
    h = _hand(text)
    # before: "多少牌 for S: defenders up 1 level", and S's follow_suit in tricks 15 and 16 resting on the ♥2
    assert h.outcome is None
    # both readings give E–W (the defenders) 1 level, by the points or S's 多少牌: the levels after kept (§10.2)
    assert h.levels_after == (2, 3)
    (lv,) = [d for d in h.derived if d.fact == "levels_after"]
    assert lv.value == "NS:2 EW:3" and "every reading of the record gives the same" in lv.message_en
    (u,) = [u for u in h.unknowns if u.tag == "deal" and "outcome" in u.withheld]
    assert "♥2 too many in S's line may be N's" in u.message_en and "多少牌" in u.message_zh
    assert "levels" not in u.withheld and "§10.3" in u.message_zh
    assert not [v for v in h.violations if v.seat == S and v.trick is not None]
    assert not h.derived or not [d for d in h.derived if d.fact == "deal"]


def test_a_seat_dealt_too_many_whose_partner_plays_nothing_beyond_its_line_is_still_decided():
    # N's ♥2 written in S's line, and N's play of it left out of trick 11 (a short follow): N plays no card beyond
    # its line — nothing is moved; the cards played decide (guard: the same before and after)
    text = _moved(_hand_one(), "H2", N, S).replace("N: H2 CA, E: LJ D2", "N: CA, E: LJ D2")
    h = _hand(text)
    assert h.outcome is not None and h.outcome.reason == "miscount" and N in h.outcome.miscount
    assert not [d for d in h.derived if d.fact == "deal"]
