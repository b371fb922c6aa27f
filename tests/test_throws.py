"""The throw check (rules.md §4, seeds 003 and 004): against the other hands at that moment."""
from engine_helpers import cards, context, judge_trick, same_cards, seat_hands, trick
from tractor_analysis.engine.throw_check import check_throw, throw_stands

CTX = context(10, "H")
FILL = "D2 D3 D4 D6 D7"          # five diamonds: a hand that cannot beat anything in spades


def judge(text, N="", E="", S="", W="", ctx=CTX, leader=0):
    hands = seat_hands(N=N, E=E, S=S, W=W)
    return judge_trick(ctx, trick(text), hands, leader), hands


def codes(result):
    return [v.code for v in result.violations]


def cards_hand(text):
    from engine_helpers import hand
    return hand(text)


def test_seed_98844_stands_when_nobody_beats_any_unit():
    stands, forced = throw_stands(CTX, cards("S9 S8 S8 S4 S4"),
                                  [cards_hand("S7 S6 S5 S3 S2"), cards_hand(FILL), cards_hand("S3 S3 S2 S2 D2")])
    assert stands and forced == ()


def test_seed_98844_a_higher_single_forces_the_9():
    # 若其余某家有此花色的J，则首家必须出9
    stands, forced = throw_stands(CTX, cards("S9 S8 S8 S4 S4"),
                                  [cards_hand("SJ S2 S3 S5 S6"), cards_hand(FILL), cards_hand(FILL)])
    assert not stands and forced == cards("S9")


def test_seed_98844_a_higher_pair_forces_44_qq():
    # 若其余某家有此花色的QQ或55，则首家必须出44
    stands, forced = throw_stands(CTX, cards("S9 S8 S8 S4 S4"),
                                  [cards_hand(FILL), cards_hand("SQ SQ S2 S3 S6"), cards_hand(FILL)])
    assert not stands and forced == cards("S4 S4")


def test_seed_98844_a_higher_pair_forces_44_even_55():
    stands, forced = throw_stands(CTX, cards("S9 S8 S8 S4 S4"),
                                  [cards_hand(FILL), cards_hand(FILL), cards_hand("S5 S5 S2 S3 S6")])
    assert not stands and forced == cards("S4 S4")


def test_pair_shape_is_checked_before_singles_when_both_are_beaten():
    stands, forced = throw_stands(CTX, cards("S9 S8 S8 S4 S4"),
                                  [cards_hand("SJ S2 S3 S6 S7"), cards_hand("S5 S5 D2 D3 D4"), cards_hand(FILL)])
    assert not stands and forced == cards("S4 S4")


def test_seed_004_99844_at_level_5_pair_first_then_single_8():
    ctx = context(5, "H")
    others = [cards_hand("S10 S2 S3 D2 D3"), cards_hand(FILL), cards_hand(FILL)]
    assert throw_stands(ctx, cards("S9 S9 S8 S4 S4"), others) == (False, cards("S8"))
    others = [cards_hand("S10 S2 S3 D2 D3"), cards_hand("S6 S6 D2 D3 D4"), cards_hand(FILL)]
    assert throw_stands(ctx, cards("S9 S9 S8 S4 S4"), others) == (False, cards("S4 S4"))


def test_a_tractor_in_a_throw_is_beaten_only_by_a_higher_tractor_of_the_same_length():
    throw = cards("SA S8 S8 S7 S7")
    pairs_only = [cards_hand("SK SK SQ D2 D3"), cards_hand(FILL), cards_hand(FILL)]
    assert throw_stands(CTX, throw, pairs_only) == (True, ())
    tractor = [cards_hand("SK SK SQ SQ D3"), cards_hand(FILL), cards_hand(FILL)]
    assert throw_stands(CTX, throw, tractor) == (False, cards("S8 S8 S7 S7"))


def test_trumps_held_elsewhere_never_beat_a_plain_throw():
    assert throw_stands(CTX, cards("SA SK"), [cards_hand("BJ BJ H10"), cards_hand(FILL), cards_hand(FILL)]) == (True, ())


def test_a_trump_throw_is_checked_against_trumps():
    assert throw_stands(CTX, cards("BJ HA"), [cards_hand("LJ"), cards_hand(FILL), cards_hand(FILL)]) == (False, cards("HA"))
    assert throw_stands(CTX, cards("BJ LJ"), [cards_hand("H10 S10"), cards_hand(FILL), cards_hand(FILL)]) == (True, ())


