"""The endgame solver (issue 13): values against an independent brute force, positions whose answer
is known by reasoning, the budget, and the hand analysis' invariants (costs, best plays, final total).

The brute force (:mod:`solver_helpers`) is plain minimax without pruning, transposition table or
merging of equal cards; it finds throws by trying every multiset of a group and judges each trick
with the engine's ``judge_trick``.
"""
from __future__ import annotations

import dataclasses
import random

import pytest

from engine_helpers import cards, context, hand, position, replay_position
from solver_helpers import all_throws as _all_throws, brute_force as _brute_force, random_endgame
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.rulesets import PRESETS, BottomMultiplier
from tractor_analysis.analysis.solver import Budget, Position, Solver
from tractor_analysis.analysis.hand_analysis import analyse_hand, position_at, trick_bases
from tractor_analysis.analysis.moves import canonical, class_index, equal_classes, standing_throws
from tractor_analysis.engine.legal import analyse_lead, legal_follows, legal_leads
from tractor_analysis.engine.tricks import hand_context
from tractor_analysis.simulate import simulate

pytestmark = pytest.mark.xdist_group("test_solver")
"""The module's tests on one worker of ``make test`` (``--dist loadgroup``): each test runs once per search path,
and the second run reads the brute force's answers the first computed (``_REFERENCE``)."""

NS = frozenset({0, 2})      # defenders N and S: E and W attack


@pytest.fixture(autouse=True, params=["compiled", "pure-python"])
def search_path(request, monkeypatch):
    """Every test here runs twice: with the compiled core (issue 23) and with the pure-Python search
    (``TRACTOR_PURE_PYTHON=1``), so that both stay checked against the brute force."""
    if request.param == "pure-python":
        monkeypatch.setenv("TRACTOR_PURE_PYTHON", "1")
    else:
        monkeypatch.delenv("TRACTOR_PURE_PYTHON", raising=False)
        try:
            __import__("tractor_analysis.analysis._solver_core")
        except ImportError:
            pytest.skip("the compiled solver core is not built")
    return request.param


_REFERENCE: dict = {}
"""The references' answers by their question, kept for the module's tests: every test runs once per
search path (``search_path``) on the same positions, and the brute force (the engine alone, the same
for both paths) is most of each run's work; the second run reads the answers the first computed (and
a test's own second question, a merged play's representative asked again, is answered once)."""


def _question(name, ctx, hands, *rest):
    return (name, ctx.rules, ctx.level, ctx.trump, tuple(map(tuple, hands)), *rest)


def brute_force(ctx, hands, leader, defenders, bottom_points, table=()):
    """:func:`solver_helpers.brute_force`, each question answered once in the module."""
    key = _question("value", ctx, hands, leader, defenders, bottom_points, tuple(table))
    if key not in _REFERENCE:
        _REFERENCE[key] = _brute_force(ctx, hands, leader, defenders, bottom_points, table)
    return _REFERENCE[key]


def all_throws(ctx, hands, seat):
    """:func:`solver_helpers.all_throws`, each question answered once in the module."""
    key = _question("throws", ctx, hands, seat)
    if key not in _REFERENCE:
        _REFERENCE[key] = _all_throws(ctx, hands, seat)
    return list(_REFERENCE[key])


def _solve(ctx, hands, leader, defenders, bottom, table=()):
    return Solver(ctx, defenders, bottom).solve(Position.of(hands, leader, table)).value


def _random_table(rng, ctx, hands, leader, longest: bool = False):
    """Play 0–3 random legal plays of the first trick (the hands lose them): a trick in progress.
    ``longest``: the lead is the longest unit (often the whole hand: the last trick)."""
    table = []
    for i in range(rng.randint(1 if longest else 0, 3)):
        seat = (leader + i) % 4
        if table:
            options = list(legal_follows(ctx, table[0][1], hands[seat]))
        else:
            options = [tuple(sorted(u)) for u in legal_leads(ctx, hands[seat])]
            if longest:
                options = [max(options, key=len)]
        m = rng.choice(options)
        for k in m:
            hands[seat][k] -= 1
        table.append((seat, m))
    return tuple(table)


# --------------------------------------------------------------------------- against the brute force

