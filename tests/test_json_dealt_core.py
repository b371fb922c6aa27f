"""The compiled reading of a JSON hand's dealt cards (``_json_core.fast_dealt``) gives exactly what
the pure-Python reference (:func:`~tractor_analysis.records.json_fast.fast_dealt_python`) gives:
the same ``deal`` / ``bottom`` / ``buried`` values (each card, each seat, the empty seats), ``None``
on the same hands, on simulated hands of every preset, clean and with one value replaced
anywhere in those fields (hypothesis and seeded random)."""
from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from tractor_analysis.records import compiled, format_jsonl, json_fast, parse_jsonl
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.simulate import simulate_match

core = compiled.load("tractor_analysis.records._json_core", "JSON reader core", "JSON 读取核心")
pytestmark = pytest.mark.skipif(core is None, reason="the compiled JSON reader core is not built (or ruled out)")

_VALUES = [None, True, 0, 1, 2.5, "", "N", "n", "北", "north", "X", "SA", "BJ", "X9", "H10", [], {}, ["SA"],
           [["SA"]], ["SA", "SA"], ["SA", "SA", "SA"], [1], {"N": []}, {"N": "SA"}, ("SA",), [None]]
_FIELDS = ("deal", "bottom", "buried", "earlier_buries")


def _hands():
    out = []
    for i, preset in enumerate(("standard", "tournament", "three-deck", "80fen", "one-deck", "ourgame")):
        m = simulate_match(70 + i, 0, rules=PRESETS[preset], violation_rate=0.05, max_hands=3)
        for hv in json.loads(format_jsonl([m]))["hands"]:
            out.append((hv, PRESETS[preset].decks))
    return out


_HANDS = _hands()


def _same(hv, decks):
    py = json_fast.fast_dealt_python(copy.deepcopy(hv), decks)
    c = core.fast_dealt(hv, decks)
    assert c == py
    if py is not None:                   # the same types all through (tuples of ints, a new list)
        assert [type(x) for x in c] == [type(x) for x in py]
        if py[0] is not None:
            assert all(type(t) is tuple for t in c[0]) and len(c[0]) == 4
    return py


def test_clean_hands_are_taken_alike():
    taken = [_same(hv, decks) for hv, decks in _HANDS]
    assert all(t is not None and t[0] is not None for t in taken)


def _poke(hv, rng):
    field = rng.choice(_FIELDS)
    r = rng.randrange(5)
    v = hv.get(field)
    if r == 0 or v is None:
        hv[field] = copy.deepcopy(rng.choice(_VALUES))
    elif r == 1 and isinstance(v, dict) and v:
        key = rng.choice(list(v))
        if rng.random() < 0.5:
            v[rng.choice(["n", "X", "北", "0", "NE"])] = v.pop(key)          # a seat's alias, or no seat
        else:
            v[key] = copy.deepcopy(rng.choice(_VALUES))
    elif r == 2 and isinstance(v, dict) and v:
        cards = v[rng.choice(list(v))]
        if isinstance(cards, list) and cards:
            cards[rng.randrange(len(cards))] = copy.deepcopy(rng.choice(_VALUES + ["BJ", "SJ", "C2"]))
    elif r == 3 and isinstance(v, list) and v:
        v[rng.randrange(len(v))] = copy.deepcopy(rng.choice(_VALUES + ["BJ", "SJ"]))
    else:
        hv.pop(field, None)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, len(_HANDS) - 1), st.integers(0, 2 ** 32 - 1), st.integers(1, 4), st.integers(0, 3))
def test_damaged_hands_agree(index, seed, pokes, decks_shift):
    hv, decks = _HANDS[index]
    hv = copy.deepcopy(hv)
    rng = random.Random(seed)
    for _ in range(pokes):
        _poke(hv, rng)
    _same(hv, max(0, decks - decks_shift) if decks_shift < 3 else -1)


def test_seeded_damage_covers_both_outcomes():
    rng = random.Random(27)
    outcomes = set()
    for _ in range(600):
        hv, decks = rng.choice(_HANDS)
        hv = copy.deepcopy(hv)
        _poke(hv, rng)
        outcomes.add(_same(hv, decks) is None)
    assert outcomes == {True, False}


@pytest.mark.parametrize("hv", [
    {}, {"deal": None, "bottom": None}, {"deal": {}}, {"deal": {"N": [], "E": ["SA"]}},
    {"deal": {"N": ["SA"], "n": ["SK"]}},                        # two keys of one seat: the later kept, both counted
    {"deal": {"N": ["SA", "SA"], "n": ["SA"]}},                  # ... and over the decks
    {"deal": {"N": ["SA"]}, "bottom": ["SA", "SA"]}, {"bottom": []}, {"buried": []},
    {"buried": ["SA", "SA", "SA"]}, {"bottom": ["SA", "SA"], "buried": ["SA", "SA"]},
    {"deal": [["SA"]]}, {"deal": {"N": ("SA",)}}, {"bottom": "SA"}, {"buried": {"SA": 1}},
    {"deal": {"N": [["SA"]]}}, {"deal": {"N": [{}]}}, {"earlier_buries": []}, {"earlier_buries": None},
    {"deal": {"North": ["SA"], "东": ["BJ"]}}, {"deal": {"N": ["SA"] * 70_000}},
])
@pytest.mark.parametrize("decks", [2, 1, 0, -1])
def test_odd_values_agree(hv, decks):
    _same(hv, decks)


def test_a_dict_subclass_is_left_to_the_detailed_path():
    class Hand(dict):
        pass
    assert core.fast_dealt(Hand(deal={"N": ["SA"]}), 2) is None
    m = simulate_match(5, 0, max_hands=2)
    text = format_jsonl([m])
    assert parse_jsonl(text)[0][0] == m


def test_the_reader_uses_the_compiled_dealt_path():
    assert json_fast.fast_dealt is core.fast_dealt
