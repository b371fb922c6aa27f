"""Simulated matches: simple heuristic bots play complete matches, for tests, demos and benchmarks.

A match is played hand after hand until a team passes A, or a side forfeits it (under a ruleset
whose wrong follows and take-backs cost a level, ``revoke_forfeit`` of them: the engine's own
decision, docs/rules.md §10.1), or :data:`MAX_HANDS`
hands (a cap so that a match between evenly matched bots ends; a match stopped there goes to the
higher level, as the tournament's round stopped by the clock: every simulated record says so,
``[Rule:decide_by_levels "on"]``).  Under a score table that moves no level (``botzone``, docs/rules.md
§8.1) a match is one hand, scored in match points: one hand is played, and no cap can cut it short (no
``decide_by_levels``).  Each hand:

1. **deal** — the shuffled decks are dealt one card at a time
   (``RuleSet.hand_size`` each, ``bottom_size`` left for the bottom);
2. **declarations** (亮主) during the deal — a player who receives a level card of a
   suit they hold several cards of may show it; a pair overcalls a single (反主), the
   same player may reinforce their own single into a pair (自保), a pair of jokers
   overcalls to no trump.  Nobody declaring is settled by ``no_declaration``;
   the first hand's dealer is the first declarer (the last under ``bid_dealer = last``; rules.md §8);
3. **bury** — the dealer takes the bottom and buries the lowest plain cards that
   carry no points and break no pair;
4. **tricks** — the leader leads a throw that stands (checked against the real other
   hands with :func:`~tractor_analysis.engine.throw_check.throw_stands`), else a tractor, a pair, a
   top single or a low single; now and then a risky throw that fails and is recorded as
   ``attempted -> forced``.  Followers play legal follows only
   (:func:`~tractor_analysis.engine.legal.construct_follow`): high when that wins the trick
   and the trick is worth it, points onto a partner's winning trick, a trump-in when void,
   low discards otherwise;
5. **scoring** — the engine (:func:`~tractor_analysis.engine.hand_replay.replay_hand`) scores the hand;
   its total is the ``[Claim]`` and its outcome carries the levels and the next dealer.

**Friend mode** (``RuleSet.friend``, rules.md §11): after the bury the dealer names a card
(``Hand.friend``): usually the ace of a side suit the dealer does not hold every copy of
(the king when aces are the level), now and then a card the dealer holds every copy of
(the dealer then plays alone, 一打三).  The bots do not know who the partner is: legality
is all that matters.  Each player keeps a level of their own; the next hand is played at
the new dealer's own level (``HandResult.player_levels_after``).

With ``violation_rate`` some follows are replaced by illegal ones, found by trying plays
the follower holds and keeping one the engine's own check (:func:`~tractor_analysis.engine.legal.check_follow`)
names with the wanted code: ``follow_suit`` (an off-suit card while holding the led suit),
``follow_pair``, ``follow_tractor`` and (3 decks) ``follow_triple`` (a shape broken while
holding it); with 3 decks also ``not_in_hand`` (a card the follower does not hold: one that
lies buried in the bottom, so the record never shows more copies than the decks hold).  The
truth is written on the play as the annotation ``{injected: CODE}``.  A card played that
was not held leaves the card the follower should have played in their hand after the last
trick; that consequence is written as a hand annotation ``{injected: deal_mismatch SEAT}``
and the hand is left incomplete (the match stops there, as a real record would).

Deterministic: match ``i`` of seed ``s`` uses ``random.Random(f"{s}:{i}")`` only.
"""
from __future__ import annotations

import dataclasses
import os
import random
from typing import Callable, Iterator, Sequence

from .records.cards import NUM_KINDS, POINTS, RANK_OF, SEAT_TOKENS, SUIT_OF, partner
from .engine.declarations import (check_declarations, strength as declaration_strength, trump_of,
                           trump_without_declaration)
from .engine.legal import Lead, analyse_lead, check_follow, construct_follow, legal_leads, show_order
from .engine.throw_check import throw_stands
from .engine.order import TRUMP
from .engine.verdicts import HandResult
from .records.model import Declaration, Hand, Match, Play, Trick
from .records.rulesets import PRESETS, BidDealer, RuleSet
from .records.safe_write import write_text_atomic

MAX_HANDS = 40
"""A simulated match stops after this many hands even when no team has passed A."""

