"""Every violation names where it is in the record: the play of a trick violation, the tag or
line of a hand check (``path:line:column`` in ``check``, ``line``/``column`` in ``--json`` and
in the dataset's ``violations`` table)."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.records import format_json
from tractor_analysis.records.locate import violation_position
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.engine.replay import replay_match

SAMPLES = Path(__file__).resolve().parent.parent / "sample_logs"


EDITS = {
    "level_mismatch": ('[Level "2"]', '[Level "3"]', '[Level "3"]'),
    "bad_bury": ("Buried: SQ S3", "Buried: SQ BJ", "Buried:"),                 # no third BJ to bury
    "deal_mismatch": ("N: H2 D2 CA", "N: D2 CA", "N: D2 CA"),                   # N dealt 24
    # S held ♥3 (played in trick 8 instead: a card of S's own line either way, so no line in doubt)
    "follow_suit": ("S: H4 H3, W: H10 H10, N: H7 H6\n7. E: H5 H5, S: H9 H9, W: HK D8, N: S10 H8\n8. S: S3,",
                    "S: H4 S3, W: H10 H10, N: H7 H6\n7. E: H5 H5, S: H9 H9, W: HK D8, N: S10 H8\n8. S: H3,",
                    "S: H4 S3"),
}


def _edited_sample(code: str = "bad_bury") -> str:
    """Hand 1 of the sample match with one thing wrong at the table."""
    text = (SAMPLES / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
    head = text.split('[Hand "2"]', 1)[0]
    old, new, _ = EDITS[code]
    assert old in head
    return head.replace(old, new, 1)


def _pos(text: str, needle: str) -> tuple[int, int]:
    for i, line in enumerate(text.splitlines(), 1):
        col = line.find(needle)
        if col >= 0:
            return i, col + 1
    raise AssertionError(needle)


def test_each_violation_points_at_its_play_or_tag():
    for code, (_old, _new, needle) in EDITS.items():
        text = _edited_sample(code)
        match = parse_tgn(text)[0][0]
        result = replay_match(match).hands[0]
        first = [v for v in result.violations if v.code == code][0]
        assert violation_position(match.hands[0], first) == _pos(text, needle), code


def test_check_prints_the_position_and_json_carries_it(tmp_path):
    path = tmp_path / "edited.tgn"
    text = _edited_sample()
    path.write_text(text, encoding="utf-8")
    out = CliRunner().invoke(main, ["check", str(path)]).output
    line, column = _pos(text, "Buried:")
    assert f"bad_bury  {path}:{line}:{column}" in out
    doc = json.loads(CliRunner().invoke(main, ["check", str(path), "--json"]).output)
    bury = [v for v in doc["files"][0]["hands"][0]["violations"] if v["code"] == "bad_bury"][0]
    assert (bury["line"], bury["column"]) == (line, column)


def test_a_json_record_has_no_positions_for_its_tags(tmp_path):
    matches, _ = parse_tgn(_edited_sample())
    path = tmp_path / "edited.json"
    path.write_text(format_json(matches[0]), encoding="utf-8")
    doc = json.loads(CliRunner().invoke(main, ["check", str(path), "--json"]).output)
    bury = [v for v in doc["files"][0]["hands"][0]["violations"] if v["code"] == "bad_bury"][0]
    assert bury["line"] is None and bury["column"] is None


def test_the_dataset_keeps_each_violations_position(tmp_path):
    from tractor_analysis.dataset import load
    from tractor_analysis.dataset.pipeline import ingest

    text = _edited_sample()
    path = tmp_path / "edited.tgn"
    path.write_text(text, encoding="utf-8")
    ingest([str(path)], str(tmp_path / "ds"))
    v = load(str(tmp_path / "ds")).violations
    row = v[v.code == "bad_bury"].iloc[0]
    assert (int(row.line), int(row.column)) == _pos(text, "Buried:")
    text = _edited_sample("follow_suit")
    path.write_text(text, encoding="utf-8")
    ingest([str(path)], str(tmp_path / "ds2"))
    v = load(str(tmp_path / "ds2")).violations
    follow = v[v.trick_no == 6].iloc[0]
    assert (int(follow.line), int(follow.column)) == _pos(text, "S: H4 S3")


def test_the_hand_page_names_the_record_line_of_each_violation(tmp_path):
    from tractor_analysis.reports.build import write_hand_pages

    text = (SAMPLES / "disputed-trick.tgn").read_text(encoding="utf-8")
    match = parse_tgn(text)[0][0]
    page = write_hand_pages(tmp_path / "h.html", [(match, replay_match(match))])[0].read_text(encoding="utf-8")
    line, column = _pos(text, "N: H9 H3")
    assert f"record line {line}:{column} / 记录第 {line} 行第 {column} 列" in page
