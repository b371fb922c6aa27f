"""`tractor check --json` is byte-identical to the output stored before the package was reorganised.

The expected documents in ``tests/data/golden/`` were written by the tool itself before the move
into ``records/``, ``engine/`` and ``dataset/`` (issue 9) and must not change when code only moves
or gets faster.  The corpus is simulated (``tractor simulate``, some plays made illegal on purpose),
plus the samples and the unreadable records of ``tests/data/bad``.  Regenerate them only for a
deliberate change of verdicts, and say so in the commit.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "data" / "golden"

CASES = [
    ("sample_logs",),
    ("tests/data/golden/corpus",),
    ("tests/data/bad",),
    ("sample_logs", "--rules", "tournament"),
    ("tests/data/golden/corpus", "--rules", "tournament"),
]


@pytest.mark.parametrize("args", CASES, ids=[" ".join(a) for a in CASES])
def test_check_json_is_unchanged(args, monkeypatch):
    monkeypatch.chdir(ROOT)  # the document names each file by the path given
    expected = (GOLDEN / ("check-" + "_".join(args).replace("/", "_").replace(" ", "_") + ".json")).read_text(
        encoding="utf-8")
    result = CliRunner().invoke(main, ["check", *args, "--json"], catch_exceptions=False)
    assert result.exit_code in (1, 2)
    assert result.output == expected
