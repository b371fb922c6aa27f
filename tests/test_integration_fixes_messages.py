"""Each declaration message is defined once (``engine/explain.py``), and the card of the
"nobody declared" rule is shown alike in both languages (suit symbols, as ``explain.cards_text``).

Before the integration ``engine/explain_hand.py`` still held the old ``declaration_too_weak`` and
``overcall_own`` (the standing cards as tokens in English), unused, and
``no_declaration_trump_mismatch`` said "third card H10" in English beside "第三张 ♥10".
"""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine import declarations, explain, explain_hand
from tractor_analysis.records.cards import parse_cards

RECORD = Path(__file__).resolve().parent / "data" / "declaration_fixes" / "nobody_declared_ourgame.tgn"


def test_the_declaration_messages_are_defined_once():
    for name in ("declaration_too_weak", "overcall_own"):
        assert hasattr(explain, name)
        assert not hasattr(explain_hand, name), f"explain_hand.{name} is a second copy"
    assert declarations.explain is explain


def test_the_third_bottom_card_is_shown_alike_in_both_languages():
    zh, en = explain_hand.no_declaration_trump_mismatch(1, 0, parse_cards("H10")[0])
    assert "♥10" in zh and "third card ♥10 fixes trump hearts" in en and "H10" not in en
    zh, en = explain_hand.no_declaration_trump_mismatch(None, 0, parse_cards("BJ")[0])
    assert "底牌第三张 大王" in zh and "third card 大王, a joker" in en and "BJ" not in en


def test_check_shows_the_card_alike(tmp_path):
    out = CliRunner().invoke(main, ["check", str(RECORD)], catch_exceptions=False).output
    assert "the bottom's third card ♥10 fixes trump hearts" in out and "底牌第三张 ♥10" in out
    assert "third card H10" not in out
