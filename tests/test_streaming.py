"""The streaming reader (records.streaming) against the whole-file reader (records.sources):
the same matches and diagnostics on every sample and test file and on damaged JSON Lines;
the per-line byte limit; bounded buffers."""
from __future__ import annotations

import functools
import gzip
from pathlib import Path

import pytest

from tractor_analysis.records import sources
from tractor_analysis.records.streaming import StreamedFile

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted(p for d in ("sample_logs", "tests/data") for p in (ROOT / d).rglob("*")
               if p.is_file() and p.suffix != ".py")


def streamed(path, **kw):
    f = StreamedFile(path, **kw)
    matches, diags = [], []
    for piece in f:
        matches.extend(piece.matches)
        diags.extend(piece.diagnostics)
    return f, matches, f.leading + diags + f.trailing


def same_as_whole(path, max_bytes=sources.DEFAULT_MAX_BYTES):
    whole = sources.load_file(path, max_bytes=max_bytes)
    f, matches, diags = streamed(path, max_bytes=max_bytes, stream_above=0)
    if whole.format == "jsonl" and whole.encoding in ("utf-8", "utf-8-sig", "gb18030", "big5") and whole.sha256 \
            and not any(d.code in ("binary_file", "empty_file") for d in whole.diagnostics):
        assert f.streamed, path
    assert matches == list(whole.matches)
    assert diags == list(whole.diagnostics)
    assert (f.sha256, f.format, f.encoding, f.encoding_note, f.compressed) == (
        whole.sha256, whole.format, whole.encoding, whole.encoding_note, whole.compressed)
    return f


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_file_reads_the_same_streamed(path):
    same_as_whole(path)


def _jsonl_lines() -> list[bytes]:
    return (ROOT / "tests/data/golden/corpus/matches-0001.jsonl").read_bytes().splitlines()


def _mutations(tmp: Path) -> dict[str, bytes]:
    return _mutated()


@functools.cache
def _mutated() -> dict[str, bytes]:
    """The damaged JSON Lines files, by name (built once: bytes, never changed)."""
    lines = _jsonl_lines()
    good = b"\n".join(lines) + b"\n"
    lines = lines * 3
    mid = len(lines) // 2
    bad_mid = b"\n".join(lines[:mid] + [b'{"hands": [1, 2', b"", b"[]", b'{"x": 1}', b'{"hands": "no"}']
                         + lines[mid:])
    cut = gzip.compress(good)
    return {
        "good.jsonl": good,
        "no-final-newline.jsonl": good.rstrip(b"\n"),
        "bad-lines-in-the-middle.jsonl": bad_mid,
        "crlf.jsonl": good.replace(b"\n", b"\r\n"),
        "cr.jsonl": good.replace(b"\n", b"\r"),
        "bom.jsonl": b"\xef\xbb\xbf" + good,
        "bad-byte.jsonl": good[:500] + b"\xff\xfe\x80" + good[500:],
        "bad-byte-late.jsonl": good + b'{"event": "\xc3\x28"}\n',
        "many-problems.jsonl": b"\n".join([b"{bad"] * 250) + b"\n" + good,
        "blank.jsonl": b"\n\n  \n",
        "gz.jsonl.gz": gzip.compress(good),
        "two-members.jsonl.gz": gzip.compress(good) + gzip.compress(bad_mid),
        "truncated.jsonl.gz": cut[:len(cut) // 2],
        "trailing-garbage.jsonl.gz": cut + b"garbage",
        "gbk.jsonl": good.replace(b'"event":"', '"event":"春季杯第二轮'.encode("gbk"), 1).replace(
            b'"site":"', '"site":"北京市海淀区俱乐部'.encode("gbk")),
        "big5.jsonl": good.replace(b'"event":"', '"event":"春季盃第二輪'.encode("big5"), 1).replace(
            b'"site":"', '"site":"臺北市俱樂部'.encode("big5")),
        "deep.jsonl": good + b"[" * 100 + b"]" * 100 + b"\n",
        "surrogate.jsonl": lines[0].replace(b'{', b'{"note": "\\ud800",', 1) + b"\n" + good,
        "blank-runs.jsonl": b"\n\n\r\n".join(lines[:4]) + b"\r\r\n\n\r" + b"\n".join(lines[4:8]) + b"\n" * 50,
        "bad-byte-after-blank-runs.jsonl": b"\n\n\n" + b"\r\n\r\n".join(lines[:3]) + b"\r\n\r\n\n"
                                            + b'{"event": "\xc3\x28"}\r\r' + good,
        "leading-blank-lines.jsonl": b"\r\n" * 30 + good,
    }


def test_mutated_files_read_the_same_streamed(tmp_path):
    encodings = {}
    for name, data in _mutations(tmp_path).items():
        p = tmp_path / name
        p.write_bytes(data)
        encodings[name] = same_as_whole(p).encoding
    assert encodings["gbk.jsonl"] == "gb18030"
    assert encodings["bom.jsonl"] == "utf-8-sig"


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 64])
def test_line_breaks_split_across_small_chunks_read_the_same(tmp_path, monkeypatch, chunk):
    """Runs of line breaks are counted in bulk and a last "\\r" is held back for a "\\n" in the
    next chunk: with chunks of a few bytes every break and run falls across a boundary."""
    from tractor_analysis.records import streaming

    monkeypatch.setattr(streaming, "CHUNK", chunk)
    mutations = _mutations(tmp_path)
    for name in ("blank-runs.jsonl", "bad-byte-after-blank-runs.jsonl", "crlf.jsonl", "cr.jsonl",
                 "leading-blank-lines.jsonl", "gz.jsonl.gz", "bad-lines-in-the-middle.jsonl"):
        data = mutations[name]
        if chunk < 7 and len(data) > 40_000:
            data = data[:40_000]          # (a few bytes at a time is slow on a long file)
        p = tmp_path / name
        p.write_bytes(data)
        same_as_whole(p)


