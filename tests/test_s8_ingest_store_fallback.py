"""One value the dataset cannot hold never stops an ingest (docs/dataset.md "Errors"): a batch whose
rows Arrow refuses — building its tables or writing them — is built again file by file, the good
files land, and the file holding the value keeps its ``files`` row and a ``store_error`` row (and its
problems, when they can be stored; when even they cannot, the ``store_error`` row says so).  A batch
that still cannot be stored says whether running the command again would help: only when the
machine failed (an ``OSError``), never for a value in the files' rows."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pytest

from tractor_analysis.dataset import commit as commitmod
from tractor_analysis.dataset import load
from tractor_analysis.dataset import pipeline
from tractor_analysis.dataset.committer import _lost_error
from tractor_analysis.dataset.pipeline import IngestError, ingest
from tractor_analysis.records.diagnostics import Diagnostic

SAMPLES = Path(__file__).resolve().parents[1] / "sample_logs"
DISPUTED = (SAMPLES / "disputed-trick.tgn").read_text(encoding="utf-8")
SPRING_TGN = (SAMPLES / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
SPRING_JSON = (SAMPLES / "spring-cup-r2t5.json").read_text(encoding="utf-8")
BAD_JSON = '{"hands": [{"number": 5, "dealer": "N", "trump": "H", "level": "2", "tricks": "x"}]}'
"""A record with one problem (``json_shape``, hand 5)."""


def _chinese(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def _files(tmp_path: Path) -> list[str]:
    for name, text in {"a.tgn": DISPUTED, "poison.json": BAD_JSON, "c.json": SPRING_JSON}.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return [str(tmp_path / n) for n in ("a.tgn", "poison.json", "c.json")]


def _bool_hands(monkeypatch, name: str, hand=True) -> None:
    """A reader that puts a value the ``errors`` table cannot hold into every diagnostic of the file ``name``:
    ``True`` as its line (as the JSON reader once put ``True`` into a diagnostic's hand for ``"number": true``;
    the hand goes through ``rows._small`` now, which drops a bool), or another ``hand``."""
    original = pipeline.read_and_replay

    def read_and_replay(path, *args, **kw):
        for part in original(path, *args, **kw):
            if str(path).endswith(name):
                part.diags = [Diagnostic(d.code, d.message, True, d.column, d.hand, d.trick) if hand is True
                              else Diagnostic(d.code, d.message, d.line, d.column, hand, d.trick) for d in part.diags]
            yield part
    monkeypatch.setattr(pipeline, "read_and_replay", read_and_replay)


def _tmp_left(ds: Path) -> list[str]:
    return sorted(str(p) for p in ds.rglob("*") if p.name.endswith(".tmp"))


def test_a_file_whose_problems_cannot_be_stored_does_not_stop_the_batch(tmp_path, monkeypatch):
    paths = _files(tmp_path)
    _bool_hands(monkeypatch, "poison.json")
    summary = ingest(paths, str(tmp_path / "ds"))
    ds = load(str(tmp_path / "ds"))
    assert summary.added == 3
    assert sorted(Path(p).name for p in ds.files.source_file) == ["a.tgn", "c.json", "poison.json"]
    assert sorted(Path(p).name for p in ds.matches.source_file) == ["a.tgn", "c.json"]
    poison = ds.errors[ds.errors.source_file.str.endswith("poison.json")]
    [err] = list(poison.itertuples())          # its json_shape could not be stored either: said here
    assert err.code == "store_error" and "ArrowTypeError" in err.message and _chinese(err.message)
    assert "nor its 1 problem(s)" in err.message and "tractor check" in err.message
    row = ds.files[ds.files.source_file.str.endswith("poison.json")].iloc[0]
    assert (row.status, row.hands, row.errors) == ("errors", 0, 1)
    assert _tmp_left(tmp_path / "ds") == []
    again = ingest(paths, str(tmp_path / "ds"))           # stored: a second run adds nothing, fails nothing
    assert again.added == 0


def test_a_file_whose_rows_cannot_even_be_added_does_not_stop_the_batch(tmp_path, monkeypatch):
    """A value that fails as its row is added (a hand "number" of text: no int16 range test takes it),
    before any table is built: the batch is built again file by file all the same."""
    paths = _files(tmp_path)
    _bool_hands(monkeypatch, "poison.json", hand="5")
    summary = ingest(paths, str(tmp_path / "ds"))
    ds = load(str(tmp_path / "ds"))
    assert summary.added == 3 and sorted(Path(p).name for p in ds.matches.source_file) == ["a.tgn", "c.json"]
    [err] = list(ds.errors[ds.errors.source_file.str.endswith("poison.json")].itertuples())
    assert err.code == "store_error" and "TypeError" in err.message
    assert _tmp_left(tmp_path / "ds") == []


def test_a_batch_refused_while_written_is_written_again_file_by_file(tmp_path, monkeypatch):
    """Arrow may accept the tables and refuse them when they are written (Parquet): the files are then
    tried alone, written too, and only the one holding the value is left out."""
    paths = _files(tmp_path)
    original = commitmod.pq.write_table

    def write_table(table, where, **kw):
        if "source_file" in table.column_names and "match_id" in table.column_names and any(
                str(p).endswith("poison.json") for p in table.column("source_file").to_pylist()):
            raise pa.ArrowNotImplementedError("a value Parquet cannot hold")
        return original(table, where, **kw)
    monkeypatch.setattr(commitmod.pq, "write_table", write_table)
    summary = ingest(paths, str(tmp_path / "ds"))
    ds = load(str(tmp_path / "ds"))
    assert summary.added == 3 and sorted(Path(p).name for p in ds.matches.source_file) == ["a.tgn", "c.json"]
    codes = list(ds.errors[ds.errors.source_file.str.endswith("poison.json")].code)
    assert codes == ["json_shape", "store_error"]          # its problem kept: only its match rows fail
    assert _tmp_left(tmp_path / "ds") == []


def test_a_disk_failing_during_the_trial_writes_stops_the_ingest(tmp_path, monkeypatch):
    """A write failing for the machine's reason while the files are tried alone is no file's fault: the
    ingest stops (no ``store_error`` made up), saying a second run adds the rest."""
    paths = _files(tmp_path)
    original = commitmod.pq.write_table
    state = {"refused": False}

    def write_table(table, where, **kw):
        if not state["refused"] and "match_id" in table.column_names:
            state["refused"] = True
            raise pa.ArrowNotImplementedError("a value Parquet cannot hold")
        if state["refused"] and "-trial" in str(where):
            raise OSError(28, "No space left on device")
        return original(table, where, **kw)
    monkeypatch.setattr(commitmod.pq, "write_table", write_table)
    with pytest.raises(IngestError) as info:
        ingest(paths, str(tmp_path / "ds"))
    assert "No space left" in str(info.value) and "adds the rest" in str(info.value)
    assert _tmp_left(tmp_path / "ds") == []


def test_a_lost_batch_promises_a_rerun_only_when_the_machine_failed():
    disk = str(_lost_error("cannot write a batch to the dataset", "无法写入数据集", OSError(28, "No space left"),
                           ["a.tgn"]))
    assert "running the same command again (once the cause is fixed) adds the rest" in disk
    assert "再次运行同一命令即可补上其余文件" in disk
    for exc in (pa.ArrowTypeError("Expected integer, got bool"), ValueError("x"), TypeError("y")):
        words = str(_lost_error("cannot write a batch to the dataset", "无法写入数据集", exc, ["a.json", "b.tgn"]))
        assert "adds the rest" not in words and "即可补上其余文件" not in words.split("：去掉")[0]
        assert "stops at the same file(s): leave them out" in words and "仍会在这些文件处停止" in words
        assert "a.json, b.tgn" in words and type(exc).__name__ in words


@pytest.mark.parametrize("workers", ["1", "2"])
def test_the_analysts_record_numbered_true_is_stored_beside_the_good_one(tmp_path, workers):
    """The probe's command, as run: exit status 2 for the record's problem, both files stored."""
    folder = tmp_path / "minb"
    folder.mkdir()
    (folder / "a.json").write_text('{"hands": [{"number": true, "dealer": "N", "trump": "H", "level": "2", '
                                   '"tricks": []}]}', encoding="utf-8")
    (folder / "b.tgn").write_text(DISPUTED, encoding="utf-8")
    for _ in range(2):      # a second run: nothing new, no error about storing
        res = subprocess.run([sys.executable, "-m", "tractor_analysis.cli.main", "ingest", "minb", "-o", "ds",
                              "--workers", workers], cwd=tmp_path, capture_output=True, text=True, timeout=300)
        assert res.returncode == 2, res.stderr
        assert "cannot write a batch" not in res.stderr and "hand True" not in res.stdout + res.stderr
    ds = load(str(tmp_path / "ds"))
    assert sorted(ds.files.source_file) == ["minb/a.json", "minb/b.tgn"]
    assert sorted(ds.matches.source_file) == ["minb/a.json", "minb/b.tgn"]     # a.json: a match of no hand
    assert len(ds.hands) == 1
    [err] = list(ds.errors.itertuples())
    assert (err.source_file, err.code, err.hand_no) == ("minb/a.json", "json_shape", 1)
