"""Every bilingual message of the engine is made in its explanations modules.

``engine/explain.py`` words a trick's violations (and a declaration that does not stand, its cards
shown alike in both languages), ``engine/explain_hand.py`` the rest of a hand (declarations, dealer,
level, deal, bury, claim, score items, outcome); each message is defined once.  The other
engine modules only call them: no Chinese text is written inside their functions.
"""
from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

import pytest

from tractor_analysis.engine import explain, explain_bury, explain_hand
from tractor_analysis.engine.hand_replay import describe_outcome, replay_hand
from tractor_analysis.engine.verdicts import Outcome
from tractor_analysis.records.cards import parse_cards
from tractor_analysis.records.model import Declaration
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.simulate import simulate_match

ENGINE = Path(__file__).resolve().parent.parent / "tractor_analysis" / "engine"
CJK = re.compile(r"[\u4e00-\u9fff]")
N, E, S, W = range(4)


def _message_literals(path: Path) -> list[tuple[int, str]]:
    """Strings with Chinese text inside the functions of ``path`` (docstrings left out)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Module))
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    found = []
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(fn):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
                    and CJK.search(node.value)):
                found.append((node.lineno, node.value))
    return found


@pytest.mark.parametrize("path", sorted(p for p in ENGINE.glob("*.py") if not p.name.startswith("explain")),
                         ids=lambda p: p.name)
def test_no_engine_module_but_the_explanations_writes_a_message(path):
    assert _message_literals(path) == []


def test_the_check_finds_a_message_written_inline(tmp_path):
    sample = tmp_path / "inline.py"
    sample.write_text('def f(seat):\n    """说明 (a docstring is fine)."""\n'
                      '    return f"{seat}打出了手中没有的牌", "played a card not held"\n', encoding="utf-8")
    assert [line for line, _ in _message_literals(sample)] == [3]


@pytest.mark.parametrize("message", [
    explain_hand.rebid_not_allowed(E, parse_cards("H5 H5")),
    explain_hand.rebid_without_declaration(E, parse_cards("H5")),
    explain_hand.rebid_own_declaration(E, parse_cards("H5 H5")),
    explain_hand.not_a_declaration(E, parse_cards("H6"), 5),
    explain_hand.declared_not_dealt(E, parse_cards("H5")),
    explain.declaration_too_weak(E, parse_cards("S5"), W, parse_cards("H5 H5")),
    explain.overcall_own(E, parse_cards("S5 S5"), parse_cards("S5")),
    explain_hand.declared_trump_mismatch(1, None),
    explain_hand.no_declaration_redeal(),
    explain_hand.no_declaration_trump_mismatch(2, None, parse_cards("D9")[0]),
    explain_hand.no_declaration_trump_mismatch(None, 0),
    explain_hand.dealer_mismatch(S, E),
    explain_hand.first_dealer_mismatch(S, E),
    explain_hand.level_mismatch(7, 5, 1),
    explain_hand.dealt_wrong_size(E, 24, 25),
    explain_hand.bottom_wrong_size(7, 8),
    explain_hand.cards_left_after_last_trick(E, parse_cards("HQ")),
    explain_bury.bury_count_mismatch(3, 2),
    explain_bury.buried_not_held(E, parse_cards("HQ"), True),
    explain_bury.buried_not_held(E, parse_cards("HQ"), False),
    explain_bury.bury_wrong_size(E, 7, 8),
    explain_hand.setup_points(15),
    explain_hand.trick_points(40),
    explain_hand.bottom_bonus(20, 4, 80),
    explain_hand.throw_penalty(3, E, 2, 10),
    explain_hand.claim_mismatch(80, 85),
])
def test_every_hand_message_is_bilingual(message):
    zh, en = message
    assert CJK.search(zh), zh
    assert en and en[0].isascii() and not en.startswith(zh), en


def test_hand_messages_name_seats_cards_and_numbers():
    assert explain_hand.cards_left_after_last_trick(E, parse_cards("HQ HQ")) == (
        "东家打完最后一轮后手里还剩 ♥Q ♥Q", "E still holds ♥Q ♥Q after the last trick")
    assert explain.declaration_too_weak(E, parse_cards("S5"), W, parse_cards("H5 H5")) == (
        "东家亮 ♠5 压不过西家已亮的 ♥5 ♥5", "E declared ♠5, which does not overcall W's ♥5 ♥5")
    assert explain_hand.level_mismatch(7, 14, 1)[1] == "[Level] is 7 but EW carry level A from the earlier hands"
    assert explain_hand.throw_penalty(3, E, 1, 10)[1] == "trick 3: E's failed throw, 1 card × 10"
    assert explain_hand.throw_penalty(3, E, 2, 10)[1] == "trick 3: E's failed throw, 2 cards × 10"
    assert explain_hand.describe_levels("defenders", 1)[1] == "defenders up 1 level"
    assert explain_hand.describe_levels("attackers", 2) == ("抓分方上台并升 2 级",
                                                           "attackers take the deal and go up 2 levels")


def test_deal_not_full_decks_names_the_first_eight_kinds_only():
    counts = [2] * 54
    wrong = list(range(10))
    for k in wrong:
        counts[k] = 1
    zh, en = explain_hand.deal_not_full_decks(2, wrong, counts)
    assert en.endswith(" …") and en.count("×1") == 8 and "(108 cards, each card 2×)" in en
    assert zh.startswith("发牌与底牌合起来不是 2 副完整的牌（108 张，每张牌 2 张）：") and zh.count("×1") == 8


def test_outcome_line():
    assert describe_outcome(dataclasses.replace(_hand_result(), outcome=None)) == ("本局未打完", "hand not complete")
    o = Outcome(winner="attackers", levels=1, next_dealer=E, team=1, match_over=True,
                reason="miscount", miscount=(N,))
    zh, en = explain_hand.outcome(o)
    assert zh == "北家多少牌：抓分方上台并升 1 级，下一局东家坐庄；EW方获胜"
    assert en == "wrong number of cards (多少牌) for N: attackers take the deal and go up 1 level; next dealer E; EW win the match"
    both = Outcome(winner="neither", levels=0, next_dealer=None, team=None, reason="miscount", miscount=(N, E))
    assert explain_hand.outcome(both)[1] == ("wrong number of cards (多少牌) for N E: both sides miscounted: "
                                             "no level changes; the next deal is bid for (抢庄)")


def _hand_result():
    m = simulate_match(5, 0, preset="standard", max_hands=1)
    return replay_hand(m.hands[0], PRESETS["standard"])


def test_replay_words_its_violations_with_the_explanations():
    """A hand with a short bury, a wrong claim and a declaration nobody was dealt: the replay's
    messages are the explanations' own."""
    hand = simulate_match(5, 0, preset="standard", max_hands=1).hands[0]
    seat = next(s for s in range(4) if s != hand.dealer)
    missing = next(k for k in range(54) if hand.deal[seat].count(k) == 0 and k < 52)
    bogus = Declaration(seat, (missing,), after_bottom=False)
    bad = dataclasses.replace(hand, buried=hand.buried[1:], declarations=(*hand.declarations, bogus))
    result = replay_hand(bad, PRESETS["standard"])
    messages = {(v.code, v.message_zh, v.message_en) for v in result.violations}
    # the dealer's plays show the bury it made: the short line is worded as the record's error (§13.1, s17)
    assert ("bad_bury", *explain_bury.line_wrong_size(hand.dealer, len(hand.buried) - 1, 8)) in messages
    assert ("bad_declaration", *explain_hand.declared_not_dealt(seat, (missing,))) in messages \
        or ("bad_declaration", *explain_hand.not_a_declaration(seat, (missing,), result.level)) in messages
    claimed = replay_hand(dataclasses.replace(hand, claim=hand.claim + 5), PRESETS["standard"])
    assert [(v.code, v.message_zh, v.message_en) for v in claimed.violations] == [
        ("claim_mismatch", *explain_hand.claim_mismatch(hand.claim + 5, hand.claim))]
    assert (claimed.items[0].zh, claimed.items[0].en) == explain_hand.trick_points(claimed.attackers_points)
