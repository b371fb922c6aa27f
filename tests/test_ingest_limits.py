"""`tractor ingest --max-bytes`: a file past the byte limit is a too_large error row, the batch goes on,
and raising the limit reads it (issue 15's limit reaches the ingest, locally and in workers)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.dataset import load

SAMPLES = Path(__file__).resolve().parent.parent / "sample_logs"


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_file_past_the_limit_is_an_error_row_and_a_higher_limit_reads_it(tmp_path, workers):
    shutil.copy(SAMPLES / "spring-cup-r2t5.tgn", tmp_path / "big.tgn")        # about 6 KB
    shutil.copy(SAMPLES / "disputed-trick.tgn", tmp_path / "small.tgn")      # under 2 KB
    res = CliRunner().invoke(main, ["ingest", str(tmp_path / "big.tgn"), str(tmp_path / "small.tgn"),
                                    "-o", str(tmp_path / "ds"), "--max-bytes", "2K", "-q", "-j", workers])
    assert res.exit_code == 2
    ds = load(str(tmp_path / "ds"))
    assert list(ds.errors.code) == ["too_large"] and ds.errors.source_file.iloc[0].endswith("big.tgn")
    assert [Path(p).name for p in ds.matches.source_file] == ["small.tgn"]

    res = CliRunner().invoke(main, ["ingest", str(tmp_path / "big.tgn"), "-o", str(tmp_path / "ds2"),
                                    "--max-bytes", "64K", "-q", "-j", workers])
    assert res.exit_code == 0
    assert len(load(str(tmp_path / "ds2")).matches) == 1
