"""A Botzone hand's outcome on the report's pages (docs/format.md, Botzone; docs/rules.md §8.1 ``botzone``).

A platform tester: the hand and match pages said "attackers take the deal; E–W go up 2 levels" beside "E–W 2 → 2"
— a Botzone match is one hand scored in match points, no level changes, and ``check`` says the points.  The
pages now say what ``check`` says."""
from __future__ import annotations

import gzip
from pathlib import Path

from reports.hand_page import _outcome_view
from tractor_analysis.engine.explain_hand import describe_levels
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.botzone_reader import parse_botzone

DATA = Path(__file__).parent / "data" / "botzone"


def test_a_botzone_hand_page_gives_match_points_not_levels():
    path = next(p for p in sorted(DATA.iterdir()) if p.suffix in (".gz", ".ndjson", ".jsonl"))
    raw = gzip.open(path, "rt", encoding="utf-8").read() if path.suffix == ".gz" else path.read_text(encoding="utf-8")
    matches, _ = parse_botzone(raw)
    seen = 0
    for match in matches:
        for h in replay_match(match).hands:
            o = h.outcome
            if o is None or o.reason != "match_points":
                continue
            view = _outcome_view(h, ("N", "E", "S", "W"))
            assert (view.zh, view.en)[1].startswith(describe_levels(o.winner, o.levels, o.reason)[1])
            assert "go up" not in view.en and "升" not in view.zh and "each, the other side 0" in view.en
            seen += 1
    assert seen
