"""Trump declarations (亮主) during the deal: strength, overcalls, the resulting trump (rules.md §9).

A declaration shows level cards of one suit (a single, a pair, with 3 decks a
triple) or identical jokers (a pair or triple of jokers declares no trump).
Each declaration must beat the standing one:

- 2 decks: single < pair < small-joker pair < big-joker pair (反无主);
- 3 decks (seed 000 "单张 2 / 两张 2 / 两张王（打无主）/ 三张 2 / 三张王（打无主）"):
  single < pair < joker pair < triple < joker triple;
- the same player may reinforce their own single into a pair of that suit (自保),
  which locks it;
- ``declare_tiebreak = suit_order``: an equal declaration overcalls when its suit comes
  earlier in 大王, 小王, ♠, ♥, ♦, ♣ (seed 001, rule 四), unless the standing one is locked;
- 炒地皮 (``rebid_after_bottom``): declarations marked ``after_bottom`` overcall by the same
  ladder after the dealer took the bottom; allowed only when the option is on and the trump
  was declared before the bottom (seed 001, rule 四).  The rebid's trump is the hand's
  trump; each rebidder takes the bottom and buries again (seed 000), which the record keeps
  as ``Buried: dealer's || rebidder's`` and the replay checks (``starting_hands.starting_hands``).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..records.cards import BJ, LJ, RANK_OF, SUIT_OF, Card
from ..records.model import Declaration
from ..records.rulesets import BidDealer, DeclareTiebreak, NoDeclaration, RuleSet
from . import explain, explain_hand

_TIE_ORDER = {BJ: 0, LJ: 1, 0: 2, 1: 3, 2: 4, 3: 5}
"""Tournament order for equal overcalls: BJ, LJ, S, H, D, C (lower is stronger)."""


@dataclass(frozen=True, slots=True)
class DeclarationProblem:
    index: int
    """0-based position in the hand's declarations."""
    seat: int
    cards: tuple[Card, ...]
    message_zh: str
    message_en: str


def strength(cards: tuple[Card, ...], level: int, decks: int) -> tuple[int, int] | None:
    """``(tier, tie_key)`` of a valid declaration, ``None`` if the cards declare nothing.

    Tiers: single 1, pair 2, joker pair 3 (small) / 4 (big), triple 5, joker triple 6 (small) / 7 (big).
    """
    if not cards or len(set(cards)) != 1 or len(cards) > decks:
        return None
    kind = cards[0]
    n = len(cards)
    if kind in (LJ, BJ):
        if n == 2:
            return (3 if kind == LJ else 4), _TIE_ORDER[kind]
        if n == 3:
            return (6 if kind == LJ else 7), _TIE_ORDER[kind]
        return None
    if RANK_OF[kind] != level:
        return None
    return {1: 1, 2: 2, 3: 5}[n], _TIE_ORDER[SUIT_OF[kind]]


def trump_of(cards: tuple[Card, ...]) -> int | None:
    """The trump a valid declaration fixes: the suit of its level cards, ``None`` (NT) for jokers."""
    return None if cards[0] in (LJ, BJ) else SUIT_OF[cards[0]]


def _reject(problems: list[DeclarationProblem], i: int, d: Declaration, message: tuple[str, str]) -> None:
    problems.append(DeclarationProblem(i, d.seat, d.cards, *message))


def _dealt_in(cards: tuple[Card, ...], dealt: tuple[Card, ...]) -> bool:
    """Whether every card of ``cards`` (with its copies) is among ``dealt``."""
    if len(cards) == 1:             # a single: the most declarations
        return cards[0] in dealt
    return all(dealt.count(c) >= cards.count(c) for c in set(cards))


