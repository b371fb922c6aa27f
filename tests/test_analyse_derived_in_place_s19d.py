"""The endgame analysis rests on a play or a deal line the decks prove miscopied as the engine reads it
(docs/rules.md §1.6, §14.1; engine/deal_lines.py, analysis/record_basis.py).

``tractor simulate -n 1 --seed 3``'s first hand (tests/data/seed3/hand-1.tgn: two decks, S deals, ♣ trump), whose
last tricks hold a costly play: E's ♣J in trick 14 (cost 10; ♠2 or ♣A best).  Damaged as a scorer would:

- PLAY: trick 14 written ``E: CK`` — E's line gives no ♣K, S's and W's lines give the decks' two and they play them,
  and E still holds ♣J after the last trick: the decks prove E's line right, and the engine reads E's play as ♣J
  (``derived_plays``, ``play`` fact ``14: E CJ``).  Before, ``tractor analyse`` refused the hand ("plays … not held
  … the positions cannot be rebuilt"): it analysed the play as written, which E cannot have held.
- LINE: E's deal line written with ♣K for its ♣J (the plays right): the decks prove the line miscopied; the engine
  judges the hand on the line read with ♣J (``deal`` fact ``E: CJ``), keeping the contradiction as the record's
  finding.  Before, the analysis refused the hand on that finding (``not_in_hand``), though the positions it
  rebuilds are the engine's, from the line as derived.

Each is analysed now as the hand written right: the same values, costs and best plays, the play derived marked so
(the cards written beside it) — and the same seat views and the same ``ingest --analyse`` rows.  Control: where the
readings disagree on which play is miscopied, the engine withholds, and so does the analysis.
"""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.analysis.hand_analysis import analyse_hand
from tractor_analysis.analysis.knowledge import knowledge_at
from tractor_analysis.analysis.record_basis import plays_in_place, with_derived_plays
from tractor_analysis.analysis.solver import Budget
from tractor_analysis.analysis.view import view_hand
from tractor_analysis.cli.main import main
from tractor_analysis.dataset import load
from tractor_analysis.engine.replay import record_pairs, replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.cards import TOKEN

BASE = (Path(__file__).parent / "data" / "seed3" / "hand-1.tgn").read_text("utf-8")
N, E, S, W = range(4)
T13 = "13. E: H5, S: C3, W: C10, N: H9"
T14 = "14. W: CQ, N: S9, E: CJ, S: CK"
T16 = "16. W: CK, N: SA, E: S2, S: CQ"
E_LINE = "E: LJ S2 CA CJ C10"


