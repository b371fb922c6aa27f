"""Friend mode (找朋友): each player keeps a level of their own (docs/rules.md §11), so nothing says a
side's level — the dataset, the report's matches table and the level_mismatch message included
(check --json already gave levels_final null).  Each test fails on the code before its fix."""
from __future__ import annotations

import dataclasses
import re

import pandas as pd
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.dataset import load, stats
from tractor_analysis.dataset.pipeline import ingest
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.records.tgn_writer import format_tgn
from tractor_analysis.simulate import simulate_match


def test_friend_mode_stores_and_shows_no_sides_levels(tmp_path):
    """Before: the dataset's level_ns_final / level_ew_final held N's and E's own levels in friend
    mode (match_results summed them as the sides' gains) and the report's matches table showed
    them as the sides' final levels, while check --json says levels_final null."""
    from audit_helpers import index_html, report_table

    m = simulate_match(5, 0, rules=dataclasses.replace(PRESETS["standard"], friend=True, name="standard+"),
                       max_hands=3)
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "f.tgn").write_text(format_tgn(m), encoding="utf-8")
    ds = str(tmp_path / "ds")
    ingest([str(tmp_path / "in" / "f.tgn")], ds)
    row = load(ds).matches.iloc[0]
    assert pd.isna(row["level_ns_final"]) and pd.isna(row["level_ew_final"])
    assert not pd.isna(row["level_n_final"])                     # each player's own is kept
    (res,) = stats.match_results(load(ds)).to_dict("records")
    assert pd.isna(res["gained_ns"]) and pd.isna(res["gained_ew"])
    for src, name in ((tmp_path / "in" / "f.tgn", "r-rec"), (ds, "r-ds")):
        (cells,) = report_table(index_html(src, tmp_path / name), "matches")
        # no side's level, not even an unknown one ("? · ?"): there are no sides; each player's own
        # final level instead, and "friend mode 找朋友" where the teams would be
        assert "? · ?" not in cells
        assert not any(re.fullmatch(r"[0-9JQKA?]+ · [0-9JQKA?]+", c) for c in cells)     # "N–S · E–W"
        own = [c for c in cells if c.startswith("N ") and " · E " in c and " · S " in c and " · W " in c]
        assert len(own) == 1 and sum(c.startswith("friend mode / 找朋友") for c in cells) == 2



def test_a_level_mismatch_in_friend_mode_names_the_dealers_own_level(tmp_path):
    """Before: "[Level] is 5 but EW carry level 3" — E's own level, said as the side's."""
    m = simulate_match(5, 0, rules=dataclasses.replace(PRESETS["standard"], friend=True, name="standard+"),
                       max_hands=3)
    second = m.hands[1]
    wrong = 14 if second.level != 14 else 13
    m = dataclasses.replace(m, hands=(m.hands[0], dataclasses.replace(second, level=wrong)) + m.hands[2:])
    path = tmp_path / "f.tgn"
    path.write_text(format_tgn(m), encoding="utf-8")
    out = CliRunner().invoke(main, ["check", str(path)]).output
    seat = "NESW"[second.dealer]
    assert f"but the dealer {seat} carries level" in out and "(friend mode: each player's own level)" in out
    assert "（找朋友：各打各的级）" in out and " carry level" not in out
