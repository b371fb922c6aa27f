"""`tractor check` and `tractor ingest` read a big JSON Lines file a match at a time
(records.streaming): the same verdicts and rows as reading it whole, a batch flushed inside a
file still holds whole matches, and memory does not grow with the file."""
from __future__ import annotations

import gzip
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.dataset import load, read_table
from tractor_analysis.dataset.pipeline import ingest
from tractor_analysis.records import streaming
from tractor_analysis.simulate import simulate
from tractor_analysis.records.json_writer import format_jsonl

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests/data/golden/corpus/matches-0001.jsonl"


def _files(tmp: Path) -> list[Path]:
    lines = CORPUS.read_bytes().splitlines() * 2
    bad = lines[:2] + [b'{"hands": [1, 2', b'{"x": 1}', b"\xff\xfe not text"] + lines[2:]
    out = {"plain.jsonl": CORPUS.read_bytes(), "bad.jsonl": b"\n".join(bad),
           "gz.jsonl.gz": gzip.compress(b"\n".join(bad) + b"\n"), "blank.jsonl": b"\n \n",
           "engine.jsonl": b"\n".join(lines[:1] + [b'{"hands": [{"number": 99999, "dealer": "N"}]}'])}
    paths = []
    for name, data in out.items():
        (tmp / name).write_bytes(data)
        paths.append(tmp / name)
    return paths + [ROOT / "tests/data/bad/invalid_line.jsonl"]


def _check(args, stream: bool, monkeypatch) -> tuple[int, str]:
    with monkeypatch.context() as m:
        if stream:
            m.setattr(streaming, "STREAM_ABOVE", 0)
        r = CliRunner().invoke(main, ["check", *args])
    return r.exit_code, r.output


def test_check_json_is_the_same_streamed(tmp_path, monkeypatch):
    paths = [str(p) for p in _files(tmp_path)]
    for one in paths:
        assert _check(["--json", one], True, monkeypatch) == _check(["--json", one], False, monkeypatch), one
    together = _check(["--json", *paths], True, monkeypatch)
    assert together == _check(["--json", *paths], False, monkeypatch)
    assert together[0] == 2 and '"code": "invalid_json"' in together[1]


def test_check_text_streamed_names_every_hand_and_error(tmp_path, monkeypatch):
    p = str(_files(tmp_path)[1])
    code, streamed = _check([p], True, monkeypatch)
    whole = _check([p], False, monkeypatch)[1]
    assert code == 2
    assert streamed.splitlines()[-1] == whole.splitlines()[-1]          # the summary line
    hand_lines = lambda out: sorted(ln for ln in out.splitlines() if "第" in ln and "局" in ln and "dealer" in ln)
    assert hand_lines(streamed) == hand_lines(whole)
    errors = lambda out: sorted(ln for ln in out.splitlines() if ln.startswith(p + ":"))
    assert errors(streamed) == errors(whole) and errors(whole)


def _table_rows(root: Path, table: str) -> list:
    """Every committed row of ``table`` (as Arrow reads it: what ``load()`` converts row by row), without
    the columns that say when and in which batch it was written, sorted."""
    t = read_table(str(root), table)
    cols = [c for c in t.column_names if "batch" not in c and c != "ingested_at"]
    return sorted(map(repr, t.select(cols).to_pylist()))


@pytest.mark.parametrize("flush_hands", [1, 3, 2000])
def test_ingest_streamed_stores_the_same_rows(tmp_path, monkeypatch, flush_hands):
    paths = [str(p) for p in _files(tmp_path)]
    ingest(paths, str(tmp_path / "whole"), flush_hands=flush_hands)
    monkeypatch.setattr(streaming, "STREAM_ABOVE", 0)
    summary = ingest(paths, str(tmp_path / "streamed"), flush_hands=flush_hands)
    assert summary.added == len(paths)
    for table in ("files", "matches", "hands", "tricks", "plays", "errors", "violations"):
        assert _table_rows(tmp_path / "streamed", table) == _table_rows(tmp_path / "whole", table), table
    streamed = load(str(tmp_path / "streamed"))
    # whole matches in every batch: each match's hands are in the batch of the match
    m = streamed.matches
    assert m.match_id.is_unique
    per_match = streamed.hands.groupby("match_id").size()
    assert (per_match.reindex(m.match_id).fillna(0).to_numpy() == m.hands.to_numpy()).all()
    if flush_hands == 1:
        batch_col = next(c for c in m.columns if "batch" in c)
        assert m[m.source_file.str.endswith("plain.jsonl")][batch_col].nunique() == 2   # flushed mid-file


def _big_jsonl(path: Path, mb: float, gz: bool = False) -> None:
    line = format_jsonl(list(simulate(2, 5, max_hands=1))).encode()
    opener = gzip.open if gz else open
    with opener(path, "wb") as f:
        n = 0
        while n < mb * (1 << 20):
            f.write(line)
            n += len(line)


_RSS = """
import resource, sys
from tractor_analysis.cli.main import main
try:
    main(sys.argv[1:])
except SystemExit as e:
    code = e.code
# VmHWM: the peak of this program only (ru_maxrss would keep the parent's, from before exec)
try:
    kb = next(int(ln.split()[1]) for ln in open("/proc/self/status") if ln.startswith("VmHWM:"))
except OSError:
    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print("RSS", kb, code)
"""


