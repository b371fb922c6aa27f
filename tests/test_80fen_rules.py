"""The rule options that model the 80fen table (issue 14), each on constructed hands.

Every option is tested both ways: its default keeps today's behaviour, its 80fen value
gives 80fen's verdict.  The whole preset is tested on the 80fen sample in test_80fen.py.
"""
import dataclasses

import pytest
from hypothesis import assume, given, settings, strategies as st

from engine_helpers import cards, context, hand, judge_trick, seat_hands, trick
from tractor_analysis.engine.declarations import bid_winner, check_declarations
from tractor_analysis.engine.legal import analyse_lead, check_follow
from tractor_analysis.engine.throw_check import throw_stands
from tractor_analysis.engine.scoring import advance, bottom_multiplier
from tractor_analysis.engine.tricks import trick_winner
from tractor_analysis.records.cards import parse_cards
from tractor_analysis.records.model import Declaration
from tractor_analysis.records.rulesets import (OPTION_DOCS, PRESETS, BidDealer, BottomMultiplier, ThrowForced,
                                               TrumpIn, build_ruleset)

STD = PRESETS["standard"]
FEN = PRESETS["80fen"]
NEW_OPTIONS = ("stop_at_win_level", "trump_in", "throw_forced", "throw_tractor_duty", "short_tractor_duty",
               "bid_dealer", "overcall_own")


# --------------------------------------------------------------------------- the preset and the docs

def test_defaults_are_todays_behaviour():
    assert STD.stop_at_win_level and STD.trump_in is TrumpIn.COVERS
    assert STD.throw_forced is ThrowForced.LARGEST_SHAPE and STD.throw_tractor_duty and not STD.short_tractor_duty
    assert STD.bid_dealer is BidDealer.FIRST and STD.overcall_own


def test_80fen_preset_combines_the_conventions():
    assert FEN.must_play == (2, 5, 10, 13)
    assert FEN.bottom_multiplier is BottomMultiplier.LAST_TRICK_CARDS
    assert not FEN.stop_at_win_level and FEN.trump_in is TrumpIn.EXACT
    assert FEN.throw_forced is ThrowForced.LOWEST_UNIT and not FEN.throw_tractor_duty and FEN.short_tractor_duty
    assert FEN.bid_dealer is BidDealer.LAST and not FEN.overcall_own
    assert FEN.throw_penalty.value == "none" and FEN.score_table.value == "standard"


@pytest.mark.parametrize("name", NEW_OPTIONS)
def test_each_new_option_is_documented_and_parses(name):
    assert name in OPTION_DOCS
    text = open("docs/rules-engine.md", encoding="utf-8").read()
    assert f"`{name}`" in text
    value = FEN.options()[name]
    rules, problems = build_ruleset("standard", [(name, value)])
    assert not problems and rules.options()[name] == value


def test_bad_values_of_the_new_options_are_reported():
    _, problems = build_ruleset("standard", [("trump_in", "sometimes"), ("stop_at_win_level", "maybe")])
    assert [p[0] for p in problems] == ["bad_rule_value", "bad_rule_value"]


# --------------------------------------------------------------------------- trump_in

def _winner(ctx, text):
    t = trick(text)
    lead = analyse_lead(ctx, t.plays[0].cards)
    i, trumped = trick_winner(ctx, lead, [(p.seat, p.cards) for p in t.plays])
    return "NESW"[t.plays[i].seat], trumped


def test_trump_pair_on_a_throw_of_two_singles():
    # the sample's trick: a throw of two spades singles, a trump pair from W (hearts trump)
    text = "E: SK SQ, S: S9 SJ, W: H10 H10, N: S2 S6"
    assert _winner(context(7, "H"), text) == ("W", True)                      # covers: it counts
    assert _winner(context(7, "H", trump_in=TrumpIn.EXACT), text) == ("E", False)   # 80fen: not the lead's units


def test_exact_trump_in_with_the_lead_units_counts():
    ctx = context(7, "H", trump_in=TrumpIn.EXACT)
    assert _winner(ctx, "E: SK SQ, S: S9 SJ, W: H10 H3, N: S2 S6") == ("W", True)


def test_exact_trump_ins_compare_by_their_highest_card():
    # lead: pair + single; N trumps with pair 33 + single A, W with pair KK + single 4
    text = "E: SQ SQ SJ, S: S2 S3 S4, W: HK HK H4, N: H3 H3 HA"
    assert _winner(context(7, "H"), text) == ("W", True)                       # covers: the pairs compare
    assert _winner(context(7, "H", trump_in=TrumpIn.EXACT), text) == ("N", True)   # exact: the highest card (A)


