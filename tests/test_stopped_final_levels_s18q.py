"""The final levels of a match whose record stops inside its last hand, no result from its ``[Claim]`` (docs/rules.md
§8.5): whether that hand was stopped there (void: the levels it was played at) or played out (to each result the
cards left allow — a result derived from them is one such reading) the record does not say, so under ``stopped_hand
= open`` (every preset's default), and wherever ``decide_by_levels`` is off, a side's final level is known only where
every reading gives it the same; else it is ``null`` in ``levels_final`` with the lowest and highest the readings
give (``levels_final_span``), and the standings rank on that range (docs/standings.md).  Before, the levels the
hand was played at were the final levels as a plain fact, and the standings ranked on them — the void reading's
levels, and the §8.5 note said "at the levels when the record ends".  Under ``stopped_hand = void`` those levels
are the final ones (the rule says the hand does not count); a ``[Claim]`` giving the hand its result counts.

The records are simulated matches cut in a hand (tests/test_stopped_last_hand_s18n.py's ``_cut``)."""
from __future__ import annotations

import dataclasses
import json

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.scoring import STOPPED_NOT_KNOWN, decide_match
from tractor_analysis.records import format_tgn

from event_helpers import run_cli
from test_stopped_last_hand_s18n import AGREE, TESTER, _cut


def _readings(r):
    """Each reading's levels N–S, E–W of ``r``'s stopped last hand: void, then each finish."""
    last = r.hands[-1]
    return [tuple(last.levels_before)] + [(after[0], after[1]) for _, after in last.finishes]


def _expected(r):
    """Per side: its level where every reading gives the same, else ``None`` and the readings' lowest and highest."""
    levels, spans = [], []
    for side in (0, 1):
        values = {lv[side] for lv in _readings(r)}
        levels.append(values.pop() if len(values) == 1 else None)
        spans.append(None if levels[-1] is not None else (min(v[side] for v in _readings(r)),
                                                           max(v[side] for v in _readings(r))))
    return tuple(levels), tuple(spans)


def _with(match, *rules, **fields):
    return dataclasses.replace(match, rules=tuple(match.rules) + rules, **fields)


def test_a_decided_match_stopped_inside_its_last_hand_has_final_levels_not_known_but_bounded():
    r = replay_match(_cut(*AGREE))      # hand 2 stops after trick 10, played at 3 : 2; every reading gives N–S
    assert (r.winner, r.decided_by) == (0, "levels") and r.stopped_at == 1
    assert _readings(r) == [(3, 2), (5, 2), (4, 2), (3, 2)]
    # N–S: 3 void, 3..5 played out — not known, bounded; E–W: 2 under every reading — known
    assert r.levels_final == (None, 2) and r.levels_final_span == ((3, 5), None)
    assert (r.levels_final, r.levels_final_span) == _expected(r)
    assert r.player_levels_final == (None, 2, None, 2)
    assert [d.fact for d in r.derived] == ["winner"]        # the winner, still every reading's (2b81ab6)


def test_an_undecided_match_stopped_inside_its_last_hand_has_final_levels_not_known_too():
    for tricks in (TESTER[2], TESTER[2] + 1):      # and one trick later, a result derived from the cards left
        r = replay_match(_cut(TESTER[0], TESTER[1], tricks))
        assert r.hands[-1].scored_by_bounds == (tricks == TESTER[2] + 1)
        assert (r.winner, r.decided_by) == (None, None) and decide_match(r) == (None, STOPPED_NOT_KNOWN)
        # void 3 : 2; played out E–W reach 4 (the derived result: 3 : 4 alone) or 5 — E–W's not known, bounded
        assert r.levels_final == (3, None) and (r.levels_final, r.levels_final_span) == _expected(r)
        assert r.levels_final_span == (None, (2, 5 if tricks == TESTER[2] else 4))


def test_the_void_rule_and_a_claim_state_the_final_levels():
    m = _cut(*AGREE)
    r = replay_match(_with(m, ("stopped_hand", "void")))        # the hand does not count: the levels it was played at
    assert r.levels_final == (3, 2) and r.levels_final_span == (None, None) and r.winner == 0
    r = replay_match(_cut(*TESTER, claim=True))                 # the table's total settles the hand
    assert r.stopped_at is None and r.levels_final == (3, 4) and r.levels_final_span == (None, None)


def test_without_decide_by_levels_the_final_levels_are_not_known_either():
    m = _cut(*AGREE)
    off = dataclasses.replace(m, rules=tuple(o for o in m.rules if o[0] != "decide_by_levels"))
    for match in (off, _with(off, ("stopped_hand", "void"))):   # (void is read only with decide_by_levels)
        r = replay_match(match)
        assert (r.winner, r.decided_by) == (None, None) and decide_match(r) == (None, "cut short")
        assert r.levels_final == (None, 2) and r.levels_final_span == ((3, 5), None)


def test_a_stopped_last_hand_written_twice_bounds_nothing():
    # hand 2 written again, its copy cut after trick 10 too but at [Level "4"]: each copy has readings of its own,
    # which the match's final levels do not follow — not known, not bounded (not one copy's readings)
    m = _cut(*AGREE)
    last = m.hands[-1]
    for level in (last.level, 4):
        r = replay_match(dataclasses.replace(m, hands=m.hands + (dataclasses.replace(last, level=level),)))
        assert r.stopped_at == 2 and r.winner is None
        assert r.levels_final == (None, None) and r.levels_final_span == (None, None)


def _write(folder, name: str, match) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(format_tgn(match), encoding="utf-8")


