"""Issue 21: never judge on a guess (docs/rules.md §14 "What the record must state").

A referee's hand-written record often leaves out a tag.  A fact it does not state is derived
(and the verdict says from what) or unknown (and what rests on it is withheld: JSON ``null``,
text ``?``, no outcome, no level check, no ruling), never defaulted.  Each record below is
written as a referee would write it — a position with a tag missing, misspelled or
contradicting another — and each test fails on the code before the fix (checked with
``git stash``).

The position used throughout (tournament rules, so a failed throw costs 10 points a card):
E–W are at 7, N–S at 5, the hand is played at 7, so the dealer's side is E–W whoever of E and
W deals.  W throws ♠A ♠Q; N holds ♠K, so the throw fails and W plays ♠Q, which N's ♠K wins
(10 points to N–S, the attackers).  W then wins the last two tricks (5 + 5).  Attackers' total:
40 before + 10 + the penalty of W's failed throw, which goes *to* the attackers (W defends):
+10 = 60.  Guessing the dealer N (the old default) made N–S the defenders: a false
``level_mismatch`` and the penalty with the wrong sign (40).
"""
from __future__ import annotations

import dataclasses
import json

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.explain_hand import match_decision_text
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.scoring import decide_match
from tractor_analysis.engine.verdicts import MatchResult
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.json_reader import parse_json
from tractor_analysis.records.rulesets import PRESETS


def referee_position(dealer: str | None = None, trump: str | None = '"H"', levels: str = "NS:5 EW:7",
                     level: str | None = "7", deal: dict | None = None) -> str:
    """The disputed position, with ``[Dealer]`` / ``[Trump]`` / ``[Level]`` as the referee wrote them
    (``None``: left out)."""
    lines = ['[Event "Spring Cup"]', '[Ruleset "tournament"]', f'[Levels "{levels}"]', "", '[Hand "4"]']
    if dealer is not None:
        lines.append(f"[Dealer {dealer}]")
    if trump is not None:
        lines.append(f"[Trump {trump}]")
    if level is not None:
        lines.append(f'[Level "{level}"]')
    lines += ['[SetUp "1"]', '[Points "40"]', '[FirstTrick "20"]']
    hands = {"N": "SK C3 C4", "E": "D3 D4 D5", "S": "D6 D8 D9", "W": "SA SQ C5"} | (deal or {})
    lines += [f"{s}: {hands[s]}" for s in "NESW"]
    lines += ["20. W: SA SQ -> SQ, N: SK, E: D3, S: D6",
              "21. N: C3, E: D4, S: D8, W: C5",
              "22. W: SA, N: C4, E: D5, S: D9"]
    return "\n".join(lines) + "\n"


def replay(text: str):
    matches, diags = parse_tgn(text)
    return replay_match(matches[0]).hands[0], diags


def check_json(tmp_path, text: str, name: str = "position.tgn") -> tuple[int, dict]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    r = CliRunner().invoke(main, ["check", str(path), "--json"], catch_exceptions=False)
    return r.exit_code, json.loads(r.stdout)["files"][0]


