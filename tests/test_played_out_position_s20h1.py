"""A position played out, a play left out of one of its tricks, is complete: its level penalty is due (docs/rules.md
§10.1, §14.1).

A referee's tester (tests/data/referee_s20/s2_last_revoke.tgn, tournament): trick 23 ``W: CA, N: C4, E: C6, S: H8`` is
a sure wrong follow of S (S holds ♣Q); trick 24 is written in seat order with W's failed throw last (``N: H3, E: HA,
S: H9, W: HK HQ -> HQ``: read leader first, W's play is dropped and left out; read as the ``->`` says, W led it) —
W won trick 23 and was due to lead 24, so the play left out may be the lead, and the trick is not judged; trick 25 is
whole.  Every seat plays all three of its cards in both readings (W's ♥Q, left out, is the one card of its line it
does not play later: derived).  Yet the hand was read as one the record stops inside: "no level is lost and nothing
is counted towards the forfeit for this hand's 1 wrong follow", ``complete`` false, ``penalties_due``.  The same
with a plain play left out (``s3_gap_revoke.tgn``: ``24. N: H3, E: HA, S: H9``), and in a full hand played out
whose lead left out the deal fixes.  Now such a hand is complete, as one whose play left out is filled in: the
penalty is lost at its end and counted towards the forfeit.

2. A position played out whose deal line its seat's plays contradict (``q3_agree.tgn``, ``q2_bury.tgn``): the outcome
line said "incomplete position, no outcome", ``complete`` false, the ``deal`` unknown withholding only ``legality``,
and the bottom "not decided" though N wins the last trick in every reading.  §1.6 gave such a hand no outcome: it
was withheld for the deal (``outcome``, ``levels``), the hand complete, the bottom every reading gives kept; since s21
the outcome every reading gives is kept too (tests/test_swap_readings_agree_s21.py), withheld where they differ.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_runs import run_in
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

DATA = Path(__file__).resolve().parent / "data" / "referee_s20"
NS = 0

pytestmark = pytest.mark.usefixtures("both_cores")     # compiled and TRACTOR_PURE_PYTHON=1 (conftest)


def _text(name: str) -> str:
    return (DATA / f"{name}.tgn").read_text(encoding="utf-8")


def _hand(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[0]


def _check(tmp_path, text: str, *args: str):
    path = tmp_path / "r.tgn"
    path.write_text(text, "utf-8")
    return run_in("check", *args, path)


@pytest.mark.parametrize("name", ["s2_last_revoke", "s3_gap_revoke"])
def test_a_position_played_out_with_a_play_left_out_is_complete(name):
    h = _hand(_text(name))
    assert any(d.fact == "play" and d.value == "24: W HQ" for d in h.derived)     # the play left out: derived
    assert h.complete
    assert not any(d.fact == "penalties_due" for d in h.derived)
    assert h.revoke_levels[NS] == 1
    assert [(v.code, v.trick, v.seat) for v in h.violations] == [("follow_suit", 23, 2)]


@pytest.mark.parametrize("name", ["s2_last_revoke", "s3_gap_revoke", "s4_firsttrick_revoke"])
def test_check_says_the_penalty_is_due_not_unreached(tmp_path, name):
    # (s4: the throw written last in the position's first trick, which was handled right: the control)
    text = _text(name)
    r = _check(tmp_path, text)
    assert "record stops inside this hand" not in r.stdout
    assert "not reached" not in r.stdout
    assert "revoke penalty 罚级 NS −1 / 南北 −1" in r.stdout
    (hand,) = json.loads(_check(tmp_path, text, "--json").stdout)["files"][0]["hands"]
    assert hand["complete"] is True
    assert not any(d["fact"] == "penalties_due" for d in hand["derived"])
    assert hand["revoke_levels"] == {"NS": 1, "EW": 0}


@pytest.mark.parametrize("name", ["s2_last_revoke", "s3_gap_revoke"])
def test_the_wrong_follow_counts_towards_the_forfeit(name):
    # one wrong follow forfeits the match: counted at the end of the hand, which the record reaches
    text = _text(name).replace('[Ruleset "tournament"]', '[Ruleset "tournament"]\n[Rule:revoke_forfeit "1"]')
    (match,), _ = parse_tgn(text)
    result = replay_match(match)
    assert result.stopped_at is None
    if name == "s3_gap_revoke":
        # N–S forfeit at the end of hand 9: W's play left out derived, whoever led trick 24 nobody else follows
        # wrongly (tests/test_gap_lead_readings_s20k2.py: the hand judged with each leader)
        assert (result.forfeit, result.decided_by, result.reading_ends) == (NS, "forfeit", ())
        return
    # (s2: W's play written there, a failed throw after another play, not read: not judged with each leader)
    # N–S forfeit at the end of hand 9 under every reading (E–W too where a follow not judged was wrong)
    assert {e.forfeit for e in result.reading_ends} == {"NS", "both"}
    assert all(e.hands == (9,) for e in result.reading_ends)


def test_a_position_that_stops_inside_still_owes_nothing():
    # control: trick 25 not written, the record stops inside the hand (each seat still holds a card)
    text = _text("s3_gap_revoke").replace("25. E: H2, S: CQ, W: HK, N: SA\n", "")
    h = _hand(text)
    assert not h.complete
    assert any(d.fact == "penalties_due" for d in h.derived)


# a full hand played out (the tester's g1_gap_follow.tgn, N's follow of trick 9 left out): E's lead of trick 10
# left out too, E due to lead it (E won trick 9)
FULL = DATA / "g1_gap_follow.tgn"


def test_a_full_hand_whose_lead_left_out_the_deal_fixes_is_complete():
    text = FULL.read_text(encoding="utf-8").replace("10. E: D9, S: DQ, W: DQ, N: HJ", "10. S: DQ, W: DQ, N: HJ")
    h = _hand(text)
    assert any(d.fact == "play" and "10: E D9" in d.value for d in h.derived)
    assert h.complete
    # judged with E leading trick 10 and with S (written first) leading it: both give the result of the hand written
    # whole (tests/test_gap_lead_readings_s20k2.py)
    whole = _hand(FULL.read_text(encoding="utf-8"))
    assert whole.outcome is not None
    assert (h.outcome, h.attackers_total, h.levels_after) == (whole.outcome, whole.attackers_total, whole.levels_after)


# --- 2. a position played out whose deal line its seat's plays contradict (docs/rules.md §1.6, §14.1) ---------------
# q3_agree.tgn: N's line ``SA HQ H3``, N plays ♠A, ♥3 and ♥A (trick 25), ♥Q left after the last trick; every seat plays
# all three of its cards — whichever is miscopied, the line or the play.  N wins the last trick in every reading.
# q2_bury.tgn: the same slip, W holding ♥A ♥K: read with N's ♥A as the ♥Q it holds, W's ♥K wins trick 25.


def _json_hand(tmp_path, text: str) -> dict:
    (hand,) = json.loads(_check(tmp_path, text, "--json").stdout)["files"][0]["hands"]
    return hand


def test_the_outcome_is_withheld_for_the_deal_not_as_an_incomplete_position(tmp_path):
    # (q2_bury: the readings differ on who takes trick 25; q3_agree's, alike in every reading, is kept since s21)
    text = _text("q2_bury")
    out = _check(tmp_path, text).stdout
    assert "incomplete position" not in out
    assert "outcome 结果  ? withheld (see 未知 above) / 不予判定（见上方“未知”）" in out
    hand = _json_hand(tmp_path, text)
    assert hand["complete"] is True
    assert hand["outcome"] is None
    (deal,) = [u for u in hand["unknown"] if u["tag"] == "deal"]
    assert {"legality", "outcome", "levels"} <= set(deal["withheld"])


def test_the_outcome_every_reading_gives_is_kept(tmp_path):
    # q3_agree: N takes trick 25 and the attackers stay at 50 whichever is miscopied: the defenders go up (s21,
    # docs/rules.md §1.6 — only what every reading gives is kept, and every reading gives this)
    out = _check(tmp_path, _text("q3_agree")).stdout
    assert "incomplete position" not in out and "outcome 结果  ? withheld" not in out
    hand = _json_hand(tmp_path, _text("q3_agree"))
    assert hand["complete"] is True and hand["outcome"] is not None
    assert hand["outcome"]["winner"] == "defenders"
    (deal,) = [u for u in hand["unknown"] if u["tag"] == "deal"]
    assert not {"outcome", "levels"} & set(deal["withheld"])


def test_what_every_reading_gives_is_kept_the_last_winner_and_the_bottom_not_captured(tmp_path):
    h = _hand(_text("q3_agree"))
    assert h.tricks[-1].winner == 0                     # N, whichever is miscopied
    assert h.complete and h.bottom_decided
    assert (h.bottom_multiplier, h.bottom_bonus) == (0, 0)
    out = _check(tmp_path, _text("q3_agree")).stdout
    assert "bottom 底分 25 not captured 未抠底" in out
    assert "not decided, the deal and the plays do not agree" not in out


def test_the_bottom_every_reading_captures_is_kept():
    # E trumps trick 25 (♠9) whichever of N's ♥A or ♥Q was played: the attackers take the bottom (25 points, ×2)
    # (W leads trick 23, so that E, holding ♠9, may follow ♦9)
    text = (_text("q3_agree").replace("E: H4 H2 D9", "E: H4 S9 D9")
            .replace("23. N: SA, E: D9, S: CQ, W: D5", "23. W: D5, N: SA, E: D9, S: CQ")
            .replace("25. W: HJ, N: HA, E: H2, S: H8", "25. W: HJ, N: HA, E: S9, S: H8"))
    h = _hand(text)
    assert not h.violations or all(v.of_record for v in h.violations)
    assert h.tricks[-1].winner == 1
    assert (h.bottom_multiplier, h.bottom_bonus) == (2, 50)
    assert h.attackers_total == 100                     # 40 before the position, ♥K's 10, the bottom's 50
    # (the outcome too, every reading giving it: s21)
    assert h.outcome is not None and h.outcome.winner == "attackers" and "outcome" not in h.withheld


def test_the_bottom_the_readings_differ_on_stays_withheld():
    h = _hand(_text("q2_bury"))
    assert h.tricks[-1].winner is None
    assert h.bottom_multiplier is None and h.attackers_total is None


def test_a_contradicted_position_the_record_stops_inside_is_still_incomplete(tmp_path):
    # control: N plays ♠A and ♥A (not in its line) and the record stops after trick 24: not played out
    text = (_text("q3_agree").replace("24. N: H3, E: H4, S: H9, W: HK", "24. N: HA, E: H4, S: H9, W: HK")
            .replace("25. W: HJ, N: HA, E: H2, S: H8\n", ""))
    h = _hand(text)
    assert not h.complete
    assert "outcome" not in {w for u in h.unknowns if u.tag == "deal" for w in u.withheld}
