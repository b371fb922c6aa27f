"""The trick a failed throw should have been (engine/required_trick.py, issue 21 case 6).

Each record is a referee's position: seats, full hands at the disputed trick, the trick as it
was played (the whole throw followed).  The rules (docs/rules.md §4.4, §4.5, §5, §6) make the
leader play the forced unit and every follower follow *that*: what this fixes is derived,
what it leaves to the players is a range, what a hand not known would decide is withheld.
"""
from __future__ import annotations

import pytest

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.required_trick import (MAX_FOLLOWS, THROW_VERDICTS, ThrowDecision, required_trick,
                                                    throw_decision)
from tractor_analysis.engine.tricks import hand_context
from tractor_analysis.records.cards import N, E, S, W, parse_cards
from tractor_analysis.records.rulesets import PRESETS, ThrowForced
from tractor_analysis.records.tgn_reader import parse_tgn

HEAD = """[Event "Autumn Cup 2026 秋季杯"]
[Round "3"]
[Table "2"]
[North "张伟"]
[East "李娜"]
[South "王芳"]
[West "刘洋"]
[Ruleset "{ruleset}"]
[Levels "NS:7 EW:5"]

[Hand "4"]
[Dealer "N"]
[Trump "S"]
[Level "7"]
[SetUp "1"]
[Points "40"]
[FirstTrick "18"]
"""

# The issue's example: W throws ♥A ♥Q ♥Q; N holds ♥K ♥K, so the pair is beaten and W must
# play ♥Q ♥Q (largest_shape).  N must follow with ♥K ♥K (its only heart pair) and wins; E
# chooses 2 of ♥10 ♥3 ♥2 (0 or 10 points); S holds ♥8 ♥6 and the level card ♥7 (a trump at
# level 7), so S must play ♥8 ♥6.  As played W's throw took the trick's 30 points.
ISSUE = """N: HK HK H4 S3 C4
E: H10 H3 H2 D5 C6
S: H8 H7 H6 D9 CJ
W: HA HQ HQ C9 D8
18. W: HA HQ HQ, N: HK HK H4, E: H10 H3 H2, S: H8 H7 H6
"""

# Every follower has exactly one legal follow: the points are certain (20 + 10 + 0).
CERTAIN = """N: HK HK H4 S3 C4
E: H10 H3 D5 C6 C7
S: H8 H6 S7 D9 CJ
W: HA HQ HQ C9 D8
18. W: HA HQ HQ, N: HK HK H4, E: H10 H3 D5, S: H8 H6 S7
"""

# S must follow ♥K ♥K and beats the pair; N and E hold no hearts and each holds a trump pair
# (♠4 ♠4, ♠9 ♠9): N may trump in, E may overtrump — or not.  S, N or E can win.
OPEN = """N: S4 S4 C2 C3 D4
E: S9 S9 D5 D6 C8
S: HK HK H5 C9 D9
W: HA HQ HQ C10 D10
18. W: HA HQ HQ, N: S4 S4 C2, E: D5 D6 C8, S: HK HK H5
"""

# N holds no hearts and two trumps that are not a pair (♠4 ♠6): it may play them, but a trump
# play short of the lead's pair counts as a discard (§6.2) and cannot win.  E holds no hearts
# and no trumps: discards only.
VOID = """N: S4 S6 C2 C3 D4
E: D5 D6 C8 C9 D2
S: HK HK H5 C10 D9
W: HA HQ HQ CJ D10
18. W: HA HQ HQ, N: S4 S6 C2, E: D5 D6 C8, S: HK HK H5
"""


def trick_of(deal: str, ruleset: str = "standard"):
    matches, problems = parse_tgn(HEAD.format(ruleset=ruleset) + deal)
    assert not problems, problems
    result = replay_match(matches[0]).hands[0]
    trick = result.tricks[-1]
    assert any(v.code == "throw_failed" for v in trick.violations), trick.violations
    return hand_context(result.rules, result.level, result.trump), trick


def decision_of(trick):
    """The replay's decision of the trick's throw, as its verdict records it (the one judgement)."""
    (v,) = [v for v in trick.violations if v.code in THROW_VERDICTS]
    first = trick.plays[0]
    return throw_decision(v, first.attempted or first.cards)


