"""A trick's lead written but not readable (``16. N: ?, E: D8, S: D8, W: H2``; docs/format.md "Trick lines").

A player's tester: the last trick's lead written ``?`` made the next seat a rule-breaker (``E played out of
turn; N was to play``), the hand's end "before N played" and ``analyse`` refused the hand — though N's play is
written first (the seat played; what is not known) and N held one card.  The same in trick 15 (led by the
winner of trick 14) withheld the whole hand.  A play written first that could not be read, the plays read
following it in turn order, is the lead: filled in as any play of as many cards from the cards its seat held
then and does not play later (legal or not), what every way gives kept — never the next seat faulted for
leading."""
from __future__ import annotations

import re

import pytest

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.cards import PRETTY
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.records.tgn_writer import format_tgn
from tractor_analysis.simulate import simulate_match


def _record(seed: int, preset: str = "standard") -> str:
    match = simulate_match(seed, preset=preset, max_hands=1)
    return format_tgn(match)


def _lead_unread(text: str, trick: int) -> str:
    """``text`` with the lead of trick ``trick`` of its first hand written ``?``."""
    line = re.compile(rf"^{trick}\. ([NESW]): ([^,\n]+)", re.M)
    m = line.search(text)
    assert m is not None
    return text[:m.start(2)] + "?" + text[m.end(2):]


def _judged(text: str):
    matches, diags = parse_tgn(text)
    return matches[0], replay_match(matches[0]).hands[0], diags


def _faults(h):
    return {(v.code, v.trick, v.seat) for v in h.violations}


@pytest.mark.parametrize("seed", [3, 5, 11])
def test_the_last_tricks_lead_unread_is_filled_in_from_the_seats_last_cards(seed):
    text = _record(seed)
    _, whole, _ = _judged(text)
    last = whole.tricks[-1].number
    match, h, diags = _judged(_lead_unread(text, last))
    assert diags == []          # "?": the record says it does not know the play — no problem (docs/format.md)
    assert not any(v.code == "out_of_turn" for v in h.violations)
    assert _faults(h) == _faults(whole)
    assert (h.attackers_points, h.outcome, h.levels_after) == (whole.attackers_points, whole.outcome, whole.levels_after)
    leader = whole.tricks[-1].plays[0]
    derived = [d for d in h.derived if "left out" in d.message_en or "leaves out" in d.message_en]
    assert derived and " ".join(PRETTY[k] for k in leader.cards) in derived[0].message_en


@pytest.mark.parametrize("seed", [3, 5])
def test_an_earlier_leads_unread_never_faults_the_next_seat_nor_states_what_the_table_did_not(seed):
    """Every trick's lead in turn written ``?``: no out_of_turn, no fault the true record lacks, and what is
    stated (the points, the outcome) is the true record's or withheld."""
    text = _record(seed, "tournament")
    _, whole, _ = _judged(text)
    for t in whole.tricks:
        _, h, _ = _judged(_lead_unread(text, t.number))
        assert not any(v.code == "out_of_turn" for v in h.violations), t.number
        assert _faults(h) <= _faults(whole), t.number
        assert h.attackers_points in (None, whole.attackers_points), t.number
        assert h.outcome in (None, whole.outcome), t.number


def test_a_lead_unread_by_a_seat_after_the_plays_read_is_not_read_as_the_lead():
    """The unread play written after the plays read is no lead (the record may be in another order): as before."""
    text = _record(5)
    _, whole, _ = _judged(text)
    t = whole.tricks[3]
    seats = [p.seat for p in t.plays]
    line = re.compile(rf"^{t.number}\. (.*)$", re.M)
    m = line.search(text)
    parts = m.group(1).split(", ")
    moved = ", ".join([*parts[1:], parts[0].split(": ")[0] + ": ?"])
    _, h, _ = _judged(text[:m.start(1)] + moved + text[m.end(1):])
    # the plays read now start at the second seat: the lead is not the unread play, so nothing is filled in
    # as a lead; the trick's lead by the second seat is out of turn or withheld, never a silent guess
    assert seats[0] != seats[1]
    assert all(v.trick != t.number or v.seat != seats[0] for v in h.violations)
