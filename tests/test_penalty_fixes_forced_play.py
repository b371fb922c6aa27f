"""A failed throw is charged for the cards attempted less the forced play the rules require
(docs/rules.md §4.6), whichever way the record writes it (``engine/scoring.py``
``throw_cards_charged``).

The probe: N throws ♥K ♥K ♥5 ♥2 and E holds ♥A ♥A; the forced play is ♥2.  Written as if it stood,
the throw was charged 3 cards; written ``HK HK H5 H2 -> HK HK`` (a wrong forced play, flagged) it
was charged 2 — the cards the record wrote, not the play the rules require.
"""
from __future__ import annotations

from record_builders import position
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.scoring import throw_cards_charged
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.rulesets import build_ruleset

POSITION = position(ruleset="tournament", points=30, first_trick=20,
                    deal={"N": "HK HK H5 H2 D3 D4", "E": "HA HA H3 D5 D6 D8", "S": "H4 H6 H8 H9 D9 D7",
                          "W": "C3 C4 C5 C6 C8 C9"})
FORCED_WRONG = "20. N: HK HK H5 H2 -> HK HK, E: HA HA, S: H4 H6, W: C3 C4\n"
AS_IF_IT_STOOD = "20. N: HK HK H5 H2, E: HA HA H3 D5, S: H4 H6 H8 H9, W: C3 C4 C5 C6\n"
RULES = build_ruleset("80fen", {"throw_penalty": "per_card"})[0]


def _trick(line: str):
    (match,), diags = parse_tgn(POSITION + line)
    assert not diags
    (h,) = replay_match(match, RULES).hands
    return h.tricks[0]


def test_a_wrong_forced_play_is_charged_as_the_forced_play_the_rules_require():
    wrong, stood = _trick(FORCED_WRONG), _trick(AS_IF_IT_STOOD)
    (v,) = [v for v in wrong.violations if v.code == "wrong_forced_play"]
    (f,) = [v for v in stood.violations if v.code == "throw_failed"]
    assert v.better == f.better                    # the same forced play the rules require
    attempted = wrong.plays[0].attempted
    assert len(attempted) - len(wrong.plays[0].cards) == wrong.cards_not_thrown != len(attempted) - len(v.better)
    assert throw_cards_charged(RULES, wrong) == len(attempted) - len(v.better)
    assert throw_cards_charged(RULES, wrong) == throw_cards_charged(RULES, stood)


def test_a_throw_that_would_have_stood_is_charged_nothing():
    # N throws ♥A ♥K ♥K, which nobody can beat (no other ♥A, no ♥A pair): it stands, so "-> HK HK" is a
    # wrong forced play, and no card is charged
    position = POSITION.replace("N: HK HK H5 H2 D3 D4", "N: HA HK HK H2 D3 D4").replace(
        "E: HA HA H3 D5 D6 D8", "E: H3 D5 D6 D6 D8 D8")
    (match,), diags = parse_tgn(position + "20. N: HA HK HK -> HK HK, E: H3 D5, S: H4 H6, W: C3 C4\n")
    assert not diags
    trick = replay_match(match, RULES).hands[0].tricks[0]
    (v,) = [v for v in trick.violations if v.code == "wrong_forced_play"]
    assert v.better and sorted(v.better) == sorted(trick.plays[0].attempted)
    assert trick.cards_not_thrown > 0 and throw_cards_charged(RULES, trick) == 0