def required(deal: str, known=(True, True, True, True), ruleset: str = "standard"):
    ctx, trick = trick_of(deal, ruleset)
    first = trick.plays[0]
    return required_trick(ctx, trick.leader, first.attempted or first.cards, trick.hands_before, known,
                          decision_of(trick))


def by_seat(req):
    return {f.seat: f for f in req.followers}


def test_the_issues_example_forced_pair_then_north_must_win_with_its_pair():
    req = required(ISSUE)
    assert req.stands is False
    assert req.lead == parse_cards("HQ HQ")
    assert req.holder == N and req.beater == parse_cards("HK HK")
    f = by_seat(req)
    assert [x.seat for x in req.followers] == [N, E, S]                 # play order after W
    assert f[N].choices == 1 and f[N].fixed == parse_cards("HK HK")
    assert f[E].choices == 3 and f[E].fixed == () and sorted(f[E].pool) == sorted(parse_cards("H10 H3 H2"))
    assert f[E].points == (0, 10)
    assert f[S].choices == 1 and sorted(f[S].fixed) == sorted(parse_cards("H8 H6"))   # ♥7 is a trump at level 7
    assert req.winners == (N,) and req.winner == N
    assert req.points == (20, 30) and req.points_floor == 20
    assert req.winner_points == (((20, 30)), None, None, None)
    assert req.open_seats == (E,)


def test_points_certain_when_every_follow_is_forced():
    req = required(CERTAIN)
    assert all(f.choices == 1 for f in req.followers)
    assert req.winner == N
    assert req.points == (30, 30)
    assert req.open_seats == ()


def test_winner_open_two_followers_could_each_win_by_their_own_choice():
    req = required(OPEN)
    f = by_seat(req)
    assert req.lead == parse_cards("HQ HQ") and req.holder == S
    assert req.winner is None
    assert set(req.winners) == {N, E, S}
    assert f[N].winning == (parse_cards("S4 S4"),) and f[N].winning_count == 1
    assert f[E].winning == (parse_cards("S9 S9"),) and f[E].winning_count == 1
    assert f[S].fixed == parse_cards("HK HK") and f[S].winning_count == 1
    assert f[N].may_trump and f[E].may_trump and f[N].led_held == 0
    # S's ♥K ♥K (20) is always there; E may add ♦5.  E wins only by playing ♠9 ♠9 (no points).
    assert req.points == (20, 25)
    assert req.winner_points[E] == (20, 20)
    assert req.winner_points[N] == (20, 25) and req.winner_points[S] == (20, 25)
    assert req.winner_points[W] is None


def test_a_void_follower_may_trump_but_two_odd_trumps_do_not_beat_a_pair():
    req = required(VOID)
    f = by_seat(req)
    assert f[N].led_held == 0 and f[N].may_trump
    assert f[N].choices == 10                                 # any 2 of its 5 cards
    assert f[N].winning_count == 0                            # ♠4 ♠6 is no pair: a discard (§6.2)
    assert f[E].led_held == 0 and not f[E].may_trump and f[E].winning_count == 0
    assert f[E].points == (0, 5)
    assert req.winners == (S,) and req.points == (20, 25)


def test_a_hand_not_known_withholds_its_duties_and_the_winner():
    req = required(ISSUE, known=(True, True, False, True))
    f = by_seat(req)
    assert req.lead == parse_cards("HQ HQ")         # the pair is the throw's largest shape: certain
    assert req.unknown == (S,)
    assert not f[S].known and f[S].choices is None and f[S].points is None
    assert f[N].fixed == parse_cards("HK HK")       # the known hands still have their duties
    assert req.winners == () and req.winner is None and req.points is None
    assert req.points_floor == 20                    # ♥K ♥K certain, whoever takes them


def test_a_beating_unit_among_the_cards_played_proves_the_throw_failed():
    # no deal line: N played ♥K ♥K, so it held them, so the pair was beaten (the replay's decision,
    # the pair being the throw's largest shape); the proof names N and its pair
    no_deal = "\n".join(line for line in ISSUE.splitlines() if line[:2] not in ("N:", "E:", "S:", "W:")) + "\n"
    ctx, trick = trick_of(no_deal)
    req = required_trick(ctx, W, trick.plays[0].cards, trick.hands_before, (False,) * 4, decision_of(trick))
    assert req.stands is False and req.lead == parse_cards("HQ HQ") and req.unknown == (N, E, S)
    assert req.holder == N and req.beater == parse_cards("HK HK")
    assert req.winners == () and all(not f.known for f in req.followers)


