"""Each play judged from its player's seat (issue 24): what the player knows, the deals it could not
rule out, and the means over them — against an independent enumeration on small singles endgames."""
from __future__ import annotations

import dataclasses
import itertools
import json
import random
from collections import Counter

from click.testing import CliRunner

from engine_helpers import position
from solver_helpers import brute_force
from tractor_analysis.analysis import deals as deals_module
from tractor_analysis.analysis.deals import _Ways, _draw, _setup, deals_for
from tractor_analysis.analysis.hand_analysis import position_at, trick_bases
from tractor_analysis.analysis.knowledge import BOTTOM, agrees, knowledge_at
from tractor_analysis.analysis.view import view_play
from tractor_analysis.cli.main import main
from tractor_analysis.engine.legal import analyse_lead, legal_follows
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.scoring import bottom_multiplier
from tractor_analysis.engine.tricks import hand_context, judge_trick
from tractor_analysis.records import format_tgn, parse_tgn
from tractor_analysis.records.cards import NUM_KINDS, POINTS, TOKEN
from tractor_analysis.records.model import Play, Trick
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.simulate import simulate

SEATS = "NESW"
HEARTS = TOKEN.index("H2") // 13


ZERO_RANKS = (1, 2, 4, 5, 6, 7, 9, 10, 12)
"""Ranks (index in a suit, 0 = the 2) of cards worth no points (3 4 6 7 8 9 J Q A), the 2 left out
(at level 2 a trump)."""


def _singles_endgame(rng: random.Random, per: int = 3, buried: int = 0, whole_bottom: bool = False):
    """A random position of singles (distinct kinds, one copy each) played out to the end with
    random legal follows: ``(record text, dealer)``.  The bottom holds ``buried`` cards of the pool;
    ``whole_bottom``: filled to the rules' 8 with cards of the suit no hand holds, worth no points
    (a position's Buried: line of another size is bad_bury, and its bottom unknown).  Without it the line holds only those cards —
    a bottom the engine does not take, read here only by the view's own knowledge."""
    ctx = hand_context(PRESETS["standard"], 2, HEARTS)        # level 2, trump ♥
    plain = [s for s in range(4) if s != HEARTS]
    suits = rng.sample(plain, 2)
    pool = [s * 13 + r for s in suits for r in rng.sample(range(1, 13), 6)] + [HEARTS * 13 + 12, 52, 53]
    cards = rng.sample(pool, 4 * per + buried)
    hands = [sorted(cards[i * per:(i + 1) * per]) for i in range(4)]
    bottom = cards[4 * per:]
    if whole_bottom:
        spare = next(s for s in plain if s not in suits)
        bottom += [spare * 13 + r for r in ZERO_RANKS[:8 - buried]]
    counts = [[0] * NUM_KINDS for _ in range(4)]
    for s, h in enumerate(hands):
        for k in h:
            counts[s][k] += 1
    leader = rng.randrange(4)
    lines = []
    for number in range(1, per + 1):
        plays = []
        for i in range(4):
            seat = (leader + i) % 4
            if i == 0:
                cards_ = (rng.choice([k for k in range(NUM_KINDS) if counts[seat][k]]),)
            else:
                cards_ = rng.choice(list(legal_follows(ctx, analyse_lead(ctx, plays[0][1]), counts[seat])))
            plays.append((seat, cards_))
        start = [c[:] for c in counts]
        for seat, cs in plays:
            for k in cs:
                counts[seat][k] -= 1
        r = judge_trick(ctx, Trick(number, tuple(Play(s, c) for s, c in plays)), start, None)
        lines.append(f"{number}. " + ", ".join(f"{SEATS[s]}: {' '.join(TOKEN[k] for k in c)}" for s, c in plays))
        leader = r.winner
    dealer = rng.randrange(4)
    first, rest = lines[0].split(". ", 1)
    text = position(rest, level="2", trump="H", ruleset="standard", dealer=SEATS[dealer],
                    hands={SEATS[s]: " ".join(TOKEN[k] for k in hands[s]) for s in range(4)},
                    buried=" ".join(TOKEN[k] for k in bottom), extra="\n".join(lines[1:]))   # "Buried: " when none: 0 points, stated
    return text, dealer


def _replayed(text):
    (m,), diags = parse_tgn(text)
    assert not [d for d in diags if d.code != "unknown_tag"], diags
    r = replay_match(m)
    return r.hands[0], m.hands[0]


def _splits(cards, sizes):
    """Every way to hand distinct cards out in parts of these sizes."""
    if not sizes:
        yield []
        return
    for part in itertools.combinations(cards, sizes[0]):
        rest = [k for k in cards if k not in part]
        for tail in _splits(rest, sizes[1:]):
            yield [list(part)] + tail


