"""Plays the record leaves out: what a referee found withheld wrongly, or kept wrongly (docs/rules.md
§14.1, docs/format.md "check --json: what the record does not state"; engine/record_gaps.py,
engine/agreement.py, engine/unfinished.py).

1. A trick with a play left out by a seat whose cards are not known (no deal line) is not judged from
   the gap on: its ``points`` were the recorded cards' (``"points": 5``), which format.md forbids —
   "never one way's, nor the points of the cards recorded".  They are ``null`` now, unless every card
   the seat could have held carries no points (then they are derived, and said from what).
2. A record that stops mid-trick whose winner is derived but whose points are not gave ``"points":
   null`` with no ``unknown`` entry withholding ``trick_points``; the text never said so.
3. A gap, then a record stopping mid-trick: when the ways of filling the gap gave that last trick
   different winners or points, both were dropped (also a winner or points every way gives), and
   nothing said the winner was withheld; after a gap not filled in, the last trick's winner and points
   were still derived from the replay, though nothing is judged from the gap on.

Each test fails on the code before.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.unfinished import ENDS_BEFORE_SOURCES
from tractor_analysis.records import parse_tgn

SAMPLE = (Path(__file__).resolve().parent.parent / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
HAND1 = SAMPLE[:SAMPLE.index('[Hand "2"]')]
"""The referee's first hand: trump ♣, level 2, W deals (E–W defend), every deal line given."""
S_LINE = "S: BJ LJ CA CK CJ C7 C6 SA SA S9 S4 S3 HQ H9 H9 H6 H4 H4 H3 DA DQ D9 D5 D4 D3\n"
N, E, S, W = range(4)


def without(text: str, line: str, play: str) -> str:
    """``text`` with ``play`` (``"S: S4, "``) taken out of the trick line starting ``line``."""
    i = text.index("\n" + line) + 1
    j = text.index("\n", i)
    assert play in text[i:j]
    return text[:i] + text[i:j].replace(play, "", 1) + text[j:]


def no_s_line(text: str) -> str:
    assert S_LINE in text
    return text.replace(S_LINE, "")


def no_trump(text: str) -> str:
    """``text`` without ``[Trump]``, nor ``[Declarations]`` (which would fix it: docs/rules.md §14.1)."""
    return re.sub(r'(?m)^\[Declarations "[^"]*"\]\n', "", text.replace('[Trump "C"]\n', ""))


