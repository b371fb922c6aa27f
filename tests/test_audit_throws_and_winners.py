"""Referee's audit: throws (rules.md §4) and who wins a trick (rules.md §6), replayed from positions.

Seeds: ``003_…`` "首家试图联出98844时，若其余某家有此花色的J，则首家必须出9，若其余某家有此花色的QQ或55，
则首家必须出44"; "出牌时同等大小的牌以先出者为大"; "若首家出的牌中有拖拉机或对牌，毙牌时所出的牌必须是主牌，
且其拖拉机的数目不得少于…对牌的数目也不得少于…，否则被视为垫牌"; "主牌 9988 72 可毙副牌 AK5544, 但不能毙副牌
AA5544"; "主牌 977 可毙副牌 544, 主牌 884 可盖毙"; "主牌 977 可毙副牌 567, 主牌 884 不能盖毙".
"""
from __future__ import annotations

import pytest

from engine_helpers import position, replay_position, same_cards
from tractor_analysis.records.cards import SEAT_TOKENS, parse_cards


def trick(text: str, *, level: str = "10", trump: str = "H", ruleset: str = "standard", hands=None, **kw):
    """Replay one trick as a position; return (winner seat token, the trick's result, the violations)."""
    result = replay_position(position(text, level=level, trump=trump, ruleset=ruleset, hands=hands, **kw))
    t = result.tricks[0]
    return SEAT_TOKENS[t.winner], t, [(v.code, SEAT_TOKENS[v.seat]) for v in result.violations]


# --------------------------------------------------------------------------- the throw check

def test_throw_98844_forced_to_9_when_another_player_holds_the_jack():
    hands = {"N": "S9 S8 S8 S4 S4", "E": "SJ S2 S3 S5 S6", "S": "D2 D3 D4 D5 D6", "W": "C2 C3 C4 C5 C6"}
    _, t, v = trick("N: S9 S8 S8 S4 S4 -> S9, E: S2, S: D2, W: C2", hands=hands)
    assert v == [] and t.throw_failed and t.cards_not_thrown == 4


def test_throw_98844_forced_to_44_when_a_higher_pair_is_out_as_well_as_the_jack():
    hands = {"N": "S9 S8 S8 S4 S4", "E": "SJ S2 S3", "S": "S5 S5 D4", "W": "C2 C3 C4"}
    _, _, v = trick("N: S9 S8 S8 S4 S4 -> S4 S4, E: S2 S3, S: S5 S5, W: C2 C3", hands=hands)
    assert v == []
    # forcing the single 9 instead is the wrong forced play: the pair shape is checked first
    _, _, v = trick("N: S9 S8 S8 S4 S4 -> S9, E: S2, S: S5, W: C2", hands=hands)
    assert v == [("wrong_forced_play", "N")]


def test_throw_check_never_counts_the_leaders_own_cards():
    # N's own ♠J does not beat N's throw; nobody else holds a spade above 9 or a pair above 44
    hands = {"N": "S9 S8 S8 S4 S4 SJ", "E": "S9 S3 S5 S6 S7", "S": "D2 D3 D4 D5 D6", "W": "C2 C3 C4 C5 C6"}
    _, t, v = trick("N: S9 S8 S8 S4 S4, E: S9 S3 S5 S6 S7, S: D2 D3 D4 D5 D6, W: C2 C3 C4 C5 C6", hands=hands)
    assert v == [] and not t.throw_failed


def test_equal_cards_elsewhere_do_not_beat_a_throw():
    # E's ♠9 equals the thrown 9 (2 decks): the throw stands
    _, _, v = trick("N: SA S9, E: S9 S3, S: D2 D3, W: C2 C3")
    assert v == []
    # a trump throw of the two off-suit level 10s: D10 elsewhere is equal, so it stands
    _, _, v = trick("N: S10 C10, E: D10 H3, S: D2 D3, W: C2 C3")
    assert v == []


def test_trumps_held_elsewhere_never_beat_a_plain_throw_but_the_trick_is_trumped():
    w, t, v = trick("N: SA SK, E: H2 H3, S: D2 D3, W: C2 C3")
    assert v == [] and w == "E" and t.trumped


def test_a_throw_in_the_trump_group_is_checked_against_the_others_trumps_level_cards_included():
    hands = {"N": "HA HA HK", "E": "S10 S10 S2", "S": "D2 D3 D4", "W": "C2 C3 C4"}
    _, _, v = trick("N: HA HA HK -> HA HA, E: S10 S10, S: D2 D3, W: C2 C3", hands=hands)
    assert v == []
    _, _, v = trick("N: HA HA HK -> HK, E: S10, S: D2, W: C2", hands=hands)
    assert v == [("wrong_forced_play", "N")]