# A throw of a tractor and a pair: ♥A ♥A ♥K ♥K (skipping nothing: A-K adjacent) + ♥9 ♥9.  E holds
# ♥10 ♥10, beating the pair; nobody known beats the tractor.
TRACTOR = """N: H3 H4 H5 H6 C2 C3
E: H10 H10 H2 C4 C5 C6
S: H8 H8 C7 C8 C9 C10
W: HA HA HK HK H9 H9
18. W: HA HA HK HK H9 H9, N: H3 H4 H5 H6 C2 C3, E: H10 H10 H2 C4 C5 C6, S: H8 H8 C7 C8 C9 C10
"""


def test_the_forced_unit_is_the_replays_decision_and_withheld_only_where_the_replay_withheld_it():
    """Whether the throw stands and what it forced are given (the replay's decision), never judged
    again: the same hands and the same hand not known give what the decision says — the forced pair,
    or nothing when the replay withheld it (tests/test_ruling_s7.py: against the replay itself)."""
    head = HEAD.replace('[Points "40"]', '[Points "0"]')
    matches, problems = parse_tgn(head.format(ruleset="standard") + TRACTOR)
    assert not problems, problems
    result = replay_match(matches[0]).hands[0]
    trick = result.tricks[-1]
    ctx = hand_context(result.rules, result.level, result.trump)
    att = trick.plays[0].cards
    decided = decision_of(trick)
    assert decided == ThrowDecision(False, parse_cards("H9 H9"))
    known = required_trick(ctx, W, att, trick.hands_before, (True, True, True, True), decided)
    assert known.stands is False and known.lead == parse_cards("H9 H9") and known.holder == E
    assert known.winners and known.points is not None
    # N not known: its duties and the winner are withheld, the forced pair is the decision's
    doubt = required_trick(ctx, W, att, trick.hands_before, (False, True, True, True), decided)
    assert doubt.stands is False and doubt.lead == parse_cards("H9 H9") and doubt.unknown == (N,)
    assert not by_seat(doubt)[N].known and by_seat(doubt)[E].known and doubt.winners == ()
    # a forced play the replay withheld (rests on a seat read from its plays) is not derived
    withheld = required_trick(ctx, W, att, trick.hands_before, (False, True, True, True), ThrowDecision(False, ()))
    assert withheld.stands is False and withheld.lead == () and withheld.followers == ()
    assert withheld.holder == E                     # the proof of the failure is still named
    # under lowest_unit (80fen) the ruleset names the forced unit the same way
    ctx80 = hand_context(PRESETS["80fen"], result.level, result.trump)
    low = required_trick(ctx80, W, att, trick.hands_before, (False, True, True, True), decided)
    assert low.forced_rule is ThrowForced.LOWEST_UNIT
    assert low.lead == parse_cards("H9 H9")


# Nobody holds a heart pair above ♥Q ♥Q nor a heart above ♥A: the throw stands.
STANDS = """N: H9 H5 H4 S3 C4
E: H10 H3 H2 D5 C6
S: H8 H7 H6 D9 CJ
W: HA HQ HQ C9 D8
18. W: HA HQ HQ, N: H9 H5 H4, E: H10 H3 H2, S: H8 H6 D9
"""


def test_a_throw_that_stands_is_the_lead_itself():
    matches, problems = parse_tgn(HEAD.format(ruleset="standard") + STANDS)
    assert not problems, problems
    result = replay_match(matches[0]).hands[0]
    trick = result.tricks[-1]
    assert not trick.violations
    ctx = hand_context(result.rules, result.level, result.trump)
    # no verdict: the replay found the throw stood
    stood = ThrowDecision(True, parse_cards("HA HQ HQ"))
    req = required_trick(ctx, W, parse_cards("HA HQ HQ"), trick.hands_before, (True,) * 4, stood)
    assert req.stands is True and req.lead == parse_cards("HA HQ HQ") and req.holder is None
    assert req.winners == (W,)                 # a throw is beaten only by a trump-in; nobody is void


