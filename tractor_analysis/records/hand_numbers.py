"""The numbers of the hands a record gives no number (``.tgn`` ``[Hand "?"]``, a JSON hand without ``"number"``).

Such a hand is numbered by its place: the hand before's number + 1, the record's first 1 (docs/format.md).  That
number is derived only where nothing in the record contradicts it: where another hand of the match has it (hands 2,
``?``, 3: the record numbers the next hand 3), or where the hand before has no number either, its place gives none.
Such a hand's number is then not known: it is given one no hand of the match has, below every other (0 for most
records), so that it clashes with none — no hand the record numbers is taken for a copy of it — and the engine says
the number is not known (:func:`unplaced`)."""
from __future__ import annotations

import dataclasses
from typing import Sequence

from .model import Hand

__all__ = ["place_numbers", "unplaced"]


def place_numbers(hands: Sequence[Hand]) -> tuple[Hand, ...]:
    """``hands`` with each hand the record gives no number numbered by its place where that number is derived, else
    (its place number another hand has, or the hand before has no number) by one no hand has, below all of them."""
    if all(h.number_known for h in hands):
        return tuple(hands)
    taken = {h.number for h in hands if h.number_known}
    low = min(min((h.number for h in hands), default=1), 1)
    out: list[Hand] = []
    placed = True           # the hand before has a number (written, or derived from its place)
    for h in hands:
        if h.number_known:
            out.append(h)
            placed = True
            continue
        number = out[-1].number + 1 if out else 1
        placed = placed and number not in taken
        if not placed:
            low -= 1
            number = low
        taken.add(number)
        out.append(h if h.number == number else dataclasses.replace(h, number=number))
    return tuple(out)


def unplaced(hands: Sequence[Hand], index: int) -> bool:
    """Hand ``index`` of ``hands`` (numbered by :func:`place_numbers`) gives no number and its place gives none."""
    h = hands[index]
    return not h.number_known and h.number != (hands[index - 1].number + 1 if index else 1)
