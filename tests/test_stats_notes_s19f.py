"""An analyst's notes from ``tractor stats`` (session 19, task F): how its stderr notes name a match.

* The note on a name in two seats named the first match of a file holding several by the file alone
  (``mix/fen_bad.ndjson: …``) and the later ones ``#2``, ``#3`` …, while the note on matches recorded twice (and
  ``stats --help``) say ``#1``; and the notes came in the order of the match ids, ``#16`` before ``#4``.
* The note on matches recorded twice came in the order of the names as strings: ``#10`` before ``#2``.

Each test fails on the code before.
"""
from __future__ import annotations

import gzip
import re
from pathlib import Path

from event_helpers import bilingual, run_cli

from tractor_analysis.dataset import stats

SAMPLE = Path(__file__).parent / "data" / "botzone" / "sample.ndjson.gz"
"""30 Botzone matches, one a line; the 2nd, 4th, 5th, 8th, 16th … name one program in two seats."""


def _lines() -> list[str]:
    return gzip.decompress(SAMPLE.read_bytes()).decode("utf-8").splitlines()


def _numbers(notes: list[str], name: str) -> list[int]:
    return [int(re.match(rf".*{re.escape(name)} #(\d+): ", n).group(1)) for n in notes]


def test_the_first_match_of_a_file_of_several_is_number_1(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "two.ndjson").write_text("\n".join(_lines()[1:3]) + "\n", "utf-8")     # its 1st names a seat twice
    ds = tmp_path / "ds"
    run_cli("ingest", str(logs), "-o", str(ds), "-q")
    notes = stats.seat_notes(str(ds))
    assert notes and all(bilingual(n) for n in notes)
    assert re.match(r".*two\.ndjson #1: \S+ is named in two seats", notes[0]), notes[0]
    assert re.search(r"two\.ndjson #1：", notes[0])            # both halves alike


def test_the_seat_notes_come_by_file_then_number(tmp_path):
    ds = tmp_path / "ds"
    run_cli("ingest", str(SAMPLE), "-o", str(ds), "-q")
    notes = stats.seat_notes(str(ds))
    numbers = _numbers(notes, "sample.ndjson.gz")
    assert len(numbers) >= 3 and 16 in numbers and 4 in numbers
    assert numbers == sorted(numbers), numbers            # #4 before #16
    err = run_cli("stats", str(ds)).stderr                # the command prints them in that order
    assert _numbers([ln for ln in err.splitlines() if "two seats" in ln], "sample.ndjson.gz") == numbers


def test_the_matches_recorded_twice_come_by_file_then_number(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "copy.ndjson").write_text("\n".join(_lines()) + "\n", "utf-8")      # the same 30 matches, again
    (logs / "sample.ndjson.gz").write_bytes(SAMPLE.read_bytes())
    ds = tmp_path / "ds"
    run_cli("ingest", str(logs), "-o", str(ds), "-q")
    err = run_cli("stats", str(ds)).stderr
    (line,) = [ln for ln in err.splitlines() if "recorded twice, counted once" in ln]
    en, _ = bilingual(line)
    pairs = re.findall(r"counted: (\S+) #(\d+), left out: (\S+) #(\d+)", en)
    assert len(pairs) == 30, en
    copies = [int(p[3]) for p in pairs]
    assert copies == sorted(copies) == list(range(1, 31)), copies        # #2 before #10
