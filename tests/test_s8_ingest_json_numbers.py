"""A JSON value that is no whole number never becomes a diagnostic's number: JSON's ``true`` is a
``bool``, which Python counts as an ``int``, and a diagnostic whose ``hand`` was ``True`` printed
``hand True`` and made the dataset refuse the whole batch (``ArrowTypeError: Expected integer, got
bool``).  Each diagnostic's ``hand`` and ``trick`` are ``None`` or an ``int`` that is no ``bool``,
its ``line`` and ``column`` an ``int`` that is no ``bool`` — on the detailed reader and with the
compiled whole-hand core alike, which give the same diagnostics, value for value and type for type."""
from __future__ import annotations

import json

from click.testing import CliRunner
from hypothesis import given, settings, strategies as st

from tractor_analysis.cli.main import main
from tractor_analysis.records import json_fast, parse_json, parse_jsonl

_PLAY = {"seat": "N", "cards": ["SA"]}
_ODD = [True, False, None, 0, 1, 7, -1, 2.0, "3", "x", [], {}]
"""Values put where a whole number is read (bools first: they are the case that slipped through)."""


def _whole(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _typed(diags) -> list[str]:
    """The diagnostics whose numbers are of the wrong type (for the assertion message)."""
    bad = []
    for d in diags:
        if not (d.hand is None or _whole(d.hand)) or not (d.trick is None or _whole(d.trick)) \
                or not _whole(d.line) or not _whole(d.column):
            bad.append(f"{d.code} hand={d.hand!r} trick={d.trick!r} line={d.line!r} column={d.column!r}")
    return bad


def test_a_hand_numbered_true_is_named_by_its_place_not_true():
    (m,), diags = parse_json('{"hands": [{"number": true, "dealer": "N", "trump": "H", "level": "2", '
                             '"tricks": []}]}')
    assert m.hands == ()
    [d] = diags
    assert d.code == "json_shape" and type(d.hand) is int and d.hand == 1 and d.trick is None
    assert d.message.startswith("hand 1: ") and "True" not in d.message


def test_check_json_gives_a_number_never_true(tmp_path):
    path = tmp_path / "a.json"
    path.write_text('{"hands": [{"number": false, "dealer": "N", "trump": "H"}, '
                    '{"number": true, "dealer": "E", "trump": "S"}]}', encoding="utf-8")
    res = CliRunner().invoke(main, ["check", "--json", str(path)])
    doc = json.loads(res.output)
    errors = doc["files"][0]["errors"]
    assert [(e["code"], e["hand"]) for e in errors] == [("json_shape", 1), ("json_shape", 2)]
    assert all(type(e["hand"]) is int for e in errors)      # (json.dumps(True) is "true": not equal to 1 here)
    text = CliRunner().invoke(main, ["check", str(path)]).output
    assert "hand True" not in text and "hand False" not in text and "hand 2: " in text


def _hand(number, trick_number, first_trick, points, claim) -> dict:
    hand = {"dealer": "N", "trump": "H", "level": "2",
            "tricks": [{"number": trick_number, "plays": [_PLAY]}, [dict(_PLAY, seat="E")]]}
    for key, value in (("number", number), ("first_trick", first_trick), ("points", points), ("claim", claim)):
        if value is not _ABSENT:
            hand[key] = value
    return hand


_ABSENT = object()
_VALUE = st.sampled_from(_ODD + [_ABSENT])


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(_VALUE, st.sampled_from(_ODD), _VALUE, _VALUE, _VALUE), min_size=1, max_size=4),
       st.booleans())
def test_no_diagnostic_number_is_a_bool_and_both_readers_agree(hands, as_lines):
    doc = {"hands": [_hand(*h) for h in hands]}
    text = json.dumps(doc)
    parse = parse_jsonl if as_lines else parse_json
    fast = parse(text)
    saved = json_fast.fast_hand
    json_fast.fast_hand = None          # the detailed reader only
    try:
        slow = parse(text)
    finally:
        json_fast.fast_hand = saved
    assert _typed(fast[1]) == [] and _typed(slow[1]) == []
    assert fast == slow and repr(fast) == repr(slow)      # repr: True and 1 are equal, their reprs are not


def test_an_80fen_round_numbered_true_is_named_by_its_place_not_true():
    """80fen's reader took a round's ``"no": true`` as a hand number (Python's bools are ints): hand True,
    "round True: …" — an analyst's probe found it beside the JSON reader's; and the dataset's int16 columns
    kept a True (``rows._small``)."""
    import gzip
    import json
    from pathlib import Path

    from tractor_analysis.dataset.rows import _small
    from tractor_analysis.records.fen80_reader import parse_80fen

    sample = Path(__file__).resolve().parent / "data" / "80fen" / "sample-plays.ndjson.gz"
    m = json.loads(gzip.open(sample, "rt", encoding="utf-8").readline())
    m["rounds"] = m["rounds"][:2]
    m["rounds"][0]["no"] = True
    m["rounds"][0]["declSeat"] = 9
    matches, diags = parse_80fen(json.dumps(m))
    assert all(type(h.number) is int for h in matches[0].hands)
    assert all(d.hand is None or type(d.hand) is int for d in diags)
    assert not any("True" in d.message for d in diags)
    assert _small(True) is None and _small(5) == 5 and _small(None) is None
