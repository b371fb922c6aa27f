"""Follow duties (rules.md §5) and every trick violation code, with the better play named."""
from hypothesis import given, settings, strategies as st

from engine_helpers import cards, context, hand, judge_trick, same_cards, seat_hands, trick
from tractor_analysis.engine.legal import analyse_lead, check_follow, construct_follow, is_legal_follow

CTX = context(10, "H")


def judge(text, leader=None, ctx=CTX, **hands):
    hs = seat_hands(**hands)
    before = sum(map(sum, hs))
    r = judge_trick(ctx, trick(text), hs, leader)
    return r, hs, before


def only(r, code):
    vs = [v for v in r.violations if v.code == code]
    assert [v.code for v in r.violations] == [code], r.violations
    return vs[0]


def assert_better_is_legal(r, v, hands_before, ctx=CTX):
    lead = analyse_lead(ctx, r.plays[0].cards)
    assert is_legal_follow(ctx, lead, hands_before[v.seat], v.better), v


def test_follow_suit_held_hearts_but_discarded():
    r, _, _ = judge("N: SA, E: D3, S: S2, W: S3", N="SA", E="D3 S7", S="S2", W="S3")
    v = only(r, "follow_suit")
    assert v.seat == 1 and v.better == cards("S7")
    assert "东家" in v.message_zh and "spades" in v.message_en
    assert_better_is_legal(r, v, r.hands_before)


def test_follow_suit_on_a_trump_lead_level_cards_are_trumps():
    r, _, _ = judge("N: H3, E: S2, S: H4, W: H5", N="H3", E="S2 S10", S="H4", W="H5")
    v = only(r, "follow_suit")
    assert v.better == cards("S10")


def test_follow_pair_held_qq_but_played_q_7():
    # "held ♥QQ but played ♥Q ♥7" — rules.md §5 (hearts trump, trump pair led)
    r, _, _ = judge("N: H3 H3, E: HQ H7, S: H4 H4, W: H5 H5",
                    N="H3 H3", E="HQ HQ H7", S="H4 H4", W="H5 H5")
    v = only(r, "follow_pair")
    assert same_cards(v.better, cards("HQ HQ"))
    assert "♥Q ♥Q" in v.message_zh and "did not follow the pair" in v.message_en
    assert_better_is_legal(r, v, r.hands_before)


def test_pair_lead_with_no_pair_any_two_of_the_suit():
    r, _, _ = judge("N: S3 S3, E: SA SK, S: S4 S4, W: S5 S5", N="S3 S3", E="SA SK SQ", S="S4 S4", W="S5 S5")
    assert r.violations == ()


def test_follow_tractor_held_but_played_two_pairs():
    r, _, _ = judge("N: S3 S3 S4 S4, E: S8 S8 SA SA, S: D2 D3 D4 D6, W: C2 C3 C4 C6",
                    N="S3 S3 S4 S4", E="S8 S8 SA SA SK SK", S="D2 D3 D4 D6", W="C2 C3 C4 C6")
    v = only(r, "follow_tractor")
    assert same_cards(v.better, cards("SA SA SK SK"))
    assert_better_is_legal(r, v, r.hands_before)


def test_tractor_lead_without_tractor_must_play_pairs():
    # 若无拖拉机，则必须出对牌
    r, _, _ = judge("N: S3 S3 S4 S4, E: S8 SA SK SQ, S: D2 D3 D4 D6, W: C2 C3 C4 C6",
                    N="S3 S3 S4 S4", E="S8 S8 SA SK SQ", S="D2 D3 D4 D6", W="C2 C3 C4 C6")
    v = only(r, "follow_pair")
    assert sum(1 for k in v.better if k == cards("S8")[0]) == 2
    assert_better_is_legal(r, v, r.hands_before)


def test_longer_tractor_in_hand_supplies_the_same_length():
    lead = analyse_lead(CTX, cards("S3 S3 S4 S4"))
    h = hand("SQ SQ SK SK SA SA S2")
    assert is_legal_follow(CTX, lead, h, cards("SQ SQ SK SK"))
    assert check_follow(CTX, lead, h, cards("SQ SQ SA SA")) == "follow_tractor"


def test_throw_with_two_tractors_must_match_each():
    lead = analyse_lead(CTX, cards("SA SA SK SK SQ SQ S6 S6 S5 S5"))
    h = hand("S9 S9 S8 S8 S7 S7 S4 S4 S3 S3 S2")
    assert is_legal_follow(CTX, lead, h, cards("S9 S9 S8 S8 S7 S7 S4 S4 S3 S3"))
    assert check_follow(CTX, lead, h, cards("S9 S9 S8 S8 S7 S7 S4 S4 S3 S2")) == "follow_tractor"
    better = construct_follow(CTX, lead, h, cards("S9 S9 S8 S8 S7 S7 S4 S4 S3 S2"))
    assert is_legal_follow(CTX, lead, h, better)


