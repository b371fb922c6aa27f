"""The long run's machinery (``bench/fuzz.py``): its limits see a hang and a memory hog in a worker
and replace the worker, and a reproducer too big to keep is written as a recipe that rebuilds the
same case.  (The classes the judge itself finds are tested in ``test_fuzz_fast.py``.)"""
from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import fuzz_cases  # noqa: E402
import fuzzlib  # noqa: E402

fuzz = pytest.importorskip("fuzz")

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc and rlimits: Linux")


def test_workers_catch_a_hang_and_a_memory_hog(monkeypatch):
    """A case whose step spins is killed by its CPU limit (``hang``); one that holds 600 MiB passes
    a limit 200 MiB above the test process's own pages (``memory``); the others are judged by the workers that replace them."""
    monkeypatch.setattr(fuzz, "HANG_S", 1.0)
    # a forked worker starts with up to this process's resident pages (a test process that imported
    # the whole suite holds ~300 MiB): the limit is 200 MiB past them, and the hog holds 600 MiB
    monkeypatch.setattr(fuzz, "MEMORY_LIMIT", fuzz._rss(os.getpid()) + (200 << 20))
    # ... and its address space starts at this process's (2-3 GiB after a long run of the suite, with its
    # libraries and threads mapped): the hog's 600 MiB must pass the RSS limit, not fail the 3 GiB RLIMIT_AS
    # first (a MemoryError there is a worker dying with exit 1, seen when the suite ran in one process)
    monkeypatch.setattr(fuzz, "AS_LIMIT", max(fuzz.AS_LIMIT, fuzz.status(os.getpid(), "VmSize:") + (2 << 30)))
    real = fuzzlib.judge

    def judge(name, data, cli=True, formats=None):   # runs in the forked workers
        fuzzlib._step()
        if name == "hang":
            while True:
                pass
        if name == "hog":
            hog = bytearray(600 << 20)
            hog[::4096] = b"x" * len(hog[::4096])      # touch every page: resident
            return []
        return real(name, data, cli=False)

    def make_case(seed, index, size=1.0):
        return ({0: "hang", 2: "hog"}.get(index, "ok.tgn"),
                (fuzzlib.ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_bytes(), [])

    monkeypatch.setattr(fuzzlib, "judge", judge)
    monkeypatch.setattr(fuzz_cases, "make_case", make_case)
    failures, done = fuzz.run(1, 5, 2, 1.0, cli=False, progress=False)
    assert done == 5
    assert sorted(failures) == [0, 2]
    assert failures[0][0][0] == "hang" and failures[2][0][0] == "memory", failures


def test_a_big_reproducer_is_a_recipe(tmp_path):
    """A memory case over the 1 MiB cap is written as a recipe, and the recipe makes the same bytes."""
    seed, size = 20261201, 1.0
    index = next(i for i in range(500) if len(fuzz_cases.make_case(seed, i, size)[1]) > fuzz.REPRO_CAP)
    line = fuzz.write_reproducer(tmp_path, "memory", seed, index, size, "a test")
    assert line.startswith("recipe:")
    written = list(tmp_path.iterdir())
    assert [p.name for p in written] == [f"memory-s{seed}-c{index}.recipe.json"]
    info = json.loads(written[0].read_text(encoding="utf-8"))
    data = fuzz_cases.make_case(info["seed"], info["case"], info["size"], info["menu"])[1]
    assert hashlib.sha256(data).hexdigest() == info["sha256"] and len(data) == info["bytes"]


def test_the_big_mutators_never_pass_the_cap(monkeypatch):
    """With every size picked big (20,000 copies of each hand, 2 M-character lines) the mutators
    still count before they copy: no output passes ``CASE_CAP`` (unbounded, a case once took 2.3 GB)."""
    import random

    monkeypatch.setattr(fuzz_cases, "BIG", 1.0)
    seeds = dict(fuzz_cases.seeds())
    for name in ("seed0.tgn", "seed0.json", "seeds.jsonl"):
        for i in range(3):
            for mutate in (fuzz_cases.many_hands, fuzz_cases.long_lines):
                out = mutate(random.Random(i), name, seeds[name], 1.0)[1]
                assert len(out) <= fuzz_cases.CASE_CAP + (1 << 20), (name, mutate.__name__, len(out))


def test_a_gzip_bomb_case_stays_under_the_cap():
    """The bomb's file (not its text) stays under ``CASE_CAP`` even when its members compress
    badly: seed 20261203 case 5423 (byte flips, then a bomb of 4,096 members of the flipped
    record) was 1.1 GB, and the worker holding it passed 1 GiB before the tool read a byte."""
    import random

    name, data, applied = fuzz_cases.make_case(20261203, 5423, menu="issue15")
    assert applied[-1] == "gzip_bomb" and len(data) <= fuzz_cases.CASE_CAP + (1 << 20)
    noisy = bytes(random.Random(1).getrandbits(8) for _ in range(1 << 16))
    out = fuzz_cases.gzip_bomb(random.Random(3), "x.jsonl", noisy, 4.0)[1]
    assert len(out) <= fuzz_cases.CASE_CAP + (1 << 20), len(out)


def test_the_slow_line_grows_with_the_text_of_a_big_gzip_only(monkeypatch):
    """A streamed gzip of hundreds of MB of records reads in linear time but past 10 CPU-s (seed
    20261204, cases 4069, 5999, 9880: 85-213 MB at 0.15-0.2 CPU-s per MB); the line between fine
    and slow is 0.5 CPU-s per MiB of text there, 10 CPU-s for anything small."""
    import gzip

    monkeypatch.setattr(fuzzlib, "_SCALE", [1.0])                   # (the reference machine's speed)
    text = b'{"x": 1}\n' * 300_000                                   # 2.6 MiB
    two = gzip.compress(text) + gzip.compress(text[:1000])
    assert fuzzlib.text_size(two) == len(text) + 1000 == len(gzip.decompress(two))
    assert fuzzlib.text_size(text) == len(text)
    assert fuzzlib.slow_line(text) == fuzzlib.SLOW_CPU_S
    big = gzip.compress(text * 40)                                   # 103 MiB of text
    assert fuzzlib.slow_line(big) == fuzzlib.SLOW_CPU_S_PER_MIB * len(text) * 40 / (1 << 20)


def test_the_slow_line_is_set_for_the_reference_machine_and_scaled_to_this_one(monkeypatch):
    """The lines are CPU-seconds on the machine they were set on; a slower machine (its ``json.loads`` of the bench's
    1 MB document slower than :data:`fuzzlib.REFERENCE_LOADS_S`) has them scaled, a faster one never below."""
    monkeypatch.setattr(fuzzlib, "_SCALE", [])
    scale = fuzzlib.machine_scale()
    assert scale >= 1.0 and fuzzlib._SCALE == [scale]
    assert fuzzlib.slow_line(b"x") == scale * fuzzlib.SLOW_CPU_S
    monkeypatch.setattr(fuzzlib, "_SCALE", [2.5])
    assert fuzzlib.slow_line(b"x") == 25.0
    assert fuzzlib.slow_line(b"x", 10_000) == 2.5 * 10_000 * fuzzlib.SLOW_CPU_S_PER_MATCH
    assert 0.9e6 < len(fuzzlib._baseline_document()) < 1.2e6


def test_the_slow_line_grows_with_the_matches_read(monkeypatch):
    """Thousands of tiny damaged matches are judged in linear time past 10 CPU-s (seed 20261202,
    case 9832: 9,688 matches, 7-12 CPU-s): 2 ms per match read; judge() counts them."""
    monkeypatch.setattr(fuzzlib, "_SCALE", [1.0])
    assert fuzzlib.slow_line(b"x", 100) == fuzzlib.SLOW_CPU_S
    assert fuzzlib.slow_line(b"x", 10_000) == 10_000 * fuzzlib.SLOW_CPU_S_PER_MATCH > fuzzlib.SLOW_CPU_S
    one = '{"hands": [{"number": 1, "dealer": "N", "level": "2"}]}\n'
    data = (one * 7).encode()
    fuzzlib.judge("x.jsonl", data, cli=False)
    assert fuzzlib.MATCHES[0] == 7
    # a gzip bomb the library's whole read refuses is streamed by check up to the bomb line (exit 2): its count
    import gzip

    bomb = gzip.compress(one.encode() * 50 + b" " * (8 << 20))
    fuzzlib.judge("x.jsonl.gz", bomb, formats=("jsonl",))
    assert fuzzlib.MATCHES[0] == 50
    assert fuzzlib.checked_matches('{"files": [{"matches": [{}, {}]}, {"matches": [{}]}]}') == 3
    assert fuzzlib.checked_matches("not json") == fuzzlib.checked_matches("[1]") == 0


def test_a_case_whose_mutators_decode_a_lone_surrogate_is_made():
    """Seed 20261202, cases 1424 and 1524: ``typed_tags`` then a JSON mutator decoded a ``"\\ud800"``
    escape into a lone surrogate that the case's bytes could not hold (the worker died: a
    harness fault counted as a ``traceback``).  Such a case is made, its surrogate as invalid UTF-8."""
    for index in (1424, 1524):
        name, data, applied = fuzz_cases.make_case(20261202, index)
        assert "typed_tags" in applied and data
    assert fuzz_cases._bytes("a\ud800b") == b"a\xed\xa0\x80b"
    assert fuzz_cases._bytes(fuzz_cases._text(b"a\xffb")) == b"a\xffb"
