"""The match's forfeit and winner over every reading of what the record leaves open (docs/rules.md §10.1,
§10.2, §8.4, §8.5) — three gaps of the eighth stop.  Each test fails on the code before.

Tournament rules: three wrong follows, or three take-backs, by a side in a match forfeit it; the side that
passes 10 as the dealer's side wins the match; a match cut short goes to the higher level.

1. The readings disagree on who (or whether anyone) forfeited, but every one gives the same winner (E–W
   forfeit under some, N–S pass 10 — or are higher when the record ends — under the others): the match was
   "not decided".  Now ``winner`` is given, ``decided_by`` ``every reading`` with a ``derived`` ``winner``
   saying from what; ``forfeit`` stays withheld.
2. A hand whose result is not known (``[Trump "?"]``) in which a side at 10 deals: it may have passed 10
   there, so the match may have ended there.  Nothing considered it: a later forfeit was decided, a later
   pass won the match, the final levels were given.  Now every reading is followed — the match ended there
   by that pass, or went on —: what they agree on is decided (derived), the rest withheld (``match_end``).
3. A take-back in the hand the record stops inside counted towards the forfeit, though the final levels are
   the ones that hand began at (its penalty not taken).  Seed 001 rules 五 and 七: the level is lost, and the
   count kept, after the hand is played out (等打完当把后) — which the record does not reach: neither now.
"""
from __future__ import annotations

import itertools
import json

from click.testing import CliRunner
from hypothesis import given, settings, strategies as st

from tractor_analysis.cli.main import main
from tractor_analysis.dataset.rows import _after_match_end
from tractor_analysis.engine.scoring import STOPPED_NOT_KNOWN, decide_match
from test_takebacks_s7 import _hand, _head, _replay

PASS_OR_FORFEIT = _head("NS:7 EW:2") + _hand(1, "N", "E W") + _hand(2, "S", "?", extra='[Level "10"]\n')
"""E–W take two plays back in hand 1 (N–S go 7 → 10); in hand 2 N–S defend 10 and win — they pass it —, with a
take-back given as ``?``: E–W's (their third: they forfeit, the count read before the pass) or N–S's (N–S pass
10).  N–S win either way."""

FORFEIT_OR_LEVELS = _head() + _hand(1, "N", "E W") + _hand(2, "S", "?", extra='[Level "5"]\n')
"""As above at lower levels: E–W forfeit at the end of hand 2, or the record ends with N–S at 7 or 8, E–W at 2 —
N–S higher (``decide_by_levels``)."""

MAY_PASS = _head("NS:10 EW:5") + _hand(1, "N", trump="?")
"""N–S deal hand 1 at 10, its trump not known: its result is not known, and N–S pass 10 if they won it."""


def _check(tmp_path, text: str, *extra: str):
    path = tmp_path / "m.tgn"
    path.write_text(text, encoding="utf-8")
    return CliRunner().invoke(main, ["check", str(path), *extra])


def _match_json(tmp_path, text: str) -> dict:
    (m,) = json.loads(_check(tmp_path, text, "--json").output)["files"][0]["matches"]
    return m


# --- 1. the same winner under every reading, different forfeits --------------------------------------------

def test_a_forfeit_under_some_readings_and_a_pass_under_the_others_give_the_winner():
    r = _replay(PASS_OR_FORFEIT)
    assert not r.forfeit_known and r.forfeit is None and r.forfeit_reasons == (None, None)
    assert (r.winner, r.decided_by) == (0, "every reading") and decide_match(r) == (0, "every reading")
    assert r.levels_final == (None, None)
    (d,) = r.derived
    assert d.fact == "winner" and d.value == "NS"
    assert "E–W forfeit at the end of hand 2" in d.message_en and "N–S passed the winning level in hand 2" in d.message_en
    assert "第2局结束时东西方判负" in d.message_zh and "南北方在第2局打过获胜级别" in d.message_zh
    (u,) = r.unknowns
    assert u.tag == "Takebacks" and u.withheld == ("forfeit",)
    # the match's unknown names the pass, not "no side forfeits" alone
    assert "under others N–S passed the winning level in hand 2" in u.message_en


def test_a_forfeit_under_some_readings_and_the_higher_level_under_the_others_give_the_winner():
    r = _replay(FORFEIT_OR_LEVELS)
    assert (r.winner, r.decided_by) == (0, "every reading") and r.forfeit is None
    (d,) = r.derived
    assert "the match goes on to the record's end, where the higher level wins" in d.message_en
    assert "按级数高者胜" in d.message_zh


