"""Every reproducer the fuzzer found (``tests/fuzz/regressions/``) is judged again, through the
library and the CLI (``check --json`` and ``convert`` to every format): none may fail any more.

A reproducer is named ``<class>-s<seed>-c<case>.<ext>`` as ``bench/fuzz.py`` writes it; the
``.txt`` beside it says what it was.  Memory and time reproducers (megabytes each) are not kept
as files: ``tests/test_hostile_input.py`` builds them (gzip bombs, files past the byte limit).
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import fuzzlib  # noqa: E402

HERE = Path(__file__).parent / "regressions"
CASES = sorted(p for p in HERE.iterdir() if p.is_file() and p.suffix != ".txt") if HERE.is_dir() else []


def test_there_are_reproducers():
    assert CASES


@pytest.mark.parametrize("path", CASES, ids=[p.name for p in CASES])
def test_reproducer_no_longer_fails(path):
    found = fuzzlib.judge(path.name, path.read_bytes(), formats=("tgn", "json", "jsonl"))
    assert found == [], "\n".join(f"{f.cls}: {f.detail}" for f in found)
