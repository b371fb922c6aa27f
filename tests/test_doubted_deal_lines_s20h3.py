"""A seat's two differing deal lines (s20-h3; a referee tester's records in tests/data/referee_s20/).

1. The decks' count of copies counted a line the tool rejected: E written twice, the second line with ♠3 in place of
   the ♦3 E plays (``f1_E_proven.tgn``; the lines the other way round: ``f4_E_proven_later.tgn``); E's plays prove
   the ♦3 line, yet ``too_many_copies`` reported three ♠3 at the ``Bottom:`` line's true ♠3.  A seat's lines now
   count only the cards every one of them gives as they are read; once the hand is read the line its plays prove
   adds the rest — a copy too many is said only when it is too many on the line taken, or (none proven) whichever
   line is right.
2. A forfeit count such lines leave open was stated as no forfeit: ``E: S5 D3 D9`` and ``E: D5 D3 D9``
   (``ff2_deal2_full.tgn``, ``revoke_forfeit`` 1), E's ♦3 on the ♠4 lead a wrong follow under the first line alone.
   Where no line is proven the hand is judged under each line too: what every reading gives is kept, the penalty
   count every reading gives counted and the most one gives left open (the match's forfeit ``null`` with an
   ``unknown``, tag ``deal``), as for one contradicted line (``ff3_control.tgn``).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine_helpers import cards
from test_doubted_deal_lines_s20 import HEAD
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

DATA = Path(__file__).parent / "data" / "referee_s20"


def _position(e_first: str, e_second: str, e_plays: str) -> str:
    """A position (N line 12, E 13, S 14, W 15, E again 16): W throws ♥A ♥K, N and W each hold a ♥A."""
    return (HEAD + f"N: HA H3 SA\nE: {e_first}\nS: H9 H8 CQ\nW: HA HK D5\nE: {e_second}\n"
            f"23. W: HA HK, N: HA H3, E: {e_plays}, S: H9 H8\n")


def _copies(diags) -> list:
    """The ``too_many_copies`` of the deal and ``Bottom:`` lines (not of the plays)."""
    return [d for d in diags if d.code == "too_many_copies" and "in the deal and bottom" in d.message]


@pytest.mark.parametrize("name", ["f1_E_proven.tgn", "f4_E_proven_later.tgn"])
def test_a_rejected_line_does_not_count_against_the_decks(name):
    (match,), diags = parse_tgn((DATA / name).read_text("utf-8"))
    assert [d.code for d in diags] == ["deal_lines_differ"]
    assert "prove the line" in diags[0].message
    assert cards("D3")[0] in match.hands[0].deal[1] and cards("S3")[0] not in match.hands[0].deal[1]


def test_a_copy_only_the_rejected_line_gives_is_taken_back():
    # E's first line gives a third ♥A (said at W's line as it is read); E plays ♥4 ♥2: the second line is proven
    (match,), diags = parse_tgn(_position("HA H2 D9", "H4 H2 D9", "H4 H2"))
    assert [d.code for d in diags] == ["deal_lines_differ"]
    assert "prove the line at line 16, column 1" in diags[0].message


def test_a_copy_too_many_on_the_proven_line_is_said_there():
    # E plays ♥A ♥2: its first line is proven, and with N's and W's ♥A it gives a third
    (match,), diags = parse_tgn(_position("HA H2 D9", "H4 H2 D9", "HA H2"))
    (c,) = _copies(diags)
    assert (c.line, c.column) == (13, 4) and c.message.startswith("3 copies of ♥A")
    assert [(key, ln) for key, ln, _ in c.copies[3]] == [("dealN", 12), ("dealE", 13), ("dealW", 15)]
    assert "16:" not in c.message


def test_no_line_proven_a_copy_too_many_under_one_line_only_is_not_said():
    # E plays ♥4 ♥2: the second line fits, but its ♦8 is never played — neither line proven; ♥A is the first's alone
    (match,), diags = parse_tgn(_position("HA H2 D9", "H4 H2 D8", "H4 H2"))
    assert [d.code for d in diags] == ["deal_lines_differ"]
    assert "prove none of them" in diags[0].message


def test_no_line_proven_a_copy_too_many_under_every_line_is_said():
    (match,), diags = parse_tgn(_position("HA H2 D9", "HA H2 D8", "H4 H2"))
    (c,) = _copies(diags)
    assert c.message.startswith("3 copies of ♥A")


def _forfeit(name: str):
    (match,), _ = parse_tgn((DATA / name).read_text("utf-8"))
    return match, replay_match(match)


def test_a_forfeit_count_the_lines_leave_open_is_not_stated():
    match, result = _forfeit("ff2_deal2_full.tgn")
    hand = result.hands[0]
    assert hand.revoke_levels == (0, 0) and hand.penalties_open == ((0, 1), (0, 0))
    assert result.forfeit is None or result.forfeit == (None, None) or not any(result.forfeit)
    doubt = [u for u in hand.unknowns if u.tag == "deal" and "different cards" in u.message_en]
    assert len(doubt) == 1 and "under each of the lines" in doubt[0].message_en
    assert "每一行" in doubt[0].message_zh and "legality" in doubt[0].withheld


@pytest.mark.parametrize("name", ["ff2_deal2_full.tgn", "ff3_control.tgn"])
def test_the_match_names_the_forfeit_open(name):
    run = subprocess.run([sys.executable, "-m", "tractor_analysis.cli.main", "check", "--json", str(DATA / name)],
                         capture_output=True, text=True, env=dict(os.environ))
    (m,) = json.loads(run.stdout)["files"][0]["matches"]
    assert m["forfeit"] is None and m["winner"] is None
    assert [(u["tag"], u["withheld"]) for u in m["unknown"]] == [("deal", ["forfeit"])]
    assert "E–W forfeit" in m["unknown"][0]["message_en"]


def test_compiled_and_pure_python_readers_agree(tmp_path):
    outs = []
    for pure in (False, True):
        env = dict(os.environ)
        env.pop("TRACTOR_PURE_PYTHON", None)
        if pure:
            env["TRACTOR_PURE_PYTHON"] = "1"
        run = subprocess.run([sys.executable, "-m", "tractor_analysis.cli.main", "check", "--json",
                              str(DATA / "f4_E_proven_later.tgn"), str(DATA / "ff2_deal2_full.tgn")],
                             capture_output=True, text=True, env=env)
        outs.append(json.loads(run.stdout)["files"])
    assert outs[0] == outs[1]
    assert [e["code"] for e in outs[0][0]["errors"]] == ["deal_lines_differ"]
