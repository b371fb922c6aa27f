"""Reading a dataset back: ``load`` (pandas), ``read_table`` (Arrow), ``verify`` (damaged or missing parts)."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

import pyarrow as pa
import pyarrow.parquet as pq
from .commit import batch_of, damaged_part, part_files
from .schema import ARROW_USED, CHILD_TABLES, SCHEMAS, TABLES, DatasetError


# --- reading -----------------------------------------------------------------------

@dataclass(frozen=True)
class Dataset:
    """The tables of a dataset as pandas DataFrames (committed rows only)."""

    files: "object"
    matches: "object"
    hands: "object"
    tricks: "object"
    plays: "object"
    violations: "object"
    errors: "object"
    records: "object" = None
    """Each match's canonical record text (empty for datasets written before the table)."""

    def __getitem__(self, name: str):
        return getattr(self, name)

    def keys(self) -> tuple[str, ...]:
        return TABLES


def upgrade_tricks(table: pa.Table) -> pa.Table:
    """Rows of ``tricks`` as the current schema means them.  Parts written before
    ``forced_kind`` existed stored a failed throw's ``lead_kind`` as the unit the leader was
    forced to play: such a row (``throw_failed``, ``forced_kind`` null) gets ``lead_kind``
    ``throw`` and that unit as its ``forced_kind``.  Rows written since are left as they are."""
    import pyarrow.compute as pc      # not imported by an ingest that does not need it

    names = table.column_names
    if "lead_kind" not in names or "throw_failed" not in names:
        return table
    failed = pc.fill_null(table.column("throw_failed"), False)
    if not pc.any(failed).as_py():
        return table
    kind_type = table.schema.field("lead_kind").type
    kind = pc.cast(table.column("lead_kind"), pa.string())
    if "forced_kind" in names:
        forced_type = table.schema.field("forced_kind").type
        forced = pc.cast(table.column("forced_kind"), pa.string())
        old = pc.and_(failed, pc.is_null(forced))
        table = table.set_column(names.index("forced_kind"), "forced_kind",
                                 pc.cast(pc.if_else(old, kind, forced), forced_type))
    throw = pa.scalar("throw", pa.string())
    return table.set_column(names.index("lead_kind"), "lead_kind", pc.cast(pc.if_else(failed, throw, kind), kind_type))


def _read_parts(parts: list[str], table: str, columns: list[str] | None, filter=None) -> pa.Table:
    """Parts of one table as Arrow (``tricks`` rows of older parts upgraded, :func:`upgrade_tricks`);
    :class:`DatasetError` naming the part that cannot be read."""
    import pyarrow.dataset as ds

    schema = SCHEMAS[table]
    if not parts:
        empty = schema.empty_table()
        return empty.select(columns) if columns else empty
    ARROW_USED[0] = True
    wanted = columns
    if table == "tricks" and columns and "lead_kind" in columns:      # the upgrade needs these beside it
        columns = list(dict.fromkeys([*columns, "throw_failed", "forced_kind"]))
    try:
        got = ds.dataset(parts, schema=schema, format="parquet").to_table(columns=columns, filter=filter)
        if table == "tricks":
            got = upgrade_tricks(got)
        return got.select(wanted) if wanted and wanted != columns else got
    except (pa.ArrowException, OSError) as exc:
        for part in parts:             # which one? (only on failure)
            try:
                pq.ParquetFile(part).read(columns=columns)
            except (pa.ArrowException, OSError) as bad:
                raise damaged_part(part, table, bad) from None
        raise DatasetError(f"cannot read the {table} table: {exc} / 无法读取数据集的 {table} 表") from None


def _required_parts(root: str, batches: set[str]) -> dict[str, set[str]]:
    """For each child table, the committed batches that must have a part in it: those whose
    ``files`` rows count hands (hands, tricks, plays, matches), matches, errors or violations."""
    import pyarrow.compute as pc      # not imported by an ingest that does not need it

    need: dict[str, set[str]] = {t: set() for t in CHILD_TABLES}
    files = _read_parts([p for p in part_files(root, "files") if batch_of(p) in batches], "files",
                        ["batch", "matches", "hands", "errors", "violations"])
    if not files.num_rows:
        return need
    batch = pc.cast(files["batch"], pa.string())

    def having(column: str) -> set[str]:
        return set(pc.unique(batch.filter(pc.greater(files[column], 0))).to_pylist())

    with_hands = having("hands")
    for t in ("hands", "tricks", "plays", "matches"):
        need[t] |= with_hands
    need["matches"] |= having("matches")
    need["errors"] |= having("errors")
    need["violations"] |= having("violations")
    # ``records`` is not required: datasets written before it have no part there (a report
    # draws those matches from their files, or says it cannot)
    return need


