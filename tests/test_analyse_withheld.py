"""Why ``tractor analyse`` (and ``ingest --analyse K``) does not analyse a hand: never a guess, and
the reason names what the record leaves unknown (docs/rules.md §14.1, README "tractor analyse").

- A record without the bottom (no ``Buried:``, none derived): any line in which the attackers may
  take the last trick counts the bottom, whose points are unknown, so nothing is valued — before,
  the solver was given ``None`` points and crashed.
- A hand the engine leaves a fact unknown in (``[Points]``, ``[Trump]``, ``[Dealer]``…): the reason
  is that fact's own message, naming its tag — before, "the record does not say who deals" for any
  missing total, "the hand is not complete" for a missing trump.
- A trick whose winner is not known is never counted as the attackers' (:func:`trick_bases`).
"""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from engine_helpers import position, replay_position
from tractor_analysis.analysis.batch import AnalyseOptions
from tractor_analysis.analysis.hand_analysis import analyse_hand, trick_bases
from tractor_analysis.analysis.view import view_hand
from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

SAMPLE = Path(__file__).parent.parent / "sample_logs" / "spring-cup-r2t5.tgn"


@pytest.fixture(autouse=True, params=["compiled", "pure-python"])
def search_path(request, monkeypatch):
    """With the compiled core and with the pure-Python search (each crashed its own way before)."""
    if request.param == "pure-python":
        monkeypatch.setenv("TRACTOR_PURE_PYTHON", "1")
    else:
        monkeypatch.delenv("TRACTOR_PURE_PYTHON", raising=False)
    return request.param


def _without(text: str, *starts: str) -> str:
    """``text`` with the lines starting with any of ``starts`` left out (as a record that omits them)."""
    return "".join(line for line in text.splitlines(keepends=True) if not line.startswith(starts))


def _analyse(tmp_path, text: str, *args: str):
    f = tmp_path / "record.tgn"
    f.write_text(text, encoding="utf-8")
    return CliRunner().invoke(main, ["analyse", str(f), "--last", "2", "--budget", "2", *args])


def _reasons(result, exit_code: int = 0) -> list[str]:
    assert result.exit_code == exit_code, result.output
    hands = json.loads(result.stdout)["hands"]
    assert hands and all(h["plays"] == [] and h["value_start"] is None for h in hands)
    return [h["reason"] for h in hands]


def _zh(reason: str) -> str:
    # the reason is "English / 中文" (English first, as every message: docs/format.md "Diagnostics")
    return reason.rsplit(" / ", 1)[1]


def test_full_hands_without_bottom_lines_are_analysed_from_the_bottom_they_imply(tmp_path):
    """The sample's hands with no ``Bottom:`` and no ``Buried:`` lines but every deal line: the bottom
    is the cards in no deal line and the bury what the dealer did not play (derived, docs/rules.md
    §14.1), so each hand is analysed — to the same values as with the lines."""
    text = SAMPLE.read_text(encoding="utf-8")
    stripped = _without(text, "Bottom:", "Buried:")
    with_lines = json.loads(_analyse(tmp_path, text, "--json").stdout)["hands"]
    without = json.loads(_analyse(tmp_path, stripped, "--json").stdout)["hands"]
    assert len(without) == 5 and all(h["reason"] is None and h["plays"] for h in without)
    values = [[(p["value_before"], p["value_after"], p["best"]) for p in h["plays"]] for h in with_lines]
    assert [[(p["value_before"], p["value_after"], p["best"]) for p in h["plays"]] for h in without] == values


def _position_without_buried(last_trick: str = "2. N: HK, E: S6, S: S7, W: S8") -> str:
    """A position with ``[Points]`` and every seat's hand but no ``Buried:`` line (the defenders,
    N–S, take the last trick by default: the engine's total stands, the hand is complete)."""
    hands = {"N": "HA HK", "E": "S3 S6", "S": "S4 S7", "W": "S5 S8"}
    if "W: HK" in last_trick:
        hands = {"N": "HA S7", "E": "S3 S6", "S": "S4 S8", "W": "S5 HK"}
    return position("N: HA, E: S3, S: S4, W: S5", level="2", trump="H", ruleset="standard", dealer="N",
                    points=40, hands=hands, extra=last_trick)