def test_exact_trump_in_equal_highest_card_keeps_the_first():
    text = "E: SQ SJ, S: H2 H3, W: H2 H4, N: S2 S3"     # level 2: H2 is the trump level card for both
    assert _winner(context(2, "H", trump_in=TrumpIn.EXACT), text) == ("S", True)


def test_exact_a_tractor_does_not_count_against_two_pairs():
    text = "N: SA SA SQ SQ, E: H3 H3 H4 H4, S: S2 S2 S3 S3, W: D2 D3 D4 D5"
    assert _winner(context(10, "H"), text) == ("E", True)
    assert _winner(context(10, "H", trump_in=TrumpIn.EXACT), text) == ("N", False)


def test_exact_on_single_unit_leads_is_unchanged():
    for text in ("N: S5 S5, E: S9 S9, S: H3 H3, W: H4 H4", "N: S5, E: SA, S: H3, W: D2",
                 "N: S5 S5 S6 S6, E: S9 S9 S8 S8, S: H3 H3 H4 H4, W: D2 D2 D3 D4"):
        assert _winner(context(10, "H"), text) == _winner(context(10, "H", trump_in=TrumpIn.EXACT), text)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(parse_cards("S3 S4 S5 S6 S7 S8 S9 SJ SQ SK SA H3 H4 HA D2 BJ LJ")),
                min_size=8, max_size=8))
def test_exact_never_lets_a_play_of_another_shape_win(pool):
    ctx = context(10, "H", trump_in=TrumpIn.EXACT)
    lead, plays = pool[:2], [pool[:2], pool[2:4], pool[4:6], pool[6:8]]
    assume(not analyse_lead(ctx, lead).mixed)
    units = sorted(u.shape for u in analyse_lead(ctx, lead).units)
    i, _ = trick_winner(ctx, analyse_lead(ctx, lead), list(enumerate(plays)))
    if i:
        won = analyse_lead(ctx, plays[i])
        assert not won.mixed and sorted(u.shape for u in won.units) == units


# --------------------------------------------------------------------------- throw_forced

def test_failed_throw_forced_unit():
    # throw S9 S8 S8 S4 S4: a higher pair elsewhere (QQ) beats the pair shape
    others = [hand("SQ SQ S2 S3 S6"), hand("D2 D3 D4 D6 D7"), hand("D2 D3 D4 D6 D7")]
    assert throw_stands(context(10, "H"), cards("S9 S8 S8 S4 S4"), others) == (False, cards("S4 S4"))
    # a higher single (J) beats the single 9: today the 9; 80fen the lowest unit, 44
    others = [hand("SJ S2 S3 S5 S6"), hand("D2 D3 D4 D6 D7"), hand("D2 D3 D4 D6 D7")]
    assert throw_stands(context(10, "H"), cards("S9 S8 S8 S4 S4"), others) == (False, cards("S9"))
    ctx = context(10, "H", throw_forced=ThrowForced.LOWEST_UNIT)
    assert throw_stands(ctx, cards("S9 S8 S8 S4 S4"), others) == (False, cards("S4 S4"))


def test_lowest_unit_may_be_a_single():
    ctx = context(10, "H", throw_forced=ThrowForced.LOWEST_UNIT)
    others = [hand("SA S2 S5 S6 S7"), hand("D2 D3 D4 D6 D7"), hand("D2 D3 D4 D6 D7")]
    assert throw_stands(ctx, cards("SK SQ SQ S3"), others) == (False, cards("S3"))


def test_lowest_unit_forced_play_is_accepted_and_the_other_is_not():
    hands = seat_hands(N="S9 S8 S8 S4 S4", E="SJ S2 S3 S5 S6", S="D2 D3 D4 D6 D7", W="D2 D3 D4 D6 D7")
    fen = context(10, "H", throw_forced=ThrowForced.LOWEST_UNIT)
    r = judge_trick(fen, trick("N: S9 S8 S8 S4 S4 -> S4 S4, E: S2 S3, S: D2 D3, W: D2 D3"), hands, 0)
    assert [v.code for v in r.violations] == []
    hands = seat_hands(N="S9 S8 S8 S4 S4", E="SJ S2 S3 S5 S6", S="D2 D3 D4 D6 D7", W="D2 D3 D4 D6 D7")
    r = judge_trick(fen, trick("N: S9 S8 S8 S4 S4 -> S9, E: S2, S: D2, W: D3"), hands, 0)
    assert [v.code for v in r.violations] == ["wrong_forced_play"]


