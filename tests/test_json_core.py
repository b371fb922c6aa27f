"""The compiled JSON fast path (``records/_json_core.c``) gives exactly what the pure-Python
reference (:func:`~tractor_analysis.records.json_fast.fast_tricks_python`) gives: the same tricks
(every field, line and column included), ``None`` on the same values, and the same entries left in
the shared-play table, on simulated hands clean and damaged in many ways."""
from __future__ import annotations

import copy
import json
import random

import pytest

from tractor_analysis.records import compiled, format_jsonl, json_fast
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.simulate import simulate_match

from test_reader_fast_paths import _damage

core = compiled.load("tractor_analysis.records._json_core", "JSON reader core", "JSON 读取核心")
pytestmark = pytest.mark.skipif(core is None, reason="the compiled JSON reader core is not built (or ruled out)")

_VALUES = [None, True, 0, 1, 5, 2.5, "", "N", "S", "SA", "BJ", "X9", "north", "南", [], {}, ["SA"], [["SA"]],
           {"seat": "N"}, {"cards": []}, ["SA", "SA", "SA"], "a note", [1], ["note", 2], {"plays": []}]


def _hands():
    out = []
    for i, preset in enumerate(("standard", "tournament", "three-deck", "80fen", "one-deck")):
        m = simulate_match(60 + i, 0, rules=PRESETS[preset], violation_rate=0.05, max_hands=3)
        obj = json.loads(format_jsonl([m]))
        out.append((obj, PRESETS[preset].decks))
    return out


def _poke(tricks, rng):
    """Replace one value somewhere inside a ``tricks`` value (a trick, a play, a field, a card)."""
    if not isinstance(tricks, list) or not tricks:
        return
    i = rng.randrange(len(tricks))
    trick = tricks[i]
    plays = trick.get("plays") if isinstance(trick, dict) else trick
    r = rng.randrange(6)
    if r == 0 or not isinstance(plays, list) or not plays:
        tricks[i] = copy.deepcopy(rng.choice(_VALUES))
        return
    j = rng.randrange(len(plays))
    play = plays[j]
    if r == 1 or not isinstance(play, dict):
        plays[j] = copy.deepcopy(rng.choice(_VALUES))
    elif r == 2:
        play[rng.choice(["seat", "cards", "attempted", "notes", "extra"])] = copy.deepcopy(rng.choice(_VALUES))
    elif r == 3 and isinstance(play.get("cards"), list) and play["cards"]:
        play["cards"][rng.randrange(len(play["cards"]))] = copy.deepcopy(rng.choice(_VALUES))
    elif r == 4 and isinstance(trick, list):
        tricks[i] = {"plays": trick, "notes": copy.deepcopy(rng.choice(_VALUES))}
    else:
        play.pop(rng.choice(["seat", "cards"]), None)


def _both(tricks_v, first, decks, line, column, shared_py, shared_c):
    py = json_fast.fast_tricks_python(tricks_v, first, decks, line, column, shared_py)
    c = core.fast_tricks(tricks_v, first, decks, line, column, shared_c)
    return py, c


def _same(py, c, shared_py, shared_c):
    assert repr(py) == repr(c)                         # every field, line and column included
    assert py == c
    if py is not None:
        assert [type(t) for t in py] == [type(t) for t in c]
        assert [type(p) for t in py for p in t.plays] == [type(p) for t in c for p in t.plays]
        assert [hash(t) for t in py] == [hash(t) for t in c]
    assert list(shared_py) == list(shared_c)
    assert repr(list(shared_py.values())) == repr(list(shared_c.values()))


@pytest.mark.parametrize("seed", range(8))
def test_compiled_and_python_fast_paths_agree_on_damaged_hands(seed):
    rng = random.Random(seed)
    for obj, decks in _hands():
        for _ in range(rng.randrange(0, 4)):
            _damage(obj, rng)
        shared_py: dict = {}
        shared_c: dict = {}
        for k, hand in enumerate(obj["hands"]):
            tricks = hand.get("tricks")
            for _ in range(rng.randrange(0, 3)):
                _poke(tricks, rng)
            py, c = _both(tricks, 1 + k, decks, 7 + k, 3, shared_py, shared_c)
            _same(py, c, shared_py, shared_c)


def test_compiled_fast_path_takes_plain_hands_and_shares_plays():
    obj, decks = _hands()[0]
    shared_py: dict = {}
    shared_c: dict = {}
    for hand in obj["hands"]:
        py, c = _both(hand["tricks"], 1, decks, 1, 1, shared_py, shared_c)
        assert c is not None
        _same(py, c, shared_py, shared_c)
    again = core.fast_tricks(obj["hands"][0]["tricks"], 1, decks, 1, 1, shared_c)
    assert again[0].plays[0] is shared_c[(obj["hands"][0]["tricks"][0][0]["seat"],
                                          *obj["hands"][0]["tricks"][0][0]["cards"])]
    assert core.fast_tricks(obj["hands"][0]["tricks"], 1, decks, 1, 1) == again    # no table given


