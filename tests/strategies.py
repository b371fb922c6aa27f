"""Hypothesis strategies for record values (``Match`` and its parts).

The records are random but *well formed*: every card comes out of the decks the
ruleset deals (no kind more often than ``decks``), each seat plays once per
trick and as many cards as the leader, tricks are numbered from ``first_trick``
on, hand numbers are unique, every hand names its trump, every hand that is not a
position names its dealer and gives its deal (and, when hands follow it, plays a trick: ``missing_tricks``),
and rule options are valid.  So ``parse(format(m)) == ([m], [])``
must hold for every one of them, in ``.tgn`` and in JSON.

They are *not* legal games: plays are random cards of the right count (the
engine will find violations), and the next leader is a random seat.  Use
``matches()`` for whole records, ``hands(rules)`` for one hand.

Text fields mix Chinese, quotes, backslashes, braces, ``<script>``, line breaks,
``;`` and ``|`` — everything a formatter must escape.
"""
from __future__ import annotations

import random

from hypothesis import strategies as st

from tractor_analysis.records.cards import NUM_KINDS
from tractor_analysis.records.tgn_reader import KNOWN_TAGS
from tractor_analysis.records.model import Declaration, Hand, Match, Play, Trick
from tractor_analysis.records.rulesets import PRESETS, RuleSet, build_ruleset

NASTY_TEXTS = ['Zhang Wei', '张伟', '王"芳"', 'Li \\ Na', '<script>alert("x")</script>', '{note}',
               'a}b', '; not a comment', '[Hand "9"]', 'x | y', '1. N: SA', '  spaced  ', '',
               'line\nbreak', 'cr\rhere', 'tab\there', '黑桃A 大王', '\\"', '\\}', 'end\\']
"""Strings that have broken record writers somewhere."""

texts = st.one_of(st.sampled_from(NASTY_TEXTS),
                  st.text(st.characters(blacklist_categories=("Cs",)), max_size=24))
"""Free text (names, event, notes, tag values)."""

_TAG_NAME = st.from_regex(r"[A-Z][A-Za-z0-9_]{0,10}", fullmatch=True)
_SPECIAL_TAG_NAMES = ["Annotator", "Scorer", "notes", "tags", "hands", "players", "extra:json", "meta:json",
                      "Time", "裁判"]


def _tag_name_ok(name: str) -> bool:
    low = name.lower()
    return low not in KNOWN_TAGS and not low.startswith("rule:")


tag_names = st.one_of(st.sampled_from(_SPECIAL_TAG_NAMES), _TAG_NAME).filter(_tag_name_ok)
"""Names of extra tags: never a tag the parsers know (any case), sometimes a JSON field name."""

tag_values = st.one_of(texts, st.sampled_from(["5", "[1,2]", '{"a":1}', "null", "true", " 5", '"s"']))
"""Extra tag values: text, and text that looks like JSON (the ``:json`` tags must survive)."""

extra_tags = st.lists(st.tuples(tag_names, tag_values), max_size=3).map(tuple)

RULE_OPTIONS = [("bottom_multiplier", "pair_doubling"), ("bottom_multiplier", "size_power"),
                ("throw_penalty", "per_card"), ("throw_penalty", "none"), ("must_play", "10"),
                ("must_play", "10,K"), ("constant_twos", "on"), ("revoke_penalty", "level"),
                ("declare_tiebreak", "suit_order"), ("friend", "on"), ("decks", "3"), ("decks", "1"),
                ("score_table", "ourgame"), ("no_declaration", "third_bottom_card")]
"""Valid ``[Rule:name "value"]`` options."""

notes = st.lists(texts, max_size=2).map(tuple)
ranks = st.integers(2, 14)
seats = st.integers(0, 3)
trumps = st.sampled_from([0, 1, 2, 3, None])


def _take(rnd: random.Random, hand: list[int], n: int) -> tuple[int, ...]:
    picked = rnd.sample(range(len(hand)), n)
    out = tuple(hand[i] for i in picked)
    for i in sorted(picked, reverse=True):
        hand.pop(i)
    return out


@st.composite
def _tricks(draw, rnd: random.Random, holding: list[list[int]], first: int, max_tricks: int,
            with_notes: bool, min_tricks: int = 0) -> tuple[Trick, ...]:
    tricks = []
    leader = draw(seats)
    count = draw(st.integers(min(min_tricks, max_tricks), max_tricks))
    for number in range(first, first + count):
        size = len(holding[leader])
        if size == 0 or any(len(h) < 1 for h in holding):
            break
        k = rnd.randint(1, min(3, min(len(h) for h in holding)))
        plays = []
        for i in range(4):
            seat = (leader + i) & 3
            attempted = None
            if i == 0 and k < len(holding[seat]) and rnd.random() < 0.15:
                shown = rnd.sample(holding[seat], rnd.randint(k + 1, min(len(holding[seat]), k + 3)))
                attempted = tuple(shown)
                cards = tuple(shown[:k])
                for c in cards:
                    holding[seat].remove(c)
            else:
                cards = _take(rnd, holding[seat], k)
            play_notes = draw(notes) if with_notes and rnd.random() < 0.2 else ()
            plays.append(Play(seat, cards, attempted, play_notes))
        trick_notes = draw(notes) if with_notes and rnd.random() < 0.2 else ()
        tricks.append(Trick(number, tuple(plays), trick_notes))
        leader = rnd.randint(0, 3)
    return tuple(tricks)