def _check_parts(root: str, table: str, present: set[str], batches: set[str], cache: dict) -> None:
    """:class:`DatasetError` when a batch of ``batches`` needs a part of ``table`` that is not in
    ``present`` (``cache`` keeps what the files table says between calls)."""
    if batches <= present:
        return
    if "required" not in cache:
        cache["required"] = _required_parts(root, batches)
    missing = sorted((cache["required"].get(table, set()) & batches) - present)
    if not missing:
        return
    names = ", ".join(str(Path(root, table, f"part-{b}.parquet")) for b in missing[:5])
    more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
    raise DatasetError(
        f"the {table} table is missing {len(missing)} part(s) of committed batches: {names}{more} (their "
        f"files/ rows list rows of this table); restore them from a backup, or remove those batches (their "
        f"part in every table) and ingest their files again / 数据集 {table} 表缺少 {len(missing)} 个已提交批次的"
        f"分块文件（{names}{more}），这些行已丢失")


def verify(root: str, tables: Iterable[str] = TABLES) -> None:
    """Raise :class:`DatasetError` when a committed batch lacks a part it needs in ``tables``, or
    a committed part of ``tables`` is no whole Parquet file: its frame is checked
    (:func:`check_footers`), not its rows (a part damaged inside its pages, the frame whole, is
    found by :func:`read_table`).  Reads the ``files`` table's rows only when some table lacks a part."""
    batches = {batch_of(p) for p in part_files(root, "files")}
    cache: dict = {}
    tables = tuple(tables)
    for t in tables:
        if t != "files":
            _check_parts(root, t, {batch_of(p) for p in part_files(root, t)}, batches, cache)
    check_footers(root, tables, batches)


_MAGIC = b"PAR1"


def check_footers(root: str, tables: Iterable[str] = TABLES, batches: set[str] | None = None) -> None:
    """Raise :class:`DatasetError` naming the first committed part of ``tables`` (of ``batches``,
    default every committed one) that is no whole Parquet file: it does not begin with Parquet's
    magic bytes, or does not end with them after its footer's length, or that length does not fit
    in the file — a part truncated, emptied or written over.  Only those 12 bytes of each part are
    read (≈ 0.15 ms a part on a loaded machine; Arrow's parse of the footer costs ten times that, the
    rows a hundred): a part damaged inside, its frame whole, is found when its rows are read
    (:func:`read_table`)."""
    if batches is None:
        batches = {batch_of(p) for p in part_files(root, "files")}
    for t in tables:
        for part in part_files(root, t):
            if batch_of(part) not in batches:
                continue
            try:
                with open(part, "rb") as f:
                    head = f.read(4)
                    size = f.seek(0, os.SEEK_END)
                    if size >= 12:
                        f.seek(size - 8)
                    tail = f.read(8) if size >= 12 else b""
            except OSError as exc:
                raise damaged_part(part, t, exc) from None
            problem = _frame_problem(head, tail, size)
            if problem:
                raise damaged_part(part, t, OSError(problem))


def _frame_problem(head: bytes, tail: bytes, size: int) -> str | None:
    """What is wrong with a Parquet file's frame (its first 4 and last 8 bytes, its size), or ``None``."""
    if size < 12:
        return f"{size} bytes, too short for a Parquet file (at least 12)"
    if head != _MAGIC:
        return f"not a Parquet file: it begins with {head!r}, not {_MAGIC!r}"
    if tail[4:] != _MAGIC:
        return f"truncated or written over: it ends with {tail[4:]!r}, not {_MAGIC!r} (Parquet's footer)"
    footer = int.from_bytes(tail[:4], "little")
    if footer + 12 > size:
        return f"its footer claims {footer} bytes, more than the file's {size}"
    return None


