"""A wrong follow's consequence on the printable ruling in friend mode (找朋友): the level is lost by
the offender's side in that hand (docs/rules.md §10.1, §11) — never "N–S" or "E–W", which are no
sides there — and no side keeps a count toward a forfeit."""
from __future__ import annotations

from tractor_analysis.engine.outcome import REVOKE_CODES
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.rulesets import build_ruleset
from tractor_analysis.reports.ruling_consequences import consequences
from tractor_analysis.simulate import simulate


def _wrong_follows():
    rules = build_ruleset("tournament", {"friend": "on"})[0]
    for match in simulate(2, 11, rules=rules, violation_rate=0.03, max_hands=4):
        for h in replay_match(match).hands:
            for v in h.violations:
                if v.code in REVOKE_CODES and v.seat is not None and h.defenders:
                    yield v, h


def test_a_friend_mode_wrong_follow_costs_the_offender_s_side_in_that_hand():
    found = list(_wrong_follows())
    assert found
    for v, h in found:
        side = h.defenders if v.seat in h.defenders else frozenset(range(4)) - h.defenders
        lines = consequences(v, h)
        zh, en = lines[0]
        assert "+".join("NESW"[s] for s in sorted(side)) in en and "N–S" not in en and "E–W" not in en
        assert "南北" not in zh and "东西" not in zh and "各降一级" in zh
        assert any("no side keeps a count" in e and "不予裁定" in z for z, e in lines[1:])
