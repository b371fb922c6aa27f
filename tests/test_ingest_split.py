"""A big JSON Lines file split among the workers of ``tractor ingest --workers 2`` (see
``dataset/segments.py``): the dataset is the one ``--workers 1`` makes, row for row, diagnostics
with their exact line:column, and the file is still published all or nothing."""
from __future__ import annotations

import gzip
import os
import signal
import subprocess
from pathlib import Path

import pytest

from tractor_analysis.dataset import load, read_table
from tractor_analysis.dataset.pipeline import ingest
from tractor_analysis.dataset.schema import TABLES
from tractor_analysis.dataset.segments import SPLIT_ENV, plan_file
from tractor_analysis.records import MAX_DIAGNOSTICS, format_jsonl
from tractor_analysis.simulate import simulate

from test_ingest_faults import TRACTOR, batches, check_consistent, mid_commit, stop, wait_for, wait_unlocked

SPLIT_SMALL = "2000,500"
"""Thresholds for the small files of these tests: split past 2,000 bytes, segments of 500 or more."""


@pytest.fixture(scope="module")
def lines() -> list[str]:
    """One JSON line per simulated match, some with rule violations."""
    return format_jsonl(simulate(14, 4242, violation_rate=0.08, max_hands=3)).splitlines()


def rows(root: Path, table: str) -> list[dict]:
    """Every committed row of ``table`` without ``batch`` and ``ingested_at``, in the order of the reprs of
    their values (the columns are those of the table's schema, in its order: the same for every dataset)."""
    t = read_table(str(root), table)
    cols = [c for c in t.column_names if c not in ("batch", "ingested_at")]
    values = [t.column(c).to_pylist() for c in cols]           # (a column at a time: far faster than by row)
    keys = list(zip(*(map(repr, v) for v in values)))
    order = sorted(range(t.num_rows), key=keys.__getitem__)
    return [{c: v[i] for c, v in zip(cols, values)} for i in order]


def both(tmp_path: Path, path: Path, monkeypatch, env: str | None = SPLIT_SMALL, split: bool = True,
         **kw) -> tuple[Path, Path]:
    """The dataset of ``path`` ingested with one worker and with two; asserts that every table is the same
    and that two workers split the file (more batches), or read it at once (``split=False``)."""
    if env:
        monkeypatch.setenv(SPLIT_ENV, env)
    # a small file is streamed (and so may be split) when it is past the limit of one line
    if "max_bytes" not in kw:
        kw["max_bytes"] = max(len(line) for line in path.read_bytes().splitlines()) + 64
    out = []
    for workers in (1, 2):
        root = tmp_path / f"ds{workers}"
        ingest([str(path)], str(root), workers=workers, flush_hands=10 ** 6, **kw)
        out.append(root)
    one, two = out
    for t in TABLES:
        assert rows(one, t) == rows(two, t), t
    if split:
        assert len(batches(two, "files")) > len(batches(one, "files")) == 1, "the file was not split"
    else:
        assert len(batches(two, "files")) == len(batches(one, "files")) == 1
    return one, two


def errors_at(root: Path) -> list[tuple[int, int, str]]:
    return sorted((r["line"], r["column"], r["code"]) for r in rows(root, "errors"))


