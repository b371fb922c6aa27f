"""A violation of a play in a JSON record names where that play's cards are, as a ``.tgn`` play's does: in a
``.jsonl`` file the record's line and the column of the play's ``"cards"`` value in it, in a ``.json`` document
that value's own line and column — not the line's first column (every match's violations were at ``line:1``)
nor nothing (a ``.json`` document's at 0).  The reader keeps no text and no play position: the file is read
again, only when a verdict about a play is given (records.json_places).  Gzipped or not, read whole or a line at
a time, with the compiled JSON reader core and without it; a hand the detailed path reads (a play dropped,
tricks put in number order), a hand after a skipped one; a file gone or changed since it was read keeps the
record's line, never a wrong column."""
from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import format_json, format_jsonl, parse_json, parse_jsonl
from tractor_analysis.records.locate import violation_position
from tractor_analysis.records.sources import load_file
from tractor_analysis.records.tgn_reader import parse_tgn

from cli_runs import run_in

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
# hand 1 with S following trick 6 (♥ led) with ♠3 while holding ♥3: a follow_suit
OLD = "S: H4 H3, W: H10 H10, N: H7 H6\n7. E: H5 H5, S: H9 H9, W: HK D8, N: S10 H8\n8. S: S3,"
NEW = "S: H4 S3, W: H10 H10, N: H7 H6\n7. E: H5 H5, S: H9 H9, W: HK D8, N: S10 H8\n8. S: H3,"


def _match():
    head = SAMPLE.split('[Hand "2"]', 1)[0]
    assert OLD in head
    (match,), _ = parse_tgn(head.replace(OLD, NEW, 1))
    return match


def _doc() -> dict:
    return json.loads(format_json(_match()))


def _trick_plays(doc: dict, trick: int) -> list:
    tv = doc["hands"][0]["tricks"][trick]
    return tv["plays"] if isinstance(tv, dict) else tv


def _cards_of_s(doc: dict) -> list:
    """The ``"cards"`` of S's play in trick 6 of hand 1 (the follow_suit)."""
    return next(p for p in _trick_plays(doc, 5) if p["seat"] == "S")["cards"]


def _offset(text: str, line: int, column: int) -> int:
    """The offset of ``line:column`` (1-based; lines end at ``\\n``) in ``text``."""
    return sum(len(r) + 1 for r in text.split("\n")[:line - 1]) + column - 1


def _s_is_at(text: str, line: int, column: int) -> bool:
    """``line:column`` is S's trick-6 ``"cards"`` value: that value, and the last ``"seat"`` before it S's."""
    off = _offset(text, line, column)
    before = text[:off]
    value, _ = json.JSONDecoder().raw_decode(text, off)
    return column > 1 and value == _cards_of_s(_doc()) and json.loads(
        before[before.rfind('"seat"') + 6:].split(",")[0].strip(" \n:")) == "S"


def _check(path: Path, *args: str, pure: bool = False) -> dict:
    """``tractor check --json`` of ``path`` in a process of its own (``pure``: ``TRACTOR_PURE_PYTHON=1``)."""
    environ = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    environ.pop("TRACTOR_PURE_PYTHON", None)
    if pure:
        environ["TRACTOR_PURE_PYTHON"] = "1"
    out = subprocess.run([sys.executable, "-m", "tractor_analysis.cli.main", "check", "--json", *args, str(path)],
                         capture_output=True, text=True, env=environ, cwd=ROOT)
    assert out.returncode in (1, 2), out.stderr
    return json.loads(out.stdout)


def _follows(doc: dict) -> list[tuple[int, int, int]]:
    """``(match, line, column)`` of every follow_suit of trick 6 in a ``check --json`` document."""
    return [(h["match"], v["line"], v["column"]) for f in doc["files"] for h in f["hands"] for v in h["violations"]
            if v["code"] == "follow_suit" and v["trick"] == 6]


def _three_lines() -> str:
    lines = format_jsonl([_match()] * 3).splitlines()
    lines[1] = "  " + lines[1]          # an indented line: the column counts from the line's start
    return "\n".join(lines) + "\n"


def test_each_jsonl_match_points_at_its_plays_cards_compiled_and_pure(tmp_path):
    """Three matches, a line each: each violation at its line and the column of S's cards (before: 1:1, 2:1,
    3:1), with and without the compiled reader core; check's text names the same place."""
    text = _three_lines()
    path = tmp_path / "three.jsonl"
    path.write_text(text, encoding="utf-8")
    got = _follows(_check(path))
    assert got == _follows(_check(path, pure=True))
    assert [(m, line) for m, line, _ in got] == [(0, 1), (1, 2), (2, 3)]
    for _, line, column in got:
        assert _s_is_at(text, line, column)
    out = run_in("check", path).stdout
    for _, line, column in got:
        assert f"follow_suit  {path}:{line}:{column}" in out


