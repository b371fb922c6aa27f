"""JSON records: the format.md example, extensions, extra fields kept, and every bad shape."""
import json
from pathlib import Path

import pytest

from tractor_analysis.records.cards import parse_card
from tractor_analysis.records.diagnostics import CODES
from tractor_analysis.records import format_json, format_jsonl, match_to_dict, parse_json, parse_jsonl
from tractor_analysis.records import format_tgn, parse_tgn
from tractor_analysis.records.model import Declaration, Hand, Match, Play, Trick

BAD = Path(__file__).parent / "data" / "bad"

EXAMPLE = """\
{"event": "Spring Cup 2026", "date": "2026-03-14", "round": "2", "table": "5",
 "players": {"N": "Zhang Wei", "E": "Li Na", "S": "Wang Fang", "W": "Liu Yang"},
 "ruleset": "standard", "rules": {"bottom_multiplier": "pair_doubling"},
 "levels": {"NS": "2", "EW": "2"},
 "hands": [
   {"number": 1, "dealer": "N", "trump": "H", "level": "2",
    "declarations": [{"seat": "N", "cards": ["H2"]}],
    "deal": {"N": ["H2", "H3"], "E": [], "S": [], "W": []},
    "bottom": ["D5"], "buried": ["SK"],
    "setup": false, "points": 0, "first_trick": 1,
    "tricks": [[{"seat": "N", "cards": ["SA", "SA"]}, {"seat": "E", "cards": ["S3", "S4"]}],
               [{"seat": "E", "attempted": ["CA", "CK", "CQ"], "cards": ["CQ"]}]],
    "claim": 85, "notes": []}]}
"""


def cards(text):
    return tuple(parse_card(t) for t in text.split())


def codes(diags):
    return [(d.code, d.line, d.column, d.hand, d.trick) for d in diags]


def test_format_md_example_reads_every_field():
    (m,), diags = parse_json(EXAMPLE)
    assert diags == []
    assert (m.event, m.date, m.round, m.table) == ("Spring Cup 2026", "2026-03-14", "2", "5")
    assert m.players == ("Zhang Wei", "Li Na", "Wang Fang", "Liu Yang")
    assert m.rules == (("bottom_multiplier", "pair_doubling"),) and m.levels == (2, 2)
    h = m.hands[0]
    assert (h.number, h.dealer, h.trump, h.level, h.claim, h.setup, h.points) == (1, 0, 1, 2, 85, False, 0)
    assert h.declarations == (Declaration(0, cards("H2")),)
    assert h.deal == (cards("H2 H3"), (), (), ())
    assert h.bottom == cards("D5") and h.buried == cards("SK")
    assert h.tricks[0].plays[0] == Play(0, cards("SA SA"))
    assert h.tricks[1] == Trick(2, (Play(1, cards("CQ"), cards("CA CK CQ")),))


def test_example_written_back_has_the_format_md_fields():
    (m,), _ = parse_json(EXAMPLE)
    d = match_to_dict(m)
    original = json.loads(EXAMPLE)
    for key in ("event", "date", "round", "table", "players", "ruleset", "rules", "levels"):
        assert d[key] == original[key]
    assert d["hands"][0] == original["hands"][0]


def test_same_match_in_tgn_and_json():
    (m,), _ = parse_json(EXAMPLE)
    assert parse_tgn(format_tgn(m)) == ([m], [])


def test_a_list_of_matches_is_accepted():
    (m,), _ = parse_json(EXAMPLE)
    assert parse_json("[" + format_json(m) + "," + format_json(m) + "]") == ([m, m], [])


