"""An organiser's event (stop 8): a re-typed copy writing ``[Round "02"]`` or ``[Table "01"]`` is the same
match (counted once, the note naming the tag), and a tie-break value known only as a range orders the
teams wherever every value of one range is above every value of the other's (a shared rank only where
ranges overlap)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from event_helpers import copy_event, edit_record, event_match, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

from tractor_analysis.dataset.event_model import EventMatch
from tractor_analysis.dataset.standings import standings



def _rows(r) -> dict[str, dict]:
    return {row["team"]: row for row in json.loads(r.stdout)}


# --- 1. a re-typed copy writing its round or table with a leading zero -----------------------------------

@pytest.mark.parametrize("tag, old, new", [("Round", '[Round "2"]', '[Round "02"]'),
                                           ("Table", '[Table "1"]', '[Table "01"]')])
def test_a_retyped_copy_writing_a_number_with_a_leading_zero_counts_once(tmp_path, tag, old, new):
    folder = copy_event(tmp_path)
    before = _rows(run_cli("standings", str(folder), "--format", "json"))
    copy = folder / "r2t1-b.tgn"
    shutil.copy(folder / "r2t1.tgn", copy)
    edit_record(copy, old, new)
    text = copy.read_text("utf-8")
    site = next(line for line in text.splitlines() if line.startswith("[Site ")) if "[Site " in text else None
    if site is not None:                    # and another [Site], as an organiser re-types one
        edit_record(copy, site, '[Site "Hall B"]')
    r = run_cli("standings", str(folder), "--format", "json")
    after = _rows(r)
    assert {t: row["played"] for t, row in after.items()} == {t: row["played"] for t, row in before.items()}
    assert [(t, row["rank"], row["match_points"]) for t, row in after.items()] == \
        [(t, row["rank"], row["match_points"]) for t, row in before.items()]
    note = next(line for line in r.stderr.splitlines() if "recorded twice" in line)
    assert "r2t1" in note and f"[{tag}]" in note and new.split(" ", 1)[1].rstrip("]") in note
    assert " / " in note and "重复记录" in note
    assert "has 2 matches" not in r.stderr and "plays 2 matches" not in r.stderr


def test_a_round_that_is_no_number_stays_as_written(tmp_path):
    """"2a" is no round number: a copy writing it is not read as round 2 (never a guess at one)."""
    from tractor_analysis.dataset.event import _as_number

    assert _as_number("02") == _as_number("2") == _as_number(" 2 ") == "2"
    assert _as_number("2a") == "2a" and _as_number("０２") == "０２" and _as_number(None) is None
    assert _as_number("0") == "0"                   # not a round number: as written


# --- 2. ties the records decide -------------------------------------------------------------------------

def _match(i: int, team: str, span: tuple[int, int] | None, level: int | None = None) -> EventMatch:
    """``team`` (N–S) beats a team of its own (E–W, level 2) with its final level ``level``, or, not known,
    within ``span``."""
    return event_match(match_id=f"m{i}", event="E", table=str(i), teams=(team, f"{team}-opp"), levels=(level, 2),
                       source=f"r1t{i}.tgn", level_spans=(None if level is not None else span, None))


def test_ranges_wholly_apart_order_the_teams():
    """2–4 against 5–7 against −1: three ranks, none shared, each placed team's note says it is derived."""
    rows = standings([_match(1, "A", (4, 6)), _match(2, "B", (7, 9)), _match(3, "C", None, level=1)])
    top = [(s.team, s.rank, s.level_diff, s.level_diff_span, s.undecided) for s in rows if s.match_points == 2]
    assert top == [("B", 1, None, (5, 7), None), ("A", 2, None, (2, 4), None), ("C", 3, -1, None, None)]
    assert all(s.ranked_by_range for s in rows if s.team in ("A", "B"))
    assert rows[0].as_dict()["level_diff_span"] == [5, 7]


def test_overlapping_ranges_share_a_rank_and_say_so():
    rows = standings([_match(1, "A", (4, 6)), _match(2, "B", (6, 8)), _match(3, "C", None, level=1)])
    got = {s.team: s for s in rows if s.match_points == 2}
    assert got["A"].rank == got["B"].rank == 1 and got["C"].rank == 3
    note = got["A"].undecided["note"]
    assert got["A"].undecided["ranges"] == {"A": [2, 4], "B": [4, 6]}
    assert "2 to 4" in note and "4 to 6" in note and "overlap" in note and "2 至 4" in note
    assert got["C"].undecided is None