@pytest.mark.parametrize("per, count, decks, seed", [
    (2, 1200, 2, 1), (3, 150, 2, 2), (4, 3, 2, 3), (2, 300, 3, 4), (3, 40, 3, 5)])
def test_values_equal_brute_force(per, count, decks, seed):
    rng = random.Random(seed)
    for i in range(count):
        ctx, hands, leader, defenders, bottom = random_endgame(rng, per, decks)
        table = _random_table(rng, ctx, hands, leader, longest=i % 4 == 1) if i % 2 else ()
        want = brute_force(ctx, hands, leader, defenders, bottom, table)
        got = _solve(ctx, hands, leader, defenders, bottom, table)
        assert got == want, (i, ctx.level, ctx.trump, ctx.rules.bottom_multiplier, leader, sorted(defenders),
                             bottom, hands, table)


def _merged_moves_keep_their_value(ctx, solver, pos, index, classes, defenders, bottom) -> int:
    """Assert that every raw move of ``pos`` is worth (by brute force) what its class's representative
    is worth; the number of moves that had another representative."""
    merged = 0
    for m in solver.moves(pos, merge=False):
        rep = canonical(m, index, classes)
        if rep == m:
            continue
        merged += 1
        a, b = solver.after(pos, m), solver.after(pos, rep)
        assert (brute_force(ctx, a.hands, a.leader, defenders, bottom, a.table) + a.points
                == brute_force(ctx, b.hands, b.leader, defenders, bottom, b.table) + b.points), (m, rep)
    return merged


def _merged_check(rng, ctx, hands, leader, defenders, bottom, wanted=None) -> int | None:
    """:func:`_merged_moves_keep_their_value` at ``hands`` (with a random table; 3 times in 10 with
    ``wanted``), the mover's classes as :func:`equal_classes` makes them with the table's cards in play;
    ``None`` (nothing checked) when ``wanted(seat, members)`` holds for no class."""
    table = _random_table(rng, ctx, hands, leader) if wanted is None or rng.random() < 0.3 else ()
    seat = (leader + len(table)) % 4
    inplay = [sum(h[k] for h in hands) + sum(c.count(k) for _, c in table) for k in range(54)]
    classes = equal_classes(ctx.order, hands[seat], inplay)
    if wanted is not None and not any(wanted(seat, members) for members in classes):
        return None
    solver = Solver(ctx, defenders, bottom)
    pos = Position.of(hands, leader, table)
    return _merged_moves_keep_their_value(ctx, solver, pos, class_index(classes), classes, defenders, bottom)


def test_merged_plays_have_equal_values():
    """Every raw play is worth exactly what its representative is worth (brute force on both)."""
    rng = random.Random(6)
    merged_any = 0
    for _ in range(700):
        ctx, hands, leader, defenders, bottom = random_endgame(rng, 3)
        merged_any += _merged_check(rng, ctx, hands, leader, defenders, bottom)
    assert merged_any > 20


def _stretch_deal(rng: random.Random):
    """A 3-card endgame where one seat holds ♠9 ♠10 ♠J or ♠4 ♠5 ♠6 (a card of other points between two
    alike), every other spade in play outside them, the rest from a few kinds: ``random_endgame``'s tuple."""
    rules = dataclasses.replace(PRESETS["standard"], bottom_multiplier=rng.choice(list(BottomMultiplier)))
    ctx = hand_context(rules, rng.choice((2, 13)), rng.choice((1, 2, 3, None)))
    run = [7, 8, 9] if rng.random() < 0.5 else [2, 3, 4]          # kinds: S9 S10 SJ / S4 S5 S6
    outside = [k for k in range(13) if k not in run and abs(k - run[1]) > 2]
    pool = [k for k in outside for _ in range(2)] + [13 + r for r in (3, 8, 11, 12) for _ in range(2)] + [52, 53, 52, 53]
    rng.shuffle(pool)
    seat = rng.randrange(4)
    hands = [[0] * 54 for _ in range(4)]
    for k in run:
        hands[seat][k] = 1
    rest = pool[:9]
    for i, other in enumerate(x for x in range(4) if x != seat):
        for k in rest[3 * i:3 * i + 3]:
            hands[other][k] += 1
    dealer = rng.randrange(4)
    return ctx, hands, rng.randrange(4), frozenset({dealer, (dealer + 2) % 4}), rng.choice((0, 10, 25))


