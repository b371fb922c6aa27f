"""The dataset's Arrow columns built from buffers (``dataset/arrow_columns.py``, the compiled
``_arrow_core.c`` and the numpy code) are the arrays ``pa.array`` gives (the reference): every type of the schema, with nulls, empty, refused values;
every column of simulated matches' rows; and ``tractor ingest`` no longer imports pandas."""
from __future__ import annotations

import os
import subprocess
import sys

import pyarrow as pa
import pytest
from hypothesis import given, settings, strategies as st

from tractor_analysis.dataset import arrow_columns as ac
from tractor_analysis.dataset.reading import read_files_rows, read_table
from tractor_analysis.dataset.rows import TableBuilder
from tractor_analysis.dataset.schema import SCHEMAS, TABLES
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import format_jsonl
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.simulate import simulate_match

DICT = pa.dictionary(pa.int32(), pa.string())
TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=6)


def same(values, typ):
    """Both constructions give the same array (or the same exception type), with the compiled
    buffers (``_arrow_core.c``), with the numpy code they replace, and in a process without numpy
    (``tractor ingest``'s: what the core declines goes to ``pa.array``)."""
    core, numpy = ac._CORE, ac._numpy
    try:
        for ac._CORE in ({core, None} if core is not None else {None}):
            _same(values, typ)
            ac._numpy = _no_numpy
            _same(values, typ)
            ac._numpy = numpy
    finally:
        ac._CORE, ac._numpy = core, numpy


def _no_numpy():
    raise ac._Refused


def _same(values, typ):
    try:
        want = ac.reference(list(values), typ)
    except Exception as exc:                    # what Arrow refuses, it still refuses
        with pytest.raises(type(exc)):
            ac.column(list(values), typ)
        return
    got = ac.column(list(values), typ)
    assert got.type == want.type and got.equals(want) and len(got) == len(want)
    assert got.null_count == want.null_count
    if pa.types.is_dictionary(typ):             # the same dictionary, in order of first appearance
        assert got.dictionary.equals(want.dictionary) and got.indices.equals(want.indices)
    assert got.to_pylist() == want.to_pylist()


def nullable(s):
    return st.lists(st.one_of(st.none(), s), max_size=40)


@settings(max_examples=60, deadline=None)
@given(nullable(st.integers(-(1 << 15), (1 << 15) - 1)), nullable(st.integers(-(1 << 40), 1 << 40)))
def test_ints(small, big):
    same(small, pa.int16())
    same(small, pa.int32())
    same(big, pa.int32())                       # out of range: pa.array's error
    same(big, pa.int64())
    same(big, pa.timestamp("ms", tz="UTC"))


@settings(max_examples=80, deadline=None)
@given(nullable(st.one_of(st.floats(allow_nan=False, allow_infinity=True), st.integers(-(1 << 60), 1 << 60))))
def test_floats_with_nulls_and_ints(values):
    """The view's columns (float64): floats and infinities, ints converted where a double holds them
    exactly (beyond 2**53 pa.array refuses, and so does the column), nulls."""
    same(values, pa.float64())


def test_a_nan_stays_a_value_not_a_null():
    values = [float("nan"), None, 1.0]
    got, want = ac.column(values, pa.float64()), ac.reference(values, pa.float64())
    assert got.null_count == want.null_count == 1
    assert got.buffers()[1].to_pybytes() == want.buffers()[1].to_pybytes()


@settings(max_examples=60, deadline=None)
@given(nullable(st.booleans()), nullable(TEXT), nullable(st.sampled_from(["N", "E", "S", "W", "黑桃", ""])))
def test_bools_strings_dictionaries(flags, texts, seats):
    same(flags, pa.bool_())
    same(texts, pa.string())
    same(texts, DICT)
    same(seats, DICT)


@settings(max_examples=60, deadline=None)
@given(nullable(st.lists(TEXT, max_size=5)), nullable(st.lists(nullable(TEXT), max_size=3)),
       nullable(st.lists(st.lists(TEXT, max_size=3), max_size=3)))
def test_lists(cards, with_nulls, nested):
    same(cards, pa.list_(pa.string()))
    same(with_nulls, pa.list_(pa.string()))     # a null inside a list: the reference builds it
    same(nested, pa.list_(pa.list_(pa.string())))


@pytest.mark.parametrize("values,typ", [
    ([1, True, None], pa.int32()), ([1, 2.0], pa.int16()), ([1 << 15], pa.int16()), ([0, 1], pa.bool_()),
    (["a", b"b"], pa.string()), (["\ud800"], pa.string()), (["a", 1], DICT), ([("a",)], pa.list_(pa.string())),
    ([None, None], pa.int16()), ([None], DICT), ([None] * 3, pa.list_(pa.list_(pa.string()))), ([], DICT),
    ([], pa.list_(pa.string())), (["x" * 5, None, "é"], DICT), ([], pa.float64()), ([True, 1.5], pa.float64()),
    ([1 << 53, -(1 << 53)], pa.float64()), ([(1 << 53) + 1], pa.float64()), (["1.5"], pa.float64()),
])
def test_values_taken_or_refused_as_pa_array_does(values, typ):
    same(values, typ)


