"""Friend mode (找朋友, docs/rules.md §11): the record states only the called card (``[Friend]``); the
partner it fixes is a derived fact, so ``tractor check`` states it — text and ``--json`` ``derived``
(``dealer_side``: the seats of the dealer's side, dealer first), saying from what (§14)."""
from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine import replay_match
from tractor_analysis.records import parse_tgn

RECORD = Path(__file__).resolve().parent / "data" / "declaration_fixes" / "friend_c5.tgn"


def _write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "friend.tgn"
    path.write_text(text, encoding="utf-8")
    return str(path)


def _sides(path: str) -> list[dict]:
    r = CliRunner().invoke(main, ["check", "--json", path], catch_exceptions=False)
    hand = json.loads(r.output)["files"][0]["hands"][0]
    return [d for d in hand.get("derived", []) if d["fact"] == "dealer_side"]


def test_the_partner_is_a_derived_fact_in_json_and_text():
    # ♣5: N holds none; one copy came with the bottom and was buried, W holds the other
    [d] = _sides(str(RECORD))
    assert (d["value"], d["from"]) == ("N W", "[Friend], the deal and the bury")
    assert "W is N's partner" in d["message_en"] and "♣5" in d["message_en"]
    assert "西家是北家的朋友" in d["message_zh"] and "♣5" in d["message_zh"]
    r = CliRunner().invoke(main, ["check", str(RECORD)], catch_exceptions=False)
    line = next(x for x in r.output.splitlines() if "dealer's side" in x)
    assert line.strip().startswith("derived 推出  dealer's side N and W (friend mode)")
    assert " / 庄家方为北家与西家" in line


def test_the_same_sides_as_the_replay():
    [match], _ = parse_tgn(RECORD.read_text(encoding="utf-8"))
    hand = replay_match(match).hands[0]
    assert hand.defenders == frozenset({0, 3})
    assert [d.value for d in hand.derived if d.fact == "dealer_side"] == ["N W"]


def test_a_dealer_holding_every_copy_plays_alone(tmp_path):
    # ♣6: N was dealt one and took the other with the bottom, and buried neither
    [d] = _sides(_write(tmp_path, RECORD.read_text(encoding="utf-8").replace('[Friend "C5"]', '[Friend "C6"]')))
    assert d["value"] == "N"
    assert "N alone" in d["message_en"] and "held every copy" in d["message_en"]
    assert "一打三" in d["message_zh"]


def test_a_seat_read_from_its_plays_is_said(tmp_path):
    # session 23: with the Bottom: line the decks give W's left-out line, so the Bottom: line goes too
    no_w = re.sub(r"^W: .*\n", "", RECORD.read_text(encoding="utf-8"), flags=re.M)
    text = re.sub(r"^Bottom: .*\n", "", no_w, flags=re.M)
    [d] = _sides(_write(tmp_path, text))
    assert (d["value"], d["from"]) == ("N W", "[Friend], the deal lines given and the plays")
    # with the Bottom: line, W's line is the decks' leftover and the sides rest on the deal and the bury
    [d] = _sides(_write(tmp_path, no_w))
    assert (d["value"], d["from"]) == ("N W", "[Friend], the deal and the bury")


def test_a_partner_not_found_is_unknown_not_derived(tmp_path):
    text = RECORD.read_text(encoding="utf-8").replace('[Friend "C5"]\n', "")
    path = _write(tmp_path, text)
    assert _sides(path) == []
    r = CliRunner().invoke(main, ["check", "--json", path], catch_exceptions=False)
    hand = json.loads(r.output)["files"][0]["hands"][0]
    assert [u["tag"] for u in hand["unknown"]] == ["Friend"]


def test_no_derived_sides_outside_friend_mode(tmp_path):
    text = RECORD.read_text(encoding="utf-8").replace('[Rule:friend "on"]\n', "")
    assert _sides(_write(tmp_path, text)) == []
