"""A record's ``[Levels]`` that its first hand's ``[Level]`` contradicts (docs/rules.md §13.1, §14.1).

``[Levels "NS:2 EW:5"]`` over a first hand dealt by W at ``[Level "2"]`` with W declaring ``C2``: two statements of
the record against each other, not a level the hands before carry.  Before, ``[Levels]`` seeded E–W at 5 silently —
the hand was judged at 2 but went 5→6, every later E–W hand got a ``level_mismatch`` as a violation (a ruling page
against a seat), and the match's winner came from the wrong line.  Now the hand is read both ways: the value the
hand's own evidence bears out is kept and derived, the contradiction is the record's own finding; where the
evidence does not decide, what rests on it is withheld (a range where the readings give one)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from event_helpers import bilingual, run_cli
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

pytestmark = pytest.mark.usefixtures("both_cores")     # compiled and TRACTOR_PURE_PYTHON=1 (conftest)

HEADER = """[Event "Simulated 33"]
[Site "tractor simulate"]
[Date "2026.01.01"]
[Round "1"]
[Table "2"]
[North "Ma Jun"]
[East "Xu Tao"]
[South "He Ping"]
[West "杨帆"]
[Ruleset "standard"]
[Levels "NS:2 EW:5"]
[Rule:decide_by_levels "on"]
"""

HAND_1 = """
[Hand "1"]
[Dealer "W"]
[Trump "NT"]
[Level "2"]
[Declarations "W: C2 | E: LJ LJ"]
N: BJ S2 SA SJ S9 S9 S6 S5 S4 S3 HK HJ H7 H3 D8 D7 D5 D3 D3 CA C9 C8 C4 C4 C3
E: LJ LJ S2 H2 SK SJ S7 H7 H6 H5 H5 DA DJ D10 D9 D8 D6 D4 CK CK CQ CJ C10 C8 C6
S: BJ SK SQ S10 S4 HA HQ HJ H10 H6 H3 DA DK DK DQ D9 D6 D5 D4 CQ CJ C9 C7 C6 C3
W: C2 C2 SA SQ S8 S8 S7 S6 S5 S3 HK HQ H9 H8 H8 H4 H4 DJ D10 D7 CA C10 C7 C5 C5
Bottom: HA D2 S10 DQ H2 H9 H10 D2
Buried: S3 DQ DJ D10 D7 CA C10 C7
1. W: H9 H9 H8 H8, N: HK HJ H7 H3, E: H7 H6 H5 H5, S: HQ HJ H6 H3
2. W: S8 S8, N: S9 S9, E: SJ S7, S: SK S10
3. N: C4 C4, E: CK CK, S: C6 C3, W: C5 C5
4. E: LJ LJ, S: BJ S4, W: D2 D2, N: BJ S2
5. E: D6, S: D4, W: S10, N: D8
6. N: CA, E: C6, S: C7, W: H2
7. W: SA SQ S7 S6 S5 -> S5, N: SA, E: SK, S: SQ
8. N: D3 D3, E: D8 D4, S: DK DK, W: C2 C2
9. W: SA SQ, N: S4 S3, E: D10 C10, S: D9 D6
10. W: H4 H4, N: S6 C3, E: D9 C8, S: HA H10
11. W: HA HK HQ H10, N: SJ D7 C9 C8, E: DA DJ CQ CJ, S: DQ CQ CJ C9
12. W: S7 S6, N: S5 D5, E: S2 H2, S: DA D5
[Claim "45"]
"""

HAND_2 = """
[Hand "2"]
[Dealer "E"]
[Trump "C"]
[Level "3"]
[Declarations "W: C3"]
N: BJ S3 CK CK CQ C9 C9 C5 C4 C2 SA SQ S9 S8 S8 S7 HQ H10 H9 H8 H6 H4 H4 DJ D5
E: BJ C3 D3 CQ C10 C8 C4 SK S6 S6 S5 S4 HK HK HJ HJ H7 H6 H5 DA D10 D7 D6 D2 D2
S: LJ LJ D3 CA CJ CJ C10 C6 C5 SA SQ SJ S10 S10 S9 S5 S2 HA HQ H8 H7 DJ D7 D6 D5
W: C3 S3 H3 H3 CA C7 C6 C2 SK SJ S7 S4 S2 HA H9 H5 H2 DA DK DQ D10 D9 D9 D4 D4
Bottom: H10 H2 DK D8 C7 DQ C8 D8
Buried: S5 S4 H10 H7 H6 H5 H2 D6
1. E: DA, S: D6, W: D10, N: DJ
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

