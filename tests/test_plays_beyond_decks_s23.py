"""Plays holding more copies of a card than the decks, no deal line proving which copy is miscopied (docs/rules.md
§1.6, §7.4; engine/extra_copies.py ``judge_plays``).

Hand 1 of sample_logs/spring-cup-r2t5.tgn without its deal lines, S's ♥4 in trick 13 written ♥K: a third ♥K (E's in
trick 6, W's in trick 7, S's in trick 13).  Which copy is miscopied, the record does not say, and the card it stands
for is one the plays and the bury lack (♥4).  Before, the engine counted the three ♥K ("the plays give 70"), found a
``claim_mismatch`` against [Claim "60"] ("the record is to be corrected") and scored the hand on it — a guess: read
with W's or S's copy as ♥4 the plays give 60.  Now the hand is judged once with each copy read as ♥4, and only what
every reading gives is kept: the total is withheld, no claim finding unless every reading contradicts the claim, the
outcome kept only because every reading gives it.  Each test marked "new" fails on the code before.  (Session 24: W,
the dealer, plays the ♥K the ``Bottom:`` line gives — a copy placed beyond doubt, read as ♥4 only with the bottom
miscopied too: two slips; so E's and S's copies are read, not W's — tests/test_bury_placed_s24.py.)
"""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.plays_beyond_decks import plays_over
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.cards import TOKEN

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
HAND_1 = SAMPLE[:SAMPLE.index('[Hand "2"]')]          # a two-deck hand, every deal line, played out
TRICK_13 = "13. E: H8, S: H4, W: C4, N: C5"
THIRD_HK = "13. E: H8, S: HK, W: C4, N: C5"


def _without_lines(text: str, seats: str = "NESW") -> str:
    return "\n".join(line for line in text.splitlines() if not (line[:2] in {f"{s}:" for s in seats}))


def _text(lines: str = "NESW", claim: str | None = None, bury: bool = True, change=(TRICK_13, THIRD_HK)) -> str:
    text = _without_lines(HAND_1.replace(*change), lines)
    if claim is not None:
        text = text.replace('[Claim "60"]', f'[Claim "{claim}"]')
    if not bury:
        text = "\n".join(line for line in text.splitlines() if not line.startswith("Buried:"))
    return text