def test_single_cards_with_the_movers_own_cards_between_them_are_one_class():
    """A stretch of the mover's cards (no other seat's card between) gives its single cards of equal
    points one class even where the mover's cards of other points lie between them (moves.py
    equal_classes): every raw play is worth, by brute force, what its representative is worth; hands
    dealt so that a seat holds a long run of one suit with points inside it."""
    from tractor_analysis.records.cards import POINTS
    rng = random.Random(66)
    apart = merged = 0
    for _ in range(120):
        ctx, hands, leader, defenders, bottom = _stretch_deal(rng)
        o = ctx.order

        def spread(seat, members):      # a card of the mover's, of other points, between members
            return any(hands[seat][k] and POINTS[k] != POINTS[members[0]] and o.group[k] == o.group[members[0]]
                       and o.strength[members[0]] < o.strength[k] < o.strength[members[-1]] for k in range(54))
        got = _merged_check(rng, ctx, hands, leader, defenders, bottom, spread)
        apart += got is not None
        merged += got or 0
    assert apart > 20 and merged > 20


def test_standing_throws_are_every_standing_throw():
    rng = random.Random(7)
    seen = 0
    for _ in range(250):
        ctx, hands, leader, defenders, bottom = random_endgame(rng, rng.randint(4, 7))
        units = [tuple(sorted(u)) for u in legal_leads(ctx, hands[leader])]
        got, bounded = standing_throws(ctx, hands, leader, units)
        assert not bounded
        want = all_throws(ctx, hands, leader)
        assert sorted(got) == sorted(want)
        seen += len(want)
    assert seen > 30


# --------------------------------------------------------------------------- answers known by reasoning

def test_attackers_keep_the_trump_pair_for_the_last_trick():
    """E leads SA first (10 points from W's SK) and keeps ♥A♥A to win the last trick: bottom 20 × 4.
    Leading the pair first leaves a single for the last trick: bottom × 2 only (40 less)."""
    ctx = context(level=2, trump="H")
    hands = [hand("S3 S4 S6"), hand("SA HA HA"), hand("S7 S8 S9"), hand("SK SQ SJ")]
    solver = Solver(ctx, NS, 20)
    pos = Position.of(hands, 1)
    assert solver.solve(pos).value == 10 + 20 * 4
    assert solver.best_plays(pos, 90) == [cards("SA")]
    assert solver.solve(solver.after(pos, cards("HA HA"))).value == 10 + 20 * 2
    assert brute_force(ctx, hands, 1, NS, 20) == 90


def test_defender_must_split_a_pair():
    """E leads a spade, W's ♠Q will win it and W would lead ♥A♥A to the last trick (bottom × 4).
    N, last to play and void in spades, must split ♥K♥K to trump in and take the lead: then the
    attackers' pair never leads and they win the bottom × 2 only (50 instead of 105)."""
    ctx = context(level=2, trump="H")
    hands = [hand("HK HK C4"), hand("S9 S8 S7"), hand("S5 D6 D7"), hand("HA HA SQ")]
    solver = Solver(ctx, NS, 20)
    pos = Position.of(hands, 1)
    assert solver.solve(pos).value == 50
    for play in ("S9", "S5", "SQ"):
        pos = solver.after(pos, cards(play))
    assert pos.to_move == 0
    assert solver.best_plays(pos, 50) == [cards("HK")]
    assert solver.solve(solver.after(pos, cards("C4"))).value == 5 + 20 + 20 * 4
    assert brute_force(ctx, hands, 1, NS, 20) == 50


