"""Tags a record gives that the rest of it, or the rules in force, leave without a use — never dropped unsaid
(docs/rules.md §13.1, §14.1); and the words of three findings a referee's tester found wrong.

* ``[SetUp "1"]`` on a whole deal the dealer's plays bear out (its line and the bottom less its bury): was a
  signed ``bad_bury`` against the dealer (and not-held plays, a ruling page); now the record's finding, the hand
  judged as the full hand its lines show (derived, said).  A real position (lines after the bury) stays one.
* ``[Friend]`` under fixed partners: ignored unsaid; now the sides and what rests on them withheld, said.
* ``[Points]`` on a full hand: ignored unsaid; now said (0 before a full hand, the tag not used).
* ``dealer_mismatch`` of a deal bid for at hand 2 said "the first hand's dealer …"; hand 1 without ``[Dealer]``
  said the dealer "may be inferable from the previous hand" (it has none).
* Score sheets: a hand after the match ended got a ``level_mismatch`` beside ``after_match_end``; a sheet's
  contradicted ``[Level]`` withheld "whether follows and throws were legal" though a sheet has no plays.

Each test fails on the code before these changes.
"""
from __future__ import annotations

import json

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.json_reader import parse_json
from tractor_analysis.records.json_writer import match_to_dict
from tractor_analysis.records.tgn_reader import parse_tgn

HEAD = """[Event "Simulated 33"]
[North "Ma Jun"]
[East "Xu Tao"]
[South "He Ping"]
[West "Yang Fan"]
[Ruleset "standard"]
"""

# a simulated full hand (E deals at 3, trumps clubs); the attackers take 70 and the bottom (20 × 2): 110
DEAL = """N: BJ S3 CK CK CQ C9 C9 C5 C4 C2 SA SQ S9 S8 S8 S7 HQ H10 H9 H8 H6 H4 H4 DJ D5
E: BJ C3 D3 CQ C10 C8 C4 SK S6 S6 S5 S4 HK HK HJ HJ H7 H6 H5 DA D10 D7 D6 D2 D2
S: LJ LJ D3 CA CJ CJ C10 C6 C5 SA SQ SJ S10 S10 S9 S5 S2 HA HQ H8 H7 DJ D7 D6 D5
W: C3 S3 H3 H3 CA C7 C6 C2 SK SJ S7 S4 S2 HA H9 H5 H2 DA DK DQ D10 D9 D9 D4 D4
"""
BOTTOM = "Bottom: H10 H2 DK D8 C7 DQ C8 D8\n"
BURIED = "Buried: S5 S4 H10 H7 H6 H5 H2 D6\n"
# E's cards once it took the bottom and buried: its line and the bottom less the bury
E_AFTER_BURY = "E: BJ C3 D3 CQ C10 C8 C8 C7 C4 SK S6 S6 HK HK HJ HJ DA DK DQ D10 D8 D8 D7 D2 D2\n"
TRICKS = """1. E: DA, S: D6, W: D10, N: DJ
2. E: HK HK HJ HJ, S: HA HQ H8 H7, W: HA H9 H5 H2, N: H8 H6 H4 H4
3. E: D2 D2, S: DJ D7, W: D4 D4, N: S7 D5
4. W: DA DK, N: C4 C2, E: D8 D7, S: S10 D5
5. N: HQ H10, E: C7 C4, S: S9 S2, W: SK S2
6. E: DK DQ, S: C6 C5, W: D9 D9, N: S8 S8
7. S: SA, W: S4, N: S9, E: S6
8. S: SQ, W: S7, N: SQ, E: SK
9. E: D8, S: C10, W: DQ, N: H9
10. S: CJ CJ, W: H3 H3, N: C9 C9, E: C8 C8
11. W: SJ, N: SA, E: S6, S: S10
12. N: C5, E: CQ, S: CA, W: C3
13. W: C6, N: CQ, E: D3, S: LJ
14. S: SJ S5, W: C7 C2, N: CK CK, E: C3 C10
15. E: D10, S: D3, W: CA, N: S3
16. S: LJ, W: S3, N: BJ, E: BJ
[Claim "110"]
"""


def hand(tags: str, deal: str = DEAL, number: int = 2) -> str:
    return (HEAD + f'\n[Hand "{number}"]\n[Dealer "E"]\n[Trump "C"]\n[Level "3"]\n[Declarations "W: C3"]\n'
            + tags + deal + BOTTOM + BURIED + TRICKS)


