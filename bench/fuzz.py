"""The long fuzz run: many hostile record files, judged in long-lived worker processes with limits,
each failure confirmed by the real ``tractor`` CLI in a subprocess.

    .venv/bin/python bench/fuzz.py --cases 10000 [--seed N] [--jobs 2] [--out fuzz-out] [--time-limit S]
    .venv/bin/python bench/fuzz.py --case 1234 --seed N        # judge one case, print the findings
    .venv/bin/python bench/fuzz.py --file path/to/record.tgn   # judge one file (and confirm by the CLI)
    .venv/bin/python bench/fuzz.py --report-from fuzz-out/failures-s7.json   # confirm + report again

Cases come from ``tests/fuzz/fuzz_cases.py`` (mutators, at most ``fuzz_cases.CASE_CAP`` = 24 MiB
each), the oracle from ``tests/fuzz/fuzzlib.py``.  Each *worker* is a forked process that makes and judges case after case in
process (the library, and ``check --json`` / ``convert`` through click's ``CliRunner``: no
interpreter start per case).  A worker runs under ``RLIMIT_AS`` (:data:`AS_LIMIT`) and, for each
step of a case (a read and replay, a round trip, one command), ``RLIMIT_CPU`` set
:data:`HANG_S` CPU-seconds ahead (``SIGXCPU`` kills it: ``hang``); the parent is the watchdog
(the worker's RSS over :data:`MEMORY_LIMIT`: ``memory``; a step past the CPU budget or
:data:`HANG_WALL_S` wall seconds: ``hang``) and replaces a worker that died or was killed.  The
worker's peak RSS is reset before each case (``/proc/self/clear_refs``) and read after it, so
``memory`` is the peak of *that* case in the child, never the parent's.  A step over
:data:`SLOW_S` CPU-seconds (or past ``fuzzlib.slow_line``: 0.5 CPU-s per MiB of text, for a big gzip, or 2 ms per match read) is ``slow``.  CPU time, not wall time: the machine may be shared.

A failure found in process counts only once the real CLI confirms it in a subprocess (under the
same limits; its peak RSS and CPU from ``wait4``): ``check --json`` and ``convert`` to each format,
and for a round trip, ``convert`` back to ``.jsonl`` (its byte limit raised by
``fuzzlib.ROUNDTRIP_FACTOR``) compared with the first ``.jsonl``.  The table gives both counts.
For the first confirmed failures of each class a reproducer goes to ``--out``: shrunk in memory
(delta debugging, in a child with the same limits, bounded in tries and time) and confirmed again
by the CLI; never more than :data:`REPRO_CAP` bytes: a case that does not shrink below it (memory,
hang and slow cases are not shrunk) is written as a *recipe* (``.recipe.json``: seed, case index,
size, name, mutators, length and SHA-256 of the bytes), which ``fuzz_cases.make_case`` rebuilds.
Failures are also saved as ``failures-s<seed>.json`` (every 200 cases and at the end).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing as mp
import os
import re
import resource
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "fuzz"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import fuzz_cases  # noqa: E402
import fuzzlib  # noqa: E402
from procstat import reset_peak, status  # noqa: E402

MEMORY_LIMIT = 1 << 30
"""Peak RSS of one case (the worker's, reset before it; or a CLI subprocess's) past which it is ``memory``."""
AS_LIMIT = 3 << 30
"""Address space of a worker or a CLI subprocess: a runaway allocation fails there (MemoryError or a
kill), never on the machine."""
HANG_S = 60.0
"""CPU seconds of one step before it is a hang (CPU, not wall: the machine may be shared)."""
HANG_WALL_S = 600.0
"""Wall seconds of one step before it is a hang all the same (a step blocked without using CPU)."""
SLOW_S = fuzzlib.SLOW_CPU_S
"""CPU seconds of one step past which a case is ``slow`` (the regression tests hold reproducers to it)."""
REPRO_CAP = 1 << 20
"""Largest reproducer written as bytes (1 MiB); a bigger one is written as a recipe."""
CLASSES = ("traceback", "memory", "hang", "slow", "engine_error", "roundtrip", "exit_code", "bad_diagnostic")


# --- process helpers --------------------------------------------------------------

def _rss(pid: int) -> int:
    return status(pid, "VmRSS:")


def _die_with_parent() -> None:
    """Linux: the worker gets SIGKILL when the parent dies (no orphaned workers after a kill)."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)   # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _cpu(pid: int) -> float:
    """CPU seconds (user + system) process ``pid`` has used."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


def _own_cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_SELF)
    return ru.ru_utime + ru.ru_stime


def _cpu_budget(seconds: float) -> None:
    """SIGXCPU (which kills) once this process has used ``seconds`` more CPU-seconds."""
    resource.setrlimit(resource.RLIMIT_CPU, (int(_own_cpu() + seconds) + 1, resource.RLIM_INFINITY))


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (AS_LIMIT, AS_LIMIT))


# --- the in-process run -----------------------------------------------------------

def _worker(conn, seed: int, size: float, cli: bool) -> None:
    _die_with_parent()
    _limit_memory()
    fuzz_cases.seeds()
    while True:
        index = conn.recv()
        if index is None:
            return
        _cpu_budget(HANG_S)
        name, data, _ = fuzz_cases.make_case(seed, index, size)
        reset_peak()

        def step(index=index):          # each step: the hang clocks restart
            conn.send(("start", index))
            _cpu_budget(HANG_S)
        fuzzlib.STEP_HOOK[0] = step
        found = fuzzlib.judge(name, data, cli=cli)
        fuzzlib.STEP_HOOK[0] = None
        peak = status("self", "VmHWM:")
        line = fuzzlib.slow_line(data, fuzzlib.MATCHES[0]) if fuzzlib.SLOWEST[0] > SLOW_S else SLOW_S
        conn.send((index, [(f.cls, f.detail) for f in found], tuple(fuzzlib.SLOWEST) + (line,), peak))


class Worker:
    def __init__(self, ctx, seed, size, cli):
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_worker, args=(child, seed, size, cli), daemon=True)
        self.proc.start()
        child.close()
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
        self.conn.close()


def _death(w: Worker) -> tuple[str, str]:
    code = w.proc.exitcode
    if code == -signal.SIGXCPU:
        return "hang", f"one step used its {HANG_S:.0f} CPU-seconds (SIGXCPU)"
    return "traceback", f"the worker process died (exit {code}) without an exception"


def _save(path: Path | None, seed, size, cases, done, elapsed, failures) -> None:
    if path is None:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps({"seed": seed, "size": size, "cases": cases, "done": done,
                               "elapsed": round(elapsed, 1),
                               "failures": {str(k): v for k, v in sorted(failures.items())}},
                              ensure_ascii=False, indent=1), encoding="utf-8")
    os.replace(tmp, path)


def run(seed: int, cases: int, jobs: int, size: float, cli: bool, progress: bool, time_limit: float = 0.0,
        save: Path | None = None):
    """``({index: [(class, detail)]}`` of every failing case, cases judged)``; with ``time_limit``
    (seconds) no case is started after it (the cases started are finished)."""
    ctx = mp.get_context("fork")
    fuzz_cases.seeds()
    workers = [Worker(ctx, seed, size, cli) for _ in range(jobs)]
    todo = list(range(cases))[::-1]
    failures: dict[int, list[tuple[str, str]]] = {}
    done = shown = saved = 0
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
                except (EOFError, OSError):
                    w.proc.join(5)
                    verdict = [_death(w)]
                else:
                    if message[0] == "start":
                        w.restart_clock()
                        continue
                    index, found, (elapsed, step, line), peak = message
                    if elapsed > line:
                        found.append(("slow", f"{step}: {elapsed:.1f} CPU-s"))
                    if peak > MEMORY_LIMIT:
                        found.append(("memory", f"peak RSS {peak >> 20} MiB in the worker"))
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
            elif verdict is None and (w.cpu() > HANG_S + 5 or elapsed > HANG_WALL_S):
                verdict = [("hang", f"one step still running after {w.cpu():.0f} CPU-s ({elapsed:.0f} s wall)")]
            elif verdict is None and not w.proc.is_alive():
                verdict = [_death(w)]
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
        if done >= saved + 200:
            saved = done
            _save(save, seed, size, cases, done, time.monotonic() - t_start, failures)
    for w in workers:
        try:
            w.conn.send(None)
        except (BrokenPipeError, OSError):
            pass
        w.proc.join(5)
        if w.proc.is_alive():
            w.kill()
    _save(save, seed, size, cases, done, time.monotonic() - t_start, failures)
    return failures, done


# --- confirmation by the real CLI -------------------------------------------------

def _tractor() -> list[str]:
    exe = Path(sys.executable).with_name("tractor")
    if exe.exists():
        return [str(exe)]
    return [sys.executable, "-c", "from tractor_analysis.cli.main import main; main()"]


def _child_limits() -> None:
    _limit_memory()
    resource.setrlimit(resource.RLIMIT_CPU, (int(HANG_S), int(HANG_S) + 5))


def run_cli(args: list[str], cwd: str) -> dict:
    """Run ``tractor ARGS`` in a subprocess under :data:`AS_LIMIT` and :data:`HANG_S` CPU-seconds:
    its exit status (negative: killed by that signal), output, peak RSS and CPU seconds (``wait4``)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        p = subprocess.Popen(_tractor() + args, stdout=out, stderr=err, cwd=cwd, preexec_fn=_child_limits)
        t0 = time.monotonic()
        while True:
            pid, wstatus, ru = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() - t0 > HANG_WALL_S:
                p.kill()
            time.sleep(0.02)
        p.returncode = os.waitstatus_to_exitcode(wstatus)
        out.seek(0)
        err.seek(0)
        return {"exit": p.returncode, "out": out.read().decode("utf-8", "replace"),
                "err": err.read().decode("utf-8", "replace"), "rss": ru.ru_maxrss * 1024,
                "cpu": ru.ru_utime + ru.ru_stime, "wall": time.monotonic() - t0}


