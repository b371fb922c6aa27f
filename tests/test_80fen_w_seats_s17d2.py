"""An 80fen trick winner (``w``) the rules do not give makes no fault elsewhere (docs/rules.md §14.1).

An 80fen log gives each trick's plays in order from the leader, and the reader takes the leader of each trick from
the winner ``w`` of the trick before; the deal is rebuilt from the plays.  A helper found (session 17) that a ``w``
changed to another seat moved the next trick's cards between seats: follow faults in EARLIER tricks (3–7 of
them after changing the ``w`` of round 1's trick 6 or 11), beside the trick's own ``referee_mismatch``.  The hand
is now judged with that trick seated both ways (:mod:`tractor_analysis.engine.platform_leads`), and only what
every reading gives is kept.
"""
from __future__ import annotations

import dataclasses
import gzip
import json
from collections import Counter
from pathlib import Path

import pytest

from tractor_analysis.engine import platform_leads
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import format_tgn, parse_tgn
from tractor_analysis.records.fen80_reader import SEATS_FROM_WINNERS, SEATS_TAG, parse_80fen

from cli_runs import run_in

FEN = Path(__file__).parent / "data" / "80fen" / "sample-plays.ndjson.gz"
SEATS = "NESW"


def _lines() -> list[str]:
    with gzip.open(FEN, "rt", encoding="utf-8") as f:
        return f.read().splitlines()


def _damaged(match: int, round_index: int, trick: int, w: int) -> dict:
    """Match ``match`` of the sample with the ``w`` of ``trick`` (1-based) of its round ``round_index`` set to ``w``."""
    m = json.loads(_lines()[match])
    t = m["rounds"][round_index]["plays"][trick - 1]
    assert t["w"] != w
    t["w"] = w
    return m


def _judged(m: dict):
    (match,), diags = parse_80fen(json.dumps(m))
    assert len(match.hands) == len(m["rounds"]), [d.message for d in diags]
    return match, replay_match(match, None)


# (match, round index, trick, the w written instead): round 1's tricks 6 and 11 (the helper's), and a round whose
# misseated trick moves a declared card away from its declarer (read so, [Trump] is also judged each way)
CASES = [(0, 0, 6, 1), (0, 0, 6, 3), (0, 0, 11, 3), (0, 0, 11, 0), (4, 11, 17, 0)]


@pytest.mark.parametrize("match, round_index, trick, w", CASES)
def test_a_wrong_w_makes_no_fault_in_another_trick(match, round_index, trick, w):
    _, result = _judged(_damaged(match, round_index, trick, w))
    hand = result.hands[round_index]
    assert all(v.code == "referee_mismatch" and v.trick == trick for v in hand.violations), \
        [(v.code, v.trick, v.seat) for v in hand.violations]
    (said,) = [u for u in hand.unknowns if u.tag == "leader"]
    assert f"the record names {SEATS[w]} the winner (w) of trick {trick}" in said.message_en
    assert f"第 {trick} 轮记录的赢家（w）为" in said.message_zh
    assert "legality" in said.withheld and not hand.legality_known


@pytest.mark.parametrize("trick, w", [(6, 1), (11, 3)])
def test_the_damaged_trick_keeps_its_referee_mismatch_naming_both_winners(trick, w):
    _, result = _judged(_damaged(0, 0, trick, w))
    (v,) = result.hands[0].violations
    assert v.code == "referee_mismatch" and v.trick == trick
    assert f"the record's referee says {SEATS[w]}" in v.message_en
    ours = v.message_en.rsplit("the engine says ", 1)[1]
    said = next(u for u in result.hands[0].unknowns if u.tag == "leader")
    assert f"{ours} won trick {trick}" in said.message_en


def test_check_lists_the_damaged_trick_alone(tmp_path):
    path = tmp_path / "w6.ndjson"
    path.write_text(json.dumps(_damaged(0, 0, 6, 1)) + "\n", encoding="utf-8")
    doc = json.loads(run_in("check", "--json", path).stdout)
    hand = doc["files"][0]["hands"][0]
    assert [(v["code"], v["trick"]) for v in hand["violations"]] == [("referee_mismatch", 6)]
    (said,) = [u for u in hand["unknown"] if u["tag"] == "leader"]
    assert "trick 6" in said["message_en"] and "第 6 轮" in said["message_zh"]


