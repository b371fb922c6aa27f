"""The compiled run of plain ``.tgn`` lines (``_tgn_core.plain_lines``, used by ``tgn_reader._parse_tgn``)
and the compiled hand's tricks in order (``_tgn_core.tricks_in_order``) change nothing a reader sees: on records damaged in their tag lines, deal, ``Bottom:`` and ``Buried:``
lines, blank lines and trick lines (seeded and under hypothesis), the matches and every diagnostic
(code, line, column, hand, trick, both messages) are the same as with every line read by the Python
loop, and the core takes the plain lines of a clean record (counted)."""
from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings, strategies as st

from tractor_analysis.records import compiled, tgn_reader, tgn_tricks
from tractor_analysis.records.tgn_reader import parse_tgn

from test_tgn_line_core import _records

core = compiled.load("tractor_analysis.records._tgn_core", ".tgn reader core", ".tgn 读取核心")
pytestmark = pytest.mark.skipif(core is None or not hasattr(core, "plain_lines"),
                                reason="the compiled .tgn reader core is not built (or ruled out)")

_BLANKS = ["", " ", "\t", "\u3000", "\x1c", "\xa0 ", "\u2028"]
_TAG_EDITS = [
    lambda ln: ln.replace('"]', '"'), lambda ln: ln.replace("[", "[ ", 1), lambda ln: ln.replace('"]', '" ]'),
    lambda ln: ln + " x", lambda ln: ln + " ; note", lambda ln: ln + ' [Foo "1"]', lambda ln: ln.upper(),
    lambda ln: ln.replace('"', "“", 1).replace('"', "”", 1), lambda ln: ln.replace('"', '"\\', 1),
    lambda ln: ln.replace("[", "[Rule:", 1), lambda ln: ln.replace(" ", ":json ", 1), lambda ln: ln.replace('"', '"{', 1),
    lambda ln: ln.replace(" ", "", 1), lambda ln: "  " + ln + "\t", lambda ln: ln.replace('"', '"x', 1),
    lambda ln: '[Hand "2"]', lambda ln: '[Hand "x"]', lambda ln: '[Dealer "Q"]', lambda ln: '[Trump "H"]',
    lambda ln: '[Points "99999"]', lambda ln: '[North "a"]', lambda ln: '[Declarations "N: X9"]',
    lambda ln: '[Level "Z"]', lambda ln: '[SetUp "1"]', lambda ln: '[]', lambda ln: '[ "x"]', lambda ln: ln + ln,
    lambda ln: ln.replace('"', "'"), lambda ln: "\u3000" + ln, lambda ln: ln.replace('"]', '"]]'),
]
_CARD_EDITS = [
    lambda ln: ln.replace(" ", " X9 ", 1), lambda ln: re.sub(r"^(\w+):", "N:", ln), lambda ln: re.sub(r"^(\w+):", "E:", ln),
    lambda ln: re.sub(r"^(\w+):", "Bottom:", ln), lambda ln: re.sub(r"^(\w+):", "Buried:", ln),
    lambda ln: re.sub(r"^(\w+):", "buried :", ln), lambda ln: re.sub(r"^(\w+):", "底牌:", ln),
    lambda ln: re.sub(r"^(\w+):", "North:", ln), lambda ln: re.sub(r"^(\w+):", "X:", ln),
    lambda ln: re.sub(r"^(\w+):", "Xyzzy:", ln), lambda ln: ln.replace(":", "：", 1), lambda ln: ln.replace(":", "", 1),
    lambda ln: ln + " " + " ".join(ln.split()[1:4]) * 3, lambda ln: ln + " || " + " ".join(ln.split()[1:3]),
    lambda ln: "  " + ln, lambda ln: "\u3000" + ln, lambda ln: ln + " ; c", lambda ln: ln + " {n}",
    lambda ln: ln.replace(" ", "\x1c", 2), lambda ln: ln.replace(" ", "\\", 1), lambda ln: ln.replace(" ", " ♠A ", 1),
    lambda ln: ln + ' "q"', lambda ln: ln.split(":")[0] + ":",
]


_TEXTS = _records(7)          # the simulated records of test_tgn_line_core, other seeds


