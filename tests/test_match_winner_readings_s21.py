"""A match's winner where the readings of a hand disagree on whether the match ended there (docs/rules.md §10.2,
§14.1: only what every reading gives is kept).

``[Levels "NS:4 EW:A"]`` over a first hand dealt by W at ``[Level "2"]``: the record contradicts itself, and the hand
is judged both ways.  At A, E–W defend and pass the winning level in hand 1 (the match ends there); at 2 they go up
to 3 and the match goes on.  Before, the merged hand's outcome was withheld with nothing saying that a reading ends
the match (its E–W level before is the one the readings differ on, so no pass was thought possible): the match went
on as if hand 1 ended nothing, and ``check`` printed a winner ("NS … equal levels, holding the deal") no reading
gives.  Now the teams that pass under some reading are kept on the hand (``passes_open``), the match's end is
followed through each reading, and the winner is withheld unless every reading gives the same one.

Also: a match whose only hands' results are all withheld printed no ``match`` line in ``check``; it says "not
decided" now, as other withheld winners are said."""
from __future__ import annotations

import json

import pytest

from event_helpers import bilingual, invoke_cli
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.scoring import MATCH_END_NOT_KNOWN, decide_match
from tractor_analysis.records import parse_tgn

pytestmark = pytest.mark.usefixtures("both_cores")     # compiled and TRACTOR_PURE_PYTHON=1 (conftest)

HEAD = ('[Event "Club"]\n[North "a"]\n[East "b"]\n[South "c"]\n[West "d"]\n[Ruleset "standard"]\n'
        '[Levels "NS:4 EW:A"]\n[Rule:decide_by_levels "on"]\n')


def sheet(last_claim: int) -> str:
    """Three score-sheet hands: hand 1 (W deals at 2, [Levels] puts E–W at A; 45 points: the defenders go up one —
    at A they pass it), hand 2 (E deals at 3, N–S take the deal with 110), hand 3 (S deals at 2, ``last_claim``)."""
    hands = [("W", "NT", "2", 45), ("E", "C", "3", 110), ("S", "D", "2", last_claim)]
    return HEAD + "".join(f'\n[Hand "{i}"]\n[Dealer "{d}"]\n[Trump "{t}"]\n[Level "{lv}"]\n[ResultOnly "yes"]\n'
                          f'[Claim "{c}"]\n' for i, (d, t, lv, c) in enumerate(hands, 1))


DIFFER = sheet(75)      # going on: N–S 2→3, E–W 3, N–S hold the deal — N–S; ending in hand 1: E–W
SAME = sheet(110)       # going on: E–W take the deal, N–S 2, E–W 3 — E–W; ending in hand 1: E–W


def _replay(text: str):
    (m,), problems = parse_tgn(text)
    assert not problems
    return replay_match(m)


def test_a_hand_whose_readings_differ_on_passing_the_winning_level_says_who_passes_under_some():
    r = _replay(DIFFER)
    h1 = r.hands[0]
    assert h1.outcome is None and "outcome" in h1.withheld
    assert h1.passes_open == (1,)           # E–W pass A under the reading at A, not under the one at 2
    assert r.hands[1].passes_open == () and r.hands[2].passes_open == ()


def test_readings_giving_different_winners_leave_the_winner_withheld():
    r = _replay(DIFFER)
    assert r.winner is None and r.decided_by is None
    assert decide_match(r) == (None, MATCH_END_NOT_KNOWN)
    ends = {(e.passed, e.hands) for e in r.reading_ends}
    assert ends == {(1, (1,)), (None, ())}  # E–W passing A in hand 1, or the match going on to the record's end
    (u,) = [u for u in r.unknowns if "match_end" in u.withheld]
    assert u.tag == "Level" and "hand 1" in u.message_en and "第1局" in u.message_zh
    assert "E–W may have passed the winning level (A)" in u.message_en


def test_readings_giving_one_winner_give_it_and_say_so():
    r = _replay(SAME)
    assert r.hands[0].passes_open == (1,)
    assert r.winner == 1
    (d,) = [d for d in r.derived if d.fact == "winner"]
    assert d.value == "EW" and "hand 1" in d.message_en and "第1局" in d.message_zh


def test_check_prints_the_match_not_decided_and_its_json_gives_no_winner(tmp_path):
    path = tmp_path / "u6.tgn"
    path.write_text(DIFFER, encoding="utf-8")
    out = invoke_cli("check", str(path)).output
    assert "Traceback" not in out
    (line,) = [x for x in out.splitlines() if x.startswith("  match 比赛  ")]
    en, zh = bilingual(line.split("  match 比赛  ", 1)[1])
    assert en.startswith("not decided") and zh.startswith("未分胜负")
    assert "won the match" not in out
    doc = json.loads(invoke_cli("check", "--json", str(path)).output)
    (match,) = doc["files"][0]["matches"]
    assert match["winner"] is None and match["decided_by"] is None
    assert any("match_end" in u["withheld"] for u in match["unknown"])


FRIEND_TAG = ('[Event "Club"]\n[North "a"]\n[East "b"]\n[South "c"]\n[West "d"]\n[Ruleset "standard"]\n'
              '[Rule:decide_by_levels "on"]\n\n[Hand "1"]\n[Dealer "W"]\n[Trump "NT"]\n[Level "2"]\n[Friend "HA"]\n'
              '[ResultOnly "yes"]\n[Claim "45"]\n')


def test_check_says_not_decided_where_every_hand_played_has_its_result_withheld(tmp_path):
    # a [Friend] tag under fixed partners: who defends is not known, the one hand's result is withheld
    path = tmp_path / "fr.tgn"
    path.write_text(FRIEND_TAG, encoding="utf-8")
    (m,), _ = parse_tgn(FRIEND_TAG)
    r = replay_match(m)
    assert r.hands[0].outcome is None and r.winner is None
    out = invoke_cli("check", str(path)).output
    assert "Traceback" not in out
    (line,) = [x for x in out.splitlines() if x.startswith("  match 比赛  ")]
    en, zh = bilingual(line.split("  match 比赛  ", 1)[1])
    assert en.startswith("not decided") and "hand 1" in en
    assert zh.startswith("未分胜负") and "第 1 局" in zh
