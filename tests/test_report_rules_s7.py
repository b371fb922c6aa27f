"""``tractor report DATASET --rules P`` judges every table under P (probe s7, task K2).  Each test fails on the
code before.

The report of a dataset under other rules drew each match again from its stored record and judged it under P,
but built the by-player statistics tables and the standings from the rows stored at ingest (judged under the
ingest's rules): the violations by player said "none" where the same records reported as files under P give two
``level_mismatch`` rows.  Now the rows of a dataset's drawn matches come from their replays under P, as a record
file's do, so the report of a dataset under P is the report of its record files under P, table for table, with
one process or several; without rules the dataset's stored rows are read, as before.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.dataset import ingest
from tractor_analysis.reports import build
from tractor_analysis.reports import dataset_input

pytestmark = pytest.mark.xdist_group("test_report_rules_s7")
"""The module's tests on one worker of ``make test`` (``--dist loadgroup``): its module fixtures are built once."""

ROOT = Path(__file__).resolve().parent.parent
EVENT = ROOT / "tests" / "data" / "event"
SAMPLES = ROOT / "sample_logs"

_SECTION_RE = re.compile(r'<section class="box stats" id="(stats-[^"]+)">.*?</section>', re.S)
_CHART_ID_RE = re.compile(r'(\bid="|url\(#|href="#)c\d+-')


@pytest.fixture(scope="module")
def event_dataset(tmp_path_factory) -> Path:
    """tests/data/event ingested under the records' own rules."""
    root = tmp_path_factory.mktemp("k2")
    ingest(sorted(str(p) for p in EVENT.glob("*.tgn")), str(root / "ds"))
    return root / "ds"


def _report(tmp_path: Path, name: str, *args) -> str:
    """``tractor report ARGS -o tmp/name``: the index page's text."""
    out = tmp_path / name
    r = CliRunner().invoke(main, ["report", *map(str, args), "-o", str(out), "-q", "--hand-pages", "none"])
    assert r.exit_code == 0, r.output
    return (out / "index.html").read_text("utf-8")


def _stats_sections(index: str) -> dict[str, str]:
    """Every statistics table of an index page (by its section id), its charts' ids made neutral."""
    return {m.group(1): _CHART_ID_RE.sub(r"\1c-", m.group(0)) for m in _SECTION_RE.finditer(index)}


@pytest.fixture(scope="module")
def event_files_under_standard(tmp_path_factory) -> dict[str, str]:
    """The statistics tables of ``tractor report tests/data/event --rules standard`` (the record files), built
    once for the tests that compare a dataset's report with it."""
    return _stats_sections(_report(tmp_path_factory.mktemp("k2-files"), "files", EVENT, "--rules", "standard"))


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_dataset_reported_under_other_rules_gives_the_tables_of_its_records_under_them(event_dataset, tmp_path,
                                                                                         workers,
                                                                                         event_files_under_standard):
    of_dataset = _stats_sections(_report(tmp_path, "ds", event_dataset, "--rules", "standard", "-j", workers))
    of_files = event_files_under_standard
    assert {"stats-by-player-summary", "stats-by-player-violations", "stats-by-player-points",
            "stats-by-player-bottom", "stats-violations-player"} <= set(of_files)
    # under standard the records have level mismatches the ingest's rules did not find (the record's findings,
    # no player's: counted by code, not against a seat)
    assert "level_mismatch" in of_files["stats-violations-code"]
    assert "level_mismatch" not in of_files["stats-by-player-violations"]
    assert of_dataset == of_files


@pytest.mark.parametrize("workers, flush", [(2, None), (1, 1)])
def test_the_model_of_a_dataset_under_other_rules_is_that_of_its_records(event_dataset, monkeypatch, workers, flush):
    """The standings and statistics tables themselves (not only their HTML), drawn with two workers, or with
    the replays' rows made compact after every hand (none lost between two chunks)."""
    from tractor_analysis.cli.common import RuleChoice
    from tractor_analysis.reports import facts

    if flush is not None:
        monkeypatch.setattr(facts.ReportRows, "FLUSH", flush)
    rules = RuleChoice("standard").for_match
    of_dataset = build.build_report([str(event_dataset)], rules=rules, workers=workers)
    of_files = build.build_report([str(EVENT)], rules=rules)
    of_dataset.settle()
    of_files.settle()
    assert of_files.stats and of_dataset.stats == of_files.stats
    assert of_dataset.standings == of_files.standings
    judged = {(f.code, f.seat) for f in of_dataset.violation_facts}
    assert ("level_mismatch", "—") in judged and judged == {(f.code, f.seat) for f in of_files.violation_facts}


def test_copies_kept_in_a_dataset_count_once_under_other_rules_too(tmp_path):
    """sample_logs keeps one match as .tgn and as .json: under other rules the dataset's tables count it once,
    as its record files' do."""
    ingest(sorted(str(p) for p in SAMPLES.iterdir() if p.suffix in (".tgn", ".json")), str(tmp_path / "ds"))
    of_dataset = _stats_sections(_report(tmp_path, "of-ds", tmp_path / "ds", "--rules", "tournament", "-j", "1"))
    of_files = _stats_sections(_report(tmp_path, "files", SAMPLES, "--rules", "tournament"))
    assert of_dataset and of_dataset == of_files


def test_without_rules_the_tables_are_the_dataset_rows(event_dataset, monkeypatch):
    """No rules given: the statistics read the rows the dataset stores (the fast path) and no drawn match
    keeps its replay."""
    from tractor_analysis import dataset
    from tractor_analysis.reports import facts

    kept = []
    draw = dataset_input._draw_row

    def noting(drawer, task):
        got = draw(drawer, task)
        kept.append(getattr(got, "replay", None))
        return got

    monkeypatch.setattr(dataset_input, "_draw_row", noting)
    model = build.build_report([str(event_dataset)], workers=1)
    model.settle()
    assert kept and not any(kept)
    stored = dataset.load(str(event_dataset), tables=[t for t in dataset.TABLES if t != "plays"])
    assert (model.standings, model.stats) == facts.stats_tables(stored)
