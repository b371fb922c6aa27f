"""The numbers of the hands a record gives no number (``.tgn`` ``[Hand "?"]``, a JSON hand without ``"number"``).

Such a hand is numbered by its place: the hand before's number + 1, the record's first 1 (docs/format.md).  That
number is derived only where nothing in the record contradicts it: where another hand of the match has it (hands 2,
``?``, 3: the record numbers the next hand 3), or where the hand before has no number either, its place gives none.
Such a hand's number is then not known: it is given one no hand of the match has, below every other (0 for most
records), so that it clashes with none — no hand the record numbers is taken for a copy of it — and the engine says
the number is not known (:func:`unplaced`)."""
from __future__ import annotations

import dataclasses
import re
from collections import Counter
from typing import Sequence

from .diagnostics import Diagnostic
from .model import Hand

__all__ = ["place_numbers", "unplaced", "by_place", "place_names", "hand_names"]


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


def place_names(place: int) -> tuple[str, str]:
    """A hand named by its place in the file (``place`` counted from 1), English and Chinese: "the 3rd hand in the
    file" / "文件中第3手" — for a hand whose number is not known (:func:`unplaced`)."""
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"the {place}{suffix} hand in the file", f"文件中第{place}手"


def hand_names(hands: Sequence[Hand], hand: Hand | None, number: int) -> tuple[str, str]:
    """Hand ``number`` named for a person, English and Chinese: "hand 3" / "第3局"; ``hand`` (its record, one of
    ``hands``, numbered by :func:`place_numbers`) where its number is not known (:func:`unplaced`): by its place,
    :func:`place_names` — never the number it is stored under, which no record gives it."""
    if hand is not None and not hand.number_known:
        index = _place_of(hands, hand)
        if index is not None and unplaced(hands, index):
            return place_names(index + 1)
    return f"hand {number}", f"第{number}局"


_PLACES: list = [None, {}]


def _place_of(hands: Sequence[Hand], hand: Hand) -> int | None:
    """Where ``hand`` is in ``hands`` (by identity; ``None``: not there).  Each hand's place in the last ``hands``
    asked about is kept, by ids, each checked when read (built again where it no longer holds): :func:`hand_names`
    is asked of every hand of a match in turn — the search of the match for each was quadratic (20,001 hands: 47
    CPU-s, the fuzzer's)."""
    for fresh in (False, True):
        if fresh or _PLACES[0] != (id(hands), len(hands)):
            _PLACES[:] = [(id(hands), len(hands)), {id(h): i for i, h in enumerate(hands)}]
        index = _PLACES[1].get(id(hand))
        if index is not None and index < len(hands) and hands[index] is hand:
            return index
        if fresh or not any(x is hand for x in hands):
            return None
    return None


def by_place(diags: Sequence[Diagnostic], drafts: Sequence[Hand], placed: Sequence[Hand],
             first_place: int = 1) -> list[Diagnostic]:
    """``diags`` with the reader's words of each hand :func:`place_numbers` found no number for (``drafts`` the
    hands as read, numbered by their place while read; ``placed`` as numbered) naming it by its place in the file
    (:func:`place_names`; ``first_place``: the place of ``drafts[0]``), not by the place number another hand has —
    found only once every hand was read — and with ``hand`` the number it is stored under.  A diagnostic is the
    hand's where it was given inside it (from the line it begins on to the line the next hand begins on) under that number."""
    out = list(diags)
    lines = Counter(o.line for o in drafts)
    of_hand: dict[int | None, list[int]] = {}
    for j, d in enumerate(out):
        of_hand.setdefault(d.hand, []).append(j)
    for i, (draft, hand) in enumerate(zip(drafts, placed)):
        if draft.number == hand.number or lines[draft.line] > 1:
            continue        # (a hand sharing its line with another, as in JSON on one line: whose words, not known)
        end = drafts[i + 1].line if i + 1 < len(drafts) else None
        en_name, zh_name = place_names(first_place + i)
        en_re = re.compile(rf"\b(result-only )?[Hh]and {draft.number}\b")
        zh_re = re.compile(rf"第 ?{draft.number} ?局")
        for j in of_hand.get(draft.number, ()):
            d = out[j]
            if d.line < draft.line or (end is not None and d.line >= end):
                continue
            message = en_re.sub(lambda m: en_name + (" (result-only)" if m.group(1) else ""), d.message)
            out[j] = dataclasses.replace(d, message=zh_re.sub(zh_name, message), hand=hand.number)
    return out
