"""A hand of tags alone — ``[Hand "2"]`` ``[Dealer "E"]`` … with no deal line and no trick line under it — with
other hands after it (a referee's record with a hand header typed and nothing written under it): the reader says
so, ``tags_only_hand`` at the ``[Hand]`` tag's line and column (before s18 nothing did: the hand was silently
empty, and ``check`` said only "no trick of this hand is read").  The hand is read as before (the warning changes no
verdict).  Not for a score sheet's hand (tags alone by design), a position (a referee writes only what matters), a
hand with deal lines (``missing_tricks``) or the record's last hand (the record ends there).  The ``.tgn`` reader is
run compiled (in this process, when the cores are built) and with ``TRACTOR_PURE_PYTHON=1`` (a child)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from event_helpers import bilingual, run_cli
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.diagnostics import CODES
from tractor_analysis.records.tgn_reader import parse_tgn

ROOT = Path(__file__).resolve().parents[1]
R1T1 = (ROOT / "tests" / "data" / "event" / "r1t1.tgn").read_text(encoding="utf-8")
HEADER, HAND_1 = R1T1.split('[Hand "2"]')[0].split('[Hand "1"]')
HAND_1 = '[Hand "1"]' + HAND_1
H1, H2 = '[Hand "1"]', '[Hand "2"]'
TAGS_ONLY = '[Hand "2"]\n[Dealer "E"]\n[Trump "S"]\n[Level "2"]\n\n'


def _record(stub: str = TAGS_ONLY) -> str:
    """Hand 2 as ``stub`` (tags alone), then hand 1 of the sample round played out."""
    return HEADER + stub + HAND_1


def _line_of(text: str, line: str) -> int:
    return text[:text.index(line)].count("\n") + 1


def _seen(text: str):
    """What the paths must agree on: the diagnostics, and each hand's number, tricks and verdict."""
    (match,), diags = parse_tgn(text)
    hands = replay_match(match).hands
    return ([(d.code, d.line, d.column, d.hand, d.message) for d in diags],
            [(h.number, len(h.tricks), h.attackers_total, sorted(v.code for v in h.violations)) for h in hands])


_CHILD = """
import json, sys
sys.path.insert(0, {tests!r})
from test_tags_only_hand_s18g import _seen
print(json.dumps([_seen(t) for t in json.loads(sys.stdin.read())]))
"""


def _pure_python(texts: list[str]) -> list:
    env = {**os.environ, "TRACTOR_PURE_PYTHON": "1", "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", _CHILD.format(tests=str(ROOT / "tests"))], input=json.dumps(texts),
                         capture_output=True, text=True, env=env, check=True, cwd=str(ROOT)).stdout
    return json.loads(out)


def test_a_hand_of_tags_alone_before_other_hands_is_said_at_its_hand_tag():
    text = _record()
    (match,), diags = parse_tgn(text)
    assert [(d.code, d.hand, d.line, d.column) for d in diags] == [
        ("tags_only_hand", 2, _line_of(text, '[Hand "2"]'), 1)]
    en, zh = bilingual(diags[0].message)
    assert en.startswith("hand 2 has tags but no deal line and no trick line") and "[ResultOnly" in en
    assert zh.startswith("第 2 局只有标签，没有发牌行和出牌行") and "[ResultOnly" in zh
    assert f"line {_line_of(text, H1)}" in en and "tags_only_hand" in CODES


def test_the_column_is_the_hand_tag_s_own():
    # the header indented and sharing its line with [Dealer]: the column is where [Hand] begins
    text = _record('  [Hand "2"] [Dealer "E"]\n[Trump "S"]\n[Level "2"]\n\n')
    _, diags = parse_tgn(text)
    assert [(d.code, d.line, d.column) for d in diags] == [("tags_only_hand", _line_of(text, '  [Hand "2"]'), 3)]


def test_the_warning_changes_no_verdict():
    """The hand is read as before: empty (no deal, no trick), its play not judged and no result; hand 1 the same
    as when it is alone."""
    (match,), _ = parse_tgn(_record())
    empty, played = replay_match(match).hands
    assert match.hands[0].deal is None and match.hands[0].tricks == ()
    assert empty.outcome is None and not empty.violations and "play" in {u.tag for u in empty.unknowns}
    (alone,), _ = parse_tgn(HEADER + HAND_1)
    (ref,) = replay_match(alone).hands
    assert (played.attackers_total, played.violations) == (ref.attackers_total, ref.violations)


@pytest.mark.parametrize("stub", [
    '[Hand "2"]\n[Dealer "E"]\n[Level "2"]\n[Trump "S"]\n[ResultOnly "yes"]\n[Claim "40"]\n\n',   # a score sheet
    '[Hand "2"]\n[Dealer "E"]\n[Trump "S"]\n[Level "2"]\n[SetUp "1"]\n\n',                       # a position
], ids=["score_sheet", "position"])
def test_not_for_a_score_sheet_nor_a_position(stub):
    _, diags = parse_tgn(_record(stub))
    assert "tags_only_hand" not in [d.code for d in diags]


def test_not_for_a_hand_with_its_deal_nor_one_with_a_trick_line():
    deal = HAND_1.split("Bottom:")[0].replace('[Hand "1"]', '[Hand "2"]')
    _, diags = parse_tgn(_record(deal + "\n"))
    assert [d.code for d in diags] == ["missing_tricks"]
    _, diags = parse_tgn(_record(TAGS_ONLY.rstrip("\n") + "\n1. E: SQ, S: S8, W: S10, N: SA\n\n"))
    assert [d.code for d in diags] == ["missing_deal"]


def test_not_for_the_record_s_last_hand():
    _, diags = parse_tgn(HEADER + HAND_1 + "\n" + TAGS_ONLY)
    assert "tags_only_hand" not in [d.code for d in diags]


def test_check_names_file_line_and_column(tmp_path):
    path = tmp_path / "stub.tgn"
    text = _record()
    path.write_text(text, encoding="utf-8")
    r = run_cli("check", str(path), code=2)
    assert f"{path}:{_line_of(text, H2)}:1: hand 2 has tags but no deal line and no trick line" in r.output


def test_the_compiled_and_pure_python_readers_agree():
    texts = [_record(), _record('  [Hand "2"] [Dealer "E"]\n[Trump "S"]\n[Level "2"]\n\n'),
             HEADER + HAND_1 + "\n" + TAGS_ONLY]
    assert _pure_python(texts) == json.loads(json.dumps([_seen(t) for t in texts]))
