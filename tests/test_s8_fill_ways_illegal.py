"""A play the record leaves out is filled in every way the seat could have played, legal or not
(docs/rules.md §14.1 "a play the record leaves out inside a trick it goes on past"; engine/record_gaps.py).

The seat may have played wrongly — the very thing a referee is asked to judge.  Before, the ways were
its legal follows (and, for a seat left out once, the cards it is left holding at the end): the tool
*derived* a play from the guess that it was legal.  ``sample_logs/disputed-trick.tgn`` hand 11 with N's
play left out was derived ♥9 ♥9 (N really broke the pair: ♥9 ♥3), no fault found; a seat left out of
two tricks that revoked in one (``tests/data/gaps/two-ways-ruled.tgn``) had no legal way fit, so every
legal way was judged: the trick given to the wrong seat, N's deal line called miscopied, the revoke
lost.  Now the ways are every play of as many cards as the lead from the cards the seat held then and
does not play later; an illegal way is judged as such (its fault kept only when every way has it, the
most wrong follows a way gives counted towards the forfeit); a play its deal line and later plays pin
is the one way, derived, legal or not.  Each test fails on the code before.
"""
from __future__ import annotations

from pathlib import Path

from tractor_analysis.engine import record_gaps
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.cards import TOKEN
from tractor_analysis.records.rulesets import PRESETS

ROOT = Path(__file__).resolve().parent.parent
DISPUTED = (ROOT / "sample_logs" / "disputed-trick.tgn").read_text(encoding="utf-8")
TWO_WAYS = (ROOT / "tests" / "data" / "gaps" / "two-ways-ruled.tgn").read_text(encoding="utf-8")
N = 0
H10 = TOKEN.index("H10")

N_PLAY_20 = "N: H9 H3 {北家拆对：应跟 ♥9 ♥9 / North broke the pair: should have followed ♥9 ♥9}, "
HAND_11_GAP = DISPUTED[:DISPUTED.index('[Hand "11"]')] + DISPUTED[DISPUTED.index('[Hand "11"]'):].replace(
    N_PLAY_20, "", 1)
"""The referee's disputed position with N's play to trick 20 left out: ``20. W: HQ HQ, E: H5 H2, S: HA H10``."""


def hand_11(rules=None):
    (match,), _ = parse_tgn(HAND_11_GAP)
    return next(h for h in replay_match(match, rules).hands if h.number == 11)


def test_the_disputed_position_derives_no_legal_play_for_the_play_left_out():
    assert N_PLAY_20 not in HAND_11_GAP and "20. W: HQ HQ, E: H5 H2, S: HA H10" in HAND_11_GAP
    h = hand_11()
    # before: derived "20: N H9 H9" ("the only legal way"), resting on the guess that N followed legally
    assert [d.value for d in h.derived if d.fact == "play"] == []
    assert h.derived_plays == ()
    # N held ♥9 ♥9 ♥3 ♠A ♦6 ♣4: any two of them, 11 ways; one (♥9 ♥9) legal — no fault in every way
    assert h.violations == () and h.legality_known is False
    (u,) = [u for u in h.unknowns if u.tag == "play"]
    assert "legality" in u.withheld
    assert "11 ways it could have been played" in u.message_en and "legal or not" in u.message_en
    assert "legal ways" not in u.message_en and "合法出法" not in u.message_zh
    assert "11 种可能的出法" in u.message_zh and "不论合法与否" in u.message_zh
    # W's ♥Q ♥Q wins and the trick holds 15 points whatever N played: derived, and said of every way
    (w,) = [d for d in h.derived if d.fact == "trick_winner"]
    assert w.value == "W" and "whatever N played" in w.message_en and "legal or not" in w.message_en
    assert "whatever legal" not in w.message_en and "怎样合法" not in w.message_zh


def test_the_most_wrong_follows_a_way_gives_count_towards_the_forfeit():
    h = hand_11(PRESETS["tournament"])
    # no way of N's is certain to be wrong (♥9 ♥9 is legal); ten of them break the pair: one wrong follow
    # of N–S is the most a way adds, kept for the match's forfeit count (before: None, as if N were legal)
    assert h.revoke_levels == (0, 0)
    assert h.penalties_open == ((1, 0), (0, 0))


def two_ways(text: str = TWO_WAYS):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[0]


