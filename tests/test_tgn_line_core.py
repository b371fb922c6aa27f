"""The compiled whole trick line of the ``.tgn`` reader (``_tgn_core.plain_trick``, used by
``tgn_tricks.trick_line``) changes nothing a reader sees: on records whose trick lines are damaged
in their number, dot, leading blanks, ``->``, colons and pieces (seeded and under hypothesis), the
matches and every diagnostic (code, line, column, both messages) are the same as with the line read
by the Python ``trick_line`` (with and without the compiled pieces), and the core takes the plain
lines (counted)."""
from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings, strategies as st

from tractor_analysis.records import compiled, format_tgn, tgn_reader, tgn_tricks
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.simulate import simulate_match

core = compiled.load("tractor_analysis.records._tgn_core", ".tgn reader core", ".tgn 读取核心")
pytestmark = pytest.mark.skipif(core is None or not hasattr(core, "plain_trick"),
                                reason="the compiled .tgn reader core is not built (or ruled out)")

_HEADS = ["0", "00", "1", "01", "0001", "00001", "12345", "99", "999", "25", "26", "1000", "٣", "１", "1_0", "+1", "-1",
          " 3", "3 ", "\u30003", "\x1c3", "", "a", "1a", "²"]
_LEADS = ["", " ", "  ", "\t", "\u3000", "\xa0", "\x1c", "\u2028"]
_TAILS = ["", " N: SA", " N: SA -> SK", " N: SA, E: S3: S4", " N:SA,E:SA", " N: SA, N: SK", " E: X9", " S: SA SA SA",
          ",", " W: BJ,", " N: SA.", " ->", " N: SA, E: S3 ", "\u3000N:\u3000SA", " N：SA", " N: SA，E: S3",
          " N: SA ; a comment", ";", " N: SA, E: S3 ; E: S4"]


def _records(seed):
    out = []
    for i, preset in enumerate(("standard", "three-deck", "80fen", "one-deck", "tournament")):
        out.append(format_tgn(simulate_match(90 + seed, i, rules=PRESETS[preset], violation_rate=0.05, max_hands=3)))
    return out


_TEXTS = _records(0)


def _damage(text, rng, rate=0.25):
    lines = text.split("\n")
    for i, line in enumerate(lines):
        m = re.match(r"(\d+)\.(.*)", line)
        if m and rng.random() < rate:
            r = rng.randrange(6)
            if r == 0:
                line = rng.choice(_HEADS) + "." + m.group(2)
            elif r == 1:
                line = rng.choice(_LEADS) + line
            elif r == 2:
                line = m.group(1) + "." + m.group(2) + rng.choice(_TAILS)
            elif r == 3:
                line = m.group(1) + rng.choice(["", " .", "..", ":", ". ."]) + m.group(2)
            elif r == 4:
                line = rng.choice(_LEADS) + rng.choice(_HEADS) + "." + rng.choice(_TAILS)
            else:
                line = line.replace(", ", rng.choice([",", " , ", ":", ", ->", "，", "，"]), 1).replace(
                    ": ", rng.choice([": ", ": ", "："]), 1) + rng.choice(["", "", " ; note", ";"])
        elif rng.random() < 0.01:
            line = rng.choice(_HEADS) + "." + rng.choice(_TAILS)        # anywhere, before a [Hand] too
        lines[i] = line
    return "\n".join(lines)


def _read(text, monkeypatch, line_core, piece_core=True):
    with monkeypatch.context() as mp:
        if not line_core:
            mp.setattr(tgn_tricks, "_PLAIN_TRICK", None)
            mp.setattr(tgn_reader, "_PLAIN_LINES", None)
        if not piece_core:
            mp.setattr(tgn_tricks, "_PLAIN", None)
        return parse_tgn(text)


def _same(text, monkeypatch):
    fast = _read(text, monkeypatch, True)
    for slow in (_read(text, monkeypatch, False), _read(text, monkeypatch, False, False)):
        assert fast == slow
        assert repr(fast) == repr(slow)          # every play's line and column, every diagnostic's words


def test_clean_records_read_the_same_and_the_core_takes_their_lines(monkeypatch):
    calls = {"taken": 0}
    real = tgn_tricks._PLAIN_TRICK

    def counting(*args):
        got = real(*args)
        calls["taken"] += got is not None
        return got
    for text in _TEXTS:
        _same(text, monkeypatch)
    monkeypatch.setattr(tgn_tricks, "_PLAIN_TRICK", counting)
    monkeypatch.setattr(tgn_reader, "_PLAIN_LINES", None)       # the line itself, not the run of lines
    parse_tgn(_TEXTS[0])
    assert calls["taken"] > 20


@pytest.mark.parametrize("seed", range(6))
def test_seeded_damaged_records_read_the_same(monkeypatch, seed):
    rng = random.Random(seed)
    for text in _TEXTS:
        _same(_damage(text, rng), monkeypatch)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, len(_TEXTS) - 1), st.integers(0, 2 ** 32 - 1), st.sampled_from([0.05, 0.3, 0.9]))
def test_damaged_records_read_the_same(index, seed, rate):
    with pytest.MonkeyPatch.context() as mp:
        _same(_damage(_TEXTS[index], random.Random(seed), rate), mp)


@pytest.mark.parametrize("line", [h + "." + t for h in _HEADS for t in _TAILS[:4]]
                         + [ld + "3. N: SA, E: S3" for ld in _LEADS] + ["3. N: SA - > E", "3.", ".", "3 N: SA"])
def test_single_lines_read_the_same(monkeypatch, line):
    text = '[Event "x"]\n[Hand "1"]\n[Trump "S"]\n[Dealer "N"]\n' + line + "\n2. N: SK\n"
    _same(text, monkeypatch)


def test_the_reader_uses_the_compiled_line():
    assert tgn_tricks._PLAIN_TRICK is core.plain_trick
