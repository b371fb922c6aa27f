"""Streaming: a pending report model is written one match at a time, byte for byte the report built
in memory."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from report_builders import (
    check_links,
)
from tractor_analysis.reports import build

# --- streaming: a pending model is written one match at a time -----------------------------
_CHART_ID_RE = re.compile(r'(\bid="|url\(#|href="#)c\d+-')


def _report_files(out: Path) -> dict[str, str]:
    """Every file of a report, chart ids made neutral (their prefix counts charts per process)."""
    return {str(p.relative_to(out)): _CHART_ID_RE.sub(r"\1c-", p.read_text("utf-8"))
            for p in sorted(out.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def record_folder(tmp_path_factory):
    """Three simulated matches with injected violations: two in one file, one in another."""
    from tractor_analysis.records import format_jsonl
    from tractor_analysis.records.sources import load_file
    from tractor_analysis.records.tgn_writer import format_tgn
    from tractor_analysis.simulate import simulate_match

    folder = tmp_path_factory.mktemp("records")
    matches = [simulate_match(11, i, violation_rate=0.05, max_hands=3) for i in range(3)]
    (folder / "a-pair.jsonl").write_text(format_jsonl(matches[:2]), "utf-8")
    (folder / "b-one.tgn").write_text(format_tgn(matches[2]), "utf-8")
    assert len(load_file(folder / "a-pair.jsonl").matches) == 2
    return folder


@pytest.mark.parametrize("mode", build.HAND_PAGES)
def test_streamed_report_is_the_report_built_in_memory_byte_for_byte(record_folder, tmp_path, mode):
    streamed = build.build_report([str(record_folder), str(tmp_path / "missing")])
    assert streamed.pending is not None
    s_out = build.write_report(streamed, tmp_path / "streamed", hand_pages=mode)
    in_memory = build.build_report([str(record_folder), str(tmp_path / "missing")])
    in_memory.settle()
    assert in_memory.pending is None and in_memory.matches[0].hands[0].tricks   # full views
    m_out = build.write_report(in_memory, tmp_path / "memory", hand_pages=mode)
    assert _report_files(s_out) == _report_files(m_out)
    pages = [p for p in s_out.glob("m-*-h*.html")]
    with_violation = sum(h.violation_count > 0 for m in in_memory.matches for h in m.hands)
    assert len(pages) == {"all": sum(len(m.hands) for m in in_memory.matches),
                          "violations": with_violation, "none": 0}[mode]
    assert with_violation and check_links(s_out) > 5
    # what the streamed model keeps: the index's rows and each match's hand summaries
    assert [f.match for f in streamed.match_facts] == [f.match for f in in_memory.match_facts]
    assert streamed.hand_facts == in_memory.hand_facts and streamed.problems == in_memory.problems
    assert len(streamed.problems) == 1 and streamed.problems[0].code == "unreadable_file"
    for kept, full in zip(streamed.matches, in_memory.matches):
        assert kept.charts == () and all(h.tricks == () for h in kept.hands)
        assert [(h.filename, h.violation_count) for h in kept.hands] == \
            [(h.filename, h.violation_count) for h in full.hands]


def test_each_match_is_written_before_the_next_is_replayed(record_folder, tmp_path, monkeypatch):
    from tractor_analysis.engine import replay

    real = replay.replay_match
    seen: list[int] = []

    def replay_and_look(match, rules=None):
        # the match pages already in the temporary folder next to the report
        seen.append(len(list(tmp_path.glob(".r.*/m-*[0-9a-z].html"))) -
                    len(list(tmp_path.glob(".r.*/m-*-h*.html"))))
        return real(match, rules)

    monkeypatch.setattr(replay, "replay_match", replay_and_look)
    build.write_report(build.build_report([str(record_folder)]), tmp_path / "r")
    assert seen == [0, 1, 2]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r"]


def test_reading_a_pending_model_builds_it_in_memory(record_folder):
    model = build.build_report([str(record_folder)])
    assert "pending" in repr(model)
    assert len(model.match_facts) == 3 and model.pending is None      # read: settled
    assert all(h.tricks for m in model.matches for h in m.hands)
    assert model.tables is not None and not model.replayed
