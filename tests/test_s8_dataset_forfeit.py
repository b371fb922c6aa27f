"""A match whose forfeit is not known is decided alike from its record and from a dataset.

``tractor check`` says of a match whose count of wrong follows and take-backs towards a forfeit is not all
known (a take-back given as ``?`` that may reach the count, docs/format.md "Takebacks", docs/rules.md
§10.2) "not decided … who, if anyone, forfeited the match is not known" (``engine.scoring.decide_match``:
``forfeit not known``).  The dataset stored no such mark: its statistics (``match_results``), ``tractor
standings DATASET`` and ``tractor report DATASET`` re-decided the match from the stored rows and named
another reason, "levels not known" (the final levels a forfeit withholds).  Now the ``matches`` table keeps
the decision ingest made (``decided_by``: ``decide_match`` of the replay, beside its ``winner``) and every
reading of the dataset names the reason ``check`` names, never deciding again; a dataset written before the
column (null) is decided from its rows as before.
"""
from __future__ import annotations

import json
import os
import shutil

import pyarrow.parquet as pq
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tractor_analysis.cli.main import main
from tractor_analysis.dataset import ingest, load, read_table, stats, stats_reference
from tractor_analysis.dataset.event import from_dataset, from_inputs
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.scoring import FORFEIT_NOT_KNOWN, decide_match
from tractor_analysis.records.tgn_reader import parse_tgn

ZERO_BOTTOM = "C3 C3 C4 C4 C6 C6 C7 C7"
"""A bottom of no points, of cards no hand below plays."""
NOT_KNOWN_EN = "who, if anyone, forfeited the match is not known"


def head() -> str:
    return ('[Event "Count Cup"]\n[North "Ann"]\n[East "Bo"]\n[South "Cy"]\n[West "Di"]\n'
            '[Ruleset "tournament"]\n')


def hand(number: int, dealer: str, takebacks: str = "") -> str:
    """A position of one trick (the dealer's ♠A wins it, no points: the defenders go up 3 levels), with
    ``[Takebacks "…"]`` when given (tournament: each take-back costs its side a level, 3 forfeit)."""
    order = "NESW" * 2
    seats = order[order.index(dealer):][:4]
    cards = ("SA", "S7", "S8", "S9")
    deal = "\n".join(f"{s}: {cards[seats.index(s)]}" for s in "NESW")
    tb = f'[Takebacks "{takebacks}"]\n' if takebacks else ""
    return (f'\n[Hand "{number}"]\n[Dealer "{dealer}"]\n[Trump "H"]\n{tb}[SetUp "1"]\n[Points "0"]\n'
            f'{deal}\nBuried: {ZERO_BOTTOM}\n1. ' + ", ".join(f"{s}: {c}" for s, c in zip(seats, cards)) + "\n")


OPEN = head() + hand(1, "N", "N S E W") + hand(2, "S", "?")
"""Each side took two plays back in hand 1; hand 2's take-back is ``?``: N–S forfeit if it was theirs, E–W
if it was E–W's — who won is not known under any engine that follows the readings."""
DECIDED = head() + hand(1, "N", "E W") + hand(2, "S", "E")
"""The same with the third take-back E's: E–W forfeit (a control: the forfeit is known)."""


