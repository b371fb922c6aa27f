"""The project's fuzzer's oracle: what the tool did with a hostile record file, judged.

Cases (``(name, data)``, made by ``fuzz_cases.make_case``) are judged here.

:func:`judge` runs a case through the library (read, replay, write in every format and read
back) and through the CLI (``check --json``, ``convert``) with click's ``CliRunner`` in this
process, and returns the *findings*, one per class of failure:

=================  ==========================================================================
``traceback``      an exception escaped a reader, the engine, a writer or a command
``engine_error``   a file or match got the ``engine_error`` diagnostic (a reader or engine bug)
``roundtrip``      ``parse(format(parse(x)))`` differs from ``parse(x)``: other matches, new
                   diagnostic codes, or other verdicts
``exit_code``      an exit status outside the documented table (README, "Exit codes")
``bad_diagnostic`` a diagnostic code not in ``diagnostics.CODES``, or a negative position
=================  ==========================================================================

Memory (> 1 GB RSS) and time (hang > 60 s, slow > 10 s) are judged by ``bench/fuzz.py``, which
runs each case in a child process; :func:`shrink` cuts a failing case down to a small
reproducer (delta debugging on bytes).
"""
from __future__ import annotations

import json
import os
import re
import tempfile
import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from tractor_analysis.records.limits import DEFAULT_MAX_BYTES

ROOT = Path(__file__).resolve().parents[2]

CHECK_EXITS = frozenset({0, 1, 2, 3})
"""``tractor check``: 0 clean, 1 violations found, 2 input problems, 3 no violation found but a hand's
legality not fully judged (README, "Exit codes")."""
CONVERT_EXITS = frozenset({0, 2})
"""``tractor convert``: 0 written, 2 the record cannot be converted (nothing is judged: never 1)."""


SLOWEST: list = [0.0, ""]
"""The slowest single step of the last :func:`judge` (CPU seconds of this process, which step): a read and replay,
a round trip, one command.  ``bench/fuzz.py`` calls a case over 10 s ``slow``."""


SLOW_CPU_S = 10.0
"""A step of a case over this many CPU-seconds is ``slow`` (``bench/fuzz.py``'s ``SLOW_S``), unless
its text is big: see :func:`slow_line`."""
SLOW_CPU_S_PER_MIB = 0.5
"""CPU-seconds allowed per MiB of text (after gunzip) past :data:`SLOW_CPU_S`: a streamed JSON
Lines file has no size limit, and the tool reads about 5 MB of text per CPU-second, so a 200 MB
gzip of genuine-looking records takes 40 s in linear time; a super-linear path still stands out."""
SLOW_CPU_S_PER_MATCH = 0.002
"""CPU-seconds allowed per match read past :data:`SLOW_CPU_S`: ``check`` judges each match of a
file, and a match that is nothing but damage costs about 1 ms of reading, replaying and words
for its diagnostics (seed 20261202 case 9832: 9,688 one-line matches of a gzip bomb, 7.4-9.6
CPU-s idle, 11.5 under a loaded suite), so thousands of tiny matches pass 10 CPU-s in linear
time; a super-linear path (that case took 60 CPU-s and was killed before its fix) still stands out."""
MATCHES: list = [0]
"""How many matches the last :func:`judge`'s case holds (for :func:`slow_line`): the most the library's read
and ``check --json`` give."""


def text_size(data: bytes, cap: int = 1 << 32) -> int:
    """Bytes of text of a case: after gunzip (every member, counted in chunks, at most ``cap``)."""
    import zlib

    if not data.startswith(b"\x1f\x8b"):
        return len(data)
    n, buf = 0, data
    while buf.startswith(b"\x1f\x8b") and n < cap:
        d = zlib.decompressobj(47)
        try:
            while buf and not d.eof and n < cap:
                n += len(d.decompress(buf, 1 << 22))
                buf = d.unconsumed_tail
        except zlib.error:
            break
        buf = d.unused_data
    return n


