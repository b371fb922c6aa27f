"""Two plays of one trick copied in each other's seats (docs/rules.md §1.6): the hand is read with the line miscopied
and with a play miscopied, and only what every reading gives is kept — the outcome, the claim's check and the levels
after too.  A referee's tester (a simulated match, hand 35 trick 2 written ``W: DK, N: D9, E: D3, S: D2`` for
``N: D3, E: D9``): both readings give W the trick and 10 points, the hand 55 as its ``[Claim]`` says; yet the hand had
"no outcome", the claim was "not checked" and the match "not decided".  Now the outcome every reading gives is kept,
and withheld (``outcome``, ``levels``) only where the readings differ.
"""
from __future__ import annotations

import dataclasses
import json

import pytest

from cli_runs import run_in
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.simulate import simulate_match

pytestmark = pytest.mark.usefixtures("both_cores")     # compiled and TRACTOR_PURE_PYTHON=1 (conftest)

# a position of two tricks, N dealing (N–S defend): W's ♥K wins trick 25 and the bottom (×2) for E–W
POSITION = """[Event "Club Night"]
[North "Nora"]
[East "Eli"]
[South "Sam"]
[West "Wu"]
[Ruleset "standard"]
[Levels "NS:7 EW:5"]

[Hand "9"]
[Dealer "N"]
[Trump "S"]
[Level "7"]
[SetUp "1"]
[Points "40"]
[FirstTrick "24"]
[Claim "100"]
N: SA H3
E: H4 H2
S: H9 H8
W: HK HJ
Buried: HA DK C5 C5 H5 C3 C4 C6
24. N: SA, E: H4, S: H9, W: HJ
25. N: H3, E: H2, S: H8, W: HK
"""
SAME = POSITION.replace("25. N: H3, E: H2, S: H8, W: HK", "25. N: H3, E: H8, S: H2, W: HK")     # E, S swapped
OTHER = POSITION.replace("25. N: H3, E: H2, S: H8, W: HK", "25. N: HK, E: H2, S: H8, W: H3")    # N, W swapped


def _hand(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[0]


def _deal_withheld(h) -> set[str]:
    return {w for u in h.unknowns if u.tag == "deal" for w in u.withheld}


def test_a_swap_every_reading_scores_alike_keeps_the_outcome():
    whole = _hand(POSITION)
    h = _hand(SAME)
    assert {v.code for v in h.violations} == {"not_in_hand", "deal_mismatch"}     # the swap: the record's findings
    assert (h.tricks[-1].winner, h.tricks[-1].points) == (3, 10)                   # W's ♥K, whichever is miscopied
    assert h.complete and h.attackers_total == whole.attackers_total == 100
    assert h.outcome is not None and h.outcome == whole.outcome
    assert h.levels_after == whole.levels_after
    assert h.claim_matches is True
    assert not {"outcome", "levels"} & _deal_withheld(h)


def test_a_swap_the_readings_score_otherwise_withholds_the_outcome():
    h = _hand(OTHER)
    assert h.tricks[-1].winner is None and h.attackers_total is None        # N's ♥K, or W's as a play miscopied
    # N–S go up a level, or E–W take the deal: N–S's level withheld, E–W's (5 either way) kept as every reading gives it
    assert h.outcome is None and h.levels_after == (None, 5)
    assert h.claim_matches is None
    assert {"outcome", "levels"} <= _deal_withheld(h)


def test_check_says_the_outcome_and_the_claim(tmp_path):
    path = tmp_path / "r.tgn"
    path.write_text(SAME, "utf-8")
    out = run_in("check", path).stdout
    assert "claim 记录 100 ✓" in out
    assert "not checked" not in out and "no outcome" not in out
    assert "attackers up" in out or "attackers take the deal" in out
    (hand,) = json.loads(run_in("check", "--json", path).stdout)["files"][0]["hands"]
    assert hand["outcome"] is not None and hand["complete"] is True


def _swapped(hand, i, a, b):
    """Trick ``i``'s plays of seats ``a`` and ``b`` (single cards) written in each other's place."""
    t = hand.tricks[i]
    pa = next(p for p in t.plays if p.seat == a)
    pb = next(p for p in t.plays if p.seat == b)
    plays = tuple(dataclasses.replace(p, cards=pb.cards) if p.seat == a else
                  dataclasses.replace(p, cards=pa.cards) if p.seat == b else p for p in t.plays)
    return dataclasses.replace(hand, tricks=hand.tricks[:i] + (dataclasses.replace(t, plays=plays),) + hand.tricks[i + 1:])


def test_full_hands_keep_the_outcome_the_table_had_where_the_readings_agree():
    # simulated full hands, two non-dealers' single cards of a trick swapped: an outcome kept is the table's own
    kept = withheld = 0
    for seed in range(1, 3):
        m = simulate_match(seed, 0, preset="standard", max_hands=1)
        hand = m.hands[0]
        true = replay_match(m).hands[0]
        for i, t in enumerate(hand.tricks[:6]):
            singles = [p for p in t.plays if len(p.cards) == 1 and p.seat != hand.dealer and p.attempted is None]
            for x in range(len(singles)):
                for y in range(x + 1, len(singles)):
                    a, b = singles[x], singles[y]
                    if a.cards == b.cards:
                        continue
                    h = replay_match(dataclasses.replace(m, hands=(_swapped(hand, i, a.seat, b.seat),))).hands[0]
                    if h.outcome is None:
                        withheld += 1
                        continue
                    kept += 1
                    assert (h.outcome, h.levels_after) == (true.outcome, true.levels_after)
                    # (the points where every reading gives them: the outcome may agree where they differ)
                    assert h.attackers_total in (None, true.attackers_total)
                    assert h.complete
    assert kept > 3

