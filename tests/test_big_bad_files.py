"""Big files that are bad throughout, as the 10,000-case fuzz run of issue 21 (seed 424242) made them:
a pretty-printed match of 19 MB saved as ``.jsonl`` (1.1 million lines, each a problem; ``check``
took 14-20 CPU-s), and a ``.tgn`` of 66,000 one-trick hands (``check --json`` took 1.1 GB: the
document of every hand was built before a byte was printed).

No timed test: what is held is the work done (lines decoded) and the memory (traced peak), each
against a bound the old code broke, and that the faster path counts exactly what the slow one does.
"""
from __future__ import annotations

import contextlib
import json
import tracemalloc

from hypothesis import given, settings
from hypothesis import strategies as st

from tractor_analysis.cli.main import main as cli
from tractor_analysis.records import json_problems, json_reader
from tractor_analysis.records.diagnostics import MAX_DIAGNOSTICS
from tractor_analysis.records.json_reader import parse_jsonl

LINES = [
    '"event": "Simulated 9",',     # a line of a pretty-printed match: invalid
    '  "N": "刘洋",',
    "},", "]", "}", "  ],",
    "42", "null", '"just a string"', "true",       # scalars: json_shape
    '"\\ud800 lone"',                               # a lone surrogate: decode_error and json_shape
    '"a\\\\b",',                                    # an escape, invalid
    '"x" ' + "[" * 70,                              # brackets after a string: one problem
    "{", "[", "[1, 2]", '{"foo": 1}',               # an object or a list: read the slow way
    '{"event": "x", "hands": []}',                  # a match: no problem
    "   ", "",                                       # blank: no problem
]


def _problems(text: str) -> tuple[int, int, int]:
    """(matches, problems listed, problems counted in "N more") of a .jsonl text."""
    matches, diags = parse_jsonl(text)
    more = [d for d in diags if "more problems not listed" in d.message]
    dropped = int(more[0].message.split()[0]) if more else 0
    return len(matches), len(diags) - len(more), dropped


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(LINES), min_size=1, max_size=40), st.integers(0, MAX_DIAGNOSTICS + 5))
def test_lines_past_the_full_list_count_as_if_each_were_read(lines, before):
    """After ``MAX_DIAGNOSTICS`` problems a line that is surely one problem is counted without being
    decoded; every line is decoded when the list never fills: the totals must agree."""
    text = "\n".join(["nope"] * before + lines)
    fast = _problems(text)
    saved = (json_reader.MAX_DIAGNOSTICS, json_problems.MAX_DIAGNOSTICS)
    json_reader.MAX_DIAGNOSTICS = json_problems.MAX_DIAGNOSTICS = 10 ** 9   # the list never fills
    try:
        slow = _problems(text)
    finally:
        json_reader.MAX_DIAGNOSTICS, json_problems.MAX_DIAGNOSTICS = saved
    assert fast[0] == slow[0]
    assert fast[1] + fast[2] == slow[1] + slow[2]
    assert fast[1] == min(slow[1], MAX_DIAGNOSTICS)


def test_lines_past_the_full_list_are_not_decoded(monkeypatch):
    """The pretty-printed match of case 2640: once the list is full, a line that cannot start an
    object or a list is not handed to the decoder (the old code decoded all 1.1 million)."""
    calls = []
    real = json_reader.decode_lazily
    monkeypatch.setattr(json_reader, "decode_lazily", lambda text: calls.append(text) or real(text))
    doc = {"event": "Simulated", "players": {"N": "a", "E": "b", "S": "c", "W": "d"},
           "hands": [{"number": n, "dealer": "N", "trump": "H", "level": "2"} for n in range(1, 400)]}
    lines = json.dumps(doc, indent=2, ensure_ascii=False).split("\n")
    opening = sum(1 for line in lines if line.lstrip()[:1] in "{[")
    _, listed, dropped = _problems("\n".join(lines))
    assert listed + dropped == len(lines)
    assert len(calls) <= MAX_DIAGNOSTICS + opening < len(lines) // 2


def test_check_json_of_many_hands_never_holds_the_whole_document(tmp_path):
    """Case 4158: a ``.tgn`` of many short hands without dealer or trump.  ``check --json`` prints
    about 3 KB a hand; its traced peak must stay below twice what it prints (1.1 times now: the
    records and verdicts; the old code, 5.4 times, built the whole document, then the whole string,
    before printing)."""
    hand = '[Hand "1"]\n1. N: SA, E: S3, S: SK, W: S5\n\n'
    path = tmp_path / "many.tgn"
    path.write_text("; hands with neither dealer nor trump\n" + hand * 3000, encoding="utf-8")
    out = tmp_path / "verdict.json"
    with out.open("w", encoding="utf-8") as f, contextlib.redirect_stdout(f):
        tracemalloc.start()
        try:
            code = cli.main(["check", "--json", str(path)], standalone_mode=False)   # the exit code
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    printed = out.stat().st_size
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert code == 2 and len(doc["files"][0]["hands"]) == 3000
    assert peak < 2 * printed, f"peak {peak >> 20} MiB, printed {printed >> 20} MiB"