def slow_line(data: bytes, matches: int = 0) -> float:
    """CPU-seconds of one step past which the case is ``slow``: 10, or more for a big text
    (:data:`SLOW_CPU_S_PER_MIB`) or for many matches (:data:`SLOW_CPU_S_PER_MATCH`) — each on the machine the
    lines were set on, times how much slower this one is (:func:`machine_scale`)."""
    return machine_scale() * max(SLOW_CPU_S, SLOW_CPU_S_PER_MIB * text_size(data) / (1 << 20),
                                 SLOW_CPU_S_PER_MATCH * matches)


REFERENCE_LOADS_S = 0.0135
"""CPU-seconds of one ``json.loads`` of :func:`_baseline_document` on the machine the slow lines above were set on
(bench/README.md: 12.4–14.1 ms, the same document, issue 23's runs of 2026-12-01 to 12-07)."""

_SCALE: list = []


def _baseline_document() -> str:
    """The 1 MB JSON document bench/analyse_bench.py times (``json_baseline``)."""
    return json.dumps([{"trick": i, "seat": "NESW"[i % 4], "cards": ["SA", "H10", "BJ"] * 3, "value": i * 5}
                       for i in range(9000)])


def machine_scale() -> float:
    """How much slower this machine is than the one the slow lines were set on (never below 1): the median of 7
    ``json.loads`` of :func:`_baseline_document` against :data:`REFERENCE_LOADS_S`, measured once a process.  The
    same machine gave 12.4–14.1 ms in one week and 32–35 ms in the next (a shared VM): CPU-seconds alone called
    cases ``slow`` that cost what they did (seed 20261229's 275 and 757, 10.3 and 11.1 CPU-s, at 2.5× the
    reference's baseline) — the brief's rule, speed as a ratio to a baseline measured in the same run."""
    if not _SCALE:
        doc = _baseline_document()
        times = []
        for _ in range(7):
            t0 = time.process_time()
            json.loads(doc)
            times.append(time.process_time() - t0)
        _SCALE.append(max(1.0, sorted(times)[3] / REFERENCE_LOADS_S))
    return _SCALE[0]


def checked_matches(out: str) -> int:
    """How many matches ``check --json`` printed (``out``, its standard output; 0 if it is no JSON
    document): a streamed file's matches, which the library's whole-file read may not reach (a gzip
    bomb read in one piece is refused before its first match; ``check`` streams its lines up to the
    bomb line)."""
    try:
        doc = json.loads(out)
    except ValueError:
        return 0
    files = doc.get("files", []) if isinstance(doc, dict) else []
    return sum(len(f.get("matches") or []) for f in files if isinstance(f, dict))

STEP_HOOK: list = [None]
"""A callable run as each step starts (``bench/fuzz.py`` restarts its hang clock there)."""


def _step() -> float:
    if STEP_HOOK[0] is not None:
        STEP_HOOK[0]()
    return time.process_time()


def _timed(step: str, t0: float) -> None:
    elapsed = time.process_time() - t0
    if elapsed > SLOWEST[0]:
        SLOWEST[:] = [elapsed, step]


@dataclass(frozen=True)
class Finding:
    cls: str
    detail: str


# --- the oracle -------------------------------------------------------------------

def _verdicts(matches) -> list:
    """What a referee reads from a replay, without source positions."""
    from tractor_analysis.engine.replay import replay_match

    out = []
    for m in matches:
        r = replay_match(m)
        out.append([(h.number, h.complete, h.attackers_total, tuple(sorted(v.code for v in h.violations)),
                     None if h.outcome is None else (h.outcome.winner, h.outcome.levels, h.outcome.next_dealer))
                    for h in r.hands] + [tuple(sorted(p.code for p in r.problems))])
    return out


def _codes(diags) -> set[str]:
    return {d.code for d in diags}


