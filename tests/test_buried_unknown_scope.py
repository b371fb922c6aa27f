"""An ``unknown`` ``Buried`` that withholds only the legality (a bury of 炒地皮 not recorded, where the
plays need it) leaves the bottom's score standing; only one that withholds the points (the bottom the
attackers took, not given) blanks the multiplier and bonus — in ``check --json`` and in the dataset."""
from __future__ import annotations

import dataclasses

from tractor_analysis.cli.check_json import _points_json
from tractor_analysis.dataset.hand_values import bottom_unknown_but_captured
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.verdicts import Unknown
from tractor_analysis.simulate import simulate


def _hand():
    for h in replay_match(next(iter(simulate(1, 5, max_hands=4)))).hands:
        if h.complete and h.bottom_multiplier:
            return h
    raise AssertionError("no hand with the bottom taken")


def test_a_buried_unknown_for_legality_only_keeps_the_bottom_score():
    h = _hand()
    legality = dataclasses.replace(h, unknowns=h.unknowns + (Unknown("Buried", ("legality",), "zh", "en"),))
    got = _points_json(legality)
    assert got["bottom_multiplier"] == h.bottom_multiplier and got["bottom_bonus"] == h.bottom_bonus
    assert not bottom_unknown_but_captured(legality)
    points = dataclasses.replace(h, unknowns=h.unknowns + (Unknown("Buried", ("points", "outcome", "levels"), "zh", "en"),))
    got = _points_json(points)
    assert got["bottom_multiplier"] is None and got["bottom_bonus"] is None
    assert bottom_unknown_but_captured(points)
