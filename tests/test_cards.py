import pytest

from tractor_analysis.records.cards import (BJ, LJ, POINTS, TOKEN, counts_of, cards_of, full_deck,
                                    next_seat, parse_card, parse_cards, parse_rank, parse_seat,
                                    parse_trump, partner, points_of)


@pytest.mark.parametrize("token,canonical", [
    ("S10", "S10"), ("ST", "S10"), ("s10", "S10"), ("st", "S10"), ("HA", "HA"), ("ha", "HA"),
    ("♠10", "S10"), ("♤10", "S10"), ("♥Q", "HQ"), ("♡q", "HQ"), ("♦7", "D7"), ("♢7", "D7"),
    ("♣2", "C2"), ("♧2", "C2"), ("黑桃10", "S10"), ("红桃A", "HA"), ("红心A", "HA"),
    ("方块3", "D3"), ("方片3", "D3"), ("梅花K", "CK"), ("草花K", "CK"),
    ("BJ", "BJ"), ("bj", "BJ"), ("RJ", "BJ"), ("大王", "BJ"), ("LJ", "LJ"), ("小王", "LJ"),
])
def test_every_accepted_token_reads_to_its_canonical_form(token, canonical):
    assert TOKEN[parse_card(token)] == canonical


@pytest.mark.parametrize("bad", ["S11", "X5", "S1", "10", "", "SJJ", "HAA", "J"])
def test_unknown_cards_are_rejected_with_a_readable_message(bad):
    with pytest.raises(ValueError, match="unknown card"):
        parse_card(bad)


def test_every_canonical_token_round_trips():
    assert all(parse_card(TOKEN[k]) == k for k in range(54))
    assert len(set(TOKEN)) == 54


def test_points_total_100_per_deck():
    assert sum(POINTS) == 100
    assert points_of(cards_of(full_deck(2))) == 200


def test_jokers_score_nothing_and_are_distinct():
    assert POINTS[BJ] == POINTS[LJ] == 0 and BJ != LJ


def test_counts_and_cards_are_inverse():
    cards = parse_cards("S10 S10 HA BJ LJ C2")
    assert cards_of(counts_of(cards)) == tuple(sorted(cards))


def test_seats_levels_trumps():
    assert parse_seat("n") == 0 and next_seat(3) == 0 and partner(1) == 3
    assert parse_rank("T") == 10 and parse_rank("a") == 14
    assert parse_trump("NT") is None and parse_trump("♥") == 1
    with pytest.raises(ValueError):
        parse_seat("X")
