"""An organiser's records as a tester broke them (each the 8-team event of tests/data/event with
one change): a round or table number in digits ``int`` does not read, the same team on both sides,
a record that could not be read, event names written two ways, a match without [Round] under
--after-round, a match both sides forfeited.  No traceback; every note bilingual, naming the file."""
from __future__ import annotations

import json
import re
import shutil

import pytest
from click.testing import CliRunner
from event_helpers import bilingual, copy_event, edit_record, run_cli

from tractor_analysis.cli.main import main
from tractor_analysis.dataset.event_model import round_number



def _played(r) -> dict[str, int]:
    return {row["team"]: row["played"] for row in json.loads(r.stdout)}


@pytest.mark.parametrize("text", ["²", "①", "０", "２", "٢", "0", "00", "-1", "1e0", "2a", "", "1" * 5000])
def test_only_ascii_digits_1_and_up_are_a_round_number(text):
    assert round_number(text) is None


@pytest.mark.parametrize("text, n", [("2", 2), (" 2 ", 2), ("02", 2), ("999999999", 999999999)])
def test_a_round_number_in_ascii_digits_reads_as_written(text, n):
    assert round_number(text) == n


@pytest.mark.parametrize("tag, value", [("Round", "²"), ("Round", "①"), ("Round", "２"), ("Round", "0"),
                                        ("Table", "²")])
def test_a_number_int_cannot_read_is_not_a_round_and_crashes_nothing(tmp_path, tag, value):
    folder = copy_event(tmp_path)
    edit_record(folder / "r2t2.tgn", f'[{tag} "2"]', f'[{tag} "{value}"]')
    for cmd in ("standings", "ratings"):
        r = run_cli(cmd, str(folder), "--format", "json")
        if tag == "Round":
            line = next(n for n in r.stderr.splitlines() if "r2t2.tgn" in n)
            assert f'[Round] "{value}" is not a round number' in line and "不是轮次编号" in line, line
            assert "not counted" in line and "未计入" in line
            bilingual(line, once=False)
    if tag == "Round":
        assert _played(run_cli("standings", str(folder), "--format", "json"))["Silver Cranes"] == 2
    run_cli("standings", str(folder), "--html", str(tmp_path / "s.html"))
    r = CliRunner().invoke(main, ["report", str(folder), "-o", str(tmp_path / "rep"), "-q"])
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)


def test_a_match_with_the_same_team_on_both_sides_is_left_out_with_a_note(tmp_path):
    folder = copy_event(tmp_path)
    edit_record(folder / "r2t2.tgn", '[TeamEW "Night Owls"]', '[TeamEW "Silver Cranes"]')
    r = run_cli("standings", str(folder), "--format", "json")
    rows = {row["team"]: row for row in json.loads(r.stdout)}
    assert rows["Silver Cranes"]["played"] == 2 and rows["Silver Cranes"]["won"] + rows["Silver Cranes"]["lost"] == 2
    line = next(n for n in r.stderr.splitlines() if "r2t2.tgn" in n and "cannot play itself" in n)
    assert '"Silver Cranes"' in line and "队伍不能与自己比赛" in line
    bilingual(line, once=False)


def test_an_unreadable_record_is_named_not_counted_with_its_position_and_exits_2(tmp_path):
    folder = copy_event(tmp_path)
    run_cli("convert", str(folder / "r2t2.tgn"), "-o", str(folder / "r2t2.json"))
    (folder / "r2t2.tgn").unlink()
    edit_record(folder / "r2t2.json", '"table"', ',,"table"')
    for cmd in ("standings", "ratings"):
        r = run_cli(cmd, str(folder), "--format", "json", code=2)
        json.loads(r.stdout)                          # the rest is still printed
        line = next(n for n in r.stderr.splitlines() if "r2t2.json" in n)
        assert re.match(r".*r2t2\.json:\d+:\d+: ", line), line
        assert "not counted" in line and "未计入" in line
        bilingual(line, once=False)
    ds = str(tmp_path / "ds")
    CliRunner().invoke(main, ["ingest", str(folder), "-o", ds])
    r = run_cli("standings", ds, "--format", "json", code=2)
    assert "r2t2.json" in r.stderr and "未计入" in r.stderr


