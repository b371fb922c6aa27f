"""A failed throw judged from the seat (``analyse --view``) is charged the cards the rules charge (docs/rules.md §4.6).

A player's tester (session 23): under the botzone preset (``throw_penalty_cards = failing_units``: every beaten unit's
cards) W's ♥A ♥A ♥5 ♥4 fails to ♥4 — only ♥5 and ♥4 can be beaten: 2 cards × 10 — and the replay, ``check`` and the
open-hand line charge 20; the seat view charged the cards thrown less the forced play (3 × 10), a cost 10 too high.
Record: tests/data/player_s23/throw_botzone.tgn (a position, the others holding only non-point hearts).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main

RECORD = Path(__file__).parent / "data" / "player_s23" / "throw_botzone.tgn"


def _first_view(*rules: str) -> dict:
    args = ["analyse", str(RECORD), "--json", "--view", "--samples", "20", "--budget", "20"]
    for r in rules:
        args += ["--rule", r]
    out = CliRunner().invoke(main, args, catch_exceptions=False)
    play = json.loads(out.stdout)["hands"][0]["plays"][0]
    assert play["cards"] == ["H4"]          # the forced play of the failed throw
    return play


@pytest.mark.parametrize("rules, cards", [((), 2), (("throw_penalty_cards=not_thrown",), 3)],
                         ids=["failing_units", "not_thrown"])
def test_the_view_charges_the_cards_the_rules_charge(rules, cards):
    play = _first_view(*rules)
    assert play["cost"] == 10 * cards                        # the open-hand line (the replay's penalty)
    assert play["view"]["cost"] == pytest.approx(10 * cards, abs=1)     # before: 30.1 under failing_units
