"""Friend mode (找朋友) under the tournament's penalties (docs/rules.md §10.1, §10.2, §11).

No team keeps a level in friend mode: a wrong follow costs the offender's side *in that hand* (the
dealer's side as resolved, or the others) a level, and no N–S / E–W count is kept.  Whose count the
forfeit (three in a match) is, the rules do not say when the sides change every hand: below the
count nobody forfeits under any reading; from it, whether the match was forfeited and by whom is not
known — withheld (``"unknown"`` tag ``friend``), never pinned on a fixed partnership.

Before: ``tractor simulate -n 2 --seed 11 --max-hands 4 --rules tournament --rule friend=on
--violation-rate 0.03``, match 2, hand 2 said "revoke penalty NS −1" though N's side was N+E, and the
match "NS forfeit the match (wrong follows: 3 in a match)", counting N, N, S across hands whose sides
differed.
"""
from __future__ import annotations

import dataclasses

from tractor_analysis.engine.explain_hand import level_penalty_text
from tractor_analysis.engine.outcome import REVOKE_CODES, side_penalties
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.rulesets import build_ruleset
from tractor_analysis.simulate import simulate_match

RULES = build_ruleset("tournament", {"friend": "on"})[0]


def _match():
    return simulate_match(11, 1, rules=RULES, violation_rate=0.03, max_hands=4)


def _wrong_follows(h) -> list[int]:
    return [v.seat for v in h.violations if v.code in REVOKE_CODES]


def test_the_penalty_falls_on_the_hands_side_and_no_team_counts_it():
    match = _match()
    r = replay_match(match)
    moved = False           # a wrong follow whose side that hand is not the offender's fixed partnership
    for hand, h in zip(match.hands, r.hands):
        assert h.revoke_levels == (0, 0) and h.takeback_levels == (0, 0)
        offenders = _wrong_follows(h)
        sides = side_penalties(hand, h)
        assert sum(n for _, n, _ in sides) == len(offenders)
        for seats, n, _ in sides:
            side = set(seats)
            assert side in (set(h.defenders), set(range(4)) - set(h.defenders))
            assert n == sum(s in side for s in offenders)
            moved = moved or any(s in side and (s + 2) % 4 not in side for s in offenders)
        words = level_penalty_text(sides, 1, True)
        if offenders:
            zh, en = words
            for seats, n, _ in sides:
                assert f"{'+'.join('NESW'[s] for s in seats)} −{n}" in en
            assert "NS" not in en and "EW" not in en and "南北" not in zh and "东西" not in zh
        else:
            assert words is None
    assert moved, "the match must hold a wrong follow whose side that hand is not N–S / E–W"


def test_a_forfeit_in_friend_mode_is_withheld_not_pinned_on_a_partnership():
    match = _match()
    r = replay_match(match)
    limit = RULES.revoke_forfeit
    counts, reached = 0, None
    for h in r.hands:
        counts += len(_wrong_follows(h))
        if reached is None and counts >= limit:
            reached = h.number
    assert reached is not None, "the match must reach the forfeit count"
    assert r.forfeit_reasons == (None, None) and r.winner is None and not r.forfeited
    (u,) = [u for u in r.unknowns if u.tag == "friend"]
    assert u.withheld == ("forfeit",) and not r.forfeit_known
    assert f"by hand {reached}" in u.message_en and f"到第 {reached} 局" in u.message_zh
    assert r.player_levels_final == (None,) * 4
    assert not any(p.code == "after_match_end" for p in r.problems)
    # below the count nobody forfeits under any reading, and the levels stand
    short = replay_match(dataclasses.replace(match, hands=tuple(h for h in match.hands if h.number < reached)))
    assert short.hands and short.unknowns == () and short.forfeit_reasons == (None, None)
    assert short.player_levels_final == short.hands[-1].player_levels_after
    assert None not in short.player_levels_final
