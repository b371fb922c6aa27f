"""A record may say that it does not know who dealt or what was trump: ``[Dealer "?"]`` and
``[Trump "?"]`` in ``.tgn``, ``"dealer": "?"`` and ``"trump": "?"`` in JSON (docs/format.md).  They
are read as unknown, as the Botzone reader leaves a match the judge ended during the deal
(``Botzone:unsettled``): the same unknown facts and withheld verdicts, and no ``missing_tag`` —
the record has stated what it knows.  The writers put ``"?"`` wherever the model holds an unknown
dealer (a hand that is not a position) or an unknown trump (a hand that is not a score sheet's).

Before: a copy of an unsettled Botzone match had no ``[Dealer]`` and no ``[Trump]``, and reading
it reported ``missing_tag`` for both — the copy raised errors the original did not, so ``tractor
check`` of the copy did not give what ``check`` of the original gave (its exit code, its errors).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import format_json, parse_json
from tractor_analysis.records.botzone_reader import parse_botzone
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.records.tgn_writer import format_tgn

from botzone_builders import illegal_call as _illegal_call
from botzone_builders import nobody_declared as _nobody_declared


def _banker_fixed() -> dict:
    """Not a first round: the banker (South) was fixed before the deal, and the deal stopped before a
    trump was: the dealer is known, the trump is not."""
    m = _nobody_declared()
    init = m["initdata"]
    init = json.loads(init) if isinstance(init, str) else init
    m["initdata"] = dict(init, first_round=False, banker=2)
    return m


UNSETTLED = {"nobody declared": _nobody_declared, "an illegal call": _illegal_call,
             "the banker fixed": _banker_fixed}


def _read(m: dict):
    (match,), diags = parse_botzone(json.dumps(m) + "\n")
    assert diags == [] and "Botzone:unsettled" in dict(match.hands[0].tags)
    return match


# --- the copies -----------------------------------------------------------------------------

@pytest.mark.parametrize("make", UNSETTLED.values(), ids=UNSETTLED.keys())
def test_the_tgn_copy_says_what_is_not_known_and_reads_back_clean(make):
    match = _read(make())
    hand = match.hands[0]
    assert not hand.trump_known
    text = format_tgn(match)
    assert '[Trump "?"]' in text and "NT" not in text
    assert ('[Dealer "?"]' in text) == (hand.dealer is None)
    assert parse_tgn(text) == ([match], [])


@pytest.mark.parametrize("make", UNSETTLED.values(), ids=UNSETTLED.keys())
def test_the_json_copy_says_what_is_not_known_and_reads_back_clean(make):
    match = _read(make())
    text = format_json(match)
    hand_doc = json.loads(text)["hands"][0]
    assert hand_doc["trump"] == "?"
    assert hand_doc["dealer"] == ("?" if match.hands[0].dealer is None else "S")
    assert parse_json(text) == ([match], [])


def _structured(file_doc: dict) -> dict:
    """What ``check --json`` says of a file, without its wording and its places in the text: the
    verdicts, the unknown facts and what each withholds, the derived facts, the errors' codes."""
    def strip(v):
        if isinstance(v, dict):
            return {k: strip(x) for k, x in v.items()
                    if k not in ("message", "message_zh", "message_en", "line", "column", "path")}
        if isinstance(v, list):
            return [strip(x) for x in v]
        return v
    return strip({k: v for k, v in file_doc.items() if k != "path"})


def _check(path: Path) -> tuple[int, dict]:
    r = CliRunner().invoke(main, ["check", "--json", str(path)], catch_exceptions=False)
    (file_doc,) = json.loads(r.stdout)["files"]
    return r.exit_code, file_doc


