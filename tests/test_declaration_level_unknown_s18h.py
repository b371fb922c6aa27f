"""A declaration is judged at its caller's level only where that level is known (docs/rules.md §9.1, §8.2).

Found by a helper (session 18) on 80fen logs: in a deal bid for (80fen ``redeals`` > 0: ``bid_dealer = last``,
each seat declaring at its own side's level) after a round that left the levels unknown, every seat declared
"at its own level" — ``None`` — so a valid call was a ``bad_declaration`` ("W declared ♥2, which declares nothing
(expected level cards None …)"), and the trump mismatch that followed added a second one and judged the hand
under both trumps — though the round states its level (``trumpRank``) and dealer (``declSeat``).

Now the dealer's side declares at the level the record states for it (``[Level]`` / ``trumpRank`` with the dealer
stated); a seat whose level is still not known has its calls judged under every value that level could take, and
only what all give stands: a call that stands under some only is an ``unknown`` (tag ``Levels``: the hand, the
seat, its cards, whose level), never a fault; a trump (or dealer) that rests on it is not checked.  Controls: a
level known — stated or carried — still faults a bad call, and a call bad at every level stays a fault (its words
no longer naming a level "None").

Every record here is built in the test (the 80fen one from the sample, damaged as the helper did).
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from tractor_analysis.engine.declarations import bid_winner
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.cards import parse_cards
from tractor_analysis.records.fen80_reader import parse_80fen
from tractor_analysis.records.model import Declaration
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.records.tgn_reader import parse_tgn

FEN = Path(__file__).parent / "data" / "80fen" / "sample-plays.ndjson.gz"
N, E, S, W = range(4)
H = 1           # hearts


# --------------------------------------------------------------------------- 80fen: the helper's record

def _fen_hand3(declared_by: int | None = None):
    """The sample's match 1, its first three rounds, with round 2's trick 8 winner (``w``) written as N: round 2
    gets no result, so the levels carried into round 3 (a deal bid for: ``redeals`` 2; W deals at ``trumpRank``
    2, its declaration ♥2) are not known.  ``declared_by``: round 3's ``declBy`` rewritten."""
    with gzip.open(FEN, "rt", encoding="utf-8") as f:
        m = json.loads(f.read().splitlines()[1])
    m["rounds"] = m["rounds"][:3]
    m["rounds"][1]["plays"][7]["w"] = N
    r = m["rounds"][2]
    assert (r["declSeat"], r["declBy"], r["trump"], r["trumpRank"], r["declStrength"]) == (W, W, "H", 2, 1)
    assert r["redeals"] > 0
    if declared_by is not None:
        r["declBy"] = declared_by
    (match,), _ = parse_80fen(json.dumps(m))
    result = replay_match(match, None)
    assert result.hands[1].outcome is None          # the damage: round 3's levels carried in are not known
    return match.hands[2], result.hands[2]


@pytest.mark.usefixtures("both_cores")
def test_80fen_dealers_call_at_the_stated_level_is_not_faulted():       # fails before
    _, hand = _fen_hand3()
    assert [v.code for v in hand.violations] == []
    assert not any(u.tag == "Trump" for u in hand.unknowns)     # judged once, under ♥ (not also under NT)
    assert hand.dealer == W and hand.trump == H and hand.outcome is not None
    assert hand.levels_after[1] == 2 and hand.levels_after[0] is None      # N–S's level stays unknown


@pytest.mark.usefixtures("both_cores")
def test_80fen_call_of_the_side_whose_level_is_unknown_is_withheld():   # fails before
    record, hand = _fen_hand3(declared_by=S)
    assert parse_cards("H2")[0] in record.deal[S]                     # S was dealt it: only its level is open
    assert [v.code for v in hand.violations] == []
    opened = [u for u in hand.unknowns if u.tag == "Levels" and "declaration" in u.message_en]
    assert len(opened) == 2
    call, trump = opened
    assert call.withheld == () and "hand 3" in call.message_en and "S's declaration ♥2" in call.message_en
    assert "N–S's level is 2" in call.message_en and "第 3 局" in call.message_zh and "南家亮 ♥2" in call.message_zh
    assert trump.withheld == ("declaration_check",) and "N–S's level" in trump.message_en


# --------------------------------------------------------------------------- .tgn: a record begun mid-match

def _tgn(declarations: str, dealer: str | None = "E", level: str = "3", trump: str = "H", levels: str | None = None):
    """Hand 5 of an 80fen match (the record begins there: the levels carried in are not known unless ``levels``
    gives them), a deal bid for, one trick, no deal lines."""
    text = "\n".join(line for line in (
        '[Ruleset "80fen"]', f'[Levels "{levels}"]' if levels else None, '[Hand "5"]', '[BidFor "yes"]',
        f'[Dealer "{dealer}"]' if dealer else None, f'[Trump "{trump}"]', f'[Level "{level}"]',
        f'[Declarations "{declarations}"]', "1. E: CA, S: C4, W: C6, N: C7") if line is not None) + "\n"
    (match,), diags = parse_tgn(text)
    assert "missing_deal" in [d.code for d in diags]
    return replay_match(match, None).hands[0]


