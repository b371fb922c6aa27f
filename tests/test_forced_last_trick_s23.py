"""A record stopping just before its hand's forced last trick, one card a seat left (docs/rules.md §7.4, §8.5, §10.1).

A referee tester's records (hand 1 of the Spring Cup, trick 16 left out, so each seat holds exactly one card):

1. under ``tournament`` (``decide_by_levels`` on or off) the hand had no outcome, its revoke's level "due at the
   hand's end, not reached", and the match "not known": a penalty or a level lost "in the tricks not recorded could
   decide the hand" — yet with one card a seat the last trick leaves no choice (no revoke, no throw, no count error),
   and adding only ``16. W: CQ`` (the record ending inside the last trick) gave the full result.  The forced last
   trick now counts as played under every preset: its winner and points are the cards', the hand's end is reached
   (its penalties apply), a ``[Claim]`` is checked against the total (``claim_mismatch`` where it differs);
2. under ``standard`` the hand's result was derived from that trick while the points line said the bottom was "not
   decided, the record ends first" and the match's final level was "known only as 2..3": the bottom is decided by
   the forced trick and the final levels are known (``decide_by_levels`` off: the hand's end is reached);
3. ``N: H2 ?`` said "unknown card '?' (expected e.g. S10 …)": it now adds that a play not known is written ``N: ?``.

Guards: a record stopping two tricks early stays without an outcome under ``tournament``, its penalties not reached.
Every test but the guards fails on the code before the change.
"""
from __future__ import annotations

from pathlib import Path

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.stopped_match import last_trick_stop, record_stops_inside
from tractor_analysis.records.tgn_reader import parse_tgn

from event_helpers import run_cli