def check_text(tmp_path, text: str, name: str = "position.tgn") -> tuple[int, str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    r = CliRunner().invoke(main, ["check", str(path)], catch_exceptions=False)
    return r.exit_code, r.stdout


# --- case 1: no [Dealer] (or a typo) in a position ----------------------------------------

def test_a_stated_dealer_gives_the_total_the_derivation_must_match():
    # a control (it passes on the old code too): with [Dealer "W"] the engine knows everything (and agrees with the derivation)
    h, diags = replay(referee_position(dealer='"W"'))
    assert diags == [] and h.violations == ()
    assert (h.penalties, h.attackers_total) == (10, 60)


@pytest.mark.parametrize("dealer", [None, '"X"'], ids=["no [Dealer]", "[Dealer \"X\"] (a typo)"])
def test_no_dealer_derives_the_side_from_level_and_levels_no_false_mismatch(dealer):
    h, diags = replay(referee_position(dealer=dealer))
    assert [d.code for d in diags] == ([] if dealer is None else ["unknown_seat"])
    assert not [v for v in h.violations if v.code == "level_mismatch"]
    assert h.dealer is None                                     # not guessed: N was the old default
    assert h.defenders == frozenset({1, 3})                     # E–W, derived
    assert [(d.fact, d.value, d.source) for d in h.derived][0] == ("dealer_side", "EW", "[Level] and [Levels]")
    assert (h.penalties, h.attackers_total) == (10, 60)         # the penalty's sign follows the side
    # the seat is unknown: what needs it (the outcome's next dealer) is withheld, once, by tag; the levels after, which
    # E or W dealing give alike, are kept (s22: judged once with each seat dealing, tractor_analysis.engine.dealer_seats)
    assert [u.tag for u in h.unknowns] == ["Dealer"]
    assert {"dealer", "outcome"} <= set(h.unknowns[0].withheld) and "levels" not in h.unknowns[0].withheld
    assert [(d.fact, d.value) for d in h.derived][1:] == [("levels_after", "NS:5 EW:8")]
    assert h.outcome is None and h.legal is True                # legality needs no dealer


def test_no_dealer_in_check_json_and_text_says_derived_and_from_what(tmp_path):
    code, f = check_json(tmp_path, referee_position())
    hand = f["hands"][0]
    assert code == 0 and f["errors"] == []
    assert hand["dealer"] is None and hand["violations"] == []
    assert hand["penalties"] == 10 and hand["attackers_total"] == 60
    assert hand["derived"][0]["from"] == "[Level] and [Levels]" and hand["derived"][0]["value"] == "EW"
    assert "dealer side E–W, from [Level] and [Levels]" in hand["derived"][0]["message_en"]
    assert hand["unknown"][0]["tag"] == "Dealer"
    _, text = check_text(tmp_path, referee_position())
    assert "dealer 庄 ?" in text and "derived 推出  dealer side E–W, from [Level] and [Levels]" in text
    assert "未知" in text and "level_mismatch" not in text


def test_no_dealer_and_both_sides_at_the_level_withholds_points_penalties_and_level_check(tmp_path):
    # both sides at 7: nothing says which side deals — the points and the penalty's sign are unknown
    h, diags = replay(referee_position(levels="NS:7 EW:7"))
    assert diags == [] and h.violations == ()
    assert h.defenders == frozenset() and h.derived == ()
    assert (h.attackers_points, h.penalties, h.attackers_total, h.bottom_points) == (None, None, None, None)
    assert {"sides", "points", "penalties", "level_check", "outcome"} <= set(h.unknowns[0].withheld)
    assert h.legal is True                                      # the plays are judged all the same
    assert [t.winner for t in h.tricks] == [0, 3, 3]
    code, f = check_json(tmp_path, referee_position(levels="NS:7 EW:7"))
    hand = f["hands"][0]
    assert (hand["attackers_total"], hand["penalties"], hand["dealer"]) == (None, None, None)
    assert "[Dealer] is not stated" in hand["unknown"][0]["message_en"]
    assert "[Dealer] 未写明" in hand["unknown"][0]["message_zh"]
    _, text = check_text(tmp_path, referee_position(levels="NS:7 EW:7"))
    assert "? withheld" in text and "= " not in text.split("points  得分")[1].splitlines()[0]


def test_a_level_neither_side_plays_contradicts_the_record_whoever_deals():
    # [Level "9"] with N–S at 5 and E–W at 7: no side could play 9, and no dealer is guessed
    h, _ = replay(referee_position(level="9"))
    assert h.dealer is None and h.defenders == frozenset()
    assert [v.code for v in h.violations] == ["level_mismatch"]
    assert h.violations[0].seat is None


def test_a_stated_dealer_contradicting_the_levels_is_still_a_level_mismatch():
    # a control (it passes on the old code too): a stated dealer is checked as before
    h, _ = replay(referee_position(dealer='"N"'))
    assert [v.code for v in h.violations] == ["level_mismatch"]


def test_ruling_writes_no_page_on_a_violation_that_rested_on_the_guess(tmp_path):
    path = tmp_path / "position.tgn"
    path.write_text(referee_position(), encoding="utf-8")
    out = tmp_path / "ruling.html"
    r = CliRunner().invoke(main, ["ruling", str(path), "-o", str(out)], catch_exceptions=False)
    assert r.exit_code == 1 and not out.exists()               # no violation: nothing to rule on
    assert "level_mismatch" not in r.output


def test_ruling_does_not_rule_on_a_penalty_whose_sign_is_unknown(tmp_path):
    # N–S and E–W both at 7 and no dealer; W throws ♠A ♠Q as if it stood although N holds ♠K
    # (throw_failed): the violation stands, but whose side the penalty counts for is unknown
    text = ('[Ruleset "tournament"]\n[Levels "NS:7 EW:7"]\n\n[Hand "4"]\n[Trump "H"]\n[Level "7"]\n'
            '[SetUp "1"]\n[FirstTrick "24"]\nN: SK C3\nE: D3 D4\nS: D6 D8\nW: SA SQ\n'
            "24. W: SA SQ, N: SK C3, E: D3 D4, S: D6 D8\n")
    h, _ = replay(text)
    assert [v.code for v in h.violations] == ["throw_failed"] and h.penalties is None
    path = tmp_path / "position.tgn"
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "ruling.html"
    r = CliRunner().invoke(main, ["ruling", str(path), "-o", str(out)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    html = out.read_text("utf-8")
    assert "throw_failed" in html
    assert "not ruled on" in html and "不予裁定" in html
    assert "to the attackers' total" not in html and "None" not in html


# --- case 2: no [Trump] in a position ------------------------------------------------------

@pytest.mark.parametrize("trump", [None, '"Hx"'], ids=["no [Trump]", "[Trump \"Hx\"] (misspelled)"])
def test_a_position_without_its_trump_is_an_error_and_nothing_is_judged(tmp_path, trump):
    text = referee_position(dealer='"W"', trump=trump)
    h, diags = replay(text)
    assert [d.code for d in diags] == (["missing_tag"] if trump is None else ["bad_value"])
    assert "no play of the hand is judged" in diags[0].message and "主牌未知" in diags[0].message
    # the tricks as recorded stand (who led, who played what); nothing that rests on the trump does
    assert h.tricks and all(t.winner is None and not t.violations for t in h.tricks) and not h.tricks_judged
    assert h.legal is None and h.attackers_total is None and h.outcome is None
    assert [u.tag for u in h.unknowns] == ["Trump"] and "verdicts" in h.unknowns[0].withheld
    code, f = check_json(tmp_path, text)
    assert code == 2 and f["hands"][0]["trump"] is None and f["hands"][0]["legal"] is None
    _, out = check_text(tmp_path, text)
    assert "legal 合规 ✓" not in out and "trump 主 ?" in out


def test_an_unknown_trump_is_not_written_back_as_no_trump():
    from tractor_analysis.records import format_tgn
    matches, _ = parse_tgn(referee_position(dealer='"W"', trump=None))
    text = format_tgn(matches[0])
    assert '[Trump "?"]' in text and "NT" not in text      # said not known (docs/format.md), never NT
    again, diags = parse_tgn(text)
    assert again[0].hands[0].trump_known is False and diags == []


def test_a_json_hand_without_trump_is_an_error_too():
    doc = {"levels": {"NS": "5", "EW": "7"}, "hands": [{"number": 1, "dealer": "W", "level": "7", "setup": True,
           "deal": {"N": ["SK"], "E": ["D3"], "S": ["D6"], "W": ["SA"]},
           "tricks": [[{"seat": "W", "cards": ["SA"]}, {"seat": "N", "cards": ["SK"]},
                       {"seat": "E", "cards": ["D3"]}, {"seat": "S", "cards": ["D6"]}]]}]}
    matches, diags = parse_json(json.dumps(doc))
    assert [d.code for d in diags] == ["missing_tag"]
    h = replay_match(matches[0]).hands[0]
    assert [(t.leader, t.winner) for t in h.tricks] == [(3, None)] and h.legal is None


# --- case 3: a hand that is not a position has no deal lines --------------------------------

FOUR_SINGLES = """[Event "Club night"]

[Hand "1"]
[Dealer "N"]
[Trump "S"]
[Level "2"]
1. N: H3, E: H4, S: H5, W: H6
"""


def test_a_played_hand_without_its_deal_is_an_error_with_no_outcome(tmp_path):
    matches, diags = parse_tgn(FOUR_SINGLES)
    assert [d.code for d in diags] == ["missing_deal"]
    assert (diags[0].line, diags[0].column) == (3, 1)
    result = replay_match(matches[0])
    h = result.hands[0]
    assert h.outcome is None and not h.complete and h.legal is None
    assert result.winner is None
    code, text = check_text(tmp_path, FOUR_SINGLES, "club.tgn")
    assert code == 2
    assert "legal 合规 ✓" not in text and "up 3 levels" not in text and "won the match" not in text


def test_a_violation_the_plays_prove_stands_without_the_deal():
    # a control (it passes on the old code too): what does not need the deal still stands
    # E follows hearts at trick 1 with a spade, then plays a heart at trick 2: E held a heart
    text = FOUR_SINGLES.replace("1. N: H3, E: H4", "1. N: H3, E: S4") + "2. N: H7, E: H4, S: H8, W: H9\n"
    h = replay_match(parse_tgn(text)[0][0]).hands[0]
    assert "follow_suit" in [v.code for v in h.violations] and h.legal is False


def test_must_have_deal_is_the_one_place_that_says_which_hands_need_a_deal():
    from tractor_analysis.records.deal_checks import must_have_deal
    hand = parse_tgn(FOUR_SINGLES)[0][0].hands[0]
    assert must_have_deal(hand)
    assert not must_have_deal(parse_tgn(referee_position(dealer='"W"'))[0][0].hands[0])


# --- case 4: a position whose seats hold different numbers of cards ----------------------------

def test_a_position_with_seats_of_different_sizes_is_an_error_at_the_deal_line(tmp_path):
    text = referee_position(dealer='"W"', deal={"E": "D3 D4 D5 D7"})          # E 4 cards, the others 3
    matches, diags = parse_tgn(text)
    assert [d.code for d in diags] == ["uneven_position"]
    e_line = text.splitlines().index("E: D3 D4 D5 D7") + 1
    assert diags[0].line == e_line
    assert "E 4" in diags[0].message and "E 4 张" in diags[0].message
    h = replay_match(matches[0]).hands[0]
    assert h.legal is None                               # never "legal ✓" on a wrong deal line
    code, f = check_json(tmp_path, text)
    assert code == 2 and f["hands"][0]["legal"] is None


# --- case 5: the winning level comes from the ruleset --------------------------------------

def test_a_tournament_match_is_won_by_passing_10_not_a():
    from tractor_analysis.simulate import simulate_match
    match = simulate_match(3, preset="tournament")
    result = replay_match(match, PRESETS["tournament"])
    assert result.winner is not None and result.decided_by == "passed"
    team, how = decide_match(result)
    assert how == "passed 10"
    en, zh = match_decision_text("NS", how)
    assert en == "NS won the match: passed 10" and zh == "NS 方获胜：打过 10"
    standard = replay_match(simulate_match(3), PRESETS["standard"])
    assert decide_match(standard)[1] == "passed A"


def test_the_tournament_match_page_never_says_passed_a(tmp_path):
    from tractor_analysis.records import format_tgn
    from tractor_analysis.simulate import simulate_match
    path = tmp_path / "final.tgn"
    path.write_text(format_tgn(simulate_match(3, preset="tournament")), encoding="utf-8")
    r = CliRunner().invoke(main, ["check", str(path)], catch_exceptions=False)
    assert "passed 10 / " in r.stdout and "打过 10" in r.stdout and "passed A" not in r.stdout
    out = tmp_path / "report"
    r = CliRunner().invoke(main, ["report", str(path), "-o", str(out)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    pages = "".join(p.read_text("utf-8") for p in out.rglob("*.html"))
    assert "passed 10" in pages and "passed A" not in pages and "打过 A" not in pages


# --- case 7: a skipped hand breaks the chain -----------------------------------------------

def _json_match(points_of_hand_2) -> str:
    deal = {"N": ["H3"], "E": ["H4"], "S": ["H5"], "W": ["H6"]}
    trick = [[{"seat": "N", "cards": ["H3"]}, {"seat": "E", "cards": ["H4"]},
              {"seat": "S", "cards": ["H5"]}, {"seat": "W", "cards": ["H6"]}]]
    hands = [{"number": 1, "dealer": "N", "trump": "S", "level": "2", "setup": True, "deal": deal, "tricks": trick},
             {"number": 2, "dealer": "E", "trump": "S", "level": "2", "setup": True, "points": points_of_hand_2,
              "deal": deal, "tricks": trick},
             # the hand after the skipped one: its level and dealer cannot be checked against anything
             {"number": 3, "dealer": "W", "trump": "S", "level": "9", "deal": {
                 "N": ["H3"] * 0 + ["C3"], "E": ["C4"], "S": ["C5"], "W": ["C6"]},
              "tricks": [[{"seat": "W", "cards": ["C6"]}, {"seat": "N", "cards": ["C3"]},
                          {"seat": "E", "cards": ["C4"]}, {"seat": "S", "cards": ["C5"]}]]}]
    return json.dumps({"levels": {"NS": "2", "EW": "2"}, "hands": hands})


def test_a_skipped_hand_breaks_the_chain_the_next_is_not_checked():
    matches, diags = parse_json(_json_match("forty"))
    skip = [d for d in diags if d.code == "json_shape"]
    assert len(skip) == 1
    en, zh = skip[0].message.split(" / ", 1)
    assert "not checked (the hand before it was skipped)" in en
    assert "下一局的级别和庄家不予核对" in zh and "\"points\"" in zh      # the Chinese says as much
    result = replay_match(matches[0])
    after = result.hands[-1]
    assert [v.code for v in after.violations if v.code in ("level_mismatch", "dealer_mismatch")] == []
    chain = [u for u in after.unknowns if u.tag == "Levels"]
    assert len(chain) == 1
    assert "not checked (the hand before was skipped)" in chain[0].message_en
    assert "未核对（上一局已跳过）" in chain[0].message_zh


def test_without_the_skip_the_same_hand_is_checked():
    # the control: hand 2 read, the chain holds, and hand 3's level is compared (no result → not checked)
    matches, diags = parse_json(_json_match(40))
    assert not [d for d in diags if d.code == "json_shape"]
    assert matches[0].hands[-1].follows_skipped is False


# --- the dependency table (docs/rules.md §14.1), row by row -----------------------------------

def test_row_level_is_derived_from_levels_and_the_dealer_in_a_position():
    h, diags = replay(referee_position(dealer='"W"', level=None))
    assert diags == [] and h.level == 7
    assert [(d.fact, d.value, d.source) for d in h.derived] == [("level", "7", "[Levels] and the dealer")]
    assert h.attackers_total == 60


def test_row_level_unknown_withholds_every_verdict():
    # no [Level], no [Dealer]: nothing says which cards are trump
    h, _ = replay(referee_position(level=None))
    assert h.level is None and h.attackers_total is None and h.legal is None
    assert all(t.winner is None for t in h.tricks) and not h.tricks_judged      # the tricks as recorded
    assert [u.tag for u in h.unknowns][0] == "Level"


def _two_positions(first_buried: str | None) -> str:
    deal = "\n".join(f"{s}: {c}" for s, c in zip("NESW", ("H3", "H4", "H5", "H6")))
    buried = f"Buried: {first_buried}\n" if first_buried else ""
    return ('[Levels "NS:2 EW:2"]\n\n[Hand "1"]\n[Dealer "N"]\n[Trump "S"]\n[Level "2"]\n[SetUp "1"]\n'
            f'[FirstTrick "25"]\n[Points "0"]\n{deal}\n{buried}25. N: H3, E: H4, S: H5, W: H6\n\n'
            '[Hand "2"]\n[Trump "S"]\n[Level "4"]\n[SetUp "1"]\n[Points "0"]\n'
            f"{deal}\n1. S: H5, W: H6, N: H3, E: H4\n")


def test_row_dealer_from_the_previous_hands_outcome_is_said_to_be_derived():
    # hand 1 ends (its bottom given): N–S hold with 5 points, up 2 to 4, S deals next (hand 2 says 4:
    # a [Level] the carried level contradicts would be judged both ways, tests/test_contradictions.py)
    result = replay_match(parse_tgn(_two_positions("C3 C3 C4 C4 C6 C6 C7 C7"))[0][0])
    first, second = result.hands
    assert first.outcome is not None and first.outcome.next_dealer == 2
    assert second.dealer == 2 and not {"Dealer", "Level", "Levels"} & {u.tag for u in second.unknowns}
    assert [(d.fact, d.value, d.source) for d in second.derived] == [("dealer", "S", "the previous hand's outcome")]
    assert "from the previous hand's outcome" in second.derived[0].message_en


def test_row_a_hand_before_without_a_result_leaves_the_dealer_and_levels_unknown():
    # hand 1 has no bottom: no result, so hand 2's dealer is not derived and its [Level] not checked
    result = replay_match(parse_tgn(_two_positions(None))[0][0])
    first, second = result.hands
    assert first.outcome is None
    assert second.dealer is None and second.defenders == frozenset()
    assert not [v for v in second.violations if v.code == "level_mismatch"]
    assert {u.tag for u in second.unknowns} == {"Dealer", "Levels"}
    assert "not checked (the hand before gave no result)" in [u for u in second.unknowns
                                                              if u.tag == "Levels"][0].message_en


# --- [Points] in a position -----------------------------------------------------------------

def test_row_a_position_without_points_so_far_withholds_the_total_not_zero(tmp_path):
    text = referee_position(dealer='"W"').replace('[Points "40"]\n', "")
    h, diags = replay(text)
    assert diags == [] and h.violations == ()
    assert h.attackers_total is None and h.attackers_points is None
    assert h.penalties == 10                        # the penalty's sign needs only the sides
    assert [u.tag for u in h.unknowns] == ["Points"] and "points" in h.unknowns[0].withheld
    code, f = check_json(tmp_path, text)
    assert f["hands"][0]["attackers_total"] is None and f["hands"][0]["unknown"][0]["tag"] == "Points"


def test_a_bad_points_value_is_unknown_not_zero():
    text = referee_position(dealer='"W"').replace('[Points "40"]', '[Points "forty"]')
    h, diags = replay(text)
    assert [d.code for d in diags] == ["bad_value"]
    assert h.attackers_total is None


def test_a_position_numbered_from_trick_1_still_needs_its_points():
    """[FirstTrick] left out numbers the tricks from 1; it does not say that nothing was played before
    (the old code took 0 points so far, and gave an outcome, for three cards a seat)."""
    text = referee_position(dealer='"W"').replace('[Points "40"]\n', "").replace('[FirstTrick "20"]\n', "").replace(
        "20. ", "1. ").replace("21. ", "2. ").replace("22. ", "3. ")
    h, diags = replay(text)
    assert diags == [] and h.attackers_total is None and h.outcome is None
    assert [u.tag for u in h.unknowns] == ["Points"]
    stated = replay(text.replace('[SetUp "1"]', '[SetUp "1"]\n[FirstTrick "1"]'))[0]
    assert stated.attackers_total is None, "a first trick numbered 1 is not a statement about points"


def test_a_position_of_whole_deals_has_no_points_before_it_derived_from_the_hands():
    """Every seat holding a whole deal (25 cards with two decks): nothing was played, 0 points so far,
    said to be derived from the hands; a card short of it, unknown."""
    from tractor_analysis.records.cards import NUM_KINDS, TOKEN

    deck = [TOKEN[k] for k in range(NUM_KINDS)] * 2                # 108 cards; the last 8 are the bottom
    seats = {s: deck[i:100:4] for i, s in enumerate("NESW")}
    head = '[Hand "1"]\n[Dealer "N"]\n[Level "2"]\n[Trump "NT"]\n[SetUp "1"]\n'

    def position(drop: int) -> str:
        return head + "".join(f"{s}: {' '.join(seats[s][drop:])}\n" for s in "NESW") + \
            f"1. N: {seats['N'][drop]}, E: {seats['E'][drop]}, S: {seats['S'][drop]}, W: {seats['W'][drop]}\n"

    h, _ = replay(position(0))
    # (E–W's level, where every match starts: no [Levels], said too — not this test's subject)
    assert h.unknowns == () and [(d.fact, d.value, d.source) for d in h.derived
                                 if d.source != "the level every match starts at"] == [
        ("points", "0", "the hands (a whole deal each)")]
    assert "each seat holds a whole deal of 25 cards" in h.derived[-1].message_en
    assert "每家都持整手 25 张" in h.derived[-1].message_zh
    h, _ = replay(position(1))
    assert [u.tag for u in h.unknowns] == ["Points"] and h.attackers_total is None


def test_a_stated_zero_survives_conversion_and_an_unstated_one_stays_unstated():
    from tractor_analysis.records import format_json, format_tgn
    zero = parse_tgn(referee_position(dealer='"W"').replace('[Points "40"]', '[Points "0"]'))[0][0]
    absent = parse_tgn(referee_position(dealer='"W"').replace('[Points "40"]\n', ""))[0][0]
    for m in (zero, absent):
        assert parse_tgn(format_tgn(m)) == ([m], [])
        assert parse_json(format_json(m)) == ([m], [])
    assert zero.hands[0].points_known and not absent.hands[0].points_known


# --- [Levels] naming one side only --------------------------------------------------------

_ONE_SIDE = ('[Event "x"]\n[Levels "NS:5"]\n[Hand "1"]\n[SetUp "1"]\n[Points "0"]\n[Dealer "N"]\n[Level "5"]\n'
             '[Trump "S"]\nN: HA HK\nE: H3 H4\nS: H6 H7\nW: H8 HT\nBuried: C3 C4 C5 C6 C7 C8 C9 CT\n'
             '1. N: HA, E: H3, S: H6, W: HT\n2. N: HK, E: H4, S: H7, W: H8\n')


def test_a_side_levels_does_not_name_is_unknown_not_2():
    """The old reader took E–W at 2, so the match was "won by N–S: higher level when the record ends"."""
    matches, diags = parse_tgn(_ONE_SIDE)
    assert diags == [] and matches[0].levels == (5, None)
    result = replay_match(matches[0])
    h = result.hands[0]
    assert h.outcome is not None and h.levels_after == (8, None)
    assert result.winner is None
    for written in ('[Levels "NS:5 EW:?"]', '[Levels "EW:? NS:5"]'):
        assert parse_tgn(_ONE_SIDE.replace('[Levels "NS:5"]', written))[0][0].levels == (5, None)


def test_json_levels_a_side_left_out_or_unreadable_is_unknown():
    base = {"levels": {"NS": "5"}, "hands": []}
    assert parse_json(json.dumps(base))[0][0].levels == (5, None)
    for ew in ("?", None):
        assert parse_json(json.dumps(base | {"levels": {"NS": "5", "EW": ew}}))[0][0].levels == (5, None)
    matches, diags = parse_json(json.dumps(base | {"levels": {"NS": "5", "EW": "eleven"}}))
    assert matches[0].levels == (5, None) and [d.code for d in diags] == ["bad_value"]
    assert "EW's level is unknown" in diags[0].message and "EW 方级别未知" in diags[0].message


def test_an_unreadable_levels_tag_leaves_both_sides_unknown():
    matches, diags = parse_tgn(_ONE_SIDE.replace('[Levels "NS:5"]', '[Levels "NS:five"]'))
    assert matches[0].levels == (None, None) and [d.code for d in diags] == ["bad_value"]
    assert "both sides' levels are unknown" in diags[0].message and "双方级别未知" in diags[0].message


def test_unknown_levels_survive_conversion():
    from tractor_analysis.records import format_json, format_tgn
    for text in (_ONE_SIDE, _ONE_SIDE.replace('[Levels "NS:5"]', '[Levels "NS:five"]')):
        m = parse_tgn(text)[0][0]
        assert parse_tgn(format_tgn(m))[0][0].levels == m.levels
        assert parse_json(format_json(m))[0][0].levels == m.levels


# --- [Declarations] not stated -------------------------------------------------------------

def _simulated_first_hand(tmp_path) -> str:
    """The first hand of a simulated match: the whole deal, the bottom, declarations, every trick."""
    from tractor_analysis.records import format_tgn
    from tractor_analysis.simulate import simulate_match

    match = simulate_match(seed=3)
    return format_tgn(dataclasses.replace(match, hands=match.hands[:1]))


def test_no_declarations_tag_is_not_nobody_declared(tmp_path):
    """With the whole deal and no [Declarations], the old engine took it that nobody declared and
    found a bad_declaration (no trump expected, the record says ♣): a violation resting on a guess."""
    text = _simulated_first_hand(tmp_path)
    assert "[Declarations" in text
    stated = replay(text)[0]
    assert stated.violations == () and stated.unknowns == ()
    left_out = replay("\n".join(ln for ln in text.splitlines() if not ln.startswith("[Declarations")) + "\n")[0]
    assert not [v for v in left_out.violations if v.code == "bad_declaration"]
    assert [(u.tag, u.withheld) for u in left_out.unknowns] == [("Declarations", ("declaration_check",))]
    assert '[Declarations ""]' in left_out.unknowns[0].message_en and '[Declarations ""]' in left_out.unknowns[0].message_zh


def test_declarations_stated_empty_mean_nobody_declared_and_survive_conversion():
    from tractor_analysis.records import format_json, format_tgn
    text = _simulated_first_hand(None)
    lines = [ln for ln in text.splitlines() if not ln.startswith("[Declarations")]
    at = next(i for i, ln in enumerate(lines) if ln.startswith("[Trump"))
    empty = "\n".join(lines[:at + 1] + ['[Declarations ""]'] + lines[at + 1:]) + "\n"
    h = replay(empty)[0]
    # nobody declared: NT, against the record's trump — judged under both (docs/rules.md §9.4, §14.1)
    assert [v.code for v in h.violations] == ["bad_declaration"] and [u.tag for u in h.unknowns] == ["Trump"]
    m = parse_tgn(empty)[0][0]
    assert m.hands[0].declarations == () and m.hands[0].declarations_known
    for back in (parse_tgn(format_tgn(m))[0][0], parse_json(format_json(m))[0][0]):
        assert back.hands[0].declarations_known and back.hands[0].declarations == ()
    absent = parse_tgn("\n".join(lines) + "\n")[0][0]
    for back in (parse_tgn(format_tgn(absent))[0][0], parse_json(format_json(absent))[0][0]):
        assert not back.hands[0].declarations_known


def test_a_json_declaration_dropped_leaves_the_declarations_unknown():
    doc = {"hands": [{"number": 1, "dealer": "N", "trump": "H", "level": "2",
                      "declarations": [{"seat": "N", "cards": ["H2"]}, {"seat": "Q", "cards": ["S2"]}]}]}
    matches, diags = parse_json(json.dumps(doc))
    assert diags and not matches[0].hands[0].declarations_known
    doc["hands"][0]["declarations"] = [{"seat": "N", "cards": ["H2"]}]
    assert parse_json(json.dumps(doc))[0][0].hands[0].declarations_known


# --- pages and standings on what a record leaves unknown -------------------------------------

def test_report_of_a_position_without_its_dealer_builds_with_the_levels_unknown(tmp_path):
    """The report's event view turned the unknown final levels into int(None): a traceback."""
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "position.tgn").write_text(referee_position(), encoding="utf-8")
    result = CliRunner().invoke(main, ["report", str(tmp_path / "in"), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "index.html").is_file()


def test_standings_leave_the_level_difference_unknown_and_the_group_it_cannot_order_undecided():
    from tractor_analysis.dataset.event_model import EventMatch
    from tractor_analysis.dataset.standings import standings

    def m(i, teams, levels, winner):
        return EventMatch(f"m{i}", "Cup", None, str(i), "1", teams, ("a", "b", "c", "d"), levels, winner, "higher level")
    rows = standings([m(1, ("A", "B"), (5, None), 0), m(2, ("C", "D"), (6, 3), 0), m(3, ("B", "D"), (4, 2), 0)],
                     tiebreaks=("level_diff", "opponents"))
    by = {r.team: r for r in rows}
    assert by["A"].level_diff is None and by["B"].level_diff is None and by["C"].level_diff == 3
    assert by["A"].match_points == by["B"].match_points == by["C"].match_points
    # level diff cannot order A, B and C (two unknown), and the opponents' points, a lower tie-break, may
    # not do it in its place (C's +3 could put it first): one shared rank, said to be undecided
    assert [(r.rank, r.team) for r in rows] == [(1, "A"), (1, "B"), (1, "C"), (4, "D")]
    assert by["C"].undecided["teams"] == ["A", "B", "C"] and set(by["C"].undecided["unknown"]) == {"A", "B"}
    assert by["D"].undecided is None


# --- the bottom a record does not give --------------------------------------------------------

_ENDING = ('[Hand "1"]\n[SetUp "1"]\n[Points "0"]\n[Dealer "N"]\n[Level "2"]\n[Trump "S"]\n'
           "N: H3 H4\nE: HA HK\nS: H5 H6\nW: H7 HT\n{buried}"
           "1. E: HA, S: H5, W: HT, N: H3\n2. {second}\n")


def test_the_attackers_last_trick_without_the_bottom_withholds_the_total():
    """E–W (attackers) win the last trick of a position without Buried: the bottom counts and is not
    known. The old engine scored it as 0 points ("bottom 0 not captured", a total of 25)."""
    h, _ = replay(_ENDING.format(buried="", second="E: HK, S: H6, W: H7, N: H4"))
    assert h.complete and h.attackers_total is None and h.outcome is None and h.bottom_points is None
    assert [(u.tag, u.withheld) for u in h.unknowns] == [("Buried", ("points", "outcome", "levels"))]
    assert "not taken as 0 points" in h.unknowns[0].message_en and "不按 0 分计" in h.unknowns[0].message_zh
    given, _ = replay(_ENDING.format(buried="Buried: C3 C4 C5 C6 C7 C8 C9 CK\n",
                                     second="E: HK, S: H6, W: H7, N: H4"))
    assert given.attackers_total == 25 + 15 * 2 and given.unknowns == ()


def test_the_defenders_last_trick_needs_no_bottom():
    """N (the dealer) wins the last trick: the bottom counts for nothing, so the outcome stands
    without it (the old engine withheld it: "incomplete position")."""
    text = _ENDING.format(buried="", second="E: HK, S: H6, W: H7, N: S2").replace("N: H3 H4", "N: H3 S2")
    h, _ = replay(text)
    assert h.complete and h.unknowns == () and h.bottom_points is None
    assert h.attackers_total == 15 and h.outcome is not None and h.outcome.winner == "defenders"


def test_ingest_stats_and_report_keep_a_level_the_record_leaves_unknown(tmp_path):
    """[Levels "NS:5"]: the dataset stores E–W's levels as null (not 2), and stats and the report
    run on it (the standings summed int - None: a traceback)."""
    import pyarrow.parquet as pq

    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "one-side.tgn").write_text(_ONE_SIDE, encoding="utf-8")
    runner = CliRunner()
    r = runner.invoke(main, ["ingest", str(tmp_path / "in"), "-o", str(tmp_path / "ds")])
    assert r.exit_code in (0, 1), r.output
    (part,) = (tmp_path / "ds" / "matches").glob("*.parquet")
    row = pq.read_table(part).to_pylist()[0]
    assert (row["level_ns_start"], row["level_ew_start"], row["level_ew_final"]) == (5, None, None)
    r = runner.invoke(main, ["stats", str(tmp_path / "ds"), "--format", "json"])
    assert r.exit_code == 0, r.output
    r = runner.invoke(main, ["report", str(tmp_path / "ds"), "-o", str(tmp_path / "out")])
    assert r.exit_code == 0, r.output


def test_a_hand_whose_sides_are_unknown_is_neither_defended_nor_attacked_on_the_player_page(tmp_path):
    """No [Dealer] and both sides at the level: nobody knows who defended.  The report's hand facts
    took the dealer's team as N–S (0), so N's player page said "defender" and counted the hand as
    defended; now the side is unknown (``None``), the page says so, and nothing is counted."""
    from tractor_analysis.reports.fact_rows import facts_from_result

    text = referee_position(levels="NS:7 EW:7").replace(
        '[Ruleset "tournament"]', '[Ruleset "tournament"]\n[North "Ann"]\n[East "Bo"]\n[South "Cy"]\n[West "Di"]')
    matches, _ = parse_tgn(text)
    _, hands, _ = facts_from_result(matches[0], replay_match(matches[0]), "m", "t", None)
    assert [h.defenders_team for h in hands] == [None]
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "position.tgn").write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["report", str(tmp_path / "in"), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    pages = [p for p in (tmp_path / "out").rglob("*.html") if "Ann" in p.read_text(encoding="utf-8")
             and "sides not recorded" in p.read_text(encoding="utf-8")]
    assert pages, "Ann's page should say the sides are not recorded"
    page = pages[0].read_text(encoding="utf-8")
    assert "defender / 庄家方" not in page and "attacker / 闲家" not in page
