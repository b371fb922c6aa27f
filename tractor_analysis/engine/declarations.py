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
from itertools import product
from math import prod

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


@dataclass(frozen=True, slots=True)
class OpenDeclaration:
    """A declaration whose verdict rests on a level the record does not state (:func:`judge_declarations`)."""
    index: int
    """0-based position in the hand's declarations."""
    seat: int
    cards: tuple[Card, ...]
    own_level: bool
    """Level cards of a declarer whose own level is the one not known (else: a declaration before it rests
    on one)."""


@dataclass(frozen=True, slots=True)
class DeclarationsJudged:
    """The declarations judged under every level the record leaves open (:func:`judge_declarations`):
    what every reading gives is kept, the rest is open — never judged at a guessed level."""
    declared: bool | None
    """A valid declaration stood; ``None`` when that rests on a level not known."""
    trump: int | None
    """The trump they fix (``None`` = NT, or not known: :attr:`trump_known`)."""
    trump_known: bool
    first: int | None
    """The first valid declarer (``None``: nobody, or not known)."""
    last: int | None
    """The final standing declarer before the bottom (``None``: nobody, or not known)."""
    problems: tuple[DeclarationProblem, ...]
    """Declarations bad under every reading, for the same reason."""
    open: tuple[OpenDeclaration, ...] = ()
    unknown_seats: tuple[int, ...] = ()
    """The seats whose level is not known (and is needed: they declared level cards)."""


MAX_LEVEL_READINGS = 256
"""The most readings of the levels not known that :func:`judge_declarations` judges; beyond, nothing
the declarations give is judged (every one open)."""

_NO_LEVEL = -1
"""A reading's level for a seat that is none of the ranks it declared (so its level cards declare nothing)."""


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
                       seat_levels: tuple[int, ...] | None = None,
                       word_levels: tuple[int | None, ...] | None = None
                       ) -> tuple[bool, int | None, int | None, list[DeclarationProblem]]:
    """``(declared, trump, first_declarer, problems)``: whether a valid declaration stood, the
    trump it fixes (``None`` = NT), the first valid declarer, and every bad declaration.

    With ``deal``, a declaration must come from the declarer's dealt cards (a seat without a
    deal line is not judged); after the bottom, a player who has taken the bottom (``dealer``,
    or an earlier rebidder) may also hold cards from it, so its rebid is not checked against
    the deal.  ``seat_levels`` (N, E, S, W; a bid-for deal under ``bid_dealer = last``): each
    seat declares with its own level instead of ``level``.  ``overcall_own = off``: a seat
    never overcalls its own declaration, except by turning its single into the pair.  ``word_levels``:
    the levels a declaration that declares nothing is said to need (``None``: not known), where the
    levels judged are one reading of levels not known (:func:`judge_declarations`)."""
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
        said = word_levels[d.seat] if word_levels is not None else lv
        s = strength(d.cards, lv, rules.decks)
        mine = (deal[d.seat] or None) if deal is not None and not (d.after_bottom and d.seat in took_bottom) else None
        not_dealt = mine is not None and not _dealt_in(d.cards, mine)
        if not_dealt and said is None:      # the fault that does not rest on the level not known, named first
            _reject(problems, i, d, explain_hand.declared_not_dealt(d.seat, d.cards))
            continue
        if s is None:
            _reject(problems, i, d, explain_hand.not_a_declaration(d.seat, d.cards, said))
            continue
        if not_dealt:
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
               seat_levels: tuple[int | None, ...] | None = None) -> int | None:
    """Who deals a deal that is bid for (抢庄), by the declarations: the first valid declarer
    (``bid_dealer = first``), or the final standing declarer with each seat declaring at its
    own level from ``seat_levels`` (``bid_dealer = last``, 80fen); ``None`` when nobody
    declared validly, or when who did rests on a level not known (``None`` in ``seat_levels``)."""
    if rules.bid_dealer is BidDealer.LAST:
        return judge_declarations(declarations, level, rules, deal, seat_levels=seat_levels).last
    return check_declarations(declarations, level, rules, deal)[2]


def _last_standing(declarations: tuple[Declaration, ...], problems: list[DeclarationProblem]) -> int | None:
    """The seat of the last declaration before the bottom that none of ``problems`` refuses."""
    bad = {p.index for p in problems}
    standing = None
    for i, d in enumerate(declarations):
        if i not in bad and not d.after_bottom:
            standing = d.seat
    return standing


