"""A follow written like a failed throw (``N: H4 -> H5`` when N does not lead), docs/rules.md §4.4, §14.1.

A referee's probe (``z11.tgn``) wrote ``23. W: HA HK H3 -> H3, N: H4 -> H5, E: D3, S: H6``: the reader
took N's play as "H5, having tried H4" without a word; replay showed "throw failed 甩牌失败" for a follow,
and two tricks later N's real ``H5`` was a ``not_in_hand`` and the claim "not checked".  A throw is a lead:
a follow cannot be a failed throw, and which of the two N meant is not known — taking either would be a
guess.  Now the play is reported where it is written (``bad_value`` at the ``->``, saying what was written,
that only the lead can be a failed throw, and that the play is dropped, read as left out) and read as a
play left out (§14.1): here N's play is derived (H4, the one card it held then and does not play later).
The JSON reader reads ``"attempted"`` on a play after the first the same way, on its fast paths too, and
the compiled ``.tgn`` core and the pure-Python reader agree.  Each test fails on the code before the change.
"""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import json_decode, json_fast, json_hands, tgn_reader, tgn_tricks
from tractor_analysis.records.json_reader import parse_json
from tractor_analysis.records.json_writer import format_json
from tractor_analysis.records.tgn_reader import parse_tgn

HEAD = """[Event "Club night"]
[Ruleset "tournament"]
[Levels "NS:7 EW:5"]

[Hand "9"]
[Dealer "N"]
[Trump "S"]
[Level "7"]
[SetUp "1"]
[Points "40"]
[FirstTrick "23"]
N: H4 H5 D2
E: D3 D4 D5
S: H6 D6 D7
W: HA HK H3
"""
TAIL = """24. S: D7, W: HK, N: D2, E: D5
25. S: D6, W: HA, N: H5, E: D4
[Claim "20"]
"""
Z11 = HEAD + "23. W: HA HK H3 -> H3, N: H4 -> H5, E: D3, S: H6\n" + TAIL
"""The probe's record."""
LINE = 16
"""The line of trick 23."""


def _read_all_ways(text: str, monkeypatch):
    """``parse_tgn(text)`` with the compiled core, and with no compiled piece: the same; returned once."""
    fast = parse_tgn(text)
    with monkeypatch.context() as mp:
        mp.setattr(tgn_reader, "_PLAIN_LINES", None)
        mp.setattr(tgn_reader, "_IN_ORDER", None)
        mp.setattr(tgn_tricks, "_PLAIN_TRICK", None)
        mp.setattr(tgn_tricks, "_PLAIN", None)
        pure = parse_tgn(text)
    assert repr(fast) == repr(pure)
    return fast


def test_a_follow_written_as_a_failed_throw_is_reported_where_it_is_written(monkeypatch):
    (m,), diags = _read_all_ways(Z11, monkeypatch)
    (d,) = diags
    assert d.code == "bad_value" and (d.line, d.column) == (LINE, Z11.split("\n")[LINE - 1].index("-> H5") + 1)
    assert (d.hand, d.trick) == (9, 23)
    en, zh = d.message.split(" / ")
    assert "N's play in trick 23 is written as a failed throw ('H4 -> H5')" in en
    assert "only the lead can be a failed throw" in en and "the play is dropped and read as left out" in en
    assert "第 23 轮 N 的出牌写成了甩牌失败（'H4 -> H5'）" in zh and "只有首家的出牌才可能是甩牌失败" in zh
    assert "该出牌已舍弃，按缺失的出牌处理" in zh
    trick = m.hands[0].tricks[0]
    assert [p.seat for p in trick.plays] == [3, 1, 2]           # W (the failed throw, kept), E, S: N's is left out
    assert trick.plays[0].attempted is not None


def test_the_follow_is_read_as_a_play_left_out_never_one_of_its_cards_guessed():
    (m,), _ = parse_tgn(Z11)
    h = replay_match(m).hands[0]
    assert not h.violations                                     # before: not_in_hand ♥5 in trick 25
    (play,) = [d for d in h.derived if d.fact == "play"]
    assert play.value == "23: N H4"             # the one card N held then and does not play later
    assert h.attackers_total == 20 and h.claim_matches is True


def test_a_lead_written_as_a_failed_throw_is_read_as_before():
    (m,), diags = parse_tgn(Z11.replace("N: H4 -> H5", "N: H4"))
    assert diags == []
    assert m.hands[0].tricks[0].plays[0].attempted is not None


@pytest.mark.parametrize("before", ["X9", "Q: H4"])
def test_a_play_written_before_it_makes_it_a_follow_even_when_that_play_is_dropped(monkeypatch, before):
    """The lead is the first play written: a piece before the throw that cannot be read still is one."""
    text = HEAD + f"23. {before}, W: HA HK H3 -> H3, N: H4, E: D3, S: H6\n" + TAIL
    (m,), diags = _read_all_ways(text, monkeypatch)
    assert "only the lead can be a failed throw" in diags[-1].message
    assert [p.seat for p in m.hands[0].tricks[0].plays] == [0, 1, 2]


