"""Nobody declared under ``no_declaration = third_bottom_card`` (the ourgame preset, docs/rules.md §9.4):
the bottom's third card fixes the trump.  The check needs the record to say nobody declared and the
bottom *in the order it lay* (the ``Bottom:`` line) — not every deal line.  A bottom derived from the
four deal lines is a set of cards, not their order: without a ``Bottom:`` line the check is withheld
(``unknown`` tag ``Bottom``, bilingual), never passed."""
from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main

RECORD = Path(__file__).resolve().parent / "data" / "declaration_fixes" / "nobody_declared_ourgame.tgn"
BOTTOM = "Bottom: H6 SK H10 H10 C5 S3 C6 S5"       # third card ♥10: trump H, the record says S


def _write(tmp_path: Path, text: str, name: str = "rec.tgn") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def _hand(path: str) -> dict:
    r = CliRunner().invoke(main, ["check", "--json", path], catch_exceptions=False)
    return json.loads(r.output)["files"][0]["hands"][0]


def _bad_declarations(hand: dict) -> list[dict]:
    return [v for v in hand["violations"] if v["code"] == "bad_declaration"]


def _unknown(hand: dict, tag: str) -> list[dict]:
    return [u for u in hand.get("unknown", []) if u["tag"] == tag]


def test_the_record_as_given_is_checked():
    hand = _hand(str(RECORD))
    [v] = _bad_declarations(hand)
    assert "third card ♥10 fixes trump hearts" in v["message_en"]
    assert not _unknown(hand, "Bottom")


def test_a_missing_deal_line_does_not_stop_the_check(tmp_path):
    # the check needs the declarations and the bottom only, not W's cards
    text = RECORD.read_text(encoding="utf-8")
    text = re.sub(r"^W: .*\n", "", text, flags=re.M)
    hand = _hand(_write(tmp_path, text))
    # W's line: said — since s22 derived from W's plays, a whole hand (bdddb6e), no longer an unknown
    assert [d["value"][:2] for d in hand["derived"] if d["fact"] == "deal"] == ["W:"]
    assert [u["tag"] for u in hand["unknown"]].count("deal") == 0
    [v] = _bad_declarations(hand)
    assert "third card ♥10 fixes trump hearts" in v["message_en"] and "底牌第三张 ♥10" in v["message_zh"]


def test_a_derived_bottom_has_no_order_so_the_check_is_withheld(tmp_path):
    text = RECORD.read_text(encoding="utf-8").replace(BOTTOM + "\n", "")
    path = _write(tmp_path, text)
    hand = _hand(path)
    assert not _bad_declarations(hand)
    assert any(d["fact"] == "bottom" for d in hand["derived"])        # its cards derived, as before
    [u] = _unknown(hand, "Bottom")
    assert u["withheld"] == ["declaration_check"]
    assert "no Bottom: line" in u["message_en"] and "not their order" in u["message_en"]
    assert "没有 Bottom: 一行" in u["message_zh"] and "不是其顺序" in u["message_zh"]
    assert u["message"] == f"{u['message_zh']} / {u['message_en']}"
    r = CliRunner().invoke(main, ["check", path], catch_exceptions=False)
    line = next(x for x in r.output.splitlines() if "[Bottom]" in x)
    assert "withheld: the check of the trump against the declarations" in line
    assert "因此不判定：主牌与亮主的核对" in line
    assert line.index("withheld") < line.index(" / ") < line.index("因此不判定")     # English, then Chinese


def test_no_deal_and_no_bottom_line_is_withheld_too(tmp_path):
    text = RECORD.read_text(encoding="utf-8").replace(BOTTOM + "\n", "")
    text = re.sub(r"^[NESW]: .*\n", "", text, flags=re.M)
    hand = _hand(_write(tmp_path, text))
    assert not _bad_declarations(hand)
    [u] = _unknown(hand, "Bottom")
    assert u["withheld"] == ["declaration_check"]
    assert "the record gives no Bottom: line" in u["message_en"]


def test_a_bottom_line_whose_third_card_gives_the_recorded_trump_passes(tmp_path):
    text = RECORD.read_text(encoding="utf-8").replace(BOTTOM, "Bottom: H6 H10 SK H10 C5 S3 C6 S5")
    hand = _hand(_write(tmp_path, text))
    assert not _bad_declarations(hand) and not _unknown(hand, "Bottom")


def test_other_rules_need_no_bottom(tmp_path):
    # no_trump: nobody declared means NT, whatever the bottom; the record's S is wrong (no Bottom: line)
    text = RECORD.read_text(encoding="utf-8").replace(BOTTOM + "\n", "").replace(
        '[Ruleset "ourgame"]', '[Ruleset "standard"]')
    hand = _hand(_write(tmp_path, text))
    [v] = _bad_declarations(hand)
    assert "no_declaration = no_trump" in v["message_en"]
    assert not _unknown(hand, "Bottom")
