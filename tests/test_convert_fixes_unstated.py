"""Two facts a record may leave unstated, and the copies ``convert`` writes (docs/format.md).

* Whether a deal was bid for (an 80fen round whose ``redeals`` is missing or ``null``): the model's
  ``bid_for_known`` was not written, so the ``.tgn`` / JSON copy said "not bid for" and ``check`` of the
  copy made a ``dealer_mismatch`` of a redealt round's dealer.  Now ``[BidFor "?"]`` / ``"bid_for": null``.
* A JSON hand without ``"number"``: the ``.tgn`` writer wrote ``[Hand "1"]`` …, which makes the copy's
  first hand the match's first deal (levels "where every match starts", a winner decided).  Now
  ``[Hand "?"]``, read as JSON reads a hand without a number.  A number given as a string of digits
  (``"number": "3"``, read as 3) is a number stated: the writers keep it.
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import format_json, parse_json
from tractor_analysis.records.fen80_reader import parse_80fen
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.records.tgn_writer import format_tgn

ROOT = Path(__file__).resolve().parent.parent
FEN80 = ROOT / "tests" / "data" / "80fen" / "sample-plays.ndjson.gz"
SPRING = ROOT / "sample_logs" / "spring-cup-r2t5.json"


def _redealt(redeals) -> tuple[str, int]:
    """An 80fen match cut after its first redealt round, whose ``redeals`` is set to ``redeals``
    (``...``: left out); the round's index."""
    raw = [json.loads(line) for line in gzip.open(FEN80, "rt", encoding="utf-8") if line.strip()]
    for m in raw:
        j = next((j for j, r in enumerate(m["rounds"]) if j > 0 and r.get("redeals", 0) > 0), None)
        if j is not None:
            break
    else:
        raise AssertionError("no redealt round in the sample")
    m["rounds"] = m["rounds"][:j + 1]
    if redeals is ...:
        del m["rounds"][j]["redeals"]
    else:
        m["rounds"][j]["redeals"] = redeals
    return json.dumps(m) + "\n", j


def _verdict(match, j):
    h = replay_match(match, PRESETS["80fen"]).hands[j]
    return ([v.code for v in h.violations], [(u.tag, u.withheld) for u in h.unknowns])


def test_an_unknown_bid_for_is_written_and_read_back_unknown():
    for redeals in (..., None):
        text, j = _redealt(redeals)
        (match,), diags = parse_80fen(text)
        assert diags == [] and not match.hands[j].bid_for_known
        first = _verdict(match, j)
        assert "dealer_mismatch" not in first[0] and ("Levels", ("dealer_check",)) in first[1]
        tgn = format_tgn(match)
        assert tgn.count('[BidFor "?"]') == 1
        doc = json.loads(format_json(match))
        assert [h.get("bid_for", False) for h in doc["hands"]].count(None) == 1
        for (copy,), cdiags in (parse_tgn(tgn), parse_json(format_json(match))):
            assert cdiags == [] and copy == match
            assert not copy.hands[j].bid_for and not copy.hands[j].bid_for_known
            assert all(h.bid_for_known for i, h in enumerate(copy.hands) if i != j)
            assert _verdict(copy, j) == first                # before: a dealer_mismatch in the copy


