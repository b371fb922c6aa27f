"""A ``Buried:`` line whose cards, with the plays, hold a copy beyond the decks, in a hand without every deal line and
without the ``Bottom:`` line (docs/rules.md §1.6; engine/extra_copies.py ``plays_over``, ``judge_plays``; a referee's
tester, session 24).

Hand 1 of tests/data/event/r1t1.tgn (E deals, two decks, ``[Claim "40"]``) without S's deal line and the ``Bottom:``
line, S's ♣10 in trick 6 written ♣J: the plays give ♣J twice (S's in trick 6, W's in trick 7) and the ``Buried:``
line a third (the bottom's, buried by E) — more than two decks hold, ♣10 once only.  Before, the bury was checked
against nothing (E's bottom not given) and the plays alone hold two ♣J: no finding, the hand scored on the copies
as written ("the plays give 30") and the claim "corrected" — though read with S's ♣J as the ♣10 the record lacks the
plays give 40, the claim exactly.  Now the copy beyond the decks is the record's finding (``bad_bury``, no seat), the
hand is judged once with each copy — S's, the line's — read as ♣10, and only what every reading gives is kept (W's
line gives the ♣J W plays: placed beyond doubt, not read — tests/test_bury_placed_s24.py).
Each test marked "new" fails on the code before.
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

EVENT = (Path(__file__).resolve().parent / "data" / "event" / "r1t1.tgn").read_text(encoding="utf-8")
HAND_1 = EVENT[:EVENT.index('[Hand "2"]')]
TRICK_6 = "6. N: C6 C6, E: CK C5, S: C10 C4, W: C7 C4"
THIRD_CJ = "6. N: C6 C6, E: CK C5, S: CJ C4, W: C7 C4"
BURIED = "Buried: SJ S9 H7 CQ CJ C9 C8 C3"


def _text(drop: tuple[str, ...] = ("S: ", "Bottom:"), change=(TRICK_6, THIRD_CJ), claim: str | None = None) -> str:
    text = "\n".join(line for line in HAND_1.replace(*change).splitlines() if not line.startswith(drop)) + "\n"
    return text if claim is None else text.replace('[Claim "40"]', f'[Claim "{claim}"]')


def _hand(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[0]


def _finding(h):
    return [v for v in h.violations if v.code == "bad_bury"]


def _words(h) -> list[str]:
    return [u.message for u in h.unknowns if u.tag == "deal" and "and the Buried: line together" in u.message_en]


def test_guard_the_record_as_played_holds_the_claim():
    """(guard) S's line and the bottom left out, nothing miscopied: 40, [Claim "40"] matches, no finding."""
    h = _hand(_text(change=(TRICK_6, TRICK_6)))
    assert (h.attackers_total, h.claim_matches) == (40, True)
    assert not _finding(h) and not _words(h)


def test_new_the_bury_is_counted_with_the_plays():
    (match,), _ = parse_tgn(_text())
    assert plays_over(match.hands[0], 2) == ()                  # the plays alone: two ♣J
    assert plays_over(match.hands[0], 2, match.hands[0].buried) == ((TOKEN.index("CJ"), 1),)


def test_new_the_copy_beyond_the_decks_is_the_records_finding_naming_every_copy():
    h = _hand(_text())
    (v,) = _finding(h)
    assert v.of_record and v.seat is None and v.trick is None
    assert ("the Buried: line and the cards played hold together 3 copies of ♣J (the Buried: line, S's play in "
            "trick 6, W's play in trick 7)") in v.message_en
    assert "one copy, of the line or of a play, is miscopied" in v.message_en
    assert "共有 3 张 ♣J（Buried: 一行、第 6 轮南家的出牌、第 7 轮西家的出牌）" in v.message_zh
    assert "该行或某一手出牌有一张记错" in v.message_zh
    assert all(x.seat is None for x in h.violations)            # no seat charged


