"""The long fuzz run: many hostile record files, each judged in a child process with limits.

    .venv/bin/python bench/fuzz.py --cases 10000 [--seed N] [--jobs 1] [--out fuzz-out] [--time-limit S]
    .venv/bin/python bench/fuzz.py --case 1234 --seed N        # judge one case, print the findings
    .venv/bin/python bench/fuzz.py --file path/to/record.tgn   # judge one file

Cases come from ``tests/fuzz/fuzzlib.py`` (mutators and the oracle); this script adds what a
test in-process cannot see: each case runs in a worker process, which is killed when its RSS
passes 1 GiB (class ``memory``) or one step of a case (a read and replay, a round trip, one
command) runs 60 CPU-seconds, or 600 s wall (``hang``); a step over 10 CPU-seconds is ``slow``.
CPU time, not wall time, because the machine may be shared: a loaded machine stretches wall time.
At the end it prints a table of classes (count, an example) and writes a minimal reproducer of
the first failures of each class to ``--out`` (a delta-debugging shrink; memory and hang cases
are written as they are).  Each reproducer belongs in ``tests/fuzz/regressions/`` once fixed.
"""
from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "fuzz"))

import fuzzlib  # noqa: E402

MEMORY_LIMIT = 1 << 30
HANG_S = 60.0
"""CPU seconds of one step before it is a hang (CPU, not wall: the machine may be shared)."""
HANG_WALL_S = 600.0
"""Wall seconds of one step before it is a hang all the same (a step blocked without using CPU)."""
SLOW_S = 10.0
CLASSES = ("traceback", "memory", "hang", "slow", "engine_error", "roundtrip", "exit_code", "bad_diagnostic")


