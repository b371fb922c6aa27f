"""records.frozen.fast_init: the fast constructors give the very objects the classes give."""
from __future__ import annotations

import dataclasses
import pickle

import pytest

from tractor_analysis.engine.verdicts import (HandResult, TrickResult, Violation, new_hand_result,
                                              new_trick_result, new_violation)
from tractor_analysis.records.frozen import fast_init
from tractor_analysis.records.model import Play, Trick, new_play, new_trick
from tractor_analysis.records.rulesets import PRESETS


def _pairs():
    play = Play(0, (3, 3), None, ("n",), 4, 7)
    yield Play(0, (3, 3), None, ("n",), 4, 7), new_play(0, (3, 3), None, ("n",), 4, 7)
    yield Play(2, (5,)), new_play(2, (5,))                                  # defaults
    yield Play(seat=1, cards=(9,), attempted=(9, 10)), new_play(seat=1, cards=(9,), attempted=(9, 10))
    yield Trick(3, (play,), (), 12), new_trick(3, (play,), (), 12)
    hb = ((1,) * 54, (0,) * 54, (2,) * 54, (1, 0) * 27)
    args = (4, 1, (play,), 2, 25, hb, (), "pair", False, 0, True, ((2, 1),))
    yield TrickResult(*args), new_trick_result(*args)
    yield TrickResult(1, 0, (), 0, 0, hb), new_trick_result(1, 0, (), 0, 0, hb)
    v = ("follow_suit", 3, 1, (4,), (5,), "中", "en")
    yield Violation(*v), new_violation(*v)
    kw = dict(number=1, dealer=0, level=2, trump=None, rules=PRESETS["standard"], defenders=frozenset({0, 2}),
              tricks=(), violations=(), attackers_points=0, bottom_points=0, bottom_multiplier=0, bottom_bonus=0,
              penalties=0, attackers_total=0, items=(), outcome=None, levels_before=(2, 2), levels_after=(2, 2),
              claim=5)
    yield HandResult(**kw), new_hand_result(**kw)


@pytest.mark.parametrize("slow, fast", list(_pairs()))
def test_the_same_object(slow, fast):
    assert type(fast) is type(slow)
    assert fast == slow and hash(fast) == hash(slow) and repr(fast) == repr(slow)
    assert [getattr(fast, f.name) for f in dataclasses.fields(fast)] == [
        getattr(slow, f.name) for f in dataclasses.fields(slow)]
    assert pickle.loads(pickle.dumps(fast)) == slow
    assert dataclasses.replace(fast) == slow
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.__setattr__(dataclasses.fields(fast)[0].name, 99)


def test_other_classes_are_refused():
    @dataclasses.dataclass(slots=True)
    class Mutable:
        a: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class Factory:
        a: list = dataclasses.field(default_factory=list)

    @dataclasses.dataclass(frozen=True, slots=True)
    class Post:
        a: int

        def __post_init__(self):
            pass

    @dataclasses.dataclass(frozen=True)
    class NoSlots:
        a: int

    for cls in (Mutable, Factory, Post, NoSlots):
        with pytest.raises(TypeError):
            fast_init(cls)


def test_missing_and_unknown_arguments_fail_as_the_class_does():
    with pytest.raises(TypeError):
        new_play(0)
    with pytest.raises(TypeError):
        new_play(0, (1,), nope=1)


def _watch_gc(seen):
    """A gc callback that notes whether the collector ran."""
    def cb(phase, info):
        if phase == "start":
            seen.append(info["generation"])
    return cb


@pytest.mark.parametrize("enabled", [True, False])
def test_gc_paused_restores_the_collector(enabled):
    """Reading and replaying leave the collector as they found it, on or off, nested or not."""
    import gc

    from tractor_analysis.engine.replay import replay_match
    from tractor_analysis.records import parse_json, parse_jsonl, parse_tgn
    from tractor_analysis.records.frozen import gc_paused
    from tractor_analysis.records import format_jsonl, format_tgn
    from tractor_analysis.simulate import simulate_match

    was = gc.isenabled()
    try:
        gc.enable() if enabled else gc.disable()
        match = simulate_match(3, 0)
        seen: list[int] = []
        gc.callbacks.append(_watch_gc(seen))
        try:
            with gc_paused:
                assert not gc.isenabled()
                with gc_paused:
                    matches = parse_jsonl(format_jsonl([match]))[0] + parse_tgn(format_tgn(match))[0]
                    for m in matches:
                        replay_match(m)
                    _ = [[[] for _ in range(50)] for _ in range(2000)]   # past the threshold
                assert not gc.isenabled()
            assert not seen                             # the collector never ran inside
        finally:
            gc.callbacks.pop()
        assert gc.isenabled() is enabled
        parse_json("[]")
        assert gc.isenabled() is enabled
    finally:
        gc.enable() if was else gc.disable()


