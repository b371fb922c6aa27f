"""Arrow arrays built straight from the dataset's column lists: buffers, not ``pa.array`` (issue 27).

:class:`~tractor_analysis.dataset.rows.TableBuilder` keeps each table as one Python list per
column.  ``pa.array`` of such a list converts it value by value and, on its first call in a
process, imports pandas (pyarrow asks whether the list is a pandas object): ≈ 0.4 CPU-s and
≈ 50 MB of every ``tractor ingest`` process that writes Parquet and never uses pandas.

:func:`column` builds the same array from numpy buffers for the types of the dataset's schema
(``schema.SCHEMAS``): int16 / int32 / int64 / timestamp, float64, bool, string, dictionary-encoded
string (the dictionary in order of first appearance, as ``dictionary_encode`` gives it) and
lists of these (the buffers in C, ``_arrow_core.c``, when it is built; numpy's otherwise, imported
only then).  :func:`reference` is the ``pa.array`` construction it replaces; anything
:func:`column` does not take exactly — a value of another Python type (a bool in an int column,
a tuple for a list), an int out of the column's range, a string UTF-8 cannot hold, a column
past 2 GB of text — goes to :func:`reference`, so what Arrow refused before it still refuses,
with the same error.  ``tests/test_arrow_columns.py`` checks that both give equal arrays.

numpy is imported only when the C buffers are not there (or decline a column): ``tractor ingest``
imports pyarrow without numpy (``cli/ingest_cmd.py``), and a column numpy would have built then goes
to :func:`reference` (issue 27, tenth pass).
"""
from __future__ import annotations

import operator
from itertools import chain, repeat

import pyarrow as pa

from ..records.compiled import load

_CORE = load("tractor_analysis.dataset._arrow_core", "Arrow column buffers", "Arrow 列缓冲区")
"""The columns' buffers in C (``_arrow_core.c``), or ``None``: the numpy code below is the reference."""

_NONE = type(None)
_INTS = {pa.int16(): ("int16", -(1 << 15), (1 << 15) - 1), pa.int32(): ("int32", -(1 << 31), (1 << 31) - 1),
         pa.int64(): ("int64", -(1 << 63), (1 << 63) - 1)}
"""Each int type: its numpy dtype's name, its least and greatest value."""
_SIZE = {"int16": 2, "int32": 4, "int64": 8}


def _numpy():
    """numpy, for the code that builds the buffers without the C core; :class:`_Refused` (the column
    goes to :func:`reference`) when it cannot be imported (``tractor ingest`` keeps it out)."""
    try:
        import numpy
    except ImportError:
        raise _Refused from None
    return numpy
_MAX_OFFSET = (1 << 31) - 1


class _Refused(Exception):
    """A value this module does not build exactly: :func:`reference` builds (or refuses) it."""


def reference(values: list, typ: pa.DataType) -> pa.Array:
    """The array through ``pa.array`` (a dictionary column: plain strings, encoded in C++)."""
    if pa.types.is_dictionary(typ):
        return pa.array(values, typ.value_type).dictionary_encode()
    return pa.array(values, typ)


def column(values: list, typ: pa.DataType) -> pa.Array:
    """``values`` (a list) as an Arrow array of ``typ``: equal to :func:`reference`'s."""
    if type(values) is list:
        try:
            return _build(values, typ)
        except _Refused:
            pass
    return reference(values, typ)


def constant(value, n: int, typ: pa.DataType) -> pa.Array:
    """``column([value] * n, typ)``, equal, without the list where it can: ``value`` ``None`` gives
    ``pa.nulls`` (as :func:`_build` does for a list of nulls), a string in a dictionary column of int32
    indices its one key and ``n`` zero indices (as the dictionary builders give it)."""
    if n and value is None:
        return pa.nulls(n, typ)
    if n and type(value) is str and pa.types.is_dictionary(typ) and typ.index_type == pa.int32():
        one = column([value], typ)
        return pa.DictionaryArray.from_arrays(
            pa.Array.from_buffers(pa.int32(), n, [None, pa.py_buffer(bytes(4 * n))], null_count=0), one.dictionary)
    return column([value] * n, typ)