def _judge_run(what: str, r: dict, allowed: frozenset, slow: float = SLOW_S) -> list[tuple[str, str]]:
    found = []
    if r["exit"] in (-signal.SIGXCPU, -signal.SIGKILL) or r["cpu"] >= HANG_S or r["wall"] > HANG_WALL_S:
        found.append(("hang", f"{what}: {r['cpu']:.0f} CPU-s, {r['wall']:.0f} s wall, exit {r['exit']}"))
    elif r["cpu"] > slow:
        found.append(("slow", f"{what}: {r['cpu']:.1f} CPU-s"))
    if r["rss"] > MEMORY_LIMIT or "MemoryError" in r["err"]:
        found.append(("memory", f"{what}: peak RSS {r['rss'] >> 20} MiB"))
    elif "Traceback (most recent call last)" in r["err"]:
        found.append(("traceback", f"{what}: " + r["err"].strip().splitlines()[-1][:200]))
    elif r["exit"] not in allowed and r["exit"] >= 0:
        found.append(("exit_code", f"{what}: exit {r['exit']}: {r['err'][-200:]}"))
    return found


def confirm(name: str, data: bytes) -> dict[str, str]:
    """What the real CLI, in subprocesses, finds wrong with the case: ``{class: detail}``."""
    from tractor_analysis.records.diagnostics import CODES
    from tractor_analysis.records.limits import DEFAULT_MAX_BYTES

    found: list[tuple[str, str]] = []
    safe = re.sub(r"[^A-Za-z0-9._-]", "_", os.path.basename(name)) or "case"
    with tempfile.TemporaryDirectory(prefix="fuzz-confirm-") as tmp:
        Path(tmp, safe).write_bytes(data)
        r = run_cli(["check", "--json", safe], tmp)
        slow = fuzzlib.slow_line(data, fuzzlib.checked_matches(r["out"]) if r["exit"] in fuzzlib.CHECK_EXITS else 0)
        found += _judge_run("check", r, fuzzlib.CHECK_EXITS, slow)
        clean = False
        if r["exit"] in fuzzlib.CHECK_EXITS:
            try:
                doc = json.loads(r["out"])
            except ValueError as exc:
                found.append(("traceback", f"check --json printed no JSON document: {exc}"))
            else:
                for f in doc.get("files", []):
                    clean = not f.get("errors")
                    for e in f.get("errors", []):
                        if e.get("code") == "engine_error":
                            found.append(("engine_error", e.get("message", "")[:300]))
                        if e.get("code") not in CODES or (e.get("line") or 0) < 0 or (e.get("column") or 0) < 0:
                            found.append(("bad_diagnostic", f"{e.get('code')} at {e.get('line')}:{e.get('column')}"))
        first = None
        for to in ("jsonl", "tgn", "json"):
            r = run_cli(["convert", safe, "--to", to, "-o", f"out.{to}"], tmp)
            found += _judge_run(f"convert --to {to}", r, fuzzlib.CONVERT_EXITS, slow)
            if r["exit"] != 0 or not clean:
                continue
            if to == "jsonl":
                first = Path(tmp, "out.jsonl").read_bytes()
                continue
            big = str(fuzzlib.ROUNDTRIP_FACTOR * DEFAULT_MAX_BYTES)
            r = run_cli(["convert", f"out.{to}", "--to", "jsonl", "--max-bytes", big, "-o", f"back-{to}.jsonl"], tmp)
            found += _judge_run(f"convert back from {to}", r, fuzzlib.CONVERT_EXITS, slow)
            if r["exit"] != 0:
                found.append(("roundtrip", f"{to}: the written file does not convert back: {r['err'][-240:]}"))
            elif first is not None and Path(tmp, f"back-{to}.jsonl").read_bytes() != first:
                found.append(("roundtrip", f"{to}: the matches differ after the round trip"))
    out: dict[str, str] = {}
    for cls, detail in found:
        out.setdefault(cls, detail)
    return out


