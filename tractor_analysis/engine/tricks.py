"""One trick judged: turn order, the lead and its throw check, each follow, the winner.

:func:`judge_trick` is the engine's hot path (``replay`` calls it ~25 times per
hand).  It takes the four hands as mutable count lists, removes the cards that
went to the table and returns a :class:`tractor_analysis.engine.verdicts.TrickResult`.
The record is what happened at the table: after a violation the trick is still
judged with the cards as played.

Who wins (rules.md §6; seed ``003_…`` 【出牌规则】):

* a follow of the led group beats the current best only with the same shape
  (one unit: single, pair, tractor of the same length) and a higher top;
  equal cards never beat each other ("出牌时同等大小的牌以先出者为大");
* on a plain lead, a play of trumps only counts if it covers the lead's
  tractors (same lengths) and its pairs ("拖拉机的数目不得少于…对牌的数目也不得少于…，
  否则被视为垫牌"); then it beats any plain play, and several such trump-ins compare
  by the lead's most significant unit (tractor, then pair, then single): the
  higher top card of that unit in each play ("毙牌的大小以毙牌中的拖拉机和对牌大小为准");
* a throw (several units) can only be beaten by a trump-in.

With ``trump_in = exact`` (80fen) a play counts against the lead only when it splits into
exactly the lead's units (the same singles, pairs and tractors, :func:`_same_units`): a
trump pair does not count against a throw of two singles.  Among the plays that count, a
trump-in beats a plain play, and two plays of one group compare by their highest card; on a
throw this also lets a follow of the led suit with the same units and a higher card win.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

import dataclasses
import itertools
import threading

from . import explain
from .follow_choices import follow_choices
from ..records import compiled
from ..records.cards import POINTS, Rank, Suit
from .legal import Lead, analyse_lead, check_follow, construct_follow, lead_table
from .throw_check import check_throw
from .order import TRUMP, Order, order
from ..records.model import Play, Trick
from ..records.rulesets import MixedThrow, RuleSet, ThrowFollow, ThrowForced, ThrowPenaltyCards, TrumpIn
from .throw_units import failing_cards, same_letter as same_letter_throw
from .units import best_top, counts_in, covers, split_units
from .verdicts import ABOUT_PLAY, TrickResult, Violation, new_trick_result, new_violation


@dataclass(frozen=True, slots=True)
class HandContext:
    """Everything the engine needs to judge plays in one hand."""

    rules: RuleSet
    level: Rank
    trump: Suit | None
    order: Order
    leads: dict[tuple[int, ...], Lead] | None = field(default=None, compare=False, repr=False)
    """The leads judged so far under this order and decks, by cards (:func:`legal.lead_table`);
    ``None``: :func:`analyse_lead`'s own memo only."""


def hand_context(rules: RuleSet, level: Rank, trump: Suit | None) -> HandContext:
    """The context of a hand played at ``level`` with ``trump`` (``None`` = no trump)."""
    o = order(level, trump, rules.constant_twos, rules.level_tractors)
    return HandContext(rules, level, trump, o, lead_table(o, rules.decks))


def _lead_of(ctx: HandContext, cards: tuple[int, ...]) -> Lead:
    """:func:`analyse_lead` through the hand's lead table."""
    leads = ctx.leads
    if leads is None or type(cards) is not tuple:
        return analyse_lead(ctx, cards)
    lead = leads.get(cards)
    if lead is None:
        lead = leads[cards] = analyse_lead(ctx, cards)
    return lead


def _missing(hand: Sequence[int], cards: Sequence[int]) -> tuple[int, ...]:
    if len(cards) == 1:
        return () if hand[cards[0]] else tuple(cards)
    out: list[int] = []
    for k, m in counts_in(cards).items():
        if hand[k] < m:
            out.extend([k] * (m - hand[k]))
    return tuple(out)


def _one_unit_top(o: Order, cards: Sequence[int], group: int, copies: int, length: int) -> int:
    """Top strength if ``cards`` (all of ``group``) are exactly one ``(copies, length)`` unit, else -1."""
    st = o.strength
    if copies == 1 and length == 1:
        return st[cards[0]]
    pc = counts_in(cards)
    if len(pc) != length or any(m != copies for m in pc.values()):
        return -1
    ss = sorted(st[k] for k in pc)
    if ss[-1] - ss[0] != length - 1 or len(set(ss)) != length:
        return -1
    return ss[-1]


