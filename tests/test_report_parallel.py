"""``tractor report -j N``: a dataset's matches drawn by forked workers give the same report,
byte for byte, as one process — replay failures and their problems included."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tractor_analysis.reports import build
from tractor_analysis.reports import dataset_input as inputs

pytestmark = pytest.mark.skipif(inputs.pool_size(2, 100) == 1, reason="no fork: the report draws in one process")


@pytest.fixture(scope="module")
def dataset_folder(tmp_path_factory) -> Path:
    """A dataset of 10 short simulated matches (two files: a .jsonl of 6, a .tgn each for 4)."""
    from tractor_analysis.dataset import ingest
    from tractor_analysis.records import format_jsonl
    from tractor_analysis.records.tgn_writer import format_tgn
    from tractor_analysis.simulate import simulate_match

    root = tmp_path_factory.mktemp("par")
    records = root / "records"
    records.mkdir()
    matches = [simulate_match(5, i, violation_rate=0.05, max_hands=2) for i in range(10)]
    (records / "six.jsonl").write_text(format_jsonl(matches[:6]), "utf-8")
    for i, m in enumerate(matches[6:]):
        (records / f"one-{i}.tgn").write_text(format_tgn(m), "utf-8")
    summary = ingest(sorted(str(p) for p in records.iterdir()), str(root / "data"))
    assert summary.matches == 10 and summary.errors == 0
    return root / "data"


_CHART_ID_RE = re.compile(rb'(\bid="|url\(#|href="#)c\d+-')


def _files(out: Path) -> dict[str, bytes]:
    """Every file of a report; the index charts' id prefixes made neutral (they count the charts
    drawn by this process, and the test process draws several reports)."""
    return {str(p.relative_to(out)): _CHART_ID_RE.sub(rb"\1c-", p.read_bytes())
            for p in sorted(out.rglob("*")) if p.is_file()}


def _report(data: Path, out: Path, workers: int, hand_pages: str = "all"):
    model = build.build_report([str(data)], workers=workers)
    build.write_report(model, out, hand_pages=hand_pages)
    return model


@pytest.mark.parametrize("hand_pages", ["all", "violations"])
def test_the_report_drawn_by_workers_is_the_report_drawn_by_one_process(dataset_folder, tmp_path, hand_pages,
                                                                       monkeypatch):
    pids = tmp_path / "pids"
    pids.mkdir()
    draw = inputs._draw_row

    def noting(drawer, task):                 # which process drew each match
        (pids / f"{os.getpid()}-{task[0]}").touch()
        return draw(drawer, task)

    monkeypatch.setattr(inputs, "_draw_row", noting)
    one = _report(dataset_folder, tmp_path / "one", 1, hand_pages)
    assert {p.name.split("-")[0] for p in pids.iterdir()} == {str(os.getpid())}
    for p in pids.iterdir():
        p.unlink()
    two = _report(dataset_folder, tmp_path / "two", 2, hand_pages)
    drawn_by = {p.name.split("-")[0] for p in pids.iterdir()}
    assert len(list(pids.iterdir())) == 10
    assert str(os.getpid()) not in drawn_by and len(drawn_by) == 2      # two workers drew them
    assert _files(tmp_path / "one") == _files(tmp_path / "two")
    assert [m.filename for m in one.matches] == [m.filename for m in two.matches]
    assert one.match_facts == two.match_facts and one.hand_facts == two.hand_facts
    assert one.violation_facts == two.violation_facts and one.problems == two.problems


def test_a_match_that_fails_to_replay_is_a_problem_in_a_worker_too(dataset_folder, tmp_path, monkeypatch):
    from tractor_analysis.engine import replay

    real = replay.replay_match

    def failing(match, rules=None):
        if match.players[0] == FAILING[0]:
            raise RuntimeError("engine broke")
        return real(match, rules)

    from tractor_analysis import dataset

    # the North player of the dataset's 4th stored match (read from its matches table, not from a report)
    FAILING[0] = dataset.load(str(dataset_folder), tables=["matches"]).matches["player_n"].iloc[3]
    monkeypatch.setattr(replay, "replay_match", failing)
    one = _report(dataset_folder, tmp_path / "one", 1)
    two = _report(dataset_folder, tmp_path / "two", 2)
    assert [p.code for p in one.problems] and {p.code for p in one.problems} == {"replay_failed"}
    assert one.problems == two.problems
    assert len(one.matches) == len(two.matches) < 10
    assert _files(tmp_path / "one") == _files(tmp_path / "two")


FAILING = [""]


def test_pool_size_keeps_small_reports_in_one_process():
    assert inputs.pool_size(1, 1000) == 1
    assert inputs.pool_size(8, 3) == 1                        # fewer than MIN_PER_WORKER each
    assert inputs.pool_size(2, 2 * inputs.MIN_PER_WORKER) == 2
    assert inputs.pool_size(8, 3 * inputs.MIN_PER_WORKER) == 3


def test_the_workers_fork_before_the_dataset_is_read(dataset_folder, tmp_path, monkeypatch):
    """Arrow's thread pools make a fork after reading Parquet unsafe: the pool exists (its
    workers forked) when the dataset is loaded."""
    from tractor_analysis import dataset

    load = dataset.load
    seen = []

    def watched(*args, **kwargs):
        seen.append(inputs._DRAWER is not None)
        return load(*args, **kwargs)

    monkeypatch.setattr(dataset, "load", watched)
    _report(dataset_folder, tmp_path / "two", 2)
    _report(dataset_folder, tmp_path / "one", 1)
    assert seen == [True, False]