PLAYER_NAMES = ("Ma Jun", "Guo Ying", "Xu Tao", "He Ping", "张伟", "李娜", "王芳", "刘洋",
                "陈静", "杨帆", "赵磊", "黄敏", "Chen Jie", "Zhou Min", "吴昊", "孙丽")
"""Names the simulator seats players under (Latin and Chinese; each a different person)."""

INJECTED: dict[int, tuple[str, ...]] = {
    1: ("follow_suit",),
    2: ("follow_suit", "follow_pair", "follow_tractor"),
    3: ("follow_suit", "follow_pair", "follow_tractor", "follow_triple", "not_in_hand"),
}
"""Violation codes the simulator can inject, by number of decks."""

NOT_IN_HAND_SHARE = 0.15
"""Share of injections (where it is offered) that play a card the follower does not hold."""

FRIEND_ALONE = 0.08
"""Friend mode: how often the dealer names a card they hold every copy of (一打三)."""

REBID = 0.3
"""炒地皮 (``rebid_after_bottom``): how often a player who can overcall does so after the bury."""


def _ctx(rules: RuleSet, level: int, trump: int | None):
    from .engine.tricks import hand_context
    return hand_context(rules, level, trump)


# --- declarations and the deal -------------------------------------------------------

def _deal(rng: random.Random, rules: RuleSet, first: int, level: int
          ) -> tuple[list[list[int]], list[int], list[Declaration]]:
    """Dealt hands (counts), the bottom, and the declarations made while dealing."""
    deck = [k for k in range(NUM_KINDS) for _ in range(rules.decks)]
    rng.shuffle(deck)
    n = rules.hand_size
    hands = [[0] * NUM_KINDS for _ in range(4)]
    decls: list[Declaration] = []
    standing: tuple[int, int] | None = None     # (tier, seat)
    standing_kind = None
    locked = False
    for i in range(4 * n):
        seat = (first + i) & 3
        k = deck[i]
        h = hands[seat]
        h[k] += 1
        if not (k >= 52 or RANK_OF[k] == level) or locked:
            continue
        # what could this seat show now?
        count = h[k]
        suit_len = sum(h[j] for j in range(NUM_KINDS) if j < 52 and SUIT_OF[j] == SUIT_OF[k]) if k < 52 else 0
        for m in range(min(count, rules.decks), 0, -1):
            cards = (k,) * m
            s = declaration_strength(cards, level, rules.decks)
            if s is None:
                continue
            if standing is None:
                want = k < 52 and rng.random() < 0.25 + 0.06 * suit_len
            elif standing[1] == seat and standing_kind == k and m > 1 and rules.decks > 1 \
                    and s[0] > standing[0]:
                want = rng.random() < 0.6           # 自保: reinforce own single
            elif s[0] > standing[0] and standing[1] != seat:
                want = rng.random() < (0.5 if k < 52 else 0.35)
            else:
                want = False
            if want:
                if standing is not None and standing[1] == seat and standing_kind == k:
                    locked = True
                decls.append(Declaration(seat, cards))
                standing, standing_kind = (s[0], seat), k
                break
    bottom = deck[4 * n:]
    return hands, bottom, decls


def _trump_of(decls: list[Declaration], rules: RuleSet, bottom: list[int]) -> tuple[int | None, bool]:
    """``(trump, redeal)`` after the deal."""
    if decls:
        return trump_of(decls[-1].cards), False
    trump, redeal, _ = trump_without_declaration(rules, bottom)
    return trump, redeal


# --- bury ------------------------------------------------------------------------------

def _bury(rng: random.Random, ctx, hand: list[int], n: int) -> list[int]:
    """The ``n`` cheapest cards: plain before trump, no points, no pair broken, weak first,
    from short suits first (to make voids); now and then a dealer buries a plain 5 or 10
    too (to make a void), so that bottoms carry points."""
    o = ctx.order
    grp, st = o.group, o.strength
    suit_len = [0] * 5
    for k in range(NUM_KINDS):
        suit_len[grp[k]] += hand[k]
    cards = [k for k in range(NUM_KINDS) for _ in range(hand[k])]
    risky = rng.random() < 0.3
    cards.sort(key=lambda k: (grp[k] == TRUMP, POINTS[k] > 0 and not (risky and POINTS[k] < 10 or
                                                                       risky and RANK_OF[k] == 10),
                              hand[k] > 1, suit_len[grp[k]], st[k], k))
    return cards[:n]