def _same_units(o: Order, cards: Sequence[int], group: int, lead: Lead, decks: int) -> bool:
    """Do ``cards`` (all of ``group``) split into exactly the lead's units (shapes, as a multiset)?"""
    shapes = sorted(u.shape for u in split_units(o, counts_in(cards), group, decks))
    return shapes == sorted(u.shape for u in lead.units)


def _exact_winner(ctx, lead: Lead, plays: Sequence[tuple[int, Sequence[int]]]) -> tuple[int, bool]:
    """``trump_in = exact`` (80fen): only plays of one group with exactly the lead's units count;
    a trump-in beats a plain play, plays of one group compare by their highest card (equal: the
    earlier stands)."""
    o = ctx.order
    grp, st = o.group, o.strength
    g = lead.group
    decks = ctx.rules.decks
    best, best_val, best_group = 0, max(st[k] for k in lead.cards), g
    for i in range(1, len(plays)):
        cards = plays[i][1]
        if len(cards) != lead.count:
            continue
        gg = grp[cards[0]]
        if any(grp[k] != gg for k in cards) or not _same_units(o, cards, gg, lead, decks):
            continue
        val = max(st[k] for k in cards)
        if gg == best_group:
            if val > best_val:
                best, best_val = i, val
        elif gg == TRUMP:
            best, best_val, best_group = i, val, TRUMP
    return best, best_group != g


def trick_winner(ctx, lead: Lead, plays: Sequence[tuple[int, Sequence[int]]]) -> tuple[int, bool]:
    """Index into ``plays`` (``(seat, cards)``, lead first) of the winning play, and whether it trumped in."""
    return _winner(ctx, lead, [p[1] for p in plays])


def _winner(ctx, lead: Lead, plays: Sequence[Sequence[int]]) -> tuple[int, bool]:
    """:func:`trick_winner` on the plays' cards alone (lead first)."""
    if ctx.rules.trump_in is TrumpIn.EXACT and lead.units and not lead.mixed:
        return _exact_winner(ctx, lead, [(0, cards) for cards in plays])
    o = ctx.order
    grp = o.group
    g = lead.group
    n = lead.count
    if not lead.units:
        return 0, False
    main = lead.units[0]
    c, L = main.copies, main.length
    best, best_val, best_trump = 0, main.top, False
    plain = g != TRUMP
    can_follow_beat = not lead.is_throw and not lead.mixed
    if can_follow_beat and (n == 1 or (n == 2 and c == 2)):
        # a single or a pair: the highest one of the led group, else of trumps (a pair must be a pair)
        st = o.strength
        for i in range(1, len(plays)):
            cards = plays[i]
            if len(cards) != n or cards[0] != cards[-1]:
                continue
            k = cards[0]
            gg = grp[k]
            if gg == g:
                if not best_trump and st[k] > best_val:
                    best, best_val = i, st[k]
            elif plain and gg == TRUMP and (not best_trump or st[k] > best_val):
                best, best_val, best_trump = i, st[k], True
        return best, best_trump
    for i in range(1, len(plays)):
        cards = plays[i]
        if len(cards) != n:
            continue
        gg = grp[cards[0]]
        if gg == g:
            if not can_follow_beat or best_trump:
                continue                        # cannot win, mixed or not
        elif not plain or gg != TRUMP:
            continue
        mixed = False
        for k in cards:
            if grp[k] != gg:
                mixed = True
                break
        if mixed:
            continue
        if gg == g:
            val = _one_unit_top(o, cards, g, c, L)
            if val > best_val:
                best, best_val = i, val
        elif plain and gg == TRUMP:
            pc = counts_in(cards)
            if not covers(o, pc, TRUMP, lead.needs, lead.disjoint):
                continue
            val = best_top(o, pc, TRUMP, c, L)
            if not best_trump or val > best_val:
                best, best_val, best_trump = i, val, True
    return best, best_trump


def _forced_ok(tc, played: Lead, attempted: Sequence[int]) -> bool:
    """Is the recorded forced play the required one (or an equal unit of the same shape and top)?"""
    if sorted(tc.forced) == sorted(played.cards):
        return True
    unit = tc.forced_unit or tc.unit
    if len(played.units) != 1 or played.mixed or unit is None:
        return False
    u = played.units[0]
    if u.shape != unit.shape or u.top != unit.top:
        return False
    att = counts_in(attempted)
    return all(att.get(k, 0) >= m for k, m in counts_in(played.cards).items())