def test_gc_paused_across_threads():
    """Two threads inside at once: the collector is back on only when the last one leaves."""
    import gc
    import threading

    from tractor_analysis.records.frozen import gc_paused

    was = gc.isenabled()
    gc.enable()
    inside, leave = threading.Event(), threading.Event()

    def other():
        with gc_paused:
            inside.set()
            leave.wait(10)

    try:
        t = threading.Thread(target=other)
        t.start()
        inside.wait(10)
        with gc_paused:
            pass
        assert not gc.isenabled()                       # the other thread is still inside
        leave.set()
        t.join(10)
        assert gc.isenabled()
    finally:
        leave.set()
        gc.enable() if was else gc.disable()


def test_readers_and_replay_run_with_the_collector_paused(monkeypatch):
    """The JSON and TGN readers and the replay of a match work inside the pause."""
    import gc

    from tractor_analysis.engine import replay
    from tractor_analysis.records import format_json, format_jsonl, format_tgn, json_reader, tgn_reader
    from tractor_analysis.simulate import simulate_match

    match = simulate_match(5, 0)
    states: list[tuple[str, bool]] = []

    def spy(name, fn):
        def wrapped(*a, **k):
            states.append((name, gc.isenabled()))
            return fn(*a, **k)
        return wrapped

    monkeypatch.setattr(json_reader, "decode_lazily", spy("json", json_reader.decode_lazily))
    monkeypatch.setattr(tgn_reader, "_handle", spy("tgn", tgn_reader._handle))
    monkeypatch.setattr(replay, "replay_hand", spy("replay", replay.replay_hand))
    was = gc.isenabled()
    gc.enable()
    try:
        json_reader.parse_jsonl(format_jsonl([match]))
        json_reader.parse_json(format_json(match))
        tgn_reader.parse_tgn(format_tgn(match))
        replay.replay_match(match)
        assert gc.isenabled()
    finally:
        gc.enable() if was else gc.disable()
    assert {name for name, _ in states} == {"json", "tgn", "replay"}
    assert [s for s in states if s[1]] == []


@pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="needs fork")
def test_gc_paused_ends_in_a_forked_child():
    """A child forked while a thread is inside the pause gets its collector back (that thread is
    not in the child), and a later pause there works as usual."""
    import gc
    import os
    import threading

    from tractor_analysis.records.frozen import gc_paused

    was = gc.isenabled()
    gc.enable()
    inside, leave = threading.Event(), threading.Event()

    def other():
        with gc_paused:
            inside.set()
            leave.wait(10)

    t = threading.Thread(target=other)
    try:
        t.start()
        inside.wait(10)
        assert not gc.isenabled()
        pid = os.fork()
        if pid == 0:                                    # the child: report through the exit code
            ok = gc.isenabled()
            with gc_paused:
                ok = ok and not gc.isenabled()
            ok = ok and gc.isenabled()
            os._exit(0 if ok else 1)
        _, status = os.waitpid(pid, 0)
        assert os.waitstatus_to_exitcode(status) == 0
    finally:
        leave.set()
        t.join(10)
        gc.enable() if was else gc.disable()
    assert gc.isenabled()


def test_collecting_less_freezes_and_raises_the_threshold_then_puts_both_back():
    import gc

    from tractor_analysis.records.frozen import YOUNG_THRESHOLD, collecting_less

    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    keep = [[] for _ in range(100)]           # objects made before: frozen out inside
    with collecting_less():
        assert gc.get_threshold()[0] == max(YOUNG_THRESHOLD, before[0])
        assert gc.get_threshold()[1:] == before[1:]
        assert gc.get_freeze_count() >= frozen + len(keep)
    assert gc.get_threshold() == before and gc.get_freeze_count() == frozen
    try:
        with collecting_less():
            raise KeyError("out on an error")
    except KeyError:
        pass
    assert gc.get_threshold() == before and gc.get_freeze_count() == frozen


def test_settle_as_old_moves_the_young_to_the_oldest_generation_unless_something_is_frozen():
    import gc

    from tractor_analysis.records.frozen import collecting_less, gc_paused, settle_as_old

    was = gc.isenabled()
    gc.enable()
    try:
        with gc_paused:
            made = [(i, [i]) for i in range(5000)]     # tracked, long-lived, acyclic
            assert gc.get_count()[0] >= 5000
            settle_as_old()
            assert gc.get_count()[0] < 100 and gc.get_freeze_count() == 0
        assert all(gc.is_tracked(m[1]) for m in made)  # still collected (by a full collection)
        with collecting_less():                        # someone else's freeze is left alone
            frozen = gc.get_freeze_count()
            with gc_paused:
                more = [[i] for i in range(3000)]
                settle_as_old()
                # (not == frozen: a frozen object another thread drops meanwhile leaves the count; a freeze of
                # its own would add the 3,000 lists, an unfreeze take the count to 0)
                assert frozen - len(more) < gc.get_freeze_count() <= frozen and gc.get_count()[0] >= len(more)
    finally:
        gc.enable() if was else gc.disable()


