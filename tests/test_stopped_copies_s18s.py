"""A copy too many in a record that stops before the hand's end: the record's reason, and the copies' words.

Hand 1 of the spring-cup sample, W's ♦Q written ♥8 in its line and its play (three ♥8, one ♦Q: the pack's
``deal_mismatch``, the record's finding), the record cut after trick 7.  Before, ``check`` said of it "not decided,
the deal and the plays do not agree" and "the deal and the plays do not agree (cards left after the last trick: see
deal_mismatch)" — yet the only ``deal_mismatch`` is the pack's count, and the cards left after trick 7 are the record
stopping early; the same hand without the miscopy rightly says "the record ends before the hand does".  And the
unknown said E's and W's ♥8 were "never played" (未打出), when they are only not played in the tricks recorded.
Now the reason is the stopped record's whatever copies are in doubt — the deal and the plays disagree only where a
seat is left holding cards after the last trick (``explain_hand.cards_left``) —, and a copy not played is "not
played in the tricks recorded / 在已记录的各轮中未打出" where the record stops early.  A record of the whole hand
keeps its words.  The tests marked so fail on the code before.
"""
from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine import explain_copies
from tractor_analysis.engine.explain_hand import not_scored
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.cards import parse_cards
from tractor_analysis.reports.hand_page import hand_view
from tractor_analysis.reports.ruling import score_lines

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
HAND_1 = SAMPLE[:SAMPLE.index('[Hand "2"]')]
H8, D5 = (parse_cards(t)[0] for t in ("H8", "D5"))
E_, W_ = 1, 3


def _edit(text: str, *pairs: tuple[str, str]) -> str:
    for old, new in pairs:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


def _stop(text: str, last: int) -> str:
    """``text``'s hand cut after trick ``last``: the record stops early."""
    return text[:text.index(f"\n{last + 1}. ") + 1]


LINE_W = "W: C2 C2 S2 H2 CQ C10 C9 C9 C5 C4 SK SQ S5 S3 HA HJ H10 H10 H7 H3 DK DK DQ D7 D6"
# W's ♦Q written ♥8 in its line and in trick 8 (every_swap: each ♥8 read as the ♦Q lacking)
LEAD = _edit(HAND_1, (LINE_W, LINE_W.replace("DK DK DQ", "DK DK H8")), ("8. S: S3, W: DQ,", "8. S: S3, W: H8,"))
LINE_N = "N: H2 D2 CA CQ CJ C7 C5 C3 SQ SJ S10 S8 S7 S7 S6 S4 H8 H7 H6 DA DJ DJ D10 D9 D7"
# N's line with a third ♥5 (26 cards) N never plays (never_played: judged with it held and without)
EXTRA = _edit(HAND_1, (LINE_N, LINE_N.replace("H6 DA", "H6 H5 DA")))

STOPPED = ("the record ends before the hand does, no outcome / 记录未到本局结束，不计结果",
           "not decided, the record ends first 未定（记录先结束）")
DISAGREE = ("the deal and the plays do not agree", "发牌与出牌不符")