ROUNDTRIP_FACTOR = 16
"""How much bigger than its input a writer may legitimately make a record, so the re-read of a
round trip gets this many times the first read's byte limit.  Measured: ``.json`` is written
indented (2 spaces a level), so a ``.tgn`` card ``SA `` (3 bytes) becomes a line of some 20 bytes
(a 1.1 MB ``.tgn`` of many hands is a 10.2 MB ``.json``, × 9.1); an escape turns one byte into
six (a control character as ``\\u0001``).  16 covers either with room."""


def judge_library(name: str, data: bytes, max_bytes: int | None = None, replay_dirty: bool = True
                  ) -> list[Finding]:
    """Read, replay, write in each format and read back, all in this process.  With
    ``replay_dirty=False`` a record read with diagnostics is not replayed here (``check`` replays
    it: :func:`judge` with the CLI leaves that to it, the slowest step of a big case run once)."""
    from tractor_analysis.records import format_json, format_jsonl
    from tractor_analysis.records.diagnostics import CODES
    from tractor_analysis.records.sources import load_bytes
    from tractor_analysis.records.tgn_writer import Unwritable, format_tgn

    findings: list[Finding] = []
    stage = "read"
    t0 = _step()
    try:
        src = load_bytes(data, name) if max_bytes is None else load_bytes(data, name, max_bytes=max_bytes)
        MATCHES[0] = len(src.matches)
        for d in src.diagnostics:
            if d.code not in CODES or d.line < 0 or d.column < 0:
                findings.append(Finding("bad_diagnostic", f"{d.code} at {d.line}:{d.column}"))
            if d.code == "engine_error":
                findings.append(Finding("engine_error", d.message[:300]))
        if src.diagnostics and not replay_dirty:
            return findings
        stage = "replay"
        try:
            first = _verdicts(src.matches)
        except Exception as exc:        # noqa: BLE001 - the engine failing is an engine_error
            findings.append(Finding("engine_error", f"replay: {type(exc).__name__}: {exc}"[:300]))
            return findings
        _timed("read + replay", t0)
        if not src.matches or src.diagnostics:
            return findings     # only a record read without a problem is converted (as `convert` does)
        writers = [("jsonl", lambda ms: format_jsonl(list(ms)))]
        if len(src.matches) == 1:
            writers += [("tgn", lambda ms: format_tgn(ms[0])), ("json", lambda ms: format_json(ms[0]))]
        for fmt, write in writers:
            stage = f"write {fmt}"
            t0 = _step()
            try:
                text = write(src.matches)
            except Unwritable:
                continue        # .tgn cannot name this tag: convert says so and exits 2

            stage = f"reread {fmt}"
            again = load_bytes(text.encode("utf-8"), f"roundtrip.{fmt}",
                               max_bytes=ROUNDTRIP_FACTOR * (max_bytes or DEFAULT_MAX_BYTES))
            new = _codes(again.diagnostics)
            if new:
                findings.append(Finding("roundtrip", f"{fmt}: new diagnostics {sorted(new)}: "
                                        + "; ".join(d.message[:120] for d in again.diagnostics
                                                    if d.code in new)[:300]))
            elif again.matches != src.matches:
                findings.append(Finding("roundtrip", f"{fmt}: the matches differ after the round trip"))
            elif _verdicts(again.matches) != first:
                findings.append(Finding("roundtrip", f"{fmt}: the verdicts differ after the round trip"))
            _timed(f"round trip {fmt}", t0)
    except MemoryError:                 # the worker's address-space limit (bench/fuzz.py)
        findings.append(Finding("memory", f"{stage}: MemoryError"))
    except Exception as exc:            # noqa: BLE001 - the finding is the exception
        findings.append(Finding("traceback", f"{stage}: {type(exc).__name__}: {exc}"[:200] + " | "
                                + traceback.format_exc(limit=-3).replace("\n", " ")[-400:]))
    return findings


