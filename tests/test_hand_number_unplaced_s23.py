"""A hand the record gives no number (``[Hand "?"]``, a JSON hand without ``"number"``) is numbered by its place — the
hand before's + 1 — only where no hand of the record contradicts it.  Hands 1, 2, ``?``, 3: the place would make the
``?`` hand 3, a number the record gives the next hand.  Before, that 3 was the tool's own yet it made the hand the
record numbers 3 a "copy" (``duplicate_hand`` "first at line" the ``?`` hand) and the dataset dropped that hand with
its tricks.  Now the ``?`` hand's number is not known (``unknown`` ``Hand``, saying the hand before's number and the
one its place would give), it is stored under a number no other hand has, and both hands are kept (docs/format.md
``[Hand]``).  Also: the "not counted" note of a JSON Lines file whose match lost its only hand counts that match once.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from event_helpers import EVENT, run_cli

from tractor_analysis.dataset.event_unread import unread_notes
from tractor_analysis.dataset.pipeline import ingest
from tractor_analysis.dataset.reading import read_table
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_json
from tractor_analysis.records.tgn_reader import parse_tgn


def _renumbered(numbers: list[str]) -> str:
    """tests/data/event/r1t1.tgn (hands 1..5) with its [Hand] tags written ``numbers`` in order."""
    text = (EVENT / "r1t1.tgn").read_text("utf-8")
    tags = iter(numbers)
    return re.sub(r'\[Hand "\d+"\]', lambda _: f'[Hand "{next(tags)}"]', text)


def _read(text: str):
    (match,), diags = parse_tgn(text)
    return match, diags


def test_a_place_number_another_hand_has_is_not_derived_and_makes_no_copy():
    match, diags = _read(_renumbered(["1", "2", "?", "3", "5"]))
    assert not [d for d in diags if d.code == "duplicate_hand"]        # before: "hand 3 appears twice"
    assert [h.number for h in match.hands] == [1, 2, 0, 3, 5]          # before: 1, 2, 3, 3, 5
    hands = replay_match(match).hands
    q, three = hands[2], hands[3]
    assert not [d for d in q.derived if d.fact == "number"]
    (u,) = [u for u in q.unknowns if u.tag == "Hand"]
    assert "the hand before it is hand 2, so it would be hand 3, but the record numbers the hand after it 3" in \
        u.message_en
    assert "前一局是第 2 局" in u.message_zh and "记录把下一局记为第 3 局" in u.message_zh
    (c,) = [u for u in three.unknowns if u.tag == "Levels"]
    assert "written after a hand whose number is not known" in c.message_en and "局号未知" in c.message_zh
    assert "written twice" not in c.message_en


def test_a_place_number_no_hand_has_is_still_derived():
    match, diags = _read(_renumbered(["1", "2", "?", "4", "5"]))
    assert [h.number for h in match.hands] == [1, 2, 3, 4, 5] and not [d for d in diags if d.code == "duplicate_hand"]
    q = replay_match(match).hands[2]
    assert [d.value for d in q.derived if d.fact == "number"] == ["3"] and not [u for u in q.unknowns
                                                                                if u.tag == "Hand"]


def test_a_hand_after_one_without_a_number_has_none_either():
    match, _ = _read(_renumbered(["2", "?", "?", "3", "4"]))
    assert [h.number for h in match.hands] == [2, 0, -1, 3, 4]
    hands = replay_match(match).hands
    assert "the hand before it is hand 2, so it would be hand 3" in \
        next(u for u in hands[1].unknowns if u.tag == "Hand").message_en
    assert "the hand before it has no number either" in next(u for u in hands[2].unknowns if u.tag == "Hand").message_en


def test_json_reads_a_hand_without_number_alike(tmp_path):
    out = tmp_path / "r1t1.json"
    run_cli("convert", str(EVENT / "r1t1.tgn"), "-o", str(out))
    doc = json.loads(out.read_text("utf-8"))
    del doc["hands"][2]["number"]
    doc["hands"][3]["number"] = 3
    (match,), diags = parse_json(json.dumps(doc))
    assert not [d for d in diags if d.code == "duplicate_hand"]
    assert [h.number for h in match.hands] == [1, 2, 0, 3, 5]
    assert [u for u in replay_match(match).hands[2].unknowns if u.tag == "Hand"]


def test_check_names_no_copy_and_ingest_keeps_both_hands(tmp_path):
    path = tmp_path / "dupnum.tgn"
    path.write_text(_renumbered(["1", "2", "?", "3", "5"]), "utf-8")
    r = run_cli("check", "--json", str(path))
    (f,) = json.loads(r.stdout)["files"]
    assert not [e for e in f["errors"] if e["code"] == "duplicate_hand"]
    assert [h["hand"] for h in f["hands"]] == [1, 2, 0, 3, 5]
    assert [u["tag"] for u in f["hands"][2]["unknown"]][0] == "Hand"
    ingest([str(path)], str(tmp_path / "ds"))
    hands = read_table(str(tmp_path / "ds"), "hands", ["hand_no", "tricks"]).to_pylist()
    assert sorted(h["hand_no"] for h in hands) == [0, 1, 2, 3, 5]      # before: the hand written 3 left out
    tricks = read_table(str(tmp_path / "ds"), "tricks", ["hand_no"]).to_pylist()
    (three,) = [h for h in hands if h["hand_no"] == 3]
    assert three["tricks"] == sum(t["hand_no"] == 3 for t in tricks) == len(replay_match(_read(path.read_text(
        "utf-8"))[0]).hands[3].tricks)


def test_the_note_counts_a_match_whose_line_is_not_known_once():
    problem = (2, 228, "json_shape", "hand 1: \"tricks\" should be a list", 1)
    (note,), out = unread_notes("m.jsonl", [problem], 4, [1, None, 3, 4])
    assert out == frozenset({1})
    assert "the 1 match(es) whose line is not known (no hand read) are not counted" in note
    assert "1 场不知在哪一行的比赛（未读出任何一局）未计入" in note
    assert "match(es), and" not in note and "另有" not in note      # before: "the 1 match(es), and 1 whose line …"


def test_the_note_says_lines_named_and_lines_unknown_each_once():
    problems = [(2, 228, "json_shape", "hand 1 skipped", 1), (4, 10, "json_shape", "hand 2 skipped", 2)]
    (note,), out = unread_notes("m.jsonl", problems, 4, [1, None, 3, 4])
    assert out == frozenset({1, 3})
    assert "the 1 match(es) on line 4, and 1 match(es) whose line is not known (no hand read), are not counted" \
        in note
    assert "第 4 行的 1 场比赛，另有 1 场不知在哪一行的比赛" in note
