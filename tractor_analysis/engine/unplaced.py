"""The copies of each card the record places nowhere — not in a starting hand, not in the bottom buried
(docs/rules.md §14.1: what a seat read from its plays may still have held).  Used where a throw is judged
against such a seat (:mod:`.hand_replay`, through :mod:`.unsure_throws`) and after a play the record leaves out
(:mod:`.unfilled_gaps`)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..records.rulesets import RuleSet

if TYPE_CHECKING:
    from .bottom_exchange import Start


def unplaced_copies(rules: RuleSet, start: Start) -> list[int]:
    """Per kind, the copies the record places nowhere: the decks' copies less the starting hands (a seat
    read from its plays: those plays) and the bottom buried."""
    placed = [sum(col) for col in zip(*start.hands)]
    for k in start.buried or ():
        placed[k] += 1
    return [max(0, rules.decks - n) for n in placed]
