"""The hand page's violation list says the play derived and the play written (round 19, task C, item 4).

tests/test_ruling_derived_play_s18r.py's PAIR: ``2. … N: DA DA`` where the decks prove N's play miscopied; the
engine derives ``N: DJ DA`` and judges N's follow_pair on it, the violation's ``played`` keeping the cards as
written.  The trick diagram, the ruling page and ``check`` show both; the hand page's violation box said "played /
出牌: ♦A ♦A" — cards the tool says cannot be what was played.  It now says "played (derived) / 实出（推出）: ♦A ♦J;
written / 记录为: ♦A ♦A".  Control: the same fault as written (AS_WRITTEN) stays "played / 出牌".
"""
from __future__ import annotations

import re
from pathlib import Path

from cli_runs import run_in
from test_readings_agree_s18d import PAIR
from test_ruling_derived_play_s18r import AS_WRITTEN


def _violation_box(tmp_path: Path, text: str, code: str = "follow_pair") -> str:
    path = tmp_path / "rec.tgn"
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "rep"
    r = run_in("report", path, "-o", out)
    assert r.returncode in (0, 2), r.stderr       # 2: PAIR's plays hold a third ♦A (the reader's diagnostic)
    (page,) = [p.read_text("utf-8") for p in out.glob("*-h1.html")]
    start = page.index(f'data-code="{code}"')
    return page[start:page.index('<div class="small muted">', start)]


def _titles(fragment: str) -> list[str]:
    return re.findall(r'title="(\w+)"', fragment)


def test_the_violation_box_says_the_play_derived_and_the_play_written(tmp_path):
    box = _violation_box(tmp_path, PAIR)
    assert "played / 出牌:" not in box                # before: "played / 出牌: ♦A ♦A"
    derived, written = box.split("played (derived) / 实出（推出）:")[1].split("; written / 记录为:")
    assert sorted(_titles(derived)) == ["DA", "DJ"]
    assert _titles(written.split("better play held")[0]) == ["DA", "DA"]


def test_control_a_play_as_written_is_the_play(tmp_path):
    box = _violation_box(tmp_path, AS_WRITTEN)
    assert "(derived)" not in box and "记录为" not in box
    assert sorted(_titles(box.split("played / 出牌:")[1].split("</div>")[0])) == ["DA", "DJ"]


def test_the_records_own_finding_on_the_written_play_keeps_the_cards_written(tmp_path):
    box = _violation_box(tmp_path, PAIR, "not_in_hand")
    assert "(derived)" not in box and _titles(box.split("played / 出牌:")[1].split("</div>")[0]) == ["DA", "DA"]