def test_a_solve_runs_with_the_collector_paused_and_leaves_no_young_backlog(monkeypatch):
    import gc
    import random

    from solver_helpers import random_endgame
    from tractor_analysis.analysis import search as solver_search
    from tractor_analysis.analysis.solver import Position, Solver

    states = []
    search = solver_search.SearchLoop._search

    def spy(self, alpha, beta):
        states.append(gc.isenabled())
        return search(self, alpha, beta)

    monkeypatch.setattr(solver_search.SearchLoop, "_search", spy)
    rng = random.Random(5)
    while True:                                 # a position with some search in it
        ctx, hands, leader, defenders, bottom = random_endgame(rng, 5)
        probe = Solver(ctx, defenders, bottom, compiled=False)     # the pure-Python search's pause
        if probe.solve(Position.of(hands, leader)).nodes > 2000:
            break
    states.clear()
    was = gc.isenabled()
    gc.enable()
    try:
        gc.collect()
        young = gc.get_stats()[0]["collections"]
        solver = Solver(ctx, defenders, bottom, compiled=False)
        assert solver.solve(Position.of(hands, leader)).solved
        # what the search built went to the oldest generation: no young collection walked it after
        assert gc.isenabled() and gc.get_stats()[0]["collections"] == young
    finally:
        gc.enable() if was else gc.disable()
    assert states and not any(states)


def test_the_engines_recursions_leave_no_cyclic_garbage():
    """The recursive helpers of the follow generator and the unit matching free themselves by
    reference counting: inside a collector pause (readers, replay, the solver) nothing piles up."""
    import gc

    from engine_helpers import context, hand
    from tractor_analysis.engine.legal import legal_follows
    from tractor_analysis.engine.order import TRUMP
    from tractor_analysis.engine.units import holds_units, match_chains

    def ours(o) -> bool:
        """A function, frame or generator of the project's code (what a recursive helper's cycle holds;
        not the garbage a thread another test left running makes meanwhile, which failed this test once)."""
        code = getattr(o, "__code__", None) or getattr(o, "f_code", None) or getattr(o, "gi_code", None)
        return code is not None and "tractor_analysis" in code.co_filename

    ctx = context(10, "H")
    was = gc.isenabled()
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)          # what the collection finds is kept in gc.garbage, to look at
    try:
        follows = list(legal_follows(ctx, (0, 0), hand("D4 D5 C6 C7 C8 C9")))   # void: any two cards
        next(iter(legal_follows(ctx, (0, 0), hand("D4 D5 C6 C7 C8 C9"))))       # left unfinished
        chains = match_chains([2, 2, 2, 0, 2, 2], [3, 2])
        held = holds_units(ctx.order, hand("H3 H3 H3 H4 H4 HK HK"), TRUMP, [(2, 2), (3, 1)])
        gc.collect()
        assert [o for o in gc.garbage if ours(o)] == []
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable() if was else gc.disable()
    assert len(follows) == 15 and chains[0] == (3, 2) and held is False


def test_what_readers_and_replay_return_is_left_to_the_oldest_generation():
    """A parse or a replay builds tens of thousands of objects the caller keeps; with the collector
    paused, the first young collection after the pause walked every one of them (then the next
    generation's did again): 37 collections, 0.06-0.14 CPU-s, beside a 0.7 s parse + replay of the
    speed bench's corpus.  They now go to the oldest generation before the pause ends, and no
    collection follows at once."""
    import gc

    from tractor_analysis.engine.replay import replay_match
    from tractor_analysis.records import format_json, format_jsonl, format_tgn, parse_json, parse_jsonl, parse_tgn
    from tractor_analysis.simulate import simulate_match

    matches = [simulate_match(12, i, max_hands=3) for i in range(2)]
    calls = [(parse_jsonl, format_jsonl(matches)), (parse_json, format_json(matches[0])),
             (parse_tgn, format_tgn(matches[0])), (replay_match, matches[1])]
    seen: list[int] = []

    def spy(phase, info):
        if phase == "start":
            seen.append(info["generation"])

    was, threshold = gc.isenabled(), gc.get_threshold()
    gc.enable()
    gc.set_threshold(700, 10, 10)       # CPython's own (a CLI test run in-process may have raised it)
    gc.callbacks.append(spy)
    try:
        for fn, arg in calls:
            gc.collect()
            seen.clear()
            kept = fn(arg)
            few = [[] for _ in range(20)]           # a few new containers, far below the threshold
            assert seen == [], (fn.__name__, seen)
            del kept, few
    finally:
        gc.callbacks.remove(spy)
        gc.set_threshold(*threshold)
        gc.enable() if was else gc.disable()
