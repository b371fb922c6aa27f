"""Statistics by DuckDB: the tables of :mod:`.stats` computed in SQL.

A :class:`StatsSource` is an embedded DuckDB connection (no server) with one view per table the
statistics read (``matches``, ``hands``, ``tricks``, ``violations``), over either

- a dataset folder (:meth:`StatsSource.parquet`): ``read_parquet`` over each table's committed
  part files only (a batch is committed when its ``files`` part exists, see :mod:`.commit`), so
  DuckDB streams the Parquet files and memory does not grow with the dataset; or
- tables in memory (:meth:`StatsSource.frames`): pandas DataFrames (a loaded
  :class:`~tractor_analysis.dataset.Dataset`, the report's replayed records) or Arrow tables,
  handed to DuckDB as Arrow.

Every view has the columns of :data:`~tractor_analysis.dataset.SCHEMAS` the statistics use; a
column missing from older parts (or from a hand-made frame) is NULL.  The figures are those of
the pandas reference (:mod:`.stats_reference`, kept to test these queries against); the
functions here return the same pandas DataFrames.
"""
from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa

from .schema import SCHEMAS, DatasetError

STAT_COLUMNS: dict[str, tuple[str, ...]] = {
    "matches": ("match_id", "source_file", "match_index", "event", "site", "date", "round", "table",
                "player_n", "player_e", "player_s", "player_w", "ruleset", "hands", "level_ns_start",
                "level_ew_start", "level_ns_final", "level_ew_final", "winner", "forfeit", "team_ns", "team_ew",
                "match_key", "duplicate_of", "cut_short"),
    "hands": ("match_id", "hand_no", "dealer", "defenders", "level", "trump", "ruleset", "decks", "rules",
              "tricks", "attackers_points", "bottom_captured", "bottom_multiplier", "bottom_bonus",
              "attackers_total", "outcome", "up_team", "levels_gained", "next_dealer", "match_over",
              "level_ns_before", "level_ew_before", "level_ns_after", "level_ew_after", "failed_throws",
              "violations", "friend", "defender_seats",
              "level_n_before", "level_e_before", "level_s_before", "level_w_before",
              "level_n_after", "level_e_after", "level_s_after", "level_w_after", "result_only", "judged",
              "complete", "stopped", "revoke_ns", "after_match_end"),
    "tricks": ("match_id", "hand_no", "leader", "winner", "throw_failed"),
    "violations": ("match_id", "hand_no", "seat", "code"),
    "plays": ("match_id", "hand_no", "seat", "cost", "view_cost"),
}
"""The columns each statistics view holds (a subset of :data:`SCHEMAS`, in its types)."""

_SAME_MATCH = ("event", "site", "date", "round", "table", "player_n", "player_e", "player_s", "player_w",
               "level_ns_start", "level_ew_start", "ruleset")
_SAME_HAND = ("hand_no", "dealer", "trump", "level", "tricks", "attackers_points", "attackers_total",
              "outcome", "levels_gained")
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
        self._participants: dict[str, str] = {}

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
        verify(root, tuple(STAT_COLUMNS))
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
        # row order as pandas reads it (parts sorted by name, rows in file order); only matches need it
        order = "row_number() over (order by filename, file_row_number)" if table == "matches" else "NULL::BIGINT"
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
        hand_key = " || ".join(f"chr(31) || coalesce(cast({_q(c)} as varchar), '~')" for c in _SAME_HAND)
        match_key = " || ".join(f"chr(31) || coalesce(cast(m.{_q(c)} as varchar), '~')" for c in _SAME_MATCH)
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
        keep = "where match_id is null or match_id not in (select match_id from dups)"
        for short, table in (("m", "matches"), ("h", "hands"), ("t", "tricks"), ("v", "violations"),
                             ("p", "plays")):
            con.execute(f"create or replace temp view {short} as select * from raw_{table} {keep}")

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

    def participants(self, by: str) -> str:
        """The name of a temporary table of :func:`participants_sql` rows for ``by`` (made once:
        every table grouped ``by`` reads it; DuckDB spills it to disk beyond the memory limit)."""
        if by not in self._participants:
            self._variants()
            name = f"participants_{by}"
            self._guard(lambda: self.con.execute(f"create or replace temp table {name} as {participants_sql(by)}"))
            self._participants[by] = name
        return self._participants[by]

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


_VARIANTS: dict[tuple[str, str], str] = {}


