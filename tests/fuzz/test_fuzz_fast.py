"""The fast part of the fuzzer (issue 15): a few hundred hostile cases, fixed seed, in this process.

Each case is a seed record put through the mutators of :mod:`fuzzlib` (small sizes: the long run,
``bench/fuzz.py``, does the big ones in child processes with memory and time limits).  A case
fails when an exception escapes, an ``engine_error`` appears, a record read without problems
reads back differently after ``convert``, an exit status is off the documented table, or a
diagnostic code is unknown.  Every reproducer the long run finds goes to ``regressions/`` and is
judged by ``test_fuzz_regressions.py``.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import fuzz_cases  # noqa: E402
import fuzzlib  # noqa: E402

SEED = 20261130
CASES = 240
SIZE = 0.002
BATCHES = 8


@pytest.mark.parametrize("batch", range(BATCHES))
def test_fuzz_cases_find_nothing(batch):
    failures = []
    for index in range(batch, CASES, BATCHES):
        name, data, applied = fuzz_cases.make_case(SEED, index, SIZE)
        # the CLI on every third case (it reads and replays again); the library on every case
        for f in fuzzlib.judge(name, data, cli=index % 3 == 0):
            failures.append(f"case {index} ({name}, {'+'.join(applied)}): {f.cls}: {f.detail}")
    assert not failures, "\n".join(failures[:10])


def test_every_mutator_is_used_and_changes_its_input():
    """The fast run exercises each mutator (a mutator that never runs or never changes anything
    would make the test above pass for nothing)."""
    used = set()
    for index in range(CASES):
        used.update(fuzz_cases.make_case(SEED, index, SIZE)[2])
    assert used == set(fuzz_cases.MUTATORS)
    import random

    name, data = "seed0.tgn", dict(fuzz_cases.seeds())["seed0.tgn"]
    for mname, mutate in fuzz_cases.MUTATORS.items():
        changed = any(mutate(random.Random(i), name, data, SIZE) != (name, data) for i in range(5))
        assert changed, mname


def test_the_issue_21_mutators_make_what_they_say():
    """``typed_tags`` writes a ``[Name:json "…"]`` tag into a ``.tgn`` (an extra field into JSON),
    nested past the limit often enough; ``wrong_containers`` changes the type of a value of a
    JSON record (a ``.tgn`` is written as ``.json`` first), never leaving it as it was."""
    import json
    import random

    from tractor_analysis.records.limits import json_too_deep

    seeds = dict(fuzz_cases.seeds())
    tgn, js = seeds["seed0.tgn"], seeds["seed0.json"]
    tags = [fuzz_cases.typed_tags(random.Random(i), "seed0.tgn", tgn, SIZE)[1].decode() for i in range(40)]
    typed = [ln for t in tags for ln in t.split("\n") if ln.startswith("[") and ':json "' in ln]
    values = [ln[ln.index('"') + 1:ln.rindex('"')].replace('\\"', '"') for ln in typed]
    assert len(typed) == 40 and any(json_too_deep(v) is not None for v in values)
    fields = [fuzz_cases.typed_tags(random.Random(i), "seed0.json", js, SIZE)[1] for i in range(10)]
    assert all(f != js for f in fields)

    def kinds(obj, path=()):
        out = {path: type(obj).__name__}
        for k, v in (enumerate(obj) if isinstance(obj, list) else obj.items() if isinstance(obj, dict) else ()):
            out.update(kinds(v, path + (k,)))
        return out
    before = kinds(json.loads(js))
    for i in range(20):
        name, data = fuzz_cases.wrong_containers(random.Random(i), "seed0.json", js, SIZE)
        after = kinds(json.loads(data))
        assert any(after.get(p) not in (None, k) for p, k in before.items()), i
    assert fuzz_cases.wrong_containers(random.Random(0), "seed0.tgn", tgn, SIZE)[0] == "seed0.json"


def test_the_oracle_sees_each_class():
    """The judge is not blind: a case of each class it judges is caught."""
    from tractor_analysis.records import load_file

    good = Path(fuzzlib.ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_bytes()
    assert fuzzlib.judge("ok.tgn", good) == []
    # a writer that drops a character is a round trip that changes the record
    import tractor_analysis.records.tgn_writer as w

    original = w.escape_value
    w.escape_value = lambda text: original(text)[:-1] if text else text
    try:
        found = {f.cls for f in fuzzlib.judge_library("ok.tgn", good)}
    finally:
        w.escape_value = original
    assert "roundtrip" in found
    assert load_file(fuzzlib.ROOT / "sample_logs" / "spring-cup-r2t5.tgn").ok


def test_shrink_finds_a_small_reproducer():
    data = b"x" * 500 + b"BAD" + b"y" * 500
    small = fuzzlib.shrink(data, lambda d: b"BAD" in d)
    assert small == b"BAD"


def test_round_trip_reread_allows_the_writers_expansion():
    """Seed 424242: a record under the byte limit was written back bigger than the limit (the
    writers legitimately inflate: ``.json`` is indented), and the re-read refused it as
    ``too_large``: a false ``roundtrip``.  The re-read gets ``ROUNDTRIP_FACTOR`` times the first
    read's limit; here the first limit is the record's own size, which its ``.json`` passes."""
    from tractor_analysis.records import format_json, load_file

    path = fuzzlib.ROOT / "sample_logs" / "spring-cup-r2t5.tgn"
    data = path.read_bytes()
    assert len(format_json(load_file(path).matches[0]).encode()) > len(data)   # the case is real
    assert fuzzlib.judge_library("r.tgn", data, max_bytes=len(data)) == []
