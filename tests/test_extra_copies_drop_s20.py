"""``extra_copies._first_dropped`` is ``list.remove`` of a kind n times, in one pass (the repeated ``remove`` was
quadratic: a hostile deal line of two million cards took the fuzzer's 60 CPU-seconds, seed 20261220 case 1104)."""
from __future__ import annotations

from hypothesis import given, strategies as st

from tractor_analysis.engine.extra_copies import _first_dropped


@given(st.lists(st.integers(0, 5), max_size=40), st.integers(0, 5), st.integers(0, 8))
def test_dropping_the_first_copies_is_removing_them_one_by_one(line, kind, n):
    n = min(n, line.count(kind))
    want = list(line)
    for _ in range(n):
        want.remove(kind)
    assert _first_dropped(line, kind, n) == want