# --------------------------------------------------------------------------- throw_tractor_duty

def test_a_throw_with_a_tractor_obliges_only_its_pairs():
    ctx_std, ctx_fen = context(10, "H"), context(10, "H", throw_tractor_duty=False)
    lead = "SA SA SK SK S3"                       # tractor AAKK + single 3 (a throw)
    held = hand("S8 S8 S7 S7 S5 S4 D2")              # a tractor 8877
    play = cards("S8 S8 S7 S5 S4")
    assert check_follow(ctx_std, analyse_lead(ctx_std, cards(lead)), held, play) == "follow_tractor"
    pairs_apart = hand("S8 S8 S7 S7 S5 S5 S4")
    two_pairs = cards("S8 S8 S5 S5 S4")            # two pairs, not the tractor
    assert check_follow(ctx_std, analyse_lead(ctx_std, cards(lead)), pairs_apart, two_pairs) == "follow_tractor"
    assert check_follow(ctx_fen, analyse_lead(ctx_fen, cards(lead)), pairs_apart, two_pairs) is None
    assert check_follow(ctx_fen, analyse_lead(ctx_fen, cards(lead)), held, play) == "follow_pair"


def test_a_plain_tractor_lead_still_obliges_a_tractor():
    ctx = context(10, "H", throw_tractor_duty=False)
    lead = analyse_lead(ctx, cards("SA SA SK SK"))
    assert check_follow(ctx, lead, hand("S8 S8 S7 S7 S5 S5"), cards("S8 S8 S5 S5")) == "follow_tractor"


# --------------------------------------------------------------------------- short_tractor_duty

def test_a_long_tractor_lead_obliges_the_shorter_tractor_held():
    std, fen = context(10, "H"), context(10, "H", short_tractor_duty=True)
    lead = cards("SA SA SK SK SQ SQ")                  # a 3-pair tractor
    held = hand("S8 S8 S7 S7 S4 S4 S2 S2")               # only a 2-pair tractor, 8877
    loose = cards("S8 S8 S4 S4 S2 S2")                   # three pairs, not the tractor
    kept = cards("S8 S8 S7 S7 S4 S4")
    assert check_follow(std, analyse_lead(std, lead), held, loose) is None
    assert check_follow(fen, analyse_lead(fen, lead), held, loose) == "follow_tractor"
    assert check_follow(fen, analyse_lead(fen, lead), held, kept) is None
    r = judge_trick(fen, trick("N: SA SA SK SK SQ SQ, E: S8 S8 S4 S4 S2 S2, S: D2 D3 D4 D5 D6 D7, "
                               "W: D2 D3 D4 D5 D6 D7"),
                    seat_hands(N="SA SA SK SK SQ SQ", E="S8 S8 S7 S7 S4 S4 S2 S2", S="D2 D3 D4 D5 D6 D7",
                               W="D2 D3 D4 D5 D6 D7"), 0)
    v = [v for v in r.violations if v.code == "follow_tractor"]
    assert len(v) == 1 and all(v[0].better.count(k) == 2 for k in cards("S8 S7"))


def test_short_tractor_duty_leaves_throws_and_hands_without_tractors_alone():
    fen = context(10, "H", short_tractor_duty=True)
    # no tractor held at all: pairs only
    assert check_follow(fen, analyse_lead(fen, cards("SA SA SK SK SQ SQ")), hand("S8 S8 S5 S5 S3 S3"),
                        cards("S8 S8 S5 S5 S3 S3")) is None
    # a throw is not "one tractor"
    fen2 = context(10, "H", short_tractor_duty=True, throw_tractor_duty=False)
    assert check_follow(fen2, analyse_lead(fen2, cards("SA SA SK SK SQ SQ S3")), hand("S8 S8 S7 S7 S4 S4 S2 S2"),
                        cards("S8 S8 S4 S4 S2 S2 S7")) is None


# --------------------------------------------------------------------------- bottom multiplier

def test_last_trick_cards_multiplier():
    fen = dataclasses.replace(STD, bottom_multiplier=BottomMultiplier.LAST_TRICK_CARDS)
    assert bottom_multiplier(fen, (1, 1), ((1, 1),)) == 2
    assert bottom_multiplier(fen, (2, 1), ((2, 1),)) == 4
    assert bottom_multiplier(fen, (2, 2), ((2, 2),)) == 8
    assert bottom_multiplier(fen, (2, 1), ((2, 1), (1, 1))) == 6      # a throw pair + single: 3 cards
    assert bottom_multiplier(STD, (2, 2), ((2, 2), (1, 1))) == 16     # today: size_power of the largest unit
    assert bottom_multiplier(fen, (2, 2), ((2, 2), (1, 1))) == 10
    unit = dataclasses.replace(STD, bottom_multiplier=BottomMultiplier.UNIT_TIMES)
    assert bottom_multiplier(unit, (2, 1), ((2, 1), (1, 1))) == 4