def _after(ctx, before, after, leader, defenders, bottom_points, plays):
    """Attackers' points still to come once ``plays`` are on the table (a full trick scored first)."""
    if len(plays) < 4:
        return brute_force(ctx, after, leader, defenders, bottom_points, plays)
    start = [h[:] for h in after]
    for s_, cards in plays:
        for k in cards:
            start[s_][k] += 1
    r = judge_trick(ctx, Trick(1, tuple(Play(s_, c) for s_, c in plays)), start, None)
    gain = 0
    if r.winner not in defenders:
        gain = r.points
        if not any(map(any, after)):
            gain += bottom_points * bottom_multiplier(ctx.rules, r.winning_shape, r.lead_shapes)
    return gain + brute_force(ctx, after, r.winner, defenders, bottom_points, ())


def _brute_view(h, record, index, play):
    """The view by listing every assignment of the unseen cards (singles: one copy of each kind)
    that keeps every revealed void, and plain minimax in each: {play: mean value}."""
    ctx = hand_context(h.rules, h.level, h.trump)
    t = h.tricks[index]
    seat = t.plays[play].seat
    now = [list(x) for x in t.hands_before]
    for p in t.plays[:play]:
        for k in p.cards:
            now[p.seat][k] -= 1
    recipients = [s for s in range(4) if s != seat]
    unseen = [k for s in recipients for k in range(NUM_KINDS) for _ in range(now[s][k])]
    sizes = [sum(now[s]) for s in recipients]
    with_bottom = record.buried is not None and seat != h.dealer
    if with_bottom:
        unseen += list(record.buried)
        sizes.append(len(record.buried))
    voids = set()                                           # (seat, group) from earlier follows
    group = ctx.order.group
    for i in range(index + 1):
        tt = h.tricks[i]
        led = group[tt.plays[0].cards[0]]
        faults = {v.seat for v in tt.violations}
        for j, p in enumerate(tt.plays[1:], 1):
            if (i < index or j < play) and p.seat != seat and p.seat not in faults and group[p.cards[0]] != led:
                voids.add((p.seat, led))
    bases, penalties = trick_bases(h)
    base = position_at(h, index, play, bases, penalties)
    table = list(base.table)
    own = now[seat]
    cands = ([tuple(m) for m in legal_follows(ctx, analyse_lead(ctx, table[0][1]), own)] if table
             else [(k,) for k in range(NUM_KINDS) if own[k]])
    sums = Counter()
    deals = 0
    for parts in _splits(unseen, sizes):
        hands = [[0] * NUM_KINDS for _ in range(4)]
        hands[seat] = list(own)
        for s, part in zip(recipients, parts):
            for k in part:
                hands[s][k] += 1
        if any(any(group[k] == g for k in range(NUM_KINDS) if hands[s][k]) for s, g in voids):
            continue
        bottom_points = sum(POINTS[k] for k in parts[3]) if with_bottom else h.bottom_points
        deals += 1
        for m in cands:
            after = [x[:] for x in hands]
            for k in m:
                after[seat][k] -= 1
            sums[m] += base.points + _after(ctx, hands, after, base.leader, h.defenders, bottom_points,
                                            tuple(table) + ((seat, m),))
    return {m: v / deals for m, v in sums.items()}, deals


def _check_against_brute_force(seed: int, buried: int, per: int = 3) -> int:
    rng = random.Random(seed)
    text, dealer = _singles_endgame(rng, per=per, buried=buried, whole_bottom=True)
    h, record = _replayed(text)
    checked = 0
    for index in range(1, len(h.tricks)):
        for play in range(4):
            seat = h.tricks[index].plays[play].seat
            if buried == 0 and seat != dealer:
                continue
            means, deals = _brute_view(h, record, index, play)
            v = view_play(h, record, index, play, samples=10_000, seed=1)
            assert v.exact and v.deals == deals, (v, deals)
            made = tuple(sorted(h.tricks[index].plays[play].cards))
            assert abs(v.value - means[made]) < 1e-9
            viewed = dict(v.values)
            for m, x in means.items():              # every single play: the same mean
                assert abs(viewed[m] - x) < 1e-9, (m, viewed[m], x)
            attacker = seat not in h.defenders
            best = (max if attacker else min)(means.values())
            if set(viewed) == set(means):           # no throw among the plays: the same best
                assert abs(v.value_best - best) < 1e-9
                assert set(v.best) == {m for m, x in means.items() if abs(x - best) < 1e-9}
            else:                                   # a throw (an attempt) can only be better
                assert (v.value_best >= best - 1e-9) if attacker else (v.value_best <= best + 1e-9)
            checked += 1
    return checked


