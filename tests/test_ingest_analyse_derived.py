"""``ingest --analyse K`` and a hand whose analysis derived plays the record does not give.

A record that ends inside the hand's last trick, before seats that hold only the cards they must
play (docs/rules.md §14.1), is analysed with those plays derived (``tractor analyse`` marks them);
a play the record leaves out that one way alone fits is analysed as that play too.  The analysis'
plays then include plays the record does not have, and the ingest used to match none of them to the
record's plays: every recorded play of such a hand was stored without values, silently.

- The recorded plays get the values the analysis found for them (``tractor analyse --json``'s), the
  same values as in the whole record: their positions are the ones the record gives.
- The plays derived at the record's end are not rows of ``plays`` (the dataset stores what the
  record holds).
- A hand whose end plays are not forced is not analysed: every analysis column stays null.
- With ``--view``, each recorded play keeps its own view, not the one of the play beside it.
"""
from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner

from tractor_analysis.analysis.batch import DEFAULT_BUDGET, DEFAULT_NODES
from tractor_analysis.analysis.hand_analysis import analyse_hand
from tractor_analysis.cli.main import main
from tractor_analysis.dataset import load
from tractor_analysis.dataset.analysis import by_play, views_by_play
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

BASE = (Path(__file__).parent / "data" / "seed3" / "hand-1.tgn").read_text("utf-8")
"""``tractor simulate -n 1 --seed 3``'s first hand: 16 tricks, S deals, C trump."""

LAST16 = "16. W: CK, N: SA, E: S2, S: CQ"
ENDS_BEFORE_S = BASE.replace(LAST16, "16. W: CK, N: SA, E: S2")
"""The record ends before S's last play (S holds only CQ: derived)."""
ENDS_BEFORE_E_S = BASE.replace(LAST16, "16. W: CK, N: SA")
"""The record ends before E's and S's last plays (each holds one card: derived)."""
ENDS_IN_15 = BASE.replace("15. S: C6, W: CA, N: HQ, E: CA", "15. S: C6, W: CA, N: HQ").replace(LAST16 + "\n", "")
"""The record ends before E's play in trick 15: E holds two cards, the play is not forced."""
NO_DEAL_ENDS_BEFORE_S = "".join(
    x for x in ENDS_BEFORE_S.splitlines(keepends=True) if x[:3] not in ("N: ", "E: ", "S: ", "W: "))
"""The record ends before S's last play, without deal lines: S's cards are not known, nor its play."""
SKIP14 = BASE.replace("14. W: CQ, N: S9, E: CJ, S: CK", "14. W: CQ, N: S9, S: CK")
"""E's play in trick 14 left out: only CJ fits E's later plays and deal line (the engine derives it)."""

LAST = 3
COLUMNS = ["value_before", "value_after", "cost", "best"]


def _invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def _write(tmp: Path, name: str, text: str) -> Path:
    tmp.mkdir(parents=True, exist_ok=True)
    path = tmp / f"{name}.tgn"
    path.write_text(text, encoding="utf-8")
    return path


def _ingest(tmp: Path, name: str, text: str, exit_code: int = 0) -> pd.DataFrame:
    """The ``plays`` table of ``text`` ingested with ``--analyse 3`` into a dataset of its own
    (``exit_code`` as :func:`_analysed_json`'s: the hand is stored all the same)."""
    path = _write(tmp, name, text)
    root = tmp / f"{name}-ds"
    r = _invoke("ingest", path, "-o", root, "--analyse", LAST, "-q")
    assert r.exit_code == exit_code, r.output
    return load(str(root)).plays


def _analysed_json(tmp: Path, name: str, text: str, exit_code: int = 0) -> dict:
    """``tractor analyse --last 3 --json``'s one hand, with the ingest's budgets (``exit_code`` 2: the
    record has an error diagnostic, a hand without deal lines)."""
    path = _write(tmp, name, text)
    r = _invoke("analyse", path, "--last", LAST, "--json", "--budget", DEFAULT_BUDGET, "--nodes", DEFAULT_NODES)
    assert r.exit_code == exit_code, r.output
    (h,) = json.loads(r.stdout)["hands"]
    return h


def _num(v):
    return None if v is None or pd.isna(v) else int(v)


def _stored(plays: pd.DataFrame) -> dict[tuple[int, str], tuple]:
    """``(trick, seat)`` → the analysis columns of each row of the analysed tricks."""
    out = {}
    for row in plays[plays["trick_no"] > 16 - LAST].itertuples(index=False):
        out[(int(row.trick_no), row.seat)] = (_num(row.value_before), _num(row.value_after), _num(row.cost),
                                              None if row.best is None else list(row.best))
    return out


@pytest.fixture(scope="module")
def whole(tmp_path_factory) -> dict[tuple[int, str], tuple]:
    """The whole record's stored analysis, by ``(trick, seat)``."""
    stored = _stored(_ingest(tmp_path_factory.mktemp("whole"), "whole", BASE))
    assert len(stored) == 4 * LAST and all(v[0] is not None and v[1] is not None for v in stored.values())
    return stored


@pytest.mark.parametrize("name, text, missing", [("before-s", ENDS_BEFORE_S, {"S"}),
                                                 ("before-e-s", ENDS_BEFORE_E_S, {"E", "S"})])
