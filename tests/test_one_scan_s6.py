"""``tractor report`` finds the record files of a folder with the scan every other command uses
(:func:`tractor_analysis.records.input_files.iter_inputs`), so that ``report`` and ``check`` see
exactly the same files from the same folder: the same suffixes (``.ndjson`` in, a bare ``.gz``
out), a broken link or a folder with a record file's name named as unreadable (never skipped
unsaid), hidden files, sub-folders, any suffix case, links to files, pipes and sockets (named
unreadable, never opened), in the same order.  A file is read once however many arguments name it,
a pipe named on the command line is read even where a scan finds it too, and an empty argument
names nothing (not the current folder).  Every read that could open a pipe runs in a thread with
a timeout: a hang fails the test instead of stopping it."""
from __future__ import annotations

import json
import os
import socket
from pathlib import Path

import pytest
from click.testing import CliRunner

from fifo_helpers import in_thread, stop, writer
from tractor_analysis.cli.main import main
from tractor_analysis.records import input_files
from tractor_analysis.records.tgn_writer import format_tgn
from tractor_analysis.reports import inputs
from tractor_analysis.reports.build import build_report
from tractor_analysis.simulate import simulate

POSIX = pytest.mark.skipif(not hasattr(os, "mkfifo") or not hasattr(socket, "AF_UNIX"),
                           reason="named pipes, sockets and links (POSIX)")
LIMIT = 60
TEXT = format_tgn(next(iter(simulate(1, 11, max_hands=2))))


def settled(model, fifos=()):
    """``model`` read (:meth:`~tractor_analysis.reports.model.ReportModel.settle`) in a thread;
    fails (freeing the thread) when the read still waits after :data:`LIMIT` seconds."""
    kind, got = in_thread(model.settle, LIMIT, fifos,
                          f"the report still reads after {LIMIT}s (a named pipe opened?)")
    if kind == "raised":
        raise got
    return model


# Every case a folder scan has to decide.  Today's report and the sources scan differ on those
# marked "differed"; the others are pinned equal.
RECORDS = ["b.tgn", "A.TGN", "Z.tgn", "a b.tgn", "a-b.tgn", "a.b.tgn",        # sort order, suffix case
           ".hidden.tgn", "sub/c.json", "sub/.hid/d.jsonl",                   # hidden, sub-folders
           "e.tgn.gz", "k.Json.GZ", "i.ndjson.gz",                            # gzip, any case
           "h.ndjson",                                                        # differed: report missed it
           "f.gz", "g.txt.gz", "j.txt", "real/notes.md"]                      # differed: report read the .gz


@pytest.fixture()
def folder(tmp_path) -> Path:
    d = tmp_path / "logs"
    (d / "sub" / ".hid").mkdir(parents=True)
    (d / "real").mkdir()
    for name in RECORDS:
        (d / name).write_text(TEXT, encoding="utf-8")
    (d / "real" / "r.tgn").write_text(TEXT, encoding="utf-8")
    os.symlink("b.tgn", d / "link.tgn")                 # a link to a file: read (same)
    os.symlink("real", d / "linkdir")                   # a link to a folder: not searched (same)
    os.symlink("gone", d / "broken.tgn")                # differed: report skipped it unsaid
    os.symlink("real", d / "dirlink.tgn")               # differed: report skipped it unsaid
    (d / "folder.tgn").mkdir()                          # differed: report skipped it unsaid
    os.mkfifo(d / "pipe.tgn")                           # named unreadable, never opened (same)
    return d


@pytest.fixture()
def sock(folder):
    with socket.socket(socket.AF_UNIX) as s:
        s.bind(str(folder / "sock.json"))
        yield folder / "sock.json"


@POSIX
def test_report_reads_the_files_the_sources_scan_finds_in_the_same_order(folder, sock):
    scanned = [str(p) for p in input_files.iter_inputs([folder])]
    model = settled(build_report([str(folder)], charts_on=False), [folder / "pipe.tgn"])
    assert model.sources == scanned
    names = [s[len(str(folder)) + 1:] for s in model.sources]
    assert {"h.ndjson", "broken.tgn", "dirlink.tgn", "folder.tgn", ".hidden.tgn", "sub/.hid/d.jsonl",
            "A.TGN", "k.Json.GZ", "link.tgn", "pipe.tgn", "sock.json"} <= set(names)
    assert not {"f.gz", "g.txt.gz", "j.txt", "linkdir/r.tgn"} & set(names)


@POSIX
def test_report_and_check_see_the_same_files_from_the_same_folder(folder, sock):
    model = settled(build_report([str(folder)], charts_on=False), [folder / "pipe.tgn"])
    r = CliRunner().invoke(main, ["check", "--json", str(folder)])
    assert r.exit_code == 2, r.output
    checked = [f["path"] for f in json.loads(r.stdout)["files"]]
    assert model.sources == checked
    unread = {p.path[len(str(folder)) + 1:]: p.message for p in model.problems if p.code == "unreadable_file"}
    assert sorted(unread) == ["broken.tgn", "dirlink.tgn", "folder.tgn", "pipe.tgn", "sock.json"]
    assert unread["pipe.tgn"] == "cannot read: not a regular file (named pipe) / 无法读取：不是普通文件（命名管道）"
    assert unread["sock.json"] == "cannot read: not a regular file (socket) / 无法读取：不是普通文件（套接字）"
    assert all(" / " in m for m in unread.values()), unread


def test_report_reads_a_file_once_however_many_arguments_name_it(tmp_path):
    d = tmp_path / "logs"
    d.mkdir()
    (d / "a.tgn").write_text(TEXT, encoding="utf-8")
    model = build_report([str(d), str(d / "a.tgn"), str(d)], charts_on=False)
    assert model.sources == [str(d / "a.tgn")] and len(model.match_facts) == 1 and model.problems == []


@POSIX
@pytest.mark.parametrize("named_first", [True, False])
def test_a_pipe_named_is_read_once_even_where_a_scan_finds_it_too(tmp_path, named_first):
    d = tmp_path / "logs"
    d.mkdir()
    fifo = d / "pipe.tgn"
    os.mkfifo(fifo)
    args = [str(fifo), str(d)] if named_first else [str(d), str(fifo)]
    t = writer(fifo, TEXT)
    try:
        model = settled(build_report(args, charts_on=False), [fifo])
    finally:
        stop(t, fifo)
    assert model.sources == [str(fifo)] and model.problems == [] and len(model.match_facts) == 1


def test_an_empty_argument_names_nothing_not_the_current_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "other.tgn").write_text(TEXT, encoding="utf-8")
    (tmp_path / "hands").mkdir()                # the current folder even looks like a dataset
    assert not inputs.is_dataset("")
    model = build_report([""], charts_on=False)
    assert model.sources == [] and model.match_facts == []
    [p] = model.problems
    assert (p.path, p.code) == ('""', "unreadable_file")
    assert p.message == "empty path (an unset shell variable?) / 空路径（shell 变量未设置？）"


def test_a_missing_input_is_still_no_such_file_or_folder(tmp_path):
    model = build_report([str(tmp_path / "nope.tgn")], charts_on=False)
    [p] = model.problems
    assert (p.path, p.code, p.message) == (str(tmp_path / "nope.tgn"), "unreadable_file",
                                           "no such file or folder / 找不到文件或文件夹")
