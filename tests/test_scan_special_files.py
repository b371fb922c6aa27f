"""A named pipe (or a socket, a device) with a record file's name that a folder scan or a glob finds is
never opened — reading a pipe no one writes to would wait for ever — but named as an ``unreadable_file``
("not a regular file (named pipe) / 不是普通文件（命名管道）"), and the batch goes on.  One named on the
command line is read (bash's ``<(…)`` is a named pipe).  Every command runs in a subprocess with a
timeout, every in-process read in a thread with one: a hang fails the test instead of stopping it."""
from __future__ import annotations

import json
import os
import pickle
import re
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

import fifo_helpers
from fifo_helpers import stop, writer
from tractor_analysis.records import input_files, sources
from tractor_analysis.records.tgn_writer import format_tgn
from tractor_analysis.simulate import simulate

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes (POSIX)")

TRACTOR = [sys.executable, "-m", "tractor_analysis.cli.main"]
LIMIT = 90
TEXT = format_tgn(next(iter(simulate(1, 11, max_hands=2))))


def run(*args, cwd):
    try:
        return subprocess.run([*TRACTOR, *map(str, args)], capture_output=True, text=True, cwd=cwd, timeout=LIMIT)
    except subprocess.TimeoutExpired:
        pytest.fail(f"tractor {' '.join(map(str, args))} still waiting after {LIMIT}s (a named pipe opened?)")


def in_thread(fifo: Path, call):
    """``call()`` in a thread, its result or exception; fails (and frees the thread) after a timeout."""
    return fifo_helpers.in_thread(call, LIMIT, [fifo], f"reading {fifo} still waiting after {LIMIT}s")


@pytest.fixture()
def folder(tmp_path) -> Path:
    d = tmp_path / "logs"
    (d / "sub").mkdir(parents=True)
    (d / "good.tgn").write_text(TEXT, encoding="utf-8")
    os.mkfifo(d / "pipe.tgn")
    os.mkfifo(d / "sub" / "pipe.jsonl")       # one the streaming reader would open itself
    return d


PIPES = ["logs/pipe.tgn", "logs/sub/pipe.jsonl"]


def test_check_names_a_pipe_in_a_folder_and_goes_on(folder, tmp_path):
    r = run("check", "--json", "logs", cwd=tmp_path)
    assert r.returncode == 2, r.stderr
    files = {f["path"]: f for f in json.loads(r.stdout)["files"]}
    assert sorted(files) == ["logs/good.tgn", *PIPES]
    assert files["logs/good.tgn"]["errors"] == [] and len(files["logs/good.tgn"]["hands"]) == 2
    for name in PIPES:
        [e] = files[name]["errors"]
        assert e["code"] == "unreadable_file", e
        assert "not a regular file (named pipe)" in e["message"] and "不是普通文件（命名管道）" in e["message"]


def test_check_text_names_a_pipe_a_glob_finds(folder, tmp_path):
    r = run("check", "logs/*.tgn", cwd=tmp_path)
    assert r.returncode == 2, r.stderr
    assert any(line.startswith("logs/pipe.tgn: cannot read") and "named pipe" in line and "命名管道" in line
               for line in r.stdout.splitlines()), r.stdout


def test_report_names_a_pipe_in_a_folder_and_goes_on(folder, tmp_path):
    r = run("report", "logs", "-o", "out", "--no-charts", "--hand-pages", "none", cwd=tmp_path)
    assert r.returncode == 2, r.stderr
    for name in PIPES:
        assert f"{name}: cannot read: not a regular file (named pipe) / 无法读取：不是普通文件（命名管道）" in r.stderr
    assert "report: 1 match(es)" in r.stderr
    index = (tmp_path / "out" / "index.html").read_text("utf-8")
    assert "logs/pipe.tgn" in index and "不是普通文件（命名管道）" in index


def test_ingest_names_a_pipe_in_a_folder_and_goes_on(folder, tmp_path):
    r = run("ingest", "logs", "-o", "ds", cwd=tmp_path)
    assert r.returncode == 2, r.stderr
    import pyarrow.parquet as pq
    errors = pq.read_table(str(tmp_path / "ds" / "errors")).to_pylist()
    said = {Path(e["source_file"]).name: e for e in errors if e["code"] == "unreadable_file"}
    assert sorted(said) == ["pipe.jsonl", "pipe.tgn"]
    for e in said.values():
        en, zh = e["message"].split(" / ")       # one reason a half, each naming the file
        assert "not a regular file (named pipe)" in en and "命名管道" not in en, en
        assert zh.startswith("无法读取文件 ") and "不是普通文件（命名管道）" in zh, zh
    assert pq.read_table(str(tmp_path / "ds" / "matches")).num_rows == 1


def test_ingest_refuses_a_pipe_named_on_the_command_line_it_would_read_twice(tmp_path):
    fifo = tmp_path / "named.tgn"
    os.mkfifo(fifo)
    t = writer(fifo, TEXT)
    try:
        r = run("ingest", fifo, "-o", tmp_path / "ds", cwd=tmp_path)
    finally:
        stop(t, fifo)
    assert r.returncode == 2, r.stderr
    assert "ingest reads a file twice" in r.stderr or "ingest reads a file twice" in r.stdout


@pytest.mark.parametrize("command", ["standings", "ratings"])
def test_standings_and_ratings_name_a_pipe_in_a_folder_and_go_on(folder, tmp_path, command):
    r = run(command, "logs", cwd=tmp_path)
    assert r.returncode == 2, r.stderr
    for name in PIPES:
        assert any(line.startswith(f"{name}: cannot read: not a regular file (named pipe)") and "未计入" in line
                   for line in r.stderr.splitlines()), r.stderr


