"""``check`` holds no trick's ``hands_before`` once a hand is judged.

The fuzzer's case 823 of seed 20261225 (``many_hands``: one match of 2,360 hands, 8 MB of ``.json``) took
``check`` to 165 MB, some 73 MB of it the four seats' cards before every trick (four tuples of 54 counts a
trick), kept on every hand's result to the end of the file though ``check`` never reads them.  They are
built and read while a hand is judged (``held_open``, the plays owed, the slip readings rest on them) and
dropped from its result once it is (``replay_match(..., keep_hands_before=False)``); ``replay``, ``analyse``
and ``ruling``, which show the hands held, keep them.
"""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from click.testing import CliRunner

from tractor_analysis.cli import check
from tractor_analysis.cli.check import check_file, file_json_chunks
from tractor_analysis.cli.common import RuleChoice, load
from tractor_analysis.cli.main import main
from tractor_analysis.engine import legal, replay
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.simulate import simulate_match

DATA = Path(__file__).resolve().parent / "data"
DAMAGED = [DATA / "referee_s20" / "q3_agree.tgn",          # held_open, from the hands before of every reading
           DATA / "referee_s19" / "side_buried_slip.tgn",
           DATA / "referee_s20" / "s2_last_revoke.tgn",
           DATA / "gaps" / "two-ways-ruled.tgn",
           DATA / "bad" / "duplicate_seat.tgn"]


def _emptied(result):
    """The full replay with every trick's ``hands_before`` ``()``: what ``keep_hands_before=False`` must give."""
    return dataclasses.replace(result, hands=tuple(dataclasses.replace(
        h, tricks=tuple(dataclasses.replace(t, hands_before=()) for t in h.tricks)) for h in result.hands))


def _held(results) -> int:
    return sum(bool(t.hands_before) for r in results if r is not None for h in r.hands for t in h.tricks)


def _matches():
    simulated = [simulate_match(31, i, rules=PRESETS[p], violation_rate=0.08, max_hands=4)
                 for i, p in enumerate(["standard", "tournament", "80fen"])]
    return simulated + [m for path in DAMAGED for m in load(str(path)).matches]


def test_dropped_once_judged_the_rest_the_same():
    matches = _matches()
    legal.clear_memo()
    full = [replay_match(m) for m in matches]
    assert _held(full)
    assert any(h.held_open for r in full for h in r.hands)      # made from them while the hand is judged
    legal.clear_memo()
    lean = [replay_match(m, keep_hands_before=False) for m in matches]
    assert _held(lean) == 0
    expected = [_emptied(r) for r in full]
    assert repr(lean) == repr(expected) and lean == expected
    assert [replay_match(m) for m in matches] == full          # the default keeps them


@pytest.mark.parametrize("path", DAMAGED[:2], ids=lambda p: p.name)
def test_check_file_drops_them_when_asked_and_says_the_same(path):
    rules = RuleChoice(None, ())
    kept = check_file(str(path), rules)                          # replay, analyse, ruling: the hands shown
    assert _held(kept.results)
    lean = check_file(str(path), rules, keep_hands_before=False)
    assert _held(lean.results) == 0
    assert "".join(file_json_chunks(lean)) == "".join(file_json_chunks(kept))


@pytest.fixture
def replays(monkeypatch):
    """Every match result ``check`` makes (``replay_match`` is imported where it is called)."""
    made = []
    real = replay.replay_match

    def spy(*args, **kwargs):
        made.append(real(*args, **kwargs))
        return made[-1]
    monkeypatch.setattr(replay, "replay_match", spy)
    return made


@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_the_check_command_keeps_none(replays, as_json):
    r = CliRunner().invoke(main, ["check", *map(str, DAMAGED), *(["--json"] if as_json else [])])
    assert r.exception is None or isinstance(r.exception, SystemExit), r.output
    assert len(replays) >= len(DAMAGED) and any(h.tricks for m in replays for h in m.hands)
    assert _held(replays) == 0


def test_a_streamed_file_keeps_none(replays, tmp_path, monkeypatch):
    """A big JSON Lines file is checked a match at a time (``check_streamed``): "big" made small here."""
    from tractor_analysis.records import format_jsonl, streaming

    jsonl = tmp_path / "matches.jsonl"
    jsonl.write_text(format_jsonl(_matches()[:3]), encoding="utf-8")
    monkeypatch.setattr(streaming, "STREAM_ABOVE", 100)
    monkeypatch.setattr(check, "check_file", None)             # (not read whole)
    replays.clear()                                             # (the simulator's own replays)
    r = CliRunner().invoke(main, ["check", str(jsonl)])
    assert r.output.splitlines()[-1].startswith("1 file, "), r.output
    assert len(replays) == 3 and _held(replays) == 0
