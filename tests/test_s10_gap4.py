"""A trick line with no readable play in the middle of a hand: a gap of all four seats, filled in from the deal
and the other tricks' plays (docs/rules.md §14.1; engine/trick_gaps.py).

Before, the engine withheld everything from such a trick on (winners, points, legality, outcome, levels), though
with the deal lines each seat's cards there are what it held less what it plays elsewhere.  Now every way to fill
it in is judged and what all give is kept; a failed throw the record cannot show withholds the points where the
rules charge it; past 256 ways, or without the deal lines, the hand is judged as before.
"""
from __future__ import annotations

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import format_tgn, parse_tgn
from tractor_analysis.simulate import simulate_match

WHOLE = format_tgn(simulate_match(5, 0, max_hands=1))
"""A simulated hand (`tractor simulate -n 1 --seed 5 --max-hands 1`): deal lines, 16 tricks, [Claim "95"]."""
HEAD, _, _rest = WHOLE.partition("\nN: ")
HEAD += "\n"
DEAL, _, TRICKS = ("N: " + _rest).partition("\n1. ")
DEAL, TRICKS = DEAL + "\n", "1. " + TRICKS
assert HEAD + DEAL + TRICKS == WHOLE
TRICK8 = "8. S: DA DK, W: DJ D7, N: HK CK, E: D6 D3"
GAP8 = WHOLE.replace(TRICK8, "8. S: D@ DK, W D7 ,,, N: HK CK E: D6")     # trick 8 damaged past reading

TOUR = format_tgn(simulate_match(11, 0, preset="tournament", max_hands=1))


