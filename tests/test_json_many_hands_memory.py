"""A ``.json`` document (or a ``.jsonl`` line) of many hands is read in memory a small multiple of its size.

The fuzzer's case 823 of seed 20261225 (``many_hands``, an 8 MB document of 2,360 hands) took ``check`` to
433 MB: the whole document decoded at once (about ten times the text), the offsets of every value of it
for a problem's position (some twenty times: :class:`~tractor_analysis.records.json_problems.JsonText`), and,
for a violation's position, the match decoded whole again with every hand's decoded tricks kept
(:mod:`tractor_analysis.records.json_places`).  Now a hand is decoded when the reader comes to it
(:mod:`tractor_analysis.records.json_document`) and the offsets are those of one hand at a time.
"""
from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import pytest

from tractor_analysis.records import load_file
from tractor_analysis.records.json_decode import decode, may_hold_surrogates, scrub
from tractor_analysis.records import json_document
from tractor_analysis.records.json_document import LAZY_FROM, HandValues, decode_lazily, match_at
from tractor_analysis.records.json_places import play_position
from tractor_analysis.records.json_reader import parse_json, parse_jsonl

SAMPLE = Path(__file__).resolve().parents[1] / "sample_logs" / "spring-cup-r2t5.json"


def _document(hands: int, bad: bool = False) -> str:
    """One match of ``hands`` hands, the sample's played again and again (``bad``: each with a dealer that
    is no seat, a problem whose position is looked for)."""
    match = json.loads(SAMPLE.read_text(encoding="utf-8"))
    out = []
    for i in range(hands):
        hand = dict(match["hands"][i % len(match["hands"])], number=i + 1)
        if bad:
            hand["dealer"] = "Q"
        out.append(hand)
    return json.dumps(dict(match, hands=out), ensure_ascii=False)


@pytest.fixture
def walked(monkeypatch):
    """Every text walked hand by hand, however small (a text under :data:`LAZY_FROM` is decoded whole)."""
    monkeypatch.setattr(json_document, "LAZY_FROM", 0)


def _peak(fn, *args):
    tracemalloc.start()
    try:
        out = fn(*args)
        return out, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("bad", [False, True], ids=["clean", "a_problem_in_every_hand"])
@pytest.mark.parametrize("parse", [parse_json, parse_jsonl], ids=["json", "jsonl_one_line"])
def test_many_hands_read_in_a_few_times_the_text(parse, bad, walked):
    text = _document(200, bad)
    size = len(text.encode("utf-8"))
    (matches, diags), peak = _peak(parse, text)
    assert len(matches) == 1 and len(matches[0].hands) == 200
    assert len(diags) == (200 if bad else 0)
    # before: 12 times the text (decoded whole), 30 with a problem in each hand (every value's offset)
    assert peak < 6 * size, f"peak {peak / size:.1f} times the text"


def test_a_play_found_again_without_decoding_the_whole_match(tmp_path, walked):
    text = _document(400)       # (big enough that reading it again weighs more than the read's 8 MiB buffer)
    path = tmp_path / "many.json"
    path.write_text(text, encoding="utf-8")
    hand = load_file(path).matches[0].hands[-1]
    where, peak = _peak(play_position, hand.positions, hand, 0, 0)
    assert where is not None and where[0] == 1 and text[where[1] - 1] == "["    # the "cards" list of that play
    assert text.rindex('"cards"', 0, where[1]) > text.rindex('"number": 400')
    # before: 15 times the file (the match decoded whole, each hand's tricks kept); now the text read
    # again (2 bytes a character here) and the hands' records
    assert peak < 10 * len(text.encode("utf-8")), f"peak {peak / len(text.encode('utf-8')):.1f} times the file"


def _whole(value):
    """``value`` with every :class:`HandValues` made a list (what :func:`decode` gives)."""
    if isinstance(value, HandValues):
        return [_whole(v) for v in value]
    if isinstance(value, list):
        return [_whole(v) for v in value]
    if isinstance(value, dict):
        return {k: _whole(v) for k, v in value.items()}
    return value


TEXTS = [
    '{"event": "x", "hands": [{"number": 1}, {"number": 2}], "site": "y"}',
    '[{"hands": [1, "a", [], {}]}, 3, [1, 2], {"hands": []}]',
    ' \n {"hands" : [ {"a" : [1, 2]} ,\n {"b": {"c": null}} ] , "hands": [{"z": 1}], "e": 1}\n',  # hands twice
    '{"hands": [{"x": 1}], "event": "e", "hands": "no list"}',
    '{"hands": {"a": [1]}}',
    '{"n": NaN, "i": -Infinity, "big": 1e999, "hands": [{"f": 1.5e3}]}',
    '{"ev\\ud800": "a\\udc00", "hands": [{"k\\udfff": ["\\ud800", "\\ud83d\\ude00"]}, "\\ud801"]}',
    '["\\ud800", {"hands": [{"x": "\\ud800"}]}]',
    '42', '"s"', 'null', '[]', '{}',
]
BAD_TEXTS = [
    '{"hands": [{"a": 1},]}', '{"hands": [{"a": 1}] "e": 1}', '{"hands": [{"a": }]}', '{"a": 1} {}',
    "{'a': 1}", '{"hands": [', '[{"hands": [1, 2]}, ]', '{"a": 1,}', '', '   ',
    '{"hands": [' + "[" * 70 + "]" * 70 + "]}", '{"hands": [1' + "0" * 5000 + "]}",
]


@pytest.mark.parametrize("text", TEXTS + BAD_TEXTS)
def test_decoded_lazily_as_decoded_whole(text, walked):
    value, problem, fixed = decode_lazily(text)
    whole, problem_whole = decode(text)
    assert problem == problem_whole
    if problem is None:
        whole, fixed_whole = scrub(whole) if may_hold_surrogates(text) else (whole, 0)
        assert (_whole(value), fixed) == (whole, fixed_whole)
        assert list(map(type, _keys(_whole(value)))) == list(map(type, _keys(whole)))


def _keys(value):
    """Every key and value, in order (a key written twice keeps its first place)."""
    if isinstance(value, dict):
        return [x for k, v in value.items() for x in (k, *_keys(v))]
    if isinstance(value, list):
        return [x for v in value for x in _keys(v)]
    return [value]


def test_hands_decoded_only_when_asked(walked):
    value, problem, _ = decode_lazily('{"hands": [{"number": 1}, {"number": 2}]}')
    assert problem is None and isinstance(value["hands"], HandValues) and len(value["hands"]) == 2
    assert value["hands"][1] == {"number": 2} and value["hands"][-1] is not value["hands"][-1]   # not kept
    text = '[{"e": 1}, {"hands": [{"x": "\\ud800"}], "f": 2}]'
    assert _whole(match_at(text, text.index('{"hands"'))) == {"hands": [{"x": "\ufffd"}], "f": 2}


def test_only_big_texts_walked():
    """A text under :data:`LAZY_FROM` (a match a line of JSON Lines) is decoded whole, once — walking it would
    decode it twice, for memory that matters only at megabytes —; a bigger one hand by hand."""
    small = _document(2)
    assert len(small) < LAZY_FROM and isinstance(decode_lazily(small)[0]["hands"], list)
    big = _document(2 * LAZY_FROM // len(_document(1)) + 1)
    assert len(big) >= LAZY_FROM and isinstance(decode_lazily(big)[0]["hands"], HandValues)
