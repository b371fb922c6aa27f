"""Declarations none of which stands, and a ``[Trump]`` the no_declaration rule contradicts
(docs/rules.md §9.4, §14.1; engine/setting.py).

Before: with every declaration refused (``[Declarations "W: C3"]`` at level 2: ♣3 declares nothing)
the trump was never checked — ``declared`` false, neither the declared trump nor the no_declaration
rule was consulted, and ``[Trump "C"]`` stood where under ``no_trump`` the hand is NT (likewise under
``third_bottom_card`` and ``redeal``).  And a ``[Trump]`` the no_declaration rule contradicts
(``[Declarations ""]``, ``[Trump "C"]``) was judged under the record's trump only, its outcome given,
while one a declaration contradicts was judged under both trumps and what differs withheld.  Now
declarations of which none stands are nobody declaring, and the rule's trump is judged as the other
value of ``[Trump]``, as the declared one is.  The tests marked "fails before" fail on the code before
the fix; the others are controls that pass on both.
"""
from __future__ import annotations

from pathlib import Path

from tractor_analysis.engine import explain_hand
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.cards import parse_cards

SAMPLE = (Path(__file__).resolve().parent.parent / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
DECLARED = '[Declarations "W: C2 | W: C2 C2"]'
"""Hand 1's declarations (W deals at 2, trump ♣; its bottom ``D3 D5 C6 …``: the third card ♣6)."""


def record(declarations: str, trump: str = "C", rule: str | None = None, bottom: bool = True) -> str:
    assert SAMPLE.count(DECLARED) == 1 and SAMPLE.count('[Trump "C"]') == 1
    text = SAMPLE.replace(DECLARED, f"[Declarations {declarations}]").replace('[Trump "C"]', f'[Trump "{trump}"]')
    if rule is not None:
        text = text.replace('[Ruleset "standard"]', f'[Ruleset "standard"]\n[Rule:no_declaration "{rule}"]', 1)
    if not bottom:
        text = text.replace("Bottom: D3 D5 C6 D6 S2 D8 HQ HK\n", "", 1)
    return text


def hands(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands


def first(text: str):
    return hands(text)[0]


def trump_checks(h):
    """The bad_declarations about the trump itself (no seat), not about one declaration."""
    return [v for v in h.violations if v.code == "bad_declaration" and v.seat is None]


def seat_refusals(h):
    return [v for v in h.violations if v.code == "bad_declaration" and v.seat is not None]


# --- F3: every declaration refused = nobody declared -------------------------------------------

def test_refused_declarations_under_no_trump_contradict_a_suit_trump():       # fails before
    h = first(record('"W: C3"'))
    assert len(seat_refusals(h)) == 1 and "declares nothing" in seat_refusals(h)[0].message_en
    (v,) = trump_checks(h)
    assert v.message_en == ("no declaration recorded stands (nobody declared), so under no_declaration = no_trump "
                            "the hand is played without trump (NT), but the record says trump is clubs")
    assert v.message_zh == "所记的亮主无一成立（即无人亮主），按规则（no_declaration = no_trump）应打无主，记录的主却是梅花"


def test_refused_declarations_judge_the_hand_under_both_trumps():            # fails before
    # as a [Trump] a declaration contradicts: judged under ♣ and NT, what differs withheld (the plays
    # give 60 under ♣, 85 under NT)
    h = first(record('"W: C3"'))
    (u,) = [u for u in h.unknowns if u.tag == "Trump"]
    assert "does not say which is right" in u.message_en and "记录未说明哪个对" in u.message_zh
    assert "no_declaration" in u.message_en and "no_declaration" in u.message_zh
    assert h.attackers_total is None and h.outcome is None and not h.trump_known


def test_a_declaration_not_dealt_is_no_declaration_either():                 # fails before
    # W holds no ♦2: its declaration is refused, nobody declared, the rule's NT contradicts ♣
    h = first(record('"W: D2"'))
    assert [v.code for v in seat_refusals(h)] == ["bad_declaration"]
    assert len(trump_checks(h)) == 1 and "(NT)" in trump_checks(h)[0].message_en


def test_refused_declarations_with_the_rules_trump_pass():                   # control
    h = first(record('"W: C3"', trump="NT"))
    assert trump_checks(h) == [] and len(seat_refusals(h)) == 1
    assert not [u for u in h.unknowns if u.tag == "Trump"] and h.outcome is not None


def test_refused_declarations_under_third_bottom_card():                     # fails before
    h = first(record('"W: C3"', trump="D", rule="third_bottom_card"))
    (v,) = trump_checks(h)
    assert v.message_en.startswith("no declaration recorded stands (nobody declared), so under no_declaration = "
                                   "third_bottom_card the bottom's third card ♣6 fixes trump clubs")
    assert "所记的亮主无一成立" in v.message_zh and "♣6" in v.message_zh and "方块" in v.message_zh
    (u,) = [u for u in h.unknowns if u.tag == "Trump"]
    assert "is C" in u.message_en and h.outcome is None


def test_refused_declarations_under_third_bottom_card_matching():            # control
    h = first(record('"W: C3"', trump="C", rule="third_bottom_card"))
    assert trump_checks(h) == [] and h.outcome is not None


def test_refused_declarations_without_the_bottom_withhold_the_check():       # fails before
    h = first(record('"W: C3"', trump="D", rule="third_bottom_card", bottom=False))
    assert trump_checks(h) == []
    (u,) = [u for u in h.unknowns if u.tag == "Bottom"]
    assert u.withheld == ("declaration_check",)


def test_refused_declarations_under_redeal():                                # fails before
    h = first(record('"W: C3"', rule="redeal"))
    (v,) = trump_checks(h)
    assert v.message_en == ("no declaration recorded stands (nobody declared): under no_declaration = redeal the "
                            "cards are dealt again, so this hand should not have been played")
    assert v.message_zh == "所记的亮主无一成立（即无人亮主），按规则应重新发牌，本局不应开打"
    assert not [u for u in h.unknowns if u.tag == "Trump"]       # no trump is the rule's: nothing judged again


def test_refused_declarations_under_drawn_leave_the_trump_as_recorded():     # control
    h = first(record('"W: C3"', rule="drawn"))
    assert trump_checks(h) == [] and h.outcome is not None


def test_a_declaration_that_stands_is_judged_as_before():                    # control
    h = first(SAMPLE)
    assert h.violations == () and h.outcome is not None


def test_a_level_the_declarations_contradict_names_no_rule_trump():          # control
    # [Level "3"] where E–W carry 2: at 3, W's ♣2 declares nothing — but that rests on the contested
    # level (at 2 they stand and fix ♣), so no "nobody declared" trump is judged or reported
    h = first(SAMPLE.replace('[Level "2"]', '[Level "3"]', 1))
    assert [v.code for v in h.violations] == ["level_mismatch"] and trump_checks(h) == []
    assert h.level == 2 and h.trump_known and h.outcome is not None


def test_a_score_sheet_with_refused_declarations_checks_no_trump():          # control
    text = record('"W: C3"')
    start = text.index('[Hand "1"]')
    end = text.index('[Hand "2"]')
    sheet = text[start:end].split("\nN: ")[0] + '\n[ResultOnly "yes"]\n[Claim "60"]\n\n'
    h = first(text[:start] + sheet)
    assert trump_checks(h) == []


# --- F4: a [Trump] the no_declaration rule contradicts is judged both ways -----------------------

def test_nobody_declared_and_another_trump_is_judged_both_ways():            # fails before
    h = first(record('""'))
    (v,) = trump_checks(h)
    assert v.message_en.startswith("nobody declared, so under no_declaration = no_trump")
    (u,) = [u for u in h.unknowns if u.tag == "Trump"]
    assert "[Trump] says C" in u.message_en and "is NT (by the no_declaration rule" in u.message_en
    assert "[Trump] 记为梅花" in u.message_zh and "（无主）" in u.message_zh and "no_declaration 规则" in u.message_zh
    assert h.attackers_total is None and h.outcome is None
    assert h.levels_after == (2, None) and h.levels_after_span[1] == (2, 3)      # N–S 2 either way (§10.2)


def test_the_two_contradictions_are_treated_alike():                         # fails before
    # d10 (a declaration fixes ♠) and d11 (nobody declared: NT) against [Trump "C"]: both withheld
    by_declaration = first(record('"W: S2"'))
    by_rule = first(record('""'))
    for h in (by_declaration, by_rule):
        assert [u.tag for u in h.unknowns if u.tag == "Trump"] == ["Trump"]
        assert h.outcome is None and h.attackers_total is None
    assert set(by_rule.unknowns[0].withheld) == set(by_declaration.unknowns[0].withheld)


def test_nobody_declared_and_the_rules_trump_is_judged_once():               # control
    h = first(record('""', trump="NT"))
    assert trump_checks(h) == [] and not [u for u in h.unknowns if u.tag == "Trump"]
    assert h.outcome is not None


def test_nobody_declared_under_redeal_adds_no_trump_to_judge():              # control
    h = first(record('""', rule="redeal"))
    (v,) = trump_checks(h)
    assert v.message_en.startswith("nobody declared: under no_declaration = redeal")
    assert not [u for u in h.unknowns if u.tag == "Trump"] and h.outcome is not None


def test_the_words_for_refused_declarations():                               # fails before
    zh, en = explain_hand.no_declaration_trump_mismatch(None, 0, parse_cards("BJ")[0], refused=True)
    assert zh.startswith("所记的亮主无一成立（即无人亮主），") and "大王" in zh and "黑桃" in zh
    assert en.startswith("no declaration recorded stands (nobody declared), so ") and "大王" in en and "spades" in en
    assert explain_hand.no_declaration_redeal(refused=True)[1].startswith("no declaration recorded stands")
    # [Declarations ""]'s words unchanged
    assert explain_hand.no_declaration_trump_mismatch(None, 0)[1].startswith("nobody declared, so ")
