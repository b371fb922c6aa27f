"""A record file whose content went back to a version the dataset stored before.

The manifest keys files by content: a path ingested again with other content is stored as a new
version, and the version ingested last counts (docs/dataset.md, *A file that changes*).  A path whose
content then goes back to an earlier version — an organiser's correction withdrawn, the record put back
as it was — holds bytes the dataset already has, so ingest does not read it again; but the version that
counts for the path must be the one it holds now.  :func:`returned_versions` finds such paths, and
:func:`commit_returned` gives each a ``files`` row again (the stored row of that content, ingested now):
that version counts again, in place of the later one, and its matches are not stored twice.
"""
from __future__ import annotations

import os

from .arrow_columns import stamps_ms
from .commit import new_batch, write_temp_parts
from .committer import Committer, Flushed
from .reading import read_files_rows
from .rows import TableBuilder
from .schema import printable

_COLUMNS = ["source_file", "source_sha256", "status", "ingested_at", "source_abspath", "format", "matches", "hands",
            "errors", "violations", "rules_override", "encoding", "encoding_note"]


def returned_versions(root: str, skipped: list[tuple]) -> list[tuple[str, str, dict]]:
    """``(path, content hash, stored row)`` of each input of ``skipped`` (``(path, content hash, None)``: its
    bytes already in the dataset) whose path was stored before and whose version that counts now (its
    ``files`` row ingested last, as :data:`.stats_source.SUPERSEDED_SQL` orders them) has other content:
    the path went back to content stored before.  ``stored row``: the latest ``files`` row of that content.
    An input whose path was never stored (the same bytes stored under another name) is not one: nothing
    counts for its path that it would replace."""
    wanted = [(p, sha) for p, sha, *first in skipped if not first or first[0] is None]
    if not wanted:
        return []
    rows = read_files_rows(root, _COLUMNS)
    order = stamps_ms(rows["ingested_at"])
    cols = {c: rows[c].to_pylist() for c in _COLUMNS if c != "ingested_at"}
    latest: dict[str, tuple] = {}           # path (absolute, else as given) -> (order, content hash)
    of_sha: dict[str, tuple] = {}           # content hash -> (order, row index)
    for i in range(rows.num_rows):
        sha, status = cols["source_sha256"][i], cols["status"][i]
        if not isinstance(sha, str) or status == "unreadable":
            continue
        at = (order[i] is not None, order[i] or 0, i)
        key = cols["source_abspath"][i] if isinstance(cols["source_abspath"][i], str) else cols["source_file"][i]
        if key not in latest or at >= latest[key][0]:
            latest[key] = (at, sha)
        if sha not in of_sha or at >= of_sha[sha][0]:
            of_sha[sha] = (at, i)
    out = []
    for path, sha in wanted:
        now = latest.get(printable(os.path.abspath(path)) if path else None) or latest.get(printable(path))
        if now is None or now[1] == sha or sha not in of_sha:
            continue
        i = of_sha[sha][1]
        out.append((path, sha, {c: cols[c][i] for c in cols}))
    return out


def commit_returned(root: str, committer: Committer, returned: list[tuple[str, str, dict]]) -> None:
    """Commit one batch holding a ``files`` row for each of ``returned`` (:func:`returned_versions`): the
    stored row of its content under the path given now, ingested now — no match, hand or error row (they
    are stored already, under that content).  Its content hashes are not handed to the commit as new (they
    are in the manifest: the commit would drop the rows as an earlier ingest's)."""
    if not returned:
        return
    builder = TableBuilder(new_batch())
    for path, sha, row in returned:
        builder.add_file_row(path, sha, row["format"], row["matches"] or 0, row["hands"] or 0, row["errors"] or 0,
                             row["violations"] or 0, row["status"], row["rules_override"], row["encoding"],
                             row["encoding_note"])
    tmp = write_temp_parts(root, builder.to_tables(), builder.batch)
    committer.commit(Flushed(builder.batch, tmp, [], 0, 0, 0, 0, 0, 0, paths=tuple(p for p, _, _ in returned)))


__all__ = ["returned_versions", "commit_returned"]
