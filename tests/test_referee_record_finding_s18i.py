"""A platform referee's different verdict is the record's finding, not a violation of the play (round 18, task I).

``referee_mismatch`` (docs/rules.md §7.5: a verdict of the record's own referee — Botzone's judge, 80fen's trick
winners, scores, levels, the match's winner — other than the engine's) made ``legal`` false and counted among the
violations, as if a player had played wrongly.  No player did anything: the platform judged otherwise, or its
verdict is miscopied.  It is now a finding about the record (``about`` record, docs/rules.md §13.1) — ``✎ record
记录`` in ``check``, ``"about": "record"`` in ``--json``, no ruling page, ``record_findings`` in the dataset and the
report's index —, of a hand and of a match (its winner) alike; the engine's own verdicts on the plays stand beside
it (a fault the engine finds is its own violation).
"""
from __future__ import annotations

import dataclasses
import gzip
import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.dataset import load
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.botzone_reader import parse_botzone
from tractor_analysis.records.fen80_reader import parse_80fen
from tractor_analysis.records.rulesets import PRESETS

DATA = Path(__file__).parent / "data"
BOTZONE = DATA / "botzone" / "sample.ndjson.gz"
FEN = DATA / "80fen" / "sample-plays.ndjson.gz"
ILLEGAL, CRASH = 24, 2
"""The Botzone sample's two error finishes: a deliberate ILLEGAL_MOVE (W, trick 6) and the judge's own Unknown
Error (test_botzone.py)."""

pytestmark = pytest.mark.usefixtures("both_cores")     # compiled and TRACTOR_PURE_PYTHON=1 (conftest)


def _lines(path: Path) -> list[str]:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return f.read().splitlines()


def _fen(tamper) -> str:
    """The 80fen sample's first two matches, the second's JSON passed through ``tamper``."""
    first, second = _lines(FEN)[:2]
    m = json.loads(second)
    tamper(m)
    return first + "\n" + json.dumps(m) + "\n"


def _levels_after(m: dict) -> None:          # the referee's levels after round 1 (80fen "after") off by one
    r = m["rounds"][0]
    r["after"] = [r["after"][0] + 1, r["after"][1]]


def _match_winner(m: dict) -> None:          # the referee's match winner the other team
    m["winner"] = "a" if m["winner"] == "b" else "b"


HAND_LEVELS = _fen(_levels_after)
MATCH_WINNER = _fen(_match_winner)
BOTH = _fen(lambda m: (_levels_after(m), _match_winner(m)))


def _replayed(text: str):
    matches, _ = parse_80fen(text)
    return replay_match(matches[1], PRESETS["80fen"])


def _write(tmp_path, text: str, name: str = "r.ndjson") -> Path:
    path = tmp_path / name
    path.write_text(text, "utf-8")
    return path


def _run(*args: str):
    return CliRunner().invoke(main, list(args))


# --- the engine -------------------------------------------------------------------------------------------

def test_a_hands_referee_mismatch_is_a_finding_about_the_record():
    h = _replayed(HAND_LEVELS).hands[0]
    (v,) = h.violations
    assert v.code == "referee_mismatch" and v.of_record and v.about == "record"
    assert h.legal is True and h.play_violations == () and h.record_findings == (v,)
    assert "N–S 4" in v.message_en and "N–S 3" in v.message_en       # both values still named


def test_the_matchs_referee_mismatch_is_a_finding_about_the_record():
    result = _replayed(MATCH_WINNER)
    (p,) = result.problems
    assert p.code == "referee_mismatch" and p.of_record
    assert all(h.legal for h in result.hands)


def _botzone(i: int, tags: dict[str, str] | None = None):
    matches, _ = parse_botzone(gzip.open(BOTZONE, "rt", encoding="utf-8").read())
    m = matches[i]
    if tags:
        h = m.hands[0]
        h = dataclasses.replace(h, tags=tuple((n, tags.get(n, v)) for n, v in h.tags))
        m = dataclasses.replace(m, hands=(h,))
    return replay_match(m, PRESETS["botzone"]).hands[0]


def test_the_judges_crash_is_a_legal_hand_with_the_records_finding():
    h = _botzone(CRASH)
    (v,) = h.violations
    assert v.code == "referee_mismatch" and v.of_record and v.seat is not None    # it points at the seat …
    assert h.legal is True and h.play_violations == ()                              # … never as its fault


def test_the_engines_own_fault_stands_beside_the_judges_different_verdict():
    # the deliberate illegal move (W's follow_suit), its scores tampered with: the judge's verdict differs too
    h = _botzone(ILLEGAL, {"Referee:Scores": "3 0 3 0"})
    assert h.legal is False
    assert [(v.code, v.seat) for v in h.play_violations] == [("follow_suit", 3)]
    assert [v.code for v in h.record_findings] == ["referee_mismatch"]


# --- check, check --json, ruling --------------------------------------------------------------------------

