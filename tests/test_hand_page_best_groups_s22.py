"""The hand page says a play's best plays in the very lines ``tractor analyse`` prints (session 22).

Both group them with :func:`~tractor_analysis.analysis.best_plays.choices`, which, where two ways of saying
the plays are as short, cuts by the suit group numbered first.  The page numbered the groups as it draws them
(trumps first), the engine as it orders them (trumps last): the same best plays came out in other lines.
"""
from __future__ import annotations

import dataclasses
import html
import re

import pytest

from tractor_analysis.analysis.best_plays import choices
from tractor_analysis.analysis.hand_analysis import PlayAnalysis
from tractor_analysis.cli.analyse_cmd import choices_text
from tractor_analysis.engine.order import TRUMP
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.tricks import hand_context
from tractor_analysis.records.cards import SEAT_TOKENS, TOKEN
from tractor_analysis.reports import analysis as report_analysis
from tractor_analysis.reports.analysis import analysis_of
from tractor_analysis.reports.build import render_hand
from tractor_analysis.reports.match_page import match_view
from tractor_analysis.simulate import simulate_match


@pytest.fixture(scope="module")
def hand():
    """A simulated hand with a trump suit, replayed, and its page's view."""
    match = simulate_match(11, 0, max_hands=1)
    result = replay_match(match)
    h = result.hands[0]
    assert h.trump is not None and h.level is not None
    view = next(v for v in match_view(match, result, key="s22").hands if v.number == h.number)
    return h, view


def _tie(h) -> list[tuple[int, ...]]:
    """Every pair of one of three plain cards and one of three trumps: said in three lines either way —
    by the trump ("♠3 + any 1 of ♥3 ♥4 ♥5") or by the plain card ("♥3 + any 1 of ♠3 ♠4 ♠5")."""
    order = hand_context(h.rules, h.level, h.trump).order
    plain = next(g for g in range(4) if len(order.kinds[g]) >= 3)
    return [tuple(sorted((a, b))) for a in order.kinds[plain][:3] for b in order.kinds[TRUMP][:3]]


def _best_cell(page: str, trick: int, seat: str) -> str:
    row = re.search(rf'<tr data-trick="{trick}" data-seat="{seat}"[^>]*>(.*?)</tr>', page, re.S)
    assert row, (trick, seat)
    cell = re.findall(r'<td class="wide" data-label="best / 最佳">(.*?)</td>', row.group(1), re.S)[0]
    return html.unescape(re.sub(r"<[^>]+>", "", cell))


def test_the_page_says_tied_best_plays_in_analyses_lines(hand, monkeypatch):
    h, view = hand
    plays = _tie(h)
    display = view.groups
    # the two numberings cut the plays differently (else this test could not fail)
    engine_lines = choices(plays, hand_context(h.rules, h.level, h.trump).order.group.__getitem__)
    assert choices(plays, display.__getitem__) != engine_lines and len(engine_lines) == 3
    t = view.tricks[-1]
    p = t.plays[0]
    row = (t.number, 0, p.seat, 60, 60, 0, [" ".join(TOKEN[k] for k in plays[0])], (None,) * 7)
    # the search's equal sets, as equal_plays expands the dataset's one play a set: here all nine
    monkeypatch.setattr(report_analysis, "equal_plays", lambda *_: list(plays))
    a = analysis_of(view, [row], h)
    assert a is not None and a.plays[0].best_every
    page = render_hand(dataclasses.replace(view, analysis=a))
    # analyse's words for the same best plays (its text: choices_text, in the hand's order)
    seat = SEAT_TOKENS.index(p.seat)
    analysed = PlayAnalysis(t.number, seat, p.cards, 60, 60, 0, (plays[0],), best_every=tuple(plays))
    text = choices_text(analysed, hand_context(h.rules, h.level, h.trump).order)
    assert "any 1 of" in text
    assert _best_cell(page, t.number, p.seat).replace(" ", "") == text.replace(" ", "")