def test_unknown_fields_are_kept_and_written_back_as_they_came():
    doc = {"event": "x", "organizer": "上海桥牌协会", "scores": [1, 2], "flag": None,
           "hands": [{"number": 1, "dealer": "N", "trump": "NT", "table_clock": 12.5, "room": "A",
                      "setup": False, "points": 0, "first_trick": 1, "tricks": [], "notes": []}]}
    (m,), diags = parse_json(json.dumps(doc))
    assert diags == []
    assert m.tags == (("organizer", "上海桥牌协会"), ("scores:json", "[1,2]"), ("flag:json", "null"))
    assert m.hands[0].tags == (("table_clock:json", "12.5"), ("room", "A"))
    assert match_to_dict(m) == doc


def test_tags_that_cannot_be_fields_go_to_a_tags_list():
    m = Match(tags=(("event", "clash"), ("Note", "a"), ("Note", "b")), hands=(Hand(1, dealer=0),))
    d = match_to_dict(m)
    assert d["tags"] == [["event", "clash"], ["Note", "a"], ["Note", "b"]] and "event" not in d
    assert parse_json(format_json(m)) == ([m], [])


def test_trick_with_notes_or_an_odd_number_is_written_as_an_object():
    h = Hand(1, dealer=0, tricks=(Trick(1, (Play(0, cards("SA"), notes=("lead",)),), ("good",)),
                                  Trick(2, (Play(0, cards("SK")),))))
    d = match_to_dict(Match(hands=(h,)))
    assert d["hands"][0]["tricks"][0] == {"number": 1, "plays": [{"seat": "N", "cards": ["SA"], "notes": ["lead"]}],
                                          "notes": ["good"]}
    assert d["hands"][0]["tricks"][1] == [{"seat": "N", "cards": ["SK"]}]


def test_invalid_json_reports_the_decoder_position():
    matches, diags = parse_json((BAD / "invalid.json").read_text())
    assert matches == []
    assert [(d.code, d.line, d.column) for d in diags] == [("invalid_json", 3, 47)]


def test_wrong_shape_hand_is_skipped_and_the_others_kept():
    (m,), diags = parse_json((BAD / "wrong_shape.json").read_text())
    assert [h.number for h in m.hands] == [2]
    # a wrong value is pointed at (the "tricks" value), a hand that is not an object at the hand;
    # hand 2 is one trick without its deal: missing_deal (issue 21, cases 3 and 9)
    assert codes(diags) == [("json_shape", 2, 65, 1, None), ("missing_deal", 3, 12, 2, None),
                            ("json_shape", 4, 12, 3, None)]
    assert "tricks" in diags[0].message and "skipped" in diags[0].message


def test_top_level_of_the_wrong_shape():
    matches, diags = parse_json((BAD / "not_a_match.json").read_text())
    assert matches == [] and {d.code for d in diags} == {"json_shape"}
    matches, diags = parse_json('{"hands": 5}')
    assert matches == [] and diags[0].code == "json_shape"


def test_jsonl_reports_the_record_line_and_keeps_the_other_lines():
    matches, diags = parse_jsonl((BAD / "invalid_line.jsonl").read_text())
    assert [h.number for m in matches for h in m.hands] == [1, 2]
    assert codes(diags) == [("invalid_json", 3, 40, None, None), ("unknown_card", 4, 67, 2, 1),
                            ("missing_deal", 4, 12, 2, None)]        # a trick, and no deal (issue 21)
    assert matches[1].hands[0].tricks[0].plays == ()


