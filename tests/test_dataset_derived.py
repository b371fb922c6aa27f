"""What the engine derived is stored, and said to be derived (docs/dataset.md: ``plays.derived``,
``hands.derived``).

A play the record leaves out that one way alone fits (docs/rules.md §4.1, ``check --json``'s derived
fact ``play``) is used in its trick's winner and points: the dataset stores it as a ``plays`` row in
its place in the trick, ``derived`` true (the recorded plays false), so the plays of a trick add up
to its points and a hand has one row per play.  A play several ways fit stays absent (the trick's
unknowns say so).  ``hands.derived`` names the facts the engine derived (``check --json``'s
``derived``): a level the rest of the record contradicts and the engine derived is not stored as
if the record said it.  The compiled rows (``_rows_core``) and Python's give the same tables.

The record is ``tractor simulate``'s seed 3 (tests/data/seed3), with a play taken out.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.dataset import TableBuilder, rows
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.cards import TOKEN

BASE = (Path(__file__).parent / "data" / "seed3" / "hands-1-2.tgn").read_text("utf-8")
"""``tractor simulate -n 1 --seed 3``'s first two hands (tests/data/seed3)."""

TRICK5 = "5. E: HA HJ HJ, S: S6 HA H10, W: HK H10 DK, N: H7 H7 H4"
GAP = BASE.replace(TRICK5, "5. E: HA HJ HJ, S: S6 HA H10, N: H7 H7 H4", 1)
"""Hand 1 leaves W's play out of trick 5: only W's HK H10 DK fits the rest of the record."""
SEVERAL = (BASE.replace("1. S: SA SK SK, W: SQ S4 D3, N: S6 S3 S3, E: S5 S5 S4",
                        "1. S: SA SK SK, N: S6 S3 S3, E: S5 S5 S4", 1)
           .replace("2. S: DA, W: D4, N: D3, E: D9", "2. S: DA, N: D3, E: D9", 1))
"""Hand 1 leaves W's plays out of tricks 1 and 2: more than one way fits."""
BAD_LEVEL = BASE.replace('[Level "3"]', '[Level "K"]', 1)
"""Hand 2's ``[Level]`` says K; the rest of the record gives 3 (derived)."""


def _tables(text: str) -> dict[str, list[dict]]:
    (match,), diags = parse_tgn(text)
    b = TableBuilder("b-1")
    b.add_file("r.tgn", "cd" * 32, "tgn", [match], [replay_match(match)], diags, "ok", None)
    return {name: t.to_pylist() for name, t in b.to_tables().items()}


def _plays(t: dict, hand: int, trick: int | None = None) -> list[dict]:
    return [r for r in t["plays"] if r["hand_no"] == hand and (trick is None or r["trick_no"] == trick)]


def test_the_engine_hands_on_the_play_it_derived():
    (match,), _ = parse_tgn(GAP)
    h = replay_match(match).hands[0]
    assert any(d.fact == "play" and d.value.startswith("5: W ") for d in h.derived)
    assert [(n, p.seat, sorted(TOKEN[k] for k in p.cards)) for n, p in h.derived_plays] == [
        (5, 3, ["DK", "H10", "HK"])]
    assert [p.seat for p in h.tricks[4].plays] == [1, 2, 0]         # the trick's plays stay the record's


def test_a_derived_play_is_a_plays_row_marked_derived_in_its_place():
    t = _tables(GAP)
    trick = _plays(t, 1, 5)
    assert [(r["seat"], r["position"], r["derived"]) for r in trick] == [
        ("E", 0, False), ("S", 1, False), ("W", 2, True), ("N", 3, False)]
    w = trick[2]
    assert sorted(w["cards"]) == ["DK", "H10", "HK"] and w["points"] == 30 and w["n_cards"] == 3
    points = next(r["points"] for r in t["tricks"] if r["hand_no"] == 1 and r["trick_no"] == 5)
    assert points == sum(r["points"] for r in trick) == 40        # the trick's points are its plays'
    assert len(_plays(t, 1)) == 4 * sum(1 for r in t["tricks"] if r["hand_no"] == 1)
    assert [r for r in t["plays"] if r["derived"]] == [w]          # every other play: false, not null


def test_the_hands_row_names_the_facts_derived():
    t = _tables(GAP)
    derived = {r["hand_no"]: r["derived"] for r in t["hands"]}
    assert derived[1] == ["levels", "play"] and derived[2] == []


def test_a_contradicted_level_derived_is_said_to_be_derived():
    t = _tables(BAD_LEVEL)
    row = next(r for r in t["hands"] if r["hand_no"] == 2)
    assert row["level"] == 3 and row["derived"] == ["level"]


def test_the_derived_facts_are_check_jsons(tmp_path):
    path = tmp_path / "r.tgn"
    path.write_text(GAP, "utf-8")
    doc = json.loads(CliRunner().invoke(main, ["check", str(path), "--json"], catch_exceptions=False).output)
    t = _tables(GAP)
    for hand, row in zip(doc["files"][0]["hands"], t["hands"]):
        assert row["derived"] == list(dict.fromkeys(d["fact"] for d in hand.get("derived", [])))


def test_a_play_several_ways_fit_stays_absent():
    (match,), _ = parse_tgn(SEVERAL)
    h = replay_match(match).hands[0]
    assert h.derived_plays == () and any(u.tag == "play" for u in h.unknowns)
    t = _tables(SEVERAL)
    assert [r["seat"] for r in _plays(t, 1, 1)] == ["S", "N", "E"]
    assert [r["seat"] for r in _plays(t, 1, 2)] == ["S", "N", "E"]
    assert not any(r["derived"] for r in t["plays"])
    assert "play" not in next(r for r in t["hands"] if r["hand_no"] == 1)["derived"]


@pytest.mark.parametrize("text,derived", [(GAP, 1), (SEVERAL, 0), (BAD_LEVEL, 0), (BASE, 0)],
                         ids=["gap", "several", "bad level", "base"])
def test_the_compiled_and_python_rows_agree(monkeypatch, text, derived):
    fast = _tables(text)
    monkeypatch.setattr(rows, "_ADD_PLAYS", None)
    monkeypatch.setattr(rows, "_ADD_TRICKS", None)
    slow = _tables(text)
    assert [sum(bool(r["derived"]) for r in t["plays"]) for t in (fast, slow)] == [derived, derived]
    assert all(r["derived"] is not None for t in (fast, slow) for r in t["plays"])
    for name in fast:
        if name != "files":                 # (its ingested_at is the clock's)
            assert slow[name] == fast[name], name


def test_python_plays_rows_of_a_derived_play_fill_every_column():
    """``_add_plays`` given the derived plays: every column as long as the others, the analysis's and the
    view's null, ``derived`` true for the derived play only (null for the others until the table is built:
    the compiled rows leave the columns past the batch null, and the table makes those false)."""
    (match,), _ = parse_tgn(GAP)
    h = replay_match(match).hands[0]
    cols = tuple([] for _ in rows.SCHEMAS["plays"])
    rows._add_plays(cols, "m-1", 1, h.tricks, "b-1", None, None, rows._derived_by_trick(h))
    assert len({len(c) for c in cols}) == 1 and len(cols[0]) == 4 * len(h.tricks)
    derived = cols[[f.name for f in rows.SCHEMAS["plays"]].index("derived")]
    assert derived.count(True) == 1 and derived.count(None) == len(derived) - 1