def hand(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[0]


def words(h) -> str:
    return " ".join(x.message_en for x in (*h.derived, *h.unknowns))


def test_gap8_outcome_and_points_stated_where_every_way_agrees():
    truth, h = hand(WHOLE), hand(GAP8)
    assert truth.outcome is not None and truth.attackers_total == 95
    # every seat holds just two cards it plays nowhere else: the plays are derived, the hand judged whole
    assert h.attackers_total == truth.attackers_total == 95 and h.outcome == truth.outcome
    assert h.levels_after == truth.levels_after and h.complete and h.legal is True
    (fact,) = [d for d in h.derived if d.fact == "play"]
    assert fact.value == "8: S DK DA; 8: W D7 DJ; 8: N HK CK; 8: E D3 D6"
    assert "exactly 2 are ones it does not play later" in fact.message_en and "推出" in fact.message_zh
    t8 = next(t for t in h.tricks if t.number == 8)
    assert t8.plays == () and (t8.winner, t8.points) == (2, 30)          # shown as recorded (none), derived
    assert sorted(p.seat for n, p in h.derived_plays if n == 8) == [0, 1, 2, 3]
    assert [(t.winner, t.points) for t in h.tricks] == [(t.winner, t.points) for t in truth.tricks]
    assert "no trick from it on is judged" not in words(h)


def test_lead_size_open_when_the_seats_cards_left_differ():
    # the record ends in trick 16 before W played: W has one card more left than the others, so trick 8's size is
    # 1 or 2 cards; each way is judged and only what all give is kept
    cut = WHOLE.replace("16. N: LJ, E: D8, S: D8, W: H2", "16. N: LJ, E: D8, S: D8")
    truth, h = hand(cut), hand(cut.replace(TRICK8, "8. ~~ ~~"))
    text = words(h)
    assert "1 to 2 cards" in text and "only what all give is kept" in text
    assert not any(d.fact == "play" for d in h.derived)
    # later tricks given whole are judged, as the undamaged record judges them; nothing stated contradicts it
    for t, u in zip(h.tricks, truth.tricks):
        assert t.winner in (None, u.winner) and t.points in (None, u.points)
    assert any(t.number > 8 and t.winner is not None for t in h.tricks)
    assert {(v.code, v.trick, v.seat) for v in h.violations} <= {(v.code, v.trick, v.seat) for v in truth.violations}


def test_failed_throw_reading_withholds_the_points_where_the_rules_charge_it():
    # trick 2: N's lead D6 D6 may have been the forced play of D6 D6 DQ, a throw E's DJ DJ beats: the record cannot
    # show it, and the tournament charges 10 points for DQ not thrown
    damaged = TOUR.replace("2. N: D6 D6, E: DJ DJ, S: DQ D4, W: DK D3", "2. ~~ ~~")
    truth, h = hand(TOUR), hand(damaged)
    assert truth.attackers_total == 65
    assert h.attackers_total is None and h.outcome is None and h.attackers_points == truth.attackers_points
    assert "failed throw" in words(h) and "甩牌失败" in " ".join(u.message_zh for u in h.unknowns)
    assert any(d.fact == "play" for d in h.derived)
    # without the penalty nothing rests on it: the points and the outcome are stated
    free = damaged.replace('[Ruleset "tournament"]', '[Ruleset "tournament"]\n[Rule:throw_penalty "none"]')
    whole_free = TOUR.replace('[Ruleset "tournament"]', '[Ruleset "tournament"]\n[Rule:throw_penalty "none"]')
    g, t = hand(free), hand(whole_free)
    assert g.attackers_total == t.attackers_total == 65 and g.outcome == t.outcome is not None
    assert "failed throw" not in words(g)


def test_without_deal_lines_nothing_is_filled_in():
    # (behaviour unchanged: this one passes on the code before too — it guards the old path)
    h = hand(HEAD + TRICKS.replace(TRICK8, "8. ~~ ~~"))
    assert "no trick from trick 8 on is judged" in words(h)        # (the trick named since s22: bdddb6e)
    assert h.attackers_total is None and h.outcome is None and not any(d.fact == "play" for d in h.derived)
    assert [t.number for t in h.tricks] == list(range(1, 8))


def test_too_many_ways_keeps_everything_withheld_and_says_why():
    # the record stops in trick 12 (N's play not given) and trick 3's line is unreadable: the seats hold 6 to 8
    # cards they do not play later, so trick 3 could be of 1 to 6 cards — far more than 256 ways
    cut = HEAD + DEAL + TRICKS.partition("13. ")[0].replace(", N: S2 S2", "")
    h = hand(cut.replace("3. E: D10 D10, S: D4 D3, W: D6 D4, N: H3 DK", "3. ~~ ~~"))
    text = words(h)
    assert "more than 256: too many to judge each" in text and "no trick from trick 3 on is judged" in text
    assert h.attackers_total is None and [t.number for t in h.tricks] == [1, 2]


def test_the_analysis_plays_the_filled_trick_as_derived_plays():
    """``tractor analyse`` of the hand: the positions rebuilt hold trick 8's derived plays (before, the hand was
    "not analysed: plays out of turn, not held or of a wrong number of cards"), and from trick 8 on too."""
    from tractor_analysis.analysis.record_basis import derived_plays, with_derived_plays
    from tractor_analysis.records.cards import parse_cards

    h = hand(GAP8)
    plays = derived_plays(h)
    assert {(n, s): tuple(sorted(c)) for (n, s), c in plays.items()} == {
        (8, 2): tuple(sorted(parse_cards("DK DA"))), (8, 3): tuple(sorted(parse_cards("D7 DJ"))),
        (8, 0): tuple(sorted(parse_cards("HK CK"))), (8, 1): tuple(sorted(parse_cards("D3 D6")))}
    filled = with_derived_plays(h)
    assert [p.seat for p in filled.tricks[7].plays] == [2, 3, 0, 1]          # in turn from S, who led
    cards = lambda h: [[(p.seat, tuple(sorted(p.cards))) for p in t.plays] for t in h.tricks]   # noqa: E731
    assert cards(filled) == cards(hand(WHOLE))
