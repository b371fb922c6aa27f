"""The standings' words on a match's end (s19-h1 item 3), from records and from a dataset alike.

1. A final level known only as a range because the record leaves plays out (``levels_final_span`` from the ways of
   filling them in) was described by the event's final-levels note (``EventMatch.levels_note``: the report's pages,
   the standings) as coming from take-backs given as ``?``: it names the real cause — the plays the record leaves out,
   hand N — as ``tractor check``'s match page does (``engine.explain_final_levels``).
2. A one-hand match the record stops inside, void under ``[Rule:stopped_hand "void"]``: the standings' note said
   "higher level when the record ends" while naming the levels hand 1 was played at; it words it as ``tractor
   check``'s match line does (``engine.explain_stopped.match_line_every_finish``).
"""
from __future__ import annotations

from tractor_analysis.dataset.event import from_inputs

from event_helpers import run_cli
from test_stopped_readings_s19b3 import STOP15, TWO_MISSING, _void


def _records(tmp_path):
    rec = tmp_path / "rec"
    rec.mkdir()
    (rec / "b.tgn").write_text(_void(STOP15).replace('[Round "2"]', '[Round "3"]'), encoding="utf-8")
    (rec / "c.tgn").write_text(TWO_MISSING.replace('[Round "2"]', '[Round "4"]'), encoding="utf-8")
    run_cli("ingest", str(rec), "-o", str(tmp_path / "ds"), "-q")
    return [str(rec), str(tmp_path / "ds")]


def test_a_range_from_plays_left_out_names_them_not_take_backs(tmp_path):
    for source in _records(tmp_path):
        (c,) = [m for m in from_inputs([source])[0] if "c.tgn" in (m.source or "")]
        assert c.level_spans == (None, (2, 3)), source
        note = c.levels_note
        assert "plays it leaves out" in note and "hand 1" in note and "所缺的出牌" in note, (source, note)
        assert "take-backs" not in note and "悔牌" not in note, (source, note)     # before: the take-backs' words


def test_a_void_one_hand_match_is_worded_as_checks_match_line(tmp_path):
    for source in _records(tmp_path):
        out = run_cli("standings", source).output
        (note,) = [x for x in out.splitlines() if "b.tgn [Round" in x]
        assert "higher level at the levels hand 1 was played at" in note, (source, note)
        assert '[Rule:stopped_hand "void"] it does not count' in note and "以第 1 局所打的级数，级数高" in note
        assert "when the record ends" not in note and "记录结束时" not in note, (source, note)   # before: both
