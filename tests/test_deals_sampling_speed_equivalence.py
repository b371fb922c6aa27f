"""The sampler's counting (analysis/deals.py ``_Ways``: reduced forms, block walks, listed splits)
against the plain definitions: the number of physical deals by brute force over labelled cards, the
group-by-group count over every split, and the draw that walks every split in order — the same
counts, the same split for every pick, the same deals for the same seed."""
from __future__ import annotations

import hashlib
import itertools
import random
from functools import lru_cache
from math import factorial, prod

from tractor_analysis.analysis.deals import _draw, _setup, _Ways, deals_for
from tractor_analysis.analysis.knowledge import knowledge_at
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.tricks import hand_context
from tractor_analysis.records import format_tgn, parse_tgn
from tractor_analysis.records.cards import NUM_KINDS
from tractor_analysis.simulate import simulate


def _weight(split) -> int:
    return factorial(sum(split)) // prod(factorial(x) for x in split)


def _splits(m: int, caps: list[int]):
    """Every way to share ``m`` cards among recipients of capacities ``caps``, recipient 0's count
    outermost, each in increasing order."""
    if len(caps) == 1:
        if m <= caps[0]:
            yield (m,)
        return
    for x in range(min(m, caps[0]) + 1):
        for rest in _splits(m - x, caps[1:]):
            yield (x,) + rest


class _Plain:
    """The definition: deals counted group by group over every split (no reduction, no skipping)."""

    def __init__(self, groups, allowed):
        self.groups, self.allowed = groups, allowed

        @lru_cache(maxsize=None)
        def ways(g: int, room: tuple[int, ...]) -> int:
            if g == len(groups):
                return 0 if any(room) else 1
            return sum(n for _, n in self.options(g, room))

        self.ways = ways

    def options(self, g: int, room: tuple[int, ...]):
        caps = [room[r] if self.allowed[r][g] else 0 for r in range(len(room))]
        for split in _splits(len(self.groups[g]), caps):
            yield split, _weight(split) * self.ways(g + 1, tuple(a - b for a, b in zip(room, split)))

    def split_at(self, g: int, room: tuple[int, ...], pick: int) -> tuple[int, ...]:
        for split, n in self.options(g, room):
            if pick < n:
                return split
            pick -= n
        raise ValueError(pick)

    def draw(self, room: tuple[int, ...], rng: random.Random) -> list[list[int]]:
        hands = [[0] * NUM_KINDS for _ in range(len(room))]
        for g, cards in enumerate(self.groups):
            split = self.split_at(g, room, rng.randrange(self.ways(g, room)))
            shuffled = list(cards)
            rng.shuffle(shuffled)
            at = 0
            for r, x in enumerate(split):
                for k in shuffled[at:at + x]:
                    hands[r][k] += 1
                at += x
            room = tuple(a - b for a, b in zip(room, split))
        return hands


def _brute_force(groups, allowed, room) -> int:
    """Physical deals of the labelled cards (every card a card of its own) into ``room`` exactly."""
    cards = [g for g, cs in enumerate(groups) for _ in cs]
    who = [r for r in range(len(room)) if room[r]]
    n = 0
    for places in itertools.product(who, repeat=len(cards)):
        if all(allowed[r][g] for r, g in zip(places, cards)) and all(places.count(r) == room[r] for r in who):
            n += 1
    return n


def _random_case(rng: random.Random, cards: int, void_rate: float):
    """Five groups of random sizes (``cards`` in all, kinds 0..53), voids at random, and a random
    room for five recipients adding up to the cards (some recipients without room)."""
    sizes = [0] * 5
    for _ in range(cards):
        sizes[rng.randrange(5)] += 1
    groups = [[rng.randrange(NUM_KINDS) for _ in range(m)] for m in sizes]
    allowed = [[rng.random() >= void_rate for _ in range(5)] for _ in range(5)]
    room = [0] * 5
    live = rng.sample(range(5), rng.randint(1, 5))
    for _ in range(cards):
        room[rng.choice(live)] += 1
    return groups, allowed, tuple(room)


def test_counts_are_the_brute_force_counts_of_labelled_cards():
    rng = random.Random(1)
    nonzero = 0
    for case in range(120):
        groups, allowed, room = _random_case(rng, rng.randint(0, 6), (0.0, 0.2, 0.4)[case % 3])
        n = _Ways(groups, allowed).ways(0, room)
        assert n == _brute_force(groups, allowed, room)
        nonzero += n > 0
    assert nonzero >= 40