def _level_cards(cards: tuple[Card, ...], decks: int) -> bool:
    """``cards`` declare a suit at the level of their rank (copies of one level card, at most one a deck)."""
    return bool(cards) and len(set(cards)) == 1 and len(cards) <= decks and cards[0] not in (LJ, BJ)


def _level_readings(declarations: tuple[Declaration, ...], seat_levels: tuple[int | None, ...], rules: RuleSet
                    ) -> tuple[list[tuple[int, ...]], tuple[int, ...]] | None:
    """Every reading of the levels ``seat_levels`` leaves ``None`` that tells the declarations apart: each
    side's (friend mode: each seat's) level one of the ranks its seats declared level cards of, or none of
    them (:data:`_NO_LEVEL`); partners share a reading.  And the seats whose level is needed.  ``None``
    when there are more than :data:`MAX_LEVEL_READINGS`."""
    groups: dict[int, list[int]] = {}
    for s in range(4):
        if seat_levels[s] is None:
            groups.setdefault(s if rules.friend else s % 2, []).append(s)
    choices: list[tuple[list[int], list[int]]] = []
    for seats in groups.values():
        ranks = sorted({RANK_OF[d.cards[0]] for d in declarations
                        if d.seat in seats and _level_cards(d.cards, rules.decks)})
        if ranks:
            choices.append((seats, ranks + [_NO_LEVEL]))
    if prod(len(ranks) for _, ranks in choices) > MAX_LEVEL_READINGS:
        return None
    readings = []
    for picked in product(*(ranks for _, ranks in choices)):
        levels = [_NO_LEVEL if lv is None else lv for lv in seat_levels]
        for (seats, _), rank in zip(choices, picked):
            for s in seats:
                levels[s] = rank
        readings.append(tuple(levels))
    return readings, tuple(sorted(s for seats, _ in choices for s in seats))


def judge_declarations(declarations: tuple[Declaration, ...], level: int, rules: RuleSet,
                       deal: tuple[tuple[Card, ...], ...] | None = None, dealer: int | None = None,
                       seat_levels: tuple[int | None, ...] | None = None) -> DeclarationsJudged:
    """:func:`check_declarations`, where ``seat_levels`` may leave a seat's level not known (``None``: a deal
    bid for at each seat's own level, the levels carried not known and the record stating only the dealer's
    side's): judged under every reading of those levels (:func:`_level_readings`), and only what every
    reading gives is kept — a declaration bad under every reading for the same reason is a problem, one bad
    under some only (or for another reason) is open; the trump, the first and the last declarer are known
    only when every reading gives the same.  Never judged at a guessed level (docs/rules.md §9.1)."""
    if seat_levels is None or None not in seat_levels:
        declared, trump, first, problems = check_declarations(declarations, level, rules, deal, dealer, seat_levels)
        return DeclarationsJudged(declared, trump, True, first, _last_standing(declarations, problems),
                                  tuple(problems))
    found = _level_readings(declarations, seat_levels, rules)
    if found is None:           # too many readings: nothing they give is judged
        unknown = tuple(s for s in range(4) if seat_levels[s] is None)
        return DeclarationsJudged(None, None, False, None, None, (), tuple(
            OpenDeclaration(i, d.seat, d.cards, d.seat in unknown and _level_cards(d.cards, rules.decks))
            for i, d in enumerate(declarations)), unknown)
    readings, unknown = found
    runs = [check_declarations(declarations, level, rules, deal, dealer, r, word_levels=seat_levels)
            for r in readings]
    problems: list[DeclarationProblem] = []
    opened: list[OpenDeclaration] = []
    for i, d in enumerate(declarations):
        verdicts = [next((p for p in run[3] if p.index == i), None) for run in runs]
        if all(v is None for v in verdicts):
            continue
        if all(v is not None for v in verdicts) and len({(v.message_zh, v.message_en) for v in verdicts}) == 1:
            problems.append(verdicts[0])
        else:
            opened.append(OpenDeclaration(i, d.seat, d.cards, d.seat in unknown and _level_cards(d.cards, rules.decks)))

    def agreed(values: list) -> object:
        """The value every reading gives, else ``None`` (not known)."""
        return values[0] if len(set(values)) == 1 else None

    fixed = agreed([run[:2] for run in runs])          # (whether one stands, the trump it fixes)
    return DeclarationsJudged(agreed([run[0] for run in runs]), None if fixed is None else fixed[1], fixed is not None,
                              agreed([run[2] for run in runs]),
                              agreed([_last_standing(declarations, run[3]) for run in runs]),
                              tuple(problems), tuple(opened), unknown)


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
