"""What every reading of the forfeit count gives (docs/rules.md §10.1, §10.2) — the winner too (a referee's
probe, task A2).  Each test fails on the code before.

Tournament rules: three wrong follows, or three take-backs, by a side in a match forfeit it.  A hand whose plays
were not judged (``[Trump "?"]``) may hide wrong follows, and a take-back given as ``?`` falls on one side, not
known which: a *reading* fixes each, and the match ends at the end of the first hand where under it some side
reaches the count.

1. The count used to be decided only where the fewest and the most agreed at a hand's end, and withheld from
   the first hand where they did not — even when every reading later gives the same side forfeiting (only the
   hand, or the reason, differing).  Now each reading is followed to its end: who forfeited is decided where
   every reading agrees, only the hand (``match_end``) and the reason (``forfeit_reason``) withheld.
2. The winner by the levels (``decide_by_levels``) was withheld whenever a final level was not known, even when
   under every reading of the ``?`` the same side is higher: now derived (the match's ``derived`` ``winner``).
3. The match's words said "with some readings a side reaches the count, with others not" when every reading
   forfeits a side — which side being what differs.
4. After a hand whose ``?`` left a side's level not known, the next hand's ``[Level]`` was taken as told (no
   check, nothing said): now a ``[Level]`` that no reading gives is a ``level_mismatch``, and a level not stated
   names the ``?`` as why it is not known.
"""
from __future__ import annotations

import json

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.dataset.rows import _after_match_end
from tractor_analysis.engine import forfeit_readings, replay as replay_mod
from tractor_analysis.engine.scoring import decide_match
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.reports.match_page import match_view
from test_takebacks_s7 import REVOKES_EW_2, _hand, _head

# hand 1: E–W's two wrong follows; hand 2: trump not known (E–W may hide up to 2 more, N–S 1); hand 3: E–W's
# three take-backs.  Under every reading E–W forfeit — in hand 2 (a wrong follow there) or in hand 3 (none).
UNJUDGED_THEN_TAKEBACKS = (_head() + REVOKES_EW_2 + _hand(2, "S", trump="?", extra='[Level "5"]\n')
                           + _hand(3, "N", "E W E", extra='[Level "8"]\n'))


def _replay(text: str):
    (match,), _ = parse_tgn(text)
    return match, replay_mod.replay_match(match)


def _check(tmp_path, text: str, *extra: str):
    path = tmp_path / "m.tgn"
    path.write_text(text, encoding="utf-8")
    return CliRunner().invoke(main, ["check", str(path), *extra])


def test_a_forfeit_every_reading_gives_is_decided_the_hand_and_the_reason_withheld():
    _, r = _replay(UNJUDGED_THEN_TAKEBACKS)
    assert r.forfeit_known and r.forfeited == (1,) and r.forfeit == 1
    assert (r.winner, r.decided_by) == (0, "forfeit") and decide_match(r) == (0, "forfeit")
    assert r.forfeit_reasons == (None, None) and r.forfeit_reason_open == (False, True)     # wrong follows or take-backs
    assert r.end_open == (1, 2) and r.levels_final == (None, None)        # the match ended in hand 2 or 3
    (u,) = r.unknowns
    assert u.tag == "Trump" and u.withheld == ("match_end", "forfeit_reason")
    assert "E–W forfeited the match at the end of hand 2 or 3 (not known which)" in u.message_en
    assert "第2或3局结束时" in u.message_zh and "不知是哪一局" in u.message_zh
    (fact,) = [d for d in r.hands[2].derived if d.fact == "forfeit"]
    assert fact.value == "EW" and "hand 2 or 3" in fact.message_en and "第2或3局" in fact.message_zh
    # the hands up to hand 2 were not recorded after the match ended; hand 3 may have been
    assert _after_match_end(r) == [False, False, None]


def test_the_hands_after_the_last_hand_it_may_have_ended_in_count_for_nothing():
    match, r = _replay(UNJUDGED_THEN_TAKEBACKS + _hand(4, "S", extra='[Level "5"]\n'))
    assert r.after_end == (4,) and _after_match_end(r) == [False, False, None, True]
    (p,) = [p for p in r.problems if p.code == "after_match_end"]
    assert "hand 4 is recorded after the match ended (E–W forfeited at the end of hand 2 or 3" in p.message_en
    assert "东西方在第2或3局结束时" in p.message_zh
    assert r.forfeit == 1 and r.winner == 0


