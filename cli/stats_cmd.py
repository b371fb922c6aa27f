"""``tractor stats``: statistics of a Parquet dataset (:mod:`tractor_analysis.dataset.stats`).

The tables and the notes on stderr are for people: record text in them (names, a record file's
name) is shown through :func:`~.common.record_text`.  ``--format csv`` and ``--format json`` are
data for programs: the text exactly as the dataset holds it."""
from __future__ import annotations

import json
import math
from pathlib import Path

import click

from .common import CONTEXT, csv_frame, record_text
from .tables import table as render_table, terminal_width, wrap

TABLES = ("summary", "points", "bottom", "violations", "lost", "view_lost", "view_lost_seat", "standings")
TITLES = {
    "summary": "Summary / 概况",
    "points": "Attackers' points by score band / 闲家得分分布",
    "bottom": "Bottom captures / 抠底",
    "violations": "Violations per 100 hands judged / 每百判定局违规",
    "lost": "Points lost in the analysed endgames (ingest --analyse) / 残局分析失分",
    "view_lost": "Points lost from the player's seat beside all hands open (ingest --analyse --view) / 座位视角失分与明手失分",
    "view_lost_seat": "Points lost from the seat, by seat (ingest --analyse --view) / 座位视角失分（按座位）",
    # not an event's standings (match points, tie-breaks, shared ranks: docs/standings.md): said so, and where
    "standings": "Standings by matches won, then levels gained (an event's standings, with match points and "
                 "tie-breaks: tractor standings) / 按胜场、再按升级数排名（赛事排名，含积分与破同分：tractor standings）",
}


GARBLED = " (garbled bytes / 字节有误)"
"""After a name in a table that was read from bytes that are not text
(:func:`~tractor_analysis.dataset.stats.garbled_names`): the name as the record meant it is not known."""


def _mark_garbled(frame, garbled: dict[str, list[str]]):
    """``frame`` with each name of its ``player`` and ``team`` columns that was read with bad bytes marked
    (:data:`GARBLED`): shown as read, said to be so.  For the table (csv and json keep the dataset's text)."""
    if not garbled:
        return frame
    marked = {c: [f"{v}{GARBLED}" if isinstance(v, str) and v in garbled else v for v in frame[c]]
              for c in ("player", "team") if c in frame}
    return frame.assign(**marked) if marked else frame


def garbled_note(garbled: dict[str, list[str]], marked: bool) -> str | None:
    """The stderr line saying that player or team names were read with bad bytes (each byte that is not text read
    as '\ufffd', the reader's ``decode_error``) and naming their record files, or ``None``; ``marked``: the table
    marks them (:data:`GARBLED`).  The names are record text: the files are named, not they (a side's name is
    "A / B")."""
    if not garbled:
        return None
    files = ", ".join(dict.fromkeys(f for fs in garbled.values() for f in fs))
    mark_en, mark_zh = ("; the table marks them (garbled bytes)", "；表中标为（字节有误）") if marked else ("", "")
    return record_text(
        f"player or team names read from bytes that are not text (each such byte read as "
        f"'\ufffd'{mark_en}) in {files}: 'tractor check FILE' says where; the record is to be corrected / "
        f"{files} 中有选手或队伍名字读自无法解码为文本的字节（每个这样的字节按 '\ufffd' 读取{mark_zh}）："
        f"用 'tractor check 文件' 查看位置；记录须更正")


def _cell(value) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    if isinstance(value, float):
        return f"{value:.2f}" if abs(value) < 100 else f"{value:.1f}"
    return str(value)


def _format_frame(df, name: str) -> str:
    frame = df.copy()
    if "hold_rate" in frame:
        frame["hold_rate"] = [("-" if v != v else f"{v:.0%}") for v in frame["hold_rate"]]
    from tractor_analysis.dataset.stats import COUNTS, count_value
    for column in COUNTS:           # whole numbers, "-" where not known (not 3.00 beside a NaN)
        if column in frame:
            frame[column] = [("-" if count_value(v) is None else str(count_value(v))) for v in frame[column]]
    if "undecided" in frame:         # the standings' flag: a rank shared on an unknown
        frame["undecided"] = ["yes / 是" if v else "" for v in frame["undecided"]]
    rows = [[_cell(v) for v in row] for row in frame.itertuples(index=False)]
    if not rows:
        if name == "lost":
            return "(no analysed plays: ingest with --analyse K) / （无残局分析：导入时加 --analyse K）"
        if name in ("view_lost", "view_lost_seat"):
            return ("(no plays judged from the seat: ingest with --analyse K --view) "
                    "/ （无座位视角分析：导入时加 --analyse K --view）")
        return "(none)"
    from tractor_analysis.dataset.stats import header
    return render_table(rows, [header(str(c)) for c in frame.columns])


