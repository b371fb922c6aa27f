"""A side that passes the winning rank by a hand's result and loses a level to a penalty at the same hand's end
(a referee's tester): `check`, `--json` and the ruling said "N–S won the match: passed 10" beside "levels NS 10→9".
The project counts the penalty before the pass, as it counts the forfeit count (docs/rules.md §8.4, §10.1): the
side has not passed, the hand does not end the match, and a derived fact says why."""
from __future__ import annotations

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.tgn_reader import parse_tgn

HEAD = """[Ruleset "tournament"]
[Levels "NS:10 EW:5"]

[Hand "7"]
[Dealer "N"]
[Level "10"]
[Trump "H"]
[ResultOnly "yes"]
[Claim "50"]
"""


def _replay(text: str):
    (match,), diags = parse_tgn(text)
    assert not [d for d in diags if d.code != "missing_tag"], diags
    return replay_match(match)


def test_a_take_back_in_the_hand_that_passes_undoes_the_pass():
    r = _replay(HEAD.replace('[Claim "50"]', '[Takebacks "N"]\n[Claim "50"]'))
    (h,) = r.hands
    assert h.levels_after[0] == 9 and not h.outcome.match_over
    (fact,) = [d for d in h.derived if d.fact == "match_over"]
    assert fact.value == "false" and "10 is not passed" in fact.message_en and "不算打过 10" in fact.message_zh
    assert r.decided_by != "passed"
    assert r.levels_final[0] == 9


def test_without_the_penalty_the_pass_stands():
    r = _replay(HEAD)
    (h,) = r.hands
    assert h.outcome.match_over and not any(d.fact == "match_over" for d in h.derived)
    assert (r.winner, r.decided_by) == (0, "passed")


def test_a_penalty_on_the_other_side_leaves_the_pass():
    r = _replay(HEAD.replace('[Claim "50"]', '[Takebacks "E"]\n[Claim "50"]'))
    (h,) = r.hands
    assert h.outcome.match_over and (r.winner, r.decided_by) == (0, "passed")
