"""Where a record finding of a miscopied card points, and one slip reported once (docs/rules.md §1.6; docs/format.md
"too_many_copies").

1. A ``too_many_copies`` of the deal and ``Bottom:`` lines pointed at the copy counted last even where the engine
   proves which line is miscopied (N's line writes ♠Q for its ♠J: the decks place the other ♠Q's beyond doubt): a
   referee goes to the position given.  Now ``check`` points at the copy proven miscopied, and where none is proven
   keeps the position but names every other copy at ``file:line:column``, in both languages.
2. N's failed throw of trick 14 shows the ♠J its line miscopies, then N plays it in trick 16: one copy, one slip — it
   was two ``not_in_hand`` findings (14 and 16).  Two real slips still give two findings.
3. The ``Bottom:`` line miscopied (W's line and plays agree): the words named W's deal line as miscopied.
"""
from __future__ import annotations

import json
from pathlib import Path

from cli_runs import run_in
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

DATA = Path(__file__).resolve().parent / "data" / "referee_s19"
BASE = (DATA / "v05_deal_miscopy.tgn").read_text(encoding="utf-8").replace("DJ DJ D10 D8 D7", "DJ DJ D10 D9 D7")
# N's line writes ♠Q for its ♠J; N shows ♠J in its failed throw of trick 14 and plays it in trick 16
SJ_AS_SQ = BASE.replace("SQ SJ S10", "SQ SQ S10")
# the same, and N's ♦9 written ♦8 too: two slips in N's line
TWO_SLIPS = SJ_AS_SQ.replace("DJ DJ D10 D9 D7", "DJ DJ D10 D8 D7")
# the throw shows a ♠K N never holds nor plays: a slip of its own besides the line's
THROW_OWN_SLIP = SJ_AS_SQ.replace("14. N: SJ S8 -> S8", "14. N: SK S8 -> S8")
# the Bottom: line writes ♦9 for the ♦8 W plays (W's line gives no ♦9; N and S play the other two)
BOTTOM_SLIP = BASE.replace("Bottom: D3 D5 C6 D6 S2 D8 HQ HK", "Bottom: D3 D5 C6 D6 S2 D9 HQ HK")
# the Bottom: line writes ♥J for the ♥K: W's line gives a ♥J too, W holds one after the last trick
BOTTOM_OR_LINE = BASE.replace("Bottom: D3 D5 C6 D6 S2 D8 HQ HK", "Bottom: D3 D5 C6 D6 S2 D8 HQ HJ")
N = 0


