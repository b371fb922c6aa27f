"""A JSON record holding a trick written twice in a row (session 23 follow-up of test_copied_trick_line_s16.py and
test_trick_copy_renumbered.py): the JSON reader now reads it as the ``.tgn`` reader reads such a line
(docs/format.md "Trick lines").

- a trick object written twice in a row, word for word, its ``"number"`` too: the same trick copied again —
  ``trick_sequence`` at the copy, read once (before: "trick 7 out of sequence (expected 8)", four
  ``too_many_copies``, the copy read as a trick: not_in_hand, out_of_turn, claim "differs, the plays give 90");
- a trick whose plays repeat the trick before word for word under another number (a plain list of plays, numbered
  by its place, or an object numbered otherwise), where read as a trick of its own it would put more copies of a
  card in the hand's plays than the decks hold: the decks prove it the same trick copied again — ``trick_sequence``
  naming the trick it repeats and the copies, read once (before: read as a trick, as above);
- guard: a repeated trick within the decks stays a trick of its own.
The compiled and the pure-Python JSON readers agree."""
from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.json_reader import parse_json
from tractor_analysis.records.json_writer import format_json
from tractor_analysis.records.tgn_reader import parse_tgn

SAMPLE = (Path(__file__).resolve().parents[1] / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")


def _doc() -> dict:
    """Hand 1 of the sample as JSON (its tricks plain lists of plays, numbered by their place)."""
    (match,), _ = parse_tgn(SAMPLE[:SAMPLE.index('[Hand "2"]')])
    doc = json.loads(format_json(match))
    assert "hands" in doc and len(doc["hands"][0]["tricks"]) == 16
    return doc


def _numbered(doc: dict) -> dict:
    """``doc`` with each trick an object ``{"number": n, "plays": [...]}``."""
    doc = copy.deepcopy(doc)
    doc["hands"][0]["tricks"] = [{"number": i + 1, "plays": t} for i, t in enumerate(doc["hands"][0]["tricks"])]
    return doc


def _copied(doc: dict, at: int, number: int | None = None) -> dict:
    """``doc`` with trick ``at`` (from 1) written again right after it (``number``: the copy's number)."""
    doc = copy.deepcopy(doc)
    tricks = doc["hands"][0]["tricks"]
    again = copy.deepcopy(tricks[at - 1])
    if number is not None:
        again["number"] = number
    tricks.insert(at, again)
    return doc


def _verdict(doc: dict):
    (match,), diags = parse_json(json.dumps(doc, ensure_ascii=False))
    h = replay_match(match).hands[0]
    return diags, [t.number for t in match.hands[0].tricks], (h.attackers_total, h.claim_matches, h.outcome,
                                                              sorted((v.code, v.trick, v.seat) for v in h.violations))


def test_a_trick_object_written_twice_word_for_word_is_read_once():
    _, numbers, whole = _verdict(_numbered(_doc()))
    diags, got_numbers, got = _verdict(_copied(_numbered(_doc()), 7))
    assert got == whole and got_numbers == numbers == list(range(1, 17))
    (d,) = diags            # before: "trick 7 out of sequence (expected 8)" and four too_many_copies
    assert d.code == "trick_sequence" and d.trick == 7
    assert 'trick 7 is written twice in a row, word for word, its "number" too' in d.message
    assert "same trick copied again; read once" in d.message and "同一轮重复抄写；只读一次" in d.message


def test_a_list_of_plays_repeating_the_trick_before_beyond_the_decks_is_read_once():
    _, _, whole = _verdict(_doc())
    diags, numbers, got = _verdict(_copied(_doc(), 7))
    assert got == whole and numbers == list(range(1, 17))     # before: 17 tricks, claim differs (90)
    (d,) = diags
    assert d.code == "trick_sequence" and d.trick == 7
    assert "trick 8 repeats the plays of trick 7 word for word" in d.message
    assert ("it would put 4 copies of ♥5, 4 copies of ♥9, 3 copies of ♥K, 3 copies of ♦8 in the plays of hand 1, "
            "but 2 decks hold only 2") in d.message
    assert "read once, as trick 7" in d.message
    assert "逐字重复了第 7 轮的出牌" in d.message and "4 张 ♥5、4 张 ♥9、3 张 ♥K、3 张 ♦8" in d.message and "只读一次，按第 7 轮" in d.message


def test_a_trick_object_renumbered_repeating_the_trick_before_is_read_once():
    _, _, whole = _verdict(_numbered(_doc()))
    diags, numbers, got = _verdict(_copied(_numbered(_doc()), 7, number=8))
    assert got == whole and numbers == list(range(1, 17))
    assert [d.code for d in diags] == ["trick_sequence"] and "repeats the plays of trick 7" in diags[0].message


def test_a_repeated_trick_within_the_decks_stays_a_trick():     # a guard: two identical tricks can be played
    diags, numbers, _ = _verdict(_copied(_doc(), 3))
    assert not any("repeats" in d.message or "copied" in d.message for d in diags)
    assert numbers == list(range(1, 18))


def test_both_readers_agree(tmp_path):
    code = ("import json, sys; from tractor_analysis.records.json_reader import parse_json; "
            "(m,), d = parse_json(open(sys.argv[1], encoding='utf-8').read()); "
            "print(json.dumps([[[t.number, [[p.seat, list(p.cards)] for p in t.plays]] for t in m.hands[0].tricks], "
            "[[x.code, x.line, x.column, x.message] for x in d]]))")
    for name, doc in (("same", _copied(_numbered(_doc()), 7)), ("list", _copied(_doc(), 7)),
                      ("within", _copied(_doc(), 3))):
        record = tmp_path / f"{name}.json"
        record.write_text(json.dumps(doc, ensure_ascii=False, indent=1), encoding="utf-8")
        got = []
        for pure in ("", "1"):
            env = {**os.environ, "TRACTOR_PURE_PYTHON": pure}
            out = subprocess.run([sys.executable, "-c", code, str(record)], env=env, check=True,
                                 capture_output=True, text=True).stdout
            got.append(json.loads(out))
        assert got[0] == got[1], name
        assert len(got[0][0]) == (17 if name == "within" else 16), name