def test_a_pipe_named_on_the_command_line_is_read(tmp_path):
    fifo = tmp_path / "named.tgn"
    os.mkfifo(fifo)
    for command in (["check", "--json", fifo], ["report", fifo, "-o", tmp_path / "out", "--hand-pages", "none"]):
        t = writer(fifo, TEXT)
        try:
            r = run(*command, cwd=tmp_path)
        finally:
            stop(t, fifo)
        assert r.returncode == 0, (command[0], r.stdout, r.stderr)
    assert "report: 1 match(es), 2 hand(s)" in r.stderr


def test_load_file_refuses_a_pipe_a_scan_found_without_opening_it(folder):
    found = list(input_files.iter_inputs([folder]))
    assert [p.name for p in found] == ["good.tgn", "pipe.tgn", "pipe.jsonl"]  # named, as unreadable
    pipe = found[1]
    assert isinstance(pipe, input_files.ScannedPath) and pipe == folder / "pipe.tgn"
    kind, got = in_thread(pipe, lambda: sources.load_file(pipe))
    assert kind == "raised" and isinstance(got, OSError), got
    assert got.strerror == "not a regular file (named pipe) / 不是普通文件（命名管道）"
    assert input_files.scan_refusal(pipe) == ("not a regular file (named pipe)", "不是普通文件（命名管道）")
    assert input_files.scan_refusal(found[0]) is None                    # a regular file found by the scan
    assert input_files.scan_refusal(folder / "pipe.tgn") is None         # the same path named: read
    assert pickle.loads(pickle.dumps(pipe)) == pipe and input_files.scan_refusal(pickle.loads(pickle.dumps(pipe)))


@pytest.mark.parametrize("named_first", [True, False])
def test_a_pipe_named_is_read_even_when_a_scan_finds_it_too(folder, named_first):
    args = [folder / "pipe.tgn", folder] if named_first else [folder, folder / "pipe.tgn"]
    found = [p for p in input_files.iter_inputs(args) if p.name == "pipe.tgn"]
    assert len(found) == 1 and input_files.scan_refusal(found[0]) is None
    pipe = found[0]
    t = writer(pipe, TEXT)
    try:
        kind, got = in_thread(pipe, lambda: sources.load_file(pipe))
    finally:
        stop(t, pipe)
    assert kind == "ok" and len(got.matches) == 1, got


def test_not_regular_says_what_a_file_is(folder, tmp_path):
    assert input_files.not_regular(folder / "pipe.tgn") == ("not a regular file (named pipe)", "不是普通文件（命名管道）")
    assert input_files.not_regular(folder / "good.tgn") is None
    assert input_files.not_regular(folder) is None and input_files.not_regular(tmp_path / "gone.tgn") is None
    with socket.socket(socket.AF_UNIX) as s:
        s.bind(str(tmp_path / "s.tgn"))
        assert input_files.not_regular(tmp_path / "s.tgn") == ("not a regular file (socket)", "不是普通文件（套接字）")
    if os.path.exists("/dev/null"):
        assert input_files.not_regular("/dev/null") == ("not a regular file (character device)",
                                                    "不是普通文件（字符设备）")


# --- tractor report's stderr line counts a match recorded twice once, as its index does --------------
# (kept here: the brief allowed two new test files; this is the report's batch summary, not a pipe)

EVENT = Path(__file__).resolve().parent / "data" / "event"


def index_counts(out: Path) -> tuple[int, int]:
    index = (out / "index.html").read_text("utf-8")
    matches = re.search(r"<dt>Matches / 比赛</dt><dd>(\d+)</dd>", index)
    hands = re.search(r"<dt>Hands / 牌局</dt><dd>(\d+)</dd>", index)
    return int(matches.group(1)), int(hands.group(1))


def stderr_counts(stderr: str) -> tuple[int, int]:
    line = next(line for line in stderr.splitlines() if line.startswith("report: "))
    got = re.match(r"report: (\d+) match\(es\)(?: \(\d+ recorded twice, counted once\))?, (\d+) hand\(s\)", line)
    assert got, line
    return int(got.group(1)), int(got.group(2))


def test_report_stderr_counts_a_match_kept_in_two_files_once(tmp_path):
    d = tmp_path / "logs"
    d.mkdir()
    (d / "a.tgn").write_text(TEXT, encoding="utf-8")
    (d / "a-copy.tgn").write_text(TEXT, encoding="utf-8")
    r = run("report", "logs", "-o", "out", "--no-charts", "--hand-pages", "none", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert index_counts(tmp_path / "out") == (1, 2)
    assert ("report: 1 match(es) (1 recorded twice, counted once), 2 hand(s) (0 hand page(s)) / "
            "报告：1 场比赛（1 场重复记录，只计一次），2 局（0 个牌局页） → ") in r.stderr
    assert stderr_counts(r.stderr) == (1, 2)


def test_report_stderr_agrees_with_the_index_on_a_re_typed_copy(tmp_path):
    d = tmp_path / "event"
    shutil.copytree(EVENT, d, ignore=shutil.ignore_patterns("*.py"))
    text = (d / "r2t2.tgn").read_text("utf-8")
    (d / "r2t2b.tgn").write_text(text.replace('[Site "Harbour Club"]', '[Site "Harbor Club"]'), "utf-8")
    r = run("report", "event", "-o", "out", "--no-charts", "--hand-pages", "none", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert stderr_counts(r.stderr) == index_counts(tmp_path / "out")