# --- playing ---------------------------------------------------------------------------

def _lead(rng: random.Random, ctx, hands: list[list[int]], seat: int
          ) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
    """``(cards, attempted)``: the leader's play (``attempted`` set for a failed throw)."""
    o = ctx.order
    hand = hands[seat]
    others = [hands[s] for s in range(4) if s != seat]
    grp, st = o.group, o.strength
    # a throw of a whole plain suit (or its top cards) that stands; rarely a risky one
    risky = rng.random() < 0.02
    for g in rng.sample(range(4), 4):
        mine = [k for k in o.kinds[g] for _ in range(hand[k])]
        if len(mine) < 2:
            continue
        tops = sorted(mine, key=lambda k: -st[k])
        for cand in (tuple(mine), tuple(tops[:2]), tuple(tops[:3])):
            if len(set(cand)) < 2 and len(cand) <= 2:
                continue
            lead = analyse_lead(ctx, cand)
            if not lead.is_throw:
                continue
            stands, forced = throw_stands(ctx, cand, others)
            if stands and rng.random() < 0.8:
                return show_order(o, cand), None
            if not stands and risky:
                return show_order(o, forced), show_order(o, cand)
    leads = legal_leads(ctx, hand)
    multi = [c for c in leads if len(c) >= 4]
    if multi and rng.random() < 0.85:
        return max(multi, key=lambda c: (len(c), grp[c[0]] != TRUMP, st[c[0]])), None
    triples = [c for c in leads if len(c) == 3 and c[0] == c[1] == c[2]]
    if triples and rng.random() < 0.6:
        return rng.choice(triples), None
    pairs = [c for c in leads if len(c) == 2]
    if pairs and rng.random() < 0.6:
        plain = [c for c in pairs if grp[c[0]] != TRUMP and st[c[0]] >= o.top(grp[c[0]]) - 2]
        if plain:
            return rng.choice(plain), None
        return rng.choice(pairs), None
    singles = [c for c in leads if len(c) == 1]
    aces = [c for c in singles if grp[c[0]] != TRUMP and st[c[0]] == o.top(grp[c[0]])]
    if aces and rng.random() < 0.7:
        return rng.choice(aces), None
    plain = [c for c in singles if grp[c[0]] != TRUMP and POINTS[c[0]] == 0]
    pool = plain or singles
    pool.sort(key=lambda c: st[c[0]])
    return rng.choice(pool[:3]), None


def _follow(rng: random.Random, ctx, lead: Lead, hand: list[int], wins,
            partner_winning: bool, points_on_table: int, last: bool) -> tuple[int, ...]:
    """A legal follow: points onto a partner's winning trick, a winning play when the trick
    is worth it (``wins(play)`` tells), else the lowest cards."""
    o = ctx.order
    g = lead.group
    grp, st = o.group, o.strength
    held = [k for k in range(NUM_KINDS) for _ in range(hand[k])]
    in_group = [k for k in held if grp[k] == g]
    n = lead.count
    low_key = lambda k: (grp[k] == TRUMP, POINTS[k] > 0, st[k], k)   # noqa: E731
    if partner_winning:    # feed points, else shed low
        key = lambda k: (grp[k] == TRUMP, -POINTS[k], st[k], k)   # noqa: E731
        pref = sorted(in_group, key=key)[:n] if len(in_group) >= n else \
            in_group + sorted((k for k in held if grp[k] != g), key=key)[:n - len(in_group)]
        return construct_follow(ctx, lead, hand, pref)
    options = []
    if len(in_group) >= n:
        high = sorted(in_group, key=lambda k: -st[k])[:n]
        options.append(construct_follow(ctx, lead, hand, high))
    elif not in_group and g != TRUMP:
        trumps = sorted((k for k in held if grp[k] == TRUMP), key=lambda k: (st[k], k))
        if len(trumps) >= n:
            # the lead's shape from the lowest trumps: pairs first when the lead has pairs
            pairs = [k for k in dict.fromkeys(trumps) if hand[k] >= 2]
            pick: list[int] = []
            for u in lead.units:
                if u.copies >= 2:
                    for k in pairs[:u.length]:
                        pick += [k, k]
                    pairs = pairs[u.length:]
            rest = [k for k in trumps if pick.count(k) < hand[k]]
            pick += rest[:n - len(pick)]
            options.append(construct_follow(ctx, lead, hand, pick[:n]))
    worth = points_on_table >= 10 or last or rng.random() < 0.35
    for play in options:
        if worth and wins(play):
            return play
    low = sorted(in_group, key=low_key)[:n] if len(in_group) >= n else \
        in_group + sorted((k for k in held if grp[k] != g), key=low_key)[:n - len(in_group)]
    return construct_follow(ctx, lead, hand, low)


