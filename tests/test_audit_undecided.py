"""Audit of the published statistics: hands that decide nothing — a referee's position (a hand
played from a set-up, no outcome) and a 多少牌 hand both sides miscounted (outcome "neither") —
move no level, decide no match and are counted apart."""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from audit_helpers import SEATS, Raw, index_html, ingest_dir, isnull, report_table
from engine_helpers import drop_one_card
from tractor_analysis.dataset import load, stats
from tractor_analysis.dataset.pipeline import ingest
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.hand_replay import replay_hand
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.records.tgn_writer import format_tgn
from tractor_analysis.simulate import simulate_match


def test_a_position_is_a_hand_played_but_decides_nothing(tmp_path):
    ds_path = str(tmp_path / "ds")
    ingest(["sample_logs/disputed-trick.tgn", "sample_logs/spring-cup-r2t5.tgn"], ds_path)
    R = Raw(ds_path)
    pos = R.h[R.h.setup.astype(bool)]
    assert len(pos) == 1 and pos.outcome.isna().all()
    ds = load(ds_path)
    res = stats.match_results(ds).set_index("match_id")
    assert res.at[pos.iloc[0].match_id, "decided_by"] == "no finished hand"
    s = stats.summary(ds, "match").set_index("match")
    row = s.loc[pos.iloc[0].match_id]
    assert row["hands"] == 1 and np.isnan(row["hold_rate"]) and np.isnan(row["attack_points_mean"])
    assert stats.standings(ds)["matches"].sum() == 2         # only the spring-cup match


@pytest.fixture(scope="module")
def neither(tmp_path_factory):
    """A tournament match whose only hand both sides miscounted (多少牌 → "neither")."""
    rules = PRESETS["tournament"]
    for i in range(60):
        m = simulate_match(8, i, preset="tournament", max_hands=1)
        h = m.hands[0]
        if h.earlier_buries:
            continue
        a = drop_one_card(h, h.dealer)
        both = a and drop_one_card(a, (h.dealer + 1) % 4)
        if not both:
            continue
        r = replay_hand(both, rules, (2, 2, 2, 2), None, first_of_match=True, levels_known=False)
        if r.outcome is not None and r.outcome.winner == "neither":
            match = dataclasses.replace(m, hands=(both,))
            root = tmp_path_factory.mktemp("neither")
            (root / "rec").mkdir()
            (root / "rec" / "n.tgn").write_text(format_tgn(match), encoding="utf-8")
            return ingest_dir(str(root / "rec"), str(root / "ds")), match
    raise AssertionError("no hand to make a 'neither' outcome from")


def test_a_neither_hand_moves_no_level_and_decides_no_match(neither):
    path, match = neither
    R = Raw(path)
    h = R.h.iloc[0]
    assert h.outcome == "neither" and h.outcome_reason == "miscount" and isnull(h.up_team)
    assert int(h.levels_gained) == 0 and isnull(h.next_dealer)
    ds = load(path)
    summ = stats.summary(ds, "player").set_index("player")
    assert (summ["levels_gained"] == 0).all()
    for s in SEATS:
        name = R.names[(h.match_id, s)]
        # the defenders did not keep the deal (it is bid for): their hold rate is 0 of 1
        if s in list(h.defender_seats):
            assert summ.at[name, "hold_rate"] == 0
        else:
            assert np.isnan(summ.at[name, "hold_rate"])
    res = stats.match_results(ds).iloc[0]
    assert res["winner"] is None and replay_match(match).winner is None
    st = stats.standings(ds)
    assert st.empty      # a match no team won counts for nobody (as an event's standings leave it out)


def test_report_lists_the_neither_hand_in_its_own_outcome_row(neither, tmp_path):
    path, _ = neither
    rows = report_table(index_html(path, tmp_path / "rep"), "stats-outcomes")
    assert [(r[0].startswith("both sides miscounted"), r[1]) for r in rows] == [(True, "1")]
