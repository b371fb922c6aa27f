"""``tractor ingest --scheduler``: the ingest's parse + replay + write on a Dask cluster.

The client (the process running ``tractor ingest``) hashes the inputs and keeps the files not yet
in the dataset (as the local parallel ingest does), groups them into tasks of a few files each and
submits them to the cluster: a running one (``tcp://HOST:PORT``: ``dask scheduler`` and ``dask
worker`` processes) or a :class:`~distributed.LocalCluster` it starts (``local[:N]``).  Each task
runs :func:`tractor_analysis.dataset.pipeline._process_files` on a worker: it reads its files
(relative paths from the client's working folder), parses and replays them and writes its batches
as *temporary* parts under the dataset folder, which must therefore be the same path on every
worker (a shared filesystem).  The task returns the batches; the client commits each with the
same commit protocol as a local ingest (:class:`~tractor_analysis.dataset.committer.Committer`:
under the dataset lock, the ``files`` part last), so the dataset holds exactly the rows a local
ingest gives, error rows included.

A worker killed mid-task: Dask runs the task again elsewhere; the killed attempt's temporary parts
are hidden (never committed) and removed by the client at the end of the run, since they carry the
run's name (``.part-dask-<run>-…``) rather than a pid (a pid means nothing on another host).
Progress comes from the tasks as they finish, on stderr through the caller's ``progress``.

Only local and shared POSIX paths are tested (the loopback cluster of the test suite); the
commit renames files, which object stores (``s3://``) do not offer atomically.
"""
from __future__ import annotations

import glob
import os
import time
import uuid
from pathlib import Path

from .commit import Manifest, check_writable, dataset_lock, ensure_dataset, recover
from ..records.limits import DEFAULT_MAX_BYTES
from .committer import Committer, Flushed, InOrder, IngestSummary
from .pipeline import _new_files, _process_files
from .workers import _worker_init
from .reading import verify
from .schema import TABLES


def parse_scheduler(spec: str) -> tuple[str, int | None]:
    """``("local", N or None)`` for ``local`` / ``local:N``, else ``("address", None)`` for a
    scheduler address (``tcp://HOST:PORT``, ``HOST:PORT``); :class:`ValueError` otherwise."""
    spec = spec.strip()
    if spec == "local" or spec.startswith("local:"):
        n = spec[len("local:"):] if ":" in spec else ""
        if n and not (n.isdigit() and int(n) > 0):
            raise ValueError(f"--scheduler {spec}: expected local or local:N with N a number of workers / "
                             f"应为 local 或 local:N")
        return "local", int(n) if n else None
    if "://" in spec or ":" in spec:
        return spec if "://" in spec else f"tcp://{spec}", None
    raise ValueError(f"--scheduler {spec}: expected tcp://HOST:PORT or local[:N] / 应为 tcp://主机:端口 或 local[:N]")


def _task(paths: list[str], root: str, choice, label: str | None, flush_hands: int, base: str,
          prefix: str, max_bytes: int = DEFAULT_MAX_BYTES, analyse=None) -> list[Flushed]:
    """One Dask task: parse, replay (and with ``analyse``, :class:`~.analysis.AnalyseOptions`, analyse)
    and write ``paths`` as temporary parts (never committed here)."""
    _worker_init(root, frozenset(), choice, label, flush_hands, None, False, base=base, prefix=prefix,
                 max_bytes=max_bytes, analyse=analyse)
    try:
        return _process_files(paths)
    finally:
        from .workers import _W
        _W.clear()


def remove_run_temporaries(root: str, run: str) -> list[str]:
    """Delete the temporary parts a Dask run left (those of attempts killed or never committed)."""
    removed = []
    for t in TABLES:
        for tmp in glob.glob(str(Path(glob.escape(root), t, f".part-dask-{run}-*.parquet.tmp"))):
            try:
                os.remove(tmp)
                removed.append(tmp)
            except OSError:
                pass
    return removed


def ingest_dask(paths: list[str], root: str, scheduler: str, *, choice=None, label: str | None = None,
                flush_hands: int = 2000, progress=None, files_per_task: int | None = None,
                retries: int = 3, max_bytes: int = DEFAULT_MAX_BYTES, analyse=None) -> IngestSummary:
    """Add ``paths`` to the dataset at ``root`` with the parsing and replaying (and the endgame
    analysis of ``ingest --analyse``: ``analyse``) done on a Dask cluster (see the module docstring);
    the same result as :func:`.pipeline.ingest`.  A dataset that may not be written is
    :class:`~.commit.DatasetReadOnly` before any cluster starts."""
    from dask.distributed import Client, LocalCluster, as_completed

    start = time.perf_counter()
    kind, n = parse_scheduler(scheduler)
    check_writable(root)
    ensure_dataset(root)
    check_writable(root)
    with dataset_lock(root):
        recover(root)
    manifest = Manifest(root)
    manifest.refresh()
    verify(root)
    committer = Committer(root, manifest)
    skipped: list[tuple[str, str]] = []     # (path, sha) of the inputs an earlier ingest stored
    todo = _new_files(paths, manifest.shas, skipped)
    run = uuid.uuid4().hex[:10]
    cluster = client = None
    if kind == "local" and not todo:
        pass        # every input stored already: no cluster started for nothing (a remote one is still reached)
    elif kind == "local":
        # the scheduler starts its HTTP server even with dashboard_address=None (distributed issues
        # 7207 and 8136): on port 8787 of every interface, or, when another process has that port,
        # on another one with a "Port 8787 is already in use" warning.  Here it listens on the
        # loopback only, on a free port: nothing opened to the network, no warning
        cluster = LocalCluster(n_workers=n or os.cpu_count() or 1, threads_per_worker=1, processes=True,
                               dashboard_address="127.0.0.1:0")
        client = Client(cluster)
    else:
        client = Client(kind, timeout="30s")
    futures: dict = {}
    files_done = len(paths) - len(todo)
    hands_done = 0
    try:
        if progress:
            progress(files_done, hands_done, len(paths))
        if todo:
            workers = max(1, len(client.scheduler_info().get("workers", {})))
            size = files_per_task or max(1, min(64, -(-len(todo) // (workers * 4))))
            chunks = [todo[i:i + size] for i in range(0, len(todo), size)]
            root_abs, base = os.path.abspath(root), os.getcwd()
            futures = {client.submit(_task, chunk, root_abs, choice, label, flush_hands, base,
                                     f"dask-{run}-{i}", max_bytes, analyse, key=f"tractor-ingest-{run}-{i}", retries=retries,
                                     pure=False): (i, len(chunk)) for i, chunk in enumerate(chunks)}
            in_order = InOrder(committer.commit, len(chunks))   # committed in the files' order
            for future in as_completed(list(futures)):
                flushed = future.result()
                in_order.put(futures[future][0], flushed)
                hands_done += sum(f.hands for f in flushed)
                files_done += futures[future][1]
                if progress:
                    progress(files_done, hands_done, len(paths))
            in_order.close()
    finally:
        if todo:
            client.cancel(list(futures))      # Ctrl-C or a failed commit: stop what still runs
        if client is not None:
            client.close()
        if cluster is not None:
            cluster.close()
        remove_run_temporaries(root, run)
    return committer.summary(len(paths), time.perf_counter() - start, skipped)
