"""`tractor convert`: every direction round-trips, output is atomic, bad input writes nothing."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from tractor_analysis.cli import convert as convert_module
from tractor_analysis.cli.main import main
from tractor_analysis.records import format_jsonl
from tractor_analysis.records.sources import load_file

SAMPLES = Path(__file__).resolve().parent.parent / "sample_logs"
MATCH_TGN = SAMPLES / "spring-cup-r2t5.tgn"
MATCH_JSON = SAMPLES / "spring-cup-r2t5.json"
GBK = SAMPLES / "gbk-club-night.tgn"


def run(*args: str):
    return CliRunner().invoke(main, ["convert", *map(str, args)])


def test_tgn_to_json_on_stdout_is_the_json_sample():
    r = run(MATCH_TGN, "--to", "json")
    assert r.exit_code == 0, r.output
    assert r.stdout == MATCH_JSON.read_text(encoding="utf-8")


def test_json_to_tgn_parses_back_to_the_same_match(tmp_path):
    out = tmp_path / "back.tgn"
    r = run(MATCH_JSON, "-o", out)
    assert r.exit_code == 0, r.output
    assert r.stdout == ""                                 # data went to the file
    assert "wrote" in r.stderr
    assert load_file(out).matches == load_file(MATCH_TGN).matches


def test_gbk_record_converts_to_utf8(tmp_path):
    out = tmp_path / "club.tgn"
    assert run(GBK, "--to", "tgn", "-o", out).exit_code == 0
    text = out.read_bytes().decode("utf-8")
    assert "周五俱乐部之夜" in text and "赵磊" in text
    assert load_file(out).matches == load_file(GBK).matches


def test_jsonl_holds_several_matches_and_tgn_refuses_them(tmp_path):
    both = tmp_path / "both.jsonl"
    both.write_text(format_jsonl([load_file(MATCH_TGN).matches[0], load_file(GBK).matches[0]]),
                    encoding="utf-8")
    r = run(both, "--to", "jsonl")
    assert r.exit_code == 0
    assert [json.loads(line)["event"] for line in r.stdout.splitlines()] == [
        "Spring Cup 2026 春季杯", "周五俱乐部之夜"]
    for to in ("tgn", "json"):       # input that cannot be converted: 2, as the exit-code table says
        r = run(both, "--to", to)
        assert r.exit_code == 2 and r.stdout == ""
        assert "one match" in r.output and "--to jsonl" in r.output


def test_format_comes_from_the_output_extension(tmp_path):
    out = tmp_path / "m.jsonl"
    assert run(MATCH_TGN, "-o", out).exit_code == 0
    assert len(out.read_text(encoding="utf-8").splitlines()) == 1


def test_no_format_is_a_usage_error():
    r = run(MATCH_TGN)
    assert r.exit_code == 2
    assert "--to" in r.output


def test_record_with_errors_is_not_converted(tmp_path):
    bad = tmp_path / "bad.tgn"
    bad.write_text('[Hand "1"]\n[Dealer "N"]\n[Trump "H"]\n1. N: SA, E: SX, S: S3, W: S4\n', encoding="utf-8")
    out = tmp_path / "out.json"
    r = run(bad, "-o", out)
    assert r.exit_code == 2
    assert f"{bad}:4:" in r.stderr and "not converted" in r.stderr
    assert not out.exists()


def test_missing_input_exits_2(tmp_path):
    r = run(tmp_path / "none.tgn", "--to", "json")
    assert r.exit_code == 2
    assert "cannot read" in r.stderr


def test_overwrite_is_atomic_and_leaves_no_temporary_files(tmp_path):
    out = tmp_path / "m.json"
    out.write_text("old", encoding="utf-8")
    assert run(MATCH_TGN, "-o", out).exit_code == 0
    assert out.read_text(encoding="utf-8") == MATCH_JSON.read_text(encoding="utf-8")
    assert os.listdir(tmp_path) == ["m.json"]


def test_a_failed_write_keeps_the_old_file_and_cleans_up(tmp_path, monkeypatch):
    out = tmp_path / "m.json"
    out.write_text("old", encoding="utf-8")

    def refuse(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(convert_module.os, "replace", refuse)
    r = run(MATCH_TGN, "-o", out)
    assert r.exit_code == 2                    # 1 is "a violation was found"
    assert "cannot write" in r.output
    assert out.read_text(encoding="utf-8") == "old"
    assert os.listdir(tmp_path) == ["m.json"]


@pytest.mark.parametrize("fmt", ["tgn", "json", "jsonl"])
def test_every_format_round_trips_through_convert(tmp_path, fmt):
    out = tmp_path / f"m.{fmt}"
    assert run(MATCH_TGN, "--to", fmt, "-o", out).exit_code == 0
    again = tmp_path / f"again.{fmt}"
    assert run(out, "--to", fmt, "-o", again).exit_code == 0
    assert again.read_bytes() == out.read_bytes()
    assert load_file(out).matches == load_file(MATCH_TGN).matches
