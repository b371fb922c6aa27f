"""The platform readers (80fen, Botzone) and the JSON reader invent nothing a log does not state.

Each record here is a real log of the samples (tests/data/80fen, tests/data/botzone) or a JSON
record as a user would write it, with one field left out, ``null``, cut short or repeated — what
a log damaged in transit or written by a careless exporter looks like.  What the log does not
state gives no verdict (docs/format.md "Records from other tables"; docs/rules.md §14), a round
cut short is a record that ends early, a round left out breaks the chain of levels and dealers.
"""
from __future__ import annotations

import functools
import gzip
import json
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.referee import hand_findings, tag_value
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.botzone_reader import parse_botzone
from tractor_analysis.records.fen80_reader import parse_80fen
from tractor_analysis.records.json_reader import parse_json
from tractor_analysis.records.rulesets import PRESETS

DATA = Path(__file__).parent / "data"


@functools.cache
def _fen_text() -> str:
    return gzip.open(DATA / "80fen" / "sample-plays.ndjson.gz", "rt", encoding="utf-8").read().splitlines()[0]


def _fen(change) -> str:
    """The sample's first 80fen match (21 rounds) with ``change(match)`` applied, as one NDJSON line."""
    m = json.loads(_fen_text())
    change(m)
    return json.dumps(m, separators=(",", ":")) + "\n"


def _round(i: int, **fields):
    """A change setting (or, with ``...``, removing) fields of round ``i`` (0-based)."""
    def change(m):
        for k, v in fields.items():
            if v is ...:
                m["rounds"][i].pop(k)
            else:
                m["rounds"][i][k] = v
    return change


def _read(text: str):
    [match], diags = parse_80fen(text)
    return match, diags


def _findings(match, number: int):
    result = replay_match(match, PRESETS["80fen"])
    [(hand, res)] = [(h, r) for h, r in zip(match.hands, result.hands) if h.number == number]
    return hand, res, hand_findings(hand, res)


# --- 1. a verdict the log does not state gives no Referee: tag --------------------------------------

def test_80fen_a_missing_levels_up_gives_no_outcome_to_compare():
    # round 2: the dealer's side holds (defendersWin false); declLevelsUp, how far it went up, is left out
    match, diags = _read(_fen(_round(1, declLevelsUp=...)))
    hand, res, found = _findings(match, 2)
    assert diags == []
    assert tag_value(hand.tags, "Referee:Outcome") is None          # not "defenders +0"
    assert tag_value(hand.tags, "Referee:NextDealer") == "W"       # defendersWin alone names it
    assert found == [] and res.outcome is not None and res.outcome.levels == 1


def test_80fen_a_null_winner_gives_no_outcome_nor_next_dealer():
    match, diags = _read(_fen(_round(0, defendersWin=None)))
    hand, res, found = _findings(match, 1)
    assert diags == []
    assert tag_value(hand.tags, "Referee:Outcome") is None and tag_value(hand.tags, "Referee:NextDealer") is None
    assert found == []


def test_80fen_a_null_last_trick_winner_gives_no_bottom_verdict():
    match, diags = _read(_fen(_round(0, defWonLast=None)))
    hand, res, found = _findings(match, 1)
    assert diags == []
    assert tag_value(hand.tags, "Referee:Bottom") is None             # not "... defenders"
    assert found == []


def test_80fen_a_verdict_of_the_wrong_kind_is_still_an_error():
    # left out / null is "not stated"; "yes" is a value of the wrong kind: the round is left out, said so
    match, diags = _read(_fen(_round(0, defendersWin="yes")))
    assert [(d.code, d.hand) for d in diags] == [("bad_value", 1)] and "'defendersWin'" in diags[0].message
    assert [h.number for h in match.hands][:2] == [2, 3]


