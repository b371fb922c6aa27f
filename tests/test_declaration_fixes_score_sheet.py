"""A score sheet's hand (``[ResultOnly]``) records the attackers' total alone: its trick points, bottom
and penalties are not known — ``null`` in ``check --json`` and ``None`` in the engine's result, with
``[Claim]`` or without it (docs/format.md "Score sheets"), never the engine's working 0."""
from __future__ import annotations

import json

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.dataset.hand_values import hand_values
from tractor_analysis.engine import replay_match
from tractor_analysis.records import parse_tgn

SHEET = """[Event "Club sheet"]
[North "A"]
[East "B"]
[South "C"]
[West "D"]
[Ruleset "standard"]

[Hand "1"]
[Dealer "N"]
[Level "2"]
[Trump "H"]
[ResultOnly "yes"]
[Claim "55"]

[Hand "2"]
[Dealer "S"]
[Level "3"]
[Trump "S"]
[ResultOnly "yes"]
"""

NOT_RECORDED = ("attackers_points", "bottom_points", "bottom_multiplier", "bottom_bonus", "penalties")


def test_check_json_writes_null_for_a_sheet_hand_without_claim(tmp_path):
    path = tmp_path / "sheet.tgn"
    path.write_text(SHEET, encoding="utf-8")
    r = CliRunner().invoke(main, ["check", "--json", str(path)], catch_exceptions=False)
    with_claim, without = json.loads(r.output)["files"][0]["hands"]
    assert with_claim["attackers_total"] == 55
    assert without["attackers_total"] is None and without["result_only"] is True
    for hand in (with_claim, without):
        assert {k: hand[k] for k in NOT_RECORDED} == dict.fromkeys(NOT_RECORDED), hand["hand"]
    assert [u["tag"] for u in without["unknown"]] == ["Claim"]


def test_the_engine_keeps_no_working_zero():
    [match], _ = parse_tgn(SHEET)
    for hand in replay_match(match).hands:
        assert (hand.attackers_points, hand.bottom_points, hand.bottom_multiplier, hand.bottom_bonus,
                hand.penalties) == (None,) * 5, hand.number
    # the dataset's values stay null as before
    values = [hand_values(h) for h in replay_match(match).hands]
    assert all(v.bottom_points is None and v.penalties is None for v in values)
