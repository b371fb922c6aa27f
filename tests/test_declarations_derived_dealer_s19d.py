"""A deal bid for at each seat's own level (``bid_dealer = last``), the levels carried in not known, ``[Level]``
stated and ``[Dealer]`` not: ``[Level]`` is the dealer's side's level (docs/rules.md §8.2, §9.1), so where the
record fixes the dealer all the same — the final standing declarer whatever the levels not stated are (a pair of
big jokers, which declares at any level) — that side's calls are judged at ``[Level]``, said as derived (``levels``
fact, "[Level] and the dealer derived"), exactly as with ``[Dealer]`` stated.  Before, ``[Level]`` was applied to
neither side whenever ``[Dealer]`` was missing: E's ♥3 stayed "not judged" and E's ♥4 (nothing at 3) was not found.

Where nothing fixes the dealer (``E: H3`` alone: it stands only if E–W are at 3, and nobody's call stands
otherwise), every call resting on the level stays withheld, its words now saying why ``[Level]`` gives no side's.
"""
from __future__ import annotations

import pytest

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.tgn_reader import parse_tgn

N, E, S, W = range(4)


def _hand(declarations: str, dealer: str | None = None, trump: str = "NT"):
    """Hand 5 of an 80fen match (the record begins there, no ``[Levels]``: the levels carried in are not known),
    a deal bid for at ``[Level "3"]``, one trick, no deal lines."""
    text = "\n".join(line for line in (
        '[Ruleset "80fen"]', '[Hand "5"]', '[BidFor "yes"]', f'[Dealer "{dealer}"]' if dealer else None,
        f'[Trump "{trump}"]', '[Level "3"]', f'[Declarations "{declarations}"]', "1. W: CA, N: C4, E: C6, S: C7")
        if line is not None) + "\n"
    (match,), diags = parse_tgn(text)
    assert "missing_deal" in [d.code for d in diags]
    return replay_match(match, None).hands[0]


def _opened(hand) -> list:
    return [u for u in hand.unknowns if u.tag == "Levels" and "declaration" in u.message_en]


def _faults(hand) -> list[tuple]:
    return [(v.code, v.seat) for v in hand.violations]


@pytest.mark.usefixtures("both_cores")
def test_the_derived_dealers_side_calls_at_the_stated_level():          # fails before: E's call not judged
    hand = _hand("E: H3 | W: BJ BJ")
    assert hand.dealer == W and [d.value for d in hand.derived if d.fact == "dealer"] == ["W"]
    assert _opened(hand) == [] and _faults(hand) == []
    (fact,) = [d for d in hand.derived if d.fact == "levels"]
    assert (fact.value, fact.source) == ("EW 3", "[Level] and the dealer derived")
    assert "E–W at 3, from [Level] and the dealer derived, W" in fact.message_en
    assert "东西方打 3，由 [Level] 与推出的庄家西家得知" in fact.message_zh
    stated = _hand("E: H3 | W: BJ BJ", dealer="W")      # as with [Dealer] stated
    assert (_faults(stated), _opened(stated)) == ([], [])


@pytest.mark.usefixtures("both_cores")
def test_a_bad_call_of_the_derived_dealers_side_is_found_at_the_stated_level():     # fails before: withheld
    hand = _hand("E: H4 | W: BJ BJ")
    assert hand.dealer == W and _opened(hand) == []
    assert _faults(hand) == [("bad_declaration", E)] == _faults(_hand("E: H4 | W: BJ BJ", dealer="W"))
    assert "expected level cards 3" in hand.violations[0].message_en


@pytest.mark.usefixtures("both_cores")
def test_the_other_sides_call_stays_withheld():         # control: [Level] is never the other side's
    hand = _hand("N: H3 | W: BJ BJ")
    assert hand.dealer == W
    (call,) = _opened(hand)
    assert "N's declaration ♥3" in call.message_en and "N–S's level is 3" in call.message_en
    assert "applied to neither side" not in call.message_en     # the dealer is known: the other side is why


@pytest.mark.usefixtures("both_cores")
def test_nothing_fixes_the_dealer_the_calls_stay_withheld_saying_why():     # the words fail before
    hand = _hand("E: H3", trump="H")
    assert hand.dealer is None and not [d for d in hand.derived if d.fact in ("dealer", "levels")]
    call, trump = _opened(hand)
    assert "E–W's level is 3" in call.message_en and trump.withheld == ("declaration_check",)
    for u in (call, trump):
        assert "[Dealer] is not stated and nothing in the record fixes the dealer" in u.message_en
        assert "so [Level] is applied to neither side" in u.message_en
        assert "本局未写 [Dealer]" in u.message_zh and "[Level] 不归属任何一方" in u.message_zh


