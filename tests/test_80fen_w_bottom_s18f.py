"""An 80fen trick winner (``w``) the rules do not give never drops the round (docs/rules.md §14.1).

The reader seats each trick's plays from the ``w`` of the trick before and rebuilds the deal from them.  A helper
(session 18) changed one ``w`` of the sample to each other seat: in 30 % of the changes the WHOLE round was
dropped with ``bad_value`` ("bottom card id … is neither played by the dealer nor buried"), because the trick
after it, so seated, put a card of the bottom the dealer kept with another seat.  That card says who led the
trick: the reader now seats the trick from it (a ``bad_value`` naming the line, the round and the trick; hand tag
``80fen:seats-from-bottom``), and the engine judges the round — where the rules give the trick before to another
seat than the bottom says led, nothing resting on the seats is kept (:func:`platform_leads.against_bottom`).

Every damaged record here is built in the test from the sample, never copied.
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from tractor_analysis.engine import platform_leads
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import format_tgn, parse_tgn
from tractor_analysis.records.fen80_reader import SEATS_BOTTOM_TAG, parse_80fen

from cli_runs import run_in

pytestmark = pytest.mark.usefixtures("both_cores")

FEN = Path(__file__).parent / "data" / "80fen" / "sample-plays.ndjson.gz"
SEATS = "NESW"


def _lines() -> list[str]:
    with gzip.open(FEN, "rt", encoding="utf-8") as f:
        return f.read().splitlines()


def _leaders(r: dict) -> list[int]:
    """Each trick's leader as the log gives it: the dealer, then the ``w`` of the trick before."""
    return [r["declSeat"], *(t["w"] for t in r["plays"][:-1])]


def _losing(r: dict) -> list[tuple[int, int]]:
    """The damages of round ``r`` that seat a card of the bottom the dealer kept with another seat:
    ``(trick index whose w changes, the w written instead)``."""
    kept = set(r["kitty"]) - set(r["buried"])
    leaders, out = _leaders(r), []
    for t in range(len(r["plays"]) - 1):
        nxt = r["plays"][t + 1]["p"]
        dealer_play = nxt[(r["declSeat"] - leaders[t + 1]) % 4]
        if kept & set(dealer_play):
            out.extend((t, w) for w in range(4) if w != r["plays"][t]["w"])
    return out


def _cases(match: int, most: int) -> list[tuple[int, int, int, int]]:
    """Up to ``most`` damages of ``match`` that the reader dropped the round for: ``(match, round index, trick
    index, w)``, one per round."""
    m = json.loads(_lines()[match])
    out = []
    for ri, r in enumerate(m["rounds"]):
        losing = _losing(r)
        if losing:
            out.append((match, ri, *losing[0]))
    return out[:most]


CASES = _cases(0, 4) + _cases(3, 2)


def _damaged(match: int, round_index: int, trick_index: int, w: int) -> dict:
    """The match's rounds up to the one after round ``round_index``, with that round's trick's ``w`` set to ``w``."""
    m = json.loads(_lines()[match])
    m["rounds"] = m["rounds"][:round_index + 2]
    m["rounds"][round_index]["plays"][trick_index]["w"] = w
    return m


def test_the_cases_are_damages_the_reader_dropped_the_round_for():
    assert len(CASES) == 6
    for match, ri, t, w in CASES:
        r = json.loads(_lines()[match])["rounds"][ri]
        assert r["plays"][t]["w"] != w and t + 1 < len(r["plays"])


@pytest.mark.parametrize("match, round_index, trick_index, w", CASES)
def test_a_wrong_w_that_seats_a_bottom_card_elsewhere_keeps_the_round(match, round_index, trick_index, w):
    m = _damaged(match, round_index, trick_index, w)
    text = json.dumps(m)
    (parsed,), diags = parse_80fen(text)
    assert [h.number for h in parsed.hands] == [r["no"] for r in m["rounds"]], [d.message for d in diags]
    number, trick = m["rounds"][round_index]["no"], trick_index + 1
    (d,) = diags
    assert (d.code, d.line, d.hand, d.trick) == ("bad_value", 1, number, trick)
    # (session 18 M: the column of the trick's "w" value, no longer 1)
    assert text[:d.column - 1].endswith('"w": ') and text[d.column - 1:].startswith(str(w))
    assert f"field 'w' of trick {trick} names {SEATS[w]} its winner" in d.message
    assert f"第 {trick} 轮的字段 'w' 记为" in d.message
    hand = parsed.hands[round_index]
    assert (SEATS_BOTTOM_TAG, str(trick + 1)) in hand.tags
    result = replay_match(parsed, None).hands[round_index]
    # the trick after is seated from the seat that won this one by the rules: only the referee's w differs
    assert [(v.code, v.trick) for v in result.violations] == [("referee_mismatch", trick)]
    assert f"the record's referee says {SEATS[w]}" in result.violations[0].message_en
    assert result.outcome is not None and result.legality_known
    assert not [u for u in result.unknowns if u.tag == "leader"]


