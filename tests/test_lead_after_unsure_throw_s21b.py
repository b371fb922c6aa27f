"""The lead after a throw whose rules' trick has no derived winner, by a seat that cannot win it (docs/rules.md
§4.1: "a seat that cannot win that trick either way led out of turn").

A tournament position without E's deal line: W throws ♥A ♥K ♥3 shown as played (:mod:`.unsure_throws` withholds
its verdict: E may hold a heart above ♥3).  As written W wins trick 23; as the rules require it where the throw
fails, W plays ♥3 and E, whose hand is not known, follows — its winner is not derived.  N, whose only heart is
♥2, wins neither: its lead of trick 24 is out of turn under every reading (:func:`.lead_after_throw._cannot_win`),
where before this the turn was left open.  A seat that might win the rules' trick (E itself, or N void in hearts
holding a trump) keeps the turn open; so does one that could trump the forced single a hand of E between the two
readings forces (W throwing ♥Q ♥Q ♥J: every reading's forced play the pair, E holding one ♥K the single ♥J).

Tests marked "fails before" fail on the parent commit (the turn open, no ``out_of_turn``); the controls pass on
both.
"""
from __future__ import annotations

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

HEAD = """[Event "Club night"]
[Ruleset "tournament"]
[Levels "NS:7 EW:5"]

[Hand "9"]
[Dealer "N"]
[Trump "S"]
[Level "7"]
[SetUp "1"]
[Points "40"]
[FirstTrick "23"]
"""
"""N deals, spades trump at 7, 40 points taken before trick 23; W leads; no deal line for E."""


def replay(*lines: str):
    (match,), _ = parse_tgn(HEAD + "\n".join(lines) + "\n")
    return replay_match(match).hands[0]


def late(h) -> list[tuple[int, int]]:
    return [(v.trick, v.seat) for v in h.violations if v.code == "out_of_turn"]


def turn_items(h):
    return [u for u in h.unknowns if u.tag == "order" and u.withheld == ("turn",)]


def test_a_seat_that_wins_neither_trick_after_an_unsure_throw_led_out_of_turn():
    """Fails before (the turn open): N holds ♥2 as its only heart, so it beats neither the throw as written nor
    the forced ♥3, whatever E holds: N's lead of trick 24 is out of turn."""
    h = replay("N: H2 D6 D2 C4", "S: C3 D8 D9 C5", "W: HA HK H3 C6",
               "23. W: HA HK H3, N: H2 D6 D2, E: D3 D4 D5, S: C3 D8 D9", "24. N: C4, E: D7, S: C5, W: C6")
    assert late(h) == [(24, 0)]
    assert not turn_items(h)


def test_a_seat_that_wins_neither_trick_after_a_proven_failed_throw_led_out_of_turn():
    """Fails before (the turn open): N's own ♥4 proves W's throw failed (W owed ♥3); E, whose hand is not known,
    follows the ♥3, so that trick's winner is not derived; but S, void in hearts and holding no trump, cannot win
    it: S's lead of trick 24 is out of turn."""
    h = replay("N: H4 D6 D2 C4", "S: C3 D8 D9 C5", "W: HA HK H3 C6",
               "23. W: HA HK H3, N: H4 D6 D2, E: D3 D4 D5, S: C3 D8 D9", "24. S: C5, W: C6, N: C4, E: D7")
    assert "throw_failed" in [v.code for v in h.violations]
    assert late(h) == [(24, 2)]
    assert not turn_items(h)


def test_the_unknown_seat_leading_after_the_throw_stays_open():
    """Control: E, whose hand is not known, may hold ♥4 and win the forced ♥3: its lead of trick 24 is open."""
    h = replay("N: H2 D6 D2 C4", "S: C3 D8 D9 C5", "W: HA HK H3 C6",
               "23. W: HA HK H3, N: H2 D6 D2, E: D3 D4 D5, S: C3 D8 D9", "24. E: D7, S: C5, W: C6, N: C4")
    assert late(h) == []
    assert len(turn_items(h)) == 1


def test_a_seat_that_may_trump_the_forced_card_stays_open():
    """Control: N is void in hearts and holds ♠6, a trump: it may trump the forced ♥3 and win — open."""
    h = replay("N: S6 D6 D2 C4", "S: C3 D8 D9 C5", "W: HA HK H3 C6",
               "23. W: HA HK H3, N: S6 D6 D2, E: D3 D4 D5, S: C3 D8 D9", "24. N: C4, E: D7, S: C5, W: C6")
    assert late(h) == []
    assert len(turn_items(h)) == 1


def test_a_seat_that_may_trump_a_forced_single_of_a_hand_between_the_readings_stays_open():
    """Control (fails against a check of the two readings' forced plays only): W throws ♥Q ♥Q ♥J; with every
    card placed nowhere E may hold ♥K ♥K, the pair is the forced unit (largest shape), which N (void in hearts,
    one trump) cannot beat; but E holding a single ♥K forces the single ♥J, which N's ♠6 trumps: open."""
    h = replay("N: S6 D6 D2 C4", "S: C3 D8 D9 C5", "W: HQ HQ HJ C6",
               "23. W: HQ HQ HJ, N: S6 D6 D2, E: D3 D4 D5, S: C3 D8 D9", "24. N: C4, E: D7, S: C5, W: C6")
    assert late(h) == []
    assert len(turn_items(h)) == 1
