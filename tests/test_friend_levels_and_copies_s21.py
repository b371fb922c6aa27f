"""Two verdicts that kept what the record leaves open (a referee's tester, session 21).

* Friend mode (docs/rules.md §11: each player keeps a level of their own) with ``[Levels "NS:2 EW:5"]`` over a first
  hand E deals at ``[Level "2"]``: the hand bears ``[Level]`` out, so ``[Levels]``' "EW:5" is shown miscopied for E
  (§13.1, §14.1).  W's level came from that same value and was still taken as 5 (``levels … W 5``).  Now W's level
  is not known — before and after the hand, and at the record's end — said in an ``unknown`` (tag ``Levels``).
* A position (``[SetUp "1"]``) whose seats hold more copies of a card than the decks of the rules used (``--rules
  one-deck``: two ♥A): the ``deal_mismatch`` was found, yet the position was shown ``legal ✓`` with 110 points,
  though which copy is miscopied, and what card it stands for, decide the follows, the trick and its points.  Now a
  position is judged again without each line's copy, as a full hand is (§1.6), and nothing resting on a copy played
  is ruled: ``legality`` (and the trick's winner and points, the points and outcome) withheld, the cards named.

Each test but the guards (marked) fails on the code before these changes.
"""
from __future__ import annotations

import pytest

from event_helpers import bilingual, run_cli
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.rulesets import PRESETS

pytestmark = pytest.mark.usefixtures("both_cores")     # compiled and TRACTOR_PURE_PYTHON=1 (conftest)

N, E, S, W = range(4)

FRIEND = """[Event "Simulated 11"]
[Site "tractor simulate"]
[Date "2026.01.01"]
[Round "1"]
[Table "3"]
[North "陈静"]
[East "黄敏"]
[South "Guo Ying"]
[West "Chen Jie"]
[Ruleset "standard"]
[Rule:friend "on"]
[Levels "NS:2 EW:5"]
[Rule:decide_by_levels "on"]

[Hand "1"]
[Dealer "E"]
[Trump "S"]
[Level "2"]
[Friend "HA"]
[Declarations "E: H2 | W: S2 S2"]
N: BJ D2 C2 SA SK SJ S8 S7 S6 S3 S3 HA H10 H7 DQ DJ D9 D6 D3 CA CA C8 C7 C7 C6
E: LJ H2 D2 C2 S10 S9 S9 S7 S5 S4 S4 HQ H8 H6 H5 H3 DA DA D6 D5 D4 CK C10 C10 C4
S: H2 SK SQ S10 S6 H8 H7 H6 H4 H4 DK DQ D10 D9 D8 D7 D5 CQ CJ C8 C5 C5 C4 C3 C3
W: BJ LJ S2 S2 SA SQ S5 HA HK HK HQ HJ HJ H5 H3 DK DJ D8 D4 D3 CQ CJ C9 C9 C6
Bottom: SJ CK S8 H10 H9 H9 D10 D7
Buried: HQ H8 H6 H3 D7 D6 D4 C4
1. E: DA DA D10 D5 -> D5, S: DK, W: D3, N: D3
2. S: C3 C3, W: C9 C9, N: C7 C7, E: C10 C10
3. E: DA, S: D7, W: DK, N: D6
4. E: DA, S: D8, W: D4, N: D9
5. E: CK CK, S: C5 C5, W: CJ C6, N: CA CA
6. N: S3 S3, E: S4 S4, S: SQ S6, W: S2 S2
7. W: HA HK HK, N: HA H10 H7, E: H9 H9 H5, S: H6 H4 H4
8. W: HQ HJ, N: C8 C6, E: H10 D10, S: H8 H7
9. W: HJ H5 H3, N: S6 DQ DJ, E: S10 S7 S5, S: H2 SK S10
10. S: D9, W: D8, N: SK, E: S8
11. N: S7, E: S9, S: C4, W: S5
12. E: H2, S: C8, W: SQ, N: BJ
13. N: S8, E: S9, S: CJ, W: SA
14. W: DJ, N: SJ, E: SJ, S: D10
15. N: C2, E: D2, S: D5, W: BJ
16. W: CQ, N: SA, E: C2, S: CQ
17. E: LJ, S: DQ, W: LJ, N: D2
[Claim "105"]
"""


def _match(text: str, rules=None):
    (match,), _ = parse_tgn(text)
    return replay_match(match, rules)


