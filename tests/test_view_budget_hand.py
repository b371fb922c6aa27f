"""``tractor analyse --view --budget-hand S`` bounds the seat views too: a view not begun when the
hand's time ran out is withheld with the reason (it was judged anyway, however long it took)."""
from __future__ import annotations

import json

from click.testing import CliRunner

from tractor_analysis.analysis.view import OUT_OF_TIME
from tractor_analysis.cli.main import main
from tractor_analysis.records.tgn_writer import format_tgn
from tractor_analysis.simulate import simulate


def test_the_views_past_the_hands_time_are_withheld_with_the_reason(tmp_path):
    path = tmp_path / "m.tgn"
    path.write_text(format_tgn(next(iter(simulate(1, 5, max_hands=1)))), "utf-8")
    args = ["analyse", str(path), "--hand", "1", "--last", "3", "--view", "--samples", "5"]
    r = CliRunner().invoke(main, [*args, "--budget-hand", "0.001", "--json"])
    views = [p["view"] for p in json.loads(r.stdout)["hands"][0]["plays"]]
    assert views and all(v["withheld"] == OUT_OF_TIME and v["value"] is None for v in views)
    text = CliRunner().invoke(main, [*args, "--budget-hand", "0.001"]).stdout
    assert "--budget-hand" in text and "本局时间" in text
    free = CliRunner().invoke(main, [*args, "--json"])             # without it: every view judged
    assert all("withheld" not in p["view"] for p in json.loads(free.stdout)["hands"][0]["plays"])