def variant(ruleset: str, rules_json) -> str:
    """The ruleset's name with the options that differ from its preset:
    ``standard+friend=on``; a plain preset name stays as it is."""
    if not isinstance(ruleset, str) or "+" not in ruleset or not isinstance(rules_json, str):
        return ruleset
    key = (ruleset, rules_json)
    hit = _VARIANTS.get(key)
    if hit is None:
        import json

        from ..records.rulesets import PRESETS
        base = PRESETS.get(ruleset.rstrip("+"))
        try:
            options = json.loads(rules_json)
        except ValueError:
            options = {}
        changed = [f"{k}={v}" for k, v in sorted(options.items())
                   if base is not None and base.options().get(k) != v]
        hit = _VARIANTS[key] = (ruleset.rstrip("+") + "+" + ",".join(changed)) if changed else ruleset
    return hit


# --- participants: one row per (side, hand) ---------------------------------------------

def _team_name(a: str, b: str, fallback: str) -> str:
    """The side's ``[TeamNS]`` / ``[TeamEW]`` name when the record gives one (a team keeps its name
    whoever sits where), else ``"A / B"`` from the two players' names (sorted, empty names left
    out), else ``fallback``."""
    x, y = f"nullif(m.player_{a}, '')", f"nullif(m.player_{b}, '')"
    tag = f"nullif(trim(m.team_{fallback.lower()}), '')"
    return (f"case when {tag} is not null then m.team_{fallback.lower()} "
            f"when {x} is null and {y} is null then '{fallback}' when {x} is null then {y} "
            f"when {y} is null then {x} when {x} <= {y} then {x} || ' / ' || {y} else {y} || ' / ' || {x} end")


_FRIEND = "(friend is not null or coalesce(contains(rules, '\"friend\": \"on\"'), false))"
_BEFORE_SEATS = "(revoke_ns is null)"
"""A row written before ``defender_seats`` existed: the variant columns came together, and ``revoke_ns``
(an int in every row written since) is null only there (or in a frame made without them)."""
_DEF = {s: (f"case when defender_seats is not null then list_contains(defender_seats, '{s}') "
            f"when not {_BEFORE_SEATS} or {_FRIEND} then NULL "
            f"else defenders = '{'NS' if s in 'NS' else 'EW'}' end") for s in SEATS}
"""Whether seat ``s`` defended the hand: ``defender_seats``; in a row written before that column, the
dealer's team; NULL — not known, so the seat is counted neither as defending nor as attacking — when
neither says: a row written since whose ``defender_seats`` is null (the engine withheld the sides: no
``[Dealer]`` and nothing fixing them, a contradicted ``[Dealer]``, friend mode's partner unknown —
whatever ``defenders`` a dataset written before that fix kept), as in the reference."""


JUDGED = "coalesce(judged, not coalesce(result_only, false) and trump is not null and level is not null)"
GAIN_UNKNOWN = "(outcome is null and not coalesce(stopped, not coalesce(complete, false)))"
"""A hand's levels gained are unknown: no outcome, and the record not known to stop inside it (a hand
played out whose result is withheld, a score sheet's hand without its total, a hand not judged; in a
dataset written before ``stopped``, a hand played out whose result is withheld)."""
PLAYS_KEPT = "(not coalesce(result_only, false) and trump is not null and level is not null)"
"""The hand's plays are in the dataset and were judged trick by trick (not a score sheet's hand; the
trump and the level known, without which no trick has a winner): its tricks and throws count."""


def _on(table: str, expr: str) -> str:
    """``expr`` with its hand columns read from ``table``."""
    for c in ("outcome", "stopped", "complete", "result_only", "trump", "level"):
        expr = (expr.replace(f"({c} ", f"({table}.{c} ").replace(f"coalesce({c},", f"coalesce({table}.{c},")
                .replace(f"and {c} ", f"and {table}.{c} "))
    return expr
"""Whether a hand's plays were all judged (``hands.judged``; in rows written before that column, what
they tell: not a score sheet's hand, the trump and the level known): the hands a violation rate is over."""


COUNTS = "not coalesce(after_match_end, false)"
"""The hand counts for the levels gained: not recorded after its match was decided (``after_match_end``,
docs/rules.md §8.4: it counts for nothing); rows written before that column all count."""


