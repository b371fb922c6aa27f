"""The streamed reader's search for line breaks (:func:`~tractor_analysis.records.streaming.line_ends`)
finds exactly the runs ``_LINE_END.finditer`` finds — the same starts and ends, from any start —
on bytes of line breaks, ``\\r\\n`` pairs, long lines and short ones (hypothesis and seeded)."""
from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from tractor_analysis.records import streaming


def _same(buf, scan):
    want = [m.span() for m in streaming._LINE_END.finditer(buf, scan)]
    got = [m.span() for m in streaming.line_ends(buf, scan)]
    assert got == want
    assert [m.group() for m in streaming.line_ends(buf, scan)] == [m.group() for m in
                                                                     streaming._LINE_END.finditer(buf, scan)]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from([b"\n", b"\r", b"\r\n", b"\n\r", b"a", b"{}", b"xyz" * 20, b"\x00", b"\xe4\xb8\xad"]),
                max_size=40), st.integers(0, 50), st.booleans())
def test_the_same_runs_as_the_regular_expression(parts, scan, as_bytearray):
    buf = b"".join(parts)
    _same(bytearray(buf) if as_bytearray else buf, min(scan, len(buf) + 1))


def test_seeded_long_buffers():
    rng = random.Random(27)
    for _ in range(200):
        buf = bytearray(b"".join(rng.choice([b"a" * rng.randrange(200), b"\r", b"\n", b"\r\n", b"\r\r\n\n"])
                                 for _ in range(rng.randrange(60))))
        _same(buf, rng.randrange(len(buf) + 1))
    _same(b"", 0)
    _same(b"\r", 0)
    _same(b"abc", 0)
