"""The compiled trick judge analyses each lead itself (``_trick_core.c``'s ``analyse_cards``: the split
into units, the kind, the needs, the disjoint shapes and the throw checks): it must read every lead as
:func:`tractor_analysis.engine.legal.analyse_lead` does (the reference), under every preset's order and
the options that change it (decks, ``constant_twos``, ``level_tractors``), at every level and trump."""
from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings, strategies as st

from tractor_analysis.engine import legal, tricks
from tractor_analysis.records import compiled
from tractor_analysis.records.rulesets import PRESETS

core = compiled.load("tractor_analysis.engine._trick_core", "trick judge core", "判轮核心")
pytestmark = pytest.mark.skipif(core is None, reason="the compiled trick judge core is not built (or ruled out)")

RULES = {
    **PRESETS,
    "constant_twos, 2 decks": dataclasses.replace(PRESETS["standard"], constant_twos=True),
    "constant_twos, 3 decks": dataclasses.replace(PRESETS["three-deck"], constant_twos=True),
    "level_tractors=off": dataclasses.replace(PRESETS["standard"], level_tractors=False),
    "level_tractors=off, 3 decks": dataclasses.replace(PRESETS["three-deck"], level_tractors=False),
}
"""Every preset, and the options that change the order a lead is split by."""


def _python(ctx, cards):
    """What the core reads of the reference analysis, in the shape ``core.analyse`` returns."""
    lead = legal._analyse_lead(ctx, cards)
    return (lead.group, lead.kind, tuple((u.copies, u.length, u.top) for u in lead.units),
            (lead.needs.chains, lead.needs.units), bool(lead.disjoint),
            tuple((c, L, u.top) for c, L, u in lead.checks)), lead.mixed


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(RULES)), st.integers(2, 14), st.sampled_from([0, 1, 2, 3, None]),
       st.data())
def test_compiled_lead_analysis_is_the_engines(name, level, trump, data):
    rules = RULES[name]
    ctx = tricks.hand_context(rules, level, trump)
    o = ctx.order
    g = data.draw(st.integers(0, 4), label="group")
    kinds = o.kinds[g]
    if not kinds:
        return
    picks = data.draw(st.lists(st.tuples(st.sampled_from(kinds), st.integers(1, rules.decks)),
                               min_size=1, max_size=10), label="kinds, copies")
    cards = tuple(k for k, m in dict(picks).items() for _ in range(m))
    if data.draw(st.booleans(), label="a card of another group"):
        cards += (data.draw(st.integers(0, 53), label="the card"),)
    cards = tuple(data.draw(st.permutations(cards), label="order"))
    want, mixed = _python(ctx, cards)
    got = core.analyse(o, rules.decks, cards)
    if mixed:
        assert got is None                  # a mixed lead: Python judges it
    else:
        assert got == want


def test_compiled_lead_analysis_on_seed_examples():
    """Seed ``000_…`` (3 decks): "33344 → 333+44", "991010JJJ → 991010 + JJJ", "9991010JJJ → 999 +
    1010 + JJJ", with the throw checks largest shape first; and a 2-deck throw with a tractor."""
    from tractor_analysis.records.cards import parse_card as p
    ctx = tricks.hand_context(PRESETS["three-deck"], 2, 1)          # level 2, hearts trump: spades plain
    o = ctx.order
    for text in ("S3 S3 S3 S4 S4", "S9 S9 S10 S10 SJ SJ SJ", "S9 S9 S9 S10 S10 SJ SJ SJ"):
        cards = tuple(p(t) for t in text.split())
        assert core.analyse(o, 3, cards) == _python(ctx, cards)[0]
    ctx = tricks.hand_context(PRESETS["standard"], 2, 1)
    cards = tuple(p(t) for t in "SA SK SK SQ SQ S5".split())
    got = core.analyse(ctx.order, 2, cards)
    assert got == _python(ctx, cards)[0]
    assert got[1] == "throw" and got[2][0][:2] == (2, 2) and [c[:2] for c in got[5]] == [(2, 2), (1, 1)]


def test_tricks_of_another_type_are_read_the_generic_way():
    """The core reads a Trick's and a Play's fields straight from their slots once it has learnt
    their type; a trick and plays of another type (here namespaces) are read through getattr and
    judged alike, and the real ones after them too."""
    from types import SimpleNamespace

    from test_trick_core import _calls

    seen = 0
    for ctx, trick, hands, leader in _calls("standard", 5)[:40]:
        plays = tuple(SimpleNamespace(seat=p.seat, cards=p.cards, attempted=p.attempted) for p in trick.plays)
        other = SimpleNamespace(number=trick.number, plays=plays)
        for t in (trick, other, trick):
            mine, ref = [list(h) for h in hands], [list(h) for h in hands]
            got = core.clean_trick(ctx, t, mine, leader)
            want = tricks.judge_trick_python(ctx, trick, ref, leader)
            if got is None:
                assert mine == hands
                continue
            seen += t is other
            assert (got.number, got.winner, got.points, got.hands_before, got.lead_kind, got.lead_shapes,
                    got.trumped) == (want.number, want.winner, want.points, want.hands_before, want.lead_kind,
                                     want.lead_shapes, want.trumped)
            assert got.plays is t.plays and mine == ref
    assert seen
