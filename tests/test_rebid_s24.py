"""A rebidder left with a card of the bottom it took (炒地皮) is read as any seat (docs/rules.md §1.5, §1.6, §9.5).

N deals (♥2); after the bottom E rebids ♠2♠2, keeps ♠3 ♠4 ♠7 of N's bury and buries ♠3 ♠4 ♠9 of its own
(tests/test_taker_s24.py's record).  With E's and S's plays of trick 7 written in each other's seats, E plays ♠K and
is left with ♠7 — a card of N's bury, not of E's deal line.  ``deal_lines.rejudge`` read a card left only out of the
seat's line (the dealer's out of the ``Bottom:`` line too) and returned the hand as recorded for E: E's and S's
``not_in_hand`` stood as their own faults, and S got two ``follow_suit`` faults ("should play ♠K") resting on which
copy is miscopied.  The card cannot be read out of the bury E took without changing N's cards or the bury's size;
the chain is read flattened instead — each taker's cards one pool, its line with the bottom it took, less its bury
(``deal_line_readings.chain_flattened``) — and every reading moves the card within that pool.  The words name E's
deal line, the ``Buried:`` line or a play.  Each test but the guards (marked) fails on the code before this change.
"""
from __future__ import annotations

from collections import Counter

from tractor_analysis.engine import explain_deal_lines
from tractor_analysis.engine.deal_line_proof import line_gives
from tractor_analysis.records.cards import parse_cards
from tractor_analysis.records.rulesets import PRESETS

from record_builders import E, N, S, W
from test_taker_s24 import BURIES, DEAL, REBID, START, _hand, _parsed

TRICK_7 = "7. W: H2, N: C2, E: S7, S: SK"
assert REBID.count(TRICK_7) == 1
# E's ♠7 is one of N's bury it kept, not of its deal line; S's ♠K is its line's
assert DEAL[E].count(parse_cards("S7")[0]) == 0 and parse_cards("S7")[0] in BURIES[0]
SWAP_7 = REBID.replace(TRICK_7, "7. W: H2, N: C2, E: SK, S: S7")
TRICK_4 = "4. N: H3, E: H4, S: H3, W: H7"
assert REBID.count(TRICK_4) == 1
# E's ♥4 is its deal line's: the guard
SWAP_4 = REBID.replace(TRICK_4, "4. N: H3, E: H3, S: H4, W: H7")


def test_the_chain_flattened_gives_each_taker_its_cards_less_those_left():
    from tractor_analysis.engine.deal_line_readings import chain_flattened, rebid_left_taken
    hand = _parsed(SWAP_7).hands[0]
    left = {E: tuple(parse_cards("S7")), S: tuple(parse_cards("SK"))}
    assert rebid_left_taken(hand, left) == {E}
    # no other seat is read so: S's line, the dealer (its own reading), E left with a card of its deal line
    assert rebid_left_taken(hand, {S: left[S], W: ()}) == frozenset()
    assert rebid_left_taken(hand, {N: tuple(parse_cards("S7"))}) == frozenset()
    assert rebid_left_taken(hand, {E: tuple(parse_cards("H4"))}) == frozenset()
    flat = chain_flattened(hand, left, PRESETS["tournament"].bottom_size)
    assert flat is not None
    assert line_gives(flat, E) == Counter(START[E]) - Counter(left[E])     # the card taken out of E's pool
    assert line_gives(flat, N) == Counter(START[N])                         # N's cards unchanged
    assert flat.deal[S] == hand.deal[S] and flat.deal[W] == hand.deal[W]    # (the caller reads S less ♠K)
    assert flat.buried == hand.buried                                        # the bottom in play, its points, kept
    assert all(len(b) == len(hand.buried) for b in (flat.bottom, *flat.earlier_buries))     # every bury whole


def test_the_rebidder_left_with_a_card_it_took_and_the_plays_swapped_no_fault_rests_on_the_miscopy():
    whole, h = _hand(REBID), _hand(SWAP_7)
    found = {(v.code, v.trick, v.seat) for v in h.violations}
    # before: S's two follow_suit faults ("should play ♠K"), resting on S holding the ♠K E plays
    assert not any(code == "follow_suit" for code, _, _ in found)
    assert found == {("not_in_hand", 7, E), ("not_in_hand", 7, S), ("deal_mismatch", None, E),
                     ("deal_mismatch", None, S)}
    assert all(v.of_record for v in h.violations)                   # before: E's and S's own faults
    assert (h.tricks[6].winner, h.tricks[6].points) == (whole.tricks[6].winner, whole.tricks[6].points)
    assert h.outcome is not None and h.outcome == whole.outcome     # every reading gives it (before: withheld)
    assert h.levels_after == whole.levels_after
    (u,) = [u for u in h.unknowns if u.tag == "deal"]
    assert "outcome" not in u.withheld and "trick_winner" not in u.withheld
    assert "E's cards being its line with the bottom it took, less its bury" in u.message_en
    assert "东家的牌是其发牌行加上所取的底牌、减去自己所扣的牌" in u.message_zh
    assert "with the plays miscopied instead" in u.message_en and "with the line miscopied instead" in u.message_en


def test_the_rebidders_findings_name_its_line_the_buried_line_or_a_play():
    h = _hand(SWAP_7)
    mine = [v for v in h.violations if v.seat == E]
    assert {v.code for v in mine} == {"not_in_hand", "deal_mismatch"}
    for v in mine:
        assert "some came with the bottom it took after 炒地皮" in v.message_en
        assert "E's deal line, the Buried: line or a play is miscopied" in v.message_en
        assert "有的是炒地皮时所取的底牌" in v.message_zh
        assert "东家的发牌行、扣底行（Buried:）或出牌有一处记错" in v.message_zh
    for v in (v for v in h.violations if v.seat == S):      # S's line is an ordinary one
        assert "S's deal line and its plays disagree" in v.message_en


def test_the_words_of_a_card_taken():
    zh, en = explain_deal_lines.line_or_play(E, explain_deal_lines.TAKEN_LINE)
    assert "its line with the bottom it took, less its bury" in en and "发牌行加上所取的底牌、减去自己所扣的牌" in zh
    assert "the record does not say which" in en and "记录未说明是哪一处" in zh


def test_guard_a_rebidder_left_with_a_card_of_its_deal_line_is_read_out_of_its_line():
    # (passes before too) E's ♥4 is its line's: the line reading takes it out of E's line, the words name the line
    h = _hand(SWAP_4)
    mine = [v for v in h.violations if v.seat == E]
    assert {v.code for v in mine} == {"not_in_hand", "deal_mismatch"} and all(v.of_record for v in mine)
    for v in mine:
        assert "E's deal line and its plays disagree" in v.message_en
        assert "炒地皮" not in v.message_en
    assert not any(v.code == "follow_suit" for v in h.violations)
