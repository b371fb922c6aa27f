"""Two plays of one trick copied in each other's seats, one of them the dealer's (docs/rules.md §1.6).

A referee's tester (session 24) swapped W's and N's plays of trick 7 in the Spring Cup's hand 1, W dealing: E leads
♥5♥5, S plays ♥9♥9, the only pair — neither W's nor N's cards beat it either way, so S wins 30 points in every
reading (the hand 60, the defenders up a level, E deals next).  Yet the trick's winner, its points and the outcome were
withheld: the hand was not judged with the dealer's plays miscopied at all (its cards are its line with the bottom,
less the bury), while the words said a trick's winner was "kept only where both give them".  Now the dealer's plays are
read miscopied where its cards are known exactly (its deal line, the Bottom: and Buried: lines given, read whole, a
bury it could make, not disputed by its plays), and what every reading gives is kept; where they are not known, the
words say that reading is not made and what that withholds.  W's findings blamed "the Bottom: line or a play" though
the deal lines and the Bottom: line are whole and agree with the decks: now they say the Bottom: line is borne out
and a play of W's is miscopied.

Each test but the guard (marked) fails on the code before this change.
"""
from __future__ import annotations

import dataclasses
from pathlib import Path

from tractor_analysis.engine import explain_deal_lines
from tractor_analysis.engine.deal_line_proof import bottom_borne_out, taker_cards_known
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.rulesets import PRESETS

SAMPLE = (Path(__file__).parent.parent / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
TRICK_7 = "7. E: H5 H5, S: H9 H9, W: HK D8, N: S10 H8"
assert SAMPLE.count(TRICK_7) == 1
# W (the dealer) and N: their plays of trick 7 written in each other's seats
SWAP = SAMPLE.replace(TRICK_7, "7. E: H5 H5, S: H9 H9, W: S10 H8, N: HK D8")
# W alone: its ♦8 (from the bottom) written ♦9 — N and S play the two ♦9s, so the decks prove W's play miscopied
W_SLIP = SAMPLE.replace(TRICK_7, "7. E: H5 H5, S: H9 H9, W: HK D9, N: S10 H8")
N, E, S, W = range(4)


def _hand(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[0]


def _first_hand(text: str):
    (match,), _ = parse_tgn(text)
    return match.hands[0]


def _deal_withheld(h) -> set[str]:
    return {w for u in h.unknowns if u.tag == "deal" for w in u.withheld}


def test_the_dealers_swapped_play_every_reading_gives_s_the_trick_and_the_outcome_is_kept():
    whole = _hand(SAMPLE)
    h = _hand(SWAP)
    assert {(v.code, v.seat) for v in h.violations} == {("not_in_hand", N), ("not_in_hand", W),
                                                        ("deal_mismatch", N), ("deal_mismatch", W)}
    assert all(v.of_record for v in h.violations)                   # the record's findings, no seat's fault
    assert (h.tricks[6].winner, h.tricks[6].points) == (S, 30)      # before: None, None
    assert h.attackers_total == whole.attackers_total == 60
    assert h.outcome is not None and h.outcome == whole.outcome     # the defenders up a level, E deals next
    assert h.outcome.next_dealer == E
    assert h.levels_after == whole.levels_after
    assert h.claim_matches is True
    assert not {"trick_winner", "trick_points", "points", "outcome", "levels"} & _deal_withheld(h)


def test_the_dealer_alone_its_play_proven_miscopied_keeps_the_outcome():
    whole = _hand(SAMPLE)
    h = _hand(W_SLIP)
    assert (h.tricks[6].winner, h.tricks[6].points) == (S, 30)      # before: withheld
    assert h.outcome == whole.outcome and h.attackers_total == 60


def test_the_bottom_borne_out_by_the_decks_is_not_blamed():
    h = _hand(SWAP)
    mine = [v for v in h.violations if v.seat == W]
    assert len(mine) == 2
    for v in mine:
        assert "the Bottom: line or a play is miscopied" not in v.message_en         # before: so
        assert "底牌行或出牌有一处记错" not in v.message_zh
        assert "the Bottom: line is borne out by the decks" in v.message_en
        assert "not the Bottom: line but a play of W's is miscopied" in v.message_en
        assert "底牌行无误" in v.message_zh and "而是西家的出牌有一处记错" in v.message_zh
    # N's words are a seat's like any: its line or a play
    for v in (v for v in h.violations if v.seat == N):
        assert "N's deal line and its plays disagree: the line or a play is miscopied" in v.message_en


def test_the_dealers_cards_known_exactly_only_with_its_bury_given_whole_and_possible():
    hand = _first_hand(SWAP)
    rules = PRESETS["standard"]
    assert taker_cards_known(hand) and bottom_borne_out(hand, rules)
    assert not taker_cards_known(dataclasses.replace(hand, buried=None))
    assert not taker_cards_known(dataclasses.replace(hand, aside_unread=(("buried", 1),)))
    # a bury W could not make (a card neither its line nor the bottom gives)
    assert not taker_cards_known(dataclasses.replace(hand, buried=(hand.deal[N][0], *hand.buried[1:])))
    # W plays a card the Buried: line buries: the bury may be the line miscopied
    tricks = list(hand.tricks)
    seven = tricks[6]
    plays = tuple(dataclasses.replace(p, cards=(hand.buried[0], p.cards[1])) if p.seat == W else p
                  for p in seven.plays)
    tricks[6] = dataclasses.replace(seven, plays=plays)
    assert not taker_cards_known(dataclasses.replace(hand, tricks=tuple(tricks)))
    # the Bottom: line not borne out: a card of it changed leaves the decks one copy too many
    assert not bottom_borne_out(dataclasses.replace(hand, bottom=(hand.deal[N][0], *hand.bottom[1:])), rules)


def test_the_words_never_claim_the_play_reading_where_the_dealers_cards_are_not_known():
    what = ("legality", "trick_winner", "trick_points", "points")
    zh, en = explain_deal_lines.deal_line_contradicted((N, W), what, W, plays=False, read=True,
                                                       unread=explain_deal_lines.DEALER_NOT_KNOWN)
    assert "the hand is also judged with the plays miscopied" not in en
    assert "the hand is not judged with a play miscopied (W's cards — its line with the bottom, less the bury — " \
           "are not known exactly" in en
    assert "are withheld" in en
    assert "未按出牌记错判定（西家的牌（发牌行加底牌、减去所扣的牌）不能确知" in zh and "都不判定" in zh
    zh, en = explain_deal_lines.deal_line_contradicted((W,), what, W, plays=False, place=explain_deal_lines.BOTTOM_LINE,
                                                       unread=explain_deal_lines.DEALER_NOT_KNOWN)
    assert "the hand is not judged with a play miscopied" in en and "未按出牌记错判定" in zh


def test_guard_a_swap_between_two_other_seats_keeps_its_outcome():
    # (guard, passes before too) docs/rules.md §1.6's own example: N and S's plays of trick 2 swapped
    text = SAMPLE.replace("2. W: DK DK, N: DJ DJ, E: D10 D4, S: D4 D3", "2. W: DK DK, N: D4 D3, E: D10 D4, S: DJ DJ")
    assert text != SAMPLE
    h = _hand(text)
    assert h.outcome == _hand(SAMPLE).outcome and h.claim_matches is True