@pytest.mark.parametrize("tricks", [
    [[{"seat": "N", "cards": ["SA"]}, {"seat": "N", "cards": ["SK"]}]],            # a seat plays twice
    [[{"seat": "N", "cards": ["SA"], "notes": "x"}, {"seat": "n", "cards": ["SK"], "notes": []}]],
    [[{"seat": "N", "cards": ["SA"] * 3}]],                                          # more copies than 2 decks
    [[{"seat": "N", "cards": ["SA"] * 70_000}]],                                     # many more
    [[{"seat": "N", "cards": [["SA"]]}]],                                            # an unhashable card
    [[{"seat": ["N"], "cards": ["SA"]}]],                                            # an unhashable seat
    [[{"seat": "N", "cards": ["SA"], "attempted": ["SA", "SK"], "notes": ["a", "b"]}]],
    [[{"seat": "N", "cards": ["SA"], "attempted": "SA SK"}]],
    [[{"seat": "N", "cards": ["SA"], "attempted": None, "notes": None}]],
    [[{"seat": "N", "cards": ["SA"], "notes": [1]}]],
    [{"plays": [{"seat": "E", "cards": ["H10"]}], "notes": "after"}],
    [{"plays": [{"seat": "E", "cards": ["H10"]}], "notes": 5}],
    [{"plays": {"seat": "E"}}], [{"number": 3, "plays": []}], [{}], [[]], [], "tricks", None,
    [[{"seat": "N", "cards": ["SA"]}], [{"seat": "N", "cards": ["SA"]}], [{"seat": "N", "cards": ["SA"]}]],
    [[{"seat": "N", "cards": []}, {"seat": "E"}]], [[{"cards": ["SA"], "x": 1}]], [[1]], [["SA"]],
    [[{"seat": "N", "cards": ("SA",)}]], [[{"seat": True, "cards": ["SA"]}]], [[{"seat": 0, "cards": ["SA"]}]],
])
def test_compiled_and_python_fast_paths_agree_on_odd_values(tricks):
    shared_py: dict = {}
    shared_c: dict = {}
    py, c = _both(copy.deepcopy(tricks), 4, 2, 9, 2, shared_py, shared_c)
    _same(py, c, shared_py, shared_c)


def test_the_reader_uses_the_compiled_fast_path():
    assert json_fast.fast_tricks is core.fast_tricks


def _near(word):
    """Strings next to a table key: case changed, a character added, cut, doubled, widened."""
    out = {word.swapcase(), word + "0", word[:-1], word[1:], word * 2, " " + word, word + "\x00",
           word.replace("1", "\uff11"), word + "\U0001f0a1", "\x00" + word[1:]}
    return sorted(w for w in out if w)


class _Str(str):
    pass


def test_every_spelling_of_a_card_or_seat_is_read_as_the_tables_do():
    """The core finds card and seat strings in tables of its own, without hashing them (issue 27,
    twelfth pass): every key of ``CARD_LOOKUP`` and ``SEAT_LOOKUP``, strings next to them (not keys,
    or keys of the other table), a ``str`` subclass and non-strings give what the Python reference
    gives, plays and the shared-play table alike; a string the core found has the hash a new equal
    string computes (stored in it for the shared-play key)."""
    from tractor_analysis.records.words import CARD_LOOKUP, SEAT_LOOKUP

    cards = list(CARD_LOOKUP)
    seats = list(SEAT_LOOKUP)
    words = cards + seats + [w for k in cards[::7] + seats for w in _near(k)] + [_Str("SA"), _Str("N"), 5, None]
    rng = random.Random(12)
    for _ in range(400):
        tricks = []
        for _t in range(rng.randrange(1, 4)):
            trick = []
            for s in rng.sample(range(4), rng.randrange(1, 5)):
                seat = (rng.choice([w for w in seats if SEAT_LOOKUP[w] == s]) if rng.random() < 0.8
                        else rng.choice(words))
                hand = [rng.choice(cards) if rng.random() < 0.9 else rng.choice(words)
                        for _ in range(rng.randrange(1, 4))]
                trick.append({"seat": json.loads(json.dumps(seat)) if type(seat) is str else seat,
                              "cards": [json.loads(json.dumps(c)) if type(c) is str else c for c in hand]})
            tricks.append(trick)
        shared_py: dict = {}
        shared_c: dict = {}
        py, c = _both(copy.deepcopy(tricks), 1, 3, 2, 1, shared_py, shared_c)
        _same(py, c, shared_py, shared_c)
        fresh = copy.deepcopy(tricks)
        core.fast_tricks(fresh, 1, 3, 2, 1, {})
        for trick in fresh:
            for play in trick:
                for w in [play["seat"], *play["cards"]]:
                    if type(w) is str:
                        assert hash(w) == hash("".join(list(w)) + "")
    for k in cards:                                         # every key alone, as json.loads makes it
        fresh = json.loads(json.dumps([[{"seat": "N", "cards": [k]}]]))
        got = core.fast_tricks(fresh, 1, 3, 2, 1, {})
        assert got[0].plays[0].cards == (CARD_LOOKUP[k],)
        assert hash(fresh[0][0]["cards"][0]) == hash(k)
    for k in seats:
        got = core.fast_tricks(json.loads(json.dumps([[{"seat": k, "cards": ["SA"]}]])), 1, 3, 2, 1, {})
        assert got[0].plays[0].seat == SEAT_LOOKUP[k]