def test_new_one_reading_gives_the_claim_no_claim_finding_the_total_withheld():
    """Read with the Buried: line's ♣J as ♣10 the plays give 30; with S's as ♣10, 40 = [Claim] (W's, its line's
    copy played, is placed beyond doubt: not read)."""
    h = _hand(_text())
    assert not [v for v in h.violations if v.code == "claim_mismatch"]
    assert h.claim_matches is None and h.attackers_total is None and h.attackers_points is None
    assert h.outcome is None                                    # 30: defenders up 2; 40: up 1
    points = {t.number: t.points for t in h.tricks}
    winners = {t.number: t.winner for t in h.tricks}
    assert points[6] is None and points[5] == 5
    assert points[7] == 0                                       # W's ♣J placed beyond doubt: as played
    assert winners[6] == winners[7] == 0                        # N's in every reading
    (words,) = _words(h)
    assert "S's in trick 6, the Buried: line's" in words and "(♣10)" in words
    assert "the record places W's in trick 7 beyond doubt" in words
    assert "第 6 轮南家所出、Buried: 一行所记" in words
    assert "the attackers' points" in words and "闲家得分" in words


def test_new_a_claim_every_reading_contradicts_is_the_records_finding():
    h = _hand(_text(claim="35"))
    (v,) = [v for v in h.violations if v.code == "claim_mismatch"]
    assert v.of_record and "the readings give 30, 40" in v.message_en and "30、40" in v.message_zh
    assert h.claim_matches is False


def test_new_the_line_miscopied_without_points_keeps_the_result():
    """The Buried: line's ♣Q written ♣7 (a third: W's in trick 6, S's in trick 7), ♣Q lacking: no points either
    way — the finding, the total and the claim's check stand."""
    h = _hand(_text(change=(BURIED, BURIED.replace("CQ", "C7"))))
    (v,) = _finding(h)
    assert "3 copies of ♣7 (the Buried: line, W's play in trick 6, S's play in trick 7)" in v.message_en
    assert (h.attackers_total, h.claim_matches) == (40, True)


def test_new_the_dealers_line_left_out_too():
    h = _hand(_text(drop=("S: ", "E: ", "Bottom:")))
    assert len(_finding(h)) == 1 and h.attackers_total is None
    assert not [v for v in h.violations if v.code == "claim_mismatch"]


def test_new_bottom_given_the_claim_not_corrected_on_a_total_withheld():
    """With the ``Bottom:`` line (its ♣J) the copies are the lines', the bottom's and S's play (``judge_partial``'s
    ``deal_mismatch``): the points withheld, so is the claim's check — no "the plays give 30"."""
    h = _hand(_text(drop=("S: ",)))
    assert [v.seat for v in h.violations if v.code == "deal_mismatch"] == [None]
    assert not _finding(h) and h.attackers_total is None
    assert not [v for v in h.violations if v.code == "claim_mismatch"] and h.claim_matches is None


def test_guard_every_deal_line_the_line_proves_the_play():
    """S's line given: its ♣10 proves S's play the miscopied copy (its own findings), the bury not counted."""
    h = _hand(_text(drop=("Bottom:",)))
    assert not _finding(h) and not _words(h)
    assert ("not_in_hand", 6, 2) in [(v.code, v.trick, v.seat) for v in h.violations]


def test_guard_no_buried_line_nothing_counted():
    """No Buried: line: the plays hold two ♣J, nothing beyond the decks — scored as recorded, as before."""
    h = _hand(_text(drop=("S: ", "Bottom:", "Buried:")))
    assert not _finding(h) and not _words(h)
    assert h.attackers_total == 30 and h.claim_matches is False


def test_new_check_json_the_finding_at_the_buried_line(tmp_path):
    text = _text()
    path = tmp_path / "bury.tgn"
    path.write_text(text, encoding="utf-8")
    out = CliRunner().invoke(main, ["check", "--json", str(path)], catch_exceptions=False).output
    (h,) = json.loads(out)["files"][0]["hands"]
    (v,) = [v for v in h["violations"] if v["code"] == "bad_bury"]
    assert v["about"] == "record" and v["seat"] is None
    assert v["line"] == text.splitlines().index(BURIED) + 1
    assert h["attackers_total"] is None and h["claim_matches"] is None
    assert not [v for v in h["violations"] if v["code"] == "claim_mismatch"]