def _json_record() -> dict:
    (m,), _ = parse_tgn(Z11.replace("N: H4 -> H5", "N: H4"))
    obj = json.loads(format_json(m))
    play = obj["hands"][0]["tricks"][0][1]
    assert play["seat"] == "N"
    play["attempted"], play["cards"] = ["H4"], ["H5"]
    return obj


def _without_fast_paths(mp):
    mp.setattr(json_hands, "fast_tricks", lambda *a: None)
    mp.setattr(json_hands, "fast_dealt", lambda *a: None)
    mp.setattr(json_fast, "fast_hand", None)
    mp.setattr(json_decode, "_shallow", lambda text: False)


def test_json_attempted_on_a_follow_is_read_as_the_tgn_reads_it(monkeypatch):
    text = json.dumps(_json_record())
    (m,), diags = parse_json(text)
    with monkeypatch.context() as mp:
        _without_fast_paths(mp)
        assert parse_json(text) == ([m], diags)
    with monkeypatch.context() as mp:      # the pure-Python fast path of the tricks takes it: still reported
        mp.setattr(json_fast, "fast_hand", None)
        mp.setattr(json_hands, "fast_tricks", json_fast.fast_tricks_python)
        assert parse_json(text) == ([m], diags)
    (d,) = diags
    assert d.code == "bad_value" and (d.hand, d.trick) == (9, 23)
    assert "N's play in trick 23 is written as a failed throw" in d.message and "'H4 -> H5'" in d.message
    assert "only the lead can be a failed throw" in d.message and "只有首家的出牌才可能是甩牌失败" in d.message
    (t,), _ = parse_tgn(Z11)
    assert m.hands[0].tricks == t.hands[0].tricks
    assert replay_match(m).hands[0].derived == replay_match(t).hands[0].derived


CARDS = ["H4", "H5", "D2"]


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 3), st.lists(st.sampled_from(CARDS), min_size=1, max_size=2),
       st.lists(st.sampled_from(CARDS), min_size=1, max_size=2))
def test_any_follow_with_an_arrow_is_dropped_in_both_readers(place, attempted, forced):
    """Whichever follow of the trick is written with ``->`` (whatever its cards), it is left out and said so,
    once, in ``.tgn`` and JSON alike; the other plays are kept as written."""
    plays = ["W: HA HK H3 -> H3", "N: H4", "E: D3", "S: H6"]
    seat = plays[place].split(":")[0]
    plays[place] = f"{seat}: {' '.join(attempted)} -> {' '.join(forced)}"
    text = HEAD + "23. " + ", ".join(plays) + "\n" + TAIL
    (m,), diags = parse_tgn(text)
    said = [d for d in diags if "only the lead can be a failed throw" in d.message]
    assert len(said) == 1 and said[0].line == LINE and f"{seat}'s play in trick 23" in said[0].message
    kept = [p.split(":")[0] for i, p in enumerate(plays) if i != place]
    assert ["NESW"[p.seat] for p in m.hands[0].tricks[0].plays] == kept
    obj = _json_record()
    trick = obj["hands"][0]["tricks"][0]
    trick[1]["attempted"], trick[1]["cards"] = None, ["H4"]
    trick[place].update(attempted=attempted, cards=forced)
    (j,), jd = parse_json(json.dumps(obj))
    assert len([d for d in jd if "only the lead can be a failed throw" in d.message]) == 1
    assert j.hands[0].tricks[0].plays == tuple(p for p in m.hands[0].tricks[0].plays)


def test_the_compiled_whole_hand_reader_leaves_a_follow_written_as_a_throw_to_the_detailed_path():
    """``_json_core.fast_hand`` takes a plain hand whole; one with ``"attempted"`` on a follow it declines
    (``None``: the detailed path reports it), one with a failed throw on the lead it still takes."""
    if json_fast.fast_hand is None:
        pytest.skip("the compiled whole-hand reader is not built (or not set up for this Hand)")
    hv = {"number": 9, "dealer": "N", "trump": "S", "level": "7", "setup": True, "points": 40, "first_trick": 23,
          "deal": {"N": ["H4", "H5", "D2"], "E": ["D3", "D4", "D5"], "S": ["H6", "D6", "D7"], "W": ["HA", "HK", "H3"]},
          "tricks": [[{"seat": "W", "cards": ["H3"], "attempted": ["HA", "HK", "H3"]}, {"seat": "N", "cards": ["H4"]},
                      {"seat": "E", "cards": ["D3"]}, {"seat": "S", "cards": ["H6"]}]]}
    assert json_fast.fast_hand(hv, 0, 2, 1, 1, {}) is not None
    hv["tricks"][0][1] = {"seat": "N", "cards": ["H5"], "attempted": ["H4"]}
    assert json_fast.fast_hand(hv, 0, 2, 1, 1, {}) is None
    (m,), diags = parse_json(json.dumps({"hands": [hv]}))
    assert [p.seat for p in m.hands[0].tricks[0].plays] == [3, 1, 2]
    assert any("only the lead can be a failed throw" in d.message for d in diags)
