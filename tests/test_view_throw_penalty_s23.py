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


def test_the_failed_throw_clause_says_who_gains_the_penalty():
    out = CliRunner().invoke(main, ["analyse", str(RECORD), "--budget", "20"], catch_exceptions=False).stdout
    line = next(ln for ln in out.splitlines() if "failed throw:" in ln)
    # W, the dealer, threw: the attackers gain the penalty (before: only the JSON's sign said which side)
    assert "2 cards × 10" in line and "the attackers gain it" in line and "计入闲家得分" in line


def test_the_seats_best_plays_written_as_plays_are():
    # the seat view's best plays in the order the open-hand line writes plays (the strongest first), not as held
    from tractor_analysis.analysis.view import view_hand
    from tractor_analysis.cli.analyse_cmd import view_text
    from tractor_analysis.engine.replay import replay_match
    from tractor_analysis.engine.tricks import hand_context
    from tractor_analysis.records import parse_tgn
    from tractor_analysis.records.cards import card_kind
    import dataclasses

    (m,), _ = parse_tgn(RECORD.read_text(encoding="utf-8"))
    h = replay_match(m).hands[0]
    order = hand_context(h.rules, h.level, h.trump).order
    v = next(x for x in view_hand(h, m.hands[0], 0, samples=5) if x is not None and x.value is not None)
    low_high = (card_kind("H4"), card_kind("H5"))           # written as held, lowest first
    v = dataclasses.replace(v, best=[low_high], cost=max(v.cost, 1.0))
    assert "best 最佳: ♥5 ♥4" in view_text(v, 3, order)
