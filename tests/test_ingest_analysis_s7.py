"""``ingest --analyse K``: what the analysis valued, and on what basis.

- A play the record leaves out that the engine derived (docs/rules.md §14.1) is a ``plays`` row with
  ``derived`` true, and the analysis values it (``tractor analyse`` prints its values, marked
  derived): the row used to get nulls, silently.  It now holds ``tractor analyse --json``'s values
  for that play (and its view with ``--view``).
- The ``hands`` column ``analysis_basis`` says what the analysed positions were built from: ``deal``
  (the deal lines; a position's lines) or ``plays`` (a full hand without deal lines: the hands rebuilt
  from the cards each seat played, ``tractor analyse``'s derived fact ``hands``); null when the hand
  was not analysed.  A dataset written before the column takes new parts with it (appended), and is
  read by ``load``, DuckDB (``union_by_name``) and ``tractor stats``.
"""
from __future__ import annotations

import json
from pathlib import Path

import duckdb
import pandas as pd
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from tractor_analysis.analysis.batch import DEFAULT_BUDGET, DEFAULT_NODES
from tractor_analysis.analysis.record_basis import no_deal_lines, seats_without_line
from tractor_analysis.cli.main import main
from tractor_analysis.dataset import SCHEMAS, load
from tractor_analysis.dataset.analysis import DEAL, DEAL_AND_PLAYS, PLAYS, analysis_basis
from tractor_analysis.records import parse_tgn

BASE = (Path(__file__).parent / "data" / "seed3" / "hand-1.tgn").read_text("utf-8")
"""``tractor simulate -n 1 --seed 3``'s first hand: 16 tricks, S deals, C trump."""

TRICK14 = "14. W: CQ, N: S9, E: CJ, S: CK"
TRICK16 = "16. W: CK, N: SA, E: S2, S: CQ"
SKIP14 = BASE.replace(TRICK14, "14. W: CQ, N: S9, S: CK")
"""E's play in trick 14 left out: only CJ fits (the engine derives it; it costs E's side 10 points)."""
SKIP16 = BASE.replace(TRICK16, "16. W: CK, N: SA, S: CQ")
"""The last trick lacks E's forced play (S2, its last card), S's play recorded after it: derived."""
SKIP13 = BASE.replace("13. E: H5, S: C3, W: C10, N: H9", "13. E: H5, S: C3, W: C10")
"""N's play in trick 13 left out (derived: H9), before the last three tricks: not analysed."""
NO_DEAL = "".join(x for x in BASE.splitlines(keepends=True) if x[:3] not in ("N: ", "E: ", "S: ", "W: "))
"""The whole hand without deal lines: analysed on the hands rebuilt from the plays."""
NO_E = "".join(x for x in BASE.splitlines(keepends=True) if x[:3] != "E: " and not x.startswith("Bottom:"))
"""Deal lines but E's, and no ``Bottom:`` line: E's cards are read from its plays (a whole hand)."""
E_FROM_DECKS = "".join(x for x in BASE.splitlines(keepends=True) if x[:3] != "E: ")
"""Deal lines but E's, with the ``Bottom:`` line: the decks less the three lines and the bottom give E's line
(``engine.line_from_decks``, session 23): analysed on the deal, as with every line given."""
POSITION = BASE.split("N: ")[0].replace('[Declarations "S: H2 | W: C2 C2"]\n', "").replace(
    '[Level "2"]', '[Level "2"]\n[SetUp "1"]\n[Points "140"]\n[FirstTrick "14"]') + (
    "N: S9 SA HQ\nE: S2 CJ CA\nS: C6 CQ CK\nW: CQ CK CA\nBuried: H8 H6 H4 H3 DQ D8 D6 D4\n"
    f"{TRICK14}\n15. S: C6, W: CA, N: HQ, E: CA\n{TRICK16}\n[Claim \"150\"]\n")
"""Tricks 14–16 of the hand as a position (the hands before trick 14, the attackers' 140 points)."""