# --------------------------------------------------------------------------- stop_at_win_level

GATES = (2, 5, 10, 13)


def test_passing_a_stops_today_and_wins_at_once_without_the_stop():
    assert advance(13, 2, GATES, 14, playing=True) == (14, False)               # stops at A
    assert advance(13, 2, GATES, 14, playing=True, stop_at_win_level=False) == (14, True)
    assert advance(14, 1, GATES, 14, playing=False) == (14, False)              # attackers at A: stuck
    assert advance(14, 1, GATES, 14, playing=False, stop_at_win_level=False) == (14, True)


def test_gates_still_stop_without_the_win_stop():
    assert advance(11, 4, GATES, 14, playing=True, stop_at_win_level=False) == (13, False)   # K gate
    assert advance(13, 1, GATES, 14, playing=False, stop_at_win_level=False) == (13, False)  # not held at K
    assert advance(12, 1, GATES, 14, playing=False, stop_at_win_level=False) == (13, False)  # lands on K
    assert advance(2, 3, GATES, 14, playing=False, stop_at_win_level=False) == (2, False)    # gate 2 not held


@given(level=st.integers(2, 14), gain=st.integers(0, 6), playing=st.booleans())
def test_no_win_stop_never_ends_below_the_plain_gain(level, gain, playing):
    lv, passed = advance(level, gain, GATES, 14, playing, stop_at_win_level=False)
    assert lv <= 14 and lv >= level
    assert passed == (level + gain > 14 and lv == 14 and not any(level < g < level + gain for g in GATES)
                      and not (level in GATES and not playing) and gain > 0)


# --------------------------------------------------------------------------- declarations

def decl(seat, text):
    return Declaration(seat, cards(text))


def test_overcall_own():
    ds = (decl(0, "S2"), decl(0, "LJ LJ"))
    assert check_declarations(ds, 2, STD)[3] == []
    problems = check_declarations(ds, 2, FEN)[3]
    assert [p.index for p in problems] == [1] and "overcall_own" in problems[0].message_en
    # reinforcing the single into the pair stays allowed
    assert check_declarations((decl(0, "S2"), decl(0, "S2 S2")), 2, FEN)[3] == []


def test_bid_dealer_first_or_last():
    ds = (decl(1, "H2"), decl(2, "S2 S2"), decl(3, "BJ BJ"))
    assert bid_winner(ds, 2, STD) == 1
    assert bid_winner(ds, 2, FEN) == 3


def test_bid_for_each_seat_declares_at_its_own_level():
    levels = (5, 9, 5, 9)                     # N–S at 5, E–W at 9
    ds = (decl(0, "H5"), decl(1, "S9 S9"))
    assert check_declarations(ds, 5, FEN, seat_levels=levels)[3] == []
    assert [p.index for p in check_declarations(ds, 5, FEN)[3]] == [1]
    assert bid_winner(ds, 5, FEN, seat_levels=levels) == 1
    assert bid_winner((decl(0, "H5"), decl(1, "S5 S5")), 5, FEN, seat_levels=levels) == 0


def test_nobody_declaring_gives_no_bid_winner():
    assert bid_winner((), 2, FEN) is None and bid_winner((), 2, STD) is None


# --------------------------------------------------------------------------- bid-for deals in a match

def _bid_match(declarations: str, dealer: str = "E", bid_for: bool = True, trump: str = "H") -> str:
    """Hand 1 (a position that ends the hand, its bottom given): N deals and holds (N–S 2 → 5,
    next dealer S).  Hand 2: ``dealer`` deals at E–W's 2 (one trick, no deal lines: the dealer and
    level checks do not need them; the reader reports ``missing_deal``)."""
    order = "NESW" * 2
    seats = order[order.index(dealer):][:4]
    lead = ", ".join(f"{s}: {c}" for s, c in zip(seats, ["CA", "C3", "C4", "C6"]))
    return f"""
[Levels "NS:2 EW:2"]
[Hand "1"]
[Dealer "N"]
[Trump "H"]
[Level "2"]
[SetUp "1"]
[Points "0"]
[FirstTrick "24"]
N: SA SA HA
E: S3 S4 D3
S: S6 S6 H6
W: S7 S8 D4
Buried: C3 C3 C4 C4 C6 C6 C7 C7
24. N: SA SA, E: S3 S4, S: S6 S6, W: S7 S8
25. N: HA, E: D3, S: H6, W: D4
[Hand "2"]
{'[BidFor "yes"]' if bid_for else ''}
[Dealer "{dealer}"]
[Trump "{trump}"]
[Level "2"]
[Declarations "{declarations}"]
1. {lead}
"""


