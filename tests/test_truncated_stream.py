"""A gzip file cut short (``truncated_file``): the end of the stream is the damage, not the end of the record.

Before: what decoded before the cut was judged as if the record had really ended there — the last play
read at the cut ("N: S8 S7" cut to "N: S8") was a ``wrong_count``, the cards still held in the last
hand four ``deal_mismatch``, and the match was decided "when the record ends" (``decide_by_levels``:
"EW won the match: equal levels, holding the deal when the record ends", the whole record: NS won),
stored so by ``tractor ingest`` and counted by the standings.  Now the play (or deal line) read at
the cut, not known to be whole, is left out (the record ends in the middle of a trick: docs/rules.md
§14.1), the last hand is a record that stops early, and the match's result is withheld — winner,
final levels and ``decided_by`` ``null``, with an ``"unknown"`` tag ``truncated_file`` — unless a hand
read whole decided it.  A plain ``.tgn`` that simply ends mid-line cannot be told from a record that
ends there: it is read as before.  JSON (``.json``, ``.jsonl``) is not affected: a JSON value cut short
does not parse, so a match read from a damaged file is whole.
"""
from __future__ import annotations

import gzip
import json
import zlib

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.scoring import RECORD_CUT, decide_match
from tractor_analysis.records import format_jsonl
from tractor_analysis.records.sources import load_bytes
from tractor_analysis.records.tgn_writer import format_tgn
from tractor_analysis.simulate import simulate_match

# the tester's record: simulate seed 21, match 2 of 6 hands at most (decide_by_levels on: NS win, 5 to 4)
MATCH = simulate_match(21, 1, max_hands=6)
TEXT = format_tgn(MATCH)
TRICK = "8. E: CA C8, S: C6 C3, W: HK H10, N: S8 S7"     # hand 5's trick 8
HAND5 = '[Hand "5"]'


def _cut_gzip(text: str) -> bytes:
    """A gzip stream cut short that decodes to exactly ``text`` (flushed there, then nothing more)."""
    co = zlib.compressobj(9, zlib.DEFLATED, 31)
    return co.compress(text.encode("utf-8")) + co.flush(zlib.Z_SYNC_FLUSH)


def _read(prefix: str, name: str = "m.tgn.gz"):
    sf = load_bytes(_cut_gzip(prefix), name)
    assert [d.code for d in sf.diagnostics].count("truncated_file") == 1
    assert len(sf.matches) == 1
    return sf, sf.matches[0], replay_match(sf.matches[0])


def _codes(result, hand_no):
    return [v.code for h in result.hands if h.number == hand_no for v in h.violations]


def _withheld(result):
    assert result.winner is None and result.decided_by is None
    assert result.levels_final == (None, None) and result.player_levels_final == (None,) * 4
    assert [u.tag for u in result.unknowns] == ["truncated_file"]
    assert "result" in result.unknowns[0].withheld
    assert decide_match(result) == (None, RECORD_CUT)


def test_the_whole_record_is_decided_by_levels():
    result = replay_match(MATCH)
    assert (result.winner, result.decided_by, result.levels_final) == (0, "levels", (5, 4))


def test_a_play_cut_inside_a_trick_line_is_not_judged_as_a_whole_play():
    cut = TEXT.index(TRICK) + len(TRICK) - len(" S7")          # "N: S8 S7" cut to "N: S8"
    sf, match, result = _read(TEXT[:cut])
    assert match.truncated
    last = match.hands[-1]
    assert last.number == 5 and [p.seat for p in last.tricks[-1].plays] == [1, 2, 3]   # N's play: unknown
    assert _codes(result, 5) == []                  # no wrong_count on it, no deal_mismatch for the cards held
    h5 = result.hands[-1]
    assert h5.outcome is None and h5.unfinished is not None and h5.unfinished.missing == (0,)
    _withheld(result)


def test_a_play_closed_by_a_comma_before_the_cut_is_whole():
    cut = TEXT.index(TRICK) + TRICK.index("N:")               # "…, W: HK H10, " — W's play is whole
    _, match, result = _read(TEXT[:cut])
    assert [p.seat for p in match.hands[-1].tricks[-1].plays] == [1, 2, 3]
    assert _codes(result, 5) == []
    _withheld(result)


def test_a_lead_cut_leaves_no_trick():
    cut = TEXT.index(TRICK) + len("8. E: CA C")
    _, match, result = _read(TEXT[:cut])
    assert [t.number for t in match.hands[-1].tricks][-1] == 7
    assert _codes(result, 5) == []
    _withheld(result)


def test_a_cut_between_hands_withholds_the_match_result():
    cut = TEXT.index(HAND5)                        # hands 1-4 whole, the rest lost
    _, match, result = _read(TEXT[:cut])
    assert [h.number for h in match.hands] == [1, 2, 3, 4]
    assert all(h.outcome is not None for h in result.hands)
    assert all(not h.violations for h in result.hands)
    _withheld(result)
    # the same text in a plain .tgn (no damage the reader detects) is a record that ends there
    plain = load_bytes(TEXT[:cut].encode("utf-8"), "m.tgn")
    assert not plain.matches[0].truncated
    assert replay_match(plain.matches[0]).winner is not None