LAST = 3
COLUMNS = ["value_before", "value_after", "cost", "best"]
VIEW = ["view_deals", "view_exact", "view_value", "view_value_best", "view_best", "view_cost", "view_stderr"]


def _invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def _write(tmp: Path, name: str, text: str) -> Path:
    tmp.mkdir(parents=True, exist_ok=True)
    path = tmp / f"{name}.tgn"
    path.write_text(text, encoding="utf-8")
    return path


def _ingest(path: Path, root: Path, *more, exit_code: int = 0) -> Path:
    r = _invoke("ingest", path, "-o", root, *more, "-q")
    assert r.exit_code == exit_code, r.output
    return root


def _analysed(path: Path, *more, exit_code: int = 0) -> dict:
    """``tractor analyse --last 3 --json``'s one hand, with the ingest's budgets."""
    r = _invoke("analyse", path, "--last", LAST, "--json", "--budget", DEFAULT_BUDGET, "--nodes", DEFAULT_NODES,
                *more)
    assert exit_code is None or r.exit_code == exit_code, r.output
    (h,) = json.loads(r.stdout)["hands"]
    return h


def _num(v):
    return None if v is None or pd.isna(v) else v


def _parquet(root: Path, table: str) -> pd.DataFrame:
    """``table`` as its Parquet parts hold it (not through ``load``)."""
    parts = sorted((root / table).glob("part-*.parquet"))
    assert parts
    return pd.concat([pq.read_table(p).to_pandas() for p in parts], ignore_index=True)


def _derived_rows(plays: pd.DataFrame) -> dict[tuple[int, str], tuple]:
    rows = plays[plays["derived"].fillna(False).astype(bool)]
    return {(int(r.trick_no), r.seat): (list(r.cards), _num(r.value_before), _num(r.value_after), _num(r.cost),
                                        None if r.best is None else list(r.best))
            for r in rows.itertuples(index=False)}


@pytest.mark.parametrize("name, text, derived", [("skip14", SKIP14, {(14, "E")}),
                                                 ("skip16", SKIP16, {(16, "E")}),
                                                 ("skip13", SKIP13, set())])
def test_a_derived_play_row_holds_the_values_analyse_gives_it(tmp_path, name, text, derived):
    path = _write(tmp_path, name, text)
    h = _analysed(path)
    assert h["reason"] is None
    expected = {(p["trick"], p["seat"]): (p["cards"], p["value_before"], p["value_after"], p["cost"],
                                          [" ".join(b) for b in p["best"]])
                for p in h["plays"] if p["derived"]}
    assert set(expected) == derived                     # the analysis valued the plays it derived
    assert all(v[1] is not None and v[2] is not None for v in expected.values())
    plays = _parquet(_ingest(path, tmp_path / f"{name}-ds", "--analyse", LAST), "plays")
    rows = _derived_rows(plays)
    assert len(rows) == 1                               # the engine's derived play is a row
    assert {k: v for k, v in rows.items() if k in derived} == expected
    # one before the analysed tricks is not analysed: no values (never a guess)
    assert all(v[1:] == (None, None, None, None) for k, v in rows.items() if k not in derived)
    # the recorded plays of the analysed tricks keep theirs
    recorded = plays[~plays["derived"].astype(bool) & (plays["trick_no"] > 16 - LAST)]
    assert len(recorded) == 4 * LAST - len(derived) and recorded["value_after"].notna().all()


def test_a_derived_play_row_holds_its_view(tmp_path):
    path = _write(tmp_path, "skip14", SKIP14)
    h = _analysed(path, "--view", "--samples", 3)
    (p,) = [p for p in h["plays"] if p["derived"]]
    plays = _parquet(_ingest(path, tmp_path / "ds", "--analyse", LAST, "--view", "--samples", 3), "plays")
    (row,) = plays[plays["derived"].astype(bool)].itertuples(index=False)
    v = p["view"]
    assert (row.view_deals, bool(row.view_exact)) == (v["deals"], v["exact"])
    for column, key in (("view_value", "value"), ("view_value_best", "value_best"), ("view_cost", "cost"),
                        ("view_stderr", "stderr")):
        assert round(getattr(row, column), 2) == v[key], column
    assert list(row.view_best) == [" ".join(b) for b in v["best"]]