def check_declarations(declarations: tuple[Declaration, ...], level: int, rules: RuleSet,
                       deal: tuple[tuple[Card, ...], ...] | None = None, dealer: int | None = None,
                       seat_levels: tuple[int, ...] | None = None
                       ) -> tuple[bool, int | None, int | None, list[DeclarationProblem]]:
    """``(declared, trump, first_declarer, problems)``: whether a valid declaration stood, the
    trump it fixes (``None`` = NT), the first valid declarer, and every bad declaration.

    With ``deal``, a declaration must come from the declarer's dealt cards (a seat without a
    deal line is not judged); after the bottom, a player who has taken the bottom (``dealer``,
    or an earlier rebidder) may also hold cards from it, so its rebid is not checked against
    the deal.  ``seat_levels`` (N, E, S, W; a bid-for deal under ``bid_dealer = last``): each
    seat declares with its own level instead of ``level``.  ``overcall_own = off``: a seat
    never overcalls its own declaration, except by turning its single into the pair."""
    problems: list[DeclarationProblem] = []
    standing: tuple[int, int] | None = None
    standing_seat: int | None = None
    standing_cards: tuple[Card, ...] = ()
    locked = False
    first: int | None = None
    took_bottom = {dealer} if dealer is not None else set()
    for i, d in enumerate(declarations):
        if d.after_bottom:
            # 炒地皮 (seed 001, rule 四): overcalls after the bottom are allowed only under
            # rebid_after_bottom, and only when the trump was declared before the bottom was
            # turned ("若主是在翻底时确认的则不允许炒地皮").
            if not rules.rebid_after_bottom:
                _reject(problems, i, d, explain_hand.rebid_not_allowed(d.seat, d.cards))
                continue
            if standing is None:
                _reject(problems, i, d, explain_hand.rebid_without_declaration(d.seat, d.cards))
                continue
            if d.seat == standing_seat:
                # seed 000: 庄家扣牌后其他人可以再反 — the others may overcall after the bury
                _reject(problems, i, d, explain_hand.rebid_own_declaration(d.seat, d.cards))
                continue
        lv = seat_levels[d.seat] if seat_levels is not None else level
        s = strength(d.cards, lv, rules.decks)
        if s is None:
            _reject(problems, i, d, explain_hand.not_a_declaration(d.seat, d.cards, lv))
            continue
        mine = (deal[d.seat] or None) if deal is not None and not (d.after_bottom and d.seat in took_bottom) else None
        if mine is not None and not _dealt_in(d.cards, mine):
            _reject(problems, i, d, explain_hand.declared_not_dealt(d.seat, d.cards))
            continue
        if standing is not None:
            reinforce = (d.seat == standing_seat and d.cards[0] == standing_cards[0]
                         and len(d.cards) > len(standing_cards))
            beats = s[0] > standing[0]
            if (not beats and not locked and s[0] == standing[0]
                    and rules.declare_tiebreak is DeclareTiebreak.SUIT_ORDER and s[1] < standing[1]):
                beats = True
            if beats and not reinforce and d.seat == standing_seat and not rules.overcall_own:
                _reject(problems, i, d, explain.overcall_own(d.seat, d.cards, standing_cards))
                continue
            if not (beats or reinforce):
                _reject(problems, i, d,
                        explain.declaration_too_weak(d.seat, d.cards, standing_seat, standing_cards))
                continue
            locked = reinforce
        if first is None:
            first = d.seat
        if d.after_bottom:
            took_bottom.add(d.seat)      # it takes the bottom and buries again
        standing, standing_seat, standing_cards = s, d.seat, d.cards
    trump = trump_of(standing_cards) if standing_cards else None
    return bool(standing_cards), trump, first, problems


def bid_winner(declarations: tuple[Declaration, ...], level: int, rules: RuleSet,
               deal: tuple[tuple[Card, ...], ...] | None = None,
               seat_levels: tuple[int, ...] | None = None) -> int | None:
    """Who deals a deal that is bid for (抢庄), by the declarations: the first valid declarer
    (``bid_dealer = first``), or the final standing declarer with each seat declaring at its
    own level from ``seat_levels`` (``bid_dealer = last``, 80fen); ``None`` when nobody
    declared validly."""
    if rules.bid_dealer is BidDealer.LAST:
        standing = None
        problems = check_declarations(declarations, level, rules, deal, seat_levels=seat_levels)[3]
        bad = {p.index for p in problems}
        for i, d in enumerate(declarations):
            if i not in bad and not d.after_bottom:
                standing = d.seat
        return standing
    return check_declarations(declarations, level, rules, deal)[2]


def bottom_takers(dealer: int, declarations: tuple[Declaration, ...]) -> list[int]:
    """Who took the bottom, in order: the dealer, then each declaration after the bottom as
    recorded (炒地皮, seed 000: the rebidder takes the bottom and buries again).  The record
    is what happened at the table, so a rebid the rules refuse still took the bottom."""
    return [dealer] + [d.seat for d in declarations if d.after_bottom]


def trump_without_declaration(rules: RuleSet, bottom: tuple[Card, ...] | list[Card] | None
                              ) -> tuple[int | None, bool, bool]:
    """What nobody declaring means (rules.md §9 ``no_declaration``): ``(trump, redeal, known)``.

    - ``no_trump``: the hand is played without a trump suit;
    - ``third_bottom_card``: the suit of the bottom's third card, a joker meaning no trump
      (seed 003: "若發牌結束仍無人亮牌，則以底牌第三張的花色作為主牌花色。如果第三張是王則打無主");
    - ``redeal``: the cards are dealt again;
    - ``drawn``: the referee draws a suit at random (Botzone): the record's trump stands.
    ``known`` is False when the rule needs a bottom the record does not give.
    """
    rule = rules.no_declaration
    if rule is NoDeclaration.DRAWN:             # drawn by the referee: not known from the cards
        return None, False, False
    if rule is NoDeclaration.REDEAL:
        return None, True, True
    if rule is NoDeclaration.THIRD_BOTTOM_CARD:
        if bottom is None or len(bottom) < 3:
            return None, False, False
        third = bottom[2]
        return (None if third in (LJ, BJ) else SUIT_OF[third]), False, True
    return None, False, True
