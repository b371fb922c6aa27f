"""Benchmark: ``tractor analyse FILE --hand H --last 8`` on whole simulated 2-deck hands (issue 23).

Not a test: it simulates one match with a seed (``--seed``: take one not tuned on), runs the
command once per hand as a new process, and prints each run's CPU time (user + system of the
child), how many values it left "not solved", and the CPU time as a multiple of ``json.loads`` of
a 1 MB JSON document timed in the same run (the machine is shared: ratios to a baseline measured
alongside are what compare).  Goal (issue 23): median ≤ 100×, worst ≤ 1,000×, nothing unsolved
with ``--budget 60``.

    .venv/bin/python bench/analyse_bench.py --seed 31 [--hands 10] [--last 8] [--budget 60] [--every-position]
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def json_baseline() -> float:
    """CPU seconds of one ``json.loads`` of a fixed ~1 MB document (median of 7)."""
    doc = json.dumps([{"trick": i, "seat": "NESW"[i % 4], "cards": ["SA", "H10", "BJ"] * 3, "value": i * 5}
                      for i in range(9000)])
    times = []
    for _ in range(7):
        t0 = time.process_time()
        json.loads(doc)
        times.append(time.process_time() - t0)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--hands", type=int, default=10, help="the first N hands of the match")
    ap.add_argument("--last", type=int, default=8)
    ap.add_argument("--budget", type=float, default=60.0)
    ap.add_argument("--every-position", action="store_true",
                    help="search every position (tractor analyse --every-position)")
    args = ap.parse_args()
    tractor = str(Path(sys.executable).with_name("tractor"))
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([tractor, "simulate", "-n", "1", "--seed", str(args.seed), "-o", tmp],
                       check=True, capture_output=True)
        record = next(Path(tmp).glob("*.tgn"))
        base = json_baseline()
        print(f"seed {args.seed}, {record.name}; json.loads(1 MB) = {base * 1000:.1f} CPU-ms; "
              f"core: {'off (TRACTOR_PURE_PYTHON)' if os.environ.get('TRACTOR_PURE_PYTHON') not in (None, '', '0') else 'on when built'}")
        cpus, unsolved_total = [], 0
        for hand in range(1, args.hands + 1):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            out = subprocess.run([tractor, "analyse", str(record), "--hand", str(hand), "--last", str(args.last),
                                  "--budget", str(args.budget), "--json"] + (["--every-position"] if args.every_position else []),
                                 capture_output=True, text=True)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            if out.returncode != 0:
                print(f"  hand {hand}: exit {out.returncode}: {out.stderr.strip()[:200]}")
                break
            doc = json.loads(out.stdout)
            plays = [p for h in doc["hands"] for p in h["plays"]]
            unsolved = sum(p["value_before"] is None or p["value_after"] is None for p in plays)
            unsolved += sum(not h["solved"] and not h["plays"] for h in doc["hands"])
            skipped = sum(not p.get("searched", True) for p in plays)
            plays = len(plays)
            cpus.append(cpu)
            unsolved_total += unsolved
            print(f"  hand {hand:>2}: {cpu:7.2f} CPU-s ({cpu / base:6.0f}× json.loads)  plays {plays:>3}  "
                  f"not solved {unsolved} (of which not searched {skipped}: before a position not solved)",
                  flush=True)
        if cpus:
            med = statistics.median(cpus)
            print(f"analyse --last {args.last}, {len(cpus)} hands: median {med:.2f} CPU-s ({med / base:.0f}× json.loads), "
                  f"worst {max(cpus):.2f} CPU-s ({max(cpus) / base:.0f}×), not solved {unsolved_total}")


if __name__ == "__main__":
    main()
