"""炒地皮 (``rebid_after_bottom``) with the buries not all given: the takers' hands are read from
their plays and the hand is never shown legal — and now ``unknown`` says why, naming what the record
leaves out (``rebid_buries``; ``Bottom`` for a missing ``Bottom:`` line) and what it withholds (docs/rules.md §14: "one message naming the missing tag and
what was withheld").  Before, ``legal`` was ``null`` ("legality not fully judged") with no word of why.
"""
from __future__ import annotations

import dataclasses

import pytest

from tractor_analysis.engine.hand_replay import replay_hand
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.records.tgn_writer import format_tgn
from tractor_analysis.simulate import simulate_match

TOURNAMENT = PRESETS["tournament"]


@pytest.fixture(scope="module")
def rebid():
    for i in range(60):
        m = simulate_match(3, i, preset="tournament", max_hands=4)
        for h in m.hands:
            if h.earlier_buries:
                return h
    raise AssertionError("the simulator should rebid now and then under the tournament preset")


def _replay(hand, **kw):
    return replay_hand(dataclasses.replace(hand, **kw), TOURNAMENT, (hand.level, hand.level), first_of_match=False)


def _said(result, tag):
    return [u for u in result.unknowns if u.tag == tag and u.withheld == ("legality",)]


def test_every_bury_given_nothing_unknown(rebid):
    result = _replay(rebid)
    assert result.legal is True and not _said(result, "rebid_buries") and not _said(result, "Bottom")


@pytest.mark.parametrize("given", ["none", "last"])
def test_buries_not_given_are_said(rebid, given):
    kw = {"earlier_buries": ()} if given == "last" else {"earlier_buries": (), "buried": None}
    result = _replay(rebid, **kw)
    assert result.legal is None
    (u,) = _said(result, "rebid_buries")
    takers = len(rebid.earlier_buries) + 1
    assert f"there were {takers}" in u.message_en and f"共扣底 {takers} 次" in u.message_zh
    assert ("no Buried: line" in u.message_en) == (given == "none")
    assert "withheld: whether follows and throws were legal" in u.message_en and "因此不判定" in u.message_zh


def test_no_bottom_line_is_said(rebid):
    result = _replay(rebid, bottom=None)
    assert result.legal is None
    (u,) = _said(result, "Bottom")
    assert "no Bottom: line" in u.message_en and "Bottom:" in u.message_zh


def test_check_json_says_it(rebid, tmp_path):
    import json

    from click.testing import CliRunner

    from tractor_analysis.cli.main import main

    match = simulate_match(3, 0, preset="tournament", max_hands=1)
    path = tmp_path / "rb1.tgn"
    path.write_text(format_tgn(dataclasses.replace(match, hands=(dataclasses.replace(rebid, earlier_buries=()),))),
                    encoding="utf-8")
    assert parse_tgn(path.read_text(encoding="utf-8"))[1] == []
    r = CliRunner().invoke(main, ["check", "--json", str(path)], catch_exceptions=False)
    hand = json.loads(r.stdout)["files"][0]["hands"][0]
    assert hand["legal"] is None
    (u,) = [u for u in hand["unknown"] if u["tag"] == "rebid_buries"]
    assert u["withheld"] == ["legality"]
    # the bottom in play (the last bury) is known: not said unknown, its multiplier and bonus kept
    assert "Buried" not in [u["tag"] for u in hand["unknown"]]
    assert hand["complete"] and hand["bottom_multiplier"] is not None and hand["bottom_bonus"] is not None
