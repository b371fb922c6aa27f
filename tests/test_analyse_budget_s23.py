"""``tractor analyse --budget-hand`` (issue 23, session 23): what stopped the search is said, and the
hand's time bounds the seat views too; a sampled view says how many deals were drawn and agreed.

1. A search the hand's time stops (its budget cut to the time left) is not "not solved within budget":
   the play and the hand say the hand's time ran out, and the JSON's ``hand_budget_spent`` is true.
2. ``--view``: the seat view running at the deadline stops there and is withheld like those not begun;
   the progress counts only the plays judged; the JSON's ``seconds`` and ``hand_budget_spent`` count
   the views.
3. A sampled view with fewer deals than asked says how many were drawn and how many agreed with what
   the seat had seen; the text's note says once what ``±`` is.

The clock is faked where a test needs the time to run out at one point (never a timing threshold)."""
from __future__ import annotations

import json
import time
import types

from click.testing import CliRunner

from tractor_analysis.analysis import deals as deals_module
from tractor_analysis.analysis import hand_analysis as ha
from tractor_analysis.analysis import view as view_module
from tractor_analysis.analysis.deals import TRIES_PER_SAMPLE, deals_for
from tractor_analysis.analysis.hand_analysis import analyse_hand
from tractor_analysis.analysis.knowledge import knowledge_at
from tractor_analysis.analysis.solver import Budget, Solver
from tractor_analysis.analysis.view import CUT_BY_TIME, OUT_OF_TIME, PlayView, view_hand, view_play, with_views
from tractor_analysis.cli import analyse_cmd
from tractor_analysis.cli.analyse_cmd import VIEW_NOTE, view_text
from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.tricks import hand_context
from tractor_analysis.records import format_tgn, parse_tgn
from tractor_analysis.simulate import simulate


class _FakeClock:
    """``time.perf_counter`` for one module: still until :meth:`jump`."""

    def __init__(self, now: float = 0.0, step: float = 0.0) -> None:
        self.now = now
        self.step = step

    def perf_counter(self) -> float:
        self.now += self.step
        return self.now

    def module(self):
        return types.SimpleNamespace(perf_counter=self.perf_counter)


# --------------------------------------------------------------------------- 1. the backward search


def _match(seed: int):
    return next(iter(simulate(1, seed)))


def _hands(seed: int):
    (m,), _ = parse_tgn(format_tgn(_match(seed)))
    return replay_match(m).hands, m.hands


def _time_stops_the_unsolved(monkeypatch):
    """The hand's clock still (every budget cut to the 5 s left of the hand's, shorter than the
    position's 20 s), and a search that finds nothing (300 nodes: the same position on every
    machine) taking the hand's time to its end, as one the time stopped does."""
    clock = _FakeClock()
    monkeypatch.setattr(ha, "time", clock.module())
    real = Solver.solve

    def solve(self, pos, budget=Budget(), guess=None):
        sol = real(self, pos, Budget(nodes=300, seconds=None), guess)
        if not sol.solved:
            clock.now += 1e6                # the time it searched for: the hand's, to its end
        return sol

    monkeypatch.setattr(Solver, "solve", solve)


# seed 4's second hand, its last 3 tricks at 300 nodes a position: a position not solved part way back
# (tests/test_analyse_view.py's _stopped_hand)
def test_a_search_the_hands_time_stopped_says_so_not_within_budget(monkeypatch):
    h = _hands(4)[0][1]
    _time_stops_the_unsolved(monkeypatch)
    a = analyse_hand(h, 3, Budget(nodes=None, seconds=20.0), hand_seconds=5.0)
    floor = a.not_searched
    assert 0 < floor < len(a.plays)
    assert a.hand_budget_spent                      # the hand's time ran out, not a position's budget
    stopped = a.plays[floor]
    assert stopped.searched and stopped.out_of_time and stopped.cost is None
    assert not any(p.out_of_time for p in a.plays[floor + 1:] if p.value_before is not None and p.best)


def test_the_cli_says_the_hands_time_ran_out_where_it_stopped_the_search(monkeypatch, tmp_path):
    path = tmp_path / "m.tgn"
    path.write_text(format_tgn(_match(4)), "utf-8")
    number = _hands(4)[0][1].number
    _time_stops_the_unsolved(monkeypatch)
    args = ["analyse", str(path), "--hand", str(number), "--last", "3", "--budget", "20", "--budget-hand", "5"]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 0, r.output
    out = r.stdout
    assert "the hand's time (--budget-hand) ran out" in out and "a larger --budget-hand" in out
    assert "加大 --budget-hand" in out
    assert "stopped at the first position not solved within budget" not in out
    assert "not solved: the hand's time (--budget-hand) ran out 未解出：本局时间（--budget-hand）已用完" in out
    assert "not solved within budget 未在预算内解出" not in out
    doc = json.loads(CliRunner().invoke(main, [*args, "--json"]).stdout)["hands"][0]
    assert doc["hand_budget_spent"] is True and doc["not_searched"] > 0
    stopped = doc["plays"][doc["not_searched"]]
    assert stopped["searched"] and stopped["out_of_time"] is True and stopped["cost"] is None
    assert all(p["out_of_time"] is False for p in doc["plays"][:doc["not_searched"]])


