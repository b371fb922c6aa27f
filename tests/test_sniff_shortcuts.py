"""The format sniffing's shortcuts give the answers of the full checks (issue 27, thirteenth pass).

* ``looks_like_80fen`` no longer decodes a first line that holds neither ``"rounds"`` nor a ``\\u``
  escape (no key ``rounds`` can be in it): on every kind of first line — 80fen's, ours, Botzone's,
  the key written with escapes, broken JSON — the lines it answers are checked to hold no such key,
  and an escaped key is still found.
* ``streaming._decided`` remembers the last head decided (the segments of one file a worker reads
  all decide on the file's head): its answers are :func:`streaming._decide`'s, a changed head or
  name is decided again.
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from tractor_analysis.records import fen80_reader, format_jsonl, streaming
from tractor_analysis.records.limits import json_too_deep
from tractor_analysis.simulate import simulate_match

DATA = Path(__file__).resolve().parent / "data"


def _texts() -> list[str]:
    fen = [gzip.decompress(p.read_bytes()).decode("utf-8") for p in sorted((DATA / "80fen").glob("*.gz"))]
    ours = format_jsonl([simulate_match(7, 0), simulate_match(7, 1)])
    first = fen[0].splitlines()[0]
    escaped = first.replace('"rounds"', '"\\u0072ounds"', 1)
    plain = json.dumps(json.loads(first), ensure_ascii=True)
    out = fen + [ours, "\n\n  " + ours, escaped, plain, escaped.replace('"plays"', '"pl\\u0061ys"'),
                 '{"rounds": [], "aTeam": 1}', '{"rounds": [], "bTeam": 1}', '{"rounds": [1, 2]}',
                 '{"rounds": [{"plays": [], "declSeat": 0}]', '{"rounds": ... "aTeam"', '{"round": 1}',
                 '{"a": "\\u00e9"}', '{"\\u0072ounds": [], "aTeam": 0}', '{"r\\u006funds": [{}]}',
                 '["rounds"]', "", " \n\t\n", "[Event \"x\"]\n", '{"rounds": ' + "[" * 5000 + "]" * 5000 + "}",
                 "\u2028{\"rounds\": [], \"aTeam\": 2}", "\x1c" + ours]
    for path in sorted((DATA / "botzone").rglob("*")):
        if path.is_file():
            raw = path.read_bytes()
            out.append((gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw).decode("utf-8", "replace"))
    return out


def _first_line(text: str) -> str | None:
    return next((raw.strip() for raw in text.splitlines() if raw.strip()), None)


def _answered(line: str | None) -> bool:
    """Does the shortcut answer for this first line?"""
    return bool(line) and line.startswith("{") and '"rounds"' not in line and "\\u" not in line


@pytest.mark.parametrize("k", [k for k, t in enumerate(_texts()) if _answered(_first_line(t))])
def test_80fen_shortcut_only_where_no_rounds_key_can_be(k):
    """Where the shortcut answers (a first line starting with ``{`` that holds neither ``"rounds"``
    nor a ``\\u`` escape), no 80fen record can start: the line decodes to no object with a key
    ``rounds`` (or does not decode, and the broken-JSON rule needs ``"rounds"`` in it).  The other
    lines take the full check, which the tests of the 80fen reader cover."""
    text = _texts()[k]
    line = _first_line(text)
    assert fen80_reader.looks_like_80fen(text) is False
    if json_too_deep(line) is None:
        try:
            obj = json.loads(line)
        except ValueError:
            return                      # broken: the full check also needs '"rounds"' in the line
        assert not (isinstance(obj, dict) and "rounds" in obj)


def test_80fen_shortcut_texts_cover_both_sides():
    """The texts hold lines the shortcut answers and lines it leaves, escaped keys among them."""
    lines = [_first_line(t) for t in _texts()]
    answered = [x for x in lines if _answered(x)]
    assert answered and len(answered) < len(lines)
    assert any(x and "\\u0072ounds" in x for x in lines)


def test_80fen_texts_still_found():
    assert any(fen80_reader.looks_like_80fen(t) for t in _texts())
    assert fen80_reader.looks_like_80fen('{"\\u0072ounds": [], "aTeam": 0}')     # the key escaped


def test_decided_is_decide():
    head = format_jsonl([simulate_match(3, i) for i in range(3)]).encode("utf-8")
    other = head.replace(b"{", b" {", 1)
    streaming._DECIDED.clear()
    for h, name, forced, complete in [(head, "a.jsonl", None, True), (head, "a.jsonl", None, True),
                                      (head, "a.jsonl", None, False), (other, "a.jsonl", None, True),
                                      (head, "b.txt", None, True), (head, "b.txt", "jsonl", True),
                                      (b"\xff\xfe{", "a.jsonl", None, True), (head, "a.jsonl", None, True)]:
        assert streaming._decided(h, name, forced, complete) == streaming._decide(h, name, forced, complete)
        assert streaming._DECIDED[0] == (h, name, forced, complete)
