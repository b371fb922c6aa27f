"""Hand and match replay: points, bottom capture under every multiplier, penalties,
level changes, next dealer, and the record checks (rules.md §7–§8, §10, §11)."""
import dataclasses
import re

import pytest

from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.scoring import STOPPED_NOT_KNOWN, decide_match
from tractor_analysis.records.rulesets import PRESETS, BottomMultiplier, build_ruleset

N, E, S, W = range(4)


def match_of(text):
    matches, diags = parse_tgn(text)
    # short hands of a few tricks without deal lines are reported (missing_deal) and get no
    # outcome; nothing else may be wrong with these records
    assert [d for d in diags if d.code != "missing_deal"] == [], diags
    return matches[0]


def replay(text, rules=None):
    return replay_match(match_of(text), rules)


def codes(hand):
    return [v.code for v in hand.violations]


ZERO_BOTTOM = "C3 C3 C4 C4 C6 C6 C7 C7"
"""A bottom of no points, of cards none of the short hands below plays."""


def ended(hand_block: str) -> str:
    """A short hand made a position that ends the hand (``[SetUp "1"]``, each seat holding what it
    plays, the bottom given): its outcome is then known — a hand of a few tricks without deal
    lines has none (missing_deal)."""
    head, _, tricks = hand_block.partition("\n1. ")
    tricks = "1. " + tricks
    held: dict[str, list[str]] = {s: [] for s in "NESW"}
    for line in tricks.splitlines():
        if re.match(r"^\d+\. ", line):
            for play in line.split(". ", 1)[1].split(","):
                seat, _, cards = play.partition(":")
                held[seat.strip()] += cards.split("->")[0].split()
    rest = [ln for ln in tricks.splitlines() if not re.match(r"^\d+\. ", ln)]
    trick_lines = [ln for ln in tricks.splitlines() if re.match(r"^\d+\. ", ln)]
    deal = "\n".join(f"{s}: {' '.join(held[s])}" for s in "NESW")
    return (f'{head}\n[SetUp "1"]\n[Points "0"]\n{deal}\nBuried: {ZERO_BOTTOM}\n' + "\n".join(trick_lines) + "\n"
            + "".join(ln + "\n" for ln in rest if ln.strip()))


# A referee's position: the last trick, attackers E–W about to capture the bottom.
PAIR_CAPTURE = """
[Ruleset "standard"]
[Hand "1"]
[SetUp "1"]
[Dealer "N"]
[Trump "S"]
[Level "2"]
[Points "60"]
[FirstTrick "25"]
N: D3 D4
E: CA CA
S: C3 C4
W: D6 D7
Buried: SK S10 D5 D5 C2 C3 H4 H6
25. E: CA CA, S: C3 C4, W: D6 D7, N: D3 D4
"""

TRACTOR_CAPTURE = """
[Hand "1"]
[SetUp "1"]
[Dealer "N"]
[Trump "S"]
[Level "2"]
[Points "60"]
[FirstTrick "24"]
N: D3 D4 D8 D9
E: CA CA CK CK
S: C3 C4 C6 C7
W: D6 D7 D8 D9
Buried: SK S10 D5 D5 C2 C3 H4 H6
24. E: CA CA CK CK, S: C3 C4 C6 C7, W: D6 D7 D8 D9, N: D3 D4 D8 D9
"""


def test_pair_bottom_capture_multiplies_the_buried_points_by_four():
    hand = replay(PAIR_CAPTURE).hands[0]
    assert hand.violations == ()
    assert hand.tricks[0].winner == E and hand.tricks[0].winning_shape == (2, 1)
    assert (hand.bottom_points, hand.bottom_multiplier, hand.bottom_bonus) == (30, 4, 120)
    assert hand.attackers_total == 60 + 0 + 120
    assert [i.kind for i in hand.items] == ["setup_points", "tricks", "bottom"]
    assert sum(i.points for i in hand.items) == hand.attackers_total
    # 180 with 2 decks: attackers take the deal and go up 2 (160–195)
    assert (hand.outcome.winner, hand.outcome.levels, hand.outcome.next_dealer) == ("attackers", 2, E)
    assert hand.levels_after == (2, 4)


