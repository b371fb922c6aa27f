"""What "legal" says (round 18): a miscounted ``[Claim]`` is no illegal play, and a record that stops before its
hand's end is legal only as far as it goes.

- A ``[Claim]`` other than the total the plays give (``claim_mismatch``: docs/rules.md §7.4) made ``legal`` false
  and was shown ✗ like a player's illegal play, and ``tractor ruling`` wrote a page a referee would sign against
  nobody's act.  It is the table's count or the score sheet that is wrong: a finding about the record
  (docs/rules.md §13.1) — ``✎ record 记录`` in ``check``, ``"about": "record"`` in ``--json``, no ruling page, no
  violation in the dataset's counts —, ``claim_matches`` still false and the message still naming the plays'
  total.  So is a stopped record's claim the cards left cannot give, and a claim against a forced last trick.
- ``legal 合规 ✓`` on a record that stops after trick 13 said nothing of the tricks it leaves out: now "legal so
  far ✓ (the record stops after trick 13)" in both languages; ``--json``'s ``legal`` stays true.
- ``tractor stats`` on a dataset written before ``violations.about`` counts those rows as the play's (as
  documented) and now says so once on stderr.
"""
from __future__ import annotations

import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.dataset import load
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.tgn_reader import parse_tgn

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
MISCOUNT = SAMPLE.replace('[Claim "60"]', '[Claim "65"]', 1)        # hand 1: the plays give 60
STOPPED = SAMPLE[:SAMPLE.index("14. N: SJ S8")] + SAMPLE[SAMPLE.index('[Claim "60"]'):]     # after trick 13
INSIDE = STOPPED.replace("13. E: H8, S: H4, W: C4, N: C5", "13. E: H8, S: H4", 1)       # inside trick 13
FORCED = SAMPLE.replace("16. W: CQ, N: SJ, E: HJ, S: HQ", "16. W: CQ, N: SJ, E: HJ", 1)   # S's ♥Q forced

pytestmark = pytest.mark.usefixtures("both_cores")     # compiled and TRACTOR_PURE_PYTHON=1 (conftest)


def _hand(text: str, number: int = 1):
    (match,), _ = parse_tgn(text)
    return next(h for h in replay_match(match).hands if h.number == number)


def _run(tmp_path, text: str, *args: str, name: str = "r.tgn"):
    path = tmp_path / name
    path.write_text(text, "utf-8")
    return CliRunner().invoke(main, [*args[:1], str(path), *args[1:]]), path


def _hand_line(out: str, number: int) -> str:
    return next(line for line in out.splitlines() if line.startswith(f"  hand {number} 第{number}局"))


# --- the engine ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, claim, total", [
    (MISCOUNT, 65, 60),                                                     # a hand played out
    (FORCED.replace('[Claim "60"]', '[Claim "65"]', 1), 65, 60),            # its last trick forced
    (STOPPED.replace('[Claim "60"]', '[Claim "5"]', 1), 5, 60),              # stopped: below what was taken
    (STOPPED.replace('[Claim "60"]', '[Claim "80"]', 1), 80, 75),            # stopped: above the cards left
], ids=["complete", "forced-last-trick", "stopped-below", "stopped-above"])
def test_a_claim_other_than_the_cards_give_is_a_finding_about_the_record(text, claim, total):
    h = _hand(text)
    (v,) = h.violations
    assert v.code == "claim_mismatch" and v.of_record and v.about == "record" and v.seat is None
    assert h.legal is True and h.claim_matches is False
    assert h.play_violations == () and h.record_findings == (v,)
    assert f"{claim}" in v.message_en and f"{total}" in v.message_en and f"{total}" in v.message_zh


def test_the_outcome_is_still_the_plays_not_the_miscounted_claim():
    whole, miscount = _hand(SAMPLE), _hand(MISCOUNT)
    assert miscount.outcome == whole.outcome and miscount.attackers_total == 60


def test_a_miscount_beside_a_players_violation_leaves_the_hand_illegal():
    # E's ♦8 of trick 3 and ♠J of trick 10 written in each other's place: E played a spade on W's ♦7 while
    # holding ♦8, and ♦8 on N's ♠6 while holding spades — the players' own faults, beside the table's miscount
    bad = MISCOUNT.replace("3. W: D7, N: DA, E: D8, S: D5", "3. W: D7, N: DA, E: SJ, S: D5", 1).replace(
        "10. N: S6, E: SJ, S: S9, W: C10", "10. N: S6, E: D8, S: S9, W: C10", 1)
    h = _hand(bad)
    assert h.legal is False and {v.code for v in h.play_violations} == {"follow_suit"}
    assert [v.code for v in h.record_findings] == ["claim_mismatch"]


# --- check, check --json, ruling -------------------------------------------------------------------------

def test_check_marks_a_miscount_as_the_records_and_counts_it_apart(tmp_path):
    r, path = _run(tmp_path, MISCOUNT, "check")
    assert r.exit_code == 1, r.output          # the record is to be corrected
    line = _hand_line(r.output, 1)
    assert "legal 合规 ✓" in line and "1 record finding 记录问题 1 处" in line
    assert "✎ record 记录 hand 整局  claim_mismatch" in r.output
    assert "✗ hand 整局  claim_mismatch" not in r.output
    assert "the plays give 60" in r.output and "按出牌计算应为 60" in r.output
    assert "claim 记录 65 ✗ differs 不符" in r.output
    assert "0 violations, 1 record finding" in r.output
    hand = json.loads(CliRunner().invoke(main, ["check", str(path), "--json"]).stdout)["files"][0]["hands"][0]
    assert (hand["legal"], hand["claim_matches"]) == (True, False)
    (v,) = hand["violations"]
    assert (v["code"], v["about"]) == ("claim_mismatch", "record")