def test_bid_for_values():
    base = '[Ruleset "80fen"]\n\n[Hand "1"]\n[Dealer "N"]\n[Trump "S"]\n[Level "2"]\n\n[Hand "2"]\n[Dealer "E"]\n' \
           '[Trump "S"]\n[Level "2"]\n'
    for value, bid_for, known, codes in (("yes", True, True, []), ("no", False, True, []), ("?", False, False, []),
                                         ("maybe", False, False, ["bad_value"])):
        (m,), diags = parse_tgn(base + f'[BidFor "{value}"]\n')
        # hand 1 is tags alone, hand 2 after it: the reader says so (s18), whatever [BidFor] says
        assert [(d.code, d.hand) for d in diags] == [("tags_only_hand", 1)] + [(c, 2) for c in codes]
        diags = diags[1:]
        assert (m.hands[1].bid_for, m.hands[1].bid_for_known) == (bid_for, known), value
        if codes:
            assert '"?"' in diags[0].message and " / " in diags[0].message
    doc = {"hands": [{"number": 1, "dealer": "N", "trump": "S", "bid_for": None}]}
    (m,), diags = parse_json(json.dumps(doc))
    assert not m.hands[0].bid_for_known and not m.hands[0].bid_for
    doc["hands"][0]["bid_for"] = "yes"
    _, diags = parse_json(json.dumps(doc))
    assert [d.code for d in diags] == ["json_shape"] and "null" in diags[0].message


def _spring(number=...) -> str:
    doc = json.loads(SPRING.read_text(encoding="utf-8"))
    doc.pop("levels", None)
    if number is ...:
        del doc["hands"][0]["number"]
    else:
        doc["hands"][0]["number"] = number
    return json.dumps(doc)


def test_a_hand_without_a_number_stays_without_one_in_tgn():
    (match,), diags = parse_json(_spring())
    assert diags == [] and not match.hands[0].number_known
    tgn = format_tgn(match)
    assert '[Hand "?"]' in tgn and '[Hand "1"]' not in tgn and '[Hand "2"]' in tgn
    (copy,), cdiags = parse_tgn(tgn)
    assert cdiags == [] and copy == match
    assert copy.hands[0].number == 1 and not copy.hands[0].number_known and copy.hands[1].number_known
    ours, theirs = replay_match(match), replay_match(copy)
    assert theirs.hands[0].levels_before == ours.hands[0].levels_before == (None, 2)
    (u,) = [u for u in theirs.hands[0].unknowns if u.tag == "Levels"]
    assert "first hand gives no number" in u.message_en
    assert not [d for d in theirs.hands[0].derived if "every match starts" in d.source]
    assert (theirs.winner, theirs.decided_by) == (ours.winner, ours.decided_by)
    again = json.loads(format_json(copy))          # and back to JSON: still no number
    assert "number" not in again["hands"][0]


def test_a_hand_marked_unnumbered_later_in_tgn():
    text = '[Hand "4"]\n[Dealer "N"]\n[Trump "S"]\n[Level "2"]\n\n[Hand "?"]\n[Dealer "E"]\n[Trump "S"]\n'
    (m,), diags = parse_tgn(text)
    # hand 4 is tags alone, a hand after it: the reader says so (s18); nothing about the numbers
    assert [(d.code, d.hand) for d in diags] == [("tags_only_hand", 4)] and [h.number for h in m.hands] == [4, 5]
    assert [h.number_known for h in m.hands] == [True, False]
    assert format_tgn(m).count('[Hand "?"]') == 1


def test_a_number_given_as_digits_is_stated():
    (match,), diags = parse_json(_spring("1"))
    assert diags == [] and match.hands[0].number == 1 and match.hands[0].number_known
    assert '[Hand "1"]' in format_tgn(match)
    assert json.loads(format_json(match))["hands"][0]["number"] == 1


def test_convert_to_tgn_writes_the_question_mark(tmp_path):
    src = tmp_path / "nonum.json"
    src.write_text(_spring(), encoding="utf-8")
    r = CliRunner().invoke(main, ["convert", str(src), "--to", "tgn"], catch_exceptions=False)
    assert r.exit_code == 0 and '[Hand "?"]' in r.stdout
    out = tmp_path / "copy.tgn"
    out.write_text(r.stdout, encoding="utf-8")
    checks = [json.loads(CliRunner().invoke(main, ["check", "--json", str(p)]).stdout)["files"][0]
              for p in (src, out)]
    assert checks[0]["matches"][0]["winner"] == checks[1]["matches"][0]["winner"]
    assert checks[0]["hands"][0]["levels_before"] == checks[1]["hands"][0]["levels_before"]
