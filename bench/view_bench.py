"""Benchmark: each play judged from its player's seat (``analyse --view``, issue 24), beside the
double-dummy cost with all hands open, on the last K tricks of the solver bench's hands
(``bench/solver_bench.py``: simulated 2-deck hands, seed 7, complete, no violation, ≥ 8 tricks).

Not a test.  Per hand: the CPU seconds of the view of every analysed play (all four seats), as a
multiple of the reading baseline (``json.loads`` of each line of 1 MB of JSON lines, CPU time) measured
in the same run, and the load; then how much the two costs disagree: plays that are costly open (≥ 5,
≥ 20, ≥ 40 points: the marks ?!, ?, ??) but best from the seat (among the view's best plays, view
cost 0), the reverse, and the mean absolute gap.  ``--profile`` prints where one hand's time goes.

    .venv/bin/python bench/view_bench.py [--hands 15] [--seed 7] [--last 8] [--samples 200] [--budget 30]
                                         [--first 0] [--profile]
"""
from __future__ import annotations

import argparse
import os
import statistics
import time

from solver_bench import json_baseline

from tractor_analysis.analysis.hand_analysis import MARKS, analyse_hand
from tractor_analysis.analysis.solver import Budget
from tractor_analysis.analysis.view import searches_for, view_hand
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import format_tgn, parse_tgn
from tractor_analysis.simulate import simulate


def hands_of(count: int, seed: int, preset: str = "standard"):
    """The solver bench's hands (:func:`solver_bench.hands_of`: complete, no violation, ≥ 8 tricks,
    from ``simulate(1, seed + i)``), each with its record (read back from its .tgn text: what a
    player knows of the declarations and the bury is in the record)."""
    out, index = [], 0
    while len(out) < count:
        for match in simulate(1, seed + index, preset=preset):
            (m,), _ = parse_tgn(format_tgn(match))
            for h, rec in zip(replay_match(m).hands, m.hands):
                if h.complete and not h.violations and len(h.tricks) >= 8:
                    out.append((h, rec))
        index += 1
    return out[:count]


def disagreement(pairs: list[tuple[int, object]]) -> list[str]:
    """The table of how the two costs disagree: ``pairs`` of (open cost, view)."""
    n = len(pairs)
    lines = [f"| plays judged | {n} |", "|---|---|"]
    for limit, mark, name in reversed(MARKS):
        costly = [(dd, v) for dd, v in pairs if dd >= limit]
        seat_best = sum(1 for _, v in costly if v.cost == 0)
        lines.append(f"| open cost ≥ {limit} ({mark}) | {len(costly)} |")
        lines.append(f"| … of them best from the seat (view cost 0) | {seat_best} "
                     f"({100 * seat_best / n if n else 0:.1f} % of plays judged) |")
    reverse = sum(1 for dd, v in pairs if dd == 0 and v.cost >= MARKS[-1][0])
    lines.append(f"| best open (cost 0) but view cost ≥ {MARKS[-1][0]} | {reverse} "
                 f"({100 * reverse / n if n else 0:.1f} %) |")
    gap = statistics.mean(abs(dd - v.cost) for dd, v in pairs) if pairs else 0.0
    lines.append(f"| mean abs(open cost − view cost) | {gap:.2f} points |")
    exact = sum(1 for _, v in pairs if v.exact)
    lines.append(f"| views exact (every agreeing deal) | {exact} ({100 * exact / n if n else 0:.0f} %) |")
    return lines


