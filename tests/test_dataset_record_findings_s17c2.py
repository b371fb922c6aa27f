"""A finding about the record alone is no player's violation in the dataset, the statistics and the report
(docs/rules.md §13.1; round 17, after the engine and ``check`` told them apart): a ``Buried:`` line one card
short while the dealer's plays are a whole hand (the plays show the 8 buried) was still a row of the
``violations`` table like any other, counted in ``hands.violations`` / ``matches.violations``, in the dealer's
"violations" and violation rates of ``tractor stats``, on the report's index and on the player's page.

Now the ``violations`` row says ``about`` ``record`` (``play`` for the others; null in datasets written before
the column: read as the play's, as those datasets counted it), ``hands`` / ``matches`` count it apart
(``record_findings``), and no statistic, table or page counts it as a violation — the SQL statistics and the
pandas reference alike.  A ``Buried:`` line the plays bear out (the dealer really buried 7) stays the
dealer's violation everywhere.  Compiled and pure-Python readers alike."""
from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from types import SimpleNamespace

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from test_record_findings_s17c import _clean, _dealer, buried_seven_played_eight, short_buried_line
from tractor_analysis.cli.main import main
from tractor_analysis.dataset import load, stats, stats_reference
from tractor_analysis.dataset.rows import TableBuilder
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.reports import facts as report_facts
from tractor_analysis.reports.fact_rows import facts_from_result


pytestmark = pytest.mark.usefixtures("both_cores")     # compiled and TRACTOR_PURE_PYTHON=1 (conftest)


@pytest.fixture(scope="module")
def one_hand() -> str:
    return _clean(1)


def _match(text: str):
    (match,), _ = parse_tgn(text)
    return match


def _tables(texts: list[str]) -> dict:
    """The Arrow tables ingest writes for ``texts``, one file each."""
    b = TableBuilder("b1")
    for i, text in enumerate(texts):
        match = _match(text)
        sha = hashlib.sha256(f"{i}{text}".encode()).hexdigest()
        b.add_file(f"{i}.tgn", sha, "tgn", [match], [replay_match(match)], [], "ok", None)
    return b.to_tables()


def _dealer_name(text: str) -> str:
    return _match(text).players[_dealer(text)]


# --- the rows -------------------------------------------------------------------------------------------

def test_a_record_finding_is_a_violations_row_about_the_record_counted_apart(one_hand):
    t = _tables([short_buried_line(one_hand)])
    (row,) = t["violations"].to_pylist()
    assert (row["code"], row["about"]) == ("bad_bury", "record") and row["seat"] is not None
    (hand,) = t["hands"].to_pylist()
    assert (hand["violations"], hand["record_findings"]) == (0, 1)
    (match,) = t["matches"].to_pylist()
    assert (match["violations"], match["record_findings"]) == (0, 1)
    assert sum(r["violations"] for r in t["tricks"].to_pylist()) == 0
    # the manifest counts the file's rows of the violations table (a part it needs), whatever they are about
    assert t["files"].to_pylist()[0]["violations"] == 1


def test_a_bury_the_plays_bear_out_stays_a_violation_of_the_play(one_hand):
    t = _tables([buried_seven_played_eight(one_hand)])
    # (the extra card played makes the [Claim] miscounted too: a finding about the record since round 18)
    rows = [r for r in t["violations"].to_pylist() if r["code"] != "claim_mismatch"]
    claims = [r for r in t["violations"].to_pylist() if r["code"] == "claim_mismatch"]
    assert {r["about"] for r in rows} == {"play"} and "bad_bury" in {r["code"] for r in rows}
    assert {r["about"] for r in claims} <= {"record"}
    (hand,) = t["hands"].to_pylist()
    assert (hand["violations"], hand["record_findings"]) == (len(rows), len(claims))
    assert t["matches"].to_pylist()[0]["violations"] == len(rows)


# --- the statistics --------------------------------------------------------------------------------------

def _summary_row(frame, key: str) -> dict:
    return frame[frame["player"] == key].iloc[0].to_dict()


def test_the_statistics_count_no_record_finding_as_the_dealers_violation(one_hand):
    text = short_buried_line(one_hand)
    ds = SimpleNamespace(**{k: v.to_pandas() for k, v in _tables([text]).items()})
    dealer = _dealer_name(text)
    for module in (stats, stats_reference):
        row = _summary_row(module.summary(ds, "player"), dealer)
        assert row["violations"] == 0 and row["violations_per_100"] == 0, module.__name__
        for by in ("player", "team", "match", "ruleset"):
            assert module.violation_rates(ds, by).empty, (module.__name__, by)
        assert (module.summary(ds, "match")["violations"] == 0).all()


def test_sql_and_reference_agree_beside_a_real_violation(one_hand):
    """One record with the record's finding, one with the dealer's own bad bury: only the latter counts."""
    found, real = short_buried_line(one_hand), buried_seven_played_eight(one_hand)
    ds = SimpleNamespace(**{k: v.to_pandas() for k, v in _tables([found, real]).items()})
    real_rows = [r for r in _tables([real])["violations"].to_pylist()      # (its miscounted [Claim]: the record's)
                 if r["hand_no"] is not None and r["about"] == "play"]
    for by in ("player", "team", "match", "ruleset"):
        # a side's violations are its seats' (a hand's finding naming no seat counts by match and ruleset)
        n = len([r for r in real_rows if r["seat"] is not None or by in ("match", "ruleset")])
        sql, ref = stats.violation_rates(ds, by), stats_reference.violation_rates(ds, by)
        assert int(sql["violations"].sum()) == int(ref["violations"].sum()) == n, by
        assert sorted(sql["code"]) == sorted(ref["code"])
        s_sum, r_sum = stats.summary(ds, by), stats_reference.summary(ds, by)
        assert int(s_sum["violations"].sum()) == int(r_sum["violations"].sum()) == n, by
    dealer = _dealer_name(real)
    sql = stats.violation_rates(ds, "player")
    bury = sql[(sql["player"] == dealer) & (sql["code"] == "bad_bury")]
    assert int(bury["violations"].sum()) == 1          # the real one, not the record's finding beside it