def file_names(paths) -> dict[str, str]:
    """Each record file's path → its shortest ending (of whole folder names) no other path ends in:
    ``sim-std/matches-0001.jsonl`` beside ``sim-tour/matches-0001.jsonl``, ``bom.tgn`` when no
    other file is named so (folders split at ``/``, as ingest stores the path).  Two paths never
    get one name: a path that is another's ending keeps all of it, the other gets a longer one.  Names
    equal in their Unicode NFC form (a letter composed in one, decomposed in the other: drawn alike) are
    one name here: neither tells its file from the other's."""
    parts = {p: [x for x in p.split("/") if x] or [p] for p in dict.fromkeys(map(str, paths))}
    endings: dict[tuple[str, ...], int] = {}
    for q in parts.values():
        for k in range(1, len(q) + 1):
            endings[_drawn(q[-k:])] = endings.get(_drawn(q[-k:]), 0) + 1
    names = {}
    for p, q in parts.items():
        k = next((k for k in range(1, len(q) + 1) if endings[_drawn(q[-k:])] == 1), None)
        names[p] = "/".join(q[-k:]) if k is not None and k < len(q) else p
    return names


def _drawn(parts) -> tuple[str, ...]:
    """Names (a path's folder and file names) as compared for being the same name: their Unicode NFC forms."""
    import unicodedata

    return tuple(unicodedata.normalize("NFC", x) for x in parts)


def match_labels(matches) -> dict[str, str]:
    """``match_id`` → what a person recognises: the record file (:func:`file_names`: the shortest
    ending of its path that tells it from the dataset's other files), ``#2`` for a later match of a
    file holding several (``match_index`` + 1), and the event's round and table when the record
    gives them.  Different matches get different labels: two stored from one path and index (the
    file changed between two ingests, both versions given), or from two paths drawn alike (one name composed,
    the other decomposed: equal in their NFC form), add their ``match_id``.  ``matches``:
    :func:`~tractor_analysis.dataset.stats_sql.match_labels_rows` (an earlier version's matches left out)."""
    names = file_names(matches["source_file"].astype(str))
    # the matches of the file's version (its SHA-256): an earlier version's are not among them
    by = ["source_file", "source_sha256"] if "source_sha256" in matches else ["source_file"]
    per_file = matches.groupby(by, observed=True, dropna=False)["match_id"].transform("size")
    labels = {}
    for m, n in zip(matches.itertuples(index=False), per_file):
        label = names[str(m.source_file)]
        if n > 1:
            label += f" #{int(m.match_index) + 1}"
        where = " ".join(x for x in (f"r{m.round}" if isinstance(m.round, str) and m.round else "",
                                     f"t{m.table}" if isinstance(m.table, str) and m.table else "") if x)
        labels[str(m.match_id)] = f"{label} ({where})" if where else label
    seen: dict[tuple[str, ...], int] = {}
    for label in labels.values():
        seen[_drawn([label])] = seen.get(_drawn([label]), 0) + 1
    return {k: (f"{v} [{k}]" if seen[_drawn([v])] > 1 else v) for k, v in labels.items()}


def _in_file_order(frame, order: dict[str, int]):
    """``frame`` keyed by match (``--by match``) with its rows by record file, then place in the file
    (``order``: ``match_id`` → rank, :func:`~tractor_analysis.dataset.stats_sql.match_labels_rows`' order),
    the rows of one match kept in their order."""
    if "match" not in frame or not len(frame):
        return frame
    ranks = [order.get(str(k), len(order)) for k in frame["match"]]
    return frame.iloc[sorted(range(len(frame)), key=ranks.__getitem__)].reset_index(drop=True)


def _labelled(frame, labels: dict[str, str]):
    """``frame`` keyed by match: ``match`` the readable key (:func:`match_labels`, as the table
    shows it) and ``match_id`` beside it (the dataset's key, to join on)."""
    if "match" not in frame:
        return frame
    ids = [str(k) for k in frame["match"]]
    frame = frame.assign(match=[labels.get(k, k) for k in ids])
    frame.insert(list(frame.columns).index("match") + 1, "match_id", ids)
    return frame


def _whole_counts(df):
    """``df`` with its :data:`~tractor_analysis.dataset.stats.COUNTS` as whole numbers (nullable:
    empty where not known), so that csv writes ``3``, not ``3.0`` beside an unknown."""
    from tractor_analysis.dataset.stats import COUNTS, count_value
    present = [c for c in COUNTS if c in df]
    if not present:
        return df
    df = df.copy()
    for column in present:
        df[column] = _int_array([count_value(v) for v in df[column]])
    return df