def _botzone_without_a_trick_score() -> tuple[str, int]:
    """The first Botzone sample match with ``display.get_score`` left out of the last judge entry
    that names a trick's points (a trick the attackers took), and those points."""
    line = gzip.open(DATA / "botzone" / "sample.ndjson.gz", "rt", encoding="utf-8").readline()
    m = json.loads(line)
    for e in reversed(m["log"]):
        out = e.get("output") if isinstance(e, dict) else None
        if out and out["command"] == "request" and out.get("display", {}).get("get_score"):
            lost = out["display"].pop("get_score")
            return json.dumps(m) + "\n", lost
    raise AssertionError("no trick points in the sample's first match")


def test_botzone_a_missing_trick_score_gives_no_points_verdict():
    text, lost = _botzone_without_a_trick_score()
    assert lost > 0
    [match], diags = parse_botzone(text)
    hand = match.hands[0]
    assert diags == []
    assert tag_value(hand.tags, "Referee:Points") is None           # not the sum with 0 for the missing trick
    assert tag_value(hand.tags, "Referee:Total") is not None       # total_score says it still
    res = replay_match(match, PRESETS["botzone"]).hands[0]
    assert hand_findings(hand, res) == []


# --- 2. a round whose plays stop short is a record that ends early ----------------------------------

def _drop_last_trick(m):
    m["rounds"][1]["plays"].pop()          # round 2 says "tricks": 21; 20 are left


def test_80fen_a_round_cut_short_has_no_deal_and_no_outcome():
    match, diags = _read(_fen(_drop_last_trick))
    [d] = diags
    en, zh = d.message.split(" / ", 1)
    assert (d.code, d.line, d.hand) == ("missing_deal", 1, 2)
    assert d.column > 1         # (session 18 M: the column of the round's "plays", no longer 1)
    assert "stops after trick 20 of 21" in en and "第 20 轮后中断（共 21 轮）" in zh
    hand, res, found = _findings(match, 2)
    assert hand.deal is None and len(hand.tricks) == 20
    assert not res.complete and res.outcome is None and res.legal is not True
    assert found == []                    # no "the referee says defenders +1, the engine says incomplete"
    assert tag_value(hand.tags, "Referee:Outcome") is None and tag_value(hand.tags, "Referee:Winners")


def test_80fen_a_round_cut_short_through_check_json(tmp_path):
    f = tmp_path / "cut.ndjson"
    f.write_text(_fen(_drop_last_trick), encoding="utf-8")
    out = CliRunner().invoke(main, ["check", "--json", str(f)], catch_exceptions=False)
    doc = json.loads(out.output)["files"][0]
    [err] = doc["errors"]
    assert err["code"] == "missing_deal" and err["line"] == 1
    [h2] = [h for h in doc["hands"] if h["hand"] == 2]
    assert h2["complete"] is False and h2["outcome"] is None and h2["claim_matches"] is None
    assert not [v for v in h2["violations"] if v["code"] == "referee_mismatch"]


# --- 3. a round left out breaks the chain; a null total is only the claim left out -----------------

def test_80fen_a_round_left_out_breaks_the_chain_for_the_next():
    match, diags = _read(_fen(_round(1, trump=...)))
    [d] = diags
    assert d.code == "bad_value" and d.hand == 2
    assert "not checked (the round before it was left out)" in d.message and "下一局的级别和庄家不予核对" in d.message
    numbers = [h.number for h in match.hands]
    assert numbers[:3] == [1, 3, 4]                                    # its number is left out
    assert [h.follows_skipped for h in match.hands[:3]] == [False, True, False]
    res = replay_match(match, PRESETS["80fen"]).hands[1]
    assert [u.withheld for u in res.unknowns if u.tag == "Levels"] == [("level_check", "dealer_check")]
    assert not [v for v in res.violations if v.code in ("level_mismatch", "dealer_mismatch")]