def test_best_plays_take_a_known_total_without_searching_it():
    """``known`` (the total after a play already solved, as ``tractor analyse`` has for the play made)
    gives the same best plays as searching it, and that play is not searched again; a wrong
    known total changes the answer (so it is read, not ignored)."""
    rng = random.Random(41)
    checked = 0
    for _ in range(25):
        ctx, hands, leader, defenders, bottom = random_endgame(rng, 3)
        solver = Solver(ctx, defenders, bottom)
        pos = Position.of(hands, leader)
        value = solver.solve(pos).value
        moves = solver.moves(pos)
        if len(moves) < 2:
            continue
        made = moves[-1]
        after = solver.solve(solver.after(pos, made)).value
        want = solver.best_plays(pos, value)
        searched = []
        real = solver.bound_test
        solver.bound_test = lambda child, v, budget=Budget(): searched.append(child) or real(child, v, budget)
        assert solver.best_plays(pos, value, known={made: after}) == want
        assert solver.after(pos, made) not in searched and len(searched) == len(moves) - 1
        maximise = solver.attacker[pos.to_move]
        wrong = after - 100 if (made in want) == maximise else after + 100
        assert (made in solver.best_plays(pos, value, known={made: wrong})) != (made in want)
        checked += 1
    assert checked > 10


def test_no_points_left_is_worth_the_points_already_scored():
    ctx = context(level=2, trump="H")
    hands = [hand("S3 S4"), hand("S6 S7"), hand("S8 S9"), hand("C3 C4")]
    assert Solver(ctx, NS, 0).solve(Position.of(hands, 0, points=35)).value == 35


def test_budget_gives_not_solved_never_a_value():
    m = next(iter(simulate(1, 11)))
    h = replay_match(m).hands[1]
    bases, penalties = trick_bases(h)
    solver = _solver_for(h)
    pos = position_at(h, len(h.tricks) - 8, 0, bases, penalties)
    sol = solver.solve(pos, Budget(nodes=3000, seconds=None))
    assert sol.value is None and not sol.solved and sol.nodes >= 3000


def test_hands_of_different_sizes_are_refused():
    ctx = context(level=2, trump="H")
    with pytest.raises(ValueError):
        Solver(ctx, NS, 0).solve(Position.of([hand("S3 S4"), hand("S6"), hand("S8"), hand("C3")], 0))


# --------------------------------------------------------------------------- the analysis of a hand

def _check_analysis(h, a, solver_for):
    assert a.reason is None and a.solved
    assert a.plays[-1].value_after == h.attackers_total
    for prev, nxt in zip(a.plays, a.plays[1:]):
        assert prev.value_after == nxt.value_before
    for p in a.plays:
        if p.legal:
            assert p.cost is not None and p.cost >= 0
        assert p.best
    # each play listed best keeps the value (cost 0)
    bases, penalties = trick_bases(h)
    solver = solver_for(h)
    index = {t.number: i for i, t in enumerate(h.tricks)}
    counts: dict[int, int] = {}
    for p in a.plays:
        i = index[p.trick]
        j = counts.get(i, 0)
        counts[i] = j + 1
        pos = position_at(h, i, j, bases, penalties)
        for best in p.best:
            assert solver.solve(solver.after(pos, best)).value == p.value_before


def _solver_for(h):
    return Solver(hand_context(h.rules, h.level, h.trump), h.defenders, h.bottom_points)


def _last_tricks_within(h, cards_each: int) -> int:
    """How many last tricks start with at most ``cards_each`` cards in each hand."""
    k = 0
    while k < len(h.tricks) and sum(h.tricks[-k - 1].hands_before[0]) <= cards_each:
        k += 1
    return k


def test_analysis_of_simulated_hands():
    checked = 0
    for preset in ("standard", "tournament"):
        for match in simulate(1, 21, preset=preset):
            for h in replay_match(match).hands[:5]:
                if not h.complete or h.violations:
                    continue
                a = analyse_hand(h, _last_tricks_within(h, 4))
                _check_analysis(h, a, _solver_for)
                checked += 1
    assert checked >= 4


