"""Constant twos (2 为常主, option ``constant_twos``) with 1, 2 and 3 decks.

Seed ``003_08afd35f68d2e9ef.txt`` 【牌的大小顺序】 (level 10):
"2为常主时 主牌从大至小依次为：大王,小王,主10,副10,主2,副2,A,K,Q,J,9,8,7,6,5,4,3
副牌从大至小依次为：A,K,Q,J,9,8,7,6,5,4,3".
Seed ``000_761dd93bd77deec4.txt`` "升级(拖拉机)玩法" (level 2, where the 2s are the level cards):
"主牌从大至小依次为：大王,小王,主2,副2,A,K,Q,J,10,9,8,7,6,5,4,3 副牌从大至小依次为：A,K,Q,J,10,9,8,7,6,5,4,3".
"""
import pytest

from engine_helpers import (cards, context, hand, is_tractor, judge_trick, lead_of, position, replay_position,
                            seat_hands, trick)
from tractor_analysis.records.cards import BJ, LJ, RANK_OF, RANK_TOKENS, SUIT_OF
from tractor_analysis.engine.legal import analyse_lead, check_follow
from tractor_analysis.engine.throw_check import throw_stands
from tractor_analysis.engine.order import TRUMP, order

PRESETS = {1: "one-deck", 2: "standard", 3: "three-deck"}


def seed_style(o, group: int) -> str:
    """The order of one group high to low in the seeds' words (主10, 副10, 主2, 副2, A, K, …)."""
    out = []
    for ks in reversed(o.at[group]):
        k = ks[0]
        if k == BJ:
            out.append("大王")
        elif k == LJ:
            out.append("小王")
        elif group == TRUMP and RANK_OF[k] in (o.level, 2) and (RANK_OF[k] == o.level or o.constant_twos):
            main = o.trump is not None and all(SUIT_OF[j] == o.trump for j in ks)
            out.append(("主" if main else "副") + RANK_TOKENS[RANK_OF[k]])
        else:
            out.append(RANK_TOKENS[RANK_OF[k]])
    return ",".join(out)


@pytest.mark.parametrize("decks", [1, 2, 3])
def test_seed_003_order_with_constant_twos_in_every_deck_count(decks):
    ctx = context(10, "H", preset=PRESETS[decks], constant_twos=True)
    o = ctx.order
    assert seed_style(o, TRUMP) == "大王,小王,主10,副10,主2,副2,A,K,Q,J,9,8,7,6,5,4,3"
    for suit in (0, 2, 3):
        assert seed_style(o, suit) == "A,K,Q,J,9,8,7,6,5,4,3"


@pytest.mark.parametrize("decks", [1, 2, 3])
def test_seed_003_order_without_constant_twos_in_every_deck_count(decks):
    o = context(10, "H", preset=PRESETS[decks]).order
    assert seed_style(o, TRUMP) == "大王,小王,主10,副10,A,K,Q,J,9,8,7,6,5,4,3,2"
    assert seed_style(o, 0) == "A,K,Q,J,9,8,7,6,5,4,3,2"


@pytest.mark.parametrize("twos", [False, True])
def test_seed_000_shengji_section_level_2_lists_trump_2_and_off_2_above_a(twos):
    o = context(2, "S", constant_twos=twos).order
    assert seed_style(o, TRUMP) == "大王,小王,主2,副2,A,K,Q,J,10,9,8,7,6,5,4,3"
    assert seed_style(o, 1) == "A,K,Q,J,10,9,8,7,6,5,4,3"


@pytest.mark.parametrize("text", [
    "BJ BJ LJ LJ",          # 一对大王和小王
    "LJ LJ S2 S2",          # 一对小王和主级牌
    "S2 S2 H2 H2",          # 一对主级牌和副级牌
    "D2 D2 SA SA",          # 一对副级牌和主A
    "H4 H4 H5 H5", "HJ HJ HQ HQ", "C6 C6 C7 C7 C8 C8",      # 4455, JJQQ, 667788
])
def test_seed_000_shengji_section_tractors_at_level_2(text):
    assert is_tractor(context(2, "S", constant_twos=True), text)
    assert is_tractor(context(2, "S"), text)


