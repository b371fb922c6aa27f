"""Output safety: a command writes where it is told and nothing else.

``report -o`` replaces only an earlier report (it holds the ``.tractor-report`` marker) or
an empty folder, never an input, the current folder or a folder inside an input dataset;
``replay --html`` puts all its pages in place or none; ``convert -o`` keeps a symbolic
link and never replaces a device or pipe; ``simulate -o`` refuses a folder that is not
empty unless ``--force`` (which removes only the simulator's own files).  Refusals and
write failures are exit 2 (1 means "a violation was found") with a bilingual message.
"""
from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.reports import build

SAMPLES = Path(__file__).resolve().parents[1] / "sample_logs"
DISPUTED = SAMPLES / "disputed-trick.tgn"
SPRING = SAMPLES / "spring-cup-r2t5.tgn"            # several hands: several hand pages


def tractor(*args, cwd=None):
    """``(exit code, stdout, stderr)`` of ``tractor ARGS`` run in ``cwd`` (in this process:
    :func:`cli_runs.run_in`), with no traceback in what it printed."""
    from cli_runs import run_in

    r = run_in(*args, cwd=cwd)
    assert "Traceback" not in r.stdout + r.stderr, (r.stdout + r.stderr)[-3000:]
    return r.returncode, r.stdout, r.stderr


def has_chinese(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def snapshot(folder: Path) -> dict[str, bytes | None]:
    """Every path under ``folder`` and its bytes (``None`` for a folder)."""
    return {str(p.relative_to(folder)): (None if p.is_dir() else p.read_bytes())
            for p in sorted(folder.rglob("*"))}


def hidden(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*")
                  if p.name.startswith(".") or p.name.endswith(".tmp"))


@pytest.fixture()
def logs(tmp_path) -> Path:
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "game.tgn").write_bytes(DISPUTED.read_bytes())
    (folder / "notes.txt").write_text("precious", encoding="utf-8")
    return folder


# --- report -o ----------------------------------------------------------------------------

def test_report_refuses_the_input_folder_and_the_folder_holding_an_input_file(tmp_path, logs):
    before = snapshot(logs)
    for args in (["logs", "-o", "logs"], ["logs/game.tgn", "-o", "logs"], ["logs/game.tgn", "-o", "."]):
        code, out, err = tractor("report", *args, "-q", "--no-charts", cwd=tmp_path)
        assert code == 2 and "not written" in err and "未写入" in err and "input" in err, (args, err)
        assert snapshot(logs) == before, args
        assert sorted(p.name for p in tmp_path.iterdir()) == ["logs"], args
        assert out == ""


def test_report_refuses_the_current_folder_even_when_it_is_a_report(tmp_path):
    rep = tmp_path / "rep"
    assert tractor("report", DISPUTED, "-o", rep, "-q")[0] == 0
    before = snapshot(rep)
    code, _, err = tractor("report", DISPUTED, "-o", ".", "-q", cwd=rep)
    assert code == 2 and "current folder" in err and "当前文件夹" in err
    assert snapshot(rep) == before


def test_report_refuses_a_folder_of_other_files(tmp_path):
    other = tmp_path / "website"
    other.mkdir()
    (other / "index.html").write_text("my own page", encoding="utf-8")
    (other / "photo.jpg").write_bytes(b"\xff\xd8")
    before = snapshot(other)
    code, out, err = tractor("report", DISPUTED, "-o", other, "-q")
    assert code == 2 and build.REPORT_MARKER in err and "未写入" in err
    assert snapshot(other) == before and sorted(p.name for p in tmp_path.iterdir()) == ["website"]


def test_report_refuses_a_dataset_and_a_folder_inside_it(tmp_path):
    assert tractor("ingest", DISPUTED, "-o", "data", "-q", cwd=tmp_path)[0] == 0
    data = tmp_path / "data"
    before = snapshot(data)
    for out_dir in ("data", "data/report", "data/hands"):
        code, _, err = tractor("report", "data", "-o", out_dir, "-q", cwd=tmp_path)
        assert code == 2 and "未写入" in err and "data" in err, out_dir
        assert snapshot(data) == before, out_dir
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data"]


def test_report_replaces_an_earlier_report_again_and_again(tmp_path):
    """As ``make demo`` does: the same ``-o`` every time (a new report, then one replacing it, then one
    replacing that)."""
    rep = tmp_path / "out" / "report"
    for _ in range(2):
        code, out, err = tractor("report", SAMPLES, "-o", rep)
        assert code == 0, err
        assert out.strip().splitlines()[-1] == str(rep / "index.html")
        (rep / "stale.html").write_text("from before", encoding="utf-8")
    assert (rep / build.REPORT_MARKER).is_file()
    code, _, _ = tractor("report", DISPUTED, "-o", rep, "-q")
    assert code == 0 and not (rep / "stale.html").exists() and (rep / "index.html").is_file()
    assert sorted(p.name for p in rep.parent.iterdir()) == ["report"]     # no temporary folder left