def _team_moved(a: str, b: str, team: str) -> str:
    """The levels partnership ``team`` (seats ``a``, ``b``) moved in a hand: its level's move, and in
    friend mode — where partners keep their own levels and a partnership goes up when one of its players
    does — the greater of its two players' moves (NULL when one is not known)."""
    return (f"case when {_FRIEND} then case when hx.moved_{a} is not null and hx.moved_{b} is not null "
            f"then greatest(hx.moved_{a}, hx.moved_{b}) end else hx.moved_{team} end")


def _hands_sql() -> str:
    """Every hand with its variant, the defender flags, the levels each seat / team moved, whether its
    plays were judged (``is_judged``) and whether it counts for the levels gained (``counts``)."""
    moved = ", ".join(f"cast(level_{x.lower()}_after as int) - cast(level_{x.lower()}_before as int) as moved_{x}"
                      for x in SEATS)
    flags = ", ".join(f"{_DEF[s]} as def_{s}" for s in SEATS)
    return (f"select hv.*, {flags}, {moved}, {JUDGED} as is_judged, {COUNTS} as counts, "
            f"cast(level_ns_after as int) - cast(level_ns_before as int) as moved_NS, "
            f"cast(level_ew_after as int) - cast(level_ew_before as int) as moved_EW from hv")