def _inject(rng: random.Random, ctx, lead: Lead, hand: list[int], legal: tuple[int, ...],
            buried: list[int] | None = None) -> tuple[tuple[int, ...], str] | None:
    """An illegal replacement for ``legal`` and its code, or ``None`` when none fits here.

    Candidates are plays the follower could make; a candidate counts for a code only when
    the engine's :func:`~tractor_analysis.engine.legal.check_follow` names exactly that code.
    ``not_in_hand`` plays a card that lies buried in the bottom (counts in ``buried``, used
    up as taken), so no card is played more often than the decks hold it."""
    o = ctx.order
    g = lead.group
    grp = o.group
    n = len(legal)
    codes = list(INJECTED.get(ctx.rules.decks, INJECTED[2]))
    rng.shuffle(codes)
    # the rarer shapes first (they fit only where the lead and the hand allow them);
    # a card not held only now and then (it leaves the hand incomplete, ending the match)
    codes.sort(key=lambda c: (c == "follow_suit", c == "follow_pair"))
    if "not_in_hand" in codes and rng.random() >= NOT_IN_HAND_SHARE:
        codes.remove("not_in_hand")
    in_group = [k for k in o.kinds[g] for _ in range(hand[k])]
    for code in codes:
        if code == "not_in_hand":
            # one card of the play replaced by a card of the same group the follower lacks
            # (with 3 decks: often a third copy of a card held twice)
            if buried is None:
                continue
            spots = [i for i, k in enumerate(legal) if grp[k] == g] or list(range(n))
            i = rng.choice(spots)
            lacking = [k for k in range(NUM_KINDS) if buried[k] and not hand[k] and k != legal[i]]
            same = [k for k in lacking if grp[k] == g]
            if not lacking:
                continue
            play = list(legal)
            play[i] = rng.choice(same or lacking)
            buried[play[i]] -= 1
            return show_order(o, play), code
        candidates: list[list[int]] = []
        if code == "follow_suit":
            spare = [k for k in range(NUM_KINDS) if grp[k] != g and hand[k] > legal.count(k)]
            ins = [i for i, k in enumerate(legal) if grp[k] == g]
            for _ in range(3 if ins and spare else 0):
                play = list(legal)
                play[rng.choice(ins)] = rng.choice(spare)
                candidates.append(play)
        elif lead.needs.units[2:] and any(lead.needs.units[2:]) and len(in_group) >= n:
            # a shape the lead asks for, broken: the legal play with one or two cards
            # swapped for other cards of the led group, then random plays from the group
            ins = [i for i, k in enumerate(legal) if grp[k] == g]
            for swaps in (1, 1, 1, 1, 2, 2, 2, 2):
                play = list(legal)
                for _ in range(swaps):
                    spare = [k for k in o.kinds[g] if hand[k] > play.count(k)]
                    if not ins or not spare:
                        break
                    play[rng.choice(ins)] = rng.choice(spare)
                candidates.append(play)
            for _ in range(8):
                candidates.append(rng.sample(in_group, n))
        for play in candidates:
            if check_follow(ctx, lead, hand, play) == code:
                return show_order(o, play), code
    return None


def _rebid(rng: random.Random, rules: RuleSet, level: int, dealer: int, decls: list[Declaration],
           dealt: list[list[int]]) -> Declaration | None:
    """Now and then a player other than the dealer who was dealt a stronger declaration than
    the one standing makes it after the bury (炒地皮), as the ruleset's check would accept."""
    if rng.random() >= REBID:
        return None
    for i in (1, 2, 3):
        seat = (dealer + i) & 3
        kinds = [k for k in range(NUM_KINDS) if dealt[seat][k] and (k >= 52 or RANK_OF[k] == level)]
        for k in sorted(kinds, key=lambda k: -dealt[seat][k]):
            cand = Declaration(seat, (k,) * min(dealt[seat][k], rules.decks), True)
            declared, trump, _first, problems = check_declarations((*decls, cand), level, rules)
            if not problems and declared and trump != trump_of(decls[-1].cards):
                return cand
    return None


