"""A failed throw written with nothing on one side of its arrow (``N: SQ SJ S9 ->``, a line cut short) is a syntax
error at the arrow, the play read as one that could not be read — not a play of no cards.  (The fuzzer's case 177 of
seed 20261220: the `.tgn` reader took ``->`` with nothing after it as a throw whose forced play was empty, wrote it
to JSON as a play with no ``cards``, and the JSON read back with an error: a record read without a problem that did
not convert back.)"""
from __future__ import annotations

from pathlib import Path

import pytest

from tractor_analysis.records import parse_tgn

SAMPLE = Path(__file__).resolve().parent.parent / "sample_logs" / "spring-cup-r2t5.tgn"
LINE = "1. W: C2 C2 S2 S2, N: CQ CJ C7 C3, E: C8 C8 C4 C3, S: CA CJ C7 C6"


@pytest.mark.parametrize("play, side, column", [("W: C2 C2 S2 S2 ->", "after", 19), ("W: -> C2 C2", "before", 7)])
def test_an_arrow_with_no_cards_on_one_side_is_a_syntax_error_at_the_arrow(play, side, column):
    text = SAMPLE.read_text(encoding="utf-8")
    assert LINE in text
    bad = text.replace(LINE, "1. " + play + ", N: CQ CJ C7 C3, E: C8 C8 C4 C3, S: CA CJ C7 C6", 1)
    line = bad[:bad.index("1. " + play)].count("\n") + 1
    matches, diags = parse_tgn(bad)
    found = [d for d in diags if d.code == "syntax_error" and "->" in d.message]
    assert [(d.line, d.column) for d in found] == [(line, column)], [(d.code, d.line, d.column, d.message) for d in diags]
    assert f"no card {side} '->'" in found[0].message and ("之后" if side == "after" else "之前") in found[0].message
    first = matches[0].hands[0].tricks[0]
    assert all(p.seat != 3 for p in first.plays)        # W's play dropped, not read as a play of no cards
    assert matches[0].hands[0].plays_unread
