"""The source the statistics read (:mod:`.stats_sql`): an embedded DuckDB connection.

A :class:`StatsSource` is an embedded DuckDB connection (no server) with one view per table the
statistics read (``matches``, ``hands``, ``tricks``, ``violations``, ``plays``), over either

- a dataset folder (:meth:`StatsSource.parquet`): ``read_parquet`` over each table's committed
  part files only (a batch is committed when its ``files`` part exists, see :mod:`.commit`), so
  DuckDB streams the Parquet files and memory does not grow with the dataset; or
- tables in memory (:meth:`StatsSource.frames`): pandas DataFrames (a loaded
  :class:`~tractor_analysis.dataset.Dataset`, the report's replayed records) or Arrow tables,
  handed to DuckDB as Arrow.

Every view has the columns of :data:`~tractor_analysis.dataset.SCHEMAS` the statistics use
(:data:`STAT_COLUMNS`); a column missing from older parts (or from a hand-made frame) is NULL.
"""
from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa

from .event_model import first_forms, form_of, player_name, team_name
from .match_identity import SAME_HAND, SAME_MATCH
from .ruleset_names import variant
from .schema import SCHEMAS, DatasetError

STAT_COLUMNS: dict[str, tuple[str, ...]] = {
    "matches": ("match_id", "source_file", "match_index", "event", "site", "date", "round", "table",
                "player_n", "player_e", "player_s", "player_w", "ruleset", "hands", "level_ns_start",
                "level_ew_start", "level_ns_final", "level_ew_final", "winner", "forfeit", "team_ns", "team_ew",
                "match_key", "duplicate_of", "cut_short", "level_ns_final_low", "level_ns_final_high",
                "level_ew_final_low", "level_ew_final_high", "decided_by", "source_sha256", "source_abspath",
                "batch"),
    "hands": ("match_id", "hand_no", "dealer", "defenders", "level", "trump", "ruleset", "decks", "rules",
              "tricks", "attackers_points", "bottom_captured", "bottom_multiplier", "bottom_bonus",
              "attackers_total", "outcome", "up_team", "levels_gained", "next_dealer", "match_over",
              "level_ns_before", "level_ew_before", "level_ns_after", "level_ew_after", "failed_throws",
              "violations", "friend", "defender_seats",
              "level_n_before", "level_e_before", "level_s_before", "level_w_before",
              "level_n_after", "level_e_after", "level_s_after", "level_w_after", "result_only", "judged",
              "complete", "stopped", "revoke_ns", "after_match_end"),
    "tricks": ("match_id", "hand_no", "leader", "winner", "throw_failed"),
    "violations": ("match_id", "hand_no", "seat", "code", "about"),
    "plays": ("match_id", "hand_no", "seat", "cost", "view_cost"),
    "files": ("source_file", "source_sha256", "status", "ingested_at", "source_abspath", "batch"),
}
"""The columns each statistics view holds (a subset of :data:`SCHEMAS`, in its types)."""

SEATS = ("N", "E", "S", "W")

MEMORY_ENV = "TRACTOR_DUCKDB_MEMORY"
"""Environment variable: DuckDB's memory limit for the statistics (default ``1GB``); beyond it
DuckDB spills to a temporary folder, so the statistics of any dataset run in bounded memory."""


def _connect():
    import tempfile

    import duckdb

    config = {"memory_limit": os.environ.get(MEMORY_ENV, "1GB"), "preserve_insertion_order": False,
              "temp_directory": str(Path(tempfile.gettempdir(), "tractor-duckdb"))}
    return duckdb.connect(config=config)