def test_a_json_document_points_at_the_cards_line_and_column(tmp_path):
    """A pretty-printed ``.json``: the ``"cards"`` value's own line and column (before: 0, 0)."""
    text = format_json(_match())
    path = tmp_path / "one.json"
    path.write_text(text, encoding="utf-8")
    ((_, line, column),) = _follows(_check(path))
    assert line > 1 and _s_is_at(text, line, column)
    # two matches in a list, the first a shape the reader skips: the second's plays are found in it
    doc = _doc()
    text = json.dumps([{"hands": 5}, doc], ensure_ascii=False, indent=1)
    path.write_text(text, encoding="utf-8")
    ((_, line, column),) = _follows(_check(path))
    assert _s_is_at(text, line, column) and line > text.count("\n") // 2


def test_gzipped_read_whole_and_a_line_at_a_time(tmp_path):
    """A ``.jsonl.gz``, read whole, and read a line at a time (``--max-bytes`` under its size: streamed):
    the same places, which are S's cards in the gunzipped text."""
    text = _three_lines()
    path = tmp_path / "three.jsonl.gz"
    path.write_bytes(gzip.compress(text.encode("utf-8")))
    whole = _follows(_check(path))
    streamed = _follows(_check(path, "--max-bytes", str(len(text) // 2)))
    assert whole == streamed and len(whole) == 3
    for _, line, column in whole:
        assert _s_is_at(text, line, column)


def test_a_file_changed_or_gone_keeps_the_records_line(tmp_path):
    """Read and judged, then the file changed — line 2's S's cards written in another order (the same length),
    line 3 another event — or removed: those violations stay at the record's line, never at a column
    of a text that is not the one judged (where the record starts, as before); line 1, as it was, still names S's
    cards."""
    text = _three_lines()
    path = tmp_path / "three.jsonl"
    path.write_text(text, encoding="utf-8")
    judged = [(m, replay_match(m).hands[0]) for m in load_file(path).matches]

    def places() -> list[tuple[int, int]]:
        out = []
        for match, result in judged:
            v = next(v for v in result.violations if v.code == "follow_suit")
            out.append(violation_position(match.hands[0], v, result))
        return out

    lines = text.split("\n")
    cards = json.dumps(_cards_of_s(_doc()), separators=(",", ":"))
    swapped = json.dumps(list(reversed(_cards_of_s(_doc()))), separators=(",", ":"))
    assert cards != swapped and lines[1].count(cards) == 1
    lines[1] = lines[1].replace(cards, swapped)
    lines[2] = lines[2].replace('"event":"', '"event":"another ', 1)
    path.write_text("\n".join(lines), encoding="utf-8")
    (line, column), *rest = places()
    assert line == 1 and _s_is_at(text, line, column)
    assert rest == [(2, 3), (3, 1)]                 # (where the record starts: line 2 is indented)
    path.unlink()
    assert places() == [(1, 1), (2, 3), (3, 1)]


def test_the_detailed_path_maps_its_plays_to_their_values(tmp_path):
    """A hand the fast paths leave (its number a string), E's play in trick 6 dropped (an unknown card) before
    S's, trick 6 written as an object and placed last (read back into number order), after a hand the reader
    skips: the violation is at S's cards, not at the value of the same index."""
    doc = _doc()
    hand = doc["hands"][0]
    hand["number"] = "1"
    tricks = hand["tricks"]
    plays = tricks[5]
    assert plays[0]["seat"] == "E"
    plays[0] = {"seat": "E", "cards": ["X9"]}
    tricks[5] = {"number": 6, "plays": plays, "notes": ["moved"]}
    tricks.append(tricks.pop(5))
    for n, tv in enumerate(tricks[:-1]):
        tricks[n] = {"number": n + 1 + (n >= 5), "plays": tv}
    doc["hands"].insert(0, [])                          # a hand of the wrong shape, skipped
    text = json.dumps(doc, ensure_ascii=False) + "\n"
    path = tmp_path / "detailed.jsonl"
    path.write_text(text, encoding="utf-8")
    (match,), diags = parse_jsonl(text)
    assert {"unknown_card", "trick_sequence", "json_shape"} <= {d.code for d in diags}
    ((_, line, column),) = _follows(_check(path))
    assert line == 1 and _s_is_at(text, line, column)


def test_a_text_read_without_a_file_keeps_the_records_line():
    """Matches read from a text (no file): as before, the record's line (``.jsonl``) or nothing (``.json``)."""
    for parse, text, where in ((parse_jsonl, format_jsonl([_match()]), (1, 1)),
                               (parse_json, format_json(_match()), (0, 0))):
        (match,), _ = parse(text)
        result = replay_match(match).hands[0]
        v = next(v for v in result.violations if v.code == "follow_suit")
        assert violation_position(match.hands[0], v, result) == where


def test_the_dataset_stores_the_plays_cards_position(tmp_path):
    """``tractor ingest``: the ``violations`` table's ``line`` and ``column`` of a JSON play are its cards'."""
    from tractor_analysis.dataset import load
    from tractor_analysis.dataset.pipeline import ingest

    text = _three_lines()
    path = tmp_path / "in" / "three.jsonl"
    path.parent.mkdir()
    path.write_text(text, encoding="utf-8")
    ingest([str(path)], str(tmp_path / "ds"))
    v = load(str(tmp_path / "ds")).violations
    rows = v[(v.code == "follow_suit") & (v.trick_no == 6)].sort_values("line")
    assert list(rows.line) == [1, 2, 3]
    for line, column in zip(rows.line, rows.column):
        assert _s_is_at(text, int(line), int(column))
