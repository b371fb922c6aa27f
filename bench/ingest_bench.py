"""Ingest benchmark: simulate a corpus, ingest it with 1 and 2 workers, print hands/s and peak RSS.

Not a timed test.  Usage::

    .venv/bin/python bench/ingest_bench.py                 # >= 5,000 hands, workers 1 and 2
    .venv/bin/python bench/ingest_bench.py --hands 50000 --workers 1   # the memory check
    .venv/bin/python bench/ingest_bench.py --profile        # where the time goes (cProfile)

Each ingest runs in a fresh child process so that its peak RSS (``ru_maxrss`` of the
child and of its own worker processes) is its own.  The corpus is cached in
``--corpus`` (default ``$TMPDIR/tractor-bench-corpus-<hands>``) and reused by later runs.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

CHILD = r"""
import json, resource, sys, time
from tractor_analysis.dataset.pipeline import ingest
from tractor_analysis.records.input_files import iter_inputs
paths = [str(p) for p in iter_inputs([sys.argv[1]])]
t = time.perf_counter()
s = ingest(paths, sys.argv[2], workers=int(sys.argv[3]), flush_hands=int(sys.argv[4]))
secs = time.perf_counter() - t
me = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
ru, rc = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = ru.ru_utime + ru.ru_stime + rc.ru_utime + rc.ru_stime
print(json.dumps({"hands": s.hands, "files": s.added, "seconds": secs, "rss_self_mb": me / 1024,
                  "rss_worker_mb": s.peak_rss_mb, "cpu": cpu}))
"""


def make_corpus(path: str, hands: int, seed: int) -> int:
    from tractor_analysis.records.tgn_writer import format_tgn
    from tractor_analysis.simulate import simulate_match

    if os.path.isdir(path) and os.path.exists(os.path.join(path, "HANDS")):
        with open(os.path.join(path, "HANDS")) as fh:
            return int(fh.read())
    os.makedirs(path, exist_ok=True)
    total = i = 0
    t = time.perf_counter()
    while total < hands:
        m = simulate_match(seed, i)
        with open(os.path.join(path, f"match-{i + 1:06d}.tgn"), "w", encoding="utf-8") as fh:
            fh.write(format_tgn(m))
        total += len(m.hands)
        i += 1
    with open(os.path.join(path, "HANDS"), "w") as fh:
        fh.write(str(total))
    print(f"simulated {i} matches, {total} hands in {time.perf_counter() - t:.1f}s -> {path}")
    return total


def run_ingest(corpus: str, workers: int, flush: int) -> dict:
    out = tempfile.mkdtemp(prefix="tractor-bench-ds-")
    try:
        res = subprocess.run([sys.executable, "-c", CHILD, corpus, out, str(workers), str(flush)],
                             capture_output=True, text=True, cwd=os.path.dirname(HERE), check=True)
        return json.loads(res.stdout.strip().splitlines()[-1])
    finally:
        shutil.rmtree(out, ignore_errors=True)


def profile(corpus: str, flush: int, limit: int = 25) -> None:
    import cProfile
    import pstats

    from tractor_analysis.dataset.pipeline import ingest
    from tractor_analysis.records.input_files import iter_inputs

    paths = [str(p) for p in iter_inputs([corpus])]
    out = tempfile.mkdtemp(prefix="tractor-bench-prof-")
    try:
        prof = cProfile.Profile()
        prof.enable()
        ingest(paths, out, workers=1, flush_hands=flush)
        prof.disable()
        stats = pstats.Stats(prof)
        stats.sort_stats("cumulative").print_stats(limit)
        stats.sort_stats("tottime").print_stats(limit)
    finally:
        shutil.rmtree(out, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--corpus", default=None)
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--flush-hands", type=int, default=2000)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()
    corpus = args.corpus or os.path.join(tempfile.gettempdir(), f"tractor-bench-corpus-{args.hands}")
    total = make_corpus(corpus, args.hands, args.seed)
    if args.profile:
        profile(corpus, args.flush_hands)
        return
    base = None
    for w in args.workers:
        r = run_ingest(corpus, w, args.flush_hands)
        rate = r["hands"] / r["seconds"]
        base = base or rate
        print(f"workers={w}: {r['hands']} hands in {r['seconds']:.2f}s = {rate:,.0f} hands/s "
              f"(x{rate / base:.2f}); peak RSS parent {r['rss_self_mb']:.0f} MB, "
              f"largest worker {r['rss_worker_mb']:.0f} MB; CPU {r['cpu']:.1f}s = "
              f"{r['hands'] / r['cpu']:,.0f} hands per CPU-second  [corpus {total} hands, "
              f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs]")


if __name__ == "__main__":
    main()
