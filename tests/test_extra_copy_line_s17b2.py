"""A deal line holding a copy the decks lack rules nothing on that copy (docs/rules.md §1.6; engine/extra_copies.py).

Two decks: E's line gives ♥5 ♥5 and plays both; N's line is written with a third ♥5 (26 cards) that N never
plays.  Before, N was faulted ``follow_suit`` in tricks 7 and 13 for not playing that ♥5 — a ruling on a card the
decks cannot hold beside E's two.  Now the hand is judged with and without it, and only what both give is kept:
the follow faults are withheld, an unknown (tag ``deal``) names the line and the card; the record's own findings
(the line's size, the deal not whole, the card left) stand.  Both tests fail on the code before.
"""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
HAND_1 = SAMPLE[:SAMPLE.index('[Hand "2"]')]
LINE_N = "N: H2 D2 CA CQ CJ C7 C5 C3 SQ SJ S10 S8 S7 S7 S6 S4 H8 H7 H6 DA DJ DJ D10 D9 D7"
EXTRA = HAND_1.replace(LINE_N, LINE_N.replace("H6 DA", "H6 H5 DA"), 1)
N = 0


def _hand(text: str):
    (match,), problems = parse_tgn(text)
    assert [p.code for p in problems] == ["too_many_copies"]
    return replay_match(match).hands[0]


def test_no_follow_fault_rests_on_a_copy_the_decks_lack():
    h = _hand(EXTRA)
    assert not [v for v in h.violations if v.code == "follow_suit"]      # before: tricks 7 and 13
    assert [(v.code, v.seat) for v in h.violations] == [("deal_mismatch", N), ("deal_mismatch", None),
                                                        ("deal_mismatch", N)]
    (u,) = [u for u in h.unknowns if u.tag == "deal"]
    assert "♥5 in N's deal line" in u.message_en and "legality" in u.withheld
    assert "北家的发牌行中的 ♥5" in u.message_zh
    assert not h.legality_known       # (legal is False: the record's own deal_mismatch)


def test_check_json_says_it_with_the_names_it_has(tmp_path):
    path = tmp_path / "extra.tgn"
    path.write_text(EXTRA, encoding="utf-8")
    doc = json.loads(CliRunner().invoke(main, ["check", "--json", str(path)]).output)
    (hand,) = doc["files"][0]["hands"]
    assert "follow_suit" not in [v["code"] for v in hand["violations"]]
    assert [u["tag"] for u in hand["unknown"]] == ["deal"] and "legality" in hand["unknown"][0]["withheld"]



def test_the_lines_copy_too_many_is_the_records_finding():
    """A second regression tester: N's line with a third ♥5 gave N two deal_mismatch violations (26 cards, ♥5 left
    over), counted against N in the statistics; the decks prove the line wrong: the record's findings (§13.1)."""
    h = _hand(EXTRA)
    mismatches = [v for v in h.violations if v.code == "deal_mismatch"]
    assert mismatches and all(v.of_record for v in mismatches)
