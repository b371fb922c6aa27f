"""Two facts a record may leave out that decide what the engine checks (docs/format.md).

* A JSON record whose first hand has no ``"number"``: it is numbered 1, but nothing says it is the
  match's first deal.  Before, it was taken as one: both sides "at 2, where every match starts"
  (derived), the first declarer checked as the dealer.  Now the levels carried into it are not
  known (a side's is learned from ``"level"``) and neither check is made.
* An 80fen round without ``redeals``: before, taken as 0 (the deal not bid for), so the dealer the
  previous round named was expected, and a redealt round's bid-for dealer was a ``dealer_mismatch``.
  Now whether it was bid for is not known: the dealer is not checked, and the record says why.
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_json
from tractor_analysis.records.fen80_reader import parse_80fen
from tractor_analysis.records.rulesets import PRESETS

ROOT = Path(__file__).resolve().parent.parent
FEN80 = ROOT / "tests" / "data" / "80fen" / "sample-plays.ndjson.gz"


def test_a_json_first_hand_without_a_number_is_not_taken_as_the_matchs_first_deal():
    doc = json.loads((ROOT / "sample_logs" / "spring-cup-r2t5.json").read_text(encoding="utf-8"))
    doc.pop("levels")
    stated = replay_match(parse_json(json.dumps(doc))[0][0]).hands[0]
    assert stated.levels_before == (2, 2)                 # numbered 1: the record says where it starts
    del doc["hands"][0]["number"]
    (match,), _ = parse_json(json.dumps(doc))
    assert match.hands[0].number == 1 and not match.hands[0].number_known
    h = replay_match(match).hands[0]
    assert h.levels_before == (None, 2)                  # N–S unknown; E–W (W deals at 2) from "level"
    assert not [d for d in h.derived if "every match starts" in d.source]
    (u,) = [u for u in h.unknowns if u.tag == "Levels"]
    assert "first hand gives no number" in u.message_en and "没有局号" in u.message_zh


def test_the_json_writer_leaves_an_unknown_number_out():
    from tractor_analysis.records.json_writer import format_json
    doc = json.loads((ROOT / "sample_logs" / "spring-cup-r2t5.json").read_text(encoding="utf-8"))
    del doc["hands"][0]["number"]
    (match,), _ = parse_json(json.dumps(doc))
    again = json.loads(format_json(match))
    hands = again["hands"] if "hands" in again else again["matches"][0]["hands"]
    assert "number" not in hands[0] and hands[1]["number"] == 2


def test_an_80fen_round_without_redeals_has_its_dealer_not_checked():
    raw = [json.loads(line) for line in gzip.open(FEN80, "rt", encoding="utf-8") if line.strip()]
    for m in raw:
        j = next((j for j, r in enumerate(m["rounds"]) if j > 0 and r.get("redeals", 0) > 0), None)
        if j is not None:
            break
    else:
        raise AssertionError("no redealt round in the sample")
    m = json.loads(json.dumps(m))
    m["rounds"] = m["rounds"][:j + 1]
    del m["rounds"][j]["redeals"]
    (match,), _ = parse_80fen(json.dumps(m))
    hand = match.hands[j]
    assert not hand.bid_for and not hand.bid_for_known
    r = replay_match(match, PRESETS["80fen"]).hands[j]
    assert not [v for v in r.violations if v.code == "dealer_mismatch"]      # before: the redealt dealer
    (u,) = [u for u in r.unknowns if u.tag == "Levels"]
    assert u.withheld == ("dealer_check",) and "redealt and bid for" in u.message_en
    assert r.levels_before[0] is not None and r.levels_before[1] is not None