def _hand(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[0]


def _deal_unknowns(h) -> list[str]:
    return [u.message for u in h.unknowns if u.tag == "deal" and "the plays show more copies" in u.message_en]


def test_the_base_record_holds_the_claim():
    """(guard) The record as played: 60, [Claim "60"] matches — the readings below are of one slip in it."""
    h = _hand(_without_lines(HAND_1))
    assert (h.attackers_total, h.claim_matches) == (60, True)


def test_new_no_deal_lines_a_third_king_the_total_and_the_claim_check_withheld():
    h = _hand(_text())
    assert h.attackers_total is None and h.attackers_points is None
    assert h.claim_matches is None
    assert not [v for v in h.violations if v.code == "claim_mismatch"]
    # the tricks of the copies read: E's (6) and S's (13) carry points that rest on the copy; W's (7), placed
    # beyond doubt by the Bottom: line and its play, is scored as played
    points = {t.number: t.points for t in h.tricks}
    assert points[6] is None and points[13] is None and points[7] == 30
    (words,) = _deal_unknowns(h)
    assert "♥K" in words and "E's in trick 6, S's in trick 13" in words and "(♥4)" in words
    assert "the record places W's in trick 7 beyond doubt" in words
    assert "第 6 轮东家所出、第 13 轮南家所出" in words
    assert "withheld:" in words and "the attackers' points" in words and "闲家得分" in words


def test_new_the_outcome_every_reading_gives_is_kept_and_said_not_to_rest_on_one():
    """Read with E's copy as ♥4 the plays give 70, with S's 60: defenders up 1 level either way (40–75)."""
    h = _hand(_text())
    assert h.outcome is not None and (h.outcome.winner, h.outcome.levels) == ("defenders", 1)
    (words,) = _deal_unknowns(h)
    assert "the outcome" not in words


def test_new_a_claim_every_reading_contradicts_is_the_records_finding():
    h = _hand(_text(claim="50"))
    (v,) = [v for v in h.violations if v.code == "claim_mismatch"]
    assert v.of_record
    assert "the readings give 60, 70" in v.message_en and "60、70" in v.message_zh
    assert h.claim_matches is False


def test_new_a_claim_one_reading_gives_is_no_finding():
    h = _hand(_text(claim="70"))
    assert not [v for v in h.violations if v.code == "claim_mismatch"]
    assert h.claim_matches is None


def test_new_without_the_buried_line_the_card_is_any_nobody_plays_nothing_resting_on_it_ruled():
    """No ``Buried:`` line: the copy may be any card nobody plays (a ♦10 among them): past the readings, the
    winners of the tricks the copies are in, the points and the outcome are withheld."""
    h = _hand(_text(bury=False))
    assert h.attackers_total is None and h.outcome is None
    assert h.levels_after == (None, None)
    assert not [v for v in h.violations if v.code == "claim_mismatch"]
    winners = {t.number: t.winner for t in h.tricks}
    assert winners[6] is None and winners[13] is None and winners[12] is not None
    assert winners[7] is not None                     # W's ♥K placed beyond doubt (the Bottom: line and its play)
    (words,) = _deal_unknowns(h)
    assert "too many ways to read them" in words and "可能的读法过多" in words


def test_new_partial_lines_the_copies_placed_not_read():
    """E's line alone given (it gives one ♥K, and E plays it) and the Bottom: line (the dealer W's ♥K, W plays it):
    both placed beyond doubt, read as ♥4 only with a line miscopied too (session 24; before, E's was read, its
    line's copy with it, and the total withheld) — S's copy is the one: 60, the claim."""
    h = _hand(_text(lines="NSW"))
    assert (h.attackers_total, h.claim_matches) == (60, True)
    assert not [v for v in h.violations if v.code == "claim_mismatch"]
    assert not _deal_unknowns(h)


def test_guard_a_third_copy_without_points_in_tricks_whose_winners_do_not_rest_on_it_keeps_the_result():
    """N's ♦2 in trick 12 written ♦4: a third ♦4 (E's and S's in trick 2, N's in trick 12), ♦2 lacking — no points
    either way, and every reading gives each trick the same winner: the total, the claim check and the outcome
    stand."""
    h = _hand(_text(change=("12. W: C5, N: D2,", "12. W: C5, N: D4,")))
    assert (h.attackers_total, h.claim_matches) == (60, True)
    assert h.outcome is not None and h.outcome.levels == 1
    assert all(t.winner is not None and t.points is not None for t in h.tricks)
    (words,) = _deal_unknowns(h)
    assert "♦4" in words and "(♦2)" in words and "the attackers' points" not in words


def test_guard_every_line_given_the_seats_line_proves_the_copy_unchanged():
    """With every deal line, S's line proves its ♥K the miscopied copy (impossible_plays): derived, scored, no
    reading of the other copies."""
    h = _hand(HAND_1.replace(TRICK_13, THIRD_HK))
    assert (h.attackers_total, h.claim_matches) == (60, True)
    assert [(v.code, v.trick, v.seat) for v in h.violations if v.code == "not_in_hand"] == [("not_in_hand", 13, 2)]
    assert not _deal_unknowns(h)
    assert any(d.fact == "play" and d.value == "13: S H4" for d in h.derived)


def test_guard_a_kind_a_lead_shaped_as_a_failed_throw_holds_is_not_read_as_miscopied():
    """Trick 14 written without its arrow (``N: SJ S8``): N's ♠J may have gone back to its hand and been played
    again in trick 16 — three ♠J in the plays, none need be miscopied; the third ♥K still is."""
    text = _text().replace("14. N: SJ S8 -> S8 ", "14. N: SJ S8 ")
    (match,), _ = parse_tgn(text)
    assert plays_over(match.hands[0], 2) == ((TOKEN.index("HK"), 1),)


def test_new_check_json_no_claim_finding_total_null(tmp_path):
    path = tmp_path / "nodeal.tgn"
    path.write_text(_text(), encoding="utf-8")
    out = CliRunner().invoke(main, ["check", "--json", str(path)], catch_exceptions=False).output
    (h,) = json.loads(out)["files"][0]["hands"]
    assert h["attackers_total"] is None and h["claim_matches"] is None
    assert not [v for v in h["violations"] if v["code"] == "claim_mismatch"]
    assert h["outcome"]["levels"] == 1