def _int_array(values: list):
    import pandas as pd
    return pd.array(values, dtype="Int64")


def _jsonable(df) -> list[dict]:
    from tractor_analysis.dataset.stats import COUNTS, count_value
    out = []
    for rec in df.to_dict(orient="records"):
        out.append({k: (count_value(v) if k in COUNTS else None if isinstance(v, float) and math.isnan(v) else
                        v.item() if hasattr(v, "item") else v) for k, v in rec.items()})
    return out


def _note_duplicates(dups: dict[str, str], where: dict[str, str], order: dict[str, int] | None = None) -> None:
    """Say on stderr which matches are recorded twice (each is counted once), each named as
    ``--by match`` names its row (``where``: :func:`match_labels`), by the copy's record file then its place
    in it (``order``: ``match_id`` → rank in :func:`~tractor_analysis.dataset.stats_sql.match_labels_rows`' order,
    so that ``#2`` comes before ``#16``), then the kept match's; each pair says which copy is counted and
    which is left out."""
    if not dups:
        return
    # in the order of the matches named (match ids are made per run: a parallel ingest's differ between runs)
    rank = order or {}
    named = [(where.get(d, d), where.get(k, k)) for d, k in sorted(
        dups.items(), key=lambda dk: (rank.get(dk[0], len(rank)), rank.get(dk[1], len(rank)),
                                      where.get(dk[0], dk[0]), where.get(dk[1], dk[1])))]
    pairs = "; ".join(f"counted: {k}, left out: {d}" for d, k in named)
    pairs_zh = "；".join(f"计入：{k}，不计：{d}" for d, k in named)
    click.echo(record_text(f"{len(dups)} match{'es' if len(dups) != 1 else ''} recorded twice, counted once ("
                           f"{pairs}) / {len(dups)} 场比赛重复记录，只计一次（{pairs_zh}）"), err=True)


@click.command("stats", context_settings=CONTEXT)
@click.argument("dataset", type=click.Path(exists=True, file_okay=False))
@click.option("--by", type=click.Choice(["player", "team", "match", "ruleset"]), default="player",
              show_default=True, help="Who a row speaks for.")
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "json"]), default="table",
              show_default=True, help="table for people, csv / json for programs.")
@click.option("--table", "which", type=click.Choice(("all",) + TABLES), default=None,
              help="Only this table (default: all for table/json, summary for csv).")
