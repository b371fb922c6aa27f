"""The table's course of levels (docs/rules.md §13.1, "a difference carried") in friend mode, and a second level
penalty the table did not apply — a referee's tester's records:

* ``tests/data/levels/friend_revoke_penalty_not_applied.tgn`` (``tractor simulate -n 2 --seed 41 --rules tournament
  --rule friend=on``, W's plays in tricks 10 and 11 of hand 9 swapped: two wrong follows, E+W −2 at the end of hand
  9, which the record's later ``[Level]``s do not apply).  Before, hands 10, 11, 12, 14 and 16 were each a
  ``level_mismatch`` naming no cause, and ``tractor ruling`` wrote five pages about levels, each quoting §8.3's "the
  level the dealer's side carries".  In friend mode each player keeps a level of their own (§11): the table's
  course is carried per player — W's level left the rules' course at hand 10, E's at hand 11 (each naming hand 9's
  penalty), and their later deals carry a ``table_course`` note; the pages quote §11's rule.
* ``tests/data/levels/second_penalty_not_applied.tgn`` (the tester's ``A2.tgn`` with ``[Rule:revoke_forfeit "0"]``
  written in, as it was checked with ``--rule revoke_forfeit=0``): N's revokes in hand 6 (N–S −2) and in hand 17
  (N–S −1), the table applying neither.  Before, hand 19's finding said only that 8 is not 7, the table's course —
  a 7 that already takes hand 17's −1 off — and nothing named hand 17's penalty.  Now its words say that the table
  did not apply hand 17's penalty either, on its own course, and the course starts again at hand 19.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from event_helpers import bilingual, run_cli
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine import rule_refs
from tractor_analysis.records import parse_tgn

pytestmark = pytest.mark.usefixtures("both_cores")     # compiled and TRACTOR_PURE_PYTHON=1 (conftest)

DATA = Path(__file__).parent / "data" / "levels"
FRIEND = (DATA / "friend_revoke_penalty_not_applied.tgn").read_text(encoding="utf-8")
SECOND = (DATA / "second_penalty_not_applied.tgn").read_text(encoding="utf-8")
TEAM = (DATA / "revoke_penalty_not_applied.tgn").read_text(encoding="utf-8")


def _replay(text: str):
    (match,), diags = parse_tgn(text)
    assert not diags, diags
    return replay_match(match)


def _mismatches(result) -> dict[int, object]:
    return {h.number: v for h in result.hands for v in h.violations if v.code == "level_mismatch"}


def _notes(result) -> dict[int, object]:
    return {h.number: d for h in result.hands for d in h.derived if d.fact == "table_course"}


# --- friend mode: a course per player ---------------------------------------------------------------------------


def test_friend_mode_one_finding_per_player_whose_level_left_the_rules_course():
    result = _replay(FRIEND)
    found = _mismatches(result)
    assert sorted(found) == [10, 11]            # before: 10, 11, 12, 14, 16
    by_number = {h.number: h for h in result.hands}
    assert by_number[10].dealer == 3 and by_number[11].dealer == 1      # W, then E: each its own level
    for number, seat, carried, zh_seat in ((10, "W", 3, "西家"), (11, "E", 4, "东家")):
        v = found[number]
        assert v.seat is None and not v.of_record
        assert by_number[number].player_levels_before["NESW".index(seat)] == carried     # the rules' course
        assert "hand 9's revoke penalty (E+W −2) was not applied" in v.message_en
        assert f"without it {seat} would carry {by_number[number].level}" in v.message_en
        assert "第 9 局的跟牌错误罚级（东家、西家 −2）未执行" in v.message_zh
        assert f"{zh_seat}应打 {by_number[number].level}，正是 [Level] 所记" in v.message_zh


def test_friend_mode_later_deals_on_a_player_s_table_course_carry_a_note():
    result = _replay(FRIEND)
    notes = _notes(result)
    assert {n: (d.value, d.source) for n, d in notes.items()} == {
        12: ("W 9", "hand 10's [Level] and the results since"),
        14: ("E 10", "hand 11's [Level] and the results since"),
        16: ("W 10", "hand 10's [Level] and the results since")}
    by_number = {h.number: h for h in result.hands}
    for number, note in notes.items():
        assert "'s level has been since it left the rules' course" in note.message_en
        assert "规则进程" in note.message_zh
        bilingual(f"{note.message_en} / {note.message_zh}")
        assert not [v for v in by_number[number].violations if v.code == "level_mismatch"]
    # the levels this tool carries stay the rules' course (W 7 before hand 12, E 8 before hand 14, W 9 before 16)
    assert (by_number[12].player_levels_before[3], by_number[14].player_levels_before[1],
            by_number[16].player_levels_before[3]) == (7, 8, 9)
    assert "the rules' course 7" in notes[12].message_en and "the rules' course 9" in notes[16].message_en


def test_friend_mode_a_hand_whose_sides_are_not_known_ends_the_course():
    # hand 11 without [Friend]: its sides are not known, so how any player's level moved there is not — on the
    # rules' course (the levels after it withheld) nor on the table's: no course is carried on, no note after it
    # (a guard: no note was given in friend mode before either)
    start = FRIEND.index('[Hand "11"]')
    end = FRIEND.index('[Hand "12"]')
    block = re.sub(r'\[Friend "[^"]*"\]\n', "", FRIEND[start:end], count=1)
    assert block != FRIEND[start:end]
    result = _replay(FRIEND[:start] + block + FRIEND[end:])
    assert not result.hands[10].defenders and result.hands[10].player_levels_after == (None,) * 4
    assert sorted(_mismatches(result)) == [10, 11] and not _notes(result)


def test_friend_mode_check_json_and_ruling_pages_quote_the_friend_mode_rule(tmp_path):
    path = tmp_path / "friend_revoke_penalty_not_applied.tgn"
    path.write_text(FRIEND, encoding="utf-8")
    out = json.loads(run_cli("check", str(path), "--json", code=1).stdout)["files"][0]
    found = [h["hand"] for h in out["hands"] for v in h["violations"] if v["code"] == "level_mismatch"]
    assert found == [10, 11]
    notes = {h["hand"]: d["value"] for h in out["hands"] for d in h.get("derived") or () if d["fact"] == "table_course"}
    assert notes == {12: "W 9", 14: "E 10", 16: "W 10"}
    page = tmp_path / "ruling.html"
    ruling = run_cli("ruling", str(path), "-o", str(page))
    assert "4 page(s)" in ruling.output          # W's two wrong follows, W at hand 10, E at hand 11 (before: 7)
    text = page.read_text(encoding="utf-8")
    assert text.count("level_mismatch ·") == 2
    assert text.count("level_mismatch · docs/rules.md §11") == 2
    friend_rule = rule_refs.FRIEND_RULE_REFS["level_mismatch"]
    assert text.count(friend_rule.zh) == 2 and text.count(friend_rule.en.replace("'", "&#39;")) == 2
    # §8.3's "the level the dealer's side carries": in friend mode no side keeps one
    side_rule = rule_refs.RULE_REFS["level_mismatch"]
    assert side_rule.en.replace("'", "&#39;") not in text and side_rule.zh not in text


def test_the_friend_mode_rule_is_quoted_word_for_word_and_only_in_friend_mode():
    rules = (Path(__file__).resolve().parent.parent / "docs" / "rules.md").read_text("utf-8")
    section = rules[rules.index("## §11 Friend mode"):rules.index("## §12 ")]
    for ref in rule_refs.FRIEND_RULE_REFS.values():
        assert ref.section == "§11" and ref.zh in section and ref.en in section
    assert rule_refs.rule_ref("level_mismatch", friend=True).section == "§11"
    assert rule_refs.rule_ref("level_mismatch").section == "§8.3"
    assert rule_refs.rule_ref("follow_suit", friend=True) is rule_refs.RULE_REFS["follow_suit"]
    from tractor_analysis.reports.hand_page import rule_line
    assert rule_line("level_mismatch", True).startswith("docs/rules.md §11 · ")
    assert rule_line("level_mismatch").startswith("docs/rules.md §8.3 · ")


# --- a second penalty the table did not apply -----------------------------------------------------------------


def test_a_second_penalty_not_applied_is_a_finding_naming_it():
    result = _replay(SECOND)
    found = _mismatches(result)
    assert sorted(found) == [7, 19]
    by_number = {h.number: h for h in result.hands}
    assert by_number[6].revoke_levels == (2, 0) and by_number[17].revoke_levels == (1, 0)
    assert "hand 6's revoke penalty (N–S −2) was not applied" in found[7].message_en
    v = found[19]
    assert by_number[19].level == 8 and by_number[19].levels_before == (5, 7) and not v.of_record
    assert "nor is it 7, the level the table's course (hand 7's [Level] and the results since)" in v.message_en
    assert ("on it, hand 17's revoke penalty (N–S −1) was not applied either: without it the table's course gives "
            "N–S 8, the level [Level] gives") in v.message_en
    assert ("牌桌在其进程上第 17 局的跟牌错误罚级（南北 −1）也未执行：不计此罚级，按牌桌的进程南北方应打 8，"
            "正是 [Level] 所记") in v.message_zh
    bilingual(f"{v.message_en} / {v.message_zh}")
    # the course starts again at hand 19: later N–S deals keep to it
    notes = _notes(result)
    assert {n: notes[n].value for n in (20, 22, 24)} == {20: "NS 10", 22: "NS 10", 24: "NS 10"}
    assert all("hand 19" in notes[n].source for n in (20, 22, 24))
    assert result.levels_final == (8, 10) and result.winner == 1


def test_a_tag_off_the_table_s_course_with_no_penalty_between_names_none():
    # the earlier record: hand 18's [Level] 9 is neither the rules' 8 nor the table's 10, and no N–S penalty lies
    # between its last deal and it — its words name the table's course only, no penalty not applied
    start = TEAM.index('[Hand "18"]')
    end = TEAM.find('[Hand "', start + 1)
    block = TEAM[start:end].replace('[Level "10"]', '[Level "9"]').replace('[Declarations "N: D10"]',
                                                                          '[Declarations "N: D9"]')
    result = _replay(TEAM[:start] + block[:block.index("\n1. ") + 1])
    v = _mismatches(result)[18]
    assert "nor is it 10" in v.message_en and "not applied" not in v.message_en and "未执行" not in v.message_zh


def test_second_penalty_check_json_and_ruling(tmp_path):
    path = tmp_path / "second_penalty_not_applied.tgn"
    path.write_text(SECOND, encoding="utf-8")
    out = json.loads(run_cli("check", str(path), "--json", code=1).stdout)["files"][0]
    (h19,) = [h for h in out["hands"] if h["hand"] == 19]
    (v,) = [v for v in h19["violations"] if v["code"] == "level_mismatch"]
    assert "hand 17's revoke penalty (N–S −1) was not applied either" in v["message_en"]
    page = tmp_path / "ruling.html"
    run_cli("ruling", str(path), "-o", str(page))
    text = page.read_text(encoding="utf-8")
    assert "hand 17&#39;s revoke penalty (N–S −1) was not applied either" in text
    assert "level_mismatch · docs/rules.md §8.3" in text          # no friend mode: §8.3's rule stays
