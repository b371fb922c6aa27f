"""Hands recorded after the match was decided (docs/rules.md §8.4, ``after_match_end``).

A side that passes the winning rank wins the match, and the match ends there; a side that
forfeits loses it there.  A record that goes on (players who kept playing, two matches written as
one) used to count those hands: they moved the final levels the standings read, and nothing
said the record went past the end.  Now they are judged (their plays), count for nothing, and the
match carries one ``after_match_end`` problem naming them.  Each test fails on the code before.
"""
from __future__ import annotations

import json
import re

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.tgn_reader import parse_tgn

HEAD = """[Event "Cup"]
[North "r1"]
[East "b1"]
[South "r2"]
[West "b2"]
[Ruleset "tournament"]
[Levels "NS:2 EW:10"]
"""


def sheet(number: int, dealer: str, level: str, claim: int, extra: str = "") -> str:
    """A score sheet's hand (``[ResultOnly]``): its recorded total decides it."""
    return (f'\n[Hand "{number}"]\n[Dealer "{dealer}"]\n[Level "{level}"]\n[Trump "S"]\n[ResultOnly "yes"]\n'
            f'{extra}[Claim "{claim}"]\n')


def replay(text: str):
    (match,), diags = parse_tgn(text)
    assert not [d for d in diags if d.code != "missing_deal"], diags
    return replay_match(match)


PASSED = HEAD + sheet(1, "E", "10", 30)           # E–W defend at 10 and hold the attackers to 30: they pass 10
AFTER = PASSED + sheet(2, "W", "J", 130) + sheet(3, "N", "2", 0)


def test_a_match_won_ends_there_and_later_hands_count_for_nothing():
    won = replay(PASSED)
    assert (won.winner, won.decided_by) == (1, "passed") and won.problems == ()
    r = replay(AFTER)
    assert (r.winner, r.decided_by) == (1, "passed")
    assert r.levels_final == won.levels_final              # before: hands 2 and 3 moved them
    (p,) = r.problems
    assert p.code == "after_match_end" and p.trick is None
    assert "hands 2–3 are recorded after the match ended (E–W won the match in hand 1)" in p.message_en
    assert "第 2–3 局记录在比赛结束之后" in p.message_zh
    assert len(r.hands) == 3                                # still judged, each on its own


FORFEIT = HEAD.replace("EW:10", "EW:5") + sheet(1, "E", "5", 30, '[Takebacks "E E W"]\n') + sheet(2, "W", "6", 0)


def test_a_forfeit_ends_the_match_and_a_later_hand_is_flagged():
    r = replay(FORFEIT)
    assert (r.winner, r.decided_by) == (0, "forfeit")
    (p,) = r.problems
    assert p.code == "after_match_end" and "E–W forfeited after hand 1" in p.message_en
    assert r.levels_final == r.hands[0].levels_after


def test_check_text_and_json_say_it(tmp_path):
    path = tmp_path / "m.tgn"
    path.write_text(AFTER, encoding="utf-8")
    out = CliRunner().invoke(main, ["check", str(path)], catch_exceptions=False).output
    assert "after the match ended" in re.sub(r"\x1b\[[0-9;]*m", "", out)
    doc = json.loads(CliRunner().invoke(main, ["check", str(path), "--json"], catch_exceptions=False).output)
    assert "after_match_end" in json.dumps(doc)
