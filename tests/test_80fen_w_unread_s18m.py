"""An 80fen trick winner ``w`` that is unreadable or left out never drops the round (docs/format.md "A trick winner
unreadable or left out"); a round seated from the bottom is converted; an 80fen diagnostic names its column.

A tester (session 18) changed one ``w`` of the sample to 7, null, -1, 1.0, "N", or deleted it: the whole round was
left out (``bad_value`` "the round is left out"), even for the last trick's ``w``, which seats nothing.  Now the
round is judged: the last trick's ``w`` loses only the platform referee's verdict (``?`` in ``Referee:Winners``);
any other leaves the next trick's leader unstated, and the trick is seated from the bottom where a card of it says
who led, else from the winner of the trick before by the rules (hand tag ``80fen:seats-from-rules``, the engine's
``derived`` fact ``leader``).  ``tractor convert`` of a round seated from the bottom (a valid but wrong ``w``) refused
it; it now writes the copy, which checks the same.  Every damaged record here is built in the test from the sample.
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import format_tgn, parse_tgn
from tractor_analysis.records.fen80_reader import SEATS_BOTTOM_TAG, SEATS_RULES_TAG, parse_80fen

from cli_runs import run_in

pytestmark = pytest.mark.usefixtures("both_cores")

FEN = Path(__file__).parent / "data" / "80fen" / "sample-plays.ndjson.gz"
SEATS = "NESW"
UNREADABLE = [7, None, -1, 1.0, "N", "left out"]


def _match(index: int = 0) -> dict:
    with gzip.open(FEN, "rt", encoding="utf-8") as f:
        m = json.loads(f.read().splitlines()[index])
    m["rounds"] = m["rounds"][:3]
    return m


def _leaders(r: dict) -> list[int]:
    return [r["declSeat"], *(t["w"] for t in r["plays"][:-1])]


def _bottom_leads(r: dict, t: int) -> bool:
    """A card of the bottom the dealer kept is played in trick index ``t``."""
    kept = set(r["kitty"]) - set(r["buried"])
    return any(kept & set(p) for p in r["plays"][t]["p"])


def _ruled_trick(r: dict) -> int:
    """A trick index of ``r`` (not the last) whose ``w`` seats a trick the bottom does not, and names another seat
    than the one that led it (the reader's placeholder): the engine must move the trick after."""
    leaders = _leaders(r)
    return next(t for t in range(len(r["plays"]) - 1)
                if not _bottom_leads(r, t + 1) and r["plays"][t]["w"] != leaders[t])


def _bottom_trick(r: dict) -> int:
    """A trick index of ``r`` whose next trick holds a card of the bottom the dealer kept."""
    return next(t for t in range(len(r["plays"]) - 1) if _bottom_leads(r, t + 1))


def _set_w(m: dict, ri: int, t: int, value) -> dict:
    trick = m["rounds"][ri]["plays"][t]
    if value == "left out":
        del trick["w"]
    else:
        trick["w"] = value
    return m


def _judged(hand_result):
    """What the engine gives a hand, but the referee's own findings: each trick's plays and winner, the violations,
    the outcome, legality."""
    return ([(t.number, tuple((p.seat, p.cards) for p in t.plays), t.winner, t.points) for t in hand_result.tricks],
            [(v.code, v.trick, v.seat) for v in hand_result.violations if v.code != "referee_mismatch"],
            hand_result.outcome, hand_result.legal, hand_result.legality_known)


@pytest.mark.parametrize("value", UNREADABLE)
def test_an_unreadable_w_seats_the_next_trick_from_the_winner_by_the_rules(value):
    m = _match()
    r = m["rounds"][1]
    t = _ruled_trick(r)
    true_w = r["plays"][t]["w"]
    text = json.dumps(_set_w(m, 1, t, value))
    (parsed,), diags = parse_80fen(text)
    assert [h.number for h in parsed.hands] == [1, 2, 3], [d.message for d in diags]
    (d,) = diags
    assert (d.code, d.line, d.hand, d.trick) == ("json_shape" if value in (None, "left out") else "bad_value",
                                                 1, r["no"], t + 1)
    assert "the round is left out" not in d.message and not d.lossless
    assert f"so the log does not say who led trick {t + 2}" in d.message and f"故记录未说明第 {t + 2} 轮由谁首出" in d.message
    hand = parsed.hands[1]
    assert (SEATS_RULES_TAG, str(t + 2)) in hand.tags
    assert hand.tricks[t + 1].plays[0].seat != true_w         # the reader's placeholder: not what the engine gives
    winners = dict(hand.tags)["Referee:Winners"].split()
    assert winners[t] == "?" and winners[:t] == [SEATS[x["w"]] for x in r["plays"][:t]]
    result = replay_match(parsed, None).hands[1]
    (fact,) = [f for f in result.derived if f.fact == "leader"]
    assert (fact.value, fact.source) == (f"{t + 2}: {SEATS[true_w]}", f"the plays of trick {t + 1}")
    assert f"by the rules (from the cards) {SEATS[true_w]} won trick {t + 1}" in fact.message_en
    assert f"第 {t + 1} 轮由" in fact.message_zh
    assert not [u for u in result.unknowns if u.tag == "leader"]
    (undamaged,), _ = parse_80fen(json.dumps(_match()))
    assert _judged(result) == _judged(replay_match(undamaged, None).hands[1])


@pytest.mark.parametrize("value", [7, "left out"])
def test_the_last_tricks_unreadable_w_loses_only_the_referees_verdict(value):
    m = _match()
    r = m["rounds"][1]
    last = len(r["plays"])
    (parsed,), diags = parse_80fen(json.dumps(_set_w(m, 1, last - 1, value)))
    assert [h.number for h in parsed.hands] == [1, 2, 3]
    (d,) = diags
    assert (d.hand, d.trick) == (r["no"], last)
    assert "the platform referee's winner of the last trick is not known" in d.message
    assert "最后一轮赢家未知" in d.message
    hand = parsed.hands[1]
    assert not [n for n, _ in hand.tags if n in (SEATS_RULES_TAG, SEATS_BOTTOM_TAG)]
    assert dict(hand.tags)["Referee:Winners"].split()[-1] == "?"
    result = replay_match(parsed, None).hands[1]
    assert not [f for f in result.derived if f.fact == "leader"] and not result.unknowns
    (undamaged,), _ = parse_80fen(json.dumps(_match()))
    assert _judged(result) == _judged(replay_match(undamaged, None).hands[1])
    assert not [v for v in result.violations if v.code == "referee_mismatch"]


def test_an_unreadable_w_before_a_trick_the_bottom_seats_is_seated_from_the_bottom():
    m = _match()
    r = m["rounds"][1]
    t = _bottom_trick(r)
    (parsed,), diags = parse_80fen(json.dumps(_set_w(m, 1, t, "N")))
    assert [h.number for h in parsed.hands] == [1, 2, 3]
    (d,) = diags
    assert (d.code, d.trick) == ("bad_value", t + 1) and "card id" in d.message and "of the bottom" in d.message
    hand = parsed.hands[1]
    assert (SEATS_BOTTOM_TAG, str(t + 2)) in hand.tags and SEATS_RULES_TAG not in dict(hand.tags)
    result = replay_match(parsed, None).hands[1]
    (undamaged,), _ = parse_80fen(json.dumps(_match()))
    assert _judged(result) == _judged(replay_match(undamaged, None).hands[1])


def test_a_tgn_copy_keeps_the_trick_to_seat_from_the_rules():
    m = _match()
    t = _ruled_trick(m["rounds"][1])
    (parsed,), _ = parse_80fen(json.dumps(_set_w(m, 1, t, None)))
    (copy,), diags = parse_tgn(format_tgn(parsed))
    assert not [d for d in diags if d.code != "missing_tag"], diags
    assert (SEATS_RULES_TAG, str(t + 2)) in copy.hands[1].tags
    again, first = replay_match(copy, None).hands[1], replay_match(parsed, None).hands[1]
    assert [(f.fact, f.value) for f in again.derived] == [(f.fact, f.value) for f in first.derived]
    assert [f.fact for f in again.derived] == ["leader"]
    assert _judged(again) == _judged(first)


def test_check_json_judges_the_round_and_points_at_the_w(tmp_path):
    m = _match()
    t = _ruled_trick(m["rounds"][1])
    text = json.dumps(_set_w(m, 1, t, 7))
    path = tmp_path / "w.ndjson"
    path.write_text(text + "\n", encoding="utf-8")
    doc = json.loads(run_in("check", "--json", path).stdout)["files"][0]
    assert [h["hand"] for h in doc["hands"]] == [1, 2, 3]
    (e,) = doc["errors"]
    assert (e["code"], e["line"], e["trick"]) == ("bad_value", 1, t + 1)
    assert text[:e["column"] - 1].endswith('"w": ') and text[e["column"] - 1:].startswith("7")
    (hand,) = [h for h in doc["hands"] if h["hand"] == 2]
    assert [d["fact"] for d in hand["derived"]] == ["leader"]


def test_a_left_out_w_points_at_its_trick(tmp_path):
    m = _match()
    t = _ruled_trick(m["rounds"][1])
    text = json.dumps(_set_w(m, 1, t, "left out"))
    (_,), (d,) = parse_80fen(text)
    trick = json.dumps(m["rounds"][1]["plays"][t])
    assert text[d.column - 1:].startswith(trick)


def test_a_round_left_out_points_at_its_field():
    m = _match()
    m["rounds"][1]["declSeat"] = 9
    text = json.dumps(m)
    (parsed,), (d,) = parse_80fen(text)
    assert len(parsed.hands) == 2 and "the round is left out" in d.message
    assert text[:d.column - 1].endswith('"declSeat": ') and text[d.column - 1:].startswith("9")


def _seated_from_bottom() -> dict:
    """Match 0's round 2 with the ``w`` of a trick before one the bottom seats set to another seat."""
    m = _match()
    r = m["rounds"][1]
    t = _bottom_trick(r)
    r["plays"][t]["w"] = (r["plays"][t]["w"] + 1) % 4
    return m


def _hands(doc: dict) -> list:
    """The hands of a ``check --json`` file, without where the record writes them (the line and column)."""
    def strip(x):
        if isinstance(x, dict):
            return {k: strip(v) for k, v in x.items() if k not in ("line", "column")}
        if isinstance(x, list):
            return [strip(v) for v in x]
        return x
    return strip(doc["hands"])


def test_convert_writes_a_round_seated_from_the_bottom_and_the_copy_checks_the_same(tmp_path):
    m = _seated_from_bottom()
    src, out = tmp_path / "wd.ndjson", tmp_path / "x.tgn"
    src.write_text(json.dumps(m) + "\n", encoding="utf-8")
    (parsed,), (d,) = parse_80fen(json.dumps(m))
    assert d.lossless and SEATS_BOTTOM_TAG in dict(parsed.hands[1].tags)
    r = run_in("convert", src, "--to", "tgn", "-o", out)
    assert r.returncode == 0, r.stderr
    assert "not converted" not in r.stderr and "converted all the same" in r.stderr and "仍已转换" in r.stderr
    assert SEATS_BOTTOM_TAG in out.read_text(encoding="utf-8")
    first = json.loads(run_in("check", "--json", src).stdout)["files"][0]
    again = json.loads(run_in("check", "--json", out).stdout)["files"][0]
    assert _hands(first) == _hands(again)
    assert [e["code"] for e in first["errors"]] == ["bad_value"] and again["errors"] == []


def test_convert_still_refuses_an_unreadable_w(tmp_path):
    m = _match()
    src = tmp_path / "w.ndjson"
    src.write_text(json.dumps(_set_w(m, 1, _ruled_trick(m["rounds"][1]), "N")) + "\n", encoding="utf-8")
    r = run_in("convert", src, "--to", "tgn", "-o", tmp_path / "x.tgn")
    assert r.returncode == 2 and "not converted" in r.stderr and not (tmp_path / "x.tgn").exists()
