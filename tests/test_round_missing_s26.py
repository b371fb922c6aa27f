"""A whole round with no match on record (an organiser's tester: round 2's four records not copied): the
standings said nothing — the note on teams missing from a round cannot ask, as no team played it — and
``--after-round 2`` printed round 1's standings without a word.  Now a note names the round."""
from __future__ import annotations

import shutil
from pathlib import Path

from event_helpers import EVENT, run_cli

from tractor_analysis.dataset.event import read_inputs
from tractor_analysis.dataset.event_warnings import warnings
from tractor_analysis.dataset.standings import select


def _rounds(tmp_path: Path, *rounds: int) -> Path:
    out = tmp_path / "event"
    out.mkdir(parents=True)
    for r in rounds:
        for p in EVENT.glob(f"r{r}t*.tgn"):
            shutil.copy(p, out / p.name)
    return out


def _notes(folder: Path, after_round=None, awards=()) -> list[str]:
    matches, _, _ = read_inputs([str(folder)])
    chosen, _ = select(matches, after_round=after_round)
    return [n for n in warnings(chosen, matches, awards, after_round=after_round) if "no match on record" in n]


def test_a_round_with_no_record_is_named(tmp_path):
    folder = _rounds(tmp_path, 1, 3)
    (note,) = _notes(folder)
    assert note.startswith("round 2: no match on record") and "rounds 1, 3 have" in note
    assert "第 2 轮：没有任何比赛记录" in note
    r = run_cli("standings", str(folder))
    assert "round 2: no match on record" in r.output


def test_after_a_round_with_no_record(tmp_path):
    folder = _rounds(tmp_path, 1, 3)
    (note,) = _notes(folder, after_round=2)
    assert note.startswith("round 2 (--after-round 2): no match on record") and "round 1 has" in note
    (note,) = _notes(folder, after_round=5)
    assert note.startswith("rounds 2, 4, 5 (--after-round 5)")


def test_every_round_on_record_gives_no_note(tmp_path):
    assert _notes(_rounds(tmp_path, 1, 2, 3)) == []
    assert _notes(_rounds(tmp_path / "x", 1, 2, 3), after_round=2) == []


def test_a_walkover_stated_past_the_last_round(tmp_path):
    from tractor_analysis.dataset.awards import Award

    folder = _rounds(tmp_path, 1, 2, 3)
    (note,) = _notes(folder, awards=(Award(5, "Red Lanterns", "Iron Oxen"),))
    assert note.startswith("round 4: no match on record")
