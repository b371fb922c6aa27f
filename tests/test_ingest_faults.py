"""Faults during ``tractor ingest``: SIGKILL and Ctrl-C at random moments and between the renames of
a commit, a read-only dataset.  After each: no process of the ingest survives, the dataset loads,
holds whole matches only, DuckDB globs of each table see exactly what ``load()`` sees, and running
the ingest again completes it (every file once).  See "Incremental and safe" in docs/dataset.md."""
from __future__ import annotations

import errno
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import duckdb
import pyarrow.dataset as pads
import pytest
from click.testing import CliRunner
from filelock import FileLock

from tractor_analysis.cli.main import main
from tractor_analysis.dataset import commit, load, read_table
from tractor_analysis.dataset.commit import publish
from tractor_analysis.dataset.pipeline import ingest
from tractor_analysis.dataset.schema import TABLES
from tractor_analysis.simulate import simulate, write_matches

TRACTOR = [sys.executable, "-m", "tractor_analysis.cli.main"]
POSIX = sys.platform != "win32"
LINUX = sys.platform.startswith("linux")
N_FILES = 60

pytestmark = pytest.mark.skipif(not POSIX, reason="signals and process sessions: POSIX only")


@pytest.fixture(scope="module")
def src(tmp_path_factory):
    root = tmp_path_factory.mktemp("faults") / "src"
    write_matches(simulate(N_FILES, 515, max_hands=4), str(root), "tgn")
    return root


# --- helpers ------------------------------------------------------------------------------

def session_processes(sid: int) -> list[tuple[int, str]]:
    """Live (not zombie) processes of session ``sid``: an ingest started with
    ``start_new_session=True`` and everything it forked (workers, forkserver, resource tracker)."""
    found = []
    for entry in os.listdir("/proc") if os.path.isdir("/proc") else []:
        if not entry.isdigit():
            continue
        try:
            stat = Path("/proc", entry, "stat").read_bytes()
            cmd = Path("/proc", entry, "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        fields = stat.rsplit(b")", 1)[1].split()
        if int(fields[3]) == sid and fields[0] not in (b"Z", b"X"):      # state, ppid, pgrp, session
            found.append((int(entry), cmd))
    if not os.path.isdir("/proc"):       # pragma: no cover - macOS: psutil
        psutil = pytest.importorskip("psutil")
        for p in psutil.process_iter(["pid", "cmdline", "status"]):
            try:
                if os.getsid(p.pid) == sid and p.info["status"] != psutil.STATUS_ZOMBIE:
                    found.append((p.pid, " ".join(p.info["cmdline"] or [])))
            except (ProcessLookupError, PermissionError, psutil.Error):
                continue
    return found


def assert_no_survivors(sid: int, timeout: float = 8.0) -> None:
    deadline = time.monotonic() + timeout
    while (alive := session_processes(sid)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive, f"processes of the killed ingest still run: {alive}"


def _foreground() -> None:
    """In the ingest's child, before exec: SIGINT as a terminal's foreground job has it — handled by default
    and not blocked.  What a process ignores or blocks its children inherit (a shell's background job, a
    ``nohup``), and an ingest started so rightly ignores Ctrl-C; the tests here are of a Ctrl-C that reaches
    it.  (An ingest that inherits an ignored or blocked SIGINT runs to its end after the group's SIGINT, exit
    0: a failure's message says the test process's state, :func:`parent_sigint`.)"""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def parent_sigint() -> str:
    """The test process's SIGINT handler and whether this thread blocks SIGINT, for a failure's message."""
    blocked = signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, []) if hasattr(signal, "pthread_sigmask") else None
    return f"(the test process: SIGINT handler {signal.getsignal(signal.SIGINT)!r}, blocked {blocked})"


def start(src, out, *args, env=None) -> subprocess.Popen:
    return subprocess.Popen(TRACTOR + ["ingest", str(src), "-o", str(out), "-q", "--flush-hands", "3", *args],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
                            env={**os.environ, **(env or {})}, preexec_fn=_foreground if POSIX else None)


def interrupt(proc: subprocess.Popen, to_group: bool = True) -> tuple[int, str]:
    """Ctrl-C to the ingest (its whole process group, as a terminal sends it, or the ingest alone):
    its exit status and what it printed on stderr, once no process of it is left."""
    (os.killpg if to_group else os.kill)(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=60)       # (an ingest that never ends fails here, not hangs the suite)
    err = err.decode()
    code = proc.returncode
    assert_no_survivors(proc.pid)
    return code, err