def replayed(text: str, json_too: bool = True):
    """The hand's result, read from ``.tgn`` — and, ``json_too``, checked the same read from JSON."""
    (match,), diags = parse_tgn(text)
    result = replay_match(match)
    if json_too:
        (again,), _ = parse_json(json.dumps(match_to_dict(match)))
        other = replay_match(again)
        assert [(v.code, v.seat, v.message_en) for v in other.hands[0].violations] == \
            [(v.code, v.seat, v.message_en) for v in result.hands[0].violations]
        assert other.hands[0].unknowns == result.hands[0].unknowns and other.hands[0].derived == result.hands[0].derived
    return result.hands[0], diags


# --- [SetUp "1"] on a whole deal ------------------------------------------------------------------------------

def test_setup_on_a_whole_deal_is_the_records_finding_and_the_hand_is_judged_as_the_full_hand():
    full, _ = replayed(hand(""))
    r, _ = replayed(hand('[SetUp "1"]\n'))
    assert not r.play_violations                    # before: bad_bury against E (a signed violation)
    assert not any(v.code in ("bad_bury", "not_in_hand") for v in r.violations)
    (finding,) = r.record_findings
    assert finding.code == "deal_mismatch" and finding.seat is None and finding.trick is None
    assert '[SetUp "1"]' in finding.message_en and '[SetUp "1"]' in finding.message_zh
    assert "is the record's slip and is not used" in finding.message_en and "不予采用" in finding.message_zh
    assert "♦8 ♦8 ♦Q ♦K ♣7 ♣8" in finding.message_en     # the cards E plays beyond its line, from the bottom
    (fact,) = [d for d in r.derived if d.fact == "setup"]
    assert fact.value == "0" and fact.source == "the deal lines, the bottom and the dealer's plays"
    # judged as the full hand: the same total, outcome and legality as without the tag
    assert not r.setup and r.legal and r.attackers_total == full.attackers_total == 110
    assert r.outcome == full.outcome and r.levels_after == full.levels_after


def test_setup_set_aside_gets_no_ruling_page_and_points_at_the_tag(tmp_path, monkeypatch):
    text = hand('[SetUp "1"]\n')
    monkeypatch.chdir(tmp_path)
    (tmp_path / "su.tgn").write_text(text, encoding="utf-8")
    runner = CliRunner()
    out = runner.invoke(main, ["ruling", "su.tgn", "-o", "r.html"])
    assert "no ruling written" in out.output and "bad_bury" not in out.output
    assert not (tmp_path / "r.html").exists()
    checked = runner.invoke(main, ["check", "su.tgn"])
    line = 1 + text.splitlines().index('[SetUp "1"]')
    assert f"deal_mismatch  su.tgn:{line}:1" in checked.output        # at [SetUp], not the Bottom: line
    assert "✎ record" in checked.output and "✗" not in checked.output


def test_a_real_position_whose_dealer_line_is_after_the_bury_stays_a_position():
    deal = "\n".join(E_AFTER_BURY.strip() if line.startswith("E:") else line for line in DEAL.splitlines()) + "\n"
    text = hand('[SetUp "1"]\n', deal).replace(BOTTOM, "")      # (the bottom: the cards in no line)
    r, _ = replayed(text)
    assert r.setup and not any(d.fact == "setup" for d in r.derived)
    assert not r.violations and r.attackers_total == 110


def test_a_position_its_cards_leave_open_is_not_set_aside():
    # [Points] names play before the position: the tag is not set aside (the hand is judged as before)
    r, _ = replayed(hand('[SetUp "1"]\n[Points "10"]\n'), json_too=False)
    assert r.setup and not any(d.fact == "setup" for d in r.derived)


# --- [Friend] under fixed partners, [Points] on a full hand ---------------------------------------------------

def test_friend_under_fixed_partners_withholds_the_sides_and_says_why():
    r, _ = replayed(hand('[Friend "HA"]\n'))
    (u,) = [u for u in r.unknowns if u.tag == "Friend"]
    assert {"sides", "points", "outcome", "levels"} <= set(u.withheld)
    assert "a [Friend] tag (♥A" in u.message_en and "fixed partners" in u.message_en and "固定对家" in u.message_zh
    assert r.outcome is None and r.attackers_total is None and r.levels_after == (None, None)