def test_check_json_judges_the_round_and_names_the_trick(tmp_path):
    match, ri, t, w = CASES[0]
    m = _damaged(match, ri, t, w)
    path = tmp_path / "w.ndjson"
    path.write_text(json.dumps(m) + "\n", encoding="utf-8")
    doc = json.loads(run_in("check", "--json", path).stdout)["files"][0]
    number = m["rounds"][ri]["no"]
    assert [h["hand"] for h in doc["hands"]] == [r["no"] for r in m["rounds"]]
    (e,) = doc["errors"]
    assert (e["code"], e["line"], e["hand"], e["trick"]) == ("bad_value", 1, number, t + 1)
    assert e["column"] > 1          # (session 18 M: the column of the trick's "w" value)
    assert "the round is left out" not in e["message"]
    (hand,) = [h for h in doc["hands"] if h["hand"] == number]
    assert [(v["code"], v["trick"]) for v in hand["violations"]] == [("referee_mismatch", t + 1)]


def test_an_undamaged_file_is_read_as_before():
    """The control: no trick of the sample is seated but from its ``w``, no diagnostic, every hand legal."""
    for line in _lines()[:3]:
        m = json.loads(line)
        (parsed,), diags = parse_80fen(line)
        assert diags == []
        for r, hand in zip(m["rounds"], parsed.hands, strict=True):
            assert [t.plays[0].seat for t in hand.tricks] == _leaders(r)
            assert not platform_leads.seated_from_bottom(hand)
        assert all(h.legal for h in replay_match(parsed, None).hands)


def _bottom_miscopied() -> tuple[dict, int, int]:
    """Match 0's round 1 (index) with one card of its bottom the dealer kept, played by it in a trick after the
    first, replaced by the card another seat plays in that trick: the bottom then says that seat's partner or
    opponent led, the rules and ``w`` say the seat that did.  The round, the trick's number."""
    m = json.loads(_lines()[0])
    m["rounds"] = m["rounds"][:3]
    r = m["rounds"][1]
    kept = set(r["kitty"]) - set(r["buried"])
    leaders = _leaders(r)
    for t in range(1, len(r["plays"])):
        plays = r["plays"][t]["p"]
        mine = (r["declSeat"] - leaders[t]) % 4
        hit = kept & set(plays[mine])
        if hit and len(plays[(mine + 1) % 4]) == 1:
            card = hit.pop()
            r["kitty"][r["kitty"].index(card)] = plays[(mine + 1) % 4][0]
            return m, 1, t + 1
    raise AssertionError("no such trick in the sample")


def test_a_bottom_against_the_rules_keeps_nothing_resting_on_the_seats():
    m, ri, trick = _bottom_miscopied()
    (parsed,), diags = parse_80fen(json.dumps(m))
    assert len(parsed.hands) == 3, [d.message for d in diags]
    assert [(d.code, d.trick) for d in diags] == [("bad_value", trick - 1)]
    result = replay_match(parsed, None).hands[ri]
    assert not [v for v in result.violations if v.code == "out_of_turn"]
    assert result.outcome is None and not result.legality_known
    # (the trick so seated may have another winner by the rules than w says: the trick after it is then weighed
    # both ways as any, its own "leader" unknown)
    (said,) = [u for u in result.unknowns if u.tag == "leader" and "The record contradicts itself" in u.message_en]
    assert f"trick {trick}'s plays are seated from" in said.message_en and f"won trick {trick - 1}" in said.message_en
    assert f"第 {trick} 轮的出牌由" in said.message_zh and "记录自相矛盾" in said.message_zh
    assert "legality" in said.withheld


def test_a_tgn_copy_keeps_the_trick_seated_from_the_bottom():
    m, ri, trick = _bottom_miscopied()
    (parsed,), _ = parse_80fen(json.dumps(m))
    (copy,), diags = parse_tgn(format_tgn(parsed))
    assert not [d for d in diags if d.code != "missing_tag"], diags
    assert platform_leads.seated_from_bottom(copy.hands[ri]) == {trick}
    again, first = replay_match(copy, None).hands[ri], replay_match(parsed, None).hands[ri]
    assert [u.message_en for u in again.unknowns if u.tag == "leader"] == \
        [u.message_en for u in first.unknowns if u.tag == "leader"]
    assert again.outcome is None
