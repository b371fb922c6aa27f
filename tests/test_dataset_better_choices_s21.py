"""The ``violations`` table keeps every play the rules leave open between equal plays (docs/rules.md §4.5: a
failed throw whose forced unit has equal units in the throw, ♥7 or ♦7 off-suit level cards) in its column
``better_choices``, as ``check --json`` does: ``better`` keeps the first only, as before.  Empty where no choice is
open; null in a part written before the column (read with the current schema: not known)."""
from __future__ import annotations

import pyarrow.parquet as pq

from test_referee_rulings_s20r3 import M_LEVEL
from tractor_analysis.dataset import SCHEMAS, load
from tractor_analysis.dataset.pipeline import ingest

ONE = M_LEVEL.replace("N: H7 D7 C2", "N: H7 SA C2").replace("N: H7 D7, E", "N: H7 SA, E")   # one lowest single


def _throw_failed(tmp_path, text: str, name: str):
    path = tmp_path / f"{name}.tgn"
    path.write_text(text, "utf-8")
    ingest([str(path)], str(tmp_path / name))
    v = load(str(tmp_path / name)).violations
    (row,) = v[v.code == "throw_failed"].itertuples()
    return row


def test_equal_choices_are_all_stored_and_better_keeps_the_first(tmp_path):
    row = _throw_failed(tmp_path, M_LEVEL, "equal")
    assert list(row.better) == ["H7"]
    assert [list(c) for c in row.better_choices] == [["H7"], ["D7"]]


def test_no_choice_open_is_an_empty_list(tmp_path):
    row = _throw_failed(tmp_path, ONE, "one")
    assert len(row.better) > 0 and len(row.better_choices) == 0


def test_a_part_written_before_the_column_reads_it_as_null(tmp_path):
    _throw_failed(tmp_path, M_LEVEL, "old")
    (part,) = (tmp_path / "old" / "violations").glob("part-*.parquet")
    table = pq.read_table(part)
    pq.write_table(table.drop(["better_choices", "better_example"]), part)
    v = load(str(tmp_path / "old")).violations
    assert v.better_choices.isna().all() and list(v[v.code == "throw_failed"].better.iloc[0]) == ["H7"]
    assert v.better_example.isna().all()                            # (s22) not known in an older part
    # added last, as every later column (better_example after it, session 22)
    assert SCHEMAS["violations"].names[-2:] == ["better_choices", "better_example"]