# the brief's chain through the 2s (level 10, hearts): 主10-副10, 副10-主2, 主2-副2, 副2-主A
@pytest.mark.parametrize("decks", [2, 3])
@pytest.mark.parametrize("ranks,tractor", [
    (["H10", "S10"], True),
    (["C10", "H2"], True),
    (["H2", "D2"], True),
    (["S2", "HA"], True),
    (["H10", "C10", "H2", "S2", "HA"], True),
    (["LJ", "H10", "D10", "H2"], True),
    (["S2", "D2"], False),              # two off-suit 2s of different suits are equal
    (["S10", "S2"], False),             # 主2 sits between
    (["H2", "HA"], False),              # 副2 sits between
    (["HA", "HK"], True),
    (["SA", "S3"], False),              # no wrap-around: the 2s left the suit
    (["S3", "S4"], True),
])
def test_constant_twos_tractors_and_titanics(decks, ranks, tractor):
    ctx = context(10, "H", preset=PRESETS[decks], constant_twos=True)
    copies = 2 if decks == 2 else 3
    text = " ".join(r for r in ranks for _ in range(copies))
    lead = lead_of(ctx, text)
    kind = "tractor" if copies == 2 else "titanic"
    assert (not lead.mixed and lead.kind == kind) is tractor, (text, lead.kind)
    if decks == 3:                      # the same ranks as pairs are a tractor with 3 decks too
        assert is_tractor(ctx, " ".join(r for r in ranks for _ in range(2))) is tractor


def test_without_constant_twos_the_2s_are_plain_and_aa22_is_no_tractor():
    ctx = context(10, "H")
    assert not is_tractor(ctx, "SA SA S2 S2")                 # 003: "以下各例均不是拖拉机 … AA22"
    assert is_tractor(ctx, "S2 S2 S3 S3")
    assert ctx.order.group[cards("S2")[0]] == 0


def test_constant_twos_in_no_trump_the_2s_follow_the_level_cards_all_equal():
    o = context(10, "NT", constant_twos=True).order
    assert seed_style(o, TRUMP) == "大王,小王,副10,副2"
    assert not is_tractor(context(10, "NT", constant_twos=True), "S2 S2 D2 D2")
    assert is_tractor(context(10, "NT", constant_twos=True), "S10 S10 D2 D2")


# --------------------------------------------------------------------------- play
def test_one_deck_a_2_is_a_trump_above_the_trump_ace():
    ctx = context(10, "H", preset="one-deck", constant_twos=True)
    hs = seat_hands(N="HA", E="S2", S="H3", W="D2")
    r = judge_trick(ctx, trick("N: HA, E: S2, S: H3, W: D2"), hs, 0)
    assert r.violations == () and r.winner == 1            # off-suit 2s equal: E's S2 first
    hs = seat_hands(N="HA", E="S2", S="H2", W="C10")
    assert judge_trick(ctx, trick("N: HA, E: S2, S: H2, W: C10"), hs, 0).winner == 3


@pytest.mark.parametrize("decks", [1, 2, 3])
def test_a_2_is_not_a_card_of_its_printed_suit(decks):
    ctx = context(10, "H", preset=PRESETS[decks], constant_twos=True)
    lead = analyse_lead(ctx, cards("SK"))
    assert check_follow(ctx, lead, hand("S2 D3"), cards("D3")) is None      # void in spades
    assert check_follow(ctx, lead, hand("S2 S5 D3"), cards("S2")) == "follow_suit"
    trump_lead = analyse_lead(ctx, cards("H3"))
    assert check_follow(ctx, trump_lead, hand("S2 D3"), cards("D3")) == "follow_suit"
    assert check_follow(ctx, trump_lead, hand("S2 D3"), cards("S2")) is None


