"""Benchmark: each play judged from its player's seat (``analyse --view``, issue 24), beside the
double-dummy cost with all hands open, on the last K tricks of simulated 2-deck hands.

Not a test.  Per hand: the CPU seconds of the view of every analysed play (all four seats), as a
multiple of ``json.loads`` of a fixed 1 MB document measured in the same run, and how much the two
costs disagree: plays that are costly open (≥ 5 points) but best from the seat (view cost < 1), the
reverse, and the mean absolute gap.

    .venv/bin/python bench/view_bench.py [--hands 6] [--seed 101] [--last 3] [--samples 50] [--budget 30]
"""
from __future__ import annotations

import argparse
import os
import statistics
import time

from solver_bench import json_baseline

from tractor_analysis.analysis.hand_analysis import analyse_hand
from tractor_analysis.analysis.solver import Budget
from tractor_analysis.analysis.view import view_hand
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import format_tgn, parse_tgn
from tractor_analysis.simulate import simulate


def hands_of(count: int, seed: int):
    """Complete simulated hands without violations, with their records, up to ``count``."""
    out, index = [], 0
    while len(out) < count:
        for match in simulate(1, seed + index):
            (m,), _ = parse_tgn(format_tgn(match))
            for h, rec in zip(replay_match(m).hands, m.hands):
                if h.complete and not h.violations and len(out) < count:
                    out.append((h, rec))
        index += 1
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=6)
    ap.add_argument("--seed", type=int, default=101)
    ap.add_argument("--last", type=int, default=3)
    ap.add_argument("--samples", type=int, default=50)
    ap.add_argument("--budget", type=float, default=30.0)
    args = ap.parse_args()
    base = json_baseline()
    budget = Budget(nodes=None, seconds=args.budget)
    times, pairs = [], []
    for h, rec in hands_of(args.hands, args.seed):
        a = analyse_hand(h, args.last, budget)
        t0 = time.process_time()
        views = view_hand(h, rec, len(h.tricks) - a.tricks, args.samples, 0, budget)
        times.append(time.process_time() - t0)
        pairs += [(p.cost, v.cost) for p, v in zip(a.plays, views) if p.cost is not None and v.cost is not None]
    load = os.getloadavg()[0]
    med = statistics.median(times)
    print(f"{len(times)} hands, last {args.last} tricks, every seat, {args.samples} samples a play; "
          f"json.loads(1 MB) = {base * 1000:.1f} ms; load {load:.2f}")
    print(f"view CPU per hand: median {med:.2f} s ({med / base:.0f}× json.loads), worst {max(times):.2f} s")
    open_only = sum(1 for dd, v in pairs if dd >= 5 and v < 1)
    seat_only = sum(1 for dd, v in pairs if dd < 1 and v >= 5)
    gap = statistics.mean(abs(dd - v) for dd, v in pairs) if pairs else 0.0
    print(f"{len(pairs)} plays: costly open (≥ 5) but best from the seat (< 1): {open_only}; "
          f"best open (< 1) but costly from the seat (≥ 5): {seat_only}; mean |open − seat| = {gap:.1f} points")
    print(f"costly open: {sum(1 for dd, _ in pairs if dd >= 5)}, costly from the seat: "
          f"{sum(1 for _, v in pairs if v >= 5)}")


if __name__ == "__main__":
    main()