@pytest.mark.parametrize("make", UNSETTLED.values(), ids=UNSETTLED.keys())
@pytest.mark.parametrize("to", ["tgn", "json", "jsonl"])
def test_check_of_a_converted_copy_gives_what_check_of_the_original_gives(tmp_path, make, to):
    original = tmp_path / "match.ndjson"
    original.write_text(json.dumps(make()) + "\n", encoding="utf-8")
    code, first = _check(original)
    assert first["errors"] == [] and first["hands"][0]["trump"] is None
    assert "Trump" in [u["tag"] for u in first["hands"][0]["unknown"]]
    copy = tmp_path / f"copy.{to}"
    r = CliRunner().invoke(main, ["convert", str(original), "--to", to, "-o", str(copy)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    again_code, again = _check(copy)
    assert again["errors"] == []                      # no missing_tag: the copy states what it knows
    assert _structured(again) == _structured(first)
    assert again_code == code
    # and back again: the copy of the copy is the same text
    back = tmp_path / f"back.{to}"
    assert CliRunner().invoke(main, ["convert", str(copy), "--to", to, "-o", str(back)]).exit_code == 0
    assert back.read_text(encoding="utf-8") == copy.read_text(encoding="utf-8")


# --- reading "?" --------------------------------------------------------------------------------

HAND = """[Event "e"]

[Hand "1"]
{dealer}{trump}[Level "2"]
N: SA
E: S3
S: S4
W: S5
1. N: SA, E: S3, S: S4, W: S5
"""


def _tgn(dealer: str | None, trump: str | None) -> str:
    return HAND.format(dealer="" if dealer is None else f'[Dealer "{dealer}"]\n',
                       trump="" if trump is None else f'[Trump "{trump}"]\n')


def _unknowns(match) -> list[tuple[str, tuple[str, ...]]]:
    return [(u.tag, u.withheld) for u in replay_match(match, PRESETS["standard"]).hands[0].unknowns]


def test_dealer_and_trump_given_as_not_known_are_read_as_left_out_but_without_a_problem():
    (stated,), diags = parse_tgn(_tgn("?", "?"))
    assert diags == []
    (left_out,), missing = parse_tgn(_tgn(None, None))
    assert sorted(d.code for d in missing) == ["missing_tag", "missing_tag"]
    hand = stated.hands[0]
    assert hand.dealer is None and hand.trump is None and not hand.trump_known     # unknown, not NT
    assert stated == left_out
    assert _unknowns(stated) == _unknowns(left_out)
    assert [t for t, _ in _unknowns(stated)] == ["Trump", "Dealer"]


def test_a_dealer_given_as_not_known_is_worded_as_not_stated_not_as_a_bad_seat():
    """``[Dealer "?"]`` says the record does not know: the unknown is worded as a dealer the record
    does not state (as for the Botzone match), not as a ``[Dealer]`` that names no seat."""
    (stated,), _ = parse_tgn(_tgn("?", "H"))
    (left_out,), _ = parse_tgn(_tgn(None, "H"))
    result = replay_match(stated, PRESETS["standard"]).hands[0]
    assert [u.message_en for u in result.unknowns] == \
        [u.message_en for u in replay_match(left_out, PRESETS["standard"]).hands[0].unknowns]
    (bad,), diags = parse_tgn(_tgn("X", "H"))
    assert [d.code for d in diags] == ["unknown_seat"]      # a word that is no seat is still reported


def test_a_later_value_replaces_a_not_known_one_and_the_other_way_round():
    (m,), diags = parse_tgn(_tgn("?", "?").replace('[Level "2"]', '[Dealer "N"]\n[Trump "H"]\n[Level "2"]'))
    assert [d.code for d in diags] == ["duplicate_tag", "duplicate_tag"]
    assert m.hands[0].dealer == 0 and m.hands[0].trump_known
    (m,), diags = parse_tgn(_tgn("N", "H").replace('[Level "2"]', '[Dealer "?"]\n[Trump "?"]\n[Level "2"]'))
    assert [d.code for d in diags] == ["duplicate_tag", "duplicate_tag"]
    assert m.hands[0].dealer is None and not m.hands[0].trump_known


def test_json_dealer_and_trump_given_as_not_known():
    doc = {"hands": [{"number": 1, "dealer": "?", "trump": "?", "level": "2",
                      "deal": {"N": ["SA"], "E": ["S3"], "S": ["S4"], "W": ["S5"]},
                      "tricks": [[{"seat": "N", "cards": ["SA"]}, {"seat": "E", "cards": ["S3"]},
                                  {"seat": "S", "cards": ["S4"]}, {"seat": "W", "cards": ["S5"]}]]}]}
    (stated,), diags = parse_json(json.dumps(doc))
    assert diags == []
    (from_tgn,), _ = parse_tgn(_tgn("?", "?"))
    assert stated.hands[0] == from_tgn.hands[0]
    assert _unknowns(stated) == _unknowns(from_tgn)
    # left out (or null, an absent field) is still missing, as before
    for value in (None, "omit"):
        hand = {k: v for k, v in doc["hands"][0].items() if k not in ("dealer", "trump")}
        if value is None:
            hand |= {"dealer": None, "trump": None}
        (_,), diags = parse_json(json.dumps({"hands": [hand]}))
        assert [d.code for d in diags] == ["missing_tag", "missing_tag"]


SHEET = """[Hand "4"]
[Dealer "{dealer}"]
[Level "3"]
[ResultOnly "yes"]
[Claim "55"]
"""


def test_a_score_sheet_that_does_not_know_its_dealer_says_so():
    (m,), diags = parse_tgn(SHEET.format(dealer="?"))
    assert diags == [] and m.hands[0].result_only and m.hands[0].dealer is None
    text = format_tgn(m)
    assert '[Dealer "?"]' in text and "[Trump" not in text      # a sheet's trump may be left out
    assert parse_tgn(text) == ([m], [])
    assert parse_json(format_json(m)) == ([m], [])
    doc = json.loads(format_json(m))["hands"][0]
    assert doc["dealer"] == "?" and "trump" not in doc


def test_a_position_may_still_leave_its_dealer_out():
    text = _tgn(None, "H").replace('[Level "2"]', '[Level "2"]\n[SetUp "1"]\n[Points "0"]')
    (m,), diags = parse_tgn(text)
    assert diags == [] and m.hands[0].setup and m.hands[0].dealer is None
    assert "[Dealer" not in format_tgn(m) and "dealer" not in json.loads(format_json(m))["hands"][0]
    assert parse_tgn(format_tgn(m)) == ([m], [])