def judge_cli(name: str, data: bytes, workdir: str | None = None, formats: tuple[str, ...] | None = None
              ) -> list[Finding]:
    """``tractor check --json`` and ``tractor convert`` (to one format, which varies with the case)
    on the case, with ``CliRunner``."""
    from click.testing import CliRunner

    from tractor_analysis.cli.main import main

    findings: list[Finding] = []
    safe = re.sub(r"[^A-Za-z0-9._-]", "_", os.path.basename(name)) or "case"
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        path = os.path.join(tmp, safe)
        with open(path, "wb") as f:
            f.write(data)
        runner = CliRunner()
        formats = formats or (("tgn", "json", "jsonl")[len(data) % 3],)   # by default one, which varies
        for args, allowed in [(["check", "--json", path], CHECK_EXITS)] + [
                (["convert", path, "--to", to, "-o", os.path.join(tmp, "out." + to)], CONVERT_EXITS)
                for to in formats]:
            t0 = _step()
            res = runner.invoke(main, args)
            _timed(" ".join(args[:1] + args[2:3]), t0)
            if isinstance(res.exception, MemoryError):
                findings.append(Finding("memory", f"{args[0]}: MemoryError"))
            elif res.exception is not None and not isinstance(res.exception, SystemExit):
                tb = "".join(traceback.format_exception(res.exception, limit=-3)).replace("\n", " ")
                findings.append(Finding("traceback", f"{args[0]}: {type(res.exception).__name__}: "
                                        f"{str(res.exception)[:150]} | {tb[-400:]}"))
            elif res.exit_code not in allowed:
                findings.append(Finding("exit_code", f"{' '.join(args[:1] + args[2:3])} exit {res.exit_code}: "
                                        f"{(res.stderr if hasattr(res, 'stderr') else res.output)[-200:]}"))
            # (an exit other than 0 is a SystemExit CliRunner keeps as the exception: its output is read too)
            if args[0] == "check" and res.exit_code in CHECK_EXITS and (
                    res.exception is None or isinstance(res.exception, SystemExit)):
                try:
                    doc = json.loads(res.stdout)
                except ValueError as exc:
                    findings.append(Finding("traceback", f"check --json printed no JSON document: {exc}"))
                    continue
                MATCHES[0] = max(MATCHES[0], checked_matches(res.stdout))
                for f in doc.get("files", []):
                    for e in f.get("errors", []):
                        if e.get("code") == "engine_error":
                            findings.append(Finding("engine_error", e.get("message", "")[:300]))
    return findings


def judge(name: str, data: bytes, cli: bool = True, formats: tuple[str, ...] | None = None) -> list[Finding]:
    """Every finding of the case, one per class (the first of each)."""
    SLOWEST[:] = [0.0, ""]
    MATCHES[0] = 0
    found = judge_library(name, data, replay_dirty=not cli)
    if cli:
        found += judge_cli(name, data, formats=formats)
    seen: dict[str, Finding] = {}
    for f in found:
        seen.setdefault(f.cls, f)
    return list(seen.values())


# --- shrinking --------------------------------------------------------------------

def shrink(data: bytes, still_fails: Callable[[bytes], bool], budget: int = 300,
           deadline: float | None = None) -> bytes:
    """A smaller ``data`` that still fails (ddmin on bytes: drop chunks, halving their size;
    at most ``budget`` tries, and none started after ``deadline``, a ``time.monotonic()``: the
    smallest failing input found by then)."""
    tries = 0
    n = 2
    while len(data) >= 2 and tries < budget:
        chunk = max(1, len(data) // n)
        reduced = False
        for start in range(0, len(data), chunk):
            if tries >= budget or (deadline is not None and time.monotonic() > deadline):
                return data
            candidate = data[:start] + data[start + chunk:]
            tries += 1
            if candidate and still_fails(candidate):
                data = candidate
                n = max(n - 1, 2)
                reduced = True
                break
        if not reduced:
            if chunk == 1:
                break
            n = min(len(data), n * 2)
    return data
