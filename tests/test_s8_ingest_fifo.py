"""A named pipe among the inputs never hangs an ingest: every place that opens an input to hash it or
plan its segments (``plan_file`` in the parent of ``--workers N``, ``_read_bytes`` in a worker and in
the Dask ingest's planning) opens it without waiting and refuses what is no regular file, with the
one message a single worker gives: "not a regular file (named pipe) …", exit status 2, the other
files stored.  Each check that could hang runs in a subprocess with a time limit, so that a
regression fails the test instead of hanging the suite."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")

SAMPLES = Path(__file__).resolve().parents[1] / "sample_logs"
TRACTOR = [sys.executable, "-m", "tractor_analysis.cli.main"]
LIMIT = 120
"""Seconds a run may take (it takes a few): past it, it hangs."""


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    """``args`` run in its own process group, killed whole (pool workers too) past :data:`LIMIT`."""
    proc = subprocess.Popen(args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        out, err = proc.communicate(timeout=LIMIT)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        pytest.fail(f"{' '.join(args)} hung (a named pipe was opened and waited on)")
    return subprocess.CompletedProcess(args, proc.returncode, out, err)


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "f"
    folder.mkdir()
    os.mkfifo(folder / "x.tgn")
    (folder / "disputed-trick.tgn").write_bytes((SAMPLES / "disputed-trick.tgn").read_bytes())
    return folder


@pytest.mark.parametrize("workers", ["2", "1"])
def test_ingest_with_a_named_pipe_reports_it_and_stores_the_rest(tmp_path, workers):
    _folder(tmp_path)
    res = _run([*TRACTOR, "ingest", "f", "-o", "ds", "--workers", workers], tmp_path)
    words = res.stdout + res.stderr
    assert res.returncode == 2, words
    assert "cannot read f/x.tgn: not a regular file (named pipe): ingest reads a file twice" in words
    assert "不是普通文件（命名管道）" in words
    from tractor_analysis.dataset import load
    ds = load(str(tmp_path / "ds"))
    assert sorted(ds.files.source_file) == ["f/disputed-trick.tgn", "f/x.tgn"]
    assert list(ds.files[ds.files.source_file == "f/x.tgn"].status) == ["unreadable"]
    assert list(ds.matches.source_file) == ["f/disputed-trick.tgn"]


def test_the_planning_and_the_hashing_refuse_a_named_pipe_at_once(tmp_path):
    """``plan_file`` (the parent's split planning), ``_read_bytes`` (the workers' and the Dask ingest's
    hashing) and ``open_regular`` under them, on a named pipe no program writes to."""
    folder = _folder(tmp_path)
    code = textwrap.dedent(f"""
        from tractor_analysis.dataset.file_parts import NotRegularFile, open_regular
        from tractor_analysis.dataset.pipeline import _new_files, _read_bytes
        from tractor_analysis.dataset.segments import plan_file
        pipe, good = {str(folder / "x.tgn")!r}, {str(folder / "disputed-trick.tgn")!r}
        assert plan_file("x.jsonl", pipe, 2) == (None, [])
        sha, reason = _read_bytes(pipe)
        assert sha is None and reason.startswith("not a regular file (named pipe): "), reason
        assert _new_files([pipe, good], set()) == [pipe, good]
        try:
            open_regular(pipe)
        except NotRegularFile as exc:
            assert exc.words == ("not a regular file (named pipe)", "不是普通文件（命名管道）")
        else:
            raise AssertionError("a named pipe opened")
        with open_regular(good) as fh:
            assert fh.read() == open(good, "rb").read()
        assert plan_file("g.tgn", good, 2)[0] == _read_bytes(good)[0]
        print("ok")
    """)
    res = _run([sys.executable, "-c", code], tmp_path)
    assert res.returncode == 0 and res.stdout.strip() == "ok", res.stderr


def test_a_folder_and_a_missing_file_keep_their_words(tmp_path):
    from tractor_analysis.dataset.file_parts import open_regular
    from tractor_analysis.dataset.pipeline import _read_bytes
    from tractor_analysis.dataset.segments import plan_file

    # the system's reasons, in both languages (records/input_files.os_reason)
    assert _read_bytes(str(tmp_path)) == (None, "is a directory / 这是一个文件夹")              # EISDIR
    assert _read_bytes(str(tmp_path / "nothing.tgn")) == (None, "no such file or directory / 文件或目录不存在")
    assert plan_file("d", tmp_path, 2) == (None, [])
    with pytest.raises(IsADirectoryError):
        open_regular(tmp_path)