def test_a_damaged_multi_mb_file_gives_the_same_dataset_on_two_workers(lines, tmp_path, monkeypatch):
    """The real thresholds: a file of a few MiB (simulated matches, each kept several times, so
    ``duplicate_of`` is tested across segments too), with bad JSON, a line past ``--max-bytes``,
    a line of spaces (the planning's guess of the match indexes is then off: they are shifted),
    a bad byte and engine violations."""
    monkeypatch.delenv(SPLIT_ENV, raising=False)
    longest = max(len(line.encode()) for line in lines)
    body: list[str] = []
    while sum(len(x) + 1 for x in body) < 3 << 20:
        body.extend(lines)
    n = len(body)
    body[n // 5] = '{"event": "cut short", "hands": ['
    body[n // 3] = "   "
    body[n // 2] = '{"event": "' + "x" * (2 * longest) + '"}'
    body[2 * n // 3] = "[1, 2, 3]"
    data = "\n".join(body).encode() + b"\n"
    bad = data.index(b"\n", len(data) * 3 // 4) + 3
    data = data[:bad] + b"\xff" + data[bad + 1:]           # inside a JSON line: a decode_error there
    path = tmp_path / "big.jsonl"
    path.write_bytes(data)
    one, two = both(tmp_path, path, monkeypatch, env=None, max_bytes=longest + 1000)
    got = errors_at(two)
    assert any(line == n // 5 + 1 for line, _, _ in got)
    assert any(line == n // 2 + 1 and code == "too_large" for line, _, code in got)
    assert any(line == 2 * n // 3 + 1 for line, _, _ in got)
    assert any(code == "decode_error" for _, _, code in got)
    ds = load(str(two))
    assert len(ds.violations) > 0 and ds.matches.duplicate_of.notna().any()
    assert sorted(ds.matches["match_index"]) == list(range(n - 4)), "match indexes are not those of the file"


@pytest.mark.parametrize("crlf,final", [(True, True), (True, False), (False, False)])
def test_crlf_line_ends_and_no_final_newline(lines, tmp_path, monkeypatch, crlf, final):
    end = "\r\n" if crlf else "\n"
    body = lines[:6] + ["{not json"] + lines[6:]
    text = end.join(body) + (end if final else "")
    path = tmp_path / "f.jsonl"
    path.write_bytes(text.encode())
    one, _ = both(tmp_path, path, monkeypatch)
    assert any(line == 7 for line, _, _ in errors_at(one))


@pytest.mark.parametrize("encoding", ["utf-8-sig", "gb18030"])
def test_the_encoding_decided_on_the_head_reads_every_segment(lines, tmp_path, monkeypatch, encoding):
    """A BOM (only the first segment has it) and a legacy encoding (the Chinese names of later
    segments decoded as the head decided)."""
    path = tmp_path / "f.jsonl"
    path.write_bytes(("\n".join(lines[:4] + ["{oops"] + lines[4:10]) + "\n").encode(encoding))
    one, two = both(tmp_path, path, monkeypatch)
    assert {r["encoding"] for r in rows(two, "files")} == {encoding}
    assert any(line == 5 for line, _, _ in errors_at(two))
    assert not any(code == "decode_error" for _, _, code in errors_at(two))


def _cut_file(lines: list[str], on_newline: bool) -> bytes:
    """Lines padded with trailing spaces so that the middle byte of the file (the target of the cut
    of two segments) is a line's ``\\n`` (``on_newline``) or the first byte after one."""
    body = lines[:8]
    head, tail = "\n".join(body[:4]), "\n".join(body[4:]) + "\n"
    # file = head + pad + "\n" + tail; size // 2 must be len(head + pad) (+ 1 for just after the newline)
    size_wo_pad = len(head.encode()) + 1 + len(tail.encode())
    want = 0 if on_newline else 1
    for pad in range(0, 2 * size_wo_pad):
        if (size_wo_pad + pad) // 2 == len(head.encode()) + pad + want:
            break
    else:   # pragma: no cover - the tail is longer than the head: pad the tail instead
        raise AssertionError("no padding found")
    data = (head + " " * pad + "\n" + tail).encode()
    assert data[len(data) // 2 - want:len(data) // 2 - want + 1] == b"\n"
    return data


@pytest.mark.parametrize("on_newline", [True, False])
def test_a_cut_exactly_on_a_newline(lines, tmp_path, monkeypatch, on_newline):
    body = lines[:8]
    if len("\n".join(body[:4])) > len("\n".join(body[4:])):
        body = body[4:] + body[:4]
    data = _cut_file(body, on_newline)
    path = tmp_path / "f.jsonl"
    path.write_bytes(data)
    monkeypatch.setenv(SPLIT_ENV, f"1000,{len(data) // 2}")
    _, segs = plan_file(str(path), path, 2)
    # on the newline: cut just after it; just after one: the next line's newline
    assert len(segs) == 2 and segs[1].first_line == (5 if on_newline else 6) and data[segs[1].start - 1:segs[1].start] == b"\n"
    both(tmp_path, path, monkeypatch, env=f"1000,{len(data) // 2}")


def test_a_segment_of_blank_lines_only(lines, tmp_path, monkeypatch):
    blank = "\n" * 30000 + "  \n \r\n" * 2000
    text = "\n".join(lines[:3]) + "\n" + blank + "\n".join(lines[3:6]) + "\n{bad\n" + "\n".join(lines[6:9])
    path = tmp_path / "f.jsonl"
    path.write_bytes(text.encode())
    monkeypatch.setenv(SPLIT_ENV, SPLIT_SMALL)
    _, segs = plan_file(str(path), path, 2)
    data = path.read_bytes()
    assert any(not data[s.start:s.end].strip() for s in segs), "no segment of blank lines only"
    one, _ = both(tmp_path, path, monkeypatch)
    bad_line = 3 + 30000 + 4000 + 3 + 1
    assert any(line == bad_line for line, _, _ in errors_at(one))


def test_the_problem_cap_of_a_file_and_a_blank_file_end(tmp_path, monkeypatch, lines):
    """More problems than :data:`MAX_DIAGNOSTICS` spread over every segment: the first ones listed,
    then "N more problems", as one worker lists them."""
    body = []
    for i in range(MAX_DIAGNOSTICS + 150):
        body.append("{bad" if i % 2 else "[1]")
        if i % 60 == 0:
            body.append(lines[i // 60])
    path = tmp_path / "f.jsonl"
    path.write_text("\n".join(body) + "\n\n\n")
    one, two = both(tmp_path, path, monkeypatch, env="2000,2000", split=False)   # read at once
    assert len(rows(one, "errors")) == MAX_DIAGNOSTICS + 1
    assert rows(one, "files")[0]["errors"] == MAX_DIAGNOSTICS + 1


def test_gzip_and_small_files_stay_whole(lines, tmp_path, monkeypatch):
    monkeypatch.setenv(SPLIT_ENV, SPLIT_SMALL)
    text = ("\n".join(lines) + "\n").encode()
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.jsonl.gz").write_bytes(gzip.compress(text))
    (tmp_path / "in" / "b.jsonl").write_bytes(text[:1500])
    assert len(plan_file("a.jsonl.gz", tmp_path / "in" / "a.jsonl.gz", 2)[1]) == 1
    assert len(plan_file("b.jsonl", tmp_path / "in" / "b.jsonl", 2)[1]) == 1
    sha, segs = plan_file("c.jsonl", tmp_path / "in" / "b.jsonl", 1)
    assert len(segs) == 1 and sha is not None


@pytest.mark.parametrize("text,lines_before", [
    (b"{}\r\n{}\r\n{}\r\n{}\r\n", [1, 2, 3, 4]),
    (b"{}\r{}\r{}\n{}\n{}\n", [1, 4, 5]),        # lone CRs end lines too: no cut among them
    (b"{}\n\n\n{}\n\r\n{}\n{}\n", [1, 2, 3, 4, 5, 6, 7]),
])
def test_the_planning_counts_lines_as_the_reader_does(tmp_path, monkeypatch, text, lines_before):
    path = tmp_path / "f.jsonl"
    path.write_bytes(text * 50)
    monkeypatch.setenv(SPLIT_ENV, "10,1")
    _, segs = plan_file(str(path), path, 8)
    assert len(segs) > 1
    for s in segs:
        assert s.start == 0 or text[(s.start - 1) % len(text)] == ord("\n")
        before = text * 50
        before = before[:s.start].replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        assert s.first_line == before.count(b"\n") + 1
    assert segs[-1].last and not any(s.last for s in segs[:-1])


def _big(lines: list[str], folder: Path) -> Path:
    folder.mkdir()
    path = folder / "big.jsonl"
    path.write_text("\n".join(lines * 3) + "\n")
    return path


@pytest.mark.parametrize("when", ["reading", "commit"])
def test_a_kill_leaves_the_split_file_whole_or_absent(lines, tmp_path, when):
    """SIGKILL while the segments are read (nothing of the file is published) or in the middle of
    the file's publication (the detached publisher finishes it: all of it)."""
    src = _big(lines, tmp_path / "src")
    out = tmp_path / "ds"
    env = {**os.environ, SPLIT_ENV: "2000,1000", "TRACTOR_TEST_PAUSE_BETWEEN_RENAMES": "0.1"}
    proc = subprocess.Popen(TRACTOR + ["ingest", str(src), "-o", str(out), "-q", "--workers", "2",
                                       "--flush-hands", "2"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, start_new_session=True, env=env)

    def reading() -> bool:
        return any(out.glob("*/.part-*"))
    try:
        assert wait_for(reading if when == "reading" else (lambda: mid_commit(out)), timeout=90), f"never {when}"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        stop(proc)
    wait_unlocked(out)
    check_consistent(out)
    ds = load(str(out))
    if when == "commit":
        assert len(ds.files) == 1 and len(ds.matches) == 3 * len(lines)
    else:
        assert len(ds.matches) in (0, 3 * len(lines))
        assert len(ds.files) == (len(ds.matches) > 0)
    res = subprocess.run(TRACTOR + ["ingest", str(src), "-o", str(out), "-q", "--workers", "2"], env=env,
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    ds = load(str(out))
    assert len(ds.files) == 1 and sorted(ds.matches["match_index"]) == list(range(3 * len(lines)))
    assert not list(out.rglob(".part-*"))


@pytest.mark.parametrize("core", [True, False], ids=["compiled", "python"])
def test_line_breaks_counted_in_place_as_on_slices(core, monkeypatch):
    """The planning counts line breaks and blank lines over ranges of a chunk without slicing them, and
    the carriage-return counts only where a range holds one (issue 27, eleventh pass): the same counts
    as counting each slice whole (the reference below), for random bytes of ``a``, ``\\n`` and ``\\r``
    cut anywhere, the counts carried from piece to piece — by the compiled ``_segments_core.counts``
    and by the pure-Python ``_Count.count`` alike."""
    import random

    from tractor_analysis.dataset import segments
    from tractor_analysis.dataset.segments import _Count

    if core:
        if segments._core_counts() is None:
            pytest.skip("the segments core is not built")
        monkeypatch.setattr(segments, "_COUNTS", segments._core_counts())
    else:
        monkeypatch.setattr(segments, "_COUNTS", None)

    def reference(pieces: list[bytes]) -> tuple[int, int]:
        breaks = blank = 0
        last = b""
        for b in pieces:
            if b:
                crlf = b.count(b"\r\n") + (last == b"\r" and b[:1] == b"\n")
                breaks += b.count(b"\n") + b.count(b"\r") - crlf
                blank += b.count(b"\n\n") + b.count(b"\n\r\n") + (last == b"\n" and b[:1] == b"\n")
                last = b[-1:]
        return breaks, blank

    rng = random.Random(27)
    for _ in range(5000):
        data = bytes(rng.choice(b"a\n\r") for _ in range(rng.randint(0, 30)))
        cuts = [0, *sorted(rng.randint(0, len(data)) for _ in range(rng.randint(0, 4))), len(data)]
        count = _Count()
        for lo, hi in zip(cuts, cuts[1:]):
            count.add(data, lo, hi)
        assert (count.breaks, count.blank) == reference([data[a:b] for a, b in zip(cuts, cuts[1:])]), (data, cuts)


def test_the_plan_of_a_big_file_is_the_same_with_the_compiled_counts_and_without(tmp_path, monkeypatch):
    """``plan_file`` of a file of several chunks (hashed in a thread beside the counting) with line ends
    of every kind and blank lines: the same digest and segments with the compiled counts and with the
    pure-Python ones, and the digest is the file's SHA-256."""
    import hashlib
    import random

    from tractor_analysis.dataset import segments

    rng = random.Random(2027)
    parts = []
    for _ in range(40000):
        parts.append(b"{" + b"x" * rng.randint(0, 300) + b"}")
        parts.append(rng.choice([b"\n", b"\n", b"\n", b"\r\n", b"\r", b"\n\n", b"\n\n\n", b"\n\r\n"]))
    data = b"".join(parts)
    path = tmp_path / "big.jsonl"
    path.write_bytes(data)
    monkeypatch.setattr(segments, "READ", 1 << 20)       # several chunks, each hashed in a thread
    monkeypatch.setenv(SPLIT_ENV, "1000,1000")
    plans = []
    for counts in {segments._core_counts(), None}:
        monkeypatch.setattr(segments, "_COUNTS", counts)
        plans.append(plan_file(str(path), path, 8))
    assert all(p == plans[0] for p in plans)
    sha, segs = plans[0]
    assert sha == hashlib.sha256(data).hexdigest() and len(segs) == 16      # two a worker
    for seg in segs:
        before = data[:seg.start].replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        assert seg.first_line == before.count(b"\n") + 1
