"""A match's end when its last hand stops: the same readings under ``open`` and ``void``, ranges not dropped
(docs/rules.md §8.5, §10.2; a regression tester's records, s19-b3).

1. A tournament record (``decide_by_levels``) ending inside its last hand's last trick, the plays left out forced,
   no ``[Claim]``: under ``open`` it was read as played out alone ("E–W won: equal levels, holding the deal") while
   ``void`` gave N–S. Both readings exist under ``open``: they disagree, so no team wins, E–W's level is 2..3, and the
   match's unknown names the readings. A ``[Claim]`` equal to the forced total settles the hand: it counts under both.
2. Plays left out whose ways differ in E–W's level after (a wrong follow) left the final levels "not known": the ways'
   range is kept (``levels_final_span``) and the match decided where every level in it gives one winner (``every
   reading``, the derived winner saying so); the ``levels_after`` fact's ``from`` speaks of the levels, not the total.
3. A one-hand match the record stops inside between tricks printed no match line (``no finished hand``): under
   ``void`` it goes by the levels it was played at, under ``open`` its unknown says why it is not decided.
4. Under ``open`` the void reading of a stopped hand into which a level is carried as a range (``?`` take-backs)
   read that level as not known: it is read as the range, as under ``void``.
"""
from __future__ import annotations

import json
import re

from tractor_analysis.engine.kept_result import GAP_WAYS, levels_source
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.scoring import EVERY_READING, MatchFacts, decide
from tractor_analysis.records.tgn_reader import parse_tgn

from event_helpers import invoke_cli, run_cli
from test_referee_gaps_s19e import BASE

TOURNAMENT = BASE.replace('[Levels "NS:2 EW:2"]', '[Levels "NS:3 EW:2"]')
assert '[Rule:decide_by_levels "on"]' in TOURNAMENT and '[Levels "NS:3 EW:2"]' in TOURNAMENT
CLAIM = TOURNAMENT[TOURNAMENT.index("[Claim"):]
NO_CLAIM = TOURNAMENT.replace("16. W: CQ, N: SJ, E: HJ, S: HQ\n", "16. W: CQ, N: SJ\n").replace(CLAIM, "")
"""The tester's s1_noclaim: trick 16 cut after N's play, E's and S's last cards forced (W deals, E–W defend)."""
WITH_CLAIM = NO_CLAIM + '[Claim "50"]\n'
"""s1_claim: the claim the forced total gives."""
STOP15 = NO_CLAIM.replace("16. W: CQ, N: SJ\n", "")
"""s2_stop15: the only hand stops between tricks 15 and 16."""
TWO_MISSING = BASE.replace("5. S: DA DQ, W: D6 D6, N:", "5. S: DA DQ, N:").replace(
    "7. E: H5 H5, S: H9 H9, W: HK D8, N:", "7. E: H5 H5, S: H9 H9, N:")
"""v02_two_missing: W's plays left out of tricks 5 and 7 (E–W's level after 2 or 3, N–S's 2; E deals next)."""
VOID = '[Rule:stopped_hand "void"]\n'


def _void(text: str) -> str:
    return text.replace('[Rule:decide_by_levels "on"]\n', '[Rule:decide_by_levels "on"]\n' + VOID)


def _match(text: str):
    (m,), errors = parse_tgn(text)
    assert not errors
    return replay_match(m)


