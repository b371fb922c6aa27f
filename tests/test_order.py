"""Card order per hand (rules.md §2–§3) and which pairs chain into tractors (seeds 003, 000, 004)."""
import pytest

from engine_helpers import context, is_tractor
from tractor_analysis.records.cards import BJ, LJ, TOKEN, card
from tractor_analysis.engine.order import TRUMP, order


def ranking(o, group):
    """Kinds of a group strongest first, equal ones joined with '='."""
    out = []
    for ks in reversed(o.at[group]):
        out.append("=".join(TOKEN[k] for k in ks))
    return out


def test_seed_003_order_without_constant_twos_level_10_hearts():
    # 003: 主牌从大至小依次为：大王,小王,主10,副10,A,K,Q,J,9,8,7,6,5,4,3,2
    o = order(10, 1)
    assert ranking(o, TRUMP) == ["BJ", "LJ", "H10", "S10=D10=C10", "HA", "HK", "HQ", "HJ",
                                 "H9", "H8", "H7", "H6", "H5", "H4", "H3", "H2"]
    # 副牌从大至小依次为：A,K,Q,J,9,8,7,6,5,4,3,2
    assert ranking(o, 0) == ["SA", "SK", "SQ", "SJ", "S9", "S8", "S7", "S6", "S5", "S4", "S3", "S2"]


def test_seed_003_order_with_constant_twos_level_10_hearts():
    # 003: 2为常主时 主牌：大王,小王,主10,副10,主2,副2,A,K,Q,J,9,8,7,6,5,4,3 ; 副牌：A,K,Q,J,9,8,7,6,5,4,3
    o = order(10, 1, True)
    assert ranking(o, TRUMP) == ["BJ", "LJ", "H10", "S10=D10=C10", "H2", "S2=D2=C2", "HA", "HK", "HQ",
                                 "HJ", "H9", "H8", "H7", "H6", "H5", "H4", "H3"]
    assert ranking(o, 3) == ["CA", "CK", "CQ", "CJ", "C9", "C8", "C7", "C6", "C5", "C4", "C3"]


def test_seed_004_order_level_5_hearts():
    # 004: 主牌由大到小顺序为：大王小王，主5副5，AK，QJ，109，87，64，32 ; 副牌：A，KQ，J10，98，76，43，2
    o = order(5, 1)
    assert ranking(o, TRUMP) == ["BJ", "LJ", "H5", "S5=D5=C5", "HA", "HK", "HQ", "HJ", "H10", "H9",
                                 "H8", "H7", "H6", "H4", "H3", "H2"]
    assert ranking(o, 2) == ["DA", "DK", "DQ", "DJ", "D10", "D9", "D8", "D7", "D6", "D4", "D3", "D2"]


def test_no_trump_jokers_over_level_cards_all_equal():
    o = order(5, None)
    assert ranking(o, TRUMP) == ["BJ", "LJ", "S5=H5=D5=C5"]
    assert all(o.group[card(s, 5)] == TRUMP for s in range(4))
    assert o.group[card(1, 14)] == 1


def test_level_two_with_constant_twos_is_the_plain_level_order():
    assert ranking(order(2, 0, True), TRUMP) == ranking(order(2, 0, False), TRUMP)


@pytest.mark.parametrize("level", range(2, 15))
@pytest.mark.parametrize("trump", [0, 1, 2, 3, None])
@pytest.mark.parametrize("twos", [False, True])
def test_every_order_is_contiguous_and_partitions_the_deck(level, trump, twos):
    o = order(level, trump, twos)
    assert sorted(k for g in range(5) for k in o.kinds[g]) == list(range(54))
    for g in range(5):
        assert all(o.at[g][s] for s in range(len(o.at[g])))      # no gaps: adjacent = +1
        for s, ks in enumerate(o.at[g]):
            assert all(o.strength[k] == s and o.group[k] == g for k in ks)
    assert o.strength[BJ] == o.top(TRUMP) and o.strength[LJ] == o.top(TRUMP) - 1
    plain = [g for g in range(4) if g != trump]
    expected_plain = 13 - 1 - (1 if twos and level != 2 else 0)
    assert all(len(o.kinds[g]) == expected_plain for g in plain)


