"""Small faults of the record readers (session 9).

1. The streaming reader (:class:`~tractor_analysis.records.streaming.StreamedFile`) opens its input once,
   without waiting, and refuses a named pipe or a device (``NotRegularFile``, ``words`` in English and
   中文) instead of blocking a worker on a pipe no one writes to — whatever the name, and however the
   caller looked at the path before.
2. A file named ``….gz`` whose bytes are not gzip is read as the plain text it is, with a ``not_gzip``
   diagnostic at 1:1 saying so (also when it is streamed).
3. A valid gzip of no text says so, with the compressed size, instead of "0 bytes".
4. A JSON ``level`` (and a ``levels`` side) given as a number is not a level (docs/format.md: levels are
   strings): ``bad_value`` at the value, the level not stated — in the pure-Python reader and with the
   compiled JSON core alike.
5. A ``.tgn`` with ``"?"`` tags, converted to JSON and back, is checked the same (verdicts and unknowns).
6. Player names lose the white space around them in every reader; a blank name names nobody.

A read that could wait on a pipe runs in a thread with a time-out (a hang fails the test)."""
from __future__ import annotations

import gzip
import json
import os
import re
from pathlib import Path
from typing import NamedTuple

import pytest

import fifo_helpers
from tractor_analysis.records import compiled, input_files, json_decode, json_fast, parse_json
from tractor_analysis.records.cards import parse_rank
from tractor_analysis.records.input_files import NotRegularFile
from tractor_analysis.records.sources import load_bytes, load_file
from tractor_analysis.records.streaming import StreamedFile
from tractor_analysis.records.tgn_writer import format_tgn
from tractor_analysis.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_logs"
LIMIT = 60
FIFO = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes (POSIX)")


class CliResult(NamedTuple):
    """What a run of ``tractor`` gave: exit status, standard output, standard error."""
    returncode: int
    stdout: str
    stderr: str


