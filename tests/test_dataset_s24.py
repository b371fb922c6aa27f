"""An organiser's findings (session 24): a damaged copy whose dealer or level could not be read is not the same match
as the full record (its ``content_digest`` says what it does not know, as it says an unknown trump); a whole match
lost from a JSON Lines file gets a note of its own, naming its line; an ``[Event]`` written in two Unicode forms
(NFC, NFD) is one event; player names that differ only in an invisible character are noted, as names that differ
only in letter case or spacing are (docs/dataset.md, docs/standings.md)."""
from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from event_helpers import EVENT, bilingual, copy_event, edit_record, event_match, run_cli

from tractor_analysis.dataset.event_model import player_name_notes
from tractor_analysis.dataset.event_unread import unread_notes
from tractor_analysis.dataset.match_identity import content_digest
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.json_reader import parse_json
from tractor_analysis.records.json_writer import format_json
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.records.tgn_writer import format_tgn
from tractor_analysis.simulate import simulate_match


# --- 1. a copy whose dealer or level could not be read is another match -------------------------------------------

DAMAGE = {"dealer": ('[Dealer "W"]', '[Dealer "X"]'), "level": ('[Level "3"]', '[Level "Z"]'),
          "trump": ('[Trump "NT"]', '[Trump "Q"]')}
"""Hand 2's tag of the simulated match (seed 3, match 4) written so that the reader cannot read it."""


@pytest.fixture(scope="module")
def text() -> str:
    return format_tgn(simulate_match(3, 4, max_hands=3))


def _damaged(text: str, what: str) -> str:
    old, new = DAMAGE[what]
    at = text.index(old, text.index('[Hand "2"]'))
    return text[:at] + new + text[at + len(old):]


def _digest(text: str) -> str:
    (match,), _ = parse_tgn(text)
    return content_digest(match, replay_match(match))


@pytest.mark.parametrize("what", sorted(DAMAGE))
def test_a_copy_whose_tag_could_not_be_read_has_another_digest(text, what):
    (match,), diags = parse_tgn(_damaged(text, what))
    assert diags                                        # the tag could not be read: said
    hand = match.hands[1]
    assert (hand.dealer is None, hand.level is None, not hand.trump_known) == (
        what == "dealer", what == "level", what == "trump")
    result = replay_match(match)
    (full,), _ = parse_tgn(text)
    whole = replay_match(full)
    if what != "trump":     # the engine derives what was lost, so the columns match_key compares are the full record's
        assert (result.hands[1].dealer, result.hands[1].level) == (whole.hands[1].dealer, whole.hands[1].level)
    # before: the dealer's and the level's copies hashed as the full record (only the trump's did not)
    assert content_digest(match, result) != content_digest(full, whole)


def test_each_fact_not_known_is_its_own_digest(text):
    digests = {what: _digest(_damaged(text, what)) for what in DAMAGE}
    assert len(set(digests.values())) == 3                              # before: dealer's = level's
    both = _damaged(_damaged(text, "dealer"), "level")
    assert _digest(both) not in digests.values()


@pytest.mark.parametrize("what", ["dealer", "level"])
def test_the_json_copy_of_a_damaged_record_shares_its_digest(text, what):
    damaged = _damaged(text, what)
    (match,), _ = parse_tgn(damaged)
    (copy,), _ = parse_json(format_json(match))        # written "?" or left out: read back as not known
    assert content_digest(copy, replay_match(copy)) == _digest(damaged)
    assert _digest(format_tgn(match)) == _digest(damaged)


@pytest.mark.parametrize("what", ["dealer", "level"])
def test_ingest_keeps_a_damaged_copy_a_match_of_its_own(tmp_path, text, what):
    # the damaged copy ingested first: before, it was counted and the full record marked its copy
    (tmp_path / "a.tgn").write_text(_damaged(text, what), "utf-8")
    (tmp_path / "b.tgn").write_text(text, "utf-8")
    run_cli("ingest", str(tmp_path / "a.tgn"), str(tmp_path / "b.tgn"), "-o", str(tmp_path / "ds"), code=2)
    rows = pq.read_table(tmp_path / "ds" / "matches", columns=["source_file", "match_key", "duplicate_of"]).to_pylist()
    assert len(rows) == 2
    assert rows[0]["match_key"] != rows[1]["match_key"]
    assert [r["duplicate_of"] for r in rows] == [None, None]
