"""MTD(f): a position's value found by null-window tests closing in on it.

A test at β asks "is the value at least β?" and answers with a fail-soft bound: at least v when it
passes, at most v when it fails.  The solver (:meth:`.solver.Solver._mtdf`) hands :func:`close_in`
its test, the interval the value lies in and the least step between values; which tests are asked
changes the work, never the value.

The order of the tests:

- **"Is anything gained?" first** (β = lo + 1): the cheapest test, and the only one a position
  worth nothing needs.
- **Without a guess**, the interval left is halved until both answers have been seen.
- **From a guess**, the first test is the guess. The next ones move the way the answer points by
  the least step, doubling the step while the answers keep pointing that way. (MTD(f)'s climb by
  the least step took one test per 5 points: 5x the nodes on some positions.)
- **Once both answers have been seen**, :func:`split` places the next test nearer the side whose
  answer was dear.

The measurements behind these choices are in bench/README.md (issue 23, sixth and eighth parts).
"""
from __future__ import annotations

from typing import Callable

Test = Callable[[int], tuple[int, int]]
"""``test(beta) -> (fail-soft value, nodes it took)``."""


def split(lo: int, hi: int, costs: list, step: int) -> int:
    """The next test in the interval ``lo`` .. ``hi`` left (the value lies there).

    While one side's cost is unknown the test goes halfway. Otherwise it goes nearer the side whose
    answer is dear, so that the dear answer is likely given once, at the end.

    ``costs`` holds the nodes of the last test answered "at least" and of the last answered "less"
    (``None`` before the first). On hard positions one side's answers cost 100x the other's: on
    seed 61 hand 4, last 8, passes took 0.5 M nodes and fails 72–114 M, and halving asked three
    fails where one was needed."""
    passed, failed = costs
    w = 0.5 if passed is None or failed is None or passed + failed == 0 else passed / (passed + failed)
    beta = -(-max(lo + 1, int(lo + (hi - lo) * w)) // step) * step
    return min(hi, beta)


def close_in(test: Test, lo: int, hi: int, step: int, guess: int, gained_known: bool = False) -> int:
    """The value in ``lo`` .. ``hi`` found by ``test``.

    ``guess`` is where to start looking (0: no guess). ``gained_known``: a bound already shows
    something is gained (the first test is then skipped)."""
    costs: list = [None, None]          # nodes of the last passing and failing tests
    if not guess:
        beta = lo + 1
        while lo < hi:
            v, cost = test(beta)
            costs[v < beta] = cost
            if v < beta:
                hi = v
            else:
                lo = v
            beta = split(lo, hi, costs, step)
        return lo
    beta = max(lo + 1, min(hi, guess))
    if beta > lo + 1 and not gained_known:
        # from a guess above 0 the climb down took one failing test per doubled step: 8x the nodes on
        # bench hand 6; the bench's 15 hands, last 8, guessing the real result: 51.8 M -> 49.7 M nodes
        v, _ = test(lo + 1)
        if v <= lo:
            return lo                   # nothing gained
        lo = v
        beta = max(lo + 1, min(hi, beta))
    gap = step
    while lo < hi:
        v, cost = test(beta)
        up = v >= beta
        costs[not up] = cost
        if up:
            lo = v
        else:
            hi = v
        if costs[up] is None:           # one side only so far: gallop
            beta = max(lo + 1, min(hi, lo + gap if up else hi - gap + step))
            gap *= 2
        else:
            beta = split(lo, hi, costs, step)
    return lo


__all__ = ["Test", "close_in", "split"]