def participants_sql(by: str) -> str:
    """SQL of the participant rows: ``key``, the hand's columns, ``is_dealer``, ``is_attacker``,
    ``is_up``, ``moved``, ``tricks_won``, ``failed_by``, ``violations_by`` (as
    :func:`tractor_analysis.dataset.stats_reference.participants`)."""
    hx = _hands_sql()
    if by in ("match", "ruleset"):
        # tricks won: the hand's tricks that have a winner (a trick the record ends in before the seats
        # that decide it has none), as the tricks their plays won for player / team
        key = "hx.match_id" if by == "match" else "hx.variant"
        return f"""
            with hx as ({hx}),
            won as (select match_id, hand_no, count(*) as n from t
                    where winner is not null and hand_no is not null group by all)
            select {key} as key, hx.outcome, hx.attackers_total, hx.bottom_captured, hx.bottom_multiplier,
                   hx.bottom_bonus, hx.levels_gained, hx.decks, hx.hand_no, hx.match_id,
                   NULL::boolean as is_dealer, NULL::boolean as is_attacker, NULL::boolean as is_up,
                   NULL::int as moved, coalesce(won.n, 0) as tricks_won, hx.failed_throws as failed_by,
                   hx.violations as violations_by, hx.is_judged, hx.counts,
                   {_on('hx', GAIN_UNKNOWN)} and hx.counts as gain_unknown, {_on('hx', PLAYS_KEPT)} as plays_kept
            from hx left join won on won.match_id = hx.match_id and won.hand_no = hx.hand_no"""
    if by == "player":
        seat_of = lambda what: "case s.seat " + " ".join(f"when '{x}' then {what.format(x=x)}" for x in SEATS) + " end"
        names = " union all ".join(f"select match_id, '{x}' as seat, player_{x.lower()} as name from m" for x in SEATS)
        return f"""
            with hx as ({hx}),
            won as (select match_id, hand_no, winner as seat, count(*) as n from t
                    where winner is not null and hand_no is not null group by all),
            failed as (select match_id, hand_no, leader as seat, count(*) as n from t
                       where coalesce(throw_failed, false) and leader is not null and hand_no is not null group by all),
            vc as (select match_id, hand_no, seat, count(*) as n from v
                   where seat is not null and hand_no is not null group by all),
            names as ({names}),
            sh as (select hx.*, s.seat, {seat_of('hx.def_{x}')} as is_def, {seat_of('hx.moved_{x}')} as moved
                   from hx cross join (values ('N'), ('E'), ('S'), ('W')) s(seat))
            select coalesce(nullif(names.name, ''), sh.seat) as key, sh.outcome, sh.attackers_total,
                   sh.bottom_captured, sh.bottom_multiplier, sh.bottom_bonus, sh.levels_gained, sh.decks,
                   sh.hand_no, sh.match_id,
                   coalesce(sh.seat = sh.dealer, false) as is_dealer, not sh.is_def as is_attacker,
                   sh.outcome is not null and sh.is_def = coalesce(sh.outcome = 'defenders', false) as is_up,
                   sh.moved, coalesce(won.n, 0) as tricks_won, coalesce(failed.n, 0) as failed_by,
                   coalesce(vc.n, 0) as violations_by, sh.is_judged, sh.counts,
                   {_on('sh', GAIN_UNKNOWN)} and sh.counts as gain_unknown, {_on('sh', PLAYS_KEPT)} as plays_kept
            from sh
            left join won on won.match_id = sh.match_id and won.hand_no = sh.hand_no and won.seat = sh.seat
            left join failed on failed.match_id = sh.match_id and failed.hand_no = sh.hand_no and failed.seat = sh.seat
            left join vc on vc.match_id = sh.match_id and vc.hand_no = sh.hand_no and vc.seat = sh.seat
            left join names on names.match_id = sh.match_id and names.seat = sh.seat"""
    # team: a partnership of the table (N-S, E-W)
    team_of = "case {c} when 'N' then 'NS' when 'S' then 'NS' when 'E' then 'EW' when 'W' then 'EW' end"
    return f"""
        with hx as ({hx}),
        won as (select match_id, hand_no, {team_of.format(c='winner')} as team, count(*) as n from t
                where winner in ('N', 'E', 'S', 'W') and hand_no is not null group by all),
        failed as (select match_id, hand_no, {team_of.format(c='leader')} as team, count(*) as n from t
                   where coalesce(throw_failed, false) and leader in ('N', 'E', 'S', 'W') and hand_no is not null
                   group by all),
        vc as (select match_id, hand_no, {team_of.format(c='seat')} as team, count(*) as n from v
               where seat in ('N', 'E', 'S', 'W') and hand_no is not null group by all),
        names as (select match_id, 'NS' as team, {_team_name('n', 's', 'NS')} as name from m
                  union all select match_id, 'EW' as team, {_team_name('e', 'w', 'EW')} as name from m),
        sh as (select hx.*, tm.team,
                      case tm.team when 'NS' then hx.def_N or hx.def_S else hx.def_E or hx.def_W end as has_def,
                      case tm.team when 'NS' then not (hx.def_N and hx.def_S)
                                   else not (hx.def_E and hx.def_W) end as has_att,
                      case tm.team when 'NS' then {_team_moved('N', 'S', 'NS')}
                                   else {_team_moved('E', 'W', 'EW')} end as moved
               from hx cross join (values ('NS'), ('EW')) tm(team))
        select coalesce(names.name, sh.team) as key, sh.outcome, sh.attackers_total, sh.bottom_captured,
               sh.bottom_multiplier, sh.bottom_bonus, sh.levels_gained, sh.decks, sh.hand_no, sh.match_id,
               coalesce({team_of.format(c='sh.dealer')} = sh.team, sh.team = sh.defenders, false) as is_dealer,
               not sh.has_def as is_attacker,
               sh.outcome is not null and (case when sh.outcome = 'defenders' then sh.has_def else sh.has_att end)
                   as is_up,
               sh.moved, coalesce(won.n, 0) as tricks_won, coalesce(failed.n, 0) as failed_by,
               coalesce(vc.n, 0) as violations_by, sh.is_judged, sh.counts,
               {_on('sh', GAIN_UNKNOWN)} and sh.counts as gain_unknown, {_on('sh', PLAYS_KEPT)} as plays_kept
        from sh
        left join won on won.match_id = sh.match_id and won.hand_no = sh.hand_no and won.team = sh.team
        left join failed on failed.match_id = sh.match_id and failed.hand_no = sh.hand_no and failed.team = sh.team
        left join vc on vc.match_id = sh.match_id and vc.hand_no = sh.hand_no and vc.team = sh.team
        left join names on names.match_id = sh.match_id and names.team = sh.team"""


# --- the tables -------------------------------------------------------------------------

def _f(x) -> float:
    return float("nan") if x is None else float(x)


def _n(x) -> int | float:
    """A count, NaN where it is not known (null)."""
    return float("nan") if x is None else int(x)


