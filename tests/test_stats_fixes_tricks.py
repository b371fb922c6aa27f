"""``--by match`` / ``--by ruleset`` tricks won: the tricks that have a winner.

Before: those keys counted ``hands.tricks`` — every trick of the hand, one the record ends in before the
seats whose plays decide it (``tricks.winner`` null) included — while ``player`` / ``team`` count the
tricks their plays won.  docs/dataset.md: tricks won "are counted over the hands whose plays the dataset
keeps and whose tricks have winners"."""
from __future__ import annotations

import re

import pytest

from tractor_analysis.dataset import load, stats, stats_reference
from tractor_analysis.dataset.pipeline import ingest
from tractor_analysis.records import format_tgn
from tractor_analysis.simulate import simulate_match

IMPLS = {"sql": stats, "reference": stats_reference}


@pytest.fixture(scope="module")
def cut(tmp_path_factory) -> str:
    """One simulated hand whose record stops after the lead of trick 4 (``4. S: SA SA``): who wins it is
    not known (the three seats after S could beat or not)."""
    root = tmp_path_factory.mktemp("tricks")
    lines = format_tgn(simulate_match(41, 0, max_hands=1)).rstrip("\n").split("\n")
    i = max(k for k, line in enumerate(lines) if re.match(r"^4\. ", line))
    (root / "m.tgn").write_text("\n".join(lines[:i] + [lines[i].split(",")[0]]) + "\n", "utf-8")
    ingest([str(root / "m.tgn")], str(root / "ds"))
    return str(root / "ds")


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("by", ["match", "ruleset"])
def test_a_trick_without_a_winner_is_won_by_nobody(cut, impl, by):
    ds = load(cut)
    assert int(ds.hands["tricks"].sum()) == 4 and int(ds.tricks["winner"].isna().sum()) == 1
    got = IMPLS[impl].summary(ds, by)
    assert got["tricks_won"].tolist() == [3]                       # before: 4
    players = IMPLS[impl].summary(ds, "player")
    assert int(players["tricks_won"].sum()) == 3                   # the same tricks, seat by seat
