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