def test_throw_pair_plus_single_needs_one_pair():
    lead = analyse_lead(CTX, cards("SA SA SK"))
    h = hand("S2 S2 S3 S4")
    assert check_follow(CTX, lead, h, cards("S2 S3 S4")) == "follow_pair"
    assert is_legal_follow(CTX, lead, h, cards("S2 S2 S4"))


def test_short_of_the_suit_all_of_it_then_anything():
    lead = analyse_lead(CTX, cards("SA SA SK SK"))
    h = hand("S2 S2 D3 D4 D5")
    assert is_legal_follow(CTX, lead, h, cards("S2 S2 D3 D4"))
    assert check_follow(CTX, lead, h, cards("S2 D3 D4 D5")) == "follow_suit"


def test_wrong_count():
    r, _, _ = judge("N: S3 S3, E: S8, S: S4 S4, W: S5 S5", N="S3 S3", E="S8 S9", S="S4 S4", W="S5 S5")
    v = only(r, "wrong_count")
    assert same_cards(v.better, cards("S8 S9"))
    assert "1 card to a lead of 2" in v.message_en


def test_not_in_hand_and_the_hand_never_goes_negative():
    r, hs, before = judge("N: S3, E: S8, S: S4, W: S5", N="S3", E="S9", S="S4", W="S5")
    v = only(r, "not_in_hand")
    assert v.seat == 1 and "♠8" in v.message_zh
    assert min(min(h) for h in hs) == 0 and sum(map(sum, hs)) == before - 3


def test_out_of_turn_wrong_leader():
    r, _, _ = judge("E: S8, S: S4, W: S5, N: S3", leader=0, N="S3", E="S8", S="S4", W="S5")
    v = only(r, "out_of_turn")
    assert v.seat == 1 and "北家" in v.message_zh


def test_out_of_turn_order_and_missing_seat():
    r, _, _ = judge("N: S3, S: S4, E: S8, W: S5", leader=0, N="S3", E="S8", S="S4", W="S5")
    v = only(r, "out_of_turn")      # S played ahead of E; E then played in its turn: one play out of turn, not two
    assert v.seat == 2 and "E was to play" in v.message_en
    r, _, _ = judge("N: S3, E: S8, S: S4", leader=0, N="S3", E="S8", S="S4", W="S5")
    v = only(r, "out_of_turn")
    assert v.seat == 3 and "did not play" in v.message_en


def test_mixed_lead():
    r, _, _ = judge("N: SA HA, E: S2 S3, S: S4 S5, W: S6 S7", N="SA HA", E="S2 S3", S="S4 S5", W="S6 S7")
    v = only(r, "mixed_lead")
    assert "one suit group" in v.message_en


def test_after_a_violation_the_trick_goes_on_with_the_cards_as_played():
    r, hs, _ = judge("N: SA, E: D3, S: S2, W: S3", N="SA", E="D3 S7", S="S2", W="S3")
    assert r.winner == 0 and hs[1][cards("S7")[0]] == 1 and hs[1][cards("D3")[0]] == 0


def test_follow_triple_three_decks():
    ctx = context(2, "H", preset="three-deck")
    lead = analyse_lead(ctx, cards("S5 S5 S5"))
    h = hand("S9 S9 S9 S8 S7")
    assert check_follow(ctx, lead, h, cards("S9 S8 S7")) == "follow_triple"
    assert check_follow(ctx, lead, h, cards("S9 S9 S8")) == "follow_triple"
    assert is_legal_follow(ctx, lead, h, cards("S9 S9 S9"))
    r, _, _ = judge("N: S5 S5 S5, E: S9 S8 S7, S: D2 D3 D4, W: C2 C3 C4", ctx=ctx,
                    N="S5 S5 S5", E="S9 S9 S9 S8 S7", S="D2 D3 D4", W="C2 C3 C4")
    v = only(r, "follow_triple")
    assert same_cards(v.better, cards("S9 S9 S9"))


def test_three_decks_triple_lead_without_triple_must_play_a_pair():
    ctx = context(2, "H", preset="three-deck")
    lead = analyse_lead(ctx, cards("S5 S5 S5"))
    h = hand("S9 S9 S8 S7")
    assert check_follow(ctx, lead, h, cards("S9 S8 S7")) == "follow_pair"


def test_protect_triples_never_forces_breaking_a_triple_for_a_pair():
    ctx = context(2, "H", preset="three-deck", protect_triples=True)
    lead = analyse_lead(ctx, cards("S5 S5"))
    h = hand("S9 S9 S9 S8")
    assert is_legal_follow(ctx, lead, h, cards("S9 S8"))
    ctx = context(2, "H", preset="three-deck")
    assert not is_legal_follow(ctx, lead, h, cards("S9 S8"))