def test_counts_are_the_plain_counts_from_every_group_and_room():
    rng = random.Random(2)
    nonzero = 0
    for case in range(150):
        groups, allowed, room = _random_case(rng, rng.randint(5, 24), (0.0, 0.15, 0.3, 0.5)[case % 4])
        w, plain = _Ways(groups, allowed), _Plain(groups, allowed)
        for g in range(6):
            for _ in range(3):                          # the room left after a random prefix of groups
                left = sum(len(c) for c in groups[g:])
                r = [0] * 5
                live = [i for i in range(5) if room[i]] or [0]
                for _ in range(left):
                    r[rng.choice(live)] += 1
                assert w.ways(g, tuple(r)) == plain.ways(g, tuple(r))
        n = w.ways(0, room)
        assert n == plain.ways(0, room)
        nonzero += n > 0
    assert nonzero >= 50


def test_every_pick_makes_the_split_the_plain_walk_makes():
    rng = random.Random(3)
    checked = 0
    for case in range(60):
        groups, allowed, room = _random_case(rng, rng.randint(3, 9), (0.0, 0.2, 0.4)[case % 3])
        w, plain = _Ways(groups, allowed), _Plain(groups, allowed)
        total = w.ways(0, room)
        if not total or total > 50_000:
            continue
        for pick in range(total):
            assert w.split_at(0, room, pick) == plain.split_at(0, room, pick)
        checked += 1
    assert checked >= 20


def test_random_picks_on_bigger_cases_make_the_plain_walks_split():
    rng = random.Random(4)
    checked = 0
    for case in range(40):
        groups, allowed, room = _random_case(rng, rng.randint(15, 30), (0.0, 0.2, 0.35)[case % 3])
        w, plain = _Ways(groups, allowed), _Plain(groups, allowed)
        for g in range(5):                              # group by group, down a random deal
            total = w.ways(g, room)
            if not total:
                break
            for pick in [0, total - 1] + [rng.randrange(total) for _ in range(15)]:
                assert w.split_at(g, room, pick) == plain.split_at(g, room, pick)
            split = plain.split_at(g, room, rng.randrange(total))
            room = tuple(a - b for a, b in zip(room, split))
            checked += 1
    assert checked >= 60


def test_draws_are_the_plain_draws_for_the_same_seed():
    """Many draws from one room (rooms met again: their splits listed) and from small ones."""
    rng = random.Random(5)
    for case in range(30):
        groups, allowed, room = _random_case(rng, rng.randint(4, 20), (0.0, 0.2, 0.35)[case % 3])
        w, plain = _Ways(groups, allowed), _Plain(groups, allowed)
        if not w.ways(0, room):
            continue
        a, b = random.Random(case), random.Random(case)
        for _ in range(60):
            assert _draw(w, room, a) == plain.draw(room, b)


def _hands(seed: int, preset: str = "standard"):
    from tractor_analysis.records.rulesets import PRESETS
    match = next(iter(simulate(1, seed, PRESETS[preset], preset)))
    (m,), _ = parse_tgn(format_tgn(match))
    return list(zip(replay_match(m).hands, m.hands))


def test_draws_from_simulated_seats_are_the_plain_draws():
    for h, record in _hands(6)[:2]:
        ctx = hand_context(h.rules, h.level, h.trump)
        for index in (len(h.tricks) - 10, len(h.tricks) - 5):
            for play in range(4):
                kn = knowledge_at(h, record, index, play)
                groups, allowed = _setup(kn, ctx)
                room = tuple(kn.sizes)
                w, plain = _Ways(groups, allowed), _Plain(groups, allowed)
                assert w.ways(0, room) == plain.ways(0, room)
                a, b = random.Random(index + play), random.Random(index + play)
                for _ in range(40):
                    assert _draw(w, room, a) == plain.draw(room, b)


def _digest(deals) -> str:
    return hashlib.sha256(repr((deals.deals, deals.exact, deals.asked)).encode()).hexdigest()[:16]


def test_trick_one_samples_are_those_of_the_sampler_before_the_speedup():
    """Pinned: the deals drawn at the first trick (2 and 3 decks) as the sampler drew them before
    its counting was made faster (the plain count took ~10 and ~50 CPU-s for these)."""
    got = []
    for seed, preset in ((4, "standard"), (4, "three-deck")):
        h, record = _hands(seed, preset)[0]
        ctx = hand_context(h.rules, h.level, h.trump)
        for play in (1, 3):
            got.append(_digest(deals_for(knowledge_at(h, record, 0, play), ctx, 30, 7)))
    assert got == PINNED


PINNED = ['63538e493443f13c', 'c0e4f78ea51a1eb1', '69b75a5d8490f5c9', '60f4ecfe1c80d03a']
