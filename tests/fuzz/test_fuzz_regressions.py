"""Every reproducer the fuzzer found (``tests/fuzz/regressions/``) is judged again, through the
library and the CLI (``check --json`` and ``convert`` to every format): none may fail any more.

A reproducer is named ``<class>-s<seed>-c<case>.<ext>`` as ``bench/fuzz.py`` writes it; the
``.txt`` beside it says what it was.  Memory and time reproducers (megabytes each) are not kept
as files: ``tests/test_hostile_input.py`` builds them (gzip bombs, files past the byte limit).
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import fuzz_cases  # noqa: E402
import fuzzlib  # noqa: E402

HERE = Path(__file__).parent / "regressions"
CASES = sorted(p for p in HERE.iterdir() if p.is_file() and p.suffix != ".txt"
               and not p.name.endswith(".recipe.json")) if HERE.is_dir() else []


def test_there_are_reproducers():
    assert CASES


@pytest.mark.parametrize("path", CASES, ids=[p.name for p in CASES])
def test_reproducer_no_longer_fails(path):
    found = fuzzlib.judge(path.name, path.read_bytes(), formats=("tgn", "json", "jsonl"))
    assert found == [], "\n".join(f"{f.cls}: {f.detail}" for f in found)
    assert_not_slow()


def assert_not_slow() -> None:
    """The fuzzer's own line between fine and ``slow`` (CPU seconds of the slowest step, not wall
    time): what makes a ``hang`` or ``slow`` reproducer fail again if its super-linear path returns
    (they took 12-69 CPU-s per step before their fixes, 0.3-2 after)."""
    seconds, step = fuzzlib.SLOWEST
    # the fuzzer's line with its allowance per match read, not the one per MiB of text: the gzip
    # bombs kept here are not read past the bomb line, so their text allows nothing
    line = fuzzlib.slow_line(b"", fuzzlib.MATCHES[0])
    assert seconds < line, f"{step}: {seconds:.1f} CPU-s (line {line:.1f})"


# --- memory reproducers, built here (megabytes each as files) ---------------------

_HEAD = '[Event "x"]\n[Hand "1"]\n[Dealer "N"]\n'


@pytest.mark.parametrize("text", [
    _HEAD + "{" + "x" * 1_000_000 + "}\n",                 # one long annotation
    _HEAD + "{" + "\\\\" * 500_000 + "}\n",                # ... of escapes
    _HEAD + "{" + "x" * 1_000_000 + "\n",                  # ... left open
    '[Event "' + "x" * 1_000_000 + '"]\n',                 # one long tag value
    '[Event "x"] {a} "' + "y" * 1_000_000 + '"\n',         # a long quote after a note
], ids=["note", "escapes", "open-note", "tag", "quote"])
def test_long_quote_or_annotation_reads_in_little_memory(text):
    """Seed 5, case 125 (deep_nesting in a .tgn: an 8 MB line of ``{"x":[``): reading took 770 MB,
    a backtracking mark per character of the annotation in the regular expression that found its
    end.  A 1 MB annotation or quote must take a few MB of Python memory (it took 115-230 MB)."""
    import tracemalloc

    from tractor_analysis.records.tgn_reader import parse_tgn

    tracemalloc.start()
    try:
        parse_tgn(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 32 << 20, f"{peak >> 20} MiB"


RECIPES = sorted(HERE.glob("*.recipe.json")) if HERE.is_dir() else []


@pytest.mark.parametrize("path", RECIPES, ids=[p.name for p in RECIPES])
def test_recipe_no_longer_fails(path):
    """A reproducer too big to keep as bytes is kept as a recipe (``bench/fuzz.py``): the case is
    made again from its seed and index (the same bytes, by their SHA-256) and judged."""
    import hashlib
    import json

    info = json.loads(path.read_text(encoding="utf-8"))
    name, data, _ = fuzz_cases.make_case(info["seed"], info["case"], info["size"], info.get("menu", "issue15"))
    assert hashlib.sha256(data).hexdigest() == info["sha256"], "the mutators changed: this recipe makes another case"
    found = fuzzlib.judge(name, data, formats=("tgn", "json", "jsonl"))
    assert found == [], "\n".join(f"{f.cls}: {f.detail}" for f in found)
    assert_not_slow()


@pytest.mark.parametrize("text", [
    "[" * 70 + '"' + "\\n" * 500_000 + '"' + "]" * 70,                    # past the depth limit
    '{"event": "' + "\\n" * 500_000 + '", "hands": []}',                  # a long string of escapes
    '{"event": "' + "\\\\" * 500_000 + '\\ud800", "hands": []}',          # ... ending in a lone surrogate
    "[" * 70 + '"' + "\\n" * 500_000,                                     # ... left open
], ids=["deep", "escapes", "lone-surrogate", "open"])
def test_long_json_string_of_escapes_reads_in_little_memory(text):
    """The same class in the JSON reader (found with seed 5's case): the depth scan's and the
    lone-surrogate check's regular expressions kept a backtracking mark per escape (60 MB of
    Python memory per million characters); they are possessive now."""
    import tracemalloc

    from tractor_analysis.records.json_reader import parse_json

    tracemalloc.start()
    try:
        parse_json(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 32 << 20, f"{peak >> 20} MiB"