@pytest.mark.parametrize("kind,mult", [
    (BottomMultiplier.SIZE_POWER, 16), (BottomMultiplier.PAIR_DOUBLING, 8),
    (BottomMultiplier.OURGAME, 8), (BottomMultiplier.UNIT_TIMES, 8), (BottomMultiplier.FLAT, 2)])
def test_tractor_bottom_capture_under_every_multiplier(kind, mult):
    rules = dataclasses.replace(PRESETS["standard"], bottom_multiplier=kind)
    hand = replay(TRACTOR_CAPTURE, rules).hands[0]
    assert hand.violations == ()
    assert hand.tricks[0].winning_shape == (2, 2)
    assert hand.bottom_multiplier == mult and hand.bottom_bonus == 30 * mult


def test_defenders_winning_the_last_trick_score_no_bottom():
    text = PAIR_CAPTURE.replace("N: D3 D4", "N: S3 S3").replace(
        "N: D3 D4\n", "").replace("25. E: CA CA, S: C3 C4, W: D6 D7, N: D3 D4",
                                  "25. E: CA CA, S: C3 C4, W: D6 D7, N: S3 S3")
    hand = replay(text).hands[0]
    assert hand.violations == ()
    assert hand.tricks[0].winner == N and hand.tricks[0].trumped
    assert (hand.bottom_multiplier, hand.bottom_bonus) == (0, 0)
    assert hand.attackers_total == 60


def test_position_without_buried_cards_scores_no_bottom_and_has_no_outcome():
    hand = replay(PAIR_CAPTURE.replace("Buried: SK S10 D5 D5 C2 C3 H4 H6\n", "")).hands[0]
    assert hand.bottom_bonus == 0 and hand.outcome is None and hand.complete


def test_claim_mismatch_is_reported_with_both_totals():
    hand = replay(PAIR_CAPTURE + '[Claim "150"]\n').hands[0]
    assert codes(hand) == ["claim_mismatch"]
    assert "150" in hand.violations[0].message_en and "180" in hand.violations[0].message_en
    assert hand.claim_matches is False
    assert replay(PAIR_CAPTURE + '[Claim "180"]\n').hands[0].claim_matches is True


# Two short hands: the first a position that ends the hand (its bottom given, so it has an
# outcome); the second one trick without deal lines (missing_deal: no outcome, but its dealer and
# level are checked against what the first hand carried).
def two_hands(second_dealer="S", second_level="5"):
    order = "NESW" * 2
    i = order.index(second_dealer)
    seats = order[i:i + 4]
    lead = ", ".join(f"{seat}: {card}" for seat, card in zip(seats, ["CA", "C3", "C4", "C6"]))
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
[Dealer "{second_dealer}"]
[Trump "S"]
[Level "{second_level}"]
1. {lead}
"""


def test_levels_and_dealer_carry_from_hand_to_hand():
    result = replay(two_hands())
    first, second = result.hands
    assert first.attackers_total == 0
    assert (first.outcome.winner, first.outcome.levels, first.outcome.next_dealer) == ("defenders", 3, S)
    assert first.levels_after == (5, 2)
    assert second.levels_before == (5, 2) and second.level == 5 and second.violations == ()


def test_wrong_dealer_and_wrong_level_are_flagged():
    second = replay(two_hands(second_dealer="E", second_level="4")).hands[1]
    assert "dealer_mismatch" in codes(second)
    assert "level_mismatch" in codes(second)


def test_out_of_turn_lead_in_the_first_trick_is_flagged():
    text = """
