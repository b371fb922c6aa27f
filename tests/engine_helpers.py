"""Build engine inputs from text, for tests: cards, hands, plays, tricks, contexts.

    >>> ctx = context(level=10, trump="H")
    >>> lead = cards("C5 C5 C4 C4")
    >>> hands = seat_hands(N="C5 C5 C4 C4 CA", E="H9 H9 H8 H8", S="C2 C3 C6 C7", W="D2 D3 D4 D5")
    >>> result = judge_trick(ctx, trick("N: C5 C5 C4 C4, E: H9 H9 H8 H8, S: C2 C3 C6 C7, W: D2 D3 D4 D5"),
    ...                      hands, None)

Card lists are white-space separated tokens as in the record format (``H9 H9 H8``,
``♥Q``, ``BJ``); ``cards.parse_cards`` reads them.
"""
from __future__ import annotations

import dataclasses

from tractor_analysis.records.cards import NUM_KINDS, SEAT_TOKENS, parse_cards, parse_seat, parse_trump
from tractor_analysis.records.model import Play, Trick
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.engine.tricks import HandContext, hand_context, judge_trick  # noqa: F401  (re-export)


def context(level: int | str = 10, trump: str | int | None = "H", preset: str = "standard",
            **options) -> HandContext:
    """A hand context: ``level`` as a rank or token, ``trump`` as ``S H D C NT`` (or a suit int / None)."""
    rules = PRESETS[preset]
    if options:
        rules = dataclasses.replace(rules, **options)
    if isinstance(level, str):
        from tractor_analysis.records.cards import parse_rank
        level = parse_rank(level)
    if isinstance(trump, str):
        trump = parse_trump(trump)
    return hand_context(rules, level, trump)


def cards(text: str) -> tuple[int, ...]:
    """Kinds of ``"H9 H9 H8"``."""
    return parse_cards(text)


def hand(text: str) -> list[int]:
    """A hand as 54 counts."""
    c = [0] * NUM_KINDS
    for k in parse_cards(text):
        c[k] += 1
    return c


def seat_hands(N: str = "", E: str = "", S: str = "", W: str = "") -> list[list[int]]:
    """The four hands N, E, S, W as mutable count lists (what ``judge_trick`` takes)."""
    return [hand(N), hand(E), hand(S), hand(W)]


def play(seat: str, text: str, attempted: str | None = None) -> Play:
    return Play(parse_seat(seat), cards(text), cards(attempted) if attempted is not None else None)


def trick(text: str, number: int = 1) -> Trick:
    """A trick from record notation: ``"N: SA SA, E: S3 S4, S: CA CK -> CK, W: …"``."""
    plays = []
    for part in text.split(","):
        seat, _, body = part.partition(":")
        if "->" in body:
            att, _, forced = body.partition("->")
            plays.append(play(seat.strip(), forced, att))
        else:
            plays.append(play(seat.strip(), body))
    return Trick(number, tuple(plays))


def counts_total(hands) -> int:
    return sum(sum(h) for h in hands)


def seat(token: str) -> int:
    return SEAT_TOKENS.index(token)


def lead_of(ctx: HandContext, text: str):
    """The lead analysis (group, units, kind) of ``text``."""
    from tractor_analysis.engine.legal import analyse_lead
    return analyse_lead(ctx, cards(text))


def is_tractor(ctx: HandContext, text: str) -> bool:
    """Do exactly these cards form one tractor?"""
    lead = lead_of(ctx, text)
    return not lead.mixed and lead.kind == "tractor"


def unit_texts(ctx: HandContext, text: str) -> list[str]:
    """The units of a lead as card texts, most significant first (``["S5 S5 S4 S4", "SA SA"]``)."""
    from tractor_analysis.records.cards import TOKEN
    return [" ".join(TOKEN[k] for k in u.cards) for u in lead_of(ctx, text).units]


def same_cards(a, b) -> bool:
    return sorted(a) == sorted(b)


def position(trick_text: str, *, level: str = "5", trump: str = "H", ruleset: str = "three-deck",
             rules: dict | None = None, hands: dict | None = None, dealer: str = "N", points: int = 0,
             first_trick: int = 1, buried: str | None = None, extra: str = "") -> str:
    """A referee's ``[SetUp "1"]`` position as ``.tgn`` text (format.md "Positions").

    ``hands`` maps seats to their cards *now*; by default each seat holds exactly what it plays in
    ``trick_text`` (``"N: C3 C3 C3, E: …"``; a failed throw ``"N: C3 C3 C3 C4 C4 -> C3 C3 C3"``
    holds the attempt).  Further tricks can follow in ``extra`` (``"2. …"`` lines).
    """
    if hands is None:
        hands = {}
        for part in trick_text.split(","):
            seat_, _, body = part.partition(":")
            body = body.split("->")[0]
            hands[seat_.strip()] = body.split()
    lines = [f'[Ruleset "{ruleset}"]']
    lines += [f'[Rule:{k} "{v}"]' for k, v in (rules or {}).items()]
    lines += ['[Hand "1"]', '[SetUp "1"]', f'[Dealer "{dealer}"]', f'[Trump "{trump}"]', f'[Level "{level}"]']
    lines.append(f'[Points "{points}"]')      # a position states its points so far (0 too)
    if first_trick != 1:
        lines.append(f'[FirstTrick "{first_trick}"]')
    for s in "NESW":
        h = hands.get(s, "")
        lines.append(f"{s}: {h if isinstance(h, str) else ' '.join(h)}")
    if buried is not None:
        lines.append(f"Buried: {buried}")
    lines.append(f"{first_trick}. {trick_text}")
    if extra:
        lines.append(extra.strip())
    return "\n".join(lines) + "\n"


