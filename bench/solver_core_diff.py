"""Long run of the compiled solver core's checks (issue 23); not a test: it prints what it found.

    .venv/bin/python bench/solver_core_diff.py --rules 1000000      # the core's own rules vs the engine
    .venv/bin/python bench/solver_core_diff.py --values 5000         # core vs pure-Python values

``--rules N``: N random positions (every preset, every option that changes a follow, a trick's
winner or a throw's check, 1-3 decks, any level and trump): the core's follows to a single lead and
its winners of tricks led by a single, a pair, a tractor, a triple or a throw against the engine's
``legal_follows`` and ``trick_winner`` (tests/solver_helpers.core_differences), and N more: the
core's own leads in every suit group the leader holds (units, tractors, the throws that stand, equal
cards merged) against the engine-made list (tests/solver_helpers.core_lead_differences), and N more:
the core's own follows to multi-card leads against ``legal_follows`` (core_follow_differences); the
fast parts are in tests/test_solver_core.py.
``--follows N``: that last part alone.
``--values N``: N random endgames, every bottom multiplier and 1-3 decks in turn, 2-5 cards each,
a trick in progress in a third of them: the core's value (and a null-window test each side of
it) against the pure-Python search's.
"""
from __future__ import annotations

import argparse
import importlib
import itertools
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from solver_helpers import (core_differences, core_follow_differences, core_lead_differences,  # noqa: E402
                            random_endgame_decks)
from tractor_analysis.analysis.compiled_search import CORE_MODULE  # noqa: E402
from tractor_analysis.analysis.solver import Budget, Position, Solver  # noqa: E402
from tractor_analysis.engine.legal import legal_follows  # noqa: E402
from tractor_analysis.records.rulesets import BottomMultiplier  # noqa: E402


UNLIMITED = Budget(nodes=None, seconds=None)


def rules_run(count: int, seed: int, only_follows: bool = False) -> int:
    mod = importlib.import_module(CORE_MODULE)
    rng = random.Random(seed)
    t0 = time.process_time()
    checks = positions = 0
    bad: list = []
    step = 10_000
    while positions < count:
        n = min(step, count - positions)
        c, b = core_differences(rng, n, mod) if not only_follows else (0, [])
        c2, b2 = core_lead_differences(rng, n, mod) if not only_follows else (0, [])
        c3, b3 = core_follow_differences(rng, n, mod)
        checks += c + c2 + c3
        bad += b + b2 + b3
        positions += n
        print(f"  {positions:>9} positions, {checks:>9} checks, {len(bad)} differences, "
              f"{time.process_time() - t0:.0f} CPU-s", flush=True)
    for b in bad[:20]:
        print("DIFFERENCE", b)
    print(f"rules: {positions} random positions, {checks} checks, {len(bad)} differences")
    return len(bad)


def values_run(count: int, seed: int) -> int:
    rng = random.Random(seed)
    combos = itertools.cycle([(d, m) for d in (1, 2, 3) for m in BottomMultiplier])
    bad = 0
    t0 = time.process_time()
    core_nodes = pure_nodes = 0
    for i in range(count):
        decks, mult = next(combos)
        ctx, hands, leader, defenders, bottom = random_endgame_decks(rng, rng.randint(2, 5), decks, mult)
        table = []
        if rng.random() < 0.33:                 # a trick in progress: a random lead and follows
            for j in range(rng.randint(1, 3)):
                seat = (leader + j) % 4
                if table:
                    options = list(legal_follows(ctx, table[0][1], hands[seat]))
                else:
                    options = [(k,) for k in range(54) if hands[seat][k]]
                play = rng.choice(options)
                for k in play:
                    hands[seat][k] -= 1
                table.append((seat, play))
        pos = Position.of(hands, leader, table, points=rng.choice((0, 10, 35)))
        core, pure = Solver(ctx, defenders, bottom), Solver(ctx, defenders, bottom, compiled=False)
        if not core.compiled_for(pos):
            raise SystemExit("the compiled core is not built or refused a position")
        a, b = core.solve(pos, UNLIMITED), pure.solve(pos, UNLIMITED)   # no budget: a load never decides
        core_nodes += a.nodes
        pure_nodes += b.nodes
        # and from a guess, in a new solver (MTD(f)'s gallop and cost-weighted split, not its halving)
        guess = pos.points + rng.choice((0, 5, 20, 60, 150))
        c = Solver(ctx, defenders, bottom).solve(pos, UNLIMITED, guess)
        ok = a.value == b.value == c.value and all(core.bound_test(pos, v, UNLIMITED) == (b.value >= v)
                                                   for v in (b.value - 5, b.value + 1))
        if not ok:
            bad += 1
            print("DIFFERENCE", decks, mult.value, hands, leader, table, a.value, b.value, flush=True)
        if (i + 1) % 500 == 0:
            print(f"  {i + 1:>6} endgames, {bad} differences, {time.process_time() - t0:.0f} CPU-s", flush=True)
    print(f"values: {count} random endgames (1-3 decks x {len(BottomMultiplier)} multipliers), {bad} differences; "
          f"nodes core {core_nodes}, pure-Python {pure_nodes}")
    return bad


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", type=int, default=0)
    ap.add_argument("--follows", type=int, default=0,
                    help="N random positions of the follows to multi-card leads alone (a part of --rules)")
    ap.add_argument("--values", type=int, default=0)
    ap.add_argument("--seed", type=int, default=20261201)
    args = ap.parse_args()
    bad = 0
    if args.rules:
        bad += rules_run(args.rules, args.seed)
    if args.follows:
        bad += rules_run(args.follows, args.seed, only_follows=True)
    if args.values:
        bad += values_run(args.values, args.seed)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