def _check(tmp_path, text: str, name: str = "m.tgn") -> tuple[dict, str]:
    """``tractor check --json`` (the match) and ``tractor check`` (its text) of ``text``; whatever the exit status
    (a hand not fully judged exits non-zero), no crash."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    js, plain = invoke_cli("check", "--json", str(path)), invoke_cli("check", str(path))
    for r in (js, plain):
        assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
        assert "Traceback" not in r.output
    return json.loads(js.output)["files"][0]["matches"][0], re.sub(r"\x1b\[[0-9;]*m", "", plain.output)


def _match_lines(text: str) -> list[str]:
    return [x for x in text.splitlines() if "match 比赛" in x]


# --- 1. a record ending inside its last trick, under open ----------------------------------------------------------

def test_a_forced_last_trick_is_read_void_and_played_out_under_open(tmp_path):
    r = _match(NO_CLAIM)
    assert r.stopped_at == 0                                # before: None, the hand read as played out alone
    assert (r.winner, r.decided_by) == (None, None)          # before: E–W, "deal"
    assert r.levels_final == (3, None) and r.levels_final_span == (None, (2, 3))
    (u,) = [u for u in r.unknowns if u.tag == "Claim"]
    assert "winner" in u.withheld and "void (N–S : E–W 3 : 2): N–S win" in u.message_en
    assert "3 : 3, E–W holding the deal: E–W win" in u.message_en and "按中止计" in u.message_zh
    js, text = _check(tmp_path, NO_CLAIM)
    assert (js["winner"], js["decided_by"], js["levels_final_span"]) == (None, None, {"NS": None, "EW": ["2", "3"]})
    assert any("not decided" in x for x in _match_lines(text))
    assert not any("EW won the match" in x or "NS won the match" in x for x in _match_lines(text))


def test_void_still_decides_it_by_the_levels_played_at():
    r = _match(_void(NO_CLAIM))
    assert (r.winner, r.decided_by, r.levels_final) == (0, "levels", (3, 2))


def test_a_claim_the_forced_total_gives_settles_the_hand_under_either_setting():
    for text in (WITH_CLAIM, _void(WITH_CLAIM)):
        r = _match(text)
        assert r.stopped_at is None                           # before, under void: stopped, N–S by the levels
        assert (r.winner, r.decided_by, r.levels_final) == (1, "deal", (3, 3))


def test_without_decide_by_levels_the_hands_end_is_reached():
    r = _match(NO_CLAIM.replace('[Rule:decide_by_levels "on"]\n', '[Rule:decide_by_levels "off"]\n'))
    assert r.stopped_at is None and r.levels_final == (3, 3)


# --- 2. plays left out: a level range, decided where every level in it gives one winner ----------------------------

def test_plays_left_out_keep_the_range_and_decide_the_match(tmp_path):
    r = _match(TWO_MISSING)
    assert r.levels_final == (2, None) and r.levels_final_span == (None, (2, 3))     # before: no span
    assert (r.winner, r.decided_by) == (1, EVERY_READING)                            # before: not decided
    (d,) = [d for d in r.derived if d.fact == "winner"]
    assert d.value == "EW" and "hand 1" in d.source
    assert "2 : 2..3" in d.message_en and "higher level" in d.message_en and "holding the deal" in d.message_en
    assert "东西方获胜" in d.message_zh
    js, text = _check(tmp_path, TWO_MISSING)
    assert (js["winner"], js["decided_by"]) == ("EW", "every reading")
    assert js["levels_final_span"] == {"NS": None, "EW": ["2", "3"]}
    (final,) = [x for x in _match_lines(text) if "final levels 终局级别" in x]
    assert "2 : 2..3" in final and "plays it leaves out" in final and "take-backs" not in final


def test_the_levels_after_fact_says_it_is_of_the_levels():
    h = _match(TWO_MISSING).hands[0]
    (fact,) = [d for d in h.derived if d.fact == "levels_after"]
    assert fact.source == levels_source(GAP_WAYS) != GAP_WAYS
    assert "attackers' total" not in fact.source and "level after the hand" in fact.source


def test_ranges_decide_by_every_reading_only_where_one_team_wins_everywhere():
    f = MatchFacts(finished=True, decide_by_levels=True, levels=(2, None), holder=1, level_spans=(None, (2, 3)))
    assert decide(f) == (1, EVERY_READING)                 # before: (None, "levels not known")
    assert decide(MatchFacts(finished=True, decide_by_levels=True, levels=(2, None), holder=0,
                             level_spans=(None, (2, 3)))) == (None, "levels not known")


# --- 3. a one-hand match stopped between tricks: never silence -----------------------------------------------------

def test_a_one_hand_match_stopped_between_tricks_is_decided_under_void(tmp_path):
    r = _match(_void(STOP15))
    assert (r.winner, r.decided_by, r.levels_final) == (0, "levels", (3, 2))       # before: None, None
    js, text = _check(tmp_path, _void(STOP15))
    assert (js["winner"], js["decided_by"]) == ("NS", "levels")
    assert any("NS won the match" in x for x in _match_lines(text))


def test_a_one_hand_match_stopped_between_tricks_says_why_under_open(tmp_path):
    r = _match(STOP15)
    assert (r.winner, r.decided_by) == (None, None)
    assert [u.tag for u in r.unknowns if "winner" in u.withheld] == ["Claim"]      # before: no unknown at all
    js, text = _check(tmp_path, STOP15)
    assert [u["tag"] for u in js["unknown"]] == ["Claim"]
    assert any("not decided" in x for x in _match_lines(text))                      # before: no match line


def test_standings_agree_from_records_and_a_dataset(tmp_path):
    rec = tmp_path / "rec"
    rec.mkdir()
    (rec / "a.tgn").write_text(NO_CLAIM, encoding="utf-8")
    (rec / "b.tgn").write_text(_void(STOP15).replace('[Round "2"]', '[Round "3"]'), encoding="utf-8")
    (rec / "c.tgn").write_text(TWO_MISSING.replace('[Round "2"]', '[Round "4"]'), encoding="utf-8")
    run_cli("ingest", str(rec), "-o", str(tmp_path / "ds"), "-q")
    outs = [run_cli("standings", src).output for src in (str(rec), str(tmp_path / "ds"))]
    for out in outs:
        assert "a.tgn" in out and "counted for nobody" in out           # a: not decided, said why
        (b,) = [x for x in out.splitlines() if "b.tgn [Round" in x]
        assert '"张伟 / 王芳" won the match' in b                        # b: decided (before: silent, left out)
        # b: N–S (張伟 / 王芳) by the levels hand 1 was played at; c: E–W (刘洋 / 李娜) under every reading
        table = {cells[1]: cells for cells in (re.split(r"\s{2,}", line) for line in out.splitlines()
                                               if line[:1].isdigit())}
        assert [table["张伟 / 王芳"][3:6], table["刘洋 / 李娜"][3:6]] == [["2", "1", "1"], ["2", "1", "1"]], out
    assert outs[0].splitlines()[-2:] == outs[1].splitlines()[-2:]


# --- 4. under open, the void reading reads a level carried in as a range -------------------------------------------

def test_the_void_reading_reads_a_carried_range_under_open():
    from tractor_analysis.engine.scoring import StopReading, stopped_decisions
    void = StopReading((None, 2), 0, level_spans=((3, 4), None))
    f = MatchFacts(finished=True, decide_by_levels=True, stopped=2, stop_readings=(void,), finishes_known=True)
    assert stopped_decisions(f) == ((0, "higher level"),)          # before: (None, "levels not known")
