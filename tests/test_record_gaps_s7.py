"""A play the record leaves out that cannot be filled in: what still stands; and gaps filled in more often
(docs/rules.md §14, §14.1 "a play the record leaves out"; engine/record_gaps.py).

1. A gap not filled in (the seat's cards not known, the lead itself possibly the play left out, too many
   ways) withheld every verdict from its trick on: a wrong follow by another seat later in the hand —
   which rests on that seat's own cards and the lead recorded, not on the card left out — was not
   reported, the later tricks' winners (read from their plays alone) were withheld, and so were the
   hand's own findings (a bad bury), the take-backs and the wrong follows found.  The ``unknown`` entry
   said ``verdicts`` were withheld.  Now those stand; what rests on the play left out (that trick, the
   seat's own later plays, every throw, who was to lead the next trick, points, outcome, levels) is
   still withheld, and the entry names that.
2. A gap by a seat whose deal line is given was not filled in when another seat had no deal line (or
   the dealer's bury was not known): the hand's legality is not known, though the missing seat's cards
   are.  Now it is filled in from the missing seat's cards.

Each test fails on the code before.
"""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

SAMPLE = (Path(__file__).resolve().parent.parent / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
HAND1 = SAMPLE[:SAMPLE.index('[Hand "2"]')]
"""The referee's first hand: trump ♣, level 2, W deals (E–W defend), every deal line given, all legal."""
S_LINE = "S: BJ LJ CA CK CJ C7 C6 SA SA S9 S4 S3 HQ H9 H9 H6 H4 H4 H3 DA DQ D9 D5 D4 D3\n"
W_LINE = "W: C2 C2 S2 H2 CQ C10 C9 C9 C5 C4 SK SQ S5 S3 HA HJ H10 H10 H7 H3 DK DK DQ D7 D6\n"
BOTTOM = "Bottom: D3 D5 C6 D6 S2 D8 HQ HK\n"
N, E, S, W = range(4)


def without(text: str, line: str, play: str) -> str:
    """``text`` with ``play`` (``"W: D6 D6, "``) taken out of the trick line starting ``line``."""
    i = text.index("\n" + line) + 1
    j = text.index("\n", i)
    assert play in text[i:j]
    return text[:i] + text[i:j].replace(play, "", 1) + text[j:]


def swap(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new)


def hand_of(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[0]


def found(h) -> list[tuple[str, int | None, int | None]]:
    return [(v.code, v.trick, v.seat) for v in h.violations]


def gap_entry(h):
    (u,) = [u for u in h.unknowns if u.tag == "play"]
    return u


# W gives no deal line (its cards are read from its plays; no Bottom: line either — with it the decks less the three
# other lines and the bottom would give W's line, engine.line_from_decks, and the gap would be filled in); E's ♠J of trick 10 and ♥J of trick 16 swapped
# (E follows the spade lead of trick 10 with ♥J holding spades: a wrong follow), and W's ♥K of trick 7 and
# ♣4 of trick 13 swapped (W trumps the heart pair of trick 7 holding ♥K, which it plays in trick 13: its
# own plays prove the fault).  No winner changes, nor the points either side takes.
FAULTS = swap(swap(swap(swap(HAND1.replace(W_LINE, "").replace(BOTTOM, ""),
                             "10. N: S6, E: SJ, S: S9, W: C10", "10. N: S6, E: HJ, S: S9, W: C10"),
                        "16. W: CQ, N: SJ, E: HJ, S: HQ", "16. W: CQ, N: SJ, E: SJ, S: HQ"),
                   "7. E: H5 H5, S: H9 H9, W: HK D8, N: S10 H8", "7. E: H5 H5, S: H9 H9, W: C4 D8, N: S10 H8"),
              "13. E: H8, S: H4, W: C4, N: C5", "13. E: H8, S: H4, W: HK, N: C5")
GAP_5 = without(FAULTS, "5. S: DA DQ", "W: D6 D6, ")
"""The same, W's ♦6 pair in trick 5 left out: W's cards are not known, so the gap is not filled in."""


def test_another_seats_wrong_follow_after_a_gap_not_filled_in_is_reported():
    whole = hand_of(FAULTS)
    assert found(whole) == [("follow_suit", 7, W), ("follow_suit", 10, E)]
    h = hand_of(GAP_5)
    assert not [d for d in h.derived if d.fact == "play"]            # not filled in: W's cards are not known
    # E's fault rests on E's own cards and the spade led: it stands, in the same words (before: nothing);
    # W's own fault in trick 7 is proven by ♥K, which W plays in trick 13 (held then whatever W's trick-5
    # play was; W is read from its plays, as ever): it stands too (tests/test_after_gap_s7.py)
    assert h.violations == whole.violations
    assert [v.code for v in h.tricks[9].violations] == ["follow_suit"]
    assert h.legal is False                                          # a fault stands


def test_the_later_tricks_winners_stand_the_gaps_trick_and_what_rests_on_it_do_not():
    whole, h = hand_of(FAULTS), hand_of(GAP_5)
    assert h.tricks[4].number == 5 and h.tricks[4].winner is None and h.tricks[4].points is None
    assert [t.winner for t in h.tricks[5:]] == [t.winner for t in whole.tricks[5:]]     # before: all None
    assert [t.points for t in h.tricks[5:]] == [t.points for t in whole.tricks[5:]]
    assert (h.attackers_points, h.attackers_total, h.outcome, h.levels_after) == (None, None, None, (None, None))
    u = gap_entry(h)
    # the entry names what is withheld: never "verdicts" beside verdicts given
    assert "verdicts" not in u.withheld
    assert set(u.withheld) == {"trick_winner", "trick_points", "legality", "points", "outcome", "levels"}
    assert "the other seats' follows" in u.message_en and "W's plays" in u.message_en
    assert "其他各家的跟牌" in u.message_zh and "西家的出牌" in u.message_zh


def test_check_json_gives_the_fault_and_the_later_winners(tmp_path):
    path = tmp_path / "gap.tgn"
    path.write_text(GAP_5, encoding="utf-8")
    out = CliRunner().invoke(main, ["check", str(path), "--json"], catch_exceptions=False).output
    doc = json.loads(out)["files"][0]["hands"][0]
    assert [(v["code"], v["trick"], v["seat"]) for v in doc["violations"]] == [("follow_suit", 7, "W"),
                                                                               ("follow_suit", 10, "E")]
    assert doc["tricks"][4]["winner"] is None and doc["tricks"][9]["winner"] == "W"
    (u,) = [u for u in doc["unknown"] if u["tag"] == "play"]
    assert "verdicts" not in u["withheld"] and "legality" in u["withheld"]


def test_the_wrong_follow_found_counts_and_the_most_the_withheld_ones_can_add_is_kept():
    h = hand_of(GAP_5.replace('[Ruleset "standard"]', '[Ruleset "tournament"]'))
    assert h.revoke_levels == (0, 2)                 # E's and W's wrong follows cost E–W a level each
    # the verdicts withheld may hide two more: W's follow in trick 5 (whose lead, S's, the record gives: the
    # other follows there are judged; W's later follows are judged on its plays, as without the gap), and one
    # earlier follow of W's that the play left out could prove wrong (W's cards are read from its plays: the
    # card left out may be one of the led group it held then; unfilled_gaps._proof_left_out)
    (most_revokes, most_takebacks) = h.penalties_open
    assert most_revokes == (0, 4) and most_takebacks == (0, 0)


def test_the_hands_own_findings_stand_after_a_gap_not_filled_in():
    text = swap(swap(GAP_5, "Buried: SQ S3 HA HQ HJ H7 H3 D3", "Buried: SQ S3 HA HQ HJ H7 H3"),
                '[Claim "60"]', '[Claim "65"]')
    h = hand_of(text)
    assert ("bad_bury", None, W) in found(h)             # the bury rests on no play (before: dropped)
    assert not [v for v in h.violations if v.code == "claim_mismatch"]   # the total is withheld: not checked


def test_who_was_to_lead_the_trick_after_a_gap_is_not_judged():
    # S led trick 8 (♠3, S won trick 7); the record gives W, N, E only, so W's ♦Q reads as the lead and
    # W as its winner, while E won it (♠K) and leads trick 9: S's lead may be the play left out, the gap
    # is not filled in, and "E led trick 9 out of turn" would rest on it.  S's ♠3 is derived (the deal fixes it): the
    # hand is judged with S leading trick 8 and with W (written first) leading it, and only what both give is kept
    # (tests/test_gap_lead_readings_s20k2.py) — E's lead of trick 9 is out of turn in one reading alone
    whole, h = hand_of(HAND1), hand_of(without(HAND1, "8. S: S3", "S: S3, "))
    (u,) = [u for u in h.unknowns if u.tag == "order"]
    assert "whether S led trick 8" in u.message_en and "trick_winner" in u.withheld
    assert found(h) == []
    assert h.tricks[7].winner is None
    assert [t.winner for t in h.tricks[8:]] == [t.winner for t in whole.tricks[8:]]     # before: all None
    assert h.outcome == whole.outcome


# --------------------------------------------------------------------------- 2. gaps filled in more often

def test_a_gap_by_a_seat_with_its_line_is_filled_in_when_another_seat_has_none():
    # S gives no deal line (the hand's legality is not known); N's ♦A of trick 3 left out: N's cards are
    # known, and its later plays (♦10 ♦7 in trick 5, ♦9 in trick 15) leave ♦A the only way
    h = hand_of(without(HAND1.replace(S_LINE, ""), "3. W: D7", "N: DA, "))
    assert [d.value for d in h.derived if d.fact == "play"] == ["3: N DA"]       # before: not filled in
    assert h.tricks[2].winner == N and not [u for u in h.unknowns if u.tag == "play"]
    # S played a whole hand: its cards are derived from its plays, as without the gap, so the hand is judged in full
    # (session 22; before, what rested on S's cards was withheld, legality not known)
    assert h.legal is True and hand_of(HAND1.replace(S_LINE, "")).legal is True
    assert not [u for u in h.unknowns if u.tag == "deal"] and [d.value[:2] for d in h.derived if d.fact == "deal"] == ["S:"]
    assert h.attackers_total == hand_of(HAND1.replace(S_LINE, "")).attackers_total == 60


def test_a_gap_is_filled_in_when_the_dealers_hand_is_read_from_its_plays_but_not_the_dealers_own():
    # no S line and no Bottom: line: the bottom W (the dealer) took is not known, so W's cards after the
    # bury are read from its plays; N's cards are still known
    base = HAND1.replace(S_LINE, "").replace(BOTTOM, "")
    h = hand_of(without(base, "3. W: D7", "N: DA, "))
    assert [d.value for d in h.derived if d.fact == "play"] == ["3: N DA"]
    # W's own play left out: its cards are not known, nothing to fill it in from
    h = hand_of(without(base, "5. S: DA DQ", "W: D6 D6, "))
    assert not [d for d in h.derived if d.fact == "play"]
    assert "not known" in gap_entry(h).message_en