def throw_as_seen(ctx: HandContext, shown: Sequence[int], played: Sequence[int], failed: bool,
                  others: Sequence[tuple[int, Sequence[int]]]) -> bool:
    """Could the throw ``shown`` have gone as the table saw it, the other three hands (``(seat,
    counts)`` in play order, at the trick's start) being ``others``?  Stood (``failed`` false): it
    stands against them.  Failed (``shown -> played`` recorded): it fails, and ``played`` is a forced
    play the rules allow (as :func:`judge_trick` finds no ``wrong_forced_play``)."""
    tc = check_throw(ctx, shown, list(others), analyse_lead(ctx, tuple(shown)))
    if not failed:
        return tc.stands
    return not tc.stands and _forced_ok(tc, analyse_lead(ctx, tuple(played)), shown)


def _violation(code: str, number: int, seat: int, played, better, msg: tuple[str, str],
               choices: Sequence[Sequence[int]] = (), example: bool = False) -> Violation:
    """``choices``: the equal plays the rules leave open (:func:`forced_choices`), ``better`` the first — kept as the
    violation's ``better_choices`` only where there is more than one; ``example``: ``better`` is one example of plays
    not all equal that meet the duty (``better_example``)."""
    if len(choices) > 1:
        return new_violation(code, number, seat, tuple(played), tuple(better), msg[0], msg[1], ABOUT_PLAY,
                             tuple(tuple(c) for c in choices), example)
    return new_violation(code, number, seat, tuple(played), tuple(better), msg[0], msg[1], ABOUT_PLAY, (), example)


def _held_units(o: Order, group: int, better: Sequence[int], played: Sequence[int], code: str) -> tuple[int, ...]:
    """The pairs / tractor of ``better`` the player skipped, for the message."""
    bc, pc = counts_in(better), counts_in(played)
    if code == "follow_tractor":                  # name the tractor(s) only, not loose pairs beside them
        chains = [u for u in split_units(o, bc, group, 2) if u.length >= 2]
        if chains:
            return tuple(k for u in chains for k in u.cards)
    copies = 3 if code == "follow_triple" else 2
    ks = [k for k, m in bc.items() if m >= copies and o.group[k] == group
          and (code == "follow_tractor" or pc.get(k, 0) < copies)]
    ks.sort(key=lambda k: -o.strength[k])
    return tuple(k for k in ks for _ in range(copies))


def _trick_core():
    """The compiled :func:`_clean_trick` (``_trick_core.c``: a clean trick, every play legal, a throw
    that stands, or one recorded as failed with the forced play :func:`_judge` finds no violation in
    under ``throw_forced = largest_shape``; the lead analysed in C as :func:`legal.analyse_lead` does;
    some options left to Python), the compiled loop of :func:`judge_tricks` and the card counter, or ``(None, None, None)``."""
    core = compiled.load("tractor_analysis.engine._trick_core", *explain.TRICK_CORE)
    if core is None:
        return None, None, None
    core.setup(TrickResult, tuple(f.name for f in dataclasses.fields(TrickResult)), POINTS, TRUMP,
               TrumpIn.EXACT, ThrowFollow.SUIT, ThrowForced.LOWEST_CARD, ThrowForced.LARGEST_SHAPE,
               ThrowPenaltyCards.FAILING_UNITS)
    return core.clean_trick, core.judge_tricks, core.counts


_CLEAN_TRICK, _JUDGE_TRICKS, COUNTS = _trick_core()
"""``COUNTS(cards)``: the compiled ``played_cards.counts`` (a list of 54 counts; ``None`` for a card that is
not an int 0..53), or ``None`` without the core."""


