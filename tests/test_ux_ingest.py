"""An analyst presses Ctrl-C in the middle of a long ingest: the command says what the
dataset holds, exits 130 without a traceback, the dataset reads, and the same command
run again adds the rest."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.dataset import load
from tractor_analysis.simulate import simulate, write_matches

TRACTOR = [str(Path(sys.executable).parent / "tractor")]
COPIES = 15
FILES = 10 * COPIES


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    """150 files (10 simulated matches, each copied 15 times with a different comment line): the
    first commit (100 hands) holds a tenth of them, the ingest is far from its end at the Ctrl-C."""
    root = tmp_path_factory.mktemp("corpus")
    seeds = root / "seeds"
    write_matches(simulate(10, 5, max_hands=8), str(seeds), "tgn")
    out = root / "logs"
    out.mkdir()
    for path in sorted(seeds.iterdir()):
        text = path.read_text(encoding="utf-8")
        for i in range(COPIES):
            (out / f"{path.stem}-{i:02d}.tgn").write_text(f"; copy {i}\n{text}", encoding="utf-8")
    return out


def _default_sigint():
    signal.signal(signal.SIGINT, signal.SIG_DFL)   # as a terminal's foreground job has it


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_mid_ingest_leaves_a_readable_dataset_and_says_so(corpus, tmp_path, workers):
    out = tmp_path / "ds"
    cmd = TRACTOR + ["ingest", str(corpus), "-o", str(out), "--workers", workers, "--flush-hands", "100"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, preexec_fn=_default_sigint)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        if (out / "files").is_dir() and any((out / "files").glob("part-*.parquet")):
            break
        time.sleep(0.02)
    if proc.poll() is not None:
        pytest.skip("the ingest finished before it could be interrupted")
    os.killpg(proc.pid, signal.SIGINT)            # Ctrl-C reaches the whole foreground group
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr
    assert "interrupted" in stderr and "已中断" in stderr and "run the same command again" in stderr
    assert stdout == ""
    ds = load(str(out))
    held = len(ds.files)
    assert 0 < held < FILES
    assert f"holds {held} files" in stderr
    assert len(ds.plays) == 4 * len(ds.tricks)
    assert set(ds.hands["match_id"]) == set(ds.matches["match_id"])
    again = CliRunner().invoke(main, cmd[1:] + ["-q"])      # the same command, run in this process
    assert again.exit_code == 0, again.stderr
    assert f"({held} already in the dataset)" in again.stderr
    assert len(load(str(out)).files) == FILES


def test_ingest_prints_the_problems_it_stored_with_their_positions(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    good = Path(__file__).resolve().parent.parent / "sample_logs" / "disputed-trick.tgn"
    (logs / "good.tgn").write_bytes(good.read_bytes())
    (logs / "typo.tgn").write_text(good.read_text(encoding="utf-8").replace("E: H5 H2", "E: H5,H2"),
                                   encoding="utf-8")
    many = "\n".join(f"[Hand \"{i}\"]\n[Dealer \"N\"]\n[Trump \"H\"]\n1. N: S11" for i in range(1, 31))
    (logs / "zz-many.tgn").write_text(many + "\n", encoding="utf-8")
    missing = CliRunner().invoke(main, ["ingest", str(tmp_path / "missing.tgn"), "-o", str(tmp_path / "ds")])
    assert missing.exit_code == 2
    assert f"{tmp_path / 'missing.tgn'}: cannot read {tmp_path / 'missing.tgn'}" in missing.stderr
    r = CliRunner().invoke(main, ["ingest", str(logs), "-o", str(tmp_path / "ds"), "-q"])
    assert r.exit_code == 2
    lines = r.stderr.splitlines()
    assert "missing.tgn" not in r.stderr                     # only this run's problems
    typo = [line for line in lines if line.startswith(str(logs / "typo.tgn") + ":")]
    assert len(typo) == 1 and typo[0].startswith(f"{logs / 'typo.tgn'}:28:98: cannot read play 'H2'")
    assert "cards are separated by spaces" in typo[0]
    shown = [line for line in lines if line.startswith(str(tmp_path))]
    # 91 problems (each hand: no deal lines, its one trick with no play that could be read, an unknown card): 20,
    # then a count
    assert shown[1].startswith(str(logs / "zz-many.tgn") + ":1:1: hand 1 is not a position and has no deal lines")
    assert len(shown) == 20
    assert shown[2].startswith(str(logs / "zz-many.tgn") + ":4:1: trick 1 has no play that could be read")
    assert shown[3].startswith(str(logs / "zz-many.tgn") + ":4:7: unknown card 'S11'")
    assert "… and 71 more: every problem is a row of the errors table" in r.stderr
    assert r.stdout == ""
    again = CliRunner().invoke(main, ["ingest", str(logs), "-o", str(tmp_path / "ds"), "-q"])
    assert "cannot read" not in again.stderr and "typo.tgn:" not in again.stderr   # nothing new stored


def test_the_rate_of_a_slow_ingest_is_not_printed_as_zero():
    """`ingest --analyse` runs at a fraction of a hand a second: the summary said "0 hands/s"."""
    from tractor_analysis.cli.ingest_cmd import hands_rate

    assert hands_rate(0.23) == "0.2"
    assert hands_rate(9.94) == "9.9"
    assert hands_rate(9.96) == "10"                 # rounds to 10: printed as the rates above 10
    assert hands_rate(12.4) == "12"
    assert hands_rate(1607.2) == "1,607"
