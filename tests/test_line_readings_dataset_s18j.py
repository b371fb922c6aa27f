"""A deal line the decks prove right, or prove miscopied (docs/rules.md §1.6; engine/deal_lines.py).

(1) ``2. … N: DA DA`` with ``3. … N: DJ`` (tests/test_readings_agree_s18d.py's PAIR: N's line gives one ♦A, S's the
other, which S plays): the decks prove N's line right, and every reading of the miscopied play gives ``2: N DJ DA``
(derived fact ``play``).  Before, that play never reached ``HandResult.derived_plays``: the dataset stored N's play
as written (♦A ♦A, a third ♦A in two decks) with ``derived`` false, and the hand page showed it so.  Now the derived
play is N's ``plays`` row, ``derived`` true, in place of the one written; the hand page shows it marked derived,
with the cards as written beside it.

(2) The mirror: ``♦A`` written for ``♦4`` in E's DEAL LINE (the trick line right: ``E: D10 D4``).  E plays ♦4, which
its line lacks, and still holds ♦A after the last trick; N's and S's lines give the two ♦A and they play them, so E
cannot hold a third: the plays are right and E's line is the miscopy.  Before, the hand was judged both ways and,
the line reading being the record as written, the outcome was withheld ("no outcome") though every reading gives
60.  Now the hand is judged on the line read with ♦4: its outcome and levels kept, the contradiction the record's
finding (no seat's fault), the line's card derived (``deal`` ``E: D4``).  ♦3 written for ♦4 — the other ♦3
copies are S's (played) and the bottom's, buried: since s19 the bury W's line, the bottom and its plays bear out
places it (engine/deck_proof.py), so the decks prove that line miscopied too.  Control: the same record without its
``Buried:`` line — the bury derived from W's plays, which no second part of the record bears out, places nothing:
still read both ways, the outcome withheld.
"""
from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from test_readings_agree_s18d import FOUR, HAND_1, PAIR
from tractor_analysis.cli.main import main
from tractor_analysis.dataset import load
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.cards import TOKEN

ROOT = Path(__file__).resolve().parent.parent
N, E, S, W = range(4)
E_LINE = "E: BJ LJ D2 CK C10 C8 C8 C4 C3 SK SJ S10 S9 S8 S6 S5 HA HK HJ H8 H5 H5 D10 D8 D4"


def _e_line_written(card: str) -> str:
    assert HAND_1.count(E_LINE) == 1
    return HAND_1.replace(E_LINE, E_LINE[:-2] + card)


MIRROR = _e_line_written("DA")
"""E's line writes ♦A for its ♦4: the decks prove the line miscopied."""
BURIED_COPY = _e_line_written("D3")
"""E's line writes ♦3 for its ♦4: the other ♦3 are S's and the buried one (the Buried: line borne out)."""
NOT_PROVEN = re.sub(r"\nBuried: [^\n]*", "", BURIED_COPY, count=1)
"""The same without its ``Buried:`` line: the bury is what W's plays leave — nothing proven."""


