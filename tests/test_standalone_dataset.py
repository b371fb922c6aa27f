"""The dataset stands alone (issue 10, part 2): a copied dataset, its record files deleted,
makes the whole report; absolute paths, ``duplicate_of``, wide integer columns, and a JSON
object that is not a record is an error row."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import duckdb
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from cli_runs import run_in
from tractor_analysis.cli.main import main
from tractor_analysis.dataset import load
from tractor_analysis.simulate import simulate, write_matches

SAMPLES = Path(__file__).parent.parent / "sample_logs"


def run(*args, cwd=None):
    """``tractor ARGS`` run in ``cwd``, in this process (:func:`cli_runs.run_in`)."""
    return run_in(*args, cwd=cwd)


def cli(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    """Simulated matches with violations (.tgn and .jsonl) and the sample records."""
    root = tmp_path_factory.mktemp("recs")
    write_matches(list(simulate(3, 7, violation_rate=0.05, max_hands=4)), str(root / "tgn"), "tgn")
    write_matches(list(simulate(2, 8, violation_rate=0.05, max_hands=3)), str(root / "jl"), "jsonl", per_file=10)
    shutil.copytree(SAMPLES, root / "samples", ignore=shutil.ignore_patterns("*.py"))
    return root


def pages(folder: Path) -> dict[str, str]:
    return {p.name: p.read_text("utf-8") for p in folder.glob("*.html") if p.name != "index.html"}


def test_a_copied_dataset_with_its_records_deleted_draws_every_match_and_hand_page(records, tmp_path):
    work = tmp_path / "work"
    shutil.copytree(records, work / "records")
    r = run("ingest", "records", "-o", "data", cwd=work)
    assert r.returncode == 0, r.stderr
    direct = tmp_path / "direct"
    assert run("report", "records", "-o", direct, cwd=work).returncode == 0
    elsewhere = tmp_path / "elsewhere"
    shutil.copytree(work / "data", elsewhere / "copy")
    shutil.rmtree(work)                                   # the records are gone
    r = run("report", "copy", "-o", tmp_path / "out", cwd=elsewhere)
    assert r.returncode == 0, r.stderr
    drawn, expected = pages(tmp_path / "out"), pages(direct)
    assert len([n for n in expected if "-h" in n]) >= 10
    assert sorted(drawn) == sorted(expected)
    for name, html in expected.items():              # the same pages: violations at the same lines
        # (a record is named alike from a dataset and from its file: docs/standings.md)
        assert drawn[name] == html, name
    assert "record line" in "".join(drawn.values())


def test_a_match_that_cannot_be_drawn_is_named_on_stderr_and_exits_2(records, tmp_path):
    work = tmp_path / "records"
    shutil.copytree(records / "tgn", work)
    data = tmp_path / "data"
    assert cli("ingest", work, "-o", data).exit_code == 0
    part = next((data / "records").glob("part-*.parquet"))
    table = pq.read_table(part)
    pq.write_table(table.slice(1), part)                # one match's record text lost
    shutil.rmtree(work)
    r = run("report", data, "-o", tmp_path / "out")
    assert r.returncode == 2
    assert r.stderr.count("cannot_draw") + r.stderr.count("no record text in the dataset") >= 1
    assert "无法生成比赛页和牌局页" in r.stderr
    hands = [p for p in (tmp_path / "out").glob("*-h*.html")]
    assert hands                                        # the other matches are drawn


def test_old_dataset_without_records_draws_from_the_files_still_there(records, tmp_path):
    data = tmp_path / "data"
    assert cli("ingest", records / "tgn", "-o", data).exit_code == 0
    shutil.rmtree(data / "records")                     # as written before the records table
    r = run("report", data, "-o", tmp_path / "out")
    assert r.returncode == 0, r.stderr
    assert len(list((tmp_path / "out").glob("*-h*.html"))) >= 3


def test_source_file_is_the_path_given_and_source_abspath_the_absolute_one(records, tmp_path):
    r = run("ingest", "tgn", "-o", tmp_path / "data", cwd=records)
    assert r.returncode == 0, r.stderr
    ds = load(str(tmp_path / "data"), tables=["files", "matches", "errors"])
    assert all(not Path(p).is_absolute() and p.startswith("tgn") for p in ds.matches["source_file"])
    for given, absolute in zip(ds.matches["source_file"], ds.matches["source_abspath"]):
        assert Path(absolute).is_absolute() and Path(absolute) == records / given
    assert list(ds.files["source_abspath"]) == [str(records / p) for p in ds.files["source_file"]]


def test_a_match_kept_as_tgn_and_json_is_marked_duplicate_of_in_one_or_two_ingests(tmp_path):
    tgn, js = SAMPLES / "spring-cup-r2t5.tgn", SAMPLES / "spring-cup-r2t5.json"
    once = tmp_path / "once"
    assert cli("ingest", tgn, js, SAMPLES / "disputed-trick.tgn", "-o", once).exit_code == 0
    m = load(str(once), tables=["matches"]).matches.sort_values("source_file")
    dup = dict(zip(m["source_file"].map(lambda p: Path(p).name), m["duplicate_of"]))
    first = m.loc[m["source_file"].str.endswith(".tgn") & m["source_file"].str.contains("spring"),
                  "match_id"].iloc[0]             # the copy ingested first is kept
    assert dup["spring-cup-r2t5.json"] == first and pd.isna(dup["spring-cup-r2t5.tgn"])
    assert pd.isna(dup["disputed-trick.tgn"])
    assert len(set(m["match_key"])) == 2

    twice = tmp_path / "twice"                          # the copy comes in a later ingest
    assert cli("ingest", tgn, "-o", twice).exit_code == 0
    assert cli("ingest", js, "-o", twice).exit_code == 0
    m = load(str(twice), tables=["matches"]).matches
    kept = m.loc[m["source_file"].str.endswith(".tgn"), "match_id"].iloc[0]
    assert list(m.loc[m["source_file"].str.endswith(".json"), "duplicate_of"]) == [kept]
    count = duckdb.connect().execute(f"select count(*) from read_parquet('{twice}/matches/*.parquet') "
                       f"where duplicate_of is null").fetchone()[0]
    assert count == 1


def test_the_index_lists_a_match_kept_twice_once(tmp_path):
    data = tmp_path / "data"
    assert cli("ingest", SAMPLES / "spring-cup-r2t5.tgn", SAMPLES / "spring-cup-r2t5.json", "-o", data).exit_code == 0
    assert cli("report", data, "-o", tmp_path / "out").exit_code == 0
    index = (tmp_path / "out" / "index.html").read_text("utf-8")
    section = index.split('id="matches"', 1)[1].split("</section>", 1)[0]
    assert section.count("<tr>") == 2            # the header row and one match
    assert "also kept as" in section and "只列出、只计一次" in section


def test_integer_columns_take_arithmetic_in_duckdb(records, tmp_path):
    data = tmp_path / "data"
    assert cli("ingest", records / "tgn", "-o", data).exit_code == 0
    row = duckdb.connect().execute(f"select max(100 * decks), max(1000 * attackers_total), max(1000 * bottom_multiplier), "
                     f"max(100 * level), max(1000 * levels_gained) "
                     f"from read_parquet('{data}/hands/*.parquet')").fetchone()
    assert row[0] == 200 and row[1] >= 1000 and row[3] >= 200
    assert duckdb.connect().execute(f"select max(100 * decks) from read_parquet('{data}/matches/*.parquet')").fetchone()[0] == 200
    assert duckdb.connect().execute(f"select max(1000 * points) from read_parquet('{data}/tricks/*.parquet')").fetchone()[0] >= 10000


def test_int8_parts_of_older_datasets_are_read_widened(records, tmp_path):
    data = tmp_path / "data"
    assert cli("ingest", records / "tgn", "-o", data).exit_code == 0
    part = next((data / "hands").glob("part-*.parquet"))
    t = pq.read_table(part)
    i = t.schema.get_field_index("decks")
    t = t.set_column(i, pa.field("decks", pa.int8()), t.column(i).cast(pa.int8()))
    pq.write_table(t, part)
    assert pq.read_schema(part).field("decks").type == pa.int8()
    hands = load(str(data), tables=["hands"]).hands
    assert str(hands["decks"].dtype) == "int32" and set(hands["decks"]) == {2}


@pytest.mark.parametrize("text, name", [('{"foo": 1}', "foo.json"), ('[{"foo": 1}]', "list.json"),
                                        ('{"foo": 1}\n{"bar": []}\n', "lines.jsonl"), ("{}", "empty.json")])
def test_a_json_object_that_is_not_a_record_is_an_error_row_not_a_match(tmp_path, text, name):
    (tmp_path / name).write_text(text, "utf-8")
    r = cli("ingest", tmp_path / name, "-o", tmp_path / "data")
    assert r.exit_code == 2
    ds = load(str(tmp_path / "data"), tables=["files", "matches", "errors"])
    assert len(ds.matches) == 0
    assert set(ds.errors["code"]) == {"json_shape"} and len(ds.errors) == text.count("{")
    assert all("not a match record" in m and "不是比赛记录" in m for m in ds.errors["message"])
    r = cli("check", tmp_path / name)
    assert r.exit_code == 2 and "not a match record" in r.output


def test_a_record_with_fields_is_still_a_match(tmp_path):
    (tmp_path / "m.json").write_text(json.dumps({"event": "Cup", "hands": []}), "utf-8")
    r = cli("check", tmp_path / "m.json")
    assert "not a match record" not in r.output
