"""The failed-throw penalty is charged from the forced play the rules require (docs/rules.md §4.6),
in the hand's score, not only in ``engine/scoring.py`` ``throw_cards_charged``.

N throws ♥K ♥K ♥5 ♥2 and E holds ♥A ♥A: the forced play is ♥2, so 3 cards are charged whether the
record writes the throw as if it stood or as ``HK HK H5 H2 -> HK HK`` (a wrong forced play).  Before
the integration the second was charged 2 cards (the cards the record wrote).  And a penalty whose
count rests on a seat's unknown cards is withheld even when the record writes the throw failed.
"""
from __future__ import annotations

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.rulesets import build_ruleset

from record_builders import position
from test_penalty_fixes_forced_play import AS_IF_IT_STOOD, FORCED_WRONG, POSITION  # the one position

PER_CARD = build_ruleset("80fen", {"throw_penalty": "per_card"})[0]


def _hand(text: str, rules=PER_CARD):
    (match,), diags = parse_tgn(text)
    assert not diags
    return replay_match(match, rules).hands[0]


def _charged(h) -> list[tuple[int | None, int]]:
    return [(i.trick, i.points) for i in h.items if i.kind == "throw_penalty"]


def test_a_wrong_forced_play_is_charged_from_the_forced_play_the_rules_require():
    wrong, stood = _hand(POSITION + FORCED_WRONG), _hand(POSITION + AS_IF_IT_STOOD)
    assert _charged(stood) == [(20, 30)]
    assert _charged(wrong) == [(20, 30)]            # 4 attempted − ♥2 required, not 4 − 2 written
    assert "3 cards" in wrong.items[-1].en and "3 张" in wrong.items[-1].zh
    assert wrong.penalties == stood.penalties == 30


def test_check_text_names_the_forced_play_the_count_comes_from(tmp_path):
    src = tmp_path / "t1.tgn"
    src.write_text(POSITION + FORCED_WRONG, encoding="utf-8")
    out = CliRunner().invoke(main, ["check", str(src), "--rules", "80fen", "--rule", "throw_penalty=per_card"])
    line = next(x for x in out.output.splitlines() if "penalty 罚分" in x)
    assert "+30" in line and "3 cards × 10" in line and "3 张 × 10" in line
    assert "the rules require 规则要求 ♥2" in line


def test_a_throw_that_would_have_stood_is_charged_nothing():
    position = POSITION.replace("N: HK HK H5 H2 D3 D4", "N: HA HK HK H2 D3 D4").replace(
        "E: HA HA H3 D5 D6 D8", "E: H3 D5 D6 D6 D8 D8")
    h = _hand(position + "20. N: HA HK HK -> HK HK, E: H3 D5, S: H4 H6, W: C3 C4\n")
    assert [v.code for v in h.violations] == ["wrong_forced_play"]
    assert _charged(h) == [] and not h.penalties


def test_the_trick_keeps_the_cards_the_record_did_not_throw():
    # the engine's TrickResult field (the dataset's tricks.cards_not_thrown) is unchanged: attempted minus played
    assert _hand(POSITION + FORCED_WRONG).tricks[0].cards_not_thrown == 2


UNSURE = position(ruleset="standard", points=65, first_trick=20,
                  deal={"N": "H9 H8 H3 SA D6 C4", "W": "HK HQ HJ D5 D5 C8"},
                  tricks=["W: HK HQ HJ -> HJ, N: H3, E: H4, S: H10"])


def test_a_penalty_whose_forced_play_is_not_known_is_withheld():
    """E and S have no deal line: whether the throw failed at all is not known, so the count charged
    (2 cards if it failed, none if it would have stood) is withheld with the attackers' points — before,
    the record's ``-> HJ`` fixed it at 2."""
    h = _hand(UNSURE, build_ruleset("standard", {"throw_penalty": "per_card"})[0])
    assert _charged(h) == []
    assert h.attackers_total is None and h.penalties is None and "points" in h.withheld
