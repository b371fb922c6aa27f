"""A hand giving deal lines for some seats only.  The reader counts copies in the deal lines (with
the bottom) and in the plays, each on its own; a seat without a line plays cards the lines do not
hold, so N's line holding two ♠A and W (no line) playing a third was not flagged.  Now the lines,
the cards set aside and the plays of the seats without a line that cannot hold those cards are
counted together (records/deal_checks.py ``copies_beyond_lines``): ``too_many_copies`` at the trick."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.records import format_json, parse_json, parse_tgn

EVENT = Path(__file__).resolve().parent / "data" / "event" / "r1t1.tgn"
LINES = EVENT.read_text(encoding="utf-8").splitlines()
FIRST = "\n".join(LINES[:LINES.index('[Claim "40"]') + 1]) + "\n"
"""r1t1's header and first hand: E deals, nobody rebids; 2 decks."""

POSITION = """[Event "position"]
[Hand "1"]
[SetUp "1"]
[Dealer "N"]
[Trump "H"]
[Level "2"]
[FirstTrick "23"]
N: SA SA S2
E: S3 S4 S7
S: S5 S6 S8
23. N: S2, E: S3, S: S5, W: SA
"""


def _codes(text: str) -> list[tuple[str, int | None, int]]:
    _, diags = parse_tgn(text)
    return [(d.code, d.hand, d.line) for d in diags]


def test_a_position_seat_without_a_line_playing_a_third_copy_is_too_many_copies():
    _, diags = parse_tgn(POSITION)
    (d,) = [d for d in diags if d.code == "too_many_copies"]
    assert d.hand == 1 and d.line == POSITION.splitlines().index("23. N: S2, E: S3, S: S5, W: SA") + 1
    assert "trick 23: W (no deal line) plays ♠A, making 3 copies of it in the deal lines (N, E, S)" in d.message
    assert "第 1 局第 23 轮：西家（没有发牌行）出 ♠A" in d.message and "共有 3 张 ♠A，而 2 副牌只有 2 张" in d.message
    # the control: W plays another card; N's own plays of its ♠A are its dealt cards, no extra copies
    assert "too_many_copies" not in [c for c, *_ in _codes(POSITION.replace("W: SA", "W: S9"))]
    assert "too_many_copies" not in [c for c, *_ in _codes(POSITION.replace("N: S2,", "N: SA,")
                                                           .replace("W: SA", "W: S9"))]


def test_a_hand_without_a_non_takers_line_counts_its_plays_with_the_lines():
    # W's line left out, and N's LJ made a second BJ: S holds the other, so W's BJ is a third copy
    text = "\n".join(x for x in FIRST.splitlines() if not x.startswith("W: ")) + "\n"
    text = text.replace("N: LJ H2 C2", "N: BJ H2 C2")
    (d,) = [d for d in parse_tgn(text)[1] if d.code == "too_many_copies"]
    assert "trick 14: W (no deal line) plays 大王" in d.message and "the deal lines (N, E, S), the bottom" in d.message
    assert d.line == text.splitlines().index("14. N: C2, E: H2, S: DK, W: BJ") + 1
    # the same in a JSON record (no position there: the hand's problem)
    (match,), _ = parse_tgn(text)
    (back,), diags = parse_json(format_json(match))
    assert [d.code for d in diags].count("too_many_copies") == 1


def test_the_dealer_without_a_line_may_play_the_bottoms_cards():
    """E deals and takes the bottom (S3 S3 D10 C5 …): its plays of those cards are no extra copies."""
    text = "\n".join(x for x in FIRST.splitlines() if not x.startswith("E: ")) + "\n"
    assert "too_many_copies" not in [c for c, *_ in _codes(text)]


def test_check_json_reports_it_with_the_hand(tmp_path):
    path = tmp_path / "position.tgn"
    path.write_text(POSITION, encoding="utf-8")
    doc = json.loads(CliRunner().invoke(main, ["check", "--json", str(path)], catch_exceptions=False).output)
    (e,) = [e for e in doc["files"][0]["errors"] if e["code"] == "too_many_copies"]
    assert e["hand"] == 1 and e["line"] == 11