def test_80fen_a_null_total_leaves_the_claim_out_not_the_round():
    match, diags = _read(_fen(_round(1, total=None)))
    assert diags == []
    assert [h.number for h in match.hands][:3] == [1, 2, 3] and match.hands[1].claim is None
    # a total of the wrong kind is still an error
    match, diags = _read(_fen(_round(1, total="55")))
    assert [(d.code, d.hand) for d in diags] == [("bad_value", 2)] and "'total'" in diags[0].message


# --- 4. a repeated round number ------------------------------------------------------------------

def test_80fen_a_repeated_round_number_is_a_duplicate_hand(tmp_path):
    text = _fen(_round(1, no=1))
    match, diags = _read(text)
    [d] = diags
    assert (d.code, d.line, d.column, d.hand) == ("duplicate_hand", 1, 1, 1)
    assert "rounds 1 and 2" in d.message and "重复" in d.message
    f = tmp_path / "dup.ndjson"
    f.write_text(text, encoding="utf-8")
    out = CliRunner().invoke(main, ["check", str(f)], catch_exceptions=False)
    assert f"{f}:1:1: round 1: round number 1 (field 'no') appears twice" in out.output


# --- 5. a malformed "before" ---------------------------------------------------------------------

def test_80fen_a_malformed_before_leaves_that_side_unknown():
    match, diags = _read(_fen(_round(0, before=[2, "x"])))
    [d] = diags
    assert (d.code, d.hand) == ("bad_value", 1) and "'before'" in d.message and "E-W" in d.message
    assert "东西级别未知" in d.message
    assert match.levels == (2, None)                                   # not (2, 2)
    match, diags = _read(_fen(_round(0, before="2 2")))
    assert match.levels == (None, None) and [d.code for d in diags] == ["bad_value"]


# --- 6. JSON: a claim given as a string ------------------------------------------------------------

def test_json_a_claim_given_as_a_string_is_the_wrong_shape():
    deal = {"N": ["H3"], "E": ["H4"], "S": ["H5"], "W": ["H6"]}
    trick = [{"seat": "N", "cards": ["H3"]}, {"seat": "E", "cards": ["H4"]},
             {"seat": "S", "cards": ["H5"]}, {"seat": "W", "cards": ["H6"]}]
    text = json.dumps({"hands": [{"number": 1, "dealer": "N", "trump": "S", "level": "2", "setup": True,
                                  "points": 0, "deal": deal, "tricks": [trick], "claim": "130"}]}, indent=1)
    matches, diags = parse_json(text)
    [d] = diags
    assert d.code == "json_shape" and "\"claim\" should be a whole number, not a string" in d.message
    line = next(n for n, t in enumerate(text.splitlines(), 1) if '"claim"' in t)
    assert d.line == line
    assert matches[0].hands == ()
    # the same hand with the number: read
    matches, diags = parse_json(text.replace('"130"', "130"))
    assert diags == [] and matches[0].hands[0].claim == 130



# --- the chain across a round the log lacks: nothing flagged downstream ----------------------------

def _violations_of(text: str) -> list[str]:
    match, _ = _read(text)
    result = replay_match(match, PRESETS["80fen"])
    return [v.code for h in result.hands for v in h.violations] + [v.code for v in result.problems]


def test_80fen_no_violation_downstream_of_a_round_the_log_lacks():
    """A round left out by the reader (no trump) or missing from the log itself (its object
    removed): before, hand 3 on got ``dealer_mismatch``, ``level_mismatch`` and ``referee_mismatch``
    (levels after, "the referee says 2 3, the engine says None 3"), through hand 21, and the match
    winner contradicted the log's (35 violations); now the chain is broken there, a side's level is
    learned again, and a side the engine does not know is not compared with the log's referee."""
    assert _violations_of(_fen(lambda m: None)) == []                   # the control: the whole match
    assert _violations_of(_fen(_round(1, trump=...))) == []
    assert _violations_of(_fen(lambda m: m["rounds"].pop(1))) == []
