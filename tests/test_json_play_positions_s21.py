"""A violation of a play in a JSON record names where that play is: in a ``.jsonl`` file the record's
line and the column of the play object in it, in a ``.json`` document the play object's line and
column — not the line's first column (every match's violations were at ``line:1``, the first match's at
``1:1``) nor nothing.  The same in ``check --json``, the text of ``check`` and the dataset's
``violations`` table, with the compiled JSON reader core and without it (``TRACTOR_PURE_PYTHON=1``),
for hands read by the fast paths and by the detailed one (a play dropped before, tricks moved into
number order, a trick written as an object)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.records import format_json, format_jsonl, parse_json, parse_jsonl
from tractor_analysis.records.locate import violation_position
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.engine.replay import replay_match

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
# hand 1 with S following trick 6 (♥ led) with ♠3 while holding ♥3 (test_locate's edit): a follow_suit
OLD = "S: H4 H3, W: H10 H10, N: H7 H6\n7. E: H5 H5, S: H9 H9, W: HK D8, N: S10 H8\n8. S: S3,"
NEW = "S: H4 S3, W: H10 H10, N: H7 H6\n7. E: H5 H5, S: H9 H9, W: HK D8, N: S10 H8\n8. S: H3,"


def _match():
    head = SAMPLE.split('[Hand "2"]', 1)[0]
    assert OLD in head
    (match,), _ = parse_tgn(head.replace(OLD, NEW, 1))
    return match


def _dict():
    return json.loads(format_json(_match()))


def _play_at(text: str, line: int, column: int) -> dict:
    """The JSON value that starts at ``line:column`` of ``text`` (1-based)."""
    rows = text.split("\n")
    value, _ = json.JSONDecoder().raw_decode(text, sum(len(r) + 1 for r in rows[:line - 1]) + column - 1)
    return value


def _trick_plays(doc: dict, hand: int, trick: int) -> list:
    tv = doc["hands"][hand]["tricks"][trick]
    return tv["plays"] if isinstance(tv, dict) else tv


def _follow(doc: dict) -> dict:
    """The play object of S in trick 6 of hand 1 (the follow_suit)."""
    return next(p for p in _trick_plays(doc, 0, 5) if p["seat"] == "S")


def _check(path: Path, *env: str) -> dict:
    """``tractor check --json`` of ``path`` in a process of its own, with ``env`` (``NAME=value``) set."""
    environ = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    environ.pop("TRACTOR_PURE_PYTHON", None)
    environ.update(e.split("=", 1) for e in env)
    out = subprocess.run([sys.executable, "-m", "tractor_analysis.cli.main", "check", "--json", str(path)],
                         capture_output=True, text=True, env=environ, cwd=ROOT)
    assert out.returncode in (1, 2), out.stderr
    return json.loads(out.stdout)


def _follow_places(doc: dict) -> list[tuple[int, int, int]]:
    """``(match, line, column)`` of every follow_suit of trick 6 in the ``check --json`` document."""
    return [(h["match"], v["line"], v["column"]) for f in doc["files"] for h in f["hands"] for v in h["violations"]
            if v["code"] == "follow_suit" and v["trick"] == 6]


def test_each_jsonl_match_points_at_its_play_compiled_and_pure(tmp_path):
    """Three matches, one a line, the second indented: each violation at its line and its play's column
    (before: 1:1, 2:3 — the indent — and 3:1), the same with and without the compiled reader core."""
    lines = format_jsonl([_match()] * 3).splitlines()
    lines[1] = "  " + lines[1]
    text = "\n".join(lines) + "\n"
    path = tmp_path / "three.jsonl"
    path.write_text(text, encoding="utf-8")
    compiled, pure = _check(path), _check(path, "TRACTOR_PURE_PYTHON=1")
    got = _follow_places(compiled)
    assert got == _follow_places(pure)
    assert [(m, line) for m, line, _ in got] == [(0, 1), (1, 2), (2, 3)]
    for _, line, column in got:
        assert column > 3
        assert _play_at(text, line, column) == _follow(_dict())
    # the text of check names the same place
    out = CliRunner().invoke(main, ["check", str(path)]).output
    for _, line, column in got:
        assert f"follow_suit  {path}:{line}:{column}" in out


def test_a_json_document_points_at_its_play():
    """A pretty-printed ``.json``: the play object's own line and column (before: no position)."""
    text = format_json(_match())
    (match,), _ = parse_json(text)
    result = replay_match(match).hands[0]
    v = next(v for v in result.violations if v.code == "follow_suit")
    line, column = violation_position(match.hands[0], v, result)
    assert line > 1 and _play_at(text, line, column) == _follow(json.loads(text))


def test_the_detailed_path_maps_its_plays_to_their_values():
    """A hand the fast paths leave (its number a string), a play of E dropped before S's (an unknown
    card), trick 6 written as an object and placed last (read back into number order): the violation
    is still at S's play object, not at the value of the same index."""
    doc = _dict()
    hand = doc["hands"][0]
    hand["number"] = "1"
    tricks = hand["tricks"]
    plays = tricks[5]
    assert plays[0]["seat"] == "E"
    plays[0] = {"seat": "E", "cards": ["X9"]}       # unknown_card: E's play dropped, S's the first kept
    tricks[5] = {"number": 6, "plays": plays, "notes": ["moved"]}
    tricks.append(tricks.pop(5))
    for n, tv in enumerate(tricks[:-1]):
        tricks[n] = {"number": n + 1 + (n >= 5), "plays": tv}
    text = json.dumps(doc, ensure_ascii=False)
    (match,), diags = parse_jsonl(text)
    assert {"unknown_card", "trick_sequence"} <= {d.code for d in diags}
    result = replay_match(match).hands[0]
    v = next(v for v in result.violations if v.code == "follow_suit" and v.seat is not None)
    line, column = violation_position(match.hands[0], v, result)
    assert line == 1 and _play_at(text, line, column) == next(p for p in plays if p["seat"] == "S")


def test_the_dataset_stores_the_plays_position(tmp_path):
    from tractor_analysis.dataset import load
    from tractor_analysis.dataset.pipeline import ingest

    text = format_jsonl([_match()] * 2)
    path = tmp_path / "two.jsonl"
    path.write_text(text, encoding="utf-8")
    ingest([str(path)], str(tmp_path / "ds"))
    v = load(str(tmp_path / "ds")).violations
    rows = v[(v.code == "follow_suit") & (v.trick_no == 6)].sort_values("line")
    assert list(rows.line) == [1, 2]
    for line, column in zip(rows.line, rows.column):
        assert _play_at(text, int(line), int(column)) == _follow(_dict())
