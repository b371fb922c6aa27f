"""Score sheets: a hand kept as its result alone (:attr:`~tractor_analysis.records.model.Hand.result_only`).

Many clubs keep only each hand's result — dealer, level, trump if known and the attackers'
total — not every trick.  :func:`~tractor_analysis.engine.hand_replay.replay_hand` scores such a hand
from its recorded total (the ``recorded_total`` score item), takes the level change and the next
dealer from the score table exactly as for a played hand, and judges no play: there is none.
What can be checked still is: the recorded ``[Dealer]`` and ``[Level]`` against those carried
from the hands before (``dealer_mismatch``, ``level_mismatch``), so that the next hand's tags
check this hand's level change and next dealer.
"""
from __future__ import annotations

from ..records.model import Hand
from . import explain_hand
from .verdicts import RECORDED_TOTAL, ScoreItem, new_score_item

__all__ = ["NOT_RECORDED", "RECORDED_TOTAL", "recorded_items", "is_result_only"]

NOT_RECORDED = {"attackers_points": None, "bottom_points": None, "multiplier": None, "bonus": None, "penalties": None}
"""The parts of a score a sheet does not record (it keeps the attackers' total alone): not known,
``None`` — never 0 — whether or not the sheet gives the total (``[Claim]``)."""


def is_result_only(hand: Hand | None) -> bool:
    return hand is not None and hand.result_only


def recorded_items(hand: Hand) -> tuple[ScoreItem, ...]:
    """The score of a result-only hand: its recorded total as one item (none without ``[Claim]``)."""
    if hand.claim is None:
        return ()
    return (new_score_item(RECORDED_TOTAL, hand.claim, *explain_hand.recorded_total(hand.claim)),)
