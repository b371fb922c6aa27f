"""The compiled whole JSON hand (``_json_core.fast_hand``, tried first by ``HandReader.build_hand``) and
the compiled depth check (``_json_core.too_deep``, used by ``json_decode.decode``) change nothing a
reader sees: hands damaged field by field (seeded and under hypothesis) read into the same matches
and the same diagnostics (code, line, column, hand, both messages) with and without them, the core
takes the plain hands (counted), and ``too_deep`` gives :func:`~.limits.json_too_deep`'s answer on
any text of brackets, quotes and backslashes."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from tractor_analysis.records import compiled, format_jsonl, json_decode, json_fast, parse_jsonl
from tractor_analysis.records.limits import json_too_deep
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.simulate import simulate_match

core = compiled.load("tractor_analysis.records._json_core", "JSON reader core", "JSON 读取核心")
pytestmark = pytest.mark.skipif(core is None or not hasattr(core, "fast_hand"),
                                reason="the compiled JSON reader core is not built (or ruled out)")

_VALUES = {
    "number": [7, 0, -3, 999_999_999, 10 ** 9, 10 ** 30, "4", True, None, 2.0, [], "x"],
    "dealer": ["N", "n", " N", "North", "north", "北", "X", "", 1, None, ["N"]],
    "trump": ["S", "s", "NT", "nt", "Hearts", "no trump", "无主", " S", "♥", "Q", "", 1, None, {}],
    "level": ["2", "10", "j", "J", "T", "A", "1", " 2", "", 2, None, ["2"]],
    "declarations": [[], None, [{"seat": "N", "cards": ["S2"]}], [{"seat": " N", "cards": ["S2"]}],
                     [{"seat": "N", "cards": ["X9"]}], [{"seat": "N", "cards": ["S2"], "after_bottom": True}],
                     [{"seat": "N", "cards": ["S2"], "after_bottom": 1}], [{"seat": "N"}], [{"seat": "N", "cards": "S2"}],
                     [{"seat": "N", "cards": ["S2"], "x": 1}], ["N"], {}, "N: S2", [{"seat": "Q", "cards": []}]],
    "setup": [True, False, 0, 1, 2, None, "yes"],
    "points": [0, 40, -1, 9999, 10000, "5", True, None],
    "first_trick": [1, 2, 0, 999, 1000, "1", None, False],
    "claim": [None, 0, 65, -9999, 10000, "5", False, 1.5],
    "notes": [None, [], ["a"], "a", [1], {}, ["a", "b"]],
    "tricks": [None, [], {}, [[]], "x"],
    "bottom": [None, [], ["SA"], ["X9"], "SA", ["SA"] * 9],
    "buried": [None, [], ["SA"], {}, ["BJ", "BJ", "BJ"]],
    "deal": [None, {}, [], {"N": ["SA"]}, {"Q": []}, {"N": "SA"}],
    "friend": ["SA", None], "tags": [[["a", "b"]], None], "takebacks": [["N"], None], "bid_for": [True, False],
    "result_only": [False, True], "earlier_buries": [[["SA"]], None], "colour": ["red", 3],
}


def _matches(seed):
    out = []
    for i, preset in enumerate(("standard", "three-deck", "80fen", "one-deck", "tournament")):
        out.append(json.loads(format_jsonl([simulate_match(40 + seed, i, rules=PRESETS[preset], violation_rate=0.05,
                                                           max_hands=3)])))
    return out


_MATCHES = _matches(0)


def _damage(match, rng, rate):
    m = json.loads(json.dumps(match))
    for hand in m.get("hands", []):
        if rng.random() < rate:
            key = rng.choice(sorted(_VALUES))
            if rng.random() < 0.15:
                hand.pop(key, None)
            else:
                hand[key] = rng.choice(_VALUES[key])
    return json.dumps(m, ensure_ascii=False)


def _same(line, monkeypatch):
    fast = parse_jsonl(line)
    with monkeypatch.context() as mp:
        mp.setattr(json_fast, "fast_hand", None)
        mp.setattr(json_decode, "_too_deep", None)
        slow = parse_jsonl(line)
    assert fast == slow
    assert repr(fast) == repr(slow)          # every field, line and column, every diagnostic's words


def test_clean_hands_read_the_same_and_the_core_takes_them(monkeypatch):
    taken = {"hands": 0}
    real = json_fast.fast_hand

    def counting(*args):
        got = real(*args)
        taken["hands"] += got is not None
        return got
    hands = 0
    for m in _MATCHES:
        _same(json.dumps(m, ensure_ascii=False), monkeypatch)
        hands += sum("earlier_buries" not in h for h in m["hands"])     # 炒地皮's buries: the detailed path
    monkeypatch.setattr(json_fast, "fast_hand", counting)
    for m in _MATCHES:
        parse_jsonl(json.dumps(m, ensure_ascii=False))
    assert taken["hands"] == hands


@pytest.mark.parametrize("seed", range(4))
def test_seeded_damaged_hands_read_the_same(monkeypatch, seed):
    rng = random.Random(seed)
    for m in _MATCHES:
        for _ in range(3):
            _same(_damage(m, rng, 0.7), monkeypatch)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, len(_MATCHES) - 1), st.integers(0, 2 ** 32 - 1), st.sampled_from([0.2, 1.0]))
def test_damaged_hands_read_the_same(index, seed, rate):
    with pytest.MonkeyPatch.context() as mp:
        _same(_damage(_MATCHES[index], random.Random(seed), rate), mp)


@pytest.mark.parametrize("key,value", [(k, v) for k, vs in _VALUES.items() for v in vs])
def test_each_odd_field_reads_the_same(monkeypatch, key, value):
    m = json.loads(json.dumps(_MATCHES[0]))
    m["hands"][0][key] = value
    _same(json.dumps(m, ensure_ascii=False), monkeypatch)


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet='[]{}"\\a\n', max_size=60), st.integers(0, 6))
def test_too_deep_is_json_too_deep(text, limit):
    assert core.too_deep(text, limit) == json_too_deep(text, limit)


@pytest.mark.parametrize("text", ["[" * 65, "[" * 64, "]]]]" + "[" * 65, '"' + "[" * 70, '"\\' + "[" * 70,
                                  '"a\\"' + "[" * 70, "[" * 30 + '"[[[["' + "{" * 35, '"\\', "\\" + "[" * 65,
                                  '["\\\\"' + "[" * 65 + "]"])
def test_too_deep_edge_texts(text):
    assert core.too_deep(text, 64) == json_too_deep(text, 64)


def test_the_reader_uses_the_compiled_hand_and_depth():
    assert json_fast.fast_hand is core.fast_hand and json_decode._too_deep is core.too_deep


@pytest.mark.parametrize("drop", [(), ("points",), ("dealer",), ("points", "dealer"), ("trump",), ("level",)])
def test_positions_read_the_same(monkeypatch, drop):
    m = json.loads(json.dumps(_MATCHES[0]))
    for hand in m["hands"]:
        hand["setup"] = True
        for key in drop:
            hand.pop(key, None)
    _same(json.dumps(m, ensure_ascii=False), monkeypatch)
