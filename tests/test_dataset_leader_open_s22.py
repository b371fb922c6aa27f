"""The dataset's ``tricks.leader`` where the record leaves who led open (session 22).

5d810af stopped ``check --json``, ``replay`` and the pages from naming a leader the readings of the record disagree
on (trick lines that may be in seat order); the dataset still wrote the first play written as "seat that led" (and
its trump-in), from the compiled rows core or the Python rows alike.  Now null there, as ``check --json``'s
``leader``; the trick lines in turn order keep every leader."""
from __future__ import annotations

from pathlib import Path

import pytest

from tractor_analysis.dataset import load
from tractor_analysis.dataset.pipeline import ingest

DATA = Path(__file__).resolve().parent / "data" / "referee_s22"


def _tricks(tmp_path, name):
    out = tmp_path / name
    ingest([str(DATA / name)], str(out))
    return load(str(out))["tricks"].sort_values("trick_no").set_index("trick_no")


@pytest.mark.parametrize("pure", [False, True])
def test_seat_order_lines_give_no_leader_where_the_readings_differ(tmp_path, monkeypatch, pure):
    if pure:
        import tractor_analysis.dataset.rows as rows
        monkeypatch.setattr(rows, "_ADD_TRICKS", None)
    t = _tricks(tmp_path, "revoke_in_seat_order.tgn")
    assert t["leader"].isna()[3]                                        # W or N: not known (before: "N")
    assert t["leader"].isna()[5]
    assert t.loc[4, "leader"] == "N" and t.loc[10, "leader"] == "N"   # N led them in every reading
    assert t["trumped"].isna()[16]                                      # W's ♣Q a trump-in only as written
    # the winning unit, as written 1/1, is 2/2 in turn order (W's ♣2♣2♠2♠2 tractor): not known (a referee's tester)
    assert t["winning_copies"].isna()[1] and t["winning_length"].isna()[1]
    assert t.loc[4, "winning_copies"] >= 1                              # a trick whose leader is known keeps it


def test_turn_order_lines_keep_every_leader(tmp_path):
    t = _tricks(tmp_path, "revoke_in_turn_order.tgn")
    assert t["leader"].notna().all()
