"""What a player sees of ``tractor analyse`` (issue 23): a play that costs nothing is among its own
best plays, equal best plays said once ("any 3 of …"), progress on stderr, ``--budget-hand`` and
``--show-hands``."""
from __future__ import annotations

import json
from collections import Counter
from itertools import combinations

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from engine_helpers import position
from tractor_analysis.analysis.best_plays import BestChoice, choices
from tractor_analysis.analysis.hand_analysis import MIN_LAST, analyse_hand, position_at, trick_bases
from tractor_analysis.analysis.solver import Budget, Solver
from tractor_analysis.cli.analyse_cmd import Progress, choice_text
from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.tricks import hand_context
from tractor_analysis.records import format_tgn, parse_tgn
from tractor_analysis.simulate import simulate

# E holds both jokers, every copy still in play: the search merges them (the weaker stands for
# both). E trumps the spade lead with 大王 (BJ): that costs nothing, so BJ must be a best play.
JOKERS = position("N: SA, E: BJ, S: S4, W: S6", level="2", trump="H", ruleset="standard",
                  hands={"N": "SA S3", "E": "BJ LJ", "S": "S4 S5", "W": "S6 S7"},
                  buried="C3 C4 C6 C7 C8 C9 CJ CQ",       # no points in the bottom, stated
                  extra="2. E: LJ, S: S5, W: S7, N: S3")


def _run(*args):
    return CliRunner().invoke(main, ["analyse", *args])


def _write(tmp_path, text, name="p.tgn"):
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    return str(f)


def test_a_play_that_costs_nothing_is_among_its_best_plays(tmp_path):
    r = _run(_write(tmp_path, JOKERS), "--json")
    assert r.exit_code == 0, r.output
    plays = json.loads(r.stdout)["hands"][0]["plays"]
    e = plays[1]
    assert e["seat"] == "E" and e["cards"] == ["BJ"] and e["cost"] == 0
    assert ["BJ"] in e["best"], e["best"]
    assert {"cards": [], "any": 1, "of": ["LJ", "BJ"], "plays": 2} in e["best_choices"]


def _simulated_hands(seed: int, n: int = 1):
    match = next(iter(simulate(1, seed)))
    (m,), _ = parse_tgn(format_tgn(match))
    return replay_match(m).hands[:n]


def test_every_costless_play_is_best_and_every_listed_best_play_is_best():
    """On simulated hands: a play with cost 0 is in its best plays, and every play a best-choice
    line stands for keeps the position's value (checked by the solver, play by play)."""
    checked = 0
    for seed in (3, 11):
        for h in _simulated_hands(seed):
            a = analyse_hand(h, 2, Budget(nodes=None, seconds=None))
            assert a.solved
            ctx = hand_context(h.rules, h.level, h.trump)
            solver = Solver(ctx, h.defenders, h.bottom_points)
            bases, penalties = trick_bases(h)
            first = len(h.tricks) - a.tricks
            slots = [(i, j) for i in range(first, len(h.tricks)) for j in range(len(h.tricks[i].plays))]
            for (i, j), p in zip(slots, a.plays):
                if p.cost == 0:
                    assert tuple(sorted(p.cards)) in p.best and tuple(sorted(p.cards)) in p.best_every
                pos = position_at(h, i, j, bases, penalties)
                for c in choices(p.best_every, ctx.order.group.__getitem__):
                    for play in c.plays():
                        assert solver.solve(solver.after(pos, play)).value == p.value_before, (p, play)
                        checked += 1
    assert checked > 16