def test_recorded_plays_of_a_record_ending_in_its_last_trick_get_their_values(tmp_path, whole, name, text, missing):
    h = _analysed_json(tmp_path, name, text)
    assert h["reason"] is None and h["tricks"] == LAST
    derived = {(p["trick"], p["seat"]) for p in h["plays"] if p["derived"]}
    assert derived == {(16, s) for s in missing}            # the analysis derived the end plays
    expected = {(p["trick"], p["seat"]): (p["value_before"], p["value_after"], p["cost"],
                                          None if p["best"] is None else [" ".join(b) for b in p["best"]])
                for p in h["plays"] if not p["derived"]}
    plays = _ingest(tmp_path, name, text)
    stored = _stored(plays)
    # every recorded play of the analysed tricks has what the analysis printed for it
    assert stored == expected
    assert all(v[0] is not None and v[1] is not None for v in stored.values())
    # the positions are those of the whole record: the same values
    assert stored == {k: v for k, v in whole.items() if k not in derived}


@pytest.mark.parametrize("text, recorded", [(ENDS_BEFORE_S, ["W", "N", "E"]), (ENDS_BEFORE_E_S, ["W", "N"])])
def test_the_plays_derived_at_the_record_end_are_not_rows(tmp_path, text, recorded):
    plays = _ingest(tmp_path, "cut", text)
    last = plays[plays["trick_no"] == 16].sort_values("position")
    assert list(last["seat"]) == recorded and list(last["position"]) == list(range(len(recorded)))
    assert not last["derived"].fillna(False).any()
    assert last["value_after"].notna().all()                # analysed, though the record ends here
    assert len(plays) == 15 * 4 + len(recorded)


@pytest.mark.parametrize("text, where, exit_code", [(ENDS_IN_15, "the record ends in trick 15", 0),
                                                    (NO_DEAL_ENDS_BEFORE_S, "the record ends in trick 16", 2)])
def test_end_plays_not_forced_leave_every_column_null(tmp_path, text, where, exit_code):
    h = _analysed_json(tmp_path, "open", text, exit_code)
    assert h["plays"] == [] and where in h["reason"]        # not analysed, and analyse says why
    plays = _ingest(tmp_path, "open", text, exit_code)
    assert len(plays) and plays[COLUMNS].isna().all().all()


def test_recorded_plays_beside_a_play_the_engine_derived_get_their_values(tmp_path):
    h = _analysed_json(tmp_path, "skip14", SKIP14)
    assert h["reason"] is None and [(p["trick"], p["seat"]) for p in h["plays"] if p["derived"]] == [(14, "E")]
    expected = {(p["trick"], p["seat"]): (p["value_before"], p["value_after"], p["cost"],
                                          None if p["best"] is None else [" ".join(b) for b in p["best"]])
                for p in h["plays"] if not p["derived"]}
    plays = _ingest(tmp_path, "skip14", SKIP14)
    recorded = plays[~plays["derived"].fillna(False).astype(bool)]
    assert _stored(recorded) == expected and len(expected) == 4 * LAST - 1
    # the play the values after it rest on is said: a row of its own, and a derived fact of the hand
    row = plays[plays["derived"].fillna(False).astype(bool)]
    assert [(int(t), s, list(c)) for t, s, c in zip(row["trick_no"], row["seat"], row["cards"])] == [(14, "E", ["CJ"])]
    (facts,) = load(str(tmp_path / "skip14-ds")).hands["derived"]
    assert "play" in list(facts)


@pytest.mark.parametrize("text", [SKIP14, ENDS_BEFORE_E_S])
def test_each_recorded_play_keeps_its_own_view(text):
    """``views`` are aligned with the analysis' plays, derived ones included: each recorded play
    gets the one made for it (a stand-in naming the play here), never its neighbour's."""
    (match,), _ = parse_tgn(text)
    (hr,) = replay_match(match, hands_before=True).hands
    a = analyse_hand(hr, LAST)
    assert a.reason is None and any(p.derived for p in a.plays)
    views = [("view of", p.trick, p.seat) for p in a.plays]
    analysed = by_play(hr, a)
    viewed = views_by_play(analysed, a, views)
    assert analysed and viewed.keys() == analysed.keys()
    for (i, j), v in viewed.items():
        t = hr.tricks[i]
        assert v == ("view of", t.number, t.plays[j].seat)
        assert (analysed[(i, j)].trick, analysed[(i, j)].seat) == (t.number, t.plays[j].seat)


@pytest.mark.parametrize("name, text", [("before-s", ENDS_BEFORE_S), ("skip14", SKIP14)])
def test_ingest_view_values_reach_the_recorded_plays(tmp_path, name, text):
    """``ingest --analyse K --view`` views the hand with the plays the analysis derived, as ``tractor
    analyse --view`` does (the views were made on the record's plays alone, so their count differed
    from the analysis' plays and every ``view_*`` column stayed null, silently)."""
    path = _write(tmp_path, name, text)
    root = tmp_path / f"{name}-ds"
    r = _invoke("ingest", path, "-o", root, "--analyse", LAST, "--view", "--samples", 3, "-q")
    assert r.exit_code == 0, r.output
    plays = load(str(root)).plays
    analysed = plays[(plays["trick_no"] > 16 - LAST) & plays["value_before"].notna()]
    assert len(analysed) >= 4
    assert analysed["view_deals"].notna().all(), analysed[["trick_no", "seat", "view_deals"]]
