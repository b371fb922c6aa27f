"""Referee positions (``[SetUp "1"]``, format.md "Positions") in every deck count, replayed whole:
the engine's verdicts feed the record-level results (bottom capture by shape, score steps),
and a position survives a round trip through ``format_tgn``.

Seeds: ``000_761dd93bd77deec4.txt`` (3 decks: 扣底 "若牌中含有 Titanic … 2·3^len … 三对 … 6 …
拖拉机 … 2·2^len … 两对 … 4 … 什么都没有 … 2"; 上下台 "0 分记大光，不足 60 分算小光， 120 分上台，
180 分上台 +1 级， 240 分上台 +2 级").
"""
import pytest

from engine_helpers import position, replay_position
from tractor_analysis.records import format_tgn, parse_tgn
from tractor_analysis.engine.replay import replay_match

BURIED3 = "SK S10 D5 D5 C2 C3"          # 30 points in a 3-deck bottom (6 cards)


def capture(lead: str, follows: tuple[str, str, str], **kw) -> str:
    """The last trick of a 3-deck hand: attacker E leads ``lead`` and wins; dealer N."""
    s, w, n = follows
    return position(f"E: {lead}, S: {s}, W: {w}, N: {n}", ruleset="three-deck", level="2", trump="H",
                    dealer="N", points=100, first_trick=30, buried=BURIED3, **kw)


LOW = ["D3", "D4", "D6", "D7", "D8", "D9", "DJ", "DQ", "DK"]


def low(n: int, suit: str = "D") -> str:
    return " ".join(c.replace("D", suit) for c in LOW[:n])


@pytest.mark.parametrize("lead,shape,mult", [
    ("CA", (1, 1), 2),                                        # 什么都没有: 2
    ("CA CA", (2, 1), 4),                                     # 两对 (a pair): 4
    ("CA CA CA", (3, 1), 6),                                  # 三对 (a triple): 6
    ("CA CA CK CK", (2, 2), 8),                               # 拖拉机: 2·2^2
    ("CA CA CK CK CQ CQ", (2, 3), 16),                        # 拖拉机: 2·2^3
    ("CA CA CA CK CK CK", (3, 2), 18),                        # Titanic: 2·3^2
    ("CA CA CA CK CK CK CQ CQ CQ", (3, 3), 54),               # Titanic: 2·3^3
])
def test_three_deck_bottom_capture_by_the_winning_shape(lead, shape, mult):
    n = len(lead.split())
    result = replay_position(capture(lead, (low(n), low(n, "S"), low(n, "S"))))
    assert result.violations == ()
    last = result.tricks[-1]
    assert last.winner == 1 and last.winning_shape == shape
    assert (result.bottom_points, result.bottom_multiplier, result.bottom_bonus) == (30, mult, 30 * mult)
    assert result.complete and result.outcome is not None


def test_three_deck_capture_by_a_trump_in_counts_the_leads_shape():
    # N (defender) leads a triple; E trumps in with a triple and wins the bottom: x6
    # (not BURIED3: its C3 with N's three would be a fourth copy in three decks, a bad_bury)
    text = position("N: C3 C3 C3, E: H9 H9 H9, S: C4 C6 C7, W: D3 D4 D6", ruleset="three-deck", level="2",
                    trump="H", dealer="N", points=100, first_trick=30, buried="SK S10 D5 D5 C2 C8")
    result = replay_position(text)
    assert result.violations == ()
    assert result.tricks[0].trumped and result.tricks[0].winner == 1
    assert result.bottom_multiplier == 6 and result.bottom_bonus == 180


@pytest.mark.parametrize("points,winner,levels", [
    (0, "defenders", 3),       # 大光
    (55, "defenders", 2),      # 小光: 不足 60
    (60, "defenders", 1),
    (115, "defenders", 1),
    (120, "attackers", 0),     # 120 分上台
    (175, "attackers", 0),
    (180, "attackers", 1),     # 180 分上台 +1 级
    (240, "attackers", 2),     # 240 分上台 +2 级
])
def test_three_deck_score_steps_of_60(points, winner, levels):
    # the defenders win the last trick (no bottom), with no points in it
    text = position("N: C3, E: C4, S: C6, W: C7", ruleset="three-deck", level="2", trump="H", dealer="S",
                    points=points, first_trick=39, buried="C8 C9 CJ CQ D3 D4")
    result = replay_position(text)
    assert result.violations == () and result.attackers_total == points
    assert (result.outcome.winner, result.outcome.levels) == (winner, levels)


VARIANT_POSITIONS = [
    position("N: C3 C3 C3 C4 C4 -> C3 C3 C3, E: C9 C9 C9, S: D3 D4 D6, W: S3 S4 S6", ruleset="three-deck",
             level="2", hands=dict(N="C3 C3 C3 C4 C4", E="C9 C9 C9 C5", S="D3 D4 D6", W="S3 S4 S6")),
    position("N: S3 S3 S3 S4 S4 S4, E: SJ SJ SJ S7 SK SA, S: D3 D4 D6 D7 D8 D9, W: C3 C4 C6 C7 C8 C9",
             ruleset="three-deck", level="2",
             hands=dict(N="S3 S3 S3 S4 S4 S4", E="S7 S7 S8 S8 SJ SJ SJ SK SA", S="D3 D4 D6 D7 D8 D9",
                        W="C3 C4 C6 C7 C8 C9")),
    position("E: SA SQ S9 -> S9, S: S3, W: D3, N: S4", ruleset="one-deck", level="2", dealer="E",
             hands=dict(E="SA SQ S9", S="S3 SK", W="D3 D4", N="S4 S5")),
    position("N: SK, E: S2, S: S3, W: S4", ruleset="one-deck", level="10", rules={"constant_twos": "on"},
             hands=dict(N="SK", E="S2 D3", S="S3", W="S4")),
    position("N: C10 C10 H2 H2, E: HA HA HK HK, S: S2 S2 D2 D2, W: H3 H3 H4 H4", ruleset="standard",
             level="10", rules={"constant_twos": "on"}),
    position("N: C3 C3, E: C9 C8, S: D3 D4, W: S3 S4", ruleset="three-deck", level="2",
             rules={"protect_triples": "on"}, hands=dict(N="C3 C3", E="C9 C9 C9 C8", S="D3 D4", W="S3 S4")),
]


@pytest.mark.parametrize("text", VARIANT_POSITIONS)
def test_variant_positions_round_trip_through_format_tgn(text):
    matches, diags = parse_tgn(text)
    # a follower's whole holding beside the others' plays: uneven on purpose (see engine_helpers)
    assert [d for d in diags if d.code != "uneven_position"] == []
    again, diags2 = parse_tgn(format_tgn(matches[0]))
    assert [d.code for d in diags2] == [d.code for d in diags]
    a, b = replay_match(matches[0]), replay_match(again[0])
    assert [v.code for h in a.hands for v in h.violations] == [v.code for h in b.hands for v in h.violations]
    assert [t.winner for t in a.hands[0].tricks] == [t.winner for t in b.hands[0].tricks]
    assert a.hands[0].rules == b.hands[0].rules


def test_variant_positions_name_their_rules():
    rules = [replay_position(t).rules for t in VARIANT_POSITIONS]
    assert [r.decks for r in rules] == [3, 3, 1, 1, 2, 3]
    assert [r.constant_twos for r in rules] == [False, False, False, True, True, False]
    assert rules[-1].protect_triples and not rules[0].protect_triples
