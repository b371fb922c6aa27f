"""A walkover stated for a pairing whose match is on record but not decided (an abandoned match the organiser
rules): before, no note said the two collide, and the ranks stayed provisional on the record as if it could
still be counted beside the walkover.  An organiser's tester: round 3 table 1 (Red Lanterns v Silver Cranes)
cut inside its sixth hand, no [Claim]."""
from __future__ import annotations

import shutil
from pathlib import Path

from event_helpers import EVENT, run_cli

from tractor_analysis.dataset.awards import Award, award_notes
from tractor_analysis.dataset.event import read_inputs
from tractor_analysis.dataset.provisional import pending
from tractor_analysis.dataset.standings import select

WALKOVER = Award(3, "Red Lanterns", "Silver Cranes")


def _event(tmp_path: Path) -> Path:
    out = tmp_path / "event"
    shutil.copytree(EVENT, out, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    lines = (EVENT / "r3t1.tgn").read_text("utf-8").splitlines(keepends=True)
    (out / "r3t1.tgn").write_text("".join(lines[:172]), "utf-8")
    return out


def test_the_walkover_rules_the_undecided_record_of_its_pairing(tmp_path):
    matches, _, _ = read_inputs([str(_event(tmp_path))])
    chosen, _ = select(matches)
    (open_,) = pending(matches)
    assert set(open_.teams) == {"Red Lanterns", "Silver Cranes"}
    assert pending(matches, awards=[WALKOVER]) == []
    assert pending(matches, awards=[Award(3, "Red Lanterns", "Iron Oxen")]) == [open_]     # another pairing
    (note,) = [n for n in award_notes([WALKOVER], chosen, matches) if "records that match" in n]
    assert "r3t1.tgn" in note and "the walkover counts as stated, the record for nobody" in note
    assert "不战而胜按所给计入" in note


def test_the_standings_are_final_with_the_ruling(tmp_path):
    folder = _event(tmp_path)
    assert "provisional" in run_cli("standings", str(folder)).output
    r = run_cli("standings", str(folder), "--walkover", "3", "Red Lanterns", "Silver Cranes")
    assert "* provisional" not in r.output and "records that match" in r.output
