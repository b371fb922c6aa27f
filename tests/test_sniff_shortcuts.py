"""The format sniffing's shortcuts give the answers of the full checks (issue 27, thirteenth pass).

* ``looks_like_80fen`` no longer decodes a first line that holds neither ``"rounds"`` nor a ``\\u``
  escape (no key ``rounds`` can be in it): 80fen's first lines are still found however JSON spells
  their keys, and ours, Botzone's and other objects, broken or too deep, are not.
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
from tractor_analysis.simulate import simulate_match

DATA = Path(__file__).resolve().parent / "data"


def _fen_first() -> str:
    return gzip.decompress(sorted((DATA / "80fen").glob("*.gz"))[0].read_bytes()).decode("utf-8").splitlines()[0]


def _ours() -> str:
    return format_jsonl([simulate_match(7, 0), simulate_match(7, 1)])


def _eighty_fen() -> list[str]:
    """First lines that are 80fen's by its format (as ``looks_like_80fen`` states it: an object whose ``rounds`` list starts
    with a round holding ``plays`` and ``declSeat``, or is empty beside ``aTeam``), however JSON spells
    the keys; and a broken line holding both ``"rounds"`` and ``"aTeam"`` (the reader then reports it)."""
    first = _fen_first()
    escaped = first.replace('"rounds"', '"\\u0072ounds"', 1)
    return [gzip.decompress(p.read_bytes()).decode("utf-8") for p in sorted((DATA / "80fen").glob("*.gz"))] + [
        escaped, json.dumps(json.loads(first), ensure_ascii=True), escaped.replace('"plays"', '"pl\\u0061ys"'),
        '{"rounds": [], "aTeam": 1}', '{"\\u0072ounds": [], "aTeam": 0}', '{"rounds": ... "aTeam"',
        "\u2028{\"rounds\": [], \"aTeam\": 2}"]


def _not_eighty_fen() -> list[str]:
    """Texts that are not 80fen's: ours, Botzone's, objects without a ``rounds`` list of rounds (the key
    escaped or not), other first lines, nesting too deep to decode."""
    ours = _ours()
    out = [ours, "\n\n  " + ours, "\x1c" + ours, '{"rounds": [], "bTeam": 1}', '{"rounds": [1, 2]}',
           '{"rounds": [{"plays": [], "declSeat": 0}]', '{"round": 1}', '{"a": "\\u00e9"}',
           '{"r\\u006funds": [{}]}', '["rounds"]', "", " \n\t\n", "[Event \"x\"]\n",
           '{"rounds": ' + "[" * 5000 + "]" * 5000 + "}"]
    for path in sorted((DATA / "botzone").rglob("*")):
        if path.is_file():
            raw = path.read_bytes()
            out.append((gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw).decode("utf-8", "replace"))
    return out


@pytest.mark.parametrize("k", range(len(_eighty_fen())))
def test_80fen_found_however_spelled(k):
    assert fen80_reader.looks_like_80fen(_eighty_fen()[k]) is True


@pytest.mark.parametrize("k", range(len(_not_eighty_fen())))
def test_not_80fen_not_found(k):
    assert fen80_reader.looks_like_80fen(_not_eighty_fen()[k]) is False


def test_texts_meet_the_shortcut_on_both_sides():
    """Among the texts, first lines the shortcut answers (no ``"rounds"``, no escape) and lines it
    leaves to the full check, the key escaped among them: the tests above cover both ways."""
    firsts = [next((x.strip() for x in t.splitlines() if x.strip()), "") for t in _eighty_fen() + _not_eighty_fen()]
    answered = [x for x in firsts if x.startswith("{") and '"rounds"' not in x and "\\u" not in x]
    assert answered and len(answered) < len(firsts)
    assert any('"\\u0072ounds"' in x for x in firsts)


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