def test_a_position_not_solved_within_its_own_budget_is_still_said_so():
    h = _hands(4)[0][1]
    a = analyse_hand(h, 3, Budget(nodes=300, seconds=None), hand_seconds=1e6)
    assert a.not_searched and not a.hand_budget_spent and not any(p.out_of_time for p in a.plays)


# --------------------------------------------------------------------------- 2. the views within the hand's time


def _view_hand_setup(seed: int = 5):
    hands, records = _hands(seed)
    return hands[0], records[0]


def test_a_seat_view_running_at_the_deadline_stops_and_is_withheld():
    h, record = _view_hand_setup()
    index = len(h.tricks) - 2
    free = view_play(h, record, index, 0, 5, 1)
    assert free.value is not None
    cut = view_play(h, record, index, 0, 5, 1, deadline=time.perf_counter() - 1.0)    # the time already gone
    assert cut.value is None and cut.withheld == CUT_BY_TIME and cut.out_of_time
    assert "--budget-hand" in cut.withheld and "本局时间" in cut.withheld


def test_the_views_stop_at_the_deadline_and_the_progress_counts_only_the_plays_judged(monkeypatch):
    h, record = _view_hand_setup()
    first = len(h.tricks) - 2
    clock = _FakeClock(step=1.0)                    # each look at the clock: a second later
    for module in (view_module, deals_module):
        monkeypatch.setattr(module, "time", clock.module())
    view_hand(h, record, first, 5, 0, Budget(), deadline=1e12)
    looks = int(clock.now)                          # the looks a whole run takes
    clock.now = 0.0
    seen = []
    views = view_hand(h, record, first, 5, 0, Budget(), lambda done, total: seen.append((done, total)),
                      deadline=looks / 2)
    judged = [v for v in views if not v.out_of_time]
    assert judged and len(judged) < len(views)
    assert any(v.withheld == CUT_BY_TIME for v in views)          # the one running then: stopped
    assert all(v.withheld == OUT_OF_TIME for v in views[views.index(next(v for v in views if v.out_of_time)) + 1:])
    assert seen == [(n + 1, len(views)) for n in range(len(judged))]
    a = analyse_hand(h, 2, Budget())
    assert not a.hand_budget_spent
    assert with_views(a, views, 7.0).hand_budget_spent and with_views(a, views, 7.0).seconds == 7.0
    assert not with_views(a, judged, 7.0).hand_budget_spent