def test_a_seat_left_out_of_two_tricks_that_revoked_in_one_is_found_at_fault():
    # N's plays to tricks 3 (♦ pair lead ♠2 ♠2: trumps) and 10 (♥4 lead) are left out.  N's deal line less
    # its recorded plays is ♦Q ♦9 ♦7: two of them in trick 3, the third in trick 10 — where N still held
    # ♥10 (it plays it in trick 15): a revoke whatever N played, and N's trump wins trick 10
    h = two_ways()
    tenth = h.tricks[9]
    assert tenth.number == 10 and [p.seat for p in tenth.plays] == [2, 3, 1]
    # before: W won it (N's "legal" ♥10 filled in), N's line called miscopied ("deal"), no fault of N
    assert tenth.winner == N and tenth.points == 10
    assert "deal" not in {u.tag for u in h.unknowns}
    (v,) = [v for v in h.violations if v.trick == 10]
    assert (v.code, v.seat, v.better) == ("follow_suit", N, (H10,))
    assert v.played == ()           # which diamond N played is not known: every way has the fault
    assert h.revoke_levels == (3, 0)   # S's two wrong follows and N's
    assert [d.value for d in h.derived if d.fact == "play"] == []     # three ways: not derived
    (u,) = [u for u in h.unknowns if u.tag == "play"]
    assert "3 ways they could have been played" in u.message_en
    facts = {(d.fact, d.value): d for d in h.derived}
    d = facts[("trick_winner", "N")]
    assert "trick 10 won by N" in d.message_en and "legal or not" in d.message_en and "不论合法与否" in d.message_zh


def test_the_match_s_forfeit_counts_the_revoke_every_way_has():
    (match,), _ = parse_tgn(TWO_WAYS)
    r = replay_match(match)
    # the tournament's three wrong follows of N–S in hand 1 (before: two, N's revoke lost): N–S forfeit
    assert r.hands[0].rules.revoke_forfeit == 3
    assert r.forfeit_reasons[0] == "wrong follows"


PINNED = TWO_WAYS.replace("3. E: S2 S2, S: DK D5, W: D7 D6\n", "3. E: S2 S2, S: DK D5, W: D7 D6, N: DQ D9\n", 1)
"""The same record, N's trick-3 play given (♦Q ♦9): its deal line less its recorded plays is ♦7 alone, as
many cards as trick 10's lead — the one way to fill trick 10 in, and no legal one (N holds ♥10)."""


def test_a_play_pinned_by_the_deal_line_is_the_one_way_and_judged_as_played(monkeypatch):
    assert PINNED != TWO_WAYS
    # one way, whatever the bound: before, N's legal ♥10 and its ♦7 left were two ways, past a bound of 1
    monkeypatch.setattr(record_gaps, "MAX_VARIANTS", 1)
    h = two_ways(PINNED)
    (d,) = [d for d in h.derived if d.fact == "play"]
    assert d.value == "10: N D7" and d.source == "the cards the seat plays later and its deal line"
    assert "of the cards N held then, the only one it does not play later" in d.message_en
    assert "no legal play, and judged as played" in d.message_en
    assert "北家当时所持的牌中，只有这一手其后没有打出" in d.message_zh and "这不是合法出牌" in d.message_zh
    assert "legal way" not in d.message_en and "合法出法" not in d.message_zh
    (v,) = [v for v in h.violations if v.trick == 10]
    assert (v.code, v.seat, v.played, v.better) == ("follow_suit", N, (TOKEN.index("D7"),), (H10,))
    assert not [u for u in h.unknowns if u.tag == "play"]
    assert h.tricks[9].winner == N and h.revoke_levels == (3, 0)


def test_a_legal_play_pinned_by_the_deal_line_is_derived_as_before():
    # N's trick-10 play given (♦7, a revoke), its trick-3 play left out: ♦Q ♦9 left, a legal follow
    text = TWO_WAYS.replace("10. S: H4, W: HQ, E: SK\n", "10. S: H4, W: HQ, N: D7, E: SK\n", 1)
    assert text != TWO_WAYS
    h = two_ways(text)
    (d,) = [d for d in h.derived if d.fact == "play"]
    assert d.value == "3: N D9 DQ" and "no legal play" not in d.message_en and "这不是合法出牌" not in d.message_zh
    # from what: its cards then less those it plays later (before: "of the 21 legal ways, only this one fits")
    assert "of the cards N held then, the only ones it does not play later" in d.message_en
    assert "legal way" not in d.message_en
    assert [(v.code, v.trick, v.seat) for v in h.violations if v.seat == N] == [("follow_suit", 10, N)]
