"""A plain ``.tgn`` file cut off inside a play (a copy stopped early, a download cut): its last line, not ended by a
line break, stops in a follow with fewer cards than the lead.  It was read as a record that ends there, and the
seat was faulted for playing 1 card to a lead of 2 (``wrong_count``) — a fault resting on the file being whole.
Now it is a ``truncated_file``, as a gzip stream cut short is: the play is left out, the record stops at the
damage (docs/format.md)."""
from __future__ import annotations

import json

from event_helpers import bilingual, run_cli
from tractor_analysis.records import format_tgn
from tractor_analysis.simulate import simulate_match


def _text_and_cut():
    """A simulated record's text, and where to cut it: after the first card of the first follow to a lead of
    two cards or more."""
    m = simulate_match(5, 0, preset="standard", max_hands=1)
    text = format_tgn(m)
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line[:1].isdigit() and ". " in line:
            plays = line.split(". ", 1)[1].split(", ")
            if len(plays[0].split()) >= 3:          # "N: SA SA": a lead of two cards or more
                follow = plays[1]
                cut = line[:line.index(follow) + len(follow.split()[0]) + 1 + len(follow.split()[1])]
                return text, "\n".join(lines[:i]) + "\n" + cut, i + 1
    raise AssertionError("no lead of two cards")


def test_a_file_cut_inside_a_follow_is_damaged_not_a_fault(tmp_path):
    _, cut, line = _text_and_cut()
    path = tmp_path / "cut.tgn"
    path.write_text(cut, "utf-8")
    doc = json.loads(run_cli("check", str(path), "--json", code=2).stdout)
    f = doc["files"][0]
    (err,) = [e for e in f["errors"] if e["code"] == "truncated_file"]
    assert err["line"] == line and "cut off" in err["message"] and "截断" in err["message"]
    bilingual(err["message"])
    assert not [v for h in f["hands"] for v in h["violations"] if v["code"] == "wrong_count"]


def test_a_whole_last_play_without_a_line_break_is_read_as_it_stands(tmp_path):
    text, _, _ = _text_and_cut()
    path = tmp_path / "whole.tgn"
    path.write_text(text.rstrip("\n"), "utf-8")            # (no line break at the end: a whole record)
    doc = json.loads(run_cli("check", str(path), "--json", code=0).stdout)
    assert not doc["files"][0]["errors"]
