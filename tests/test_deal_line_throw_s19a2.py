"""A deal line the decks prove miscopied, its seat with a failed throw; the proofs' preconditions (docs/rules.md §1.6;
engine/deal_lines.py).

A referee's tester wrote N's ♦9 as ♦8 in its deal line (tests/data/referee_s19/v05_deal_miscopy.tgn; v05b: ♦7 as
♦4).  N never plays a ♦8; the other two are E's and the dealer W's (its line with the bottom gives it and W plays it).
The same slip in E's line was judged on the line read from the plays; N's was not: deal_line_proof.lines_disproven
refused any seat with a failed throw (N's trick 14, ``SJ S8 -> S8``), so N stood charged with ``not_in_hand`` and
``deal_mismatch`` (two ruling pages) and the hand had no outcome.  A throw's shown cards were held and its forced
play is played: it stops the proof only where it shows a card the seat does not play from that trick on.

The proofs still stop where another seat's own line is in doubt (the reading kept is judged with none of that
seat's own treatment), but no longer for a ``Buried:`` line the dealer's whole hand of plays proves miscopied (the
bury read from them): the copies counted stand, the replay reads that bury as for the hand alone.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from cli_runs import run_in
from tractor_analysis.engine import deal_line_proof
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "referee_s19"
V05 = (DATA / "v05_deal_miscopy.tgn").read_text(encoding="utf-8")
V05B = (DATA / "v05b_deal_miscopy_noBottom.tgn").read_text(encoding="utf-8")
N_WRITTEN = "DJ DJ D10 D8 D7"
# the record as dealt: N's line with its ♦9
RIGHT = V05.replace(N_WRITTEN, "DJ DJ D10 D9 D7")
# the dealer's Buried: line writes ♠A for its ♦3; W's plays (a whole hand) show the bury it made
BURY_LINE = "Buried: SQ S3 HA HQ HJ H7 H3 D3"
N = 0


def _hand(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[0]


def _judged_as_dealt(h, right) -> None:
    assert (h.outcome, h.levels_after, h.attackers_total, h.penalties) == (
        right.outcome, right.levels_after, right.attackers_total, right.penalties)
    assert h.outcome is not None and h.penalties == -10          # N's failed throw still charged (1 card)
    assert not [u for u in h.unknowns if u.tag == "deal"]
    mine = [v for v in h.violations if v.seat == N]
    assert sorted(v.code for v in mine) == ["deal_mismatch", "not_in_hand"] and all(v.of_record for v in mine)


def test_a_line_the_decks_prove_miscopied_is_read_from_the_plays_though_its_seat_failed_a_throw():
    h, right = _hand(V05), _hand(RIGHT)
    # before: ✗ not_in_hand and ✗ deal_mismatch against N, the hand read both ways (unknown deal), no outcome
    assert ("deal", "N: D9") in [(d.fact, d.value) for d in h.derived]
    _judged_as_dealt(h, right)
    (v,) = [v for v in h.violations if v.code == "not_in_hand"]
    assert "N holds at most 0 ♦8" in v.message_en and "its deal line is miscopied" in v.message_en
    assert "北家最多持有 0 张 ♦8" in v.message_zh


def test_the_same_with_the_slip_in_a_card_n_plays_before_its_throw():
    h = _hand(V05B)
    assert ("deal", "N: D7") in [(d.fact, d.value) for d in h.derived]
    _judged_as_dealt(h, _hand(V05B.replace("DJ DJ D10 D9 D4", "DJ DJ D10 D9 D7")))


def test_no_ruling_page_against_n(tmp_path):
    path, out = tmp_path / "v05.tgn", tmp_path / "ruling.html"
    path.write_text(V05, "utf-8")
    r = run_in("ruling", path, "-o", out)
    # before: two pages (N's not_in_hand and deal_mismatch); now the record's findings alone, listed
    assert not out.exists() and "no ruling written" in r.stderr + r.stdout


def test_a_throw_showing_the_card_the_line_keeps_leaves_the_proof_open():
    # N's line writes ♠9 for its ♦9, and N's failed throw shows ♠J ♠9 ♠8: the throw and the line agree N held a ♠9
    # it never plays, whose other two copies are E's and S's — the record has more than one slip on ♠9
    text = V05.replace(N_WRITTEN, "DJ DJ D10 S9 D7").replace("14. N: SJ S8 -> S8", "14. N: SJ S9 S8 -> S8")
    plain = V05.replace(N_WRITTEN, "DJ DJ D10 S9 D7")
    s9 = 0
    for text_, proven in ((plain, True), (text, False)):
        (match,), _ = parse_tgn(text_)
        hand = match.hands[0]
        result = replay_match(match).hands[0]
        found = deal_line_proof.lines_disproven(hand, result, frozenset({N}), {N: hand.deal[N][-2:-1]}, 2)
        assert (found is not None) is proven
        if found:
            s9 = found[N].written
    assert len(s9) == 1
    h = _hand(text)
    assert [u for u in h.unknowns if u.tag == "deal"] and not [d for d in h.derived if d.fact == "deal"]
    # (read both ways, each reading played out giving the table's outcome: kept since s21 — docs/rules.md §1.6)
    assert h.outcome == _hand(RIGHT).outcome
    assert ("deal", "N: D9") in [(d.fact, d.value) for d in _hand(plain).derived]


def test_a_buried_line_the_dealers_plays_prove_miscopied_no_longer_stops_the_proof():
    text = V05.replace(BURY_LINE, BURY_LINE.replace("D3", "SA"))
    h = _hand(text)
    # before: the bad_bury (the record's own finding, the bury read from W's plays) stopped N's proof: no outcome
    assert ("deal", "N: D9") in [(d.fact, d.value) for d in h.derived]
    assert ("buried", "S3 SQ H3 H7 HJ HQ HA D3") in [(d.fact, d.value) for d in h.derived]
    (bury,) = [v for v in h.violations if v.code == "bad_bury"]
    assert bury.of_record
    _judged_as_dealt(h, _hand(RIGHT.replace(BURY_LINE, BURY_LINE.replace("D3", "SA"))))


def test_another_seats_own_line_in_doubt_still_stops_the_proof():
    # E's line leaves out its ♠5 (24 cards): alone the deck makes it whole; judged within N's one reading it would
    # not be (the reading is one replay), so N's line is still read both ways — as before this change
    e_line = "E: BJ LJ D2 CK C10 C8 C8 C4 C3 SK SJ S10 S9 S8 S6 S5 HA HK HJ H8 H5 H5 D10 D8 D4"
    h = _hand(V05.replace(e_line, e_line.replace(" S5", "")))
    assert not [d for d in h.derived if d.fact == "deal" and d.value.startswith("N")]
    assert any(u.tag == "deal" and u.message_en.startswith("N's deal line") for u in h.unknowns)
    # (read both ways, each reading played out giving the table's outcome: kept since s21 — docs/rules.md §1.6)
    assert h.outcome == _hand(RIGHT).outcome


def test_compiled_and_pure_python_paths_agree(tmp_path):
    outs = []
    path = tmp_path / "v05.tgn"
    path.write_text(V05, encoding="utf-8")
    for pure in ("0", "1"):
        env = {**os.environ, "TRACTOR_PURE_PYTHON": pure, "PYTHONPATH": str(ROOT)}
        run = subprocess.run([sys.executable, "-c", "from tractor_analysis.cli.main import main; main()",
                              "check", "--json", str(path)], capture_output=True, text=True, env=env, cwd=str(ROOT))
        outs.append(json.loads(run.stdout)["files"][0]["hands"])
    assert outs[0] == outs[1]
    assert [d["value"] for d in outs[0][0]["derived"] if d["fact"] == "deal"] == ["N: D9"]