def stats(dataset: str, by: str, fmt: str, which: str | None) -> None:
    """Statistics of a dataset written by 'tractor ingest'.

    Hands played, as dealer and as attacker; defence hold rate; mean and
    median of the attackers' total and its distribution over the score
    bands; bottom captures by multiplier; levels gained; tricks won; failed
    throws; violations per 100 hands judged by code (a hand whose plays could
    not be judged — no deal lines, trump or level unknown, a score sheet's hand —
    is not counted as one without a violation); points lost per hand in the
    endgames analysed by 'tractor ingest --analyse K' (the plays' costs
    against best play, shown when the dataset holds them); with
    'ingest --analyse K --view', the points lost from the player's seat
    beside those lost with all hands open, by the --by key and by seat
    (view_lost, view_lost_seat); teams ranked by matches won, then levels
    gained (--table standings: an event's standings, with match points and
    tie-breaks, are 'tractor standings').  A match recorded twice
    (kept as .tgn and as .json, say) is counted once, and said so on stderr.
    With --by match a row is named by its record file, the shortest ending of
    its path that tells it from the dataset's other files ('cup/games.jsonl #2
    (r3 t1)'), in every format, and so is each match on the stderr list of
    matches recorded twice; csv and json add the dataset's match_id beside it.
    A table fits the terminal (COLUMNS=N sets the width) and says when it
    had to wrap or split.  A player's or team's name read from bytes that
    are not text (each read as U+FFFD, the record's decode_error) is marked
    '(garbled bytes / 字节有误)' in the table, and its record file named on
    stderr; csv and json give the name as read.

    Exit status: 0; 2 when the dataset cannot be read (a damaged part, or a
    part missing from a committed batch: the message names it).

    \b
    Examples:
      tractor stats data/
      tractor stats data/ --by team --table standings
      tractor stats data/ --by ruleset --format json > stats.json
    """
    import duckdb

    from tractor_analysis.dataset import DatasetError
    from tractor_analysis.dataset.stats import (all_tables, duplicate_matches, garbled_names, left_out_note,
                                                possible_copy_notes, record_split_notes, rules_copy_notes,
                                                seat_notes, source, superseded_notes)
    from tractor_analysis.dataset.stats_sql import match_labels_rows, totals_left_out

    if not (Path(dataset) / "files").is_dir():
        holds_records = Path(dataset).is_dir() and any(
            p.suffix in (".tgn", ".json", ".jsonl", ".ndjson", ".gz") for p in Path(dataset).iterdir())
        suggest = (f"'tractor ingest {dataset} -o DATASET', then 'tractor stats DATASET' (a dataset is a folder of "
                   f"its own, never the records' folder)" if holds_records
                   else f"'tractor ingest RECORDS -o {dataset}'")
        suggest_zh = (f"它存放的是记录：先用 'tractor ingest {dataset} -o 数据集目录' 生成数据集（数据集须放在另一个目录），"
                      f"再对该目录运行 tractor stats" if holds_records else "请先用 tractor ingest 生成")
        error = click.ClickException(
            f"{dataset} is not a dataset (it has no files/ table); write one with {suggest} / "
            f"{dataset} 不是数据集；{suggest_zh}")
        error.exit_code = 2          # an input that cannot be read, as documented
        raise error
    try:
        # DuckDB reads the committed Parquet parts: memory does not grow with the dataset
        with source(Path(dataset)) as src:
            tables = all_tables(src, by)
            dups = duplicate_matches(src)
            totals = left_out_note(*totals_left_out(src))   # hands whose total the points tables leave out
            no_hands = src.rows("select count(*) from raw_hands")[0][0] == 0
            matches = match_labels_rows(src) if (dups or by == "match") else None
            # an earlier version left out; one record counted twice under other rules; a name in two seats; rows
            # written before a finding about the record was told from the play's (counted as the play's); a
            # match alike in every tag to another but not in its hands (possibly a damaged copy: counted twice)
            notes = (superseded_notes(src) + rules_copy_notes(src) + possible_copy_notes(src) + seat_notes(src)
                     + record_split_notes(src))
            garbled = garbled_names(src)        # names read with bad bytes: marked in the table, said on stderr
    except (DatasetError, duckdb.Error, OSError) as exc:
        # a damaged or missing part: the message names it (bilingual); exit 2 like unreadable input
        error = click.ClickException(f"cannot read the dataset {dataset}: {exc}"
                                     + ("" if isinstance(exc, DatasetError) else " / 无法读取数据集"))
        error.exit_code = 2
        raise error
    if dups:
        _note_duplicates(dups, match_labels(matches), {str(mid): i for i, mid in enumerate(matches["match_id"])})
    for note in notes + [n for n in (garbled_note(garbled, fmt == "table"),) if n]:
        click.echo(note, err=True)
    if totals:
        click.echo(totals, err=True)
    if which is None:
        which = "summary" if fmt == "csv" else "all"
    if which in ("lost", "view_lost", "view_lost_seat") and which not in tables:   # asked for: empty, said so
        import pandas as pd

        from tractor_analysis.dataset.stats_sql import LOST_COLUMNS, VIEW_LOST_COLUMNS
        key, cols = ((by, LOST_COLUMNS) if which == "lost" else
                     (by if which == "view_lost" else "seat", VIEW_LOST_COLUMNS))
        tables[which] = pd.DataFrame(columns=[key, *cols])
    names = tuple(n for n in TABLES if n in tables) if which == "all" else (which,)
    labels = match_labels(matches) if by == "match" else {}
    if by == "match":
        order = {str(mid): i for i, mid in enumerate(matches["match_id"])}
        tables = {n: _in_file_order(t, order) for n, t in tables.items()}
    if labels and fmt != "table":       # the key people read, as in the table, then the id programs join on
        tables = {n: _labelled(t, labels) for n, t in tables.items()}
    if fmt == "json":
        click.echo(json.dumps({n: _jsonable(tables[n]) for n in names}, ensure_ascii=False, indent=1))
    elif fmt == "csv":
        for i, n in enumerate(names):
            if len(names) > 1:
                click.echo(("\n" if i else "") + f"# {n}")
            click.echo(csv_frame(_whole_counts(tables[n])).to_csv(index=False), nl=False)   # (names: no formulas)
    else:
        if no_hands:
            click.echo("the dataset holds no hands yet / 数据集中还没有牌局")
            return
        for i, n in enumerate(names):
            frame = tables[n]
            if labels and "match" in frame:          # the record file's name (csv/json: the same, and match_id)
                frame = frame.assign(match=[labels.get(str(k), k) for k in frame["match"]])
            limit = terminal_width()
            title = "\n".join(click.style(t, bold=True) for t in (wrap(TITLES[n], limit) if limit else [TITLES[n]]))
            click.echo(("\n" if i else "") + title)
            click.echo(_format_frame(_mark_garbled(frame, garbled), n))
