"""Botzone's match score: 0-3 points a seat for its one hand (``score_table = botzone``).

A Botzone Tractor match is one hand.  Its judge scores each seat (docs/rules.md §8,
"Botzone"): the attackers' total decides which side wins and how many points each of its two
seats gets (:func:`tractor_analysis.engine.scoring.botzone_points`: 0 or less the defenders
3, below 40 2, below 80 1; below 120 the attackers 1, below 160 2, else 3), the other side
scores 0.  An error ends the match at once: the offender scores -3, its partner 0, both
opponents +1.
"""
from __future__ import annotations

from ..records.cards import partner
from .verdicts import HandResult

__all__ = ["seat_scores", "error_scores"]


def error_scores(offender: int) -> tuple[int, int, int, int]:
    """An error by ``offender`` ends the match: -3 to it, 0 to its partner, +1 to each opponent."""
    return tuple(-3 if s == offender else 0 if s == partner(offender) else 1 for s in range(4))  # type: ignore[return-value]


def seat_scores(result: HandResult) -> tuple[int, int, int, int] | None:
    """Each seat's score N, E, S, W for a hand replayed under ``score_table = botzone``;
    ``None`` when the hand has no outcome (not played out)."""
    o = result.outcome
    if o is None or o.winner not in ("defenders", "attackers"):
        return None
    winners = result.defenders if o.winner == "defenders" else frozenset(range(4)) - result.defenders
    return tuple(o.levels if s in winners else 0 for s in range(4))  # type: ignore[return-value]
