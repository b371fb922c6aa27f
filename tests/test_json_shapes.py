"""JSON values of a shape ``docs/format.md`` does not define are refused, positioned, and never read
as an empty or default value (issue 21, cases 8 and 9): a ``players`` or ``deal`` list (no seat
order is defined for one), a trick written as an object without ``plays``, a trick with no plays,
a field a play or declaration does not have, and a value of the wrong container type in any field
the reader reads.  Each problem is ``json_shape`` at the line:column of the value concerned."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.records import format_tgn, parse_json, parse_jsonl
from tractor_analysis.records.cards import parse_card
from tractor_analysis.records.model import Hand, Match, Play, Trick
from tractor_analysis.records.tgn_writer import Unwritable


def at(text: str, needle: str, nth: int = 0) -> tuple[int, int]:
    """1-based line and column of the ``nth`` occurrence of ``needle`` in ``text``."""
    off = -1
    for _ in range(nth + 1):
        off = text.index(needle, off + 1)
    line = text.count("\n", 0, off) + 1
    return line, off - (text.rfind("\n", 0, off) + 1) + 1


def shapes(diags) -> list[tuple[int, int]]:
    return [(d.line, d.column) for d in diags if d.code == "json_shape"]


HAND = ('{"number": 1, "dealer": "N", "trump": "H", "level": "2", "setup": true, '
        '"deal": {"N": ["SA"], "E": ["S3"], "S": ["S4"], "W": ["S5"]}, "first_trick": 16, '
        '"tricks": %s}')
PLAYS = '[{"seat": "N", "cards": ["SA"]}, {"seat": "E", "cards": ["S3"]}, ' \
        '{"seat": "S", "cards": ["S4"]}, {"seat": "W", "cards": ["S5"]}]'


# --- case 8: "players" as a list ---------------------------------------------------

def test_players_as_a_list_is_refused_not_read_as_north_east_south_west():
    text = '{"event": "x",\n "players": ["a", "b", "c", "d"],\n "hands": []}'
    matches, diags = parse_json(text)
    assert matches == []                                  # the match is skipped, not guessed
    assert [d.code for d in diags] == ["json_shape"]
    assert (diags[0].line, diags[0].column) == at(text, '["a"')
    en, zh = diags[0].message.split(" / ", 1)
    assert "which seat" in en and "座位" in zh


def test_deal_as_a_list_of_four_is_refused():
    text = ('{"hands": [{"number": 1, "dealer": "N", "trump": "H",\n'
            ' "deal": [["SA"], ["S3"], ["S4"], ["S5"]], "tricks": []}]}')
    (m,), diags = parse_json(text)
    assert m.hands == ()
    assert shapes(diags) == [at(text, '[["SA"]')]


# --- case 9: a trick written as an object ---------------------------------------------

TRICK_OBJECT = ('{"0": {"seat": "N", "cards": ["SA"]}, "1": {"seat": "E", "cards": ["S3"]}, '
                '"2": {"seat": "S", "cards": ["S4"]}, "3": {"seat": "W", "cards": ["S5"]}}')


def test_a_trick_written_as_an_object_of_plays_is_json_shape_at_the_trick():
    text = '{"hands": [\n' + HAND % ("[\n  " + TRICK_OBJECT + "]") + "]}"
    (m,), diags = parse_json(text)
    assert m.hands == ()                                   # skipped, not an empty trick 16
    assert shapes(diags) == [at(text, '{"0"')]
    assert diags[0].hand == 1 and diags[0].trick == 16
    assert '"0", "1", "2", "3"' in diags[0].message


def test_the_same_in_json_lines_points_into_the_line():
    line = '{"hands": [' + HAND % ("[" + TRICK_OBJECT + "]") + "]}"
    _, diags = parse_jsonl('{"hands": []}\n' + line + "\n")
    assert shapes(diags) == [(2, line.index('{"0"') + 1)]


def test_convert_to_tgn_of_a_trick_object_writes_nothing(tmp_path):
    src = tmp_path / "r.json"
    src.write_text('{"hands": [' + HAND % ("[" + TRICK_OBJECT + "]") + "]}", encoding="utf-8")
    out = tmp_path / "r.tgn"
    res = CliRunner().invoke(main, ["convert", str(src), "--to", "tgn", "-o", str(out)])
    assert res.exit_code == 2 and not out.exists()
    assert "json_shape" not in res.output and "trick written as an object" in res.output


@pytest.mark.parametrize("trick, needle", [
    ('{"plays": ' + PLAYS + ', "number": 16, "winner": "N"}', '{"plays"'),   # a field a trick has not
    ('{"number": 16, "notes": ["x"]}', '{"number": 16, "notes"'),            # no plays at all
])
def test_a_trick_object_needs_plays_and_no_other_field(trick, needle):
    text = '{"hands": [' + HAND % ("[" + trick + "]") + "]}"
    (m,), diags = parse_json(text)
    assert m.hands == () and shapes(diags) == [at(text, needle)]


@pytest.mark.parametrize("trick", ["[]", '{"plays": [], "notes": ["n"]}'])
def test_a_trick_with_no_plays_is_reported_as_tgn_reports_it(trick):
    text = '{"hands": [' + HAND % ("[" + trick + "]") + "]}"
    (m,), diags = parse_json(text)
    assert shapes(diags) == [at(text, trick[:2] if trick == "[]" else "[]")]
    assert "no plays" in diags[0].message and "没有出牌" in diags[0].message
    assert m.hands[0].tricks[0].plays == ()               # kept empty, like a .tgn "16." line


def test_tgn_writer_refuses_an_empty_trick_its_reader_would_refuse():
    hand = Hand(number=1, dealer=0, trump=1, level=2, setup=True, first_trick=16,
                tricks=(Trick(16, ()),))
    with pytest.raises(Unwritable, match="no plays"):
        format_tgn(Match(hands=(hand,)))


# --- a field a play or declaration does not have ---------------------------------------

def test_a_field_a_play_does_not_have_is_reported_and_ignored():
    text = '{"hands": [' + HAND % ('[[{"seat": "N", "cards": ["SA"], "winner": true}]]') + "]}"
    (m,), diags = parse_json(text)
    assert shapes(diags) == [at(text, "true}]]")]
    assert m.hands[0].tricks[0].plays == (Play(0, (parse_card("SA"),), None, (), 0, 0),)


def test_a_declaration_needs_its_cards():
    text = ('{"hands": [{"number": 1, "dealer": "N", "trump": "H",\n'
            ' "declarations": [{"seat": "N", "cards": ["H2"]}, {"seat": "E"}], "tricks": []}]}')
    (m,), diags = parse_json(text)
    assert m.hands == () and shapes(diags) == [at(text, '{"seat": "E"}')]


def test_a_null_dealer_in_a_full_hand_is_missing_not_silently_unknown():
    (m,), diags = parse_json('{"hands": [{"number": 1, "dealer": null, "trump": "H", "tricks": []}]}')
    assert [d.code for d in diags] == ["missing_tag"] and "dealer" in diags[0].message


# --- every container field of the reader: the wrong type is json_shape at the value ---------

FULL = {"event": "e", "players": {"N": "a", "E": "b", "S": "c", "W": "d"}, "ruleset": "standard",
        "rules": {"throw_penalty": "none"}, "levels": {"NS": "2", "EW": "2"}, "notes": ["m"],
        "tags": [["Scorer", "z"]],
        "hands": [{"number": 1, "dealer": "N", "trump": "S", "level": "2",
                   "declarations": [{"seat": "N", "cards": ["S2"]}],
                   "deal": {"N": ["SA"], "E": ["S3"], "S": ["S4"], "W": ["S5"]},
                   "bottom": ["H3"], "buried": ["H4"], "earlier_buries": [["H5"]], "setup": False,
                   "points": 0, "first_trick": 1, "takebacks": ["N"], "notes": ["h"], "tags": [["T", "v"]],
                   "tricks": [[{"seat": "N", "cards": ["SA"], "attempted": ["SA"], "notes": ["p"]},
                               {"seat": "E", "cards": ["S3"]}, {"seat": "S", "cards": ["S4"]},
                               {"seat": "W", "cards": ["S5"]}]]}]}
"""A match with every container field the reader reads (its dealer-and-trump hand reads clean)."""

WRONG = [
    # (path, wrong value): each a type docs/format.md does not give that field
    (("players",), "abcd"), (("rules",), "throw_penalty=none"), (("rules",), [["throw_penalty"]]),
    (("levels",), ["2", "2"]), (("levels", "NS"), ["2"]), (("notes",), {"0": "m"}), (("tags",), {"Scorer": "z"}),
    (("tags", 0), "Scorer"), (("hands", 0, "declarations"), {"seat": "N", "cards": ["S2"]}),
    (("hands", 0, "declarations"), {}), (("hands", 0, "declarations", 0), ["N", "S2"]),
    (("hands", 0, "declarations", 0, "cards"), {"0": "S2"}), (("hands", 0, "deal", "N"), {"0": "SA"}),
    (("hands", 0, "bottom"), {"0": "H3"}), (("hands", 0, "buried"), 3), (("hands", 0, "earlier_buries"), "H5"),
    (("hands", 0, "earlier_buries", 0), {"0": "H5"}), (("hands", 0, "takebacks"), {}),
    (("hands", 0, "takebacks"), ""), (("hands", 0, "takebacks", 0), ["N"]), (("hands", 0, "notes"), {"0": "h"}),
    (("hands", 0, "tags"), {"T": "v"}), (("hands", 0, "tricks", 0), TRICK_OBJECT),
    (("hands", 0, "tricks", 0, 0), [["N"], ["SA"]]), (("hands", 0, "tricks", 0, 0, "cards"), {"0": "SA"}),
    (("hands", 0, "tricks", 0, 0, "attempted"), {"0": "SA"}), (("hands", 0, "tricks", 0, 0, "notes"), {"0": "p"}),
    (("hands", 0, "tricks", 0, 0, "seat"), ["N"]),
    # (a hand's "dealer", "trump" and "level" of a wrong type are bad_value, the hand kept and the field not known:
    # tests/test_json_tag_types_s23.py)
]


def _put(obj, path, value):
    for k in path[:-1]:
        obj = obj[k]
    obj[path[-1]] = value


@pytest.mark.parametrize("path, wrong", WRONG, ids=[".".join(map(str, p)) + "=" + type(w).__name__
                                                    for p, w in WRONG])
def test_a_wrong_container_type_is_json_shape_at_the_value(path, wrong):
    doc = json.loads(json.dumps(FULL))
    if isinstance(wrong, str) and wrong.startswith("{"):
        wrong = json.loads(wrong)
    _put(doc, path, wrong)
    text = json.dumps(doc, ensure_ascii=False, indent=1)
    matches, diags = parse_json(text)
    # the lines the wrong value spans (indent=1 puts each element of a container on a line of its own)
    marker = "\ufff0"
    _put(doc, path, marker)
    first = next(i for i, ln in enumerate(json.dumps(doc, ensure_ascii=False, indent=1).split("\n"))
                 if marker in ln) + 1
    last = first + json.dumps(wrong, ensure_ascii=False, indent=1).count("\n")
    assert any(d.code == "json_shape" and first <= d.line <= last for d in diags), (
        first, last, [(d.code, d.line, d.message) for d in diags])
    assert all(d.line >= 1 and d.column >= 1 for d in diags)


def test_the_full_record_of_that_table_reads_clean():
    """The table above changes one value of a record that reads without a problem."""
    (m,), diags = parse_json(json.dumps(FULL))
    assert diags == [] and len(m.hands) == 1 and len(m.hands[0].tricks) == 1


@pytest.mark.parametrize("record", [
    '{"hands": [' + HAND % "[[]]" + "]}",                                          # an empty trick
    '{"a b": "x", "hands": [{"number": 1, "dealer": "N", "trump": "H", "tricks": []}]}',   # no .tgn tag name
])
def test_ingest_stores_a_match_tgn_cannot_hold_without_its_record_text(tmp_path, record):
    """The dataset keeps each match's ``.tgn`` text; a match ``.tgn`` cannot hold has none (its
    pages are drawn from its file), never a traceback."""
    import pandas as pd

    src = tmp_path / "r.json"
    src.write_text(record, encoding="utf-8")
    res = CliRunner().invoke(main, ["ingest", str(src), "-o", str(tmp_path / "ds")])
    assert res.exception is None or isinstance(res.exception, SystemExit), res.output
    assert res.exit_code in (0, 1, 2) and "Traceback" not in res.output
    assert len(pd.read_parquet(tmp_path / "ds" / "matches")) == 1
    records = tmp_path / "ds" / "records"
    assert not records.exists() or len(pd.read_parquet(records)) == 0


def test_a_rule_whose_value_is_null_is_refused_not_written_as_nothing():
    """Found by the odd-records round trip: ``"rules": [["throw_penalty", null]]`` was read without
    a word, and ``convert --to tgn`` then failed on the missing value (a traceback)."""
    import json as _json

    from tractor_analysis.records.json_reader import parse_json
    for rules in ([["throw_penalty", None]], {"throw_penalty": None}):
        matches, diags = parse_json(_json.dumps({"rules": rules, "hands": []}))
        assert [d.code for d in diags] == ["json_shape"] and "not null" in diags[0].message
        assert "而不是 null" in diags[0].message
