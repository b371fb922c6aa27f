"""Team tags ``[TeamNS]`` / ``[TeamEW]`` (JSON ``"teams"``): read, written, round-tripped, stored."""
from __future__ import annotations

import pyarrow.parquet as pq

from tractor_analysis.dataset import ingest
from tractor_analysis.records import format_json, format_tgn, match_to_dict, parse_json, parse_tgn

RECORD = """[Event "Spring Cup"]
[Round "2"]
[Table "5"]
[North "Li"]
[East "Zhao"]
[South "Chen"]
[West "Sun"]
[TeamNS "Red Lanterns"]
[teamew "Jade \\"Dragons\\""]
"""


def test_team_tags_are_read_written_and_round_tripped():
    (m,), problems = parse_tgn(RECORD)
    assert problems == []
    assert m.teams == ("Red Lanterns", 'Jade "Dragons"')
    assert m.tags == ()                       # not kept as unknown tags any more
    text = format_tgn(m)
    assert '[TeamNS "Red Lanterns"]\n[TeamEW "Jade \\"Dragons\\""]' in text
    assert parse_tgn(text) == ([m], [])
    assert match_to_dict(m)["teams"] == {"NS": "Red Lanterns", "EW": 'Jade "Dragons"'}
    assert parse_json(format_json(m)) == ([m], [])


def test_json_teams_may_name_one_side_and_a_bad_shape_is_reported():
    (m,), problems = parse_json('{"teams": {"EW": "Jade"}, "hands": []}')
    assert problems == [] and m.teams == (None, "Jade")
    assert "teams" not in match_to_dict(parse_json('{"hands": []}')[0][0])
    matches, problems = parse_json('{"teams": ["a", "b"], "hands": []}')
    assert matches == [] and [p.code for p in problems] == ["json_shape"]
    matches, problems = parse_json('{"teams": {"XY": "a"}, "hands": []}')
    assert matches == [] and "expected NS or EW" in problems[0].message


def test_teams_are_stored_in_the_matches_table(tmp_path):
    (tmp_path / "a.tgn").write_text(RECORD + '\n[Hand "1"]\n[Dealer "N"]\n[Trump "H"]\n', encoding="utf-8")
    (tmp_path / "b.tgn").write_text('[North "x"]\n\n[Hand "1"]\n[Dealer "N"]\n[Trump "H"]\n', encoding="utf-8")
    ingest([str(tmp_path / "a.tgn"), str(tmp_path / "b.tgn")], str(tmp_path / "ds"))
    rows = pq.read_table(tmp_path / "ds" / "matches").to_pylist()
    got = sorted((r["team_ns"] or "", r["team_ew"] or "") for r in rows)
    assert got == [("", ""), ("Red Lanterns", 'Jade "Dragons"')]