def hand_of(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[0]


def run(tmp_path, text: str, *extra: str) -> str:
    path = tmp_path / "record.tgn"
    path.write_text(text, encoding="utf-8")
    return CliRunner().invoke(main, ["check", str(path), *extra], catch_exceptions=False).output


# --------------------------------------------------------------------------- 1. points of a gap's trick

GAP_9 = without(no_s_line(HAND1), "9. E: S9", "S: S4, ")
"""S has no deal line, and its play in trick 9 (♠4) is left out: ♦5 is the only point card recorded."""


def test_a_gap_by_a_seat_without_its_line_withholds_that_tricks_points(tmp_path):
    h = hand_of(GAP_9)
    (u,) = [u for u in h.unknowns if u.tag == "play"]
    assert "not known" in u.message_en and "legality" in u.withheld
    assert h.tricks[8].number == 9 and h.tricks[8].winner is None
    assert h.tricks[8].points is None                # before: 5, the ♦5 among the three plays recorded
    assert not [d for d in h.derived if d.fact == "trick_points"]
    # the rest rests on the trick as well: withheld, never the recorded cards' share
    assert (h.attackers_points, h.attackers_total, h.outcome, h.penalties) == (None, None, None, None)
    assert h.levels_after == (None, None) and h.claim_matches is None
    # a trick the record gives whole still holds the points of its cards (a fact of the record)
    assert h.tricks[9].points == 10 and h.tricks[7].points == 10
    doc = json.loads(run(tmp_path, GAP_9, "--json"))["files"][0]["hands"][0]
    assert doc["tricks"][8] == {"number": 9, "leader": "E", "winner": None, "points": None}
    assert doc["attackers_points"] is None and doc["attackers_total"] is None and doc["outcome"] is None


def test_without_the_trump_the_gaps_trick_keeps_no_recorded_points_either():
    h = hand_of(no_trump(GAP_9))
    assert any(u.tag == "Trump" for u in h.unknowns)
    assert h.tricks[8].points is None                # before: 5
    assert h.tricks[7].points == 10                  # the tricks before stand as recorded


GAP_13 = without(no_s_line(HAND1), "13. E: H8", "S: H4, ")
"""S's ♥4 in trick 13 left out: S played ♣K (trick 12) and ♦5 (trick 3) before; every 5, 10 and K
not yet played is in N's, E's or W's hand then — S's play cannot carry points."""


def test_a_gap_whose_missing_card_cannot_carry_points_keeps_them_derived(tmp_path):
    h = hand_of(GAP_13)
    (u,) = [u for u in h.unknowns if u.tag == "play"]
    assert "not known" in u.message_en
    assert h.tricks[12].number == 13 and h.tricks[12].winner is None
    assert h.tricks[12].points == 5                   # ♣5 recorded, and S held no point card then
    (d,) = [d for d in h.derived if d.fact == "trick_points"]
    assert d.value == "5" and d.source == "the cards of the seats the record leaves out"  # before: not derived
    assert "trick 13" in d.message_en and "S" in d.message_en and "第 13 轮" in d.message_zh
    assert "南家" in d.message_zh
    assert h.attackers_points is None and h.outcome is None     # the winners from trick 13 on are not known
    doc = json.loads(run(tmp_path, GAP_13, "--json"))["files"][0]["hands"][0]
    assert doc["tricks"][12]["points"] == 5
    assert {"fact": "trick_points", "value": "5"}.items() <= next(
        x for x in doc["derived"] if x["fact"] == "trick_points").items()


def test_no_proof_from_a_record_that_places_a_card_where_it_was_not():
    # E plays ♠K in trick 15 as well as in trick 8: its deal line or a play is wrong, so what the record
    # places in E's hand (and not S's) is not proven either
    text = GAP_13.replace("15. W: H2, N: D9, E: S5, S: D9", "15. W: H2, N: D9, E: SK, S: D9")
    h = hand_of(text)
    assert h.tricks[12].points is None                # before: 5, the recorded cards'
    assert not [d for d in h.derived if d.fact == "trick_points"]


# --------------------------------------------------------------------------- 2. a record stopping mid-trick

STOPS_10 = HAND1[:HAND1.index("10. N: S6, E: SJ")] + '10. N: S6, E: SJ,\n[Claim "60"]\n'
"""The record stops after E's ♠J in trick 10: W (a defender) wins whatever S and W play (S must
follow with its one spade, ♠9; W holds trumps only, so any card of W's trumps in), but the points
depend on W's card (♣10, ♣5 or one without points)."""


def test_points_not_derived_at_the_records_end_are_an_unknown_entry(tmp_path):
    h = hand_of(STOPS_10)
    assert h.unfinished is not None and h.unfinished.trick == 10 and h.unfinished.points is None
    assert h.tricks[-1].winner == W                  # derived: the winner stands
    assert any(d.fact == "trick_winner" and d.value == "W" for d in h.derived)
    (u,) = [u for u in h.unknowns if u.tag == "play"]          # before: no unknown at all
    assert u.withheld == ("trick_points",)
    assert "trick 10" in u.message_en and "that trick's points" in u.message_en
    assert "第 10 轮" in u.message_zh and "该轮的分数" in u.message_zh
    assert " / " in u.message and u.message.startswith(u.message_zh)
    assert h.attackers_points == 55                  # the defenders take the trick: their share is certain
    doc = json.loads(run(tmp_path, STOPS_10, "--json"))["files"][0]["hands"][0]
    assert doc["tricks"][-1]["points"] is None
    assert [x["withheld"] for x in doc["unknown"] if x["tag"] == "play"] == [["trick_points"]]
    text = run(tmp_path, STOPS_10)
    assert "that trick's points" in text and "该轮的分数" in text


def test_a_winner_and_points_both_open_withhold_both():
    # the record stops after E's lead in trick 13: S, W, N may each win it, and carry points or not
    text = HAND1[:HAND1.index("13. E: H8")] + '13. E: H8,\n[Claim "60"]\n'
    h = hand_of(text)
    (u,) = [u for u in h.unknowns if u.tag == "play"]
    assert {"trick_winner", "trick_points"} <= set(u.withheld)      # before: trick_points missing
    assert h.tricks[-1].winner is None and h.unfinished.points is None


def test_an_unfinished_trick_in_a_hand_without_trump_withholds_its_points():
    h = hand_of(no_trump(STOPS_10))
    assert any(u.tag == "Trump" for u in h.unknowns)
    (u,) = [u for u in h.unknowns if u.tag == "play"]
    assert "trick_points" in u.withheld                              # before: trick_winner alone


# --------------------------------------------------------------------------- a gap, then a record stopping mid-trick

GAP_1_STOPS_12 = without(HAND1[:HAND1.index("12. W: C5")] + '12. W: C5, N: D2,\n[Claim "60"]\n',
                         "1. W: C2 C2 S2 S2", "E: C8 C8 C4 C3, ")
"""E's play in trick 1 left out, the record stopping after N's ♦2 in trick 12: the ways of filling the
gap that fit the record give trick 12 to N in some and to E in others, 15 points in every one."""


def test_the_trick_the_record_ends_in_keeps_what_every_way_of_filling_a_gap_gives():
    h = hand_of(GAP_1_STOPS_12)
    assert h.unfinished.trick == 12 and h.tricks[-1].winner is None
    assert h.unfinished.winner is None
    assert h.unfinished.points == 15                     # before: None, though every way gives 15
    assert any(d.fact == "trick_points" and d.value == "15" for d in h.derived)
    assert h.tricks[-1].points == 15
    (u,) = [u for u in h.unknowns if u.tag == "play"]
    assert "trick_winner" in u.withheld                  # before: the winner null, no word for it
    # E's play in trick 1 is any 4 of the cards E held then and does not play later, legal or not (91
    # ways): some hold points, so trick 1's points are withheld ("trick_points" is said of it, not of trick
    # 12); W wins trick 1 in every way
    assert "91 ways it could have been played" in u.message_en and "trick_points" in u.withheld
    assert h.tricks[0].points is None and h.tricks[0].winner == W
    assert h.attackers_points is None and "points" in u.withheld


def test_a_winner_every_way_gives_at_the_records_end_is_kept():
    # N's play in trick 1 left out, the record stopping after W's ♣5 in trick 12: E wins it in every way
    # that fits, its points differ (♦5 … or not)
    text = without(HAND1[:HAND1.index("12. W: C5")] + '12. W: C5,\n[Claim "60"]\n',
                   "1. W: C2 C2 S2 S2", "N: CQ CJ C7 C3, ")
    h = hand_of(text)
    assert h.unfinished.winner == E and h.tricks[-1].winner == E      # before: the winner withheld
    assert h.unfinished.possible == frozenset({E})
    (u,) = [u for u in h.unknowns if u.tag == "play"]
    assert "trick_points" in u.withheld and "trick_winner" not in u.withheld
    assert h.unfinished.points is None and h.attackers_points == 55   # the defenders take it


def test_after_a_gap_not_filled_in_the_trick_the_record_ends_in_is_not_judged_either():
    # S (no deal line) has no play in trick 1, and the record stops before W's play in trick 4: nothing is
    # judged from trick 1 on, yet the winner and points of trick 4 were derived from the replay (S's ♠A
    # pair, 15 points) beside a winner withheld
    text = no_s_line(HAND1)
    text = text[:text.index("4. N: S7 S7")] + '4. N: S7 S7, E: S8 S6, S: SA SA,\n[Claim "60"]\n'
    h = hand_of(without(text, "1. W: C2 C2 S2 S2", ", S: CA CJ C7 C6"))
    assert h.tricks[-1].number == 4 and h.tricks[-1].winner is None
    assert not [d for d in h.derived if d.source in ENDS_BEFORE_SOURCES]
    assert h.unfinished.winner is None and h.unfinished.points is None
    plays = [u for u in h.unknowns if u.tag == "play"]
    assert any(u.withheld == ("trick_winner", "trick_points") and "trick 4" in u.message_en for u in plays)
    assert any("legality" in u.withheld for u in plays)
