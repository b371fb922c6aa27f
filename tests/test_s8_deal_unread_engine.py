"""A deal line with a card that could not be read (``Hand.deal_unread``): the JSON reader marks the line
(the compiled path and the pure-Python one alike), and the engine rests no verdict on the line being
whole — no ``not_in_hand`` of a card it could be, no deal-size or deck ``deal_mismatch``, legality
withheld with an ``unknown`` (tag ``deal``) naming the seat and how many cards were not read — while
what does not rest on it stands (a card the decks have no room for, the other seats' faults).  When the
rest of the deal proves the card (``derived`` ``deal``) the line is whole and nothing is withheld.
(A referee's probe: ``N: H9 HX`` then N plays ``H9 H3`` was ``not_in_hand N played ♥3`` and a signable
ruling, though ♥3 may be the card not read.)"""
from __future__ import annotations

import dataclasses
import json
import subprocess
import sys

from hypothesis import given, settings, strategies as st

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.cards import NUM_KINDS, TOKEN
from tractor_analysis.records.json_reader import parse_json
from tractor_analysis.records.tgn_reader import parse_tgn

_PLAYERS = {"N": "A", "E": "B", "S": "C", "W": "D"}


def _position(n_cards, e_play=("H5", "H4"), n_play=("H9", "H3")):
    return {"players": _PLAYERS, "hands": [{
        "number": 9, "dealer": "N", "trump": "S", "level": "7", "setup": True, "points": 40, "first_trick": 24,
        "deal": {"N": n_cards, "E": ["H5", "H4"], "S": ["HA", "H10"], "W": ["HQ", "HQ"]},
        "buried": ["C3", "C4", "C5", "C6", "C7", "C8", "C9", "C10"],
        "tricks": [{"number": 24, "plays": [
            {"seat": "W", "cards": ["HQ", "HQ"]}, {"seat": "N", "cards": list(n_play)},
            {"seat": "E", "cards": list(e_play)}, {"seat": "S", "cards": ["HA", "H10"]}]}]}]}


def _read(doc):
    matches, diags = parse_json(json.dumps(doc))
    return matches[0], [d.code for d in diags]


def _judged(doc):
    match, _ = _read(doc)
    return replay_match(match).hands[0]


def _codes(h, seat=None):
    return [v.code for v in h.violations if seat is None or v.seat == seat]


# --- the reader ---------------------------------------------------------------------------

def test_json_reader_marks_the_line_with_a_card_not_read():
    match, codes = _read(_position(["H9", "HX"]))
    hand = match.hands[0]
    assert "unknown_card" in codes
    assert hand.deal[0] == (next(k for k in range(NUM_KINDS) if TOKEN[k] == "H9"),)
    assert hand.deal_unread == ((0, 1),)


def test_json_reader_counts_each_card_not_read_in_a_string_line_too():
    doc = _position("H9 HX ZZ")
    doc["hands"][0]["deal"]["E"] = ["H5", "??"]
    hand = _read(doc)[0].hands[0]
    assert hand.deal_unread == ((0, 2), (1, 1))


def test_json_reader_a_clean_deal_has_no_line_marked():
    assert _read(_position(["H9", "H3"]))[0].hands[0].deal_unread == ()


def test_json_readers_compiled_and_pure_python_agree():
    """The compiled JSON core declines a hand with a card it cannot read: both paths give the mark."""
    text = json.dumps(_position(["H9", "HX"]))
    code = ("import sys, json; from tractor_analysis.records.json_reader import parse_json; "
            "m, _ = parse_json(sys.stdin.read()); h = m[0].hands[0]; print(json.dumps([h.deal_unread, h.deal]))")
    outs = []
    for pure in ("0", "1"):
        env = {"TRACTOR_PURE_PYTHON": pure, "PATH": "/usr/bin:/bin"}
        outs.append(subprocess.run([sys.executable, "-c", code], input=text, capture_output=True, text=True,
                                   env=env, check=True, cwd="/work/main").stdout)
    assert outs[0] == outs[1]
    assert json.loads(outs[0])[0] == [[0, 1]]


