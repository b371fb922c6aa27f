"""`replay`, `ruling` and `analyse` take one record; given a folder, the files its scan passes over (no record's
name) are named on stderr as `check` and `ingest` name them — they were skipped unsaid (an organiser's tester)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main

SAMPLE = Path(__file__).resolve().parent.parent / "sample_logs" / "disputed-trick.tgn"


@pytest.mark.parametrize("command", [["replay"], ["ruling", "-o", "{out}"], ["analyse", "--last", "1"]])
def test_a_folder_of_one_record_names_the_files_it_does_not_read(tmp_path, command):
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(SAMPLE, folder / "game.tgn")
    (folder / "scores.txt").write_text("not a record\n", encoding="utf-8")
    args = [a.format(out=tmp_path / "ruling.html") for a in command[1:]]
    result = CliRunner().invoke(main, [command[0], str(folder), *args], catch_exceptions=False)
    out = result.stderr if hasattr(result, "stderr") and result.stderr_bytes is not None else result.output
    assert "scores.txt" in out and "not read" in out and "未读取" in out, out[-600:]
    assert "game.tgn" not in out.split("not read")[1].split("\n")[0]      # the record itself is read