def test_failed_throw_costs_at_least_its_penalty():
    """Tournament rules (10 per card not thrown): E's throw ♠K♠3 fails (N holds ♠Q), E plays ♠3 and
    the attackers lose 10; leading ♠3 alone would have cost nothing, so the cost is at least 10."""
    text = position("E: SK S3 -> S3, S: S5, W: S4, N: SQ", level="2", trump="H", ruleset="tournament",
                    hands={"N": "SQ HK C4", "E": "SA SK S3", "S": "S5 D6 D7", "W": "HA HA S4"}, points=30,
                    buried="D5 D10 C3 C5 C6 C7 C8 C9",
                    extra="2. N: C4, E: SK, S: D6, W: HA\n3. W: HA, N: HK, E: SA, S: D7")
    h = replay_position(text)
    a = analyse_hand(h, 3)
    assert a.first_trick == 1 and a.tricks == 3
    assert a.plays[-1].value_after == h.attackers_total == 30 - 10 + 20 + 20 * 2
    throw = a.plays[0]
    assert throw.attempted == cards("SK S3") and throw.cost >= 10
    assert cards("S3") not in throw.best or throw.cost == 10


def test_incomplete_hand_is_not_analysed():
    text = position("E: S3, S: S5, W: S4, N: SQ", level="2", trump="H", ruleset="standard",
                    hands={"N": "SQ HK", "E": "SA S3", "S": "S5 D6", "W": "HA S4"})
    a = analyse_hand(replay_position(text), 3)
    assert a.reason is not None and not a.plays


# --------------------------------------------------------------------------- transpositions by shape

def _swap_suits(hands, a: int, b: int):
    """The hands with plain suits ``a`` and ``b`` exchanged (same ranks)."""
    out = []
    for h in hands:
        new = list(h)
        for r in range(13):
            new[a * 13 + r], new[b * 13 + r] = h[b * 13 + r], h[a * 13 + r]
        out.append(new)
    return out


def test_positions_equal_up_to_plain_suits_share_value_and_key():
    rng = random.Random(8)
    for _ in range(50):
        ctx, hands, leader, defenders, bottom = random_endgame(rng, 3)
        plain = [s for s in range(4) if s != ctx.trump]
        a, b = rng.sample(plain, 2)
        other = _swap_suits(hands, a, b)
        one, two = Solver(ctx, defenders, bottom), Solver(ctx, defenders, bottom)
        p, q = Position.of(hands, leader), Position.of(other, leader)
        assert one.solve(p).value == two.solve(q).value == brute_force(ctx, other, leader, defenders, bottom)
        assert one.shape_key(one._load(p)) == two.shape_key(two._load(q))


def test_shape_keys_give_the_values_of_exact_keys():
    """The same positions solved with the shape key and with the exact key (cards by name)."""
    checked = 0
    for match in simulate(1, 31):
        for h in replay_match(match).hands[:6]:
            if not h.complete or h.violations:
                continue
            k = _last_tricks_within(h, 5)
            bases, penalties = trick_bases(h)
            shaped, exact = _solver_for(h), _solver_for(h)
            exact.shape_key = lambda st: (st.hkey, st.leader, ())
            for i in range(len(h.tricks) - k, len(h.tricks)):
                for j in range(4):
                    pos = position_at(h, i, j, bases, penalties)
                    assert shaped.solve(pos).value == exact.solve(pos).value
                    checked += 1
    assert checked > 40


def test_a_pair_on_the_table_of_the_last_trick_counts_for_the_bottom():
    """The last trick's lead is already on the table (the hands left hold no pair): the bottom is
    still multiplied by the pair's × 4, from a position solved in the middle of the trick."""
    ctx = context(level=2, trump="H")
    hands = [hand("S3 S4"), hand(""), hand("S7 C9"), hand("SK D3")]
    table = ((1, cards("HA HA")),)
    for seats in (2, 3):
        pos = Position.of(hands, 1, table)
        assert Solver(ctx, NS, 20).solve(pos).value == 10 + 20 * 4
        assert brute_force(ctx, hands, 1, NS, 20, table) == 10 + 20 * 4
        # and one play later
        follow = cards("S7 C9")
        hands = [h[:] for h in hands]
        for k in follow:
            hands[2][k] -= 1
        table = table + ((2, follow),)


def test_bounds_are_true_bounds():
    """The pruning bound of a position (points in play + bottom × the largest multiplier a last lead
    can still earn, counting the lead on the table) is never below its value."""
    rng = random.Random(9)
    for _ in range(300):
        ctx, hands, leader, defenders, bottom = random_endgame(rng, rng.randint(2, 3))
        table = _random_table(rng, ctx, hands, leader, longest=rng.random() < 0.6)
        solver = Solver(ctx, defenders, bottom)
        pos = Position.of(hands, leader, table)
        st = solver._load(pos)
        upper = st.hand_pts + st.table_pts + bottom * st.mult
        assert brute_force(ctx, hands, leader, defenders, bottom, table) <= upper


