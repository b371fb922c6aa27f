"""Readings that agree are not withheld (docs/rules.md §1.6, §14.1; engine/deal_lines.py, engine/agreement.py).

Two decks, the sample's first hand.  (a) ``2. W: DK DK, N: DA DA, …`` with ``3. W: D7, N: DJ, …``: N's line gives
one ♦A and ♦J ♦J, S's the other ♦A (S plays it), so N cannot hold two ♦A — its line is right and a play on it is
miscopied; every way of reading it (either ♦A for the ♦J N still holds) breaks the pair-follow duty in trick 2.
Before, the hand was also judged with N's line miscopied (N holding a second ♦A, a third in the decks): that reading
gave no fault, another winner and 90 points, so the fault, the points and the outcome were withheld.  (b) ``E: D10
DA`` for ``E: D10 D4`` in trick 2: E cannot hold ♦A (N's and S's lines give both, and they play them); the one way
of reading it (♦4, the card E still holds) gives the attackers 60, as the record does — before, the outcome was
withheld ("no outcome") though nothing rests on which is miscopied.  (c) A derived fact every reading gives with
one value, each in words of its own, is kept once (agreement.shared_facts).  Each test fails on the code before but
the controls, which guard the withheld side.
"""
from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

from tractor_analysis.engine.agreement import EVERY_READING, shared_facts
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.verdicts import Derived
from tractor_analysis.records import parse_tgn

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
HAND_1 = SAMPLE[:SAMPLE.index('[Hand "2"]')]
N, E, S, W = range(4)


def _changed(text: str, line: str, new: str) -> str:
    i = text.index("\n" + line) + 1
    return text[:i] + new + text[text.index("\n", i):]


PAIR = _changed(_changed(HAND_1, "2. W: DK", "2. W: DK DK, N: DA DA, E: D10 D4, S: D4 D3"),
                "3. W: D7", "3. W: D7, N: DJ, E: D8, S: D5")
FOUR = _changed(HAND_1, "2. W: DK", "2. W: DK DK, N: DJ DJ, E: D10 DA, S: D4 D3")