[Hand "1"]
[Dealer "N"]
[Trump "H"]
1. E: S3, S: S4, W: S5, N: S6
"""
    hand = replay(text).hands[0]
    assert codes(hand) == ["out_of_turn"]
    assert hand.violations[0].trick == 1


def test_replay_is_deterministic():
    m = match_of(two_hands())
    assert replay_match(m) == replay_match(m)


TOURNAMENT_REVOKE = """
[Ruleset "tournament"]
[Hand "1"]
[Dealer "N"]
[Trump "H"]
[Level "2"]
N: SA D3
E: S3 S4
S: SK D4
W: D5 D6
1. N: SA, E: S3, S: D4, W: D5
2. N: D3, E: S4, S: SK, W: D6
"""


def test_tournament_wrong_follow_costs_the_offending_side_a_level():
    # S held ♠K but played ♦4 on a spade lead: N–S lose one level at the end of the hand
    result = replay(TOURNAMENT_REVOKE.replace('[Levels "NS:2 EW:2"]', ""),
                    build_ruleset("tournament", {})[0])
    hand = result.hands[0]
    assert "follow_suit" in codes(hand)
    assert hand.revoke_levels == (1, 0)
    # deal lines of two cards: the deal itself is short of 25 each, which is reported too
    assert "deal_mismatch" in codes(hand)


def test_standard_rules_do_not_punish_the_wrong_follow_with_a_level():
    hand = replay(TOURNAMENT_REVOKE.replace('[Ruleset "tournament"]', '[Ruleset "standard"]')).hands[0]
    assert "follow_suit" in codes(hand) and hand.revoke_levels == (0, 0)


def test_tournament_failed_throw_costs_ten_points_per_card_not_thrown():
    # E (attacker) throws ♣A ♣K ♣Q; S holds ♣A? No: S holds a higher single than ♣Q is not
    # possible above A K, so W holds ♣A making ♣K beatable; forced play is the smallest single.
    text = """
