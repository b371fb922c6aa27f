"""A seat's deal line written twice with different cards (s20-r2; a referee's record, /tmp/probe20_referee/l_dup.tgn).

``N: HA H3 SA`` then ``N: HQ H3 SA`` in one position, N playing ♥A ♥3 to W's throw ♥A ♥K: the later line was read
("the later one is used"), so N was ruled ``not_in_hand`` and W's ``throw_failed`` (which N's play and the first line
support) was lost.  Two scorers wrote two lines; which one the table dealt the record does not say, so none is taken
by its place: the line the seat's plays prove is read (derived, and said), else the seat is one without a deal line
(the verdicts resting on its cards withheld), with a ``deal_lines_differ`` naming every line's line and column.  Two
lines with the same cards are one line written twice (``duplicate_seat``), and counted once in the deck check.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from engine_helpers import cards
from test_s8_deal_lines import _clean_record
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.cards import SEAT_TOKENS

HEAD = """[Event "Club Night"]
[Ruleset "standard"]
[Levels "NS:7 EW:5"]

[Hand "9"]
[Dealer "N"]
[Trump "S"]
[Level "7"]
[SetUp "1"]
[Points "40"]
[FirstTrick "23"]
"""


def _record(first: str, second: str, north_plays: str = "HA H3") -> str:
    """The referee's position (``first`` on line 12, ``second`` on line 16: N's two lines)."""
    return (HEAD + f"N: {first}\nE: H4 H2 D9\nS: H9 H8 CQ\nW: HA HK D5\nN: {second}\n"
            "Buried: D10 DK C5 C5 H5 C3 C4 C6\n"
            f"23. W: HA HK, N: {north_plays}, E: H4 H2, S: H9 H8\n")


def _read(text: str):
    (match,), diags = parse_tgn(text)
    return match.hands[0], replay_match(match).hands[0], diags


def _codes(diags) -> list[str]:
    return [d.code for d in diags]


@pytest.mark.parametrize("first, second, line", [("HA H3 SA", "HQ H3 SA", 12), ("HQ H3 SA", "HA H3 SA", 16)])
def test_the_line_the_plays_prove_is_read_wherever_it_is_written(first, second, line):
    hand, result, diags = _read(_record(first, second))
    assert hand.deal[0] == cards("HA H3 SA")
    assert [(v.code, SEAT_TOKENS[v.seat]) for v in result.violations] == [("throw_failed", "W")]
    assert not any(v.code == "not_in_hand" for v in result.violations)
    (d,) = [d for d in result.derived if d.fact == "deal"]
    assert d.value == "N: HA H3 SA" and d.source == "the seat's plays and its deal lines"
    assert f"line {line}, column 1" in d.message_en and f"第 {line} 行第 1 列" in d.message_zh
    (diag,) = [x for x in diags if x.code == "deal_lines_differ"]
    assert (diag.line, diag.column) == (16, 1)
    assert "line 12, column 1" in diag.message and "line 16, column 1" in diag.message
    assert f"prove the line at line {line}, column 1" in diag.message and " / " in diag.message
    assert "duplicate_seat" not in _codes(diags)


def test_lines_the_plays_do_not_decide_give_the_seat_no_line():
    # N plays ♥3 ♠A: both lines give them; ♥A (first) against ♥Q (second) is not shown
    hand, result, diags = _read(_record("HA H3 SA", "HQ H3 SA", "H3 SA"))
    assert hand.deal[0] == ()
    assert not [v for v in result.violations if v.seat in (0, 3)]     # nothing against N or W on a line chosen
    assert result.legality_known is False
    doubt = [u for u in result.unknowns if u.tag == "deal" and "different cards" in u.message_en]
    assert len(doubt) == 1
    assert "line 12, column 1" in doubt[0].message_en and "line 16, column 1" in doubt[0].message_en
    assert "第 12 行第 1 列" in doubt[0].message_zh
    (diag,) = [x for x in diags if x.code == "deal_lines_differ"]
    assert "prove none of them" in diag.message


def test_two_lines_with_the_same_cards_are_one_line():
    hand, result, diags = _read(_record("HA H3 SA", "H3 HA SA"))
    assert hand.deal[0] == cards("HA H3 SA") and not hand.deal_in_doubt
    assert _codes(diags) == ["duplicate_seat"]          # no too_many_copies: ♥A counted once for N
    assert "same cards" in diags[0].message and (diags[0].line, diags[0].column) == (16, 1)
    assert [(v.code, SEAT_TOKENS[v.seat]) for v in result.violations] == [("throw_failed", "W")]
    assert not any(d.fact == "deal" for d in result.derived)


def _full_hand(seat_of):
    """A clean simulated hand with ``seat_of(dealer)``'s line written again, its first card changed to a card the
    seat does not hold (one it never plays): the first line true."""
    text, _ = _clean_record("standard")
    (match,), _ = parse_tgn(text)
    clean = replay_match(match).hands[0]
    seat = seat_of(match.hands[0].dealer)
    line = re.search(rf"^{SEAT_TOKENS[seat]}: .*$", text, re.M).group()
    words = line.split()[1:]
    other = next(w for w in ("SA", "HA", "CA", "DA", "S2", "H3", "C4") if w not in words)
    wrong = f"{SEAT_TOKENS[seat]}: " + " ".join([other, *words[1:]])
    return seat, clean, text.replace(line, f"{line}\n{wrong}"), cards(" ".join(words))


def test_a_full_hand_seat_whose_plays_prove_its_first_line():
    seat, clean, text, true = _full_hand(lambda dealer: (dealer + 1) % 4)
    hand, result, diags = _read(text)
    assert hand.deal[seat] == true
    assert result.violations == clean.violations and result.outcome == clean.outcome
    assert any(d.fact == "deal" and d.value.startswith(SEAT_TOKENS[seat]) for d in result.derived)
    assert "deal_lines_differ" in _codes(diags)


def test_the_dealers_plays_prove_no_line():
    # the dealer takes the bottom: its plays may hold the bottom's cards, so they prove neither line
    seat, clean, text, _ = _full_hand(lambda dealer: dealer)
    hand, result, diags = _read(text)
    assert hand.deal[seat] == ()
    assert result.legality_known is False and result.violations == ()
    assert any(u.tag == "deal" and "different cards" in u.message_en for u in result.unknowns)


def test_compiled_and_pure_python_readers_agree(tmp_path):
    path = tmp_path / "l_dup.tgn"
    path.write_text(_record("HA H3 SA", "HQ H3 SA"), "utf-8")
    outs = []
    for pure in (False, True):
        env = dict(os.environ)
        env.pop("TRACTOR_PURE_PYTHON", None)
        if pure:
            env["TRACTOR_PURE_PYTHON"] = "1"
        run = subprocess.run([sys.executable, "-m", "tractor_analysis.cli.main", "check", "--json", str(path)],
                             capture_output=True, text=True, env=env)
        outs.append(json.loads(run.stdout)["files"][0])
    assert outs[0] == outs[1]
    (h,) = outs[0]["hands"]
    assert [v["code"] for v in h["violations"]] == ["throw_failed"]
    assert [e["code"] for e in outs[0]["errors"]] == ["deal_lines_differ"]
    assert {"fact": "deal", "value": "N: HA H3 SA"}.items() <= h["derived"][0].items()