def test_a_match_that_lost_a_hand_to_the_reader_is_not_counted(tmp_path):
    folder = copy_event(tmp_path)
    run_cli("convert", str(folder / "r2t2.tgn"), "-o", str(folder / "r2t2.json"))
    (folder / "r2t2.tgn").unlink()
    data = json.loads((folder / "r2t2.json").read_text("utf-8"))
    match = data[0] if isinstance(data, list) else data
    match["hands"][-1]["tricks"] = "not a list"
    (folder / "r2t2.json").write_text(json.dumps(data, ensure_ascii=False, indent=1), "utf-8")
    r = run_cli("standings", str(folder), "--format", "json", code=2)
    assert _played(r)["Silver Cranes"] == 2
    line = next(n for n in r.stderr.splitlines() if "r2t2.json" in n)
    assert "result is not known" in line and "未计入" in line
    bilingual(line, once=False)


def test_event_names_differing_only_in_case_are_flagged_and_the_round_checks_fire(tmp_path):
    folder = copy_event(tmp_path)
    shutil.copy(folder / "r2t2.tgn", folder / "zz.tgn")
    edit_record(folder / "zz.tgn", '[Event "Lantern Cup 2026"]', '[Event "Lantern cup 2026"]')
    # the same match re-typed with the event name in another case: one match, counted once
    r = run_cli("standings", str(folder))
    twice = next(n for n in r.stderr.splitlines() if n.startswith(f"{folder / 'zz.tgn'}: "))
    assert "recorded twice, counted once" in twice and '[Event] "Lantern cup 2026"' in twice and "只计一次" in twice
    # another match (another North) under the event name in another case: flagged, and the round checks fire
    edit_record(folder / "zz.tgn", '[North "陈静"]', '[North "陈晶"]')
    r = run_cli("standings", str(folder))
    lines = r.stderr.splitlines()
    event = next(n for n in lines if "event names that differ only in letter case" in n)
    assert "zz.tgn" in event and "赛事名称仅大小写或空格不同" in event
    assert any("round 2: table 2 has 2 matches" in n and "zz.tgn" in n for n in lines), r.stderr
    assert any('round 2: "Silver Cranes" plays 2 matches' in n for n in lines), r.stderr
    r = run_cli("standings", str(folder), "--event", "Lantern Cup 2026")
    line = next(n for n in r.stderr.splitlines() if "zz.tgn" in n)
    assert "only in letter case or spacing" in line and "未计入" in line
    bilingual(line, once=False)


def test_after_round_says_a_match_has_no_round_tag(tmp_path):
    folder = copy_event(tmp_path)
    edit_record(folder / "r2t2.tgn", '[Round "2"]\n', "")
    r = run_cli("standings", str(folder), "--after-round", "3")
    line = next(n for n in r.stderr.splitlines() if "r2t2.tgn" in n)
    assert "has no [Round]" in line and "没有 [Round] 标签" in line and "None" not in line
    en, _, zh = line.partition(" / ")
    assert "r2t2.tgn" in zh                           # the Chinese half names the file too


def test_a_match_both_sides_forfeited_is_noted_in_the_standings(tmp_path):
    folder = copy_event(tmp_path)
    edit_record(folder / "r1t1.tgn", '[Level "2"]\n', '[Level "2"]\n[Takebacks "N N N E E E"]\n')
    r = run_cli("standings", str(folder), "--format", "json")
    line = next(n for n in r.stderr.splitlines() if "r1t1.tgn" in n)
    assert "both sides forfeited" in line and "counted" in line and "双方均累计判负" in line and "计入" in line
    bilingual(line, once=False)
    assert _played(r)["Red Lanterns"] == 3