def stop(proc: subprocess.Popen) -> None:
    """Cleanup: kill whatever is left of the ingest's process group."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    if proc.poll() is None:
        proc.wait(timeout=30)
    if proc.stderr:
        proc.stderr.close()


def wait_for(cond, timeout: float = 60.0, step: float = 0.005) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if cond():
            return True
        time.sleep(step)
    return False


def batches(out: Path, table: str) -> set[str]:
    return {p.name[len("part-"):-len(".parquet")] for p in (out / table).glob("part-*.parquet")}


def mid_commit(out: Path) -> bool:
    """A child table shows a part of a batch that has no ``files`` part yet: a commit under way."""
    return any(batches(out, t) - batches(out, "files") for t in ("matches", "hands"))


def wait_unlocked(out: Path) -> None:
    """Until no commit is in flight (a detached publisher holds the lock until its renames are done)."""
    if (out / "_lock").exists():
        with FileLock(str(out / "_lock"), timeout=60):
            pass


def check_consistent(out: Path) -> int:
    """The dataset after a fault: loads, whole matches only, every table's raw glob sees exactly
    the committed batches and agrees with ``load()``.  Returns the number of files it holds."""
    return len(consistent(out).files)


def consistent(out: Path):
    """:func:`check_consistent`, returning the dataset ``load()`` read."""
    for t in TABLES:            # every table folder exists, pyarrow reads each one
        pads.dataset(str(out / t), format="parquet").count_rows()
    ds = load(str(out))
    committed = batches(out, "files")
    con = duckdb.connect()
    for t in TABLES:
        assert batches(out, t) <= committed, f"{t}: parts of an uncommitted batch are visible"
        if batches(out, t):
            glob_rows = con.execute(f"select count(*) from read_parquet('{out}/{t}/*.parquet')").fetchone()[0]
            assert glob_rows == len(ds[t]), t
        else:
            assert len(ds[t]) == 0, t
    per_match = ds.hands.groupby("match_id").size()
    assert (per_match.reindex(ds.matches.match_id).to_numpy() == ds.matches.hands.to_numpy()).all()
    assert ds.tricks.groupby(["match_id", "hand_no"]).size().sum() == ds.hands.tricks.sum()
    assert len(ds.plays) == 4 * len(ds.tricks)
    assert set(ds.plays.match_id) <= set(ds.matches.match_id)
    assert ds.files.source_sha256.is_unique
    return ds


def finish_and_check(src, out: Path) -> None:
    res = CliRunner().invoke(main, ["ingest", str(src), "-o", str(out), "-q"], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    assert not list(out.rglob(".part-*")), "temporary parts left after a complete ingest"
    ds = consistent(out)
    assert len(ds.files) == N_FILES and ds.files.source_sha256.is_unique and len(ds.matches) == N_FILES


# --- 1. workers die with the ingest --------------------------------------------------------

@pytest.mark.skipif(not LINUX, reason="PR_SET_PDEATHSIG is Linux only")
@pytest.mark.parametrize("workers,method", [(2, "fork"), (3, "fork"), (3, "forkserver")])
def test_sigkill_of_the_ingest_leaves_no_worker_and_no_forkserver(src, tmp_path, workers, method):
    out = tmp_path / "ds"
    proc = start(src, out, "--workers", str(workers), env={"TRACTOR_START_METHOD": method})
    try:
        # the workers run (a forkserver: it and its workers) before the kill
        assert wait_for(lambda: len(session_processes(proc.pid)) >= workers + 1, step=0.02)
        if method == "forkserver":
            assert wait_for(lambda: any("forkserver" in c for _, c in session_processes(proc.pid)), step=0.02)
        wait_for(lambda: batches(out, "files"), timeout=30)
        os.kill(proc.pid, signal.SIGKILL)         # the ingest only, not its process group
        proc.wait(timeout=30)
        assert_no_survivors(proc.pid)
    finally:
        stop(proc)
    wait_unlocked(out)
    check_consistent(out)


# --- 2. Ctrl-C --------------------------------------------------------------------------------

@pytest.mark.parametrize("workers,to_group", [(1, True), (2, True), (2, False), (1, False)])
def test_ctrl_c_exits_130_with_a_short_message_and_leaves_nothing_behind(src, tmp_path, workers, to_group):
    out = tmp_path / "ds"
    proc = start(src, out, "--workers", str(workers))
    try:
        assert wait_for(lambda: batches(out, "files"), timeout=60), "no commit before the end of the test"
        if workers > 1:
            assert len(session_processes(proc.pid)) >= workers + 1
        code, err = interrupt(proc, to_group=to_group)
    finally:
        stop(proc)
    if code == 0 and "ingested 60 files" in err:      # pragma: no cover - it finished before the signal
        pytest.skip("the ingest finished before Ctrl-C")
    assert code == 130, err
    assert "interrupted" in err and "已中断" in err and "Traceback" not in err, err
    assert len(err.strip().splitlines()) <= 2, err
    wait_unlocked(out)
    assert not list(out.rglob(".part-*")), "temporary parts left after Ctrl-C"
    assert 0 < check_consistent(out) < N_FILES
    finish_and_check(src, out)


@pytest.mark.skipif(not LINUX, reason="fork and forkserver: Linux")
@pytest.mark.parametrize("method", ["fork", "forkserver"])
def test_ctrl_c_while_the_workers_start_prints_no_traceback(src, tmp_path, method):
    """The workers (and the forkserver) start with SIGINT blocked: a Ctrl-C to the process group
    while they import is handled by the ingest alone."""
    out = tmp_path / "ds"
    proc = start(src, out, "--workers", "2", env={"TRACTOR_START_METHOD": method})
    try:
        assert wait_for(lambda: len(session_processes(proc.pid)) >= 2, step=0.002)
        code, err = interrupt(proc, to_group=True)
    finally:
        stop(proc)
    assert code == 130 and "已中断" in err and "Traceback" not in err, err + parent_sigint()
    wait_unlocked(out)
    assert not list(out.rglob(".part-*"))
    check_consistent(out)


# --- 3. killed before the first commit -----------------------------------------------------------

def test_the_dataset_folder_never_exists_without_its_table_folders(src, tmp_path):
    out = tmp_path / "ds"
    proc = start(src, out)
    seen_partial = []
    try:
        def created() -> bool:
            if out.is_dir():
                present = {p.name for p in out.iterdir()}
                if not set(TABLES) <= present:
                    seen_partial.append(present)
                return True
            return False
        assert wait_for(created, step=0.0005)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        stop(proc)
    assert not seen_partial, f"the dataset folder existed without all its tables: {seen_partial[0]}"
    for t in TABLES:        # pyarrow never raises FileNotFoundError, load() and stats work
        pads.dataset(str(out / t), format="parquet").count_rows()
    check_consistent(out)
    res = CliRunner().invoke(main, ["stats", str(out)])
    assert res.exit_code == 0 and "Traceback" not in res.output, res.output
    finish_and_check(src, out)


def test_a_staging_folder_of_a_killed_creation_is_removed(tmp_path):
    stale = tmp_path / ".ds.tmp-999999999-abcdef12"
    (stale / "files").mkdir(parents=True)
    commit.ensure_dataset(tmp_path / "ds")
    assert not stale.exists()
    assert sorted(p.name for p in (tmp_path / "ds").iterdir()) == sorted(TABLES)
    assert [p.name for p in tmp_path.iterdir()] == ["ds"]


# --- 4. between the renames of a commit ----------------------------------------------------------

def kill_between_renames(src, out: Path, workers: int, publisher: str = "") -> subprocess.Popen:
    """Start an ingest whose commits pause between renames, and SIGKILL it while a child table
    shows a part of a batch that has no files part yet (in the middle of a commit)."""
    env = {"TRACTOR_TEST_PAUSE_BETWEEN_RENAMES": "0.3", "TRACTOR_PUBLISHER": publisher}
    proc = start(src, out, "--workers", str(workers), env=env)
    try:
        assert wait_for(lambda: mid_commit(out), timeout=90), "no commit seen in progress"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        assert_no_survivors(proc.pid)
    finally:
        stop(proc)
    return proc


@pytest.mark.parametrize("workers", [1, 2])
def test_a_kill_between_renames_still_publishes_the_whole_commit(src, tmp_path, workers):
    out = tmp_path / "ds"
    kill_between_renames(src, out, workers)
    # the detached publisher finishes the commit it started: no glob ever keeps half of it
    wait_unlocked(out)
    assert check_consistent(out) > 0
    for t in TABLES:
        assert batches(out, t) == batches(out, "files"), t
    finish_and_check(src, out)


@pytest.mark.parametrize("workers,publisher", [(1, ""), (2, ""), (1, "inprocess")])
def test_ctrl_c_in_the_middle_of_a_commit_finishes_it_then_exits_130(src, tmp_path, workers, publisher):
    out = tmp_path / "ds"
    env = {"TRACTOR_TEST_PAUSE_BETWEEN_RENAMES": "0.3", "TRACTOR_PUBLISHER": publisher}
    proc = start(src, out, "--workers", str(workers), env=env)
    try:
        assert wait_for(lambda: mid_commit(out),
                        timeout=90), "no commit seen in progress"
        in_flight = batches(out, "matches") - batches(out, "files")
        code, err = interrupt(proc, to_group=True)
    finally:
        stop(proc)
    assert code == 130 and "已中断" in err and "Traceback" not in err, err
    assert in_flight <= batches(out, "files"), "the commit under way was not finished"
    for t in TABLES:
        assert batches(out, t) == batches(out, "files"), t
    assert not list(out.rglob(".part-*"))
    check_consistent(out)


def test_the_in_process_publisher_leaves_a_half_commit_that_load_ignores_and_the_next_ingest_removes(
        src, tmp_path):
    """Where no publisher process can be started (Windows), a kill between renames leaves parts of
    an uncommitted batch visible to a raw glob (documented); ``load()`` never sees them."""
    out = tmp_path / "ds"
    kill_between_renames(src, out, 1, publisher="inprocess")
    ds = load(str(out))
    committed = batches(out, "files")
    assert all(set(ds[t].batch) <= committed for t in TABLES if len(ds[t]))
    assert any(batches(out, t) - committed for t in TABLES)
    finish_and_check(src, out)


def test_publish_moves_back_what_it_renamed_when_a_rename_fails(tmp_path, monkeypatch):
    for publisher in ("", "inprocess"):
        monkeypatch.setenv("TRACTOR_PUBLISHER", publisher)
        d = tmp_path / (publisher or "detached")
        d.mkdir()
        pairs = [(str(d / f"s{i}"), str(d / f"d{i}")) for i in range(4)]
        for s, _ in pairs:
            Path(s).write_text("x")
        os.remove(pairs[2][0])           # the third rename fails
        with commit.dataset_lock(str(d)) as fd:
            with pytest.raises(OSError) as exc:
                publish(pairs, fd)
        assert exc.value.errno == errno.ENOENT and exc.value.filename == pairs[2][0], publisher
        assert sorted(p.name for p in d.iterdir()) == ["_lock", "s0", "s1", "s3"], publisher


@pytest.mark.parametrize("python", ["/bin/false", "/nonexistent/python"])
def test_publish_renames_in_process_when_no_publisher_runs(tmp_path, monkeypatch, python):
    monkeypatch.setattr(sys, "executable", python)
    pairs = [(str(tmp_path / f"s{i}"), str(tmp_path / f"d{i}")) for i in range(3)]
    for s, _ in pairs:
        Path(s).write_text("x")
    with commit.dataset_lock(str(tmp_path)) as fd:
        publish(pairs, fd)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["_lock", "d0", "d1", "d2"]


# --- 5. a read-only dataset ------------------------------------------------------------------------

def ingest_cli(src, out):
    return CliRunner().invoke(main, ["ingest", str(src), "-o", str(out), "-q"])


@pytest.fixture
def small(src, tmp_path):
    out = tmp_path / "ds"
    files = sorted(str(p) for p in src.iterdir())
    ingest(files[:5], str(out))
    return out, files


def assert_clear_error(res, path: Path):
    assert res.exit_code == 2, res.output
    assert "Traceback" not in res.output
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    assert str(path) in res.output, res.output
    assert "read-only" in res.output or "Permission denied" in res.output, res.output
    assert any("\u4e00" <= ch <= "\u9fff" for ch in res.output), "not bilingual: " + res.output


@pytest.mark.parametrize("where", ["root", "table", "lock"])
def test_a_read_only_dataset_is_a_clear_error_not_a_traceback(src, small, monkeypatch, where):
    out, _ = small
    target = {"root": out, "table": out / "plays", "lock": out / "_lock"}[where]
    real = os.access
    monkeypatch.setattr(os, "access", lambda p, mode, **kw: False if Path(p) == target and mode == os.W_OK
                        else real(p, mode, **kw))
    res = ingest_cli(src, out)
    assert_clear_error(res, target)
    assert len(load(str(out)).files) == 5


def test_a_dataset_that_cannot_be_created_is_a_clear_error(src, tmp_path, monkeypatch):
    parent = tmp_path / "parent"
    parent.mkdir()
    real = Path.mkdir

    def mkdir(self, *a, **kw):
        if self.parent == parent:
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return real(self, *a, **kw)
    monkeypatch.setattr(Path, "mkdir", mkdir)
    assert_clear_error(ingest_cli(src, parent / "ds"), parent)


def test_a_lock_file_that_cannot_be_opened_is_a_clear_error(src, small, monkeypatch):
    out, _ = small
    real = os.open
    monkeypatch.setattr(os, "open", lambda p, *a, **kw: (_ for _ in ()).throw(PermissionError(
        errno.EACCES, "Permission denied", p)) if str(p).endswith("_lock") else real(p, *a, **kw))
    assert_clear_error(ingest_cli(src, out), out / "_lock")


def test_a_rename_refused_in_the_middle_of_a_commit_is_a_clear_error_and_commits_nothing(src, small, monkeypatch):
    out, _ = small
    monkeypatch.setenv("TRACTOR_PUBLISHER", "inprocess")     # os.replace of this process
    real, calls = os.replace, []

    def replace(a, b):
        if Path(b).name.startswith("part-"):
            calls.append(str(b))
            if len(calls) == 3:
                raise PermissionError(errno.EACCES, "Permission denied", str(b))
        return real(a, b)
    monkeypatch.setattr(os, "replace", replace)
    res = ingest_cli(src, out)
    assert res.exit_code == 2 and "Traceback" not in res.output, res.output
    assert calls[2] in res.output and "无法" in res.output, res.output
    monkeypatch.setattr(os, "replace", real)
    assert check_consistent(out) == 5
    assert not list(out.rglob(".part-*"))


def test_reading_a_dataset_needs_no_write_access(small, monkeypatch, tmp_path):
    out, _ = small

    def refuse(*a, **kw):
        raise PermissionError(errno.EACCES, "Permission denied (read-only test)", str(out))
    monkeypatch.setattr(commit, "dataset_lock", refuse)
    for name in ("replace", "remove", "rename", "mkdir", "unlink"):
        monkeypatch.setattr(os, name, refuse)
    assert len(load(str(out)).files) == 5 and read_table(str(out), "plays").num_rows > 0
    res = CliRunner().invoke(main, ["stats", str(out)])
    assert res.exit_code == 0 and "Traceback" not in res.output, res.output


@pytest.mark.skipif(not POSIX or os.geteuid() == 0, reason="as root, chmod does not prevent writes")
@pytest.mark.parametrize("where", ["root", "table", "lock"])
def test_a_chmod_read_only_dataset(src, small, where, tmp_path):  # pragma: no cover - not run as root
    out, _ = small
    (out / "_lock").touch()
    target = {"root": out, "table": out / "plays", "lock": out / "_lock"}[where]
    mode = target.stat().st_mode
    target.chmod(mode & ~0o222)
    try:
        assert_clear_error(ingest_cli(src, out), target)
        assert len(load(str(out)).files) == 5
        res = CliRunner().invoke(main, ["stats", str(out)])
        assert res.exit_code == 0 and "Traceback" not in res.output, res.output
        res = CliRunner().invoke(main, ["report", str(out), "-o", str(tmp_path / "rep")])
        assert res.exit_code in (0, 1) and "Traceback" not in res.output, res.output
    finally:
        target.chmod(mode)


# --- 6. kills at random moments ---------------------------------------------------------------------

@pytest.mark.parametrize("workers,seed", [(1, 1501), (2, 1502)])
def test_kills_at_random_moments_leave_a_consistent_dataset(src, tmp_path, workers, seed):
    rnd = random.Random(seed)
    for trial in range(3):
        out = tmp_path / f"ds{trial}"
        proc = start(src, out, "--workers", str(workers))
        try:
            wait_for(lambda: out.is_dir(), timeout=30)        # the interpreter started
            time.sleep(rnd.uniform(0.0, 1.5))
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)
            assert_no_survivors(proc.pid)
        finally:
            stop(proc)
        wait_unlocked(out)
        check_consistent(out)
        finish_and_check(src, out)


def test_a_big_streamed_file_is_published_whole_even_when_killed_mid_commit(tmp_path):
    """A JSON Lines file read a line at a time fills several batches; they are published together,
    so a SIGKILL in the middle of that publication still leaves all of the file's matches (the
    detached publisher finishes it), never the first batches without the file's ``files`` row."""
    big = tmp_path / "big"
    write_matches(simulate(8, 99, max_hands=2), str(big), "jsonl")
    (path,) = big.glob("*.jsonl")
    longest = max(len(line) for line in path.read_bytes().splitlines())
    out = tmp_path / "ds"
    env = {"TRACTOR_TEST_PAUSE_BETWEEN_RENAMES": "0.2"}
    proc = subprocess.Popen(TRACTOR + ["ingest", str(big), "-o", str(out), "-q", "--flush-hands", "3",
                                       "--max-bytes", str(longest + 100)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
                            env={**os.environ, **env})
    try:
        assert wait_for(lambda: mid_commit(out), timeout=90), "no commit seen in progress"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        stop(proc)
    wait_unlocked(out)
    ds = consistent(out)
    assert len(ds.matches) == 8, "only part of the file's matches were published"
    assert len(ds.files) == 1 and ds.files.matches.iloc[0] == 8
    assert len(batches(out, "files")) > 1, "the file did not span several batches"
    assert ds.matches.duplicate_of.isna().all()


def test_a_ctrl_c_while_the_publisher_starts_waits_for_the_commit(tmp_path, monkeypatch):
    """SIGINT is blocked in the committing thread, but the kernel may hand it to another thread (the
    pool's, Arrow's), and Python then runs the handler in this one at any point — here, inside
    ``Popen`` once the publisher has started.  The KeyboardInterrupt comes only after the publisher
    has done every rename (it once escaped there, and this process removed the parts under it)."""
    from tractor_analysis.dataset import commit

    real = subprocess.Popen

    def popen(*args, **kwargs):
        proc = real(*args, **kwargs)
        signal.getsignal(signal.SIGINT)(signal.SIGINT, None)     # the handler runs here
        return proc

    monkeypatch.setattr(commit.subprocess, "Popen", popen)
    monkeypatch.setenv("TRACTOR_TEST_PAUSE_BETWEEN_RENAMES", "0.1")
    monkeypatch.delenv("TRACTOR_PUBLISHER", raising=False)
    pairs = [(str(tmp_path / f"s{i}"), str(tmp_path / f"d{i}")) for i in range(4)]
    for src, _ in pairs:
        Path(src).write_text("x")
    fd = os.open(str(tmp_path / "_lock"), os.O_RDWR | os.O_CREAT)
    try:
        with pytest.raises(KeyboardInterrupt):
            commit.publish(pairs, fd)
    finally:
        os.close(fd)
    assert all(os.path.exists(dst) and not os.path.exists(src) for src, dst in pairs)
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


# --- an interrupted pool that CPython cannot stop ------------------------------------------------

class _StuckPool:
    """A pool whose ``terminate`` never returns (CPython's, when it ended a worker holding the results'
    queue lock), with two live workers."""

    def __init__(self):
        import multiprocessing as mp
        self._pool = [mp.get_context("fork").Process(target=time.sleep, args=(120,), daemon=True) for _ in range(2)]
        for p in self._pool:
            p.start()

    def terminate(self):
        threading.Event().wait()

    def join(self):
        raise AssertionError("not reached")


def test_an_interrupted_ingest_kills_its_workers_when_the_pool_cannot_stop():
    from tractor_analysis.dataset.workers import stop_pool
    pool = _StuckPool()
    t0 = time.monotonic()
    assert stop_pool(pool, 0.3) is False
    assert time.monotonic() - t0 < 10
    assert all(p.exitcode is not None for p in pool._pool)


def test_an_interrupted_ingest_stops_a_pool_that_can():
    import multiprocessing as mp
    from tractor_analysis.dataset.workers import stop_pool
    pool = mp.get_context("fork").Pool(2)
    workers = list(pool._pool)
    assert stop_pool(pool, 30) is True
    assert all(p.exitcode is not None for p in workers)
