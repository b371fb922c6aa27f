"""Why a level carried into a hand is known only as a range: the hands before whose open facts it rests on.

A side's level after a hand is kept as its lowest and highest (:attr:`.verdicts.HandResult.levels_after_span`) where
the hand leaves it open — take-backs given as ``?`` (docs/rules.md §10.2), plays the record leaves out judged once for
each way of filling them in (§14.1), another fact judged once for each reading of it — and the hands after, the
side's level not learned again, carry that range on (bounded again hand by hand).  :func:`range_causes` walks back
from the hand before over that chain and names each hand's open fact, so the words of the next hand's level
(:mod:`.explain_final_levels`) say what it rests on, never a cause the record does not give.  Used by :mod:`.replay`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..records.model import Hand
from .record_gaps import find_gaps
from .verdicts import HandResult

TAKEBACKS, PLAYS_LEFT_OUT, LEFT_OPEN = "takebacks", "plays_left_out", "left_open"


@dataclass(frozen=True, slots=True)
class RangeCause:
    """One hand's open fact a level carried as a range rests on."""

    hand: int
    """The hand's number."""
    kind: str
    """:data:`TAKEBACKS` (take-backs given as ``?``), :data:`PLAYS_LEFT_OUT` (plays the record leaves out: ``gaps``)
    or :data:`LEFT_OPEN` (another fact judged once for each way of it: that hand's ``"unknown"`` says which)."""
    gaps: tuple[tuple[int, tuple[int, ...]], ...] = ()
    """:data:`PLAYS_LEFT_OUT`: per trick leaving plays out, its number and the seats left out."""


def range_causes(hands: Sequence[Hand], results: Sequence[HandResult], seat: int) -> tuple[RangeCause, ...]:
    """What ``seat``'s level carried out of ``results[-1]`` (the hands before, ``hands`` their records, in the record's
    order) as a range rests on, the earliest hand first: each hand of the chain that carried it as a range, back to
    the one whose own level before was known (or the first with no range for it), with its open facts (its
    ``"unknown"`` items withholding ``levels``, but a ``[Claim]``'s).  ``()`` where ``seat`` carries no range."""
    out: list[RangeCause] = []
    k = len(results) - 1
    while k >= 0:
        r = results[k]
        if r.levels_after_span is None or r.levels_after_span[seat] is None:
            break
        out[:0] = _own_causes(hands[k] if k < len(hands) else None, r)
        if r.player_levels_before[seat] is not None:
            break
        k -= 1
    return tuple(out)


def _own_causes(hand: Hand | None, result: HandResult) -> list[RangeCause]:
    """The open facts of ``result`` (``hand``: its record) that leave its levels after open, one per kind; a hand
    that names none of its own (its range carried in only) gives none."""
    tags = [u.tag for u in result.unknowns if "levels" in u.withheld and u.tag != "Claim"]
    out: list[RangeCause] = []
    if "Takebacks" in tags:
        out.append(RangeCause(result.number, TAKEBACKS))
    if "play" in tags:
        gaps = tuple((g.trick, g.missing) for g in find_gaps(hand)) if hand is not None else ()
        out.append(RangeCause(result.number, PLAYS_LEFT_OUT, gaps) if gaps else RangeCause(result.number, LEFT_OPEN))
    if any(t not in ("Takebacks", "play") for t in tags) and not any(c.kind == LEFT_OPEN for c in out):
        out.append(RangeCause(result.number, LEFT_OPEN))
    return out