def test_a_guess_changes_the_work_not_the_value():
    rng = random.Random(10)
    for _ in range(100):
        ctx, hands, leader, defenders, bottom = random_endgame(rng, 3)
        pos = Position.of(hands, leader, points=15)
        want = Solver(ctx, defenders, bottom).solve(pos).value
        for guess in (0, 15, want, want + 5, 400):
            assert Solver(ctx, defenders, bottom).solve(pos, guess=guess).value == want


def test_a_position_worth_nothing_takes_one_test_whatever_the_guess():
    """With a guess above 0 the search first asks "is anything gained?": a position worth 0 is then
    settled by that one null-window test (before, the climb down from the guess took one a step),
    in the compiled core and in the pure-Python search; positions worth more keep their value."""
    rng = random.Random(61)
    zero = 0
    for _ in range(200):
        ctx, hands, leader, defenders, bottom = random_endgame(rng, 3)
        pos = Position.of(hands, leader, points=15)
        key = _question("pure value", ctx, hands, leader, defenders, bottom, 15)
        if key not in _REFERENCE:           # the reference: the same for both search paths
            _REFERENCE[key] = Solver(ctx, defenders, bottom, compiled=False).solve(pos).value
        want = _REFERENCE[key]
        for compiled in (True, False):
            solver = Solver(ctx, defenders, bottom, compiled=compiled)
            windows = []
            test = solver._test
            solver._test = lambda a, b: windows.append((a, b)) or test(a, b)
            assert solver.solve(pos, guess=15 + 60).value == want
            if want == 15:
                assert windows == [(0, 1)]
            else:
                assert windows[0] == (0, 1) and len(windows) > 1
        zero += want == 15
    assert zero > 10


def test_the_next_test_leans_away_from_the_dear_answer():
    """MTD(f)'s split of the interval left: halfway until both answers have a cost, then nearer the
    side whose answer was dear (a dear "less" -> test just above the lower end, a dear "at least" ->
    just below the upper end), always a multiple of the step inside (lo, hi]."""
    from tractor_analysis.analysis.mtdf import split as _split

    assert _split(20, 60, [None, 5_000], 5) == 40
    assert _split(20, 60, [5_000, None], 5) == 40
    assert _split(20, 60, [5_000, 5_000], 5) == 40
    assert _split(75, 90, [500_000, 72_000_000], 5) == 80            # seed 61 hand 4: one fail, not three
    assert _split(10, 45, [1_000_000, 171_000_000], 5) == 15
    assert _split(10, 45, [171_000_000, 1_000_000], 5) == 45
    assert _split(0, 1, [0, 0], 5) == 1
    rng = random.Random(62)
    for _ in range(2000):
        step = rng.choice((1, 5))
        lo = rng.randrange(0, 200)
        hi = lo + rng.randrange(1, 100)
        costs = [rng.choice((None, 0, rng.randrange(1, 10**9))) for _ in range(2)]
        beta = _split(lo, hi, costs, step)
        assert lo < beta <= hi
        assert beta % step == 0 or beta == hi


def test_follows_merged_across_the_table_have_equal_values():
    """The search's merging of follows to a single lead (the table's cards out of play, classes split
    by beating the play winning so far): every raw follow is worth what its representative is worth."""
    rng = random.Random(16)
    merged_any = 0
    for _ in range(900):
        ctx, hands, leader, defenders, bottom = random_endgame(rng, rng.randint(3, 4))
        table = _random_table(rng, ctx, hands, leader)
        if not table or len(table[0][1]) != 1:
            continue
        solver = Solver(ctx, defenders, bottom)
        pos = Position.of(hands, leader, table)
        st = solver.st = solver._load(pos)
        seat = pos.to_move
        classes = solver._follow_classes(st, seat, solver._raw_moves(st, seat))
        index = class_index(classes)
        merged_any += _merged_moves_keep_their_value(ctx, solver, pos, index, classes, defenders, bottom)
    assert merged_any > 20