def test_a_2_can_beat_a_trump_throw_but_not_a_plain_one():
    ctx = context(10, "H", constant_twos=True)
    others = [hand("D2 D3"), hand("C4"), hand("S5")]
    assert throw_stands(ctx, cards("HA HK"), others) == (False, cards("HK"))
    assert throw_stands(ctx, cards("DA DK"), others) == (True, ())


@pytest.mark.parametrize("decks", [1, 2, 3])
def test_a_2_trumps_in_on_its_own_suit_in_a_replayed_position(decks):
    text = position("N: SK, E: S2, S: S3, W: S4", ruleset=PRESETS[decks], level="10", trump="H",
                    rules={"constant_twos": "on"}, hands=dict(N="SK", E="S2 D3", S="S3", W="S4"))
    result = replay_position(text)
    assert result.violations == () and result.tricks[0].winner == 1 and result.tricks[0].trumped
    plain = replay_position(text.replace('[Rule:constant_twos "on"]\n', ""))
    assert plain.violations == () and plain.tricks[0].winner == 0


def test_a_tractor_through_the_2s_in_a_replayed_position():
    t = "N: C10 C10 H2 H2, E: HA HA HK HK, S: S2 S2 D2 D2, W: H3 H3 H4 H4"
    result = replay_position(position(t, ruleset="standard", level="10", trump="H", rules={"constant_twos": "on"}))
    tr = result.tricks[0]
    assert result.violations == () and tr.lead_kind == "tractor" and tr.winner == 0
    # E held a tractor below and followed with it; S's two off-suit 2 pairs are no tractor
    t = "N: H3 H3 H4 H4, E: C10 C10 H2 H2, S: S2 S2 D2 D2, W: H5 H5 H6 H6"
    result = replay_position(position(t, ruleset="standard", level="10", trump="H", rules={"constant_twos": "on"}))
    assert result.violations == () and result.tricks[0].winner == 1


def test_constant_twos_with_three_decks_titanic_through_the_2s_in_a_position():
    t = ("N: H2 H2 H2 S2 S2 S2, E: HA HA HA HK HK HK, S: D10 D10 D10 H10 H10 H10, W: H3 H3 H3 H4 H4 H4")
    result = replay_position(position(t, ruleset="three-deck", level="10", trump="H",
                                      rules={"constant_twos": "on"}))
    assert result.violations == () and result.tricks[0].lead_kind == "titanic"
    assert result.tricks[0].winner == 2 and result.tricks[0].winning_shape == (3, 2)


def test_order_depends_on_the_option_not_the_deck_count():
    assert context(9, "D", preset="one-deck", constant_twos=True).order is order(9, 2, True)
    assert context(9, "D", preset="three-deck", constant_twos=True).order is order(9, 2, True)


@pytest.mark.parametrize("decks,per", [(1, 12), (2, 25), (3, 39)])
def test_random_legal_play_with_constant_twos_is_judged_clean(decks, per):
    from test_legal import play_hand
    for seed in range(4):
        for level, trump in ((10, 1), (14, None), (2, 3)):
            ctx = context(level, trump, preset=PRESETS[decks], constant_twos=True)
            assert play_hand(ctx, seed, decks=decks, per=per) == []


def test_simulated_matches_with_constant_twos_replay_clean():
    import dataclasses
    from tractor_analysis.engine.replay import replay_match
    from tractor_analysis.records.rulesets import PRESETS as RULESETS
    from tractor_analysis.simulate import simulate
    for preset in ("one-deck", "standard"):
        rules = dataclasses.replace(RULESETS[preset], constant_twos=True)
        for m in simulate(2, 3, rules=rules):
            for hr in replay_match(m, rules).hands:
                assert [v.message for v in hr.violations if v.trick is not None] == []