def read_files_rows(root: str, columns: list[str], batches: set[str] | None = None) -> pa.Table:
    """:func:`read_table` of the ``files`` table (``columns``; only ``batches``, default every
    committed one), each part read on its own: no ``pyarrow.dataset`` (whose import imports pandas,
    ≈ 0.4 CPU-s at the end of every ``tractor ingest``).  A part without one of ``columns`` (written
    before it existed) or that cannot be read: :func:`read_table` reads them all, as before."""
    from .arrow_columns import read_part

    parts = [p for p in part_files(root, "files") if batches is None or batch_of(p) in batches]
    schema = pa.schema([SCHEMAS["files"].field(c) for c in columns])
    try:
        tables = [read_part(p, columns) for p in parts]
        if all(t.schema.equals(schema) for t in tables):
            return pa.concat_tables(tables) if tables else \
                pa.Table.from_arrays([pa.nulls(0, f.type) for f in schema], schema=schema)
    except (pa.ArrowException, OSError, KeyError):
        pass
    return read_table(root, "files", columns, batches)


def read_table(root: str, table: str, columns: list[str] | None = None,
               batches: set[str] | None = None, *, filter=None, _cache: dict | None = None) -> pa.Table:
    """One table as Arrow, with :data:`SCHEMAS`; only rows of committed batches (and of those,
    the rows the ``pyarrow.dataset`` expression ``filter`` keeps, when given).  A column missing
    from older parts is null there.

    :class:`DatasetError` when a part cannot be read, or a committed batch whose ``files``
    rows count rows of this table has no part in it (deleted): rows are never dropped silently."""
    ARROW_USED[0] = True
    if batches is None:
        batches = {batch_of(p) for p in part_files(root, "files")}
    all_parts = part_files(root, table)
    parts = [p for p in all_parts if batch_of(p) in batches]
    if table != "files":
        _check_parts(root, table, {batch_of(p) for p in parts}, batches, {} if _cache is None else _cache)
    return _read_parts(parts, table, columns, filter)


def load(path: str, tables: Iterable[str] = TABLES, decode: bool = True, *,
         nullable_ints: bool = False) -> Dataset:
    """Read a dataset folder into pandas DataFrames (``Dataset.plays``, ``ds["hands"]``…).

    Only committed batches are read (see the module docstring).  With ``decode``
    (the default) dictionary columns become plain strings; tables not asked for
    are empty DataFrames.  A damaged part, or a part missing from a committed batch,
    raises :class:`DatasetError` (a ``ValueError``) naming it.

    Integer columns: by default pandas' own conversion — a column holding a null
    (``bottom_multiplier``, ``level_ns_after`` … where not known) comes back ``float64``
    with ``NaN`` there, the same column without one as its ``int16`` / ``int32``.  With
    ``nullable_ints`` every integer column is pandas' nullable ``Int16`` / ``Int32``, a
    null ``<NA>``, whatever the rows hold (:func:`_nullable_int`).  Boolean columns alike: by
    default a column holding a null (``after_match_end``, ``cut_short`` … where not known, or in
    parts written before the column) comes back ``object`` (``True`` / ``False`` / ``None``), the same
    column without one ``bool``; with ``nullable_ints`` every boolean column is pandas' nullable
    ``boolean``, a null ``<NA>``, whatever the rows hold.
    """
    if not os.path.isdir(path):
        raise FileNotFoundError(f"no dataset at {path!r} (run 'tractor ingest … -o {path}' first)")
    wanted = set(tables)
    batches = {batch_of(p) for p in part_files(path, "files")}
    cache: dict = {}
    frames = {}
    for t in TABLES:
        table = (read_table(path, t, batches=batches, _cache=cache) if t in wanted
                 else SCHEMAS[t].empty_table())
        if decode:
            table = _decode(table)
        frames[t] = table.to_pandas(types_mapper=_nullable_int if nullable_ints else None)
    return Dataset(**frames)


