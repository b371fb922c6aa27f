"""Each annotation of a trick line goes to the play it follows, else to the trick (tgn_tricks._place_notes).

The placement bisects the segments' ends (a line of 666,000 notes spent half its read walking the
segments per note); this property test holds it to the walk it replaced, kept here as the reference."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from tractor_analysis.records.model import Play
from tractor_analysis.records.tgn_tricks import _place_notes


def _walk(owners, segments, base, notes) -> list[int | None]:
    """The placement as first written, the segments walked for each note: per note, the index of the play
    it goes to (``None``: the trick)."""
    first = [len(seg) - len(seg.lstrip()) for seg in segments]
    out = []
    for o, _, _, _ in notes:
        si = -1
        a = base
        for i, seg in enumerate(segments):
            b = a + len(seg) + 1
            if o < b or i == len(segments) - 1:
                si = i if first[i] < min(max(0, o - a), len(seg)) else i - 1
                break
            a = b
        out.append(owners.index(si) if si >= 0 and si in owners else None)
    return out


@st.composite
def lines(draw):
    segments = draw(st.lists(st.text(alphabet=" NS:A1", max_size=6), min_size=1, max_size=5))
    base = draw(st.integers(0, 4))
    total = base + sum(len(s) + 1 for s in segments)
    owners = sorted(draw(st.sets(st.integers(0, len(segments) - 1))))
    plays = [Play(i % 4, (i,)) for i in range(len(owners))]
    offsets = sorted(draw(st.lists(st.integers(0, total + 2), max_size=8)))
    notes = [(o, f"n{i}", 1, o + 1) for i, o in enumerate(offsets)]
    return plays, owners, segments, base, notes


@settings(max_examples=400, deadline=None)
@given(lines())
def test_the_bisection_places_each_note_where_the_walk_did(line):
    plays, owners, segments, base, notes = line
    placed = _walk(owners, segments, base, notes)
    got_plays, got_trick = _place_notes(plays, owners, segments, base, notes)
    assert got_trick == [n[1] for n, w in zip(notes, placed) if w is None]
    assert [p.notes for p in got_plays] == [tuple(n[1] for n, w in zip(notes, placed) if w == i)
                                           for i in range(len(plays))]
    assert [(p.seat, p.cards) for p in got_plays] == [(p.seat, p.cards) for p in plays]
