"""Two trick lines with one number (``trick_sequence``) and a finding in the second: every place of the ruling page
and the hand page takes the trick a finding is about by its place in the hand (session 23 follow-up of
test_trick_copy_renumbered.py).

Before: the ruling page's "as the rules require" block of a failed throw took the first trick with the throw's
number (a trick with no throw: "E must play ♠8"); a lead out of turn after the first of two tricks 8, made in the
second, showed no "trick that decided the lead" (the lead was looked up at the first trick 8, led by another seat);
the hand page gave both tricks 8 one anchor ``trick-8`` (two elements with one ``id``; the trick list and the
"first at trick 8" link went to the first)."""
from __future__ import annotations

import re
from pathlib import Path

from tractor_analysis.engine.lead_decided import lead_decided
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.cards import parse_cards
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.reports.build import render_hand
from tractor_analysis.reports.hand_page import hand_view, trick_anchors
from tractor_analysis.reports.ruling import ruling_pages

SAMPLE = (Path(__file__).resolve().parents[1] / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
T9 = "9. E: S9, S: S4, W: D5, N: SQ"


def _edit(*pairs: tuple[str, str]) -> str:
    text = SAMPLE
    for old, new in pairs:
        assert text.count(old) == 1
        text = text.replace(old, new)
    return text


def _read(text: str):
    (match,), diags = parse_tgn(text)
    assert [d.code for d in diags if d.hand == 1] == ["trick_sequence"]
    return match, replay_match(match)


def _page(text: str, code: str):
    match, result = _read(text)
    (page,) = [p for p in ruling_pages([(match, result)]) if p.violation.code == code]
    return page, match, result


# trick 9 written "8." and led by S, out of turn: E won the first trick 8 (♠K)
OUT_OF_TURN = _edit((T9, "8. S: S4, W: D5, N: SQ, E: S9"))
# the failed throw of trick 14 written "13." (two tricks 13), its forced play written wrong: N plays ♠J, where the
# rules force ♠8 (the smallest beaten unit); N keeps ♠8 and plays it in trick 16
WRONG_FORCED = _edit(("14. N: SJ S8 -> S8", "13. N: SJ S8 -> SJ"), ("16. W: CQ, N: SJ", "16. W: CQ, N: S8"))


def test_a_lead_out_of_turn_in_the_second_trick_8_shows_the_first_as_the_trick_that_decided_it():
    page, _, result = _page(OUT_OF_TURN, "out_of_turn")
    assert page.trick.leader == "S" and page.trick.plays[0].cards == tuple(parse_cards("S4"))
    lt = page.lead_trick        # before: None (no trick that decided the lead)
    assert lt is not None and lt.number == 8 and lt.plays[0].cards == tuple(parse_cards("S3"))
    assert page.lead_note[1].startswith("E won trick 8 with ")
    v = next(v for v in result.hands[0].violations if v.code == "out_of_turn")
    decided = lead_decided(None, result.hands[0].tricks, v)
    assert decided is not None and decided.place == 7 and decided.winner == 1


def test_a_wrong_forced_play_in_the_second_trick_13_is_required_from_its_own_throw():
    page, _, _ = _page(WRONG_FORCED, "wrong_forced_play")
    assert page.trick.plays[0].seat == "N"
    req = page.required
    assert req is not None
    assert req.rows[0].seat == "N" and req.rows[0].leads      # before: E, leading ♠8 (the first trick 13's H8)
    assert req.rows[0].must == tuple(parse_cards("S8"))
    assert req.lines[0][1].startswith("N must play ♠8"), req.lines[0]


def test_two_tricks_8_have_their_own_anchors_on_the_hand_page():
    match, result = _read(OUT_OF_TURN)
    view = hand_view(match, match.hands[0], result.hands[0])
    assert [t.anchor for t in view.tricks if t.number == 8] == ["trick-8", "trick-8-2"]
    page = render_hand(view)
    ids = re.findall(r'<section class="trick[^"]*" id="([^"]+)"', page)
    assert len(ids) == len(set(ids)) == 16                     # before: "trick-8" twice
    assert ids[7:9] == ["trick-8", "trick-8-2"]
    assert re.findall(r'<li><a href="#([^"]+)"', page) == ids    # the trick list: one link a trick
    first = re.search(r'<a id="first-violation" href="#([^"]+)">first at trick (\d+)</a>', page)
    assert first.groups() == ("trick-8-2", "8")                # the out-of-turn lead is in the second trick 8


def test_trick_anchors():
    assert trick_anchors([1, 2, 2, 3, 2]) == ("trick-1", "trick-2", "trick-2-2", "trick-3", "trick-2-3")
    assert trick_anchors([]) == ()