def test_a_follower_with_too_many_choices_is_not_listed_nor_guessed():
    # three decks, a forced unit of many cards against a long void hand: the candidates are
    # counted first, and past the limit nothing is enumerated
    from tractor_analysis.engine.required_trick import follow_candidates as _candidates
    from tractor_analysis.engine.legal import analyse_lead

    rules = PRESETS["three-deck"]
    ctx = hand_context(rules, 7, 0)
    lead = analyse_lead(ctx, parse_cards("HQ HQ HQ HK HK HK"))
    hand = [0] * 54
    for k in parse_cards("D2 D3 D4 D5 D6 D8 D9 D10 DJ DQ DK DA C2 C3 C4 C5 C6 C8 C9 C10 CJ CQ CK CA"):
        hand[k] = 2
    assert _candidates(ctx, lead, hand) > MAX_FOLLOWS
    hands = [tuple(hand), tuple([0] * 54), tuple([0] * 54), tuple([0] * 54)]
    hands[3] = tuple(1 if k in parse_cards("HQ HK") else 0 for k in range(54))
    req = required_trick(ctx, W, lead.cards, hands, (True,) * 4, ThrowDecision(True, lead.cards))   # one unit
    n = by_seat(req)[N]
    assert n.known and n.choices is None and n.fixed == () and n.points is None
    assert req.winners == () and req.points is None and req.limit in ("follows", "short")


def test_an_attempt_of_two_suit_groups_derives_nothing():
    ctx, trick = trick_of(ISSUE)
    req = required_trick(ctx, W, parse_cards("HA HQ HQ C9"), trick.hands_before, (True,) * 4, decision_of(trick))
    assert req.stands is None and req.lead == () and req.followers == () and req.unknown == ()


@pytest.mark.parametrize("deal", [ISSUE, CERTAIN, OPEN, VOID])
def test_every_listed_choice_is_a_legal_follow_and_the_range_is_tight(deal):
    """The derivation agrees with the engine's legality check and the points are reached."""
    from itertools import product

    from tractor_analysis.engine.legal import analyse_lead, is_legal_follow, legal_follows
    from tractor_analysis.engine.tricks import trick_winner
    from tractor_analysis.records.cards import POINTS

    ctx, trick = trick_of(deal)
    req = required(deal)
    lead = analyse_lead(ctx, req.lead)
    options = [list(legal_follows(ctx, lead, trick.hands_before[f.seat])) for f in req.followers]
    for f, opts in zip(req.followers, options):
        assert all(is_legal_follow(ctx, lead, trick.hands_before[f.seat], p) for p in opts)
        assert f.choices == len(opts)
    seen_points, seen_winners = set(), set()
    for combo in product(*options):                     # brute force: every combination
        plays = [(W, req.lead)] + [(f.seat, p) for f, p in zip(req.followers, combo)]
        seen_winners.add(plays[trick_winner(ctx, lead, plays)[0]][0])
        seen_points.add(sum(POINTS[k] for _, p in plays for k in p))
    assert set(req.winners) == seen_winners
    assert req.points == (min(seen_points), max(seen_points))


# --------------------------------------------------------------------------- property

from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402


def _random_failed_throw(seed: int):
    """A random position of ``size`` cards a seat (two decks, random trump and level) whose
    leader's throw of one suit fails; ``None`` when the deal gives no such throw."""
    import random

    from tractor_analysis.engine.legal import analyse_lead
    from tractor_analysis.engine.throw_check import check_throw
    from tractor_analysis.engine.order import TRUMP

    rng = random.Random(seed)
    rules = PRESETS[rng.choice(["standard", "80fen", "tournament"])]
    level, trump = rng.choice(range(2, 15)), rng.choice([0, 1, 2, 3, None])
    ctx = hand_context(rules, level, trump)
    pack = [k for k in range(54) for _ in range(2)]
    rng.shuffle(pack)
    size = rng.choice([4, 5, 6])
    hands = [[0] * 54 for _ in range(4)]
    for s in range(4):
        for k in pack[s * size:(s + 1) * size]:
            hands[s][k] += 1
    leader = rng.randrange(4)
    o = ctx.order
    for g in rng.sample(range(5), 5):
        mine = [k for k in o.kinds[g] for _ in range(hands[leader][k])]
        if len(mine) < 2:
            continue
        throw = tuple(rng.sample(mine, rng.randint(2, len(mine))))
        lead = analyse_lead(ctx, throw)
        if not lead.is_throw:
            continue
        others = [((leader + i) & 3, hands[(leader + i) & 3]) for i in (1, 2, 3)]
        if not check_throw(ctx, throw, others, lead).stands:
            return ctx, leader, throw, tuple(map(tuple, hands)), g == TRUMP
    return None


