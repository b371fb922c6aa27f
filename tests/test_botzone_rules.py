"""The rule options that model Botzone's Tractor judge (issue 25), each on constructed hands.

Every option is tested both ways: its default keeps today's behaviour, its Botzone value gives
the judge's verdict.  The whole preset is tested on the Botzone sample in test_botzone.py.
"""
import dataclasses

import pytest

from engine_helpers import cards, context, hand, judge_trick, seat_hands, trick
from tractor_analysis.engine import botzone_scores
from tractor_analysis.engine.declarations import trump_without_declaration
from tractor_analysis.engine.legal import analyse_lead, check_follow
from tractor_analysis.engine.throw_check import check_throw, throw_stands
from tractor_analysis.engine.scoring import bottom_multiplier, level_change
from tractor_analysis.engine.throw_units import failing_cards
from tractor_analysis.records.rulesets import (OPTION_DOCS, PRESETS, BottomMultiplier, ForeignUnit, MixedThrow,
                                               NoDeclaration, ScoreTable, ThrowFollow, ThrowForced,
                                               ThrowPenaltyCards, build_ruleset)

STD = PRESETS["standard"]
BZ = PRESETS["botzone"]
NEW_OPTIONS = ("throw_penalty_cards", "level_tractors", "throw_follow", "foreign_unit", "mixed_throw")
NEW_VALUES = (("bottom_multiplier", "lead_size"), ("score_table", "botzone"), ("throw_forced", "lowest_card"),
              ("no_declaration", "drawn"))


def test_defaults_are_todays_behaviour():
    assert STD.throw_penalty_cards is ThrowPenaltyCards.NOT_THROWN and STD.level_tractors
    assert STD.throw_follow is ThrowFollow.UNITS and STD.foreign_unit is ForeignUnit.REFUSED
    assert STD.mixed_throw is MixedThrow.REFUSED


def test_botzone_preset_combines_the_conventions():
    assert BZ.bottom_multiplier is BottomMultiplier.LEAD_SIZE and BZ.score_table is ScoreTable.BOTZONE
    assert BZ.throw_penalty.value == "per_card" and BZ.throw_penalty_points == 10
    assert BZ.throw_penalty_cards is ThrowPenaltyCards.FAILING_UNITS and BZ.throw_forced is ThrowForced.LOWEST_CARD
    assert BZ.no_declaration is NoDeclaration.DRAWN and not BZ.level_tractors
    assert BZ.throw_follow is ThrowFollow.SUIT and BZ.foreign_unit is ForeignUnit.ACCEPTED
    assert BZ.mixed_throw is MixedThrow.SAME_LETTER


@pytest.mark.parametrize("name", NEW_OPTIONS + tuple(n for n, _ in NEW_VALUES))
def test_each_option_is_documented_and_parses(name):
    assert name in OPTION_DOCS
    for doc in ("docs/rules-engine.md", "docs/rules.md"):
        assert f"`{name}`" in open(doc, encoding="utf-8").read(), doc
    value = BZ.options()[name]
    rules, problems = build_ruleset("standard", [(name, value)])
    assert not problems and rules.options()[name] == value


def test_bad_values_are_reported():
    _, problems = build_ruleset("botzone", [("throw_follow", "pairs"), ("foreign_unit", "maybe")])
    assert [p[0] for p in problems] == ["bad_rule_value", "bad_rule_value"]


# --------------------------------------------------------------------------- bottom_multiplier = lead_size

@pytest.mark.parametrize("shapes,ours,std", [
    (((1, 1),), 1, 2), (((2, 1),), 2, 4), (((2, 2),), 4, 16), (((2, 3),), 6, 64),
    (((1, 1), (1, 1)), 2, 2), (((2, 1), (1, 1)), 4, 4), (((2, 2), (1, 1)), 8, 16), (((2, 3), (2, 1)), 12, 64)])
def test_lead_size_multiplier(shapes, ours, std):
    assert bottom_multiplier(BZ, shapes[0], shapes) == ours
    assert bottom_multiplier(STD, shapes[0], shapes) == std


# --------------------------------------------------------------------------- score_table = botzone

@pytest.mark.parametrize("total,result", [(-30, ("defenders", 3)), (0, ("defenders", 3)), (5, ("defenders", 2)),
                                          (39, ("defenders", 2)), (40, ("defenders", 1)), (79, ("defenders", 1)),
                                          (80, ("attackers", 1)), (119, ("attackers", 1)), (120, ("attackers", 2)),
                                          (159, ("attackers", 2)), (160, ("attackers", 3)), (250, ("attackers", 3))])
def test_botzone_score_table(total, result):
    assert level_change(BZ, total) == result
    assert level_change(STD, 80) == ("attackers", 0)        # standard: 80 only takes the deal


def test_error_scores():
    assert botzone_scores.error_scores(3) == (1, 0, 1, -3)
    assert botzone_scores.error_scores(0) == (-3, 1, 0, 1)


# --------------------------------------------------------------------------- throw_forced = lowest_card

