"""Who wins a trick (rules.md §6; seeds 003 / 000 【出牌规则】 and 004)."""
import pytest

from engine_helpers import context, judge_trick, seat_hands, trick

CTX = context(10, "H")     # seed examples: level 10, hearts trump, lead in clubs


def winner(text, ctx=CTX, **hands):
    """Judge a trick whose hands are exactly the cards played (so no follow duty is in doubt)."""
    plays = {}
    for part in text.split(","):
        seat, _, body = part.partition(":")
        plays[seat.strip()] = plays.get(seat.strip(), "") + " " + body.replace("->", " ")
    hs = seat_hands(**{s: hands.get(s, plays.get(s, "")) for s in "NESW"})
    r = judge_trick(ctx, trick(text), hs, None)
    return "NESW"[r.winner], r


def test_seed_998872_trumps_ak5544():
    # 主牌998872可毙副牌AK5544
    w, r = winner("N: CA CK C5 C5 C4 C4, E: H9 H9 H8 H8 H7 H2, S: D2 D3 D4 D6 D7 D8, W: S2 S3 S4 S6 S7 S8")
    assert w == "E" and r.trumped and r.violations == ()


def test_seed_998872_does_not_trump_aa5544():
    # 但不能毙副牌AA5544 (tractor + pair: the trumps need a tractor and two more pairs)
    w, r = winner("N: CA CA C5 C5 C4 C4, E: H9 H9 H8 H8 H7 H2, S: D2 D3 D4 D6 D7 D8, W: S2 S3 S4 S6 S7 S8")
    assert w == "N" and not r.trumped


def test_seed_977_trumps_544_and_884_overtrumps():
    # 主牌977可毙副牌544,主牌884可盖毙
    w, r = winner("N: C5 C4 C4, E: H9 H7 H7, S: H8 H8 H4, W: D2 D3 D4")
    assert w == "S" and r.trumped


def test_seed_977_trumps_567_and_884_does_not_overtrump():
    # 主牌977可毙副牌567,主牌884不能盖毙
    w, r = winner("N: C5 C6 C7, E: H9 H7 H7, S: H8 H8 H4, W: D2 D3 D4")
    assert w == "E" and r.trumped


def test_seed_004_10_10_k_trumps_543_and_qq2_does_not_overtrump():
    # 004: 主牌10 10 K可毙副牌543，主牌QQ2不可盖毙 — read at level 10 (brief): the top single H10 > HQ
    w, r = winner("N: C5 C4 C3, E: H10 H10 HK, S: HQ HQ H2, W: D2 D3 D4")
    assert w == "E"


def test_trump_in_without_the_leads_pair_is_a_discard():
    w, r = winner("N: C9 C9, E: BJ LJ, S: C2 C3, W: D2 D3")
    assert w == "N" and not r.trumped


def test_trump_pair_cannot_beat_led_tractor_without_a_tractor():
    w, r = winner("N: C9 C9 C8 C8, E: BJ BJ HA HA, S: C2 C3 C4 C6, W: D2 D3 D4 D6")
    assert w == "N"
    w, r = winner("N: C9 C9 C8 C8, E: HK HK HA HA, S: C2 C3 C4 C6, W: D2 D3 D4 D6")
    assert w == "E" and r.trumped


def test_same_suit_follow_beats_only_with_the_same_shape():
    assert winner("N: C9 C9, E: CA CK, S: CJ CJ, W: D2 D3")[0] == "S"
    assert winner("N: C9 C9 C8 C8, E: CA CA CK CK, S: C2 C3 C4 C6, W: D2 D3 D4 D6")[0] == "E"
    assert winner("N: C9 C9 C8 C8, E: CA CA CQ CQ, S: C2 C3 C4 C6, W: D2 D3 D4 D6")[0] == "N"


def test_a_throw_that_stood_is_beaten_only_by_a_trump_in():
    w, r = winner("N: CA CK, E: CQ CJ, S: D2 D3, W: D4 D6")
    assert w == "N"
    w, r = winner("N: CA CK, E: CQ CJ, S: H2 H3, W: D4 D6")
    assert w == "S"


