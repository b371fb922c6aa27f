"""Score tables, bottom multipliers and level moves, at every band edge (rules.md §7–§8)."""
import dataclasses

import pytest

from tractor_analysis.records.rulesets import PRESETS, BottomMultiplier
from tractor_analysis.engine.scoring import advance, bottom_multiplier, level_change, lose_level

STD = PRESETS["standard"]


def with_(**kw):
    return dataclasses.replace(STD, **kw)


@pytest.mark.parametrize("total,expected", [
    (0, ("defenders", 3)), (-20, ("defenders", 3)), (5, ("defenders", 2)), (35, ("defenders", 2)),
    (40, ("defenders", 1)), (75, ("defenders", 1)), (80, ("attackers", 0)), (115, ("attackers", 0)),
    (120, ("attackers", 1)), (155, ("attackers", 1)), (160, ("attackers", 2)), (195, ("attackers", 2)),
    (200, ("attackers", 3)), (240, ("attackers", 4)),
])
def test_standard_table_two_decks(total, expected):
    assert level_change(STD, total) == expected


@pytest.mark.parametrize("total,expected", [
    (0, ("defenders", 3)), (55, ("defenders", 2)), (60, ("defenders", 1)), (115, ("defenders", 1)),
    (120, ("attackers", 0)), (175, ("attackers", 0)), (180, ("attackers", 1)), (240, ("attackers", 2)),
])
def test_standard_table_three_decks_steps_of_60(total, expected):
    # seed 000: 0 大光 +3, <60 小光 +2, 120 上台, 180 上台+1 级, 240 上台+2 级
    assert level_change(PRESETS["three-deck"], total) == expected


@pytest.mark.parametrize("total,expected", [
    (0, ("defenders", 3)), (35, ("defenders", 2)), (40, ("defenders", 1)), (75, ("defenders", 1)),
    (80, ("attackers", 1)), (115, ("attackers", 1)), (120, ("attackers", 2)), (160, ("attackers", 3)),
])
def test_ourgame_table(total, expected):
    assert level_change(PRESETS["ourgame"], total) == expected


@pytest.mark.parametrize("total,expected", [
    (0, ("defenders", 2)), (35, ("defenders", 1)), (40, ("attackers", 0)), (75, ("attackers", 0)),
    (80, ("attackers", 1)), (95, ("attackers", 1)), (100, ("attackers", 2)),
])
def test_one_deck_table(total, expected):
    assert level_change(PRESETS["one-deck"], total) == expected


@pytest.mark.parametrize("kind,shape,mult", [
    (BottomMultiplier.SIZE_POWER, (1, 1), 2), (BottomMultiplier.SIZE_POWER, (2, 1), 4),
    (BottomMultiplier.SIZE_POWER, (2, 2), 16), (BottomMultiplier.SIZE_POWER, (2, 3), 64),
    (BottomMultiplier.PAIR_DOUBLING, (1, 1), 2), (BottomMultiplier.PAIR_DOUBLING, (2, 1), 4),
    (BottomMultiplier.PAIR_DOUBLING, (2, 2), 8), (BottomMultiplier.PAIR_DOUBLING, (2, 3), 16),
    (BottomMultiplier.OURGAME, (1, 1), 2), (BottomMultiplier.OURGAME, (2, 1), 4),
    (BottomMultiplier.OURGAME, (2, 2), 8), (BottomMultiplier.OURGAME, (3, 1), 6),
    (BottomMultiplier.OURGAME, (3, 2), 18), (BottomMultiplier.OURGAME, (3, 3), 54),
    (BottomMultiplier.UNIT_TIMES, (1, 1), 2), (BottomMultiplier.UNIT_TIMES, (2, 1), 4),
    (BottomMultiplier.UNIT_TIMES, (2, 2), 8), (BottomMultiplier.UNIT_TIMES, (2, 3), 12),
    (BottomMultiplier.FLAT, (1, 1), 2), (BottomMultiplier.FLAT, (2, 3), 2),
])
def test_bottom_multiplier_every_option(kind, shape, mult):
    assert bottom_multiplier(with_(bottom_multiplier=kind), shape) == mult


def test_advance_stops_at_must_play_and_at_ace():
    assert advance(8, 3, (10,)) == (10, False)      # 逢10必打: 8 + 3 stops at 10
    assert advance(10, 2, (10,)) == (12, False)     # from 10 itself, having played it, the gain is free
    assert advance(10, 2, (10,), playing=False) == (10, False)   # attackers at 10 must still play it
    assert advance(9, 1, (10,)) == (10, False)
    assert advance(12, 3) == (14, False)            # cannot skip A
    assert advance(14, 1) == (14, True)             # defenders playing A win the match
    assert advance(14, 2, playing=False) == (14, False)  # attackers at A must still play it
    assert advance(5, 0) == (5, False)


def test_tournament_first_past_ten_wins():
    # seed 001, rule 三: 先过10为胜，逢10必打
    assert advance(9, 3, (10,), win_level=10) == (10, False)
    assert advance(10, 1, (10,), win_level=10) == (10, True)


def test_lose_level_never_below_two():
    assert lose_level(2) == 2 and lose_level(7) == 6


@pytest.mark.parametrize("shapes,mult", [
    (((2, 2), (3, 1)), 6),          # 991010JJJ: the triple counts, not the tractor (seed 000 order)
    (((3, 1), (2, 1), (3, 1)), 6),  # 9991010JJJ
    (((3, 2), (2, 3)), 18),         # a titanic outranks everything: 2·3^2
    (((2, 3), (2, 1)), 16),         # tractor of 3 pairs: 2·2^3
    (((2, 1), (1, 1)), 4),
    (((1, 1), (1, 1)), 2),
])
def test_ourgame_multiplier_checks_shapes_in_the_seeds_order(shapes, mult):
    rules = PRESETS["three-deck"]
    largest = max(shapes, key=lambda s: s[0] * s[1])
    assert bottom_multiplier(rules, largest, shapes) == mult