def test_check_text_and_json_say_the_same(tmp_path):
    m = _match_json(tmp_path, PASS_OR_FORFEIT)
    assert (m["winner"], m["decided_by"], m["forfeit"], m["forfeit_reason"]) == ("NS", "every reading", None, None)
    assert m["levels_final"] == {"NS": None, "EW": None}
    assert [d["fact"] for d in m["derived"]] == ["winner"] and [u["withheld"] for u in m["unknown"]] == [["forfeit"]]
    text = _check(tmp_path, PASS_OR_FORFEIT).output
    assert "derived 推出  match 比赛  N–S won the match: the readings of what the record leaves open" in text
    assert "NS won the match: the same under every reading" in text and "NS 方获胜：无论哪种读法胜方都一样" in text
    assert "not decided" not in text


def test_readings_that_give_different_winners_decide_nothing():
    """N–S took two plays back: the ``?`` of hand 2 is N–S's third (E–W win by the forfeit) or E–W's (N–S higher
    when the record ends): not decided, as before."""
    r = _replay(_head() + _hand(1, "N", "N S") + _hand(2, "S", "?", extra='[Level "5"]\n'))
    assert r.winner is None and r.decided_by is None and not r.derived
    assert decide_match(r) == (None, "forfeit not known")


# --- 2. a hand whose result is not known may have passed the winning level ---------------------------------

def test_a_later_forfeit_is_not_decided_when_the_match_may_have_ended_before(tmp_path):
    """Before: E–W's three take-backs in hand 2 decided the match (forfeit EW, decided_by forfeit); but N–S
    may have passed 10 in hand 1 — then hand 2 came after the match.  N–S won either way: derived."""
    text = MAY_PASS + _hand(2, "E", "W W W", extra='[Level "5"]\n')
    r = _replay(text)
    assert r.forfeit is None and not r.forfeit_known and r.levels_final == (None, None)
    assert (r.winner, r.decided_by) == (0, "every reading")
    (u,) = r.unknowns
    assert u.tag == "Trump" and u.withheld == ("forfeit",)
    assert "hand 1's result is not known (the trump is not known), and N–S may have passed the winning level (10)" \
        in u.message_en and "第1局结果未知（主牌未知），南北方可能在该局打过了获胜级别 10" in u.message_zh
    assert not [d for d in r.hands[1].derived if d.fact == "forfeit"]     # no "E–W forfeited at the end of this hand"
    assert _after_match_end(r) == [False, None]         # hand 2 may have been recorded after the match ended
    m = _match_json(tmp_path, text)
    assert (m["winner"], m["forfeit"], m["decided_by"]) == ("NS", None, "every reading")


def test_the_final_levels_are_withheld_when_the_match_may_have_ended_in_such_a_hand(tmp_path):
    """Before: ``levels_final`` E–W 8 (after hand 2), as if the match went on past hand 1 — but if N–S passed 10
    there, E–W ended at 5 or less.  Now withheld, with the match's unknown (``match_end``) saying why."""
    text = MAY_PASS + _hand(2, "E", extra='[Level "5"]\n')
    r = _replay(text)
    assert r.levels_final == (None, None) and r.forfeit_known and r.winner is None
    assert decide_match(r) == (None, "match end not known") and r.end_open == (0, 1)
    (u,) = r.unknowns
    assert u.withheld == ("match_end",) and "under others the match goes on to the record's end" in u.message_en
    assert _after_match_end(r) == [False, None]
    m = _match_json(tmp_path, text)
    assert m["levels_final"] == {"NS": None, "EW": None} and m["decided_by"] is None
    assert [u["withheld"] for u in m["unknown"]] == [["match_end"]]
    out = _check(tmp_path, text).output
    assert "[Trump]  what ends the match is not all known" in out
    assert "not decided: a side may have passed the winning level in a hand whose result is not known" in out


def test_a_later_pass_does_not_win_a_match_that_may_have_ended_before():
    """Any ruleset (``standard``: no forfeit): N–S may have passed A in hand 1; E–W pass A in hand 3 — before,
    E–W won the match (``passed``).  Now not decided: the readings give different winners."""
    text = (_head("NS:A EW:K", ruleset="standard") + _hand(1, "N", trump="?") + _hand(2, "E", extra='[Level "K"]\n')
            + _hand(3, "W", extra='[Level "A"]\n'))
    r = _replay(text)
    assert r.winner is None and decide_match(r) == (None, "match end not known")
    (u,) = r.unknowns
    assert "under some readings N–S passed the winning level in hand 1, under others E–W passed the winning level " \
        "in hand 3" in u.message_en and "forfeit it" not in u.message_en     # no forfeit count under standard


def test_a_side_that_cannot_pass_there_changes_nothing():
    """E–W deal hand 1 (not judged) at 5: no side can pass 10 there — the match as before (N–S at 9 attack)."""
    r = _replay(_head("NS:9 EW:5") + _hand(1, "E", trump="?") + _hand(2, "W", "E E E", extra='[Level "5"]\n'))
    assert (r.forfeit, r.winner, r.decided_by) == (1, 0, "forfeit") and not r.reading_ends