def test_friend_in_friend_mode_is_not_questioned():
    text = hand('[Friend "HA"]\n').replace('[Ruleset "standard"]', '[Ruleset "standard"]\n[Rule:friend "on"]')
    (match,), _ = parse_tgn(text)
    r = replay_match(match).hands[0]
    assert not any(u.tag == "Friend" and "fixed partners" in u.message_en for u in r.unknowns)


def test_points_on_a_full_hand_is_said_not_used():
    full, _ = replayed(hand(""))
    r, _ = replayed(hand('[Points "40"]\n'))
    (fact,) = [d for d in r.derived if d.fact == "points"]
    assert fact.value == "0" and '[Points "40"] is for positions and is not used' in fact.message_en
    assert "不予采用" in fact.message_zh
    assert r.attackers_total == full.attackers_total and r.outcome == full.outcome
    plain, _ = replayed(hand(""))
    assert not any(d.fact == "points" for d in plain.derived)


# --- the words of dealer_mismatch and of a missing [Dealer] ---------------------------------------------------

def test_dealer_mismatch_of_a_later_deal_bid_for_does_not_say_first_hand():
    r, _ = replayed(hand('[BidFor "yes"]\n'), json_too=False)
    (v,) = [v for v in r.violations if v.code == "dealer_mismatch"]
    assert "first hand" not in v.message_en and "第一局" not in v.message_zh
    assert "this deal is bid for ([BidFor])" in v.message_en and "W" in v.message_en
    assert "本局抢庄" in v.message_zh


def test_first_hand_without_dealer_does_not_point_at_a_previous_hand():
    text = hand("", number=1).replace('[Dealer "E"]\n', "").replace('[Level "3"]', '[Level "2"]')
    _, diags = parse_tgn(text)
    (d,) = [d for d in diags if d.code == "missing_tag"]
    assert "previous hand" not in d.message and "上一局" not in d.message
    assert "[Declarations]" in d.message
    (match,), _ = parse_tgn(text)
    data = match_to_dict(match)
    del data["hands"][0]["dealer"]          # (the writer puts "?": the record does not know; here it is left out)
    _, jd = parse_json(json.dumps(data))
    (d,) = [d for d in jd if d.code == "missing_tag"]
    assert "previous hand" not in d.message and "上一局" not in d.message and "[Declarations]" in d.message
    data["hands"][0]["number"] = 2          # a later hand: the previous hand's outcome (or the declarations)
    _, jd = parse_json(json.dumps(data))
    (d,) = [d for d in jd if d.code == "missing_tag"]
    assert "previous hand's outcome" in d.message and "[Declarations]" in d.message


# --- score sheets ---------------------------------------------------------------------------------------------

SHEET_HEAD = '[Event "Sheet"]\n[North "n"]\n[East "e"]\n[South "s"]\n[West "w"]\n[Levels "NS:2 EW:A"]\n'


def sheet(number: int, dealer: str, level: str, claim: int) -> str:
    return f'\n[Hand "{number}"]\n[Dealer "{dealer}"]\n[Level "{level}"]\n[ResultOnly "yes"]\n[Claim "{claim}"]\n'


def test_a_sheet_hand_after_the_match_ended_gets_one_finding_not_two():
    (match,), _ = parse_tgn(SHEET_HEAD + sheet(1, "E", "A", 0) + sheet(2, "W", "2", 50))
    r = replay_match(match)
    (p,) = r.problems
    assert p.code == "after_match_end"
    after = r.hands[1]
    assert not any(v.code == "level_mismatch" for v in after.violations)       # before: "EW carry level A"
    (u,) = [u for u in after.unknowns if u.tag == "Levels"]
    assert "not checked (the match ended before this hand)" in u.message_en and "比赛已在本局之前结束" in u.message_zh


def test_a_sheet_with_a_wrong_level_does_not_withhold_legality_of_plays_it_has_none_of():
    # E–W defend at 2 holding the attackers to 0: up 3, to 5 — hand 2's [Level "3"] contradicts it
    text = SHEET_HEAD.replace("EW:A", "EW:2") + sheet(1, "E", "2", 0) + sheet(2, "W", "3", 50)
    (match,), _ = parse_tgn(text)
    h = replay_match(match).hands[1]
    assert any(v.code == "level_mismatch" for v in h.violations)
    (u,) = [u for u in h.unknowns if u.tag == "Level"]
    assert "legality" not in u.withheld and "follows and throws" not in u.message_en