def test_without_analyse_a_derived_play_row_has_no_values(tmp_path):
    plays = _parquet(_ingest(_write(tmp_path, "skip14", SKIP14), tmp_path / "ds"), "plays")
    row = plays[plays["derived"].astype(bool)]
    assert len(row) == 1 and row[COLUMNS + VIEW].isna().all().all()


@pytest.mark.parametrize("name, text, basis, exit_code", [
    ("whole", BASE, DEAL, 0), ("skip14", SKIP14, DEAL, 0), ("position", POSITION, DEAL, 0),
    ("no-deal", NO_DEAL, PLAYS, 2), ("no-e", NO_E, DEAL_AND_PLAYS, 0), ("e-from-decks", E_FROM_DECKS, DEAL, 0)])
def test_the_hands_table_says_what_the_analysis_was_built_from(tmp_path, name, text, basis, exit_code):
    path = _write(tmp_path, name, text)
    h = _analysed(path, exit_code=None)       # (its exit status: the record's diagnostics, not the basis)
    rebuilt = any(d["fact"] == "hands" for d in h["derived"])      # analyse: "the cards each seat played"
    assert (h["reason"] is None) == (basis is not None) and rebuilt == (basis in (PLAYS, DEAL_AND_PLAYS))
    root = _ingest(path, tmp_path / f"{name}-ds", "--analyse", LAST, exit_code=exit_code)
    (stored,) = _parquet(root, "hands")["analysis_basis"]
    assert _num(stored) == basis
    plays = _parquet(root, "plays")
    assert plays["value_after"].notna().any() == (basis is not None)
    # ingested without --analyse: nothing analysed, no basis
    (plain,) = _parquet(_ingest(path, tmp_path / f"{name}-plain", exit_code=exit_code), "hands")["analysis_basis"]
    assert _num(plain) is None


@pytest.mark.parametrize("text", [BASE, NO_DEAL, POSITION, NO_E])
def test_the_basis_follows_the_analysis_rule_for_deal_lines(text):
    """The dataset does not import the analysis: its rule for ``plays`` is ``no_deal_lines``'s."""
    (match,), _ = parse_tgn(text)
    (record,) = match.hands
    assert analysis_basis(record, {(0, 0): object()}) == (PLAYS if no_deal_lines(record) else
                                                         DEAL_AND_PLAYS if seats_without_line(record) else DEAL)
    assert analysis_basis(record, {}) is None and analysis_basis(None, {(0, 0): object()}) is None


def test_a_dataset_written_before_the_column_takes_new_parts(tmp_path):
    """Appending to a dataset of the previous version: its hands parts have no ``analysis_basis``
    (every column is added at the end; no part is rewritten); each reader gives its rows null."""
    root = _ingest(_write(tmp_path / "old", "whole", BASE), tmp_path / "ds", "--analyse", LAST)
    (part,) = (root / "hands").glob("part-*.parquet")
    old = pq.read_table(part)
    pq.write_table(old.drop_columns(["analysis_basis"]), part)        # as the previous version wrote it
    assert "analysis_basis" not in pq.read_schema(part).names
    _ingest(_write(tmp_path / "new", "no-deal", NO_DEAL), root, "--analyse", LAST, exit_code=2)
    hands = load(str(root)).hands
    assert list(hands.columns) == SCHEMAS["hands"].names
    assert sorted(map(_num, hands["analysis_basis"]), key=str) == [None, PLAYS]
    rows = duckdb.sql(f"select analysis_basis, count(*) from read_parquet('{root}/hands/*.parquet', "
                      "union_by_name = true) group by all order by all").fetchall()
    assert rows == [(PLAYS, 1), (None, 1)]
    r = _invoke("stats", root, "--format", "json", "--table", "lost")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["lost"]
