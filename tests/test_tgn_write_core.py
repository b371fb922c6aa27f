"""The compiled card lines of the ``.tgn`` writer (``records/_tgn_write_core.c``) are what the
pure-Python writer writes: whole records (random ones with notes, failed throws and odd tags, and
simulated matches with violations under every preset) come out byte for byte the same, and
anything the core does not write plainly is left to the Python code untouched."""
from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings

from tractor_analysis.records import compiled, tgn_writer
from tractor_analysis.records.cards import SEAT_TOKENS, TOKEN
from tractor_analysis.records.model import Play, Trick
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.simulate import simulate_match

from strategies import matches

core = compiled.load("tractor_analysis.records._tgn_write_core", ".tgn writer core", ".tgn 写出核心")
pytestmark = pytest.mark.skipif(core is None, reason="the compiled .tgn writer core is not built (or ruled out)")


def _both(match, monkeypatch):
    """format_tgn with the core and without it (the card cache emptied before each)."""
    out = []
    for with_core in (core, None):
        monkeypatch.setattr(tgn_writer, "_CORE", with_core)
        tgn_writer._SEAT_CARDS.clear()
        try:
            out.append(tgn_writer.format_tgn(match))
        except tgn_writer.Unwritable as exc:
            out.append(("unwritable", str(exc)))
    return out


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(matches())
def test_random_records_are_written_the_same(monkeypatch, match):
    mine, ref = _both(match, monkeypatch)
    assert mine == ref


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_simulated_matches_are_written_the_same(preset, monkeypatch):
    match = simulate_match(17, 0, rules=PRESETS[preset], violation_rate=0.2, max_hands=3)
    mine, ref = _both(match, monkeypatch)
    assert mine == ref and isinstance(mine, str)


def test_plain_tricks_lines_and_where_the_core_stops():
    t1 = Trick(1, (Play(0, (0, 1)), Play(1, ()), Play(2, (53,)), Play(3, (12, 12))))
    failed = Trick(2, (Play(1, (5,), attempted=(5, 6)), Play(2, (7,))))
    noted = Trick(3, (Play(2, (8,), notes=("a",)),))
    t4 = Trick(4, (Play(3, (9,)),))
    out: list[str] = []
    assert core.trick_lines((t1, failed, noted, t4), 0, out, SEAT_TOKENS, TOKEN) == 1
    assert out == [f"1. N: {TOKEN[0]} {TOKEN[1]}, E:, S: {TOKEN[53]}, W: {TOKEN[12]} {TOKEN[12]}"]
    assert core.trick_lines((t1, failed, noted, t4), 3, out, SEAT_TOKENS, TOKEN) == 4
    assert out[-1] == f"4. W: {TOKEN[9]}"
    assert core.seat_line("Bottom", (), TOKEN) == "Bottom:"


@pytest.mark.parametrize("odd", [
    Trick(1, ()),                                        # no plays: Python raises Unwritable
    Trick(1, (Play(4, (1,)),)),                          # a seat out of 0..3
    Trick(1, (Play(-1, (1,)),)),
    Trick(1, (Play(True, (1,)),)),                       # a bool is not a seat
    Trick(1, (Play(0, (54,)),)),                         # a card out of the table
    Trick(1, (Play(0, [1]),)),                           # cards not a tuple
    Trick(1, (Play(0, ("S2",)),)),
    Trick(1, (Play(0, (1,), notes=["n"]),)),             # notes not a tuple
    Trick(1, (Play(0, (1,)),), notes=("after",)),        # a trick's note
    Trick("1", (Play(0, (1,)),)),                        # a number not an int
    Trick(1, [Play(0, (1,))]),                           # plays not a tuple
])
def test_odd_tricks_are_left_to_python(odd):
    out = ["kept"]
    assert core.trick_lines((odd,), 0, out, SEAT_TOKENS, TOKEN) == 0
    assert out == ["kept"]
    assert core.seat_line("N", (1, 54), TOKEN) is None and core.seat_line("N", [1], TOKEN) is None
    assert core.seat_line("N", (53,), ("S2",) * 53 + ("大",)) is None    # a token not ASCII: declined


def test_a_trick_with_no_plays_is_still_unwritable(monkeypatch):
    match = simulate_match(3, 0, max_hands=1)
    hand = match.hands[0]
    empty = dataclasses.replace(hand, tricks=hand.tricks[:2] + (Trick(3, ()),) + hand.tricks[3:])
    mine, ref = _both(dataclasses.replace(match, hands=(empty,)), monkeypatch)
    assert mine == ref and mine[0] == "unwritable" and "trick 3 of hand" in mine[1]


@dataclasses.dataclass(frozen=True, slots=True)
class _OtherPlay:
    """A play whose slots are in another order than :class:`Play`'s (issue 27, tenth pass: the core
    reads slots at the offsets learnt from the type it met; another type must be read as itself)."""
    notes: tuple
    cards: tuple
    attempted: tuple | None
    seat: int


@dataclasses.dataclass(frozen=True, slots=True)
class _OtherTrick:
    notes: tuple
    plays: tuple
    number: int


class _PlainPlay:
    """A play without slots: its attributes in its ``__dict__``."""

    def __init__(self, p):
        self.seat, self.cards, self.attempted, self.notes = p.seat, p.cards, p.attempted, p.notes


def test_tricks_and_plays_of_other_types_in_turn_are_written_as_themselves():
    match = simulate_match(19, 0, violation_rate=0.0, max_hands=2)
    for hand in match.hands:
        want: list[str] = []
        assert core.trick_lines(hand.tricks, 0, want, SEAT_TOKENS, TOKEN) == len(hand.tricks)
        for shift in range(3):
            kinds = [lambda t: t,
                     lambda t: _OtherTrick(t.notes, tuple(_OtherPlay(p.notes, p.cards, p.attempted, p.seat)
                                                          for p in t.plays), t.number),
                     lambda t: _OtherTrick(t.notes, tuple(map(_PlainPlay, t.plays)), t.number)]
            mixed = tuple(kinds[(i + shift) % 3](t) for i, t in enumerate(hand.tricks))
            got: list[str] = []
            assert core.trick_lines(mixed, 0, got, SEAT_TOKENS, TOKEN) == len(mixed)
            assert got == want
