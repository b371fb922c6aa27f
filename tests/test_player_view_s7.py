"""Task PL2 (a player's probe): ``tractor analyse`` and the hand page's analysis say the same, readably."""
from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from tractor_analysis.analysis.best_plays import choices, equal_plays
from tractor_analysis.analysis.hand_analysis import analyse_hand
from tractor_analysis.analysis.record_basis import with_derived_plays
from tractor_analysis.analysis.solver import Budget
from tractor_analysis.cli.analyse_cmd import VIEW_NOTE, hand_lines, play_line, search_summary
from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.tricks import hand_context
from tractor_analysis.records.cards import SEAT_TOKENS, TOKEN, parse_cards
from tractor_analysis.reports.analysis import analysis_of
from tractor_analysis.reports.build import render_hand
from tractor_analysis.reports.match_page import match_view
from tractor_analysis.simulate import simulate_match, write_matches

LAST = 5


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    """A simulated two-hand match (seed 11, as the probe's), replayed, its hands analysed, its record on disk."""
    match = simulate_match(11, 0, max_hands=2)
    result = replay_match(match)
    analyses = {h.number: analyse_hand(h, LAST, Budget(seconds=10)) for h in result.hands}
    folder = tmp_path_factory.mktemp("pl2")
    path = write_matches([match], str(folder))[0]
    return match, result, analyses, path


def _expanded(analyses):
    """(hand, play) pairs whose best plays are more than one per set of equal plays."""
    return [(n, p) for n, a in analyses.items() for p in a.plays
            if p.best and p.best_every and len(p.best_every) > len(p.best)]


def test_equal_plays_lists_every_best_play_as_analyse_does(game):
    _, result, analyses, _ = game
    hands = {h.number: h for h in result.hands}
    assert _expanded(analyses), "the game should have best plays merged with equal ones"
    for n, a in analyses.items():
        for p in a.plays:
            if p.best:
                every = equal_plays(hands[n], p.trick, p.seat, p.best)
                assert every is not None and set(every) == set(p.best_every)


def _rows(a):
    """The dataset's rows of an analysed hand (``best``: one play per set of equal plays)."""
    rows, pos = [], {}
    for p in a.plays:
        i = pos[p.trick] = pos.get(p.trick, -1) + 1
        best = None if p.best is None else [" ".join(TOKEN[c] for c in b) for b in p.best]
        rows.append((p.trick, i, SEAT_TOKENS[p.seat], p.value_before, p.value_after, p.cost, best, (None,) * 7))
    return rows


def _page(game, with_result: bool):
    match, result, analyses, _ = game
    view = match_view(match, result, key="pl2")
    n, p = _expanded(analyses)[0]
    hand = next(h for h in view.hands if h.number == n)
    hr = next(h for h in result.hands if h.number == n)
    hand = dataclasses.replace(hand, analysis=analysis_of(hand, _rows(analyses[n]), hr if with_result else None))
    return hand, p, render_hand(hand)


def _best_cell(html: str, trick: int, seat: str) -> str:
    row = re.search(rf'<tr data-trick="{trick}" data-seat="{seat}"[^>]*>(.*?)</tr>', html, re.S)
    assert row, (trick, seat)
    return re.findall(r'<td class="wide" data-label="best / 最佳">(.*?)</td>', row.group(1), re.S)[0]


def test_hand_page_shows_every_best_play_the_text_lists(game):
    hand, p, html = _page(game, with_result=True)
    seat = SEAT_TOKENS[p.seat]
    shown = next(x for x in hand.analysis.plays if x.trick == p.trick and x.seat == seat)
    assert shown.best_every
    listed = {play for c in shown.best_choices for play in c.plays()}
    assert listed == set(p.best_every)
    cell = _best_cell(html, p.trick, seat)
    assert cell.count(" | ") == len(p.best_every) - 1 and "shown once" not in cell


def test_hand_page_without_the_replay_says_equal_plays_are_shown_once(game):
    _, p, html = _page(game, with_result=False)
    assert "equal plays shown once / 等价出牌只列一种" in _best_cell(html, p.trick, SEAT_TOKENS[p.seat])
    assert 'id="analysis-best-once"' in html