def test_a_sure_side_of_the_trick_holds_for_every_way_to_finish_it():
    """When the search calls the trick in progress surely won by one side, every legal way to finish
    it (the engine's follows) is won by that side."""
    rng = random.Random(17)
    sure = 0
    for _ in range(1500):
        ctx, hands, leader, defenders, bottom = random_endgame(rng, rng.randint(2, 4))
        table = _random_table(rng, ctx, hands, leader)
        if not table:
            continue
        solver = Solver(ctx, defenders, bottom)
        st = solver.st = solver._load(Position.of(hands, leader, table))
        side = solver._trick_side(st)
        if side is None:
            continue
        sure += 1

        def finish(plays):
            if len(plays) == 4:
                winner = plays[solver.winner_index(plays)][0]
                assert (winner not in defenders) == side, (hands, leader, table, plays)
                return
            seat = (leader + len(plays)) % 4
            for m in legal_follows(ctx, analyse_lead(ctx, plays[0][1]), hands[seat]):
                finish(plays + [(seat, tuple(sorted(m)))])

        finish(list(table))
    assert sure > 100


def test_adjacency_counts_only_where_a_chain_can_form():
    """Two singles with a played card between them and two adjacent singles give one shape key (no
    chain can ever join them) and one value; two pairs do not share a key."""
    ctx = context(level=2, trump="H")
    near = [hand("S5 S6 D3"), hand("C7 C8 D4"), hand("SK D9 D10"), hand("CK CA DA")]
    apart = [hand("S5 S7 D3"), hand("C7 C8 D4"), hand("SK D9 D10"), hand("CK CA DA")]
    one, two = Solver(ctx, NS, 10), Solver(ctx, NS, 10)
    assert one.shape_key(one._load(Position.of(near, 0))) == two.shape_key(two._load(Position.of(apart, 0)))
    assert brute_force(ctx, near, 0, NS, 10) == brute_force(ctx, apart, 0, NS, 10)
    pairs_near = [hand("S5 S5 S6 S6"), hand("C7 C8 D4 D5"), hand("SK D9 D10 DJ"), hand("CK CA DA DQ")]
    pairs_apart = [hand("S5 S5 S7 S7"), hand("C7 C8 D4 D5"), hand("SK D9 D10 DJ"), hand("CK CA DA DQ")]
    one, two = Solver(ctx, NS, 10), Solver(ctx, NS, 10)
    assert (one.shape_key(one._load(Position.of(pairs_near, 0)))
            != two.shape_key(two._load(Position.of(pairs_apart, 0))))


def test_a_run_of_singles_bounds_the_bottom_as_one_single():
    """Singles in a row are no unit: under size_power the bound of the bottom's multiplier is x2."""
    rules = dataclasses.replace(PRESETS["standard"], bottom_multiplier=BottomMultiplier.SIZE_POWER)
    ctx = hand_context(rules, 2, 1)
    hands = [hand("C7 C8 D4"), hand("S5 S6 S7"), hand("SK D9 D10"), hand("CK CA DA")]
    solver = Solver(ctx, NS, 10)
    assert solver._mult_bound(hands) == 2
    hands[3] = hand("CK CK DA")
    assert solver._mult_bound(hands) == 4


# --------------------------------------------------------------------------- the bottom's bound, every multiplier

def _with_rules(rng, per, preset=None, multiplier=None):
    """A :func:`random_endgame` played under ``preset`` (e.g. 80fen) and/or another bottom multiplier."""
    ctx, hands, leader, defenders, bottom = random_endgame(rng, per)
    rules = PRESETS[preset] if preset else ctx.rules
    if multiplier is not None:
        rules = dataclasses.replace(rules, bottom_multiplier=multiplier)
    return hand_context(rules, ctx.level, ctx.trump), hands, leader, defenders, bottom or 20


