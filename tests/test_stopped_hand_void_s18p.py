"""An event's rule for the hand in progress when time is called: the ruleset option ``stopped_hand`` (docs/rules.md
§8.5).  With ``decide_by_levels`` (seed 001 rule 十一), a match whose record stops inside its last hand, no result
from that hand's ``[Claim]``, is decided only where the hand void and played out to each result the cards left allow
give the same winner (``open``, the default of every preset: the seeds do not say which the event's rule is).  An
event whose rule is that such a hand does not count states it — ``[Rule:stopped_hand "void"]`` in a record or
``--rule stopped_hand=void`` — and the match then goes by the levels that hand was played at, the dealer's side
holding the deal; a result derived from the cards left does not count either, a ``[Claim]`` giving the result does.
The match says so (its ``derived`` ``winner``), in ``tractor check`` and in the standings from records and from a
dataset alike.

The records are simulated matches (``simulate_match``) with a hand cut, as tests/test_stopped_last_hand_s18n.py's."""
from __future__ import annotations

import dataclasses
import json

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.scoring import STOPPED_NOT_KNOWN, decide_match, match_facts
from tractor_analysis.records import format_tgn
from tractor_analysis.records.rulesets import OPTION_DOCS, PRESETS, StoppedHand, build_ruleset
from tractor_analysis.simulate import simulate_match

from event_helpers import run_cli
from test_stopped_last_hand_s18n import TESTER, _cut

VOID = ("stopped_hand", "void")


def _void(match):
    """``match`` with ``[Rule:stopped_hand "void"]`` added to its own options."""
    return dataclasses.replace(match, rules=tuple(match.rules) + (VOID,))


def _tournament_cut(seed: int = 2):
    """``simulate_match(seed)`` under the tournament preset, its last hand written up to trick 10, no claim."""
    m = simulate_match(seed, preset="tournament")
    h = m.hands[-1]
    return dataclasses.replace(m, hands=m.hands[:-1] + (dataclasses.replace(h, tricks=h.tricks[:10], claim=None),))


def test_the_option_is_declared_described_and_parsed_like_the_others():
    assert all(rules.stopped_hand is StoppedHand.OPEN for rules in PRESETS.values())
    assert PRESETS["standard"].options()["stopped_hand"] == "open"
    assert "void" in OPTION_DOCS["stopped_hand"] and "open" in OPTION_DOCS["stopped_hand"]
    rules, problems = build_ruleset("tournament", [VOID])
    assert rules.stopped_hand is StoppedHand.VOID and rules.name == "tournament+" and not problems
    doc = json.loads(run_cli("rules", "standard", "--rule", "stopped_hand=void", "--json").stdout)
    assert doc["stopped_hand"] == "void"
    assert "stopped_hand" in run_cli("rules").stdout


def test_the_testers_case_under_void_goes_to_the_levels_the_hand_was_played_at_and_says_so():
    for tricks in (TESTER[2], TESTER[2] + 1):       # and one trick later, a result derived from the cards left
        m = _cut(TESTER[0], TESTER[1], tricks)
        r = replay_match(_void(m))
        assert r.hands[-1].scored_by_bounds == (tricks == TESTER[2] + 1)
        f = match_facts(r)
        assert f.stopped == 5 and f.stopped_void and len(f.stop_readings) == 1
        assert (r.winner, r.decided_by) == (0, "levels") and decide_match(r) == (0, "higher level")
        # the hand void: the match ends at the levels it was played at (not those a derived result leaves)
        assert r.levels_final == (3, 2) and r.player_levels_final == (3, 2, 3, 2)
        assert not [u for u in r.unknowns if u.tag == "Claim"]
        (d,) = r.derived
        assert d.fact == "winner" and d.value == "NS"
        assert 'hand 5 stopped, not counted ([Rule:stopped_hand "void"])' in d.message_en
        assert "N–S : E–W 3 : 2" in d.message_en and "第 5 局被中止，不计" in d.message_zh
        derived = tricks == TESTER[2] + 1
        assert ("the result the cards left give it does not count either" in d.message_en) == derived
        assert ("由余下的牌推出的该局结果也不计" in d.message_zh) == derived
        # the default (open): unchanged — void and every finish disagree, not decided
        r = replay_match(m)
        assert decide_match(r) == (None, STOPPED_NOT_KNOWN) and (r.winner, r.decided_by) == (None, None)
        assert not match_facts(r).stopped_void and not r.derived