def _types(values: list) -> set:
    return set(map(type, values))


def _validity(values: list, n: int) -> tuple[pa.Buffer | None, int]:
    """The validity bitmap (``None``: no nulls) and the null count."""
    nulls = values.count(None)
    if not nulls:
        return None, 0
    np = _numpy()
    valid = np.fromiter(map(operator.is_not, values, repeat(None)), np.bool_, n)
    return pa.py_buffer(np.packbits(valid, bitorder="little")), nulls


def _build(values: list, typ: pa.DataType) -> pa.Array:
    n = len(values)
    if n and values[0] is None and values.count(None) == n:
        return pa.nulls(n, typ)                     # a column not filled in this batch
    if pa.types.is_dictionary(typ):
        return _dictionary(values, typ, n)
    if typ in _INTS or pa.types.is_timestamp(typ):
        dtype, lo, hi = _INTS.get(typ, _INTS[pa.int64()])
        return _ints(values, typ, n, dtype, lo, hi)
    if typ == pa.bool_():
        return _bools(values, n)
    if typ == pa.float64():
        return _floats(values, n)
    if typ == pa.string():
        return _strings(values, n)
    if pa.types.is_list(typ):
        return _lists(values, typ, n)
    raise _Refused


def _ints(values: list, typ: pa.DataType, n: int, dtype, lo: int, hi: int) -> pa.Array:
    if _CORE is not None:
        got = _CORE.ints(values, _SIZE[dtype], lo, hi)
        if got is not None:
            data, validity, nulls = got
            return pa.Array.from_buffers(typ, n, [_buffer(validity), pa.py_buffer(data)], null_count=nulls)
    if not _types(values) <= {int, _NONE}:
        raise _Refused
    np = _numpy()
    validity, nulls = _validity(values, n)
    if nulls:
        values = [0 if v is None else v for v in values]
    if n and (min(values) < lo or max(values) > hi):
        raise _Refused                              # pa.array says which value it cannot hold
    data = np.array(values, dtype=dtype) if n else np.zeros(0, dtype)
    return pa.Array.from_buffers(typ, n, [validity, pa.py_buffer(data)], null_count=nulls)


_EXACT = 1 << 53
"""An int beyond ±2**53 has no exact double: ``pa.array`` refuses it, so it goes there."""


def _floats(values: list, n: int) -> pa.Array:
    kinds = _types(values)
    if not kinds <= {float, int, _NONE}:
        raise _Refused
    np = _numpy()
    validity, nulls = _validity(values, n)
    if nulls:
        values = [0.0 if v is None else v for v in values]
    if int in kinds and any(type(v) is int and not -_EXACT <= v <= _EXACT for v in values):
        raise _Refused
    data = np.array(values, dtype=np.float64) if n else np.zeros(0, np.float64)
    return pa.Array.from_buffers(pa.float64(), n, [validity, pa.py_buffer(data)], null_count=nulls)


def _buffer(data: bytes | None) -> pa.Buffer | None:
    return None if data is None else pa.py_buffer(data)


def _bools(values: list, n: int) -> pa.Array:
    if _CORE is not None:
        got = _CORE.bools(values)
        if got is not None:
            bits, validity, nulls = got
            return pa.Array.from_buffers(pa.bool_(), n, [_buffer(validity), pa.py_buffer(bits)], null_count=nulls)
    if not _types(values) <= {bool, _NONE}:
        raise _Refused
    np = _numpy()
    validity, nulls = _validity(values, n)
    bits = np.fromiter(map(operator.is_, values, repeat(True)), np.bool_, n)
    return pa.Array.from_buffers(pa.bool_(), n, [validity, pa.py_buffer(np.packbits(bits, bitorder="little"))],
                                 null_count=nulls)


def _offsets(lengths, n: int) -> pa.Buffer:
    np = _numpy()
    offsets = np.zeros(n + 1, np.int64)
    np.cumsum(np.fromiter(lengths, np.int64, n), out=offsets[1:])
    if offsets[-1] > _MAX_OFFSET:
        raise _Refused                              # pa.array makes a chunked array of it
    return pa.py_buffer(offsets.astype(np.int32))