def judge_tricks(ctx: HandContext, tricks: Sequence[Trick], hands: list[list[int]],
                 leader: int | None, hands_before: bool = True) -> list[TrickResult]:
    """Every trick of a hand in turn (:func:`judge_trick`), each next leader the winner before it;
    ``hands`` mutated as by :func:`judge_trick`.  The loop runs in C when the core is built.
    ``hands_before=False``: each result's ``hands_before`` is ``()``, the rest the same (for a caller
    that never reads them: ``ingest`` without ``--analyse``; they are four tuples of 54 counts a trick,
    ≈ 2 % of an ingest's instructions: issue 27, eleventh pass)."""
    if _JUDGE_TRICKS is not None and _CLEAN_TRICK is not None:
        if hands_before:
            return _JUDGE_TRICKS(ctx, tricks, hands, leader, judge_trick_python)
        return _JUDGE_TRICKS(ctx, tricks, hands, leader, judge_trick_python, False)
    out = []
    for trick in tricks:
        result = judge_trick(ctx, trick, hands, leader)
        out.append(result if hands_before else dataclasses.replace(result, hands_before=()))
        leader = result.winner
    return out


def judge_trick(ctx: HandContext, trick: Trick, hands: list[list[int]], leader: int | None) -> TrickResult:
    """Judge one trick against the hands at its start (N, E, S, W counts; mutated: played cards removed).

    ``leader`` is who should lead (``None``: accept the recorded leader).  Violations:
    ``out_of_turn``, ``not_in_hand``, ``mixed_lead``, ``throw_failed``, ``wrong_forced_play``,
    ``wrong_count``, ``follow_suit``, ``follow_tractor``, ``follow_pair``, ``follow_triple``.
    The clean tricks (every play legal, a throw that stands) are judged in C when the core is
    built (:func:`_clean_trick` is the reference); what the core leaves (a violation, a mixed
    lead, some options) is judged here.
    """
    if _CLEAN_TRICK is not None:
        done = _CLEAN_TRICK(ctx, trick, hands, leader)
        if done is not None:
            return done
    return judge_trick_python(ctx, trick, hands, leader)


def judge_trick_python(ctx: HandContext, trick: Trick, hands: list[list[int]], leader: int | None,
                       keep_hands: bool = True) -> TrickResult:
    """:func:`judge_trick` in Python alone (the reference of the compiled path); ``keep_hands=False``:
    the result's ``hands_before`` is ``()`` (:func:`judge_tricks`' ``hands_before``)."""
    return _judged_python(ctx, trick, hands, leader, keep_hands)