def test_a_deal_line_cut_is_a_seat_without_a_line():
    start = TEXT.index(HAND5)
    cut = TEXT.index("\nE: ", start) + len("\nE: LJ LJ H4")
    _, match, result = _read(TEXT[:cut])
    last = match.hands[-1]
    assert last.deal is not None and last.deal[1] == () and len(last.deal[0]) == 25
    assert last.position("dealE") is None
    assert _codes(result, 5) == []
    _withheld(result)


@pytest.mark.parametrize("size", [1500, 1700, 1900, 2100])
def test_the_testers_cuts(size):
    """``gzip -c match | head -c SIZE``: a real gzip stream cut at a byte offset."""
    data = gzip.compress(TEXT.encode("utf-8"), mtime=0)[:size]
    sf = load_bytes(data, "m2.tgn.gz")
    assert "truncated_file" in [d.code for d in sf.diagnostics]
    result = replay_match(sf.matches[0])
    bad = [v.code for h in result.hands for v in h.violations]
    assert "deal_mismatch" not in bad and "wrong_count" not in bad
    _withheld(result)


def test_every_cut_of_a_stream_judges_no_play_of_a_clean_record_wrong():
    """A clean simulated record cut at many offsets: never a violation, never a result — except when
    the deciding hand was read whole (a side passed A in the full match's last hand)."""
    full = simulate_match(21, 1)                   # played until a side passes A (hand 20)
    text = format_tgn(full)
    whole = replay_match(full)
    assert whole.decided_by == "passed"
    deciding_end = len(text.rstrip("\n"))
    gz = gzip.compress(text.encode("utf-8"), mtime=0)
    for size in range(200, len(gz) - 8, 97):
        sf = load_bytes(gz[:size], "m.tgn.gz")
        if not sf.matches:
            continue
        result = replay_match(sf.matches[0])
        assert [v.code for h in result.hands for v in h.violations] == [], size
        if not result.hands:                       # cut before the first hand: nothing to decide
            assert result.winner is None
            continue
        if sf.matches[0].hands[-1].number == 20 and result.hands[-1].complete:
            assert (result.winner, result.decided_by) == (whole.winner, whole.decided_by)
        else:
            _withheld(result)
    # the last trick line read whole (ended by its line break): the deciding hand stands
    _, match, result = _read(text[:deciding_end] + "\n")
    assert result.hands[-1].complete and (result.winner, result.decided_by) == (whole.winner, "passed")
    assert result.unknowns == ()


def test_check_text_and_json(tmp_path):
    cut = TEXT.index(TRICK) + len(TRICK) - len(" S7")
    path = tmp_path / "m2.tgn.gz"
    path.write_bytes(_cut_gzip(TEXT[:cut]))
    text = CliRunner().invoke(main, ["check", str(path)]).output
    assert "not decided: the file is damaged (truncated_file)" in text and "文件已损坏" in text
    assert "won the match" not in text and "deal_mismatch" not in text and "wrong_count" not in text
    doc = json.loads(CliRunner().invoke(main, ["check", "--json", str(path)]).output)
    m = doc["files"][0]["matches"][0]
    assert {"match", "levels_final", "winner", "forfeit", "forfeit_reason", "decided_by"} <= set(m)
    assert m["winner"] is None and m["decided_by"] is None and m["levels_final"] == {"NS": None, "EW": None}
    assert [u["tag"] for u in m["unknown"]] == ["truncated_file"] and m["unknown"][0]["withheld"] == ["result"]


def test_ingest_stores_no_winner(tmp_path):
    cut = TEXT.index(TRICK) + len(TRICK) - len(" S7")
    path = tmp_path / "m2.tgn.gz"
    path.write_bytes(_cut_gzip(TEXT[:cut]))
    out = tmp_path / "ds"
    res = CliRunner().invoke(main, ["ingest", str(path), "-o", str(out)])
    assert "1 matches, 5 hands, 0 violations, 1 errors" in res.output, res.output    # the truncated_file
    from tractor_analysis.dataset import stats
    results = stats.match_results(str(out))
    assert len(results) == 1 and results["winner"].isna().all()
    assert results["level_ns"].isna().all() and results["level_ew"].isna().all()
    from tractor_analysis.dataset import load
    ds = load(str(out))
    assert ds.violations.empty
    assert ds.matches["winner"].isna().all()


def test_a_cut_json_lines_file_keeps_its_whole_matches():
    """JSON Lines: the line cut short does not parse; the matches before it are whole (not marked), and
    decided as in a file that is not damaged."""
    matches = [simulate_match(21, i, max_hands=4) for i in range(3)]
    text = format_jsonl(matches)
    cut = text.index("\n", text.index("\n") + 1) + 40        # inside the third line
    sf = load_bytes(_cut_gzip(text[:cut]), "m.jsonl.gz")
    assert "truncated_file" in [d.code for d in sf.diagnostics]
    assert len(sf.matches) == 2 and not any(m.truncated for m in sf.matches)
    plain = load_bytes(text.encode("utf-8"), "m.jsonl")
    for m, p in zip(sf.matches, plain.matches):
        a, b = replay_match(m), replay_match(p)
        assert (a.winner, a.decided_by, a.levels_final) == (b.winner, b.decided_by, b.levels_final)
        assert a.unknowns == ()
