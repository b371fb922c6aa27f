"""A play the record proves impossible is one fault, not a cascade (docs/rules.md §1.6; engine/impossible_plays.py).

Two decks: N's deal line gives one ♦A and S's the other, and S plays it.  ``3. W: D7, N: DA DA, E: D8, S: D5``
cannot be what N played.  Before, N got ``not_in_hand`` and ``wrong_count``, a 2-card follow could not win, so E
was taken as the winner of trick 3 and N's lead of trick 4 was ``out_of_turn``; the attackers' points and the
claim check rested on that too.  Now the slip is the one ``not_in_hand``, and the play is judged as one that could
not be read (:mod:`.record_gaps`): what N played there is derived from its line and its later plays.  Each test
below fails on the code before.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.cards import TOKEN
from tractor_analysis.records.json_reader import parse_json
from tractor_analysis.records.json_writer import format_json

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
HAND_1 = SAMPLE[:SAMPLE.index('[Hand "2"]')]          # a two-deck hand, every deal line, played out
N, E, S, W = range(4)


def _changed(line: str, new: str) -> str:
    """Hand 1 with the trick line starting ``line`` written ``new``."""
    i = HAND_1.index("\n" + line) + 1
    j = HAND_1.index("\n", i)
    return HAND_1[:i] + new + HAND_1[j:]


FOLLOW = _changed("3. W: D7", "3. W: D7, N: DA DA, E: D8, S: D5")        # a third ♦A, N holds one
LEAD = _changed("10. N: S6", "10. N: S6 S6, E: SJ, S: S9, W: C10")       # a third ♠6 led, N holds one


def _hand(text: str):
    (match,), problems = parse_tgn(text)
    assert [p.code for p in problems] == (["too_many_copies"] if text != HAND_1 else [])
    return replay_match(match).hands[0]


def _codes(h) -> list[tuple[str, int | None, int | None]]:
    return [(v.code, v.trick, v.seat) for v in h.violations]


def test_a_follow_with_a_copy_the_decks_lack_is_one_fault_and_the_trick_is_judged_on_what_n_held():
    base, h = _hand(HAND_1), _hand(FOLLOW)
    # before: not_in_hand and wrong_count in trick 3, out_of_turn in trick 4, claim_mismatch
    assert _codes(h) == [("not_in_hand", 3, N)]
    (v,) = h.violations
    assert [TOKEN[k] for k in v.played] == ["DA", "DA"]           # the play as the record gives it
    assert "cannot be what N played" in v.message_en and "holds at most 1 ♦A" in v.message_en
    assert "不可能是其实际出牌" in v.message_zh and "最多持有 1 张 ♦A" in v.message_zh
    assert h.tricks[2].winner == N == base.tricks[2].winner      # before: E
    assert (h.attackers_total, h.outcome, h.levels_after) == (base.attackers_total, base.outcome, base.levels_after)
    (d,) = [d for d in h.derived if d.fact == "play"]
    assert d.value == "3: N DA"
    assert "as written cannot be what was played" in d.message_en and "leaves out" not in d.message_en
    assert "不可能是实际出牌" in d.message_zh and "记录缺少" not in d.message_zh
    assert not [u for u in h.unknowns if u.tag == "deal"]       # before: "the line leaves cards out or …"


def test_a_lead_with_a_copy_the_decks_lack_faults_no_follow_to_it_nor_the_next_lead():
    base, h = _hand(HAND_1), _hand(LEAD)
    # before: E, S and W each wrong_count against the 2-card lead, W's lead of trick 11 out_of_turn
    assert _codes(h) == [("not_in_hand", 10, N)]
    assert h.tricks[9].winner == base.tricks[9].winner == W
    assert h.attackers_total == base.attackers_total == 60 and h.claim_matches is True
    (d,) = [d for d in h.derived if d.fact == "play"]
    assert d.value == "10: N S6"


def test_the_json_record_is_judged_the_same():
    (match,), _ = parse_tgn(FOLLOW)
    (again,), problems = parse_json(format_json(match))
    assert [p.code for p in problems] == ["too_many_copies"]
    h, j = replay_match(match).hands[0], replay_match(again).hands[0]
    assert _codes(j) == _codes(h) == [("not_in_hand", 3, N)]
    assert [v.message_en for v in j.violations] == [v.message_en for v in h.violations]
    assert j.derived == h.derived and j.attackers_total == h.attackers_total


def test_check_text_shows_the_play_as_played_and_json_keeps_its_names(tmp_path):
    path = tmp_path / "slip.tgn"
    path.write_text(FOLLOW, encoding="utf-8")
    out = CliRunner().invoke(main, ["check", str(path)]).output
    assert "played 实出  ♦A ♦A" in out and "not in the record" not in out      # the record's play, not derived
    assert "wrong_count" not in out and "out_of_turn" not in out and "claim_mismatch" not in out
    doc = json.loads(CliRunner().invoke(main, ["check", "--json", str(path)]).output)
    (hand,) = doc["files"][0]["hands"]
    assert [(v["code"], v["trick"], v["seat"], v["played"]) for v in hand["violations"]] == \
        [("not_in_hand", 3, "N", ["DA", "DA"])]
    assert [(d["fact"], d["value"]) for d in hand["derived"]] == [("play", "3: N DA")]
    assert hand["claim_matches"] is True and hand["attackers_total"] == 60


def test_compiled_and_pure_python_paths_agree(tmp_path):
    path = tmp_path / "slip.tgn"
    path.write_text(LEAD, encoding="utf-8")
    outs = []
    for pure in ("0", "1"):
        env = {**os.environ, "TRACTOR_PURE_PYTHON": pure, "PYTHONPATH": str(ROOT)}
        run = subprocess.run([sys.executable, "-c", "from tractor_analysis.cli.main import main; main()",
                              "check", "--json", str(path)],
                             capture_output=True, text=True, env=env, cwd=str(ROOT))
        outs.append(json.loads(run.stdout)["files"][0]["hands"])
    assert outs[0] == outs[1]
    assert [v["code"] for v in outs[0][0]["violations"]] == ["not_in_hand"]


def test_a_line_its_plays_contradict_is_still_read_both_ways():
    # N plays ♦Q (a third copy) instead of its ♦A and keeps ♦A to the end: judged by engine/deal_lines.py as before
    # (N's deal_mismatch stands) — not taken for a play left out.  Since s18d the decks prove N's line right (W's and
    # S's lines give the two ♦Q and they play them): the play is the miscopy, read as the ♦A N keeps (derived), and
    # nothing is withheld (tests/test_readings_agree_s18d.py); before, the line reading was judged too
    h = _hand(_changed("3. W: D7", "3. W: D7, N: DQ, E: D8, S: D5"))
    assert sorted(c for c, _, _ in _codes(h)) == ["deal_mismatch", "not_in_hand"]
    assert not [u.tag for u in h.unknowns if u.tag == "deal"]
    assert [(d.value, d.source) for d in h.derived if d.fact == "play"] == [("3: N DA", "the decks and the seat's deal line")]


def test_the_impossible_play_is_the_records_finding_and_gets_no_ruling_page(tmp_path):
    """A second regression tester: the play the decks prove impossible was still N's violation — a ruling page
    against N, ``about`` play in the dataset, a violation in N's statistics — though its own words say the play
    as written cannot be what N played.  It is the record's finding (docs/rules.md §13.1)."""
    h = _hand(LEAD)
    (v,) = [v for v in h.violations if v.code == "not_in_hand"]
    assert v.of_record and v.seat == 0
    f = tmp_path / "lead.tgn"
    f.write_text(LEAD, encoding="utf-8")
    r = CliRunner().invoke(main, ["ruling", str(f), "--hand", "1", "--seat", "N", "-o", str(tmp_path / "r.html")])
    assert not (tmp_path / "r.html").exists(), r.output
