"""A match recorded twice: one rule for which copy counts (docs/dataset.md, ``duplicate_of``),
kept by the dataset's ``duplicate_of`` and by ``tractor stats`` alike, and the same whatever the
number of workers: across runs the copy already stored counts, within a run the copy in the
input that comes first (the files of a folder in sorted path order)."""
from __future__ import annotations

import os
from pathlib import Path
from typing import NamedTuple

import duckdb
import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.dataset import stats
from tractor_analysis.records.tgn_writer import format_tgn
from tractor_analysis.simulate import simulate, write_matches

class Result(NamedTuple):
    """What a run of ``tractor`` gave: exit status, standard output, standard error."""
    returncode: int
    stdout: str
    stderr: str


def run(*args) -> Result:
    """``tractor ARGS`` in this process (click's runner; its workers are processes all the same)."""
    r = CliRunner().invoke(main, [str(a) for a in args])
    return Result(r.exit_code, r.stdout, r.stderr)


def copies(root: Path) -> list[tuple[str, int, str | None]]:
    """``(source_file, match_index, source_file of the copy it names or None)`` of every match whose
    ``match_key`` is stored more than once, sorted."""
    con = duckdb.connect()
    rows = con.execute(f"""
        with m as (select * from read_parquet('{root}/matches/*.parquet'))
        select a.source_file, a.match_index, b.source_file
        from m a left join m b on a.duplicate_of = b.match_id
        where a.match_key in (select match_key from m group by match_key having count(*) > 1)
        order by 1, 2""").fetchall()
    return [(Path(a).name, i, None if b is None else Path(b).name) for a, i, b in rows]


@pytest.fixture(scope="module")
def pair(tmp_path_factory) -> Path:
    """``z-clean.tgn``, a simulated match, and ``a-badlevel.tgn``: the same match with hand 2's
    ``[Level]`` tag contradicted (a ``level_mismatch`` violation; the same ``match_key``)."""
    root = tmp_path_factory.mktemp("pair")
    match = next(iter(simulate(1, 5, max_hands=4)))
    text = format_tgn(match)
    (root / "z-clean.tgn").write_text(text, encoding="utf-8")
    head, sep, rest = text.partition('[Hand "2"]')
    assert sep and '[Level "' in rest
    start = rest.index('[Level "') + len('[Level "')
    level = rest[start:rest.index('"', start)]
    bad = "A" if level != "A" else "K"
    (root / "a-badlevel.tgn").write_text(head + sep + rest[:start] + bad + rest[rest.index('"', start):],
                                         encoding="utf-8")
    return root


def test_stats_leave_out_the_copy_duplicate_of_names_not_a_copy_of_their_own(pair, tmp_path):
    """The clean copy is stored first, the damaged one in a later run: the dataset marks the
    damaged one, and stats (table, note, violations) keep the clean one, as the documented
    DuckDB query does."""
    ds = tmp_path / "ds"
    assert run("ingest", pair / "z-clean.tgn", "-o", ds, "-q").returncode == 0
    r = run("ingest", pair / "a-badlevel.tgn", "-o", ds, "-q")
    assert r.returncode == 0, r.stderr
    assert copies(ds) == [("a-badlevel.tgn", 0, "z-clean.tgn"), ("z-clean.tgn", 0, None)]

    con = duckdb.connect()
    marked = dict(con.execute(f"select match_id, duplicate_of from read_parquet('{ds}/matches/*.parquet') "
                              f"where duplicate_of is not null").fetchall())
    assert stats.duplicate_matches(str(ds)) == marked
    documented = con.execute(f"""
        select count(*) from read_parquet('{ds}/violations/*.parquet') v
        join read_parquet('{ds}/matches/*.parquet') m using (match_id) where m.duplicate_of is null""").fetchone()[0]
    total = con.execute(f"select count(*) from read_parquet('{ds}/violations/*.parquet')").fetchone()[0]
    assert (documented, total) == (0, 1)             # the damaged copy holds the only violation
    summary = stats.summary(str(ds), "match")
    assert int(summary["violations"].sum()) == documented

    out = run("stats", ds)
    assert out.returncode == 0, out.stderr
    assert "counted: z-clean.tgn (r1 t1), left out: a-badlevel.tgn (r1 t1)" in out.stderr
    assert "level_mismatch" not in out.stdout


def test_one_run_keeps_the_first_input_and_stats_follow(pair, tmp_path):
    """In one run (a folder: sorted paths) the copy in the first file counts; stats agree."""
    ds = tmp_path / "ds"
    r = run("ingest", pair, "-o", ds, "-q")
    assert r.returncode == 0, r.stderr
    assert copies(ds) == [("a-badlevel.tgn", 0, None), ("z-clean.tgn", 0, "a-badlevel.tgn")]
    con = duckdb.connect()
    marked = dict(con.execute(f"select match_id, duplicate_of from read_parquet('{ds}/matches/*.parquet') "
                              f"where duplicate_of is not null").fetchall())
    assert stats.duplicate_matches(str(ds)) == marked


@pytest.fixture(scope="module")
def slow_first(tmp_path_factory) -> Path:
    """``a-all.jsonl`` (40 matches, under 1 MiB: read whole by one worker, the longer job) and
    ``z-copy.tgn``, a copy of its fourth match (a short job another worker finishes first)."""
    root = tmp_path_factory.mktemp("slow")
    matches = list(simulate(40, 7, max_hands=6))
    write_matches(matches, str(root / "gen"), "jsonl", per_file=40)
    (root / "in").mkdir()
    [name] = os.listdir(root / "gen")
    os.replace(root / "gen" / name, root / "in" / "a-all.jsonl")
    assert os.path.getsize(root / "in" / "a-all.jsonl") < 1 << 20
    (root / "in" / "z-copy.tgn").write_text(format_tgn(matches[3]), encoding="utf-8")
    return root / "in"


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_the_copy_that_counts_does_not_depend_on_the_workers(slow_first, tmp_path, workers):
    ds = tmp_path / f"ds{workers}"
    r = run("ingest", slow_first, "-o", ds, "-j", workers, "-q")
    assert r.returncode == 0, r.stderr
    assert copies(ds) == [("a-all.jsonl", 3, None), ("z-copy.tgn", 0, "a-all.jsonl")]
    con = duckdb.connect()
    marked = dict(con.execute(f"select match_id, duplicate_of from read_parquet('{ds}/matches/*.parquet') "
                              f"where duplicate_of is not null").fetchall())
    assert stats.duplicate_matches(str(ds)) == marked


def test_a_later_run_never_changes_the_stored_copy(slow_first, tmp_path):
    """The copy stored first counts, even when a later run brings a copy whose path sorts first."""
    ds = tmp_path / "ds"
    assert run("ingest", slow_first / "z-copy.tgn", "-o", ds, "-q").returncode == 0
    assert run("ingest", slow_first, "-o", ds, "-j", 2, "-q").returncode == 0
    assert copies(ds) == [("a-all.jsonl", 3, "z-copy.tgn"), ("z-copy.tgn", 0, None)]