def _big_jsonl(min_bytes: int = (1 << 20) + 1) -> bytes:
    """JSON Lines of simulated matches, more than ``min_bytes`` (streamed by StreamedFile): four
    simulated matches, repeated (the reading does the same work on a repeated line as on a new one)."""
    from tractor_analysis.records import format_jsonl

    block = format_jsonl(list(simulate(4, 100, max_hands=3))).encode("utf-8")
    return block * (min_bytes // len(block) + 1)


# --- 1. the streaming reader refuses what is no regular file ----------------------------------------

@FIFO
@pytest.mark.parametrize("name", ["pipe.jsonl", "pipe.tgn", "pipe.ndjson.gz"])
def test_the_streaming_reader_refuses_a_named_pipe_at_once(tmp_path, name):
    fifo = tmp_path / name
    os.mkfifo(fifo)
    kind, got = fifo_helpers.in_thread(lambda: StreamedFile(str(fifo)), LIMIT, [fifo],
                                       f"StreamedFile({name}) still waiting after {LIMIT}s: it opened the pipe")
    assert kind == "raised" and isinstance(got, NotRegularFile) and isinstance(got, OSError), (kind, got)
    assert got.words == ("not a regular file (named pipe)", "不是普通文件（命名管道）")


def test_the_streaming_reader_refuses_a_device(tmp_path):
    link = tmp_path / "dev.tgn"
    link.symlink_to(os.devnull)              # a character device with a record's name (reads as 0 bytes)
    with pytest.raises(NotRegularFile) as exc:
        StreamedFile(str(link))
    assert exc.value.words == ("not a regular file (character device)", "不是普通文件（字符设备）")
    assert load_file(link).diagnostics[0].code == "empty_file"       # named as such, load_file still reads it


def test_open_regular_opens_a_file_and_refuses_a_folder(tmp_path):
    f = tmp_path / "a.tgn"
    f.write_bytes(b"[Event \"x\"]\n")
    with input_files.open_regular(f) as fh:
        assert fh.read() == b"[Event \"x\"]\n"
    with pytest.raises(IsADirectoryError):
        input_files.open_regular(tmp_path)
    with pytest.raises(FileNotFoundError):
        StreamedFile(str(tmp_path / "missing.jsonl"))


@FIFO
def test_ingest_reading_a_file_become_a_pipe_names_it_and_goes_on(tmp_path):
    """``read_and_replay`` (an ingest worker's reading, after the hashing found a regular file) on a path
    that is a named pipe by then: an ``unreadable_file`` part naming it, at once."""
    from tractor_analysis.dataset.file_parts import read_and_replay

    fifo = tmp_path / "x.jsonl"
    os.mkfifo(fifo)
    kind, parts = fifo_helpers.in_thread(lambda: list(read_and_replay("x.jsonl", fifo, None)), LIMIT, [fifo],
                                         f"read_and_replay still waiting after {LIMIT}s: it opened the pipe")
    assert kind == "ok", parts
    [part] = parts
    [d] = part.diags
    assert d.code == "unreadable_file" and "not a regular file (named pipe)" in d.message, d


def test_a_regular_file_reads_the_same_streamed_or_whole(tmp_path):
    f = tmp_path / "m.tgn"
    f.write_text(format_tgn(next(iter(simulate(1, 7, max_hands=2)))), encoding="utf-8")
    s = StreamedFile(str(f))
    whole = load_file(f)
    assert s.whole is not None and s.whole.matches == whole.matches and s.sha256 == whole.sha256


# --- 2. a .gz name on bytes that are not gzip ---------------------------------------------------------

def test_a_gz_name_on_plain_text_is_read_and_said(tmp_path):
    text = (SAMPLES / "disputed-trick.tgn").read_bytes()
    plain = load_bytes(text, "disputed-trick.tgn")
    named = load_bytes(text, "disputed-trick.tgn.gz")
    assert named.matches == plain.matches and not named.compressed
    [d, *rest] = named.diagnostics
    assert list(rest) == list(plain.diagnostics)
    assert (d.code, d.line, d.column) == ("not_gzip", 1, 1)
    assert d.message.startswith("not gzip data: read as plain text") and "不是 gzip 数据：按纯文本读取" in d.message
    assert load_bytes(gzip.compress(text), "disputed-trick.tgn.gz").diagnostics == plain.diagnostics   # real gzip
    assert not any(d.code == "not_gzip" for d in load_bytes(b"", "e.tgn.gz").diagnostics)    # 0 bytes: empty


def test_check_shows_the_not_gzip_warning_at_1_1(tmp_path):
    (tmp_path / "r.tgn.gz").write_bytes((SAMPLES / "disputed-trick.tgn").read_bytes())
    r = _run_here("check", "r.tgn.gz", cwd=tmp_path)
    assert "r.tgn.gz:1:1: not gzip data: read as plain text" in r.stdout, r.stdout
    r = _run_here("check", "--json", "r.tgn.gz", cwd=tmp_path)
    [f] = json.loads(r.stdout)["files"]
    assert [(e["code"], e["line"], e["column"]) for e in f["errors"]] == [("not_gzip", 1, 1)]
    assert len(f["hands"]) == 1 and f["hands"][0]["violations"][0]["code"] == "follow_pair"


def test_a_big_plain_jsonl_named_gz_is_streamed_with_the_warning(tmp_path):
    data = _big_jsonl()
    f = tmp_path / "big.jsonl.gz"
    f.write_bytes(data)
    s = StreamedFile(str(f))
    pieces = list(s)
    assert s.streamed and not s.compressed
    streamed = s.leading + [d for p in pieces for d in p.diagnostics] + s.trailing
    whole = load_bytes(data, str(f))
    assert [(d.code, d.line, d.column, d.message) for d in streamed] == \
        [(d.code, d.line, d.column, d.message) for d in whole.diagnostics]
    assert streamed[0].code == "not_gzip" and sum(len(p.matches) for p in pieces) == len(whole.matches)


# --- 3. an empty gzip ---------------------------------------------------------------------------------

def test_an_empty_gzip_says_the_gzip_holds_no_text():
    data = gzip.compress(b"")
    [d] = load_bytes(data, "e.tgn.gz").diagnostics
    assert (d.code, d.line, d.column) == ("empty_file", 1, 1)
    assert f"empty file: the gzip data holds 0 bytes of text ({len(data)} bytes compressed)" in d.message, d.message
    assert f"空文件：gzip 数据中的文本为 0 字节（压缩后 {len(data)} 字节）" in d.message
    [d] = load_bytes(data, "e.data").diagnostics          # recognised by its magic bytes whatever the name
    assert "the gzip data holds 0 bytes of text" in d.message
    [d] = load_bytes(b"", "e.tgn").diagnostics
    assert d.message.startswith("empty file: 0 bytes")


# --- 4. a JSON level given as a number ----------------------------------------------------------------

def _match_json(level, levels=None) -> str:
    m = json.loads(json.dumps({"players": {"N": "a", "E": "b", "S": "c", "W": "d"}, "hands": [
        {"number": 1, "dealer": "N", "trump": "S", "level": "2", "tricks": []}]}))
    if levels is not None:
        m["levels"] = levels
    m["hands"][0]["level"] = level
    return json.dumps(m, indent=1)


def _position(text: str, needle: str) -> tuple[int, int]:
    at = text.index(needle) + len(needle)
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


_core = compiled.load("tractor_analysis.records._json_core", "JSON reader core", "JSON 读取核心")


def _both_paths(text: str, monkeypatch):
    """The reading with the compiled core (when built) and the pure-Python one: the same."""
    fast = parse_json(text)
    with monkeypatch.context() as mp:
        mp.setattr(json_fast, "fast_hand", None)
        mp.setattr(json_decode, "_too_deep", None)
        slow = parse_json(text)
    assert repr(fast) == repr(slow)
    return slow


@pytest.mark.parametrize("value", [2, 11, 1, 10, 2.0])
def test_a_level_given_as_a_number_is_not_read_as_a_level(value, monkeypatch):
    text = _match_json(value)
    matches, diags = _both_paths(text, monkeypatch)
    [hand] = matches[0].hands
    assert hand.level is None                      # not stated: never what 11 or 1 might have meant
    [d] = diags
    assert d.code == "bad_value" and d.hand == 1
    assert (d.line, d.column) == _position(text, '"level": '), (d, text)
    assert f"\"level\" should be a level string such as \"2\", \"10\" or \"A\" (docs/format.md), not the " \
           f"number {json.dumps(value)}" in d.message
    assert f"\"level\" 应为级别字符串" in d.message and f"而不是数字 {json.dumps(value)}" in d.message


def test_a_level_string_and_unknown_still_read(monkeypatch):
    matches, diags = _both_paths(_match_json("10"), monkeypatch)
    assert diags == [] and matches[0].hands[0].level == parse_rank("10")
    matches, diags = _both_paths(_match_json("?"), monkeypatch)
    assert diags == [] and matches[0].hands[0].level is None


@pytest.mark.skipif(_core is None or not hasattr(_core, "fast_hand"), reason="the compiled JSON core is not built")
def test_the_compiled_core_leaves_a_number_level_to_the_reference(monkeypatch):
    seen = []

    def counting(*args):
        got = fast(*args)
        seen.append(got)
        return got

    fast = json_fast.fast_hand
    monkeypatch.setattr(json_fast, "fast_hand", counting)
    parse_json(_match_json("2"))
    parse_json(_match_json(2))
    assert seen[0] is not None and seen[1] is None        # taken as plain; declined: build_hand words it


def test_a_levels_side_given_as_a_number_is_unknown(monkeypatch):
    text = _match_json("2", {"NS": 2, "EW": "5"})
    matches, diags = _both_paths(text, monkeypatch)
    assert matches[0].levels == (None, parse_rank("5"))
    [d] = diags
    assert d.code == "bad_value" and (d.line, d.column) == _position(text, '"NS": '), (d, text)
    assert "levels.NS should be a level string such as \"2\", \"10\" or \"A\" (docs/format.md), not the number 2; " \
           "NS's level is unknown" in d.message and "levels.NS 应为级别字符串" in d.message
    text = _match_json("2", {"NS": "X", "EW": "5"})          # an unknown level string: at its value too
    [d] = _both_paths(text, monkeypatch)[1]
    assert d.code == "bad_value" and (d.line, d.column) == _position(text, '"NS": ')


# --- 5. "?" tags through a JSON copy ------------------------------------------------------------------

def _verdicts(out: str) -> list:
    files = json.loads(out)["files"]
    text = json.dumps([(f["errors"], f["hands"], f.get("matches")) for f in files], ensure_ascii=False, sort_keys=True)
    return json.loads(re.sub(r'"(line|column)": (\d+|null)', '"\\1": null', text))


def _run_here(*args, cwd) -> CliResult:
    """``tractor ARGS`` in this process (click's runner), in the folder ``cwd`` (:func:`cli_runs.run_in`)."""
    from cli_runs import run_in

    r = run_in(*args, cwd=cwd)
    return CliResult(r.returncode, r.stdout, r.stderr)


def test_unknown_tags_read_the_same_through_a_json_copy(tmp_path):
    src = (SAMPLES / "spring-cup-r2t5.tgn").read_text("utf-8")
    first = src[:src.index('[Hand "2"]')]
    variants = {
        "level": src.replace('[Hand "2"]\n[Dealer "E"]\n[Trump "D"]\n[Level "3"]',
                             '[Hand "2"]\n[Dealer "?"]\n[Trump "D"]\n[Level "?"]').replace('[Claim "60"]', '[Claim "?"]'),
        "alone": first.replace('[Hand "1"]', '[Hand "5"]').replace('[Levels "NS:2 EW:2"]\n', '')
                      .replace('[Level "2"]', '[Level "?"]'),
        "sides": first.replace('[Levels "NS:2 EW:2"]', '[Levels "NS:? EW:4"]').replace('[Level "2"]', '[Level "?"]')
                      .replace('[Trump "C"]', '[Trump "?"]'),
        "position": (SAMPLES / "disputed-trick.tgn").read_text("utf-8").replace('[Level "7"]', '[Level "?"]')
                      .replace('[Points "65"]', '[Points "?"]').replace('[Levels "NS:7 EW:5"]\n', ''),
    }
    for name, text in variants.items():
        (tmp_path / f"{name}.tgn").write_text(text, "utf-8")
        for a, b in ((f"{name}.tgn", f"{name}.json"), (f"{name}.json", f"{name}.rt.tgn")):
            r = _run_here("convert", a, "-o", b, cwd=tmp_path)
            assert r.returncode == 0, (name, r.stderr)
        got = [_verdicts(_run_here("check", "--json", f"{name}{ext}", cwd=tmp_path).stdout)
               for ext in (".tgn", ".json", ".rt.tgn")]
        assert got[0] == got[1] == got[2], name
        assert '"unknown"' in json.dumps(got[0]) or name == "level", name      # something is unknown, and kept so


# --- 6. player names without the white space around them ---------------------------------------------

def test_tgn_player_names_are_stripped():
    head = '[North "{}"]\n[East "{}"]\n[South "{}"]\n[West "{}"]\n[Hand "1"]\n[Dealer "N"]\n[Trump "S"]\n'
    spaced = load_bytes(head.format("张伟 ", "\u3000李娜", "  王芳\t", "   ").encode("utf-8"), "a.tgn")
    plain = load_bytes(head.format("张伟", "李娜", "王芳", "").encode("utf-8"), "a.tgn")
    assert spaced.matches[0].players == ("张伟", "李娜", "王芳", None)
    assert spaced.matches == plain.matches and spaced.diagnostics == plain.diagnostics


def test_json_player_names_are_stripped(monkeypatch):
    m = json.loads(_match_json("2"))
    m["players"] = {"N": " 张伟", "E": "李娜 ", "S": " ", "W": None}
    matches, diags = _both_paths(json.dumps(m, ensure_ascii=False), monkeypatch)
    assert diags == [] and matches[0].players == ("张伟", "李娜", None, None)


def test_80fen_player_names_are_stripped():
    with gzip.open(ROOT / "tests" / "data" / "80fen" / "sample-plays.ndjson.gz", "rt", encoding="utf-8") as f:
        obj = json.loads(f.readline())
    plain = load_bytes(json.dumps(obj).encode("utf-8"), "c.ndjson")
    obj["a"], obj["b"] = f" {obj['a']}  ", "\t"
    spaced = load_bytes(json.dumps(obj).encode("utf-8"), "c.ndjson")
    assert spaced.format == "80fen" and spaced.diagnostics == plain.diagnostics
    names = plain.matches[0].players
    a_team = obj["aTeam"]
    assert spaced.matches[0].players == tuple(n if s % 2 == a_team else None for s, n in enumerate(names))
    assert all(n is None or n == n.strip() for n in spaced.matches[0].players)


def test_botzone_player_names_are_stripped():
    from botzone_builders import first_match

    obj = first_match()
    plain = load_bytes(json.dumps(obj).encode("utf-8"), "b.ndjson")
    for seat, p in enumerate(obj["players"]):
        if isinstance(p, dict) and isinstance(p.get("bot"), str):
            p["bot"] = f"  {p['bot']} " if seat else " "
    spaced = load_bytes(json.dumps(obj).encode("utf-8"), "b.ndjson")
    assert spaced.format == "botzone" and spaced.diagnostics == plain.diagnostics
    assert spaced.matches[0].players == (None,) + plain.matches[0].players[1:]