def test_an_unbounded_value_still_leaves_the_whole_group_undecided():
    rows = standings([_match(1, "A", None), _match(2, "B", (7, 9)), _match(3, "C", None, level=1)])
    ranks = {s.team: s.rank for s in rows if s.match_points == 2}
    assert ranks == {"A": 1, "B": 1, "C": 1}


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(2, 14), st.integers(0, 3), st.booleans()), min_size=2, max_size=6),
       st.randoms(use_true_random=False))
def test_every_reading_keeps_the_order_the_ranges_give(teams, rnd):
    """Whatever level each range's reading takes, a team ranked above another by the ranges is above it in
    the standings of that reading; teams sharing a rank for want of knowing overlap, directly or in a chain."""
    spans = [(low, min(14, low + width)) for low, width, _ in teams]
    ranged = [_match(i, f"T{i}", span, level=None if open_ else span[0])
              for i, (span, (_, _, open_)) in enumerate(zip(spans, teams))]
    rows = {s.team: s for s in standings(ranged, tiebreaks=("level_diff",)) if not s.team.endswith("-opp")}
    reading = [_match(i, f"T{i}", None, level=rnd.randint(*span) if open_ else span[0])
               for i, (span, (_, _, open_)) in enumerate(zip(spans, teams))]
    exact = {s.team: s.rank for s in standings(reading, tiebreaks=("level_diff",)) if not s.team.endswith("-opp")}
    for a in rows:
        for b in rows:
            if rows[a].rank < rows[b].rank:
                assert exact[a] < exact[b]
                low_a = rows[a].level_diff if rows[a].level_diff is not None else rows[a].level_diff_span[0]
                high_b = rows[b].level_diff if rows[b].level_diff is not None else rows[b].level_diff_span[1]
                assert low_a > high_b


def _takeback_unknown(path: Path) -> None:
    """A take-back whose seat is not known (``[Takebacks "?"]``) in the record's last hand."""
    text = path.read_text("utf-8")
    i = text.rindex('[Level "')
    j = text.index("\n", i)
    path.write_text(text[:j + 1] + '[Takebacks "?"]\n' + text[j + 1:], "utf-8")


def test_the_event_orders_teams_by_the_bounds_the_records_give(tmp_path):
    """tests/data/event with a take-back of unknown seat in r1t1 and r1t3: Silver Cranes (3..4) is above
    Jade Dragons (0..2) and Plum & Bamboo (1) — its own rank, no longer shared "undecided" — while Jade
    Dragons and Plum & Bamboo, whose values overlap, share one."""
    folder = copy_event(tmp_path)
    _takeback_unknown(folder / "r1t1.tgn")
    _takeback_unknown(folder / "r1t3.tgn")
    r = run_cli("standings", str(folder), "--format", "json")
    rows = _rows(r)
    assert (rows["Silver Cranes"]["rank"], rows["Silver Cranes"]["undecided"]) == (2, None)
    assert rows["Silver Cranes"]["level_diff"] is None and rows["Silver Cranes"]["level_diff_span"] == [3, 4]
    assert rows["Jade Dragons"]["rank"] == rows["Plum & Bamboo <梅竹>"]["rank"] == 3
    assert rows["Jade Dragons"]["undecided"]["ranges"] == {"Jade Dragons": [0, 2], "Plum & Bamboo <梅竹>": [1, 1]}
    assert "\"Silver Cranes\": level difference known only as 3 to 4" in r.stderr
    table = run_cli("standings", str(folder)).stdout
    assert "3..4" in table


def test_a_dataset_gives_the_same_bounds_as_its_records(tmp_path):
    folder = copy_event(tmp_path)
    _takeback_unknown(folder / "r1t3.tgn")
    ds = tmp_path / "ds"
    run_cli("ingest", str(folder), "-o", str(ds), "-q")
    from_records = json.loads(run_cli("standings", str(folder), "--format", "json").stdout)
    from_dataset = json.loads(run_cli("standings", str(ds), "--format", "json").stdout)
    assert from_dataset == from_records
    assert any(row["level_diff_span"] for row in from_dataset)


def test_a_team_page_shows_a_level_difference_known_only_as_a_range(tmp_path):
    # (it showed "?" where the standings table shows the range)
    folder = copy_event(tmp_path)
    _takeback_unknown(folder / "r1t1.tgn")
    _takeback_unknown(folder / "r1t3.tgn")
    out = tmp_path / "rep"
    run_cli("report", str(folder), "-o", str(out), "-q")
    page = next(out.glob("team-Silver*.html")).read_text("utf-8")
    assert "+3…+4</span> levels / 级差" in page
