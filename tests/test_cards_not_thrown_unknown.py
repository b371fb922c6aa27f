"""A trick's ``cards_not_thrown`` the engine does not know is unknown (``None``), never 0 (docs/rules.md §14.1).

Botzone's rules (``throw_penalty_cards = failing_units``) count every card of every unit of a throw
another player could beat, so the count rests on what the other seats held.  Two ways it may not be known:

- the record leaves a play out of an earlier trick (:mod:`tractor_analysis.engine.record_gaps`) and
  the ways to fill it in leave a follower different cards: below, W's card of trick 1 is not
  recorded; played as ♣A, E's throw ♣K ♣Q stands (0 cards), played as ♣3 W still holds ♣A and the
  throw fails (2 cards; ♣K instead of ♣3: 1 card or 2).  The merged trick (engine/agreement.py) gave 0;
- a seat's cards are read from its plays (:mod:`tractor_analysis.engine.unsure_throws`): its plays
  prove the single ♣5 beaten, but whether it also held ♣A ♣A, beating the pair ♣K ♣K, is not known
  (1 or 3 cards).  The trick kept the 1.

Either way the count is now ``None``: in the trick, in the dataset's ``tricks.cards_not_thrown``
(null, from the compiled rows and the Python rows alike), and the penalty charged from it is not
known either (:func:`~tractor_analysis.engine.scoring.throw_cards_charged`), never 0.  Each test
but the controls fails on the code before the fix.
"""
from __future__ import annotations

import dataclasses

import pytest

from tractor_analysis.dataset import rows
from tractor_analysis.engine import unsure_throws
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.scoring import failed_throw_penalty, throw_cards_charged
from tractor_analysis.records import compiled, parse_tgn
from tractor_analysis.records.cards import TEAMS
from tractor_analysis.records.rulesets import PRESETS, ThrowPenalty

HEADER = '''[Event "cards not thrown"]
[Ruleset "{rules}"]

[Hand "1"]
[SetUp "1"]
[Dealer "E"]
[Trump "H"]
[Level "2"]
[Points "0"]
'''
"""The tags of both positions below: E deals, trump ♥, level 2, nothing taken yet; ``{rules}`` the ruleset."""

GAP = HEADER + '''E: SA CK CQ D9
S: S6 C6 C7 D8
W: CA {other} C4 C5
N: S7 C8 C9 DJ
1. E: SA, S: S6, {w}N: S7
2. E: CK CQ, S: C6 C7, W: C4 C5, N: C8 C9
'''
"""A position the record stops in after trick 2.  W (void in spades) plays one of ♣A and ``other``
in trick 1 (``w``: the play, or nothing: the play left out) and keeps the other: whether it beats
E's throw in trick 2 depends on which."""

UNSURE = HEADER.format(rules="botzone") + '''E: CK CK C5 D9
N: C8 C9 C10 DJ
1. E: CK CK C5, S: C6 C7 D2, W: CA C3 C2, N: C8 C9 C10
'''
"""S and W have no deal line: their cards are read from their plays.  W's ♣A beats the single ♣5;
whether W (or S) also held a second ♣A, beating the pair ♣K ♣K, is not known."""


def match(text: str):
    (m,), _ = parse_tgn(text)
    return m


def hand(text: str):
    return replay_match(match(text)).hands[0]


def gap(rules: str = "botzone", other: str = "C3", w: str = "") -> str:
    return GAP.format(rules=rules, other=other, w=w)


# --- the engine ---------------------------------------------------------------------------------

@pytest.mark.parametrize("other,counts", [("C3", {"CA": 0, "C3": 2}), ("CK", {"CA": 1, "CK": 2})])
def test_the_ways_to_fill_the_gap_in_give_different_counts(other, counts):
    """The premise, with the play written in: each way judged alone gives its own count."""
    for played, n in counts.items():
        h = hand(gap(other=other, w=f"W: {played}, "))
        assert h.tricks[1].cards_not_thrown == n and h.legality_known, played
        assert h.penalties == 10 * n            # E defends: a failed throw gives the attackers 10 a card


@pytest.mark.parametrize("other", ["C3", "CK"])
def test_the_count_the_ways_disagree_on_is_unknown(other):
    """Stand or fail (``C3``), or fail by different counts (``CK``): ``None``, never 0 (before: 0)."""
    h = hand(gap(other=other))
    first, throw = h.tricks
    assert throw.cards_not_thrown is None
    assert first.cards_not_thrown == 0                  # the trick the ways agree on keeps its count
    # and the penalty that rests on it is not charged: the points are withheld (the agreement's)
    assert h.penalties is None and h.attackers_total is None
    assert not [i for i in h.items if i.kind == "throw_penalty"]
    (u,) = [u for u in h.unknowns if u.tag == "play"]
    assert "points" in u.withheld and "throw_check" in u.withheld      # the count is named withheld
    assert "how many cards were beaten" in u.message_en and "被管住的张数" in u.message_zh


def test_a_count_every_way_gives_is_kept():
    """Control: under ``not_thrown`` (the count is the record's) the ways agree on 0; it stays 0."""
    h = hand(gap(rules="tournament"))
    assert [t.cards_not_thrown for t in h.tricks] == [0, 0]