def _judged_python(ctx: HandContext, trick: Trick, hands: list[list[int]], leader: int | None,
                   keep_hands: bool = True) -> TrickResult:
    hands_before = tuple(map(tuple, hands))
    kept = hands_before if keep_hands else ()       # (the result's: no dataclasses.replace afterwards)
    plays = trick.plays
    if len(plays) == 4 and plays[0].attempted is None:
        first = plays[0].seat
        if ((leader is None or first == leader) and plays[1].seat == (first + 1) & 3
                and plays[2].seat == (first + 2) & 3 and plays[3].seat == (first + 3) & 3):
            done = _clean_trick(ctx, trick, hands, hands_before, first, kept)
            if done is not None:
                return done
    key = (ctx, trick, trick.line, tuple((p.line, p.column) for p in plays), hands_before, leader, keep_hands)
    memo = _KEPT.judged
    hit = memo.get(key)
    if hit is not None:
        result, after = hit
        for hand, counts in zip(hands, after):
            hand[:] = counts
        return result
    result = _judge(ctx, trick, hands, leader, kept)
    if len(memo) >= JUDGED_MEMO:
        for old in list(itertools.islice(memo, JUDGED_MEMO // 4)):     # the oldest quarter out
            del memo[old]
    if JUDGED_MEMO:
        memo[key] = (result, tuple(map(tuple, hands)))
    return result


JUDGED_MEMO = 2048
"""The most tricks :func:`_judged_python` keeps judged (0: none).  A record read several ways (its gaps filled,
a line or a play miscopied: engine.record_gaps, engine.deal_lines) judges the same trick from the same hands
again in every reading — 94 % of them in a simulated three-deck hand with a fault in every trick (123,232
judgements, 7,813 distinct; 46 CPU-s).  A trick's judgement rests on nothing but the key: the hand's context
(its rules, level and trump), the trick (its plays, and where they are written, which the result's plays carry),
the hands before it, who should lead; the hands after it are kept with it (the judgement takes the cards played
out of them).  Let go after each hand (:func:`forget_judged`)."""


class _Kept(threading.local):
    """The tricks kept judged, a memo a thread (a Dask worker may replay hands in several)."""

    def __init__(self) -> None:
        self.judged: dict[tuple, tuple[TrickResult, tuple[tuple[int, ...], ...]]] = {}


_KEPT = _Kept()


def forget_judged() -> None:
    """Let the tricks kept judged go (:data:`JUDGED_MEMO`: :func:`.hand_replay.replay_hand` once a hand is replayed,
    its readings done — some 6 KB a trick, hands and all, not kept beyond the hand)."""
    _KEPT.judged.clear()


def _clean_trick(ctx: HandContext, trick: Trick, hands: list[list[int]], before, first: int,
                 kept=None) -> TrickResult | None:
    """The common case, fast: four plays in turn, no failed throw recorded, every card held, a
    lead of one group whose throw (if any) stands, every follow legal.  Then nothing is wrong and
    the trick has no violations; ``None`` (``hands`` unchanged) when anything is amiss, for
    :func:`_judge` to find and word it.  Every check reads the hands at the trick's start
    (``before``): each seat plays once, so that is the hand it plays from.  ``kept``: the result's
    ``hands_before`` (``before`` when not given; ``()`` for :func:`judge_tricks`' ``hands_before=False``)."""
    plays = trick.plays
    if kept is None:
        kept = before
    lead = _lead_of(ctx, plays[0].cards)
    if lead.count == 1:
        return _clean_single(ctx, trick, hands, before, first, lead, kept)
    if lead.mixed or not lead.units:
        return None
    if lead.count == 2 and not lead.is_throw:
        return _clean_pair(ctx, trick, hands, before, first, lead, kept)
    if lead.is_throw and not check_throw(ctx, lead.cards, [((first + i) & 3, before[(first + i) & 3])
                                                          for i in (1, 2, 3)], lead).stands:
        return None
    n = lead.count
    points = 0
    ok = True
    for p in plays:
        h = hands[p.seat]
        cards = p.cards
        if len(cards) != n:
            ok = False
            break
        for k in cards:
            c = h[k]
            if c:
                h[k] = c - 1
            else:
                ok = False
            points += POINTS[k]
    if ok:
        grp = ctx.order.group
        g = lead.group
        kinds = ctx.order.kinds[g]
        for p in (plays[1], plays[2], plays[3]):
            cards = p.cards
            if n == 1:                          # a single: follow suit when holding it
                if grp[cards[0]] != g and any(map(before[p.seat].__getitem__, kinds)):
                    ok = False
                    break
            elif check_follow(ctx, lead, before[p.seat], cards) is not None:
                ok = False
                break
    if not ok:
        for s in range(4):
            hands[s][:] = before[s]
        return None
    wi, trumped = _winner(ctx, lead, (plays[0].cards, plays[1].cards, plays[2].cards, plays[3].cards))
    return new_trick_result(trick.number, first, plays, plays[wi].seat, points, kept, (),
                       lead.kind, False, 0, trumped, lead.shapes)


def _clean_single(ctx: HandContext, trick: Trick, hands: list[list[int]], before, first: int,
                  lead: Lead, kept) -> TrickResult | None:
    """:func:`_clean_trick` for a single led, in one pass: each card held, each follower of the
    led group or out of it, the highest card of the led group wins unless a trump was played
    on a plain lead (then the highest trump).  The seats are in turn (checked by the caller)."""
    plays = trick.plays
    try:
        (k0,), (k1,), (k2,), (k3,) = plays[0].cards, plays[1].cards, plays[2].cards, plays[3].cards
    except ValueError:                                  # a play of another size
        return None
    s1, s2, s3 = (first + 1) & 3, (first + 2) & 3, (first + 3) & 3
    h1, h2, h3 = before[s1], before[s2], before[s3]
    if not (before[first][k0] and h1[k1] and h2[k2] and h3[k3]):
        return None
    o = ctx.order
    grp, st = o.group, o.strength
    g = lead.group
    plain = g != TRUMP
    best, best_val, best_trump = 0, lead.units[0].top, False
    for i, k, hand in ((1, k1, h1), (2, k2, h2), (3, k3, h3)):
        gg = grp[k]
        if gg == g:
            if not best_trump and st[k] > best_val:
                best, best_val = i, st[k]
        else:
            if any(o.held[g](hand)):                     # held the led group: follow_suit
                return None
            if plain and gg == TRUMP and (not best_trump or st[k] > best_val):
                best, best_val, best_trump = i, st[k], True
    hands[first][k0] -= 1
    hands[s1][k1] -= 1
    hands[s2][k2] -= 1
    hands[s3][k3] -= 1
    return new_trick_result(trick.number, first, plays, plays[best].seat,
                            POINTS[k0] + POINTS[k1] + POINTS[k2] + POINTS[k3], kept, (),
                            lead.kind, False, 0, best_trump, lead.shapes)


def _clean_pair(ctx: HandContext, trick: Trick, hands: list[list[int]], before, first: int,
                lead: Lead, kept) -> TrickResult | None:
    """:func:`_clean_trick` for a lead of two cards in one unit (a pair): the same checks
    (:func:`check_follow`, :func:`_winner`) on the four two-card plays unpacked.  The seats are
    in turn (checked by the caller)."""
    plays = trick.plays
    c0, c1, c2, c3 = plays[0].cards, plays[1].cards, plays[2].cards, plays[3].cards
    try:
        (a0, b0), (a1, b1), (a2, b2), (a3, b3) = c0, c1, c2, c3
    except ValueError:                                  # a play of another size
        return None
    s1, s2, s3 = (first + 1) & 3, (first + 2) & 3, (first + 3) & 3
    h0, h1, h2, h3 = before[first], before[s1], before[s2], before[s3]
    if (h0[a0] < 1 + (a0 == b0) or not h0[b0] or h1[a1] < 1 + (a1 == b1) or not h1[b1]
            or h2[a2] < 1 + (a2 == b2) or not h2[b2] or h3[a3] < 1 + (a3 == b3) or not h3[b3]):
        return None                                     # a card not held
    if (check_follow(ctx, lead, h1, c1) is not None or check_follow(ctx, lead, h2, c2) is not None
            or check_follow(ctx, lead, h3, c3) is not None):
        return None
    for h, a, b in ((hands[first], a0, b0), (hands[s1], a1, b1), (hands[s2], a2, b2), (hands[s3], a3, b3)):
        h[a] -= 1
        h[b] -= 1
    wi, trumped = _winner(ctx, lead, (c0, c1, c2, c3))
    return new_trick_result(trick.number, first, plays, plays[wi].seat,
                            POINTS[a0] + POINTS[b0] + POINTS[a1] + POINTS[b1] + POINTS[a2] + POINTS[b2]
                            + POINTS[a3] + POINTS[b3], kept, (), lead.kind, False, 0,
                            trumped, lead.shapes)


def turn_order(number: int, plays, leader: int | None, vs: list[Violation]) -> bool:
    """The turn order's violations of trick ``number`` (``out_of_turn``), appended to ``vs``: a first
    play by another seat than ``leader`` (the seat due to lead; ``None``: not known), a seat playing
    twice or ahead of a seat due before it, a seat that did not play.  A follow is out of turn where a
    seat due before it (in rotation from the first play) has not played yet: the seat it played ahead
    of, once, plays after it in its turn — ``E: S9, W: D5, S: S4, N: SQ`` is W's play out of turn alone,
    S was due (docs/rules.md §4.1), not a second one of S's.  No trump decides them (a hand whose trump
    is not known is checked for them too: ``hand_replay``).  Returns whether a seat played twice."""
    first = plays[0].seat
    if leader is not None and first != leader:
        vs.append(_violation("out_of_turn", number, first, plays[0].cards, (),
                             explain.out_of_turn(first, leader)))
    seen: set[int] = set()
    dup = False
    for i, p in enumerate(plays):
        if p.seat in seen:
            dup = True
            vs.append(_violation("out_of_turn", number, p.seat, p.cards, (), explain.out_of_turn(p.seat, None)))
        elif i:
            due = next((first + k) & 3 for k in range(1, 4) if (first + k) & 3 not in seen)
            if p.seat != due:           # it played ahead of ``due``, who had not played yet
                vs.append(_violation("out_of_turn", number, p.seat, p.cards, (), explain.out_of_turn(p.seat, due)))
        seen.add(p.seat)
    if len(seen) < 4:
        for i in range(4):
            s = (first + i) & 3
            if s not in seen:
                vs.append(_violation("out_of_turn", number, s, (), (), explain.out_of_turn(s, None, True)))
    return dup


def plain_checks(trick: Trick, hands: list[list[int]], leader: int | None) -> list[Violation]:
    """The violations of one trick (a play at least) that no trump decides, in the order and words
    :func:`judge_trick` gives them — :func:`_judge` makes them by the same calls, the checks the trump
    decides in between: the turn order (:func:`turn_order`; ``leader``, the seat due to lead, when
    known), then each play's :func:`play_checks` (a card played and not held; a follow of another
    number of cards than the lead, naming no play it could have made: which rests on the trump).
    Which suit group a card is in, so the follows, a mixed lead and a throw's fate, rests on the
    trump: not judged.  For a hand whose trump or level is not known (``hand_replay``).  ``hands``:
    the cards each seat holds, the cards played taken out as :func:`judge_trick` does (a card not
    held stays out)."""
    number, plays = trick.number, trick.plays
    vs: list[Violation] = []
    turn_order(number, plays, leader, vs)
    n = len(plays[0].cards)
    for i, p in enumerate(plays):
        held = hands[p.seat]
        play_checks(number, p, held, vs, n if i else None)
        _take(held, p.cards)
    return vs


def play_checks(number: int, play: Play, hand: Sequence[int], vs: list[Violation], n: int | None = None,
                ctx: HandContext | None = None, lead: Lead | None = None) -> tuple[int, ...]:
    """One play's checks that no trump decides, appended to ``vs`` (``hand``: its seat's counts before
    it plays): ``not_in_hand``, the cards it plays that ``hand`` does not hold (the lead's failed throw:
    the cards shown, when more of them are not held); then, for a follow (``n``: the number of cards
    led; ``None`` for the lead), ``wrong_count`` when it plays another number — naming the play it
    could have made when the ``lead`` is analysed (``ctx``: the trump decides it), else none.  Returns
    the cards not held."""
    seat, cards = play.seat, play.cards
    missing = _missing(hand, cards)
    played = None                                       # (the cards played of those shown, when shown ones said)
    if n is None and play.attempted is not None:        # the throw shown, then the forced play
        more = _missing(hand, play.attempted)
        if len(more) > len(missing):
            missing, played = more, missing
    if missing:
        vs.append(_violation("not_in_hand", number, seat, cards, (), explain.not_in_hand(seat, missing, played)))
    if n is not None and len(cards) != n:
        better = construct_follow(ctx, lead, hand, cards) if lead is not None and lead.units else ()
        vs.append(_violation("wrong_count", number, seat, cards, better,
                             explain.wrong_count(seat, len(cards), n, better)))
    return missing


def _take(hand: list[int], cards: Sequence[int]) -> None:
    """The cards played leave ``hand`` (a card not held stays out: counts never go below 0)."""
    for k in cards:
        if hand[k] > 0:
            hand[k] -= 1


def _judge(ctx: HandContext, trick: Trick, hands: list[list[int]], leader: int | None,
           hands_before) -> TrickResult:
    """:func:`judge_trick`, every case: finds and words each violation."""
    o = ctx.order
    number = trick.number
    plays = trick.plays
    vs: list[Violation] = []
    if not plays:
        seat = leader if leader is not None else 0
        for i in range(4):
            s = (seat + i) & 3
            vs.append(_violation("out_of_turn", number, s, (), (), explain.out_of_turn(s, None, True)))
        return new_trick_result(number, seat, (), seat, 0, hands_before, tuple(vs))

    # --- turn order
    first = plays[0].seat
    dup = turn_order(number, plays, leader, vs)

    # --- the lead
    lp = plays[0]
    hand = hands[first]
    attempted = lp.attempted
    play_checks(number, lp, hand, vs)                   # not_in_hand (a failed throw's shown cards too)
    lead = analyse_lead(ctx, lp.cards)
    shown = attempted if attempted is not None else lp.cards
    shown_lead = lead if attempted is None else analyse_lead(ctx, attempted)
    same_letter = shown_lead.mixed and ctx.rules.mixed_throw is MixedThrow.SAME_LETTER \
        and same_letter_throw(ctx, shown)
    if shown_lead.mixed and not same_letter:
        vs.append(_violation("mixed_lead", number, first, shown, (), explain.mixed_lead(first, shown)))
    throw_failed = False
    not_thrown = 0
    if attempted is not None or lead.is_throw or same_letter:
        others = [((first + i) & 3, hands[(first + i) & 3]) for i in (1, 2, 3)]
        tc = check_throw(ctx, shown, others, shown_lead)
        if ctx.rules.throw_penalty_cards is ThrowPenaltyCards.FAILING_UNITS and not tc.stands:
            not_thrown = failing_cards(ctx, shown_lead, others, same_letter)   # Botzone: every beaten unit
        if attempted is not None:
            throw_failed = True
            if ctx.rules.throw_penalty_cards is not ThrowPenaltyCards.FAILING_UNITS:
                not_thrown = max(0, len(attempted) - len(lp.cards))
            if tc.stands:
                vs.append(_violation("wrong_forced_play", number, first, lp.cards, attempted,
                                     explain.throw_would_stand(first, attempted)))
            elif not _forced_ok(tc, lead, attempted):
                choices = forced_choices(ctx, shown_lead, tc.forced)
                vs.append(_violation("wrong_forced_play", number, first, lp.cards, tc.forced,
                                     explain.wrong_forced_play(first, lp.cards, tc.forced, tc.holder, tc.beater,
                                                               ctx.rules.throw_forced.value, choices[1:]), choices))
        elif not tc.stands:
            choices = forced_choices(ctx, shown_lead, tc.forced)
            vs.append(_violation("throw_failed", number, first, lp.cards, tc.forced,
                                 explain.throw_failed(first, tc.unit.cards, tc.unit.name, tc.holder,
                                                      tc.beater, tc.forced, choices[1:]), choices))
    _take(hand, lp.cards)

    # --- the follows
    n = lead.count
    for p in plays[1:]:
        h = hands[p.seat]
        cards = p.cards
        miss = play_checks(number, p, h, vs, n, ctx, lead)     # not_in_hand, wrong_count
        if len(cards) == n and not miss and not lead.mixed and lead.units and not dup:
            code = check_follow(ctx, lead, h, cards)
            if code is not None:
                better = construct_follow(ctx, lead, h, cards)
                fc = follow_choices(ctx, lead, h, better)
                # every play that meets the duty equal (§2.5): all named, none picked; else `better` an example
                equal = () if fc.others else fc.equal
                if code == "follow_suit":
                    msg = explain.follow_suit(p.seat, lead.group, better, equal, fc.others, n == 1)
                else:
                    held = _held_units(o, lead.group, better, cards, code)
                    msg = (explain.follow_triple(p.seat, held, better, lead.kind, equal, fc.others)
                           if code == "follow_triple"
                           else explain.FOLLOW_MESSAGES[code](p.seat, held, better, equal, fc.others))
                vs.append(_violation(code, number, p.seat, cards, better, msg, equal, fc.others))
        _take(h, cards)

    # --- the winner
    wi, trumped = _winner(ctx, lead, [p.cards for p in plays])
    points = 0
    for p in plays:
        for k in p.cards:
            points += POINTS[k]
    return new_trick_result(number, first, plays, plays[wi].seat, points, hands_before, tuple(vs),
                       lead.kind, throw_failed, not_thrown, trumped, lead.shapes)


def forced_choices(ctx: HandContext, shown: Lead, forced: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """The forced plays the rule leaves for the throw ``shown`` (analysed) whose forced play the check found is
    ``forced``: it, then every other unit of the throw of the same shape and top (equal cards, docs/rules.md §2.5:
    the choice between them is open, §4.5), each once.  Under ``throw_forced = lowest_card`` the rule orders equal
    cards itself: ``forced`` alone."""
    first = tuple(sorted(forced))
    if ctx.rules.throw_forced is ThrowForced.LOWEST_CARD:
        return (tuple(forced),)
    unit = next((u for u in shown.units if tuple(sorted(u.cards)) == first), None)
    if unit is None:
        return (tuple(forced),)
    out = [tuple(forced)]
    seen = {first}
    for u in shown.units:
        key = tuple(sorted(u.cards))
        if u.shape == unit.shape and u.top == unit.top and key not in seen:
            seen.add(key)
            out.append(tuple(u.cards))
    return tuple(out)


__all__ = ["HandContext", "hand_context", "judge_trick", "forced_choices", "judge_tricks", "judge_trick_python", "throw_as_seen",
           "trick_winner", "turn_order", "plain_checks", "play_checks"]