def _strings(values: list, n: int) -> pa.Array:
    got = _CORE.strings(values, _MAX_OFFSET) if _CORE is not None else None
    if got is not None:
        offsets, data, validity, nulls = got
        return pa.Array.from_buffers(pa.string(), n, [_buffer(validity), pa.py_buffer(offsets), pa.py_buffer(data)],
                                     null_count=nulls)
    kinds = _types(values)
    if not kinds <= {str, _NONE}:
        raise _Refused
    validity, nulls = _validity(values, n)
    texts = [v for v in values if v is not None] if nulls else values
    joined = "".join(texts)
    try:
        data = joined.encode("utf-8")
    except UnicodeEncodeError:
        raise _Refused from None
    if nulls:
        values = ["" if v is None else v for v in values]
    if len(data) == len(joined):                    # ASCII: one byte a character
        lengths = map(len, values)
    else:
        lengths = (len(v.encode("utf-8")) for v in values)
    return pa.Array.from_buffers(pa.string(), n, [validity, _offsets(lengths, n), pa.py_buffer(data)],
                                 null_count=nulls)


def _dictionary(values: list, typ: pa.DataType, n: int) -> pa.Array:
    if typ.index_type != pa.int32() or typ.value_type != pa.string() or typ.ordered:
        raise _Refused
    got = _CORE.dictionary(values) if _CORE is not None else None
    if got is not None:
        keys, indices, validity, nulls = got
        return pa.DictionaryArray.from_arrays(
            pa.Array.from_buffers(pa.int32(), n, [_buffer(validity), pa.py_buffer(indices)], null_count=nulls),
            _strings(keys, len(keys)))
    if not _types(values) <= {str, _NONE}:
        raise _Refused
    np = _numpy()
    first = dict.fromkeys(values)                   # in order of first appearance
    first.pop(None, None)
    keys = list(first)
    index = {k: i for i, k in enumerate(keys)}
    validity, nulls = _validity(values, n)
    if nulls:
        index[None] = 0
    indices = np.fromiter(map(index.__getitem__, values), np.int32, n)
    return pa.DictionaryArray.from_arrays(
        pa.Array.from_buffers(pa.int32(), n, [validity, pa.py_buffer(indices)], null_count=nulls),
        _strings(keys, len(keys)))


def _lists(values: list, typ: pa.DataType, n: int) -> pa.Array:
    got = _CORE.lists(values, _MAX_OFFSET) if _CORE is not None else None
    if got is not None:
        offsets, flat, validity, nulls = got
        return pa.Array.from_buffers(typ, n, [_buffer(validity), pa.py_buffer(offsets)], null_count=nulls,
                                     children=[_build(flat, typ.value_type)])
    if not _types(values) <= {list, _NONE}:
        raise _Refused
    validity, nulls = _validity(values, n)
    present = [v for v in values if v is not None] if nulls else values
    flat = list(chain.from_iterable(present))
    child = _build(flat, typ.value_type)
    lengths = (0 if v is None else len(v) for v in values) if nulls else map(len, values)
    return pa.Array.from_buffers(typ, n, [validity, _offsets(lengths, n)], null_count=nulls, children=[child])


def read_part(path, columns: list[str] | None = None) -> pa.Table:
    """One Parquet part file as a table: ``pq.read_table`` of one file without ``pyarrow.dataset``
    (whose import imports pandas), the same table."""
    import pyarrow.parquet as pq

    with pq.ParquetFile(path) as f:
        return f.read(columns=columns)


def stamps_ms(column) -> list[int | None]:
    """``ingested_at`` (a timestamp column in UTC) as milliseconds, each chunk's values read as the integers they are
    (``Array.view``): no cast (pyarrow.compute, ≈0.1 s of ingest's start) and no time-zone conversion per value — a
    Ctrl-C landing in pyarrow's conversion helper came back as ``ArrowInvalid`` ("the zoneinfo module … must be
    installed"), a commit error instead of an interrupt."""
    return [x for chunk in getattr(column, "chunks", (column,)) for x in chunk.view(pa.int64()).to_pylist()]