def _q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _lit(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _plain(t: pa.DataType) -> pa.DataType:
    """Dictionary-encoded strings are plain strings to DuckDB."""
    if pa.types.is_dictionary(t):
        return t.value_type
    if pa.types.is_list(t):
        return pa.list_(_plain(t.value_type))
    return t


def _duck_type(t: pa.DataType) -> str:
    t = _plain(t)
    if pa.types.is_list(t):
        return _duck_type(t.value_type) + "[]"
    names = {pa.string(): "VARCHAR", pa.int8(): "TINYINT", pa.int16(): "SMALLINT", pa.int32(): "INTEGER",
             pa.int64(): "BIGINT", pa.bool_(): "BOOLEAN", pa.float64(): "DOUBLE"}
    if t in names:
        return names[t]
    if pa.types.is_timestamp(t):
        return "TIMESTAMPTZ"
    raise TypeError(f"no DuckDB type for {t}")


def _field_type(table: str, column: str) -> pa.DataType:
    return _plain(SCHEMAS[table].field(column).type)


def _arrow_column(values, typ: pa.DataType) -> pa.Array:
    """A pandas column (or anything array-like) as Arrow of ``typ``: NaN and None become null,
    numpy arrays in list columns become lists."""
    try:
        return pa.array(values, type=typ, from_pandas=True)
    except (pa.ArrowException, TypeError, ValueError):
        items = [None if v is None or (isinstance(v, float) and v != v) else
                 (list(v) if isinstance(v, (np.ndarray, tuple)) else v) for v in list(values)]
        try:
            return pa.array(items, type=typ, from_pandas=True)
        except (pa.ArrowException, TypeError, ValueError):
            return pa.array(items, from_pandas=True).cast(typ, safe=False)


def _as_arrow(table: str, frame) -> pa.Table:
    """One in-memory table (pandas, Arrow or missing) as Arrow with the statistics' columns."""
    columns = {}
    if frame is None:
        n = 0
    elif isinstance(frame, pa.Table):
        n = frame.num_rows
    else:
        n = len(frame)
    names = set(frame.column_names if isinstance(frame, pa.Table) else
                (frame.columns if frame is not None else ()))
    for c in STAT_COLUMNS[table]:
        typ = _field_type(table, c)
        if c not in names:
            columns[c] = pa.nulls(n, typ)
        elif isinstance(frame, pa.Table):
            col = frame.column(c)
            columns[c] = col.cast(pa.list_(pa.string()) if pa.types.is_list(col.type) and typ == pa.list_(
                pa.string()) else typ) if col.type != typ else col
        else:
            columns[c] = _arrow_column(frame[c], typ)
    columns["_ord"] = pa.array(np.arange(n, dtype=np.int64))
    return pa.table(columns)


SUPERSEDED_SQL = """
    create or replace temp table superseded as
    with f as (select coalesce(source_abspath, source_file) as path, source_file, source_sha256 as sha,
                      row_number() over (partition by coalesce(source_abspath, source_file)
                                         order by ingested_at desc nulls last, _ord desc) as rn
               from raw_files where source_sha256 is not null and coalesce(status, '') <> 'unreadable'),
         latest as (select path, source_file, sha from f where rn = 1)
    select m.match_id, m.source_file, m.source_sha256 as sha, latest.source_file as by_file, latest.sha as by_sha
    from raw_matches m join latest on latest.path = coalesce(m.source_abspath, m.source_file)
    where m.source_sha256 is not null and m.source_sha256 <> latest.sha
      and m.source_sha256 in (select sha from f where f.path = latest.path)"""
"""The matches of an earlier version of a record file (``superseded``: ``match_id``, its ``source_file`` and
SHA-256, and the file and SHA-256 of the version that replaced it): a path (``source_abspath``, else
``source_file`` for rows written before it) ingested again with other content — a log that grew, a record
corrected — is stored twice (the manifest keys files by content); the version ingested last (``files.
ingested_at``, then the order of the parts) is the one that counts, the earlier versions' matches count in
no statistic (docs/dataset.md "Incremental").  Rows made in memory without a ``files`` table: none."""


class StatsSource:
    """An embedded DuckDB connection with the statistics' views (see the module docstring):
    ``raw_<table>`` as stored, and ``m``, ``h``, ``t``, ``v`` without the later copies of a match
    recorded twice (the table ``dups``).  Use as a context manager, or :meth:`close` it."""

    def __init__(self, con, parts: dict[str, list[str]] | None = None, root: str | None = None) -> None:
        """Use :meth:`parquet` or :meth:`frames`."""
        self.con = con
        self.parts = parts or {}
        self.root = root
        self._variants_ready = False
        self._temp_tables: dict[str, str] = {}

    # --- construction -------------------------------------------------------------
    @classmethod
    def parquet(cls, root: str | os.PathLike) -> "StatsSource":
        """Views over the committed part files of the dataset folder ``root``; a part missing from
        a committed batch, or one that cannot be read, raises :class:`DatasetError` naming it."""

        from .commit import batch_of, part_files
        from .reading import verify

        root = str(root)
        if not Path(root).is_dir():
            raise FileNotFoundError(f"no dataset at {root!r} (run 'tractor ingest … -o {root}' first)")
        verify(root)        # every table: a damaged errors/ or records/ part stops stats as it stops load
        committed = {batch_of(p) for p in part_files(root, "files")}
        con = _connect()
        parts = {t: [p for p in part_files(root, t) if batch_of(p) in committed] for t in STAT_COLUMNS}
        src = cls(con, parts, root)
        for table, files in parts.items():
            src._guard(lambda: src._parquet_view(table, files))
        src._guard(src._prepare)
        return src

    @classmethod
    def frames(cls, ds) -> "StatsSource":
        """Views over in-memory tables: ``ds.matches``, ``ds.hands``… as pandas DataFrames or
        Arrow tables (a table or column missing is empty or NULL)."""
        con = _connect()
        src = cls(con)
        for table in STAT_COLUMNS:
            frame = getattr(ds, table, None)
            con.register(f"arrow_{table}", _as_arrow(table, frame))
            cols = ", ".join(_q(c) for c in STAT_COLUMNS[table] + ("_ord",))
            con.execute(f"create temp view raw_{table} as select {cols} from arrow_{table}")
        src._guard(src._prepare)
        return src

    def _parquet_view(self, table: str, files: list[str]) -> None:
        wanted = STAT_COLUMNS[table]
        if not files:
            cols = ", ".join(f"NULL::{_duck_type(_field_type(table, c))} as {_q(c)}" for c in wanted)
            self.con.execute(f"create temp view raw_{table} as select {cols}, NULL::BIGINT as _ord where false")
            return
        listing = "[" + ", ".join(_lit(f) for f in files) + "]"
        reader = f"read_parquet({listing}, union_by_name = true, filename = true, file_row_number = true)"
        present = {r[0] for r in self.con.execute(f"describe select * from {reader}").fetchall()}
        cols = ", ".join(
            (f"cast({_q(c)} as {_duck_type(_field_type(table, c))}) as {_q(c)}" if c in present else
             f"NULL::{_duck_type(_field_type(table, c))} as {_q(c)}") for c in wanted)
        # row order as pandas reads it (parts sorted by name, rows in file order); only matches and files
        # (the versions of one path: superseded) need it
        order = ("row_number() over (order by filename, file_row_number)" if table in ("matches", "files")
                 else "NULL::BIGINT")
        self.con.execute(f"create temp view raw_{table} as select {cols}, {order} as _ord from {reader}")

    def _guard(self, step):
        """Run ``step``; a DuckDB error on a Parquet dataset becomes a :class:`DatasetError`
        naming the part that cannot be read."""
        import duckdb

        try:
            return step()
        except duckdb.Error as exc:
            if self.root is None:
                raise
            self._name_damaged(exc)
            raise DatasetError(f"cannot read the dataset {self.root}: {exc} / 无法读取数据集") from None

    def _name_damaged(self, exc: BaseException) -> None:
        import pyarrow.parquet as pq

        from .commit import damaged_part

        for table, files in self.parts.items():
            for part in files:
                try:
                    pq.ParquetFile(part).read(columns=[c for c in STAT_COLUMNS[table][:2]])
                except (pa.ArrowException, OSError) as bad:
                    raise damaged_part(part, table, bad) from None

    # --- the views every statistic reads -------------------------------------------------
    def _prepare(self) -> None:
        con = self.con
        hand_key = " || ".join(f"chr(31) || coalesce(cast({_q(c)} as varchar), '~')" for c in SAME_HAND)
        match_key = " || ".join(f"chr(31) || coalesce(cast(m.{_q(c)} as varchar), '~')" for c in SAME_MATCH)
        # the copies ingest marked (duplicate_of: the one rule, docs/dataset.md "A match recorded
        # twice"); only rows without a match_key (tables written before it, hand-made frames) are
        # compared here, among themselves, the first by source file and position kept
        con.execute(f"""
            create or replace temp table dups as
            with hk as (select match_id, string_agg({hand_key}, chr(30) order by hand_no) as hk
                        from raw_hands where match_id in (select match_id from raw_matches where match_key is null)
                        group by match_id),
                 mk as (select m.match_id, m.source_file, m.match_index, m._ord,
                               {match_key} || chr(29) || coalesce(hk.hk, '') as k
                        from raw_matches m left join hk on m.match_id = hk.match_id where m.match_key is null),
                 ranked as (select match_id, first_value(match_id) over w as first_id, row_number() over w as rn
                            from mk window w as (partition by k order by source_file asc nulls last,
                                                 match_index asc nulls last, _ord))
            select match_id, first_id from ranked where rn > 1
            union all
            select match_id, duplicate_of from raw_matches where match_key is not null and duplicate_of is not null""")
        con.execute(SUPERSEDED_SQL)
        # a copy of a superseded match: the first copy of it that is not superseded counts in its place
        con.execute("""
            create or replace temp table dups as
            with kept as (select d.match_id, d.first_id from dups d
                          where d.match_id not in (select match_id from superseded)),
                 moved as (select k.match_id, first_value(k.match_id) over w as first_id, row_number() over w as rn
                           from kept k join raw_matches m on m.match_id = k.match_id
                           where k.first_id in (select match_id from superseded)
                           window w as (partition by k.first_id order by m._ord))
            select match_id, first_id from kept where first_id not in (select match_id from superseded)
            union all
            select match_id, first_id from moved where rn > 1""")
        keep = ("where match_id is null or (match_id not in (select match_id from dups) "
                "and match_id not in (select match_id from superseded))")
        for short, table in (("h", "hands"), ("t", "tricks"), ("v", "violations"), ("p", "plays")):
            con.execute(f"create or replace temp view {short} as select * from raw_{table} {keep}")
        self._names(keep)

    def _names(self, keep: str) -> None:
        """The view ``m`` (the matches that count) with each player's name in the form it is first read in, and
        ``side_names``: each match's two sides as ``--by team`` keys them (:func:`~.stats_sql._team_name`) — a name
        written in two Unicode forms (composed in one record, decomposed in another: NFC and NFD) is one player,
        one team, shown in the form first read, as ``tractor standings`` reads it (the standings' one merging,
        :func:`~.event_model.first_forms`, over the matches in the order they read a dataset's: by the time the
        batch was written, then as stored).  Names that differ otherwise stay apart, as there."""
        con = self.con
        rows = con.execute(f"""
            select m.match_id, m.event, m.team_ns, m.team_ew, m.player_n, m.player_e, m.player_s, m.player_w
            from (select * from raw_matches {keep}) m
            left join (select batch, min(ingested_at) as at from raw_files where batch is not null group by batch) b
              on b.batch = m.batch
            order by b.at is null, b.at, m._ord""").fetchall()

        def read(r: tuple) -> tuple:
            """The match's ``[Event]``, its two teams and four players as the standings read them."""
            event, tags, players = r[1], r[2:4], tuple(player_name(p) for p in r[4:8])
            return (event, team_name(tags[0], players[0], players[2]), team_name(tags[1], players[1], players[3]),
                    *players)
        forms = first_forms(name for r in rows for name in read(r))

        def side(tag: str | None, x: str | None, y: str | None, fallback: str) -> str:
            named = team_name(tag, None, None) if tag is not None else None
            if named is not None:       # [TeamNS] / [TeamEW]; else the two players ("A / B"), one, or the seats
                return form_of(named, forms)
            x, y = player_name(x), player_name(y)      # (a name "?" names nobody: event_model.NAMES_NOT_KNOWN)
            if x is None or y is None:
                return fallback if x is None and y is None else form_of(x or y, forms)
            return form_of(team_name(None, x, y), forms)

        # one row a match: a match stored twice (kept in two files) has two matches rows with one match_id, and
        # side_names is read as a scalar subquery per match
        sides = list({r[0]: (r[0], side(r[2], r[4], r[6], "NS"), side(r[3], r[5], r[7], "EW"))
                      for r in reversed(rows)}.values())[::-1]
        con.register("side_names", pa.table({"match_id": pa.array([x[0] for x in sides], pa.string()),
                                             "ns": pa.array([x[1] for x in sides], pa.string()),
                                             "ew": pa.array([x[2] for x in sides], pa.string())}))
        raw = {p for r in rows for p in r[4:8] if p}
        shown = {p: form_of(p, forms) for p in sorted(raw)}
        shown = {p: f for p, f in shown.items() if f != p}
        con.register("player_forms", pa.table({"name": pa.array(list(shown), pa.string()),
                                               "shown": pa.array(list(shown.values()), pa.string())}))
        seats = ", ".join(f"coalesce((select pf.shown from player_forms pf where pf.name = r.player_{s}), "
                          f"r.player_{s}) as player_{s}" for s in "nesw")
        con.execute(f"create or replace temp view m as select * replace ({seats}) from raw_matches r {keep}")

    def _variants(self) -> None:
        """The ``--by ruleset`` key of every (ruleset, rules) pair, worked out by
        :func:`tractor_analysis.dataset.stats.variant` (a few distinct pairs)."""
        if self._variants_ready:
            return
        pairs = self.con.execute("select distinct ruleset, rules from h").fetchall()
        table = pa.table({"ruleset": pa.array([p[0] for p in pairs], pa.string()),
                          "rules": pa.array([p[1] for p in pairs], pa.string()),
                          "variant": pa.array([variant(r, j) for r, j in pairs], pa.string())})
        self.con.register("variant_of", table)
        self.con.execute("""create or replace temp view hv as
            select h.*, vo.variant from h left join variant_of vo
              on h.ruleset is not distinct from vo.ruleset and h.rules is not distinct from vo.rules""")
        self._variants_ready = True

    def temp_table(self, name: str, sql: str) -> str:
        """``name``, a temporary table of ``sql``'s rows, made once for this source (the statistics'
        participants: every table grouped by one key reads it; DuckDB spills it to disk beyond the
        memory limit)."""
        if name not in self._temp_tables:
            self._variants()
            self._guard(lambda: self.con.execute(f"create or replace temp table {name} as {sql}"))
            self._temp_tables[name] = name
        return name

    def query(self, sql: str, params=None) -> pd.DataFrame:
        self._variants()
        return self._guard(lambda: self.con.execute(sql, params or []).df())

    def rows(self, sql: str, params=None) -> list[tuple]:
        self._variants()
        return self._guard(lambda: self.con.execute(sql, params or []).fetchall())

    def close(self) -> None:
        self.con.close()

    def __enter__(self) -> "StatsSource":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
