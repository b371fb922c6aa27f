"""Benchmark: the endgame solver on the last 5 and last 8 tricks of simulated 2-deck hands (issue 13).

Not a test: it prints, per depth, the median and worst time and node count of one full solve
(a fresh solver, an empty transposition table, a new Python process unless ``--same-process``)
of the position at the start of the last K tricks,
its CPU time (the machine is often shared: wall time grows with the load, nodes do not), the
peak resident memory of the process during the solve (Linux), and how many were not solved
within the budget.  Goal (issue 13): last 5 tricks ≤ 1 s median,
last 8 ≤ 10 s median.

    .venv/bin/python bench/solver_bench.py [--hands 15] [--seed 7] [--depths 5,8] [--budget 60] [--nodes N] [--only 1,4,5]

To compare machines, it also times the reading baseline (``json.loads`` of each line of a fixed 1 MB of
JSON lines, the result dropped) and prints each median
as a multiple of it.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time

from procstat import reset_peak, status

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.analysis.solver import Budget, Solver
from tractor_analysis.analysis.hand_analysis import position_at, trick_bases
from tractor_analysis.engine.tricks import hand_context
from tractor_analysis.simulate import simulate


def json_baseline(clock=time.perf_counter) -> float:
    """Seconds (of ``clock``) for the reading baseline over a fixed ~1 MB of JSON lines: ``json.loads``
    of each line, the result dropped (median of 5)."""
    lines = [json.dumps({"trick": i, "seat": "NESW"[i % 4], "cards": ["SA", "H10", "BJ"] * 3, "value": i * 5})
             for i in range(9000)]
    times = []
    for _ in range(5):
        t0 = clock()
        for line in lines:
            json.loads(line)
        times.append(clock() - t0)
    return statistics.median(times)


def peak_mb() -> float:
    """Peak resident memory since :func:`procstat.reset_peak`, in MB (0 where unknown)."""
    return status("self", "VmHWM:") / (1 << 20)


def hands_of(count: int, seed: int, preset: str):
    """Complete simulated hands without violations, up to ``count``."""
    out = []
    index = 0
    while len(out) < count:
        for match in simulate(1, seed + index, preset=preset):
            for h in replay_match(match).hands:
                if h.complete and not h.violations and len(h.tricks) >= 8:
                    out.append(h)
        index += 1
    return out[:count]


def solve_one(h, depth: int, budget: Budget, guess_result: bool) -> tuple:
    """One full solve (a fresh solver) of the position at the start of the last ``depth`` tricks:
    ``(seconds, CPU seconds, nodes, value or None, peak MB, cards each, compiled)``; ``compiled``:
    whether the compiled core searched it (a child whose core is missing or stale, e.g. one started
    while the core is being rebuilt, runs the pure-Python search: its row says so)."""
    bases, penalties = trick_bases(h)
    solver = Solver(hand_context(h.rules, h.level, h.trump), h.defenders, h.bottom_points)
    pos = position_at(h, len(h.tricks) - depth, 0, bases, penalties)
    reset_peak()
    cpu0 = time.process_time()
    sol = solver.solve(pos, budget, h.attackers_total if guess_result else None)
    cpu = time.process_time() - cpu0
    return sol.seconds, cpu, sol.nodes, sol.value, peak_mb(), sum(pos.hands[0]), solver.compiled_for(pos)


def in_child(index: int, depth: int, args) -> tuple:
    """:func:`solve_one` of hand ``index`` in a new Python process (it simulates the same hands):
    each solve starts from the same memory.  In one process a long solve leaves the allocator
    holding its pages, which hides the next solves' peaks; a forked child ran 20-60 % slower
    here (copy-on-write of the parent's pages), a new interpreter does not."""
    cmd = [sys.executable, __file__, "--child", f"{index},{depth}", "--hands", str(args.hands),
           "--seed", str(args.seed), "--preset", args.preset, "--budget", str(args.budget)]
    if args.nodes is not None:
        cmd += ["--nodes", str(args.nodes)]
    if args.guess_result:
        cmd.append("--guess-result")
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"the solve of hand {index + 1} (last {depth}) failed:\n{out.stderr}")
    return tuple(json.loads(out.stdout))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=15)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--preset", default="standard")
    ap.add_argument("--depths", default="5,8")
    ap.add_argument("--budget", type=float, default=60.0, help="seconds per solve")
    ap.add_argument("--nodes", type=int, default=None,
                    help="nodes per solve instead of seconds (the same work whatever the machine's load)")
    ap.add_argument("--guess-result", action="store_true",
                    help="start the search from the hand's real result, as tractor analyse does")
    ap.add_argument("--same-process", action="store_true",
                    help="solve every position in this process (by default each in a new one)")
    ap.add_argument("--only", default=None,
                    help="solve only these hands (numbers from 1, comma-separated; for quick comparisons)")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args()
    budget = Budget(nodes=None, seconds=args.budget) if args.nodes is None else Budget(args.nodes, None)
    if args.child:                              # one solve for the parent (in_child): JSON out
        index, depth = map(int, args.child.split(","))
        h = hands_of(args.hands, args.seed, args.preset)[index]
        print(json.dumps(solve_one(h, depth, budget, args.guess_result)))
        return
    base = json_baseline()
    cpu_base = json_baseline(time.process_time)     # CPU: what compares on a shared machine
    hands = hands_of(args.hands, args.seed, args.preset)
    core = "pure-Python search" if getattr(Solver(hand_context(hands[0].rules, hands[0].level, hands[0].trump), hands[0].defenders, 0), "_core_mod", None) is None else "compiled core"
    print(f"{len(hands)} simulated hands ({args.preset}), {core}; baseline (json.loads of each line of 1 MB of "
          f"JSON lines, result dropped) = {base * 1000:.1f} ms, {cpu_base * 1000:.1f} CPU-ms"
          + ("; searches start from the real result" if args.guess_result else ""))
    for depth in (int(d) for d in args.depths.split(",")):
        times, cpus, nodes, peaks, unsolved, pure = [], [], [], [], 0, 0
        only = None if args.only is None else {int(i) - 1 for i in args.only.split(",")}
        for index, h in enumerate(hands):
            if only is not None and index not in only:
                continue
            if args.same_process:
                seconds, cpu, count, value, peak, each, compiled = solve_one(h, depth, budget, args.guess_result)
            else:
                seconds, cpu, count, value, peak, each, compiled = in_child(index, depth, args)
            pure += not compiled
            times.append(seconds)
            cpus.append(cpu)
            nodes.append(count)
            peaks.append(peak)
            unsolved += value is None
            print(f"  last {depth}: hand {h.number:>2} cards each {each:>2}  "
                  f"{'%8.2f s' % seconds} ({cpu:.2f} CPU-s)  {count:>9} nodes  peak {peak:5.0f} MB  "
                  f"{'value %d' % value if value is not None else 'NOT SOLVED'}"
                  + ("" if compiled else "  (PURE-PYTHON SEARCH: no compiled core in this process)"), flush=True)
        med = statistics.median(times)
        limit = f"{args.budget:.0f} s" if args.nodes is None else f"{args.nodes} nodes"
        print(f"last {depth} tricks: median {med:.2f} s ({med / base:.0f}× json.loads), worst {max(times):.2f} s, "
              f"median nodes {statistics.median(nodes):.0f}, worst {max(nodes)}, "
              f"median CPU {statistics.median(cpus):.2f} s ({statistics.median(cpus) / cpu_base:.0f}× json.loads CPU), "
              f"worst CPU {max(cpus):.2f} s, "
              f"nodes per CPU-second {sum(nodes) / max(sum(cpus), 1e-9):,.0f}, "
              f"peak memory median {statistics.median(peaks):.0f} MB, worst {max(peaks):.0f} MB, "
              f"not solved within {limit}: {unsolved}/{len(times)}, nodes in all {sum(nodes)}"
              + (f"; {pure} of them by the pure-Python search (no compiled core there): not comparable" if pure else ""))


if __name__ == "__main__":
    main()
