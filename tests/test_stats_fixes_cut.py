"""A match whose record file was cut short: the dataset says so (``matches.cut_short``), and the dataset's
match results word it as ``tractor check`` does (``record cut by damage``), crediting no team.

Before: the matches table had no column saying the record stopped at damage to its file, and
``stats.match_results`` — built from rows that do not say it — gave such a match ``decided_by`` ``levels not
known`` (its final levels being null), a reason that is not the reason."""
from __future__ import annotations

import zlib
from types import SimpleNamespace

import pytest

from tractor_analysis.dataset import load, stats, stats_reference
from tractor_analysis.dataset.pipeline import ingest
from tractor_analysis.engine.scoring import RECORD_CUT
from tractor_analysis.records.tgn_writer import format_tgn
from tractor_analysis.simulate import simulate_match

IMPLS = {"sql": stats, "reference": stats_reference}
TEXT = format_tgn(simulate_match(21, 1, max_hands=6))   # decide_by_levels on: whole, N–S win 5 to 4
TRICK = "8. E: CA C8, S: C6 C3, W: HK H10, N: S8 S7"      # hand 5's trick 8


def _cut_gzip() -> bytes:
    """A gzip stream cut short inside hand 5 (as tests/test_truncated_wording.py makes one)."""
    cut = TEXT.index(TRICK) + len(TRICK) - len(" S7")
    co = zlib.compressobj(9, zlib.DEFLATED, 31)
    return co.compress(TEXT[:cut].encode("utf-8")) + co.flush(zlib.Z_SYNC_FLUSH)


@pytest.fixture(scope="module")
def datasets(tmp_path_factory) -> dict[str, str]:
    root = tmp_path_factory.mktemp("cut")
    (root / "cut.tgn.gz").write_bytes(_cut_gzip())
    (root / "whole.tgn").write_text(TEXT, "utf-8")
    ingest([str(root / "cut.tgn.gz")], str(root / "cut"))
    ingest([str(root / "whole.tgn")], str(root / "whole"))
    return {"cut": str(root / "cut"), "whole": str(root / "whole")}


def test_the_matches_table_says_the_record_is_cut(datasets):
    cut, whole = load(datasets["cut"]), load(datasets["whole"])
    assert cut.matches["cut_short"].tolist() == [True]
    assert cut.errors["code"].tolist() == ["truncated_file"]
    assert cut.matches["winner"].isna().all()
    assert whole.matches["cut_short"].tolist() == [False]
    assert whole.matches["winner"].tolist() == ["NS"]


@pytest.mark.parametrize("impl", IMPLS)
def test_match_results_word_a_cut_record_as_check_does(datasets, impl):
    res = IMPLS[impl].match_results(load(datasets["cut"]))
    assert res[["winner", "decided_by"]].values.tolist() == [[None, RECORD_CUT]]   # before: levels not known
    assert IMPLS[impl].standings(load(datasets["cut"])).empty
    whole = IMPLS[impl].match_results(load(datasets["whole"]))
    assert whole[["winner", "decided_by"]].values.tolist() == [["NS", "higher level"]]
    # rows without the column (older datasets): not known to be cut — the final levels still unknown
    ds = load(datasets["cut"])
    old = SimpleNamespace(matches=ds.matches.drop(columns=["cut_short", "decided_by"]), hands=ds.hands, tricks=ds.tricks,
                          violations=ds.violations, plays=ds.plays)
    assert IMPLS[impl].match_results(old)["decided_by"].tolist() == ["levels not known"]


def test_the_dataset_folder_gives_the_same(datasets):
    assert stats.match_results(datasets["cut"])["decided_by"].tolist() == [RECORD_CUT]