# --- the dealer's side from [Level] and [Levels]: a side whose level is not known may be at [Level] ---------------

_SIDE = ('[Event "x"]\n[Levels "NS:5"]\n[Hand "1"]\n[SetUp "1"]\n[Points "0"]\n[Level "5"]\n'
         '[Trump "S"]\nN: HA HK\nE: H3 H4\nS: H6 H7\nW: H8 HT\nBuried: C3 C4 C5 C6 C7 C8 C9 CT\n'
         '1. N: HA, E: H3, S: H6, W: HT\n2. N: HK, E: H4, S: H7, W: H8\n')


def _dealer_side(levels_tag: str):
    from tractor_analysis.engine.replay import replay_match
    from tractor_analysis.records import parse_tgn
    matches, _ = parse_tgn(_SIDE.replace('[Levels "NS:5"]', levels_tag))
    h = replay_match(matches[0]).hands[0]
    return [(d.fact, d.value) for d in h.derived if d.fact == "dealer_side"], h


def test_a_side_at_level_is_not_the_dealers_while_the_other_sides_level_is_unknown():
    """N–S at 5, E–W's level not given, [Level "5"], no [Dealer]: E–W may be at 5 too — the old engine took N–S as
    the dealer's side (only the sides whose level it knew were counted): a guess the points and outcome rest on."""
    assert _dealer_side('[Levels "NS:5"]')[0] == []
    assert _dealer_side('[Levels "NS:5 EW:5"]')[0] == []
    assert _dealer_side('[Levels "NS:5 EW:7"]')[0] == [("dealer_side", "NS")]


def test_the_only_side_that_can_be_at_level_is_the_dealers():
    """N–S known at 3, E–W not known, [Level "5"]: only E–W can be at 5 — derived (the old engine derived nothing)."""
    facts, h = _dealer_side('[Levels "NS:3"]')
    assert facts == [("dealer_side", "EW")]
    fact = next(d for d in h.derived if d.fact == "dealer_side")
    assert "N–S's level is known and is not 5" in fact.message_en and "南北方的级别已知，不是 5" in fact.message_zh


def _sample_hand_1(levels_tag: str) -> str:
    """The sample's first hand (W deals: W's line with the bottom holds the bury, W leads trick 1) as hand 3 of a
    record begun mid-match, without [Dealer], with ``levels_tag``."""
    from pathlib import Path
    text = (Path(__file__).resolve().parent.parent / "sample_logs" / "spring-cup-r2t5.tgn").read_text("utf-8")
    first = text[:text.index('[Hand "2"]')]
    assert '[Levels "NS:2 EW:2"]' in first and '[Hand "1"]\n[Dealer "W"]\n' in first
    return first.replace('[Levels "NS:2 EW:2"]', levels_tag).replace('[Hand "1"]\n[Dealer "W"]\n', '[Hand "3"]\n')


def test_the_side_the_tags_name_is_not_derived_against_the_bury():
    """[Levels] and [Level "2"] name N–S, but neither N's nor S's line with the bottom holds the buried cards (W dealt):
    the old engine derived N–S, scored E–W as attackers and called the table's right [Claim] the record's error (found
    by this stop's regression tester, d4/d6).  Now the side is not derived, and the words say why."""
    from tractor_analysis.engine.replay import replay_match
    from tractor_analysis.records import parse_tgn
    for tag in ('[Levels "EW:3"]', '[Levels "NS:2 EW:3"]'):
        h = replay_match(parse_tgn(_sample_hand_1(tag))[0][0]).hands[0]
        assert not [d for d in h.derived if d.fact == "dealer_side"], tag
        assert not [v for v in h.violations if v.code == "claim_mismatch"], tag
        why = [u for u in h.unknowns if "can have made the bury the record gives" in u.message_en]
        assert why and "都不可能扣下所记的底牌" in why[0].message_zh
    # the control: the tags naming E–W (W's side), the bury W's and W leading trick 1: the cards fix the seat itself
    # (W, derived: more than the side the tags give)
    h = replay_match(parse_tgn(_sample_hand_1('[Levels "NS:3 EW:2"]'))[0][0]).hands[0]
    assert [(d.fact, d.value) for d in h.derived if d.fact in ("dealer", "dealer_side")] == [("dealer", "W")]


