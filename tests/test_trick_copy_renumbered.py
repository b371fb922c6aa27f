"""A trick line copied again under another number, and two trick lines with one number (a referee's tester,
session 23: /tmp/probe23_referee4 ``d3_dup7.tgn``, ``d2_dup_renum.tgn``, built from hand 1 of the sample).

Trick 7's line written again as ``8. …`` before the real ``8.`` was read as a trick of its own: four seats
``not_in_hand`` (and E ``out_of_turn``), the copied trick's points counted twice (claim 60 "differs, the plays give
90"), "attackers take the deal" — on a ruling page a referee signs.  Its plays repeat the line before word for word
and read again they put more copies of a card in the plays than the decks hold: the decks cannot give both, so it is
the same trick copied again (``trick_sequence``, read once; docs/format.md), and the hand judges as the sample's.
A repeated line within the decks stays a trick of its own.  And where two lines share a number and differ, the ruling
page and the hand page show the trick a finding is about by its place in the hand, not the other one with its
number (before: the ruling page took the last line with the number, the hand page put every finding on the first)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.reports.hand_page import hand_view
from tractor_analysis.reports.ruling import ruling_pages

SAMPLE = (Path(__file__).resolve().parents[1] / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
T3 = "3. W: D7, N: DA, E: D8, S: D5"
T7 = "7. E: H5 H5, S: H9 H9, W: HK D8, N: S10 H8"
T8 = "8. S: S3, W: DQ, N: S4, E: SK"
T9 = "9. E: S9, S: S4, W: D5, N: SQ"
T15 = "15. W: H2, N: D9, E: S5, S: D9"


def _edit(*pairs: tuple[str, str]) -> str:
    text = SAMPLE
    for old, new in pairs:
        assert text.count(old) == 1
        text = text.replace(old, new)
    return text


def _read(text: str):
    (match,), diags = parse_tgn(text)
    return match, replay_match(match), diags


def _verdict(text: str):
    _, result, diags = _read(text)
    h = result.hands[0]
    return diags, (h.attackers_total, h.claim_matches, h.outcome, h.levels_after,
                   sorted((v.code, v.trick, v.seat) for v in h.violations))


def _hand1(diags):
    return [d for d in diags if d.hand == 1]


def test_trick_7_copied_as_8_is_read_once():          # d3_dup7.tgn
    _, whole = _verdict(SAMPLE)
    diags, got = _verdict(_edit((T7, T7 + "\n" + T7.replace("7.", "8.", 1))))
    assert got == whole                 # before: 90 points, claim differs, 5 player violations, attackers take the deal
    (d,) = _hand1(diags)                # before: 5 too_many_copies and "trick 8 out of sequence"
    assert d.code == "trick_sequence" and d.trick == 7 and d.line == 36 and d.column == 1
    assert "repeats the line of trick 7 word for word" in d.message and "under the number 8" in d.message
    assert "4 copies of ♥5" in d.message and "read once, as trick 7" in d.message
    assert "逐字重复了第 7 轮的出牌行" in d.message and "4 张 ♥5" in d.message and "只读一次，按第 7 轮" in d.message


def test_trick_9_copied_as_10_is_read_once():         # d2_dup_renum.tgn
    _, whole = _verdict(SAMPLE)
    diags, got = _verdict(_edit((T9, T9 + "\n" + T9.replace("9.", "10.", 1))))
    assert got == whole                 # before: claim "corrected 60 → 65", 5 player violations
    (d,) = _hand1(diags)
    assert d.code == "trick_sequence" and "repeats the line of trick 9" in d.message
    assert "3 copies of ♠4, 3 copies of ♦5" in d.message      # what the copy alone would put beyond the decks


def test_the_same_number_written_otherwise_is_a_copy_too():
    _, whole = _verdict(SAMPLE)
    diags, got = _verdict(_edit((T9, T9 + "\n" + T9.replace(", ", ",  "))))     # spaced otherwise: not word for word
    assert got == whole                 # before: two tricks 9, four seats not_in_hand
    (d,) = _hand1(diags)
    assert "under the same number" in d.message and "轮次也相同" in d.message


def test_no_ruling_page_for_the_copy():
    match, result, _ = _read(_edit((T7, T7 + "\n" + T7.replace("7.", "8.", 1))))
    assert ruling_pages([(match, result)]) == []    # before: a claim page and four not_in_hand, one out_of_turn


def test_a_repeated_line_within_the_decks_stays_a_trick():     # a guard: two identical tricks can be played
    # (its annotation keeps it off the plain fast path: the line is weighed as a copy, and is none — each copy of
    # D7, DA, D8 and D5 it plays is the second of the two decks' when it is read)
    match, result, diags = _read(_edit((T3, T3 + "\n" + T3.replace("3.", "4.", 1) + " {再 / again}")))
    assert not any("repeats the line" in d.message for d in diags)
    assert [t.number for t in match.hands[0].tricks][:5] == [1, 2, 3, 4, 4]
    assert match.hands[0].tricks[3].plays[-1].notes == ("再 / again",)
    assert len(result.hands[0].tricks) == 17


def test_both_readers_agree_on_the_copy(tmp_path):
    """The compiled reader leaves a line beyond the decks to the Python one: both give the same."""
    record = tmp_path / "d3.tgn"
    record.write_text(_edit((T7, T7 + "\n" + T7.replace("7.", "8.", 1))), encoding="utf-8")
    code = ("import json, sys; from tractor_analysis.records.tgn_reader import parse_tgn; "
            "(m,), d = parse_tgn(open(sys.argv[1], encoding='utf-8').read()); "
            "print(json.dumps([[[t.number, [[p.seat, list(p.cards)] for p in t.plays]] for t in m.hands[0].tricks], "
            "[[x.code, x.line, x.column, x.message] for x in d]]))")
    got = []
    for pure in ("", "1"):
        env = {**os.environ, "TRACTOR_PURE_PYTHON": pure}
        out = subprocess.run([sys.executable, "-c", code, str(record)], env=env, check=True, capture_output=True,
                             text=True).stdout
        got.append(json.loads(out))
    assert got[0] == got[1]
    tricks, diags = got[0]
    assert [n for n, _ in tricks] == list(range(1, 17))
    assert [c for c, *_ in diags if c != "trick_sequence"] == []


def _pages_and_hand(text: str):
    match, result, _ = _read(text)
    h = result.hands[0]
    pages = [p for p in ruling_pages([(match, result)]) if p.violation.code == "follow_suit"]
    view = hand_view(match, match.hands[0], h)
    return pages, [(t.number, t.leader, [v.code for v in t.violations]) for t in view.tricks if t.number == 8]


def test_the_ruling_page_shows_the_first_of_two_tricks_8():
    # N revokes (♦9, holding ♠4) in the first line numbered 8; the second "8." is trick 9 numbered 8
    pages, hand_tricks = _pages_and_hand(_edit((T8, "8. S: S3, W: DQ, N: D9, E: SK"), (T9, T9.replace("9.", "8.", 1)),
                                               (T15, "15. W: H2, N: S4, E: S5, S: D9")))
    (page,) = pages
    assert page.violation.seat == "N" and page.trick.number == 8
    assert page.trick.leader == "S" and [p.seat for p in page.trick.plays] == ["S", "W", "N", "E"]   # before: E's
    assert hand_tricks == [(8, "S", ["follow_suit"]), (8, "E", [])]


def test_the_hand_page_shows_a_finding_on_the_second_of_two_tricks_8():
    # N revokes (♦9, holding ♠Q) in the second line numbered 8 (trick 9 numbered 8)
    pages, hand_tricks = _pages_and_hand(_edit((T9, "8. E: S9, S: S4, W: D5, N: D9"),
                                               (T15, "15. W: H2, N: SQ, E: S5, S: D9")))
    assert hand_tricks == [(8, "S", []), (8, "E", ["follow_suit"])]     # before: on the first trick 8
    (page,) = pages
    assert page.trick.leader == "E" and [p.seat for p in page.trick.plays] == ["E", "S", "W", "N"]