def _hand(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[0]


def _keys(h) -> list[tuple]:
    return [(v.code, v.trick, v.seat) for v in h.violations]


def test_a_fault_every_possible_reading_gives_stands():
    h = _hand(PAIR)
    assert ("follow_pair", 2, N) in _keys(h)        # before: withheld ('legality' in the deal unknown)
    (v,) = [v for v in h.violations if v.code == "follow_pair"]
    assert not v.of_record and "N held ♦J ♦J but did not follow the pair" in v.message_en
    assert "北家持有 ♦J ♦J 却未跟对" in v.message_zh
    # the contradiction itself is the record's: the decks prove the line right, a play on it miscopied
    shown = [v for v in h.violations if v.code in ("not_in_hand", "deal_mismatch")]
    assert len(shown) == 2 and all(v.of_record for v in shown)
    assert all("N holds at most 1 ♦A: its deal line is right" in v.message_en for v in shown)
    assert all("北家最多持有 1 张 ♦A：发牌行无误" in v.message_zh for v in shown)
    assert (h.attackers_total, h.tricks[1].winner) == (60, W)       # before: None, None
    assert h.outcome is not None and h.outcome.winner == "defenders" and h.levels_after == (2, 3)
    (d,) = [d for d in h.derived if d.fact == "play"]
    assert d.value == "2: N DJ DA" and "the deal line is right" in d.message_en and "发牌行无误" in d.message_zh
    assert not [u for u in h.unknowns if u.tag == "deal"]


def test_a_result_every_possible_reading_gives_is_kept():
    base, h = _hand(HAND_1), _hand(FOUR)
    # before: the outcome withheld ("no outcome"), the claim not checked
    assert (h.attackers_total, h.outcome, h.levels_after) == (60, base.outcome, base.levels_after)
    assert h.claim_matches is True and h.complete
    assert [c for c, _, _ in _keys(h)] == ["deal_mismatch", "not_in_hand"]
    assert all(v.of_record for v in h.violations) and "E holds at most 0 ♦A" in h.violations[1].message_en
    assert [d.value for d in h.derived if d.fact == "play"] == ["2: E D10 D4"]


def test_check_json_gives_them_with_the_names_it_has(tmp_path):
    path = tmp_path / "pair.tgn"
    path.write_text(PAIR, encoding="utf-8")
    outs = []
    for pure in ("0", "1"):         # the compiled cores and the pure-Python path alike
        env = {**os.environ, "TRACTOR_PURE_PYTHON": pure, "PYTHONPATH": str(ROOT)}
        run = subprocess.run([sys.executable, "-c", "from tractor_analysis.cli.main import main; main()",
                              "check", "--json", str(path)], capture_output=True, text=True, env=env, cwd=str(ROOT))
        outs.append(json.loads(run.stdout)["files"][0]["hands"])
    assert outs[0] == outs[1]
    (hand,) = outs[0]
    assert [(v["code"], v["trick"], v["seat"]) for v in hand["violations"]] == \
        [("deal_mismatch", None, "N"), ("not_in_hand", 2, "N"), ("follow_pair", 2, "N")]
    assert [(d["fact"], d["value"]) for d in hand["derived"]] == [("play", "2: N DJ DA")]
    assert hand["attackers_total"] == 60


def test_control_a_line_the_decks_do_not_prove_is_still_read_both_ways():
    # S's line and its play in trick 5 give ♦6 for its ♦A: a second ♦A may be N's — but the deal lines then place a
    # third ♦6, so another line is in doubt too and the decks prove nothing of N's.  N's line may be the miscopied
    # one: that reading gives no fault, and the fault stays withheld as before
    s_line = "S: BJ LJ CA CK CJ C7 C6 SA SA S9 S4 S3 HQ H9 H9 H6 H4 H4 H3 DA DQ D9 D5 D4 D3"
    text = PAIR.replace(s_line, s_line.replace("DA DQ", "D6 DQ"), 1)
    text = _changed(text, "5. S: DA", "5. S: D6 DQ, W: D6 D6, N: D10 D7, E: CK C10")
    h = _hand(text)
    assert ("follow_pair", 2, N) not in _keys(h)
    (u,) = [u for u in h.unknowns if u.tag == "deal"]
    assert "legality" in u.withheld and not [d for d in h.derived if d.fact == "play"]


def _with_facts(result, *facts: Derived):
    return dataclasses.replace(result, derived=tuple(facts))


def test_a_derived_fact_every_reading_gives_with_one_value_is_kept_once():
    r = _hand(HAND_1)
    a = _with_facts(r, Derived("buried", "D3 D5", "the bottom and S's plays", "甲", "from A"))
    b = _with_facts(r, Derived("buried", "D3 D5", "the bottom and N's plays", "乙", "from B"))
    _, derived = shared_facts([a, b])       # before: [] (not the same words)
    (d,) = derived
    assert (d.fact, d.value, d.source) == ("buried", "D3 D5", EVERY_READING)
    assert "every reading of the record gives it" in d.message_en and "每一种读法都推出" in d.message_zh
    assert "from A" not in d.message_en      # no one reading's grounds
    same = _with_facts(r, Derived("buried", "D3 D5", "the bottom and S's plays", "乙", "from B"))
    (d,) = shared_facts([a, same])[1]
    assert d.source == "the bottom and S's plays"


def test_control_facts_that_differ_or_name_no_trick_are_not_kept():
    r = _hand(HAND_1)
    a = _with_facts(r, Derived("buried", "D3 D5", "x", "甲", "from A"), Derived("trick_winner", "N", "x", "甲", "trick 3"))
    b = _with_facts(r, Derived("buried", "D3 D6", "x", "乙", "from B"), Derived("trick_winner", "N", "x", "乙", "trick 5"))
    assert shared_facts([a, b])[1] == []
    c = _with_facts(r, Derived("trick_winner", "N", "x", "甲", "trick 3"))
    assert shared_facts([a, c])[1] == [Derived("trick_winner", "N", "x", "甲", "trick 3")]
