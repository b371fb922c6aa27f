"""``errors.text`` quotes the text around the diagnostic's column, not the first 300 characters of the line
(an analyst's tester, session 22).

``data/analyst_s22/bad_card.json``: a simulated match on one line of 32 290 characters whose hand 2, trick 3 has
W's play ``Z9`` at column 4823.  Before: the row's ``text`` was ``{"event": "Simulated 3", …`` — the line's start,
nowhere near the card; a ``.tgn`` gives the line itself.  Now the 300 characters around the column, ``…`` at each
end where the line goes on."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tractor_analysis.dataset import load
from tractor_analysis.dataset.pipeline import ingest
from tractor_analysis.records.diagnostics import clip_at

DATA = Path(__file__).resolve().parent / "data" / "analyst_s22"


@pytest.mark.parametrize("name", ["bad_card.json", "bad_card.jsonl"])
@pytest.mark.parametrize("pure", [False, True])
def test_the_error_row_quotes_the_bad_card(tmp_path, name, pure):
    record = tmp_path / name
    shutil.copy(DATA / "bad_card.json", record)
    if pure:        # the compiled cores are chosen once a process: the pure-Python readers in a process of their own
        env = {**os.environ, "TRACTOR_PURE_PYTHON": "1"}
        code = "import sys; from tractor_analysis.dataset.pipeline import ingest; ingest([sys.argv[1]], sys.argv[2])"
        subprocess.run([sys.executable, "-c", code, str(record), str(tmp_path / "ds")], env=env, check=True)
    else:
        ingest([str(record)], str(tmp_path / "ds"))
    (e,) = load(str(tmp_path / "ds")).errors.itertuples()
    assert (e.code, e.line, e.column) == ("unknown_card", 1, 4823)
    line = (DATA / "bad_card.json").read_text(encoding="utf-8").rstrip("\n")
    assert line[4822:].startswith('{"seat": "W", "cards": ["Z9"]}')   # the column points at W's play
    assert '"cards": ["Z9"]' in e.text                              # before: '{"event": "Simulated 3", …'
    assert e.text.startswith("…") and e.text.endswith("…")
    quoted = e.text.strip("…")
    assert len(quoted) == 300 and line.index(quoted) == 4822 - 150      # the 300 characters around the column


def test_clip_at_keeps_a_short_line_and_the_ends_of_a_long_one():
    assert clip_at("3. N: H6, E: S1", 14) == "3. N: H6, E: S1"
    line = "".join(chr(ord("a") + i % 26) for i in range(1000))
    assert clip_at(line, 0) == line[:300] + "…"                    # no column: the line's start, as before
    assert clip_at(line, 3) == line[:300] + "…"
    assert clip_at(line, 500) == "…" + line[349:649] + "…"
    assert clip_at(line, 999) == "…" + line[700:]
