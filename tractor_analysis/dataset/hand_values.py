"""A hand's points and bottom as the outputs report them: what the record lets the engine know, and
``None`` where it is unknown or not decided (docs/rules.md §14, docs/format.md "check --json").

The engine's :class:`~tractor_analysis.engine.verdicts.HandResult` scores what was played: a hand the
record ends in before the bottom is decided carries a multiplier and a bonus of 0, and a score sheet's
hand (nothing played) trick points, bottom and penalties of 0.  Those are the engine's working values,
not facts of the hand; the dataset's ``hands`` rows and the report's hand page take the values from
here, and ``check --json`` (``cli/check_json.py``, which does not import the dataset) applies the same rule
(a test compares them).
"""
from __future__ import annotations

from typing import NamedTuple

from ..engine.verdicts import RECORDED_TOTAL, HandResult


class HandValues(NamedTuple):
    """The values of a hand's points and bottom; ``None``: not known, or not decided."""

    attackers_points: int | None
    bottom_points: int | None
    bottom_multiplier: int | None
    bottom_bonus: int | None
    bottom_captured: bool | None
    """The attackers won the last trick of a hand played out (抠底)."""
    penalties: int | None
    claim_matches: bool | None


def is_score_sheet(hr: HandResult) -> bool:
    """The hand is a score sheet's (``[ResultOnly]``): scored from its recorded total, nothing played."""
    return any(i.kind == RECORDED_TOTAL for i in hr.items)


def bottom_undecided(hr: HandResult) -> bool:
    """The record ends before the hand does (a record cut short, a position not played out): who
    takes the last trick, so whether the bottom counts and by how much, is not decided."""
    return not hr.bottom_decided


def bottom_unknown_but_captured(hr: HandResult) -> bool:
    """The attackers won the last trick of a hand played out but the record gives no bottom
    (``unknown`` tag ``Buried`` withholding ``points``; one that withholds only the legality — the
    dealer's bury not known where the plays need it — leaves the bottom's score standing): captured,
    its points and bonus not known."""
    return hr.complete and any(u.tag == "Buried" and {"points", "bottom"} & set(u.withheld) for u in hr.unknowns)


def hand_values(hr: HandResult) -> HandValues:
    """:class:`HandValues` of ``hr``:

    - a score sheet's hand: the sheet gives the total only, so trick points, bottom and penalties are
      ``None``, and so is ``claim_matches`` (the claim *is* the total: compared with nothing);
    - a hand the record ends in before it is played out: the bottom's multiplier, bonus and whether
      it was captured are ``None`` (not decided; its points, the cards buried, stay);
    - a hand played out whose bottom the attackers took but the record does not give: captured,
      multiplier and bonus ``None`` (the engine withholds the points with them);
    - otherwise the engine's values (``None`` where it withheld them: the sides unknown)."""
    if is_score_sheet(hr):
        return HandValues(None, None, None, None, None, None, None)
    mult, bonus = hr.bottom_multiplier, hr.bottom_bonus
    captured = None if mult is None else mult > 0
    if mult is not None and bottom_undecided(hr):
        mult = bonus = captured = None
    elif mult is not None and bottom_unknown_but_captured(hr):
        mult, bonus, captured = None, None, True
    return HandValues(hr.attackers_points, hr.bottom_points, mult, bonus, captured, hr.penalties,
                      hr.claim_matches)