def _friend_card(rng: random.Random, rules: RuleSet, level: int, trump: int | None,
                 dealer_hand: list[int]) -> int:
    """The card the dealer names after the bury (rules.md §11): the ace (king when aces are
    the level) of a side suit the dealer lacks a copy of; now and then one the dealer holds
    every copy of, so the dealer plays alone."""
    rank = 13 if level == 14 else 14
    side = [s for s in range(4) if s != trump] or list(range(4))
    kinds = [s * 13 + rank - 2 for s in side]
    alone = [k for k in kinds if dealer_hand[k] >= rules.decks]
    if alone and rng.random() < FRIEND_ALONE:
        return rng.choice(alone)
    shared = [k for k in kinds if dealer_hand[k] < rules.decks]
    return rng.choice(shared or kinds)


def play_hand(rng: random.Random, rules: RuleSet, number: int, dealer: int | None,
              levels: tuple[int, ...], violation_rate: float = 0.0) -> Hand:
    """One hand played out by the bots (without ``[Claim]``; :func:`simulate_match` adds it).

    ``levels`` are per team (N–S, E–W) or per player (N, E, S, W); the hand is played at
    the dealer's own level."""
    if len(levels) == 2:
        levels = (levels[0], levels[1], levels[0], levels[1])
    from .engine.tricks import trick_winner

    for _attempt in range(20):
        first = dealer if dealer is not None else rng.randrange(4)
        level = levels[dealer] if dealer is not None else levels[0]
        dealt, bottom, decls = _deal(rng, rules, first, level)
        trump, redeal = _trump_of(decls, rules, bottom)
        if not redeal:
            break
    if dealer is None:        # bid for: the first declarer deals, or the last (bid_dealer = last)
        dealer = (decls[-1].seat if rules.bid_dealer is BidDealer.LAST else decls[0].seat) if decls else 0
        level = levels[dealer]
    ctx = _ctx(rules, level, trump)
    o = ctx.order
    hands = [row[:] for row in dealt]
    for k in bottom:
        hands[dealer][k] += 1
    buried = _bury(rng, ctx, hands[dealer], len(bottom))
    for k in buried:
        hands[dealer][k] -= 1
    earlier: list[list[int]] = []
    rebid = _rebid(rng, rules, level, dealer, decls, dealt) if rules.rebid_after_bottom and decls else None
    if rebid is not None:
        # 炒地皮 (seed 000): the rebidder takes the bottom as buried and buries again
        decls.append(rebid)
        trump = trump_of(rebid.cards)
        ctx = _ctx(rules, level, trump)
        o = ctx.order
        for k in buried:
            hands[rebid.seat][k] += 1
        earlier.append(buried)
        buried = _bury(rng, ctx, hands[rebid.seat], len(bottom))
        for k in buried:
            hands[rebid.seat][k] -= 1
    spare = [0] * NUM_KINDS        # buried cards nobody holds: what a not_in_hand play takes
    for k in buried:
        spare[k] += 1
    friend = _friend_card(rng, rules, level, trump, hands[dealer]) if rules.friend else None
    tricks: list[Trick] = []
    leader = dealer
    number_of_tricks = rules.hand_size
    for t in range(1, number_of_tricks + 1):
        if not all(any(h) for h in hands):
            break           # a card played that was not held leaves one more in that hand
        sizes = [sum(h) for h in hands]
        if sizes[leader] > min(sizes):
            # the leader kept a card after playing one not held: lead a single, which
            # every other hand can still follow
            cards, attempted = min(legal_leads(ctx, hands[leader]), key=len), None
        else:
            cards, attempted = _lead(rng, ctx, hands, leader)
        lead = analyse_lead(ctx, cards)      # a failed throw: the others follow the forced play
        plays = [Play(leader, cards, attempted)]
        table = [(leader, cards)]
        for k in cards:
            hands[leader][k] -= 1
        on_table = sum(POINTS[k] for k in cards)
        for i in (1, 2, 3):
            seat = (leader + i) & 3
            hand = hands[seat]
            winner = table[trick_winner(ctx, lead, table)[0]][0]
            play = _follow(rng, ctx, lead, hand,
                           lambda p: trick_winner(ctx, lead, table + [(seat, p)])[0] == len(table),
                           winner == partner(seat), on_table, i == 3)
            notes: tuple[str, ...] = ()
            if violation_rate and rng.random() < violation_rate:
                bad = _inject(rng, ctx, lead, hand, play, spare)
                if bad is not None:
                    play, code = bad
                    notes = (f"injected: {code}",)
            table.append((seat, play))
            on_table += sum(POINTS[k] for k in play)
            for k in play:
                if hand[k] > 0:          # as the engine does: a card not held is not removed
                    hand[k] -= 1
            plays.append(Play(seat, play, None, notes))
        tricks.append(Trick(t, tuple(plays)))
        leader = table[trick_winner(ctx, lead, table)[0]][0]
    # a card played that was not held left another in that hand: the engine finds it
    hand_notes = [f"injected: deal_mismatch {SEAT_TOKENS[s]}" for s in range(4) if any(hands[s])]
    order_deal = tuple(show_order(o, [k for k in range(NUM_KINDS) for _ in range(row[k])]) for row in dealt)
    return Hand(number=number, dealer=dealer, trump=trump, level=level, declarations=tuple(decls),
                deal=order_deal, bottom=tuple(bottom), buried=show_order(o, buried),
                earlier_buries=tuple(show_order(o, b) for b in earlier),
                friend=friend, tricks=tuple(tricks), notes=tuple(hand_notes))