def test_every_unit_is_tested_and_one_card_is_forced():
    # ♠A ♠K K ♠4 4 (level 10, trump ♥): E holds ♠QQ (beats the pair 44, not KK), S a single ♠... none higher than A
    others = [hand("SQ SQ D2 D3"), hand("S2 D4 D5 D6"), hand("S3 D7 D8 D9")]
    lead = cards("SA SK SK S4 S4")
    assert throw_stands(context(10, "H"), lead, others) == (False, cards("S4 S4"))
    assert throw_stands(context(10, "H", throw_forced=ThrowForced.LOWEST_CARD), lead, others) == (False, cards("S4"))


def test_penalty_counts_every_beaten_unit():
    # ♠K ♠9 9 ♠3: ♠A beats the K and the 3, ♠JJ beats the 99 — all three units fail: 4 cards
    others = [hand("SA SJ SJ D2"), hand("D3 D4 D5 D6"), hand("D7 D8 D9 DJ")]
    ctx = context(10, "H", throw_forced=ThrowForced.LOWEST_CARD)
    seated = [(1, others[0]), (2, others[1]), (3, others[2])]
    tc = check_throw(ctx, cards("SK S9 S9 S3"), seated)
    assert not tc.stands and tc.forced == cards("S3") and tc.holder == 1
    assert failing_cards(ctx, analyse_lead(ctx, cards("SK S9 S9 S3")), seated) == 4
    hands = seat_hands(N="SK S9 S9 S3 C2", E="SA SJ SJ D2 C3", S="D3 D4 D5 D6 C4", W="D7 D8 D9 DJ C5")
    for option, expected in ((ThrowPenaltyCards.FAILING_UNITS, 4), (ThrowPenaltyCards.NOT_THROWN, 3)):
        ctx = context(10, "H", throw_forced=ThrowForced.LOWEST_CARD, throw_penalty_cards=option)
        r = judge_trick(ctx, trick("N: SK S9 S9 S3 -> S3, E: SA, S: D3, W: D7"), [row[:] for row in hands], 0)
        assert r.violations == () and r.cards_not_thrown == expected
    # written as if it stood: flagged, and the penalty still counts every beaten unit
    ctx = context(10, "H", throw_forced=ThrowForced.LOWEST_CARD, throw_penalty_cards=ThrowPenaltyCards.FAILING_UNITS)
    r = judge_trick(ctx, trick("N: SK S9 S9 S3, E: SA SJ SJ D2, S: D3 D4 D5 D6, W: D7 D8 D9 DJ"),
                    [row[:] for row in hands], 0)
    assert [v.code for v in r.violations] == ["throw_failed"] and r.cards_not_thrown == 4


def test_a_tractor_is_beaten_only_by_a_run_wholly_above_it():
    # ♠4455 + ♠A: E holds ♠5566 — a higher tractor today, but not wholly above ♠5 for the judge
    others = [hand("S5 S5 S6 S6 D2"), hand("D3 D4 D5 D6 D7"), hand("D8 D9 DJ DQ DK")]
    lead = cards("SA S5 S5 S4 S4")
    assert throw_stands(context(10, "H"), lead, others)[0] is False
    assert throw_stands(context(10, "H", throw_forced=ThrowForced.LOWEST_CARD), lead, others) == (True, ())


def test_partner_counts_in_the_throw_check():
    # the partner (S) alone holds the higher card: the throw fails all the same (both readings)
    others = [hand("D2 D3"), hand("SA D4"), hand("D5 D6")]
    for ctx in (context(10, "H"), context(10, "H", throw_forced=ThrowForced.LOWEST_CARD)):
        assert throw_stands(ctx, cards("SK S3"), others)[0] is False


# --------------------------------------------------------------------------- level_tractors

def test_level_cards_and_jokers_chain_only_as_the_joker_tractor():
    on, off = context(2, "S"), context(2, "S", level_tractors=False)
    for text in ("H2 H2 S2 S2", "S2 S2 LJ LJ", "SA SA H2 H2"):
        assert analyse_lead(on, cards(text)).kind == "tractor", text
        assert analyse_lead(off, cards(text)).kind == "throw", text
    for ctx in (on, off):
        assert analyse_lead(ctx, cards("LJ LJ BJ BJ")).kind == "tractor"
        assert analyse_lead(ctx, cards("SK SK SA SA")).kind == "tractor"
        assert analyse_lead(ctx, cards("H3 H3 H4 H4")).kind == "tractor"
    nt_on, nt_off = context(2, "NT"), context(2, "NT", level_tractors=False)
    assert analyse_lead(nt_on, cards("H2 H2 LJ LJ")).kind == "tractor"
    assert analyse_lead(nt_off, cards("H2 H2 LJ LJ")).kind == "throw"


def test_single_card_order_is_unchanged_by_level_tractors():
    on, off = context(2, "S").order, context(2, "S", level_tractors=False).order
    ks = sorted(range(54), key=lambda k: (on.group[k], on.strength[k], k))
    assert ks == sorted(range(54), key=lambda k: (off.group[k], off.strength[k], k))
    assert all(on.group[k] == off.group[k] for k in range(54))


# --------------------------------------------------------------------------- throw_follow