def _hand(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[0]


def _check_json(tmp_path, text: str):
    path = tmp_path / "r.tgn"
    path.write_text(text, "utf-8")
    r = run_in("check", "--json", path)
    (doc,) = json.loads(r.stdout)["files"]
    return path, doc


def _col(text: str, line: int, token: str, nth: int = 1) -> int:
    row = text.splitlines()[line - 1]
    at = -1
    for _ in range(nth):
        at = row.index(token, at + 1)
    return at + 1


def test_too_many_copies_points_at_the_copy_the_decks_prove_miscopied(tmp_path):
    path, doc = _check_json(tmp_path, SJ_AS_SQ)
    (e,) = [e for e in doc["errors"] if e["code"] == "too_many_copies"]
    n_line = 21
    # before: 24:38, W's ♠Q (the copy counted last); now N's line, its last ♠Q
    assert (e["line"], e["column"]) == (n_line, _col(SJ_AS_SQ, n_line, "SQ", 2))
    en, zh = e["message"].split(" / ")
    assert "the decks prove the copy in N's deal line" in en and "北家的发牌行" in zh
    w_at = f"{path}:24:{_col(SJ_AS_SQ, 24, 'SQ')}"
    other_n = f"{path}:{n_line}:{_col(SJ_AS_SQ, n_line, 'SQ')}"
    assert f"{w_at} (W's deal line)" in en and f"{other_n} (N's deal line)" in en
    assert f"{w_at}（西家的发牌行）" in zh and f"{other_n}（北家的发牌行）" in zh


def test_too_many_copies_not_proven_keeps_its_place_and_names_the_others(tmp_path):
    path, doc = _check_json(tmp_path, BOTTOM_OR_LINE)
    (e,) = [e for e in doc["errors"] if e["code"] == "too_many_copies"]
    assert (e["line"], e["column"]) == (25, _col(BOTTOM_OR_LINE, 25, "HJ"))     # as before: the Bottom: line's ♥J
    en, zh = e["message"].split(" / ")
    e_at, w_at = f"{path}:22:{_col(BOTTOM_OR_LINE, 22, 'HJ')}", f"{path}:24:{_col(BOTTOM_OR_LINE, 24, 'HJ')}"
    assert "does not prove which copy" in en and "无法证明" in zh
    assert f"{e_at} (E's deal line)" in en and f"{w_at} (W's deal line)" in en
    assert f"{e_at}（东家的发牌行）" in zh and f"{w_at}（西家的发牌行）" in zh


def test_the_text_check_gives_the_same_place(tmp_path):
    path = tmp_path / "r.tgn"
    path.write_text(SJ_AS_SQ, "utf-8")
    out = run_in("check", path).stdout
    assert f"{path}:21:{_col(SJ_AS_SQ, 21, 'SQ', 2)}: 3 copies of ♠Q" in out


def test_a_card_shown_in_a_failed_throw_and_played_later_is_one_slip():
    h = _hand(SJ_AS_SQ)
    assert ("deal", "N: SJ") in [(d.fact, d.value) for d in h.derived]
    unheld = [v for v in h.violations if v.code == "not_in_hand"]
    # before: two, in tricks 14 (the throw showing ♠J) and 16 (N plays it)
    assert [(v.trick, v.seat) for v in unheld] == [(16, N)] and unheld[0].of_record
    assert "shown in its failed throw of trick 14 is this same copy" in unheld[0].message_en
    assert "第 14 轮甩牌失败时亮出的 ♠J" in unheld[0].message_zh


def test_two_slips_in_the_line_are_two_findings():
    h = _hand(TWO_SLIPS)
    assert [(v.trick, v.seat) for v in h.violations if v.code == "not_in_hand"] == [(15, N), (16, N)]


def test_a_throw_showing_a_card_never_played_is_a_slip_of_its_own():
    h = _hand(THROW_OWN_SLIP)
    assert [(v.trick, v.seat) for v in h.violations if v.code == "not_in_hand"] == [(14, N), (16, N)]


def test_the_bottom_line_miscopied_is_named_not_the_dealers_line():
    h = _hand(BOTTOM_SLIP)
    (u,) = [u for u in h.unknowns if u.tag == "deal"]
    assert u.message_en.startswith("the Bottom: line disagrees with W's plays")
    assert "W's deal line disagrees" not in u.message_en and "底牌行（Bottom:）与西家的出牌不符" in u.message_zh
    mine = [v for v in h.violations if v.seat == 3 and v.code in ("not_in_hand", "deal_mismatch")]
    assert len(mine) == 2
    for v in mine:
        assert "the Bottom: line or a play is miscopied" in v.message_en and "W's deal line and its plays" not in \
            v.message_en
        assert "底牌行或出牌有一处记错" in v.message_zh


def test_the_dealers_line_or_the_bottom_both_named_where_the_record_cannot_tell():
    h = _hand(BOTTOM_OR_LINE)
    (u,) = [u for u in h.unknowns if u.tag == "deal"]
    assert "W's deal line, the Bottom: line or a play is miscopied" in u.message_en
    assert "does not say which of the two lines" in u.message_en and "记录未说明是两行中的哪一行" in u.message_zh
    for v in (v for v in h.violations if v.seat == 3 and v.code in ("not_in_hand", "deal_mismatch")):
        assert "W's deal line, the Bottom: line or a play is miscopied" in v.message_en