SCENARIOS = {
    "follow_suit": ("N: SA, E: D3, S: S2, W: S3", dict(N="SA", E="D3 S7", S="S2", W="S3")),
    "follow_pair": ("N: H3 H3, E: HQ H7, S: H4 H4, W: H5 H5", dict(N="H3 H3", E="HQ HQ H7", S="H4 H4", W="H5 H5")),
    "follow_tractor": ("N: S3 S3 S4 S4, E: S8 S8 SA SA, S: D2 D3 D4 D6, W: C2 C3 C4 C6",
                       dict(N="S3 S3 S4 S4", E="S8 S8 SA SA SK SK", S="D2 D3 D4 D6", W="C2 C3 C4 C6")),
    "wrong_count": ("N: S3 S3, E: S8, S: S4 S4, W: S5 S5", dict(N="S3 S3", E="S8 S9", S="S4 S4", W="S5 S5")),
    "not_in_hand": ("N: S3, E: S8, S: S4, W: S5", dict(N="S3", E="S9", S="S4", W="S5")),
    "out_of_turn": ("N: S3, E: S8, S: S4", dict(N="S3", E="S8", S="S4", W="S5")),
    "mixed_lead": ("N: SA HA, E: S2 S3, S: S4 S5, W: S6 S7", dict(N="SA HA", E="S2 S3", S="S4 S5", W="S6 S7")),
    "throw_failed": ("N: SA SQ, E: SK S2, S: D2 D3, W: C2 C3", dict(N="SA SQ", E="SK S2", S="D2 D3", W="C2 C3")),
    "wrong_forced_play": ("N: SA SK -> SK, E: S2, S: D2, W: C2", dict(N="SA SK", E="S2 S3", S="D2 D3", W="C2 C3")),
}


def test_every_trick_code_has_a_bilingual_message_naming_the_seat():
    import re
    from tractor_analysis.records.cards import SEAT_NAMES_ZH
    from tractor_analysis.engine.verdicts import VIOLATION_CODES
    for code, (text, hands) in SCENARIOS.items():
        r, _, _ = judge(text, leader=0, **hands)
        v = only(r, code)
        assert code in VIOLATION_CODES
        assert re.search(r"[\u4e00-\u9fff]", v.message_zh) and SEAT_NAMES_ZH[v.seat] in v.message_zh, v
        assert v.message_en.startswith(("N", "E", "S", "W", "after")) and "NESW"[v.seat] in v.message_en, v
        assert v.message == f"{v.message_zh} / {v.message_en}"


# --- 3 decks, a titanic led: seed 000's fallback list, in order
CTX3 = context(2, "H", preset="three-deck")
TITANIC = "S3 S3 S3 S4 S4 S4"


def tier_case(hand_text, play_text):
    lead = analyse_lead(CTX3, cards(TITANIC))
    return check_follow(CTX3, lead, hand(hand_text), cards(play_text))


def test_titanic_lead_tractor_plus_two_singles_outranks_triple_pair_single():
    # 一副拖拉机 + 两单张 comes before 一副三对 + 一副两对 + 一单张
    h = "S9 S9 S10 S10 SQ SQ SQ SA SA S6"
    assert tier_case(h, "S9 S9 S10 S10 S6 SQ") is None
    assert tier_case(h, "SQ SQ SQ SA SA S6") == "follow_tractor"


def test_titanic_lead_two_triples_outrank_a_tractor():
    h = "S9 S9 S9 SK SK SK S6 S6 S7 S7"
    assert tier_case(h, "S9 S9 S9 SK SK SK") is None
    assert tier_case(h, "S6 S6 S7 S7 S9 SK") == "follow_triple"


def test_titanic_lead_titanic_first_then_triple_pair_then_triple_singles_then_pairs():
    assert tier_case("S9 S9 S9 S10 S10 S10 S6", "S9 S9 S9 S10 S10 S10") is None
    assert tier_case("S9 S9 S9 S10 S10 S10 S6", "S9 S9 S9 S10 S10 S6") == "follow_triple"
    assert tier_case("SK SK SK S6 S6 S8 S9", "SK SK SK S6 S6 S8") is None
    assert tier_case("SK SK SK S6 S6 S8 S9", "SK SK SK S6 S8 S9") == "follow_pair"      # kept the triple, dropped the pair
    assert tier_case("SK SK SK S6 S8 S10 SQ", "SK SK SK S6 S8 S10") is None
    assert tier_case("S6 S6 S8 S8 S10 SQ SA", "S6 S6 S8 S8 S10 SQ") is None
    assert tier_case("S6 S6 S8 S8 S10 SQ SA", "S6 S6 S8 S10 SQ SA") == "follow_pair"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(range(13)), min_size=6, max_size=11), st.integers(0, 10**6))
def test_titanic_lead_generator_judge_and_better_agree(ranks, seed):
    import random as _random
    from tractor_analysis.records.cards import card
    from tractor_analysis.engine.legal import choose_follow, legal_follows
    h = [0] * 54
    for r in ranks:
        k = card(0, r + 2) if r + 2 != 2 else card(0, 3)
        h[k] = min(3, h[k] + 1)
    h[card(2, 7)] = 3                                # some diamonds to discard
    lead = analyse_lead(CTX3, cards(TITANIC))
    for play in list(legal_follows(CTX3, lead, h))[:50]:
        assert check_follow(CTX3, lead, h, play) is None
    p = choose_follow(CTX3, lead, h, _random.Random(seed))
    assert is_legal_follow(CTX3, lead, h, p)