def _replayed_decision(ctx, leader: int, throw, hands) -> ThrowDecision:
    """The replay's decision of ``throw`` led from ``hands``: the trick judged by the engine
    (:func:`tricks.judge_trick`, each follower playing some of its cards), its verdict read back."""
    from tractor_analysis.engine.tricks import judge_trick
    from tractor_analysis.records.model import Play, Trick

    plays = [Play(leader, tuple(throw))]
    for i in (1, 2, 3):
        seat = (leader + i) & 3
        plays.append(Play(seat, tuple(k for k in range(54) for _ in range(hands[seat][k]))[:len(throw)]))
    result = judge_trick(ctx, Trick(1, tuple(plays)), [list(h) for h in hands], leader)
    (v,) = [v for v in result.violations if v.code in THROW_VERDICTS and v.seat == leader]
    return throw_decision(v, throw)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.integers(0, 2**32 - 1))
def test_property_the_derivation_is_exactly_what_every_legal_combination_gives(seed):
    """Random failed throws: the forced unit is the engine's, every follower's choices are its
    legal follows, and the winners and the points (overall and per winner) are exactly those of
    all the combinations — no more (nothing guessed), no fewer (nothing lost)."""
    from itertools import product

    from hypothesis import assume

    from tractor_analysis.engine.legal import analyse_lead, legal_follows
    from tractor_analysis.engine.throw_check import check_throw
    from tractor_analysis.engine.tricks import trick_winner
    from tractor_analysis.records.cards import POINTS

    case = _random_failed_throw(seed)
    assume(case is not None)
    ctx, leader, throw, hands, _ = case
    req = required_trick(ctx, leader, throw, hands, (True,) * 4, _replayed_decision(ctx, leader, throw, hands))
    others = [((leader + i) & 3, hands[(leader + i) & 3]) for i in (1, 2, 3)]
    assert req.stands is False and req.lead == tuple(check_throw(ctx, throw, others).forced)
    lead = analyse_lead(ctx, req.lead)
    options = [list(legal_follows(ctx, lead, hands[f.seat])) for f in req.followers]
    assert [f.choices for f in req.followers] == [len(o) for o in options]
    winners: set[int] = set()
    per_seat: dict[int, list[int]] = {}
    for combo in product(*options):
        plays = [(leader, req.lead)] + [(f.seat, p) for f, p in zip(req.followers, combo)]
        w = plays[trick_winner(ctx, lead, plays)[0]][0]
        pts = sum(POINTS[k] for _, p in plays for k in p)
        winners.add(w)
        per_seat.setdefault(w, []).append(pts)
    assert set(req.winners) == winners
    every = [p for ps in per_seat.values() for p in ps]
    assert req.points == (min(every), max(every))
    for s in range(4):
        want = (min(per_seat[s]), max(per_seat[s])) if s in per_seat else None
        assert req.winner_points[s] == want
    for f, opts in zip(req.followers, options):
        fixed = list(f.fixed)
        assert all(all(p.count(k) >= fixed.count(k) for k in set(fixed)) for p in opts)   # in every follow
        wins = {p for p in opts if any(                                                     # can win with p
            plays[trick_winner(ctx, lead, plays)[0]][0] == f.seat
            for plays in ([(leader, req.lead)] + [(g.seat, (p if g.seat == f.seat else q))
                                                  for g, q in zip(req.followers, combo)]
                          for combo in product(*options)))}
        assert f.winning_count == len(wins)