SAMPLE = (Path(__file__).resolve().parents[1] / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
HAND1 = SAMPLE[:SAMPLE.index('[Hand "2"]')].replace('[Rule:decide_by_levels "on"]\n', "", 1)
"""Hand 1 of the Spring Cup, played out (the attackers 60, the defenders W–E up one level), ``standard``."""


def _record(rules: str = "standard", revoke: bool = False, claim: int | None = None, upto: str = "16. W: CQ",
            extra: str = "") -> str:
    """Hand 1 stopping before the trick line starting ``upto``; ``revoke``: N discards ♦9 in trick 8 holding spades
    (the probe's p4), N–S at 4; ``claim``: a ``[Claim]`` (the sample's is 60)."""
    text = HAND1.replace('[Ruleset "standard"]', f'[Ruleset "{rules}"]\n{extra}'.rstrip("\n"), 1)
    if revoke:
        text = (text.replace('[Levels "NS:2 EW:2"]', '[Levels "NS:4 EW:2"]', 1)
                .replace("8. S: S3, W: DQ, N: S4, E: SK", "8. S: S3, W: DQ, N: D9, E: SK", 1)
                .replace("15. W: H2, N: D9, E: S5, S: D9", "15. W: H2, N: S4, E: S5, S: D9", 1))
    cut = text[:text.index(upto)]
    return cut + (f'[Claim "{claim}"]\n' if claim is not None else "")


def _replay(text: str):
    (match,), diags = parse_tgn(text)
    assert not diags
    return match, replay_match(match)


def _outcome_facts(h):
    return [(d.fact, d.value) for d in h.derived if d.fact in ("outcome", "penalties_due")]


OFF = '[Rule:decide_by_levels "off"]\n'


def test_tournament_the_forced_last_trick_gives_the_result_and_the_revoke_costs_its_level():
    for extra in ("", OFF):
        m, r = _replay(_record("tournament", revoke=True, extra=extra))
        h = r.hands[0]
        # the attackers took 60, less 10 for N's failed throw in trick 14; W takes the forced ♣Q trick, no points
        assert _outcome_facts(h) == [("outcome", "50")]
        assert h.forced_last == 16 and not h.complete
        assert h.outcome is not None and h.outcome.winner == "defenders"
        assert h.attackers_total == 50 and h.bottom_decided
        # the hand's end is reached: N–S lose the revoke's level (4 → 3), E–W go up one (2 → 3)
        assert h.revoke_levels == (1, 0) and h.levels_after == (3, 3)
        assert not record_stops_inside(m.hands[0], h)
        assert last_trick_stop(m.hands[0], h) is (extra == "")


def test_tournament_decide_by_levels_off_the_match_ends_at_the_levels_the_forced_trick_gives():
    _, r = _replay(_record("tournament", revoke=True, extra=OFF))
    assert r.stopped_at is None and r.levels_final == (3, 3)


def test_tournament_decide_by_levels_on_the_stopped_hand_is_one_reading_of_two_as_inside_its_last_trick():
    # (as the probe's p5, ``16. W: CQ`` written: void, N–S at 4 win; played out, 3 : 3, E–W holding the deal)
    _, r = _replay(_record("tournament", revoke=True))
    _, inside = _replay(_record("tournament", revoke=True, upto="16. W: CQ") + "16. W: CQ\n")
    assert r.stopped_at == 0 and inside.stopped_at == 0
    assert (r.winner, r.levels_final, r.levels_final_span) == (inside.winner, inside.levels_final,
                                                               inside.levels_final_span)
    assert r.winner is None and [u.tag for u in r.unknowns] == ["Claim"]
    # the match's unknown compares the two readings, never "the results the cards left allow are not known"
    (u,) = r.unknowns
    assert "readings give different winners" in u.message_en and "两种读法的胜方不同" in u.message_zh


def test_tournament_a_claim_other_than_the_forced_total_is_the_records_fault():
    _, r = _replay(_record("tournament", revoke=True, claim=60))
    h = r.hands[0]
    (v,) = [v for v in h.violations if v.code == "claim_mismatch"]
    assert "gives the attackers 50, but [Claim] gives 60" in v.message_en and "闲家总得分应为 50" in v.message_zh
    assert h.claim_matches is False and _outcome_facts(h) == [("outcome", "50")]


def test_tournament_a_claim_equal_to_the_forced_total_is_checked():
    _, r = _replay(_record("tournament", claim=50))      # 60 less 10 for N's failed throw in trick 14
    h = r.hands[0]
    assert h.claim_matches is True and not [v for v in h.violations if v.code == "claim_mismatch"]
    assert h.outcome is not None and not h.scored_by_claim


def test_tournament_a_wrong_number_of_cards_decides_the_hand_the_forced_trick_ends():
    # N plays one ♦J short in trick 2 and one long in trick 3: one card a seat left all the same; the hand ends
    # with the forced trick, so N's 多少牌 decides it (docs/rules.md §10.3)
    text = (_record("tournament").replace("2. W: DK DK, N: DJ DJ,", "2. W: DK DK, N: DJ,", 1)
            .replace("3. W: D7, N: DA,", "3. W: D7, N: DA DJ,", 1))
    _, r = _replay(text)
    h = r.hands[0]
    assert h.outcome is not None and h.outcome.reason == "miscount" and h.outcome.miscount == (0,)


def test_tournament_the_check_text_gives_the_result_and_no_penalty_not_reached(tmp_path):
    f = tmp_path / "p4.tgn"
    f.write_text(_record("tournament", revoke=True, extra=OFF), encoding="utf-8")
    out = run_cli("check", str(f), code=1).output       # (1: N's revoke)
    assert "no outcome" not in out and "not reached" not in out and "tricks not recorded" not in out
    assert "bottom 底分 0 not captured 未抠底" in out and "levels 级 NS 4→3  EW 2→3; revoke penalty" in out


def test_standard_the_bottom_and_the_final_levels_agree_with_the_forced_trick(tmp_path):
    _, r = _replay(_record())
    h = r.hands[0]
    assert _outcome_facts(h) == [("outcome", "60")] and h.bottom_decided
    assert r.stopped_at is None and r.levels_final == (2, 3) and not any(r.levels_final_span or ())
    f = tmp_path / "l2.tgn"
    f.write_text(_record(), encoding="utf-8")
    out = run_cli("check", str(f)).output
    assert "bottom 底分 0 not captured 未抠底" in out and "record ends first" not in out
    assert "known only as" not in out


def test_the_attackers_taking_the_forced_trick_take_the_bottom_at_a_singles_multiplier_under_tournament():
    # hand 4 after trick 15: N leads ♦A, E ♦K, S ♠10, W ♣7 — N (an attacker) takes 20 and the bottom's 10 × 2
    start = SAMPLE.index('[Hand "4"]')
    text = SAMPLE.replace('[Ruleset "standard"]', '[Ruleset "tournament"]', 1)
    cut = text[:start] + text[start:].replace("16. N: DA, E: DK, S: S10, W: C7\n", "", 1)
    whole = _replay(text)[1].hands[3]
    h = _replay(cut)[1].hands[3]
    assert (h.attackers_total, h.bottom_multiplier, h.bottom_bonus) == (whole.attackers_total, 2, 20)
    assert h.forced_last == 16 and whole.complete
    assert h.outcome == whole.outcome and h.levels_after == whole.levels_after


# --- guards: a record stopping two tricks early, under tournament, as before -------------------------------

def test_guard_two_tricks_early_under_tournament_no_outcome_and_the_penalty_not_reached():
    m, r = _replay(_record("tournament", revoke=True, upto="15. W: H2"))
    h = r.hands[0]
    assert h.outcome is None and record_stops_inside(m.hands[0], h)
    assert [f for f, _ in _outcome_facts(h)] == ["penalties_due"]


def test_guard_void_under_stopped_hand_void_as_inside_the_last_trick():
    _, r = _replay(_record("tournament", revoke=True, extra='[Rule:stopped_hand "void"]\n'))
    # void: the levels it was played at, N–S at 4 above E–W at 2
    assert r.stopped_at == 0 and r.levels_final == (4, 2) and r.winner == 0


# --- a '?' among a play's cards -------------------------------------------------------------------------

def _diag_words(text: str) -> list[str]:
    _, diags = parse_tgn(text)
    return [d.message for d in diags if d.code == "unknown_card"]


def test_a_question_mark_among_a_plays_cards_says_how_a_play_not_known_is_written():
    for mark in ("?", "？"):
        (msg,) = _diag_words(HAND1.replace("11. W: C9 C9, N: H2 CA,", f"11. W: C9 C9, N: H2 {mark},", 1))
        assert "a play not known is written '?' alone" in msg and "'N: ?'" in msg
        assert "出牌未知时整手只写一个 '?'" in msg


def test_other_unknown_cards_keep_their_words():
    (msg,) = _diag_words(HAND1.replace("11. W: C9 C9, N: H2 CA,", "11. W: C9 C9, N: H2 S?,", 1))
    assert "play not known" not in msg
    (msg,) = _diag_words(HAND1.replace("N: H2 D2 CA", "N: H2 ? CA", 1))        # a deal line: no play there
    assert "play not known" not in msg
