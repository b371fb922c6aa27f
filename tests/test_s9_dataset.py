"""Session 9: the dataset, ``tractor stats`` and ``tractor report DATASET`` count one set of matches.

F1  the report leaves out the matches of an earlier version of a record file ingested again, as stats does.
F2  a record corrected in what ``match_key`` leaves out ([Claim]) and ingested again: its new version is not
    ``duplicate_of`` the superseded one; the documented DuckDB queries count what stats counts.
F3  a record cut by damage: the hand the damage cuts has no result, so the levels gained are unknown.
F4  the same record ingested again under other rules is counted twice, and ingest and stats say so.
F5  the report's Outcomes table names Botzone match points as match points, not level gains.
F6  a player seated on both sides of a hand: the rule is said (stderr note, docs/dataset.md).
F7  ``--by match``: a one-match file has no ``#1`` after it changed; rows by file, then place in the file.
F8  ``hands.unknown`` holds the tag alone for an entry that withholds nothing (no ``play: ``).
"""
from __future__ import annotations

import gzip
import math
import re
from pathlib import Path

import duckdb
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.dataset import load, stats, stats_reference
from tractor_analysis.records.tgn_writer import format_tgn
from tractor_analysis.simulate import simulate_match

DATA = Path(__file__).parent / "data"
DOCS = Path(__file__).parent.parent / "docs" / "dataset.md"


def tractor(*args, status=(0, 1)):
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    assert result.exit_code in status, result.output
    return result


def write_matches(folder: Path, n: int, seed: int = 11, hands: int = 4) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for i in range(n):
        p = folder / f"match-{i + 1:05d}.tgn"
        p.write_text(format_tgn(simulate_match(seed, i, max_hands=hands)), encoding="utf-8")
        out.append(p)
    return out


def report_index(ds: Path, out: Path) -> tuple[str, str]:
    result = tractor("report", ds, "-o", out, "--hand-pages", "none", "-j", "1", "--no-charts")
    return result.stderr, (out / "index.html").read_text(encoding="utf-8")


def summary_number(html: str, label: str) -> int:
    return int(re.search(re.escape(label) + r"</dt><dd>(\d+)", html).group(1))


def _round_changed(path: Path, value: str) -> None:
    """The file corrected (its ``[Round]``) so that it is ingested again as a new version."""
    text = path.read_text(encoding="utf-8")
    changed = re.sub(r'\[Round "[^"]*"\]', f'[Round "{value}"]', text, count=1)
    assert changed != text
    path.write_text(changed, encoding="utf-8")


# --- F1: the report applies the superseded rule ------------------------------------------------------------

def test_report_leaves_out_the_earlier_version_of_a_file_ingested_again(tmp_path):
    files = write_matches(tmp_path / "logs", 3)
    ds = tmp_path / "ds"
    tractor("ingest", tmp_path / "logs", "-o", ds)
    _round_changed(files[2], "9")
    tractor("ingest", tmp_path / "logs", "-o", ds)
    counted = stats.summary(str(ds), "ruleset")
    hands = int(counted["hands"].sum())
    assert len(stats.superseded_matches(str(ds))) == 1
    err, html = report_index(ds, tmp_path / "rep")
    assert f"report: 3 match(es), {hands} hand(s)" in err
    assert summary_number(html, "Matches / 比赛") == 3
    assert summary_number(html, "Hands / 牌局") == hands
    assert "ingested again with other content" in html         # named in the summary, as stats names it
    outcomes = re.search(r'id="outcomes".*?</table>', html, re.S)
    assert outcomes is None or sum(map(int, re.findall(r"<td>(\d+)</td><td>\d+%</td>", outcomes.group(0)))) <= hands


# --- F2: a [Claim] corrected: the new version is no copy of the superseded one ---------------------------------

ONE_FILTER = "select m.* from read_parquet('{d}/matches/*.parquet') m where duplicate_of is null"
BOTH_FILTERS = """
    with f as (select coalesce(source_abspath, source_file) as path, source_sha256,
               row_number() over (partition by coalesce(source_abspath, source_file) order by ingested_at desc) as rn
               from read_parquet('{d}/files/*.parquet') where status <> 'unreadable')
    select m.* from read_parquet('{d}/matches/*.parquet') m
    where not exists (select 1 from f where f.path = coalesce(m.source_abspath, m.source_file)
                      and f.rn = 1 and f.source_sha256 <> m.source_sha256)
      and m.duplicate_of is null"""