@pytest.mark.parametrize("preset, multiplier", [(None, m) for m in BottomMultiplier] + [("80fen", None)])
def test_bounds_hold_for_every_multiplier(preset, multiplier):
    """The pruning bound (points in play + bottom × the largest multiplier an *attacker's* unit can
    earn; 2 × the cards in a hand with ``last_trick_cards``) is never below the value, and every
    null-window test agrees with the brute force (a bound too low would make one of them lie)."""
    rng = random.Random(hash((preset, str(multiplier))) & 0xFFFF)
    for i in range(120):
        ctx, hands, leader, defenders, bottom = _with_rules(rng, rng.randint(2, 3), preset, multiplier)
        table = _random_table(rng, ctx, hands, leader, longest=rng.random() < 0.5) if i % 2 else ()
        want = brute_force(ctx, hands, leader, defenders, bottom, table)
        solver = Solver(ctx, defenders, bottom)
        pos = Position.of(hands, leader, table)
        st = solver._load(pos)
        assert want <= st.hand_pts + st.table_pts + bottom * st.mult
        assert solver.solve(pos).value == want
        for v in (want - 5, want, want + 1, want + 5):
            assert Solver(ctx, defenders, bottom).bound_test(pos, v) == (want >= v), (v, want, hands, table)


def test_a_throw_of_unrelated_singles_earns_its_size_with_last_trick_cards():
    """80fen counts 2 × the cards each put on the last trick: E's standing throw ♠A ♠10 ♠5 (no run,
    no pair) takes the bottom × 6.  A bound from units alone (× 2) once cut this search short."""
    ctx = hand_context(PRESETS["80fen"], 2, 1)
    hands = [hand("C3 C6 C9"), hand("SA S10 S5"), hand("C4 C8 CJ"), hand("D3 D6 D9")]
    pos = Position.of(hands, 1)
    assert brute_force(ctx, hands, 1, NS, 20) == 15 + 20 * 6
    assert Solver(ctx, NS, 20).solve(pos).value == 135
    assert Solver(ctx, NS, 20).bound_test(pos, 100) is True


def test_transposition_cut_offs_change_the_work_not_the_value():
    """The enhanced transposition cut-off (at a trick's last seat, a next position whose entry already
    refutes the window ends the node) gives the values and null-window answers of the search without
    it (itself checked against the brute force above), and it does fire on these positions."""
    rng = random.Random(13)
    cuts = 0
    for _ in range(25):
        ctx, hands, leader, defenders, bottom = random_endgame(rng, 5)
        pos = Position.of(hands, leader, points=10)
        # the pure-Python search's cut-off (the core has none of its own)
        on, off = Solver(ctx, defenders, bottom, compiled=False), Solver(ctx, defenders, bottom, compiled=False)
        off.etc = False
        value = on.solve(pos).value
        assert value == off.solve(pos).value
        for v in (value - 5, value + 1, value + 5):
            assert on.bound_test(pos, v) == off.bound_test(pos, v) == (value >= v)
        assert off.etc_cuts == 0
        cuts += on.etc_cuts
    assert cuts > 0


def test_a_position_whose_budget_ran_out_is_not_searched_again_in_its_hand(monkeypatch):
    """A play's position after it is the next play's before it.  With a budget too small for some
    positions, each position is searched once: one that ran out is not searched again (its budget
    is per position), it stays "not solved", and every value the analysis gives is the one an
    unlimited analysis gives."""
    searched, failed_twice = [], 0
    real = Solver.solve

    def counting(self, pos, budget=Budget(), guess=None):
        nonlocal failed_twice
        sol = real(self, pos, budget, guess)
        failed_twice += (id(self), pos) in searched and sol.value is None
        if sol.value is None:
            searched.append((id(self), pos))
        return sol

    checked = unsolved = 0
    for match in simulate(1, 41):
        for h in replay_match(match).hands[:3]:
            if not h.complete or h.violations:
                continue
            monkeypatch.setattr(Solver, "solve", counting)
            cut = analyse_hand(h, 4, Budget(nodes=60, seconds=None))
            monkeypatch.setattr(Solver, "solve", real)
            full = analyse_hand(h, 4, Budget(nodes=None, seconds=None))
            for c, f in zip(cut.plays, full.plays):
                unsolved += c.value_before is None
                if c.value_before is not None:
                    assert c.value_before == f.value_before
                if c.value_after is not None:
                    assert c.value_after == f.value_after
                checked += 1
    assert checked > 20 and unsolved > 0 and searched
    assert failed_twice == 0