# --- the engine: a position ---------------------------------------------------------------

def test_position_card_played_that_may_be_the_card_not_read_is_no_fault():
    h = _judged(_position(["H9", "HX"]))
    assert "not_in_hand" not in _codes(h)
    assert h.legal is None and not h.legality_known
    deal = [u for u in h.unknowns if u.tag == "deal"]
    assert len(deal) == 1
    assert "N's deal line has 1 card that could not be read" in deal[0].message_en
    assert "北家的发牌行有 1 张牌无法识别" in deal[0].message_zh
    assert "legality" in deal[0].withheld


def test_position_line_read_whole_is_still_judged():
    """The same position with the card readable: N played ♥3 its line does not give (unchanged), nothing said of a
    card not read.  N is left holding ♥4 when the others hold none: its line or that play is miscopied, the record's
    finding, weighed as a full hand's (docs/rules.md §1.6; round 20, tests/test_position_deal_line_s20r1.py)."""
    h = _judged(_position(["H9", "H4"]))
    assert "not_in_hand" in _codes(h, 0)
    assert not any("could not be read" in u.message_en for u in h.unknowns)
    assert all(v.of_record for v in h.violations if v.seat == 0)


def test_position_card_the_decks_have_no_room_for_is_still_not_held():
    """W holds both ♥Q: the card N did not read cannot be one, so N playing ♥Q is still a fault."""
    h = _judged(_position(["H9", "HX"], n_play=("H9", "HQ")))
    assert [v.played for v in h.violations if v.code == "not_in_hand" and v.seat == 0]


def test_position_other_seats_faults_stand():
    h = _judged(_position(["H9", "HX"], e_play=("H5", "H7")))
    assert "not_in_hand" in _codes(h, 1)
    assert "not_in_hand" not in _codes(h, 0)


def test_position_from_tgn_marked_line():
    """The .tgn probe's position: the .tgn reader marks N's line (one card not read), and the engine
    withholds the ♥3 verdict."""
    text = ('[Event "x"]\n[North "Ann"]\n[East "Bo"]\n[South "Cai"]\n[West "Dan"]\n[Levels "NS:7 EW:5"]\n\n'
            '[Hand "9"]\n[Dealer "N"]\n[Trump "S"]\n[Level "7"]\n[SetUp "1"]\n[Points "40"]\n[FirstTrick "24"]\n'
            'N: H9 HX\nE: H5 H4\nS: HA H10\nW: HQ HQ\n24. W: HQ HQ, N: H9 H3, E: H5 H4, S: HA H10\n')
    matches, _ = parse_tgn(text)
    assert matches[0].hands[0].deal_unread == ((0, 1),)         # the .tgn reader marks the line (N, 1 card)
    h = replay_match(matches[0]).hands[0]
    assert "not_in_hand" not in _codes(h)
    assert h.legal is None
    again, _ = parse_tgn(text.replace("N: H9 HX", "N: H9 H3"))
    assert again[0].hands[0].deal_unread == ()
    twice, _ = parse_tgn(text.replace("N: H9 HX\n", "N: H9 HX\nN: H9 H3\n"))      # a later line replaces it
    assert twice[0].hands[0].deal_unread == ()


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=NUM_KINDS - 1))
def test_position_any_card_with_room_is_no_not_in_hand(kind):
    """Whatever N plays beside ♥9, it is judged a card not held only when the decks have no room for it."""
    card = TOKEN[kind]
    h = _judged(_position(["H9", "HX"], n_play=("H9", card)))
    placed = sum(c == card for c in ("H9", "H5", "H4", "HA", "H10", "HQ", "HQ"))
    placed += sum(c == card for c in ("C3", "C4", "C5", "C6", "C7", "C8", "C9", "C10"))
    assert ("not_in_hand" in _codes(h, 0)) == (placed >= 2)


