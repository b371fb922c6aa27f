"""Verdicts of a hand that must not rest on what the record does not give (docs/rules.md §14.1).

Each record is written as a referee writes one: a position with only the hands that matter, a
full deal whose ``Buried:`` line is short or wrong, a whole deal with no ``Bottom:`` line.  Every
test fails on the code before the fix (checked against the main branch).
"""
from __future__ import annotations

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn


def replay(text: str):
    matches, diags = parse_tgn(text)
    return replay_match(matches[0]).hands[0], diags


def position(ruleset: str, lines: list[str], plays: list[str]) -> str:
    """The end of a hand a referee copies down: N deals, spades trump at 7, W leads trick 20."""
    head = [f'[Ruleset "{ruleset}"]', '[Levels "NS:7 EW:5"]', "", '[Hand "11"]', '[Dealer "N"]',
            '[Trump "S"]', '[Level "7"]', '[SetUp "1"]', '[Points "65"]', '[FirstTrick "20"]']
    return "\n".join(head + lines + plays) + "\n"


# --- 1. a throw judged against seats whose cards are read from their plays ---------------------

def test_failed_throw_not_called_standing_when_unknown_seats_may_beat_it():
    """W's throw ♥K ♥Q ♥J was recorded failed (W played ♥J).  N's hand is given and cannot beat
    it, but E and S have no deal line: only the cards they played are known.  Whether either held
    ♥A is not known, so "the throw would have stood" is withheld: no violation, and the ``deal``
    unknown says so."""
    text = position("standard", ["N: H9 H8 H3 SA D6 C4", "W: HK HQ HJ D5 D5 C8"],
                    ["20. W: HK HQ HJ -> HJ, N: H3, E: H4, S: H10"])
    result, _ = replay(text)
    assert [v.code for v in result.violations] == []
    deal = [u for u in result.unknowns if u.tag == "deal"]
    assert len(deal) == 1 and "throw_check" in deal[0].withheld
    assert "judged only where their plays prove them beaten" in deal[0].message_en
    assert "只在其出牌证明能管上时判定" in deal[0].message_zh
    # S plays ♥A in the same position: the throw is proven beaten, and every unit is a single (no
    # larger shape to beat), so ``throw_failed`` stands with its forced play ♥J
    proven, _ = replay(position("standard", ["N: H9 H8 H3 SA D6 C4", "W: HK HQ HJ D5 D5 C8"],
                                ["20. W: HK HQ HJ, N: H9 H8 H3, E: H5 H4 H2, S: HA H10 D9"]))
    [v] = proven.violations
    assert v.code == "throw_failed" and v.better == (proven.tricks[0].plays[0].cards[-1],)


def test_ruling_has_nothing_to_rule_on_for_the_withheld_throw(tmp_path):
    src = tmp_path / "p.tgn"
    src.write_text(position("standard", ["N: H9 H8 H3 SA D6 C4", "W: HK HQ HJ D5 D5 C8"],
                            ["20. W: HK HQ HJ -> HJ, N: H3, E: H4, S: H10"]), encoding="utf-8")
    out = CliRunner().invoke(main, ["ruling", str(src), "-o", str(tmp_path / "r.html")])
    assert out.exit_code == 1, out.output          # no violation: no ruling written


def test_forced_play_and_penalty_withheld_when_an_unknown_seat_may_beat_the_pair():
    """W throws ♥Q ♥Q ♥J; S's ♥A proves the single beaten, but E or S may have held ♥A ♥A or ♥K ♥K,
    which beat the pair: then W had to play the pair.  The fault stands; the forced play (and so
    the tournament's 10 points a card not thrown) is withheld, and with it the attackers' points."""
    text = position("tournament", ["N: H9 H8 H3 SA D6 C4", "W: HQ HQ HJ D5 D5 C8"],
                    ["20. W: HQ HQ HJ, N: H9 H8 H3, E: H5 H4 H2, S: HA H10 D9"])
    result, _ = replay(text)
    [v] = result.violations
    assert v.code == "throw_failed" and v.better == ()
    assert "forced play is not judged" in v.message_en and "应改出哪一手不予判定" in v.message_zh
    assert result.attackers_total is None and result.penalties is None
    assert not [i for i in result.items if i.kind == "throw_penalty"]
    assert "points" in result.withheld
