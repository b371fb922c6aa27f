"""engine/referee.py: a record's own referee verdicts (``Referee:…`` tags) against a replay.

Each verdict, tampered with, must come back as a ``referee_mismatch`` that names both values;
untouched, none does; a record without such tags is never compared.
"""
from __future__ import annotations

import dataclasses
import gzip
from pathlib import Path

import pytest

from tractor_analysis.engine.referee import hand_findings, match_findings, tag_value
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.hand_replay import replay_hand
from tractor_analysis.records.fen80_reader import parse_80fen
from tractor_analysis.records.rulesets import PRESETS

SAMPLE = Path(__file__).parent / "data" / "80fen" / "sample-plays.ndjson.gz"
FEN = PRESETS["80fen"]


def _first_match():
    return parse_80fen(gzip.open(SAMPLE, "rt", encoding="utf-8").read())[0][0]


MATCH = _first_match()
HAND = MATCH.hands[0]          # round 1: the attackers win the bottom x4, 120 points, gate 2 holds them


def _replay(hand):
    return replay_hand(hand, FEN, (2, 2), None, first_of_match=True, levels_known=True)


def _with(hand, name, value):
    return dataclasses.replace(hand, tags=tuple((n, value if n == name else v) for n, v in hand.tags))


def test_untouched_verdicts_agree():
    assert hand_findings(HAND, _replay(HAND)) == []


@pytest.mark.parametrize("name,value,theirs,ours", [
    ("Referee:Winners", "E N N N W N S S S S S E E E N W W W", "trick 1 winner: the record's referee says E",
     "the engine says N"),
    ("Referee:Points", "65", "says 65", "says 60"),
    ("Referee:Bottom", "15 x2 attackers", "says x2", "says x4"),
    ("Referee:Bottom", "20 x4 attackers", "says 20", "says 15"),
    ("Referee:Bottom", "15 x4 defenders", "last trick won by: the record's referee says defenders", "attackers"),
    ("Referee:Penalty", "10 0", "says N–S 10, E–W 0", "says no penalty"),
    ("Referee:Outcome", "attackers +2", "says attackers +2", "says attackers +1"),
    ("Referee:Levels", "2 3", "says N–S 2, E–W 3", "says N–S 2, E–W 2"),
    ("Referee:NextDealer", "S", "says S", "says E"),
])
def test_each_tampered_verdict_is_reported_with_both_values(name, value, theirs, ours):
    hand = _with(HAND, name, value)
    found = hand_findings(hand, _replay(hand))
    assert len(found) == 1
    v = found[0]
    assert v.code == "referee_mismatch"
    assert theirs in v.message_en and ours in v.message_en
    assert "裁判" in v.message_zh and "本引擎" in v.message_zh
    assert not any(w in v.message_zh for w in ("attackers", "defenders"))


def test_a_winner_mismatch_names_the_trick():
    hand = _with(HAND, "Referee:Winners", "N N N N W N S S S S S E E E N W W N")
    (v,) = hand_findings(hand, _replay(hand))
    assert v.trick == 18 and v.seat == 3


def test_records_without_referee_tags_are_not_compared():
    hand = dataclasses.replace(HAND, tags=tuple((n, v) for n, v in HAND.tags if not n.startswith("Referee:")))
    hand = _with(hand, "80fen:seed", "1")
    assert hand_findings(hand, _replay(hand)) == []


def test_unreadable_tags_are_skipped_not_misreported():
    for name, value in (("Referee:Points", "sixty"), ("Referee:Bottom", "15 times 4"), ("Referee:Levels", "2"),
                        ("Referee:Penalty", "x y")):
        hand = _with(HAND, name, value)
        assert hand_findings(hand, _replay(hand)) == [], name


def test_match_winner():
    result = replay_match(MATCH, FEN)
    assert tag_value(MATCH.tags, "Referee:Winner") == "EW"
    wrong = dataclasses.replace(MATCH, tags=tuple((n, "NS" if n == "Referee:Winner" else v) for n, v in MATCH.tags))
    (v,) = match_findings(wrong, result)
    assert "says NS" in v.message_en and "EW" in v.message_en


@pytest.mark.parametrize("field, value", [("penalty", "x"), ("penalty", [0, 0, 5]), ("after", "2 3"), ("after", [2])])
def test_a_referee_pair_of_the_wrong_kind_is_bad_value_not_dropped(field, value):
    """A platform tester (2026-12-06): a round's ``penalty`` or ``after`` of the wrong kind was dropped with no
    diagnostic — the referee's verdict silently unchecked — where every other field's wrong kind leaves the round
    out with ``bad_value`` (docs/format.md, 80fen)."""
    import json

    line = gzip.open(SAMPLE, "rt", encoding="utf-8").readline()
    match = json.loads(line)
    rounds = next(v for v in match.values() if isinstance(v, list) and v and isinstance(v[0], dict) and field in v[0])
    rounds[1][field] = value
    matches, diags = parse_80fen(json.dumps(match))
    bad = [d for d in diags if d.code == "bad_value" and repr(field) in d.message]
    assert bad and "round 2" in bad[0].message and "[N-S, E-W]" in bad[0].message and "[南北, 东西]" in bad[0].message
    assert len(matches[0].hands) == len(rounds) - 1
