"""A play written with no card (``10. N: , E: SJ, …``; JSON ``{"seat": "N", "cards": []}``).

A regression tester: read as a play of no cards, it made the three seats that followed correctly ``wrong_count``
("E played 1 card to a lead of 0"), the next lead out of turn and N's last card "still held" — while
``10. N: ?, …`` had N's play derived and the hand judged legal.  The seat was written: it played, what is not
written.  Now a diagnostic at the play (``syntax_error`` / ``bad_value``), and the play is read as one that could
not be read (filled in from the seat's cards where they fix it), in both readers, compiled or not."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.json_reader import parse_json
from tractor_analysis.records.json_writer import format_json
from tractor_analysis.records.tgn_reader import parse_tgn

SAMPLE = (Path(__file__).resolve().parents[1] / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
LINE = "10. N: S6, E: SJ, S: S9, W: C10"


def _hand_one() -> str:
    text = SAMPLE[:SAMPLE.index('[Hand "2"]')]
    assert LINE in text
    return text


def _verdict(h):
    return (h.attackers_points, h.outcome, sorted((v.code, v.trick, v.seat) for v in h.violations))


@pytest.mark.parametrize("written", ["10. N: , E: SJ, S: S9, W: C10", "10. N: S6, E: , S: S9, W: C10"])
def test_a_tgn_play_with_no_card_is_a_play_not_read(written):
    whole = replay_match(parse_tgn(_hand_one())[0][0]).hands[0]
    (match,), diags = parse_tgn(_hand_one().replace(LINE, written))
    assert [d.code for d in diags] == ["syntax_error"] and "gives no card" in diags[0].message
    h = replay_match(match).hands[0]
    assert _verdict(h) == _verdict(whole)
    assert [d.fact for d in h.derived if d.fact == "play"] == ["play"]


def test_a_json_play_with_no_card_is_a_play_not_read():
    (match,), _ = parse_tgn(_hand_one())
    whole = replay_match(match).hands[0]
    data = json.loads(format_json(match))
    hands = data["hands"] if "hands" in data else data["matches"][0]["hands"]
    trick = hands[0]["tricks"][9]
    plays = trick["plays"] if isinstance(trick, dict) else trick
    assert plays[0]["seat"] == "N"
    plays[0]["cards"] = []
    (got,), diags = parse_json(json.dumps(data, ensure_ascii=False))
    assert [d.code for d in diags] == ["bad_value"] and "gives no card" in diags[0].message
    assert _verdict(replay_match(got).hands[0]) == _verdict(whole)