def test_single_units_always_stand():
    assert throw_stands(CTX, cards("S2 S2 S3 S3"), [cards_hand("SA SA SK SK"), cards_hand(""), cards_hand("")])[0]


# --- judged in a trick
def test_throw_recorded_as_standing_that_could_be_beaten_is_throw_failed_naming_holder_and_unit():
    r, _ = judge("N: S9 S8 S8 S4 S4, E: S2 S3 S5 S6 SJ, S: D2 D3 D4 D6 D7, W: C2 C3 C4 C6 C7",
                 N="S9 S8 S8 S4 S4", E="S2 S3 S5 S6 SJ", S=FILL, W="C2 C3 C4 C6 C7")
    assert codes(r) == ["throw_failed"]
    v = r.violations[0]
    assert v.seat == 0 and v.better == cards("S9")
    assert "东家" in v.message_zh and "♠J" in v.message_en and "E held" in v.message_en
    assert not r.throw_failed and r.winner == 0


def test_recorded_failed_throw_with_the_right_forced_play_is_clean():
    r, hands = judge("N: S9 S8 S8 S4 S4 -> S4 S4, E: S5 S5, S: D2 D3, W: C2 C3",
                     N="S9 S8 S8 S4 S4", E="S2 S3 S5 S5 D9", S=FILL, W="C2 C3 C4 C6 C7")
    assert codes(r) == [] and r.throw_failed and r.cards_not_thrown == 3
    assert r.lead_kind == "pair"
    assert same_cards([k for k in range(54) for _ in range(hands[0][k])], cards("S9 S8 S8"))


def test_recorded_failed_throw_with_the_wrong_forced_play():
    r, _ = judge("N: S9 S8 S8 S4 S4 -> S9, E: S2, S: D2, W: C2",
                 N="S9 S8 S8 S4 S4", E="S2 S3 S5 S5 SJ", S=FILL, W="C2 C3 C4 C6 C7")
    assert codes(r) == ["wrong_forced_play"]
    assert r.violations[0].better == cards("S4 S4")
    assert r.throw_failed and r.cards_not_thrown == 4


def test_recorded_failed_throw_that_would_have_stood():
    r, _ = judge("N: SA SK -> SK, E: S2, S: D2, W: C2",
                 N="SA SK", E="S2 S3", S="D2 D3", W="C2 C3")
    assert codes(r) == ["wrong_forced_play"]
    assert r.violations[0].better == cards("SA SK")
    assert "would have stood" in r.violations[0].message_en


def test_throw_check_uses_the_hands_at_that_moment_not_the_deal():
    # E held the J earlier but has played it: the throw stands now
    r, _ = judge("N: SA SQ, E: S2 S3, S: D2 D3, W: C2 C3",
                 N="SA SQ", E="S2 S3", S="D2 D3", W="C2 C3")
    assert codes(r) == []


def test_check_throw_names_the_first_holder_in_play_order():
    res = check_throw(CTX, cards("SQ SJ"), [(2, cards_hand("SK")), (3, cards_hand("SA")), (1, cards_hand(""))])
    assert res.holder == 2 and res.beater == cards("SK") and res.forced == cards("SJ")


def test_forced_play_may_be_either_of_two_equal_units():
    # a trump throw of BJ and two off-suit level pairs (equal strength); E's LJ LJ beats the pairs,
    # so the forced play is the smallest pair — either S10 S10 or C10 C10
    hands = dict(N="BJ S10 S10 C10 C10", E="LJ LJ D2 D3 D4", S=FILL, W="C2 C3 C4 C6 C7")
    r, _ = judge("N: BJ S10 S10 C10 C10 -> C10 C10, E: LJ LJ, S: D2 D3, W: C2 C3", **hands)
    assert codes(r) == []
    r, _ = judge("N: BJ S10 S10 C10 C10 -> S10 S10, E: LJ LJ, S: D2 D3, W: C2 C3", **hands)
    assert codes(r) == []
    r, _ = judge("N: BJ S10 S10 C10 C10 -> BJ, E: LJ, S: D2, W: C2", **hands)
    assert codes(r) == ["wrong_forced_play"]


def test_empty_or_odd_tricks_never_raise():
    from tractor_analysis.records.model import Play, Trick
    hands = seat_hands(N="SA", E="S2", S="S3", W="S4")
    r = judge_trick(CTX, Trick(1, ()), hands, 0)
    assert {v.code for v in r.violations} == {"out_of_turn"}
    r = judge_trick(CTX, Trick(2, (Play(0, ()), Play(1, cards("S2")))), hands, 0)
    assert "wrong_count" in codes(r)