_W_LINE = "W: C2 C2 S2 H2 CQ C10 C9 C9 C5 C4 SK SQ S5 S3 HA HJ H10 H10 H7 H3 DK DK DQ D7 D6\n"
_BOTTOM = "Bottom: D3 D5 C6 D6 S2 D8 HQ HK\n"


def test_a_side_whose_seat_holds_the_buried_cards_but_plays_them_is_not_the_dealers():
    """The second regression wave (d3_bury_in_N): W's line and the bottom rewritten so that N's line with the bottom
    holds every buried card (SQ, H7 in N's line) — but N plays SQ and H7, which a dealer who buried them cannot: the
    containment test alone derived N–S, scored 150 and wrote a ruling page correcting the table's right 50."""
    from tractor_analysis.engine.replay import replay_match
    from tractor_analysis.records import parse_tgn
    text = _sample_hand_1('[Levels "EW:3"]').replace(_W_LINE, "W: C2 C2 S2 H2 CQ C10 C9 C9 C5 C4 SK S5 H10 H10 DK DK "
                                                     "DQ D7 D6 D6 D5 C6 HK SQ H7\n").replace(
        _BOTTOM, "Bottom: S3 HA HQ HJ H3 D3 S2 D8\n")
    h = replay_match(parse_tgn(text)[0][0]).hands[0]
    assert not [d for d in h.derived if d.fact == "dealer_side"]
    assert not [v for v in h.violations if v.code == "claim_mismatch"]
    assert [u for u in h.unknowns if "can have made the bury the record gives" in u.message_en]


def test_a_side_the_first_lead_speaks_against_is_not_the_dealers():
    """d1_bury_is_bottom: the dealer buries the bottom as it came, so every seat can have made the bury; but W (E–W)
    leads trick 1, which the dealer leads (docs/rules.md §4.1): the tags naming N–S are not taken against it."""
    from tractor_analysis.engine.replay import replay_match
    from tractor_analysis.records import parse_tgn
    text = _sample_hand_1('[Levels "EW:3"]').replace(_W_LINE, "W: C2 C2 S2 S2 H2 CQ C10 C9 C9 C5 C4 SK S5 H10 H10 DK "
                                                     "DK DQ D7 D6 D6 D5 C6 D8 HK\n").replace(
        _BOTTOM, "Bottom: SQ S3 HA HQ HJ H7 H3 D3\n")
    h = replay_match(parse_tgn(text)[0][0]).hands[0]
    assert not [d for d in h.derived if d.fact == "dealer_side"]
    why = [u for u in h.unknowns if "the first trick is led by E–W" in u.message_en]
    assert why and "第一轮由东西方首出" in why[0].message_zh


def test_a_buried_line_no_seat_can_have_made_says_nothing_of_the_sides():
    """The fourth tester wave (R3_buried_slip: the sample rotated so N dealt, [Hand "3"], no [Dealer], [Levels "EW:3"],
    [Level "2"], the Buried: line writing ♠K for ♠Q — a line no seat can have made, the tool's own bad_bury): the side
    was withheld as \"neither N–S seat can have made the bury\", taking down the points, the penalties' sign and the
    [Level] check, though the bury derived from the plays is N's and N leads trick 1. A line no seat can have made is
    no evidence against a side: N–S derived as without it."""
    from pathlib import Path
    from tractor_analysis.engine.replay import replay_match
    from tractor_analysis.records import parse_tgn
    text = (Path(__file__).resolve().parent / "data" / "referee_s19" / "side_buried_slip.tgn").read_text("utf-8")
    h = replay_match(parse_tgn(text)[0][0]).hands[0]
    # (s22, updated deliberately: the side N–S derived, the cards then set S aside — with S dealing S would bury
    # cards it does not hold and keep cards after the last trick — so N is derived, its words naming the side;
    # before, the dealer_side fact alone, the seat unknown)
    assert [(d.fact, d.value) for d in h.derived if d.fact in ("dealer_side", "dealer")] == [("dealer", "N")]
    (fact,) = [d for d in h.derived if d.fact == "dealer"]
    assert "the dealer's side is N–S" in fact.message_en and "庄家方为南北" in fact.message_zh
    assert not [u for u in h.unknowns if "can have made the bury the record gives" in u.message_en]