def test_equal_discards_are_said_once():
    pool = (0, 1, 2, 3)                                   # ♣2 … ♣5 as kinds of one suit
    plays = [tuple(sorted((40,) + c)) for c in combinations(pool, 3)]
    (c,) = choices(plays, lambda k: k // 13)
    assert c == BestChoice((40,), 3, pool, 4)
    assert choice_text(c) == "♣3 + any 3 of ♠2 ♠3 ♠4 ♠5 (4 plays) / ♣3 + ♠2 ♠3 ♠4 ♠5 中任意三张（共 4 种）"
    assert sorted(c.plays()) == sorted(plays)


def test_a_missing_combination_is_never_said_as_any():
    pool = (0, 1, 2, 3)
    plays = [tuple(sorted((40,) + c)) for c in combinations(pool, 2)][:-1]      # 5 of the 6
    out = choices(plays, lambda k: k // 13)
    assert all(c.choose == 0 for c in out) and len(out) == 5


def test_two_copies_of_a_card_count_once_per_distinct_play():
    plays = [(0, 0), (0, 1), (1, 1)]                      # any 2 of ♣2 ♣2 ♣3 ♣3 (three distinct plays)
    assert choices(plays, lambda k: k // 13) == [BestChoice((), 2, (0, 0, 1, 1), 3)]
    assert choices(plays[:2], lambda k: k // 13) != [BestChoice((), 2, (0, 0, 1, 1), 3)]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.integers(0, 8), min_size=2, max_size=2), min_size=1, max_size=12))
def test_choices_stand_for_exactly_the_plays_given(raw):
    plays = {tuple(sorted(p)) for p in raw}
    out = choices(plays, lambda k: k // 3)
    stood = [q for c in out for q in c.plays()]
    assert Counter(stood) == Counter(plays)


def test_progress_is_said_after_a_second_in_both_languages(capsys):
    p = Progress(3)
    p(1, 10, 0.4)
    assert capsys.readouterr().err == ""
    p(5, 10, 1.5)
    p(10, 10, 2.0)
    err = capsys.readouterr().err
    assert "hand 3: 5/10 plays analysed" in err and "第3局：已分析 5/10 手出牌" in err and "10/10" in err


def test_analyse_hand_reports_each_play_done():
    (h,) = _simulated_hands(5)
    seen = []
    a = analyse_hand(h, 2, Budget(), progress=lambda done, total, s: seen.append((done, total)))
    assert seen == [(i + 1, len(a.plays)) for i in range(len(a.plays))]


def test_the_hand_budget_withholds_what_it_did_not_reach(tmp_path):
    (h,) = _simulated_hands(7)
    full = analyse_hand(h, 3, Budget(nodes=None, seconds=None))
    cut = analyse_hand(h, 3, Budget(nodes=None, seconds=None), hand_seconds=1e-9)
    assert full.solved and not full.hand_budget_spent
    assert cut.hand_budget_spent and not cut.solved
    for f, c in zip(full.plays, cut.plays):                 # what was solved is exact, the rest withheld
        assert c.value_before in (None, f.value_before) and c.value_after in (None, f.value_after)
        assert c.cost in (None, f.cost)
    assert any(c.value_before is None for c in cut.plays)


def test_time_running_out_between_a_plays_two_positions_leaves_the_play_not_searched(monkeypatch):
    """The hand's time runs out after the position after the last play is solved and before the
    position before it: that play is not searched (its value after stays; nothing is guessed)."""
    import tractor_analysis.analysis.hand_analysis as ha
    (h,) = _simulated_hands(7)
    real = ha._Clock.next
    calls = []

    def next_(self):
        calls.append(1)
        if len(calls) > 1:
            self.spent = True
            return None
        return real(self)

    monkeypatch.setattr(ha._Clock, "next", next_)
    cut = analyse_hand(h, 2, Budget(nodes=None, seconds=None), hand_seconds=1e6)
    last = cut.plays[-1]
    assert last.value_before is None and last.value_after is not None
    assert not last.searched and last.cost is None and last.best is None
    assert cut.not_searched == len(cut.plays) and cut.hand_budget_spent
    monkeypatch.undo()
    assert analyse_hand(h, 2, Budget(nodes=None, seconds=None)).plays[-1].value_after == last.value_after


def test_budget_hand_and_show_hands_in_the_cli(tmp_path):
    f = _write(tmp_path, JOKERS)
    r = _run(f, "--budget-hand", "0.01", "--last", "2")
    assert r.exit_code == 0
    r = _run(f, "--show-hands")
    assert r.exit_code == 0, r.output
    out = r.stdout.splitlines()
    at = out.index("  trick 1 第1轮")
    assert [line.split()[0] for line in out[at + 1:at + 5]] == ["N", "E", "S", "W"]
    assert "主 大王 小王" in out[at + 2] and "♠ A 3" in out[at + 1]        # grouped as tractor replay groups them
    r = _run(f, "--help")
    assert "per position" in r.stdout and "--budget-hand" in r.stdout and "--show-hands" in r.stdout


def test_the_cut_hand_says_so_in_text(tmp_path):
    match = next(iter(simulate(1, 7)))
    f = _write(tmp_path, format_tgn(match), "sim.tgn")
    r = _run(f, "--hand", "1", "--last", "3", "--budget-hand", "0.000001")
    assert r.exit_code == 0, r.output
    assert "--budget-hand" in r.stdout and "未搜索" in r.stdout


# seed 4's second hand, its last 3 tricks at 300 nodes a position: the position before the fourth play
# from the end is not solved (found by trying seeds 1-11; the node budget makes it the same everywhere)
def _stopped_hand():
    h = _simulated_hands(4, 2)[1]
    return h, analyse_hand(h, 3, Budget(nodes=300, seconds=None))


def test_the_search_goes_back_from_the_end_and_stops_at_the_first_position_not_solved():
    h, a = _stopped_hand()
    full = analyse_hand(h, 3, Budget(nodes=None, seconds=None))
    assert full.solved and full.not_searched == 0 and all(p.searched for p in full.plays)
    floor = a.not_searched
    assert 0 < floor < len(a.plays) and not a.hand_budget_spent
    for p in a.plays[:floor]:                       # before the stop: not searched, nothing said of them
        assert not p.searched and (p.value_before, p.value_after, p.cost, p.best) == (None, None, None, None)
    stop = a.plays[floor]                           # where it stopped: searched, not solved
    assert stop.searched and (stop.value_before is None or stop.value_after is None) and stop.cost is None
    for p, f in zip(a.plays[floor + 1:], full.plays[floor + 1:]):      # after it: every value, the exact one
        assert p.searched and (p.value_before, p.value_after, p.cost) == (f.value_before, f.value_after, f.cost)
        assert p.best == f.best


def test_every_position_searches_the_plays_before_one_not_solved_too():
    h, a = _stopped_hand()
    full = analyse_hand(h, 3, Budget(nodes=None, seconds=None))
    every = analyse_hand(h, 3, Budget(nodes=300, seconds=None), every_position=True)
    assert every.not_searched == 0 and all(p.searched for p in every.plays)
    assert every.nodes > a.nodes                    # the positions before the stop were searched
    for p, f in zip(every.plays, full.plays):       # what they solved is exact; the rest withheld
        assert p.value_before in (None, f.value_before) and p.value_after in (None, f.value_after)
        assert p.cost in (None, f.cost)
    for p, q in zip(every.plays[a.not_searched:], a.plays[a.not_searched:]):     # from the stop on: alike
        assert (p.value_before, p.value_after, p.cost, p.best) == (q.value_before, q.value_after, q.cost, q.best)


def test_not_searched_plays_are_said_so_in_text_and_json(tmp_path):
    match = next(iter(simulate(1, 4)))
    f = _write(tmp_path, format_tgn(match), "sim.tgn")
    args = (f, "--hand", "2", "--last", "3", "--nodes", "300")
    doc = json.loads(_run(*args, "--json").stdout)["hands"][0]
    _, a = _stopped_hand()
    assert doc["not_searched"] == a.not_searched > 0
    assert [p["searched"] for p in doc["plays"]] == [p.searched for p in a.plays]
    r = _run(*args)
    assert r.exit_code == 0, r.output
    assert r.stdout.count("not searched 未搜索") == a.not_searched
    assert f"the {a.not_searched} plays before it were not searched" in r.stdout
    assert f"其前 {a.not_searched} 手出牌未搜索" in r.stdout and "--every-position" in r.stdout
    doc = json.loads(_run(*args, "--json", "--every-position").stdout)["hands"][0]
    assert doc["not_searched"] == 0 and all(p["searched"] for p in doc["plays"])
    assert "--every-position" in _run("--help").stdout


def test_without_last_the_progress_says_where_the_analysis_starts_is_being_found(capsys):
    (h,) = _simulated_hands(4)          # its last 9 tricks, at 20,000 nodes a position
    seen = []
    a = analyse_hand(h, None, Budget(nodes=20_000, seconds=None), progress=lambda done, total, s: seen.append((done, total)))
    early = [done for done, total in seen if total is None]
    assert a.tricks > MIN_LAST and early == list(range(1, a.tricks - MIN_LAST + 1))  # one per earlier trick solved
    assert [x for x in seen if x[1] is not None] == [(i + 1, len(a.plays)) for i in range(len(a.plays))]
    p = Progress(5)
    p(2, None, 3.0)
    err = capsys.readouterr().err
    assert "hand 5: finding where the analysis starts, 2 earlier tricks solved" in err
    assert "第5局：正在确定分析的起点，已解出更早的 2 轮" in err


def test_what_a_stopped_analysis_says_is_exact_and_only_its_start_is_withheld():
    """On simulated hands at small node budgets: the plays not searched come first, the one where
    the search stopped next, and every play after it has both values, the ones an unlimited search
    gives (the stop withholds; it never changes a value)."""
    stops = 0
    for seed in (4, 5, 7):
        for h in _simulated_hands(seed, 3):
            full = analyse_hand(h, 4, Budget(nodes=None, seconds=None))
            for nodes in (40, 150, 600):
                a = analyse_hand(h, 4, Budget(nodes=nodes, seconds=None))
                cut = a.not_searched
                assert [p.searched for p in a.plays] == [False] * cut + [True] * (len(a.plays) - cut)
                assert all(p.value_before is None and p.value_after is None for p in a.plays[:cut])
                stopped = cut > 0 or a.plays[0].value_before is None
                if stopped:                     # where it stopped: what it has is exact, the cost withheld
                    p, f = a.plays[cut], full.plays[cut]
                    assert p.value_before in (None, f.value_before) and p.value_after in (None, f.value_after)
                    assert p.cost is None and None in (p.value_before, p.value_after)
                rest = a.plays[cut + 1:] if stopped else a.plays
                for p, f in zip(a.plays[len(a.plays) - len(rest):], full.plays[len(a.plays) - len(rest):]):
                    assert (p.value_before, p.value_after, p.cost) == (f.value_before, f.value_after, f.cost)
                stops += stopped
    assert stops >= 10, stops


@pytest.mark.parametrize("every", (False, True))
def test_each_position_is_searched_once_a_hand_also_while_the_start_is_found(every):
    """Without --last the trick starts solved while finding where the analysis starts are positions
    of the analysed plays too: none is searched twice (the positions after a play and before the
    next are one), and the values are those of a solver searching afresh."""
    (h,) = _simulated_hands(4)
    solver = Solver(hand_context(h.rules, h.level, h.trump), h.defenders, h.bottom_points)
    asked = []
    solve = solver.solve
    solver.solve = lambda pos, *args, **kw: (asked.append(pos), solve(pos, *args, **kw))[1]
    budget = Budget(nodes=20_000, seconds=None)
    a = analyse_hand(h, None, budget, solver, every_position=every)
    assert a.tricks > MIN_LAST and len(asked) > len(a.plays)
    assert len(set(asked)) == len(asked), "a position searched twice"
    fresh = analyse_hand(h, a.tricks, budget, every_position=every)
    assert [(p.value_before, p.value_after, p.cost) for p in a.plays] == \
           [(p.value_before, p.value_after, p.cost) for p in fresh.plays]


def test_a_cost_whose_best_plays_the_budget_did_not_reach_says_so():
    from tractor_analysis.analysis.hand_analysis import PlayAnalysis
    from tractor_analysis.cli.analyse_cmd import play_line
    p = PlayAnalysis(3, 1, (5,), 40, 30, 10, None)      # (the order is read only with best plays)
    line = play_line(p, None, None)
    assert "cost 代价 10" in line and "best plays not found within budget" in line and "最佳出牌未在预算内求出" in line
    assert "not found" not in play_line(PlayAnalysis(3, 1, (5,), 40, 40, 0, None), None, None)


def test_a_play_the_hands_time_did_not_reach_is_not_reported_done(monkeypatch):
    """The hand's time spent between a play's two positions (its position after searched, before not): the play is
    not searched, and the progress never says it was analysed (a player's finding: "12/12 plays analysed", then
    "1 not searched")."""
    from tractor_analysis.analysis import hand_analysis

    (h,) = _simulated_hands(5)
    real, calls = hand_analysis._solve, []

    def solve(solver, pos, clock, guess):
        calls.append(pos)
        return None if len(calls) == 4 else real(solver, pos, clock, guess)   # the second play's position before
    monkeypatch.setattr(hand_analysis, "_solve", solve)
    seen = []
    a = analyse_hand(h, 2, Budget(), progress=lambda done, total, s: seen.append((done, total)))
    searched = sum(p.searched for p in a.plays)
    assert searched < len(a.plays) and seen and max(done for done, _ in seen) == searched