def test_the_tournament_preset_with_void_decides_a_stopped_last_hand():
    m = _tournament_cut()
    assert m.ruleset == "tournament"
    r = replay_match(m)         # tournament penalties: the results the cards left allow are not computed
    assert decide_match(r) == (None, STOPPED_NOT_KNOWN) and r.winner is None
    r = replay_match(_void(m))
    last = r.hands[-1]
    assert r.stopped_at == len(r.hands) - 1 and r.levels_final == last.levels_before == (7, 10)
    assert (r.winner, r.decided_by) == (1, "levels")
    (d,) = r.derived
    assert d.value == "EW" and "not counted" in d.message_en and "不计" in d.message_zh


def test_a_claim_giving_the_stopped_hands_result_still_counts_under_void():
    r = replay_match(_void(_cut(*TESTER, claim=True)))
    assert r.hands[-1].scored_by_claim and r.stopped_at is None and not match_facts(r).stopped_void
    assert r.levels_final[0] == 3 and r.levels_final[1] > 3
    assert (r.winner, r.decided_by) == (1, "levels") and not r.derived and not r.unknowns


def test_a_pass_derived_from_the_cards_left_in_the_stopped_hand_is_one_reading_never_outright():
    # void: the hand counts nothing; open: a pass the cards left give is the played-out reading and the hand void is
    # another — the pass does not decide the match by itself (docs/rules.md §8.5)
    from tractor_analysis.engine.scoring import STOPPED_NOT_KNOWN, StopReading, decide

    for rules in ((), (VOID,)):
        m = _cut(TESTER[0], TESTER[1], TESTER[2] + 1)
        r = replay_match(dataclasses.replace(m, rules=tuple(m.rules) + rules))
        last = r.hands[-1]
        assert last.scored_by_bounds and last.outcome is not None
        # (the same hand read as a derived result that passes the winning level)
        passing = dataclasses.replace(last, outcome=dataclasses.replace(last.outcome, match_over=True, team=1))
        facts = match_facts(dataclasses.replace(r, hands=r.hands[:-1] + (passing,)))
        assert facts.passed is None and facts.stopped is not None
    # the readings: N–S ahead with the hand void, E–W passing in the finish — not decided; both E–W — E–W
    open_ = dataclasses.replace(facts, stopped_void=False, finishes_known=True, stop_readings=(
        StopReading((5, 3), 0), StopReading((5, 3), 1, passed=1)))
    assert decide(open_) == (None, STOPPED_NOT_KNOWN)
    agree = dataclasses.replace(open_, stop_readings=(StopReading((3, 5), 1), StopReading((3, 5), 1, passed=1)))
    assert decide(agree)[0] == 1


def _write(folder, name: str, match) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(format_tgn(match), encoding="utf-8")