def test_a_count_resting_on_cards_read_from_plays_is_unknown():
    """A seat read from its plays may have held what beats one more unit: the count is ``None``
    (before: 1, the count of the cards the plays show), and so is the penalty (as before)."""
    h = hand(UNSURE)
    (t,) = h.tricks
    assert [v.code for v in t.violations] == ["throw_failed"]      # proven beaten: the fault stands
    assert t.cards_not_thrown is None
    assert h.penalties is None and h.attackers_total is None


def test_a_count_cards_read_from_plays_cannot_change_is_kept():
    """Control: with both deal lines given the count is known: the single and the pair beaten, 3."""
    text = UNSURE.replace("N: C8", "S: C6 C7 D2 D3\nW: CA CA C3 C2\nN: C8").replace(
        "W: CA C3 C2", "W: CA CA C3")
    h = hand(text)
    assert h.tricks[0].cards_not_thrown == 3 and h.penalties == 30


# --- what reads the count -----------------------------------------------------------------------

def _agreed_throw():
    return hand(gap()).tricks[1]


@pytest.mark.parametrize("preset", ["botzone", "tournament"])
def test_the_penalty_charged_from_an_unknown_count_is_unknown(preset):
    """``throw_cards_charged`` gives ``None`` for an unknown count, under either way of counting
    (before, ``not_thrown`` charged it as 0), and ``failed_throw_penalty`` of it is ``None``."""
    rules = PRESETS[preset]
    if rules.throw_penalty is not ThrowPenalty.PER_CARD:
        rules = dataclasses.replace(rules, throw_penalty=ThrowPenalty.PER_CARD, throw_penalty_points=10)
    t = dataclasses.replace(_agreed_throw(), cards_not_thrown=None, violations=())
    assert throw_cards_charged(rules, t) is None
    assert failed_throw_penalty(rules, None, True) is None
    assert failed_throw_penalty(dataclasses.replace(rules, throw_penalty=ThrowPenalty.NONE), None, True) == 0
    known = dataclasses.replace(t, cards_not_thrown=0)
    assert throw_cards_charged(rules, known) == 0 and failed_throw_penalty(rules, 0, True) == 0


def test_the_unsure_throws_check_reads_an_unknown_count_as_a_verdict_to_check():
    """``unsure_throws`` asks whether a trick holds a throw verdict; an unknown count may be one
    (before: ``None > 0`` raised TypeError)."""
    t = _agreed_throw()
    assert unsure_throws._throw_judged(dataclasses.replace(t, violations=(), cards_not_thrown=None))
    assert not unsure_throws._throw_judged(dataclasses.replace(t, violations=(), cards_not_thrown=0))


# --- the dataset --------------------------------------------------------------------------------

def _tricks_table(text: str, monkeypatch, add_tricks):
    monkeypatch.setattr(rows, "_ADD_TRICKS", add_tricks)
    m = match(text)
    builder = rows.TableBuilder("b-1")
    builder.add_file("cards-not-thrown.tgn", "0" * 64, "tgn", [m], [replay_match(m)], [], "ok", None)
    table = builder.to_tables()["tricks"]
    monkeypatch.undo()
    return table


core = compiled.load("tractor_analysis.dataset._rows_core", "plays rows core", "出牌行核心")


@pytest.mark.parametrize("text", [gap(), gap(other="CK"), UNSURE])
def test_the_column_holds_a_null_from_python_rows(text, monkeypatch):
    table = _tricks_table(text, monkeypatch, None)
    assert table.column("cards_not_thrown").to_pylist()[-1] is None


@pytest.mark.skipif(core is None, reason="the compiled rows core is not built (or ruled out)")
@pytest.mark.parametrize("text", [gap(), gap(other="CK"), UNSURE])
def test_the_compiled_rows_give_the_same_null(text, monkeypatch):
    h = hand(text)
    cols = tuple([] for _ in rows.SCHEMAS["tricks"])
    failed = core.add_tricks(cols, "m-1", h.number, h.tricks, h.defenders, True, "b-1", rows._SEATS, TEAMS)
    ref_rows, ref_failed = rows._trick_rows("m-1", h.number, h, True, "b-1")
    assert failed == ref_failed and cols == tuple(list(c) for c in zip(*ref_rows))
    names = list(rows.SCHEMAS["tricks"].names)
    assert cols[names.index("cards_not_thrown")][-1] is None
    assert _tricks_table(text, monkeypatch, core.add_tricks).equals(_tricks_table(text, monkeypatch, None))


@pytest.mark.skipif(core is None, reason="the compiled rows core is not built (or ruled out)")
def test_the_compiled_rows_leave_a_count_neither_int_nor_none_to_python():
    """A count the engine never makes (not an int, not ``None``): declined, every list untouched."""
    h = hand(gap())
    odd = dataclasses.replace(h.tricks[1], cards_not_thrown="2")
    cols = tuple([] for _ in rows.SCHEMAS["tricks"])
    assert core.add_tricks(cols, "m", 1, (h.tricks[0], odd), h.defenders, True, "b", rows._SEATS, TEAMS) is None
    assert not any(cols)
