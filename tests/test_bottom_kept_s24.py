"""The bottom every reading of a miscopied deal line or play gives is kept (docs/rules.md §1.6, §14.1).

A referee's tester (session 24) wrote trick 6 of the Spring Cup's hand 4 ``S: S8, W: S7`` for ``S: S7, W: S8``: two
non-dealers' plays in each other's seats.  E wins the trick with ♠J either way (no points), and N wins the one-card
last trick with ♦A in every reading: 80 + the bury's 10 × 2 = 100, the claim.  The outcome was kept, yet the bottom,
the attackers' total and the claim's check were withheld (the ``deal`` unknown naming "the bottom's points"): the
hand judged on the cards both the lines and the plays give leaves S and W holding a card after the last trick, takes
no bottom, and was merged with the readings as if it were one.  Now the bottom, the total and the claim's check are
what every reading (each play miscopied, the line read from the plays) gives — and withheld where they differ.
The same with 炒地皮 (N deals, E rebids), two non-dealers' plays of a heart trick swapped, the attackers taking the
last trick.

And the points line said "bottom 0 not captured 未抠底" beside a last trick whose winner is not known (W's and E's
plays of the hand 1's last trick swapped: in one reading of W's bury S wins it and takes the bottom): the bottom
holds no points, so it counts 0 in every reading — said so, not "not captured".

Each test but the guards (marked) fails on the code before this change.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from tractor_analysis.cli.verdict_text import points_text
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.reports.build import render_hand
from tractor_analysis.reports.hand_page import hand_view

from cli_runs import run_in
from record_builders import N, rebid_played_out

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")

HAND_4_TRICK_6 = "6. N: S9, E: SJ, S: S7, W: S8"
assert SAMPLE.count(HAND_4_TRICK_6) == 1
CAPTURED = SAMPLE.replace(HAND_4_TRICK_6, "6. N: S9, E: SJ, S: S8, W: S7")

HAND_1_TRICK_10 = "10. N: S6, E: SJ, S: S9, W: C10"       # (the defenders take hand 1's last trick)
assert SAMPLE.count(HAND_1_TRICK_10) == 1
NOT_CAPTURED = SAMPLE.replace(HAND_1_TRICK_10, "10. N: SJ, E: S6, S: S9, W: C10")

HAND_1_TRICK_16 = "16. W: CQ, N: SJ, E: HJ, S: HQ"
assert SAMPLE.count(HAND_1_TRICK_16) == 1
LAST_OPEN = SAMPLE.replace(HAND_1_TRICK_16, "16. W: HJ, N: SJ, E: CQ, S: HQ")




REBID = rebid_played_out()      # (tests/record_builders.py)
REBID_TRICK_8 = "8. W: H9, N: H6, E: H10, S: H6"
assert REBID.count(REBID_TRICK_8) == 1
# S's and W's plays of trick 8 written in each other's seats (neither takes the bottom)
REBID_SWAP = REBID.replace(REBID_TRICK_8, "8. W: H6, N: H6, E: H10, S: H9")


def _hands(text: str):
    (match,), _ = parse_tgn(text)
    return match, replay_match(match)


def _deal_withheld(h) -> set[str]:
    return {w for u in h.unknowns if u.tag == "deal" for w in u.withheld}


def _plain(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def _json_hand(tmp_path, text: str, index: int) -> dict:
    path = tmp_path / "record.tgn"
    path.write_text(text, encoding="utf-8")
    return json.loads(run_in("check", "--json", path).stdout)["files"][0]["hands"][index]


def test_the_bottom_every_reading_gives_is_kept_with_the_total_and_the_claim(tmp_path):
    _, whole = _hands(SAMPLE)
    _, r = _hands(CAPTURED)
    h, was = r.hands[3], whole.hands[3]
    assert {(v.code, v.seat) for v in h.violations} >= {("not_in_hand", 2), ("deal_mismatch", 3)}
    assert h.tricks[-1].winner == N
    assert (h.bottom_points, h.bottom_multiplier, h.bottom_bonus) == (10, 2, 20)       # before: 10, None, None
    assert h.attackers_total == was.attackers_total == 100                              # before: None
    assert h.claim_matches is True                                                      # before: None
    assert h.outcome == was.outcome
    assert not {"bottom", "points"} & _deal_withheld(h)                                  # before: bottom withheld
    assert [i.kind for i in h.items] == [i.kind for i in was.items]
    line = _plain(points_text(h))
    assert "bottom 抠底 10×2=20 = 100" in line and "claim 记录 100 ✓" in line
    j = _json_hand(tmp_path, CAPTURED, 3)
    assert (j["bottom_multiplier"], j["bottom_bonus"], j["attackers_total"], j["claim_matches"]) == (2, 20, 100, True)
    assert not {"bottom", "points"} & {w for u in j["unknown"] if u["tag"] == "deal" for w in u["withheld"]}


def test_the_rebidders_hand_keeps_the_bottom_the_attackers_take_in_every_reading():
    _, whole = _hands(REBID)
    _, r = _hands(REBID_SWAP)
    h, was = r.hands[0], whole.hands[0]
    assert any(v.code == "deal_mismatch" for v in h.violations)
    assert (h.bottom_multiplier, h.bottom_bonus) == (was.bottom_multiplier, was.bottom_bonus) == (2, 20)
    assert h.attackers_total == was.attackers_total == 125                              # before: None
    assert "bottom" not in _deal_withheld(h)


def test_guard_the_defenders_taking_the_last_trick_keep_the_total():
    # (a guard: passed before too)
    _, r = _hands(NOT_CAPTURED)
    h = r.hands[0]
    assert any(v.code == "deal_mismatch" for v in h.violations)
    assert (h.bottom_multiplier, h.attackers_total, h.claim_matches) == (0, 60, True)
    assert "not captured 未抠底" in _plain(points_text(h))


def test_a_pointless_bottom_whose_taker_is_not_known_counts_0_in_every_reading(tmp_path):
    match, r = _hands(LAST_OPEN)
    h = r.hands[0]
    assert h.tricks[-1].winner is None and h.bottom_points == 0 and h.bottom_multiplier is None
    line = _plain(points_text(h))
    assert "not captured" not in line and "未抠底" not in line                           # before: "0 not captured"
    assert "bottom 底分 0, no points in it: adds none whoever took it 底牌无分，无论谁抠底都不加分" in line
    assert "= 60" in line and "claim 记录 60 ✓" in line
    assert _json_hand(tmp_path, LAST_OPEN, 0)["bottom_multiplier"] is None
    page = render_hand(hand_view(match, match.hands[0], h))
    bottom = page.split("<dt>Bottom / 底分</dt><dd>")[1].split("</dd>")[0]
    assert "not decided" not in bottom and "未抠底" not in bottom                        # before: "0 ? not decided"
    assert "no points in it: adds none whoever took it / 底牌无分，无论谁抠底都不加分" in bottom
