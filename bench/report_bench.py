"""Report benchmark: CPU time of the hand pages of a corpus, as a ratio to ``json.loads``.

Not a timed test.  Usage::

    .venv/bin/python bench/report_bench.py DATASET_OR_RECORDS [--repeat 3] [--profile]
    .venv/bin/python bench/report_bench.py DATASET_OR_RECORDS --command [--repeat 2] [--workers 2]

Reads the input into an in-memory report model (every hand's full view), then times, each
in CPU seconds (``time.process_time``) and as a ratio to the reading baseline — ``json.loads`` of
each line of JSON lines of the same size, the result dropped — measured in the same run (so a loaded machine still gives comparable figures):

* ``hand views``  — :func:`~tractor_analysis.reports.match_page.match_view` of every match again
  (the hand page's model: each trick's hands sorted, the cards played marked);
* ``hand pages``  — :func:`~tractor_analysis.reports.build.render_hand` of every hand.

``--command`` times the whole command instead (``tractor report INPUT -o TMP -q -j N``, charts
and all, in a subprocess, into a new folder each time) with ``-j 1`` and ``-j`` ``--workers``:
its CPU seconds (the command and its workers, ``RUSAGE_CHILDREN``) and wall seconds, each as a
ratio to the baseline (``json.loads`` of each line of JSON lines as large as the report's pages, the
result dropped), measured in the same run.
On a loaded machine the wall time says little; the CPU seconds and the ratios stay comparable.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)

from speed_bench import cpu_of, json_floor  # noqa: E402  (bench/: least CPU seconds; the reading baseline)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("input", nargs="+")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--profile", action="store_true", help="cProfile the hand pages (top 15)")
    ap.add_argument("--command", action="store_true", help="time the whole `tractor report` command")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="-j of the second --command run")
    args = ap.parse_args(argv)
    if args.command:
        return whole_command(args)

    from tractor_analysis.reports.build import LINKED, build_report, render_hand

    model = build_report(args.input, charts_on=False)
    t = time.process_time()
    matches = model.matches                       # settles: reads and replays everything
    read_cpu = time.process_time() - t
    hands = [h for m in matches for h in m.hands]

    def pages() -> int:
        return sum(len(render_hand(h, assets=LINKED, index="index.html")) for h in hands)

    size = pages()
    baseline, text_size = _baseline(size, args.repeat)
    page_cpu = cpu_of(pages, args.repeat)
    print(f"{len(matches)} matches, {len(hands)} hands, {size / 1e6:.1f} MB of hand pages; "
          f"read + replay + views {read_cpu:.2f} CPU-s")
    print(f"baseline, json.loads of each line of {text_size / 1e6:.1f} MB of JSON lines, result dropped: "
          f"{baseline:.3f} CPU-s")
    print(f"hand pages: {page_cpu:.3f} CPU-s = {page_cpu / baseline:.1f}x json.loads "
          f"({len(hands) / page_cpu:.0f} pages/s)")
    if args.profile:
        import cProfile
        import pstats

        prof = cProfile.Profile()
        prof.runcall(pages)
        pstats.Stats(prof).sort_stats("tottime").print_stats(15)
    return 0


BASELINE_CAP = 100_000
"""The baseline is timed on at most this many lines (~30 MB) and scaled linearly (a 300-match
report is ~400 MB of pages: parsing that much JSON at once would take gigabytes)."""


def _baseline(size: int, repeat: int) -> tuple[float, int]:
    """CPU seconds of the reading baseline — ``json.loads`` of each line with the result dropped
    (:func:`speed_bench.json_floor`) — over JSON lines as large as ``size`` bytes of pages (one entry
    of ≈ 400 bytes a line; timed on at most :data:`BASELINE_CAP` lines and scaled), and their size."""
    entries = max(1, size // 400)
    timed = min(entries, BASELINE_CAP)
    lines = [json.dumps({"hand": i, "cards": list(range(60)), "name": "player " * 5}) for i in range(timed)]
    text_size = sum(len(line) + 1 for line in lines)
    return cpu_of(lambda: json_floor(lines), repeat) * entries / timed, text_size * entries // timed


def whole_command(args) -> int:
    """``tractor report`` with -j 1 and -j ``args.workers``, ``args.repeat`` times each (interleaved),
    least CPU and wall of each, as ratios to json.loads."""
    tractor = os.path.join(os.path.dirname(sys.executable), "tractor")
    runs: dict[int, list[tuple[float, float]]] = {1: [], args.workers: []}
    size = 0
    for _ in range(args.repeat):
        for j in runs:
            out = tempfile.mkdtemp(prefix="report-bench-")
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t = time.perf_counter()
            subprocess.run([tractor, "report", *args.input, "-o", os.path.join(out, "r"), "-q", "-j", str(j)],
                           check=True, stdout=subprocess.DEVNULL)
            wall = time.perf_counter() - t
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            runs[j].append((cpu, wall))
            size = sum(f.stat().st_size for f in Path(out).rglob("*.html"))
            shutil.rmtree(out, ignore_errors=True)
    baseline, text_size = _baseline(size, 3)
    print(f"report pages: {size / 1e6:.1f} MB; baseline (json.loads of each line of {text_size / 1e6:.1f} MB of "
          f"JSON lines, result dropped): {baseline:.3f} CPU-s; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    for j, got in runs.items():
        cpu, wall = min(c for c, _ in got), min(w for _, w in got)
        print(f"tractor report -j {j}: {cpu:.1f} CPU-s = {cpu / baseline:.1f}x json.loads; "
              f"wall {wall:.1f} s = {wall / baseline:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