def test_the_reader_says_the_seats_rest_on_w():
    (match,), _ = parse_80fen(_lines()[0])
    assert all((SEATS_TAG, SEATS_FROM_WINNERS) in h.tags for h in match.hands)
    assert all(platform_leads.seated_from_winners(h) for h in match.hands)


def _tgn_copy(match):
    (copy,), diags = parse_tgn(format_tgn(match))
    assert not [d for d in diags if d.code != "missing_tag"], diags
    return copy


def test_a_tgn_copy_is_judged_as_its_original():
    match, result = _judged(_damaged(0, 0, 6, 1))
    copy = _tgn_copy(match)
    assert platform_leads.seated_from_winners(copy.hands[0])
    again = replay_match(copy, None)
    assert [(v.code, v.trick, v.seat) for v in again.hands[0].violations] == \
        [(v.code, v.trick, v.seat) for v in result.hands[0].violations]


def test_seats_a_record_states_are_judged_as_stated():
    """Without the tag (seats written by a scorer, not counted from ``w``) the lead out of turn and the follows
    the deal lines prove stand: the readings are the 80fen log's only."""
    match, _ = _judged(_damaged(0, 0, 6, 1))
    copy = _tgn_copy(match)
    hand = copy.hands[0]
    stated = dataclasses.replace(copy, hands=(dataclasses.replace(
        hand, tags=tuple(t for t in hand.tags if t[0] != SEATS_TAG)), *copy.hands[1:]))
    codes = {(v.code, v.trick) for v in replay_match(stated, None).hands[0].violations}
    assert ("out_of_turn", 7) in codes and ("follow_suit", 4) in codes


def test_an_untouched_match_is_judged_as_without_the_readings():
    (match,), _ = parse_80fen(_lines()[0])
    plain = dataclasses.replace(match, hands=tuple(
        dataclasses.replace(h, tags=tuple(t for t in h.tags if t[0] != SEATS_TAG)) for h in match.hands))
    assert replay_match(match, None) == replay_match(plain, None)


def test_reseated_moves_the_trick_s_cards_in_the_deal():
    (match,), _ = parse_80fen(_lines()[0])
    hand = match.hands[0]
    i = 6                                   # trick 7, led by N (trick 6's winner)
    trick = hand.tricks[i]
    assert trick.plays[0].seat == 0
    other = platform_leads.reseated(hand, i, 1)
    assert [p.seat for p in other.tricks[i].plays] == [1, 2, 3, 0]
    assert [p.cards for p in other.tricks[i].plays] == [p.cards for p in trick.plays]
    assert other.tricks[:i] == hand.tricks[:i] and other.tricks[i + 1:] == hand.tricks[i + 1:]
    for seat in range(4):
        held = Counter(hand.deal[seat])
        held.subtract(c for p in trick.plays if p.seat == seat for c in p.cards)
        held.update(c for p in other.tricks[i].plays if p.seat == seat for c in p.cards)
        assert other.deal[seat] == tuple(sorted(held.elements()))


def test_a_reading_the_bottom_rules_out_is_none():
    """The dealer played a card it took from the bottom (its line, its plays with its bury less the bottom, holds
    fewer of it than that play): seated so that another seat plays it, the dealer's line would lack it — a card of
    the bottom it neither buried nor played."""
    for line in _lines():
        (match,), _ = parse_80fen(line)
        for hand in match.hands:
            from_bottom = set(hand.bottom) - set(hand.buried)
            for i, trick in enumerate(hand.tricks[1:], 1):
                mine = next(p for p in trick.plays if p.seat == hand.dealer).cards
                lone = [c for c in mine if c in from_bottom and hand.deal[hand.dealer].count(c) < mine.count(c)]
                if not lone:
                    continue
                leader = next(s for s in range(4) if s != trick.plays[0].seat and lone[0] not in
                              trick.plays[(hand.dealer - s) % 4].cards)
                assert platform_leads.reseated(hand, i, leader) is None
                return
    raise AssertionError("no trick of the sample where the dealer plays a card of the bottom")


def test_readings_that_cannot_all_be_made_keep_nothing_resting_on_the_seats(monkeypatch):
    monkeypatch.setattr(platform_leads, "MOST_SEATINGS", 0)
    _, result = _judged(_damaged(0, 0, 6, 1))
    hand = result.hands[0]
    assert hand.violations == () and hand.outcome is None and hand.attackers_points is None
    (said,) = [u for u in hand.unknowns if u.tag == "leader"]
    assert "cannot all be judged" in said.message_en and "无法全部判定" in said.message_zh