# --- a dataset on disk: ingest, load, tractor stats, tractor report ---------------------------------------

@pytest.fixture
def ingested(tmp_path, one_hand) -> tuple[Path, str]:
    text = short_buried_line(one_hand)
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "r.tgn").write_text(text, "utf-8")
    ds = tmp_path / "ds"
    r = CliRunner().invoke(main, ["ingest", str(tmp_path / "in" / "r.tgn"), "-o", str(ds), "--workers", "1"])
    assert r.exit_code in (0, 1), r.output
    return ds, text


def test_tractor_stats_counts_no_record_finding(ingested):
    ds, text = ingested
    loaded = load(str(ds))
    assert loaded.violations["about"].tolist() == ["record"]
    assert loaded.hands["record_findings"].tolist() == [1] and loaded.hands["violations"].tolist() == [0]
    r = CliRunner().invoke(main, ["stats", str(ds), "--format", "json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    (row,) = [x for x in doc["summary"] if x["player"] == _dealer_name(text)]
    assert row["violations"] == 0
    assert doc["violations"] == []


def test_the_report_of_a_dataset_counts_no_record_finding(ingested, tmp_path):
    ds, text = ingested
    out = tmp_path / "rep"
    r = CliRunner().invoke(main, ["report", str(ds), "-o", str(out), "--hand-pages", "none"])
    assert r.exit_code == 0, r.output
    index = (out / "index.html").read_text("utf-8")
    assert "Violations / 违规</dt><dd>0</dd>" in index
    assert re.search(r'Record findings / 记录问题</dt><dd id="record-findings">1: ', index)
    # (an organiser's tester: the line named no match — now each hand with one, its match linked)
    assert re.search(r'id="record-findings">1: [^<]*— <a href="[^"]+">[^<]+</a> hand \d+ 第\d+局', index)
    pages = [p.read_text("utf-8") for p in out.glob("player*.html")]
    dealer = [p for p in pages if f"<h1>{_dealer_name(text)}</h1>" in p]
    assert len(dealer) == 1 and "Violations / 违规</dt><dd>0</dd>" in dealer[0]


def test_an_older_dataset_without_about_reads_its_rows_as_the_plays(ingested):
    """Parts written before ``about`` / ``record_findings``: the columns are null (not known), and the row
    counts as a violation of the play, as that dataset counted it (docs/dataset.md)."""
    ds, text = ingested
    for table, column in (("violations", "about"), ("hands", "record_findings"), ("matches", "record_findings")):
        for part in (ds / table).glob("part-*.parquet"):
            old = pq.read_table(part).drop_columns([column])
            if table != "violations":           # as such a dataset stored it: the finding counted as a violation
                old = old.set_column(old.column_names.index("violations"), "violations",
                                     pa.array([1] * old.num_rows, old["violations"].type))
            pq.write_table(old, part)
    loaded = load(str(ds))
    assert loaded.violations["about"].isna().all() and loaded.hands["record_findings"].isna().all()
    dealer = _dealer_name(text)
    for module in (stats, stats_reference):
        row = _summary_row(module.summary(str(ds) if module is stats else loaded, "player"), dealer)
        assert row["violations"] == 1, module.__name__
        rates = module.violation_rates(str(ds) if module is stats else loaded, "player")
        assert rates["code"].tolist() == ["bad_bury"], module.__name__


# --- the report drawn from the records ------------------------------------------------------------------

def test_the_reports_facts_count_a_record_finding_apart(one_hand):
    match = _match(short_buried_line(one_hand))
    fact, hands, violations = facts_from_result(match, replay_match(match), "k", "t", None)
    assert violations == [] and fact.violations == 0 and fact.record_findings == 1
    assert [(h.violations, h.record_findings) for h in hands] == [(0, 1)]


def test_the_index_standings_count_no_record_finding(one_hand):
    from tractor_analysis.reports.model import ReportModel

    match = _match(short_buried_line(one_hand))
    fact, hands, violations = facts_from_result(match, replay_match(match), "k", "t", None)
    model = ReportModel("t", match_facts=[fact], hand_facts=hands, violation_facts=violations)
    stats_ = report_facts.index_stats(model, charts_on=False)
    assert stats_.summary["violations"] == 0 and stats_.summary["record_findings"] == 1
    assert all(s.violations == 0 for s in stats_.standings)
    tables = {t.key: t for t in stats_.tables}
    assert tables["violations-code"].rows == () and tables["violations-player"].rows == ()


def test_the_ingest_summary_counts_no_record_finding(tmp_path, one_hand):
    """An organiser's tester: ``ingest`` printed "2 violations" for two findings about the record that ``check``
    counts as "0 violations, 2 record findings" (its summary added the file's rows of the violations table)."""
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "r.tgn").write_text(short_buried_line(one_hand), "utf-8")
    r = CliRunner().invoke(main, ["ingest", str(tmp_path / "in" / "r.tgn"), "-o", str(tmp_path / "ds"),
                                  "--workers", "1"])
    assert r.exit_code in (0, 1), r.output
    assert "1 hands, 0 violations" in r.output and "0 处违规" in r.output
    assert load(str(tmp_path / "ds")).files["violations"].tolist() == [1]       # its rows, as documented