def summary(src: StatsSource, by: str) -> pd.DataFrame:
    side = by in ("player", "team")
    att = "outcome is not null" + (" and is_attacker" if side else "")
    dfd = "outcome is not null" + (" and not is_attacker" if side else "")
    # levels gained over the hands that count (docs/dataset.md "Levels gained"): for a side the levels it
    # really moved (rows without the level columns: the score table's gain of a hand it went up in); for
    # match / ruleset the levels the hands' outcomes award
    gained = ("case when counts then coalesce(moved, case when is_up then coalesce(levels_gained, 0) else 0 end) "
              "else 0 end" if side else "case when counts then coalesce(levels_gained, 0) else 0 end")
    rows = src.rows(f"""
        select key, count(*), count(*) filter (where is_dealer), count(*) filter (where is_attacker),
               count(*) filter (where {dfd} and outcome = 'defenders'), count(*) filter (where {dfd}),
               avg(attackers_total) filter (where {att}), median(attackers_total) filter (where {att}),
               case when bool_or(plays_kept) then count(*) filter (where {att} and coalesce(bottom_captured, false))
                    end,
               case when not bool_or(gain_unknown) then coalesce(sum({gained}), 0) end,
               sum(tricks_won) filter (where plays_kept), sum(failed_by) filter (where plays_kept),
               coalesce(sum(violations_by), 0), count(*) filter (where is_judged),
               coalesce(sum(violations_by) filter (where is_judged), 0)
        from {src.participants(by)} where key is not null group by key order by key""")
    out = []
    for (key, n, dealer, attacker, held, defended, mean, median, caps, levels, won, failed, viol, judged,
         viol_judged) in rows:
        row = {by: key, "hands": int(n)}
        if side:
            row["as_dealer"] = int(dealer)
            row["as_attacker"] = int(attacker)
        row.update({"hold_rate": held / defended if defended else np.nan,
                    "attack_points_mean": _f(mean), "attack_points_median": _f(median),
                    "bottom_captures": _n(caps), "levels_gained": _n(levels), "tricks_won": _n(won),
                    "failed_throws": _n(failed), "violations": int(viol), "judged_hands": int(judged)})
        # per 100 hands judged: a hand whose plays could not be judged is no hand without a violation
        row["violations_per_100"] = 100.0 * int(viol_judged) / judged if judged else np.nan
        out.append(row)
    columns = [by, "hands"] + (["as_dealer", "as_attacker"] if side else []) + [
        "hold_rate", "attack_points_mean", "attack_points_median", "bottom_captures",
        "levels_gained", "tricks_won", "failed_throws", "violations", "judged_hands", "violations_per_100"]
    return pd.DataFrame(out, columns=columns)


def points_distribution(src: StatsSource, by: str, bands: tuple[str, ...]) -> pd.DataFrame:
    side = by in ("player", "team")
    steps = " ".join(f"when attackers_total / (decks * 20.0) < {k} then '{bands[k]}'" for k in range(1, 6))
    long = src.query(f"""
        select key, case when attackers_total <= 0 then '{bands[0]}' {steps} else '{bands[6]}' end as band,
               count(*) as n
        from {src.participants(by)}
        where outcome is not null {"and is_attacker" if side else ""} and key is not null group by all""")
    if long.empty:
        table = pd.DataFrame(columns=list(bands), index=pd.Index([], name=by), dtype=np.int64)
    else:
        table = long.pivot(index="key", columns="band", values="n")
        table = table.reindex(columns=list(bands)).fillna(0).astype(np.int64).sort_index()
    table.index.name = by
    table.columns.name = None
    return table.reset_index()


def bottom_captures(src: StatsSource, by: str) -> pd.DataFrame:
    side = by in ("player", "team")
    rows = src.rows(f"""
        select key, bottom_multiplier, count(*), sum(bottom_bonus)
        from {src.participants(by)}
        where coalesce(bottom_captured, false) {"and is_attacker" if side else ""}
              and key is not null and bottom_multiplier is not null
        group by all order by key, bottom_multiplier""")
    if not rows:
        return pd.DataFrame(columns=[by, "multiplier", "captures", "bonus_points"])
    out = pd.DataFrame([(k, int(m), int(c), int(b) if b is not None else 0) for k, m, c, b in rows],
                       columns=[by, "multiplier", "captures", "bonus_points"])
    return out


