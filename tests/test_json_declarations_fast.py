"""The JSON reader's fast reading of a hand's declarations (:func:`~tractor_analysis.records.json_fast.
fast_declarations`) changes nothing a reader sees: on records whose declarations are damaged
(seeded and under hypothesis) the matches and every diagnostic (code, line, column, both messages)
are the same as with the detailed ``HandReader.declarations`` alone, and it takes plain ones."""
from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from tractor_analysis.records import format_jsonl, json_fast, json_hands, parse_jsonl
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.simulate import simulate_match

_VALUES = [None, True, False, 0, 1, "", "N", " N ", "n", "北", "North", "X", "SA", "BJ", "ＳＡ", "S10", "s10", "X9",
           [], {}, ["SA"], [["SA"]], ["SA", "SA"], "SA SA", [1], [None], {"seat": "N"}, {"cards": ["SA"]},
           {"seat": "N", "cards": ["SA"]}, {"seat": "E", "cards": ["HA"], "after_bottom": True},
           {"seat": "E", "cards": ["HA"], "after_bottom": 1}, {"seat": "E", "cards": ["HA"], "x": 1}]


def _objects():
    out = []
    for i, preset in enumerate(("standard", "tournament", "three-deck", "80fen", "one-deck")):
        m = simulate_match(110 + i, 0, rules=PRESETS[preset], violation_rate=0.05, max_hands=3)
        out.append(json.loads(format_jsonl([m])))
    return out


_OBJECTS = _objects()


@pytest.fixture(autouse=True)
def _hand_by_fields(monkeypatch):
    """Hands read field by field (not whole by ``fast_hand``), so the declarations go through the
    readings compared here (``fast_hand``'s own are compared in ``test_json_hand_core.py``)."""
    monkeypatch.setattr(json_fast, "fast_hand", None)


def _poke(obj, rng):
    hv = rng.choice(obj["hands"])
    decl = hv.get("declarations")
    r = rng.randrange(5)
    if r == 0 or not isinstance(decl, list) or not decl:
        hv["declarations"] = copy.deepcopy(rng.choice(_VALUES + [[v] for v in _VALUES]))
    elif r == 1:
        decl[rng.randrange(len(decl))] = copy.deepcopy(rng.choice(_VALUES))
    elif r == 2:
        d = decl[rng.randrange(len(decl))]
        if isinstance(d, dict):
            d[rng.choice(["seat", "cards", "after_bottom", "extra"])] = copy.deepcopy(rng.choice(_VALUES))
    elif r == 3:
        d = decl[rng.randrange(len(decl))]
        if isinstance(d, dict) and isinstance(d.get("cards"), list) and d["cards"]:
            d["cards"][rng.randrange(len(d["cards"]))] = copy.deepcopy(rng.choice(_VALUES))
    else:
        decl.append(copy.deepcopy(rng.choice(_VALUES)))


def _same(obj, monkeypatch):
    text = json.dumps(obj, ensure_ascii=False) + "\n"
    fast = parse_jsonl(text)
    with monkeypatch.context() as mp:
        mp.setattr(json_hands, "fast_declarations", lambda v: None)
        slow = parse_jsonl(text)
    assert fast == slow
    assert repr(fast) == repr(slow)


def test_clean_records_read_the_same_and_the_fast_path_takes_them(monkeypatch):
    taken = [0]
    real = json_fast.fast_declarations

    def counting(v):
        got = real(v)
        taken[0] += got is not None and bool(got)
        return got
    for obj in _OBJECTS:
        _same(obj, monkeypatch)
    monkeypatch.setattr(json_hands, "fast_declarations", counting)
    for obj in _OBJECTS:
        parse_jsonl(json.dumps(obj) + "\n")
    assert taken[0] >= 10


@pytest.mark.parametrize("seed", range(8))
def test_seeded_damaged_declarations_read_the_same(monkeypatch, seed):
    rng = random.Random(seed)
    for obj in _OBJECTS:
        obj = copy.deepcopy(obj)
        for _ in range(rng.randrange(1, 4)):
            _poke(obj, rng)
        _same(obj, monkeypatch)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, len(_OBJECTS) - 1), st.integers(0, 2 ** 32 - 1), st.integers(1, 5))
def test_damaged_declarations_read_the_same(index, seed, pokes):
    obj = copy.deepcopy(_OBJECTS[index])
    rng = random.Random(seed)
    for _ in range(pokes):
        _poke(obj, rng)
    with pytest.MonkeyPatch.context() as mp:
        _same(obj, mp)
