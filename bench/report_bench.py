"""Report benchmark: CPU time of the hand pages of a corpus, as a ratio to ``json.loads``.

Not a timed test.  Usage::

    .venv/bin/python bench/report_bench.py DATASET_OR_RECORDS [--repeat 3] [--profile]

Reads the input into an in-memory report model (every hand's full view), then times, each
in CPU seconds (``time.process_time``) and as a ratio to ``json.loads`` of a JSON text of the
same size measured in the same run (so a loaded machine still gives comparable figures):

* ``hand views``  — :func:`~tractor_analysis.reports.model.match_view` of every match again
  (the hand page's model: each trick's hands sorted, the cards played marked);
* ``hand pages``  — :func:`~tractor_analysis.reports.build.render_hand` of every hand.

The whole command (``tractor report``, charts and all) is best timed with
``/usr/bin/time -v .venv/bin/tractor report DATA -o OUT -q``.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)

from speed_bench import cpu_of  # noqa: E402  (bench/: least CPU seconds of a few runs)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("input", nargs="+")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--profile", action="store_true", help="cProfile the hand pages (top 15)")
    args = ap.parse_args(argv)

    from tractor_analysis.reports.build import LINKED, build_report, render_hand

    model = build_report(args.input, charts_on=False)
    t = time.process_time()
    matches = model.matches                       # settles: reads and replays everything
    read_cpu = time.process_time() - t
    hands = [h for m in matches for h in m.hands]

    def pages() -> int:
        return sum(len(render_hand(h, assets=LINKED, index="index.html")) for h in hands)

    size = pages()
    baseline_text = json.dumps([{"hand": i, "cards": list(range(60)), "name": "player " * 5}
                                for i in range(max(1, size // 400))])
    baseline = cpu_of(lambda: json.loads(baseline_text), args.repeat)
    page_cpu = cpu_of(pages, args.repeat)
    print(f"{len(matches)} matches, {len(hands)} hands, {size / 1e6:.1f} MB of hand pages; "
          f"read + replay + views {read_cpu:.2f} CPU-s")
    print(f"json.loads of {len(baseline_text) / 1e6:.1f} MB: {baseline:.3f} CPU-s")
    print(f"hand pages: {page_cpu:.3f} CPU-s = {page_cpu / baseline:.1f}x json.loads "
          f"({len(hands) / page_cpu:.0f} pages/s)")
    if args.profile:
        import cProfile
        import pstats

        prof = cProfile.Profile()
        prof.runcall(pages)
        pstats.Stats(prof).sort_stats("tottime").print_stats(15)
    return 0


if __name__ == "__main__":
    sys.exit(main())
