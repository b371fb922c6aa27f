"""A ``[Hand]`` line left out between two hands (a referee's tester): the second hand's ``[Dealer]``,
``[Trump]`` … come again after the first hand's tricks.  They cannot be the first hand's (its tricks were
played under the first), so the next hand starts there, read as ``[Hand "?"]`` with a ``missing_tag`` at
the tag — before, the two hands were judged as one 34-trick hand: 58 ``not_in_hand`` charged to players,
a result of 200 and "E–W 2→5" stated, 59 ruling pages to sign."""
from __future__ import annotations

import re

import pytest

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.records.tgn_writer import format_tgn
from tractor_analysis.simulate import simulate_match


def _without_hand_line(text: str, number: int) -> tuple[str, int]:
    """``text`` with its ``[Hand "number"]`` line left out, and the line number the next line then has."""
    lines = text.splitlines(keepends=True)
    (i,) = [i for i, line in enumerate(lines) if line.strip() == f'[Hand "{number}"]']
    return "".join(lines[:i] + lines[i + 1:]), i + 1


def _verdicts(match):
    result = replay_match(match)
    return [(h.dealer, h.trump, h.level, h.attackers_total, h.outcome, len(h.violations), h.levels_after,
             len(h.tricks), h.unknowns) for h in result.hands]


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_the_next_hand_starts_at_its_first_tag(seed):
    match = simulate_match(seed, 0, max_hands=3)
    assert len(match.hands) >= 2
    text = format_tgn(match)
    (whole,), diags = parse_tgn(text)
    assert not diags
    cut, at = _without_hand_line(text, 2)
    (read,), diags = parse_tgn(cut)
    assert len(read.hands) == len(whole.hands)
    (d,) = diags
    assert d.code == "missing_tag" and d.line == at and d.column == 1
    assert re.search(r"again after the tricks of hand 1: the next hand starts here", d.message)
    assert "缺少其 [Hand] 行" in d.message
    assert read.hands[1].tricks == whole.hands[1].tricks and read.hands[0].tricks == whole.hands[0].tricks
    # judged as the record with its [Hand] line: every verdict the same (the hand's number derived from its place)
    assert _verdicts(read) == _verdicts(whole)


def test_a_tag_not_given_before_is_the_hand_s_own():
    """A hand tag the hand has not had (a [Claim] after the tricks, or a [Level] written late) stays its own."""
    match = simulate_match(3, 0, max_hands=2)
    text = format_tgn(match)
    lines = text.splitlines(keepends=True)
    (i,) = [i for i, line in enumerate(lines) if line.startswith("[Level ")][:1]
    level = lines.pop(i)
    (j,) = [j for j, line in enumerate(lines) if line.strip() == '[Hand "2"]']
    lines.insert(j, level)          # hand 1's [Level] after its tricks, before [Hand "2"]
    (read,), diags = parse_tgn("".join(lines))
    assert len(read.hands) == len(match.hands)
    assert not any(d.code == "missing_tag" and "again after the tricks" in d.message for d in diags)
