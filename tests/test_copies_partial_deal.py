"""A full hand whose deal lines are partial (E's and W's left out) and whose plays, with the lines given and the
bottom, show more copies of a card than the decks hold: whatever the missing lines were, the record is wrong
(docs/rules.md §1.6).  Before, the dealer's plays were never counted (it may play the bottom's cards — but not
copies beyond the bottom's and its side's lines), and the engine gave no finding: the hand stayed "not fully
judged", its words blaming the missing lines only.  Now the reader's ``too_many_copies`` is at the copy counted last
(its card's column) and names every other copy, and the engine gives the record's finding (``deal_mismatch``, no
seat, no penalty) naming every place, withholding what rests on the copy played."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.records import parse_tgn

EVENT = Path(__file__).resolve().parent / "data" / "event" / "r1t1.tgn"
LINES = EVENT.read_text(encoding="utf-8").splitlines()
HEAD = LINES[:LINES.index("[Hand \"1\"]")]
"""r1t1's match tags; its hand 1: E deals (declared D2, no rebid), 2 decks."""

HAND = """[Hand "1"]
[Dealer "E"]
[Trump "D"]
[Level "2"]
[Declarations "E: D2"]
N: LJ H2 C2 DK DJ D8 D5 D3 SA SK S10 S7 S6 S5 HJ H8 H6 H5 H4 CA CK C9 C6 C6 C3
S: BJ DA DA DK DQ DJ D9 D8 SA SK SJ S9 S8 S7 S6 S4 HA HQ H10 H7 H5 C10 C8 C7 C4
Bottom: D10 C5 DQ S3 CJ H3 S3 S9
1. E: SQ SQ S3 S3, S: S8 S7 S6 S4, W: S10 S8 S5 S4, N: SA S7 S6 S5
2. E: D2 D2, S: DA DA, W: D6 D6, N: D8 D3
3. E: SK, S: SJ, W: HK, N: S10
4. E: H9 H9, S: HA HQ, W: HK H4, N: H8 H6
"""
"""r1t1's hand 1 without E's and W's deal lines, stopping after trick 4 (N's and S's ♠K not played yet); E, the
dealer (no line), leads ♠K in trick 3: N's and S's lines hold both copies, the bottom none — a third."""

PLAY = "3. E: SK, S: SJ, W: HK, N: S10"


def _record(hand: str = HAND) -> str:
    return "\n".join(HEAD) + "\n" + hand


def _check(tmp_path, text: str) -> dict:
    path = tmp_path / "partial.tgn"
    path.write_text(text, encoding="utf-8")
    out = CliRunner().invoke(main, ["check", "--json", str(path)], catch_exceptions=False).output
    return json.loads(out)["files"][0]


def test_the_reader_reports_the_dealers_third_copy_at_its_card_naming_the_others():
    text = _record()
    (d,) = [d for d in parse_tgn(text)[1] if d.code == "too_many_copies"]
    line = text.splitlines().index(PLAY) + 1
    assert (d.line, d.column, d.hand) == (line, PLAY.index("SK") + 1, 1)
    assert "trick 3: E (no deal line) plays ♠K, making 3 copies" in d.message
    assert "the other copies are in N's deal line, S's deal line" in d.message
    assert "whatever the deal lines not given hold, one copy is miscopied" in d.message
    assert "第 1 局第 3 轮：东家（没有发牌行）出 ♠K" in d.message and "其余的在北家的发牌行、南家的发牌行" in d.message


def test_check_gives_the_records_finding_naming_every_copy_and_charges_no_seat(tmp_path):
    doc = _check(tmp_path, _record())
    (hand,) = doc["hands"]
    (v,) = [v for v in hand["violations"] if v["code"] == "deal_mismatch"]
    assert v["seat"] is None and v["trick"] is None and v.get("about") == "record"
    assert "the record shows 3 copies of ♠K (N's deal line, S's deal line, E's play in trick 3)" in v["message_en"]
    assert "whatever the deal lines not given hold, the record is wrong" in v["message_en"]
    assert "记录中有 3 张 ♠K（北家的发牌行、南家的发牌行、第 3 轮东家的出牌）" in v["message_zh"]
    assert all(x["seat"] is None for x in hand["violations"])      # no seat charged
    # what rests on the copy played is not ruled: trick 3's winner, and the hand is never shown legal
    assert hand["tricks"][2]["winner"] is None and hand["legal"] is not True
    (u,) = [u for u in hand["unknown"] if "more copies of ♠K" in u["message_en"]]
    assert u["tag"] == "deal" and "trick_winner" in u["withheld"] and "played in trick 3" in u["message_en"]
    # the other tricks' winners stand
    assert [t["winner"] for t in hand["tricks"][:2]] == ["E", "E"]


def test_a_seat_without_a_line_that_took_no_bottom_gives_the_same_finding(tmp_path):
    # W (no line, not the dealer) plays the third ♥5 (N's and S's lines hold the others, unplayed by trick 4)
    text = _record(HAND.replace(PLAY, "3. E: HA, S: H7, W: H5, N: H4"))
    (d,) = [d for d in parse_tgn(text)[1] if d.code == "too_many_copies"]
    assert d.column == "3. E: HA, S: H7, W: H5".index("H5") + 1
    (v,) = [v for v in _check(tmp_path, text)["hands"][0]["violations"] if v["code"] == "deal_mismatch"]
    assert "3 copies of ♥5 (N's deal line, S's deal line, W's play in trick 3)" in v["message_en"]


def test_partial_lines_without_a_copy_too_many_give_no_such_finding(tmp_path):
    # the guard: E leads its own ♥A (none in N's or S's line), nothing beyond the decks
    text = _record(HAND.replace(PLAY, "3. E: HA, S: H7, W: HK, N: H4"))
    assert "too_many_copies" not in [d.code for d in parse_tgn(text)[1]]
    doc = _check(tmp_path, text)
    assert not [v for v in doc["hands"][0]["violations"] if v["code"] == "deal_mismatch"]
    assert doc["hands"][0]["tricks"][2]["winner"] == "E"