@pytest.mark.parametrize("hand,code,trick", [
    ({"number": 1, "dealer": "Q", "trump": "H"}, "unknown_seat", None),
    ({"number": 1, "dealer": "N", "trump": "Z"}, "bad_value", None),
    ({"number": 1, "dealer": "N", "trump": "H", "level": "1"}, "bad_value", None),
    ({"number": 1, "trump": "H"}, "missing_tag", None),
    ({"number": 1, "dealer": "N"}, "missing_tag", None),
    ({"number": 1, "dealer": "N", "trump": "H", "tricks": [[{"seat": "N", "cards": ["S1"]}]]}, "unknown_card", 1),
    ({"number": 1, "dealer": "N", "trump": "H", "tricks": [[{"seat": "X", "cards": ["SA"]}]]}, "unknown_seat", 1),
    ({"number": 1, "dealer": "N", "trump": "H",
      "tricks": [[{"seat": "N", "cards": ["SA"]}, {"seat": "N", "cards": ["SK"]}]]}, "duplicate_seat", 1),
    ({"number": 1, "dealer": "N", "trump": "H",
      "tricks": [[{"seat": "N", "cards": ["SA", "SA"]}], [{"seat": "N", "cards": ["SA"]}]]}, "too_many_copies", 2),
    ({"number": 1, "dealer": "N", "trump": "H", "tricks": [{"number": 4, "plays": []}]}, "trick_sequence", 4),
    ({"number": 1, "dealer": "N", "trump": "H", "tricks": [[{"seat": "N"}]]}, "json_shape", 1),
    ({"number": "one", "dealer": "N", "trump": "H"}, "json_shape", None),
    ({"number": 1, "dealer": "N", "trump": "H", "setup": "maybe"}, "json_shape", None),
])
def test_each_bad_value_in_a_hand_gives_its_code_hand_and_trick(hand, code, trick):
    line = json.dumps({"hands": [hand]})
    _, diags = parse_jsonl("\n" + line)
    number = hand["number"] if isinstance(hand["number"], int) else 1
    assert (code, 2, number, trick) in [(d.code, d.line, d.hand, d.trick) for d in diags], diags
    for d in diags:
        assert 12 <= d.column <= len(line)      # inside the hand object, not at the line start
    for d in diags:
        assert d.code in CODES and " / " in d.message


def test_bad_rules_in_json():
    _, diags = parse_json('{"ruleset": "nope", "rules": {"x": "1", "decks": "7"}, "hands": []}')
    assert [d.code for d in diags] == ["unknown_preset", "unknown_rule", "bad_rule_value"]


def test_duplicate_hand_number_in_json_keeps_both():
    (m,), diags = parse_json('{"hands": [{"number": 1, "dealer": "N", "trump": "H"},'
                             ' {"number": 1, "dealer": "E", "trump": "S"}]}')
    # hand 1 is tags alone (no deal, no trick), a hand after it: tags_only_hand, as the .tgn reader says (s18)
    assert [h.dealer for h in m.hands] == [0, 1] and [d.code for d in diags] == ["tags_only_hand", "duplicate_hand"]


def test_jsonl_skips_blank_lines_and_empty_text_is_an_empty_file():
    assert parse_jsonl("\n\n  \n")[1][0].code == "empty_file"
    assert parse_json("  ")[1][0].code == "empty_file"
    (m,), _ = parse_json(EXAMPLE)
    assert parse_jsonl("\n" + format_jsonl([m]) + "\n\n") == ([m], [])


def test_problems_in_a_json_file_point_at_the_value():
    text = ('{"ruleset": "nope", "rules": {"x": "1", "decks": "7"},\n'
            ' "hands": [{"number": 1, "dealer": "Q", "trump": "Z",\n'
            ' "tricks": [[{"seat": "N", "cards": ["S1"]}]]}]}')
    _, diags = parse_json(text)
    assert [(d.code, d.line, d.column) for d in diags] == [
        ("unknown_preset", 1, 13), ("unknown_rule", 1, 36), ("bad_rule_value", 1, 50),
        ("unknown_seat", 2, 36), ("bad_value", 2, 50), ("unknown_card", 3, 14),
        ("missing_deal", 2, 12)]             # a trick, and no deal (issue 21): at the hand


def test_positions_in_a_list_of_matches_name_the_right_match():
    good = '{"hands": [{"number": 1, "dealer": "N", "trump": "H"}]}'
    bad = '{"hands": [{"number": 1, "dealer": "N", "trump": "H", "tricks": "x"}]}'
    _, diags = parse_json("[" + good + ",\n" + bad + "]")
    assert [(d.code, d.line, d.column) for d in diags] == [("json_shape", 2, 65)]   # the "tricks" value