def _event(tmp_path, void: bool = False):
    """Two matches of one round: Gamma (N–S) win the AGREE cut on levels 3..5 : 2 (void: 3 : 2); Iota (E–W) win the
    claimed TESTER cut 3 : 4 — equal on match points, the level difference 1..3 against 1 (void: 1 against 1)."""
    rec = tmp_path / "rec"
    extra = (("stopped_hand", "void"),) if void else ()
    _write(rec, "agree.tgn", _with(_cut(*AGREE), *extra, event="Cup", round="1", table="1", teams=("Gamma", "Delta")))
    _write(rec, "claimed.tgn", _with(_cut(*TESTER, claim=True), *extra, event="Cup", round="1", table="2",
                                     teams=("Theta", "Iota")))
    _write(tmp_path / "undecided", "tester.tgn", _with(_cut(*TESTER), event="Cup", round="1", table="3"))
    return rec


def test_check_the_dataset_and_the_standings_say_so(tmp_path):
    rec = _event(tmp_path)
    (m,) = json.loads(run_cli("check", str(rec / "agree.tgn"), "--json").stdout)["files"][0]["matches"]
    assert (m["winner"], m["decided_by"], m["levels_final"]) == ("NS", "levels", {"NS": None, "EW": "2"})
    (m,) = json.loads(run_cli("check", str(tmp_path / "undecided" / "tester.tgn"), "--json").stdout)["files"][0][
        "matches"]
    assert (m["winner"], m["levels_final"]) == (None, {"NS": "3", "EW": None})
    run_cli("ingest", str(rec), str(tmp_path / "undecided"), "-o", str(tmp_path / "ds"), "-q")
    from tractor_analysis.dataset import load
    rows = {r["table"]: r
            for r in load(str(tmp_path / "ds")).matches.to_dict(orient="records")}
    agree, tester = rows["1"], rows["3"]
    assert agree["level_ns_final"] != agree["level_ns_final"] or agree["level_ns_final"] is None
    assert (agree["level_ns_final_low"], agree["level_ns_final_high"], agree["level_ew_final"]) == (3, 5, 2)
    assert (tester["level_ew_final_low"], tester["level_ew_final_high"], tester["level_ns_final"]) == (2, 5, 3)
    for source in (str(rec), str(tmp_path / "ds")):
        out = run_cli("standings", source, "--format", "json")
        by_team = {row["team"]: row for row in json.loads(out.stdout)}
        gamma, iota = by_team["Gamma"], by_team["Iota"]
        assert (gamma["level_diff"], gamma["level_diff_span"]) == (None, [1, 3]), source
        assert iota["level_diff"] == 1 and gamma["rank"] == iota["rank"] == 1, source     # shared: not decided
        assert gamma["undecided"]["tiebreak"] == "level_diff", source
        assert (by_team["Delta"]["level_diff_span"], by_team["Delta"]["rank"]) == ([-3, -1], 3), source
        (note,) = [line for line in out.stderr.splitlines() if "§8.5" in line and "agree.tgn" in line]
        assert "whether hand 2 counts or is played out" in note and "3..5 : 2 under those readings" in note, source
        assert "第 2 局按中止计还是按打完计" in note and "各读法下南北 : 东西 3..5 : 2" in note, source
        assert "the levels when the record ends" not in note and "记录结束时的级数" not in note, source


def test_under_the_void_rule_the_standings_rank_on_the_levels_the_hand_was_played_at(tmp_path):
    rec = _event(tmp_path, void=True)
    (m,) = json.loads(run_cli("check", str(rec / "agree.tgn"), "--json").stdout)["files"][0]["matches"]
    assert (m["winner"], m["levels_final"]) == ("NS", {"NS": "3", "EW": "2"})
    run_cli("ingest", str(rec), "-o", str(tmp_path / "ds"), "-q")
    for source in (str(rec), str(tmp_path / "ds")):
        out = run_cli("standings", source, "--format", "json")
        by_team = {row["team"]: row for row in json.loads(out.stdout)}
        assert by_team["Gamma"]["level_diff"] == 1 and by_team["Gamma"]["level_diff_span"] is None, source
        (note,) = [line for line in out.stderr.splitlines() if "§8.5" in line and "agree.tgn" in line]
        assert "(3 : 2, N–S : E–W: the levels hand 2 was played at)" in note, source
        assert "whether hand 2 counts" not in note, source


def test_under_the_void_rule_a_result_derived_from_the_cards_left_is_not_named_as_the_final_levels(tmp_path):
    # TESTER one trick later: the cards left give hand 5 a result (E–W to 4), which under void does not count —
    # the final levels are those hand 5 was played at, 3 : 2, and the note says so (before: "the levels after hand
    # 5, whose result is derived from the cards left"), from the records and from a dataset alike
    rec = tmp_path / "rec"
    _write(rec, "bounded.tgn", _with(_cut(TESTER[0], TESTER[1], TESTER[2] + 1), ("stopped_hand", "void")))
    run_cli("ingest", str(rec), "-o", str(tmp_path / "ds"), "-q")
    for source in (str(rec), str(tmp_path / "ds")):
        out = run_cli("standings", source)
        (note,) = [line for line in out.stderr.splitlines() if "§8.5" in line]
        assert "(3 : 2, N–S : E–W: the levels hand 5 was played at)" in note, source
        assert "derived from the cards left" not in note and "由余下的牌推出" not in note, source
        assert "no result of the hand counts" in note and "该局没有计入的结果" in note, source
