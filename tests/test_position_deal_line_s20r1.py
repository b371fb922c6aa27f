"""A position's deal line its seat's own plays contradict is weighed as a full hand's is (docs/rules.md §1.6, §14.1).

A referee's tester miscopied N's line of a position (``[SetUp "1"]``) as ``N: HQ H3 SA`` (N held ♥A, not ♥Q);
trick 23 is ``W: HA HK -> HK, N: HA, …`` (tests/data/referee_s20/r1_*.tgn).  The tool judged W's throw on the line
as written — "W's throw ♥A ♥K would have stood" (``wrong_forced_play``, a ruling page against W) beside N's own
``not_in_hand`` of that ♥A — and, with the trick written as if the throw stood, charged nothing, gave W the trick
and its points and said the hand was fully judged.  A position never reported N still holding ♥Q after the last
trick (a full hand's ``deal_mismatch``), and never read the line or the play as miscopied.

Now a position's lines are weighed as a full hand's: the cards left after the last trick are a ``deal_mismatch``
(not where the record just stops early), the line or a play on it is read miscopied (both the record's findings,
no page), and a verdict resting on which is withheld.  A throw against the seat is judged also with the line read
from the seat's plays (the cards it plays beyond its line in place of those it keeps) — in a full hand too: judged
on the cards both the line and the plays give, "would have stood" rested on the seat not holding a card it plays.
The dealer's position line is the cards it holds there (the bury made before), read as any seat's; the decks'
proof applies as far as the position's lines place copies.
"""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from cli_runs import run_in
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.simulate import simulate_match

DATA = Path(__file__).resolve().parent / "data" / "referee_s20"
N, W = 0, 3

pytestmark = pytest.mark.usefixtures("both_cores")     # compiled and TRACTOR_PURE_PYTHON=1 (conftest)


def _text(name: str) -> str:
    return (DATA / f"r1_{name}.tgn").read_text(encoding="utf-8")