def count(hands, last: int, samples: list[int]) -> None:
    """Searches (candidates × deals) a view of every play of the last ``last`` tricks runs, at each
    of ``samples``: per hand, and over all hands per trick from the end (the first tricks, with
    the most cards left, cost the most a search)."""
    per_depth = {n: [0] * last for n in samples}
    for h, rec in hands:
        first = len(h.tricks) - last
        totals = {}
        for n in samples:
            total = 0
            for i in range(first, len(h.tricks)):
                for j in range(len(h.tricks[i].plays)):
                    k = searches_for(h, rec, i, j, n, i * 4 + j)       # view_hand's seed for the play, seed 0
                    total += k
                    per_depth[n][i - first] += k
            totals[n] = total
        print(f"  hand {h.number:>2}: searches " + ", ".join(f"{totals[n]} at {n} samples" for n in samples)
              + f" (× {totals[samples[-1]] / max(totals[samples[0]], 1):.1f})", flush=True)
    for n in samples:
        print(f"searches per trick of the last {last} (all hands), {n} samples: {per_depth[n]}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=15)
    ap.add_argument("--first", type=int, default=0, help="skip the first N of the hands")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--last", type=int, default=8)
    ap.add_argument("--samples", type=int, default=200)
    ap.add_argument("--budget", type=float, default=30.0, help="seconds per search")
    ap.add_argument("--precision", type=float, default=None,
                    help="stop a play's deals once every choice's cost is known within this (points, stderr)")
    ap.add_argument("--profile", action="store_true", help="profile the first hand and stop")
    ap.add_argument("--count", default=None, metavar="N,M",
                    help="only count the searches a view would run at N and at M samples (no search), per "
                         "hand and per trick of the last K: how the time grows with the samples")
    args = ap.parse_args()
    cpu_base = json_baseline(time.process_time)
    budget = Budget(nodes=None, seconds=args.budget)
    hands = hands_of(args.first + args.hands, args.seed)[args.first:]
    print(f"{len(hands)} hands of the solver bench (seed {args.seed}), last {args.last} tricks, every seat, "
          f"{args.samples} samples a play"
          f"{'' if args.precision is None else f' (fewer once known within {args.precision} points)'}, "
          f"{args.budget:.0f} s a search; baseline json.loads = "
          f"{cpu_base * 1000:.1f} CPU-ms; load {os.getloadavg()[0]:.2f}", flush=True)
    if args.count:
        count(hands, args.last, [int(x) for x in args.count.split(",")])
        return
    if args.profile:
        import cProfile
        import pstats

        h, rec = hands[0]
        a = analyse_hand(h, args.last, budget)
        prof = cProfile.Profile()
        prof.enable()
        view_hand(h, rec, len(h.tricks) - a.tricks, args.samples, 0, budget, precision=args.precision)
        prof.disable()
        pstats.Stats(prof).sort_stats("cumulative").print_stats(30)
        pstats.Stats(prof).sort_stats("tottime").print_stats(20)
        return
    times, pairs, withheld, open_unsolved = [], [], 0, 0
    for h, rec in hands:
        a = analyse_hand(h, args.last, budget)
        t0 = time.process_time()
        views = view_hand(h, rec, len(h.tricks) - a.tricks, args.samples, 0, budget, precision=args.precision)
        cpu = time.process_time() - t0
        times.append(cpu)
        out = sum(1 for v in views if v.cost is None)
        withheld += out
        these = [(p.cost, v) for p, v in zip(a.plays, views) if p.cost is not None and v.cost is not None]
        pairs += these
        deals = sum(v.deals for v in views)
        # a legal play whose double-dummy search ran out of its budget has no cost: the sum of the
        # others is then a lower bound, and says so (it used to count such a play as 0, silently)
        unsolved = sum(1 for p in a.plays if p.legal and p.cost is None)
        open_unsolved += unsolved
        open_costs = f"{sum(p.cost for p in a.plays if p.cost is not None)}" + (
            f" ({unsolved} plays not solved: a lower bound)" if unsolved else "")
        print(f"  hand {h.number:>2}: {len(views)} plays, {deals} deals, view {cpu:7.2f} CPU-s "
              f"({cpu / cpu_base:.0f}× json.loads), double-dummy costs {open_costs}, "
              f"view costs {sum(v.cost for _, v in these):.1f}, {out} views withheld (a search out of budget: "
              f"the CPU figure is then a lower bound); load {os.getloadavg()[0]:.2f}", flush=True)
    med = statistics.median(times)
    print(f"view CPU per hand: median {med:.2f} s ({med / cpu_base:.0f}× json.loads), worst {max(times):.2f} s; "
          f"views withheld (a search out of budget): {withheld}; double-dummy plays not solved: {open_unsolved}; "
          f"load {os.getloadavg()[0]:.2f}")
    for line in disagreement(pairs):
        print(line)


if __name__ == "__main__":
    main()