@st.composite
def hands(draw, rules: RuleSet = PRESETS["standard"], number: int = 1, position: bool | None = None,
          with_notes: bool = True, max_tricks: int = 30, followed: bool = False) -> Hand:
    """One hand dealt from ``rules.decks`` shuffled decks, partly or fully played.

    ``position`` forces a position (``[SetUp "1"]``) or a full deal; ``None`` lets it vary.  ``followed``:
    other hands come after it, so a full hand plays at least one trick (``missing_tricks``)."""
    rnd = draw(st.randoms(use_true_random=False))
    decks = rules.decks
    deck = [k for k in range(NUM_KINDS) for _ in range(decks)]
    rnd.shuffle(deck)
    setup = draw(st.booleans()) if position is None else position
    level = draw(st.one_of(st.none(), ranks))
    trump = draw(trumps)
    if setup:
        size = draw(st.integers(0, 8))
        holding = [deck[i * size:(i + 1) * size] for i in range(4)]
        deal = tuple(tuple(h) for h in holding) if draw(st.booleans()) or size else None
        holding = [list(h) for h in holding]
        first = draw(st.integers(1, 25))
        points = draw(st.integers(0, 40)) * 5
        dealer = draw(st.one_of(st.none(), seats))
        buried = tuple(deck[4 * size:4 * size + rules.bottom_size]) if draw(st.booleans()) else None
        bottom = None
        declarations: tuple[Declaration, ...] = ()
    else:
        n = rules.hand_size
        holding = [deck[i * n:(i + 1) * n] for i in range(4)]
        bottom_cards = deck[4 * n:4 * n + rules.bottom_size]
        dealer = draw(seats)
        deal = tuple(tuple(h) for h in holding)      # a hand that is not a position has its deal (missing_deal)
        bottom = tuple(bottom_cards) if draw(st.booleans()) else None
        pool = holding[dealer] + bottom_cards
        buried_cards = _take(rnd, pool, len(bottom_cards))
        holding[dealer] = pool
        buried = buried_cards if draw(st.booleans()) else None
        first = 1
        points = 0
        declarations = tuple(
            Declaration(s, tuple(rnd.sample(holding[s], rnd.randint(0, min(2, len(holding[s]))))))
            for s in draw(st.lists(seats, max_size=3)))
        if declarations and draw(st.booleans()):   # 炒地皮: the last ones came after the bottom
            cut = draw(st.integers(0, len(declarations) - 1))
            declarations = declarations[:cut] + tuple(
                Declaration(d.seat, d.cards, True) for d in declarations[cut:])
    earlier_buries: tuple[tuple[int, ...], ...] = ()
    if buried is not None and any(d.after_bottom for d in declarations) and draw(st.booleans()):
        # 炒地皮: each rebid buried again (the formats only need the shape; replay checks the cards)
        earlier_buries = tuple(tuple(rnd.sample(deck, len(buried))) for d in declarations if d.after_bottom)
    tricks = draw(_tricks(rnd, holding, first, max_tricks, with_notes, 1 if followed and not setup else 0))
    friend = draw(st.one_of(st.none(), st.integers(0, NUM_KINDS - 1))) if rules.friend or rnd.random() < 0.1 else None
    return Hand(number=number, dealer=dealer, trump=trump, level=level, declarations=declarations,
                deal=deal, bottom=bottom, buried=buried, earlier_buries=earlier_buries, friend=friend,
                setup=setup, points=points,
                first_trick=first, tricks=tricks,
                claim=draw(st.one_of(st.none(), st.integers(0, 60).map(lambda x: x * 5))),
                takebacks=tuple(draw(st.lists(seats, max_size=3))),
                notes=draw(notes) if with_notes else (), tags=draw(extra_tags))


@st.composite
def matches(draw, max_hands: int = 3, positions: bool = True, with_notes: bool = True,
            max_tricks: int = 30) -> Match:
    """A whole record: match tags, rules, levels and 1..``max_hands`` hands."""
    ruleset = draw(st.one_of(st.none(), st.sampled_from(sorted(PRESETS))))
    rules = tuple(draw(st.lists(st.sampled_from(RULE_OPTIONS), max_size=3)))
    rs, problems = build_ruleset(ruleset, rules)
    assert not problems, problems
    count = draw(st.integers(1, max_hands))
    numbers = draw(st.lists(st.integers(1, 99), min_size=count, max_size=count, unique=True)
                   | st.just(list(range(1, count + 1))))
    hand_list = tuple(draw(hands(rs, number=n, position=None if positions else False, with_notes=with_notes,
                                 max_tricks=max_tricks, followed=i + 1 < len(numbers))) for i, n in enumerate(numbers))
    opt = st.one_of(st.none(), texts)
    # a blank name names nobody (the readers make it None): a name is None or not blank
    name = st.one_of(st.none(), texts.filter(lambda t: t.strip() != ""))
    player = st.one_of(st.none(), texts.map(str.strip).filter(bool))     # the readers strip a player's name
    return Match(event=draw(opt), site=draw(opt), date=draw(opt), round=draw(opt), table=draw(opt),
                 players=(draw(player), draw(player), draw(player), draw(player)), teams=(draw(name), draw(name)),
                 ruleset=ruleset, rules=rules,
                 levels=draw(st.one_of(st.none(), st.tuples(ranks, ranks))), hands=hand_list,
                 notes=draw(notes) if with_notes else (), tags=draw(extra_tags))