def _replay2(text, rules):
    from tractor_analysis.engine.replay import replay_match
    from tractor_analysis.records.tgn_reader import parse_tgn
    matches, diags = parse_tgn(text)
    assert [d.code for d in diags] == ["missing_deal"]      # hand 2's one trick (see _bid_match)
    result = replay_match(matches[0], rules)
    assert result.hands[0].levels_after == (5, 2) and result.hands[0].outcome.next_dealer == 2
    return [v.code for v in result.hands[1].violations], result.hands[1]


def test_a_deal_marked_bid_for_carries_no_dealer_over():
    codes, hand = _replay2(_bid_match("E: H2", bid_for=False), STD)
    assert codes == ["dealer_mismatch"]                      # S was due to deal
    codes, hand = _replay2(_bid_match("E: H2"), STD)
    assert codes == [] and hand.dealer == 1 and hand.level == 2


def test_bid_for_last_declarer_at_own_levels():
    text = _bid_match("N: S5 | E: H2 H2")                   # N at N–S's 5, E overcalls at E–W's 2
    codes, hand = _replay2(text, FEN)
    assert codes == [] and hand.dealer == 1 and hand.level == 2 and hand.trump == 1
    codes, _ = _replay2(text, STD)                            # judged at the hand's level: N's S5 declares nothing
    assert codes == ["bad_declaration"]
    codes, _ = _replay2(_bid_match("N: S5 | E: H2 H2", dealer="S"), FEN)
    assert codes == ["dealer_mismatch", "level_mismatch"]     # the final declarer, E, deals, at 2
    codes, _ = _replay2(_bid_match("N: S2 | E: H2 H2"), FEN)
    assert codes == ["bad_declaration"]                       # N–S declare with their own 5, not 2


def test_bid_for_first_declarer_by_default():
    codes, _ = _replay2(_bid_match("E: H2 | W: S2 S2", dealer="E", trump="S"), STD)
    assert codes == []                                        # the first to declare deals
    codes, _ = _replay2(_bid_match("E: H2 | W: S2 S2", dealer="E", trump="S"), FEN)
    assert codes == ["dealer_mismatch"]                       # 80fen: the final declarer, W, would


def test_bid_for_tag_round_trips_in_tgn_and_bad_values_are_positioned():
    from tractor_analysis.records.tgn_reader import parse_tgn
    from tractor_analysis.records.tgn_writer import format_tgn
    matches, _ = parse_tgn(_bid_match("E: H2"))
    assert [h.bid_for for h in matches[0].hands] == [False, True]
    again, diags = parse_tgn(format_tgn(matches[0]))
    assert [d.code for d in diags] == ["missing_deal"] and again[0] == matches[0]
    assert '[BidFor "yes"]' in format_tgn(matches[0])
    _, diags = parse_tgn(_bid_match("E: H2").replace('[BidFor "yes"]', '[BidFor "perhaps"]'))
    diags = [d for d in diags if d.code != "missing_deal"]
    assert [(d.code, d.line) for d in diags] == [("bad_value", 18)] and "BidFor" in diags[0].message


def test_bid_for_field_round_trips_in_json_and_a_bad_value_is_reported():
    import json as _json
    from tractor_analysis.records.json_reader import parse_json
    from tractor_analysis.records.json_writer import format_json
    from tractor_analysis.records.tgn_reader import parse_tgn
    match = parse_tgn(_bid_match("E: H2"))[0][0]
    text = format_json(match)
    doc = _json.loads(text)
    assert [h.get("bid_for") for h in doc["hands"]] == [None, True]
    again, diags = parse_json(text)
    assert [d.code for d in diags] == ["missing_deal"] and again[0] == match      # hand 2 (see _bid_match)
    doc["hands"][1]["bid_for"] = "yes"
    again, diags = parse_json(_json.dumps(doc))
    assert [(d.code, d.hand) for d in diags] == [("json_shape", 2)] and "bid_for" in diags[0].message
    assert len(again[0].hands) == 1