def simulate_match(seed: int, index: int = 0, rules: RuleSet | None = None, preset: str = "standard",
                   violation_rate: float = 0.0, max_hands: int = MAX_HANDS) -> Match:
    """Match ``index`` of ``seed``: complete hands until a team passes the winning level or a side
    forfeits the match (:func:`_forfeited`), at most ``max_hands``; one hand under a score table that moves no
    level (``botzone``: a match is one hand, docs/rules.md §8.1).  Levels are carried per player
    (friend mode: each their own)."""
    from .engine.hand_replay import replay_hand

    rules = rules or PRESETS[preset]
    if rules.score_table.moves_levels:
        # the cap is the simulated event's rule for a match no team wins by passing the winning level:
        # the higher level wins it (seed 001, rule 十一); every record says so ([Rule:decide_by_levels])
        rules = dataclasses.replace(rules, decide_by_levels=True)
    else:
        max_hands = 1       # one hand a match, decided by its match points: never cut short (§8.1)
    rng = random.Random(f"{seed}:{index}")
    names = rng.sample(PLAYER_NAMES, 4)
    base = PRESETS.get(rules.name.rstrip("+"), PRESETS["standard"])
    changed = tuple((k, v) for k, v in rules.options().items() if base.options().get(k) != v)

    round_, table = placement(seed, index)

    def record(hands: Sequence[Hand]) -> Match:
        return Match(event=f"Simulated {seed}", site="tractor simulate", date="2026.01.01",
                     round=str(round_), table=str(table), players=tuple(names),
                     ruleset=base.name, rules=changed, hands=tuple(hands))

    levels: tuple[int, ...] = (2, 2, 2, 2)
    dealer: int | None = None
    hands: list[Hand] = []
    for number in range(1, max_hands + 1):
        hand = play_hand(rng, rules, number, dealer, levels, violation_rate)
        result = replay_hand(hand, rules, levels, dealer, first_of_match=(number == 1),
                             levels_known=number > 1)
        hands.append(dataclasses.replace(hand, claim=result.attackers_total))
        levels = result.player_levels_after
        if result.outcome is None:
            break
        dealer = result.outcome.next_dealer
        if result.outcome.match_over or _forfeited(rules, result, lambda: record(hands)):
            break
    return record(hands)


TABLES = 4
"""The most tables (matches) a simulated round holds: its 16 players (:data:`PLAYER_NAMES`) four to a table."""

_PLACED: dict[int, list[tuple[int, int]]] = {}
"""Each seed's ``(round, table)`` of its matches worked out so far (:func:`placement`), in match order."""


def _seated(seed: int, index: int) -> frozenset[str]:
    """The four players of match ``index`` of ``seed``: the first draw of its random stream, as
    :func:`simulate_match` draws them."""
    return frozenset(random.Random(f"{seed}:{index}").sample(PLAYER_NAMES, 4))


