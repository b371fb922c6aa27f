"""Benchmark: replay generated 2-deck hands with every legality check (issue 3).

Not a test: it prints hands per second on one core and the profile's top entries.

    .venv/bin/python bench/replay_bench.py [--matches 40] [--seed 7] [--profile]

Matches are simulated first (not timed), then every match is replayed with
``replay_match`` (order tables, unit splitting, throw checks, follow duties,
winners, scoring, levels).  A second figure times parse + replay from the
``.tgn`` text, which is what ``check`` and ``ingest`` do per file.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import resource
import time

from tractor_analysis.records import format_tgn, parse_tgn
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.simulate import simulate


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=40)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--preset", default="standard")
    ap.add_argument("--profile", action="store_true", help="print the top cProfile entries")
    args = ap.parse_args()

    matches = list(simulate(args.matches, args.seed, preset=args.preset))
    texts = [format_tgn(m) for m in matches]
    hands = sum(len(m.hands) for m in matches)
    tricks = sum(len(h.tricks) for m in matches for h in m.hands)

    t0 = time.perf_counter()
    violations = 0
    for m in matches:
        violations += sum(len(h.violations) for h in replay_match(m).hands)
    replay_s = time.perf_counter() - t0

    t0 = time.perf_counter()
    for text in texts:
        for m in parse_tgn(text)[0]:
            replay_match(m)
    both_s = time.perf_counter() - t0

    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{len(matches)} matches, {hands} hands, {tricks} tricks ({args.preset}); violations found: {violations}")
    print(f"replay:         {hands / replay_s:8.0f} hands/s  ({replay_s * 1e6 / tricks:.1f} µs per trick)")
    print(f"parse + replay: {hands / both_s:8.0f} hands/s")
    print(f"peak RSS: {peak_mb:.0f} MB")
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        for m in matches:
            replay_match(m)
        prof.disable()
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(12)
        print(out.getvalue())


if __name__ == "__main__":
    main()
