"""The place of an offset in a logical line cut into many pieces (the fuzzer's seed 20261501, case 616: one
line of 33,334 tags followed by 33,334 annotations took 145 CPU-s to read — each tag's place was found by a
linear walk over every annotation's cut).  :func:`tractor_analysis.records.tgn_lines.pos` searches the pieces
by bisection past a few; it must give what the walk gives."""
from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from tractor_analysis.records.sources import load_bytes
from tractor_analysis.records.tgn_lines import pos


def _walk(pieces, lineno, off):
    """The linear walk ``pos`` used before (the reference)."""
    if pieces is None:
        return lineno, off + 1
    for start, ln, c0 in reversed(pieces):
        if off >= start:
            return ln, c0 + off - start + 1
    return lineno, off + 1


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2 ** 32 - 1))
def test_pos_is_the_walk_for_any_pieces(seed):
    rng = random.Random(seed)
    starts = sorted(rng.randint(0, 500) for _ in range(rng.randint(1, 60)))      # ascending, repeats allowed
    pieces = [(s, 1 + i // 3, rng.randint(0, 80)) for i, s in enumerate(starts)]
    for off in [rng.randint(-3, 520) for _ in range(40)] + starts:
        assert pos(pieces, 7, off) == _walk(pieces, 7, off)


def test_a_value_after_many_annotations_is_placed_at_its_own_column():
    """Twenty annotations (twenty cuts: the bisection) before ``[Hand "q"]``: the bad value ``q`` is at column
    76 of the line as written (60 characters of annotations, ``[A "b"] `` and ``[Hand "``)."""
    text = "{n}" * 20 + '[A "b"] [Hand "q"]\n'
    src = load_bytes(text.encode(), "many.tgn")
    assert ("bad_value", 1, 76) in [(d.code, d.line, d.column) for d in src.diagnostics]
