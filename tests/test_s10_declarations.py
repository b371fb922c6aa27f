"""Declarations none of which stands where ``[Level]`` or ``[Dealer]`` is contradicted, and the words
of a contradicted ``[Trump]`` (docs/rules.md §9.4, §14.1; engine/setting.py, engine/contradictions.py).

Before: the no_declaration check was skipped wherever a declaration would stand at the level or
dealer the rest of the record gives instead of the recorded one.  With ``[Levels "NS:3 EW:2"]``,
``[Dealer "W"]`` and ``[Declarations "N: C3"]`` (the first declarer N at NS's 3 names another dealer),
W deals at E–W's 2, where ♣3 declares nothing: nobody declared, so the rule fixes the trump — but the
hand, whose deal, bottom and bury bear out W, was judged with ``[Trump]`` alone (an outcome given
under ♣ where no_trump makes it NT; no "should have been dealt again" under ``redeal``; a check
needing the bottom's order passed over instead of withheld).  Now each judgement applies what its
own values call for: the rule at W's level, the declarations at N's.  A trump neither gives at a
judgement's level and dealer (the rule's NT at the level carried, where the declarations fix ♣) is
not kept — before, such a combination withheld the verdicts of a hand whose declarations fix the
recorded trump.  And the ``[Trump]`` item said "(by the no_declaration rule when none stands)" of
every trump, a declaration's too: now only of the rule's.  Tests marked "fails before" fail on the
code before the fix; the others are controls that pass on both.
"""
from __future__ import annotations

from pathlib import Path

from tractor_analysis.engine import explain_contradicted
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