def _hand(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[0]


def _json(tmp_path, name: str) -> dict:
    path = tmp_path / f"{name}.tgn"
    path.write_text(_text(name), "utf-8")
    r = run_in("check", "--json", path)
    return json.loads(r.stdout)["files"][0]["hands"][0]


def _about(h: dict) -> list[tuple[str, str, str | None]]:
    return sorted((v["code"], v["seat"], v.get("about")) for v in h["violations"])


def _deal_unknown(h: dict) -> dict:
    (u,) = [u for u in h["unknown"] if u["tag"] == "deal"]
    return u


def test_played_out_the_throw_is_not_judged_on_the_doubtful_line(tmp_path):
    h = _json(tmp_path, "f_full")
    # before: ✗ W wrong_forced_play ("would have stood") and ✗ N not_in_hand, no deal_mismatch, no unknown
    assert _about(h) == [("deal_mismatch", "N", "record"), ("not_in_hand", "N", "record")]
    (left,) = [v for v in h["violations"] if v["code"] == "deal_mismatch"]
    assert left["played"] == ["HQ"]
    u = _deal_unknown(h)
    assert "legality" in u["withheld"] and "trick_winner" in u["withheld"]
    assert "line miscopied instead" in u["message_en"] and "发牌行记错" in u["message_zh"]
    # N is the dealer: a position's line is its cards there, not "its line and the bottom, less the bury"
    assert "less the bury" not in u["message_en"]
    assert h["tricks"][0]["winner"] is None and h["attackers_total"] is None and h["legal"] is None


def test_failed_throw_written_the_record_stopping_after_it(tmp_path):
    h = _json(tmp_path, "e_failedwritten")
    # before: ✗ W wrong_forced_play; then (the line read both ways) a -10 failed-throw penalty stated as certain
    assert _about(h) == [("not_in_hand", "N", "record")]
    assert "trick_winner" in _deal_unknown(h)["withheld"]
    assert h["penalties"] is None and h["attackers_total"] is None and h["tricks"][0]["winner"] is None


def test_throw_written_as_standing_is_not_taken_as_stood(tmp_path):
    for name in ("d_miscopy", "d2_stop"):
        h = _json(tmp_path, name)
        # before: only ✗ N not_in_hand; nothing charged, W's trick and 10 points, "0 not fully judged"
        assert not [v for v in h["violations"] if v["code"] in ("throw_failed", "wrong_forced_play")], name
        assert all(v["about"] == "record" and v["seat"] == "N" for v in h["violations"]), name
        assert "points" in _deal_unknown(h)["withheld"], name
        assert h["penalties"] is None and h["attackers_total"] is None and h["legal"] is None, name
        # W takes trick 23 and its 10 points in every reading (a throw written as standing is scored as played)
        assert (h["tricks"][0]["winner"], h["tricks"][0]["points"]) == ("W", 10), name


def test_the_line_as_it_was_dealt_still_faults_w():
    """With N's line right (♥A for ♥Q) the throw could be beaten: W's fault stands, nothing withheld."""
    for name, code in (("d_miscopy", "throw_failed"), ("f_full", None)):
        h = _hand(_text(name).replace("N: HQ H3 SA", "N: HA H3 SA"))
        assert [v.code for v in h.violations if v.seat == W] == ([code] if code else []), name
        assert not [u for u in h.unknowns if u.tag == "deal"] and not [v for v in h.violations if v.seat == N], name


def test_ruling_writes_no_page(tmp_path):
    for name in ("f_full", "e_failedwritten", "d_miscopy", "d2_stop"):
        path, out = tmp_path / f"{name}.tgn", tmp_path / f"{name}.html"
        path.write_text(_text(name), "utf-8")
        r = run_in("ruling", path, "-o", out)
        # before: a page against W (f_full, e_failedwritten) and one against N (each)
        assert not out.exists() and r.returncode == 3, name
        assert "no ruling written" in r.stdout + r.stderr and "not_in_hand" in r.stdout + r.stderr, name


def test_cards_left_at_a_positions_end_only_where_the_others_hold_none():
    """A position the record stops inside (every seat still holding a card) shows no line wrong."""
    h = _hand(_text("e_failedwritten"))
    assert not [v for v in h.violations if v.code == "deal_mismatch"]
    assert [v.played for v in _hand(_text("f_full")).violations if v.code == "deal_mismatch"] == [(_card("HQ"),)]


def _card(token: str) -> int:
    from tractor_analysis.records.cards import TOKEN
    return TOKEN.index(token)


def test_the_decks_prove_a_positions_line_right():
    """E's and S's lines give both ♥A and they play them: N's ♥A is the play miscopied, its ♥Q the card played."""
    h = _hand(_text("proven_right"))
    assert ("play", "23: N HQ") in [(d.fact, d.value) for d in h.derived]
    assert not [u for u in h.unknowns if u.tag == "deal"]
    mine = [v for v in h.violations if v.seat == N]
    assert sorted(v.code for v in mine) == ["deal_mismatch", "not_in_hand"] and all(v.of_record for v in mine)
    assert "N holds at most 0 ♥A" in mine[0].message_en
    right = _hand(_text("proven_right").replace("23. N: HA,", "23. N: HQ,"))
    assert (h.outcome, h.attackers_total) == (right.outcome, right.attackers_total) and h.outcome is not None


def test_a_full_hands_throw_is_not_judged_on_a_line_its_holders_play_contradicts():
    """A full hand, one of S's ♥A miscopied ♠7 in its line, no ``Buried:`` line (so the decks prove neither reading):
    N's failed throw of trick 2 was faulted (``wrong_forced_play``: "should have been ♥5") on S's line less its
    cards left, S not holding the ♥A it plays there."""
    m = simulate_match(49, 0, preset="standard", max_hands=1)
    hand = m.hands[0]
    assert not replay_match(m).hands[0].violations
    trick = hand.tricks[1]
    assert trick.plays[0].seat == N and trick.plays[0].attempted is not None
    assert [_card("HA") in p.cards for p in trick.plays if p.seat == 2] == [True] and hand.dealer != 2
    line = list(hand.deal[2])
    line[line.index(_card("HA"))] = _card("S7")
    deal = tuple(tuple(line) if s == 2 else d for s, d in enumerate(hand.deal))
    h = replay_match(dataclasses.replace(m, hands=(dataclasses.replace(hand, deal=deal, buried=None),))).hands[0]
    assert not [v for v in h.violations if not v.of_record]
    assert sorted(v.code for v in h.violations if v.seat == 2) == ["deal_mismatch", "not_in_hand"]
    assert any(u.tag == "deal" for u in h.unknowns)