# --- the engine: a full hand ----------------------------------------------------------------

def _full(bottom: bool):
    doc = json.loads(_FULL)
    hv = doc["hands"][0]
    hv["deal"]["N"] = ["SAA" if c == "SA" else c for c in hv["deal"]["N"]]
    if not bottom:
        del hv["bottom"]
    return doc


def test_full_hand_line_not_proven_whole_withholds_not_the_deal():
    """No Bottom: nothing proves N's card: no deal-size or deck fault, no ♠A not held; legality withheld."""
    h = _judged(_full(False))
    assert "deal_mismatch" not in _codes(h) and "not_in_hand" not in _codes(h)
    assert h.legal is None
    assert any(u.tag == "deal" and "N's deal line has 1 card that could not be read" in u.message_en
               for u in h.unknowns)


def test_full_hand_card_the_deck_proves_is_derived_and_nothing_withheld():
    """With the bottom, the decks prove the card not read is ♠A: derived, and the line is whole — no
    deal_mismatch (it said N was dealt 24 cards and the pack lacked ♠A)."""
    h = _judged(_full(True))
    assert _codes(h) == []
    assert h.legal is True
    assert any(d.fact == "deal" and "could not be read" in d.message_en for d in h.derived)


def test_full_hand_line_short_without_unread_card_is_still_a_fault():
    """The same line with ♠A left out (not unreadable): the line is short, as before."""
    doc = json.loads(_FULL)
    hv = doc["hands"][0]
    hv["deal"]["N"] = [c for c in hv["deal"]["N"] if c != "SA"]
    del hv["bottom"]
    h = _judged(doc)
    assert "deal_mismatch" in _codes(h, 0)