def test_check_marks_a_hands_referee_mismatch_as_the_records(tmp_path):
    path = _write(tmp_path, HAND_LEVELS)
    r = _run("check", str(path))
    assert r.exit_code == 1, r.output                    # the record's finding: still exit 1, as claim_mismatch
    assert "✎ record 记录 hand 整局  referee_mismatch" in r.output and "✗ hand 整局  referee_mismatch" not in r.output
    line = next(x for x in r.output.splitlines() if x.startswith("  match #2 · hand 1 第1局"))
    assert "legal 合规 ✓" in line and "1 record finding 记录问题 1 处" in line
    assert "0 violations, 1 record finding" in r.output
    doc = json.loads(_run("check", "--json", str(path)).stdout)
    hand = next(h for h in doc["files"][0]["hands"] if h["match"] == 1 and h["hand"] == 1)
    assert hand["legal"] is True
    assert [(v["code"], v["about"]) for v in hand["violations"]] == [("referee_mismatch", "record")]


def test_check_marks_the_matchs_referee_mismatch_as_the_records_and_counts_it_so(tmp_path):
    path = _write(tmp_path, MATCH_WINNER)
    r = _run("check", str(path))
    assert r.exit_code == 1, r.output
    assert "✎ record 记录 match #2 比赛  referee_mismatch" in r.output and "✗ match #2" not in r.output
    assert "0 violations, 1 record finding" in r.output and "0 处违规，1 处记录问题" in r.output
    (p,) = json.loads(_run("check", "--json", str(path)).stdout)["files"][0]["problems"]
    assert (p["match"], p["code"], p["about"]) == (1, "referee_mismatch", "record")


def test_ruling_writes_no_page_for_a_referee_mismatch(tmp_path):
    out = tmp_path / "ruling.html"
    r = _run("ruling", str(_write(tmp_path, HAND_LEVELS)), "-o", str(out))
    assert r.exit_code == 1 and not out.exists()
    assert "✎ record 记录  referee_mismatch" in r.stderr + r.output


# --- the dataset, stats, the report's index ----------------------------------------------------------------

@pytest.fixture
def ingested(tmp_path) -> Path:
    src = _write(tmp_path, BOTH)        # one file: a second copy of the match would be counted once
    ds = tmp_path / "ds"
    r = _run("ingest", str(src), "-o", str(ds), "--workers", "1")
    assert r.exit_code in (0, 1), r.output
    return ds


def test_the_dataset_counts_them_as_record_findings(ingested):
    loaded = load(str(ingested))
    assert sorted(zip(loaded.violations["code"], loaded.violations["about"])) == [
        ("referee_mismatch", "record")] * 2
    assert int(loaded.matches["violations"].sum()) == 0 and int(loaded.matches["record_findings"].sum()) == 2
    assert int(loaded.hands["violations"].sum()) == 0 and int(loaded.hands["record_findings"].sum()) == 1
    r = _run("stats", str(ingested), "--format", "json", "--by", "match")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["violations"] == [] and sum(row["violations"] for row in doc["summary"]) == 0
    assert "referee_mismatch row" not in r.stderr


def test_stats_says_a_referee_mismatch_written_as_the_plays_is_counted_so(ingested):
    for part in (ingested / "violations").glob("part-*.parquet"):     # as the version before this one stored it
        table = pq.read_table(part)
        i = table.column_names.index("about")
        table = table.set_column(i, "about", pa.array(["play"] * table.num_rows, table.schema.field(i).type))
        pq.write_table(table, part)
    r = _run("stats", str(ingested), "--format", "json", "--by", "match")
    assert r.stderr.count("2 referee_mismatch row(s)") == 1 and "重新导入记录即可分开计数" in r.stderr


def _index_findings(index: str) -> str:
    start = index.index('id="record-findings">')
    return index[start:index.index("</dd>", start)]


@pytest.mark.parametrize("text, where", [(HAND_LEVELS, "hand 1 第1局"), (MATCH_WINNER, "the match 整场比赛")],
                         ids=["hand", "match"])
def test_the_report_index_counts_it_as_a_record_finding(tmp_path, text, where):
    out = tmp_path / "rep"
    r = _run("report", str(_write(tmp_path, text)), "-o", str(out), "--hand-pages", "none")
    assert r.exit_code == 0, r.output
    index = (out / "index.html").read_text("utf-8")
    assert "<dt>Violations / 违规</dt><dd>0</dd>" in index
    found = _index_findings(index)
    assert found.startswith('id="record-findings">1: ') and where in found


def test_the_report_index_counts_a_datasets_match_finding_too(ingested, tmp_path):
    out = tmp_path / "rep"
    r = _run("report", str(ingested), "-o", str(out), "--hand-pages", "none")
    assert r.exit_code == 0, r.output
    found = _index_findings((out / "index.html").read_text("utf-8"))
    assert found.startswith('id="record-findings">2: ') and "the match 整场比赛" in found and "hand 1 第1局" in found