def replay_position(text: str):
    """Parse a ``.tgn`` position (no diagnostics allowed) and replay it: its one ``HandResult``."""
    from tractor_analysis.records.tgn_reader import parse_tgn
    from tractor_analysis.engine.replay import replay_match
    matches, diags = parse_tgn(text)
    # a test position may give one seat's whole holding beside the others' plays alone (the
    # duty is what it checks): uneven_position is then expected; nothing else may be wrong
    assert [d for d in diags if d.code != "uneven_position"] == [], diags
    return replay_match(matches[0]).hands[0]


def deal(rng, decks: int = 2, per: int = 25) -> list[list[int]]:
    """Four random hands of ``per`` cards from ``decks`` shuffled decks (counts per kind)."""
    deck = [k for k in range(NUM_KINDS) for _ in range(decks)]
    rng.shuffle(deck)
    hands = []
    for i in range(4):
        h = [0] * NUM_KINDS
        for k in deck[i * per:(i + 1) * per]:
            h[k] += 1
        hands.append(h)
    return hands


def drop_one_card(hand, seat: int):
    """The hand with one card fewer in ``seat``'s first play of two or more cards (a short
    follow or lead: the seat ends the hand with a card too many); ``None`` when ``seat``
    makes no such play."""
    tricks = list(hand.tricks)
    for i, t in enumerate(tricks):
        plays = list(t.plays)
        for j, p in enumerate(plays):
            if p.seat == seat and len(p.cards) >= 2 and p.attempted is None:
                plays[j] = dataclasses.replace(p, cards=p.cards[1:])
                tricks[i] = dataclasses.replace(t, plays=tuple(plays))
                return dataclasses.replace(hand, tricks=tuple(tricks))
    return None


@dataclasses.dataclass(frozen=True)
class FollowShape:
    """How :func:`follow_case` draws a follower's case: the leader's draws (``lead_draws`` picks, each of a
    kind of the led group with probability ``lead_in_group``, 1..``lead_step`` copies; only multi-card
    leads with ``multi_only``), the follower's proven cards ``low`` (grown while a draw < ``low_more``, each
    of the led group with probability ``low_in_group``, 1..``low_step`` copies, at most ``low_extra`` past
    the lead's size), a wrong card count with probability ``wrong_count``, each kind's copies placed nowhere
    with probability ``free``, and ``hands`` holdings between ``low`` and ``low`` plus the free copies."""

    lead_draws: tuple[int, int] = (1, 12)
    lead_in_group: float = 1.0
    lead_step: int = 1
    multi_only: bool = False
    low_more: float = 0.8
    low_in_group: float = 0.7
    low_step: int = 1
    low_extra: int = 14
    wrong_count: float = 0.0
    free: float = 0.4
    hands: int = 4


def follow_case(rng, ctx: HandContext, shape: FollowShape):
    """A random wrong-follow case for the owed-play bounds (tests of :mod:`.owed_plays`): ``(lead, low,
    free, cards, hands)`` — a lead from a random holding, a follower's proven cards ``low`` and its play
    ``cards`` from them, the copies the record places nowhere ``free`` (per kind) and holdings between —
    or ``None`` when ``multi_only`` and the leader's holding has no multi-card lead."""
    from tractor_analysis.engine.legal import analyse_lead, legal_leads

    o, decks = ctx.order, ctx.rules.decks
    g = rng.choice([g for g in range(5) if o.kinds[g]])
    pool = [decks] * NUM_KINDS
    leader = [0] * NUM_KINDS
    for _ in range(rng.randint(*shape.lead_draws)):
        k = rng.choice(o.kinds[g]) if rng.random() < shape.lead_in_group else rng.randrange(NUM_KINDS)
        leader[k] = min(pool[k], leader[k] + rng.randint(1, shape.lead_step))
    leads = [p for p in legal_leads(ctx, leader) if len(p) > 1 or not shape.multi_only]
    if not leads:
        return None
    lead = analyse_lead(ctx, rng.choice(leads))
    for k in lead.cards:
        pool[k] -= 1
    low = [0] * NUM_KINDS
    while sum(low) < lead.count or rng.random() < shape.low_more:
        k = rng.choice(o.kinds[lead.group]) if rng.random() < shape.low_in_group else rng.randrange(NUM_KINDS)
        low[k] = min(pool[k], low[k] + rng.randint(1, shape.low_step))
        if sum(low) > lead.count + shape.low_extra:
            break
    mine = [k for k in range(NUM_KINDS) for _ in range(low[k])]
    n = lead.count if rng.random() >= shape.wrong_count else rng.randint(1, min(len(mine), lead.count + 2))
    cards = tuple(rng.sample(mine, n))
    free = [rng.randint(0, pool[k] - low[k]) if pool[k] > low[k] and rng.random() < shape.free else 0
            for k in range(NUM_KINDS)]
    hands = [[a + rng.randint(0, b) for a, b in zip(low, free)] for _ in range(shape.hands)]
    return lead, low, free, cards, hands
