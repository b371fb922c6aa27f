"""Splitting leads into units (rules.md §3–§4): largest shapes first, for 1, 2 and 3 decks."""
from hypothesis import given, settings, strategies as st

from engine_helpers import context, lead_of, unit_texts
from tractor_analysis.records.cards import TOKEN
from tractor_analysis.engine.units import (availability, chain_top, counts_in, match_chains, needs_of,
                                    split_units)


def test_seed_003_throw_98844_is_a_single_and_two_pairs():
    assert unit_texts(context(10, "H"), "S9 S8 S8 S4 S4") == ["S8 S8", "S4 S4", "S9"]


def test_seed_004_throw_99844_at_level_5():
    assert unit_texts(context(5, "H"), "S9 S9 S8 S4 S4") == ["S9 S9", "S4 S4", "S8"]


def test_aa5544_is_a_tractor_and_a_pair_but_ak5544_a_tractor_and_two_singles():
    ctx = context(10, "H")
    assert unit_texts(ctx, "CA CA C5 C5 C4 C4") == ["C5 C5 C4 C4", "CA CA"]
    assert unit_texts(ctx, "CA CK C5 C5 C4 C4") == ["C5 C5 C4 C4", "CA", "CK"]


def test_longest_tractor_first_then_pairs():
    ctx = context(10, "H")
    assert unit_texts(ctx, "SA SA SK SK SQ SQ S8 S8 S7 S7 S3 S3") == [
        "SA SA SK SK SQ SQ", "S8 S8 S7 S7", "S3 S3"]


def test_off_suit_level_pairs_one_joins_the_chain_the_other_stays_a_pair():
    ctx = context(10, "H")
    units = lead_of(ctx, "H10 H10 S10 S10 C10 C10 HA HA").units
    assert [(u.copies, u.length) for u in units] == [(2, 3), (2, 1)]
    assert TOKEN[units[1].kinds[0]] in ("S10", "C10")


def test_lead_kinds():
    ctx = context(10, "H")
    assert lead_of(ctx, "SA").kind == "single"
    assert lead_of(ctx, "SA SA").kind == "pair"
    assert lead_of(ctx, "SA SA SK SK").kind == "tractor"
    assert lead_of(ctx, "SA SK").kind == "throw"
    assert lead_of(ctx, "SA S10").mixed


def test_three_decks_triples_come_before_tractors_as_seed_000_reads_them():
    ctx = context(2, "H", preset="three-deck")
    # 33344 → 333 + 44 ; 991010JJJ → 991010 + JJJ ; 9991010JJJ → 999 + 1010 + JJJ
    assert unit_texts(ctx, "S3 S3 S3 S4 S4") == ["S3 S3 S3", "S4 S4"]
    assert unit_texts(ctx, "S9 S9 S10 S10 SJ SJ SJ") == ["S10 S10 S9 S9", "SJ SJ SJ"]
    assert unit_texts(ctx, "S9 S9 S9 S10 S10 SJ SJ SJ") == ["SJ SJ SJ", "S9 S9 S9", "S10 S10"]
    assert lead_of(ctx, "S3 S3 S3 S4 S4 S4").kind == "titanic"
    assert lead_of(ctx, "S3 S3 S3").kind == "triple"


def test_one_deck_has_only_singles():
    ctx = context(2, "H", preset="one-deck")
    assert lead_of(ctx, "SA SK SQ").kind == "throw"
    assert [u.copies for u in lead_of(ctx, "SA SK SQ").units] == [1, 1, 1]


def test_needs_count_pairs_inside_tractors():
    ctx = context(10, "H")
    needs = needs_of(lead_of(ctx, "CA CA C5 C5 C4 C4").units)
    assert needs.chains[2] == (2,) and needs.units[2] == 3


def test_match_chains_takes_the_longest_first_and_uses_shared_strengths_once():
    assert match_chains([1, 1, 1, 1, 1], (3, 2))[0] == (3, 2)
    assert match_chains([1, 1, 1, 0, 1, 1], (3, 2))[0] == (3, 2)
    assert match_chains([1, 1, 0, 1, 1], (3, 2))[0] == (2,)
    assert match_chains([1, 2, 1], (2, 2))[0] == (2, 2)        # two kinds at the middle strength
    assert match_chains([1, 1, 1], (2, 2))[0] == (2,)
    assert match_chains([0, 0], (2,))[0] == ()


def test_chain_top():
    assert chain_top([1, 1, 0, 1, 1, 1], 2) == 5
    assert chain_top([1, 1, 0, 1, 0, 1], 2) == 1
    assert chain_top([1, 1, 0], 3) == -1


@st.composite
def group_cards(draw):
    level = draw(st.integers(2, 14))
    trump = draw(st.sampled_from([0, 1, 2, 3, None]))
    decks = draw(st.sampled_from([1, 2, 3]))
    preset = {1: "one-deck", 2: "standard", 3: "three-deck"}[decks]
    ctx = context(level, trump, preset=preset)
    g = draw(st.sampled_from([g for g in range(5) if ctx.order.kinds[g]]))
    kinds = ctx.order.kinds[g]
    counts = {k: draw(st.integers(0, decks)) for k in draw(st.lists(st.sampled_from(kinds), max_size=12))}
    return ctx, g, {k: n for k, n in counts.items() if n}


@settings(max_examples=300, deadline=None)
@given(group_cards())
def test_split_conserves_cards_and_every_unit_is_a_real_unit(case):
    ctx, g, counts = case
    o = ctx.order
    units = split_units(o, counts, g, ctx.rules.decks)
    assert counts_in(k for u in units for k in u.cards) == counts
    for u in units:
        assert [o.strength[k] for k in u.kinds] == list(range(u.top, u.top - u.length, -1))
        assert u.copies <= ctx.rules.decks
    # no two leftover single-length units of the same copies could have chained
    for c in (2, 3):
        lone = sorted(u.top for u in units if u.copies == c and u.length == 1)
        chained = [u for u in units if u.copies == c and u.length > 1]
        if not chained:
            assert not any(b - a == 1 for a, b in zip(lone, lone[1:]))


@settings(max_examples=200, deadline=None)
@given(group_cards())
def test_availability_agrees_for_dict_and_list_counts(case):
    ctx, g, counts = case
    as_list = [counts.get(k, 0) for k in range(54)]
    for c in (1, 2, 3):
        assert availability(ctx.order, counts, g, c) == availability(ctx.order, as_list, g, c)
