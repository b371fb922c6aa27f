"""An output file never destroys an input, and a missing folder is made (session 8, h5_outputs).

``standings --html``, ``ruling -o``, ``replay --html`` and ``convert -o`` refuse (exit 2, bilingual,
the path named, nothing written) an output that is one of their inputs: the same file, through a
symbolic or hard link too, a record a folder or a pattern finds, a later hand page of ``replay``,
or a path inside an input dataset.  They make the folders missing above the output; a folder that
cannot be made or written is a bilingual line naming it, exit 2, no traceback, nothing left behind.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main

SAMPLES = Path(__file__).resolve().parents[1] / "sample_logs"
DISPUTED = SAMPLES / "disputed-trick.tgn"           # one violation: ruling writes a page
SPRING = SAMPLES / "spring-cup-r2t5.tgn"            # several hands: several hand pages
TRACTOR = str(Path(sys.executable).parent / "tractor")


def has_chinese(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def run(*args):
    """``tractor ARGS`` in this process (the current folder: the test's); no traceback."""
    r = CliRunner().invoke(main, [str(a) for a in args])
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert "Traceback" not in r.output
    return r


def everything(root: Path) -> dict[str, bytes | None]:
    """Every path under ``root`` and its bytes (``None``: a folder or a link), to see what changed."""
    out: dict[str, bytes | None] = {}
    for p in sorted(root.rglob("*")):
        out[str(p.relative_to(root))] = (None if p.is_symlink() or p.is_dir() else p.read_bytes())
    return out


@pytest.fixture
def event(tmp_path, monkeypatch):
    """``ev/r1t1.tgn`` (a record of several hands) and ``x.tgn`` (one violation), in the current folder."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ev").mkdir()
    shutil.copy(SPRING, tmp_path / "ev" / "r1t1.tgn")
    shutil.copy(DISPUTED, tmp_path / "x.tgn")
    return tmp_path


def assert_refused(r, before: dict, root: Path, path: str) -> None:
    assert r.exit_code == 2, r.output
    assert f"{path}: not written" in r.output and "未写入" in r.output and has_chinese(r.output), r.output
    assert everything(root) == before               # the input as it was, nothing written


# --- an output that is an input ---------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["standings", "ev/", "--html", "ev/r1t1.tgn"],
    ["standings", "ev/r1t1.tgn", "--html", "ev/r1t1.tgn"],
    ["standings", "ev/*.tgn", "--html", "ev/r1t1.tgn"],           # a pattern the shell left
    ["ruling", "x.tgn", "-o", "x.tgn"],
    ["ruling", "*.tgn", "-o", "x.tgn"],
    ["replay", "x.tgn", "--html", "x.tgn"],
    ["convert", "x.tgn", "-o", "x.tgn"],
    ["convert", "x.tgn", "--to", "tgn", "-o", "./x.tgn"],
])
def test_an_output_that_is_the_input_is_refused(event, args):
    before = everything(event)
    r = run(*args)
    assert_refused(r, before, event, args[-1])
    assert "input file" in r.output and "输入文件" in r.output
    assert r.stdout == ""                       # refused before anything: no table, no replay


@pytest.mark.parametrize("link", ["symbolic", "hard"])
@pytest.mark.parametrize("command", [["standings", "ev/"], ["ruling", "ev/r1t1.tgn"], ["replay", "ev/r1t1.tgn"],
                                     ["convert", "ev/r1t1.tgn"]])
def test_an_output_linked_to_the_input_is_refused(event, link, command):
    name = "out.html" if command[0] != "convert" else "out.json"
    (os.symlink if link == "symbolic" else os.link)(os.path.join("ev", "r1t1.tgn"), name)
    before = everything(event)
    option = "-o" if command[0] in ("ruling", "convert") else "--html"
    r = run(*command, option, name)
    assert_refused(r, before, event, name)
    assert "r1t1.tgn" in r.output                 # the input it is


def test_a_later_hand_page_that_is_the_input_is_refused(event):
    os.rename("ev/r1t1.tgn", "page-2.tgn")       # replay --html page.tgn writes page.tgn, page-2.tgn …
    before = everything(event)
    r = run("replay", "page-2.tgn", "--html", "page.tgn")
    assert_refused(r, before, event, "page-2.tgn")
    r = run("replay", "page-2.tgn", "--hand", "1", "--html", "page.tgn")    # one page: no page-2.tgn
    assert r.exit_code == 0, r.output
    assert (event / "page-2.tgn").read_bytes() == SPRING.read_bytes()
    assert (event / "page.tgn").read_text("utf-8").startswith("<!DOCTYPE html>")


def test_a_page_beside_the_records_is_no_input(event):
    """A file a folder scan does not read (``ev/standings.html``), or a new one, is written."""
    r = run("standings", "ev/", "--html", "ev/standings.html")
    assert r.exit_code == 0, r.output
    assert (event / "ev" / "standings.html").read_text("utf-8").startswith("<!DOCTYPE html>")
    assert (event / "ev" / "r1t1.tgn").read_bytes() == SPRING.read_bytes()
    r = run("ruling", "x.tgn", "-o", "ev/ruling.html")
    assert r.exit_code == 0, r.output


def test_an_output_inside_an_input_dataset_is_refused(event):
    assert run("ingest", "ev/", "-o", "data", "-q").exit_code == 0
    part = next(p for p in (event / "data").rglob("*") if p.is_file())
    for out in ("data/standings.html", str(part.relative_to(event)), "data/new/s.html"):
        before = everything(event)
        r = run("standings", "data", "--html", out)
        assert_refused(r, before, event, out)
        assert "input dataset data" in r.output and "输入数据集 data" in r.output
    r = run("standings", "data", "--html", "data-standings.html")
    assert r.exit_code == 0, r.output


# --- missing and unwritable folders -------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["standings", "ev/", "--html", "{}"],
    ["ruling", "x.tgn", "-o", "{}"],
    ["replay", "x.tgn", "--html", "{}"],
    ["convert", "x.tgn", "--to", "json", "-o", "{}"],
])
def test_missing_folders_are_made(event, args):
    out = "new/a/b/out.html"
    r = run(*[a.replace("{}", out) for a in args])
    assert r.exit_code in (0, 1), r.output      # (replay: 1, the record has a violation)
    assert (event / out).is_file() and (event / out).stat().st_size > 0


@pytest.mark.parametrize("args", [
    ["standings", "ev/", "--html", "{}"],
    ["ruling", "x.tgn", "-o", "{}"],
    ["convert", "x.tgn", "--to", "json", "-o", "{}"],
])
@pytest.mark.parametrize("out, folder", [("/proc/x.html", "the folder /proc cannot be written"),
                                         ("/proc/no-such/a/x.html", "the folder /proc/no-such cannot be made"),
                                         ("x.tgn/a/x.html", "x.tgn is not a folder")])
def test_a_folder_that_cannot_be_written_is_named(event, args, out, folder):
    before = everything(event)
    r = run(*[a.replace("{}", out) for a in args])
    assert r.exit_code == 2, r.output
    assert f"cannot write {out}: {folder}" in r.output and "无法写入" in r.output, r.output
    assert everything(event) == before
    assert not os.path.exists("/proc/no-such")


def test_the_folders_made_go_when_the_write_fails(event, monkeypatch):
    def full(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("tractor_analysis.records.safe_write.os.replace", full)
    before = everything(event)
    for args in (["standings", "ev/", "--html", "new/a/s.html"], ["ruling", "x.tgn", "-o", "new/a/r.html"],
                 ["convert", "x.tgn", "--to", "json", "-o", "new/a/x.json"]):
        r = run(*args)
        assert r.exit_code == 2, r.output
        assert "No space left on device" in r.output and "磁盘空间不足" in r.output, r.output
        assert everything(event) == before          # no folder, no temporary file


def test_the_probe_as_a_process(event):
    """The organiser's probe, as a shell runs it: no traceback, exit 2 and the folder named; the new
    folder made."""
    p = subprocess.run([TRACTOR, "standings", "ev/", "--html", "/proc/x.html"], capture_output=True, text=True,
                       timeout=120)
    assert p.returncode == 2 and "Traceback" not in p.stderr and "/proc" in p.stderr and "无法写入" in p.stderr
    p = subprocess.run([TRACTOR, "standings", "ev/", "--html", "newdir/s.html"], capture_output=True, text=True,
                       timeout=120)
    assert p.returncode == 0, p.stderr
    assert (event / "newdir" / "s.html").read_text("utf-8").startswith("<!DOCTYPE html>")