def test_hand_page_says_any_k_of_as_the_text_does(game):
    hand, _, _ = _page(game, with_result=True)
    a = hand.analysis
    clubs = parse_cards("C3 C4 C5 C6")
    plays = [tuple(sorted(c)) for c in ((0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3))]
    grouped = tuple(choices([tuple(clubs[i] for i in pl) for pl in plays], lambda k: 0))
    assert len(grouped) == 1 and grouped[0].choose == 3
    first = a.plays[0]
    play = dataclasses.replace(first, best=tuple(g for g in grouped[0].plays()), best_choices=grouped,
                               player="<b>x</b>")
    html = render_hand(dataclasses.replace(hand, analysis=dataclasses.replace(a, plays=(play,))))
    cell = _best_cell(html, play.trick, play.seat)
    # written as analyse writes it, strongest first, the Chinese half carrying the cards too
    words = re.sub(r"<[^>]+>", "", cell)
    assert "any 3 of ♣6♣5♣4♣3 (4 plays) / ♣6♣5♣4♣3 中任意三张（共 4 种）" in words
    assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html


def test_illegal_play_text_shows_the_best_legal_play(game):
    match, result, analyses, _ = game
    n, a = next(iter(analyses.items()))
    p = next(x for x in a.plays if x.best and x.value_before is not None and x.value_after is not None)
    bad = dataclasses.replace(p, legal=False, cost=None)
    h = next(x for x in result.hands if x.number == n)
    line = play_line(bad, match, hand_context(h.rules, h.level, h.trump).order)
    assert "illegal play 违规出牌" in line and "best legal play 最佳合法出牌" in line


def test_search_summary_counts_positions_not_solved(game):
    _, _, analyses, _ = game
    a = next(iter(analyses.values()))
    first = dataclasses.replace(a.plays[0], value_before=None, best=None, best_every=None, cost=None)
    text = search_summary(dataclasses.replace(a, plays=(first,) + a.plays[1:]))
    n = len(a.plays)
    assert f"{n} plays searched, {n - 1} valued, 1 not solved within the budget" in text
    assert f"搜索 {n} 手出牌，{n - 1} 手得出数值，1 手未在预算内解出" in text


def test_text_states_trump_level_attackers_and_groups_hands(game):
    match, result, analyses, _ = game
    n, a = next(iter(analyses.items()))
    h = with_derived_plays(next(x for x in result.hands if x.number == n))
    lines = [click.unstyle(x) for x in hand_lines(a, match, h, show_hands=True)]
    assert "trump 主" in lines[1] and "level 级" in lines[1] and "attackers 闲家:" in lines[1]
    attackers = [SEAT_TOKENS[s] for s in range(4) if s not in h.defenders]
    assert all(f" {s} " in lines[1] + " " for s in attackers)
    held = [x for x in lines if x.startswith("    ") and "→" not in x]
    assert held and any("│" in x or " 主 " in x for x in held)


def _run(*args):
    return CliRunner().invoke(main, ["analyse", *args])


def test_messages_are_bilingual(game, tmp_path):
    *_, path = game
    for i in range(2):
        shutil.copy(path, tmp_path / f"m{i}.tgn")
    r = _run(str(tmp_path), "--last", "2")
    assert r.exit_code == 2 and "analyse takes one record file" in r.output and "只接受一个记录文件" in r.output
    r = _run(path, "--hand", "99", "--last", "2")
    assert r.exit_code == 2 and "(its hands: 1, 2)" in r.output and "（其中的局：1, 2）" in r.output
    bad = tmp_path / "bad.tgn"
    bad.write_text("garbage\n" + Path(path).read_text(encoding="utf-8"), encoding="utf-8")
    r = _run(str(bad), "--last", "2", "--hand", "1")
    line = next(x for x in r.output.splitlines() if "cannot read" in x)
    assert "'garbage'" in line.split(" / ")[0] and "'garbage'" in line.split(" / ")[1]


def test_view_note_is_said_once_a_run(game):
    *_, path = game
    r = _run(path, "--last", "2", "--view", "--samples", "3")
    assert r.exit_code == 0, r.output
    assert r.output.count(VIEW_NOTE) == 1 and r.output.count("hand 2 第2局") == 1



def test_one_trick_recorded_whole_is_said_in_the_singular():
    """The reason a hand the record stops in is not analysed says "trick 20 is recorded whole" for one trick
    (it said "trick 20 are …"), and the Chinese says it plainly (已完整记录)."""
    from pathlib import Path
    from click.testing import CliRunner
    from tractor_analysis.cli.main import main
    record = Path(__file__).parent.parent / "sample_logs" / "disputed-trick.tgn"
    out = CliRunner().invoke(main, ["analyse", str(record), "--last", "3"]).output
    assert "trick 20 is recorded whole" in out and "trick 20 are" not in out
    assert "第 20 轮已完整记录" in out