def test_the_json_seconds_count_the_views(monkeypatch, tmp_path):
    path = tmp_path / "m.tgn"
    path.write_text(format_tgn(_match(5)), "utf-8")
    spans = []

    def timed(f):
        def run(*args, **kwargs):
            start = time.perf_counter()
            out = f(*args, **kwargs)
            spans.append(time.perf_counter() - start)
            return out
        return run

    monkeypatch.setattr(analyse_cmd, "analyse_hand", timed(analyse_cmd.analyse_hand))
    monkeypatch.setattr(analyse_cmd, "view_hand", timed(analyse_cmd.view_hand))
    r = CliRunner().invoke(main, ["analyse", str(path), "--hand", "1", "--last", "2", "--view", "--samples", "5",
                                  "--json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)["hands"][0]
    assert len(spans) == 2 and doc["seconds"] + 0.001 >= sum(spans)     # (rounded to the millisecond)
    assert doc["hand_budget_spent"] is False


# --------------------------------------------------------------------------- 3. the deals' words

FEW_AGREE = """[Event "Simulated 11"]
[North "吴昊"]
[East "Ma Jun"]
[South "杨帆"]
[West "Guo Ying"]
[Ruleset "standard"]
[Rule:decide_by_levels "on"]


[Hand "2"]
[Dealer "E"]
[Trump "H"]
[Level "4"]
[Declarations "S: H4 H4"]
N: C4 HK HJ H10 H8 H8 H7 SK SQ SQ S9 S7 S5 DA DK DQ D6 D5 CQ C10 C9 C8 C5 C3 C2
E: LJ S4 D4 HA HK HQ H9 H7 H6 H3 H2 SA S10 S9 S2 DA DK D9 D5 D3 CA CK C7 C7 C6
S: BJ BJ H4 H4 S4 C4 HQ H10 H5 H3 H2 S8 S5 DJ D9 D8 D7 D7 D3 CK CJ C10 C9 C5 C3
W: HA HJ H6 H5 SA SK SJ S10 S8 S6 S3 S2 DQ DJ D10 D10 D8 D6 D2 D2 CA CQ CJ C8 C6
Bottom: LJ SJ S6 S7 C2 D4 H9 S3
Buried: S2 DA D9 D5 D3 CA C6 C2
1. E: C7 C7, S: C9 C3, W: C8 C6, N: C3 C2
2. E: H9 H9, S: H4 H4, W: HJ H6, N: H8 H8
3. S: D7, W: DQ, N: DA, E: DK
4. N: DK DQ, E: H3 H2, S: D7 D3, W: D10 D10
5. E: LJ LJ, S: BJ BJ, W: HA H5, N: HK H10
6. S: S8, W: SA, N: S7, E: S10
7. W: D2 D2, N: D6 D5, E: S3 CK, S: D9 D8
8. W: S6, N: S9, E: S6, S: S5
9. N: SQ SQ, E: S9 S7, S: CK C10, W: S3 S2
10. N: CQ, E: H6, S: CJ, W: CJ
11. E: D4 D4, S: H3 H2, W: SK S10, N: HJ H7
12. E: SA, S: DJ, W: S8, N: S5
13. E: SJ, S: C5, W: SJ, N: SK
14. N: C10 C9 C8 C5 -> C5, E: H7, S: HQ, W: CQ
15. S: S4, W: D6, N: C4, E: HQ
16. S: C4, W: D8, N: C10, E: HA
17. S: H5, W: DJ, N: C8, E: S4
18. E: HK, S: H10, W: CA, N: C9
[Claim "90"]
"""
"""A simulated hand (a tester's, copied): at trick 14 few deals agree with what E had seen (its follows),
among those that keep the voids."""


def test_a_view_with_fewer_deals_says_how_many_were_drawn_and_agreed():
    v = PlayView(3, False, 115.0, 125.0, ((1,),), 10.0, 0.0, asked=10, found=3, drawn=4000)
    text = view_text(v, 1)
    assert "3 sampled deals / 抽样 3 副牌局" in text
    assert "3 of the 4000 deals drawn agreed with what E had seen" in text
    assert "抽取的 4000 副牌中 3 副与东家所见相符" in text and f"最多抽取 {TRIES_PER_SAMPLE} 副" in text
    full = PlayView(10, False, 115.0, 125.0, ((1,),), 10.0, 0.0, asked=10, found=10, drawn=900)
    assert "drawn" not in view_text(full, 1)        # all the deals asked: nothing to explain
    precise = PlayView(20, False, 115.0, 125.0, ((1,),), 10.0, 0.0, asked=200, found=200)
    assert "--precision reached after 20 of the 200 deals found" in view_text(precise, 1)
    none = PlayView(0, False, None, None, (), None, None, asked=10, found=0, drawn=4000)
    assert "no deal agrees" in view_text(none, 2) and "0 of the 4000 deals drawn" in view_text(none, 2)
    assert "standard error" in VIEW_NOTE and "标准误差" in VIEW_NOTE and "±" in VIEW_NOTE


def test_the_sampler_says_how_many_it_drew_and_the_view_how_many_agreed():
    """The deals drawn one by one and those that agreed, as the sampler counted them: fewer than asked
    only when every draw allowed (samples × TRIES_PER_SAMPLE) was made; the line says so."""
    (m,), _ = parse_tgn(FEW_AGREE)
    h, record = replay_match(m).hands[0], m.hands[0]
    index = [t.number for t in h.tricks].index(14)
    kn = knowledge_at(h, record, index, 1)
    assert kn.seat == 1                                 # E
    d = deals_for(kn, hand_context(h.rules, h.level, h.trump), 10, 53)
    assert not d.exact and len(d.deals) < 10 and d.drawn == 10 * TRIES_PER_SAMPLE
    v = view_play(h, record, index, 1, 10, 53)          # (view_hand's seed for the play, --seed 0)
    assert (v.deals, v.found, v.drawn, v.asked) == (len(d.deals), len(d.deals), d.drawn, 10)
    assert f"{v.found} of the {d.drawn} deals drawn agreed with what E had seen" in view_text(v, kn.seat)
    assert v.json(lambda c: c)["drawn"] == d.drawn and v.json(lambda c: c)["found"] == v.found
    lead = deals_for(knowledge_at(h, record, index, 0), hand_context(h.rules, h.level, h.trump), 10, 52)
    assert len(lead.deals) == 10 and 10 <= lead.drawn < 10 * TRIES_PER_SAMPLE   # N's: enough found, drawing stopped