def test_a_throw_obliges_only_the_suit():
    ctx_units, ctx_suit = context(10, "H"), context(10, "H", throw_follow=ThrowFollow.SUIT)
    lead = analyse_lead(ctx_units, cards("SA SQ SQ"))
    held = hand("S9 S9 S3 S4 D2")
    assert check_follow(ctx_units, lead, held, cards("S3 S4 S9")) == "follow_pair"
    assert check_follow(ctx_suit, analyse_lead(ctx_suit, cards("SA SQ SQ")), held, cards("S3 S4 S9")) is None
    # the suit still binds
    assert check_follow(ctx_suit, analyse_lead(ctx_suit, cards("SA SQ SQ")), held, cards("S3 S4 D2")) == "follow_suit"


# --------------------------------------------------------------------------- foreign_unit

def test_a_pair_of_another_group_when_none_is_held_in_the_led_suit():
    refused, accepted = context(10, "H"), context(10, "H", foreign_unit=ForeignUnit.ACCEPTED)
    held = hand("S3 S5 H6 H6 D2 D2")
    for play in ("H6 H6", "D2 D2"):
        assert check_follow(refused, analyse_lead(refused, cards("SK SK")), held, cards(play)) == "follow_suit"
        assert check_follow(accepted, analyse_lead(accepted, cards("SK SK")), held, cards(play)) is None
    # not two singles of another suit, and not when a pair of the led suit is held
    assert check_follow(accepted, analyse_lead(accepted, cards("SK SK")), held, cards("D2 H6")) == "follow_suit"
    assert check_follow(accepted, analyse_lead(accepted, cards("SK SK")), hand("S3 S3 H6 H6"),
                        cards("H6 H6")) == "follow_suit"


def test_a_foreign_trump_pair_wins_the_trick_when_accepted():
    hands = seat_hands(N="SK SK", E="S3 S5 H6 H6", S="S7 S8", W="S9 SJ")
    ctx = context(10, "H", foreign_unit=ForeignUnit.ACCEPTED)
    r = judge_trick(ctx, trick("N: SK SK, E: H6 H6, S: S7 S8, W: S9 SJ"), hands, 0)
    assert r.violations == () and r.winner == 1
    hands = seat_hands(N="SK SK", E="S3 S5 H6 H6", S="S7 S8", W="S9 SJ")
    r = judge_trick(context(10, "H"), trick("N: SK SK, E: H6 H6, S: S7 S8, W: S9 SJ"), hands, 0)
    assert [v.code for v in r.violations] == ["follow_suit"]


def test_a_foreign_tractor_needs_no_tractor_in_the_led_suit():
    accepted = context(10, "H", foreign_unit=ForeignUnit.ACCEPTED)
    lead = analyse_lead(accepted, cards("S4 S4 S5 S5"))
    assert check_follow(accepted, lead, hand("S8 S8 S3 H6 H6 H7 H7"), cards("H6 H6 H7 H7")) is None
    assert check_follow(accepted, lead, hand("S8 S8 S9 S9 H6 H6 H7 H7"), cards("H6 H6 H7 H7")) == "follow_suit"


# --------------------------------------------------------------------------- mixed_throw

def test_a_plain_card_with_the_level_card_of_its_letter():
    # level 9, trump ♠: ♦Q ♦9 — ♦9 is a trump, so the lead is of two groups
    refused, judge = context(9, "S"), context(9, "S", mixed_throw=MixedThrow.SAME_LETTER)
    hands = seat_hands(N="DQ D9 C2", E="DK D2 C3", S="D4 D5 C4", W="C5 C6 C7")
    r = judge_trick(refused, trick("N: DQ D9, E: DK D2, S: D4 D5, W: C5 C6"), [h[:] for h in hands], 0)
    assert "mixed_lead" in [v.code for v in r.violations]
    # the judge: a throw; E's ♦K beats the ♦Q unit: one card forced, ♦Q
    r = judge_trick(judge, trick("N: DQ D9 -> DQ, E: DK, S: D4, W: C5"), [h[:] for h in hands], 0)
    assert r.violations == () and r.throw_failed
    r = judge_trick(judge, trick("N: DQ D9, E: DK D2, S: D4 D5, W: C5 C6"), [h[:] for h in hands], 0)
    assert [v.code for v in r.violations] == ["throw_failed"]
    # the other order (level card first) is still refused, as the judge refuses it
    r = judge_trick(judge, trick("N: D9 DQ, E: DK D2, S: D4 D5, W: C5 C6"), [h[:] for h in hands], 0)
    assert "mixed_lead" in [v.code for v in r.violations]


# --------------------------------------------------------------------------- no_declaration = drawn

def test_drawn_trump_stands_as_recorded():
    assert trump_without_declaration(STD, None) == (None, False, True)
    assert trump_without_declaration(dataclasses.replace(STD, no_declaration=NoDeclaration.DRAWN), None) == \
        (None, False, False)


def test_one_order_per_hand_type_whatever_level_tractors():
    from tractor_analysis.engine.order import order
    assert context(2, "S").order is order(2, 0) and context(2, "S", level_tractors=False).order is order(2, 0, False, False)
    assert context(2, "S").order is not context(2, "S", level_tractors=False).order