# --- tractors: seed 003 (level 10); the trump suit is hearts, the plain examples are spades
@pytest.mark.parametrize("text", [
    "SK SK SQ SQ",                     # KKQQ
    "SJ SJ S9 S9",                     # JJ99: 10 (the level) is skipped
    "S5 S5 S4 S4 S3 S3",               # 554433
    "LJ LJ H10 H10",                   # 一对小王带一对主10
    "H10 H10 S10 S10",                 # 一对主10带一对副10
    "S10 S10 HA HA",                   # 一对副10带一对主牌A
    "H10 H10 C10 C10 HA HA",           # 一对主10带一对副10及一对主牌A
    "BJ BJ LJ LJ H10 H10",
    "SJ SJ SQ SQ",                     # 003 lists JJQQ as *not* a tractor: a slip (000 reads JJQ there, and JJQQ is a tractor in 000 line 14); docs/rules-engine.md
])
def test_seed_003_tractors_at_level_10(text):
    assert is_tractor(context(10, "H"), text)


@pytest.mark.parametrize("text", [
    "S5 S5 S4",                        # 554
    "S5 S4 S4",                        # 544
    "S5 S5 S3 S3",                     # 5533
    "S10 S10 C10 C10",                 # 两对副10 (equal strength never chains)
    "SJ SJ S10 S10",                   # JJ1010: the 10s are trumps (a mixed lead)
    "SA SA S2 S2",                     # AA22: no wrap-around
    "HJ HJ H10 H10",                   # a level card does not chain with its own suit's plain cards
    "LJ LJ S10 S10",                   # the trump-suit level pair sits between
])
def test_seed_003_not_tractors_at_level_10(text):
    assert not is_tractor(context(10, "H"), text)


@pytest.mark.parametrize("text", [
    "S3 S3 S4 S4",                     # 3344
    "S4 S4 S6 S6",                     # 4466: the level 5 is skipped
    "S5 S5 H5 H5",                     # 副5副5主5主5
    "BJ BJ LJ LJ",                     # 大王大王小王小王
    "HA HA C5 C5",                     # AA副5副5
    "H5 H5 LJ LJ",                     # 主5主5小王小王
    "HK HK HA HA",
])
def test_seed_000_004_tractors_at_level_5_hearts(text):
    assert is_tractor(context(5, "H"), text)


@pytest.mark.parametrize("text", [
    "H5 H5 H6 H6",                     # 5566 in the trump suit
    "D5 D5 D6 D6",                     # 5566 in a plain suit (the 5s are trumps)
    "H4 H4 H5 H5",                     # 红桃4455
    "S5 S5 LJ LJ",                     # 黑桃55一对小王
    "D3 D3 C4 C4",                     # 方块33草花44
    "C5 C5 D5 D5",                     # 草花55方块55
    "HA HA H2 H2",                     # 红桃AA22
])
def test_seed_000_004_not_tractors_at_level_5_hearts(text):
    assert not is_tractor(context(5, "H"), text)


def test_no_trump_level_pairs_of_two_suits_are_not_a_tractor():
    ctx = context(5, "NT")
    assert not is_tractor(ctx, "S5 S5 H5 H5")                 # 打无主时 5555 不为拖拉机
    assert is_tractor(ctx, "H5 H5 LJ LJ")
    assert is_tractor(ctx, "S4 S4 S6 S6")


def test_level_ace_chains_trump_king_to_off_suit_aces():
    ctx = context("A", "S")
    assert is_tractor(ctx, "SK SK HA HA")
    assert is_tractor(ctx, "HA HA SA SA")
    assert not is_tractor(ctx, "SK SK SA SA")


def test_constant_twos_chain_through_the_twos():
    ctx = context(10, "H", constant_twos=True)
    assert is_tractor(ctx, "HA HA S2 S2")
    assert is_tractor(ctx, "S2 S2 H2 H2")
    assert is_tractor(ctx, "H2 H2 C10 C10")
    assert not is_tractor(ctx, "S2 S2 D2 D2")
    assert not is_tractor(ctx, "S3 S3 SA SA")
    assert is_tractor(ctx, "S3 S3 S4 S4")


def test_order_is_cached_per_level_trump_and_twos():
    assert order(7, 2) is order(7, 2)
    assert order(7, 2, True) is not order(7, 2)


def test_bad_level_or_trump_is_rejected_clearly():
    with pytest.raises(ValueError, match="level"):
        order(1, 0)
    with pytest.raises(ValueError, match="trump"):
        order(5, 7)