RECORD = HEADER + HAND_1 + HAND_2
SAMPLE = (Path(__file__).resolve().parent.parent / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")


def _replay(text: str):
    (match,), diags = parse_tgn(text)
    assert not [d for d in diags if d.code != "missing_tag"], diags     # (a first hand left without [Dealer] below)
    return replay_match(match)


def _levels(text: str, levels: str) -> str:
    """``text`` with its ``[Levels]`` line saying ``levels``."""
    (line,) = [x for x in text.splitlines() if x.startswith("[Levels ")]
    return text.replace(line, f'[Levels "{levels}"]', 1)


def _mismatches(h):
    return [v for v in h.violations if v.code == "level_mismatch"]


def test_the_hand_bears_out_level_the_levels_line_is_the_record_s_slip():
    result = _replay(RECORD)
    first, second = result.hands
    (found,) = _mismatches(first)
    assert found.of_record and found.seat is None          # the record's finding: no seat's violation
    assert "[Levels] puts EW at 5" in found.message_en and "[Levels] 记EW方起始打 5" in found.message_zh
    assert first.level == 2 and first.levels_before == (2, 2) and first.levels_after == (2, 3)
    (levels,) = [d for d in first.derived if d.fact == "levels"]
    assert levels.value == "EW 2" and "[Level]" in levels.source
    assert "declaration that does not stand" in levels.message_en and "亮主不成立" in levels.message_zh
    bilingual(f"{levels.message_en} / {levels.message_zh}")
    assert not _mismatches(second) and second.violations == ()      # hand 2's [Level "3"] is E–W's 2→3
    assert second.levels_before == (2, 3)
    assert result.levels_final == (2, 3)


def test_check_json_and_ruling_no_violation_against_a_seat(tmp_path):
    path = tmp_path / "m3_lv.tgn"
    path.write_text(RECORD, "utf-8")
    out = json.loads(run_cli("check", str(path), "--json", code=1).stdout)["files"][0]     # 1: a record finding
    first = out["hands"][0]
    assert first["levels_before"] == {"NS": "2", "EW": "2"} and first["levels_after"] == {"NS": "2", "EW": "3"}
    assert [(v["code"], v["about"]) for v in first["violations"]] == [("level_mismatch", "record")]
    assert [d["value"] for d in first["derived"] if d["fact"] == "levels"] == ["EW 2"]
    assert all(not h["violations"] for h in out["hands"][1:])
    text = run_cli("check", str(path), code=1).stdout
    assert "✗" not in text and "EW 5→6" not in text
    page = tmp_path / "ruling.html"
    ruling = run_cli("ruling", str(path), "-o", str(page), code=1)     # nothing to rule against a seat
    assert not page.exists() and "level_mismatch" in ruling.output


def test_the_sample_with_a_wrong_levels_line_ends_as_the_sample_does():
    good, bad = _replay(SAMPLE), _replay(_levels(SAMPLE, "NS:2 EW:5"))
    assert [len(h.violations) for h in good.hands] == [0] * len(good.hands)
    assert [(v.code, v.of_record) for h in bad.hands for v in h.violations] == [("level_mismatch", True)]
    assert [h.levels_before for h in bad.hands] == [h.levels_before for h in good.hands]
    assert [h.levels_after for h in bad.hands] == [h.levels_after for h in good.hands]
    assert bad.levels_final == good.levels_final == (2, 5)


def test_a_levels_line_that_agrees_changes_nothing():
    result = _replay(_levels(RECORD, "NS:2 EW:2"))
    assert all(h.violations == () for h in result.hands)
    assert not [d for h in result.hands for d in h.derived if d.fact == "levels"]
    assert result.hands[0].levels_after == (2, 3) and result.levels_final == (2, 3)


def test_the_hand_bears_out_levels_the_level_tag_is_the_slip():
    # [Level "5"] against [Levels] E–W 2: W's C2 declares nothing at 5 — the level is derived, 2
    result = _replay(_levels(RECORD, "NS:2 EW:2").replace('[Level "2"]\n[Declarations "W: C2', '[Level "5"]\n'
                                                          '[Declarations "W: C2', 1))
    first = result.hands[0]
    (found,) = _mismatches(first)
    assert found.of_record
    assert [(d.fact, d.value) for d in first.derived if d.fact in ("level", "levels")] == [("level", "2")]
    assert first.levels_before == (2, 2) and first.levels_after == (2, 3)


def test_the_evidence_does_not_decide_what_rests_on_it_is_withheld():
    # no declaration recorded, and NS at 4: at 2 (E–W 2→3) or at 5 (E–W 5) — the hand's cards say neither
    text = _levels(HEADER, "NS:4 EW:5") + HAND_1.replace('[Declarations "W: C2 | E: LJ LJ"]\n', "")
    result = _replay(text)
    (first,) = result.hands
    (found,) = _mismatches(first)
    assert found.of_record                           # one of the two lines is miscopied, whichever
    (level,) = [u for u in first.unknowns if u.tag == "Level"]
    assert {"outcome", "levels"} <= set(level.withheld)
    assert "[Levels]" in level.message_en and "[Levels]" in level.message_zh
    assert first.outcome is None and first.levels_before == (4, None) and first.levels_after == (4, None)
    assert not [d for d in first.derived if d.fact == "levels"]
    assert result.levels_final == (4, None) and result.levels_final_span == (None, (3, 5))
    assert result.winner is None                     # E–W at 3..5 against N–S at 4: not decided


def test_a_first_hand_without_dealer_whose_level_neither_side_plays():
    text = _levels(HEADER, "NS:3 EW:5") + HAND_1.replace('[Dealer "W"]\n', "").replace(
        '[Declarations "W: C2 | E: LJ LJ"]\n', "")
    (first,) = _replay(text).hands
    (found,) = _mismatches(first)
    assert found.of_record and "[Levels] puts N–S at 3 and E–W at 5" in found.message_en
    bilingual(f"{found.message_en} / {found.message_zh}")
