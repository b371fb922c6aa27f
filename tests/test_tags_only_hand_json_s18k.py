"""A hand object of tags alone — ``{"number": 2, "dealer": "E", "trump": "S", "level": "2"}``, no ``"deal"``, no
``"bottom"`` / ``"buried"``, no trick — with other hands after it: the JSON / JSON Lines reader says so,
``tags_only_hand`` at the hand object's line and column, as the ``.tgn`` reader does at the ``[Hand]`` tag (s18).
Before, the JSON reader said nothing: the same match read from a ``.tgn`` had a problem and from its ``.json`` copy
none, so ``tractor convert`` copied the ``.json`` to a ``.tgn`` that reads back with a problem.  Same conditions as
the ``.tgn`` reader: not a score sheet's hand, not a position, not a hand with its deal (``missing_tricks``) or a
trick (``missing_deal``), not the record's last hand.  The check runs in Python after the compiled core's hand: the
reader is run compiled (in this process, when the cores are built) and with ``TRACTOR_PURE_PYTHON=1`` (a child)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from event_helpers import bilingual, run_cli
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import format_json, format_jsonl, parse_json, parse_jsonl, parse_tgn

ROOT = Path(__file__).resolve().parents[1]
R1T1 = (ROOT / "tests" / "data" / "event" / "r1t1.tgn").read_text(encoding="utf-8")
HEADER, HAND_1 = R1T1.split('[Hand "2"]')[0].split('[Hand "1"]')
HAND_1 = '[Hand "1"]' + HAND_1
TAGS_ONLY = '[Hand "2"]\n[Dealer "E"]\n[Trump "S"]\n[Level "2"]\n\n'
TGN = HEADER + TAGS_ONLY + HAND_1          # hand 2 of tags alone, then hand 1 played out
(PLAYED,), _ = parse_tgn(HEADER + HAND_1)
PLAYED_HAND = json.loads(format_json(PLAYED))["hands"][0]
STUB = {"number": 2, "dealer": "E", "trump": "S", "level": "2"}


def _json(*hands: dict, indent: int | None = 1) -> str:
    """The sample match with ``hands`` as its hands (the played hand 1 where a hand is ``None``)."""
    match = json.loads(format_json(PLAYED))
    match["hands"] = [PLAYED_HAND if h is None else h for h in hands]
    return json.dumps(match, ensure_ascii=False, indent=indent)


def _at(text: str, needle: str, nth: int = 0) -> tuple[int, int]:
    """Line and column (1-based) of the ``nth`` ``needle`` in ``text``."""
    off = -1
    for _ in range(nth + 1):
        off = text.index(needle, off + 1)
    return text.count("\n", 0, off) + 1, off - (text.rfind("\n", 0, off) + 1) + 1


def _seen(kind: str, text: str):
    """What the paths must agree on: the diagnostics, and each hand's number, tricks and verdict."""
    (match,), diags = {"json": parse_json, "jsonl": parse_jsonl, "tgn": parse_tgn}[kind](text)
    hands = replay_match(match).hands
    return ([(d.code, d.line, d.column, d.hand, d.message) for d in diags],
            [(h.number, len(h.tricks), h.attackers_total, sorted(v.code for v in h.violations)) for h in hands])


def test_a_hand_object_of_tags_alone_before_other_hands_is_said_at_the_object():
    text = _json(STUB, None)
    (match,), diags = parse_json(text)
    hand_at, next_at = _at(text, '{\n   "number": 2'), _at(text, '{\n   "number": 1')
    assert [(d.code, d.hand, d.line, d.column) for d in diags] == [("tags_only_hand", 2, *hand_at)]
    en, zh = bilingual(diags[0].message)
    assert en.startswith('hand 2: tags but no "deal" and no "tricks", and the record goes on after it')
    assert f"the next hand object is at line {next_at[0]}, column {next_at[1]}" in en and '"result_only"' in en
    assert zh.startswith('第 2 局：只有标签，没有 "deal" 和 "tricks"，而记录在其后仍继续')
    assert f"下一局的对象在第 {next_at[0]} 行第 {next_at[1]} 列" in zh and '"result_only"' in zh
    assert match.hands[0].deal is None and match.hands[0].tricks == ()     # read as it stands


def test_in_json_lines_the_column_of_the_hand_object_on_its_line():
    line = _json(STUB, None, indent=None)
    text = format_jsonl([PLAYED]).rstrip("\n") + "\n" + line + "\n"      # the second match's line
    _, diags = parse_jsonl(text)
    assert [(d.code, d.hand, d.line, d.column) for d in diags] == [("tags_only_hand", 2, *_at(text, '{"number": 2'))]
    nxt = line.index('{"number": 1') + 1      # the next hand object, on the same line
    assert diags[0].line == 2 and f"the next hand object is at line 2, column {nxt}" in diags[0].message