def violation_rates(src: StatsSource, by: str) -> pd.DataFrame:
    columns = [by, "code", "violations", "judged_hands", "per_100_hands"]
    if not src.rows("select count(*) from v where hand_no is not null")[0][0]:
        return pd.DataFrame(columns=columns)
    # the violations found in hands judged, over the hands judged (a hand whose plays could not all be
    # judged — no deal, trump or level unknown, a score sheet's hand — is in neither)
    judged_hand = f"join (select match_id, hand_no from h where {JUDGED}) hj on hj.match_id = v.match_id " \
                  "and hj.hand_no = v.hand_no"
    if by in ("match", "ruleset"):
        keyed = f"""select {"v.match_id" if by == "match" else "hv.variant"} as key, v.code from v
                    join hv on hv.match_id = v.match_id and hv.hand_no = v.hand_no
                    where v.hand_no is not null and {JUDGED}"""
    elif by == "player":
        name = "case v.seat " + " ".join(f"when '{x}' then m.player_{x.lower()}" for x in SEATS) + " end"
        keyed = f"""select coalesce(nullif({name}, ''), v.seat) as key, v.code from v
                    left join m on m.match_id = v.match_id {judged_hand}
                    where v.hand_no is not null and v.seat is not null"""
    else:
        team = "case v.seat when 'N' then 'NS' when 'S' then 'NS' when 'E' then 'EW' when 'W' then 'EW' end"
        name = f"case {team} when 'NS' then {_team_name('n', 's', 'NS')} else {_team_name('e', 'w', 'EW')} end"
        keyed = f"""select case when m.match_id is null then {team} else {name} end as key, v.code from v
                    left join m on m.match_id = v.match_id {judged_hand}
                    where v.hand_no is not null and v.seat is not null"""
    rows = src.rows(f"""
        with hands as (select key, count(*) filter (where is_judged) as n from {src.participants(by)}
                       where key is not null group by key),
             counted as (select key, code, count(*) as violations from ({keyed})
                         where key is not null and code is not null group by all)
        select counted.key, counted.code, counted.violations, hands.n from counted
        left join hands on hands.key = counted.key order by counted.key, counted.code""")
    if not rows:
        return pd.DataFrame(columns=columns)
    out = pd.DataFrame([(k, c, int(n), h) for k, c, n, h in rows], columns=columns[:4])
    if out["judged_hands"].isna().any():
        out["judged_hands"] = out["judged_hands"].astype(float)
    else:
        out["judged_hands"] = out["judged_hands"].astype(np.int64)
    out["per_100_hands"] = 100.0 * out["violations"] / out["judged_hands"]
    return out


LOST_COLUMNS = ("analysed_hands", "analysed_plays", "points_lost", "lost_per_hand")


def _keyed_plays(by: str) -> str:
    """``key, match_id, hand_no, seat, cost, view_cost`` of every play, keyed ``by`` (``seat``: the
    seat letter; ``player`` / ``team`` / ``seat``: plays of a seat only)."""
    cols = "p.match_id, p.hand_no, p.seat, p.cost, p.view_cost"
    if by in ("match", "ruleset"):
        return f"""select {"p.match_id" if by == "match" else "hv.variant"} as key, {cols}
                   from p left join hv on hv.match_id = p.match_id and hv.hand_no = p.hand_no"""
    if by == "seat":
        return f"select p.seat as key, {cols} from p where p.seat in ('N', 'E', 'S', 'W')"
    if by == "player":
        name = "case p.seat " + " ".join(f"when '{x}' then m.player_{x.lower()}" for x in SEATS) + " end"
        return f"""select coalesce(nullif({name}, ''), p.seat) as key, {cols} from p
                   left join m on m.match_id = p.match_id where p.seat is not null"""
    team = "case p.seat when 'N' then 'NS' when 'S' then 'NS' when 'E' then 'EW' when 'W' then 'EW' end"
    name = f"case {team} when 'NS' then {_team_name('n', 's', 'NS')} else {_team_name('e', 'w', 'EW')} end"
    return f"""select case when m.match_id is null then {team} else {name} end as key, {cols}
               from p left join m on m.match_id = p.match_id where p.seat in ('N', 'E', 'S', 'W')"""


def points_lost(src: StatsSource, by: str) -> pd.DataFrame:
    """Points lost by the analysed plays (``plays.cost``, ``ingest --analyse``): per key, the hands
    with an analysed play of that side, those plays, their costs added up and per hand."""
    columns = [by, *LOST_COLUMNS]
    if not src.rows("select count(*) from p where cost is not null and hand_no is not null")[0][0]:
        return pd.DataFrame(columns=columns)
    if by in ("match", "ruleset"):
        src._variants()
    rows = src.rows(f"""
        with k as (select * from ({_keyed_plays(by)}) where cost is not null and hand_no is not null and key is not null),
             per_hand as (select key, match_id, hand_no, count(*) as plays, sum(cost) as lost from k group by all)
        select key, count(*), sum(plays), sum(lost) from per_hand group by key order by key""")
    out = pd.DataFrame([(k, int(n), int(pl), int(lost)) for k, n, pl, lost in rows], columns=columns[:4])
    out["lost_per_hand"] = out["points_lost"] / out["analysed_hands"]
    return out


