"""``--precision``: a view stops drawing deals once every choice's cost is known within it.

The deals are drawn independently, so the deals a stopped view used are exactly the first deals of
the full draw: the stopped view must equal a view asked for that many samples (same seed), and it
stops only when the standard errors allow it."""
from __future__ import annotations

from click.testing import CliRunner

from tractor_analysis.analysis import view as view_module
from tractor_analysis.analysis.view import FIRST_LOOK, view_play
from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import format_tgn, parse_tgn
from tractor_analysis.simulate import simulate


def _hand(seed: int):
    match = next(iter(simulate(1, seed)))
    (m,), _ = parse_tgn(format_tgn(match))
    return replay_match(m).hands[0], m.hands[0]


def _views(h, record, index, samples, precision):
    return [view_play(h, record, index, j, samples, 5 + j, precision=precision) for j in range(4)]


def test_a_stopped_view_is_the_view_of_the_deals_it_used():
    h, record = _hand(12)
    index = len(h.tricks) - 3
    stopped = _views(h, record, index, 60, 40.0)        # a loose precision: stops at the first look
    assert any(v.deals < 60 for v in stopped)
    for j, v in enumerate(stopped):
        if v.exact:
            continue
        assert v.deals == FIRST_LOOK or v.deals == 60
        same = view_play(h, record, index, j, v.deals, 5 + j)
        assert (same.deals, same.value, same.value_best, same.best, same.cost, same.stderr) == \
            (v.deals, v.value, v.value_best, v.best, v.cost, v.stderr)
        if v.deals < 60:
            assert v.stderr <= 40.0


def test_a_tight_precision_stops_only_where_every_gap_is_certain():
    h, record = _hand(12)
    index = len(h.tricks) - 3
    full = _views(h, record, index, 60, None)
    tight = _views(h, record, index, 60, 1e-9)
    for f, t in zip(full, tight):
        if f.exact:
            assert t == f
            continue
        assert f.deals == 60
        if t.deals < 60:          # stopped: every choice scored the same gap in every deal so far
            assert t.stderr == 0
        else:
            assert (t.value, t.cost, t.best, t.stderr) == (f.value, f.cost, f.best, f.stderr)


def test_the_stop_rule_looks_at_every_choice_not_only_the_play_made(monkeypatch):
    """A choice whose gap still varies keeps the view drawing deals, even when the play made is sure."""
    table = {(1,): [10, 10, 10, 10], (2,): [10, 10, 10, 10], (3,): [0, 20, 0, 20]}
    assert not view_module._precise(table, 1, 1.0)
    assert view_module._precise({(1,): [10, 10], (2,): [5, 5]}, 1, 1e-9)
    assert view_module._stops(25, 1.0) == [20, 25]
    assert view_module._stops(45, 1.0) == [20, 30, 40, 45]
    assert view_module._stops(15, 1.0) == [15] and view_module._stops(45, None) == [45]


def test_precision_needs_view_in_the_cli(tmp_path):
    f = tmp_path / "m.tgn"
    f.write_text(format_tgn(next(iter(simulate(1, 3)))), encoding="utf-8")
    r = CliRunner().invoke(main, ["analyse", str(f), "--hand", "1", "--last", "1", "--precision", "1"])
    assert r.exit_code == 2 and "--precision" in r.output
    r = CliRunner().invoke(main, ["ingest", str(f), "-o", str(tmp_path / "ds"), "--precision", "1"])
    assert r.exit_code == 2 and "--precision" in r.output


def test_one_deals_solver_searched_at_a_time(monkeypatch):
    """Each deal's solver grows tables of up to hundreds of MB: the view searches deal by deal and
    lets each solver go (kept alive for every candidate, 20 deals held 1.1 GB, 200 would exhaust
    the memory)."""
    import weakref

    used = weakref.WeakSet()
    most = [0]
    real = view_module._value

    def spy(solver, *args, **kwargs):
        used.add(solver)
        most[0] = max(most[0], len(used))
        return real(solver, *args, **kwargs)

    monkeypatch.setattr(view_module, "_value", spy)
    h, record = _hand(12)
    v = view_play(h, record, len(h.tricks) - 3, 1, 30, 3)
    assert v.deals > 1 and most[0] == 1