[Ruleset "tournament"]
[Hand "1"]
[SetUp "1"]
[Dealer "N"]
[Trump "H"]
[Level "2"]
N: D3 D4 D5
E: CA CK CQ
S: D6 D7 D8
W: CA C3 C4
1. E: CA CK CQ -> CQ, S: D6, W: CA, N: D3
"""
    hand = replay(text).hands[0]
    assert [v.code for v in hand.violations] == []
    assert hand.tricks[0].throw_failed and hand.tricks[0].cards_not_thrown == 2
    assert hand.penalties == -20
    assert [i.kind for i in hand.items] == ["tricks", "throw_penalty"]


FRIEND = """
[Rule:friend "on"]
[Hand "1"]
[SetUp "1"]
[Points "0"]
[Dealer "N"]
[Trump "H"]
[Level "2"]
[Friend "SA"]
N: {n}
E: {e}
S: {s}
W: {w}
{buried}1. N: {n}, E: {e}, S: {s}, W: {w}
"""
BURIED_SA = "Buried: SA C3 C4 C5 C6 C7 C8 C9\n"


@pytest.mark.parametrize("hands,defenders", [
    (dict(n="SA", e="S3", s="S4", w="SA", buried=""), {N, W}),   # dealer holds one: the other copy's holder
    (dict(n="S2", e="S3", s="SA", w="SA", buried=""), {N, S}),   # dealer holds none: the first after the dealer
    (dict(n="SA", e="S3", s="S4", w="S5", buried=BURIED_SA), {N}),   # the other copy buried: the dealer plays alone
])
def test_friend_mode_partner_resolution(hands, defenders):
    hand = replay(FRIEND.format(**hands)).hands[0]
    assert set(hand.defenders) == defenders and hand.unknowns == ()


def test_friend_mode_a_copy_the_position_does_not_place_leaves_the_partner_unknown():
    """The other ♠A is in no hand and the bottom is not given: it may have been played before the
    position, so who partners the dealer is unknown (the old engine had N play alone)."""
    hand = replay(FRIEND.format(n="SA", e="S3", s="S4", w="S5", buried="")).hands[0]
    assert hand.defenders == frozenset() and hand.attackers_total is None and hand.outcome is None
    assert [u.tag for u in hand.unknowns] == ["Friend"]
    assert "does not place every copy of ♠A" in hand.unknowns[0].message_en
    assert "在谁手中" in hand.unknowns[0].message_zh and "sides" in hand.unknowns[0].withheld


def test_friend_mode_without_the_friend_card_does_not_take_the_seat_opposite():
    """No [Friend] in friend mode: the old engine made N–S the defenders, as without friend mode."""
    hand = replay(FRIEND.format(n="SA", e="S3", s="S4", w="SA", buried="").replace('[Friend "SA"]\n', "")).hands[0]
    assert hand.defenders == frozenset() and hand.attackers_total is None and hand.penalties is None
    assert [u.tag for u in hand.unknowns] == ["Friend"]
    assert "[Friend] does not state the card" in hand.unknowns[0].message_en
    assert "[Friend] 未写明" in hand.unknowns[0].message_zh


def test_friend_mode_dealer_holding_both_copies_plays_alone():
    text = FRIEND.format(n="SA SA", e="S3 S4", s="S5 S6", w="S7 S8", buried="")
    assert set(replay(text).hands[0].defenders) == {N}


# --- nobody declared (rules.md §9 no_declaration) --------------------------------------
from tractor_analysis.engine.hand_replay import replay_hand  # noqa: E402
from tractor_analysis.records.rulesets import NoDeclaration  # noqa: E402
from tractor_analysis.simulate import simulate_match  # noqa: E402


def undeclared_hand(rules, trump):
    hand = simulate_match(3, 0, rules=rules, max_hands=1).hands[0]
    return dataclasses.replace(hand, declarations=(), trump=trump)


def bad_declarations(rules, hand):
    return [v for v in replay_hand(hand, rules).violations if v.code == "bad_declaration"]


def test_no_declaration_no_trump_requires_an_nt_hand():
    rules = PRESETS["standard"]
    assert bad_declarations(rules, undeclared_hand(rules, None)) == []
    found = bad_declarations(rules, undeclared_hand(rules, 1))
    assert len(found) == 1 and "without trump" in found[0].message_en


def test_no_declaration_third_bottom_card_fixes_the_trump():
    from tractor_analysis.records.cards import SUIT_OF
    rules = dataclasses.replace(PRESETS["standard"], no_declaration=NoDeclaration.THIRD_BOTTOM_CARD)
    hand = undeclared_hand(rules, None)
    third = hand.bottom[2]
    right = None if third >= 52 else SUIT_OF[third]
    wrong = 0 if right != 0 else 1
    assert bad_declarations(rules, dataclasses.replace(hand, trump=right)) == []
    found = bad_declarations(rules, dataclasses.replace(hand, trump=wrong))
    assert len(found) == 1 and "third card" in found[0].message_en


def test_no_declaration_redeal_means_the_hand_should_not_be_played():
    rules = dataclasses.replace(PRESETS["standard"], no_declaration=NoDeclaration.REDEAL)
    found = bad_declarations(rules, undeclared_hand(rules, None))
    assert len(found) == 1 and "dealt again" in found[0].message_en


def test_without_deal_lines_missing_declarations_are_not_judged():
    # no [Declarations] (declarations_known False): whether anybody declared is not known, so the
    # no_declaration rule is not applied (an empty list is not "nobody declared")
    rules = PRESETS["standard"]
    hand = dataclasses.replace(undeclared_hand(rules, 1), deal=None, bottom=None, buried=None,
                               declarations_known=False)
    assert bad_declarations(rules, hand) == []


def test_without_deal_lines_a_stated_nobody_declared_is_judged():
    # [Declarations ""] states nobody declared: under no_trump the check needs nothing else, not the
    # deal lines (docs/rules.md §9.4), so trump H is a bad_declaration with or without them
    rules = PRESETS["standard"]
    hand = undeclared_hand(rules, 1)
    assert hand.declarations_known
    bare = dataclasses.replace(hand, deal=None, bottom=None, buried=None)
    assert [v.message_en for v in bad_declarations(rules, bare)] == [
        v.message_en for v in bad_declarations(rules, hand)]
    assert len(bad_declarations(rules, bare)) == 1


def test_friend_mode_levels_are_each_players_own():
    # N deals and names ♠A; W holds the other copy, so N–W defend.  Attackers E–S take
    # nothing: N and W go up three levels each, E and S stay; W, the friend, deals next.
    text = """
