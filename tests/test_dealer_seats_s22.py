"""The dealer's side known, its seat not (docs/rules.md §8.2, §10.2, §14.1): the hand judged once with each seat of
the side dealing, what both give kept.

A referee's tester's record (``tests/data/referee_s22/v9d_dealerQ_h5.tgn``: hand 5, ``[Levels "NS:5 EW:2"]``,
``[Level "2"]``, ``[Dealer "?"]``) made so that its cards fix no seat (no ``Buried:`` line, no deal line for W, no
``Bottom:`` line — session 23: with the bottom given, W's plays fix W as the dealer): E–W
is the dealer's side, the attackers take 65 — with E or W dealing the defenders go up 1 (N–S 5, E–W 3); only the next
dealer (W or E) rests on the seat.  Before, the outcome and both levels after were withheld.  Each test fails on
the code before it (the last, updated with tests/test_dealer_seats_fixed_s22.py: a seat the cards set aside).
"""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.kept_result import READINGS_RESULT, levels_source
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

RECORD = (Path(__file__).resolve().parent / "data" / "referee_s22" / "v9d_dealerQ_h5.tgn").read_text(encoding="utf-8")
N, E, S, W = range(4)


def _open_seat(text: str = RECORD) -> str:
    """The record without its ``Buried:`` line, W's deal line and the ``Bottom:`` line: nothing in the hand's cards
    fixes the seat (with the bottom given, W — no line — plays cards the other lines and the bottom hold every copy
    of: W took the bottom, :func:`test_the_bottom_given_fixes_the_seat`)."""
    lines = [ln for ln in text.split("\n") if not ln.startswith(("Buried:", "W: C2 C2 S2 ", "Bottom:"))]
    out = "\n".join(lines)
    assert out.count("\n") == text.count("\n") - 3
    return out


def _hands(text: str):
    (match,), errors = parse_tgn(text)
    assert not errors
    return replay_match(match)


def test_the_levels_after_every_seat_gives_are_kept_and_the_next_dealer_left_open():
    r = _hands(_open_seat())
    (h,) = r.hands
    assert h.dealer is None and h.attackers_total == 65
    assert h.outcome is None                                      # the next dealer differs: W or E
    assert h.levels_after == (5, 3)                               # before: (None, None)
    assert {(o.winner, o.levels, o.next_dealer) for o in h.outcomes_open} == {("defenders", 1, W), ("defenders", 1, E)}
    (fact,) = [d for d in h.derived if d.fact == "levels_after"]
    assert fact.value == "NS:5 EW:3" and fact.source == levels_source(READINGS_RESULT)
    assert "N–S at 5, E–W at 3" in fact.message_en and "each seat of E–W (E, W) dealing" in fact.message_en
    assert "南北 5 级、东西 3 级" in fact.message_zh and "东家、西家" in fact.message_zh
    (u,) = [u for u in h.unknowns if u.tag == "Dealer"]
    assert "levels" not in u.withheld and {"dealer", "outcome", "first_leader"} <= set(u.withheld)
    assert "the levels after the hand" not in u.message_en and "本局后的级别" not in u.message_zh
    assert r.levels_final == (5, 3)


def test_the_next_hand_carries_the_levels_and_does_not_check_its_dealer():
    text = _open_seat()
    hand = RECORD[RECORD.index('[Hand "5"]'):]         # (as the tester wrote it: every line given)
    nxt = hand.replace('[Hand "5"]', '[Hand "6"]').replace('[Dealer "?"]', '[Dealer "E"]').replace(
        '[Level "2"]', '[Level "3"]')
    r = _hands(text + "\n" + nxt)
    h6 = r.hands[1]
    assert h6.levels_before == (5, 3) and h6.dealer == E          # before: nothing carried (the hand gave no result)
    assert not [v for v in h6.violations if v.code in ("dealer_mismatch", "level_mismatch")]
    (lv,) = [u for u in h6.unknowns if u.tag == "Levels" and "dealer_check" in u.withheld]
    assert "level_check" not in lv.withheld


def test_check_json_keeps_levels_after_with_outcome_null(tmp_path):
    path = tmp_path / "q.tgn"
    path.write_text(_open_seat(), encoding="utf-8")
    out = json.loads(CliRunner().invoke(main, ["check", "--json", str(path)], catch_exceptions=False).output)
    h = out["files"][0]["hands"][0]
    assert h["outcome"] is None and h["dealer"] is None
    assert h["levels_after"] == {"NS": "5", "EW": "3"}
    assert out["files"][0]["matches"][0]["levels_final"] == {"NS": "5", "EW": "3"}


def test_a_seat_the_cards_set_aside_makes_the_other_the_dealer():
    # (s22, updated deliberately: this test pinned the hand left as judged without a seat, withholding the outcome
    # and both levels after — less stated than the cards give.)  Without the Buried: line the cards still speak
    # against E (W's line and the bottom are W's whole hand and bury): judged with E dealing, the hand comes back
    # under W, and with W dealing it stands — W is the dealer, derived, the hand judged as with the Buried: line
    text = "\n".join(ln for ln in RECORD.split("\n") if not ln.startswith("Buried:"))
    (h,) = _hands(text).hands
    (full,) = _hands(RECORD).hands                  # (the record as given: its bury fixes W, bury_dealer)
    assert h.dealer == W == full.dealer and h.outcome is not None
    assert (h.outcome, h.levels_after) == (full.outcome, full.levels_after)
    assert [v.code for v in h.violations] == [v.code for v in full.violations]
    (fact,) = [d for d in h.derived if d.fact == "dealer"]
    assert fact.value == "W" and fact.source.startswith("[Level] and [Levels], ")
    assert "with E dealing there would be" in fact.message_en and "cards left after the last trick" in fact.message_en
    assert "按东家坐庄，会有" in fact.message_zh and "最后一轮后仍有剩牌" in fact.message_zh
    assert not [u for u in h.unknowns if u.tag == "Dealer"]
    assert not [d for d in h.derived if d.fact in ("dealer_side", "levels_after")]


def test_the_bottom_given_fixes_the_seat():
    # (session 23) the same record with its Bottom: line: with E dealing, W (no deal line, not taking the bottom) would
    # play copies that the other lines and the bottom already hold — more than the decks: only W can have dealt
    text = "\n".join(ln for ln in RECORD.split("\n") if not ln.startswith(("Buried:", "W: C2 C2 S2 ")))
    h = _hands(text).hands[0]
    assert h.dealer == W and h.outcome is not None and h.outcome.next_dealer == E     # (defenders up 1: the partner)
    (fact,) = [d for d in h.derived if d.fact == "dealer"]
    assert fact.value == "W" and "only W can have dealt" in fact.message_en
