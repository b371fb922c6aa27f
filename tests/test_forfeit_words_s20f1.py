"""The words around a forfeit the readings of a record leave open (s20-f1).

1. A match's last hand the record ends inside the last trick of, a side reaching the forfeit count at its end played
   out (docs/rules.md §8.5, §10.1): the match's ``"unknown"`` (tag ``Claim``, withholding ``forfeit``) wrote the side
   as the JSON value — ``NS forfeit the match`` / ``NS 方…`` — where every other message names it ``N–S`` / ``南北方``.
   The message words now name the sides as the rest; the JSON values (``"NS"``) and ``tractor check``'s own match
   line (whose labels are ``NS`` / ``EW`` throughout) stay as they were.
2. Such a match the hand void and the hand played out give the same winner is decided by every reading; the standings
   note on it named the readings' levels (``each its own way: the levels, or a pass of the winning level``) and left
   out that the played-out one is a forfeit.  It names it now, from a replayed record and from a dataset alike (the
   ``matches`` table's ``stop_forfeit``).
"""
from __future__ import annotations

import json

import pytest

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import format_tgn

from event_helpers import run_cli
from test_stopped_forfeit_s19h1 import AGREE, DIFFER, _claim_unknowns, _cut
from test_stopped_results_s18c import _standings_notes


def _forfeit_unknown(rate: float):
    (u,) = _claim_unknowns(replay_match(_cut(rate)), "forfeit")
    return u


def test_the_forfeit_at_the_stop_names_the_side_as_every_message_does():
    u = _forfeit_unknown(DIFFER)                # N–S reach the count at the end of hand 4 played out
    assert "at its end N–S forfeit the match (wrong follows: 3 in a match forfeit it)" in u.message_en
    assert "该局结束时南北方跟牌错误累计 3 次，判负" in u.message_zh
    assert "NS" not in u.message_en.replace("N–S", "") and "NS 方" not in u.message_zh
    u = _forfeit_unknown(AGREE)                 # E–W reach it
    assert "at its end E–W forfeit the match (wrong follows: 3 in a match forfeit it)" in u.message_en
    assert "该局结束时东西方跟牌错误累计 3 次，判负" in u.message_zh
    assert "EW forfeit" not in u.message_en and "EW 方" not in u.message_zh


def test_check_json_messages_name_the_side_and_its_values_stay(tmp_path):
    path = tmp_path / "m.tgn"
    path.write_text(format_tgn(_cut(AGREE)), encoding="utf-8")
    (m,) = json.loads(run_cli("check", str(path), "--json", code=1).stdout)["files"][0]["matches"]
    assert m["winner"] == "NS" and m["forfeit"] is None         # values unchanged
    (u,) = [u for u in m["unknown"] if u["tag"] == "Claim"]
    words = json.dumps(m, ensure_ascii=False)
    assert "E–W forfeit the match" in words and "东西方跟牌错误累计 3 次" in words
    assert "EW forfeit" not in words and "EW 方" not in words
    text = run_cli("check", str(path), code=1).stdout
    unknown_line = next(x for x in text.splitlines() if "unknown 未知" in x and "[Claim]" in x)
    assert "at its end E–W forfeit the match" in unknown_line and "EW forfeit" not in unknown_line


def test_the_match_page_readings_note_names_the_side():
    from tractor_analysis.reports.match_page import match_view

    view = match_view(_cut(DIFFER), replay_match(_cut(DIFFER)), key="m")
    (note,) = [n for n in view.readings_notes if "whether a side forfeited is withheld" in n]
    assert "at its end N–S forfeit the match" in note and "南北方跟牌错误累计 3 次" in note
    assert "NS forfeit" not in note and "NS 方" not in note


@pytest.mark.parametrize("dataset", [False, True])
def test_the_standings_note_names_the_forfeit_reading(tmp_path, dataset):
    notes = _standings_notes(tmp_path, format_tgn(_cut(AGREE)), dataset)
    (en, zh), = [n for n in notes if "under every reading of that hand" in n[0]]
    assert "played out (the plays left out forced), at whose end E–W" in en
    assert "reach the forfeit count and forfeit the match" in en
    assert "each its own way: void, by the levels; played out, by E–W's forfeit" in en
    assert "a pass of the winning level" not in en and "played out to each result the cards left allow" not in en
    assert "该局结束时东西方" in zh and "达到判负次数而判负" in zh
    assert "方式各异：按中止计以级数，按打完计因东西方判负" in zh and "或打过获胜级别" not in zh


def test_the_dataset_keeps_the_forfeit_of_the_hand_played_out(tmp_path):
    import pyarrow.dataset as pads

    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.tgn").write_text(format_tgn(_cut(AGREE)), encoding="utf-8")
    run_cli("ingest", str(folder), "-o", str(tmp_path / "ds"), "-q")
    (row,) = pads.dataset(str(tmp_path / "ds" / "matches")).to_table().to_pylist()
    assert (row["stop_forfeit"], row["forfeit"], row["decided_by"]) == ("EW", None, "every reading")