def _hand(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[0]


def _ingested(tmp_path: Path, text: str):
    src = tmp_path / "in"
    src.mkdir()
    (src / "r.tgn").write_text(text, encoding="utf-8")
    r = CliRunner().invoke(main, ["ingest", str(src / "r.tgn"), "-o", str(tmp_path / "ds"), "--workers", "1", "-q"])
    assert r.exit_code == 2 and "3 copies of ♦A in the plays" in r.output, r.output    # the reader's, as written
    return load(str(tmp_path / "ds"))


# (1) the play derived in place of the one written


def test_the_engine_hands_on_the_play_it_derived_in_place_of_the_written_one():
    h = _hand(PAIR)
    assert [(n, p.seat, sorted(TOKEN[k] for k in p.cards)) for n, p in h.derived_plays] == [(2, N, ["DA", "DJ"])]
    assert [sorted(TOKEN[k] for k in p.cards) for p in h.tricks[1].plays if p.seat == N] == [["DA", "DA"]]  # as written
    h = _hand(FOUR)
    assert [(n, p.seat, sorted(TOKEN[k] for k in p.cards)) for n, p in h.derived_plays] == [(2, E, ["D10", "D4"])]


@pytest.mark.usefixtures("both_cores")
def test_the_parquet_stores_the_derived_play_marked_derived(tmp_path):
    ds = _ingested(tmp_path, PAIR)
    plays = ds.plays
    trick = plays[(plays["hand_no"] == 1) & (plays["trick_no"] == 2)].sort_values("position")
    rows = [(r.seat, r.position, sorted(r.cards), bool(r.derived), r.points) for r in trick.itertuples()]
    # before: ("N", 1, ["DA", "DA"], False, 0) — a third ♦A in two decks
    assert rows == [("W", 0, ["DK", "DK"], False, 20), ("N", 1, ["DA", "DJ"], True, 0),
                    ("E", 2, ["D10", "D4"], False, 10), ("S", 3, ["D3", "D4"], False, 0)]
    assert int(plays["derived"].fillna(False).astype(bool).sum()) == 1
    tricks = ds.tricks
    points = tricks[(tricks["hand_no"] == 1) & (tricks["trick_no"] == 2)]["points"].tolist()
    assert points == [sum(r[4] for r in rows)] == [30]
    assert len(plays[plays["hand_no"] == 1]) == 4 * 16         # one row per play: none stored twice
    assert "play" in list(ds.hands["derived"].iloc[0])


def test_the_hand_page_shows_the_derived_play_with_the_cards_written(tmp_path):
    path = tmp_path / "pair.tgn"
    path.write_text(PAIR, encoding="utf-8")
    out = tmp_path / "rep"
    r = CliRunner().invoke(main, ["report", str(path), "-o", str(out)])
    assert r.exit_code == 2 and "3 copies of ♦A in the plays" in r.output, r.output    # the reader's, as written
    (page,) = out.glob("*-h1.html")
    text = page.read_text("utf-8")
    start = text.index('id="trick-2"')
    trick = text[start:text.index("</section>", start)]
    assert re.findall(r'<div class="seat ([NESW]) ', trick) == ["N", "E", "S", "W"]     # N once
    i = trick.index('<div class="seat N ')
    north = html.unescape(trick[i:trick.index('<div class="held', i)])
    assert "derived / 推出" in north and "not in the record" not in north
    written, played = north.split("written / 记录为:")[1].split("</div>", 1)
    assert re.findall(r'title="(\w+)"', written) == ["DA", "DA"]
    assert sorted(re.findall(r'title="(\w+)"', played)) == ["DA", "DJ"]


# (2) the mirror: the line the miscopied one


def test_a_line_the_decks_prove_miscopied_is_judged_on_the_plays():
    base, h = _hand(HAND_1), _hand(MIRROR)
    # before: outcome None ("no outcome"), levels after None, the claim not checked, an unknown `deal`
    assert (h.attackers_total, h.outcome, h.levels_after) == (60, base.outcome, base.levels_after)
    assert h.claim_matches is True and h.complete and h.legality_known
    assert not [u for u in h.unknowns if u.tag == "deal"]
    # the contradiction is the record's finding, no seat's fault, its words saying what the decks prove
    assert [(v.code, v.trick, v.seat) for v in h.violations] == [
        ("deal_mismatch", None, None), ("deal_mismatch", None, E), ("not_in_hand", 2, E)]
    assert all(v.of_record for v in h.violations) and not h.play_violations
    for v in h.violations[1:]:
        assert "E holds at most 0 ♦A: its plays are right and its deal line is miscopied" in v.message_en
        assert "东家最多持有 0 张 ♦A：出牌无误，是其发牌行有一处记错" in v.message_zh
    (d,) = [d for d in h.derived if d.fact == "deal"]
    assert (d.value, d.source) == ("E: D4", "the decks and the seat's plays")
    assert "E was dealt ♦4 where its deal line writes ♦A" in d.message_en
    assert "东家的发牌行写作 ♦A 之处实为 ♦4" in d.message_zh
    assert [t.winner for t in h.tricks] == [t.winner for t in base.tricks]


def test_check_json_gives_the_mirror_the_same_on_both_paths(tmp_path):
    path = tmp_path / "mirror.tgn"
    path.write_text(MIRROR, encoding="utf-8")
    outs = []
    for pure in ("0", "1"):
        env = {**os.environ, "TRACTOR_PURE_PYTHON": pure, "PYTHONPATH": str(ROOT)}
        run = subprocess.run([sys.executable, "-c", "from tractor_analysis.cli.main import main; main()",
                              "check", "--json", str(path)], capture_output=True, text=True, env=env, cwd=str(ROOT))
        outs.append(json.loads(run.stdout)["files"][0]["hands"])
    assert outs[0] == outs[1]
    (hand,) = outs[0]
    assert [(v["code"], v["seat"], v.get("about")) for v in hand["violations"]] == [
        ("deal_mismatch", None, "record"), ("deal_mismatch", "E", "record"), ("not_in_hand", "E", "record")]
    assert [(d["fact"], d["value"]) for d in hand["derived"]] == [("deal", "E: D4")]
    assert hand["outcome"] is not None and hand["levels_after"] == {"NS": "2", "EW": "3"} and hand["legal"]


def test_a_copy_in_a_bury_borne_out_counts_for_the_proof():
    # before s19 the bury's ♦3 was not counted (the Buried: line "may be the miscopy"): read both ways, no outcome
    h = _hand(BURIED_COPY)
    assert [(d.fact, d.value) for d in h.derived if d.fact == "deal"] == [("deal", "E: D4")]
    assert h.outcome is not None and not [u for u in h.unknowns if u.tag == "deal"]


def test_control_a_line_the_decks_do_not_prove_miscopied_is_still_read_both_ways():
    h = _hand(NOT_PROVEN)
    (u,) = [u for u in h.unknowns if u.tag == "deal"]
    assert "legality" in u.withheld
    # (read both ways, each reading played out with one outcome: kept, s21 — not derived from a proof)
    assert h.outcome is not None and "outcome" not in u.withheld
    assert not [d for d in h.derived if d.fact == "deal"]
    shown = [v for v in h.violations if v.seat == E]
    assert sorted(v.code for v in shown) == ["deal_mismatch", "not_in_hand"]
    # the line or a play: which is miscopied is not proven, but either is the record's slip, no seat's act — the
    # record's findings since s19 (before, the seat's violations, each with a ruling page)
    assert all(v.of_record for v in shown)