def _peak_kb(args: list[str]) -> int:
    r = subprocess.run([sys.executable, "-c", _RSS, *args], capture_output=True, text=True, timeout=600)
    line = [ln for ln in r.stdout.splitlines() if ln.startswith("RSS ")][-1]
    _, kb, code = line.split()
    assert code in ("0", "None"), r.stdout[-2000:] + r.stderr[-2000:]
    return int(kb)


BIG = os.environ.get("TRACTOR_BIG_TESTS") == "1"
"""``TRACTOR_BIG_TESTS=1``: the 10 MB and 50 MB runs of the brief (minutes); else 1 and 4 MB."""


@pytest.mark.parametrize("command", ["check", "ingest"])
def test_memory_does_not_grow_with_the_file(tmp_path, command):
    small, large = (10, 50) if BIG else (1, 4)
    peaks = []
    for mb in (small, large):
        p = tmp_path / f"big-{mb}.jsonl{'.gz' if command == 'ingest' else ''}"
        _big_jsonl(p, mb, gz=command == "ingest")
        args = (["check", "--json", "--max-bytes", "512k", str(p)] if command == "check" else
                ["ingest", str(p), "-o", str(tmp_path / f"ds-{mb}"), "-q", "--flush-hands", "200",
                 "--max-bytes", "512k"])
        peaks.append(_peak_kb(args))
    # four times the file, and no more than a few MB more memory (a whole-file read holds the text
    # and every match: more than 4 × the size of the file)
    assert peaks[1] - peaks[0] < 8 * 1024, peaks


def test_check_and_ingest_skip_a_line_past_the_limit_and_read_the_others(tmp_path):
    lines = CORPUS.read_bytes().splitlines()
    long = lines[0].replace(b"{", b'{"pad": "' + b"x" * 400_000 + b'", ', 1)
    p = tmp_path / "long.jsonl.gz"
    p.write_bytes(gzip.compress(b"\n".join([lines[0], long, lines[1]]) + b"\n"))
    limit = max(map(len, lines)) + 100
    r = CliRunner().invoke(main, ["check", "--json", "--max-bytes", str(limit), str(p)])
    assert r.exit_code == 2
    import json
    doc = json.loads(r.output)["files"][0]
    assert [(e["code"], e["line"], e["column"]) for e in doc["errors"]] == [("too_large", 2, limit + 1)]
    assert "--max-bytes" in doc["errors"][0]["message"] and "解压后" in doc["errors"][0]["message"]
    assert [m["match"] for m in doc["matches"]] == [0, 1]
    # the whole-file reader (convert) refuses the file at the same limit
    assert CliRunner().invoke(main, ["convert", str(p), "--to", "json", "--max-bytes", str(limit)]).exit_code == 2
    summary = ingest([str(p)], str(tmp_path / "ds"), max_bytes=limit)
    ds = load(str(tmp_path / "ds"))
    assert summary.matches == 2 and list(ds.errors.code) == ["too_large"] and list(ds.errors.line) == [2]
    assert list(ds.files.status) == ["errors"] and list(ds.files.matches) == [2]


def test_a_streamed_file_arrow_refuses_keeps_its_files_row_and_problems(tmp_path, monkeypatch):
    import pyarrow as pa

    from tractor_analysis.dataset import rows as rowsmod

    lines = CORPUS.read_bytes().splitlines() * 2
    poison = tmp_path / "poison.jsonl"
    poison.write_bytes(b"\n".join(lines[:2] + [b"{bad"] + lines[2:]) + b"\n")
    good = tmp_path / "good.jsonl"
    good.write_bytes(CORPUS.read_bytes())
    original = rowsmod._table

    def table(cols, schema):
        if any(str(p).endswith("poison.jsonl") for p in cols.get("source_file", ())) and "match_id" in cols:
            raise pa.ArrowInvalid("Integer value 40000 not in range: -32768 to 32767")
        return original(cols, schema)
    monkeypatch.setattr(rowsmod, "_table", table)
    monkeypatch.setattr(streaming, "STREAM_ABOVE", 0)
    summary = ingest([str(good), str(poison)], str(tmp_path / "ds"), flush_hands=30)
    ds = load(str(tmp_path / "ds"))
    assert summary.added == 2
    assert set(ds.matches.source_file) == {str(good)}
    row = ds.files[ds.files.source_file == str(poison)].iloc[0]
    assert (row.status, row.hands, row.matches) == ("errors", 0, 4)
    codes = list(ds.errors[ds.errors.source_file == str(poison)].code)
    assert codes.count("invalid_json") == 1 and codes.count("store_error") >= 2      # one per batch it spanned
    assert row.errors == len(codes)


def test_a_reader_failing_in_the_middle_of_a_stream_keeps_what_was_read(monkeypatch):
    from tractor_analysis.dataset.file_parts import read_and_replay

    real = streaming.StreamedFile.__iter__

    def two_then_fail(self):
        for k, piece in enumerate(real(self)):
            yield piece
            if k == 1:
                raise RuntimeError("reader bug")
    monkeypatch.setattr(streaming, "STREAM_ABOVE", 0)
    monkeypatch.setattr(streaming.StreamedFile, "__iter__", two_then_fail)
    parts = list(read_and_replay(str(CORPUS), CORPUS, None))
    matches = [m for p in parts for m in p.matches]
    assert parts[0].first == 0 and parts[1].first == len(parts[0].matches) and len(matches) >= 2
    last = parts[-1]
    assert last.matches == [] and last.end[1] == len(matches)
    (d,) = last.diags
    assert d.code == "read_error" and f"past match {len(matches)}" in d.message and "reader bug" in d.message