@pytest.mark.parametrize("stub", [
    {**STUB, "result_only": True, "claim": 40},         # a score sheet's hand
    {**STUB, "setup": True},                             # a position
], ids=["score_sheet", "position"])
def test_not_for_a_score_sheet_nor_a_position(stub):
    _, diags = parse_json(_json(stub, None))
    assert "tags_only_hand" not in [d.code for d in diags]


def test_not_for_a_hand_with_its_deal_nor_one_with_a_trick_nor_the_last_hand():
    dealt = {**STUB, "deal": PLAYED_HAND["deal"], "bottom": PLAYED_HAND["bottom"]}
    assert [d.code for d in parse_json(_json(dealt, None))[1]] == ["missing_tricks"]
    played = {**STUB, "tricks": PLAYED_HAND["tricks"][:1]}
    assert [d.code for d in parse_json(_json(played, None))[1]] == ["missing_deal"]
    assert parse_json(_json(None, STUB))[1] == []
    assert [d.code for d in parse_json(_json(STUB, {**STUB, "number": 3}, None))[1]] == ["tags_only_hand"] * 2


def test_the_tgn_record_and_its_json_copies_read_alike():
    """The match read from the ``.tgn`` and from its ``.json`` / ``.jsonl`` copies: the same problems (code and
    hand; each at its own position) and the same hands judged alike."""
    (match,), tgn = parse_tgn(TGN)
    tgn_seen = _seen("tgn", TGN)
    for kind, text in (("json", format_json(match)), ("jsonl", format_jsonl([match]))):
        seen = _seen(kind, text)
        assert [(c, h) for c, _, _, h, _ in seen[0]] == [(d.code, d.hand) for d in tgn] == [("tags_only_hand", 2)]
        assert seen[1] == tgn_seen[1]


def test_convert_refuses_the_json_record_as_it_refuses_the_tgn_one(tmp_path):
    """``tractor convert`` copies only a record read without a problem: before s18 the ``.json`` of a hand of tags
    alone was copied to a ``.tgn`` that reads back with ``tags_only_hand``; now both are refused, each naming the
    hand at its own line:column."""
    src_tgn, src_json = tmp_path / "stub.tgn", tmp_path / "stub.json"
    src_tgn.write_text(TGN, encoding="utf-8")
    text = _json(STUB, None)
    src_json.write_text(text, encoding="utf-8")
    r = run_cli("convert", str(src_tgn), "--to", "json", code=2)
    assert f"{src_tgn}:{_at(TGN, TAGS_ONLY)[0]}:1: hand 2 has tags but no deal line" in r.output
    out = tmp_path / "copy.tgn"
    r = run_cli("convert", str(src_json), "-o", str(out), code=2)
    line, col = _at(text, '{\n   "number": 2')
    assert f"{src_json}:{line}:{col}: hand 2: tags but no \"deal\"" in r.output and not out.exists()
    # the match without the stub converts both ways and reads back the same
    src_json.write_text(_json(None), encoding="utf-8")
    run_cli("convert", str(src_json), "-o", str(out))
    assert parse_tgn(out.read_text(encoding="utf-8"))[1] == []


def test_check_names_file_line_and_column(tmp_path):
    path = tmp_path / "stub.json"
    text = _json(STUB, None)
    path.write_text(text, encoding="utf-8")
    r = run_cli("check", str(path), code=2)
    line, col = _at(text, '{\n   "number": 2')
    assert f"{path}:{line}:{col}: hand 2: tags but no \"deal\" and no \"tricks\"" in r.output


_CHILD = """
import json, sys
sys.path.insert(0, {tests!r})
from test_tags_only_hand_json_s18k import _seen
print(json.dumps([_seen(k, t) for k, t in json.loads(sys.stdin.read())]))
"""


def test_the_compiled_and_pure_python_readers_agree():
    texts = [("json", _json(STUB, None)), ("json", _json(STUB, {**STUB, "number": 3}, None)),
             ("json", _json(None, STUB)), ("jsonl", _json(STUB, None, indent=None))]
    env = {**os.environ, "TRACTOR_PURE_PYTHON": "1", "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", _CHILD.format(tests=str(ROOT / "tests"))], input=json.dumps(texts),
                         capture_output=True, text=True, env=env, check=True, cwd=str(ROOT)).stdout
    assert json.loads(out) == json.loads(json.dumps([_seen(k, t) for k, t in texts]))
