"""analysis.deep_calls.in_one_chunk: a deep recursion runs in one stack chunk of its own (CPython 3.11
maps and unmaps a chunk each time the call depth steps across a chunk's end)."""
from __future__ import annotations

import resource
import sys

import pytest

from tractor_analysis.analysis.deep_calls import in_one_chunk


def test_gives_the_value_and_the_exception():
    assert in_one_chunk(lambda: 41 + 1) == 42
    with pytest.raises(KeyError):
        in_one_chunk(lambda: {}["missing"])


def _step(n: int) -> int:
    return n


def _wiggle_at_every_depth(depths: int, steps: int) -> int:
    """At each depth up to ``depths``, call one level deeper ``steps`` times: somewhere in there the
    depth crosses a chunk's end ``steps`` times."""
    def down(n: int) -> int:
        if n:
            return down(n - 1)
        total = 0
        for i in range(steps):
            total += _step(i)
        return total
    return sum(down(d) for d in range(depths))


def _minor_faults(fn) -> int:
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    fn()
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before


@pytest.mark.skipif(sys.implementation.name != "cpython" or sys.version_info[:2] != (3, 11)
                    or not sys.platform.startswith("linux"),
                    reason="the chunk churn measured is CPython 3.11's, the faults Linux's")
def test_stepping_across_a_chunk_end_maps_no_chunk_inside():
    in_one_chunk(lambda: _wiggle_at_every_depth(400, 1))        # its frame is built once, here
    churn = _minor_faults(lambda: _wiggle_at_every_depth(400, 300))
    calm = _minor_faults(lambda: in_one_chunk(lambda: _wiggle_at_every_depth(400, 300)))
    assert churn >= 300 and calm < churn / 5, (churn, calm)


def _chunk_frames() -> int:
    """How many in_one_chunk frames are on the stack here."""
    import sys

    f, n = sys._getframe(), 0
    while f is not None:
        n += f.f_code.co_filename == "<in_one_chunk>"
        f = f.f_back
    return n


def test_reuse_calls_in_place_inside_a_chunk_and_makes_one_outside():
    assert in_one_chunk(_chunk_frames) == 1
    assert in_one_chunk(_chunk_frames, reuse=True) == 1           # outside any: a chunk of its own
    assert in_one_chunk(lambda: in_one_chunk(_chunk_frames, reuse=True)) == 1      # inside: in place
    assert in_one_chunk(lambda: in_one_chunk(_chunk_frames)) == 2  # without reuse: one more
    with pytest.raises(KeyError):                                 # the count comes back after an error
        in_one_chunk(lambda: {}["missing"])
    assert in_one_chunk(lambda: in_one_chunk(_chunk_frames, reuse=True)) == 1


def test_an_analysed_hand_searches_in_one_chunk():
    """analyse_hand takes one chunk for the whole hand, and the compiled searches below it reuse it
    (each used to map its own: about 75 µs a search)."""
    from tractor_analysis.analysis import deep_calls
    from tractor_analysis.analysis.hand_analysis import analyse_hand
    from tractor_analysis.analysis.solver import Budget, Solver
    from tractor_analysis.engine.replay import replay_match
    from tractor_analysis.engine.tricks import hand_context
    from tractor_analysis.simulate import simulate

    h = next(x for x in replay_match(next(iter(simulate(1, 3, max_hands=2)))).hands if x.complete)
    solver = Solver(hand_context(h.rules, h.level, h.trump), h.defenders, h.bottom_points)
    if solver._core_mod is None:
        pytest.skip("the compiled solver core is not built")
    in_one_chunk(lambda: None)                  # the runner built
    runner, made = deep_calls._runner, []

    def counting(fn):
        made.append(1)
        return runner(fn)

    deep_calls._runner = counting
    try:
        a = analyse_hand(h, 2, Budget(20_000, None), solver)
    finally:
        deep_calls._runner = runner
    assert a.nodes > 0 and len(made) == 1, len(made)


def test_another_threads_chunk_is_not_reused():
    """A thread's frames are its own: being inside a chunk on one thread does not let another call in place."""
    import threading

    got = []
    inner = threading.Event()
    release = threading.Event()

    def hold():
        inner.set()
        release.wait(10)

    t = threading.Thread(target=lambda: in_one_chunk(hold))
    t.start()
    inner.wait(10)
    try:
        got.append(in_one_chunk(_chunk_frames, reuse=True))
    finally:
        release.set()
        t.join(10)
    assert got == [1]
