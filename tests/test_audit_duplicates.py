"""Audit of the published statistics: a match kept twice (as .tgn and as .json, with tags and
without) is counted once by ``tractor stats`` and by the report index."""
from __future__ import annotations

import dataclasses

import pytest

from audit_helpers import index_html, ingest_dir, summary_facts
from tractor_analysis.dataset import load, stats
from tractor_analysis.records import format_json
from tractor_analysis.records.tgn_writer import format_tgn
from tractor_analysis.simulate import simulate_match


def _strip_tags(m):
    return dataclasses.replace(m, event=None, site=None, date=None, round=None, table=None)


@pytest.fixture(scope="module")
def twice(tmp_path_factory):
    """One match with tags and one without, each kept as .tgn and as .json."""
    root = tmp_path_factory.mktemp("twice")
    rec = root / "rec"
    rec.mkdir()
    tagged = simulate_match(3, 0, max_hands=6)
    bare = _strip_tags(simulate_match(3, 1, max_hands=5))
    for name, m in (("tagged", tagged), ("bare", bare)):
        (rec / f"{name}.tgn").write_text(format_tgn(m), encoding="utf-8")
        # the JSON copy under another name (as stats.duplicate_matches allows)
        (rec / f"{name}-copy.json").write_text(format_json(m), encoding="utf-8")
    return ingest_dir(str(rec), str(root / "ds")), (tagged, bare)


def test_a_match_kept_as_tgn_and_json_is_counted_once_by_stats(twice):
    path, (tagged, bare) = twice
    ds = load(path)
    assert len(ds.matches) == 4                               # both copies are stored
    assert len(stats.duplicate_matches(ds)) == 2
    n_hands = len(tagged.hands) + len(bare.hands)
    s = stats.summary(ds, "match")
    assert s["hands"].sum() == n_hands
    assert stats.summary(ds, "player")["hands"].sum() == 4 * n_hands
    st = stats.standings(ds)
    assert st["matches"].sum() == 4 and st["won"].sum() == 2


def test_report_counts_a_tagged_match_kept_twice_once(tmp_path):
    rec = tmp_path / "rec"
    rec.mkdir()
    m = simulate_match(3, 0, max_hands=6)
    (rec / "a.tgn").write_text(format_tgn(m), encoding="utf-8")
    (rec / "a.json").write_text(format_json(m), encoding="utf-8")
    facts = summary_facts(index_html(rec, tmp_path / "rep"))
    assert facts["Matches / 比赛"] == "1"
    assert facts["Hands / 牌局"] == str(len(m.hands))


def test_report_counts_an_untagged_match_kept_twice_once(twice, tmp_path):
    path, (tagged, bare) = twice
    facts = summary_facts(index_html(path, tmp_path / "rep"))
    assert facts["Matches / 比赛"] == "2"
    assert facts["Hands / 牌局"] == str(len(tagged.hands) + len(bare.hands))
