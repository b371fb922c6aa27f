"""Referee's audit: 多少牌 (``miscount = level``) — a side holding or playing too many or too few
cards, and how the hand and the match are scored.

Every record here is constructed by hand (tests/record_builders.py): a deal with the cards the
declarations need, the buries chosen by the test, the bury chain computed there (not by the
engine), and the hand played out in single cards (a single lead is followed in its suit group when
possible, which is always legal).  Expectations come from the seeds:

* seed 001 rule 八: "若台上多少自动下台，且台下升一级；若台下多少台上升一级，且台上继续打；若双方均
  出现多少情况双方不升降级，且下把双方抢庄";
* seed 001 rule 十一: "比赛结束时升级高者获胜，同级时台上一方获胜".
"""
from __future__ import annotations

import json

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.records.rulesets import build_ruleset

from record_builders import (
    N, E, S, W, _deal, _minus, _plain, _play_out, _replay, _codes, _chain, _plain_hand, _text,
)


# --- 多少牌 --------------------------------------------------------------------------------


def test_the_dealer_burying_nine_cards_ends_short_and_the_dealers_side_steps_down():
    """N buries 9: N holds 24, misses the last trick; 台上多少 → attackers +1 and take the deal."""
    rules, deal, bottom, bury, start = _plain_hand()
    extra = _plain(start[N], 2)[0]
    nine = sorted(bury + [extra])
    start[N] = _minus(start[N], [extra])
    tricks = _play_out(rules, 2, 1, start, N, max_tricks=25)
    assert sum(len(c) for t in tricks for s, c in t if s == N) == 24
    _, _, result = _replay(_text(deal, bottom, nine, tricks))
    h = result.hands[0]
    assert "bad_bury" in _codes(h)
    o = h.outcome
    assert (o.reason, o.miscount, o.winner, o.levels, o.next_dealer) == ("miscount", (N,), "attackers", 1, E)
    assert h.levels_after == (2, 3)


def test_a_seven_card_bury_line_the_plays_do_not_bear_out_is_not_a_miscount():
    """A Buried: line of 7 while N plays a whole hand (25 cards): the 26th card N would hold is only in
    the line, never in a play, so no verdict rests on it (docs/rules.md §1.5, §14.1): the line is a
    ``bad_bury``, the bury is what N's plays leave of deal + bottom (8 cards, said as derived), and
    N's count is not wrong (before: 多少牌 on the line's word alone)."""
    rules, deal, bottom, bury, start = _plain_hand()
    kept = bury[0]
    seven = bury[1:]
    start[N] = sorted(start[N] + [kept])
    tricks = _play_out(rules, 2, 1, start, N, max_tricks=25)
    assert len(tricks) == 25
    _, _, result = _replay(_text(deal, bottom, seven, tricks))
    h = result.hands[0]
    assert "bad_bury" in _codes(h)
    o = h.outcome
    assert o is not None and o.reason != "miscount" and o.miscount == ()
    assert any(d.fact == "buried" and len(d.value.split()) == 8 for d in h.derived)


def _last_follower(tricks, side):
    """A seat of ``side`` (0 N–S, 1 E–W) that follows (does not lead) the last trick."""
    return next(s for s, _ in tricks[-1][1:] if s % 2 == side)


def test_an_attacker_who_played_two_cards_to_a_single_lead_miscounted():
    rules, deal, bottom, bury, start = _plain_hand()
    tricks = [list(t) for t in _play_out(rules, 2, 1, start, N)]
    seat = _last_follower(tricks, 1)
    last = next(c for s, c in tricks[-1] if s == seat)
    k = next(i for i, t in enumerate(tricks[:-1]) if t[0][0] != seat)      # a trick seat follows
    tricks[k] = [(s, c + last if s == seat else c) for s, c in tricks[k]]
    tricks[-1] = [(s, c) for s, c in tricks[-1] if s != seat]
    _, _, result = _replay(_text(deal, bottom, bury, tricks))
    h = result.hands[0]
    assert "wrong_count" in _codes(h)
    o = h.outcome
    assert (o.reason, o.miscount, o.winner, o.next_dealer) == ("miscount", (seat,), "defenders", S)