def cli(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def replayed(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match)


def ingested(tmp_path, text: str, name: str = "fk.tgn"):
    """``text`` written to ``tmp_path/name`` and ingested into ``tmp_path/ds``, the record named as
    ``tmp_path`` sees it (``name``: a test run there names it alike): (record path, dataset path)."""
    record = tmp_path / name
    record.write_text(text, encoding="utf-8")
    ds = tmp_path / "ds"
    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        ingest([name], str(ds))
    finally:
        os.chdir(here)
    return record, ds



def test_the_record_is_one_check_does_not_decide_for_want_of_the_forfeit(tmp_path):
    """The record of the tests below, as ``check`` reads it: not decided, the forfeit not known."""
    result = replayed(OPEN)
    assert not result.forfeit_known and result.levels_final == (None, None)
    assert decide_match(result) == (None, FORFEIT_NOT_KNOWN)
    path = tmp_path / "fk.tgn"
    path.write_text(OPEN, encoding="utf-8")
    r = cli("check", path)
    assert NOT_KNOWN_EN in r.output, r.output


def test_the_dataset_keeps_whether_the_forfeit_is_known_and_decides_as_check_does(tmp_path):
    record, ds = ingested(tmp_path, OPEN)
    (f,) = json.loads(cli("check", record, "--json").output)["files"]
    (checked,) = f["matches"]
    assert checked["decided_by"] is None and checked["winner"] is None and checked["forfeit"] is None
    assert [u["withheld"] for u in checked["unknown"]] == [["forfeit"]]
    (row,) = read_table(str(ds), "matches").to_pylist()
    assert row["decided_by"] == FORFEIT_NOT_KNOWN
    # the stored row is check --json's match object: no winner, no forfeit, the final levels not known
    assert (row["winner"], row["forfeit"], row["forfeit_reason"]) == (None, None, None)
    assert (row["level_ns_final"], row["level_ew_final"]) == (None, None)
    results = stats.match_results(str(ds))
    assert results["decided_by"].tolist() == [FORFEIT_NOT_KNOWN] and results["winner"].isna().all()
    assert decide_match(replayed(OPEN)) == (None, results["decided_by"][0])
    # the pandas reference reads the same column
    reference = stats_reference.match_results(load(str(ds)))
    assert reference["decided_by"].tolist() == [FORFEIT_NOT_KNOWN]


def test_the_standings_of_the_dataset_and_of_the_record_say_the_same(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    ingested(tmp_path, OPEN)
    (from_file,), _ = from_inputs(["fk.tgn"])
    (stored,) = from_dataset("ds")
    assert (stored.winner, stored.decided_by) == (from_file.winner, from_file.decided_by) == (None, FORFEIT_NOT_KNOWN)
    by_record, by_dataset = cli("standings", "fk.tgn"), cli("standings", "ds")
    assert NOT_KNOWN_EN in by_dataset.stderr and "levels not known" not in by_dataset.stderr
    assert "final levels unknown" not in by_dataset.stderr, by_dataset.stderr
    assert by_dataset.stderr == by_record.stderr and by_dataset.exit_code == by_record.exit_code


def test_a_forfeit_every_reading_gives_is_known_and_stored_so(tmp_path):
    record, ds = ingested(tmp_path, DECIDED)
    (row,) = read_table(str(ds), "matches").to_pylist()
    assert (row["decided_by"], row["forfeit"], row["winner"]) == ("forfeit", "EW", "NS")
    results = stats.match_results(str(ds))
    assert results[["winner", "decided_by"]].values.tolist() == [["NS", "forfeit"]]


def test_a_match_every_reading_gives_to_one_team_is_decided_alike(tmp_path):
    """E–W took two plays back; hand 2's take-back is ``?``: E–W forfeit if it was theirs, and N–S win on the
    levels if not.  ``check`` decides the match over every reading (the readings end it differently); the
    rows alone (no forfeit stored, the final levels not known) would read ``levels not known``."""
    text = head() + hand(1, "N", "E W") + hand(2, "S", "?")
    result = replayed(text)
    assert not result.forfeit_known and result.levels_final == (None, None)
    team, how = decide_match(result)
    _, ds = ingested(tmp_path, text)
    got = stats.match_results(str(ds))
    assert got[["winner", "decided_by"]].values.tolist() == [[None if team is None else ("NS", "EW")[team], how]]
    assert stats_reference.match_results(load(str(ds)))["decided_by"].tolist() == [how]
    assert how != "levels not known"


def test_a_dataset_written_before_the_column_reads_as_before(tmp_path):
    """Parts written before ``decided_by`` (the column absent: null) are decided from their rows, as before."""
    _, ds = ingested(tmp_path, OPEN)
    for part in (ds / "matches").glob("part-*.parquet"):
        table = pq.read_table(part)
        pq.write_table(table.drop(["decided_by"]), part)
    assert load(str(ds)).matches["decided_by"].isna().all()
    assert stats.match_results(str(ds))["decided_by"].tolist() == ["levels not known"]


def test_the_report_of_the_dataset_names_the_reason_for_a_match_it_cannot_draw(tmp_path, monkeypatch):
    """A match the report counts from the dataset's rows (its record text and file gone) is decided as
    ``check`` decides it, on the player pages and the index."""
    monkeypatch.chdir(tmp_path)
    ingested(tmp_path, OPEN)
    assert cli("report", "fk.tgn", "-o", "direct").exit_code == 0
    shutil.rmtree(tmp_path / "ds" / "records")
    (tmp_path / "ds" / "records").mkdir()
    (tmp_path / "fk.tgn").unlink()
    r = cli("report", "ds", "-o", "out")
    assert r.exit_code == 2 and "fk.tgn" in r.stderr       # the match cannot be drawn: named, counted
    page = (tmp_path / "out" / "player-Ann.html").read_text("utf-8")
    direct = (tmp_path / "direct" / "player-Ann.html").read_text("utf-8")
    assert NOT_KNOWN_EN in direct
    assert NOT_KNOWN_EN in page and "levels unknown" not in page, page


TAKEBACKS = st.sampled_from(["", "E", "W", "N", "?", "E ?", "? ?", "E W", "N S ?", "?  ?  ?"])


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(takebacks=st.lists(TAKEBACKS, min_size=1, max_size=4))
def test_any_count_of_take_backs_is_decided_alike_from_the_record_and_the_dataset(tmp_path_factory, takebacks):
    """Invariant: the dataset's decision of a match is ``decide_match`` of its replay, and its ``winner``
    the replay's, whatever take-backs (known, ``?``) its hands give."""
    text = head() + "".join(hand(i, "NS"[(i - 1) % 2], tb) for i, tb in enumerate(takebacks, 1))
    root = tmp_path_factory.mktemp("tb")
    _, ds = ingested(root, text)
    result = replayed(text)
    winner, how = decide_match(result)
    got = stats.match_results(str(ds))
    assert got["decided_by"].tolist() == [how], (takebacks, got)
    assert got["winner"].tolist() == [None if winner is None else ("NS", "EW")[winner]]
    assert read_table(str(ds), "matches")["winner"].to_pylist() == [None if result.winner is None
                                                                    else ("NS", "EW")[result.winner]]