def _opened(hand):
    return [u for u in hand.unknowns if u.tag == "Levels" and "declaration" in u.message_en]


def test_tgn_dealers_call_at_the_stated_level_is_not_faulted():         # fails before
    hand = _tgn("E: H3")
    assert [v.code for v in hand.violations] == [] and _opened(hand) == []
    assert hand.dealer == E and hand.level == 3 and not any(u.tag == "Trump" for u in hand.unknowns)


def test_tgn_other_sides_call_is_withheld_and_the_trump_still_checked():   # fails before
    hand = _tgn("N: S5 | E: H3 H3")
    assert [v.code for v in hand.violations] == []
    (call,) = _opened(hand)                       # E's pair overcalls N's single whether or not it stands: ♥
    assert call.withheld == () and "hand 5" in call.message_en and "N's declaration ♠5" in call.message_en
    assert "N–S's level is 5" in call.message_en and "北家亮 ♠5" in call.message_zh
    wrong = _tgn("N: S5 | E: H3 H3", trump="S")     # so a [Trump] against it is still found
    assert [v.code for v in wrong.violations] == ["bad_declaration"]


def test_tgn_without_dealer_nothing_rests_on_a_guessed_level():         # fails before
    hand = _tgn("E: H3", dealer=None)         # [Level] is the dealer's side's: which side is not stated
    assert [v.code for v in hand.violations] == []
    call, trump = _opened(hand)
    assert "E–W's level is 3" in call.message_en and trump.withheld == ("declaration_check",)
    assert hand.dealer is None


def test_control_levels_stated_still_fault_a_bad_call():
    hand = _tgn("N: S2 | E: H3 H3", levels="NS:5 EW:3")     # the levels stated: N declares at N–S's 5
    assert [(v.code, v.seat) for v in hand.violations] == [("bad_declaration", N)]
    assert "expected level cards 5" in hand.violations[0].message_en and _opened(hand) == []
    hand = _tgn("E: H4", levels="NS:5 EW:3")
    assert ("bad_declaration", E) in [(v.code, v.seat) for v in hand.violations]


def test_the_level_stated_for_the_dealers_side_faults_a_bad_call_at_it():    # fails before (level "None")
    hand = _tgn("E: H4")                     # E deals at the stated 3: ♥4 declares nothing
    assert ("bad_declaration", E) in [(v.code, v.seat) for v in hand.violations]
    assert any("E declared ♥4, which declares nothing (expected level cards 3 " in v.message_en
               for v in hand.violations) and _opened(hand) == []


def test_a_call_bad_at_every_level_stays_a_fault():        # fails before (its words: level "None")
    hand = _tgn("N: S5 H5 | E: H3 H3")       # two different cards declare nothing, whatever N–S's level
    assert [(v.code, v.seat) for v in hand.violations] == [("bad_declaration", N)]
    assert "level cards of its level (not known)" in hand.violations[0].message_en
    assert "自己级别（未知）的级牌" in hand.violations[0].message_zh and _opened(hand) == []


# --------------------------------------------------------------------------- the judgement itself

def _calls(text: str) -> tuple[Declaration, ...]:
    seats = {"N": N, "E": E, "S": S, "W": W}
    return tuple(Declaration(seats[p.split(":")[0].strip()], tuple(parse_cards(p.split(":")[1])))
                 for p in text.split("|"))


def test_judged_under_every_reading_of_the_unknown_level():     # fails before (no such judgement)
    from tractor_analysis.engine.declarations import judge_declarations
    fen = PRESETS["80fen"]
    calls = _calls("N: S5 | E: H3 H3")
    judged = judge_declarations(calls, 3, fen, seat_levels=(None, 3, None, 3))
    assert judged.problems == () and [(d.seat, d.own_level) for d in judged.open] == [(N, True)]
    assert judged.trump_known and judged.trump == H and judged.last == E and judged.unknown_seats == (N, S)
    calls = _calls("E: H3 | N: S5 S5")      # whether N's pair overcalls rests on N–S's level: E or N deals
    judged = judge_declarations(calls, 3, fen, seat_levels=(None, 3, None, 3))
    assert not judged.trump_known and judged.last is None and judged.first == E
    assert bid_winner(calls, 3, fen, seat_levels=(None, 3, None, 3)) is None
    assert bid_winner(calls, 3, fen, seat_levels=(5, 3, 5, 3)) == N        # known: judged as before
    assert bid_winner(calls, 3, fen, seat_levels=(2, 3, 2, 3)) == E
