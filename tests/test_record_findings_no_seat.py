"""A ``[Dealer]`` or ``[Level]`` the hands before contradict is the record's finding, not a player's fault: no seat
is named (a tester's ruling page read "Violation dealer_mismatch · N 王芳" for a miscopied tag, and the statistics
counted it against N)."""
from __future__ import annotations

import dataclasses

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.simulate import simulate_match


def test_a_miscopied_dealer_and_level_name_no_seat():
    m = simulate_match(11, 0, preset="standard", max_hands=3)
    second = m.hands[1]
    other = next(s for s in range(4) if s != second.dealer and s % 2 != second.dealer % 2)
    for wrong, code in ((dataclasses.replace(second, dealer=other), "dealer_mismatch"),
                        (dataclasses.replace(second, level=(second.level or 2) + 3), "level_mismatch")):
        h = replay_match(dataclasses.replace(m, hands=(m.hands[0], wrong, *m.hands[2:]))).hands[1]
        found = [v for v in h.violations if v.code == code]
        assert found and all(v.seat is None for v in found), (code, [(v.code, v.seat) for v in h.violations])