def test_a_gzip_bomb_stops_with_too_large_not_after_gigabytes(tmp_path):
    """A .jsonl.gz whose text expands hundreds of times (here 1 GiB of line breaks and short bad
    lines in a few hundred KiB) stops soon after the bomb floor with ``too_large``, in bounded
    time and memory; a genuine gzip (about 8-20 times) is read to its end."""
    import zlib

    from tractor_analysis.records import streaming

    good = b"\n".join(_jsonl_lines()) + b"\n"
    member = gzip.compress(b"x\n\n\n" * (1 << 18), compresslevel=9)          # 1 MiB of text each
    bomb = tmp_path / "bomb.jsonl.gz"
    bomb.write_bytes(gzip.compress(good) + member * 1024)                      # 1 GiB of text
    f, matches, diags = streamed(bomb)
    assert f.streamed and len(matches) == len(_jsonl_lines())
    too_large = [d for d in diags if d.code == "too_large"]
    assert len(too_large) == 1 and "gzip bomb" in too_large[0].message, diags[-3:]
    floor = sources.DEFAULT_MAX_BYTES // streaming.BOMB_FLOOR_SHARE
    assert too_large[0].line < floor + streaming.CHUNK, "read long past the floor"
    # a genuine compressed file is read whole (its ratio is far below the bomb ratio)
    big = tmp_path / "big.jsonl.gz"
    big.write_bytes(gzip.compress(good * 8, compresslevel=9))             # past the floor by 0.8 MiB: 13 chunks
    assert len(zlib.decompress(big.read_bytes(), 31)) > floor + 12 * streaming.CHUNK
    f, matches, diags = streamed(big)
    assert not [d for d in diags if d.code == "too_large"] and len(matches) == 8 * len(_jsonl_lines())


def test_a_line_past_the_limit_is_too_large_and_skipped(tmp_path):
    lines = _jsonl_lines()
    long = lines[0].replace(b'{', b'{"pad": "' + b"x" * 300_000 + b'", ', 1)
    p = tmp_path / "long.jsonl"
    p.write_bytes(b"\n".join([lines[0], long, lines[1], long]) + b"\n")
    limit = max(len(lines[0]), len(lines[1])) + 10
    assert len(long) > limit
    f, matches, diags = streamed(p, max_bytes=limit, stream_above=0)
    assert f.streamed
    assert [(d.code, d.line, d.column) for d in diags] == [("too_large", 2, limit + 1), ("too_large", 4, limit + 1)]
    whole = sources.load_file(p)
    assert matches == [whole.matches[0], whole.matches[2]]
    # the whole-file reader refuses the whole file at the same limit
    assert [d.code for d in sources.load_file(p, max_bytes=limit).diagnostics] == ["too_large"]


def test_small_files_and_other_formats_are_read_whole(tmp_path):
    f = StreamedFile(ROOT / "sample_logs/spring-cup-r2t5.tgn", stream_above=0)
    assert not f.streamed and len(list(f)) == 1
    p = tmp_path / "small.jsonl"
    p.write_bytes(b"\n".join(_jsonl_lines()))
    assert not StreamedFile(p).streamed          # under STREAM_ABOVE
    assert StreamedFile(p, stream_above=100).streamed


def test_a_reader_failure_mid_stream_is_an_engine_error_after_what_was_read(tmp_path, monkeypatch):
    from tractor_analysis.records import json_reader

    lines = _jsonl_lines() * 2
    p = tmp_path / "x.jsonl"
    p.write_bytes(b"\n".join(lines) + b"\n")
    original = json_reader.JsonlReading.line

    def line(self, text, lineno):
        if lineno == 3:
            raise RuntimeError("boom")
        return original(self, text, lineno)
    monkeypatch.setattr(json_reader.JsonlReading, "line", line)
    f, matches, diags = streamed(p, stream_above=0)
    assert len(matches) == 2 and [d.code for d in diags] == ["engine_error"]
    assert "RuntimeError" in diags[0].message
