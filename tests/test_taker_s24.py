"""A taker of the bottom's cards in the deal-line readings (docs/rules.md §1.5, §1.6, §9.5): three follow-ups.

1. **炒地皮.**  Each taker's cards are its deal line with the bottom it took, less its own bury: the dealer's its line
   with the ``Bottom:`` line, less the *first* bury; a rebidder's its line with the bury of the taker before it, less
   its own.  ``line_gives`` took the dealer's as its line + bottom - the *last* bury and a rebidder's as its line
   alone, so when N (dealing) and E (rebidding ♠2♠2) had their plays of a trick written in each other's seats, E's ♠7
   (kept from N's bury) counted as a card played beyond its line: trick 7's winner and points were withheld, the line
   read from the plays gave E a second ♠7, and the plays were never read miscopied — the outcome withheld though
   every reading gives it.  Where only the last bury is written the takers' cards are not known (``None``).
2. When the decks prove the dealer's play miscopied, the words said "its deal line is right": the dealer's cards are
   its line with the bottom, less the bury, and those are what is right.
3. The ``Bottom:`` line borne out by the decks while the dealer's cards are not known exactly (its plays dispute the
   bury): the words named "the Bottom: line or a play"; now the ``Buried:`` line or a play.
Each test fails on the code before this change.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

from tractor_analysis.engine import explain_deal_lines
from tractor_analysis.engine.deal_line_proof import line_gives, taker_cards_known
from tractor_analysis.engine.deal_lines import dealer_line_in_doubt
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.cards import parse_cards, parse_trump
from tractor_analysis.records.rulesets import PRESETS, build_ruleset

from record_builders import E, N, S, W, _chain, _deal, _play_out, _tgn

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")


def _rebid():
    """N deals (♥2); after the bottom E rebids ♠2♠2 (炒地皮), keeps ♠3 ♠4 ♠7 of N's bury and buries ♠3 ♠4 ♠9 of its
    own (tests/record_builders.py computes the chain and plays the hand out: every play legal)."""
    rules = build_ruleset("tournament", ())[0]
    deal, bottom = _deal(2, {"N": "H2", "E": "S2 S2"}, seed=1)
    buries, start = _chain(deal, bottom, 2, N, [E], keep=3)
    tricks = _play_out(rules, 2, parse_trump("S"), start, N)
    text = _tgn(trump="S", decls="N: H2 || E: S2 S2", deal=deal, bottom=bottom, buries=buries, tricks=tricks)
    return text, deal, bottom, buries, start


REBID, DEAL, BOTTOM, BURIES, START = _rebid()
TRICK_18 = "18. S: HK, W: C4, N: D9, E: DQ"
assert REBID.count(TRICK_18) == 1 and "7. W: H2, N: C2, E: S7, S: SK" in REBID
# N's (the dealer's) and E's (the rebidder's) plays of trick 18 written in each other's seats
SWAP = REBID.replace(TRICK_18, "18. S: HK, W: C4, N: DQ, E: D9")


def _parsed(text: str):
    (match,), _ = parse_tgn(text)
    return match


def _hand(text: str):
    return replay_match(_parsed(text)).hands[0]


def test_each_takers_cards_follow_the_chain():
    hand = _parsed(REBID).hands[0]
    assert len(hand.earlier_buries) == 1 and BURIES[0] != BURIES[1]
    # before: N's line + bottom - the *last* bury (a ♠7 N buried counted as held), E's line alone
    assert line_gives(hand, N) == Counter(DEAL[N]) + Counter(BOTTOM) - Counter(BURIES[0])
    assert line_gives(hand, E) == Counter(DEAL[E]) + Counter(BURIES[0]) - Counter(BURIES[1])
    assert line_gives(hand, S) == Counter(DEAL[S])
    for seat in (N, E):         # the hands the builder's chain gives the takers
        assert line_gives(hand, seat) == Counter(START[seat])
    assert taker_cards_known(hand, N) and taker_cards_known(hand, E) and not taker_cards_known(hand, S)


def test_with_only_the_last_bury_written_no_takers_cards_are_known():
    line = next(x for x in REBID.splitlines() if x.startswith("Buried: "))
    hand = _parsed(REBID.replace(line, "Buried: " + line.split("||")[1].strip())).hands[0]
    assert line_gives(hand, N) is None and line_gives(hand, E) is None     # before: N's given, E's its line
    assert line_gives(hand, W) == Counter(DEAL[W])
    assert not taker_cards_known(hand, N) and not taker_cards_known(hand, E)


def test_the_dealer_and_the_rebidder_swapped_every_reading_keeps_the_tricks_and_the_outcome():
    whole, h = _hand(REBID), _hand(SWAP)
    assert {(v.code, v.seat) for v in h.violations} == {("not_in_hand", N), ("not_in_hand", E),
                                                        ("deal_mismatch", N), ("deal_mismatch", E)}
    assert all(v.of_record for v in h.violations)
    # before: trick 7 withheld — E's ♠7, kept from N's bury, taken for a card played beyond E's line
    assert (h.tricks[6].winner, h.tricks[6].points) == (whole.tricks[6].winner, whole.tricks[6].points)
    assert (h.tricks[17].winner, h.tricks[17].points) == (whole.tricks[17].winner, whole.tricks[17].points)
    assert h.outcome is not None and h.outcome == whole.outcome            # before: withheld
    assert h.levels_after == whole.levels_after
    (u,) = [u for u in h.unknowns if u.tag == "deal"]
    assert "trick_winner" not in u.withheld and "outcome" not in u.withheld
    assert "E's cards being its line with the bottom it took, less its bury" in u.message_en
    assert "东家的牌是其发牌行加上所取的底牌、减去自己所扣的牌" in u.message_zh
    assert "the bottom taken more than once" not in u.message_en


TRICK_7 = "7. E: H5 H5, S: H9 H9, W: HK D8, N: S10 H8"
assert SAMPLE.count(TRICK_7) == 1


def test_the_dealers_play_proven_miscopied_says_its_cards_are_right():
    # W (the dealer) writes ♦9 for its ♦8 (from the bottom): N and S play the two ♦9s — the decks prove a play
    h = _hand(SAMPLE.replace(TRICK_7, "7. E: H5 H5, S: H9 H9, W: HK D9, N: S10 H8"))
    mine = [v for v in h.violations if v.seat == W]
    assert {v.code for v in mine} == {"not_in_hand", "deal_mismatch"}
    for v in mine:
        assert "its deal line is right" not in v.message_en and "发牌行无误" not in v.message_zh     # before: so
        assert "its cards (its deal line with the bottom, less the bury) are right" in v.message_en
        assert "西家的牌（发牌行加底牌、减去所扣的牌）无误" in v.message_zh


def test_the_bottom_borne_out_and_the_bury_disputed_names_the_buried_line_not_the_bottom():
    # W's and N's plays of trick 7 swapped (W left with ♥K ♦8, the Bottom: line's), and the Buried: line burying ♦Q,
    # which W plays in trick 8: W's cards are not known exactly (its plays dispute the bury), the Bottom: line borne out
    text = SAMPLE.replace(TRICK_7, "7. E: H5 H5, S: H9 H9, W: S10 H8, N: HK D8").replace(
        "Buried: SQ S3 HA HQ HJ H7 H3 D3", "Buried: SQ S3 HA HQ HJ H7 H3 DQ", 1)
    hand = _parsed(text).hands[0]
    rules = PRESETS["tournament"]
    assert not taker_cards_known(hand)
    place = dealer_line_in_doubt(hand, {W: tuple(parse_cards("HK D8"))}, rules)
    assert place == explain_deal_lines.BURY_LINE                         # before: the Bottom: line's (BOTTOM_LINE)
    zh, en = explain_deal_lines.line_or_play(W, place)
    assert "the Bottom: line or a play" not in en and "底牌行或出牌" not in zh
    assert "not the Bottom: line but the Buried: line or a play of W's is miscopied" in en
    assert "不是底牌行，而是扣底行或西家的出牌有一处记错" in zh
    uz, ue = explain_deal_lines.deal_line_contradicted((W,), ("legality",), W, place=place)
    assert "the Bottom: line or a play" not in ue and "底牌行与出牌必有一处记错" not in uz
    assert "so the Buried: line or a play of W's is miscopied" in ue
