"""The Parquet dataset: schema, rows, commit protocol, the ingest pipeline, reading, statistics.

Modules, in the order data flows: ``schema`` (every table's Arrow schema, declared once),
``rows`` (a replayed match → column lists), ``commit`` (temporary parts, the lock, the
commit protocol, recovery after a crash), ``pipeline`` (``tractor ingest``: workers, parse +
replay, flushing, commits), ``reading`` (``load``, ``read_table``, ``verify``) and ``stats``
(statistics as DataFrames, computed by DuckDB in ``stats_sql`` over the Parquet parts or tables
in memory; ``stats_reference`` is the pandas reference the tests compare the SQL with).  The layout on disk and what a reader
may rely on are in ``docs/dataset.md``.

May import: :mod:`tractor_analysis.engine`, :mod:`tractor_analysis.records`, pyarrow, pandas, duckdb,
filelock (and dask, in the optional ``dask_ingest``).
"""
from .commit import Manifest, commit_parts, dataset_lock, ensure_dataset, new_batch, recover, remove_temp_parts, \
    write_temp_parts
from .committer import Flushed, IngestError, IngestSummary
from .pipeline import ingest
from .reading import Dataset, load, read_table, verify
from .rows import TableBuilder
from .schema import SCHEMAS, TABLES, DatasetError, level_token, printable

__all__ = [
    "Manifest", "commit_parts", "dataset_lock", "ensure_dataset", "new_batch", "recover", "remove_temp_parts",
    "write_temp_parts", "Flushed", "IngestError", "IngestSummary", "ingest",
    "Dataset", "load", "read_table", "verify", "TableBuilder",
    "SCHEMAS", "TABLES", "DatasetError", "level_token", "printable",
]