[Rule:friend "on"]
[Hand "1"]
[Dealer "N"]
[Trump "H"]
[Level "2"]
[Friend "SA"]
1. N: SA, E: S3, S: S4, W: SA
2. N: D3, E: D4, S: D6, W: D7
"""
    head, _, block = text.partition('[Hand "1"]')
    result = replay(head + ended('[Hand "1"]' + block.rstrip("\n")))
    hand = result.hands[0]
    assert set(hand.defenders) == {N, W}
    assert (hand.outcome.winner, hand.outcome.levels, hand.outcome.next_dealer) == ("defenders", 3, W)
    assert hand.player_levels_after == (5, 2, 2, 5)
    assert result.player_levels_final == (5, 2, 2, 5)


def test_fixed_partners_share_their_level():
    result = replay(two_hands())
    assert result.hands[0].player_levels_after == (5, 2, 5, 2)
    # hand 2 is one trick without its deal: no outcome (it was once scored as a whole hand)
    assert result.hands[1].outcome is None and result.hands[1].player_levels_before == (5, 2, 5, 2)


def test_tournament_match_cut_short_goes_to_the_higher_level():
    # seed 001, rule 十一: the round ends; N–S at 5 beat E–W at 2
    rules = PRESETS["tournament"]
    first = two_hands().split('[Hand "2"]')[0]                  # hand 1 ends: N–S 2 → 5
    result = replay(first.replace('[Levels "NS:2 EW:2"]', '[Ruleset "tournament"]'), rules)
    assert (result.winner, result.decided_by) == (0, "levels")
    assert replay(first).winner is None           # standard rules: nobody has won yet
    # the record stops inside hand 2 (one trick of it), played at N–S 5, E–W 2: whether it was stopped there (void:
    # those levels) or played out the record does not say, and the results the cards left allow are not known —
    # the final levels are not known, nor bounded (since s18q; before, the void reading's 5 : 2: docs/rules.md §8.5)
    cut = replay(two_hands().replace('[Levels "NS:2 EW:2"]', '[Ruleset "tournament"]'), rules)
    assert cut.hands[-1].levels_before == (5, 2) and cut.hands[-1].finishes is None
    assert cut.levels_final == (None, None) and cut.levels_final_span == (None, None)
    # (since the eighteenth stop: whether hand 2 was stopped there or played out the record does not say, and
    # under the tournament's penalties the results the cards left allow are not known — the levels it was played
    # at alone decide nothing: docs/rules.md §8.5)
    assert (cut.winner, cut.decided_by) == (None, None)
    assert decide_match(cut) == (None, STOPPED_NOT_KNOWN)
    # under a ruleset that does not decide a match cut short, nobody wins it (no guess)
    standard = replay(two_hands())
    assert standard.levels_final == (None, None) and (standard.winner, standard.decided_by) == (None, None)
    assert decide_match(standard) == (None, "cut short")


def test_tournament_equal_levels_go_to_the_side_holding_the_deal():
    text = """