def _plain(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def _check(tmp_path, text: str, name: str) -> str:
    path = tmp_path / f"{name}.tgn"
    path.write_text(text, encoding="utf-8")
    return _plain(CliRunner().invoke(main, ["check", str(path)], catch_exceptions=False).output)


def _result(text: str):
    (match,), problems = parse_tgn(text)
    assert "too_many_copies" in [p.code for p in problems]
    return match, replay_match(match).hands[0]


def _deal_unknown(h):
    (u,) = [u for u in h.unknowns if u.tag == "deal"]
    return u


def test_check_says_the_record_ends_first_of_a_stopped_record_with_a_copy_too_many(tmp_path):     # fails before
    for name, text in (("lead", _stop(LEAD, 7)), ("extra", _stop(EXTRA, 7))):
        out = _check(tmp_path, text, name)
        assert "deal_mismatch" in out               # the record's own findings stand (the pack; N's line's count)
        for words in (*STOPPED, *DISAGREE, "cards left after the last trick"):
            assert (words in out) == (words in STOPPED), (name, words)
    # the same hand without the miscopy, as before
    base = _check(tmp_path, _stop(HAND_1, 7), "base")
    assert all(words in base for words in STOPPED) and not any(words in base for words in DISAGREE)


def test_a_stopped_records_copies_are_not_played_in_the_tricks_recorded():                        # fails before
    _, h = _result(_stop(LEAD, 7))
    assert not h.complete
    u = _deal_unknown(h)
    assert ("♥8 in N's deal line (played in trick 7), ♥8 in E's deal line (not played in the tricks recorded), "
            "♥8 in W's deal line (not played in the tricks recorded)") in u.message_en
    assert ("北家的发牌行中的 ♥8（第 7 轮打出）、东家的发牌行中的 ♥8（在已记录的各轮中未打出）、"
            "西家的发牌行中的 ♥8（在已记录的各轮中未打出）") in u.message_zh
    assert "never played" not in u.message_en and "（未打出）" not in u.message_zh
    # a copy not played in the tricks recorded is no sign of the miscopied one where the record stops early (it
    # may yet be played, and a copy played may be the one): every place that gives a ♥5 is read without it
    _, h = _result(_stop(EXTRA, 7))
    u = _deal_unknown(h)
    assert ("♥5 in N's deal line (not played in the tricks recorded), ♥5 in E's deal line (played in trick 7) — each "
            "may be that one") in u.message_en
    assert "北家的发牌行中的 ♥5（在已记录的各轮中未打出）、东家的发牌行中的 ♥5（第 7 轮打出）" in u.message_zh
    assert "never played" not in u.message_en and "从未打出" not in u.message_zh


def test_a_record_of_the_whole_hand_keeps_its_words(tmp_path):
    """A hand played to its last trick: N still holds the ♥5 — the deal and the plays disagree, and the copy is
    never played (the words before, unchanged)."""
    _, h = _result(EXTRA)
    u = _deal_unknown(h)
    assert "♥5 in N's deal line, never played, may be that one" in u.message_en
    assert "北家的发牌行中的 ♥5 从未打出，可能正是记错的那张" in u.message_zh
    out = _check(tmp_path, EXTRA, "extra")
    assert "the deal and the plays do not agree (cards left after the last trick: see deal_mismatch)" in out
    assert "the record ends" not in out and "记录未到本局结束" not in out
    _, h = _result(LEAD)            # every ♥8 played: as before
    assert "(played in trick 13)" in _deal_unknown(h).message_en and h.complete


def test_the_place_words_say_where_the_record_stops():                                           # fails before
    places = [(E_, D5, ()), (W_, D5, (9,)), (4, D5, ())]
    zh, en = explain_copies.copy_miscopied_somewhere(places, 2, ["legality"])
    assert "♦5 in E's deal line (never played)" in en and "东家的发牌行中的 ♦5（未打出）" in zh
    zh, en = explain_copies.copy_miscopied_somewhere(places, 2, ["legality"], stopped=True)
    assert "♦5 in E's deal line (not played in the tricks recorded)" in en
    assert "东家的发牌行中的 ♦5（在已记录的各轮中未打出）" in zh
    assert "♦5 in W's deal line (played in trick 9)" in en and "♦5 in the Bottom line" in en
    zh, en = explain_copies.copy_for_card_lacking(places, [H8], 2, True, ["legality"], stopped=True)
    assert "(not played in the tricks recorded)" in en and "never played" not in en
    assert "（在已记录的各轮中未打出）" in zh


def test_the_report_and_the_ruling_give_the_same_reason(tmp_path):                               # fails before
    match, h = _result(_stop(LEAD, 7))
    view = hand_view(match, match.hands[0], h, index=0, match_title="t")
    assert not view.deal_mismatch
    zh, en = not_scored(h.violations)
    assert en == "the record ends before the hand does"
    lines = score_lines(view, h)
    assert any(line[0].startswith(zh) and line[1].startswith(en) for line in lines), lines
    assert not any(DISAGREE[1] in line[0] or DISAGREE[0] in line[1] for line in lines)
    path = tmp_path / "lead7.tgn"
    path.write_text(_stop(LEAD, 7), encoding="utf-8")
    r = CliRunner().invoke(main, ["report", str(path), "-o", str(tmp_path / "r")], catch_exceptions=False)
    assert "report:" in r.output, r.output         # (exit status 2: the reader's too_many_copies)
    page = next((tmp_path / "r").rglob("*h1.html")).read_text(encoding="utf-8")
    assert "the record ends before the hand does" in page and DISAGREE[0] not in page
