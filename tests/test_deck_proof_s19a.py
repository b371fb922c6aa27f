"""The decks' proof made once (docs/rules.md §1.6; engine/deck_proof.py): a copy counts as placed in another seat's
cards only where its line gives it and it plays it, and in the bury only where the dealer's line, the bottom, its plays
and the ``Buried:`` line agree on every card.

Before, engine/impossible_plays.py counted a copy the other seat's line *or* plays showed and the bury always, and
engine/deal_lines.py never counted the bury: the same record facts proved different things.  The records are the
sample match's first hand (two decks, dealer W, every line given, the bury borne out), spoiled by hand.  Each test
fails on the code before (checked against a worktree of the commit before).
"""
from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.deck_proof import placed_copies
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.cards import TOKEN

_KIND = {t: k for k, t in enumerate(TOKEN)}
ROOT = Path(__file__).resolve().parent.parent
SAMPLE = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
HAND_1 = SAMPLE[:SAMPLE.index('[Hand "2"]')]
N, E, S, W = range(4)
E_LINE = "E: BJ LJ D2 CK C10 C8 C8 C4 C3 SK SJ S10 S9 S8 S6 S5 HA HK HJ H8 H5 H5 D10 D8 D4"


def _changed(text: str, line: str, new: str) -> str:
    """``text`` with the line starting ``line`` written ``new``."""
    i = text.index("\n" + line) + 1
    j = text.index("\n", i)
    return text[:i] + new + text[j:]


# E plays ♠Q (trick 10) where it held ♠J, and keeps ♠J: the other two ♠Q are N's (its line gives it, N plays it)
# and the bury's (W's line gives it, the Buried: line buries it, W's plays bear it out)
PLAY_MISCOPIED = _changed(HAND_1, "10. N: S6", "10. N: S6, E: SQ, S: S9, W: C10")
# E's line written ♠Q for its ♠J: E plays ♠J and keeps ♠Q, whose other two copies are N's and the bury's
LINE_MISCOPIED = _changed(_changed(HAND_1, "10. N: S6", "10. N: S6, E: SJ, S: S9, W: C10"), "E: BJ LJ",
                          E_LINE.replace("SJ", "SQ"))
# N plays ♦A ♦A to a lead of one (trick 3), S a second ♦A beyond its line with its lead of trick 8: S's line gives
# one ♦A and S plays it, so N holds at most one
TWO_SLIPS = _changed(_changed(HAND_1, "3. W: D7", "3. W: D7, N: DA DA, E: D8, S: D5"),
                     "8. S: S3", "8. S: S3 DA, W: DQ, N: S4, E: SK")