[Ruleset "tournament"]
[Levels "NS:4 EW:7"]
[Hand "1"]
[Dealer "N"]
[Trump "H"]
1. N: SA SA, E: S3 S4, S: S6 S6, W: S7 S8
"""
    head, _, block = text.partition('[Hand "1"]')
    text = head + ended('[Hand "1"]' + block.rstrip("\n"))
    # N–S (dealing at 4) hold with 0 points: +3 → 7, equal to E–W; S deals next, N–S hold the deal
    result = replay(text, PRESETS["tournament"])
    assert result.levels_final == (7, 7)
    assert (result.winner, result.decided_by) == (0, "deal")


def test_three_wrong_follows_forfeit_the_match_under_the_tournament_rule():
    # seed 001, rule 五: 跟牌错误 … 累计三次直接被判负.  In each hand the dealer's partner
    # holds ♠K but discards ♦8 on the dealer's spade lead (the cards are rebuilt from the
    # plays: ♠K is played in the next trick).  N–S hold each hand, so N and S take turns dealing.
    def hand(number, dealer):
        order = "NESW" * 2
        seats = order[order.index(dealer):][:4]
        first = ("SA", "S7", "D8", "D9")      # no card of a level the match can reach
        second = ("DJ", "S8", "SK", "DQ")
        return ended(f'[Hand "{number}"]\n[Dealer "{dealer}"]\n[Trump "H"]\n'
                     f"1. {', '.join(f'{s}: {c}' for s, c in zip(seats, first))}\n"
                     f"2. {', '.join(f'{s}: {c}' for s, c in zip(seats, second))}") + "\n"
    text = '[Ruleset "tournament"]\n' + hand(1, "N") + hand(2, "S") + hand(3, "N")
    result = replay(text, PRESETS["tournament"])
    assert [codes(h) for h in result.hands] == [["follow_suit"]] * 3
    assert [h.revoke_levels for h in result.hands] == [(1, 0)] * 3
    assert (result.forfeit, result.winner, result.decided_by) == (0, 1, "forfeit")
    fewer = replay('[Ruleset "tournament"]\n' + hand(1, "N") + hand(2, "S"), PRESETS["tournament"])
    assert fewer.forfeit is None


def test_tournament_take_backs_cost_a_level_each_and_three_forfeit():
    # seed 001, rule 七: 悔牌 … 每出现一次 … 罚降一级，累计三次直接被判负
    def hand(number, dealer, takebacks):
        order = "NESW" * 2
        seats = order[order.index(dealer):][:4]
        plays = ", ".join(f"{s}: {c}" for s, c in zip(seats, ("SA", "S7", "S8", "S9")))
        return ended(f'[Hand "{number}"]\n[Dealer "{dealer}"]\n[Trump "H"]\n[Takebacks "{takebacks}"]\n'
                     f'1. {plays}') + "\n"
    text = '[Ruleset "tournament"]\n' + hand(1, "N", "E") + hand(2, "S", "W E")
    result = replay(text, PRESETS["tournament"])
    first, second = result.hands
    # hand 1: N–S hold with 0 points (+3 → 5); E took a play back: E–W lose a level (stays 2, the floor)
    assert first.takeback_levels == (0, 1) and first.levels_after == (5, 2)
    assert second.takeback_levels == (0, 2)
    assert (result.forfeit, result.winner, result.decided_by) == (1, 0, "forfeit")
    standard = replay(text.replace('[Ruleset "tournament"]', ""))
    assert standard.hands[0].takeback_levels == (0, 0) and standard.forfeit is None


def test_take_backs_round_trip_in_tgn_and_json():
    from tractor_analysis.records import format_json, parse_json
    from tractor_analysis.records.tgn_writer import format_tgn
    m = match_of('[Hand "1"]\n[Dealer "N"]\n[Trump "H"]\n[Takebacks "N w"]\n')
    assert m.hands[0].takebacks == (N, W)
    assert '[Takebacks "N W"]' in format_tgn(m)
    again, diags = parse_json(format_json(m))
    assert diags == [] and again == [m]


def test_an_unknown_seat_in_takebacks_is_a_positioned_diagnostic():
    matches, diags = parse_tgn('[Hand "1"]\n[Dealer "N"]\n[Trump "H"]\n[Takebacks "N X"]\n')
    assert [(d.code, d.line) for d in diags] == [("unknown_seat", 4)]
    # the take-back is kept, its seat unknown (never dropped: tests/test_takebacks_unreadable.py)
    assert matches[0].hands[0].takebacks == (N, None)