def test_a_trump_throw_cannot_be_beaten():
    w, r = winner("N: HA HK, E: BJ LJ, S: H2 H3, W: D4 D6", E="BJ LJ")
    assert w == "N"


def test_equal_cards_the_earlier_play_wins():
    # off-suit level cards are equal: the first one played wins
    w, r = winner("N: S10, E: C10, S: D10, W: H2")
    assert w == "N"
    w, r = winner("N: C2, E: S10, S: D10, W: H2")
    assert w == "E" and r.trumped


def test_two_different_off_suit_level_cards_are_not_a_pair():
    w, r = winner("N: H3 H3, E: S10 C10, S: H2 H2, W: D4 D6")
    assert w == "N"


def test_higher_trump_on_a_trump_lead():
    assert winner("N: H3, E: S10, S: H10, W: LJ")[0] == "W"
    assert winner("N: H3 H3, E: S10 S10, S: LJ LJ, W: H4 H4")[0] == "S"


def test_trump_in_compared_by_the_leads_tractor():
    w, r = winner("N: C9 C9 C8 C8, E: H3 H3 H4 H4, S: HK HK HA HA, W: H5 H5 H6 H6")
    assert w == "S"


@pytest.mark.parametrize("text,shape", [
    ("N: CA, E: C2, S: C3, W: C4", (1, 1)),
    ("N: CA CA, E: C2 C2, S: C3 C3, W: C4 C4", (2, 1)),
    ("N: CA CA CK CK CQ CQ, E: C2 C2 C3 C3 C4 C4, S: D2 D2 D3 D3 D4 D4, W: S2 S2 S3 S3 S4 S4", (2, 3)),
    ("N: CA CA CK, E: C2 C2 C3, S: H3 H3 H2, W: D4 D6 D7", (2, 1)),
])
def test_winning_shape_is_the_largest_unit_as_it_counts_against_the_lead(text, shape):
    assert winner(text)[1].winning_shape == shape


def test_points_count_5_10_k():
    assert winner("N: C5, E: C10, S: CK, W: D4")[1].points == 25


CTX3 = context(2, "H", preset="three-deck")


def test_three_decks_trumping_33344_needs_any_triple_and_any_pair():
    # 000: 若 33344 牌是副牌，若要杀，主牌中需要有任意一个三同张和任意一对
    w, r = winner("N: C3 C3 C3 C4 C4, E: H9 H9 H9 H6 H6, S: D3 D4 D6 D7 D8, W: S3 S4 S6 S7 S8", ctx=CTX3)
    assert w == "E" and r.trumped
    w, r = winner("N: C3 C3 C3 C4 C4, E: H9 H9 H6 H6 H7, S: D3 D4 D6 D7 D8, W: S3 S4 S6 S7 S8", ctx=CTX3)
    assert w == "N"


def test_three_decks_trumping_991010jjj_needs_a_tractor_and_a_triple():
    # 000: 若 991010JJJ 牌是副牌，若要杀，主牌中需要有一个拖拉机和任意一个三同张
    lead = "C9 C9 C10 C10 CJ CJ CJ"
    w, _ = winner(f"N: {lead}, E: H5 H5 H6 H6 HK HK HK, S: D3 D4 D6 D7 D8 D9 DJ, W: S3 S4 S6 S7 S8 S9 SJ", ctx=CTX3)
    assert w == "E"
    w, _ = winner(f"N: {lead}, E: H5 H5 H7 H7 HK HK HK, S: D3 D4 D6 D7 D8 D9 DJ, W: S3 S4 S6 S7 S8 S9 SJ", ctx=CTX3)
    assert w == "N"


def test_three_decks_titanic_beats_titanic_by_top():
    w, _ = winner("N: C3 C3 C3 C4 C4 C4, E: C7 C7 C7 C8 C8 C8, S: C5 C5 C5 C6 C6 C6, W: D3 D4 D6 D7 D8 D9",
                  ctx=CTX3)
    assert w == "E"