def placement(seed: int, index: int) -> tuple[int, int]:
    """``[Round]`` and ``[Table]`` of match ``index`` of ``seed``: the matches fill a round's tables in order, at most
    :data:`TABLES`, and a match that would seat a player already seated in the round starts the next round — one
    player is never at two tables of one round (the standings note such a round as a fault of the records).  It
    depends on the seed and the matches before it only: the same for every run."""
    done = _PLACED.setdefault(seed, [])
    while len(done) <= index:
        i = len(done)
        if not done:
            done.append((1, 1))
            continue
        r, t = done[-1]
        seated = frozenset().union(*(_seated(seed, j) for j in range(i - t, i)))     # the round's matches so far
        done.append((r, t + 1) if t < TABLES and not seated & _seated(seed, i) else (r + 1, 1))
    return done[index]


def _forfeited(rules: RuleSet, last: HandResult, match: Callable[[], Match]) -> bool:
    """Whether a side forfeited the match (``match()``: the hands played so far) by its last hand
    (``last``, judged): the engine's own decision (:func:`~tractor_analysis.engine.replay.replay_match`,
    seed 001 rules 五 and 七, docs/rules.md §10.1), asked only after a hand that added a wrong follow or
    a take-back punished by a level, the only hands that can reach the count.  A forfeited match ends
    there: a hand dealt after it would be recorded after the match ended (``after_match_end``)."""
    if not rules.revoke_forfeit or not (any(last.revoke_levels) or any(last.takeback_levels)):
        return False
    from .engine.replay import replay_match
    return bool(replay_match(match(), rules, hands_before=False).forfeited)


def simulate(matches: int, seed: int, rules: RuleSet | None = None, preset: str = "standard",
             violation_rate: float = 0.0, max_hands: int = MAX_HANDS) -> Iterator[Match]:
    for i in range(matches):
        yield simulate_match(seed, i, rules, preset, violation_rate, max_hands)


def write_matches(matches: Iterator[Match] | Sequence[Match], out_dir: str, fmt: str = "tgn",
                  per_file: int = 50, *, force: bool = False) -> list[str]:
    """Write matches to ``out_dir``: one ``.tgn`` per match, or ``.jsonl`` files of
    ``per_file`` matches each.  Files are written to a temporary name and renamed.

    ``out_dir`` is created if missing and must be empty, so that two runs are never mixed
    (an earlier run's ``match-00007.tgn`` overwritten, its ``match-00012.tgn`` left
    over): a folder that holds anything raises ``FileExistsError`` (filename
    ``out_dir``) before anything is written.  ``force``: the simulator's own files there
    (``match-NNNNN.tgn``, ``matches-NNNN.jsonl`` and temporaries of an interrupted run) are removed first;
    any other file is left as it is.
    """
    import errno
    import re

    if fmt not in ("tgn", "jsonl"):
        raise ValueError(f"unknown format {fmt!r} (expected tgn or jsonl)")
    os.makedirs(out_dir, exist_ok=True)
    entries = os.listdir(out_dir)
    if entries and not force:
        raise FileExistsError(errno.EEXIST, "the output folder is not empty / 输出文件夹不是空的", out_dir)
    own = re.compile(r"(match-[0-9]{5,}\.tgn|matches-[0-9]{4,}\.jsonl)(\.tmp)?|\.tractor-[^/]*\.tmp")
    for name in entries:
        path = os.path.join(out_dir, name)
        if own.fullmatch(name) and os.path.isfile(path) and not os.path.islink(path):
            os.unlink(path)
    paths: list[str] = []
    if fmt == "tgn":
        from .records.tgn_writer import format_tgn
        for i, m in enumerate(matches):
            paths.append(_write(os.path.join(out_dir, f"match-{i + 1:05d}.tgn"), format_tgn(m)))
    else:
        from .records import format_jsonl
        chunk: list[Match] = []
        for m in matches:
            chunk.append(m)
            if len(chunk) == per_file:
                paths.append(_write(os.path.join(out_dir, f"matches-{len(paths) + 1:04d}.jsonl"),
                                    format_jsonl(chunk)))
                chunk = []
        if chunk:
            paths.append(_write(os.path.join(out_dir, f"matches-{len(paths) + 1:04d}.jsonl"),
                                format_jsonl(chunk)))
    return paths


def _write(path: str, text: str) -> str:
    """``text`` to ``path`` atomically (a temporary file and a rename)."""
    write_text_atomic(path, text)
    return path
