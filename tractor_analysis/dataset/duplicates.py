"""Matches kept twice across ingests: the ``duplicate_of`` column, settled at commit time.

A batch's builder (:class:`~.rows.TableBuilder`) already names, for each match whose
``match_key`` an earlier match of the same batch has, that match as its ``duplicate_of``.
A copy ingested in another run (or by a concurrent ingest) is only known under the dataset
lock: :func:`mark_duplicates` is called by the commit (:func:`~.commit.commit_parts`)
with the batch's temporary ``matches`` part and rewrites it when some of its matches are
already in the dataset.  The first copy committed is kept (``duplicate_of`` null).
"""
from __future__ import annotations

import glob
import os

import pyarrow as pa
import pyarrow.parquet as pq

from .arrow_columns import column as column_of, read_part
from .schema import DatasetError

_KEY_COLUMNS = ("match_id", "match_key", "duplicate_of")
"""What :func:`mark_duplicates` reads of a batch's ``matches`` part (all of it only to rewrite it)."""

_KNOWN: dict[str, tuple[set[str], dict[str, str]]] = {}
"""Per dataset folder: the committed ``matches`` parts read so far, and ``match_key`` → the
``match_id`` of the first copy (read incrementally: a part is read once per process)."""


def _first_copies(root: str) -> dict[str, str]:
    seen, first = _KNOWN.setdefault(os.path.abspath(root), (set(), {}))
    for part in sorted(glob.glob(os.path.join(glob.escape(root), "matches", "part-*.parquet"))):
        if part in seen:
            continue
        try:
            f = pq.ParquetFile(part)
            if "match_key" in f.schema_arrow.names:
                t = f.read(columns=list(_KEY_COLUMNS))
                for mid, key, dup in zip(t["match_id"].to_pylist(), t["match_key"].to_pylist(),
                                         t["duplicate_of"].to_pylist()):
                    if key is not None and dup is None:
                        first.setdefault(key, mid)
        except (pa.ArrowException, OSError) as exc:
            raise DatasetError(f"damaged part {os.path.basename(part)} of the matches table ({part}): {exc} / "
                               f"数据集 matches 表的分块文件 {os.path.basename(part)} 已损坏，无法读取") from None
        seen.add(part)
    return first


def mark_duplicates(root: str, tmp_matches: str, pending: dict[str, str] | None = None) -> int:
    """Set ``duplicate_of`` in a batch's temporary ``matches`` part for every match already in
    the dataset at ``root`` (call under the dataset lock, after recovery, before the renames).
    ``pending``: ``match_key`` → first copy in the batches published together before this one
    (filled here).  Returns how many rows name a first copy."""
    first = _first_copies(root)
    table = read_part(tmp_matches, list(_KEY_COLUMNS))    # the whole part only to rewrite it
    if "match_key" not in table.column_names or not table.num_rows:
        return 0
    mids = [str(m) for m in table["match_id"].to_pylist()]
    old = table["duplicate_of"].to_pylist()
    local: dict[str, str] = {} if pending is None else pending
    new: list[str | None] = []
    for mid, key in zip(mids, table["match_key"].to_pylist()):
        kept = None if key is None else first.get(key) or local.get(key)
        if key is not None and kept is None:
            local[key] = mid
        new.append(kept)
    if new != old:
        table = read_part(tmp_matches)
        i = table.schema.get_field_index("duplicate_of")
        column = column_of(new, table.schema.field(i).type)
        table = table.set_column(i, table.schema.field(i), column)
        try:
            pq.write_table(table, tmp_matches, compression="zstd")
        except OSError as exc:
            raise DatasetError(f"cannot rewrite {tmp_matches}: {exc} / 无法写入数据集") from None
    return sum(x is not None for x in new)