# --- reproducers ------------------------------------------------------------------

def _shrink_in_child(name: str, data: bytes, cls: str, seconds: float = 240.0) -> bytes:
    """Shrink in memory in a child process with the workers' limits (a try may fail as hard as the
    case did), for at most ``seconds``; the smallest failing input found by then."""
    ctx = mp.get_context("fork")
    parent, child = ctx.Pipe()

    def work(conn):
        _die_with_parent()
        _limit_memory()
        deadline = time.monotonic() + seconds

        def fails(candidate: bytes) -> bool:
            _cpu_budget(HANG_S)
            if cls == "roundtrip":
                found = fuzzlib.judge_library(name, candidate)
            else:
                found = fuzzlib.judge(name, candidate, formats=("tgn", "json", "jsonl"))
            return any(f.cls == cls for f in found)
        conn.send(fuzzlib.shrink(data, fails, budget=400, deadline=deadline))

    p = ctx.Process(target=work, args=(child,), daemon=True)
    p.start()
    out = data
    if parent.poll(seconds + 2 * HANG_S):
        try:
            out = parent.recv()
        except EOFError:
            pass
    p.kill()
    p.join()
    return out


def write_reproducer(out: Path, cls: str, seed: int, index: int, size: float, detail: str) -> str:
    """Write the reproducer of case ``index`` for class ``cls``: shrunk bytes (≤ :data:`REPRO_CAP`,
    confirmed by the CLI) or a recipe.  Returns a line for the report."""
    name, data, applied = fuzz_cases.make_case(seed, index, size)
    ext = "".join(Path(name).suffixes[-2:]) or ".bin"
    stem = f"{cls}-s{seed}-c{index}"
    small, confirmed = None, {}
    if cls not in ("memory", "hang", "slow"):
        small = _shrink_in_child(name, data, cls)
        if len(small) > REPRO_CAP:
            small = None
        else:
            confirmed = confirm(name, small)
            if cls not in confirmed:
                small = data if len(data) <= REPRO_CAP and cls in confirm(name, data) else None
    elif len(data) <= REPRO_CAP:
        small = data
    info = {"class": cls, "seed": seed, "case": index, "size": size, "menu": fuzz_cases.MENU, "name": name,
            "mutators": applied,
            "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest(), "detail": detail}
    if small is None:
        target = out / f"{stem}.recipe.json"
        target.write_text(json.dumps(info, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        return f"recipe: {target} (case of {len(data)} bytes: fuzz_cases.make_case({seed}, {index}, {size}))"
    target = out / f"{stem}{ext}"
    target.write_bytes(small)
    (out / f"{target.name}.txt").write_text(
        f"class: {cls}\nseed: {seed}\ncase: {index}\nname: {name}\nmutators: {'+'.join(applied)}\n"
        f"bytes: {len(data)} -> {len(small)}\ndetail: {detail}\n", encoding="utf-8")
    return f"reproducer: {target} ({len(small)} bytes)"


# --- the report -------------------------------------------------------------------

def report(failures, seed: int, cases: int, size: float, out: Path | None, elapsed: float = 0.0,
           confirm_per_class: int = 10, per_class: int = 3) -> dict[str, int]:
    """Confirm failures by the CLI (at most ``confirm_per_class`` per class), print the table,
    write reproducers of the confirmed ones.  Returns ``{class: confirmed count}``."""
    counts: Counter[str] = Counter()
    by_class: dict[str, list[int]] = defaultdict(list)
    for index in sorted(failures):
        for cls, detail in failures[index]:
            counts[cls] += 1
            by_class[cls].append(index)
    confirmed: dict[str, list[tuple[int, str]]] = defaultdict(list)
    tried: Counter[str] = Counter()
    cache: dict[int, dict[str, str]] = {}
    for cls, indexes in by_class.items():
        for index in indexes[:confirm_per_class]:
            if index not in cache:
                name, data, _ = fuzz_cases.make_case(seed, index, size)
                cache[index] = confirm(name, data)
            tried[cls] += 1
            if cls in cache[index]:
                confirmed[cls].append((index, cache[index][cls]))
    rate = f", {cases / elapsed:.2f} cases/s ({elapsed:.0f} s)" if elapsed else ""
    print(f"\nfuzz run: seed {seed}, {cases} cases{rate}, {len(failures)} failing in process\n")
    print("| class | found in process | confirmed by the CLI (of tried) | example |")
    print("|---|---|---|---|")
    for cls in CLASSES + tuple(c for c in counts if c not in CLASSES):
        if cls in confirmed:
            index, detail = confirmed[cls][0]
        elif cls in by_class:
            index = by_class[cls][0]
            detail = dict(failures[index])[cls] + " (not confirmed)"
        else:
            index, detail = None, ""
        ex = ""
        if index is not None:
            _, _, applied = fuzz_cases.make_case(seed, index, size)
            ex = f"case {index} ({'+'.join(applied)}): {detail}".replace("|", "\\|").replace("\n", " ")
        print(f"| {cls} | {counts.get(cls, 0)} | {len(confirmed.get(cls, []))} ({tried.get(cls, 0)}) | {ex[:240]} |")
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        for cls, items in confirmed.items():
            for index, detail in items[:per_class]:
                print(write_reproducer(out, cls, seed, index, size, detail), flush=True)
    return {cls: len(v) for cls, v in confirmed.items()}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=None, help="default: from the clock (printed)")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--size", type=float, default=1.0, help="scale of the big mutations (default 1.0)")
    ap.add_argument("--no-cli", action="store_true", help="library only, no CliRunner (faster)")
    ap.add_argument("--out", type=Path, default=Path("fuzz-out"), help="where reproducers go")
    ap.add_argument("--confirm", type=int, default=10, metavar="N",
                    help="confirm at most N failures of each class by the real CLI (default 10)")
    ap.add_argument("--time-limit", type=float, default=0.0, metavar="SECONDS",
                    help="start no case after this many seconds; report the cases done (default: none)")
    ap.add_argument("--case", type=int, default=None, help="judge only this case, in this process")
    ap.add_argument("--file", type=Path, default=None, help="judge only this file, in this process and by the CLI")
    ap.add_argument("--report-from", type=Path, default=None, metavar="JSON",
                    help="confirm and report the failures saved by an earlier run")
    args = ap.parse_args(argv)
    seed = args.seed if args.seed is not None else int(time.time()) % 1_000_000
    if args.file is not None:
        data = args.file.read_bytes()
        found = [(f.cls, f.detail) for f in fuzzlib.judge(args.file.name, data, cli=not args.no_cli,
                                                            formats=("tgn", "json", "jsonl"))]
        found += [(cls, f"(CLI) {d}") for cls, d in confirm(args.file.name, data).items()]
        for cls, detail in found:
            print(f"{cls}: {detail}")
        return 1 if found else 0
    if args.case is not None:
        name, data, applied = fuzz_cases.make_case(seed, args.case, args.size)
        print(f"case {args.case}: {name}, {len(data)} bytes, {'+'.join(applied)}")
        t0 = time.monotonic()
        found = fuzzlib.judge(name, data, cli=not args.no_cli)
        for f in found:
            print(f"{f.cls}: {f.detail}")
        print(f"{time.monotonic() - t0:.2f} s; slowest step {fuzzlib.SLOWEST[1]}: {fuzzlib.SLOWEST[0]:.2f} CPU-s")
        return 1 if found else 0
    if args.report_from is not None:
        saved = json.loads(args.report_from.read_text(encoding="utf-8"))
        failures = {int(k): [tuple(x) for x in v] for k, v in saved["failures"].items()}
        confirmed = report(failures, saved["seed"], saved["done"], saved["size"], args.out,
                           saved.get("elapsed", 0.0), args.confirm)
        return 1 if confirmed else 0
    print(f"seed {seed}, {args.cases} cases, {args.jobs} worker(s)", file=sys.stderr, flush=True)
    t0 = time.monotonic()
    failures, done = run(seed, args.cases, max(1, args.jobs), args.size, not args.no_cli, progress=True,
                         time_limit=args.time_limit, save=args.out / f"failures-s{seed}.json")
    elapsed = time.monotonic() - t0
    print(f"{elapsed:.0f} s", file=sys.stderr)
    confirmed = report(failures, seed, done, args.size, args.out, elapsed, args.confirm)
    return 1 if confirmed else 0


if __name__ == "__main__":
    sys.exit(main())
