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

from .arrow_columns import column as column_of, read_part, stamps_ms
from .schema import DatasetError

_KEY_COLUMNS = ("match_id", "match_key", "duplicate_of")
"""What :func:`mark_duplicates` reads of a batch's ``matches`` part (all of it only to rewrite it)."""

_WHERE_COLUMNS = ("source_file", "source_abspath", "source_sha256")
"""Which version of which record file a match is of (the path: ``source_abspath``, else ``source_file``)."""

_KNOWN: dict[str, tuple[set[str], dict[str, list[tuple[str, str | None, str | None]]]]] = {}
"""Per dataset folder: the committed ``matches`` parts read so far, and ``match_key`` → every stored copy
``(match_id, path, sha256)`` in the order the dataset stores them (parts by name, rows in order: the order
the statistics read them in), read incrementally: a part is read once per process."""


def _stored_copies(root: str) -> dict[str, list[tuple[str, str | None, str | None]]]:
    seen, copies = _KNOWN.setdefault(os.path.abspath(root), (set(), {}))
    for part in sorted(glob.glob(os.path.join(glob.escape(root), "matches", "part-*.parquet"))):
        if part in seen:
            continue
        try:
            f = pq.ParquetFile(part)
            names = f.schema_arrow.names
            if "match_key" in names:
                t = f.read(columns=[c for c in ("match_id", "match_key") + _WHERE_COLUMNS if c in names])
                for mid, key, path, sha in zip(t["match_id"].to_pylist(), t["match_key"].to_pylist(),
                                               *_where(t)):
                    if key is not None:
                        copies.setdefault(key, []).append((str(mid), path, sha))
        except (pa.ArrowException, OSError) as exc:
            raise DatasetError(f"damaged part {os.path.basename(part)} of the matches table ({part}): {exc} / "
                               f"数据集 matches 表的分块文件 {os.path.basename(part)} 已损坏，无法读取") from None
        seen.add(part)
    return copies


def _where(t: pa.Table) -> tuple[list, list]:
    """Each row's path (``source_abspath``, else ``source_file``) and ``source_sha256`` (``None`` where absent)."""
    n = t.num_rows
    cols = {c: (t[c].to_pylist() if c in t.column_names else [None] * n) for c in _WHERE_COLUMNS}
    paths = [a if isinstance(a, str) else f for f, a in zip(cols["source_file"], cols["source_abspath"])]
    return paths, cols["source_sha256"]


def _versions(root: str, batch_files: dict[str, str]) -> dict[str, tuple[str, set[str]]]:
    """Per record file's path: the SHA-256 of its version that counts and every version stored — the committed
    ``files`` rows ordered as the statistics order them (``stats_source.SUPERSEDED_SQL``: ``ingested_at``, then
    the order of the parts; an unreadable row is no version), then the batch being committed (``batch_files``:
    path → SHA-256), the version ingested last."""
    found: dict[str, list[tuple]] = {}
    i = 0
    # every files part is committed (it is the commit point), in the order of the parts
    for part in sorted(glob.glob(os.path.join(glob.escape(root), "files", "part-*.parquet"))):
        try:
            names = pq.ParquetFile(part).schema_arrow.names
            t = read_part(part, [c for c in _WHERE_COLUMNS + ("status", "ingested_at") if c in names])
        except (pa.ArrowException, OSError) as exc:
            raise DatasetError(f"damaged part {os.path.basename(part)} of the files table ({part}): {exc} / "
                               f"数据集 files 表的分块文件 {os.path.basename(part)} 已损坏，无法读取") from None
        n = t.num_rows
        status = t["status"].to_pylist() if "status" in t.column_names else [None] * n
        stamps = (stamps_ms(t["ingested_at"]) if "ingested_at" in t.column_names else [None] * n)
        for path, sha, st, at in zip(*_where(t), status, stamps):
            if isinstance(path, str) and isinstance(sha, str) and st != "unreadable":
                found.setdefault(path, []).append(((at is not None, at or 0, i), sha))
            i += 1
    out = {path: (max(v)[1], {sha for _, sha in v}) for path, v in found.items()}
    for path, sha in batch_files.items():
        latest, shas = out.get(path, (sha, set()))
        out[path] = (sha, shas | {sha})
    return out


def _batch_files(tmp_matches: str, tmp_files: str | None) -> dict[str, str]:
    """Path → SHA-256 of the record files of the batch being committed (its ``files`` rows, and its matches':
    a big file's earlier batches have no ``files`` row)."""
    out: dict[str, str] = {}
    for part, status_ok in ((tmp_matches, True), (tmp_files, False)):
        if part is None or not os.path.exists(part):
            continue
        names = pq.ParquetFile(part).schema_arrow.names
        t = read_part(part, [c for c in _WHERE_COLUMNS + ("status",) if c in names])
        status = t["status"].to_pylist() if "status" in t.column_names else [None] * t.num_rows
        for path, sha, st in zip(*_where(t), status):
            if isinstance(path, str) and isinstance(sha, str) and (status_ok or st != "unreadable"):
                out[path] = sha
    return out


def mark_duplicates(root: str, tmp_matches: str, pending: dict[str, str] | None = None,
                    tmp_files: str | None = None) -> int:
    """Set ``duplicate_of`` in a batch's temporary ``matches`` part for every match already in
    the dataset at ``root`` (call under the dataset lock, after recovery, before the renames).
    ``pending``: ``match_key`` → first copy in the batches published together before this one
    (filled here).  Returns how many rows name a first copy.

    A match names the first copy stored (in the order the dataset stores them) whose record file's version
    still counts: not a copy from an earlier version of a path ingested again with other content — by an
    earlier ingest, or by this batch (``tmp_files``: its ``files`` part; a record corrected in what the key
    leaves out, a ``[Claim]``, is the same match, and its new version counts in place of the old:
    docs/dataset.md "A file that changes").  So ``duplicate_of`` never names a match the statistics leave out
    as superseded when the batch is committed, and the documented queries count what ``tractor stats`` does."""
    stored = _stored_copies(root)
    table = read_part(tmp_matches, list(_KEY_COLUMNS))    # the whole part only to rewrite it
    if "match_key" not in table.column_names or not table.num_rows:
        return 0
    mids = [str(m) for m in table["match_id"].to_pylist()]
    keys = table["match_key"].to_pylist()
    old = table["duplicate_of"].to_pylist()
    local: dict[str, str] = {} if pending is None else pending
    versions = None         # read only when a match of the batch has a copy stored already (rare)
    new: list[str | None] = []
    for mid, key in zip(mids, keys):
        kept = None
        if key is not None and key in stored:
            if versions is None:
                versions = _versions(root, _batch_files(tmp_matches, tmp_files))
            kept = next((m for m, path, sha in stored[key] if _counts(versions, path, sha)), None)
        kept = kept or (None if key is None else local.get(key))
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


def _counts(versions: dict[str, tuple[str, set[str]]], path, sha) -> bool:
    """A stored match of the record file ``path`` at version ``sha`` is of the version that counts (or of a
    file stored in one version only, or of a row that does not say which)."""
    if not isinstance(path, str) or not isinstance(sha, str) or path not in versions:
        return True
    latest, shas = versions[path]
    return sha == latest or sha not in shas
