"""A level penalty the table did not apply, and the levels it played on (docs/rules.md §13.1, "a difference carried").

A referee's tester planted one wrong follow in a simulated tournament match (``tests/data/levels/
revoke_penalty_not_applied.tgn``: S follows ♣Q to a spade lead in hand 15 while holding ♠4, and again later): the rules
cost N–S 2 levels at the end of hand 15 (§10.1), but the record goes on as if nothing happened — hand 16's
``[Level "8"]`` (N deals) and every later N–S ``[Level]`` follow the table's course, two levels above the rules'.
Before, every N–S hand from 16 on was a seatless ``level_mismatch`` (7 of them) and ``tractor ruling`` gave a page for
each.  Now hand 16's is the one finding, its words saying why (hand 15's revoke penalty not applied), and a later
``[Level]`` that keeps to the table's course (hand 16's ``[Level]`` moved by the results since, as the rules move a
level) is a ``derived`` note ``table_course`` naming hand 16; one that departs from both courses is a finding again.
The match's levels and winner stay the rules' course."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from event_helpers import bilingual, run_cli
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

pytestmark = pytest.mark.usefixtures("both_cores")     # compiled and TRACTOR_PURE_PYTHON=1 (conftest)

RECORD = (Path(__file__).parent / "data" / "levels" / "revoke_penalty_not_applied.tgn").read_text(encoding="utf-8")
NS_HANDS = (16, 18, 20, 22, 24, 26, 28)
"""The hands N–S deal from hand 16 on (each with a [Level] on the table's course)."""


def _replay(text: str):
    (match,), diags = parse_tgn(text)
    assert not diags, diags
    return replay_match(match)


def _block(text: str, number: int) -> tuple[int, int]:
    start = text.index(f'[Hand "{number}"]')
    end = text.find('[Hand "', start + 1)
    return start, len(text) if end < 0 else end


def _mismatches(result) -> list[int]:
    return [h.number for h in result.hands for v in h.violations if v.code == "level_mismatch"]


def _notes(h) -> list:
    return [d for d in h.derived if d.fact == "table_course"]


def test_one_finding_where_the_table_left_the_rules_course_and_why():
    result = _replay(RECORD)
    assert _mismatches(result) == [16]          # before: 16, 18, 20, 22, 24, 26, 28
    h15, h16 = result.hands[14], result.hands[15]
    assert h15.revoke_levels == (2, 0) and h16.level == 8 and h16.levels_before == (6, 6)
    (found,) = [v for v in h16.violations if v.code == "level_mismatch"]
    assert found.seat is None and not found.of_record     # the table played 8: no slip of the scorer's copy
    assert "hand 15's revoke penalty (N–S −2) was not applied" in found.message_en
    assert "第 15 局的跟牌错误罚级（南北 −2）未执行" in found.message_zh
    assert not _notes(h16)


def test_later_tags_on_the_table_s_course_carry_a_note_naming_hand_16():
    result = _replay(RECORD)
    by_number = {h.number: h for h in result.hands}
    for number in NS_HANDS[1:]:
        h = by_number[number]
        (note,) = _notes(h)
        assert note.value == "NS 10" and "hand 16" in note.source
        assert "hand 16" in note.message_en and "第 16 局" in note.message_zh
        assert "the rules' course" in note.message_en and "规则进程" in note.message_zh
        bilingual(f"{note.message_en} / {note.message_zh}")
        assert not [v for v in h.violations if v.code == "level_mismatch"]
    # the table's course keeps N–S at 10 in hand 28 (hand 27's +1 stops at 10, 逢10必打) while the rules' give 9
    assert by_number[28].levels_before == (9, 7) and "the rules' course 9" in _notes(by_number[28])[0].message_en
    assert not any(_notes(by_number[n]) for n in range(1, 29) if n not in NS_HANDS[1:])


def test_the_match_keeps_the_rules_course():
    result = _replay(RECORD)
    assert [h.levels_after for h in result.hands][15:] == [
        (6, 6), (8, 6), (8, 6), (8, 6), (8, 7), (8, 7), (8, 7), (8, 7), (8, 7), (8, 7), (8, 7), (9, 7), (10, 7)]
    assert result.levels_final == (10, 7) and result.winner == 0 and result.decided_by == "levels"


def test_check_json_and_one_ruling_page(tmp_path):
    path = tmp_path / "revoke_penalty_not_applied.tgn"
    path.write_text(RECORD, encoding="utf-8")
    out = json.loads(run_cli("check", str(path), "--json", code=1).stdout)["files"][0]
    found = [(h["hand"], v["code"]) for h in out["hands"] for v in h["violations"] if v["code"] == "level_mismatch"]
    assert found == [(16, "level_mismatch")]
    notes = {h["hand"]: d for h in out["hands"] for d in h.get("derived") or () if d["fact"] == "table_course"}
    assert sorted(notes) == list(NS_HANDS[1:])
    assert notes[18]["value"] == "NS 10" and notes[18]["from"] == "hand 16's [Level] and the results since"
    assert out["matches"][0]["levels_final"] == {"NS": "10", "EW": "7"} and out["matches"][0]["winner"] == "NS"
    page = tmp_path / "ruling.html"
    ruling = run_cli("ruling", str(path), "-o", str(page))
    assert "3 page(s)" in ruling.output          # S's two wrong follows and hand 16 (before: 9 pages)
    text = page.read_text(encoding="utf-8")
    assert text.count("level_mismatch ·") == 1
    # the table may have played the level written (the penalty not applied): the page does not call the record wrong
    assert "the record is to be corrected" not in text and "记录须更正" not in text
    assert "the referee rules which stands" in text and "以何者为准由裁判裁定" in text


def _departing_at_18(text: str) -> str:
    """The record to hand 18, whose [Level] is 9 (N declares ♦9): neither the rules' 8 nor the table's 10.  Hand 18
    stops before its first trick, so its plays judge nothing at the new level (the record's last hand)."""
    start, end = _block(text, 18)
    block = text[start:end].replace('[Level "10"]', '[Level "9"]').replace('[Declarations "N: D10"]',
                                                                           '[Declarations "N: D9"]')
    return text[:start] + block[:block.index("\n1. ") + 1]


def test_a_tag_that_departs_from_both_courses_is_a_finding_again():
    result = _replay(_departing_at_18(RECORD))
    assert _mismatches(result) == [16, 18]
    h18 = result.hands[17]
    (found,) = [v for v in h18.violations if v.code == "level_mismatch"]
    assert not found.of_record and h18.level == 9
    assert "nor is it 10, the level the table's course (hand 16's [Level] and the results since)" in found.message_en
    assert "也不是按牌桌的进程（第 16 局的 [Level] 及其后各局结果）南北方应打的 10" in found.message_zh
    assert not _notes(h18)


def _follows_rightly(text: str) -> str:
    """The record with S's wrong follow of hand 15 undone (the simulated match before the tester planted it): no
    penalty, and every [Level] on the rules' course."""
    start, end = _block(text, 15)
    block = text[start:end]
    block = block.replace("6. N: S9, E: S8, S: CQ, W: SA", "6. N: S9, E: S8, S: S4, W: SA")
    block = block.replace("9. N: H7, E: SJ, S: S4, W: HQ", "9. N: H7, E: SJ, S: CQ, W: HQ")
    assert block != text[start:end]
    return text[:start] + block + text[end:]


def test_levels_on_the_rules_course_give_no_finding_and_no_note():
    right = _replay(_follows_rightly(RECORD))
    assert not [v for h in right.hands for v in h.violations]
    assert not [d for h in right.hands for d in _notes(h)]
    # the same record under rules with no revoke penalty: the table's levels are the rules'
    (match,), _ = parse_tgn(RECORD.replace('[Ruleset "tournament"]', '[Ruleset "tournament"]\n'
                                                                      '[Rule:revoke_penalty "none"]'))
    none = replay_match(match)
    assert _mismatches(none) == [] and not [d for h in none.hands for d in _notes(h)]


def test_a_tag_the_hand_leaves_open_carries_no_course():
    # hand 18 without [Declarations]: nothing in the hand speaks for 10 or for the rules' 8, so it is judged at both
    # (an "unknown" tag Level) — its [Level] is not borne out: its level_mismatch stays, no note, no course after it
    start, end = _block(RECORD, 18)
    text = RECORD[:start] + RECORD[start:end].replace('[Declarations "N: D10"]\n', "") + RECORD[end:]
    result = _replay(text)
    h18 = result.hands[17]
    assert any(u.tag == "Level" for u in h18.unknowns)
    assert 18 in _mismatches(result) and not _notes(h18)
    assert not [d for h in result.hands for d in _notes(h)]