@pytest.mark.parametrize("value,typ", [
    (None, DICT), (None, pa.int32()), (None, pa.list_(pa.string())), (None, pa.float64()), (None, pa.bool_()),
    ("b-1", DICT), ("é\u4e2d", DICT), ("", DICT), ("\ud800", DICT), ("x", pa.string()), (3, pa.int32()),
    (1 << 40, pa.int16()), ("x", pa.dictionary(pa.int16(), pa.string())),
])
@pytest.mark.parametrize("n", [0, 1, 7, 1000])
def test_a_constant_column_is_the_column_of_its_value_repeated(value, typ, n):
    """:func:`arrow_columns.constant` (the plays table's batch and null columns) gives what
    :func:`arrow_columns.column` of the value ``n`` times gives (or raises the same)."""
    core, numpy = ac._CORE, ac._numpy
    try:
        for ac._CORE in ({core, None} if core is not None else {None}):
            for ac._numpy in (numpy, _no_numpy):
                try:
                    want = ac.column([value] * n, typ)
                except Exception as exc:
                    with pytest.raises(type(exc)):
                        ac.constant(value, n, typ)
                    continue
                got = ac.constant(value, n, typ)
                assert got.type == want.type and got.equals(want) and got.null_count == want.null_count
                if pa.types.is_dictionary(typ):
                    assert got.dictionary.equals(want.dictionary) and got.indices.equals(want.indices)
    finally:
        ac._CORE, ac._numpy = core, numpy


def test_a_dictionary_of_the_same_objects_again_and_equal_strings_apart():
    """The compiled dictionary remembers the index of the last few string objects by identity (issue
    27, twelfth pass): the same objects over and over (a match id, the seats), equal strings that are
    other objects, many keys in turn (the remembered slots taken over) and nulls give the reference's
    array."""
    import random

    rng = random.Random(3)
    seats = list("NESW")
    ids = ["".join(["m-", str(i)]) for i in range(40)]                  # distinct objects
    again = ["".join(["m-", str(i)]) for i in range(40)]                # equal to ids, other objects
    values = []
    for i in range(3000):
        r = rng.random()
        values.append(rng.choice(seats) if r < 0.5 else ids[i // 75] if r < 0.8 else
                      rng.choice(again) if r < 0.95 else None)
    same(values, DICT)
    same([ids[i % 40] for i in range(400)] + [again[i % 40] for i in range(400)], DICT)


def test_every_column_of_simulated_rows():
    """Rows of matches with violations under several presets: each column both ways."""
    builder = TableBuilder("b-1")
    for i, preset in enumerate(("standard", "80fen", "three-deck", "tournament")):
        matches = [simulate_match(31, j, rules=PRESETS[preset], violation_rate=0.1, max_hands=3) for j in range(2)]
        builder.add_file(f"f{i}.jsonl", f"{i:064x}", "jsonl", matches, [replay_match(m) for m in matches], [],
                         "ok", None)
    builder.cols["files"]["ingested_at"] = [1_700_000_000_000] * len(builder.cols["files"]["batch"])
    for table in TABLES:
        for field in SCHEMAS[table]:
            same(builder.cols[table][field.name], field.type)
    assert len(builder.cols["plays"]["cards"]) > 100


def test_ingest_reads_no_pandas_and_files_rows_match_read_table(tmp_path):
    """``tractor ingest`` (one worker, in its own process) writes the dataset without importing
    pandas, ``pyarrow.dataset`` or ``pyarrow.compute`` (≈0.09 s of start-up); :func:`read_files_rows` gives what :func:`read_table` gives."""
    src = tmp_path / "m.jsonl"
    src.write_text(format_jsonl([simulate_match(8, i, max_hands=2) for i in range(3)]), encoding="utf-8")
    root = tmp_path / "ds"
    code = ("import sys\nfrom tractor_analysis.cli.main import main\n"
            f"sys.argv = ['tractor', 'ingest', {str(src)!r}, '-o', {str(root)!r}, '--workers', '1', '-q']\n"
            "try:\n    main()\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
            "print('pandas' in sys.modules, 'pyarrow.dataset' in sys.modules, 'pyarrow.compute' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    assert out.stdout.split() == ["False", "False", "False"], out.stdout + out.stderr
    src2 = tmp_path / "n.jsonl"
    src2.write_text(format_jsonl([simulate_match(9, 0, max_hands=2)]), encoding="utf-8")
    subprocess.run([os.path.join(os.path.dirname(sys.executable), "tractor"), "ingest", str(src2), "-o", str(root),
                    "-q"], check=True, capture_output=True)
    every = read_table(str(root), "files")
    batches = set(every.column("batch").to_pylist())
    assert len(batches) == 2
    for cols in (["batch"], ["source_file", "encoding_note"], ["batch", "hands", "ingested_at"]):
        for chosen in (None, set(), {sorted(batches)[0]}):
            got = read_files_rows(str(root), cols, chosen)
            want = read_table(str(root), "files", cols, chosen)
            assert got.to_pylist() == want.to_pylist() and got.schema.equals(want.schema)


def test_an_empty_batch_of_plays_imports_no_pandas():
    """The last flush of a big ingest can hold files rows and no plays: its empty float64 columns
    (the view's) went through pa.array, which imports pandas (0.4 CPU-s a process)."""
    code = ("import sys\nfrom tractor_analysis.dataset.rows import TableBuilder\n"
            "tables = TableBuilder('b-1').to_tables()\n"
            "assert tables['plays'].num_rows == 0\n"
            "print('pandas' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False"], out.stdout + out.stderr


def test_the_compiled_buffers_decline_what_they_do_not_take():
    """What the core does not take exactly comes back None (the Python code then decides)."""
    core = ac._CORE
    if core is None:
        pytest.skip("the compiled Arrow core is not built (or ruled out)")
    assert core.ints([1, True], 2, -5, 5) is None and core.ints([6], 2, -5, 5) is None
    assert core.ints([1 << 70], 8, -(1 << 63), (1 << 63) - 1) is None
    assert core.bools([True, 1]) is None and core.dictionary(["a", b"b"]) is None
    assert core.strings(["a", "\ud800"], 100) is None and core.strings(["abc"], 2) is None
    assert core.lists([["a"], ("b",)], 100) is None and core.lists([["a", "b"]], 1) is None
    data, validity, nulls = core.ints([None, -2, 3], 2, -5, 5)
    assert (data, validity, nulls) == (b"\0\0\xfe\xff\x03\0", b"\x06", 1)
    keys, indices, validity, nulls = core.dictionary(["x", None, "y", "x"])
    assert keys == ["x", "y"] and indices == bytes([0] * 4 + [0] * 4 + [1, 0, 0, 0] + [0] * 4) and nulls == 1


def _printable_reference(text: str) -> str:
    """``schema.printable`` without the C check: its pure-Python path (the check by ``text.encode``),
    the reference the core's path must equal."""
    from tractor_analysis.dataset import schema

    core = schema._UTF8_OK
    try:
        schema._UTF8_OK = None
        return schema.printable(text)
    finally:
        schema._UTF8_OK = core


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(), max_size=30))
def test_printable_is_the_encode_check(text):
    """``printable`` (ASCII by the str's flag, else the C check that keeps the UTF-8 in the str) gives
    what the check by ``text.encode`` gave: the text itself when it encodes, the escaped bytes
    otherwise; with and without the core, and the column built from it is the same."""
    from tractor_analysis.dataset import schema

    want = _printable_reference(text)
    got = schema.printable(text)
    assert got == want and (got is text) == (want is text)
    try:                                # the pure path itself: the text when it encodes, else escaped
        text.encode("utf-8")
        assert want is text
    except UnicodeEncodeError:
        assert want != text and want.encode("utf-8")
    same([got, "é" + got, None], pa.string())


