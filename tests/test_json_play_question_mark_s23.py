"""A JSON play whose list holds ``"?"`` (``"cards": ["?"]``, or ``"? S3"``): an ``unknown_card``, as before — a list
of cards is not the JSON way to say a play is not known — but its words now say how it is written, as the ``.tgn``
reader's do for ``N: H2 ?`` ("a play not known is written '?' alone"): ``"cards": "?"`` (docs/format.md "Trick
lines").  Before, the JSON words gave only "(expected e.g. S10, HA, ♥Q, BJ)".  The compiled and the pure-Python
JSON readers give the same words."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tractor_analysis.records.json_reader import parse_json
from tractor_analysis.records.json_writer import format_json
from tractor_analysis.records.tgn_reader import parse_tgn

SAMPLE = (Path(__file__).resolve().parents[1] / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")


def _doc(cards) -> str:
    """Hand 1 of the sample as JSON, E's play of trick 10 written ``cards``."""
    (match,), _ = parse_tgn(SAMPLE[:SAMPLE.index('[Hand "2"]')])
    doc = json.loads(format_json(match))
    hand = doc["hands"][0] if "hands" in doc else doc["matches"][0]["hands"][0]
    trick = hand["tricks"][9]              # the writer's trick 10: its list of plays
    east = next(p for p in trick if p["seat"] == "E")
    east["cards"] = cards
    return json.dumps(doc, ensure_ascii=False)


@pytest.mark.parametrize("cards", [["?"], ["？"], "? SJ", ["SJ", "?"]])
def test_a_question_mark_among_a_plays_cards_says_how_a_play_not_known_is_written(cards):
    (_,), diags = parse_json(_doc(cards))
    (d,) = [d for d in diags if d.code == "unknown_card"]
    assert 'a play not known is written "cards": "?", in place of its list of cards' in d.message
    assert '出牌未知时写 "cards": "?"，代替整个牌的列表' in d.message
    assert "expected e.g. S10, HA, ♥Q, BJ" in d.message and "the play of E is dropped" in d.message


def test_another_unreadable_card_keeps_its_words():      # a guard: only a '?' is told so
    (_,), diags = parse_json(_doc(["S?"]))
    (d,) = [d for d in diags if d.code == "unknown_card"]
    assert "a play not known" not in d.message and "出牌未知" not in d.message


def test_the_compiled_and_pure_python_readers_agree(tmp_path):
    record = tmp_path / "q.json"
    record.write_text(_doc(["?"]), encoding="utf-8")
    code = ("import json, sys; from tractor_analysis.records.json_reader import parse_json; "
            "(m,), d = parse_json(open(sys.argv[1], encoding='utf-8').read()); "
            "print(json.dumps([[x.code, x.line, x.column, x.message] for x in d]))")
    got = []
    for pure in ("", "1"):
        env = {**os.environ, "TRACTOR_PURE_PYTHON": pure}
        out = subprocess.run([sys.executable, "-c", code, str(record)], env=env, check=True, capture_output=True,
                             text=True).stdout
        got.append(json.loads(out))
    assert got[0] == got[1]
    assert [c for c, *_ in got[0]] == ["unknown_card"] and '"cards": "?"' in got[0][0][3]
