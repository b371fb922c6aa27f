"""Why a play's values are what they are, where the replay already says it (no search): a failed throw's
penalty and the bottom the hand's last trick takes (``tractor analyse``: a clause on the play's line, a field
of its JSON object).

- A failed throw (``attempted -> forced``, or written as if it stood and judged failed) is valued as the forced
  play plus the penalty the replay counted for its trick (:func:`.hand_analysis.trick_bases`): that penalty, the
  cards charged (:func:`~tractor_analysis.engine.scoring.throw_cards_charged`) and the points a card, or none
  where the rules charge none (docs/rules.md §4.6).
- The lead of the hand's last trick (the leader's whole hand: every play after it is forced, so the value after
  it IS that trick's result): the bottom's points and the multiplier the lead fixes
  (:func:`~tractor_analysis.engine.claimed_end.last_trick_multiplier`, as the solver scores the trick), taken by
  the attackers or not (docs/rules.md §7.2).  A best play other than the lead made leads fewer cards and leaves
  more than one trick: its value is no one trick's result, and nothing is said of it.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..engine import explain_analysis
from ..engine.claimed_end import last_trick_multiplier
from ..engine.legal import analyse_lead
from ..engine.scoring import throw_cards_charged
from ..engine.tricks import hand_context
from ..engine.verdicts import HandResult
from ..records.rulesets import ThrowPenalty


@dataclass(frozen=True, slots=True)
class FailedThrow:
    """The penalty a failed throw's line carries: ``points`` added to the attackers' total (negative when
    they threw; 0 where the rules charge none), ``cards`` charged and ``per_card`` (both ``None`` under
    ``throw_penalty = none``); ``words`` ``(zh, en)``."""

    points: int
    cards: int | None
    per_card: int | None
    words: tuple[str, str]


@dataclass(frozen=True, slots=True)
class LastTrickBottom:
    """What the hand's last trick does with the bottom: its ``bottom`` points, the ``multiplier`` its lead
    fixes, ``attackers`` true when they take the trick (then ``points`` = bottom × multiplier is in the value,
    else 0); ``words`` ``(zh, en)``."""

    bottom: int
    multiplier: int
    attackers: bool
    points: int
    words: tuple[str, str]


def failed_throw(h: HandResult, index: int, j: int, penalty: int) -> FailedThrow | None:
    """The penalty of the failed throw led in trick ``index`` (0-based) of ``h`` (the hand as analysed), when
    play ``j`` is that lead; ``penalty``: the one the replay counted for the trick, which its values carry
    (:func:`.hand_analysis.trick_bases`).  ``None`` for any other play, and where the cards charged are not known
    (they rest on cards not known: such a hand's points are withheld, never counted as 0)."""
    t = h.tricks[index]
    if j != 0 or not t.plays:
        return None
    lead = t.plays[0]
    stood_as_written = any(v.code == "throw_failed" and v.seat == lead.seat for v in t.violations)
    if lead.attempted is None and not stood_as_written:
        return None
    rules = h.rules
    if rules.throw_penalty is not ThrowPenalty.PER_CARD:
        return FailedThrow(0, None, None, explain_analysis.analysis_failed_throw(0, None, None))
    cards = throw_cards_charged(rules, t)
    if cards is None or abs(penalty) != cards * rules.throw_penalty_points:
        return None                         # (not known, or not what the values carry: nothing said)
    per_card = rules.throw_penalty_points
    return FailedThrow(penalty, cards, per_card,
                       explain_analysis.analysis_failed_throw(abs(penalty), cards, per_card, penalty > 0))


def last_trick_bottom(h: HandResult, index: int, j: int, bottom: int | None) -> LastTrickBottom | None:
    """The bottom's fate in the hand's last trick, when play ``j`` of trick ``index`` (0-based) of ``h`` (the hand
    as analysed, played to its end) is that trick's lead of the leader's whole hand; ``bottom``: its points as the
    values count them (``None`` or 0: nothing at stake, ``None`` returned)."""
    if not bottom or j != 0 or index != len(h.tricks) - 1:
        return None
    t = h.tricks[index]
    if len(t.plays) != 4 or t.winner is None or not t.hands_before:
        return None
    lead = t.plays[0]
    if lead.attempted is not None or any(sum(hand) != len(lead.cards) for hand in t.hands_before):
        return None                         # (not every hand emptied by the trick: not the hand's last)
    units = analyse_lead(hand_context(h.rules, h.level, h.trump), lead.cards).units
    multiplier = last_trick_multiplier(h.rules, tuple(u.shape for u in units))     # as the solver scores it
    attackers = t.winner not in h.defenders
    return LastTrickBottom(bottom, multiplier, attackers, bottom * multiplier if attackers else 0,
                           explain_analysis.analysis_last_trick_bottom(bottom, multiplier, attackers, lead.cards))


__all__ = ["FailedThrow", "LastTrickBottom", "failed_throw", "last_trick_bottom"]
