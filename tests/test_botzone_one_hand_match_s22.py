"""A Botzone match is one hand (docs/rules.md §8.1 ``botzone``), in the simulator and in the engine.

An analyst's tester: ``tractor simulate --rules botzone`` wrote 40-hand matches with ``[Rule:decide_by_levels "on"]``;
levels never move under the botzone score table, so every match was decided "holding the deal" at 2–2, no hand was
``after_match_end``, and the winner differed from hand 1's scoring side in half of them.  The simulator now plays one
hand a match under a score table that moves no level (no cap, so no ``decide_by_levels``); the engine ends such a
match with its hand 1 — later hands are ``after_match_end`` (§8.4) — and decides it by hand 1's match points only,
never by the levels or the deal."""
from __future__ import annotations

import dataclasses
import gzip
import json
from pathlib import Path

from tractor_analysis.engine.explain_hand import match_decision_text
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.scoring import CUT_SHORT, MATCH_POINTS, NO_RESULT, ONE_HAND_NOT_KNOWN, decide_match
from tractor_analysis.records.botzone_reader import parse_botzone
from tractor_analysis.records.json_writer import format_json
from tractor_analysis.simulate import simulate_match

from event_helpers import invoke_cli

SAMPLE = Path(__file__).parent / "data" / "botzone" / "sample.ndjson.gz"


def _botzone_hands(count: int, seed: int = 7):
    """The one hand of ``count`` simulated Botzone matches, numbered 1 … ``count`` as if one record held them."""
    return [dataclasses.replace(simulate_match(seed, i, preset="botzone").hands[0], number=i + 1)
            for i in range(count)]


def _record(hands, rules=()):
    return dataclasses.replace(simulate_match(7, 0, preset="botzone"), hands=tuple(hands), rules=tuple(rules))


def test_simulate_plays_one_hand_a_match_under_botzone_and_no_cap_rule():
    for i in range(6):
        m = simulate_match(7, i, preset="botzone", max_hands=40)
        assert len(m.hands) == 1
        assert "decide_by_levels" not in dict(m.rules)      # never cut short: no cap, no rule for one
        r = replay_match(m)
        assert r.decided_by == "match_points" and r.winner == r.hands[0].outcome.team
    # a score table that moves levels still carries the cap's rule
    assert dict(simulate_match(7, 0, preset="standard", max_hands=2).rules)["decide_by_levels"] in ("on", True)


def test_the_simulate_command_writes_one_hand_matches_under_botzone(tmp_path):
    out = tmp_path / "sim"
    r = invoke_cli("simulate", "-n", "4", "--seed", "7", "--rules", "botzone", "--format", "jsonl", "-o", str(out))
    assert r.exit_code == 0, r.output
    lines = [json.loads(line) for f in sorted(out.glob("*.jsonl")) for line in f.read_text().splitlines()]
    assert len(lines) == 4 and all(len(m["hands"]) == 1 for m in lines)
    assert all("decide_by_levels" not in (m.get("rules") or {}) for m in lines)


def test_a_botzone_record_of_several_hands_ends_with_hand_1():
    hands = _botzone_hands(4)
    for rules in ((), (("decide_by_levels", "on"),)):
        r = replay_match(_record(hands, rules))
        first = r.hands[0].outcome
        assert first is not None and first.reason == "match_points"
        assert (r.winner, r.decided_by) == (first.team, "match_points")
        assert decide_match(r) == (first.team, MATCH_POINTS)
        assert r.after_end == (2, 3, 4)
        (p,) = [v for v in r.problems if v.code == "after_match_end"]
        assert "hands 2–4" in p.message_en and "one hand" in p.message_en and "第 2–4 局" in p.message_zh
        # the later hands are still judged, each its own outcome
        assert all(h.outcome is not None for h in r.hands[1:])


def test_a_botzone_match_whose_hand_1_has_no_result_is_not_decided_by_a_later_hand_nor_the_deal():
    hands = _botzone_hands(2)
    blind = dataclasses.replace(hands[0], trump_known=False, declarations=(), claim=None)    # result not known
    for rules in ((), (("decide_by_levels", "on"),)):
        r = replay_match(_record([blind, hands[1]], rules))
        assert r.hands[0].outcome is None and r.hands[1].outcome is not None
        assert r.winner is None and r.decided_by is None
        assert decide_match(r) == (None, ONE_HAND_NOT_KNOWN)
        assert r.after_end == (2,)
    en, zh = match_decision_text(None, ONE_HAND_NOT_KNOWN)
    assert en.startswith("not decided") and "one hand" in en and zh.startswith("未分胜负") and "一局一场" in zh


def test_a_botzone_record_that_begins_later_takes_no_later_hand_for_the_one_hand():
    # hands 2 and 3: which one is the match's one hand the record does not say — no team, never the deal
    hands = [dataclasses.replace(h, number=h.number + 1) for h in _botzone_hands(2)]
    r = replay_match(_record(hands, (("decide_by_levels", "on"),)))
    assert r.winner is None and decide_match(r) == (None, ONE_HAND_NOT_KNOWN)


def test_the_check_command_names_the_hands_after_the_end(tmp_path):
    path = tmp_path / "bz.json"
    path.write_text(format_json(_record(_botzone_hands(3), (("decide_by_levels", "on"),))), "utf-8")
    r = invoke_cli("check", "--json", str(path))
    assert r.exit_code in (0, 1) and r.exception is None or isinstance(r.exception, SystemExit), r.output
    (f,) = json.loads(r.output)["files"]
    (m,) = f["matches"]
    assert m["decided_by"] == "match_points" and m["winner"] in ("NS", "EW")
    assert m["winner"] == [h for h in f["hands"] if h["hand"] == 1][0]["outcome"]["team"]
    assert "after_match_end" in json.dumps(f["problems"])



def test_the_samples_matches_the_judge_ended_in_play_are_not_called_cut_short():
    # the 30 sample matches are one hand each: the two whose hand the record ends inside (the judge ended the match
    # on an error) are not decided — for want of that hand's result, not as a level-based match cut short
    matches, _ = parse_botzone(gzip.open(SAMPLE, "rt", encoding="utf-8").read())
    hows = []
    for match in matches:
        r = replay_match(match)
        assert len(r.hands) == 1 and not r.after_end
        team, how = decide_match(r)
        assert how != CUT_SHORT and how in (MATCH_POINTS, ONE_HAND_NOT_KNOWN, NO_RESULT[0])
        hows.append(how)
    assert hows.count(ONE_HAND_NOT_KNOWN) == 2 and hows.count(MATCH_POINTS) == 28