VIEW_LOST_COLUMNS = ("viewed_hands", "viewed_plays", "open_points_lost", "view_points_lost", "open_lost_per_hand",
                     "view_lost_per_hand", "open_costly_seat_best")


def view_points_lost(src: StatsSource, by: str) -> pd.DataFrame:
    """Points lost from the player's seat (``plays.view_cost``, ``ingest --analyse K --view``) beside
    the points lost with all hands open (``plays.cost``), over the plays judged both ways: per key,
    the hands with such a play of that side, those plays, each cost added up and per hand, and the
    plays costly open (cost ≥ 5, an inaccuracy or worse) but best from the seat (view cost 0).
    ``by`` may also be ``seat`` (N, E, S, W)."""
    columns = [by, *VIEW_LOST_COLUMNS]
    judged = "cost is not null and view_cost is not null and hand_no is not null"
    if not src.rows(f"select count(*) from p where {judged}")[0][0]:
        return pd.DataFrame(columns=columns)
    if by in ("match", "ruleset"):
        src._variants()
    rows = src.rows(f"""
        with k as (select * from ({_keyed_plays(by)}) where {judged} and key is not null),
             per_hand as (select key, match_id, hand_no, count(*) as plays, sum(cost) as lost,
                                 sum(view_cost) as view_lost,
                                 count(*) filter (where cost >= 5 and view_cost = 0) as seat_best
                          from k group by all)
        select key, count(*), sum(plays), sum(lost), sum(view_lost), sum(seat_best)
        from per_hand group by key order by {"position(key in 'NESW')" if by == "seat" else "key"}""")
    out = pd.DataFrame([(k, int(n), int(pl), int(lost), float(vl), int(sb)) for k, n, pl, lost, vl, sb in rows],
                       columns=[by, "viewed_hands", "viewed_plays", "open_points_lost", "view_points_lost",
                                "open_costly_seat_best"])
    out["open_lost_per_hand"] = out["open_points_lost"] / out["viewed_hands"]
    out["view_lost_per_hand"] = out["view_points_lost"] / out["viewed_hands"]
    return out[columns]


def result_inputs(src: StatsSource) -> list[dict]:
    """Per match (in the order the matches table is read): what
    :func:`tractor_analysis.dataset.stats.decide_results` needs."""
    frame = src.query(f"""
        with per as (
            select match_id,
                   bool_or(outcome is not null) as finished,
                   bool_or(coalesce(match_over, false)) as passed,
                   max(regexp_extract(rules, '"win_level": "([^"]*)"', 1)) as win_level,
                   bool_or(coalesce(contains(rules, '"friend": "on"'), false) or friend is not null) as friendly,
                   coalesce(arg_min(contains(rules, '"decide_by_levels": "on"'), hand_no), false) as decide_by_levels,
                   arg_max({{'nd': next_dealer, 'dealer': dealer, 'outcome': outcome}}, hand_no) as last
            from h group by match_id)
        select m.match_id, m.event, m.round, m."table", {_team_name('n', 's', 'NS')} as ns,
               {_team_name('e', 'w', 'EW')} as ew, m.hands, m.level_ns_start, m.level_ew_start,
               m.level_ns_final, m.level_ew_final, m.winner, m.forfeit, m.cut_short,
               coalesce(per.finished, false) as finished, coalesce(per.passed, false) as passed, per.win_level,
               coalesce(per.friendly, false) as friendly, coalesce(per.decide_by_levels, false) as decide_by_levels,
               per.last.nd as last_next_dealer, per.last.dealer as last_dealer, per.last.outcome as last_outcome,
               per.match_id is not null as has_hands
        from m left join per on per.match_id = m.match_id order by m._ord""")
    return frame.astype(object).where(frame.notna(), None).to_dict(orient="records")


def duplicate_matches(src: StatsSource) -> dict[str, str]:
    return {a: b for a, b in src.rows("select match_id, first_id from dups")}


def match_labels_rows(src: StatsSource) -> pd.DataFrame:
    """``match_id, source_file, match_index, round, table`` of every stored match (for labels)."""
    return src.query('select match_id, source_file, match_index, round, "table" from raw_matches order by _ord')