def test_ruling_rules_the_score_of_a_miscount_against_no_seat(tmp_path):
    # the record's finding, yet the score decides the levels: a page of the whole hand, the score corrected
    out = tmp_path / "ruling.html"
    r, _ = _run(tmp_path, MISCOUNT, "ruling", "-o", str(out))
    assert r.exit_code == 0, r.output
    html = out.read_text("utf-8")
    assert "claim_mismatch" in html and "Whole hand" in html and "corrected to 60" in html
    assert "no ruling written" not in r.stderr


def test_a_stopped_miscount_is_the_records_in_check_too(tmp_path):
    r, path = _run(tmp_path, STOPPED.replace('[Claim "60"]', '[Claim "5"]', 1), "check")
    assert "✎ record 记录 hand 整局  claim_mismatch" in r.output and "✗ hand 整局" not in r.output
    hand = json.loads(CliRunner().invoke(main, ["check", str(path), "--json"]).stdout)["files"][0]["hands"][0]
    assert hand["legal"] is True and hand["violations"][0]["about"] == "record"


# --- legal so far ----------------------------------------------------------------------------------------

def test_a_record_stopping_between_tricks_is_legal_so_far(tmp_path):
    r, path = _run(tmp_path, STOPPED, "check")
    line = _hand_line(r.output, 1)
    assert "legal so far ✓ (the record stops after trick 13) / 至第13轮为止合规 ✓（记录止于第13轮）" in line
    assert "legal 合规 ✓" not in line
    assert "legal 合规 ✓" in _hand_line(r.output, 2)          # a hand played out: legal, no "so far"
    hand = json.loads(CliRunner().invoke(main, ["check", str(path), "--json"]).stdout)["files"][0]["hands"][0]
    assert hand["legal"] is True and hand["complete"] is False


def test_a_record_stopping_inside_a_trick_is_legal_so_far(tmp_path):
    r, _ = _run(tmp_path, INSIDE, "check")
    line = _hand_line(r.output, 1)
    assert "legal so far ✓ (the record stops inside trick 13, before every seat played)" in line
    assert "至第13轮为止合规 ✓（记录止于第13轮中途）" in line


def test_replay_says_legal_so_far_too(tmp_path):
    r, _ = _run(tmp_path, STOPPED, "replay", "--hand", "1")
    assert r.exit_code == 0, r.output
    assert "legal so far ✓ (the record stops after trick 13)" in r.output


# --- tractor stats on a dataset written before violations.about -----------------------------------------

@pytest.fixture
def ingested(tmp_path) -> Path:
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "r.tgn").write_text(MISCOUNT, "utf-8")
    ds = tmp_path / "ds"
    r = CliRunner().invoke(main, ["ingest", str(tmp_path / "in" / "r.tgn"), "-o", str(ds), "--workers", "1"])
    assert r.exit_code in (0, 1), r.output
    return ds


def _stats(ds: Path):
    r = CliRunner().invoke(main, ["stats", str(ds), "--format", "json", "--by", "match"])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout), r.stderr


NOTE = "predate the split of findings about the record from violations of the play"


def test_a_miscount_counts_in_no_violation_of_the_dataset(ingested):
    loaded = load(str(ingested))
    assert loaded.violations["about"].tolist() == ["record"]
    assert loaded.violations["code"].tolist() == ["claim_mismatch"]
    assert loaded.hands["violations"].tolist()[0] == 0 and loaded.hands["record_findings"].tolist()[0] == 1
    doc, err = _stats(ingested)
    assert doc["violations"] == [] and sum(row["violations"] for row in doc["summary"]) == 0
    assert NOTE not in err and "claim_mismatch row" not in err


def _rewrite_about(ds: Path, value: str | None) -> None:
    for part in (ds / "violations").glob("part-*.parquet"):
        table = pq.read_table(part)
        i = table.column_names.index("about")
        table = table.set_column(i, "about", pa.array([value] * table.num_rows, table.schema.field(i).type))
        pq.write_table(table, part)


def test_stats_says_once_that_an_older_dataset_counts_its_rows_as_the_plays(ingested):
    _rewrite_about(ingested, None)          # as a dataset written before the column stores it: null
    doc, err = _stats(ingested)
    assert err.count(NOTE) == 1
    assert "1 violation row(s)" in err and "ingest the records again" in err
    assert "早于“记录问题”与“出牌违规”的区分" in err and "重新导入记录即可区分" in err
    # the counts read the row as the play's, as documented (a hand's finding naming no seat: by match)
    assert [(row["code"], row["violations"]) for row in doc["violations"]] == [("claim_mismatch", 1)]


def test_stats_says_a_claim_mismatch_written_as_the_plays_is_counted_so(ingested):
    _rewrite_about(ingested, "play")        # as the version before this one stored a miscount
    _, err = _stats(ingested)
    assert err.count("1 claim_mismatch row(s)") == 1 and "重新导入记录即可分开计数" in err
    assert NOTE not in err
