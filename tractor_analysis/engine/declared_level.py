"""The level a hand's declarations show, where nothing else gives it (docs/rules.md §9.1, §14.1).

A declaration that stands shows cards of the level rank (or identical jokers, which show no level).  So where a
hand does not state ``[Level]`` and no level is carried into it for the dealer's side (the record's first hand
numbered above 1 without ``[Levels]``, a hand after a break in the chain of hands: :data:`NOTHING_CARRIED`), the declarations fix the level when every non-joker card they declare is of one rank: that rank,
derived "from [Declarations]".  Declarations of jokers only fix nothing; cards of several ranks fix nothing either,
and the unknown level says so.  :func:`level_from_declarations` is called by :func:`.setting.hand_setting` after the
usual sources (``[Level]``, the levels carried, a record's first hand numbered 1) left the level unknown.
"""
from __future__ import annotations

from ..records.cards import BJ, LJ, RANK_OF, RANK_TOKENS, team_of
from ..records.model import Hand
from ..records.rulesets import RuleSet
from . import explain_hand, explain_unknown
from .verdicts import Derived, Violation, new_violation

SOURCE = "[Declarations] ([Level] not stated, no level carried)"
"""The ``from`` of a level the declarations fix (:func:`level_from_declarations`)."""


def declared_ranks(hand: Hand, rules: RuleSet, own: tuple[int | None, ...] | None) -> tuple[int, ...]:
    """The ranks of the non-joker cards ``hand``'s declarations show, lowest first; ``()`` where they say nothing of
    the hand's level: none recorded or not all read, jokers only, friend mode (each player's own level), or a deal
    bid for at each seat's own level (``own``)."""
    if not hand.declarations or not hand.declarations_known or rules.friend or own is not None:
        return ()
    return tuple(sorted({RANK_OF[c] for d in hand.declarations for c in d.cards if c not in (LJ, BJ)}))


def level_from_declarations(hand: Hand, rules: RuleSet, levels: tuple[int | None, ...], dealer: int | None,
                            side: int | None, own: tuple[int | None, ...] | None, derived: list[Derived]
                            ) -> tuple[int | None, tuple[int | None, ...], tuple[int, ...]]:
    """The level of ``hand`` (``[Level]`` not stated, and no other source gave one) from its declarations: the one
    rank every non-joker card declared has, where the dealer's side carries no known level — ``dealer`` (else
    ``side``) known with its level ``None`` in ``levels``, or neither known and no side's level known.  Said in
    ``derived``; the dealer's side learns the level (the other side's stays as it is).  Returns the level (``None``
    where not fixed), the levels carried in, and the ranks declared where several (the unknown level names them)."""
    ranks = declared_ranks(hand, rules, own)
    seat = dealer if dealer is not None else side       # a seat of the dealer's side (N=0 / E=1 for a side)
    open_ = levels[seat] is None if seat is not None else levels[0] is None and levels[1] is None
    if not ranks or not open_:
        return None, levels, ()
    if len(ranks) > 1:
        return None, levels, ranks
    (rank,) = ranks
    team = None if seat is None else team_of(seat)
    learned = levels if seat is None else tuple(rank if s % 2 == team else lv for s, lv in enumerate(levels))
    derived.append(Derived("level", RANK_TOKENS[rank], SOURCE, *explain_unknown.level_from_declared_rank(rank, team)))
    return rank, learned, ()


NOTHING_CARRIED = frozenset({"begins_later", "number_unknown", "skipped", "gap", "misplaced", "out_of_order",
                             "repeated", "no_result", "number_unplaced", "after_unplaced"})
"""The ``chain`` of a hand into which nothing is carried (:mod:`.replay`): the record's first hand numbered above 1
(or not numbered), or a hand after a break in the chain of hands — a level carried as a range is not among them."""


def level_not_carried(hand: Hand, rules: RuleSet, levels_in: tuple[int | None, ...], levels: tuple[int | None, ...],
                      level: int | None, dealer: int | None, side: int | None, own: tuple[int | None, ...] | None,
                      derived: list[Derived]) -> tuple[int | None, tuple[int | None, ...], tuple[int, ...], list]:
    """For a hand into which nothing is carried (:data:`NOTHING_CARRIED`), after :func:`.setting._level` gave
    ``level`` and ``levels``: where no level was found, the declarations' (:func:`level_from_declarations`); where
    ``[Level]`` alone names it (no level carried in for the dealer's side in ``levels_in``, no declaration, not a
    position), ``[("level", None)]`` — the tag is weighed against every other level by the hand's cards and the
    table's acts (:func:`.contradictions.questioned`), as a first hand numbered 1's is against the start.  Returns
    the level, the levels, the ranks declared where several, and what is questioned."""
    if level is None and hand.level is None:
        return (*level_from_declarations(hand, rules, levels, dealer, side, own, derived), [])
    seat = dealer if dealer is not None else side
    if (hand.level is not None and seat is not None and levels_in[seat] is None and not hand.declarations
            and not hand.setup and not hand.result_only):
        return level, levels, (), [("level", None)]
    return level, levels, (), []


def level_against_declarations(hand: Hand, rules: RuleSet, levels_in: tuple[int | None, ...], dealer: int | None,
                               side: int | None, own: tuple[int | None, ...] | None
                               ) -> tuple[list[tuple[str, int]], list[Violation]]:
    """For a hand into which nothing is carried (:data:`NOTHING_CARRIED`) whose ``[Level]`` is not the one rank every
    non-joker card declared has (:func:`declared_ranks`; no level carried in for the dealer's side in ``levels_in``,
    not a position): two statements of the record against each other — ``[Level]`` miscopied, or declarations that do
    not stand.  The ``level_mismatch`` saying so, and the declared rank as the other value of the level
    (:attr:`.setting.Setting.contradicted`): :func:`.contradictions.judge` weighs the two by the hand's cards (a
    declaration that does not stand at a level speaks against it) and the table's acts, as for a level carried in
    (docs/rules.md §14.1).  ``([], [])`` otherwise."""
    seat = dealer if dealer is not None else side
    if (hand.level is None or seat is None or levels_in[seat] is not None or hand.setup or hand.result_only):
        return [], []
    ranks = declared_ranks(hand, rules, own)
    if len(ranks) != 1 or ranks[0] == hand.level:
        return [], []
    words = explain_hand.level_against_declarations(hand.level, ranks[0])
    return [("level", ranks[0])], [new_violation("level_mismatch", None, None, (), (), *words)]


__all__ = ["NOTHING_CARRIED", "SOURCE", "declared_ranks", "level_against_declarations", "level_from_declarations",
           "level_not_carried"]