def test_a_record_cut_inside_the_last_trick_is_not_a_miscount():
    rules, deal, bottom, bury, start = _plain_hand()
    tricks = [list(t) for t in _play_out(rules, 2, 1, start, N)]
    seat = tricks[-1][-1][0]                         # the last to play in the last trick
    tricks[-1] = tricks[-1][:-1]
    _, _, result = _replay(_text(deal, bottom, bury, tricks))
    o = result.hands[0].outcome
    assert o is None or o.reason != "miscount", (seat, o)


def test_a_misdeal_on_both_sides_changes_nothing_and_the_deal_is_bid_for(tmp_path):
    """N dealt 24 and E 26: both sides miscount (seed 001 rule 八: 双方不升降级，且下把双方抢庄)."""
    rules, deal, bottom, bury, start = _plain_hand(level="5", seed=7)
    moved = deal[N][-1]
    deal[E].append(moved)
    deal[N] = deal[N][:-1]
    buries, start = _chain(deal, bottom, 5, N, [], keep=0)
    tricks = _play_out(rules, 5, 1, start, N, max_tricks=25)
    text = _text(deal, bottom, buries[0], tricks, level="5", levels="NS:5 EW:3")
    _, _, result = _replay(text)
    o = result.hands[0].outcome
    assert (o.reason, o.winner, o.levels, o.next_dealer, o.team) == ("miscount", "neither", 0, None, None)
    assert set(o.miscount) == {N, E}
    assert result.hands[0].levels_after == (5, 3)
    path = tmp_path / "both.tgn"
    path.write_text(text, encoding="utf-8")
    doc = json.loads(CliRunner().invoke(main, ["check", str(path), "--json"]).output)
    out = doc["files"][0]["hands"][0]["outcome"]
    assert (out["winner"], out["next_dealer"], out["reason"], sorted(out["miscount"])) == \
        ("neither", None, "miscount", ["E", "N"])


def test_a_match_ending_on_a_double_miscount_still_goes_to_the_higher_level():
    rules, deal, bottom, bury, start = _plain_hand(level="5", seed=7)
    deal[E].append(deal[N][-1])
    deal[N] = deal[N][:-1]
    buries, start = _chain(deal, bottom, 5, N, [], keep=0)
    tricks = _play_out(rules, 5, 1, start, N, max_tricks=25)
    _, _, result = _replay(_text(deal, bottom, buries[0], tricks, level="5", levels="NS:5 EW:3"))
    assert result.hands[0].outcome.winner == "neither"
    assert (result.winner, result.decided_by) == (0, "levels")


def test_one_deck_misdeal_on_the_attackers_side_gives_the_defenders_a_level():
    """1 deck, miscount on: E dealt 13 and W 11 (both attackers) → defenders +1, keep the deal."""
    rs_rules = (("miscount", "level"),)
    rules = build_ruleset("one-deck", rs_rules)[0]
    for seed in range(40):      # a deal where W, out of cards, does not have to lead trick 12
        deal, bottom = _deal(1, {"N": "H2"}, seed=seed)
        deal[E].append(deal[W].pop())
        buries, start = _chain(deal, bottom, 2, N, [], keep=0)
        tricks = _play_out(rules, 2, 1, start, N, max_tricks=12)
        if len(tricks) == 12:
            break
    assert len(tricks) == 12 and len(tricks[-1]) == 3
    _, _, result = _replay(_text(deal, bottom, buries[0], tricks, ruleset="one-deck", rules=rs_rules))
    o = result.hands[0].outcome
    assert (o.reason, set(o.miscount), o.winner, o.levels, o.next_dealer) == \
        ("miscount", {E, W}, "defenders", 1, S)
    assert result.hands[0].levels_after == (3, 2)


def test_without_the_option_a_misdeal_is_scored_by_the_points():
    rules = build_ruleset("one-deck", ())[0]
    deal, bottom = _deal(1, {"N": "H2"}, seed=9)
    deal[E].append(deal[W].pop())
    buries, start = _chain(deal, bottom, 2, N, [], keep=0)
    tricks = _play_out(rules, 2, 1, start, N, max_tricks=12)
    _, _, result = _replay(_text(deal, bottom, buries[0], tricks, ruleset="one-deck"))
    o = result.hands[0].outcome
    assert o is None or o.reason == "points"
