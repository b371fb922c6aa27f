"""A follow written a card too long, its seat's play left out elsewhere (docs/rules.md §1.6): two referee findings.

1. **A taker of the bottom after 炒地皮.**  Its cards are known as exactly as the dealer's where the record writes
   the whole chain — the ``Bottom:`` line and one bury a take (``Buried: dealer's || rebidder's``), each one its
   taker could make and its plays do not dispute: its deal line with the bottom it took (the bury of the taker
   before it), less its own bury.  Before, any seat that took the bottom under 炒地皮 (the rebidder and the dealer
   alike) was left out of the readings: its long follow was judged as written — ✗ ``wrong_count`` its own, a lead
   out of turn after it, 多少牌 under the tournament rules.  Where only the last bury is written, the takers' cards
   are read from their plays (§9.5, §14.1): there is no count of its cards its plays exceed, and the follow stays
   judged as written (a guard).
2. **A play left out (not written ``?``) mid-hand, its seat still holding cards.**  Every seat plays in every
   trick (§4.1): the record leaves that play out, as it leaves a ``?``'s cards out.  Before, with a long follow
   before it, the record as written was taken to need no slip ("the seat played a card too many, and the record
   gives it no play where it had none") and judged as written: ✗ ``wrong_count`` and two ✗ ``out_of_turn`` of N,
   the claim called miscounted, and — tournament rules — 多少牌 for N.  Now it is read as the same record with a
   ``?`` there is: each card of the long follow taken as the one written too many, and as written (N played two
   cards, and one of its later plays, which one resting on what it played where the record leaves it out, cannot
   be what it played); only what all give is kept.
Each test but the guards fails on the code before the change.
"""
from __future__ import annotations

import json
from pathlib import Path

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.rulesets import PRESETS

from event_helpers import invoke_cli
from record_builders import E, N, rebid_played_out

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
HAND_1 = SAMPLE[:SAMPLE.index('[Hand "2"]')]


def _changed(text: str, line: str, new: str) -> str:
    """``text`` with the line starting ``line`` written ``new``."""
    i = text.index("\n" + line) + 1
    return text[:i] + new + text[text.index("\n", i):]


def _hand(text: str, rules=None):
    (match,), _ = parse_tgn(text)
    return replay_match(match, rules).hands[0]


def _codes(h) -> list[tuple[str, int | None, int | None]]:
    return [(v.code, v.trick, v.seat) for v in h.violations]


def _readings(h):
    return [u for u in h.unknowns if u.tag == "play" and "written too many" in u.message_en]


# --- 1. a taker after 炒地皮 -----------------------------------------------------------------------------------------



REBID = rebid_played_out()      # (tests/record_builders.py)
# E's follow of trick 18 written with its trick-19 card too, its trick-19 play a ?
E_LONG = _changed(_changed(REBID, "18. S: HK, W: C4, N: D9, E: DQ", "18. S: HK, W: C4, N: D9, E: DQ DA"),
                  "19. S: HK, W: C5, N: DK, E: DA", "19. S: HK, W: C5, N: DK, E: ?")
# the dealer's (N's) follow of trick 18 written with its trick-19 card too, its trick-19 play a ?
N_LONG = _changed(_changed(REBID, "18. S: HK, W: C4, N: D9, E: DQ", "18. S: HK, W: C4, N: D9 DK, E: DQ"),
                  "19. S: HK, W: C5, N: DK, E: DA", "19. S: HK, W: C5, N: ?, E: DA")


def test_the_record_built_is_a_clean_rebid_chain():
    # (guard: passed before too) E took N's bury and buried again; the hand as built is legal
    (match,), diags = parse_tgn(REBID)
    hand = match.hands[0]
    assert diags == [] and len(hand.earlier_buries) == 1
    assert [(d.seat, d.after_bottom) for d in hand.declarations] == [(N, False), (E, True)]
    h = replay_match(match).hands[0]
    assert _codes(h) == [] and h.legality_known


def test_the_rebidders_long_follow_is_read_each_way_its_cards_known_from_the_chain():
    # before: E excluded as a taker under 炒地皮 — ✗ wrong_count (18) E's, a lead out of turn after it, 多少牌 for E
    h = _hand(E_LONG)
    assert _codes(h) == []
    assert h.outcome is None or h.outcome.reason != "miscount"
    (u,) = _readings(h)
    en, zh = u.message_en, u.message_zh
    assert ("E's plays hold one card more than it held (its deal line with the bottom it took, less its bury)"
            in en)
    assert "东家的出牌比其所持的牌（发牌行加上所取的底牌，减去所扣的牌）多一张" in zh
    assert "♦Q written too many (its play in trick 19 then ♦Q; no fault of E's)" in en
    assert "♦A written too many (its play in trick 19 then ♦A; no fault of E's)" in en
    assert "or, as written, E did play 2 cards (多少牌)" in en and "多写的是 ♦Q（其第 19 轮的出牌即为 ♦Q；东家没有违规）" in zh