_FULL = ('{"event": "Simulated 3", "site": "tractor simulate", "date": "2026.01.01", "round": "1", "table": "1'
         '", "players": {"N": "He Ping", "E": "李娜", "S": "Guo Ying", "W": "张伟"}, "ruleset": "standard", "rules'
         '": {"decide_by_levels": "on"}, "hands": [{"number": 1, "dealer": "S", "trump": "C", "level": "2", "d'
         'eclarations": [{"seat": "S", "cards": ["H2"]}, {"seat": "W", "cards": ["C2", "C2"]}], "deal": {"N": '
         '["LJ", "S2", "H2", "CJ", "SA", "S9", "S8", "S7", "S6", "S3", "S3", "HQ", "H9", "H8", "H7", "H7", "H4'
         '", "H3", "DA", "DJ", "DJ", "D9", "D7", "D7", "D3"], "E": ["LJ", "S2", "CA", "CJ", "C10", "C8", "C7",'
         ' "C6", "C4", "SQ", "SJ", "S7", "S5", "S5", "S4", "HA", "HK", "HJ", "HJ", "H9", "H6", "H5", "D10", "D'
         '10", "D9"], "S": ["H2", "D2", "CK", "CQ", "C6", "C5", "C5", "C3", "SA", "SK", "SJ", "S10", "S10", "S'
         '9", "S8", "HA", "H10", "H8", "H6", "H4", "H3", "DK", "DQ", "D6", "D5"], "W": ["BJ", "BJ", "C2", "C2"'
         ', "CA", "CK", "CQ", "C10", "C9", "C9", "C7", "C4", "C3", "SQ", "S4", "HK", "HQ", "H10", "DK", "DQ", '
         '"D8", "D6", "D5", "D4", "D3"]}, "bottom": ["S6", "D4", "DA", "D8", "SK", "C8", "H5", "D2"], "buried"'
         ': ["H8", "H6", "H4", "H3", "DQ", "D8", "D6", "D4"], "setup": false, "points": 0, "first_trick": 1, "'
         'tricks": [[{"seat": "S", "cards": ["SA", "SK", "SK"]}, {"seat": "W", "cards": ["SQ", "S4", "D3"]}, {'
         '"seat": "N", "cards": ["S6", "S3", "S3"]}, {"seat": "E", "cards": ["S5", "S5", "S4"]}], [{"seat": "S'
         '", "cards": ["DA"]}, {"seat": "W", "cards": ["D4"]}, {"seat": "N", "cards": ["D3"]}, {"seat": "E", "'
         'cards": ["D9"]}], [{"seat": "S", "cards": ["D2", "D2"]}, {"seat": "W", "cards": ["C9", "C9"]}, {"sea'
         't": "N", "cards": ["S2", "CJ"]}, {"seat": "E", "cards": ["C6", "C4"]}], [{"seat": "S", "attempted": '
         '["HA", "H10", "H5"], "cards": ["H5"]}, {"seat": "W", "cards": ["HQ"]}, {"seat": "N", "cards": ["H3"]'
         '}, {"seat": "E", "cards": ["HK"]}], [{"seat": "E", "cards": ["HA", "HJ", "HJ"]}, {"seat": "S", "card'
         's": ["S6", "HA", "H10"]}, {"seat": "W", "cards": ["HK", "H10", "DK"]}, {"seat": "N", "cards": ["H7",'
         ' "H7", "H4"]}], [{"seat": "E", "cards": ["D10", "D10"]}, {"seat": "S", "cards": ["DK", "D5"]}, {"sea'
         't": "W", "cards": ["D6", "D5"]}, {"seat": "N", "cards": ["D7", "D7"]}], [{"seat": "E", "cards": ["S7'
         '"]}, {"seat": "S", "cards": ["S8"]}, {"seat": "W", "cards": ["D8"]}, {"seat": "N", "cards": ["S7"]}]'
         ', [{"seat": "S", "cards": ["C5", "C5"]}, {"seat": "W", "cards": ["BJ", "BJ"]}, {"seat": "N", "cards"'
         ': ["LJ", "H2"]}, {"seat": "E", "cards": ["C10", "C7"]}], [{"seat": "W", "cards": ["DQ"]}, {"seat": "'
         'N", "cards": ["DA"]}, {"seat": "E", "cards": ["H6"]}, {"seat": "S", "cards": ["S10"]}], [{"seat": "N'
         '", "cards": ["DJ", "DJ", "D9"]}, {"seat": "E", "cards": ["SQ", "SJ", "H9"]}, {"seat": "S", "cards": '
         '["SJ", "S10", "S9"]}, {"seat": "W", "cards": ["C2", "C2", "C3"]}], [{"seat": "W", "cards": ["C7"]}, '
         '{"seat": "N", "cards": ["S8"]}, {"seat": "E", "cards": ["C8"]}, {"seat": "S", "cards": ["H2"]}], [{"'
         'seat": "S", "cards": ["C8"]}, {"seat": "W", "cards": ["C4"]}, {"seat": "N", "cards": ["H8"]}, {"seat'
         '": "E", "cards": ["LJ"]}], [{"seat": "E", "cards": ["H5"]}, {"seat": "S", "cards": ["C3"]}, {"seat":'
         ' "W", "cards": ["C10"]}, {"seat": "N", "cards": ["H9"]}], [{"seat": "W", "cards": ["CQ"]}, {"seat": '
         '"N", "cards": ["S9"]}, {"seat": "E", "cards": ["CJ"]}, {"seat": "S", "cards": ["CK"]}], [{"seat": "S'
         '", "cards": ["C6"]}, {"seat": "W", "cards": ["CA"]}, {"seat": "N", "cards": ["HQ"]}, {"seat": "E", "'
         'cards": ["CA"]}], [{"seat": "W", "cards": ["CK"]}, {"seat": "N", "cards": ["SA"]}, {"seat": "E", "ca'
         'rds": ["S2"]}, {"seat": "S", "cards": ["CQ"]}]], "claim": 150, "notes": []}]}')
"""A simulated hand (the probe's f02 with its ♠A read): N's line holds ♠A, which N plays in trick 16."""
