"""Trick lines written out of order while their numbers give the order: a scorer copying a paper sheet
writes ``6.`` before ``5.``, or ``12.`` after ``14.``.  When a hand's trick numbers are all different and
together make the run they should (``first .. first + n - 1``, nothing repeated, nothing left out), the
numbers say the order the tricks were played in, and the readers (``.tgn`` and JSON) read them in it; each
trick written out of its number's place is reported there (``trick_sequence``).  Numbers that repeat, skip
or leave the run are read as written (the engine reads skipped numbers: ``engine/unread_tricks``)."""
from __future__ import annotations

import bisect
from collections.abc import Sequence

__all__ = ["misplaced", "misplaced_words"]


def misplaced(numbers: Sequence[int], first: int) -> list[int] | None:
    """The places (in the order written) of the tricks written out of their number's place, when
    ``numbers`` are all different and together the run ``first .. first + len(numbers) - 1`` but not in
    that order; else ``None`` (in order, or a number repeated, skipped or outside the run).

    The tricks left in place are the longest run of them already in order (the fewest moved): for
    ``1 2 3 4 6 5 7`` the ``6`` written before the ``5``, for ``11 13 14 12 15`` the ``12``."""
    n = len(numbers)
    if n < 2 or sorted(numbers) != list(range(first, first + n)):
        return None
    tails: list[int] = []           # the smallest last number of an increasing run of each length
    ends: list[int] = []            # the place of that number
    before = [-1] * n               # the place before each one in its run
    for i, k in enumerate(numbers):
        j = bisect.bisect_left(tails, k)
        before[i] = ends[j - 1] if j else -1
        if j == len(tails):
            tails.append(k)
            ends.append(i)
        else:
            tails[j], ends[j] = k, i
    if len(tails) == n:
        return None
    kept = set()
    i = ends[-1]
    while i >= 0:
        kept.add(i)
        i = before[i]
    return [i for i in range(n) if i not in kept]


def misplaced_words(number: int, first: int, count: int, hand: int | None) -> tuple[str, str]:
    """What a reader says at trick ``number`` written out of its number's place (English, 中文)."""
    place = "first" if number == first else f"after trick {number - 1}"
    place_zh = "应为第一轮" if number == first else f"应在第 {number - 1} 轮之后"
    of, of_zh = (f" of hand {hand}", f"第 {hand} 局") if hand is not None else ("", "本局")
    last = first + count - 1
    return (f"trick {number} is written out of order (its number places it {place}): the trick numbers{of} are "
            f"all different and run {first}..{last} with none left out, so they give the order; read in its "
            "number's place",
            f"第 {number} 轮写错了位置（按轮次{place_zh}）：{of_zh}各轮次互不相同，且从 {first} 到 {last} 连续无缺，"
            "按轮次定出顺序；已按其轮次的位置读取")
