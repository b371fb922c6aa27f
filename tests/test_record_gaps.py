"""A play the record leaves out inside a trick (docs/rules.md §4.1, §14.1; engine/record_gaps.py).

Every seat plays in every trick, so a trick the record goes on past without a seat's play is a
gap in the record, not a seat that did not play.  Before, the engine judged it as "N did not
play in this trick" (``out_of_turn``), gave the trick to the best play recorded, and judged every
later trick with N's card still in N's hand: wrong ``not_in_hand``, ``throw_failed`` and
``deal_mismatch`` verdicts all resting on the gap.  Now the hand is judged once for every way the
seat could have played, legal or not (every play of as many cards as the lead from the cards it held
then and does not play later); the ways the record's later plays rule out are dropped; what all the
rest give is kept, and what differs is unknown.  Each test below fails on the code before.
"""
from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine import record_gaps
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.cards import TOKEN
from tractor_analysis.simulate import simulate

from test_record_ends_mid_trick import SMALL

SAMPLE = (Path(__file__).resolve().parent.parent / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
N, E, S, W = range(4)


def first_hand(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[0]


def codes(h) -> list[str]:
    return [v.code for v in h.violations]


def without(text: str, line: str, play: str) -> str:
    """``text`` with ``play`` (``"N: DA, "``) taken out of the trick line starting ``line``."""
    i = text.index("\n" + line) + 1
    j = text.index("\n", i)
    assert play in text[i:j]
    return text[:i] + text[i:j].replace(play, "", 1) + text[j:]


def test_a_play_left_out_is_derived_from_the_seats_later_plays():
    full = first_hand(SAMPLE)
    h = first_hand(without(SAMPLE, "3. W: D7", "N: DA, "))
    assert "out_of_turn" not in codes(h) and h.legal is True       # before: "N did not play in this trick"
    (d,) = [d for d in h.derived if d.fact == "play"]
    # N held ♦A then and plays every other card it held later: ♦A is its one way, legal or not (before: "of
    # the legal ways, only this one fits" — derived from the guess that N followed legally)
    assert d.value == "3: N DA" and "北家出 ♦A" in d.message_zh
    assert "(of the cards N held then, the only one it does not play later)" in d.message_en
    assert "北家当时所持的牌中，只有这一手其后没有打出" in d.message_zh
    assert "legal way" not in d.message_en and "no legal play" not in d.message_en   # ♦A is a legal follow
    assert h.tricks[2].winner == N == full.tricks[2].winner         # before: E's ♦8 won the trick
    assert [p.seat for p in h.tricks[2].plays] == [W, E, S]          # the trick as recorded
    assert (h.attackers_total, h.outcome, h.levels_after) == (full.attackers_total, full.outcome, full.levels_after)


def test_a_trick_whose_winner_the_ways_agree_on_keeps_it_and_the_rest_is_withheld():
    # the hand cut after trick 12, N's ♦2 left out of trick 12 (W's ♣5 led, a trump; E's big joker
    # wins it).  N held ♦2 ♣5 ♠J ♠J ♠8 ♦9 then: 5 ways, legal or not; nothing N holds beats the big joker
    # played before, so E wins every one — but ♣5 adds 5 points, and only the trumps ♦2 and ♣5 are legal
    text = without(SAMPLE, "12. W: C5", "N: D2, ")
    text = text[:text.index("13. E: H8")] + text[text.index('[Claim "60"]'):]
    h = first_hand(text)
    assert "out_of_turn" not in codes(h)
    assert h.tricks[11].winner == E and h.tricks[11].points is None
    (w,) = [d for d in h.derived if d.fact == "trick_winner"]
    assert w.value == "E" and "whatever N played" in w.message_en and "legal or not" in w.message_en
    assert "怎样出" in w.message_zh and "不论合法与否" in w.message_zh
    assert [d for d in h.derived if d.fact in ("trick_points", "play")] == []
    (u,) = [u for u in h.unknowns if u.tag == "play"]
    assert set(u.withheld) == {"trick_points", "legality"} and h.legality_known is False
    assert "5 ways it could have been played" in u.message_en and "5 种可能的出法" in u.message_zh
    # E–W win the trick whatever N played: the attackers' (N–S) points do not rest on it
    assert h.attackers_points == 55
    # the hand cut after trick 10, N's ♠4 left out of trick 8 (♠3 led, E's ♠K won): N held trumps then
    # (♣A ♣5 ♥2 ♦2) it does not play before the record ends, so some of its 8 ways win the trick and
    # others do not (before: its 3 legal spades only, E winning each — resting on the guess N followed)
    text = without(SAMPLE, "8. S: S3", "N: S4, ")
    text = text[:text.index("11. W: C9 C9")] + text[text.index('[Claim "60"]'):]
    h = first_hand(text)
    assert "out_of_turn" not in codes(h)
    assert h.tricks[7].winner is None and h.tricks[7].points is None
    assert [d for d in h.derived if d.fact in ("trick_winner", "trick_points", "play")] == []
    (u,) = [u for u in h.unknowns if u.tag == "play"]
    # (the record stops between tricks 10 and 11 with [Claim "60"]: where the attackers' points so far are known
    # the claim is the result, docs/rules.md §7.4; the ways give the attackers different points, so whether the
    # claim can be the result — and the outcome and the levels after — rests on N's play too)
    assert u.withheld == ("trick_winner", "trick_points", "points", "outcome", "levels", "legality")
    assert h.outcome is None and not h.scored_by_claim
    assert "8 ways it could have been played" in u.message_en and "8 种可能的出法" in u.message_zh


def test_ways_that_disagree_withhold_the_winner_and_the_points():
    # the record stops after trick 3, N's play left out of it: N may have played ♦A (N wins the trick),
    # ♦10 (E wins, 15 points) or ♦9 / ♦7 (E wins, 5); nothing later tells them apart
    text = without(SAMPLE, "3. W: D7", "N: DA, ")
    text = text[:text.index("4. N: S7 S7")] + text[text.index('[Claim "60"]'):]
    h = first_hand(text)
    assert "out_of_turn" not in codes(h) and h.tricks[2].winner is None
    (u,) = [u for u in h.unknowns if u.tag == "play"]
    # N held 18 single cards then (none played later: the record stops), legal or not (before: its 4 legal
    # diamonds, "4 legal ways"); a trump among them wins the trick as well
    assert "trick_winner" in u.withheld and "18 ways it could have been played" in u.message_en
    assert "legal ways" not in u.message_en and "18 种可能的出法" in u.message_zh
    assert h.attackers_points is None                  # N–S (attackers) may or may not take trick 3's points


def test_a_verdict_found_in_some_ways_only_is_not_given():
    # the same gap, the hand played out, but with N's ♠4 (trick 8) also left out: N's two gaps are
    # filled in together, from ♦A and ♠4, the cards N held and does not play later: ♦A in 3 and ♠4 in 8
    # (legal), or ♠4 in 3 and ♦A in 8 — two revokes, trick 3 to E, so N leads trick 4 out of turn
    other = first_hand(SAMPLE.replace("3. W: D7, N: DA, E: D8, S: D5", "3. W: D7, N: S4, E: D8, S: D5")
                       .replace("8. S: S3, W: DQ, N: S4, E: SK", "8. S: S3, W: DQ, N: DA, E: SK"))
    assert {("follow_suit", 3, N), ("out_of_turn", 4, N), ("follow_suit", 8, N)} <= {
        (v.code, v.trick, v.seat) for v in other.violations}
    h = first_hand(without(without(SAMPLE, "3. W: D7", "N: DA, "), "8. S: S3", "N: S4, "))
    # what the second way alone finds is not given; nor is the first way's play derived (before: the legal
    # way alone was tried, and "3: N DA; 8: N S4" derived from the guess N followed legally)
    assert codes(h) == [] and h.legal is None and h.legality_known is False
    assert [d for d in h.derived if d.fact == "play"] == [] and h.derived_plays == ()
    (u,) = [u for u in h.unknowns if u.tag == "play"]
    assert "2 ways they could have been played" in u.message_en and "2 种可能的出法" in u.message_zh
    assert {"trick_winner", "points", "legality"} <= set(u.withheld) and h.tricks[2].winner is None
    # what both give is kept: trick 3's 5 points, trick 8 won by E with 10, the outcome (defenders by one)
    assert (h.tricks[2].points, h.tricks[7].winner, h.tricks[7].points) == (5, E, 10)
    assert h.attackers_points is None and h.outcome == first_hand(SAMPLE).outcome == other.outcome


POSITION = SMALL.format(n="H3 C4", e="H4 C5", s="HA C6", w="H5 C8",
                        trick="24. W: H5, E: H4, S: HA\n25. S: C6, W: C8, N: {n25}, E: C5")
"""The referee's last two tricks (tests/test_record_ends_mid_trick.py), N's play to trick 24 left out."""


def test_a_seat_that_revoked_in_the_play_left_out_is_judged_on_the_card_it_kept():
    # N's play to trick 24 is left out, and N plays ♥3 in trick 25: so N played ♣4 to the heart lead,
    # holding ♥3 — a revoke the record itself shows (the card N kept is a candidate, legal or not)
    h = first_hand(POSITION.format(n25="H3"))
    assert [d.value for d in h.derived if d.fact == "play"] == ["24: N C4"]
    assert [(v.code, v.trick, v.seat) for v in h.violations] == [("follow_suit", 24, N)]
    # N plays ♣4 in trick 25: its one legal play, ♥3, fits, and nothing is wrong
    h = first_hand(POSITION.format(n25="C4"))
    assert [d.value for d in h.derived if d.fact == "play"] == ["24: N H3"] and codes(h) == []
    assert h.tricks[0].winner == S


def test_the_lead_itself_may_be_the_play_left_out_nothing_is_judged_from_there():
    # trick 4 was led by N (trick 3's winner); the record gives E, S, W only: N's lead is missing
    h = first_hand(without(SAMPLE, "4. N: S7 S7", "N: S7 S7, "))
    assert "out_of_turn" not in codes(h)               # before: "E played out of turn; N was to lead"
    assert h.tricks[3].winner is None and h.tricks[2].winner == N
    # a later trick's winner rests on its own plays: it stands
    assert [t.winner for t in h.tricks[4:]] == [t.winner for t in first_hand(SAMPLE).tricks[4:]]
    # N's ♠7 ♠7 is derived (the deal fixes it): judged with N leading trick 4 and with E (written first) leading it,
    # only what both give kept (tests/test_gap_lead_readings_s20k2.py): the trick's winner and the points differ,
    # the outcome does not
    (u,) = [u for u in h.unknowns if u.tag == "order" and u.withheld != ("turn",)]
    assert set(u.withheld) >= {"trick_winner", "legality", "points"} and "whether N led trick 4" in u.message_en
    assert h.outcome == first_hand(SAMPLE).outcome and h.attackers_total is None and h.legal is None


def test_a_seat_whose_cards_are_not_known_is_not_filled_in():
    # no deal lines: what N held is known only from its plays; nothing is judged from the gap on
    text = without(SAMPLE, "3. W: D7", "N: DA, ")
    head, rest = text.split('[Hand "2"]', 1)
    head = "\n".join(x for x in head.splitlines() if x[:3] not in ("N: ", "E: ", "S: ", "W: ")) + "\n"
    h = first_hand(head + '[Hand "2"]' + rest)
    (u,) = [u for u in h.unknowns if u.tag == "play"]
    assert "not known" in u.message_en and h.outcome is None
    assert all(v.trick is None or v.trick < 3 for v in h.violations)


def test_a_seat_twice_or_out_of_order_is_still_out_of_turn():
    h = first_hand(SAMPLE.replace("3. W: D7, N: DA, E: D8, S: D5", "3. W: D7, E: D8, N: DA, S: D5"))
    assert "out_of_turn" in codes(h)
    assert record_gaps.find_gaps(parse_tgn(SAMPLE)[0][0].hands[0]) == ()


def test_too_many_ways_withholds_everything_from_the_gap_on(monkeypatch):
    monkeypatch.setattr(record_gaps, "MAX_VARIANTS", 2)
    # the record cut after trick 3, N's play left out: 18 ways (the hand played out pins it to ♦A: one way)
    text = without(SAMPLE, "3. W: D7", "N: DA, ")
    h = first_hand(text[:text.index("4. N: S7 S7")] + text[text.index('[Claim "60"]'):])
    (u,) = [u for u in h.unknowns if u.tag == "play"]
    assert "too many ways" in u.message_en and h.outcome is None and h.tricks[2].winner is None


def test_check_json_and_the_report_say_it(tmp_path):
    path = tmp_path / "gap.tgn"
    path.write_text(without(SAMPLE, "3. W: D7", "N: DA, "), encoding="utf-8")
    r = CliRunner().invoke(main, ["check", str(path), "--json"], catch_exceptions=False)
    hand = json.loads(r.output)["files"][0]["hands"][0]
    assert hand["violations"] == [] and hand["legal"] is True
    assert [d["fact"] for d in hand["derived"]] == ["play"] and hand["tricks"][2]["winner"] == "N"
    out = tmp_path / "report"
    r = CliRunner().invoke(main, ["report", str(path), "-o", str(out)], catch_exceptions=False)
    assert r.exit_code == 0, r.output


def test_on_simulated_hands_a_play_taken_out_is_derived_back():
    """On whole simulated hands (deal lines, played out), taking one play out of a trick before the
    last gives the play back as derived and the same verdicts, points and outcome."""
    rng = random.Random(20261205)
    checked = 0
    for seed in range(1, 6):
        match = next(iter(simulate(1, seed, max_hands=2)))
        for hand in match.hands:
            full = replay_match(dataclasses.replace(match, hands=(hand,))).hands[0]
            i = rng.randrange(0, len(hand.tricks) - 1)
            j = rng.randrange(1, 4)
            t = hand.tricks[i]
            gone = t.plays[j]
            cut = dataclasses.replace(hand, tricks=hand.tricks[:i] + (
                dataclasses.replace(t, plays=t.plays[:j] + t.plays[j + 1:]),) + hand.tricks[i + 1:])
            h = replay_match(dataclasses.replace(match, hands=(cut,))).hands[0]
            derived = [d.value for d in h.derived if d.fact == "play"]
            if derived:
                assert derived == [f"{t.number}: {'NESW'[gone.seat]} {' '.join(TOKEN[k] for k in sorted(gone.cards))}"]
                assert codes(h) == codes(full)
                assert (h.attackers_total, h.outcome) == (full.attackers_total, full.outcome)
                checked += 1
            else:                                   # more ways than the bound: withheld, never guessed
                assert any(u.tag == "play" for u in h.unknowns) and h.outcome is None
    assert checked >= 5