def _changed(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


PLAY = _changed(BASE, T14, "14. W: CQ, N: S9, E: CK, S: CK")
"""E's ♣J in trick 14 written ♣K: a third ♣K in two decks."""
LINE = _changed(BASE, E_LINE, "E: LJ S2 CA CK C10")
"""E's deal line written with ♣K for its ♣J: a third ♣K in the deal."""
GAP_AND_PLAY = _changed(PLAY, T13, "13. E: H5, S: C3, W: C10")
"""PLAY, and N's play in trick 13 left out (only ♥9 fits N's line and later plays)."""
TWO = _changed(PLAY, T16, "16. W: CK, N: SA, E: SA, S: CQ")
"""E plays ♣K and ♠A beyond its line and keeps ♣J and ♠2: which is which is not known."""
LAST = 4
BUDGET = Budget(nodes=400_000, seconds=None)


def _pair(text: str):
    (match,), _ = parse_tgn(text)
    ((record, h),) = record_pairs(match, replay_match(match))
    return record, h


def _hand(text: str):
    return _pair(text)[1]


def _values(a) -> list[tuple]:
    return [(p.trick, p.seat, tuple(sorted(p.cards)), p.value_before, p.value_after, p.cost, p.best, p.legal,
             p.searched) for p in a.plays]


def _analysed(text: str):
    return analyse_hand(_hand(text), LAST, BUDGET)


def test_the_engine_reads_the_play_and_the_line_as_the_premise_says():
    h = _hand(PLAY)
    assert [(n, p.seat, [TOKEN[k] for k in p.cards]) for n, p in h.derived_plays] == [(14, E, ["CJ"])]
    assert [d.value for d in h.derived if d.fact == "play"] == ["14: E CJ"]
    assert [TOKEN[k] for p in h.tricks[13].plays if p.seat == E for k in p.cards] == ["CK"]     # as written
    assert plays_in_place(h) == {(14, E): (TOKEN.index("CJ"),)}
    h = _hand(LINE)
    assert [d.value for d in h.derived if d.fact == "deal"] == ["E: CJ"] and not h.derived_plays
    assert [(v.code, v.trick, v.seat) for v in h.tricks[13].violations] == [("not_in_hand", 14, E)]
    assert h.tricks[13].violations[0].of_record


def test_a_play_derived_in_place_is_analysed_as_the_hand_written_right():      # fails before: not analysed
    base, a = _analysed(BASE), _analysed(PLAY)
    assert a.reason is None, a.reason
    assert _values(a) == _values(base)
    assert (a.start_value, a.result, a.first_trick) == (base.start_value, base.result, base.first_trick)
    (e14,) = [p for p in a.plays if (p.trick, p.seat) == (14, E)]
    assert e14.derived and [TOKEN[k] for k in e14.written] == ["CK"] and e14.cost == 10 and e14.legal
    assert [p for p in a.plays if p.derived] == [e14]


def test_a_line_derived_from_the_plays_is_analysed_as_the_hand_written_right():     # fails before: not analysed
    base, a = _analysed(BASE), _analysed(LINE)
    assert a.reason is None, a.reason
    assert _values(a) == _values(base) and (a.start_value, a.result) == (base.start_value, base.result)
    assert not any(p.derived for p in a.plays)          # E's plays are the record's: its line is the miscopy


def test_a_play_left_out_and_a_play_derived_in_place_are_both_put_in():    # fails before: the gap not filled
    base, a = _analysed(BASE), _analysed(GAP_AND_PLAY)
    assert a.reason is None, a.reason
    assert _values(a) == _values(base)
    assert [(p.trick, p.seat, p.written is not None) for p in a.plays if p.derived] == [(13, N, False), (14, E, True)]


def test_where_the_engine_withholds_which_play_was_made_the_analysis_withholds():     # control
    h = _hand(TWO)
    assert not h.derived_plays and any(u.tag == "deal" for u in h.unknowns)
    a = analyse_hand(h, LAST, BUDGET)
    assert a.reason is not None and not a.plays
    assert "which one is not known" in a.reason[1] and "不知是哪一手" in a.reason[0]


def _json(tmp_path: Path, name: str, text: str) -> dict:
    path = tmp_path / f"{name}.tgn"
    path.write_text(text, encoding="utf-8")
    r = CliRunner().invoke(main, ["analyse", str(path), "--last", "3", "--json", "--budget", "60",
                                  "--nodes", "400000"])
    assert r.exit_code in (0, 2), r.output
    (h,) = json.loads(r.stdout)["hands"]
    return h


def test_analyse_json_says_the_play_derived_and_the_play_written(tmp_path):      # fails before: reason, no plays
    base, h = _json(tmp_path, "base", BASE), _json(tmp_path, "play", PLAY)
    assert h["reason"] is None
    keys = ("trick", "seat", "cards", "value_before", "value_after", "cost", "best", "legal", "mark")
    assert [[p[k] for k in keys] for p in h["plays"]] == [[p[k] for k in keys] for p in base["plays"]]
    (e14,) = [p for p in h["plays"] if p["derived"]]
    assert (e14["trick"], e14["seat"], e14["cards"], e14["written"]) == (14, "E", ["CJ"], ["CK"])
    assert "E's play in trick 14 derived: ♣J, in place of the play written (CK)" in e14["derived"]
    assert "代替记录所写的 ♣K" in e14["derived"]
    assert all("written" not in p for p in base["plays"]) and all("written" not in p for p in h["plays"] if p != e14)
    assert "14: E CJ" in [d["value"] for d in h["derived"] if d["fact"] == "play"]


def _views(text: str):
    record, h = _pair(text)
    h = with_derived_plays(h)
    n = len(h.tricks)
    follows = knowledge_at(h, record, n - 2, 0).follows
    views = view_hand(h, record, n - 2, 20, 0, BUDGET)
    return follows, [(v.deals, v.exact, v.value, v.value_best, v.cost) for v in views]


def test_the_seat_views_rest_on_the_derived_play_and_line_as_on_the_hand_written_right():
    # fails before for the follows: E's follow in trick 14 carried the record's finding and was read as a fault
    base = _views(BASE)
    assert _views(PLAY) == base
    assert _views(LINE) == base


def _rows(tmp_path: Path, name: str, text: str):
    src = tmp_path / f"{name}.tgn"
    src.write_text(text, encoding="utf-8")
    r = CliRunner().invoke(main, ["ingest", str(src), "-o", str(tmp_path / f"{name}-ds"), "--workers", "1",
                                  "--analyse", "3", "-q"])
    assert r.exit_code in (0, 2), r.output
    plays = load(str(tmp_path / f"{name}-ds")).plays
    plays = plays[plays.trick_no >= 14].sort_values(["trick_no", "position"])
    cols = ["trick_no", "seat", "cards", "value_before", "value_after", "cost", "best"]
    return [[tuple(x) if hasattr(x, "__len__") and not isinstance(x, str) else x for x in row]
            for row in plays[cols].itertuples(index=False)], list(plays.derived)


def test_ingest_analyse_stores_the_values_of_the_derived_play(tmp_path):       # fails before: every value null
    base, _ = _rows(tmp_path, "base", BASE)
    rows, derived = _rows(tmp_path, "play", PLAY)
    assert rows == base and base[0][3] is not None
    assert [r[:3] for r, d in zip(rows, derived) if d] == [[14, "E", ("CJ",)]]
    rows, derived = _rows(tmp_path, "line", LINE)
    assert rows == base and not any(derived)