def _nullable_int(arrow_type: pa.DataType):
    """The pandas nullable integer dtype (``Int16``, ``Int32`` …) of an Arrow integer type, and pandas'
    nullable ``boolean`` of an Arrow boolean, for ``load(…, nullable_ints=True)``: a null stays ``<NA>`` and
    the column keeps its type, whether or not it holds one (``to_pandas`` alone makes an integer column
    holding a null ``float64`` and a boolean one ``object``, and the same columns without one ``int16`` and
    ``bool``).  ``None`` for other types: pandas' own conversion."""
    import pandas as pd

    if pa.types.is_boolean(arrow_type):
        return pd.BooleanDtype()
    if not pa.types.is_integer(arrow_type):
        return None
    sign = "U" if pa.types.is_unsigned_integer(arrow_type) else ""
    return pd.api.types.pandas_dtype(f"{sign}Int{arrow_type.bit_width}")


def _decode(table: pa.Table) -> pa.Table:
    import pyarrow.compute as pc      # not imported by an ingest that does not need it

    for i, field in enumerate(table.schema):
        if pa.types.is_dictionary(field.type):
            table = table.set_column(i, field.name, pc.cast(table.column(i), pa.string()))
    return table


# --- a record file ingested again with other content --------------------------------------------------

@dataclass(frozen=True)
class Superseded:
    """A record file stored in two versions: the path (``source_abspath``, else ``source_file``) came back
    with other content.  The version ingested last counts (``stats``: the earlier one's matches count in no
    statistic)."""

    source_file: str
    earlier_sha256: str
    later_sha256: str
    later_batch: str | None
    returned: bool = False
    """The later version is one the path held before it (a correction withdrawn: :mod:`.versions`)."""


def superseded_files(root: str, batches: Iterable[str] | None = None) -> list[Superseded]:
    """Every earlier version of a record file of the dataset ``root`` (its ``files`` table alone, read without
    pandas) — with ``batches``, only those a file row of one of them replaced (what an ingest that wrote these
    batches must say on stderr).  Versions are ordered by ``ingested_at``, then the order of the parts; an
    unreadable row is no version."""
    rows = read_files_rows(root, ["source_file", "source_sha256", "status", "ingested_at", "batch", "source_abspath"])
    from .arrow_columns import stamps_ms
    order = stamps_ms(rows["ingested_at"])
    versions: dict[str, list[tuple]] = {}
    for i, (path, sha, status, batch, abspath) in enumerate(zip(
            rows["source_file"].to_pylist(), rows["source_sha256"].to_pylist(), rows["status"].to_pylist(),
            rows["batch"].to_pylist(), rows["source_abspath"].to_pylist())):
        if isinstance(sha, str) and status != "unreadable":
            key = abspath if isinstance(abspath, str) else path
            versions.setdefault(key, []).append(((order[i] is not None, order[i] or 0, i), path, sha, batch))
    wanted = None if batches is None else set(batches)
    out = []
    for found in versions.values():
        if len({sha for _, _, sha, _ in found}) < 2:
            continue
        found.sort(key=lambda v: v[0])
        for k, ((_, path, sha, _), (_, later_path, later_sha, later_batch)) in enumerate(zip(found, found[1:])):
            if sha != later_sha and (wanted is None or later_batch in wanted):
                back = any(v[2] == later_sha for v in found[:k])
                out.append(Superseded(str(later_path), sha, later_sha, later_batch, back))
    return out


def superseded_note(s: Superseded) -> str:
    """The bilingual stderr line of :func:`superseded_files`' ``s``, naming both versions."""
    if s.returned:
        return (f"{s.source_file}: holds again the content of version {s.later_sha256[:16]}, stored before; it "
                f"counts again in the statistics and standings, in place of version {s.earlier_sha256[:16]} (its "
                f"matches not stored twice) / {s.source_file}：内容又回到此前已存的版本 {s.later_sha256[:16]}；"
                f"统计与排名重新以该版本代替版本 {s.earlier_sha256[:16]}（其比赛不重复存入）")
    return (f"{s.source_file}: already in the dataset with other content (version {s.earlier_sha256[:16]}); "
            f"stored as a new version ({s.later_sha256[:16]}), which counts in the statistics and standings in "
            f"place of the earlier one / {s.source_file}：数据集中已有内容不同的同名文件（版本 "
            f"{s.earlier_sha256[:16]}）；已存为新版本（{s.later_sha256[:16]}），统计与排名以新版本代替旧版本")
