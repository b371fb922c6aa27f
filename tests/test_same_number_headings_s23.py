"""Two tricks written with one number (``trick_sequence``): the ruling page's and the hand page's trick heading say
which of them it is.

A referee's tester (``n1_two8_swap.tgn``: trick 9 written "8.") found ``tractor ruling`` showing the right trick — the
second trick 8, where W played out of turn — but heading it only "第 8 轮 Trick 8", as the first trick 8 would be.
Now such a trick's heading adds "the second trick written 8 (the 9th in the hand's record)" in both languages; a
trick whose number no other trick has keeps its heading as it was.
"""
from __future__ import annotations

import html
import re
from pathlib import Path

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.reports.build import render_hand
from tractor_analysis.reports.hand_page import hand_view, same_number_words
from tractor_analysis.reports.ruling import render_rulings, ruling_pages

SAMPLE = (Path(__file__).resolve().parents[1] / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
T9 = "9. E: S9, S: S4, W: D5, N: SQ"
assert SAMPLE.count(T9) == 1
TWO_8 = SAMPLE.replace(T9, "8. E: S9, W: D5, S: S4, N: SQ")     # the tester's n1_two8_swap.tgn
SECOND = ("第二个记作第 8 轮的（本局记录中的第 9 轮）", "the second trick written 8 (the 9th in the hand's record)")
FIRST = ("第一个记作第 8 轮的（本局记录中的第 8 轮）", "the first trick written 8 (the 8th in the hand's record)")


def _read(text: str):
    (match,), _ = parse_tgn(text)
    return match, replay_match(match)


def test_the_ruling_heads_the_second_trick_8_as_such():
    # fails before: "第 8 轮 Trick 8" alone
    match, result = _read(TWO_8)
    (page,) = [p for p in ruling_pages([(match, result)]) if p.violation.code == "out_of_turn"]
    assert page.trick.number == 8 and page.trick.written_as == SECOND
    heading = html.unescape(re.search(r"<h2>第 8 轮.*?</h2>", render_rulings([page]), re.S).group(0))
    assert SECOND[0] in heading and SECOND[1] in heading


def test_the_hand_page_heads_both_tricks_8():
    match, result = _read(TWO_8)
    view = hand_view(match, match.hands[0], result.hands[0])
    assert [t.written_as for t in view.tricks if t.number == 8] == [FIRST, SECOND]
    assert all(t.written_as is None for t in view.tricks if t.number != 8)
    headings = [html.unescape(h) for h in re.findall(r"<h3>Trick 8 / 第8轮.*?</h3>", render_hand(view))]
    assert len(headings) == 2 and FIRST[1] in headings[0] and SECOND[1] in headings[1] and SECOND[0] in headings[1]


def test_a_hand_of_distinct_numbers_keeps_its_headings():
    match, result = _read(SAMPLE)
    view = hand_view(match, match.hands[0], result.hands[0])
    assert all(t.written_as is None for t in view.tricks)
    assert "<h3>Trick 8 / 第8轮</h3>" in render_hand(view)


def test_same_number_words():
    assert same_number_words([1, 2, 3]) == (None, None, None)
    words = same_number_words([5, 5, 6, 5])
    assert words[2] is None
    assert [w[1] for w in (words[0], words[1], words[3])] == [
        "the first trick written 5 (the 1st in the hand's record)",
        "the second trick written 5 (the 2nd in the hand's record)",
        "the third trick written 5 (the 4th in the hand's record)"]
    assert words[3][0] == "第三个记作第 5 轮的（本局记录中的第 4 轮）"
    assert same_number_words([1] * 12)[10][1] == "the 11th trick written 1 (the 11th in the hand's record)"