@pytest.mark.parametrize("last_trick", [
    "2. N: HK, E: S6, S: S7, W: S8",        # the defenders (N–S) take the last trick
    "2. N: S7, E: S6, S: S8, W: HK",        # the attackers (W) take it: the engine withholds the total
])
def test_a_position_with_points_but_no_buried_is_not_analysed(tmp_path, last_trick):
    text = _position_without_buried(last_trick)
    assert "Buried:" not in text and '[Points "40"]' in text
    (reason,) = _reasons(_analyse(tmp_path, text, "--json"))
    assert "Buried:" in reason and "未分析" not in _zh(reason)
    r = _analyse(tmp_path, text, "--view", "--samples", "5")
    assert r.exit_code == 0, r.output
    (line,) = [line for line in r.stdout.splitlines() if line.startswith("hand ")]
    assert "not analysed 未分析: " in line and "Buried:" in line


def test_ingest_analysis_gets_the_same_reason(tmp_path):
    """``ingest --analyse K`` (:class:`AnalyseOptions`) gets the hand's reason, not ``None`` (before:
    the solver's crash, swallowed as "not analysed" with no reason)."""
    (m,), diags = parse_tgn(_position_without_buried())
    h = replay_match(m).hands[0]
    a = AnalyseOptions(last=2).analyse_hand(h)
    assert a is not None and a.reason is not None and "Buried:" in a.reason[1] and not a.plays
    assert a.reason == analyse_hand(h, 2).reason


def test_a_position_without_points_names_points_not_the_dealer(tmp_path):
    """``[Dealer "N"]`` stated, ``[Points]`` left out: the hand is analysed (its costs and best plays do
    not rest on the points before it: tests/test_position_points_unstated_s17g.py), and what is withheld,
    the totals, names the missing ``[Points]``, not the dealer."""
    text = position("N: HA, E: S3, S: S4, W: S5", level="2", trump="H", ruleset="standard", dealer="N",
                    hands={"N": "HA HK", "E": "S3 S6", "S": "S4 S7", "W": "S5 S8"}, buried="D10 C10 C3 C6 C7 C8 C9 D8",
                    extra="2. N: HK, E: S6, S: S7, W: S8")
    text = _without(text, "[Points ")
    assert '[Dealer "N"]' in text and "[Points" not in text
    r = _analyse(tmp_path, text, "--json")
    assert r.exit_code == 0, r.output
    (h,) = json.loads(r.stdout)["hands"]
    assert h["reason"] is None and h["plays"] and h["value_start"] is None
    note = h["totals_withheld"]
    assert "[Points]" in note and "who deals" not in note and "未写明庄家" not in note


def test_a_hand_without_trump_names_the_trump(tmp_path):
    """No ``[Trump]``: the reason is the unknown trump, not "the hand is not complete" (the missing
    tag is an error of the record: exit status 2, the analysis printed all the same)."""
    text = _without(SAMPLE.read_text(encoding="utf-8"), "[Trump ", "[Declarations ")   # (they would fix it)
    reasons = _reasons(_analyse(tmp_path, text, "--json"), 2)
    assert len(reasons) == 5
    for reason in reasons:
        assert "[Trump]" in reason and "not complete" not in reason and "未分析" not in _zh(reason)


def _winner_unknown():
    """A complete position whose last trick's winner is made unknown (``None``): no record gives
    this today (such a hand is not complete), so it is built from one that does not."""
    h = replay_position(position("N: HA, E: S3, S: S4, W: S5", level="2", trump="H", ruleset="standard",
                                 dealer="E", points=0, hands={"N": "HA HK", "E": "S3 S6", "S": "S4 S7",
                                                              "W": "S5 S8"},
                                 buried="D10 C10 C3 C6 C7 C8 C9 D8", extra="2. N: HK, E: S6, S: S7, W: S8"))
    assert h.complete and h.tricks[0].winner == 0 and h.tricks[0].points == 5
    return dataclasses.replace(h, tricks=(dataclasses.replace(h.tricks[0], winner=None), *h.tricks[1:]))


def test_trick_bases_never_count_a_trick_of_unknown_winner():
    h = _winner_unknown()
    with pytest.raises(ValueError, match="trick 1"):
        trick_bases(h)
    a = analyse_hand(h, 2)
    assert a.reason is not None and "trick 1" in a.reason[1] and "第 1 轮" in a.reason[0] and not a.plays


def test_the_view_never_takes_a_missing_bottom_as_0():
    """``view_hand`` (the seat's view, after the analysis) on a hand whose bottom the record does
    not give: an error, never each deal solved with a bottom of 0 points (before: values)."""
    (m,), _ = parse_tgn(_position_without_buried())
    h = replay_match(m).hands[0]
    assert h.complete and h.bottom_points is None and m.hands[0].buried is None
    with pytest.raises(ValueError, match="Buried:"):
        view_hand(h, m.hands[0], len(h.tricks) - 1, samples=2)
