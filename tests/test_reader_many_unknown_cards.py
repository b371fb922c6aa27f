"""A .tgn line of thousands of unknown tokens: each is counted, but only the problems a file keeps
(MAX_DIAGNOSTICS) are worded — the hint ("did you mean HQ?") and the position cost a few
microseconds a token, and a fuzzed 7 MB record of such lines took 12 CPU-s to check, 3.5 after.
The problems kept and the count of the others are the same as before."""
from __future__ import annotations

from tractor_analysis.records import tgn_cards
from tractor_analysis.records.diagnostics import MAX_DIAGNOSTICS
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.records.tgn_state import Reading

RECORD = """[North "A"]
[East "B"]
[South "C"]
[West "D"]
[Hand "1"]
[Dealer "N"]
[Trump "S"]
[Level "2"]
1. N: {bad}, E: S3, S: S4, W: S5
"""


def _read(monkeypatch, n: int, word_all: bool):
    worded = []
    real = tgn_cards.unknown_card_hint
    monkeypatch.setattr(tgn_cards, "unknown_card_hint", lambda t: worded.append(t) or real(t))
    if word_all:                # as before: every problem worded, the reader's cap dropping the rest
        monkeypatch.setattr(Reading, "full", lambda self: False)
    _, diags = parse_tgn(RECORD.format(bad=" ".join(f"X{i}" for i in range(n))))
    monkeypatch.undo()
    return diags, len(worded)


def test_unknown_tokens_past_the_kept_problems_are_counted_not_worded(monkeypatch):
    n = 3 * MAX_DIAGNOSTICS
    diags, worded = _read(monkeypatch, n, False)
    before, worded_before = _read(monkeypatch, n, True)
    assert diags == before                              # the same problems kept, the same count of the rest
    assert worded_before == n and worded <= MAX_DIAGNOSTICS
    unknown = [d for d in diags if d.code == "unknown_card"]
    assert unknown[0].column == 7 and "X0" in unknown[0].message
    assert "more problems not listed" in diags[-1].message