def test_forced_play_with_tied_smallest_units_accepts_either():
    # trump throw of two off-suit level pairs; E holds ♥10♥10 above both: either pair may be forced
    hands = {"N": "S10 S10 D10 D10", "E": "H10 H10 S2 S3", "S": "D2 D3", "W": "C2 C3"}
    for forced in ("D10 D10", "S10 S10"):
        _, _, v = trick(f"N: S10 S10 D10 D10 -> {forced}, E: H10 H10, S: D2 D3, W: C2 C3", hands=hands)
        assert v == []


def test_one_unit_is_not_a_throw_even_when_written_as_a_failed_one():
    hands = {"N": "S9 S9 S8 S8", "E": "SA SA SK SK", "S": "D2 D3 D4 D5", "W": "C2 C3 C4 C5"}
    w, t, v = trick("N: S9 S9 S8 S8, E: SA SA SK SK, S: D2 D3 D4 D5, W: C2 C3 C4 C5", hands=hands)
    assert v == [] and w == "E" and t.lead_kind == "tractor"
    _, _, v = trick("N: S9 S9 S8 S8 -> S8 S8, E: SA SA, S: D2 D3, W: C2 C3", hands=hands)
    assert v == [("wrong_forced_play", "N")]


# --------------------------------------------------------------------------- the winner

def test_equal_cards_the_earlier_play_wins():
    assert trick("N: SA, E: SA, S: S3, W: S4")[0] == "N"
    # off-suit level cards are equal: the first one played wins a trump lead
    assert trick("N: H3, E: D10, S: C10, W: S10")[0] == "E"
    # and the first off-suit level card trumping a club lead is not overtrumped by another
    w, t, _ = trick("N: CA, E: S10, S: D10, W: C3", hands={"N": "CA", "E": "S10", "S": "D10", "W": "C3"})
    assert w == "E" and t.trumped


def test_trump_in_must_be_all_trumps():
    w, _, _ = trick("N: CA CK, E: HA S3, S: C3 C4, W: D2 D3",
                    hands={"N": "CA CK", "E": "HA S3", "S": "C3 C4", "W": "D2 D3"})
    assert w == "N"


def test_two_unpaired_trumps_on_a_pair_lead_are_a_discard_and_a_later_club_pair_wins():
    w, t, v = trick("N: C4 C4, E: HA HK, S: C6 C6, W: D2 D3")
    assert (w, t.trumped, v) == ("S", False, [])


def test_a_trump_pair_on_a_tractor_lead_is_a_discard_a_trump_tractor_wins():
    w, t, _ = trick("N: C4 C4 C3 C3, E: BJ BJ HA HA, S: C5 C6 C7 C8, W: D2 D3 D4 D6",
                    hands={"N": "C4 C4 C3 C3", "E": "BJ BJ HA HA", "S": "C5 C6 C7 C8", "W": "D2 D3 D4 D6"})
    assert w == "N" and not t.trumped
    w, t, _ = trick("N: C4 C4 C3 C3, E: H3 H3 H4 H4, S: C5 C6 C7 C8, W: D2 D3 D4 D6")
    assert w == "E" and t.trumped


def test_a_trump_tractor_through_the_off_suit_level_pair_and_its_overtrump():
    # level 10, hearts: ♥AA ♠10♠10 is a tractor; ♦10♦10 ♥10♥10 is a higher one
    w, t, _ = trick("N: C4 C4 C3 C3, E: HA HA S10 S10, S: C5 C6 C7 C8, W: D10 D10 H10 H10")
    assert w == "W" and t.trumped
    # two off-suit level pairs are not a tractor: a discard
    w, _, _ = trick("N: C4 C4 C3 C3, E: S10 S10 D10 D10, S: C5 C6 C7 C8, W: D2 D3 D4 D6")
    assert w == "N"


@pytest.mark.parametrize("lead,first,second,winner", [
    ("CA CK C5 C5 C4 C4", "H9 H9 H8 H8 H7 H2", None, "E"),          # 9988 72 trumps AK5544
    ("CA CA C5 C5 C4 C4", "H9 H9 H8 H8 H7 H2", None, "N"),          # … but not AA5544
    ("C5 C4 C4", "H9 H7 H7", "H8 H8 H4", "W"),                      # 884 overtrumps 977 on 544
    ("C5 C6 C7", "H9 H7 H7", "H8 H8 H4", "E"),                      # 884 does not on 567
])
def test_seed_003_trump_in_and_overtrump_examples(lead, first, second, winner):
    n = len(lead.split())
    s = " ".join("S2 S3 S4 S5 S6 S7".split()[:n])
    w_ = second or " ".join("D2 D3 D4 D5 D6 D7".split()[:n])
    hands = {"N": lead, "E": first, "S": s, "W": w_}
    w, _, v = trick(f"N: {lead}, E: {first}, S: {s}, W: {w_}", hands=hands, level="10")
    assert (w, v) == (winner, [])