def test_a_bad_value_names_file_line_and_column_and_the_option_stays_open(tmp_path):
    m = dataclasses.replace(_cut(*TESTER), rules=(("decide_by_levels", "on"), ("stopped_hand", "sometimes")))
    _write(tmp_path, "bad.tgn", m)
    path = tmp_path / "bad.tgn"
    line = next(i for i, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if text.startswith("[Rule:stopped_hand"))
    doc = json.loads(run_cli("check", str(path), "--json", code=2).stdout)
    (err,) = [e for e in doc["files"][0]["errors"] if e["code"] == "bad_rule_value"]
    assert (err["line"], err["column"]) == (line, len('[Rule:stopped_hand "') + 1)
    assert "option stopped_hand takes one of open, void, not 'sometimes'" in err["message"]
    assert "规则选项 stopped_hand 应为 open、void 之一" in err["message"]
    (match,) = doc["files"][0]["matches"]
    assert match["winner"] is None          # the bad value is skipped: not void, so not decided
    text = run_cli("check", str(path), code=2).stdout
    assert f"{path}:{line}:{err['column']}: option stopped_hand takes" in text
    out = run_cli("check", str(path), "--rule", "stopped_hand=maybe", code=2)
    assert "stopped_hand" in out.output and "'maybe'" in out.output


def test_check_and_the_standings_from_records_and_from_a_dataset_agree_under_void(tmp_path):
    rec = tmp_path / "rec"
    _write(rec, "void.tgn", _void(_cut(*TESTER)))
    _write(rec, "void_bounded.tgn", dataclasses.replace(_void(_cut(TESTER[0], TESTER[1], TESTER[2] + 1)),
                                                        event="Bounded", round="7"))
    for name in ("void.tgn", "void_bounded.tgn"):
        (m,) = json.loads(run_cli("check", str(rec / name), "--json").stdout)["files"][0]["matches"]
        assert (m["winner"], m["decided_by"], m["levels_final"]) == ("NS", "levels", {"NS": "3", "EW": "2"}), name
        assert [d["fact"] for d in m["derived"]] == ["winner"] and "unknown" not in m, name
        assert "not counted" in run_cli("check", str(rec / name)).stdout
    # --rule on the command line: the same decision for the record that does not say it
    plain = tmp_path / "plain"
    _write(plain, "plain.tgn", _cut(*TESTER))
    (m,) = json.loads(run_cli("check", str(plain / "plain.tgn"), "--json", "--rule",
                              "stopped_hand=void").stdout)["files"][0]["matches"]
    assert (m["winner"], m["decided_by"]) == ("NS", "levels")
    run_cli("ingest", str(rec), "-o", str(tmp_path / "ds"), "-q")
    from tractor_analysis.dataset import load, stats
    from tractor_analysis.dataset.stats_reference import match_results as reference_results
    ds = load(str(tmp_path / "ds"))
    assert all('"stopped_hand": "void"' in r for r in ds.hands.rules)
    for results in (stats.match_results(ds), reference_results(ds)):
        rows = results.to_dict("records")
        assert len(rows) == 2
        assert all((r["winner"], r["decided_by"], r["level_ns"], r["level_ew"]) == ("NS", "higher level", 3, 2)
                   for r in rows)
    for source in (str(rec), str(tmp_path / "ds")):
        out = run_cli("standings", source, "--format", "json")
        assert sum(row["won"] for row in json.loads(out.stdout)) == 2, source


def test_the_option_at_its_default_leaves_a_records_digest_as_it_was_and_void_changes_it():
    # a record ingested again after the option was added keeps its content digest (still the same match); a record
    # judged under "void" is judged otherwise, so its digest differs
    import dataclasses
    import json

    from tractor_analysis.dataset import match_identity as ident
    from tractor_analysis.engine.replay import replay_match
    from tractor_analysis.records.rulesets import StoppedHand
    from tractor_analysis.simulate import simulate_match

    match = simulate_match(3, 0, preset="standard")
    result = replay_match(match)
    rules = result.hands[0].rules
    options = {k: v for k, v in rules.options().items() if k != "stopped_hand"}
    assert ident.digest_rules(rules) == json.dumps(options, sort_keys=True, ensure_ascii=False)
    void = dataclasses.replace(rules, stopped_hand=StoppedHand.VOID)
    assert "stopped_hand" in ident.digest_rules(void) and ident.digest_rules(void) == ident.rules_json(void)
    assert '"stopped_hand": "open"' in ident.rules_json(rules)        # the rules column keeps every option
