"""Typed tags (``[Name:json "…"]``, a JSON field kept as a tag) have the JSON reader's depth limit
(issue 21, case 10): past it the ``.tgn`` reader says ``too_deep`` at the bracket, and no writer
recurses on the value or writes a ``.json`` nested past what its reader reads."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.records import format_json, format_jsonl, format_tgn, parse_json, parse_jsonl, parse_tgn
from tractor_analysis.records.limits import MAX_DEPTH
from tractor_analysis.records.model import Hand, Match

HAND = '\n[Hand "1"]\n[Dealer "N"]\n[Trump "H"]\n[Level "2"]\n'


def nested(n: int, open_: str = "[", close: str = "]") -> str:
    return open_ * n + "1" + close * n


def test_a_typed_tag_nested_thousands_deep_is_too_deep_at_its_bracket(tmp_path):
    value = nested(3000)
    text = f'[Event "x"]\n[Deep:json "{value}"]\n' + HAND
    (m,), diags = parse_tgn(text)
    assert [(d.code, d.line, d.column) for d in diags] == [("too_deep", 2, 13 + MAX_DEPTH)]
    assert m.tags == (("Deep:json", value),)               # kept as written, as text
    en, zh = diags[0].message.split(" / ", 1)
    assert "Deep:json" in en and str(MAX_DEPTH) in en and "Deep:json" in zh and str(MAX_DEPTH) in zh
    src = tmp_path / "deep.tgn"
    src.write_text(text, encoding="utf-8")
    res = CliRunner().invoke(main, ["convert", str(src), "--to", "json"])
    assert isinstance(res.exception, SystemExit) and res.exit_code == 2      # no RecursionError
    assert f"{src}:2:{13 + MAX_DEPTH}:" in res.output


def test_the_bracket_is_found_through_the_value_escapes():
    value = nested(70, '{\\"a\\":', "}")                   # {\"a\":{\"a\":… as written in .tgn
    text = f'[Event "x"]\n[Deep:json "{value}"]\n' + HAND
    _, diags = parse_tgn(text)
    assert [(d.code, d.line, d.column) for d in diags] == [("too_deep", 2, 13 + MAX_DEPTH * len('{\\"a\\":'))]


def test_a_typed_tag_at_the_limit_reads_without_a_problem_and_past_it_does_not():
    assert parse_tgn(f'[X:json "{nested(MAX_DEPTH)}"]\n' + HAND)[1] == []
    assert [d.code for d in parse_tgn(f'[X:json "{nested(MAX_DEPTH + 1)}"]\n' + HAND)[1]] == ["too_deep"]


def _match(tags=(), hand_tags=()) -> Match:
    return Match(hands=(Hand(number=1, dealer=0, trump=1, level=2, tags=tuple(hand_tags)),), tags=tuple(tags))


@pytest.mark.parametrize("where", ["match", "hand"])
def test_writers_do_not_recurse_on_a_deep_typed_value_and_keep_it(where):
    tag = ("Deep:json", nested(5000))
    m = _match(tags=[tag]) if where == "match" else _match(hand_tags=[tag])
    for matches, diags in (parse_json(format_json(m)), parse_jsonl(format_jsonl([m]))):
        assert matches == [m]                              # the tag kept as its text
        assert [d.code for d in diags] == ["too_deep"]     # and said of, as the .tgn reader says it


@pytest.mark.parametrize("depth, where, as_field", [
    (MAX_DEPTH - 1, "match", True),     # a match's field is one level down: 1 + 63 = 64 levels
    (MAX_DEPTH, "match", False),        # 65: kept as the string field "Deep:json"
    (MAX_DEPTH - 3, "hand", True),      # a hand's field is three levels down: 3 + 61 = 64
    (MAX_DEPTH - 2, "hand", False),
])
def test_a_typed_value_becomes_a_field_only_where_the_json_stays_within_the_limit(depth, where, as_field):
    tag = ("Deep:json", nested(depth))
    m = _match(tags=[tag]) if where == "match" else _match(hand_tags=[tag])
    text = format_json(m)
    obj = json.loads(text)
    holder = obj if where == "match" else obj["hands"][0]
    assert ("Deep" in holder) is as_field and ("Deep:json" in holder) is not as_field
    assert parse_json(text) == ([m], [])
    # and through .tgn, which reads the value (at most MAX_DEPTH deep) without a problem
    assert parse_tgn(format_tgn(m)) == ([m], [])


def test_a_json_string_field_named_as_a_typed_tag_has_the_same_limit():
    """``"x:json": "[[[…"`` in a ``.json`` is the tag ``x:json``, which ``.tgn`` writes as
    ``[x:json "[[[…"]``: both readers say ``too_deep`` of it, so no clean record turns into one
    its other reader refuses."""
    deep = nested(MAX_DEPTH + 6)
    text = json.dumps({"x:json": deep, "hands": [{"number": 1, "dealer": "N", "trump": "H", "tricks": [],
                                                  "tags": [["y:json", deep]]}]}, indent=1)
    (m,), diags = parse_json(text)
    lines = text.split("\n")
    where = [next(i for i, ln in enumerate(lines) if key in ln) + 1 for key in ('"x:json"', '"tags"')]
    assert [(d.code, d.line) for d in diags] == [("too_deep", where[0]), ("too_deep", where[1])]
    assert m.tags == (("x:json", deep),) and m.hands[0].tags == (("y:json", deep),)
    assert [d.code for d in parse_tgn(format_tgn(m))[1]] == ["too_deep", "too_deep"]