def test_the_same_hand_under_every_reading_leaves_only_the_reason_open():
    """E–W reach three take-backs in hand 2, whose trump is not known: they forfeit there under every reading,
    by take-backs — or by both counts, if a follow of hand 2 was a third wrong follow."""
    _, r = _replay(_head() + _hand(1, "N", "E W") + REVOKES_EW_2.replace('[Hand "1"]', '[Hand "2"]').replace(
        '[Dealer "N"]\n[Trump "H"]', '[Dealer "S"]\n[Trump "?"]\n[Level "5"]\n[Takebacks "E"]'))
    assert r.hands[1].takeback_levels == (0, 1) and r.hands[1].follows_unjudged is not None
    assert r.forfeit == 1 and r.winner == 0 and r.end_open is None
    assert r.forfeit_reasons == (None, None) and r.forfeit_reason_open == (False, True)
    (u,) = r.unknowns
    assert u.withheld == ("forfeit_reason",) and "take-backs or wrong follows and take-backs" in u.message_en


def test_check_json_text_and_match_page_say_the_same(tmp_path):
    f = json.loads(_check(tmp_path, UNJUDGED_THEN_TAKEBACKS, "--json").output)["files"][0]
    (m,) = f["matches"]
    assert (m["winner"], m["forfeit"], m["decided_by"]) == ("NS", "EW", "forfeit")
    assert m["forfeit_reason"] == {"EW": None} and m["levels_final"] == {"NS": None, "EW": None}
    assert [u["withheld"] for u in m["unknown"]] == [["match_end", "forfeit_reason"]]
    text = _check(tmp_path, UNJUDGED_THEN_TAKEBACKS).output
    assert "EW forfeit the match (EW wrong follows or take-backs, which not known" in text
    assert "EW 方累计 3 次跟牌错误或悔牌（不知是哪一种），判负" in text and "not decided" not in text
    match, r = _replay(UNJUDGED_THEN_TAKEBACKS)
    view = match_view(match, r, key="m")
    assert view.result_text.startswith("N–S won the match: the other side forfeited")
    assert "wrong follows or take-backs, which not known" in view.forfeit_note
    assert any("hand 2 or 3" in n for n in view.readings_notes)


def test_readings_that_forfeit_a_side_each_say_which_side_differs(tmp_path):
    """Five take-backs given as ``?``: whoever took them, one side reaches three — never both, never neither."""
    _, r = _replay(_head() + _hand(1, "N", "? ? ? ? ?"))
    assert not r.forfeit_known and r.winner is None
    (u,) = r.unknowns
    assert "under some readings N–S forfeit at the end of hand 1, under others E–W forfeit" in u.message_en
    assert "under every reading a side forfeits, but which one is not known" in u.message_en
    assert "每种读法都有一方判负，但不知是哪一方" in u.message_zh
    assert "with others not" not in u.message_en and "both sides" not in u.message_en
    assert "who, if anyone, forfeited" in _check(tmp_path, _head() + _hand(1, "N", "? ? ? ? ?")).output


def test_a_bound_past_which_the_readings_are_withheld(monkeypatch):
    """Past :data:`READINGS_BOUND` the readings are not followed: withheld from that hand on (sound)."""
    monkeypatch.setattr(forfeit_readings, "READINGS_BOUND", 2)       # hand 2 has 2 x 3 ways
    _, r = _replay(UNJUDGED_THEN_TAKEBACKS)
    assert not r.forfeit_known and r.winner is None and r.forfeit_open_at == 1
    (u,) = r.unknowns
    assert u.tag == "Trump" and u.withheld == ("forfeit",)


def test_the_winner_by_the_levels_under_every_reading_is_derived(tmp_path):
    """Hand 1 and hand 2 each give a take-back as ``?``: N–S end at 7 or 8, E–W at 2 under every reading — the
    higher level is N–S's whichever (before: "not decided: the record leaves the final levels unknown")."""
    text = _head() + _hand(1, "N", "?") + _hand(2, "S", "?", extra='[Level "5"]\n')
    _, r = _replay(text)
    assert r.levels_final == (None, 2) and r.levels_final_span == ((7, 8), None)
    assert (r.winner, r.decided_by) == (0, "levels") and decide_match(r) == (0, "higher level")
    (d,) = r.derived
    assert d.fact == "winner" and d.value == "NS" and "N–S 7–8, E–W 2" in d.message_en and "南北方 7–8" in d.message_zh
    m = json.loads(_check(tmp_path, text, "--json").output)["files"][0]["matches"][0]
    assert m["winner"] == "NS" and [x["fact"] for x in m["derived"]] == ["winner"]
    assert m["levels_final"] == {"NS": None, "EW": "2"}
    assert "derived 推出  match 比赛  N–S won the match" in _check(tmp_path, text).output


