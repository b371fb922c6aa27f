"""Commas between the cards of a deal, ``Bottom:`` or ``Buried:`` line (a referee's typing slip, session 9's
referee probe): ``N: H9, H9, H3, SA, D6, C4`` gave five ``unknown_card 'H9,'`` with no hint, N's line marked
as having cards not read, and the points withheld — though the same record with N's line one unreadable
token kept them.  The cards are read, with one ``syntax_error`` saying what to write; the verdict is the
record's without the commas.  The first two tests fail before the fix."""
from __future__ import annotations

from pathlib import Path

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

SAMPLE = (Path(__file__).resolve().parent.parent / "sample_logs" / "disputed-trick.tgn").read_text(encoding="utf-8")
N_LINE = "N: H9 H9 H3 SA D6 C4"


def _read(text: str):
    (match,), diags = parse_tgn(text)
    return replay_match(match).hands[0], diags


def test_commas_between_the_cards_of_a_deal_line_are_read_and_said_once():
    assert N_LINE in SAMPLE
    h, diags = _read(SAMPLE.replace(N_LINE, "N: H9, H9, H3, SA, D6, C4"))
    whole, _ = _read(SAMPLE)
    assert [d.code for d in diags] == ["syntax_error"]
    assert "commas between cards" in diags[0].message and "逗号" in diags[0].message
    assert (h.attackers_total, [v.code for v in h.violations]) == (whole.attackers_total,
                                                                    [v.code for v in whole.violations])
    assert h.attackers_total is not None


def test_cards_joined_by_commas_without_spaces_are_read_too():
    h, diags = _read(SAMPLE.replace(N_LINE, "N: H9,H9,H3 SA D6,C4"))
    assert [d.code for d in diags] == ["syntax_error"]
    assert h.attackers_total == _read(SAMPLE)[0].attackers_total


def test_a_token_with_a_comma_that_is_no_card_stays_unread():
    h, diags = _read(SAMPLE.replace(N_LINE, "N: H9, H9, H3, SA, D6, XX,"))
    codes = [d.code for d in diags]
    assert codes.count("unknown_card") == 1 and codes.count("syntax_error") == 1      # 'XX,' alone not read