def test_printable_of_surrogate_escapes_and_lone_surrogates():
    from tractor_analysis.dataset import schema

    for text in ("abc", "é中", "gbk\udcc7\udce5.tgn", "lone \ud800 x", "中\udfff", "\U0001f0a1", ""):
        assert schema.printable(text) == _printable_reference(text)
    # what the reference gives: a Windows name's GBK bytes shown as bytes, a lone surrogate escaped
    assert schema.printable("gbk\udcc7\udce5.tgn") == "gbk\\xc7\\xe5.tgn"
    assert schema.printable("lone \ud800 x") == "lone \\ud800 x"
    assert schema.printable("é中") == "é中"
    assert schema._UTF8_OK is not None or ac._CORE is None


@pytest.mark.parametrize("typ", [pa.int16(), pa.int32(), pa.int64()])
def test_ints_at_the_edges_of_one_digit(typ):
    """The compiled ints read an int of one CPython digit (|v| < 2**30) from the digit and any other
    through the C API (issue 27, twelfth pass): values on both sides of that edge, of the int16 and
    int32 ranges and of int64's, and -1, 0, 1, give the reference's array (or its refusal)."""
    edges = [0, 1, -1, 2, -2, 32767, 32768, -32768, -32769, (1 << 30) - 1, 1 << 30, -(1 << 30) + 1, -(1 << 30),
             -(1 << 30) - 1, (1 << 31) - 1, 1 << 31, -(1 << 31), -(1 << 31) - 1, (1 << 60) + 5, -(1 << 62),
             (1 << 63) - 1, -(1 << 63), 1 << 63]
    for v in edges:
        same([v, None, v], typ)
    same([v for v in edges if -(1 << 15) <= v < (1 << 15)], typ)
