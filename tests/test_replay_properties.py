"""Invariants of whole simulated games (hypothesis over seeds): legal bots replay clean,
every card is played once, trick points plus the bottom total 100 per deck, replay is
deterministic, and the record survives parse ∘ format."""
from hypothesis import HealthCheck, given, settings, strategies as st

from tractor_analysis.records.cards import POINTS, full_deck
from tractor_analysis.records import format_tgn, parse_tgn
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.simulate import simulate_match

SETTINGS = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(seed=st.integers(0, 10**6), preset=st.sampled_from(sorted(PRESETS)))
def test_legal_games_replay_clean_and_conserve_cards_and_points(seed, preset):
    rules = PRESETS[preset]
    match = simulate_match(seed, 0, rules=rules, max_hands=3)
    result = replay_match(match)
    for hand, res in zip(match.hands, result.hands):
        assert res.violations == (), [v.message_en for v in res.violations]
        counts = [0] * 54
        for trick in hand.tricks:
            assert len({len(p.cards) for p in trick.plays}) == 1
            for play in trick.plays:
                for k in play.cards:
                    counts[k] += 1
        for k in hand.buried:
            counts[k] += 1
        assert tuple(counts) == full_deck(rules.decks)
        assert sum(t.points for t in res.tricks) + res.bottom_points == 100 * rules.decks
        assert sum(POINTS[k] for k in hand.buried) == res.bottom_points
        assert res.claim_matches is True
        assert sum(i.points for i in res.items) == res.attackers_total


@SETTINGS
@given(seed=st.integers(0, 10**6))
def test_replay_is_deterministic_and_survives_the_text_round_trip(seed):
    match = simulate_match(seed, 0, max_hands=2)
    text = format_tgn(match)
    parsed, diags = parse_tgn(text)
    assert diags == [] and parsed == [match]
    assert replay_match(parsed[0]) == replay_match(match)