def test_friend_mode_levels_set_aside_for_the_dealer_leave_the_partner_of_its_side_unknown():
    m = _match(FRIEND)
    (h,) = m.hands
    assert any(v.code == "level_mismatch" and v.of_record for v in h.violations)
    assert h.player_levels_before == (2, 2, 2, None)    # before: W 5, from the "EW:5" shown miscopied for E
    assert h.player_levels_after == (2, 2, 2, None)
    assert m.player_levels_final == (2, 2, 2, None)
    (u,) = [u for u in h.unknowns if u.tag == "Levels"]
    assert "W's level is not known" in u.message_en and "[Levels]" in u.message_en and "E–W" in u.message_en
    assert "西家的级别未知" in u.message_zh and "[Levels]" in u.message_zh
    bilingual(f"{u.message_en} / {u.message_zh}")




def test_check_output_friend(tmp_path):
    path = tmp_path / "f1_lv.tgn"
    path.write_text(FRIEND, encoding="utf-8")
    out = run_cli("check", str(path), code=1).output
    assert "levels 级 N 2  E 2  S 2  W ?" in out
    assert "W's level is not known" in out and "西家的级别未知" in out


def test_fixed_partners_keep_the_side_at_the_level_read():
    # guard (passes before too): without friend mode the dealer's side is one, both its seats at [Level]
    text = FRIEND.replace('[Rule:friend "on"]\n', "").replace('[Friend "HA"]\n', "")
    (h,) = _match(text).hands
    assert h.player_levels_before == (2, 2, 2, 2)
    assert not any(u.tag == "Levels" for u in h.unknowns)


POSITION = """[Event "Probe T"]
[Ruleset "standard"]

[Hand "5"]
[Dealer "N"]
[Trump "S"]
[Level "2"]
[SetUp "1"]
[Points "50"]
[FirstTrick "25"]
N: C7 C8 S3
E: HA HA HK
S: H3 H4 C6
W: D3 D4 D6
Buried: C5 D10 DK H8 H9 C3
25. E: HA HA HK, S: H3 H4 C6, W: D3 D4 D6, N: C7 C8 S3
"""

ONE_DECK = PRESETS["one-deck"]


def test_a_position_beyond_the_decks_whose_copy_is_played_is_not_shown_legal_nor_scored():
    (h,) = _match(POSITION, ONE_DECK).hands
    assert any(v.code == "deal_mismatch" and v.of_record for v in h.violations)
    assert not h.legality_known                     # before: legal ✓
    (t,) = h.tricks
    assert t.winner is None and t.points is None
    assert h.attackers_total is None and h.outcome is None      # before: 110, attackers +2
    (u,) = [u for u in h.unknowns if u.tag == "deal"]
    assert {"legality", "trick_winner", "points"} <= set(u.withheld)
    assert "♥A" in u.message_en and "♥A" in u.message_zh and "trick 25" in u.message_en
    bilingual(f"{u.message_en} / {u.message_zh}")


def test_check_says_the_position_is_not_fully_judged(tmp_path):
    path = tmp_path / "t1r.tgn"
    path.write_text(POSITION, encoding="utf-8")
    out = run_cli("check", "--rules", "one-deck", str(path), code=1).output
    assert "legal 合规 ✓" not in out and "1 not fully judged" in out and "= 110" not in out


# N and E both hold ♥A (one deck); N discards on E's ♥K: a wrong follow only if N's ♥A is the one held
HELD = POSITION.replace("25. E: HA HA HK, S: H3 H4 C6, W: D3 D4 D6, N: C7 C8 S3", "25. E: HK, S: H3, W: D3, N: C7"
                        ).replace("N: C7 C8 S3", "N: HA C7 C8").replace("E: HA HA HK", "E: HA HK D5")


def test_a_follow_resting_on_a_copy_beyond_the_decks_is_withheld_not_ruled():
    (h,) = _match(HELD, ONE_DECK).hands
    assert not any(v.code == "follow_suit" for v in h.violations)      # before: N's wrong follow, a violation
    assert not h.legality_known
    (u,) = [u for u in h.unknowns if u.tag == "deal"]
    assert "legality" in u.withheld and "♥A" in u.message_en
    (t,) = h.tricks
    assert t.winner == E and t.points == 10         # no copy played in it: the trick stands


def test_a_position_within_the_decks_is_judged_as_before():
    # guard (passes before too): under its own two decks the position holds no copy too many
    (h,) = _match(POSITION).hands
    assert not any(u.tag == "deal" for u in h.unknowns) and h.legality_known
