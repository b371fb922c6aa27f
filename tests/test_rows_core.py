"""The compiled plays rows (``dataset/_rows_core.c``) are what the pure-Python ``rows._add_plays``
appends: every column of every play of simulated matches with violations (failed throws with
their attempted cards, notes) under every preset, and odd inputs left to Python untouched."""
from __future__ import annotations

import pytest

from tractor_analysis.dataset import rows
from tractor_analysis.dataset.schema import SCHEMAS
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import compiled
from tractor_analysis.records.cards import POINTS, TOKEN
from tractor_analysis.records.model import Play
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.simulate import simulate_match

core = compiled.load("tractor_analysis.dataset._rows_core", "plays rows core", "出牌行核心")
pytestmark = pytest.mark.skipif(core is None, reason="the compiled plays rows core is not built (or ruled out)")


def _cols():
    return tuple([] for _ in SCHEMAS["plays"])


def _both(tricks, cold_cache: bool):
    if cold_cache:
        rows._PLAY_CACHE.clear()
    mine, ref = _cols()[:rows._CORE_COLS], _cols()      # the core fills the columns before the view's
    assert core.add_plays(mine, "m-1", 3, tricks, "b-1", rows._PLAY_CACHE, TOKEN, POINTS, rows._SEATS) is True
    if cold_cache:
        rows._PLAY_CACHE.clear()
    rows._add_plays(ref, "m-1", 3, tricks, "b-1", None)
    assert all(x is None for col in ref[rows._CORE_COLS:] for x in col)    # no view: null
    assert [len(col) for col in ref[rows._CORE_COLS:]] == [len(ref[0])] * (len(ref) - rows._CORE_COLS)
    return mine, ref[:rows._CORE_COLS]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_compiled_and_python_plays_rows_agree(preset):
    match = simulate_match(41, 0, rules=PRESETS[preset], violation_rate=0.15, max_hands=4)
    hands = replay_match(match).hands
    attempted = notes = 0
    for cold in (True, False):
        for hr in hands:
            mine, ref = _both(hr.tricks, cold)
            assert mine == ref
            for a, b in zip(mine, ref):          # the same Python types (bool stays bool, None stays None)
                assert [type(x) for x in a] == [type(x) for x in b]
            attempted += sum(x is not None for x in mine[6])
            notes += sum(x is not None for x in mine[10])
    assert sum(len(hr.tricks) for hr in hands)
    if preset == "standard":
        assert notes                              # injected violations are noted on the plays


def test_failed_throws_and_notes_rows():
    """A trick whose plays carry attempted cards and notes (as a failed throw's do)."""
    hr = replay_match(simulate_match(5, 0, max_hands=1)).hands[0]
    t = hr.tricks[0]
    p0 = t.plays[0]
    plays = (Play(p0.seat, p0.cards, p0.cards + p0.cards, ("throw failed", "x")),) + t.plays[1:]
    mine, ref = _both((_with_plays(t, plays),), True)
    assert mine == ref and mine[6][0] is not None and mine[10][0] == ["throw failed", "x"]


def test_odd_inputs_are_left_to_python():
    hr = replay_match(simulate_match(5, 0, max_hands=1)).hands[0]
    t = hr.tricks[0]
    odd = [
        (Play(7, (1,)),), (Play(0, (99,)),), (Play(0, [1]),), (Play(0, (1,), attempted=[1]),),
        (Play(0, ("SA",)),), (Play(0, (1,), notes=["n"]),),
    ]
    for plays in odd:
        trick = _with_plays(t, plays)
        cols = _cols()
        assert core.add_plays(cols, "m", 1, (trick,), "b", {}, TOKEN, POINTS, rows._SEATS) is False
        assert cols == _cols()                    # untouched
    assert core.add_plays(_cols(), "m", 1, list(hr.tricks), "b", {}, TOKEN, POINTS, rows._SEATS) is False
    assert core.add_plays(_cols()[:3], "m", 1, hr.tricks, "b", {}, TOKEN, POINTS, rows._SEATS) is False


def _with_plays(t, plays):
    import dataclasses
    return dataclasses.replace(t, plays=plays)


def test_the_builder_uses_the_compiled_rows():
    assert rows._ADD_PLAYS is core.add_plays
