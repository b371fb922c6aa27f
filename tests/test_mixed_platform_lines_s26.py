"""A JSON Lines file of our records with a Botzone or an 80fen line among them (an analyst's tester): each such line
was taken apart as one of ours — '"players" should be an object … not a list' — which told the analyst to rewrite
fields that were never ours.  It is now named for what it is, at its line, and skipped."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

from tractor_analysis.records.sources import load_file
from tractor_analysis.records.json_writer import format_jsonl
from tractor_analysis.simulate import simulate_match

DATA = Path(__file__).parent / "data"


def test_other_platforms_lines_are_named(tmp_path):
    ours = format_jsonl([simulate_match(11, 0, max_hands=1)]).strip()
    fen = gzip.decompress((DATA / "80fen" / "sample-plays.ndjson.gz").read_bytes()).decode().splitlines()[0]
    bot = next(p for p in sorted((DATA / "botzone").iterdir()) if p.suffix in (".ndjson", ".gz", ".json"))
    raw = bot.read_bytes()
    bot_line = (gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw).decode().splitlines()[0]
    assert "initdata" in json.loads(bot_line)
    path = tmp_path / "mixed.jsonl"
    path.write_text("\n".join([ours, bot_line, fen]) + "\n", "utf-8")
    src = load_file(str(path))
    assert len(src.matches) == 1
    bad = [d for d in src.diagnostics if d.code == "json_shape"]
    assert [(d.line, d.column) for d in bad] == [(2, 1), (3, 1)]
    assert "this is a Botzone match log" in bad[0].message and "Botzone 对局日志" in bad[0].message
    assert "this is an 80fen contest log" in bad[1].message and "80fen 比赛日志" in bad[1].message
    assert not any("should be an object" in d.message for d in src.diagnostics)