def _claim_changed(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    changed = re.sub(r'\[Claim "\d+"\]', '[Claim "5"]', text, count=1)
    assert changed != text
    path.write_text(changed, encoding="utf-8")


def test_a_claim_corrected_is_counted_once_the_same_way_by_stats_report_and_the_documented_queries(tmp_path):
    files = write_matches(tmp_path / "logs", 2)
    ds = tmp_path / "ds"
    tractor("ingest", tmp_path / "logs", "-o", ds)
    _claim_changed(files[0])
    tractor("ingest", tmp_path / "logs", "-o", ds)
    m = load(str(ds)).matches
    gone = set(stats.superseded_matches(str(ds)))
    assert len(m) == 3 and len(gone) == 1
    new = m[(m["source_file"] == str(files[0])) & ~m["match_id"].isin(gone)].iloc[0]
    assert new["duplicate_of"] is None or new["duplicate_of"] != new["duplicate_of"]     # null
    # the wrong claim: a finding about the record, counted apart (round 18: it was a violation of the play)
    assert (new["violations"], new["record_findings"]) == (0, 1)
    assert stats.duplicate_matches(str(ds)) == {}          # "exactly the rows with duplicate_of set"
    by_match = stats.summary(str(ds), "match")
    queried = duckdb.sql(BOTH_FILTERS.format(d=ds)).df()
    assert sorted(queried["match_id"]) == sorted(by_match["match"])
    assert int(queried["violations"].sum()) == int(by_match["violations"].sum()) == 0
    assert int(queried["record_findings"].sum()) == 1
    # where duplicate_of is null alone: the counted matches and the superseded one (documented)
    alone = set(duckdb.sql(ONE_FILTER.format(d=ds)).df()["match_id"])
    assert alone == set(by_match["match"]) | gone
    err, html = report_index(ds, tmp_path / "rep")
    assert summary_number(html, "Matches / 比赛") == 2
    assert summary_number(html, "Violations / 违规") == 0
    assert re.search(r'Record findings / 记录问题</dt><dd id="record-findings">1: ', html)
    assert "recorded twice" not in err


def test_a_copy_of_a_superseded_match_names_the_first_copy_that_still_counts(tmp_path):
    (a,) = write_matches(tmp_path / "one", 1)
    other = tmp_path / "two" / "copy.tgn"
    other.parent.mkdir()
    other.write_text("{a comment}\n" + a.read_text(encoding="utf-8"), encoding="utf-8")   # same match_key
    ds = tmp_path / "ds"
    tractor("ingest", a, other, "-o", ds)
    _claim_changed(a)
    tractor("ingest", a, "-o", ds)
    m = load(str(ds)).matches.set_index("match_id")
    (old,) = stats.superseded_matches(str(ds))
    copy = m.index[(m["source_file"] == str(other))][0]
    new = [mid for mid in m.index if mid not in (old, copy)][0]
    assert m.loc[copy, "duplicate_of"] == old                  # stored before: a row never changes
    assert m.loc[new, "duplicate_of"] == copy                  # not the superseded version
    assert stats.duplicate_matches(str(ds)) == {new: copy}
    assert len(stats.summary(str(ds), "match")) == 1


# --- F3: a record cut by damage: levels gained unknown -----------------------------------------------------

def test_the_hand_a_damaged_file_cuts_leaves_the_levels_gained_unknown(tmp_path):
    text = format_tgn(simulate_match(11, 0, max_hands=12)).encode()
    whole = gzip.compress(text)
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "m1-cut.tgn.gz").write_bytes(whole[: len(whole) * 45 // 100])
    ds = tmp_path / "ds"
    tractor("ingest", logs, "-o", ds, status=(2,))          # the damaged file: an error, stored
    results = stats.match_results(str(ds))
    assert results["decided_by"].tolist() == ["record cut by damage"]
    assert results["gained_ns"].isna().all() and results["gained_ew"].isna().all()
    hands = load(str(ds)).hands
    assert bool(hands.sort_values("hand_no")["stopped"].iloc[-1])        # stored stopped, yet no result
    loaded = load(str(ds))
    for by in ("team", "player", "match", "ruleset"):
        sql = stats.summary(str(ds), by)
        ref = stats_reference.summary(loaded, by)
        assert all(math.isnan(v) for v in sql["levels_gained"]), (by, sql["levels_gained"].tolist())
        assert all(math.isnan(v) for v in ref["levels_gained"]), (by, ref["levels_gained"].tolist())


def test_a_match_cut_after_a_whole_hand_keeps_its_levels_known(tmp_path):
    """Control: a record that stops inside a hand without damage (``stopped``) gains 0 there, known."""
    match = simulate_match(11, 0, max_hands=3)
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "m.tgn").write_text(format_tgn(match), encoding="utf-8")
    ds = tmp_path / "ds"
    tractor("ingest", logs, "-o", ds)
    assert stats.summary(str(ds), "team")["levels_gained"].notna().all()


# --- F4: the same record under other rules: counted twice, said so ------------------------------------------

def test_the_same_record_ingested_again_under_other_rules_is_named_by_ingest_and_stats(tmp_path):
    (tgn,) = write_matches(tmp_path / "sim", 1)
    (tmp_path / "json").mkdir()
    tractor("convert", tgn, "--to", "json", "-o", tmp_path / "json" / "m1.json")
    ds = tmp_path / "ds"
    first = tractor("ingest", tmp_path / "sim", "-o", ds)
    assert "judged under other rules" not in first.stderr
    second = tractor("ingest", tmp_path / "json", "-o", ds, "--rules", "standard")
    assert "judged under other rules" in second.stderr
    assert "m1.json" in second.stderr and "match-00001.tgn" in second.stderr
    assert "counts twice" in second.stderr and "计了两次" in second.stderr
    out = tractor("stats", ds, "--by", "ruleset", "--format", "csv")
    assert "judged under other rules" in out.stderr and "m1.json" in out.stderr
    assert len(stats.summary(str(ds), "ruleset")) == 2         # never merged: both verdicts stay


def test_two_different_matches_under_two_rulesets_are_not_named(tmp_path):
    """Control: the same tags and players, other cards: no note."""
    sim = tmp_path / "sim"
    sim.mkdir()
    (sim / "a.tgn").write_text(format_tgn(simulate_match(11, 0, max_hands=3)), encoding="utf-8")
    other = simulate_match(12, 0, max_hands=3)
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "b.tgn").write_text(format_tgn(other), encoding="utf-8")
    ds = tmp_path / "ds"
    tractor("ingest", sim, "-o", ds)
    second = tractor("ingest", tmp_path / "b", "-o", ds, "--rules", "standard")
    assert "judged under other rules" not in second.stderr


