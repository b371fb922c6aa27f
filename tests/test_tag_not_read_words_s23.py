"""A ``[Trump]`` / ``[Dealer]`` (JSON ``"trump"`` / ``"dealer"``) written with a value that names nothing is read as
not known, and the words say so without contradicting the verdict.

A referee's tester (``j3_trump_int.json``, ``j4``, ``j6``) found ``"trump": 3`` / ``true`` / ``{…}`` said "the trump is
unknown, so no play of the hand is judged", while the trump was then derived from the declarations and the hand judged
legal ✓; ``"trump": 3`` said "unknown trump '3'" where ``"dealer": 3`` says "not a number 3"; and the derived facts
said "[Trump] not stated" / "[Dealer] not stated" of a field that was written.  Now the reader says the field is read
as not known and no play is judged unless the rest of the record fixes it; a number as ``trump`` is said as a number;
the derived fact says the tag was written but not read — a tag left out or ``"?"`` is still "not stated".
"""
from __future__ import annotations

import json
import pickle

import pytest

from cli_runs import run_in
from test_trump_from_declarations import _text
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.json_origin import JsonFile, JsonOrigin
from tractor_analysis.records.json_reader import parse_json
from tractor_analysis.records.json_writer import format_json
from tractor_analysis.records.tgn_reader import parse_tgn

pytestmark = pytest.mark.usefixtures("both_cores")

DECLARED = "W: C2 | W: C2 C2"
"""W declares ♣2, then reinforces with ♣2 ♣2 (the tester's record): both stand, so the trump is clubs and, the first
hand being bid for, W deals."""


def _json(field: str, value) -> str:
    """The record as JSON with its one hand's ``field`` set to ``value`` (``...``: left out)."""
    (match,), _ = parse_tgn(_text(DECLARED, trump="C"))
    doc = json.loads(format_json(match))
    hand = doc["hands"][0]
    if value is ...:
        hand.pop(field)
    else:
        hand[field] = value
    return json.dumps(doc, ensure_ascii=False)


def _fact(text: str, fact: str, as_json: bool = True):
    (match,), diags = parse_json(text) if as_json else parse_tgn(text)
    hr = replay_match(match, None).hands[0]
    (d,) = [d for d in hr.derived if d.fact == fact]
    return d, hr, diags


TRUMPS = [3, True, {"S": 1}, ["C"], "3"]


@pytest.mark.parametrize("value", TRUMPS, ids=[json.dumps(v) for v in TRUMPS])
def test_a_trump_not_read_says_the_declarations_may_fix_it(value):
    # fails before: "the trump is unknown, so no play of the hand is judged", the hand then judged legal ✓
    d, hr, diags = _fact(_json("trump", value), "trump")
    (bad,) = [x for x in diags if x.code == "bad_value"]
    en, zh = bad.message.split(" / ")
    assert "the trump is unknown, so no play of the hand is judged" not in en and "：主牌未知，本局" not in zh
    assert "the trump is read as not known, and unless the rest of the record fixes it" in en
    assert "按主牌未知处理，除非记录的其余部分定了主" in zh
    assert hr.trump_known and hr.trump == 3 and hr.outcome is not None and d.value == "C"


def test_a_number_as_trump_is_said_as_a_number_as_the_dealer_is():
    # fails before: "unknown trump '3'" (the number read as the text "3")
    (_, _, diags), (_, _, dealer) = _fact(_json("trump", 3), "trump"), _fact(_json("dealer", 3), "dealer")
    (bad,) = diags
    assert 'not a number 3' in bad.message and "而不是数字 3" in bad.message and "unknown trump" not in bad.message
    assert [x.code for x in dealer] == ["bad_value"] and "not a number 3" in dealer[0].message


@pytest.mark.parametrize("field, fact, tag, named", [("trump", "trump", "Trump", "trump"),
                                                     ("dealer", "dealer", "Dealer", "seat")])
@pytest.mark.parametrize("value", [3, True, "Q"], ids=["number", "bool", "word"])
def test_the_derived_fact_says_the_json_field_was_written_but_not_read(field, fact, tag, named, value):
    # fails before: "[Trump] not stated" / "[Dealer] not stated" of a field written with a wrong value
    d, _, _ = _fact(_json(field, value), fact)
    assert f"[{tag}] written but not read: it names no {named}" in d.message_en
    assert f"[{tag}] 写了但未能读出" in d.message_zh and "未写明" not in d.message_zh
    assert "not stated" not in d.message_en


@pytest.mark.parametrize("field, fact, tag", [("trump", "trump", "Trump"), ("dealer", "dealer", "Dealer")])
@pytest.mark.parametrize("value", [..., "?"], ids=["left-out", "question-mark"])
def test_a_field_left_out_or_not_known_is_still_not_stated(field, fact, tag, value):
    for text, as_json in ((_json(field, value), True),
                          (_text(DECLARED, trump=None if field == "trump" and value is ... else
                                 "?" if field == "trump" else "C"), False)):
        if not as_json and field == "dealer":
            text = text.replace('[Dealer "W"]\n', "" if value is ... else '[Dealer "?"]\n')
        d, _, _ = _fact(text, fact, as_json)
        assert f"[{tag}] not stated" in d.message_en and f"[{tag}] 未写明" in d.message_zh


def test_tgn_tags_not_read_say_so_too():
    # fails before: "the trump is unknown, so no play of the hand is judged"; "[Trump] not stated", "[Dealer] not stated"
    text = _text(DECLARED, trump="3").replace('[Dealer "W"]', '[Dealer "Q"]')
    d, hr, diags = _fact(text, "trump", as_json=False)
    (bad,) = [x for x in diags if x.code == "bad_value"]
    assert "the trump is read as not known, and unless the rest of the record fixes it" in bad.message
    assert "[Trump] written but not read" in d.message_en
    (dealer,) = [x for x in hr.derived if x.fact == "dealer"]
    assert "[Dealer] written but not read: it names no seat" in dealer.message_en and hr.outcome is not None


def test_check_reads_the_file_with_the_place_kept(tmp_path):
    # a JSON file read by `tractor check` (each hand's positions a JsonOrigin naming the file)
    path = tmp_path / "j3.json"
    path.write_text(_json("trump", 3), encoding="utf-8")
    r = run_in("check", path)
    assert "[Trump] written but not read: it names no trump" in r.stdout
    assert "[Trump] not stated" not in r.stdout


def test_a_json_origin_keeps_its_places_through_pickling():
    origin = JsonOrigin(JsonFile("x.json", "json", "utf-8", 10), (), 10, (("trump", 1, 268),))
    again = pickle.loads(pickle.dumps(origin))
    assert tuple(again) == (("trump", 1, 268),) and (again.file.path, again.match, again.size) == ("x.json", (), 10)
