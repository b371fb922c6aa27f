"""A Botzone match the judge ended during the deal (a bot timed out, or made an illegal call, before
any trump or banker was fixed): the log states no trump, so the record has none — unknown, never NT
(docs/rules.md §14.1) — and the copies written say nothing of it either (no ``[Trump]``).

Before the fix the reader left ``trump_known`` true with ``trump`` ``None``: ``check --json`` gave
``"trump": "NT"`` with no ``unknown`` item for it, and ``convert`` wrote ``[Trump "NT"]`` and
``[Declarations ""]`` (nobody declared) as if the deal had ended that way.
"""
from __future__ import annotations

import json

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import format_json, parse_json
from tractor_analysis.records.botzone_reader import parse_botzone
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.records.tgn_writer import format_tgn

from botzone_builders import illegal_call as _illegal_call
from botzone_builders import nobody_declared as _timed_out


def _read(m: dict):
    (match,), diags = parse_botzone(json.dumps(m) + "\n")
    assert diags == []
    return match


def test_a_match_ended_during_the_deal_has_no_trump_and_no_declarations_stated():
    match = _read(_timed_out())
    hand = match.hands[0]
    assert "Botzone:unsettled" in dict(hand.tags)
    assert not hand.trump_known and hand.dealer is None          # unknown, not NT
    assert not hand.declarations_known and hand.declarations == ()   # the deal stopped: not "nobody declared"
    result = replay_match(match, PRESETS["botzone"]).hands[0]
    assert [u.tag for u in result.unknowns][:1] == ["Trump"] and result.legal is None
    text = format_tgn(match)       # said not known (docs/format.md), never NT
    assert '[Dealer "?"]' in text and '[Trump "?"]' in text and "NT" not in text and "[Declarations" not in text
    doc = json.loads(format_json(match))
    hand_doc = (doc["hands"] if "hands" in doc else doc["matches"][0]["hands"])[0]
    assert hand_doc["dealer"] == hand_doc["trump"] == "?" and "declarations" not in hand_doc


def test_the_copies_read_back_as_the_same_match_and_verdicts():
    match = _read(_timed_out())
    first = replay_match(match, PRESETS["botzone"]).hands[0]
    for again in (parse_tgn(format_tgn(match)), parse_json(format_json(match))):
        (copy,), diags = again
        assert diags == []      # the copies say the dealer and the trump are not known: nothing missing
        assert copy == match
        hand = copy.hands[0]
        assert not hand.trump_known and not hand.declarations_known
        result = replay_match(copy, PRESETS["botzone"]).hands[0]
        assert [u.tag for u in result.unknowns] == [u.tag for u in first.unknowns]


def test_check_json_says_the_trump_is_unknown(tmp_path):
    path = tmp_path / "cut.ndjson"
    path.write_text(json.dumps(_timed_out()) + "\n", encoding="utf-8")
    r = CliRunner().invoke(main, ["check", "--json", str(path)], catch_exceptions=False)
    hand = json.loads(r.stdout)["files"][0]["hands"][0]
    assert hand["trump"] is None
    assert "Trump" in [u["tag"] for u in hand["unknown"]]
    r = CliRunner().invoke(main, ["convert", str(path), "--to", "tgn"], catch_exceptions=False)
    assert r.exit_code == 0 and '[Trump "?"]' in r.stdout and "NT" not in r.stdout


def test_an_illegal_call_is_still_judged_with_the_trump_unknown():
    """The calls made before the end are what the log states (kept, judged: whether a card declares
    anything rests on the level, not on the trump); the trump they would fix stays unknown."""
    match = _read(_illegal_call())
    hand = match.hands[0]
    assert not hand.trump_known and hand.declarations_known and len(hand.declarations) == 1
    vs = replay_match(match, PRESETS["botzone"]).hands[0].violations
    assert [(v.code, v.seat) for v in vs] == [("bad_declaration", 0)]
    text = format_tgn(match)
    assert '[Trump "?"]' in text and "NT" not in text and "[Declarations \"N: " in text
    (copy,), diags = parse_tgn(text)
    assert diags == [] and copy == match