def test_report_replaces_a_report_written_before_the_marker_and_an_empty_folder(tmp_path):
    old = tmp_path / "old"
    (old / "static").mkdir(parents=True)
    (old / "index.html").write_text("old index", encoding="utf-8")
    (old / "m-x-h1.html").write_text("old hand", encoding="utf-8")
    (old / "static" / "report.css").write_text("", encoding="utf-8")
    empty = tmp_path / "empty"
    empty.mkdir()
    for folder in (old, empty):
        code, _, err = tractor("report", DISPUTED, "-o", folder, "-q")
        assert code == 0, err
        assert (folder / build.REPORT_MARKER).is_file() and "old index" not in (folder / "index.html").read_text("utf-8")
    assert not (old / "m-x-h1.html").exists()


def test_an_old_looking_report_with_anything_else_in_it_is_refused(tmp_path):
    old = tmp_path / "old"
    (old / "static").mkdir(parents=True)
    (old / "index.html").write_text("old index", encoding="utf-8")
    (old / "static" / "logo.png").write_bytes(b"png")
    before = snapshot(old)
    assert tractor("report", DISPUTED, "-o", old, "-q")[0] == 2
    assert snapshot(old) == before


def test_a_marked_report_folder_that_holds_an_input_is_still_refused(tmp_path):
    rep = tmp_path / "rep"
    assert tractor("report", DISPUTED, "-o", rep, "-q")[0] == 0
    (rep / "game.tgn").write_bytes(DISPUTED.read_bytes())
    before = snapshot(rep)
    code, _, err = tractor("report", rep / "game.tgn", "-o", rep, "-q")
    assert code == 2 and "input" in err and snapshot(rep) == before


def test_write_report_checks_before_reading(tmp_path, logs, monkeypatch):
    """The library refuses too, before anything is replayed."""
    from tractor_analysis.engine import replay

    monkeypatch.setattr(replay, "replay_match", lambda *a, **k: pytest.fail("replayed"))
    with pytest.raises(build.ReportError, match="未写入"):
        build.write_report(build.build_report([str(logs)]), logs)
    assert sorted(p.name for p in logs.iterdir()) == ["game.tgn", "notes.txt"]


# --- replay --html ------------------------------------------------------------------------

def test_replay_html_refuses_a_folder_in_the_way_before_writing(tmp_path):
    (tmp_path / "out-2.html").mkdir()
    code, _, err = tractor("replay", SPRING, "--html", "out.html", cwd=tmp_path)
    assert code == 2 and "out-2.html" in err and has_chinese(err)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out-2.html"]


def test_write_hand_pages_is_all_or_nothing_when_a_rename_fails(tmp_path, monkeypatch):
    from tractor_analysis.engine.replay import replay_match
    from tractor_analysis.records.sources import load_file

    match = load_file(SPRING).matches[0]
    pairs = [(match, replay_match(match))]
    (tmp_path / "out.html").write_text("an older page", encoding="utf-8")
    real, calls = os.replace, []

    def fail_third(src, dst):
        calls.append(dst)
        if len(calls) == 3:
            raise OSError(28, "No space left on device")
        real(src, dst)

    monkeypatch.setattr(build.os, "replace", fail_third)
    with pytest.raises(build.ReportError, match="无法写入"):
        build.write_hand_pages(tmp_path / "sub" / "out.html", pairs)
    assert not (tmp_path / "sub").exists()                    # the folder it made is gone too
    calls.clear()
    with pytest.raises(build.ReportError, match="out-3.html"):
        build.write_hand_pages(tmp_path / "out.html", pairs)
    assert sorted(p.name for p in tmp_path.iterdir()) == []   # the pages put in place are taken back
    monkeypatch.setattr(build.os, "replace", real)
    written = build.write_hand_pages(tmp_path / "out.html", pairs)
    assert len(written) == len(match.hands) > 3 and hidden(tmp_path) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in written)


def test_replay_html_pages_are_readable_files_and_a_symlink_is_kept(tmp_path):
    real = tmp_path / "pages" / "real.html"
    real.parent.mkdir()
    os.symlink(real, tmp_path / "link.html")
    code, _, err = tractor("replay", DISPUTED, "--html", "link.html", cwd=tmp_path)
    assert code == 1, err                                      # the disputed trick: a violation
    assert os.path.islink(tmp_path / "link.html") and "follow_pair" in real.read_text("utf-8")
    mode = stat.S_IMODE(real.stat().st_mode)
    assert mode & 0o044, oct(mode)                             # not the 0600 of a temporary file
    assert hidden(tmp_path) == []


