"""A JSON hand's tag-like field — ``dealer``, ``trump``, ``level`` — given as a value of the wrong type (a number,
``true``/``false``, a list, an object) is read as not known, ``bad_value`` at the value, the hand kept (what rests on
the field withheld), as a string that names nothing already was (``"trump": 7`` too, said as a number): never the
hand skipped for it, never a value guessed (docs/format.md "Problems").  The compiled fast path takes no such hand,
so the pure-Python and compiled readings agree."""
from __future__ import annotations

import json

import pytest

from tractor_analysis.records import parse_json
from tractor_analysis.records import json_fast

HAND = {"number": 1, "dealer": "N", "trump": "S", "level": "2", "setup": True, "points": 0,
        "deal": {"N": ["SA"], "E": ["S3"], "S": ["S4"], "W": ["S5"]},
        "tricks": [[{"seat": "N", "cards": ["SA"]}, {"seat": "E", "cards": ["S3"]}, {"seat": "S", "cards": ["S4"]},
                    {"seat": "W", "cards": ["S5"]}]]}
"""A position of one trick (its dealer, trump and level as written read clean)."""


def _hand(field: str, value) -> str:
    hand = dict(HAND)
    hand[field] = value
    return json.dumps({"players": {"N": "a", "E": "b", "S": "c", "W": "d"}, "hands": [hand]}, indent=1)


CASES = [("dealer", 3), ("dealer", True), ("dealer", ["N"]), ("dealer", {"seat": "N"}),
         ("trump", True), ("trump", ["S"]), ("trump", {"S": 1}), ("level", False), ("level", ["2"])]


@pytest.mark.parametrize("field, value", CASES, ids=[f"{f}={json.dumps(v)}" for f, v in CASES])
@pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "pure"])
def test_a_tag_field_of_the_wrong_type_is_read_as_not_known_and_the_hand_kept(field, value, compiled, monkeypatch):
    if not compiled:
        monkeypatch.setattr(json_fast, "fast_hand", None)
    text = _hand(field, value)
    (m,), diags = parse_json(text)
    assert len(m.hands) == 1
    hand = m.hands[0]
    shapes = [d for d in diags if d.code == "json_shape"]
    assert shapes == []
    bad = [d for d in diags if d.code == "bad_value"]
    assert len(bad) == 1, [(d.code, d.message) for d in diags]
    at = text.index(f'"{field}"') + len(f'"{field}": ')
    line = text[:at].count("\n") + 1
    assert bad[0].line == line and bad[0].hand == 1
    en, zh = bad[0].message.split(" / ")
    assert f'"{field}" should be' in en and f'"{field}" 应为' in zh
    if field == "dealer":
        assert hand.dealer is None and "not known" in en and "庄家未知" in zh
    elif field == "trump":
        assert hand.trump is None and not hand.trump_known and "no play of the hand is judged" in en
    else:
        assert hand.level is None and "not stated" in en and "未写明级别" in zh
    # the other fields as written
    assert (hand.trump is not None) == (field != "trump") and (hand.dealer is not None) == (field != "dealer")


def test_the_hand_as_written_reads_clean():
    (m,), diags = parse_json(_hand("dealer", "N"))
    assert diags == [] and len(m.hands) == 1 and m.hands[0].dealer == 0


def test_a_number_as_trump_is_said_as_a_number():
    (m,), diags = parse_json(_hand("trump", 7))
    assert [d.code for d in diags] == ["bad_value"] and "not a number 7" in diags[0].message
    assert len(m.hands) == 1 and m.hands[0].trump is None
