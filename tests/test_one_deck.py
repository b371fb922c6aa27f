"""One deck (preset ``one-deck``, 打百分 / 40分; seed ``000_761dd93bd77deec4.txt``: "对牌只在打两副以上牌时出现",
"打一副牌时每方得 12 张，剩余的 6 张为底牌").

With one copy of each card there are no pairs: leads are singles or throws of singles, a throw
fails as soon as any of its singles can be beaten, and the only follow duty is the suit.
"""
import itertools
import random

from hypothesis import given, settings, strategies as st

from engine_helpers import cards, context, hand, judge_trick, position, replay_position, seat_hands, trick
from tractor_analysis.records.cards import NUM_KINDS, POINTS, full_deck
from tractor_analysis.engine.legal import analyse_lead, check_follow, legal_follows, legal_leads
from tractor_analysis.engine.throw_check import throw_stands
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.simulate import simulate

CTX = context(2, "H", preset="one-deck")
CTX_NT = context(7, "NT", preset="one-deck")


def test_one_deck_preset_deals_12_each_with_6_in_the_bottom_and_100_points():
    rules = CTX.rules
    assert (rules.decks, rules.hand_size, rules.bottom_size, rules.total_points, rules.step) == (1, 12, 6, 100, 20)


def test_leads_are_singles_or_throws_of_singles():
    h = hand("SA SK SQ S3 H4 H5 BJ LJ D9 C2 C3 C4")
    leads = legal_leads(CTX, h)
    assert leads and all(len(lead) == 1 for lead in leads)
    assert sorted(k for (k,) in leads) == sorted(cards("SA SK SQ S3 H4 H5 BJ LJ D9 C2 C3 C4"))
    lead = analyse_lead(CTX, cards("SA SK SQ"))
    assert lead.kind == "throw" and all(u.shape == (1, 1) for u in lead.units)
    assert lead.needs.units[2] == 0 and lead.needs.chains[2] == ()
    # adjacent singles are not a tractor: there is nothing to chain
    assert analyse_lead(CTX, cards("BJ LJ")).kind == "throw"


def test_throw_of_singles_stands_when_none_is_beaten():
    others = [hand("SJ S9 S8"), hand("D3 D4 D6"), hand("BJ LJ H3")]      # trumps never beat a plain throw
    assert throw_stands(CTX, cards("SA SK SQ"), others) == (True, ())


def test_a_throw_fails_when_any_single_is_beaten_and_the_smallest_single_is_forced():
    # seed 003: "若首家试图联出的牌并非都是大牌时，则其必须出欲联出的牌中的最小牌"
    assert throw_stands(CTX, cards("SA SQ S9"), [hand("SK"), hand(""), hand("")]) == (False, cards("S9"))
    assert throw_stands(CTX, cards("SA SQ S9"), [hand(""), hand("S10"), hand("")]) == (False, cards("S9"))
    assert throw_stands(CTX, cards("SA SK S9"), [hand(""), hand(""), hand("S3 S4 S8")]) == (True, ())


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(range(13)), min_size=2, max_size=13, unique=True), st.integers(0, 10**6))
def test_throw_fails_exactly_when_another_hand_holds_a_higher_card_than_one_of_its_singles(ranks, seed):
    rng = random.Random(seed)
    spades = [r + 3 if r + 3 <= 14 else 2 for r in ranks]             # spade ranks, level 2 is trump
    spades = [r for r in spades if r != 2]
    if len(spades) < 3:
        return
    k = rng.randint(2, len(spades) - 1)                               # a throw is two singles or more
    throw = [s - 2 for s in spades[:k]]                               # spade kinds: rank - 2
    others = [[0] * NUM_KINDS for _ in range(3)]
    for s in spades[k:]:
        others[rng.randrange(3)][s - 2] = 1
    st_, forced = throw_stands(CTX, throw, others)
    beaten = any(o[x] and x > t for o in others for x in range(13) for t in throw)
    assert st_ is not beaten
    if beaten:
        assert forced == (min(throw),)


def test_failed_throw_judged_in_a_position():
    t = "E: SA SQ S9 -> S9, S: S3, W: D3, N: S4"
    hands = dict(E="SA SQ S9", S="S3 SK", W="D3 D4", N="S4 S5")
    result = replay_position(position(t, ruleset="one-deck", level="2", hands=hands, dealer="E"))
    assert result.violations == ()
    assert result.tricks[0].throw_failed and result.tricks[0].cards_not_thrown == 2
    bad = replay_position(position("E: SA SQ S9, S: S3 SK S4, W: D3 D4 D6, N: S5 S6 S7", ruleset="one-deck",
                                   level="2", dealer="E"))
    v, = bad.violations
    assert v.code == "throw_failed" and v.better == cards("S9") and "南家" in v.message_zh


