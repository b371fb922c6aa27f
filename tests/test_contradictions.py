"""A tag the rest of the record contradicts (docs/rules.md §14.1; engine/contradictions.py).

Before, the hand was judged on the tag as written, whatever contradicted it: a ``[Level "3"]``
miscopied where the earlier hands carry 2 and W declared with ♣2 gave 15 wrong follows, a
``mixed_lead``, an ``out_of_turn`` and a ``claim_mismatch`` (under the tournament rules, levels lost
and both sides forfeiting); a ``[Dealer]`` miscopied gave ``out_of_turn``, ``bad_bury`` and six
``not_in_hand`` against the real dealer; a ``[Trump]`` the declarations do not fix, 16 violations
and a wrong result carried into three more hands.  Now the hand is judged under each value, the
ones its own cards and declarations bear out best are kept, and what they agree on is given: the
value derived when one is left, else what the judgements share, the rest withheld.  Each test
fails on the code before.
"""
from __future__ import annotations

from pathlib import Path

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

SAMPLE = (Path(__file__).resolve().parent.parent / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
W, E = 3, 1


def hands(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands


def codes(h) -> list[str]:
    return [v.code for v in h.violations]


def test_a_miscopied_level_the_declarations_contradict_is_derived_from_them():
    h = hands(SAMPLE.replace('[Level "2"]', '[Level "3"]', 1))[0]
    right = hands(SAMPLE)[0]
    assert codes(h) == ["level_mismatch"]                       # before: 19 violations judged at 3
    (d,) = [d for d in h.derived if d.fact == "level"]
    assert d.value == "2" and "a declaration that does not stand" in d.message_en and "亮主不成立" in d.message_zh
    assert (h.level, h.attackers_total, h.outcome, h.levels_after) == (2, right.attackers_total, right.outcome,
                                                                       right.levels_after)


def test_a_level_the_hand_bears_out_stands_against_the_levels_carried():
    # [Levels] says E–W start at 3, but W deals hand 1 at 2 and declares with ♣2: the record's [Level] is
    # what the hand itself bears out, so the hand is judged at 2 as written (the mismatch reported)
    h = hands(SAMPLE.replace('[Levels "NS:2 EW:2"]', '[Levels "NS:2 EW:3"]'))[0]
    assert codes(h) == ["level_mismatch"] and h.level == 2 and h.legality_known
    assert not [u for u in h.unknowns if u.tag == "Level"] and not [d for d in h.derived if d.fact == "level"]


def test_a_level_nothing_in_the_hand_decides_is_judged_both_ways():
    # no declarations to tell: [Level "3"] against the level carried (2) — only what both give is kept
    text = SAMPLE.replace('[Level "2"]', '[Level "3"]', 1).replace('[Declarations "W: C2 | W: C2 C2"]\n', "", 1)
    h = hands(text)[0]
    (u,) = [u for u in h.unknowns if u.tag == "Level"]
    assert "does not say which is right" in u.message_en and "记录未说明哪个对" in u.message_zh
    assert "follow_suit" not in codes(h) and "level_mismatch" in codes(h)
    assert h.attackers_total is None and "points" in u.withheld        # 60 at 2, 70 at 3


def test_a_declaration_at_the_tags_level_does_not_choose_it_against_the_tables_leads_and_claim():
    """The referee probe's case (a simulated match, `tractor simulate --seed 5 --max-hands 2`): hand 2's
    [Level "2"] and its declaration S2 both miscopied with a 3.  At 3 the declaration stands and nothing else
    the record states disagrees, but the table's own acts do: three leads out of turn and the points off the
    [Claim].  The declaration alone made 3 the one value kept — eight wrong follows ruled, and the match's
    winner with them — one statement against the table's acts: both levels kept, what they share given."""
    from tractor_analysis.records.tgn_writer import format_tgn
    from tractor_analysis.simulate import simulate_match

    whole = format_tgn(simulate_match(5, 0, max_hands=2))
    at = whole.index('[Hand "2"]')
    text = whole[:at] + whole[at:].replace('[Level "2"]', '[Level "3"]', 1).replace('"S: S2"', '"S: S3"', 1)
    assert text != whole and '"S: S3"' in text
    (match,), _ = parse_tgn(text)
    result = replay_match(match)
    h = result.hands[1]
    (u,) = [u for u in h.unknowns if u.tag == "Level"]
    assert "does not say which is right" in u.message_en and "记录未说明哪个对" in u.message_zh
    assert "follow_suit" not in codes(h) and "out_of_turn" not in codes(h) and "level_mismatch" in codes(h)
    assert h.attackers_total is None and "points" in u.withheld and h.outcome is None
    assert result.winner is None                     # was E–W's, on the level-3 reading alone
    # the whole record (level 2 and S2): judged at 2, nothing contested
    right = hands(whole)[1]
    assert right.level == 2 and not codes(right) and not right.unknowns


def test_a_miscopied_dealer_the_cards_contradict_is_derived_from_them():
    hs = hands(SAMPLE.replace('[Dealer "E"]', '[Dealer "W"]', 1))
    h = hs[1]
    assert codes(h) == ["dealer_mismatch"]          # before: out_of_turn, bad_bury, not_in_hand against E
    (d,) = [d for d in h.derived if d.fact == "dealer"]
    assert d.value == "E" and h.dealer == E and "the first trick not led by the dealer" in d.message_en
    assert h.outcome == hands(SAMPLE)[1].outcome and not [u for u in h.unknowns if u.tag == "deal"]


def test_a_trump_the_declarations_contradict_withholds_what_rests_on_it():
    hs = hands(SAMPLE.replace('[Trump "C"]', '[Trump "H"]', 1))
    h = hs[0]
    assert codes(h) == ["bad_declaration"]          # before: 16 more, judged with hearts trump
    (u,) = [u for u in h.unknowns if u.tag == "Trump"]
    assert "the trump the declarations fix is C" in u.message_en
    assert h.outcome is None and h.attackers_total is None
    assert all(not codes(x) or codes(x) == ["level_mismatch"] for x in hs[1:])   # nothing carried as fact
