"""A match whose record file was cut short (a gzip stream cut: ``truncated_file``, :attr:`Match.truncated`)
is worded for what it is wherever its result is said to people — the record stops at the damage, not
where the match ended, so who won and the final levels are not known — never decided "when the record
ends" (its ruleset decides a match cut short by the levels: the whole record is N–S's, 5 to 4).

Before: ``tractor report`` of a dataset drew the match from the record text the dataset stores, which
does not say the file was cut, and its match page read "N–S won the match: higher level when the record
ends" (the index's and the event's standings credited that win too)."""
from __future__ import annotations

import zlib
from pathlib import Path

import pytest

from cli_runs import run_in
from tractor_analysis.engine.explain_hand import match_decision_text
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.scoring import RECORD_CUT, decide_match
from tractor_analysis.records.sources import load_bytes
from tractor_analysis.records.tgn_writer import format_tgn
from tractor_analysis.simulate import simulate_match

MATCH = simulate_match(21, 1, max_hands=6)        # decide_by_levels on: the whole record is N–S's, 5 to 4
TEXT = format_tgn(MATCH)
TRICK = "8. E: CA C8, S: C6 C3, W: HK H10, N: S8 S7"     # hand 5's trick 8
CUT_EN = ("not decided: the file is damaged (truncated_file), so the record stops where the damage is, not "
          "where the match ended: who won and the final levels are not known")
CUT_ZH = "未分胜负：文件已损坏（truncated_file），记录在损坏处中断而非比赛结束处：胜负与最终级别未知"


def run(*args, cwd):
    """``tractor ARGS`` run in ``cwd``, in this process (:func:`cli_runs.run_in`)."""
    return run_in(*args, cwd=cwd)


def cut_gzip() -> bytes:
    """A gzip stream cut short inside hand 5 (as tests/test_truncated_stream.py makes one)."""
    cut = TEXT.index(TRICK) + len(TRICK) - len(" S7")
    co = zlib.compressobj(9, zlib.DEFLATED, 31)
    return co.compress(TEXT[:cut].encode("utf-8")) + co.flush(zlib.Z_SYNC_FLUSH)


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("cut")
    (d / "m.tgn.gz").write_bytes(cut_gzip())
    return d


def pages(report: Path) -> dict[str, str]:
    return {p.name: p.read_text("utf-8") for p in report.glob("*.html")}


def test_the_decision_of_a_cut_record_is_worded_as_cut():
    [match] = load_bytes(cut_gzip(), "m.tgn.gz").matches
    assert match.truncated
    result = replay_match(match)
    assert decide_match(result) == (None, RECORD_CUT) and result.decided_by is None
    assert match_decision_text(None, RECORD_CUT) == (CUT_EN, CUT_ZH)
    whole = replay_match(MATCH)
    assert (whole.winner, whole.decided_by) == (0, "levels")        # what the cut would have guessed


def test_check_says_the_record_is_cut(folder):
    r = run("check", "m.tgn.gz", cwd=folder)
    assert f"{CUT_EN} / {CUT_ZH}" in r.stdout, r.stdout
    assert "won the match" not in r.stdout


@pytest.mark.parametrize("source", ["file", "dataset"])
def test_the_report_says_the_record_is_cut(folder, source, tmp_path):
    inputs = folder / "m.tgn.gz"
    if source == "dataset":
        inputs = tmp_path / "ds"
        r = run("ingest", folder / "m.tgn.gz", "-o", inputs, "-q", cwd=tmp_path)
        assert r.returncode == 2 and "truncated" in r.stderr, r.stderr      # the cut is an error row
    out = tmp_path / "report"
    r = run("report", inputs, "-o", out, "--no-charts", cwd=tmp_path)
    assert r.returncode == 2, r.stderr                   # the truncated_file problem
    written = pages(out)
    assert CUT_EN in written["m-m.html"] and CUT_ZH in written["m-m.html"]       # the match page
    for name, page in written.items():          # no page credits a win: not the index, not a player's
        assert "won the match" not in page and "获胜" not in page, name


def test_a_report_from_a_dataset_follows_its_cut_short_column_not_the_last_match_of_a_damaged_file():
    """A damaged file whose last stored match was read whole (the damage cut what came after it):
    ingest's ``cut_short`` says no match was cut; the last match of the file must not be marked so."""
    from types import SimpleNamespace

    import pandas as pd

    from tractor_analysis.reports.dataset_input import _cut_by_damage

    errors = pd.DataFrame({"code": ["truncated_file"], "source_sha256": ["abc"]})
    matches = pd.DataFrame({"match_id": ["m0", "m1"], "source_sha256": ["abc", "abc"], "match_index": [0, 1],
                            "cut_short": [False, False]})
    assert _cut_by_damage(SimpleNamespace(errors=errors, matches=matches)) == set()
    assert _cut_by_damage(SimpleNamespace(errors=errors, matches=matches.assign(cut_short=[False, True]))) == {"m1"}
    older = matches.drop(columns="cut_short")       # a dataset written before the column: the last match
    assert _cut_by_damage(SimpleNamespace(errors=errors, matches=older)) == {"m1"}