SAMPLE = (Path(__file__).resolve().parent.parent / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
DECLARED = '[Declarations "W: C2 | W: C2 C2"]'
"""Hand 1's declarations (W deals at 2, trump ♣; its bottom ``D3 D5 C6 …``: the third card ♣6)."""
CLAUSE_EN, CLAUSE_ZH = "(by the no_declaration rule when none stands)", "（无人亮主成立时按 no_declaration 规则定主）"
W = 3


def record(declarations: str | None = None, trump: str | None = "C", level: str | None = "2",
           levels: str | None = None, rule: str | None = None, bottom: bool = True) -> str:
    """Hand 1 of the sample with its tags changed (``None``: the tag left out)."""
    text = SAMPLE
    for old, new in ((DECLARED, None if declarations is None else f"[Declarations {declarations}]"),
                     ('[Trump "C"]\n', "" if trump is None else f'[Trump "{trump}"]\n'),
                     ('[Level "2"]\n', "" if level is None else f'[Level "{level}"]\n'),
                     ('[Levels "NS:2 EW:2"]', None if levels is None else f'[Levels "{levels}"]')):
        assert old in text[:text.index('[Hand "2"]')]          # hand 1's (the first)
        if new is not None:
            text = text.replace(old, new, 1)
    if rule is not None:
        text = text.replace('[Ruleset "standard"]', f'[Ruleset "standard"]\n[Rule:no_declaration "{rule}"]', 1)
    if not bottom:
        text = text.replace("Bottom: D3 D5 C6 D6 S2 D8 HQ HK\n", "", 1)
    return text


def first(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[0]


def contested_dealer(trump: str | None = "C", rule: str | None = None, bottom: bool = True):
    """N declares ♣3, a declaration at N–S's 3 only; [Dealer "W"] (E–W at 2, no [Level]): the first
    declarer N names another dealer, and at W's level nobody declared."""
    return first(record('"N: C3"', trump=trump, level=None, levels="NS:3 EW:2", rule=rule, bottom=bottom))


def trump_checks(h):
    """The bad_declarations about the trump itself (no seat), not about one declaration."""
    return [v for v in h.violations if v.code == "bad_declaration" and v.seat is None]


def items(h, tag: str):
    return [u for u in h.unknowns if u.tag == tag]


def derived(h) -> dict[str, str]:
    return {d.fact: d.value for d in h.derived if d.fact in ("level", "dealer", "trump")}


# --- 1. the no_declaration rule at the values at which none stands --------------------------------

def test_the_record_as_built_contests_the_dealer_and_w_is_borne_out():      # control
    h = contested_dealer(trump="NT")
    assert [v.code for v in h.violations][:2] == ["dealer_mismatch", "bad_declaration"]
    assert "first to declare, N; the record names W" in h.violations[0].message_en
    assert h.dealer == W and h.level == 2 and trump_checks(h) == []


def test_no_trump_rule_at_the_dealer_borne_out_contradicts_a_suit_trump():   # fails before
    # before: judged under ♣ alone, 60 points and an outcome; under NT the plays give 85
    h = contested_dealer()
    (v,) = trump_checks(h)
    assert v.message_en == ("no declaration recorded stands (nobody declared), so under no_declaration = no_trump "
                            "the hand is played without trump (NT), but the record says trump is clubs")
    assert v.message_zh == "所记的亮主无一成立（即无人亮主），按规则（no_declaration = no_trump）应打无主，记录的主却是梅花"
    (u,) = items(h, "Trump")
    assert "[Trump] says C, but the trump the declarations fix is NT " + CLAUSE_EN in u.message_en
    assert "[Trump] 记为梅花，与亮主所定的主（无主）不符" + CLAUSE_ZH in u.message_zh
    assert h.attackers_total is None and h.outcome is None and not h.trump_known
    assert derived(h) == {"level": "2", "dealer": "W"}


def test_no_trump_rule_contradicts_another_suit_what_both_give_kept():      # fails before
    # before: judged under ♦ alone (80 points); under NT 85 — the attackers win either way, kept
    h = contested_dealer(trump="D")
    assert len(trump_checks(h)) == 1 and "says trump is diamonds" in trump_checks(h)[0].message_en
    (u,) = items(h, "Trump")
    assert "is NT " + CLAUSE_EN in u.message_en and "points" in u.withheld
    assert h.attackers_total is None and not h.trump_known
    assert h.outcome is not None and h.outcome.winner == "attackers"


def test_no_trump_rule_and_nt_recorded_agree():                              # control
    h = contested_dealer(trump="NT")
    assert not items(h, "Trump") and h.attackers_total == 85 and h.outcome is not None


def test_third_bottom_card_rule_at_the_dealer_borne_out():                   # fails before
    # the bottom's third card ♣6 fixes clubs; [Trump "NT"] was judged alone (85 points)
    h = contested_dealer(trump="NT", rule="third_bottom_card")
    (v,) = trump_checks(h)
    assert v.message_en.startswith("no declaration recorded stands (nobody declared), so under no_declaration = "
                                   "third_bottom_card the bottom's third card ♣6 fixes trump clubs")
    assert "底牌第三张 ♣6" in v.message_zh and "记录却打无主" in v.message_zh
    (u,) = items(h, "Trump")
    assert "[Trump] says NT, but the trump the declarations fix is C " + CLAUSE_EN in u.message_en
    assert CLAUSE_ZH in u.message_zh and h.attackers_total is None and h.outcome is None


def test_third_bottom_card_rule_agreeing_with_the_trump():                   # control
    h = contested_dealer(trump="C", rule="third_bottom_card")
    assert trump_checks(h) == [] and not items(h, "Trump") and h.outcome is not None


def test_third_bottom_card_without_the_bottom_line_withholds_the_check():    # fails before
    # before: the check was skipped, nothing said; now withheld (the bottom's order is not recorded)
    h = contested_dealer(trump="D", rule="third_bottom_card", bottom=False)
    assert trump_checks(h) == []
    (u,) = items(h, "Bottom")
    assert u.withheld == ("declaration_check",)


def test_redeal_rule_at_the_dealer_borne_out():                              # fails before
    h = contested_dealer(rule="redeal")
    (v,) = trump_checks(h)
    assert v.message_en == ("no declaration recorded stands (nobody declared): under no_declaration = redeal the "
                            "cards are dealt again, so this hand should not have been played")
    assert v.message_zh == "所记的亮主无一成立（即无人亮主），按规则应重新发牌，本局不应开打"
    assert not items(h, "Trump") and h.outcome is not None        # no trump is the rule's: nothing judged again


def test_drawn_rule_leaves_the_trump_as_recorded():                          # control
    h = contested_dealer(rule="drawn")
    assert trump_checks(h) == [] and not items(h, "Trump") and h.attackers_total == 60


def test_no_trump_recorded_nothing_is_checked_against_it():                  # control
    for rule in (None, "third_bottom_card", "redeal"):
        h = contested_dealer(trump=None, rule=rule)
        assert trump_checks(h) == []
        (u,) = items(h, "Trump")
        assert "not stated" in u.message_en and h.outcome is None


# --- a trump only the values the hand sets aside give ---------------------------------------------

def test_a_level_set_aside_names_no_rule_trump():                            # control
    # [Level "3"] where E–W carry 2: at 3 W's ♣2 declares nothing (the rule: NT), at 2 they stand and fix
    # ♣ — the hand bears out 2, where nothing gives NT: no trump judged, none reported
    h = first(record(level="3"))
    assert [v.code for v in h.violations] == ["level_mismatch"] and trump_checks(h) == []
    assert h.level == 2 and h.trump_known and h.attackers_total == 60 and derived(h) == {"level": "2"}


def test_a_declared_trump_at_a_level_set_aside_withholds_nothing():          # fails before
    # [Level "3"]: at 3 W's ♠3 stands (fixing ♠ against [Trump "C"]); at 2 (the level carried, which the
    # hand bears out: one refusal against two) ♣2 and its pair stand and fix ♣.  Before, ♠ was judged
    # at 2 too, where nothing gives it: the trump withheld, and the points and outcome with it
    h = first(record('"W: S3 | W: C2 | W: C2 C2"', level="3"))
    assert [v.code for v in h.violations] == ["level_mismatch", "bad_declaration"]
    assert h.violations[1].seat == W and "♠3" in h.violations[1].message_en
    assert trump_checks(h) == [] and not items(h, "Trump")
    assert h.level == 2 and h.trump_known and h.attackers_total == 60 and h.outcome is not None


def test_a_contested_level_words_only_the_trump_kept():                      # fails before
    # [Level "2"] where E–W carry 3, W declares ♠3: at 2 nobody declared (the rule: NT), at 3 ♠ — the
    # declaration bears out 3, the table's leads and [Claim] 2 with ♣ (as the sample was played): both levels
    # kept (before, 3 was derived from the declaration alone), and [Trump "C"] is contradicted by ♠ (the
    # declarations'), not by NT nor the rule
    h = first(record('"W: S3"', level="2", levels="NS:2 EW:3"))
    assert "level" not in derived(h) and items(h, "Level")
    # (the level as recorded is among those kept: its own contradiction of the trump, the rule's, is reported)
    assert [v.message_en for v in trump_checks(h)] == [
        "no declaration recorded stands (nobody declared), so under no_declaration = no_trump the hand is played "
        "without trump (NT), but the record says trump is clubs"]
    (u,) = items(h, "Trump")
    assert "[Trump] says C, but the trump the declarations fix is S, and the record" in u.message_en
    assert "与亮主所定的主（黑桃）不符，记录未说明哪个对" in u.message_zh
    assert "no_declaration" not in u.message_en + u.message_zh


# --- 2. the words: the rule's clause only where the rule fixes the trump --------------------------

def test_a_trump_the_declarations_fix_has_no_rule_clause():                  # fails before
    h = first(record(trump="D"))
    (u,) = items(h, "Trump")
    assert "[Trump] says D, but the trump the declarations fix is C, and the record does not say" in u.message_en
    assert "[Trump] 记为方块，与亮主所定的主（梅花）不符，记录未说明哪个对" in u.message_zh
    assert "no_declaration" not in u.message_en and "no_declaration" not in u.message_zh


def test_nobody_declared_keeps_the_rule_clause():                            # control
    h = first(record('""', trump="C"))
    (u,) = items(h, "Trump")
    assert "is NT " + CLAUSE_EN in u.message_en and "（无主）不符" + CLAUSE_ZH in u.message_zh


def test_several_trumps_the_clause_names_the_rules():                        # fails before
    zh, en = explain_contradicted.tag_contradicted("trump", 3, None, ("points",), 2, 4, (0, None), by_rule=(None,))
    assert "the trump the declarations fix is S or NT, depending on the other tags (NT by the no_declaration rule " \
           "when none stands), and the record" in en
    assert "与亮主所定的主（黑桃或无主，视其他标签取值而定）不符（其中无主是无人亮主成立时按 no_declaration 规则所定），" in zh
    zh, en = explain_contradicted.tag_contradicted("trump", 3, None, ("points",), 2, 4, (0, 1))
    assert "is S or H, depending on the other tags, and the record" in en and "no_declaration" not in zh + en
    zh, en = explain_contradicted.tag_contradicted("trump", 3, None, ("points",), 2, 4, (0, None), by_rule=(0, None))
    assert "is S or NT, depending on the other tags " + CLAUSE_EN in en and CLAUSE_ZH in zh