def _damage(text, rng, rate=0.2):
    lines = text.split("\n")
    out = []
    for line in lines:
        if rng.random() < rate:
            if line.startswith("["):
                line = rng.choice(_TAG_EDITS)(line)
            elif re.match(r"[A-Za-z]+:", line):
                line = rng.choice(_CARD_EDITS)(line)
            elif re.match(r"\d+\.", line):
                line = rng.choice([line.replace(", ", " ; ", 1), line + " {x}", line.replace(":", "：", 1),
                                   line.replace(" ", "  ", 1), "0" + line, line.replace(".", "", 1),
                                   line + ' "', line + " {", '"'])     # unclosed: worded with the trick before
                if rng.random() < 0.1:      # a card line among the tricks
                    out.append("N: SA SK")
            elif not line.strip():
                line = rng.choice(_BLANKS)
        if rng.random() < 0.02:
            out.append(rng.choice(_BLANKS + ["N: SA", "Bottom: SA", '[Hand "1"]', "1. N: SA"]))
        out.append(line)
    return "\n".join(out)


def _read(text, monkeypatch, lines_core):
    with monkeypatch.context() as mp:
        if not lines_core:
            mp.setattr(tgn_reader, "_PLAIN_LINES", None)
            mp.setattr(tgn_reader, "_IN_ORDER", None)
        return parse_tgn(text)


def _same(text, monkeypatch):
    fast = _read(text, monkeypatch, True)
    slow = _read(text, monkeypatch, False)
    assert fast == slow
    assert repr(fast) == repr(slow)          # every play's line and column, every diagnostic's words
    with monkeypatch.context() as mp:        # and with no compiled piece at all
        mp.setattr(tgn_reader, "_PLAIN_LINES", None)
        mp.setattr(tgn_reader, "_IN_ORDER", None)
        mp.setattr(tgn_tricks, "_PLAIN_TRICK", None)
        mp.setattr(tgn_tricks, "_PLAIN", None)
        pure = parse_tgn(text)
    assert repr(fast) == repr(pure)


def test_clean_records_read_the_same_and_the_core_takes_their_lines(monkeypatch):
    taken = {"lines": 0}
    real = tgn_reader._PLAIN_LINES

    def counting(st_, lines, i):
        got = real(st_, lines, i)
        taken["lines"] += got - i
        return got
    for text in _TEXTS:
        _same(text, monkeypatch)
    monkeypatch.setattr(tgn_reader, "_PLAIN_LINES", counting)
    parse_tgn(_TEXTS[0])
    total = len(_TEXTS[0].split("\n"))
    assert taken["lines"] > 0.9 * total          # tags, deal, Bottom, Buried and trick lines, blanks


@pytest.mark.parametrize("seed", range(6))
def test_seeded_damaged_records_read_the_same(monkeypatch, seed):
    rng = random.Random(seed)
    for text in _TEXTS:
        _same(_damage(text, rng), monkeypatch)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, len(_TEXTS) - 1), st.integers(0, 2 ** 32 - 1), st.sampled_from([0.03, 0.2, 0.8]))
def test_damaged_records_read_the_same(index, seed, rate):
    with pytest.MonkeyPatch.context() as mp:
        _same(_damage(_TEXTS[index], random.Random(seed), rate), mp)


@pytest.mark.parametrize("line", ['[Hand "1"]', '[Dealer "N"]', 'N: SA SK', 'Bottom: SA', 'Buried: SA || SK',
                                  'buried: SA', '1. N: SA', '', '  ', '[Event "a"] [Site "b"]', '[Foo:json "[1]"]'])
def test_lines_before_any_hand_read_the_same(monkeypatch, line):
    _same(line + "\n" + line + "\n[Hand \"1\"]\n[Trump \"S\"]\n" + line + "\nN: SA\n1. N: SA\n" + line, monkeypatch)


def test_the_reader_uses_the_compiled_lines():
    assert tgn_reader._PLAIN_LINES is core.plain_lines and tgn_reader._IN_ORDER is core.tricks_in_order


@pytest.mark.parametrize("numbers", [(1, 2, 3), (2, 3), (1, 3), (1, 1), (3, 2), (5,), (999, 1000)])
@pytest.mark.parametrize("first", ["", '[FirstTrick "2"]\n', '[SetUp "1"]\n[FirstTrick "5"]\n'])
def test_trick_numbers_read_the_same(monkeypatch, numbers, first):
    text = '[Hand "1"]\n[Dealer "N"]\n[Trump "S"]\n' + first + "".join(f"{n}. N: SA\n" for n in numbers)
    _same(text + '[Hand "2"]\n1. E: SK ; x\n{a note}\n', monkeypatch)
