"""Options that would do nothing are said, never ignored (probe s7, task K).  Each test fails on the code before.

1. ``tractor ingest``: ``--analyse-budget`` / ``--analyse-nodes`` without ``--analyse`` (named beside
   ``--view``), ``--task-files`` without ``--scheduler``, ``--workers`` with it were ignored without a word:
   now a usage error (exit 2, bilingual, nothing written) naming them — found by click's parameter source,
   so an option given with its default value counts.  ``tractor analyse``: ``--samples`` / ``--seed``
   without ``--view`` and ``--show-hands`` with ``--json`` likewise.
2. ``tractor ingest --help``: ``--rules``, ``--rule`` and ``--max-bytes`` say that a file already in the
   dataset keeps its stored rows; the other commands' help of the same options does not.
3. ``tractor report DATASET --rules P`` judged the matches it drew again under P and counted a match it
   could not draw from the rows stored at ingest (judged under the ingest's rules), saying nothing of the
   mix: now refused, nothing written, the match named.
"""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.dataset import ingest

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "sample_logs" / "spring-cup-r2t5.tgn"
CUP_JSON = ROOT / "sample_logs" / "spring-cup-r2t5.json"
KEPT = "it keeps the rows an earlier ingest stored"


def _invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def _bilingual(output: str) -> None:
    assert " / " in output and re.search(r"[\u4e00-\u9fff]", output), output


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


# --- 1. options that would do nothing -----------------------------------------------------------------

@pytest.mark.parametrize("options, named, needed", [
    (["--analyse-budget", "3"], ["--analyse-budget"], "--analyse K"),
    (["--analyse-nodes", "400000"], ["--analyse-nodes"], "--analyse K"),          # its default value, given
    (["--analyse-budget", "3", "--analyse-nodes", "5"], ["--analyse-budget and --analyse-nodes"], "--analyse K"),
    (["--view", "--analyse-nodes", "9"], ["--analyse-nodes and --view"], "--analyse K"),    # every one named
    (["--task-files", "2"], ["--task-files"], "--scheduler"),
    (["--scheduler", "local:1", "-j", "2"], ["--workers"], "--scheduler"),
])
def test_ingest_refuses_an_option_that_would_do_nothing(tmp_path, options, named, needed):
    out = tmp_path / "ds"
    r = _invoke("ingest", SAMPLE, "-o", out, "-q", *options)
    assert r.exit_code == 2, r.output
    for name in named:
        assert name in r.output, r.output
    assert needed in r.output and "不起作用" in r.output, r.output
    _bilingual(r.output)
    assert not out.exists()                         # refused before anything is written


def test_ingest_takes_the_refinements_with_what_they_refine(tmp_path):
    r = _invoke("ingest", SAMPLE, "-o", tmp_path / "ds", "-q", "--analyse", "1", "--analyse-budget", "0.5",
                "--analyse-nodes", "20000")
    assert r.exit_code == 0, r.output
    assert (tmp_path / "ds" / "plays").is_dir()


@pytest.mark.parametrize("options, named, needed", [
    (["--samples", "3"], "--samples", "--view"),
    (["--seed", "0"], "--seed", "--view"),                                       # its default value, given
    (["--show-hands", "--json"], "--show-hands", "--json"),
])
def test_analyse_refuses_an_option_that_would_do_nothing(options, named, needed):
    r = _invoke("analyse", SAMPLE, "--hand", "5", "--last", "1", *options)
    assert r.exit_code == 2, r.output
    assert named in r.output and needed in r.output and "不起作用" in r.output, r.output
    _bilingual(r.output)
    assert "hand 5" not in r.output and '"hands"' not in r.output           # nothing analysed


def test_analyse_still_shows_hands_in_text():
    r = _invoke("analyse", SAMPLE, "--hand", "5", "--last", "1", "--show-hands")
    assert r.exit_code == 0 and "hand 5" in r.output, r.output


# --- 2. ingest's help of the shared options ------------------------------------------------------------

def _option_help(help_text: str) -> dict[str, str]:
    """Each option's help in ``--help``'s Options section, by its longest name, on one line."""
    options = help_text.split("\nOptions:\n", 1)[1]
    entries = re.split(r"\n(?=  -)", options)
    return {max(re.findall(r"--[\w-]+", e.split("  ", 2)[1]), key=len): _flat(e) for e in entries}


def test_ingest_help_says_stored_files_keep_their_rows_and_the_other_commands_do_not():
    shown = _option_help(_invoke("ingest", "--help").output)
    for option in ("--max-bytes", "--rules", "--rule"):
        assert KEPT in shown[option], (option, shown[option])
    assert KEPT not in shown["--workers"]
    for command in ("check", "replay", "analyse", "report", "ruling", "convert"):
        r = _invoke(command, "--help")
        assert r.exit_code == 0 and KEPT not in _flat(r.output), command


# --- 3. report --rules on a dataset with a match that cannot be drawn again ------------------------------

@pytest.fixture()
def undrawable(tmp_path):
    """A dataset of two matches, one read from a ``.json`` record that ``.tgn`` cannot hold (a field name
    with a space: no record text stored), whose file is then moved away: it cannot be drawn again."""
    records = tmp_path / "records"
    records.mkdir()
    shutil.copy(ROOT / "sample_logs" / "disputed-trick.tgn", records / "disputed-trick.tgn")
    record = json.loads(CUP_JSON.read_text("utf-8"))
    record["judge note"] = "signed by the table judge"
    (records / "cup.json").write_text(json.dumps(record, ensure_ascii=False), "utf-8")
    ingest(sorted(str(p) for p in records.iterdir()), str(tmp_path / "ds"))
    (records / "cup.json").rename(tmp_path / "elsewhere.json")
    return tmp_path / "ds"


def test_report_refuses_rules_when_a_dataset_match_cannot_be_drawn_again(undrawable, tmp_path):
    out = tmp_path / "report"
    earlier = _invoke("report", undrawable, "-o", out, "-q", "-j", "1")       # the record's own rules: written
    assert earlier.exit_code == 2 and (out / "index.html").is_file(), earlier.output
    before = (out / "index.html").read_bytes()
    for options in (["--rules", "tournament"], ["--rule", "decide_by_levels=on"]):
        r = _invoke("report", undrawable, "-o", out, "-q", "-j", "2", *options)
        assert r.exit_code == 2, r.output
        assert "cup.json #1" in r.stderr and "cannot be drawn again" in r.stderr, r.stderr
        assert "未生成报告" in r.stderr and "混用两套规则" in r.stderr, r.stderr
        assert (out / "index.html").read_bytes() == before           # the earlier report left as it was
        assert not [p for p in tmp_path.iterdir() if p.name.startswith(".report")]     # no temporary folder left


def test_report_with_rules_of_a_dataset_whose_matches_all_draw_is_written(tmp_path):
    ingest([str(SAMPLE)], str(tmp_path / "ds"))
    r = _invoke("report", tmp_path / "ds", "-o", tmp_path / "report", "-q", "-j", "1", "--rules", "tournament")
    assert r.exit_code == 0, r.output
    assert (tmp_path / "report" / "index.html").is_file()
