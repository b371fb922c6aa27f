"""Trump declarations (亮主, rules.md §9): what declares, what overcalls, what trump results."""
import dataclasses

from tractor_analysis.records.cards import parse_cards
from tractor_analysis.engine.declarations import check_declarations, strength
from tractor_analysis.records.model import Declaration
from tractor_analysis.records.rulesets import PRESETS, DeclareTiebreak

STD = PRESETS["standard"]
N, E, S, W = range(4)


def decl(seat, text):
    return Declaration(seat, parse_cards(text))


def test_single_then_pair_overcalls_and_fixes_the_pair_suit():
    declared, trump, first, problems = check_declarations(
        (decl(N, "H2"), decl(E, "S2 S2")), 2, STD)
    assert (declared, trump, first, problems) == (True, 0, N, [])


def test_equal_pair_cannot_overcall_without_tiebreak():
    _, trump, _, problems = check_declarations((decl(N, "H2 H2"), decl(E, "S2 S2")), 2, STD)
    assert trump == 1 and len(problems) == 1 and problems[0].seat == E
    assert "does not overcall" in problems[0].message_en


def test_suit_order_tiebreak_lets_spades_overcall_hearts_but_not_the_reverse():
    rules = dataclasses.replace(STD, declare_tiebreak=DeclareTiebreak.SUIT_ORDER)
    assert check_declarations((decl(N, "H2 H2"), decl(E, "S2 S2")), 2, rules)[3] == []
    assert len(check_declarations((decl(N, "S2 S2"), decl(E, "H2 H2")), 2, rules)[3]) == 1


def test_joker_pairs_declare_no_trump_and_big_beats_small():
    declared, trump, _, problems = check_declarations(
        (decl(N, "H2 H2"), decl(E, "LJ LJ"), decl(S, "BJ BJ")), 2, STD)
    assert declared and trump is None and problems == []
    assert len(check_declarations((decl(N, "BJ BJ"), decl(E, "LJ LJ")), 2, STD)[3]) == 1


def test_own_single_reinforced_to_a_pair_is_allowed_and_locks():
    rules = dataclasses.replace(STD, declare_tiebreak=DeclareTiebreak.SUIT_ORDER)
    assert check_declarations((decl(W, "D2"), decl(W, "D2 D2")), 2, STD)[3] == []
    # locked: even the suit order does not let an equal pair overcall a reinforced one
    assert len(check_declarations((decl(W, "D2"), decl(W, "D2 D2"), decl(N, "S2 S2")), 2, rules)[3]) == 1


def test_non_level_cards_or_mixed_cards_declare_nothing():
    assert strength(parse_cards("H3"), 2, 2) is None
    assert strength(parse_cards("H2 S2"), 2, 2) is None
    assert strength(parse_cards("BJ"), 2, 2) is None          # a single joker declares nothing
    assert strength(parse_cards("H2 H2 H2"), 2, 2) is None    # no triples with 2 decks
    problems = check_declarations((decl(N, "H3"),), 2, STD)[3]
    assert len(problems) == 1 and "declares nothing" in problems[0].message_en


def test_three_decks_order_single_pair_jokerpair_triple_jokertriple():
    # seed 000: 单张 2 < 两张 2 < 两张王（打无主）< 三张 2 < 三张王（打无主）
    three = PRESETS["three-deck"]
    seq = ["H2", "S2 S2", "LJ LJ", "D2 D2 D2", "LJ LJ LJ"]
    tiers = [strength(parse_cards(t), 2, 3)[0] for t in seq]
    assert tiers == sorted(tiers) and len(set(tiers)) == 5
    assert check_declarations(tuple(decl(i % 4, t) for i, t in enumerate(seq)), 2, three)[3] == []


def test_a_declaration_must_come_from_the_declarers_dealt_cards():
    deal = (parse_cards("H3 H4"), parse_cards("S2"), (), ())
    problems = check_declarations((decl(N, "H2"),), 2, STD, deal)[3]
    assert len(problems) == 1 and "was not dealt" in problems[0].message_en
    assert check_declarations((decl(E, "S2"),), 2, STD, deal)[3] == []


def rebid(seat, text):
    return Declaration(seat, parse_cards(text), after_bottom=True)


def test_rebid_after_bottom_is_refused_unless_the_ruleset_allows_it():
    problems = check_declarations((decl(N, "H2"), rebid(E, "S2 S2")), 2, STD)[3]
    assert len(problems) == 1 and "rebid_after_bottom = off" in problems[0].message_en


def test_tournament_rebid_after_bottom_overcalls_and_fixes_the_trump():
    rules = PRESETS["tournament"]
    declared, trump, first, problems = check_declarations((decl(N, "H2"), rebid(E, "S2 S2")), 2, rules)
    assert (declared, trump, first, problems) == (True, 0, N, [])


def test_rebid_must_still_overcall():
    rules = PRESETS["tournament"]
    problems = check_declarations((decl(N, "H2 H2"), rebid(E, "D2 D2")), 2, rules)[3]
    assert len(problems) == 1 and "does not overcall" in problems[0].message_en


def test_no_rebid_when_the_trump_came_from_turning_the_bottom():
    # seed 001, rule 四: 若主是在翻底时确认的则不允许"炒地皮"
    problems = check_declarations((rebid(E, "S2 S2"),), 2, PRESETS["tournament"])[3]
    assert len(problems) == 1 and "nobody declared before" in problems[0].message_en


def test_rebids_round_trip_in_tgn_and_json():
    from tractor_analysis.records import format_json, parse_json
    from tractor_analysis.records import format_tgn, parse_tgn
    text = '[Hand "1"]\n[Dealer "N"]\n[Trump "S"]\n[Declarations "N: H2 || E: S2 S2"]\n'
    matches, diags = parse_tgn(text)
    assert diags == []
    assert matches[0].hands[0].declarations == (decl(N, "H2"), rebid(E, "S2 S2"))
    assert '[Declarations "N: H2 || E: S2 S2"]' in format_tgn(matches[0])
    again, diags = parse_json(format_json(matches[0]))
    assert diags == [] and again == matches