# --- 3. a take-back in the hand the record stops inside ----------------------------------------------------

def _cut(text: str) -> str:
    """``text`` whose last hand's one trick stops after two plays (a hand the record stops inside)."""
    head, _, tail = text.rpartition("\n1. ")
    return head + "\n1. " + ", ".join(tail.strip().split(", ")[:2]) + "\n"


def test_a_take_back_in_the_hand_the_record_stops_inside_is_neither_lost_nor_counted(tmp_path):
    """E–W took two plays back; a third in hand 3, which the record stops inside.  Before: E–W forfeit (the
    count took it) though their final level was the one hand 3 began at (the penalty not taken)."""
    text = (_head("NS:2 EW:6") + _hand(1, "N", "E W") + _hand(2, "S", extra='[Level "5"]\n')
            + _cut(_hand(3, "N", "E", extra='[Level "8"]\n')))
    r = _replay(text)
    assert r.hands[2].outcome is None and r.hands[2].takeback_levels == (0, 1)
    assert r.forfeit is None and r.forfeit_known and r.hands[2].levels_before == (8, 4)
    # (its final levels: hand 3 void, 8 : 4, or played out to results the tournament's penalties leave not known —
    # not known since s18q, docs/rules.md §8.5)
    assert r.levels_final == (None, None)
    # (not decided since the eighteenth stop: hand 3 void or played out, docs/rules.md §8.5)
    assert (r.winner, r.decided_by) == (None, None) and decide_match(r) == (None, STOPPED_NOT_KNOWN)
    (d,) = [d for d in r.hands[2].derived if d.fact == "penalties_due"]
    assert d.value == "wrong_follows:0 takebacks:1"
    assert "the record stops inside this hand" in d.message_en and "记录在本局中途结束" in d.message_zh
    m = _match_json(tmp_path, text)
    assert (m["forfeit"], m["winner"], m["levels_final"]) == (None, None, {"NS": None, "EW": None})


def test_a_take_back_whose_seat_is_not_known_in_that_hand_opens_nothing():
    text = _head() + _hand(1, "N", "E W") + _cut(_hand(2, "S", "?", extra='[Level "5"]\n'))
    r = _replay(text)
    # (no unknown of the forfeit; the winner is not decided since the eighteenth stop: hand 2 void or played out)
    assert r.forfeit_known and [u.tag for u in r.unknowns] == ["Claim"] and r.hands[1].levels_before == (5, 2)
    assert r.levels_final == (None, None)       # (hand 2 void or played out: not known since s18q, §8.5)


# --- property: what every reading gives, each reading gives -------------------------------------------------

_TAKEBACKS = st.sampled_from(["", "?", "? ?", "E", "E W", "N", "N ?", "E ?"])


@settings(max_examples=25, deadline=None)
@given(st.lists(_TAKEBACKS, min_size=1, max_size=3), st.sampled_from(["", "NS:7 EW:2", "NS:2 EW:9"]))
def test_a_winner_every_reading_gives_is_each_readings_winner(takebacks, levels):
    """Each ``?`` made a seat (N or E) is one reading, a record with nothing open: the winner the record with the
    ``?`` gives — by any ``decided_by`` — is every such record's winner (sound, never a guess)."""
    dealers = "NSNS"

    def record(words):
        return _head(levels) + "".join(_hand(i + 1, dealers[i], w) for i, w in enumerate(words))

    r = _replay(record(takebacks))
    if r.winner is None:
        return
    slots = sum(w.split().count("?") for w in takebacks)
    for seats in itertools.product("NE", repeat=slots):
        it = iter(seats)
        concrete = [" ".join(next(it) if t == "?" else t for t in w.split()) for w in takebacks]
        assert _replay(record(concrete)).winner == r.winner, (takebacks, seats)


def test_check_text_says_a_penalty_of_a_hand_the_record_stops_inside_is_not_applied():
    """The hand's text showed "revoke penalty NS −1" beside the derived "no level is lost" (the record stops
    inside the hand: the penalty is due at its end, §10.1): it now says the penalty is not reached."""
    from pathlib import Path

    from click.testing import CliRunner

    from tractor_analysis.cli.main import main

    path = Path(__file__).resolve().parent.parent / "sample_logs" / "disputed-trick.tgn"
    out = CliRunner().invoke(main, ["check", str(path), "--rules", "tournament"]).output
    (line,) = [x for x in out.splitlines() if "revoke penalty" in x]
    assert "not reached: no level lost" in line and "记录未到：不降级" in line
