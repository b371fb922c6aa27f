"""A follow written a card too long, its seat's play left out elsewhere (docs/rules.md §1.6, §4.1): which card is too
many is open — a referee's tester's records (/tmp/probe23_referee5, built by its ``mk.py`` from hand 1 of
sample_logs/spring-cup-r2t5.tgn; rebuilt here by the same edits).

``x8_both_q15``: ``8. S: S3, W: DQ, N: D9 S4 {D9 划掉 / D9 crossed out}, E: SK`` and ``15. W: H2, N: ?, E: S5, S: D9``
(``x9``: the same without the note).  Before, the tool read trick 8 as written, filled N's ``?`` as ♠J ("the only way
N could have played") and ruled ✗ ``wrong_count`` (trick 8) and ✗ ``not_in_hand`` (N's ♠J in trick 16) — under
``--rules tournament`` the outcome "wrong number of cards (多少牌) for N".  The record does not prove which card of
trick 8 is the one too many: ♦9 (the ``?`` then ♦9: no fault at all), ♠4 (the ``?`` then ♠4: N's wrong follow), or
none (N played both, and trick 16's ♠J is not what it played).  Each reading is judged and only what all give is
kept: no ✗ against N, an ``unknown`` naming the readings.  ``x6`` (no ``?``: the record proves the ♦9) is unchanged.
Where one reading alone fits the record's later plays (the ``?`` in trick 16, or a pair ``S4 S4`` N can hold one of),
the card too many is proven: one record finding, no cascade.
Each test but the guards fails on the code before the change.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.rulesets import PRESETS

from event_helpers import invoke_cli

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
HAND_1 = SAMPLE[:SAMPLE.index('[Hand "2"]')]
N, E, S, W = range(4)


def _changed(text: str, line: str, new: str) -> str:
    """``text`` with the trick line starting ``line`` written ``new``."""
    i = text.index("\n" + line) + 1
    return text[:i] + new + text[text.index("\n", i):]


LONG = "8. S: S3, W: DQ, N: D9 S4 {D9 划掉 / D9 crossed out}, E: SK"
X6 = _changed(HAND_1, "8. S: S3", LONG)
X8 = _changed(X6, "15. W: H2", "15. W: H2, N: ?, E: S5, S: D9")
X9 = _changed(_changed(HAND_1, "8. S: S3", "8. S: S3, W: DQ, N: D9 S4, E: SK"),
              "15. W: H2", "15. W: H2, N: ?, E: S5, S: D9")
Q16 = _changed(_changed(HAND_1, "8. S: S3", "8. S: S3, W: DQ, N: D9 S4, E: SK"),
               "16. W: CQ", "16. W: CQ, N: ?, E: HJ, S: HQ")
E_LONG = _changed(HAND_1, "8. S: S3", "8. S: S3, W: DQ, N: S4, E: SK HJ")
PAIR = _changed(_changed(HAND_1, "8. S: S3", "8. S: S3, W: DQ, N: S4 S4, E: SK"),
                "15. W: H2", "15. W: H2, N: ?, E: S5, S: D9")


def _hand(text: str, rules=None):
    (match,), _ = parse_tgn(text)
    return replay_match(match, rules).hands[0]


def _codes(h) -> list[tuple[str, int | None, int | None]]:
    return [(v.code, v.trick, v.seat) for v in h.violations]


def _readings(h):
    return [u for u in h.unknowns if u.tag == "play" and "written too many" in u.message_en]


def test_which_card_of_the_long_follow_is_too_many_is_open_no_fault_of_n_is_ruled():
    for text in (X8, X9):
        h = _hand(text)
        assert _codes(h) == []          # before: wrong_count (trick 8) and not_in_hand (trick 16), N's
        assert not h.legality_known and "legality" in h.withheld
        (u,) = _readings(h)
        en, zh = u.message_en, u.message_zh
        assert "the record does not prove which card is written too many" in en
        assert "♦9 written too many (its play in trick 15 then ♦9; no fault of N's)" in en
        assert "♠4 written too many (its play in trick 15 then ♠4; N broke the rule (Follow the suit group" in en
        assert ("as written, N did play 2 cards (多少牌), and the record then has it play a card in trick 16 it no "
                "longer held" in en)
        assert "记录无法证明多写的是哪一张" in zh and "多写的是 ♦9（其第 15 轮的出牌即为 ♦9；北家没有违规）" in zh
        # no reading's fill of the ? taken for the play (before: derived "15: N SJ")
        assert not [d for d in h.derived if d.fact == "play"] and h.derived_plays == ()
        # what every reading gives stands: the points, the outcome (no miscount in the standard rules)
        assert h.attackers_total == 60 and h.outcome is not None and h.outcome.levels == 1


def test_under_the_tournament_rules_the_miscount_outcome_is_one_reading_not_the_ruling():
    h = _hand(X8, PRESETS["tournament"])
    assert not [c for c in _codes(h) if c[2] == N]
    # before: the outcome "wrong number of cards (多少牌) for N"; now withheld, each reading's outcome named
    assert h.outcome is None
    assert sorted(o.reason for o in h.outcomes_open) == ["miscount", "points"]
    assert "outcome" in _readings(h)[0].withheld


def test_check_rules_nothing_against_n_and_says_why(tmp_path):
    path = tmp_path / "x8.tgn"
    path.write_text(X8, encoding="utf-8")
    out = invoke_cli("check", str(path)).output
    assert "✗" not in out and "not_in_hand" not in out, out
    assert "? unknown 未知  [play]  N's play in trick 8 is written with 2 cards (♦9 ♠4) to a lead of 1" in out
    assert "N played ♠J in trick 15" not in out
    r = invoke_cli("ruling", str(path), "-o", str(tmp_path / "r.html"))
    assert not (tmp_path / "r.html").exists(), r.output


def test_the_json_and_pure_python_paths_judge_it_the_same(tmp_path):
    path = tmp_path / "x8.tgn"
    path.write_text(X8, encoding="utf-8")
    outs = []
    for pure in ("0", "1"):
        env = {**os.environ, "TRACTOR_PURE_PYTHON": pure, "PYTHONPATH": str(ROOT)}
        run = subprocess.run([sys.executable, "-c", "from tractor_analysis.cli.main import main; main()",
                              "check", "--json", str(path)], capture_output=True, text=True, env=env, cwd=str(ROOT))
        outs.append(json.loads(run.stdout)["files"][0]["hands"])
    assert outs[0] == outs[1]
    assert outs[0][0]["violations"] == []
    assert any(u["tag"] == "play" and "written too many" in u["message"] for u in outs[0][0]["unknown"])


def test_one_reading_alone_fitting_the_later_plays_proves_the_card_too_many():
    # the ? in trick 16: ♠4 too many has N play ♦9 twice (it holds one: S's line gives and S plays the other), and
    # as written N has no card left for its trick-16 play; only ♦9 too many fits — one record finding, no cascade
    h = _hand(Q16)
    assert _codes(h) == [("wrong_count", 8, N)] and h.violations[0].of_record     # before: ✗ wrong_count, not_in_hand
    v = h.violations[0]
    assert "the ♦9 written too many is this one" in v.message_en and "多写的 ♦9 是这手出牌中的这一张" in v.message_zh
    assert [(d.fact, d.value) for d in h.derived if d.fact == "play"] == [("play", "8: N S4"), ("play", "16: N SJ")]
    assert h.legality_known and h.attackers_total == 60


def test_a_pair_written_where_the_seat_holds_one_copy_is_one_record_finding():
    h = _hand(PAIR)
    assert _codes(h) == [("wrong_count", 8, N)] and h.violations[0].of_record     # before: 4 findings
    assert [(d.fact, d.value) for d in h.derived if d.fact == "play"] == [("play", "8: N S4"), ("play", "15: N D9")]


def test_guards_the_proven_copy_and_a_play_left_out_alone_stay_as_they_were():
    # (guards: passed before too) x6: no ?, the record proves the ♦9 — one record finding, the play derived
    h = _hand(X6)
    assert _codes(h) == [("wrong_count", 8, N)] and h.violations[0].of_record
    assert "N plays ♦9 in trick 15 too" in h.violations[0].message_en and not _readings(h)
    # N's ? in trick 15 with no long follow: derived as ever
    h = _hand(_changed(HAND_1, "15. W: H2", "15. W: H2, N: ?, E: S5, S: D9"))
    assert _codes(h) == [] and h.legality_known and not _readings(h)
    assert [(d.fact, d.value) for d in h.derived if d.fact == "play"] == [("play", "15: N D9")]


def test_an_unread_play_written_for_a_seat_left_with_no_card_is_the_as_written_readings_slip():
    # E follows trick 8 with ♠K ♥J and its trick-16 play is written and not read (E: ?): as written, E played a
    # card too many and had none left for that ?; or ♠K, or ♥J, was written too many — three readings, no fault ruled
    h = _hand(_changed(E_LONG, "16. W: CQ", "16. W: CQ, N: SJ, E: ?, S: HQ"))
    assert not [c for c in _codes(h) if c[2] == E]      # before: wrong_count (8) and out_of_turn (9, 16), E's
    (u,) = _readings(h)
    assert "♥J written too many (its play in trick 16 then ♥J; no fault of E's)" in u.message_en
    assert ("the play written (not read) for it in trick 16 cannot have been made (E had no card left)"
            in u.message_en)
    assert "则其第 16 轮记有但无法读取的出牌不可能有过（东家当时已无牌可出）" in u.message_zh


def test_guard_a_play_simply_left_out_after_a_card_too_many_is_the_seats_miscount():
    # (guard: passed before too) the same without the ?: as written the record needs no slip — E played two cards
    # and had none for trick 16, which is why the record gives it no play there: its wrong_count stands, E's
    h = _hand(_changed(E_LONG, "16. W: CQ", "16. W: CQ, N: SJ, S: HQ"))
    assert ("wrong_count", 8, E) in _codes(h) and not any(v.of_record for v in h.violations if v.seat == E)
    assert not _readings(h)


# /tmp/probe23_referee6 (a referee's tester, built by its ``mk.py`` from hand 1 the same way): the ``?`` finds the
# seat still holding cards, so as written the slip it needs is in one of its later plays, which one resting on how
# the ``?`` is filled in; and the dealer's own long follow, its cards known exactly (line + bottom − Buried:)
S6Q = _changed(_changed(HAND_1, "9. E: S9", "9. E: S9, S: S4, W: D5, N: SQ C5"),
               "13. E: H8", "13. E: H8, S: H4, W: C4, N: ?")
S3_DEALER = _changed(_changed(HAND_1, "8. S: S3", "8. S: S3, W: DQ C4, N: S4, E: SK"),
                     "13. E: H8", "13. E: H8, S: H4, W: ?, N: C5")


def test_a_question_mark_finding_the_seat_holding_cards_still_opens_the_readings():
    # N holds 3 cards at trick 13: each way of filling its ? makes a different later play impossible, none common.
    # Before: judged as written — ✗ wrong_count (9), ✗ out_of_turn (10, 14), N's, and claim_mismatch 50 vs 60
    h = _hand(S6Q)
    assert _codes(h) == []
    (u,) = _readings(h)
    en, zh = u.message_en, u.message_zh
    assert "♣5 written too many (its play in trick 13 then ♣5; no fault of N's)" in en
    assert "♠Q written too many (its play in trick 13 then ♠Q; N broke the rule (Follow the suit group" in en
    assert ("or, as written, N did play 2 cards (多少牌), and whatever its play written (not read) in trick 13 was, "
            "the record then has it play a card it no longer held in one of tricks 14, 15, 16 (which one rests on "
            "that play)" in en)
    assert "多写的是 ♣5（其第 13 轮的出牌即为 ♣5；北家没有违规）" in zh
    assert "记录中其第 14、15、16 轮中的一轮（取决于那一手）都打出了当时已不在手中的牌" in zh
    # the ♣5 reading is the sample record (60, the claim): the points are open, not a claim_mismatch
    assert h.attackers_total is None and "points" in u.withheld
    assert u.withheld.count("legality") == 1        # (said once)
    t = _hand(S6Q, PRESETS["tournament"])
    assert not [c for c in _codes(t) if c[2] == N] and t.outcome is None      # before: 多少牌 for N


def test_the_dealers_long_follow_is_read_each_way_its_cards_known_exactly():
    # W (the dealer, its Buried: line given and read whole) follows trick 8 with ♦Q ♣4, its trick-13 play a ?.
    # Before: W excluded as a taker — ✗ wrong_count (8) W's, ✗ out_of_turn (14) N's, claim_mismatch 55 vs 60
    h = _hand(S3_DEALER)
    assert _codes(h) == []
    (u,) = _readings(h)
    assert "♦Q written too many (its play in trick 13 then ♦Q; no fault of W's)" in u.message_en
    assert "♣4 written too many (its play in trick 13 then ♣4; no fault of W's)" in u.message_en
    assert "in one of tricks 14, 15, 16" in u.message_en
    assert h.attackers_total is None


def test_guard_the_dealer_without_a_buried_line_is_not_read_each_way():
    # (guard: passed before too) no Buried: line — W's cards not known exactly: no readings of its long follow
    text = S3_DEALER.replace("\nBuried: SQ S3 HA HQ HJ H7 H3 D3", "")
    assert text != S3_DEALER
    assert not _readings(_hand(text))


def test_the_json_and_pure_python_paths_judge_s6q_the_same(tmp_path):
    path = tmp_path / "s6q.tgn"
    path.write_text(S6Q, encoding="utf-8")
    outs = []
    for pure in ("0", "1"):
        env = {**os.environ, "TRACTOR_PURE_PYTHON": pure, "PYTHONPATH": str(ROOT)}
        run = subprocess.run([sys.executable, "-c", "from tractor_analysis.cli.main import main; main()",
                              "check", "--json", str(path)], capture_output=True, text=True, env=env, cwd=str(ROOT))
        outs.append(json.loads(run.stdout)["files"][0]["hands"])
    assert outs[0] == outs[1]
    assert outs[0][0]["violations"] == []
