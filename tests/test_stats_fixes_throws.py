"""``tricks.cards_not_thrown`` is documented as what it holds: the cards the failed-throw penalty counts.

Before: docs/dataset.md (and the schema's field doc) said "failed throw: attempted minus played", but under
``throw_penalty_cards = failing_units`` (Botzone) the column holds the cards of every unit another player
could beat — the count the engine's penalty charges (docs/rules.md §4.6), not the difference."""
from __future__ import annotations

from pathlib import Path

import pytest

from tractor_analysis.dataset import SCHEMAS, load
from tractor_analysis.dataset.pipeline import ingest

ROOT = Path(__file__).parent.parent


@pytest.fixture(scope="module")
def botzone(tmp_path_factory) -> str:
    out = tmp_path_factory.mktemp("bz") / "ds"
    ingest([str(p) for p in sorted((ROOT / "tests" / "data" / "botzone").iterdir())], str(out))
    return str(out)


def _doc_row(column: str) -> str:
    tricks = (ROOT / "docs" / "dataset.md").read_text("utf-8").split("### `tricks`", 1)[1].split("###", 1)[0]
    (row,) = [line for line in tricks.splitlines() if line.startswith(f"| `{column}` |")]
    return row


def test_cards_not_thrown_is_documented_as_the_penalised_cards(botzone):
    ds = load(botzone)
    t = ds.tricks.merge(ds.hands[["match_id", "hand_no", "defender_seats", "penalties", "rules"]],
                        on=["match_id", "hand_no"])
    assert t["rules"].str.contains('"throw_penalty_cards": "failing_units"').all()
    lead = ds.plays[ds.plays["position"] == 0][["match_id", "hand_no", "trick_no", "attempted", "n_cards"]]
    failed = t[t["throw_failed"].astype(bool)].merge(lead, on=["match_id", "hand_no", "trick_no"])
    difference = failed["attempted"].map(len) - failed["n_cards"]
    assert (failed["cards_not_thrown"] != difference).any()         # not attempted minus played here
    # what it holds is what the penalty charges: 10 a card, against the side of the seat that threw
    sign = [1 if leader in list(seats) else -1 for leader, seats in zip(t["leader"], t["defender_seats"])]
    t = t.assign(charged=[s * 10 * int(n) for s, n in zip(sign, t["cards_not_thrown"])])
    charged = t.groupby(["match_id", "hand_no"])["charged"].sum()
    pens = ds.hands.set_index(["match_id", "hand_no"])["penalties"].reindex(charged.index)
    assert (charged == pens).all() and charged.ne(0).any()
    # and the documentation says so, for either option
    for text in (_doc_row("cards_not_thrown"), SCHEMAS["tricks"].field("cards_not_thrown").metadata[b"doc"].decode()):
        assert "failing_units" in text and "not_thrown" in text and "attempted minus" in text