def test_the_dealers_view_equals_an_independent_enumeration(monkeypatch):
    monkeypatch.setattr(deals_module, "LIST_AT_MOST", 20_000)      # every deal listed: exact
    assert sum(_check_against_brute_force(seed, 0) for seed in range(8)) >= 8


def test_a_defenders_view_deals_the_bottom_too(monkeypatch):
    monkeypatch.setattr(deals_module, "LIST_AT_MOST", 20_000)
    # 2 cards each (an 8-card bottom among the unseen: 990 deals at most), 2 endgames
    assert sum(_check_against_brute_force(seed, 2, per=2) for seed in range(100, 102)) >= 8


def _simulated(seed: int):
    match = next(iter(simulate(1, seed)))
    (m,), _ = parse_tgn(format_tgn(match))
    r = replay_match(m)
    return [(h, rec) for h, rec in zip(r.hands, m.hands)]


def test_the_real_deal_always_agrees_and_no_sample_contradicts_a_revealed_void_or_pair():
    rng = random.Random(5)
    for seed in (2, 9):
        for h, record in _simulated(seed)[:2]:
            ctx = hand_context(h.rules, h.level, h.trump)
            group = ctx.order.group
            for _ in range(6):
                index = rng.randrange(len(h.tricks) - 6, len(h.tricks))
                play = rng.randrange(4)
                kn = knowledge_at(h, record, index, play)
                assert agrees(kn, ctx, kn.real)
                ds = deals_for(kn, ctx, 30, seed)
                assert ds.deals
                for deal, _w in ds.deals:
                    assert [sum(x) for x in deal] == list(kn.sizes)
                    assert [sum(x[k] for x in deal) for k in range(NUM_KINDS)] == list(kn.unseen)
                    for i in range(index + 1):
                        t = h.tricks[i]
                        faults = {v.seat for v in t.violations}
                        lead = t.plays[0].cards
                        led = group[lead[0]]
                        for j, p in enumerate(t.plays[1:], 1):
                            if (i == index and j >= play) or p.seat == kn.seat or p.seat in faults:
                                continue
                            in_led = [k for k in p.cards if group[k] == led]
                            held = deal[p.seat]
                            if len(in_led) < len(lead):               # a revealed void
                                assert not any(held[k] for k in range(NUM_KINDS) if group[k] == led)
                            pair_lead = len(lead) == 2 and lead[0] == lead[1]
                            if pair_lead and len(in_led) == 2 and in_led[0] != in_led[1]:
                                assert not any(held[k] >= 2 for k in range(NUM_KINDS) if group[k] == led)


def test_the_sampler_is_uniform_on_a_small_case():
    """Every void-respecting physical deal equally likely: the counts by listing, the draws by frequency."""
    rng = random.Random(3)
    text, _ = _singles_endgame(rng, per=3)
    h, record = _replayed(text)
    kn = knowledge_at(h, record, 1, 1)
    ctx = hand_context(h.rules, h.level, h.trump)
    groups, allowed = _setup(kn, ctx)
    w = _Ways(groups, allowed)
    listed = deals_for(kn, ctx, 10_000, 0)
    assert listed.exact
    voids = kn.voids()
    group = ctx.order.group
    unseen = [k for k in range(NUM_KINDS) for _ in range(kn.unseen[k])]
    by_hand = 0
    recips = [r for r in range(5) if kn.sizes[r]]
    for perm in itertools.permutations(unseen):
        at, ok = 0, True
        for r in recips:
            part = perm[at:at + kn.sizes[r]]
            at += kn.sizes[r]
            if list(part) != sorted(part) or any(group[k] in voids[r] for k in part):
                ok = False
                break
        by_hand += ok
    assert w.ways(0, tuple(kn.sizes)) == by_hand == sum(n for _, n in listed.deals)
    draw_rng = random.Random(11)
    draws = Counter(tuple(map(tuple, _draw(w, tuple(kn.sizes), draw_rng))) for _ in range(200 * by_hand))
    assert len(draws) == by_hand
    assert max(draws.values()) < 1.6 * 200 and min(draws.values()) > 0.5 * 200


def test_the_same_seed_gives_the_same_deals():
    (h, record), *_ = _simulated(4)
    ctx = hand_context(h.rules, h.level, h.trump)
    kn = knowledge_at(h, record, len(h.tricks) - 8, 1)
    a, b = deals_for(kn, ctx, 20, 7), deals_for(kn, ctx, 20, 7)
    assert a == b and not a.exact
    assert deals_for(kn, ctx, 20, 8) != a


