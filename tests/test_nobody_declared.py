"""``[Declarations ""]``: the record says nobody declared.  The ruleset's ``no_declaration``
option (rules.md §9.4) fixes the trump, and the bad_declaration that a recorded trump
other than that one gets reads the same in both languages and names the rule."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main

EVENT = Path(__file__).resolve().parent / "data" / "event" / "r1t1.tgn"


def _first_hand(tmp_path: Path, bottom: str | None = None) -> str:
    """r1t1's header and first hand, with ``[Declarations ""]`` (and another bottom order)."""
    lines = EVENT.read_text(encoding="utf-8").splitlines()
    end = lines.index('[Claim "40"]') + 1
    text = "\n".join(lines[:end]).replace('[Declarations "E: D2"]', '[Declarations ""]') + "\n"
    if bottom is not None:
        text = text.replace("Bottom: D10 C5 DQ S3 CJ H3 S3 S9", f"Bottom: {bottom}")
    path = tmp_path / "nodecl.tgn"
    path.write_text(text, encoding="utf-8")
    return str(path)


def _bad_declarations(path: str, *rules: str) -> list[dict]:
    r = CliRunner().invoke(main, ["check", "--json", *rules, path], catch_exceptions=False)
    hand = json.loads(r.output)["files"][0]["hands"][0]
    return [v for v in hand["violations"] if v["code"] == "bad_declaration"]


def test_no_trump_rule_message_reads_right_in_both_languages(tmp_path):
    path = _first_hand(tmp_path)
    r = CliRunner().invoke(main, ["check", path], catch_exceptions=False)
    assert ("无人亮主，按规则（no_declaration = no_trump）应打无主，记录的主却是方块") in r.output, r.output
    assert ("nobody declared, so under no_declaration = no_trump the hand is played without trump (NT), "
            "but the record says trump is diamonds") in r.output, r.output
    assert "fixes trump NT" not in r.output and "定主为 无主" not in r.output


def test_third_bottom_card_rule_names_the_card_and_follows_the_ruleset(tmp_path):
    # ourgame fixes the trump by the bottom's third card: DQ, so the recorded ♦ is right
    assert _bad_declarations(_first_hand(tmp_path), "--rules", "ourgame") == []
    # the same cards in another order: the third is S3, so ♠ is the trump and ♦ is wrong
    [v] = _bad_declarations(_first_hand(tmp_path, "D10 C5 S3 DQ CJ H3 S3 S9"), "--rules", "ourgame")
    assert (v["message_zh"], v["message_en"]) == (
        "无人亮主，按规则（no_declaration = third_bottom_card）以底牌第三张 ♠3 的花色定主，主应为黑桃，记录的主却是方块",
        "nobody declared, so under no_declaration = third_bottom_card the bottom's third card ♠3 fixes "
        "trump spades, but the record says trump is diamonds")
    # under no_trump the very same record is judged by that rule, not by the bottom
    [v] = _bad_declarations(_first_hand(tmp_path, "D10 C5 S3 DQ CJ H3 S3 S9"))
    assert "no_declaration = no_trump" in v["message_en"] and "应打无主" in v["message_zh"]


def test_third_bottom_card_joker_means_no_trump():
    from tractor_analysis.engine import explain_hand
    from tractor_analysis.records.cards import parse_cards
    zh, en = explain_hand.no_declaration_trump_mismatch(None, 0, parse_cards("BJ")[0])
    assert zh == "无人亮主，按规则（no_declaration = third_bottom_card）底牌第三张 大王 是王，应打无主，记录的主却是黑桃"
    assert en == ("nobody declared, so under no_declaration = third_bottom_card the bottom's third card 大王, a joker, "
                  "means the hand is played without trump (NT), but the record says trump is spades")
    zh, en = explain_hand.no_declaration_trump_mismatch(2, None, parse_cards("D9")[0])
    assert zh.endswith("主应为方块，记录却打无主") and en.endswith("fixes trump diamonds, but the record says the hand is "
                                                          "played without trump (NT)")