def test_levels_whose_readings_give_different_winners_stay_undecided():
    """Both sides at 5, the attackers take the deal without a level: the ``?`` leaves N–S 4 and E–W 5, or N–S 5
    and E–W 4 — the higher level differs: not decided, no guess."""
    text = (_head("NS:5 EW:5") + '\n[Hand "1"]\n[Dealer "N"]\n[Trump "H"]\n[Level "5"]\n[Takebacks "?"]\n'
            '[SetUp "1"]\n[Points "80"]\nN: S7\nE: SA\nS: S8\nW: S9\nBuried: C3 C3 C4 C4 C6 C6 C7 C7\n'
            '1. N: S7, E: SA, S: S8, W: S9\n')
    _, r = _replay(text)
    assert r.levels_final_span == ((4, 5), (4, 5))
    assert r.winner is None and decide_match(r) == (None, "levels not known") and not r.derived


def test_a_level_no_reading_gives_is_a_mismatch():
    """N–S carry 4 or 5 into hand 2 (hand 1's ``?``), whose ``[Level]`` says 3."""
    _, r = _replay(_head() + _hand(1, "N", "?") + _hand(2, "S", extra='[Level "3"]\n'))
    h2 = r.hands[1]
    (v,) = [v for v in h2.violations if v.code == "level_mismatch"]
    assert "4–5" in v.message_en and "4–5" in v.message_zh and '"?"' in v.message_en
    assert h2.levels_after == (None, 2)         # not the 6 the [Level] it contradicts would give
    assert h2.levels_before == (None, 2) and h2.levels_after_span[0] == (7, 8)     # 4–5 up 3
    assert (r.winner, r.decided_by) == (0, "levels") and r.derived[0].fact == "winner"
    ok = _replay(_head() + _hand(1, "N", "?") + _hand(2, "S", extra='[Level "4"]\n'))[1]
    assert not ok.hands[1].violations and ok.hands[1].levels_after == (7, 2)


def test_a_level_not_stated_after_a_question_mark_names_it():
    _, r = _replay(_head() + _hand(1, "N", "?") + _hand(2, "S"))
    (u,) = [u for u in r.hands[1].unknowns if u.tag == "Level"]
    assert "take-backs whose seat is not known" in u.message_en and "4–5" in u.message_en
    assert "座位未知的悔牌" in u.message_zh and "verdicts" in u.withheld


def test_the_readings_followed_are_every_reading_spelled_out():
    """:class:`forfeit_readings.Readings` against every reading enumerated one by one (hidden wrong follows per side, each
    ``?`` to one side), for random small matches: the same results, ended in the same hands."""
    import itertools
    import random

    from tractor_analysis.records.rulesets import PRESETS

    rules = PRESETS["tournament"]
    rng = random.Random(7)
    for _ in range(150):
        hands = [(tuple(rng.randint(0, 1) for _ in range(4)), (rng.choice((0, 0, 1, 2)), rng.choice((0, 0, 1, 2))),
                  rng.choice((0, 0, 1, 2))) for _ in range(rng.randint(1, 4))]
        readings = forfeit_readings.Readings()
        for i, (known, hidden, q) in enumerate(hands):
            opened = ([forfeit_readings.Open(i + 1, "unjudged", hidden, (0, 0))] if any(hidden) else []) + (
                [forfeit_readings.Open(i + 1, "Takebacks", (0, 0), (q, q))] if q else [])
            readings.step(i, known, opened, rules, False)
            if not readings.alive:
                break
        got = {(v, i) for v, at in readings.outcomes().items() for i in (at or [None])}
        every = set()
        ways = [[(k[0] + a, k[1] + b, k[2] + j, k[3] + q - j) for a in range(h[0] + 1) for b in range(h[1] + 1)
                 for j in range(q + 1)] for k, h, q in hands]
        for reading in itertools.product(*ways):
            count, end = (0, 0, 0, 0), ("none", None)
            for i, w in enumerate(reading):
                count = tuple(x + y for x, y in zip(count, w))
                reasons = (forfeit_readings.forfeit_reason(rules, count[0], count[2]),
                           forfeit_readings.forfeit_reason(rules, count[1], count[3]))
                if reasons != (None, None):
                    end = (forfeit_readings.forfeit_value(reasons), i)
                    break
            every.add(end)
        assert got == every, hands