def test_view_in_the_cli_text_and_json(tmp_path):
    text, dealer = _singles_endgame(random.Random(1), whole_bottom=True)
    f = tmp_path / "p.tgn"
    f.write_text(text, encoding="utf-8")
    # 250 samples: more than the dealer's first view has deals (210, so it lists them all) and
    # fewer than the others' (500 and more, so they sample): both kinds of view are shown
    r = CliRunner().invoke(main, ["analyse", str(f), "--view", "--samples", "250", "--json"])
    assert r.exit_code == 0, r.output
    plays = json.loads(r.stdout)["hands"][0]["plays"]
    for p in plays:
        v = p["view"]
        assert set(v) == {"deals", "exact", "value", "value_best", "best", "cost", "stderr",
                          "value_from_position", "value_best_from_position"}  \
            | (set() if v["exact"] else {"found", "drawn"})     # (the means less points_before; sampled: the draws)
        assert v["cost"] >= 0 and v["stderr"] >= 0
        if p["seat"] == SEATS[dealer]:          # the dealer knows the bottom: every deal listed
            assert v["exact"]
        assert v["stderr"] == 0 if v["exact"] else v["deals"] == 250
    # the others deal the 8 cards of the bottom too: early on, more deals than the samples
    assert any(not p["view"]["exact"] for p in plays if p["seat"] != SEATS[dealer])
    r = CliRunner().invoke(main, ["analyse", str(f), "--view"])
    assert r.exit_code == 0 and "座位视角" in r.stdout and "from the seat" in r.stdout


def _counts(cards):
    c = [0] * NUM_KINDS
    for k in cards:
        c[k] += 1
    return c


def test_what_a_seat_knows_adds_up_to_the_decks():
    """Rules 1–3: own cards + cards seen played + (the dealer's) bottom + the unseen = two decks;
    the bottom is dealt among the unseen to everyone but the dealer who buried it."""
    (h, record), *_ = _simulated(2)
    for index in (3, 10, 15):
        for play in range(4):
            kn = knowledge_at(h, record, index, play)
            played = [k for t in h.tricks[:index] for p in t.plays for k in p.cards]
            played += [k for p in h.tricks[index].plays[:play] for k in p.cards]
            seen = _counts(played)
            dealer = kn.seat == h.dealer
            bottom = _counts(record.buried) if dealer else [0] * NUM_KINDS
            assert all(kn.own[k] + seen[k] + bottom[k] + kn.unseen[k] == 2 for k in range(NUM_KINDS))
            assert kn.sizes[BOTTOM] == (0 if dealer else len(record.buried))
            assert kn.sizes[kn.seat] == 0
            assert (kn.bottom_points is None) == (not dealer)


def test_declared_cards_stay_with_the_declarer_or_its_bottom():
    """Rule 5: hand 1 of this match: E (the dealer) showed ♦2; until E plays it (trick 17), every deal
    from another seat has it in E's hand or in the bottom E buried."""
    (h, record), *_ = _simulated(2)
    assert h.dealer == 1 and [(d.seat, d.cards) for d in record.declarations] == [(1, (TOKEN.index("D2"),))]
    d2 = TOKEN.index("D2")
    ctx = hand_context(h.rules, h.level, h.trump)
    kn = knowledge_at(h, record, 12, 1)
    assert kn.seat == 2 and kn.declared
    for deal, _ in deals_for(kn, ctx, 40, 3).deals:
        assert deal[1][d2] + deal[BOTTOM][d2] >= 1
    moved = [list(x) for x in kn.real]      # the real deal with E's ♦2 swapped with a trump of N's
    assert moved[1][d2] == 1 and moved[BOTTOM][d2] == 0 and moved[0][d2] == 0
    other = next(k for k in range(NUM_KINDS) if moved[0][k] == 1 and not moved[1][k]
                 and ctx.order.group[k] == ctx.order.group[d2])     # no pair made on either side
    moved[1][d2] -= 1
    moved[0][d2] += 1
    moved[0][other] -= 1
    moved[1][other] += 1
    assert agrees(dataclasses.replace(kn, declared=()), ctx, moved)     # only the declaration rules it out
    assert not agrees(kn, ctx, moved)


def test_the_faster_agreement_check_is_the_full_one_on_void_keeping_deals():
    for seed in (2, 6):
        for h, record in _simulated(seed)[:2]:
            ctx = hand_context(h.rules, h.level, h.trump)
            for index in (len(h.tricks) - 9, len(h.tricks) - 4):
                kn = knowledge_at(h, record, index, 2)
                groups, allowed = _setup(kn, ctx)
                w = _Ways(groups, allowed)
                rng = random.Random(seed)
                for _ in range(150):
                    d = _draw(w, tuple(kn.sizes), rng)
                    fast, full = agrees(kn, ctx, d, True), agrees(kn, ctx, d)
                    assert fast == full
                assert agrees(kn, ctx, kn.real, True) and agrees(kn, ctx, kn.real)
