"""``load(path, nullable_ints=True)`` gives pandas' nullable types to boolean columns too.

It gave every integer column pandas' nullable ``Int16`` / ``Int32``, but a boolean column holding a null
(``hands.after_match_end`` where whether the match had ended is not known …) came back ``object``
(``True`` / ``False`` / ``None``), and the same column without a null ``bool``: a dtype depending on the
rows read, what the option exists to avoid.  Now every boolean column is pandas' ``boolean`` under the
option (a null ``<NA>``); the default load is as documented (pandas' own conversion: ``object`` with a
null, ``bool`` without).
"""
from __future__ import annotations

import os

import pandas as pd
import pyarrow as pa
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tractor_analysis.dataset import SCHEMAS, TABLES, ingest, load, stats, stats_reference

ZERO_BOTTOM = "C3 C3 C4 C4 C6 C6 C7 C7"


def hand(number: int, dealer: str, takebacks: str = "") -> str:
    """A position of one trick (the dealer's ♠A wins it, no points), ``[Takebacks "…"]`` when given."""
    order = "NESW" * 2
    seats = order[order.index(dealer):][:4]
    cards = ("SA", "S7", "S8", "S9")
    deal = "\n".join(f"{s}: {cards[seats.index(s)]}" for s in "NESW")
    tb = f'[Takebacks "{takebacks}"]\n' if takebacks else ""
    return (f'\n[Hand "{number}"]\n[Dealer "{dealer}"]\n[Trump "H"]\n{tb}[SetUp "1"]\n[Points "0"]\n'
            f'{deal}\nBuried: {ZERO_BOTTOM}\n1. ' + ", ".join(f"{s}: {c}" for s, c in zip(seats, cards)) + "\n")


HEAD = ('[Event "Null Cup"]\n[Round "1"]\n[Table "1"]\n[North "Ann"]\n[East "Bo"]\n[South "Cy"]\n[West "Di"]\n'
        '[Ruleset "tournament"]\n')
OPEN = HEAD + hand(1, "N", "E W") + hand(2, "S", "?") + hand(3, "N")
"""Whether E–W forfeited at the end of hand 2 is not known (its take-back is ``?``): hand 3's
``after_match_end`` is null (docs/dataset.md)."""
PLAIN = HEAD.replace("Null Cup", "Plain Cup") + hand(1, "N") + hand(2, "S")
"""A match with every boolean known."""

BOOLEANS = {t: [f.name for f in SCHEMAS[t] if pa.types.is_boolean(f.type)] for t in TABLES}


def ingested(folder, texts: dict[str, str]) -> str:
    for name, text in texts.items():
        (folder / name).write_text(text, encoding="utf-8")
    ds = folder / "ds"
    ingest([str(folder / n) for n in texts], str(ds))
    return str(ds)


@pytest.fixture(scope="module")
def with_null_booleans(tmp_path_factory):
    return ingested(tmp_path_factory.mktemp("nullbool"), {"open.tgn": OPEN, "plain.tgn": PLAIN})


@pytest.fixture(scope="module")
def without_null_booleans(tmp_path_factory):
    return ingested(tmp_path_factory.mktemp("plainbool"), {"plain.tgn": PLAIN})


def test_the_record_gives_a_null_boolean(with_null_booleans):
    h = load(with_null_booleans).hands
    assert h["after_match_end"].isna().any() and h["after_match_end"].notna().any()


def test_nullable_load_gives_boolean_columns_pandas_boolean_dtype(with_null_booleans):
    ds = load(with_null_booleans, nullable_ints=True)
    assert str(ds.hands["after_match_end"].dtype) == "boolean"
    assert ds.hands["after_match_end"].isna().sum() == 1           # <NA> where the plain load has None
    for name in TABLES:
        for column in BOOLEANS[name]:
            assert str(ds[name][column].dtype) == "boolean", (name, column)


def test_nullable_load_gives_boolean_also_where_no_row_holds_a_null(without_null_booleans):
    """Whatever the rows hold: a column without a null is ``boolean`` too (its dtype does not depend on them)."""
    ds = load(without_null_booleans, nullable_ints=True)
    assert not ds.hands["after_match_end"].isna().any()
    assert {str(ds.hands[c].dtype) for c in BOOLEANS["hands"]} == {"boolean"}
    assert str(ds.matches["cut_short"].dtype) == "boolean"


def test_the_default_load_stays_as_documented(with_null_booleans, without_null_booleans):
    """pandas' own conversion: ``object`` with a null, ``bool`` without; integers ``float64`` with a null."""
    assert str(load(with_null_booleans).hands["after_match_end"].dtype) == "object"
    assert str(load(without_null_booleans).hands["after_match_end"].dtype) == "bool"
    assert load(with_null_booleans).hands["after_match_end"].tolist().count(None) == 1


def test_the_nullable_load_holds_the_same_values(with_null_booleans):
    plain, nullable = load(with_null_booleans), load(with_null_booleans, nullable_ints=True)
    for name in TABLES:
        for column in BOOLEANS[name]:
            a = [None if v is None or v != v else bool(v) for v in plain[name][column]]
            b = [None if pd.isna(v) else bool(v) for v in nullable[name][column]]
            assert a == b, (name, column)


def test_statistics_of_a_nullable_load_are_those_of_the_dataset(with_null_booleans):
    ds = load(with_null_booleans, nullable_ints=True)
    pd.testing.assert_frame_equal(stats_reference.match_results(ds), stats.match_results(with_null_booleans),
                                  check_dtype=False)
    pd.testing.assert_frame_equal(stats.match_results(ds), stats.match_results(with_null_booleans),
                                  check_dtype=False)
    on_disk = stats.summary(with_null_booleans, "player").reset_index(drop=True)
    pd.testing.assert_frame_equal(stats.summary(ds, "player").reset_index(drop=True), on_disk, check_dtype=False)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                HealthCheck.function_scoped_fixture])
@given(takebacks=st.lists(st.sampled_from(["", "E", "W", "?", "E ?", "? ?"]), min_size=1, max_size=4))
def test_any_dataset_loads_every_boolean_as_boolean_with_the_plain_values(tmp_path_factory, takebacks):
    """Invariant: under ``nullable_ints`` every boolean column is ``boolean`` and holds the plain load's
    values (``<NA>`` for its ``None``), whichever of its rows are null."""
    text = HEAD + "".join(hand(i, "NS"[(i - 1) % 2], tb) for i, tb in enumerate(takebacks, 1))
    folder = tmp_path_factory.mktemp("any")
    ds = ingested(folder, {"m.tgn": text})
    plain, nullable = load(ds), load(ds, nullable_ints=True)
    for name in TABLES:
        for column in BOOLEANS[name]:
            assert str(nullable[name][column].dtype) == "boolean", (name, column)
            assert ([None if v is None or v != v else bool(v) for v in plain[name][column]]
                    == [None if pd.isna(v) else bool(v) for v in nullable[name][column]]), (name, column)
    assert os.path.isdir(ds)