# --- F5: Botzone's match points are not level gains ----------------------------------------------------------

def test_the_outcomes_table_names_botzone_match_points(tmp_path):
    err, html = report_index(DATA / "botzone" / "sample.ndjson.gz", tmp_path / "rep")
    outcomes = re.search(r"Outcomes / 结果.*?</table>", html, re.S).group(0)
    assert "match point" in outcomes
    assert "take the deal" not in outcomes and "庄家升" not in outcomes


def test_the_outcomes_table_still_names_level_gains(tmp_path):
    """Control: a standard match's outcomes are level gains."""
    files = write_matches(tmp_path / "logs", 1, hands=6)
    _, html = report_index(files[0], tmp_path / "rep")
    outcomes = re.search(r"Outcomes / 结果.*?</table>", html, re.S).group(0)
    assert "match point" not in outcomes
    assert "defenders +" in outcomes or "take the deal" in outcomes


# --- F6: one name on both sides of a hand ---------------------------------------------------------------------

def test_a_name_on_both_sides_of_a_hand_is_said_to_count_as_an_attack(tmp_path):
    ds = tmp_path / "ds"
    tractor("ingest", DATA / "botzone" / "sample.ndjson.gz", "-o", ds)
    notes = stats.seat_notes(str(ds))
    assert notes and all("not in its hold rate" in n and "不计入守庄率" in n for n in notes)
    doc = " ".join(DOCS.read_text(encoding="utf-8").split())
    assert "counts as an attack for that name" in doc and "not in its hold rate" in doc


# --- F7: --by match labels and order ----------------------------------------------------------------------------

def test_by_match_labels_count_the_version_that_counts_and_rows_come_by_file(tmp_path):
    files = write_matches(tmp_path / "logs", 4)
    ds = tmp_path / "ds"
    tractor("ingest", tmp_path / "logs", "-o", ds)
    _round_changed(files[2], "8")
    tractor("ingest", tmp_path / "logs", "-o", ds)
    out = tractor("stats", ds, "--by", "match", "--table", "summary", "--format", "csv").stdout
    labels = [line.split(",")[0] for line in out.splitlines()[1:]]
    assert not any("#" in label or "[" in label for label in labels), labels
    assert [label.split(" ")[0] for label in labels] == [f"match-{i:05d}.tgn" for i in (1, 2, 3, 4)]
    assert "(r8 t" in labels[2]


# --- F8: hands.unknown ----------------------------------------------------------------------------------------

def test_an_unknown_entry_withholding_nothing_is_the_tag_alone(tmp_path):
    ds = tmp_path / "ds"
    tractor("ingest", DATA / "gaps" / "two-ways-ruled.tgn", "-o", ds)
    entries = [e for cell in load(str(ds)).hands["unknown"] if cell is not None for e in cell]
    assert entries and not any(e.endswith(":") or e.endswith(": ") for e in entries), entries
    assert "play" in entries
