"""The compiled one-pass trick line of the ``.tgn`` reader (``records/_tgn_core.c``) gives exactly what
the pure-Python reference (``tgn_tricks._plain_plays_python``) gives: the same plays (every field,
line and column included) or ``None``, the same card counts after it and the same piece memo, on
pieces clean and odd, and the same matches and diagnostics on whole damaged records."""
from __future__ import annotations

import random
import re

import pytest

from tractor_analysis.records import compiled, format_tgn, tgn_reader, tgn_tricks
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.simulate import simulate_match

core = compiled.load("tractor_analysis.records._tgn_core", ".tgn reader core", ".tgn 读取核心")
pytestmark = pytest.mark.skipif(core is None, reason="the compiled .tgn reader core is not built (or ruled out)")

_PIECES = [" N: SA SA", " E: S3 S4", "S: HA", " W: BJ", "N: SA", " n : H10 H10", "北: S2", " East: C3",
           "X: SA", " N SA", " E: X9", "", "  ", " S:", " W: ♠A", " E: Ｓ１０", " S: SA  SK ", "W:\tD5",
           " N: BJ BJ BJ", " E: S3 S3 S3 S3", " 南家: H9", " west: C4 C4", "\u3000N:\u3000SA\u3000SK",
           "\x1cE:\x1fS3\x1dS4\x1e", " S :\xa0HA", " W: SA:SK", "N:SA,SK", " E: 黑桃A 红桃10", " S: ♥10", "大王: BJ",
           " N: SA\u2028SK", " E: S3\x85S4", "W::", ":", " N\u200b: SA"]


class _Hand:
    def __init__(self, played):
        self.played = played


def _both(segments, start, lineno, decks, played, memo_py, memo_c):
    py_played, c_played = list(played), list(played)
    py = tgn_tricks._plain_plays_python(_Hand(py_played), list(segments), start, lineno, decks, memo_py)
    c = core.plain_plays(c_played, list(segments), start, lineno, decks, memo_c)
    assert repr(py) == repr(c) and py == c                   # every field, line and column included
    assert py_played == c_played
    assert memo_py == memo_c and list(memo_py) == list(memo_c)
    return c


def test_compiled_and_python_trick_lines_agree_on_random_pieces():
    rng = random.Random(2026)
    memo_py: dict = {}
    memo_c: dict = {}
    taken = 0
    for _ in range(3000):
        segments = [rng.choice(_PIECES) for _ in range(rng.randrange(0, 6))]
        played = [rng.choice((0, 0, 0, 1, 2)) for _ in range(54)]
        if rng.random() < 0.3:
            memo_py.clear()
            memo_c.clear()
        got = _both(segments, rng.randrange(1, 9), rng.randrange(1, 500), rng.choice((1, 2, 3)), played,
                    memo_py, memo_c)
        taken += got is not None
    assert taken > 100


def _damaged_tgn(m, rng):
    lines = format_tgn(m).split("\n")
    for i, line in enumerate(lines):
        if re.match(r"\d+\. ", line) and rng.random() < 0.3:
            r = rng.randrange(7)
            line = [line.replace(", ", " ", 1), re.sub(r"\b([NESW]):", "N:", line, count=2),
                    line.replace(": ", ": X9 ", 1), re.sub(r"(: )(\S+)", r"\1\2 \2 \2", line, count=1),
                    line.replace(",", "，", 1), line.replace("S:", "South:", 1), line.replace(": ", ":  ", 2)][r]
        lines[i] = line
    return "\n".join(lines)


@pytest.mark.parametrize("seed", range(4))
def test_whole_records_read_the_same(monkeypatch, seed):
    rng = random.Random(seed)
    for i, preset in enumerate(("standard", "three-deck", "80fen", "one-deck")):
        text = _damaged_tgn(simulate_match(70 + seed, i, rules=PRESETS[preset], violation_rate=0.05, max_hands=3), rng)
        fast = parse_tgn(text)
        with monkeypatch.context() as mp:
            mp.setattr(tgn_tricks, "_PLAIN", None)
            mp.setattr(tgn_tricks, "_PLAIN_TRICK", None)
            mp.setattr(tgn_reader, "_PLAIN_LINES", None)
            slow = parse_tgn(text)
        assert fast == slow
        assert repr(fast) == repr(slow)


def test_the_reader_uses_the_compiled_trick_line():
    assert tgn_tricks._PLAIN is core.plain_plays