def test_overtrump_compares_the_leads_most_significant_unit_not_the_highest_card():
    # lead ♣AA + ♣K (pair + single): E trumps with ♥33 + 大王, W with ♥44 + ♥2; the pair decides: W
    w, t, _ = trick("N: CA CA CK, E: H3 H3 BJ, S: C2 C3 C4, W: H4 H4 H2")
    assert w == "W" and t.trumped


def test_a_same_suit_follow_never_beats_a_throw():
    hands = {"N": "CK CQ", "E": "CA CA", "S": "D2 D3", "W": "S2 S3"}
    w, _, v = trick("N: CK CQ -> CQ, E: CA, S: D2, W: S2", hands=hands)
    assert w == "E" and v == []                               # the forced single can be beaten
    hands = {"N": "CA CK", "E": "CQ CQ", "S": "D2 D3", "W": "S2 S3"}
    w, _, v = trick("N: CA CK, E: CQ CQ, S: D2 D3, W: S2 S3", hands=hands)
    assert w == "N" and v == []                               # the throw stood; E's pair does not beat it


def test_a_mixed_follow_of_led_suit_and_trump_never_wins():
    # E's last club and a trump on a club pair: legal (all the clubs), but half a trump-in is a discard
    w, _, v = trick("N: C3 C3, E: C4 HA, S: S2 S3, W: D3 D4",
                    hands={"N": "C3 C3", "E": "C4 HA", "S": "S2 S3", "W": "D3 D4"})
    assert (w, v) == ("N", [])


def test_a_level_card_of_the_led_suit_is_a_trump_in():
    # level 10, hearts trump, clubs led: E's ♣10 is a trump, not a club: E is void and trumps in
    w, t, v = trick("N: CA, E: C10, S: C3, W: C4", hands={"N": "CA", "E": "C10 D2", "S": "C3", "W": "C4"})
    assert (w, t.trumped, v) == ("E", True, [])
    # with a club in hand E must follow clubs instead of playing the ♣10
    _, _, v = trick("N: CA, E: C10, S: C3, W: C4", hands={"N": "CA", "E": "C10 C2", "S": "C3", "W": "C4"})
    assert v == [("follow_suit", "E")]


def test_level_a_the_trump_king_pair_and_an_off_suit_ace_pair_trump_a_club_tractor():
    w, t, _ = trick("N: C4 C4 C3 C3, E: HK HK SA SA, S: C5 C6 C7 C8, W: D2 D3 D4 D6", level="A")
    assert w == "E" and t.trumped


def test_level_2_with_constant_twos_is_the_plain_level_2_order():
    # at level 2 the 2s are the level cards: ♥2 ♥2 ♠2 ♠2 is a tractor either way
    for rules in (None, {"constant_twos": "on"}):
        w, t, _ = trick("N: C4 C4 C3 C3, E: H2 H2 S2 S2, S: C5 C6 C7 C8, W: D3 D4 D6 D7", level="2",
                        rules=rules)
        assert w == "E" and t.trumped


def test_no_trump_all_level_cards_are_equal_and_jokers_top_them():
    w, _, _ = trick("N: S10, E: D10, S: C10, W: H10", trump="NT",
                    hands={"N": "S10", "E": "D10", "S": "C10", "W": "H10"})
    assert w == "N"
    w, _, _ = trick("N: S10 S10, E: D10 D10, S: LJ LJ, W: H10 H10", trump="NT",
                    hands={"N": "S10 S10", "E": "D10 D10", "S": "LJ LJ", "W": "H10 H10"})
    assert w == "S"


def test_violation_better_is_a_held_legal_play_named_in_the_message():
    hands = {"N": "HQ HQ", "E": "HK HK H7 H3", "S": "D2 D3", "W": "C2 C3"}
    _, t, v = trick("N: HQ HQ, E: HK H7, S: D2 D3, W: C2 C3", hands=hands, level="5")
    assert v == [("follow_pair", "E")]
    viol = t.violations[0]
    assert same_cards(viol.better, parse_cards("HK HK"))
    assert "E held ♥K ♥K" in viol.message_en and "东家持有 ♥K ♥K" in viol.message_zh