def test_the_dealers_long_follow_under_chao_di_pi_is_read_each_way_too():
    # the dealer under 炒地皮: its line with the Bottom: line, less its own bury (the first of the chain).
    # Before: excluded as a taker (two takers) — ✗ wrong_count (18) N's
    h = _hand(N_LONG)
    assert not [c for c in _codes(h) if c[2] == N]
    (u,) = _readings(h)
    assert "♦9 written too many (its play in trick 19 then ♦9" in u.message_en
    assert "♦K written too many (its play in trick 19 then ♦K" in u.message_en


def test_guard_with_only_the_last_bury_written_the_takers_cards_are_read_from_their_plays():
    # (guard: passed before too) one bury for two takes: what N and E held after the bury is not known (their cards
    # read from their plays, §9.5) — no count of E's cards its plays exceed, so the follow is judged as written
    line = next(x for x in E_LONG.splitlines() if x.startswith("Buried: "))
    text = E_LONG.replace(line, "Buried: " + line.split("||")[1].strip())
    h = _hand(text)
    assert not _readings(h)
    assert ("wrong_count", 18, E) in _codes(h)
    assert any(u.tag == "rebid_buries" and "read from the plays" in u.message_en for u in h.unknowns)


# --- 2. a play left out mid-hand, not written ? ----------------------------------------------------------------------

# hand 1 of the sample: N follows trick 9 with ♠Q ♣5 (its trick-13 card written there too) and the record gives N no
# play in trick 13 (S6LO: left out; S6Q: written ?) — N still holds three cards there
S6_LONG = _changed(HAND_1, "9. E: S9", "9. E: S9, S: S4, W: D5, N: SQ C5")
S6LO = _changed(S6_LONG, "13. E: H8", "13. E: H8, S: H4, W: C4")
S6Q = _changed(S6_LONG, "13. E: H8", "13. E: H8, S: H4, W: C4, N: ?")


def test_a_play_left_out_where_the_seat_held_cards_is_the_records_gap_not_n_s_faults():
    # before: judged as written — ✗ wrong_count (9), ✗ out_of_turn (10, 14), N's; claim_mismatch 50 vs 60
    h = _hand(S6LO)
    assert _codes(h) == []
    assert not h.legality_known and "legality" in h.withheld
    (u,) = _readings(h)
    en, zh = u.message_en, u.message_zh
    assert "with its play the record leaves out (trick 13), N's plays hold one card more than its deal line gives" in en
    assert "♣5 written too many (its play in trick 13 then ♣5; no fault of N's)" in en
    assert "♠Q written too many (its play in trick 13 then ♠Q; N broke the rule (Follow the suit group" in en
    assert ("or, as written, N did play 2 cards (多少牌), and whatever its play the record leaves out (it still held "
            "cards) in trick 13 was, the record then has it play a card it no longer held in one of tricks 14, 15, 16"
            in en)
    assert "则无论其第 13 轮出牌（记录缺少这一手，而其当时仍有牌）是什么" in zh
    # the points rest on which card is too many: withheld, not a claim miscounted
    assert h.attackers_total is None and "points" in u.withheld


def test_under_the_tournament_rules_no_miscount_is_ruled_against_n():
    # before: the outcome "wrong number of cards (多少牌) for N", a level penalty resting on the record's gap
    h = _hand(S6LO, PRESETS["tournament"])
    assert not [c for c in _codes(h) if c[2] == N]
    assert h.outcome is None and "outcome" in _readings(h)[0].withheld


def test_a_play_left_out_and_a_play_written_question_mark_are_judged_alike():
    # the same verdicts either way: what is ruled, kept and withheld (only the words of the play differ)
    left_out, unread = _hand(S6LO), _hand(S6Q)
    assert _codes(left_out) == _codes(unread)
    assert left_out.attackers_total == unread.attackers_total and left_out.outcome == unread.outcome
    assert [u.withheld for u in left_out.unknowns] == [u.withheld for u in unread.unknowns]
    assert [(t.winner, t.points) for t in left_out.tricks] == [(t.winner, t.points) for t in unread.tricks]


def test_check_and_ruling_charge_nothing_to_n(tmp_path):
    path = tmp_path / "s6lo.tgn"
    path.write_text(S6LO, encoding="utf-8")
    out = invoke_cli("check", str(path)).output
    assert "✗" not in out and "claim_mismatch" not in out, out
    data = json.loads(invoke_cli("check", "--json", str(path)).output)["files"][0]["hands"][0]
    assert data["violations"] == []
    r = invoke_cli("ruling", str(path), "-o", str(tmp_path / "r.html"))
    assert not (tmp_path / "r.html").exists(), r.output     # before: a page ruling N's wrong count and turns
