"""``tractor ingest --scheduler``: a Dask LocalCluster with 2 worker processes, and a real
``dask scheduler`` with two ``dask worker`` processes on 127.0.0.1 (one killed mid-run); every
table equals a local ingest's, error rows included, and no temporary part is left."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("distributed")

from test_scale_portable import assert_same_tables, make_corpus  # noqa: E402

from tractor_analysis.dataset import read_table  # noqa: E402
from tractor_analysis.dataset.dask_ingest import ingest_dask, parse_scheduler  # noqa: E402
from tractor_analysis.dataset.pipeline import ingest  # noqa: E402

BIN = Path(sys.executable).parent


def _temporaries(root: Path) -> list[Path]:
    return sorted(root.rglob(".part-*.tmp"))


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> list[str]:
    return make_corpus(tmp_path_factory.mktemp("dask-corpus"), matches=10, seed=73)


@pytest.fixture(scope="module")
def local(corpus, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dask-ref") / "ds"
    ingest(corpus, str(out), flush_hands=8)
    return out


def test_parse_scheduler():
    assert parse_scheduler("local") == ("local", None)
    assert parse_scheduler("local:2") == ("local", 2)
    assert parse_scheduler("tcp://127.0.0.1:8786") == ("tcp://127.0.0.1:8786", None)
    assert parse_scheduler("10.0.0.5:8786") == ("tcp://10.0.0.5:8786", None)
    for bad in ("local:0", "local:x", "nowhere"):
        with pytest.raises(ValueError, match="scheduler"):
            parse_scheduler(bad)


def test_a_local_cluster_opens_no_port_to_the_network_and_does_not_warn(corpus, tmp_path, monkeypatch):
    """The scheduler's HTTP server (started even without a dashboard) listens on the loopback, on a
    free port: a busy port 8787 (another cluster's; here a socket of this test's on every interface)
    makes no "already in use" warning, and no socket of this process listens beyond the loopback."""
    import warnings

    import dask.distributed
    import psutil

    busy = socket.socket()
    busy.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        busy.bind(("0.0.0.0", 8787))
        busy.listen()
    except OSError:
        pass                                # something else holds it: busy all the same
    listening = []
    client_type = dask.distributed.Client

    def client(*args, **kwargs):            # what listens while the cluster runs
        c = client_type(*args, **kwargs)
        listening.extend((conn.laddr.ip, conn.laddr.port) for conn in psutil.Process().net_connections("tcp")
                         if conn.status == psutil.CONN_LISTEN)
        return c

    monkeypatch.setattr(dask.distributed, "Client", client)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            s = ingest_dask(corpus[:2], str(tmp_path / "ds"), "local:1", flush_hands=8)
    finally:
        busy.close()
    assert s.added == 2
    assert not [w for w in caught if "already in use" in str(w.message)], [str(w.message) for w in caught]
    others = [(ip, port) for ip, port in listening if port != 8787]
    assert others, "the cluster's sockets were not seen"
    assert all(ip in ("127.0.0.1", "::1") for ip, _ in others), others


def test_local_cluster_two_workers_equals_a_local_ingest(corpus, local, tmp_path):
    out = tmp_path / "ds"
    seen = []
    s = ingest_dask(corpus, str(out), "local:2", flush_hands=8, files_per_task=2,
                    progress=lambda f, h, t: seen.append((f, h, t)))
    assert s.added == len(corpus) and s.with_errors == 2 and s.errors > 0
    assert_same_tables(local, out)
    assert _temporaries(out) == []
    assert seen[-1][0] == seen[-1][2] == len(corpus) and seen[-1][1] == s.hands
    # a second run adds nothing (the client skips files already in the dataset)
    again = ingest_dask(corpus, str(out), "local:2")
    assert again.added == 0 and again.skipped == len(corpus)
    assert_same_tables(local, out)


def test_cli_scheduler_option(corpus, local, tmp_path):
    from click.testing import CliRunner

    from tractor_analysis.cli.main import main

    out = tmp_path / "ds"
    res = CliRunner().invoke(main, ["ingest", *corpus, "-o", str(out), "--scheduler", "local:2"])
    assert res.exit_code == 2, res.output            # the corrupt files: exit status 2, as locally
    assert f"{len(corpus)}/{len(corpus)} files" in res.output      # progress on stderr
    assert_same_tables(local, out)
    bad = CliRunner().invoke(main, ["ingest", *corpus, "-o", str(out), "--scheduler", "nowhere"])
    assert bad.exit_code == 2 and "--scheduler" in bad.output


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for_workers(address: str, n: int, timeout: float = 90) -> None:
    from dask.distributed import Client

    with Client(address, timeout="60s") as client:
        client.wait_for_workers(n, timeout=timeout)


@pytest.fixture
def loopback_cluster(tmp_path):
    """``dask scheduler`` and two ``dask worker`` processes (no nanny: a killed worker stays dead)."""
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    logs = tmp_path / "logs"
    logs.mkdir()
    procs = []

    def start(name, *args):
        log = open(logs / f"{name}.log", "w")
        procs.append(subprocess.Popen([str(BIN / "dask"), *args], stdout=log, stderr=subprocess.STDOUT,
                                      cwd=tmp_path, start_new_session=True))
        return procs[-1]

    start("scheduler", "scheduler", "--host", "127.0.0.1", "--port", str(port), "--dashboard-address", ":0")
    workers = [start(f"worker{i}", "worker", address, "--nthreads", "1", "--no-nanny", "--host", "127.0.0.1",
                     "--no-dashboard", "--name", f"w{i}") for i in range(2)]
    try:
        _wait_for_workers(address, 2)
        yield address, workers
    finally:
        # the workers first: a worker stopped with its scheduler going too waits on the lost connection
        # (20 s, the whole timeout, in make test's runs), then the scheduler
        for p in procs[1:] + procs[:1]:
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGTERM)
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait()


def test_real_scheduler_and_workers_with_one_killed_mid_run(loopback_cluster, tmp_path):
    """A corrupt file among good ones; one worker SIGKILLed once the first tasks are done: the
    other finishes (Dask runs the lost tasks again), every table equals a local ingest's, and no
    temporary part of the killed attempts is left."""
    address, workers = loopback_cluster
    corpus = make_corpus(tmp_path / "in", matches=24, seed=79, max_hands=8)     # 24 files, one a task
    ref = tmp_path / "ref"
    ingest(corpus, str(ref), flush_hands=10)
    out = tmp_path / "ds"
    cmd = [str(BIN / "tractor"), "ingest", *corpus, "-o", str(out), "--scheduler", address, "--task-files", "1",
           "--flush-hands", "10"]
    with open(tmp_path / "stderr.txt", "w") as err:
        proc = subprocess.Popen(cmd, stderr=err)
        committed_at_kill = None
        while proc.poll() is None:
            committed = len(list((out / "files").glob("part-*.parquet"))) if (out / "files").is_dir() else 0
            if committed >= 3:
                os.killpg(workers[0].pid, signal.SIGKILL)        # mid-run: most tasks still to do
                committed_at_kill = committed
                break
            time.sleep(0.01)
        proc.wait(timeout=600)
    lines = (tmp_path / "stderr.txt").read_text("utf-8")
    assert committed_at_kill is not None and committed_at_kill < len(corpus) // 2, lines
    assert workers[0].wait(timeout=30) == -signal.SIGKILL
    assert proc.returncode == 2, lines                 # the corrupt files, as locally
    assert_same_tables(ref, out)
    assert _temporaries(out) == []
    assert read_table(str(out), "files").num_rows == len(corpus)


def test_a_read_only_dataset_is_refused_before_any_cluster_starts(corpus, local, tmp_path, monkeypatch):
    import dask.distributed

    from tractor_analysis.dataset.commit import DatasetReadOnly

    def no_cluster(*a, **kw):
        raise AssertionError("a cluster was started for a dataset that may not be written")
    monkeypatch.setattr(dask.distributed, "LocalCluster", no_cluster)
    real = os.access
    monkeypatch.setattr(os, "access", lambda p, mode, **kw: False if Path(p) == local and mode == os.W_OK
                        else real(p, mode, **kw))
    with pytest.raises(DatasetReadOnly) as err:
        ingest_dask(corpus, str(local), "local:2")
    assert str(local) in str(err.value)