def test_follow_duty_is_only_the_suit():
    lead = analyse_lead(CTX, cards("SA SK"))
    h = hand("S3 S4 D5 D6")
    assert check_follow(CTX, lead, h, cards("S3 S4")) is None
    assert check_follow(CTX, lead, h, cards("S3 D5")) == "follow_suit"
    h = hand("S3 D5 D6 H7")
    assert check_follow(CTX, lead, h, cards("S3 D5")) is None
    assert check_follow(CTX, lead, h, cards("S3 H7")) is None                 # a trump as filler is fine


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10**9))
def test_legal_follows_are_exactly_the_plays_with_enough_of_the_suit(seed):
    rng = random.Random(seed)
    deck = list(range(NUM_KINDS))
    rng.shuffle(deck)
    h = [0] * NUM_KINDS
    for k in deck[:9]:
        h[k] = 1
    g = rng.randrange(5)
    o = CTX.order
    pool = [k for k in o.kinds[g] if k not in deck[:9]]
    if not pool:
        return
    lead = analyse_lead(CTX, tuple(rng.sample(pool, min(len(pool), rng.randint(1, 3)))))
    if lead.mixed:
        return
    held = sum(h[k] for k in o.kinds[g])
    mine = [k for k in range(NUM_KINDS) if h[k]]
    expected = {tuple(sorted(c)) for c in itertools.combinations(mine, lead.count)
                if sum(1 for k in c if o.group[k] == g) == min(held, lead.count)}
    assert {tuple(sorted(p)) for p in legal_follows(CTX, lead, h)} == expected


def test_trumping_a_throw_of_singles_needs_only_trumps():
    hs = seat_hands(N="CA CK", E="H3 H4", S="C3 D4", W="LJ D3")
    r = judge_trick(CTX, trick("N: CA CK, E: H3 H4, S: C3 D4, W: LJ D3"), hs, 0)
    assert r.violations == () and r.winner == 1 and r.trumped


def test_off_suit_level_cards_are_equal_the_earlier_wins():
    ctx = context(7, "S", preset="one-deck")
    hs = seat_hands(N="H7", E="D7", S="C7", W="S3")
    r = judge_trick(ctx, trick("N: H7, E: D7, S: C7, W: S3"), hs, 0)
    assert r.winner == 0
    hs = seat_hands(N="H7", E="D7", S="S7", W="LJ")
    assert judge_trick(ctx, trick("N: H7, E: D7, S: S7, W: LJ"), hs, 0).winner == 3


def test_a_pair_cannot_occur_two_copies_in_one_deck_is_too_many_copies():
    text = position("N: SA SA, E: S3 S4, S: S5 S6, W: S7 S8", ruleset="one-deck", level="2")
    _, diags = parse_tgn(text)
    codes = [d.code for d in diags]
    assert "too_many_copies" in codes
    d = next(d for d in diags if d.code == "too_many_copies")
    assert d.line > 0 and d.column > 0 and "1 deck" in d.message


def test_a_pair_across_two_tricks_is_too_many_copies_as_well():
    text = position("N: SA, E: S3, S: S5, W: S7", ruleset="one-deck", level="2",
                    hands=dict(N="SA SK", E="S3 S4", S="S5 S6", W="S7 S8"),
                    extra="2. N: SA, E: S4, S: S6, W: S8")
    _, diags = parse_tgn(text)
    assert any(d.code == "too_many_copies" for d in diags)


def test_the_same_pair_is_fine_with_two_decks():
    text = position("N: SA SA, E: S3 S4, S: S5 S6, W: S7 S8", ruleset="standard", level="2")
    assert replay_position(text).violations == ()


def test_full_random_one_deck_games_replay_clean():
    matches = list(simulate(4, 11, preset="one-deck"))
    assert matches
    for m in matches:
        result = replay_match(m)
        for h, hr in zip(m.hands, result.hands):
            assert hr.violations == (), [v.message for v in hr.violations]
            assert all(len(p.cards) == 1 or t.lead_kind == "throw" for t in hr.tricks for p in t.plays)
            assert all(sum(len(p.cards) for t in hr.tricks for p in t.plays if p.seat == s) == 12
                       for s in range(4))
            assert sum(t.points for t in hr.tricks) + hr.bottom_points == 100
            seen = [0] * NUM_KINDS
            for t in h.tricks:
                for p in t.plays:
                    for k in p.cards:
                        seen[k] += 1
            for k in h.buried:
                seen[k] += 1
            assert tuple(seen) == full_deck(1)
            if hr.bottom_multiplier:
                assert hr.bottom_multiplier == 2                     # flat: "至少要加倍"


def test_one_deck_bottom_capture_is_flat_times_two_even_for_a_throw():
    # attackers E–W win the last trick with a throw of two singles; flat multiplier x2
    text = position("E: CA CK, S: C3 C4, W: D6 D7, N: D3 D4", ruleset="one-deck", level="2", dealer="N",
                    trump="S", points=40, first_trick=11, buried="SK S10 D5 C2 H4 H6")
    result = replay_position(text)
    assert result.violations == ()
    assert (result.bottom_points, result.bottom_multiplier, result.bottom_bonus) == (25, 2, 50)
    assert result.attackers_total == 40 + 10 + 50
    # one_deck table: 80–95 attackers +1, 100 +2 (seed 000: "一副牌时抓分方 80–95 分升一级， 100 分升两级")
    assert (result.outcome.winner, result.outcome.levels) == ("attackers", 2)


def test_points_in_a_deck_are_100():
    assert sum(POINTS) == 100