def _rss(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def _die_with_parent() -> None:
    """Linux: the worker gets SIGKILL when the parent dies (no orphaned workers after a kill)."""
    try:
        import ctypes
        import signal

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)   # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _cpu(pid: int) -> float:
    """CPU seconds (user + system) process ``pid`` has used: a hang burns CPU whatever the load of
    the machine, while its wall-clock time grows with the load."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


def _worker(conn, seed: int, size: float, cli: bool) -> None:
    _die_with_parent()
    fuzzlib.seeds()
    while True:
        index = conn.recv()
        if index is None:
            return
        name, data, _ = fuzzlib.make_case(seed, index, size)
        # the hang clock restarts at each step (a read and replay, a round trip, one command)
        fuzzlib.STEP_HOOK[0] = lambda: conn.send(("start", index))
        found = fuzzlib.judge(name, data, cli=cli)
        conn.send((index, [(f.cls, f.detail) for f in found], tuple(fuzzlib.SLOWEST)))


class Worker:
    def __init__(self, ctx, seed, size, cli):
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_worker, args=(child, seed, size, cli), daemon=True)
        self.proc.start()
        self.index = None
        self.started = 0.0

    def give(self, index: int) -> None:
        self.index, self.started = index, time.monotonic()
        self.cpu0 = _cpu(self.proc.pid)
        self.conn.send(index)

    def restart_clock(self) -> None:
        self.started, self.cpu0 = time.monotonic(), _cpu(self.proc.pid)

    def cpu(self) -> float:
        return _cpu(self.proc.pid) - self.cpu0

    def kill(self) -> None:
        self.proc.kill()
        self.proc.join()


def run(seed: int, cases: int, jobs: int, size: float, cli: bool, progress: bool, time_limit: float = 0.0):
    """``({index: [(class, detail)]}`` of every failing case, cases judged)``; with ``time_limit``
    (seconds) no case is started after it (the cases started are finished)."""
    ctx = mp.get_context("fork")
    fuzzlib.seeds()
    workers = [Worker(ctx, seed, size, cli) for _ in range(jobs)]
    todo = list(range(cases))[::-1]
    failures: dict[int, list[tuple[str, str]]] = {}
    done = shown = 0
    t_start = time.monotonic()
    while todo or any(w.index is not None for w in workers):
        if time_limit and todo and time.monotonic() - t_start > time_limit:
            print(f"  time limit: stopping after the cases started ({done} done)", file=sys.stderr, flush=True)
            todo.clear()
        for i, w in enumerate(workers):
            if w.index is None and todo:
                w.give(todo.pop())
            if w.index is None:
                continue
            verdict = None
            if w.conn.poll(0.05):
                try:
                    message = w.conn.recv()
                    if message[0] == "start":
                        w.restart_clock()
                        continue
                    index, found, (elapsed, step) = message
                except EOFError:
                    verdict = [("traceback", "the worker process died (exit "
                                f"{w.proc.exitcode}) without an exception")]
                else:
                    if elapsed > SLOW_S:
                        found.append(("slow", f"{step}: {elapsed:.1f} s"))
                    if found:
                        failures[index] = found
                    w.index = None
                    done += 1
                    if _rss(w.proc.pid) > MEMORY_LIMIT // 2:      # start the next case fresh
                        w.kill()
                        workers[i] = Worker(ctx, seed, size, cli)
                    continue
            elapsed = time.monotonic() - w.started
            rss = _rss(w.proc.pid)
            if verdict is None and rss > MEMORY_LIMIT:
                verdict = [("memory", f"RSS {rss >> 20} MiB after {elapsed:.1f} s")]
            elif verdict is None and (w.cpu() > HANG_S or elapsed > HANG_WALL_S):
                verdict = [("hang", f"one step still running after {w.cpu():.0f} CPU-s ({elapsed:.0f} s wall)")]
            elif verdict is None and not w.proc.is_alive():
                verdict = [("traceback", f"the worker process died (exit {w.proc.exitcode})")]
            if verdict is not None:
                failures[w.index] = verdict
                done += 1
                w.kill()
                workers[i] = Worker(ctx, seed, size, cli)
        if progress and done >= shown + 50:
            shown = done
            rate = done / (time.monotonic() - t_start)
            print(f"  {done}/{cases} cases, {len(failures)} failing, {rate:.1f} cases/s", file=sys.stderr,
                  flush=True)
    for w in workers:
        try:
            w.conn.send(None)
        except (BrokenPipeError, OSError):
            pass
        w.proc.join(5)
        if w.proc.is_alive():
            w.kill()
    return failures, done


def _shrink_in_child(name: str, data: bytes, cls: str) -> bytes:
    """Shrink in a child process (a shrink try may fail as hard as the case did)."""
    ctx = mp.get_context("fork")
    parent, child = ctx.Pipe()

    def work(conn):
        def fails(candidate: bytes) -> bool:
            return any(f.cls == cls for f in fuzzlib.judge(name, candidate))
        conn.send(fuzzlib.shrink(data, fails, budget=200))

    p = ctx.Process(target=work, args=(child,), daemon=True)
    p.start()
    out = data
    if parent.poll(300):
        try:
            out = parent.recv()
        except EOFError:
            pass
    p.kill()
    p.join()
    return out


def report(failures, seed: int, cases: int, size: float, out: Path | None, per_class: int = 3) -> None:
    counts: Counter[str] = Counter()
    example: dict[str, str] = {}
    by_class: dict[str, list[int]] = defaultdict(list)
    for index in sorted(failures):
        for cls, detail in failures[index]:
            counts[cls] += 1
            by_class[cls].append(index)
            if cls not in example:
                _, _, applied = fuzzlib.make_case(seed, index, size)
                example[cls] = f"case {index} ({'+'.join(applied)}): {detail}"
    print(f"\nfuzz run: seed {seed}, {cases} cases, {len(failures)} failing\n")
    print("| class | count | example |")
    print("|---|---|---|")
    for cls in CLASSES + tuple(c for c in counts if c not in CLASSES):
        ex = example.get(cls, "").replace("|", "\\|").replace("\n", " ")
        print(f"| {cls} | {counts.get(cls, 0)} | {ex[:240]} |")
    if out is None or not failures:
        return
    out.mkdir(parents=True, exist_ok=True)
    for cls, indexes in by_class.items():
        for index in indexes[:per_class]:
            name, data, applied = fuzzlib.make_case(seed, index, size)
            small = data if cls in ("memory", "hang", "slow") else _shrink_in_child(name, data, cls)
            ext = "".join(Path(name).suffixes[-2:]) or ".bin"
            target = out / f"{cls}-s{seed}-c{index}{ext}"
            target.write_bytes(small)
            detail = dict(failures[index]).get(cls, "")
            (out / f"{target.name}.txt").write_text(
                f"class: {cls}\nseed: {seed}\ncase: {index}\nname: {name}\nmutators: {'+'.join(applied)}\n"
                f"bytes: {len(data)} -> {len(small)}\ndetail: {detail}\n", encoding="utf-8")
            print(f"reproducer: {target} ({len(small)} bytes)")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=None, help="default: from the clock (printed)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    ap.add_argument("--size", type=float, default=1.0, help="scale of the big mutations (default 1.0)")
    ap.add_argument("--no-cli", action="store_true", help="library only, no CliRunner (faster)")
    ap.add_argument("--out", type=Path, default=Path("fuzz-out"), help="where reproducers go")
    ap.add_argument("--time-limit", type=float, default=0.0, metavar="SECONDS",
                    help="start no case after this many seconds; report the cases done (default: none)")
    ap.add_argument("--case", type=int, default=None, help="judge only this case, in this process")
    ap.add_argument("--file", type=Path, default=None, help="judge only this file, in this process")
    args = ap.parse_args(argv)
    seed = args.seed if args.seed is not None else int(time.time()) % 1_000_000
    if args.file is not None:
        found = fuzzlib.judge(args.file.name, args.file.read_bytes(), cli=not args.no_cli)
        for f in found:
            print(f"{f.cls}: {f.detail}")
        return 1 if found else 0
    if args.case is not None:
        name, data, applied = fuzzlib.make_case(seed, args.case, args.size)
        print(f"case {args.case}: {name}, {len(data)} bytes, {'+'.join(applied)}")
        t0 = time.monotonic()
        found = fuzzlib.judge(name, data, cli=not args.no_cli)
        for f in found:
            print(f"{f.cls}: {f.detail}")
        print(f"{time.monotonic() - t0:.2f} s")
        return 1 if found else 0
    print(f"seed {seed}, {args.cases} cases, {args.jobs} worker(s)", file=sys.stderr, flush=True)
    t0 = time.monotonic()
    failures, done = run(seed, args.cases, max(1, args.jobs), args.size, not args.no_cli, progress=True,
                         time_limit=args.time_limit)
    print(f"{time.monotonic() - t0:.0f} s", file=sys.stderr)
    report(failures, seed, done, args.size, args.out)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