def _hand(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[0]


def _codes(h) -> list[tuple[str, int | None, int | None]]:
    return [(v.code, v.trick, v.seat) for v in h.violations]


def _json_hand(tmp_path: Path, text: str) -> dict:
    path = tmp_path / "record.tgn"
    path.write_text(text, encoding="utf-8")
    doc = json.loads(CliRunner().invoke(main, ["check", "--json", str(path)]).output)
    (hand,) = doc["files"][0]["hands"]
    return hand


def test_a_copy_in_a_bury_borne_out_proves_the_line_right_and_the_play_miscopied(tmp_path):
    base, h = _hand(HAND_1), _hand(PLAY_MISCOPIED)
    # before: the bury's ♠Q not counted — the line reading kept, no outcome, an unknown tag deal
    assert sorted(_codes(h)) == [("deal_mismatch", None, E), ("not_in_hand", 10, E)]
    assert all(v.of_record for v in h.violations)
    assert not [u for u in h.unknowns if u.tag == "deal"]
    assert [(d.fact, d.value) for d in h.derived if d.fact == "play"] == [("play", "10: E SJ")]
    assert (h.outcome, h.levels_after, h.attackers_total) == (base.outcome, base.levels_after, base.attackers_total)
    (v,) = [v for v in h.violations if v.code == "not_in_hand"]
    assert "E holds at most 0 ♠Q" in v.message_en and "or in the bury" in v.message_en
    assert "东家最多持有 0 张 ♠Q" in v.message_zh and "或在扣底中" in v.message_zh
    hand = _json_hand(tmp_path, PLAY_MISCOPIED)
    assert [(d["fact"], d["value"]) for d in hand["derived"] if d["fact"] == "play"] == [("play", "10: E SJ")]
    assert hand["outcome"] is not None and not [u for u in hand.get("unknown", []) if u["tag"] == "deal"]


def test_a_copy_in_a_bury_borne_out_proves_the_line_miscopied(tmp_path):
    base, h = _hand(HAND_1), _hand(LINE_MISCOPIED)
    # before: the line's ♠Q not proven one too many (N's and the bury's) — both readings, no outcome
    assert ("deal", "E: SJ") in [(d.fact, d.value) for d in h.derived]
    assert not [u for u in h.unknowns if u.tag == "deal"]
    assert (h.outcome, h.levels_after, h.attackers_total) == (base.outcome, base.levels_after, base.attackers_total)
    (v,) = [v for v in h.violations if v.code == "not_in_hand"]
    assert v.of_record and "its deal line is miscopied" in v.message_en and "or in the bury" in v.message_en
    path = tmp_path / "line.tgn"
    path.write_text(LINE_MISCOPIED, encoding="utf-8")
    out = CliRunner().invoke(main, ["check", str(path)]).output
    assert "E was dealt ♠J where its deal line writes ♠Q" in out and "no outcome" not in out


def test_a_copy_only_the_other_seats_plays_show_beyond_its_line_is_not_placed_twice():
    h = _hand(TWO_SLIPS)
    # before: S's two ♦A played both counted (its line or its plays, the more) with N's own: "too many placed", no
    # slip at all — N's wrong_count in trick 3 and its lead of trick 4 out of turn stood on the play as written
    assert ("wrong_count", 3, N) not in _codes(h) and ("out_of_turn", 4, N) not in _codes(h)
    (v,) = [v for v in h.violations if v.code == "not_in_hand" and v.trick == 3]
    assert v.of_record and "N holds at most 1 ♦A" in v.message_en
    assert [(d.fact, d.value) for d in h.derived if d.fact == "play"] == [("play", "3: N DA")]
    # S's own extra ♦A (a lead of two cards) is no play the decks prove: S holds one, and one is placed elsewhere
    assert ("not_in_hand", 8, S) in _codes(h)


def test_the_bury_counts_only_where_the_dealers_lines_and_plays_bear_it_out():
    (match,), _ = parse_tgn(HAND_1)
    hand = match.hands[0]
    sq, hq = _KIND["SQ"], _KIND["HQ"]
    placed = placed_copies(hand, W)
    assert placed.buried[sq] == 1 and placed.seats[N][sq] == 1
    assert placed.elsewhere(E, sq) == 2 and placed.elsewhere(N, sq) == 1
    assert placed.elsewhere(W, sq) == 1          # (a proof about the dealer: its own bury not counted)
    assert placed.elsewhere(N, hq) == 2          # S's ♥Q, and the bottom's, buried
    # W plays a card beyond its line with the bottom less the bury: the Buried: line no longer borne out
    t = hand.tricks[14]
    plays = tuple(dataclasses.replace(p, cards=(_KIND["SQ"],)) if p.seat == W else p for p in t.plays)
    spoilt = dataclasses.replace(hand, tricks=(*hand.tricks[:14], dataclasses.replace(t, plays=plays),
                                               *hand.tricks[15:]))
    assert not any(placed_copies(spoilt, W).buried)
    # after 炒地皮 the bottom is no one taker's: no bury counted, the takers' own lines and plays alone
    rebid = dataclasses.replace(hand, earlier_buries=(hand.buried,))
    assert not any(placed_copies(rebid, W).buried)
    assert placed_copies(rebid, W).seats[W][_KIND["D6"]] == 1      # (its line's ♦6; the bottom's not counted)
    assert placed.seats[W][_KIND["D6"]] == 2


def test_compiled_and_pure_python_paths_agree(tmp_path):
    outs = []
    for text in (PLAY_MISCOPIED, TWO_SLIPS):
        path = tmp_path / "r.tgn"
        path.write_text(text, encoding="utf-8")
        for pure in ("0", "1"):
            env = {**os.environ, "TRACTOR_PURE_PYTHON": pure, "PYTHONPATH": str(ROOT)}
            run = subprocess.run([sys.executable, "-c", "from tractor_analysis.cli.main import main; main()",
                                  "check", "--json", str(path)], capture_output=True, text=True, env=env, cwd=str(ROOT))
            outs.append(json.loads(run.stdout)["files"][0]["hands"])
    assert outs[0] == outs[1] and outs[2] == outs[3]
    assert [d["value"] for d in outs[0][0]["derived"] if d["fact"] == "play"] == ["10: E SJ"]


def test_a_play_read_from_the_line_that_leads_the_next_trick_out_of_turn_is_not_taken_alone():
    """The simulator's 3-deck match (seed 10, 10 % faults): W's ♣3 in trick 11 is a card the decks prove W cannot hold;
    read as W's kept ♦2 (a constant trump there) it wins trick 11, so S's lead of trick 12 was \"out of turn\" and W
    \"still held diamonds\" — two faults resting on the one play read, against the record's own next lead (found by
    comparing the simulator's injected faults with the engine's after deck_proof). The hand is read both ways instead:
    neither fault is ruled."""
    from tractor_analysis.engine.replay import replay_match
    from tractor_analysis.records.rulesets import PRESETS
    from tractor_analysis.simulate import simulate_match
    m = simulate_match(10, 0, rules=PRESETS["three-deck"], violation_rate=0.1, max_hands=3)
    h = replay_match(m).hands[0]
    got = {(v.code, v.trick, v.seat) for v in h.violations}
    assert ("out_of_turn", 12, 2) not in got and ("follow_suit", 11, 3) not in got
    assert ("not_in_hand", 11, 3) in got                     # the play as written, the record's finding
    assert not [d for d in h.derived if d.fact == "play"]