# --- convert -o ---------------------------------------------------------------------------

def test_convert_writes_through_a_symlink_and_keeps_it(tmp_path):
    target = tmp_path / "real" / "m.json"
    target.parent.mkdir()
    target.write_text("old", encoding="utf-8")
    os.chmod(target, 0o640)
    os.symlink(target, tmp_path / "m.json")
    code, _, err = tractor("convert", SPRING, "-o", "m.json", cwd=tmp_path)
    assert code == 0, err
    assert os.path.islink(tmp_path / "m.json") and os.readlink(tmp_path / "m.json") == str(target)
    assert target.read_text("utf-8") == (SAMPLES / "spring-cup-r2t5.json").read_text("utf-8")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640              # the file's mode is kept
    assert hidden(tmp_path) == []


def test_convert_new_file_gets_the_usual_mode(tmp_path):
    code, _, err = tractor("convert", SPRING, "-o", "new.tgn", cwd=tmp_path)
    assert code == 0, err
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE((tmp_path / "new.tgn").stat().st_mode) == 0o666 & ~mask


def test_convert_writes_into_a_pipe_without_replacing_it(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    code, _, err = tractor("convert", SPRING, "-o", fifo)
    reader.join(30)
    assert code == 0, err
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert got == [(SAMPLES / "spring-cup-r2t5.json").read_bytes()]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe.json"]


@pytest.mark.parametrize("target", ["afile/sub/x.json", "loop.json", "adir/../afile/x.json"])
def test_convert_unwritable_output_is_exit_2_bilingual(tmp_path, target):
    (tmp_path / "adir").mkdir()
    (tmp_path / "afile").write_text("", encoding="utf-8")
    os.symlink("loop.json", tmp_path / "loop.json")
    code, _, err = tractor("convert", SPRING, "-o", target, cwd=tmp_path)
    assert code == 2 and "cannot write" in err and "无法写入" in err, err
    assert os.path.islink(tmp_path / "loop.json")
    assert hidden(tmp_path) == [] and list((tmp_path / "adir").iterdir()) == []


# --- simulate -o --------------------------------------------------------------------------

def simulate(*args):
    return CliRunner().invoke(main, ["simulate", "--max-hands", "1", "-q", *map(str, args)])


def test_simulate_refuses_a_folder_that_is_not_empty(tmp_path):
    out = tmp_path / "sim"
    out.mkdir()
    (out / "mine.tgn").write_text("keep", encoding="utf-8")
    r = simulate("-n", "2", "-o", out)
    assert r.exit_code == 2 and "--force" in r.output and has_chinese(r.output), r.output
    assert sorted(p.name for p in out.iterdir()) == ["mine.tgn"]


def test_simulate_force_replaces_only_its_own_files(tmp_path):
    out = tmp_path / "sim"
    assert simulate("-n", "3", "-o", out).exit_code == 0
    (out / "matches-0001.jsonl").write_text("{}\n", encoding="utf-8")    # an earlier --format jsonl run
    (out / "match-00002.tgn.tmp").write_text("cut", encoding="utf-8")     # an interrupted one
    (out / "notes.txt").write_text("keep", encoding="utf-8")
    (out / "match-1.tgn").write_text("not the simulator's name", encoding="utf-8")
    r = simulate("-n", "1", "--seed", "5", "-o", out, "--force")
    assert r.exit_code == 0, r.output
    assert sorted(p.name for p in out.iterdir()) == ["match-00001.tgn", "match-1.tgn", "notes.txt"]
    assert '[Event "Simulated 5"]' in (out / "match-00001.tgn").read_text("utf-8")


@pytest.mark.parametrize("where", ["afile/sim", "/proc/no-such-folder"])
def test_simulate_unwritable_output_is_exit_2_bilingual(tmp_path, where):
    (tmp_path / "afile").write_text("")
    code, _, err = tractor("simulate", "-n", "1", "--max-hands", "1", "-o", where, cwd=tmp_path)
    assert code == 2 and where in err and "无法写入" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]


def test_write_matches_refuses_before_writing(tmp_path):
    from tractor_analysis.simulate import simulate as play, write_matches

    (tmp_path / "match-00009.tgn").write_text("an earlier run", encoding="utf-8")
    with pytest.raises(FileExistsError):
        write_matches(play(1, 1, max_hands=1), str(tmp_path))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["match-00009.tgn"]
    paths = write_matches(play(1, 1, max_hands=1), str(tmp_path), force=True)
    assert [Path(p).name for p in paths] == ["match-00001.tgn"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["match-00001.tgn"]
